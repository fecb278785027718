# map: tests/data/house.yaml seed: 1
# §6.2: ana primes a grenade (12 TU, timer 0) and throws it (6 TU) through
# the north window into the house.  Windows block movement, not sight
# (RULINGS §4), so ana sees the floor inside and takes no -20 (RULINGS
# §6.2): TAC 65 - range 2 = 63; rolled 20.  It goes off at the end of
# X-Com's phase: 50 HE-1 (§7.3), 30 a square away (s1 below, m1 above).
prime ana right 0
dice 20
throw ana 7 3
end
query unit s1
