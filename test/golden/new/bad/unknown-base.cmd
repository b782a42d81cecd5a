new my-house --extends no-such-ruleset -o {out}/my-house.rules
