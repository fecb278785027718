#!/bin/sh
# Squad files (xtac-map(5)) and xtac squad --check / --price (xtac(6)):
# costs by rulebook §3.1.2, the +20 cap, technology levels (§2.3), budgets,
# file:line:col messages, and a squad put on a map from the command line or
# named by the map.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

expect 0 "squad --help" "$xtac" squad --help
contains out "Usage: xtac squad --check | --price" "squad usage"
expect 2 "squad without a mode" "$xtac" squad squads/veterans.yaml
contains err "give --check, --price or --edit" "squad asks for a mode"
expect 2 "squad without files" "$xtac" squad --check

expect 0 "the shipped squads are valid" "$xtac" squad --check squads/*.yaml
contains out "squads/veterans.yaml: valid: xcom squad, 4 units, 614 points of 700, technology level 2" "squad summary"
expect 0 "xtac check reads squad files too" "$xtac" check squads/raiders.yaml
contains out "squads/raiders.yaml: valid: alien squad, 4 units, 397 points of 500" "check's squad summary"

# §3.1.2: RET at two points, alien armour at two, terror boosts doubled.
expect 0 "squad --price" "$xtac" squad --price squads/veterans.yaml squads/raiders.yaml
contains out "  reyes        troop                  100     20    48    168" "a unit's price part by part"
contains out "boosts: acc +10 x 1 = 10, ret +5 x 2 = 10" "RET costs two a point"
contains out "boosts: front +5 x 2 = 10" "alien armour costs two a point"
contains out "boosts: tu +4 x 2 = 8" "a terror unit's boosts cost double"
contains out "  total                                                   614" "the squad's total"

cat >"$tmp/bad-squad.yaml" <<'YAML'
xtac-squad: 1
side: xcom
tech-level: 1
budget: 300
units:
  - {id: a, type: troop, boosts: {acc: 21}}
  - {id: b, type: troop, boosts: {front: 2}}
  - {id: c, type: troop, right: laser-rifle}
  - {id: d, type: hovertank-plasma}
YAML
expect 1 "an invalid squad" "$xtac" squad --check "$tmp/bad-squad.yaml"
contains err "bad-squad.yaml:6:40: acc 21 is out of range (0 to 20)" "the +20 cap"
contains err "bad-squad.yaml:7:35: only alien armour can be boosted (§3.1.2)" "human armour"
contains err "bad-squad.yaml:8:33: laser-rifle is technology level 2 (xcom); this level-1 scenario does not allow it to xcom (§2.3)" "an item's level"
contains err "bad-squad.yaml:9:19: a hovertank-plasma is technology level 3; this level-1 scenario does not allow it (§2.3)" "a unit's level"

printf 'side: xcom\nbudget: 200\nunits:\n  - {id: a, type: troop, boosts: {psk: 20, acc: 1}}\n' >"$tmp/over.yaml"
expect 0 "a squad within its budget" "$xtac" squad --price "$tmp/over.yaml"
contains out "boosts: acc +1 x 1 = 1, psk +20 x 2 = 40" "PSK costs two a point"
printf 'side: xcom\nbudget: 140\nunits:\n  - {id: a, type: troop, boosts: {psk: 20, acc: 1}}\n' >"$tmp/over.yaml"
expect 1 "a squad over its budget" "$xtac" squad --price "$tmp/over.yaml"
contains err "over.yaml:2:9: xcom spends 141 points, over its budget of 140 (§3.1.2)" "over budget"

# On a map: --squad replaces the side's units; the map's limits hold.
printf 'query state\n' >"$tmp/q"
expect 0 "script with two squads" sh -c "\"$xtac\" script --seed 3 --squad xcom=veterans --squad alien=squads/raiders.yaml maps/farmhouse.yaml <\"$tmp/q\""
contains out '"unit":"f1"' "the alien squad is on the map"
contains out '"unit":"reyes"' "the xcom squad is on the map"
grep -q '"unit":"alvarez"' "$tmp/out" && fail "the map's own X-Com units stay"
expect 2 "--squad without a side" "$xtac" script --squad veterans maps/farmhouse.yaml
contains err "--squad is xcom=FILE or alien=FILE, not 'veterans'" "bad --squad named"

# A save records its squads whole: it replays the game it was after the
# squad file changes or is gone (xtac(6) FILES).
cp squads/veterans.yaml "$tmp/mine.yaml"
printf 'end\nend\nend\nend\nquery unit lindqvist\n' >"$tmp/ends"
expect 0 "script --save with squads" sh -c "\"$xtac\" script --seed 3 --squad xcom=\"$tmp/mine.yaml\" --squad alien=raiders --save \"$tmp/sq.save\" maps/farmhouse.yaml <\"$tmp/ends\""
contains out '"acc":' "the squad's unit is asked"
cp "$tmp/out" "$tmp/played"
cp "$tmp/sq.save" "$tmp/saved"
contains saved "xtac-save 3" "the save's version"
contains saved "squad xcom 24 $tmp/mine.yaml" "the xcom squad's record"
contains saved "squad alien 17 raiders" "a shipped squad by its name"
contains saved "|      belt: [sniper-rifle-clip, smoke-grenade], boosts: {acc: 20}}" "the squad's text"
expect 0 "the save replays" "$xtac" replay "$tmp/sq.save"
cp "$tmp/out" "$tmp/replayed"
sed -i 's/acc: 20/acc: 10/' "$tmp/mine.yaml"
expect 0 "the squad changed: another game" sh -c "\"$xtac\" script --seed 3 --squad xcom=\"$tmp/mine.yaml\" --squad alien=raiders maps/farmhouse.yaml <\"$tmp/ends\""
cmp -s "$tmp/out" "$tmp/played" && fail "a changed squad plays the same game"
expect 0 "the squad changed: the save replays as it was" "$xtac" replay "$tmp/sq.save"
cmp -s "$tmp/out" "$tmp/replayed" || fail "a changed squad file changes the replay"
rm "$tmp/mine.yaml"
expect 0 "the squad gone: the save replays" "$xtac" replay "$tmp/sq.save"
cmp -s "$tmp/out" "$tmp/replayed" || fail "a squad file gone changes the replay"
# A recorded squad that is no longer valid names the save's line.
sed 's/^| side: xcom$/| side: alien/' "$tmp/saved" >"$tmp/v1.save"
sed -i -e 's/^xtac-save 3$/xtac-save 1/' -e '/^sum /d' -e '/^end [0-9]/d' "$tmp/v1.save"
expect 1 "a version 1 save with squad lines" "$xtac" replay "$tmp/v1.save"
contains err "v1.save:5: 'squad' lines are version 3's; this save is version 1" "squad lines need version 3"
expect 2 "play --load takes the squads from the save" "$xtac" play --load "$tmp/sq.save" --squad xcom=veterans
contains err "--load takes the units from the save, not --squad" "--load refuses --squad"
expect 1 "a squad for the other side" sh -c "\"$xtac\" script --squad alien=veterans maps/farmhouse.yaml </dev/null"
contains err "veterans.yaml: this squad fights for xcom, not alien" "side mismatch"
expect 1 "a squad above the map's level" sh -c "\"$xtac\" script --squad xcom=veterans maps/tutorial.yaml </dev/null"
contains err "veterans.yaml:15:13: laser-rifle is technology level 2 (xcom); this level-1 scenario does not allow it to xcom (§2.3)" "the map's level"
expect 0 "check a map with a squad" "$xtac" check --squad alien=raiders maps/farmhouse.yaml
contains out "  alien    ai      4 units,   397 points of 700" "check prices the squad on the map"
contains out "    f1           floater                 95 points (unit 75, boosts 5, items 15)" "each squad unit's cost on the map"
expect 0 "sim with a squad" "$xtac" sim maps/farmhouse.yaml --squad alien=raiders --games 2 --seed 5
contains out "reaper" "sim plays the squad"

# A map names a squad file for a side, relative to the map.
mkdir -p "$tmp/m/squads"
cp squads/raiders.yaml "$tmp/m/squads/"
sed 's|^  alien:$|  alien:\n    squad: squads/raiders.yaml|' maps/farmhouse.yaml >"$tmp/m/farm.yaml"
grep -q "squad: squads/raiders.yaml" "$tmp/m/farm.yaml" || fail "test map not made"
expect 0 "check a map naming a squad" "$xtac" check "$tmp/m/farm.yaml"
contains out "  alien    ai      4 units,   397 points of 700" "the map's alien side is the squad"
contains out "    reaper       reaper                 118 points (unit 110, boosts 8, items 0)" "each squad unit's cost"
# Its save records the squad the map names; older saves read the file.
expect 0 "script --save on a map naming a squad" sh -c "\"$xtac\" script --seed 4 --save \"$tmp/m/farm.save\" \"$tmp/m/farm.yaml\" <\"$tmp/q\""
contains m/farm.save "squad alien 17 squads/raiders.yaml" "the map's squad recorded"
sed -e 's/^xtac-save 3$/xtac-save 1/' -e '/^sum /d' -e '/^end [0-9]/d' -e '/^squad /d' -e '/^|/d' "$tmp/m/farm.save" >"$tmp/m/old.save"
expect 0 "a version 1 save reads the map's squad file" "$xtac" replay "$tmp/m/old.save"
rm "$tmp/m/squads/raiders.yaml"
expect 1 "a map naming a missing squad" "$xtac" check "$tmp/m/farm.yaml"
contains err "squads/raiders.yaml" "the missing squad file named"
expect 0 "its save replays without the file" "$xtac" replay "$tmp/m/farm.save"
expect 1 "the older save needs the file" "$xtac" replay "$tmp/m/old.save"
contains err "m/squads/raiders.yaml: cannot open" "the older save names the missing file"

finish squad
