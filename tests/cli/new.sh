#!/bin/sh
# xtac new (xtac(6)) and encounter files (xtac-map(5)): an encounter made
# from a shipped map or from blocks, the same arguments giving the same
# bytes; every terrain and mission a map of blocks holds, over several
# seeds, gives an encounter that check passes and sim plays to an end;
# play's drivers open an encounter with its seed and squads, and a save of
# one replays without it; bad command lines refused.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

expect 0 "new --help" "$xtac" new --help
contains out "Usage: xtac new" "new's usage"

# From a shipped map: the map's own mission and sides, a squad, a seed.
expect 0 "new from a shipped map" "$xtac" new --map farmhouse --squad alien=raiders --seed 3 --name "Night raid" -o "$tmp/raid.yaml"
contains out "xtac new: wrote $tmp/raid.yaml" "the file named"
contains out "\"Farmhouse raid\", 24x29, assault; xcom 1206 points; alien 397 points (squad)" "the encounter summarised"
contains raid.yaml "xtac-encounter: 1" "the format"
contains raid.yaml 'map: "farmhouse"' "a shipped map by its name"
contains raid.yaml 'name: "Night raid"' "the name"
contains raid.yaml "seed: 3" "the seed"
contains raid.yaml '  alien: "raiders"' "the squad"
expect 0 "check an encounter" "$xtac" check "$tmp/raid.yaml"
contains out "alien    ai      4 units,   397 points of 700" "check puts the squad on"

# The drivers take its seed and squads; --seed still wins.
printf 'query state\n' >"$tmp/q"
expect 0 "script an encounter" sh -c "\"$xtac\" script \"$tmp/raid.yaml\" <\"$tmp/q\""
contains out '"event":"game-start","map":"Farmhouse raid","seed":"3"' "the encounter's seed"
contains out '"unit":"reaper"' "the encounter's squad"
expect 0 "script an encounter, --seed" sh -c "\"$xtac\" script --seed 4 \"$tmp/raid.yaml\" <\"$tmp/q\""
contains out '"seed":"4"' "--seed wins"
expect 0 "sim an encounter" "$xtac" sim "$tmp/raid.yaml" --games 1 --rounds 2
contains out "seed 3" "sim takes the encounter's seed"

# A save of an encounter's game names the map and records the squad: it
# replays with the encounter gone.
printf 'end\nend\n' >"$tmp/ends"
expect 0 "script --save an encounter" sh -c "\"$xtac\" script --save \"$tmp/raid.save\" \"$tmp/raid.yaml\" <\"$tmp/ends\""
contains raid.save "map farmhouse" "the save names the map"
contains raid.save "squad alien 17 raiders" "the save records the squad"
rm "$tmp/raid.yaml"
expect 0 "the save replays without the encounter" "$xtac" replay "$tmp/raid.save"

# A map file by its path from the encounter's directory.
mkdir -p "$tmp/gm"
expect 0 "new from a map file" "$xtac" new --map tests/data/arena.yaml --seed 1 -o "$tmp/gm/arena.yaml"
grep -q "^map: \".*tests/data/arena.yaml\"$" "$tmp/gm/arena.yaml" ||
    fail "the map's path is not from the encounter's directory"
abs=$(cd "$(dirname "$xtac")" && pwd)/$(basename "$xtac")
expect 0 "the encounter opens from elsewhere" sh -c "cd / && \"$abs\" check \"$tmp/gm/arena.yaml\""

# From blocks: the map written beside it; the same arguments, the same
# bytes; another seed, another map.
expect 0 "new from blocks" "$xtac" new --terrain farmland --mission crashed --seed 7 -o "$tmp/crash.yaml"
contains out "wrote $tmp/crash.yaml and its map $tmp/crash-map.yaml" "both files named"
contains crash.yaml 'map: "crash-map.yaml"' "the encounter names its map"
contains crash.yaml '  xcom: "veterans"' "the shipped squads by default"
contains crash-map.yaml "  craft:" "a crashed craft has landed"
contains crash-map.yaml "  side: alien" "the aliens crashed"
contains crash-map.yaml "  lost-walls:" "their craft damaged (§2.3)"
[ "$(grep -c '    - {at: \[[0-9]*, [0-9]*, 1\], side: [nesw]}' "$tmp/crash-map.yaml")" = 2 ] ||
    fail "not two walls lost"
