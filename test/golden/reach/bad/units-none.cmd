reach sl-classic maps/crossroads.json --all
