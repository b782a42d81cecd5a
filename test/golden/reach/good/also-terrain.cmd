reach sl-classic,sqla-31,asl-a4 test/fixtures/maps/ok-also-terrain.json --from A1 --unit {"kind":"squad","leader":true}
