eval sqla-31 scenarios/std-sqla-squad-hmg-boards-unnamed-vehicle.json
