# map: tests/data/arena.yaml seed: 1
# §2.2 and RULINGS 2.2: phases, a turn ending when another unit is chosen,
# doors closing at the phase's end unless someone stands in the doorway,
# TUs back at the next round, initiative rolled again.
move ana 5 3
open ana e
move ben 2 5
# ana acted and ben was chosen: ana's turn is over.
move ana 4 3
end
query state
end
query state
