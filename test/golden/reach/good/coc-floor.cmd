reach chain-of-command test/fixtures/maps/ok-coc-building.json --from B2 --unit {"kind":"team","dice":[3,4]}
