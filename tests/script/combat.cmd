# map: tests/data/arena.yaml seed: 1
# §6.1 terms and the 95 cap, §7.2 damage step by step, forced dice.
query hit ben s2 snap right
query hit ben s2 snap both
# ben (pistols) snaps at s2 from 9 squares: ACC 25 + snap 0 - range 9 = 16.
# Roll 90: a miss (MOF 74).
dice 90
shoot ben s2 snap right
# Second weapon the same turn: -20 (§6.1) -> 0 %, still allowed.
query hit ben s2 snap left
# The right pistol again: no penalty.  Roll 10: hit.  26 AP + 10 (Sectoid
# AP +10) = 36; s2 faces w, ben is west: front armour 2 absorbs 2, 34 to
# HTH 30: dead, and its pistol falls where it died (RULINGS 7.2).
dice 10
shoot ben s2 snap right
query unit s2
