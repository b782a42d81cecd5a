eval sl-classic test/fixtures/scenarios/V0902.json
