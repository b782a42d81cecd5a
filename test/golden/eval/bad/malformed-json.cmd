eval sl-classic test/fixtures/scenarios/V0901.json
