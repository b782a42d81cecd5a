diff sqla-31 tide-of-iron --map test/fixtures/maps/ok-vehicles.json --from A1 --aboard
