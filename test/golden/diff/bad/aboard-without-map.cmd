diff sl-classic asl-a4 --aboard
