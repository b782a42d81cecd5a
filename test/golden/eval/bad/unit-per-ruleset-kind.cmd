eval sl-classic,asl-a4 scenarios/sl-squad-road.json --unit asl-a4={"kind":"lead"}
