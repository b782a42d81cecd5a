eval chain-of-command scenarios/std-coc-team-rough-normal.json
