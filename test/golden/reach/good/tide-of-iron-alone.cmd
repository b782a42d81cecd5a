reach tide-of-iron maps/crossroads.json --from C3
