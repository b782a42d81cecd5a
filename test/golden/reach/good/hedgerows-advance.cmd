reach asl-a4 maps/hedgerows.json --from A1 --phase advance
