# map: maps/base-defence.yaml seed: 1
# Base defence (rulebook §2.3 Base assault / defence): the defenders
# place first, anywhere in the base; the attackers only on the landing
# pads, 1,1 to 9,4, walled in with their doors shut.  Nobody sees
# anybody while units are placed, and round 1 begins with nobody in
# view.
# A defender may stand anywhere: in the east hangar, then moved again
# to the south-west corridors.
deploy cannon 14 13
deploy cannon 2 18
deploy rocket 5 18
deploy laser 8 18
deploy fusion 2 16
deploy nakamura 18 13
deploy silva 18 18
deploy okoro 16 16
end
# A raider outside the pads is refused.
deploy pod 12 3
deploy pod 2 2
deploy celatid 8 2
deploy silacoid 3 4
deploy m1 6 3
end
query state
