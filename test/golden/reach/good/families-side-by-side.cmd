reach sl-classic,chain-of-command maps/crossroads.json --from C3 --unit sl-classic={"kind":"squad"} --unit chain-of-command={"kind":"team","rate":"normal"}
