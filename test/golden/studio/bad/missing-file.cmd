studio test/golden/no-such.rules --no-open