contains crash-map.yaml '  from: "data:maps"' "the shipped blocks, wherever installed"
grep -q "$(pwd)" "$tmp/crash-map.yaml" && fail "the map names this tree's path"
# Copied to another directory (and opened from another), it still loads:
# its blocks come from the data directory the program finds.
mkdir -p "$tmp/moved"
cp "$tmp/crash.yaml" "$tmp/crash-map.yaml" "$tmp/moved/"
expect 0 "a copied encounter of blocks loads" sh -c "cd / && \"$abs\" check \"$tmp/moved/crash.yaml\""
contains out "Farmland crashed" "the copy checked"
cp "$tmp/crash.yaml" "$tmp/crash.1"
cp "$tmp/crash-map.yaml" "$tmp/crash-map.1"
expect 0 "new from blocks again" "$xtac" new --terrain farmland --mission crashed --seed 7 -o "$tmp/crash.yaml"
cmp -s "$tmp/crash.yaml" "$tmp/crash.1" || fail "the encounter differs"
cmp -s "$tmp/crash-map.yaml" "$tmp/crash-map.1" || fail "the map differs"
expect 0 "new from blocks, another seed" "$xtac" new --terrain farmland --mission crashed --seed 8 -o "$tmp/crash.yaml"
cmp -s "$tmp/crash-map.yaml" "$tmp/crash-map.1" && fail "another seed, the same map"
expect 0 "new: size, level, points" "$xtac" new --terrain desert --blocks 4x4 --tech 2 --points 700 --seed 1 -o "$tmp/d.yaml"
contains out '"Desert assault", 20x20, assault' "the size in blocks"
contains d-map.yaml "tech-level: 2" "the level"
contains d-map.yaml "budget: 700" "the points"

