new ../x --extends asl-a4 -o {out}/y.rules
