eval test/fixtures/diagnostics/V0102-unclosed.rules scenarios/std-squad-two-woods.json
