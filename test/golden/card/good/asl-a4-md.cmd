card asl-a4 --format md
