studio README.md --no-open
