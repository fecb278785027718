# map: tests/data/terror-square.yaml seed: 1
# A terror site ends when its last civilian is lost (rulebook §2.3,
# RULINGS §2.3).  Round 1: xcom d10 8, alien 1.  X-Com waits; at the
# phase's end the civilians react to the Sectoid (§3.4): joe freezes, kim
# runs west next to ana.
end
# s1 shoots joe: rolled 1, 52 PB kills him.  One civilian is left: the
# game goes on.
dice 1
shoot s1 joe snap
end
# Round 2, aliens first.  s1 comes round the fountain; ana wins the
# reaction roll but holds her fire: kim stands in the line (RULINGS 6.5,
# the standing order never fires through friends).  s1 shoots kim,
# rolled 1: both civilians are lost and the aliens win, scoring 2; X-Com
# scores aliens lost less civilians lost, 0 - 2.  ana coming into view
# stops s1's walk a square short (RULINGS §5); it walks on.
move s1 5 1
move s1 5 1
dice 1
shoot s1 kim snap
