compile sl-classic --check
