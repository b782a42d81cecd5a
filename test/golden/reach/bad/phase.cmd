reach sl-classic maps/crossroads.json --from B3 --phase rout
