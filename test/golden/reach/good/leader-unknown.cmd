reach sl-classic,asl-a4 test/fixtures/maps/ok-leader-woods.json --from A1 --unit {"kind":"squad","leader":null}
