reach sl-classic,tide-of-iron test/fixtures/maps/units-small.json --all --side enemy --format html
