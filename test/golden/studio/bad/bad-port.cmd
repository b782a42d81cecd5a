studio --port nope --no-open
