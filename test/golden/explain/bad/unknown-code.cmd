explain V9999
