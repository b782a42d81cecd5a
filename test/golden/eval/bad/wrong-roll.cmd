eval sqla-31 test/fixtures/scenarios/V0903-needs.json
