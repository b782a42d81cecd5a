reach sl-classic test/fixtures/maps/leader-woods-units.json --all
