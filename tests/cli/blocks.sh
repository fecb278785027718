#!/bin/sh
# Maps from blocks (xtac-map(5), BLOCKS; rulebook §4.1): every shipped
# block is a valid 5x5 map, and the shipped map built of them checks and
# plays to an end in xtac sim.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

for terrain in farmland desert town base; do
	n=$(ls maps/blocks/$terrain/*.yaml | wc -l)
	[ "$n" -ge 4 ] || fail "only $n $terrain blocks"
done
expect 0 "every block is valid" "$xtac" check -q maps/blocks/*/*.yaml
"$xtac" check maps/blocks/*/*.yaml >"$tmp/out" 2>&1
[ "$(grep -c ', 5x5, ' "$tmp/out")" = "$(ls maps/blocks/*/*.yaml | wc -l)" ] ||
    fail "a block is not 5x5"

expect 0 "the map of blocks" "$xtac" check maps/homestead.yaml
contains out '"Homestead", 15x30, 1 level' "eighteen blocks make 15x30"
contains out "xcom     human   4 units,   614 points of 700" "its squad"
expect 0 "the craft template is a valid map" "$xtac" check maps/craft/small-scout.yaml
expect 0 "it plays in sim" "$xtac" sim maps/homestead.yaml --games 3 --seed 2
contains out "3 games" "three games played"
contains out "rounds: mean" "the rounds reported"
contains out "xcom (normal)" "a side's report"

# A mistake in a grid is reported at its place in the map file.
mkdir -p "$tmp/m"
ln -s "$PWD/maps/blocks" "$tmp/m/blocks"
printf 'xtac-map: 1\nname: Bad\nblocks:\n  rows:\n    - [farmland/field, farmland/fields 90]\n' >"$tmp/m/bad.yaml"
expect 1 "an unknown block" "$xtac" check "$tmp/m/bad.yaml"
contains err "bad.yaml:5:24: block farmland/fields cannot be used:" "the block named at its place"

# A unit of 2x2 squares (a Reaper) is shut in by none of the farmland
# blocks: it walks across orchards turned every way (a tree at each
# corner, three rows free between), through a pasture's gate two squares
# wide whichever way the pasture is turned, and into the barn by its
# double door.
cat >"$tmp/m/gates.yaml" <<'EOF2'
xtac-map: 1
name: Gates
blocks:
  rows:
    - [farmland/orchard, farmland/orchard 90, farmland/orchard 180, farmland/orchard 270]
    - [farmland/barn, farmland/pasture, farmland/pasture 90, farmland/pasture 180]
    - [farmland/field, farmland/field, farmland/field, farmland/pasture 270]
scenario:
  deployment: false
sides:
  xcom: {control: human}
  alien: {control: human}
units:
  - {id: r, side: alien, type: reaper, at: [2, 2, 1]}
  - {id: t, side: xcom, type: troop, at: [20, 10, 1]}
EOF2
for to in "18 2" "3 8" "7 8" "12 8" "17 8" "17 13"; do
	printf 'query path r %s\n' "$to" >"$tmp/q"
	expect 0 "a Reaper's way to $to" sh -c "\"$xtac\" script \"$tmp/m/gates.yaml\" <\"$tmp/q\""
	contains out '"query":"path","unit":"r"' "the Reaper gets to $to"
done

finish blocks
