coverage asl-a4
