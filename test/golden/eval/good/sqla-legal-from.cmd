eval sqla-31 test/fixtures/answers/sqla-unload-mp-left-out.json
