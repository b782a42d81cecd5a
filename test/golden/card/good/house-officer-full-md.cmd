card rulesets/house/asl-officer-bonus.rules --format md --full
