#!/bin/sh
# tests/ui/squad.sh - the squad builder, `xtac squad --edit FILE` (xtac(6)),
# driven through tmux at 80x24: a new squad bought unit by unit with the
# points and the budget always shown; what `xtac squad --check` refuses
# (over the budget, a boost past +20, a unit of the other side, no units)
# shown under the unit it is on and the save refused until it is mended;
# the file saved is one --check and --squad read; an existing squad opened
# with its points; a roster's veteran spending its bonus (§3.1.2); every
# field of a squad file kept through an edit and a save; quitting
# with changes asks again; help.
#
# Run from the repository root (tests/run.sh does).  The binary is ./xtac,
# or $XTAC.  The exit status is the number of failed checks.
XTAC=${XTAC:-./xtac}
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=80
H=24
RUN=0
SOCK_PREFIX=xtac-squad-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-squad.XXXXXX") || exit 1
. tests/support/tmux.sh

# start TEXT ARGS: a fresh server running xtac squad --edit ARGS; wait for
# TEXT.
start() {
	_text=$1
	shift
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "env $ENV_UTF8 '$XTAC' squad --edit $*; echo xtac-exit=\$?; \
	    exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	poll has "$_text" && return 0
	fail "xtac squad --edit did not start"
	return 1
}

new=$TMP/new.yaml

# --- a new squad, bought to a budget ----------------------------------------

start "Squad: (no name)" --budget 250 "$new" || exit 1
check "new: the budget and the points" poll has "xcom · tech 4 · 0 of 250 points · 250 left"
check "new: no units yet" has "no units: a adds one"
check "new: --check's reason in place" has "a squad has at least one unit"
keys s
expect "new: an invalid squad is not saved" "not saved: 1 problem to mend first"
check "new: no file" test ! -e "$new"

keys a
expect "add: a troop bought" "troop1     troop       100"
check "add: its price on the sheet and the top line" has "100 of 250 points · 150 left"
check "add: valid" has "valid: s saves"

# Its sheet: armour (the first armour of the catalog), then a boost.
keys Tab Down Down Right
expect "armour: bought, its price shown" "armour personal-armour"
check "armour: the total grows" has "of 250 points"
keys Down Down Down Down Down Down Down Down Right Right Right
expect "boost: acc +3 at a point each" "acc     25 +3  x1  3"

# A second and third troop: over the budget, said under the budget's line.
keys Tab c c
expect "copy: three troops" "troop3"
expect "over budget: --check's words" "xcom spends"
check "over budget: the budget named" has "over its budget of 250 (§3.1.2)"
check "over budget: nothing left" has "left"
keys s
expect "over budget: not saved" "not saved: 1 problem"
keys d d
expect_gone "delete: back within the budget" "over its budget"

# A boost past the cap is refused with the reader's words, on its unit.
keys Tab
for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do keys Right; done
expect "cap: acc 21 refused" "acc 21 is out of range (0 to 20)"
check "cap: the unit marked" has "troop1     troop"
keys Left
expect_gone "cap: +20 is allowed" "out of range"

# The names, typed on the status line.
keys n
expect "name: asked" "The unit's name: _"
keys S g t . Space K i m Enter
expect "name: on the sheet" "name   Sgt. Kim"
keys N
keys B r a v o Enter
expect "squad name: on the top line" "Squad: Bravo"
keys s
expect "save: said with the points" "saved to $new"
check "save: the file is there" test -f "$new"
check "save: --check reads it" "$XTAC" squad --check "$new"
check "save: the name written" grep -q 'name: "Sgt. Kim"' "$new"
check "save: the boost written" grep -q 'boosts: {acc: 20}' "$new"
keys q
expect "quit: no changes, no question" "xtac-exit=0"

# --- an existing squad ----------------------------------------------------------

cp squads/veterans.yaml "$TMP/vets.yaml"
start "Squad: Veterans" "$TMP/vets.yaml" || exit 1
check "open: the squad's points" has "614 of 700 points · 86 left"
check "open: its units" has "reyes"
check "open: a unit's price" has "168"
keys t t t
expect "tech: level 1" "tech 1"
expect "tech: the laser rifle refused, as --check says" "laser-rifle is technology level 2"
keys t
expect_gone "tech: level 2 again" "laser-rifle is technology"
keys X
expect "side: the other side's units refused" "alien ·"
keys X
# The mouse: a click picks a unit, another a row; a second click on the
# row changes it.
mouse_click 3 5
expect "mouse: the third unit picked" "> lindqvist"
mouse_click 40 5
expect "mouse: its armour row picked" ">armour personal-armour"
mouse_click 40 5
expect_gone "mouse: a second click changes it" "armour personal-armour"
keys '?'
expect "help: shown" "The squad builder"
keys x
expect "help: any key closes it" "Veterans"
keys q
expect "quit: unsaved changes asked" "unsaved changes: q again quits"
keys q
expect "quit: the second q quits" "xtac-exit=0"
check "quit: the file as it was" cmp -s squads/veterans.yaml "$TMP/vets.yaml"

