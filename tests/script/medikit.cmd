# map: tests/data/medic-lab.yaml seed: 1
# The medikit (§7.2.5, RULINGS §3): 10 TU, same or adjacent square, 70 %,
# 10 HTH or one critical effect, 10 uses.  Round 1: xcom d10 8, alien 1.
# A wound to treat: kit's knife, MAC 75 + 15 = 90, rolled 10: 15 CC + 10
# (unarmoured, §7.2.3) = 25, front armour 2 takes 2, 23 to HTH (12 of 35
# left); critical d10 4: arm.
dice 10 4
melee kit pat
# Nothing to treat, or nothing to treat with: refused, nothing spent.
heal doc pat leg
heal doc doc hth
heal far pat hth
# Rolled 71 against 70: no effect; 10 TU and a use are gone.
dice 71
heal doc pat hth
# Rolled 70 (RULINGS 0: roll <= chance): 10 HTH back, 22 left, 8 uses.
dice 70
heal doc pat hth
# 27 - 20 = 7 TU: not enough for a third.
heal doc pat arm
query unit pat
end
dice 9 2
end
# Round 2 (forced xcom 9, alien 2).  Two squares away is too far; a
# diagonal neighbour is next to it.  Rolled 30: the arm is mended.
move doc 7 3
heal doc pat arm
move doc 6 4
dice 30
heal doc pat arm
heal doc pat arm
query unit pat
query unit doc
