test test/golden/test/bad/fail-demo.rules
