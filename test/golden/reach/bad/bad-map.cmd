reach sl-classic test/fixtures/maps/V1004-unknown-terrain.json --from A1
