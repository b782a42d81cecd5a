eval chain-of-command scenarios/std-coc-team-rough-no-distance.json
