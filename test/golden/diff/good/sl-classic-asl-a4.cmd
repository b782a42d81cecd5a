diff sl-classic asl-a4
