card sl-classic
