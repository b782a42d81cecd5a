reach sl-classic no-such-map.json --all
