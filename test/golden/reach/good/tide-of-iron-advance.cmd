reach tide-of-iron maps/crossroads.json --from C3 --unit tide-of-iron={"kind":"squad","action":"advance"}
