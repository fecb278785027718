# map: tests/data/hangar.yaml seed: 1
# Doors spanning several squares (rulebook §4.2: "activates as a single
# unit"; RULINGS §4: 2 TU, closing at the phase's end unless a unit stands
# in the doorway).  Round 1: xcom d10 8, alien 1.
# ana opens the hangar's door: all three squares of it, for 2 TU.
open ana e
# Its squares are not opened one by one: this one is open already.
move ana 5 5
open ana e
move ana 5 6
# The 2x2 tank drives out through two of its squares for nothing more,
# then into the UFO's two-square door: one door, 2 TU.
move tk 6 4
move tk 7 4
# Both doors stay open while someone stands in a doorway.
end
end
# ana and the tank leave the doorways: each door closes as one.
move ana 2 6
move tk 6 2
end
