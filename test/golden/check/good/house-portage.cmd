check rulesets/house/sl-asl-portage.rules
