check test/fixtures/diagnostics/V0105.rules test/fixtures/diagnostics/V0107.rules
