#!/bin/sh
# Campaigns (rulebook §3.1.2, xtac-map(5) ROSTERS, xtac(6) --roster): a game
# played to its end writes a side's survivors to a roster; the roster reads
# back as a squad at the same cost, its bonus points checked, and carries the
# veterans into the next game, one game and 20 points richer.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

cat >"$tmp/duo.yaml" <<'YAML'
xtac-squad: 1
name: Duo
side: xcom
tech-level: 3
budget: 300
units:
  - {id: reyes, name: Sgt. Reyes, type: troop, armour: personal-armour,
     right: rifle, belt: [rifle-clip, grenade], boosts: {acc: 10, ret: 5}}
YAML
expect 0 "the squad" "$xtac" squad --check "$tmp/duo.yaml"
contains out "valid: xcom squad, 1 unit, 149 points of 300" "the squad's price"

# tests/data/duel.yaml, seed 4: X-Com moves first and the aimed shot kills.
printf 'shoot reyes s1 aimed right\n' >"$tmp/win"
expect 0 "a game to its end with rosters" sh -c "\"$xtac\" script --seed 4 --squad xcom=\"$tmp/duo.yaml\" --roster xcom=\"$tmp/r.yaml\" --roster alien=\"$tmp/a.yaml\" tests/data/duel.yaml <\"$tmp/win\""
contains out '"event":"victory","winner":"xcom"' "xcom wins"
contains err "xtac script: the xcom roster (1 survivor, 20 bonus points each to spend) went to $tmp/r.yaml" "where the roster went"
contains err "xtac script: no alien unit survived: no roster written to $tmp/a.yaml" "no survivors, no roster"
[ -e "$tmp/a.yaml" ] && fail "a roster without survivors was written"
cp "$tmp/r.yaml" "$tmp/roster"
contains roster 'name: "Duo"' "the roster keeps the squad's name"
contains roster "tech-level: 3" "and its technology level"
contains roster "budget: 300" "and its budget"
contains roster "right: rifle, belt: [rifle-clip, grenade], boosts: {acc: 10, ret: 5}, roster: {games: 1, points: 20}}" "what it carried, its boosts and its record"

# §3.1.2: the veteran costs the same as in the previous game.
expect 0 "the roster is a valid squad" "$xtac" squad --check "$tmp/r.yaml"
contains out "valid: xcom squad, 1 unit, 149 points of 300" "the same cost"

# The bonus, spent at the boost rates (RET two a point), is free.
sed 's/points: 20}/points: 0, bonus: {tu: 10, ret: 5}}/' "$tmp/r.yaml" >"$tmp/spent.yaml"
expect 0 "a roster with its bonus spent" "$xtac" squad --price "$tmp/spent.yaml"
contains out "  total                                                   149" "the bonus costs nothing"
contains out "roster: 1 game, 0 points to spend; bonus: tu +10, ret +5" "--price shows the record"
sed 's/points: 20}/points: 0, bonus: {tu: 11, ret: 5}}/' "$tmp/r.yaml" >"$tmp/over.yaml"
expect 1 "more bonus than earned" "$xtac" squad --check "$tmp/over.yaml"
contains err "1 game survived give 20 bonus points; this spends 21 and keeps 0 (§3.1.2)" "the bonus is checked"
sed 's/points: 20}/points: 0, bonus: {acc: 20}}/' "$tmp/r.yaml" >"$tmp/cap.yaml"
expect 1 "the +20 cap with the boosts" "$xtac" squad --check "$tmp/cap.yaml"
contains err "acc rises 30 above its base, boosts and bonus together; at most 20 (§3.1.2)" "the cap counts bought and bonus"

# The next game: the bonus is in play (TU 27 + 10), and the veteran comes
# home again with one game more and 20 points more.
printf 'query state\nshoot reyes s1 aimed right\n' >"$tmp/again"
expect 0 "the next game with the roster" sh -c "\"$xtac\" script --seed 4 --squad xcom=\"$tmp/spent.yaml\" --roster xcom=\"$tmp/r2.yaml\" tests/data/duel.yaml <\"$tmp/again\""
contains out '{"unit":"reyes","at":[1,2,1],"tu":37,"status":"active"}' "the bonus TU in play"
contains out '"event":"victory","winner":"xcom"' "xcom wins again"
cp "$tmp/r2.yaml" "$tmp/roster2"
contains roster2 "roster: {games: 2, points: 20, bonus: {tu: 10, ret: 5}}" "two games, the bonus kept, 20 more"

# No end, no roster; a roster that cannot be written is trouble.
printf 'query state\n' >"$tmp/q"
expect 0 "a game that does not end" sh -c "\"$xtac\" script --seed 4 --roster xcom=\"$tmp/r3.yaml\" tests/data/duel.yaml <\"$tmp/q\""
contains err "xtac script: the game did not end: no xcom roster written to $tmp/r3.yaml" "no end, no roster"
[ -e "$tmp/r3.yaml" ] && fail "a roster of a game not over was written"
expect 3 "an unwritable roster" sh -c "\"$xtac\" script --seed 4 --squad xcom=\"$tmp/duo.yaml\" --roster xcom=\"$tmp/no/such/r.yaml\" tests/data/duel.yaml <\"$tmp/win\""
contains err "cannot write $tmp/no/such/r.yaml" "why it was not written"
expect 2 "--roster without a side" "$xtac" script --roster r.yaml tests/data/duel.yaml
contains err "--roster is xcom=FILE or alien=FILE, not 'r.yaml'" "bad --roster named"

expect 2 "play: --roster without a side" "$xtac" play --roster r.yaml tests/data/duel.yaml
contains err "--roster is xcom=FILE or alien=FILE, not 'r.yaml'" "bad --roster named for play"

finish roster
