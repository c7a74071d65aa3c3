import Alpha