# Each side deploys in its craft (rulebook §2.3, §4.1): by default X-Com's
# Skyranger and a small scout; X-Com's edge, north or south, and where on
# it each craft lands are drawn from the seed; each craft stands on its own
# side's edge, turned so its door faces the middle, and each side's zones
# hold its craft's crew squares and none of the other side's.
norths=0 souths=0
for s in 1 2 3 4 5 6; do
	expect 0 "new: crafts, seed $s" "$xtac" new --terrain town --seed $s -o "$tmp/c.yaml"
	contains c-map.yaml "{template: skyranger, at: [" "X-Com's craft"
	contains c-map.yaml "{template: small-scout, at: [" "the aliens' craft"
	h=$(sed -n 's/^ *- \[.*/x/p' "$tmp/c-map.yaml" | wc -l)
	h=$((h * 5))
	# The Skyranger's row: 1 in the north, unturned; in the south its last
	# row is the map's, turned 180.
	if grep -q "X-Com comes from the north" "$tmp/c-map.yaml"; then
		norths=$((norths + 1))
		grep -q "{template: skyranger, at: \[[0-9]*, 1\]}" "$tmp/c-map.yaml" ||
		    fail "seed $s: the Skyranger not on X-Com's north edge"
		grep -q "{template: small-scout, at: \[[0-9]*, $((h - 7))\], turn: 180}" \
		    "$tmp/c-map.yaml" || fail "seed $s: the scout not on the south edge"
	else
		souths=$((souths + 1))
		grep -q "{template: skyranger, at: \[[0-9]*, $((h - 5))\], turn: 180}" \
		    "$tmp/c-map.yaml" || fail "seed $s: the Skyranger not on X-Com's south edge"
		grep -q "{template: small-scout, at: \[[0-9]*, 1\]}" "$tmp/c-map.yaml" ||
		    fail "seed $s: the scout not on the north edge"
	fi
	# No zone of one side reaches into the other's half of the map.
	awk -v h=$h '/^  xcom:/ { side = "xcom" } /^  alien:/ { side = "alien" }
	    /from: \[/ { gsub(/[^0-9,]/, ""); split($0, v, ",");
		if (v[2] <= h / 2) n[side]++; else s[side]++ }
	    END { if ((n["xcom"] && s["xcom"]) || (n["alien"] && s["alien"]) ||
		(n["xcom"] && n["alien"]) || (s["xcom"] && s["alien"])) exit 1 }' \
	    "$tmp/c-map.yaml" || fail "seed $s: the zones cross the middle"
	"$xtac" check "$tmp/c.yaml" >"$tmp/out" 2>&1 || fail "check seed $s"
done
[ $norths -gt 0 ] && [ $souths -gt 0 ] ||
    fail "X-Com always on one edge ($norths north, $souths south)"

# --craft names a side's craft by its template (X-Com's Skyranger here;
# the aliens keep their scout); both crews deploy in or near their craft,
# and at the end of deployment nobody has spotted anybody.
expect 0 "new: a Skyranger crew" "$xtac" new --terrain farmland --craft skyranger --seed 4 -o "$tmp/s.yaml"
printf 'end\nend\nquery state\n' >"$tmp/q"
expect 0 "script: the crews deployed" sh -c "\"$xtac\" script \"$tmp/s.yaml\" <\"$tmp/q\""
contains out '"event":"deploy-end","side":"xcom"' "X-Com deployed"
contains out '"event":"deploy-end","side":"alien"' "the aliens deployed"
grep '"event":"spotted"' "$tmp/out" && fail "a side sees the other at deployment"

expect 2 "new: no such craft" "$xtac" new --terrain town --craft cruiser -o "$tmp/c.yaml"
contains err "no craft template 'cruiser' (see maps/craft/)" "the template named"
expect 2 "new: a craft by a path" "$xtac" new --terrain town --craft ../small-scout -o "$tmp/c.yaml"
expect 2 "new: a craft too big" "$xtac" new --terrain town --craft small-scout --blocks 2x2 -o "$tmp/c.yaml"
contains err "the skyranger (8x6 squares) the small-scout (7x8 squares) with a row between them do not fit in 2x2 blocks (10x10 squares)" "why said"
expect 2 "new: a crashed mission without a craft" "$xtac" new --terrain desert --mission crashed --craft none -o "$tmp/c.yaml"
expect 2 "new: a craft in a base" "$xtac" new --terrain base --mission base --craft small-scout -o "$tmp/c.yaml"

# new_plays WHAT TEMPLATE ARGS...: xtac new ARGS writes an encounter whose
# map holds the craft template, which passes check and plays a game to its
# end in sim (a side's win, or a draw at the cap).
new_plays() {
	what=$1 c=$2
	shift 2
	"$xtac" new "$@" -o "$tmp/k.yaml" >"$tmp/out" 2>&1 ||
	    { fail "new $what"; sed 's/^/  /' "$tmp/out" | head -5; return; }
	grep -q "{template: $c, at: " "$tmp/k-map.yaml" ||
	    fail "$what: the $c not on the map"
	"$xtac" check "$tmp/k.yaml" >"$tmp/out" 2>&1 || fail "check $what"
	"$xtac" sim "$tmp/k.yaml" --games 1 >"$tmp/out" 2>&1 || fail "sim $what"
	grep -q "rounds: mean" "$tmp/out" || fail "sim $what: no report"
}

# Ship boarding (rulebook §2.3: a large UFO and an X-Com craft docked to
# it, all combat within the two): the Skyranger and, by default, a large
# scout, docked door to door: the north one unturned, the south one turned
# 180 degrees four rows lower than the north one's height (its row of
# ground over the north one's last row of hull); every other square sealed
# in plating; each side's zones inside its own craft only; the same
# arguments, the same bytes; X-Com north for some seeds, south for others.
norths=0 souths=0
for s in 1 2 3 4 5 6; do
	expect 0 "new: boarding, seed $s" "$xtac" new --terrain farmland --mission boarding --seed $s -o "$tmp/b.yaml"
	contains b-map.yaml "  outside: hull-plating" "the crafts sealed in"
	contains b-map.yaml "'X': {floor: hull, object: {name: hull-plating, solid: true," "the plating defined"
	contains b-map.yaml "docked from the" "the docking described"
	# Each craft's column, row and turn (0 unturned).
	for c in skyranger large-scout; do
		awk -v c="$c" 'index($0, "{template: " c ", at: [") {
		    gsub(/[^0-9]+/, " "); print $1, $2, ($3 == "" ? 0 : $3) }' \
		    "$tmp/b-map.yaml"
	done >"$tmp/at"
	set -- $(cat "$tmp/at")
	[ $# -eq 6 ] || { fail "seed $s: the crafts not both placed"; continue; }
	if grep -q "docked from the north" "$tmp/b-map.yaml"; then
		norths=$((norths + 1))
		# Skyranger north (6 rows), the scout turned under it.
		[ "$3" = 0 ] && [ "$6" = 180 ] && [ "$5" -eq $(($2 + 6 - 2)) ] ||
		    fail "seed $s: the scout not docked under the Skyranger ($*)"
		ylo=$2 yhi=$(($2 + 4)) alo=$(($5 + 1)) ahi=$(($5 + 11))
	else
		souths=$((souths + 1))
		# The scout north (12 rows), the Skyranger turned under it.
		[ "$6" = 0 ] && [ "$3" = 180 ] && [ "$2" -eq $(($5 + 12 - 2)) ] ||
		    fail "seed $s: the Skyranger not docked under the scout ($*)"
		ylo=$(($2 + 1)) yhi=$(($2 + 5)) alo=$5 ahi=$(($5 + 10))
	fi
	# Each zone inside its side's craft (its rows).
	awk -v xlo=$ylo -v xhi=$yhi -v alo=$alo -v ahi=$ahi '
	    /^  xcom:/ { lo = xlo; hi = xhi } /^  alien:/ { lo = alo; hi = ahi }
	    /from: \[/ { gsub(/[^0-9,]/, ""); split($0, v, ",");
		if (v[2] < lo || v[5] > hi) bad = 1 }
	    END { exit bad }' "$tmp/b-map.yaml" ||
	    fail "seed $s: a zone outside its side's craft"
	cp "$tmp/b-map.yaml" "$tmp/b-map.1"
	expect 0 "new: boarding, seed $s again" "$xtac" new --terrain farmland --mission boarding --seed $s -o "$tmp/b.yaml"
	cmp -s "$tmp/b-map.yaml" "$tmp/b-map.1" || fail "seed $s: the boarding map differs"
	printf 'end\nend\nquery state\n' >"$tmp/q"
	expect 0 "script: boarders deploy, seed $s" sh -c "\"$xtac\" script \"$tmp/b.yaml\" <\"$tmp/q\""
	contains out '"event":"deploy-end","side":"xcom"' "X-Com deployed"
	contains out '"event":"deploy-end","side":"alien"' "the aliens deployed"
	grep -q '"event":"spotted"' "$tmp/out" && fail "seed $s: a side sees the other at deployment"
done
[ $norths -gt 0 ] && [ $souths -gt 0 ] ||
    fail "boarding: X-Com always on one side ($norths north, $souths south)"
# Every UFO takes boarders, from each X-Com craft in turn, two-deck
# UFOs too: each docks, passes check and plays to an end.
i=0
for u in small-scout medium-scout large-scout supply-ship terror-ship battleship; do
	set -- skyranger lightning avenger
	shift $((i % 3))
	i=$((i + 1))
	new_plays "boarding $1 $u" $u --terrain town --mission boarding \
	    --craft $1 --craft $u --seed $i
done
expect 2 "new: boarding without X-Com's craft" "$xtac" new --terrain desert --mission boarding --craft none -o "$tmp/c.yaml"
contains err "a boarding mission needs the aliens' craft (a UFO of maps/craft/) and X-Com's, docked to it" "why said"
expect 2 "new: boarding too big for its blocks" "$xtac" new --terrain desert --mission boarding --blocks 2x2 -o "$tmp/c.yaml"
contains err "the skyranger docked to the large-scout (11x16 squares) do not fit in 2x2 blocks (10x10 squares)" "why said"

# Every shipped craft template lands on a map of blocks of each terrain
# (the X-Com craft on an assault, the UFOs crashed), passes check and
# plays a game to its end in sim (a side's win, or a draw at the cap).
i=0
for c in skyranger lightning avenger small-scout medium-scout large-scout \
    supply-ship terror-ship battleship; do
	set -- farmland desert town
	shift $((i % 3))
	t=$1
	i=$((i + 1))
	case $c in skyranger|lightning|avenger) m=assault ;; *) m=crashed ;; esac
	new_plays "$t $c" $c --terrain $t --mission $m --craft $c \
	    --blocks 5x6 --seed $i
