coverage sqla-31 --format md
