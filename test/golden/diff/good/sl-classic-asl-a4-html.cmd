diff sl-classic asl-a4 --format html --only-differences
