compile sl-classic --out {out}/gen
