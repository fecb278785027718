# map: maps/terror-landing.yaml seed: 1
# A terror ship down in a town of blocks (maps/terror-landing.yaml): the
# ship and a Skyranger, both craft templates, landed on the town's parks
# and streets (rulebook §4.1).  X-Com opens the Skyranger's ramp, a door
# two squares wide that opens as one (§4.2) on the side away from the
# ship, and steps out: the Skyranger's own hull hides the ship's crew.
move garcia 12 24
open garcia s
move garcia 12 25
end
# The aliens: a Sectoid walks round the containment facility to the
# hatch and opens it (three squares wide); the Reaper, a 2x2 unit, opens
# the facility's wide door by walking through it; the leader rides the
# elevator down from the bridge.
move s1 13 13
open s1 s
move reaper 12 6
move leader 13 4 1
query state
end
