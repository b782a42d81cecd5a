diff sl-classic sqla-31 --format md
