coverage sl-classic
