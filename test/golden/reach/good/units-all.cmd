reach sl-classic,asl-a4 test/fixtures/maps/units-skirmish.json --all
