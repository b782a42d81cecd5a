coverage test/fixtures/diagnostics/V0303.rules
