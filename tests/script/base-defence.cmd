# map: maps/base-defence.yaml seed: 1
# Base defence (rulebook §2.3 Base assault / defence): the defenders
# place first, anywhere in the base (they have no zone); the attackers
# only on the landing pads, the hangars at 1,1 to 10,5.  Nobody sees
# anybody while units are placed, and the hardened walls keep the pads
# out of the defenders' sight: round 1 begins with nobody in view.
deploy cannon 12 12
deploy rocket 14 14
deploy laser 12 17
deploy fusion 7 12
deploy nakamura 18 13
deploy silva 3 13
end
# A raider outside the pads is refused.
deploy pod 12 3
deploy pod 2 2
deploy celatid 9 5
deploy silacoid 4 4
deploy m1 6 4
deploy m2 8 4
end
query state
