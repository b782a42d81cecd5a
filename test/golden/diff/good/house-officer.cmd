diff asl-a4 asl-officer-bonus --only-differences
