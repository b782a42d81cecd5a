eval sqla-31 scenarios/std-sqla-1941-boards-unnamed-vehicle.json --json
