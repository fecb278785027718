#!/bin/sh
# The size limits of maps (xtac-map(5)): a map of the engine's largest size,
# 200 by 200 squares on 8 levels, loads and plays; one square more is
# refused with the limit named.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

# map W LEVELS: an open field of W by W squares, LEVELS levels.
map() {
	awk -v w="$1" -v levels="$2" 'BEGIN {
		print "xtac-map: 1\nname: Big\nlevels:"
		top = "+"; mid = "+"; row = "|"
		for (x = 0; x < w; x++) {
			top = top "-+"; mid = mid " +"
			row = row (x ? " ." : ".")
		}
		row = row "|"
		for (z = 0; z < levels; z++) {
			print "  - picture: |"
			if (z == 0) {
				print "      " top
				for (y = 0; y < w; y++) {
					print "      " row
					print "      " (y < w - 1 ? mid : top)
				}
			} else {
				print "      " mid
				for (y = 0; y < w; y++) {
					print ""
					print "      " mid
				}
			}
		}
		print "units:"
		print "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e}"
		printf "  - {id: b, side: alien, type: sectoid, at: [%d, %d, 1], facing: w}\n", w, w
	}'
}

map 200 8 >"$tmp/big.yaml"
expect 0 "a 200x200 map of 8 levels loads" "$xtac" check "$tmp/big.yaml"
contains out "200x200, 8 levels" "its size"
printf 'move a 3 3\nquery state\n' >"$tmp/cmd"
expect 0 "and plays" sh -c "\"$xtac\" script --seed 1 \"$tmp/big.yaml\" \
    <\"$tmp/cmd\""
map 201 1 >"$tmp/wide.yaml"
expect 1 "201 squares is refused" "$xtac" check "$tmp/wide.yaml"
contains err "taller than 200 squares" "the limit is named"

finish limits
