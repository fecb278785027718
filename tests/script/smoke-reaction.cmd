# map: tests/data/smoke.yaml seed: 1
# RULINGS 4.3 and 7.4: smoke squares obstruct and four of them block
# sight.  ben throws a smoke grenade to 7,2 (timer 0: it bursts at the end
# of X-Com's phase, radius 2, for 6 rounds).  Next round ana steps out of
# her nook into row 2, in s's line along the row: without the smoke s
# would check for a reaction; through 5 squares of smoke it cannot see
# her, so no check is made.
query los s ben
prime ben right 0
dice 1
throw ben 7 2
end
dice 9 1
end
move ana 1 2
query los s ana
