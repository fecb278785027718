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

finish blocks
