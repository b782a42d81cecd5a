reach chain-of-command test/fixtures/maps/ok-coc-stream.json --from B2 --unit {"kind":"team","dice":[5,6]}
