diff sl-classic asl-a4 --map maps/crossroads.json --from Z99
