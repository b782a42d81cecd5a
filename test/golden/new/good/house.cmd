new my-house --extends sl-classic -o {out}/my-house.rules
