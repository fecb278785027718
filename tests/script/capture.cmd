# map: tests/data/capture.yaml seed: 1
# A secret mission detected when achieved (rulebook §2.3 Missions,
# Capture unit: "stunned and taken back to the craft"), through carrying
# (§5.3).  The scenario gives X-Com capture-unit s1; the "given" event
# is marked secret, for X-Com alone.  Round 1: xcom d10 8, alien 1.
move ana 4 2
# The stun rod: MAC 75 + 15 = 90, rolled 1; 90 ST > HTH 30.
dice 1
melee ana s1
# Lifted for 4 TU: stun rod 6 + a body 20 = 26, within STR 30.
carry ana s1
# Outside the craft: nothing yet.
move ana 3 2
# Into the deployment zone (x 1-2): achieved, and the game is X-Com's.
move ana 2 2
