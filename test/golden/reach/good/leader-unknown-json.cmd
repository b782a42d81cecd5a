reach sl-classic test/fixtures/maps/ok-leader-woods.json --from A1 --unit {"kind":"squad","leader":null} --format json
