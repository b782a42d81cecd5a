card sl-classic --format md
