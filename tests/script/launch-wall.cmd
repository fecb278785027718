# map: tests/data/launch.yaml seed: 1
# §6.2, RULINGS §6.1, §6.2: ana's rocket is launched over the garden wall
# at s1, whom only ben sees: ACC 25 + snap 0 - range 3 - spotter 10 = 12
# (a rifle could not fire: ana does not see s1).  Rolled 12, it lands on
# s1's square and bursts: 75 HE-1 (§7.3), 35 two squares off at ben; the
# garden wall falls (any HE breaks a normal wall, §7.6) and ana, three
# squares off, takes 15.
query hit ana s1 snap
dice 12
shoot ana s1 snap
query unit s1
