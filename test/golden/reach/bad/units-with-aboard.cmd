reach sl-classic maps/skirmish.json --all --aboard
