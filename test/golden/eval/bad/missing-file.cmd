eval sl-classic no-such-scenario.json
