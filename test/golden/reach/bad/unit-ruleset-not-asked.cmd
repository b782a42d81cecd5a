reach sl-classic maps/crossroads.json --from C3 --unit asl-a4={"kind":"squad"}
