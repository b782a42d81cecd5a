reach sl-classic,asl-a4 test/fixtures/maps/units-small.json --all --format svg
