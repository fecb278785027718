# map: tests/data/house.yaml seed: 1
# §7.3, §7.6, §7.2.4: ana fires a 100 HE-2 rocket at the ground outside
# the house's west wall (5,3).  70 reaches the wall (any HE breaks a
# normal wall) and 70 the floor above the room beyond (normal: destroyed),
# so m1, standing on it, takes the blast and falls one level (the first
# level of a fall is free).  The blast takes more than half the house's
# walls with it, so what is left of the upper storey collapses (§7.7).
move ana 1 3
dice 1 6 6 6
shoot ana 5,3,1 snap left
query unit m1
