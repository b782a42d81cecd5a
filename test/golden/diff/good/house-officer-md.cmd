diff asl-a4 asl-officer-bonus --format md
