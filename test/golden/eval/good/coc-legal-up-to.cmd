eval chain-of-command test/fixtures/answers/coc-fixed-roll-no-distance.json
