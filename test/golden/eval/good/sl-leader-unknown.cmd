eval sl-classic test/fixtures/answers/sl-leader-unknown.json
