# map: tests/data/fog.yaml seed: 1 as: xcom
# Playing as X-Com (--as): s1 waits unseen behind the door.  The side's
# view lists only what it has seen, names nobody it has not, plans its
# path through the door as it knows the room, and stops where it meets
# someone unseen.  Other sides' units and the dice are not its to command.
query state
query unit s1
shoot ana s1 snap
query path ana 6 4
move s2 2 4
dice 50
move ana 6 4
query state
end
query state
