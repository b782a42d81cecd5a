coverage tide-of-iron --format json
