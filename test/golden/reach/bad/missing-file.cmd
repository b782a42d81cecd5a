reach sl-classic no-such-map.json --from B3
