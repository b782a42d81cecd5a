reach sl-classic,asl-a4 maps/crossroads.json --from B3
