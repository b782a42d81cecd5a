eval sl-classic,asl-a4 scenarios/std-squad-two-woods.json
