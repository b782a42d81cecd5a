coverage no-such-ruleset