# --- a roster: a veteran's bonus (§3.1.2) --------------------------------------

cat >"$TMP/roster.yaml" <<'YAML'
xtac-squad: 1
name: Duo
side: xcom
budget: 300
units:
  - {id: reyes, type: troop, armour: personal-armour, right: rifle,
     boosts: {acc: 10, ret: 5}, roster: {games: 1, points: 20}}
YAML
start "Squad: Duo" "$TMP/roster.yaml" || exit 1
check "roster: the veteran's price" has "145 of 300 points"
keys Tab Down Down Down Down Down Down Down Down
expect "roster: the bonus shown" "bonus: 20 to spend (> on a row)"
keys '>' '>' '>' '>' '>'
expect "roster: tu +5 spent" "bonus: 15 to spend; tu +5"
check "roster: the bonus is free" has "145 of 300 points"
keys Down Down
for _i in 1 2 3 4 5 6 7 8 9 10 11; do keys '>'; done
expect "roster: the +20 cap counts the boosts" "acc is 20 above its base, boosts and bonus together: +20 at most (§3.1.2)"
check "roster: acc +10 spent" has "bonus: 5 to spend; tu +5, acc +10"
keys '<'
expect "roster: a point taken back" "bonus: 6 to spend; tu +5, acc +9"
keys Down Down Down Down '>' '>' '>' '>'
expect "roster: RET at two a point, no more than is left" "0 bonus points left; ret takes 2 a point"
check "roster: ret +3 for 6 points" has "bonus: 0 to spend; tu +5, acc +9, ret +3"
keys s
expect "roster: saved" "saved to $TMP/roster.yaml"
check "roster: the record written" grep -q 'roster: {games: 1, points: 0, bonus: {tu: 5, acc: 9, ret: 3}}' "$TMP/roster.yaml"
check "roster: --check reads it" "$XTAC" squad --check "$TMP/roster.yaml"
keys Tab c Tab
expect "roster: a copy is bought new" "boosts: +1 a point, +20 at most"
keys q q
expect "roster: quit" "xtac-exit=0"

# --- every field of a squad file kept ---------------------------------------
# Opened, edited (the squad's name), saved: every other field of the file
# (xtac-map(5), SQUAD FILES) comes back as it was, a roster's record, a
# unit's facing and kneeling, an emptied hand, the belt included.

cat >"$TMP/full.yaml" <<'YAML'
xtac-squad: 1
name: "Every field"
side: xcom
tech-level: 3
budget: 900
units:
  - {id: reyes, name: "Sgt. Reyes", type: troop, armour: personal-armour, right: rifle, left: {item: pistol, ammo: none}, belt: [rifle-clip, grenade], facing: sw, kneeling: true, boosts: {acc: 10, ret: 5}, roster: {games: 1, points: 12, bonus: {tu: 4, psk: 2}}}
  - {id: t1, type: tank-cannon, facing: e}
YAML
sed 's/^name: "Every field"$/name: "Every field!"/' "$TMP/full.yaml" >"$TMP/full.want"
start "Squad: Every field" "$TMP/full.yaml" || exit 1
check "full: its points" has "354 of 900 points"
keys N
expect "full: the squad's name asked" "The squad's name: Every field_"
keys ! Enter
expect "full: renamed" "Squad: Every field!"
keys s
expect "full: saved" "saved to $TMP/full.yaml"
check "full: every other field as it was" cmp -s "$TMP/full.want" "$TMP/full.yaml"
keys q
expect "full: quit" "xtac-exit=0"

# --- what --edit refuses -----------------------------------------------------

printf 'side: xcom\nunits: []\n' >"$TMP/bad.yaml"
"$XTAC" squad --edit "$TMP/bad.yaml" >"$TMP/out" 2>&1 </dev/null
check "an invalid file: exit 1" test $? = 1
check "an invalid file: its problems" grep -q "a squad has at least one unit" "$TMP/out"
"$XTAC" squad --edit "$TMP/none.yaml" >"$TMP/out" 2>&1 </dev/null
check "no terminal: exit 3" test $? = 3
check "no terminal: said" grep -q "needs a terminal" "$TMP/out"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
