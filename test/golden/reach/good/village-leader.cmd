reach sl-classic test/fixtures/maps/ok-village.json --from A1 --unit {"kind":"squad","leader":true}
