# map: maps/base-defence.yaml seed: 1
# Base defence (rulebook §2.3 Base assault / defence): the defenders
# place first, anywhere in the base (they have no zone); the attackers
# only on the landing pads, the hangars at 1,1 to 10,5.  Nobody sees
# anybody while units are placed; the defenders stand in the south of
# the base, out of the pads' sight: round 1 begins with nobody in view.
deploy cannon 2 18
deploy rocket 5 18
deploy laser 8 18
deploy fusion 2 15
deploy nakamura 18 13
deploy silva 14 13
end
# A raider outside the pads is refused.
deploy pod 12 3
deploy pod 2 2
deploy celatid 9 5
deploy silacoid 4 4
deploy m1 6 4
deploy m2 8 4
deploy m3 7 2
end
query state
