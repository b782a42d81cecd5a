diff sl-classic test/diff/fixtures/two-change.rules --format md
