reach sl-classic maps/crossroads.json --from B3 --unit {"kind":"squad","portage":null}
