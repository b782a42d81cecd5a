card no-such-ruleset
