card sl-classic --full
