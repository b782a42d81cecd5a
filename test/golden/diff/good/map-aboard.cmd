diff sqla-31 tide-of-iron --only-differences --map test/fixtures/maps/ok-vehicles.json --from C1 --aboard --format md
