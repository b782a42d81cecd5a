compile no-such-ruleset --out {out}/gen
