test sl-classic
