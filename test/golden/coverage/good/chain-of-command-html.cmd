coverage chain-of-command --format html
