check test/fixtures/diagnostics/V0102-unclosed.rules
