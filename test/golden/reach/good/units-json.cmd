reach sl-classic,tide-of-iron test/fixtures/maps/units-skirmish.json --all --format json
