diff sl-classic test/diff/fixtures/two-change.rules --format html --only-differences
