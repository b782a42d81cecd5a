check sl-classic
