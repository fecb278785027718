# map: tests/data/deploy.yaml seed: 1
# §4.1 deployment: each side places the units the scenario gives no square
# (X-Com first, then the aliens), in its own zones, before round 1.  Units
# stand on the engine's squares (the first free ones of the zone) until
# moved; `end` closes a side's deployment; sight begins with round 1.
query state
# Only deploy and end while units are placed; only the deploying side's
# units; never a unit with a fixed square (at:); only inside the zone, on
# a free square with room to stand.
move ana 2 2
deploy s1 9 3
deploy cole 2 2
deploy ana 5 2
deploy ana 3 4
deploy ana 3 2
deploy ana 2 3
deploy ana 1 4
deploy ben 2 2
end
# The aliens' turn to deploy; s1 moves twice, the last square counts.
deploy s1 10 4
deploy s1 9 3
end
# Round 1 begins: initiative, then the first phase.
query state
deploy ana 1 2
