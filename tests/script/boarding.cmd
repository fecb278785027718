# map: maps/boarding.yaml seed: 1
# Ship boarding (rulebook §2.3): X-Com places its squad aboard its own
# craft, the crew anywhere from the hall's east end to the bridge (a
# Muton in the airlock is refused).  Every door is shut: round 1 begins
# with nobody in view.
deploy reyes 8 8
deploy okafor 8 9
deploy lindqvist 7 8
deploy tanaka 7 9
deploy mbeki 6 8
deploy costa 6 9
end
deploy m1 12 8
deploy m1 20 8
deploy m2 20 9
deploy sn1 22 3
deploy s1 23 14
deploy sn2 24 4
end
# Round 1, X-Com first (d10 8 against 1).  Reyes opens the ramp and the
# hatch and steps into the airlock: its inner door is still shut, and
# nobody is seen yet.
open reyes e
move reyes 10 8
open reyes e
move reyes 13 8
# The inner door, two squares wide, opens as one (§4.2) on the hall: the
# two Mutons at its east end are the first units anybody sees.  Both win
# the reaction roll and hold their fire: side by side, a miss could
# strike the other (RULINGS 6.5).
open reyes e
query state
