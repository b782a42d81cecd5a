coverage sl-classic --format pdf
