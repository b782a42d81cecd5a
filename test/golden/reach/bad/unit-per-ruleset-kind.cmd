reach sl-classic,chain-of-command maps/crossroads.json --from C3 --unit chain-of-command={"kind":"tem"}
