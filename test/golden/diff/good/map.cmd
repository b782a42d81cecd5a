diff sl-classic asl-a4 --only-differences --map maps/crossroads.json --from B3