done

# A terror site (rulebook §2.3: "a city terrain is used"): a town by
# default, the aliens in their terror ship (§3.3.4), a block more across
# and two blocks' rows of town between the crafts; civilians (§3.4), 4 to
# 12, one for 50 points of the aliens' squad, in the town between the
# sides' edges, outside both sides' zones and out of the aliens' sight;
# the objectives the engine checks (every civilian lost: the aliens win).
expect 0 "new: a terror site" "$xtac" new --mission terror --seed 4 -o "$tmp/t.yaml"
contains out '"Town terror", 20x30, terror' "a town, the size"
contains t-map.yaml "  mission: terror" "the mission"
contains t-map.yaml "{template: terror-ship, at: [" "the terror ship"
contains t-map.yaml "  civilian: {}" "the civilians' side"
contains t-map.yaml "objective: Kill every civilian in the town." "the aliens' objective"
n=$(grep -c "  - {id: civilian-[0-9]*, side: civilian, type: civilian, at: \[" "$tmp/t-map.yaml")
# The raiders: 397 points, 7 civilians if the town has room.
[ "$n" -ge 4 ] && [ "$n" -le 7 ] || fail "$n civilians"
# None in a zone: each civilian's square in no zone's box.
awk '/^  (xcom|alien):/ { z = 1 } /^  civilian:/ { z = 0 }
    z && /from: \[/ { gsub(/[^0-9,]/, ""); split($0, v, ","); nz++
	x0[nz] = v[1]; y0[nz] = v[2]; l0[nz] = v[3]
	x1[nz] = v[4]; y1[nz] = v[5]; l1[nz] = v[6] }
    /id: civilian-/ { s = $0; sub(/.*at: \[/, "", s); gsub(/[^0-9,]/, "", s)
	split(s, c, ",")
	for (i = 1; i <= nz; i++)
		if (c[1] >= x0[i] && c[1] <= x1[i] && c[2] >= y0[i] &&
		    c[2] <= y1[i] && c[3] >= l0[i] && c[3] <= l1[i]) bad = 1 }
    END { exit bad }' "$tmp/t-map.yaml" || fail "a civilian in a zone"
cp "$tmp/t-map.yaml" "$tmp/t-map.1"
expect 0 "new: a terror site again" "$xtac" new --terrain town --mission terror --seed 4 -o "$tmp/t.yaml"
cmp -s "$tmp/t-map.yaml" "$tmp/t-map.1" || fail "the terror site differs"
printf 'end\nend\nquery state\n' >"$tmp/q"
expect 0 "script: a terror site deployed" sh -c "\"$xtac\" script \"$tmp/t.yaml\" <\"$tmp/q\""
sed '/"event":"phase-start"/,$d' "$tmp/out" >"$tmp/before"
grep -q '"event":"spotted","side":"alien"' "$tmp/before" &&
    fail "the aliens see someone at deployment"
expect 0 "sim: a terror site" "$xtac" sim "$tmp/t.yaml" --games 2
contains out "civilians: " "scored as a terror site"

# Secret missions (§2.3 Missions): --secret SIDE=KIND names the side's
# mission, and the map its target, drawn by the seed from those the side
# can achieve with what it brings.
expect 0 "new: X-Com's sabotage" "$xtac" new --terrain desert --secret xcom=sabotage --seed 2 -o "$tmp/x.yaml"
contains x-map.yaml "--secret xcom=sabotage --seed 2" "the command line kept"
contains x-map.yaml "      mission: sabotage" "the mission"
contains x-map.yaml "      sabotage: [" "its target"
expect 0 "script: the sabotage given" sh -c "\"$xtac\" script \"$tmp/x.yaml\" <\"$tmp/q\""
# The veterans' grenades (50 HE-1) break only normal things: not the
# hardened power source.
grep -q '"event":"mission","what":"given","side":"xcom","mission":"sabotage","target":"ufo-\(navigation\|chair\)\|"target":"alien-equipment' "$tmp/out" ||
    fail "the sabotage's target is not one the veterans' grenades break"
cp "$tmp/x-map.yaml" "$tmp/x-map.1"
expect 0 "new: X-Com's sabotage again" "$xtac" new --terrain desert --secret xcom=sabotage --seed 2 -o "$tmp/x.yaml"
cmp -s "$tmp/x-map.yaml" "$tmp/x-map.1" || fail "the same arguments, another map"
# Capture a unit: the veterans have a stun weapon (smoke, ST) and no
# psi, so a unit they can carry: one of the raiders' of one square.
expect 0 "new: X-Com's capture-unit" "$xtac" new --terrain farmland --secret xcom=capture-unit --seed 1 -o "$tmp/x.yaml"
grep -q "^      capture-unit: \(s1\|s2\|f1\)$" "$tmp/x-map.yaml" ||
    fail "the unit to capture is not a raider of one square"
unit=$(sed -n 's/^      capture-unit: //p' "$tmp/x-map.yaml")
# A squad without that unit is refused where it meets the map.
sed "s/id: $unit,/id: other,/" squads/raiders.yaml >"$tmp/other.yaml"
expect 1 "check: a squad without the unit to capture" "$xtac" check --squad alien="$tmp/other.yaml" "$tmp/x.yaml"
contains err "the map's xcom secret mission captures '$unit', and this squad fields no such unit" "why said"
# The aliens' capture-ship: X-Com's craft by its building.
expect 0 "new: the aliens' capture-ship" "$xtac" new --terrain town --secret alien=capture-ship --seed 3 -o "$tmp/x.yaml"
contains x-map.yaml "      capture-ship: skyranger" "the Skyranger"
# Capture technology: what the raiders carry and the veterans do not.
expect 0 "new: X-Com's capture-technology" "$xtac" new --terrain town --secret xcom=capture-technology --seed 3 -o "$tmp/x.yaml"
grep -q "^      capture-technology: \(plasma-pistol\|alien-grenade\)$" "$tmp/x-map.yaml" ||
    fail "the technology is not one the raiders carry"
tech=$(sed -n 's/^      capture-technology: //p' "$tmp/x-map.yaml")
printf 'xtac-squad: 1\nside: xcom\nunits:\n  - {id: thief, type: troop, right: %s}\n' "$tech" >"$tmp/thief.yaml"
expect 1 "check: a squad bringing the technology to capture" "$xtac" check --squad xcom="$tmp/thief.yaml" "$tmp/x.yaml"
contains err "thief carries $tech, the technology xcom is to capture: it can not be taken in (§2.3)" "why said"
# Random: every target the side can achieve, for the game to draw one
# with the rules dice.
expect 0 "new: random orders for both" "$xtac" new --terrain base --mission base --secret xcom=random --secret alien=random --seed 5 -o "$tmp/x.yaml"
[ "$(grep -c '^      mission: random$' "$tmp/x-map.yaml")" = 2 ] || fail "not both random"
contains x-map.yaml "      sabotage: [" "a sabotage target among them"
grep -q "capture-ship:" "$tmp/x-map.yaml" && fail "a ship to capture in a base"
expect 0 "script: the orders drawn" sh -c "\"$xtac\" script \"$tmp/x.yaml\" <\"$tmp/q\""
contains out '{"event":"mission","what":"given","side":"xcom","mission":"' "X-Com's drawn"
contains out '{"event":"mission","what":"given","side":"alien","mission":"' "the aliens' drawn"
expect 0 "sim: secret missions" "$xtac" sim "$tmp/x.yaml" --games 2
# What cannot be: refused with the reason, nothing written.
rm -f "$tmp/x.yaml" "$tmp/x-map.yaml"
expect 2 "new: the aliens' sabotage of a Skyranger" "$xtac" new --terrain farmland --secret alien=sabotage --seed 3 -o "$tmp/x.yaml"
contains err "alien cannot have the sabotage mission here: its best timed grenade (alien-grenade, 90 HE-2) destroys nothing in the enemy's craft or ground from a square away, the weakest there being super-tough (§7.6)" "why said"
[ -e "$tmp/x.yaml" ] || [ -e "$tmp/x-map.yaml" ] && fail "a refused encounter written"
# A refusal met while drawing leaves a map already there as it was, and
# no draft behind.
printf 'mine\n' >"$tmp/x-map.yaml"
expect 2 "new: refused over an existing map" "$xtac" new --terrain farmland --secret alien=sabotage --seed 3 -o "$tmp/x.yaml"
[ "$(cat "$tmp/x-map.yaml")" = mine ] || fail "the existing map overwritten"
ls -a "$tmp" | grep -q '^\.xtac-tmp\.' && fail "a draft left behind"
rm -f "$tmp/x-map.yaml"
expect 2 "new: sabotage with no craft out of a base" "$xtac" new --terrain farmland --craft none --secret xcom=sabotage --seed 1 -o "$tmp/x.yaml"
contains err "xcom cannot have the sabotage mission here: the enemy has neither a craft nor a base here (§2.3: the object is in its craft or base)" "why said"
expect 2 "new: a ship to capture in a base" "$xtac" new --terrain base --mission base --secret xcom=capture-ship -o "$tmp/x.yaml"
contains err "xcom cannot have the capture-ship mission here: the enemy has no craft" "why said"
for bad in xcom=steal civilian=sabotage xcom alien= xcom=none; do
	expect 2 "new: --secret $bad" "$xtac" new --terrain town --secret "$bad" -o "$tmp/x.yaml"
	contains err "--secret is SIDE=KIND, SIDE xcom or alien and KIND sabotage, capture-unit, capture-ship, capture-technology or random (§2.3), not '$bad'" "the value named"
done
expect 2 "a shipped map keeps its secrets" "$xtac" new --map farmhouse --secret xcom=random -o "$tmp/x.yaml"
contains err "farmhouse keeps its own" "the map's own said"

# Every terrain with every mission it holds, over seeds: new-property.sh.

# What it refuses.
expect 2 "no map, no terminal" sh -c "\"$xtac\" new -o \"$tmp/x.yaml\" </dev/null"
contains err "give --map MAP or --terrain T" "no map said"
expect 2 "no output" "$xtac" new --map farmhouse
contains err "-o FILE" "no output said"
expect 2 "both" "$xtac" new --map farmhouse --terrain desert -o "$tmp/x.yaml"
expect 2 "a terrain unknown" "$xtac" new --terrain moon -o "$tmp/x.yaml"
contains err "a terrain is farmland, desert, town or base, not 'moon'" "the terrain named"
expect 2 "a mission blocks do not hold" "$xtac" new --terrain town --mission sabotage -o "$tmp/x.yaml"
contains err "a map of blocks holds assault, crashed, boarding, base or terror, not 'sabotage'" "the mission named"
expect 2 "a terror site out of town" "$xtac" new --terrain farmland --mission terror -o "$tmp/x.yaml"
contains err "a terror site is in a town (§2.3: \"a city terrain is used for this mission type\")" "why not said"
expect 2 "a craft in a base" "$xtac" new --terrain base --mission crashed -o "$tmp/x.yaml"
contains err "a craft cannot land among base blocks" "why not said"
expect 2 "a base mission in a town" "$xtac" new --terrain town --mission base -o "$tmp/x.yaml"
expect 2 "a shipped map keeps its mission" "$xtac" new --map farmhouse --mission crashed -o "$tmp/x.yaml"
contains err "farmhouse keeps its own" "the map's own said"
expect 2 "a bad size" "$xtac" new --terrain desert --blocks 9x1 -o "$tmp/x.yaml"
expect 1 "a squad the map's level refuses" "$xtac" new --map tutorial --squad xcom=veterans -o "$tmp/x.yaml"
contains err "laser-rifle is technology level 2" "the squad's problem"
contains err "is written but does not load" "said"
printf 'xtac-encounter: 1\nmap: farmhouse\nseed: x\nsquads: {civilian: a}\n' >"$tmp/bad.yaml"
expect 1 "a bad encounter" "$xtac" check "$tmp/bad.yaml"
contains err "bad.yaml:3:7: bad seed 'x'" "a bad seed at its place"
contains err "bad.yaml:4:10: unknown key 'civilian'" "a bad side at its place"

finish new
