reach sl-classic maps/crossroads.json --from Z99
