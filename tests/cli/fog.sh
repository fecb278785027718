#!/bin/sh
# xtac script --as (xtac(6), Playing as one side): the protocol as one
# side plays it.  Two games that differ only in where a Sectoid X-Com has
# not seen waits (in the doorway of the shut room, or in its corner) print
# X-Com the same bytes, paths and reach included, while the omniscient
# script tells them apart; commands for the other side and forced dice
# are refused; the seed is not X-Com's to read; a side that is not one is
# a usage error.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

map=tests/data/fog.yaml
fog_corner
fog_commands >"$tmp/in"

expect 1 "as xcom, the Sectoid in the doorway" \
    "$xtac" script --seed 1 --as xcom "$map" <"$tmp/in"
cp "$tmp/out" "$tmp/door"
expect 1 "as xcom, the Sectoid in the corner" \
    "$xtac" script --seed 1 --as xcom "$tmp/corner.yaml" <"$tmp/in"
cmp -s "$tmp/door" "$tmp/out" ||
    fail "X-Com's view differs with where the unseen Sectoid stands"
contains out '{"event":"protocol","version":1,"as":"xcom"}' \
    "the first line names the protocol and its version"
contains out "no unit called 's1'" "an unseen unit is no unit"
if grep -q '"unit":"s1"' "$tmp/out"; then
	fail "X-Com's view names the unseen Sectoid"
fi

# Without --as, everything: the two games differ.
expect 0 "omniscient, doorway" "$xtac" script --seed 1 "$map" <"$tmp/in"
cp "$tmp/out" "$tmp/door"
expect 0 "omniscient, corner" \
    "$xtac" script --seed 1 "$tmp/corner.yaml" <"$tmp/in"
cmp -s "$tmp/door" "$tmp/out" &&
    fail "the omniscient script does not tell the games apart"

# Nothing a side reads foretells the dice: the seed (here 0x9e3779b97f4a7c15)
# starts the omniscient script's game and no side's.
seed=11400714819323198485
expect 0 "omniscient, a long seed" \
    "$xtac" script --seed $seed "$map" <"$tmp/in"
contains out "\"seed\":\"$seed\"" "the omniscient game-start gives the seed"
expect 1 "as xcom, a long seed" \
    "$xtac" script --seed $seed --as xcom "$map" <"$tmp/in"
if grep -qi -e "$seed" -e 9e3779b97f4a7c15 "$tmp/out"; then
	fail "X-Com's view carries the seed"
fi

printf 'move s2 2 4\ndice 5\n' >"$tmp/in"
expect 1 "as xcom: the aliens' units and the dice are not X-Com's" \
    "$xtac" script --seed 1 --as xcom "$map" <"$tmp/in"
contains out "s2 is not yours to command" "another side's unit refused"
contains out "dice are the game's to roll" "forced dice refused"

expect 2 "as a side that is not one" "$xtac" script --as martian "$map"
contains err "no side 'martian' to play as" "the bad side named"
expect 2 "as the civilians" "$xtac" script --as civilian "$map"

finish cli-fog
