list test/golden/no-such-folder
