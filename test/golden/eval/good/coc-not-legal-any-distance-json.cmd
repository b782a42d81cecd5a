eval chain-of-command test/fixtures/answers/coc-tactical-heavy-going.json --json
