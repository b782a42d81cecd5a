reach sl-classic test/fixtures/maps/units-leader-woods.json --all
