# map: tests/data/arena.yaml seed: 1
# Every malformed or illegal command is an error event and changes nothing.
query state
fly ana 3 3
move ana
move ana 99 1
move nobody 2 2
move s1 9 1
shoot ana s1 aimed
shoot ana s2 sideways
turn ana up
kneel s2
dice 0
dice 101 5
reload ana left rifle-clip
query hit ana s1 aimed
query bogus
# The hash is unchanged: nothing above changed the game.
query state
unload ben right
query state
