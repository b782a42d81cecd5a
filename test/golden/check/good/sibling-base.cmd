check test/fixtures/hosts/house-b.rules
