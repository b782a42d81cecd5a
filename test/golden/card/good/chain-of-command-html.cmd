card chain-of-command
