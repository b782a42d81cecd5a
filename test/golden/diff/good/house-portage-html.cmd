diff sl-classic sl-asl-portage --format html
