reach sl-classic,asl-a4,tide-of-iron test/fixtures/maps/ok-bypass.json --from B1 --unit {"kind":"squad"} --unit tide-of-iron={"kind":"squad","action":"advance"} --format json
