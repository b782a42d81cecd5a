eval sl-classic test/fixtures/answers/sl-leader-left-out.json
