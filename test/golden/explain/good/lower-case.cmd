explain v0201
