reach sl-classic maps/crossroads.json --from 3B
