eval tide-of-iron scenarios/std-toi-squad-woods-clear.json
