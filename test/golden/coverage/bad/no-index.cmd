coverage asl-officer-bonus
