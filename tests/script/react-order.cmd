# map: tests/data/arena.yaml seed: 1
# RULINGS 6.5: winning the reaction roll gives the option to fire.  In the
# aliens' phase s1 is ordered to fire at 30 % or more (X-Com cannot order
# it); in round 2 ana steps into s1's view through the window and s1 wins
# 50+15 against 20+0, but its snap shot's chance is under 30 %: it holds
# its fire and keeps its TUs.  Then "react" with friends, and "never".
end
react s1 30
react ana 30
react s1 30 friends
end
dice 50 20
move ana 3 2
query state
react ana 40 friends 90
react ana never friends 20
