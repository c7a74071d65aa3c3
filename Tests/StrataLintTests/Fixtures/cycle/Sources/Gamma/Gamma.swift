import Delta
