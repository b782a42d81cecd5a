card sl-classic --format md --full
