card sl-classic --format pdf -o card.pdf --paper legal
