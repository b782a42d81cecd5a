explain V0601
