diff sl-classic test/fixtures/diagnostics/V0102-unclosed.rules
