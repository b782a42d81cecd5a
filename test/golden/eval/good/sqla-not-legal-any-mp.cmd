eval sqla-31 test/fixtures/answers/sqla-unload-advance.json
