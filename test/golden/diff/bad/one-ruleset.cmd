diff sl-classic
