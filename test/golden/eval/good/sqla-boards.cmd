eval sqla-31 scenarios/std-sqla-crew-boards-tank.json
