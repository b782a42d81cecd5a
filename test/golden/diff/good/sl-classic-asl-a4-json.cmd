diff sl-classic asl-a4 --format json
