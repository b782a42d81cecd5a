diff sl-classic sqla-31 asl-a4 tide-of-iron chain-of-command --format html --only-differences
