# map: tests/data/house.yaml seed: 1
# §7.3, §7.6, §7.2.4: ana fires a 100 HE-2 rocket at the ground outside
# the house's west wall (5,3), which she sees: ACC 25 - range 4 = 21,
# rolled 1.  The burst is 100 on 5,3 and 70 a square away.  The wall on
# the edge of 5,3 takes what arrives beyond it, 70 (RULINGS §7.3; any HE
# breaks a normal wall, §7.6); so does the upper floor at 6,3 (normal:
# destroyed), so m1, standing on it, takes 70 and falls one level (the
# first level of a fall is free).  The blast takes more than half the
# house's walls with it, so what is left of the upper storey collapses
# (§7.7).
move ana 1 3
dice 1 6 6 6
shoot ana 5,3,1 snap left
query unit m1
