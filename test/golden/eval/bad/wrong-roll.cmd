eval chain-of-command test/fixtures/scenarios/V0903-roll.json
