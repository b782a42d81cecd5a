list test/fixtures/rules/extend --json
