eval chain-of-command scenarios/std-coc-team-rough-six-inches.json
