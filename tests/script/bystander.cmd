# map: tests/data/bystander.yaml seed: 1
# §7.5: ana snaps at s1 (ACC 25 + snap 0 - range 7 = 18) and rolls 28: a
# miss by 10, one square (ceil(10/10)); the d10 says 2, north, so the aim
# moves to 8,2.  The line from ana through 8,2 passes 6,2, where joe
# stands: errant shots always hit what is in their path, never the target.
# 30 AP + 10 (unarmoured) = 40 on joe's right side (armour 1): 39 > 17.
dice 28 2
shoot ana s1 snap
query unit joe
