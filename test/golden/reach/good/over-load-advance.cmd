reach sl-classic,asl-a4 maps/crossroads.json --from B3 --unit {"kind":"squad","portage":5} --phase advance
