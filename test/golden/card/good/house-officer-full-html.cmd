card rulesets/house/asl-officer-bonus.rules --full
