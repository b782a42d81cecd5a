check no-such-ruleset
