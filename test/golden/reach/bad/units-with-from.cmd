reach sl-classic test/fixtures/maps/units-skirmish.json --all --from B3
