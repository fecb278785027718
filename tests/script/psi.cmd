# map: tests/data/psi-lab.yaml seed: 1
# Psi combat (§6.4, RULINGS §6.4).  Round 1: xcom d10 8, alien 1.
# Who may not: max has no Psi Amp (§6.4); the Chrysalid has PST '-':
# no psionics touch it (RULINGS 3).
psi max s1 probe
psi lee chry panic
# Probe +10: 50 + 15 + 10 = 75 against 40 + 0 = 40: X-Com reads s1.
dice 50 40
psi lee s1 probe
# Panic +0: 30 + 15 = 45 ties 45 + 0 and re-rolls: 70 + 15 = 85 against
# 20: s1 panics, d10 6: it will drop its pistol and flee in its phase.
dice 30 45 70 20 6
psi lee s1 panic
# 27 - 20 = 7 TU left: not enough for another (10 TU).
psi lee s2 control
# Control -25: 90 + 15 - 25 = 80 against 10: s2 acts for X-Com at once.
dice 90 10
psi zoe s2 control
move s2 7 5
query unit s2
end
# The aliens' phase: s1 drops its pistol and flees from the enemies it
# sees, s2 among them: (10,1) is 5 squares from s2 (3 across, 4 down),
# nowhere reachable is farther from all of them; 8 TU of 27, the rest lost.
# s2 is still X-Com's and cannot be moved by the aliens.
move s2 8 5
# The Ethereal (no amp) takes max: 60 + 30 - 25 = 65 against 20 + 15.
dice 60 20
psi eth max control
move max 2 5
# Control of s2 ends with this phase (its side's next); round 2's
# initiative is forced: xcom 9, alien 2.
dice 9 2
end
# Round 2, X-Com first: max is still the aliens'.  Panic on the Ethereal:
# 90 + 15 = 105 against 10 + 30 = 40, d10 9: berserk in its phase.
move max 1 5
dice 90 10 9
psi lee eth panic
# Its fit, in its phase: d10 4 west (no turn) and 5 straight ahead (west)
# fly off the map; 9 south (90 degrees, 1 TU) strikes the Chrysalid (52 PB,
# 17 armour on its right; critical d10 8: torso); 8 south-west (a free 45)
# kills s2 from behind.  34 - 8 - 8 - 9 - 8 = 1 TU: the fit is over.
dice 4 5 9 8 8
end
query unit eth
query unit max
