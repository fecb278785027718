# map: tests/data/roof.yaml seed: 1
# §7.2.1, §7.2.4, RULINGS 5.  Round 1: xcom d10 8, alien 1.  ana, on the
# roof (level 3), stuns the Floater hovering beside it: MAC 75 + 15 = 90,
# rolled 1; 90 ST > HTH 35.  Unconscious, it falls prone to the floor:
# two levels, 10 CC to its underside (+10 CC for a Floater = 20, under
# armour 6, 14 to HTH; critical d10 6: torso).  It lands on ben, who is
# knocked prone, not out.
dice 1 6
melee ana flo
query unit flo
# Prone: ben must stand (2 TU) before he fires.
query unit ben
shoot ben s1 snap right
kneel ben
stand ben
query unit ben
# ben stays on the Floater's square.  Its stun, 90, drops 5 at each
# round's end; with 14 damage it wakes below 35 - 14 = 21: at 20, after
# 14 rounds.  ben stands on it then, so it moves over to the first free
# square of N, E, S, W...: N, 3,1.
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
query unit flo
