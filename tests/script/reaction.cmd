# map: tests/data/arena.yaml seed: 1
# RULINGS 6.5: ana steps into s1's view through the window; s1 (RET +15)
# wins the opposed roll 50+15 against 20+0 and snaps: ACC 25 + snap 0 -
# range, rolled 5: a hit of 52 PB on ana's front (2 armour).
query los s1 ana
dice 50 20 5 7
move ana 3 2
query unit ana
query unit s1
