reach tide-of-iron test/fixtures/maps/ok-vehicles.json --from C1 --aboard
