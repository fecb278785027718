#!/bin/sh
# ladder.sh - the AI's levels against each other with `xtac sim`, on the
# shipped maps and the sim maps of tests/data: for each map and each step
# of the ladder (random < easy < normal < hard), the lower level against
# itself and the upper one against it from either seat.  A step is good
# when the upper level raises its seat's share of decided games over what
# the lower level gets in that seat against itself.  Not part of `make
# check`: it plays thousands of games.
#
#	sh tests/bench/ladder.sh [GAMES [JOBS [MAP...]]]
#
# STEPS picks the steps (default "easy:normal normal:hard"; the first,
# random:easy, is off by default: easy wins nearly every game).
# Prints one line per map and step: the seat shares with Wilson's 95 %
# intervals, the gains in points, the draw rate and the friendly share.
# Run from the top of the tree after `make`.
set -eu

GAMES=${1:-200}
JOBS=${2:-1}
[ $# -gt 2 ] && shift 2 || set --
XTAC=${XTAC:-./build/xtac}
SEED=${SEED:-20261124}
STEPS=${STEPS:-easy:normal normal:hard}
if [ $# -eq 0 ]; then
	set -- maps/*.yaml tests/data/sim-field.yaml \
	    tests/data/sim-mirror.yaml tests/data/sim-town.yaml
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# cell MAP XCOM ALIEN: the JSON report of one cell, cached for the run.
cell() {
	f="$TMP/$(basename "$1" .yaml)-$2-$3.json"
	[ -s "$f" ] || "$XTAC" sim "$1" --games "$GAMES" --seed "$SEED" \
	    --jobs "$JOBS" --level "$2" --vs "$3" --json >"$f"
	echo "$f"
}

# share FILE SIDE: wins of SIDE over decided games, "k n".
share() {
	jq -r --arg s "$2" '[(.sides[] | select(.side == $s) | .wins),
	    (.games - .draws)] | "\(.[0]) \(.[1])"' "$1"
}

# wilson K N: "p lo hi" in percent.
wilson() {
	awk -v k="$1" -v n="$2" 'BEGIN {
		if (n == 0) { printf "  -  ( -   -  )"; exit }
		z = 1.959963984540054; p = k / n
		d = 1 + z * z / n; c = (p + z * z / (2 * n)) / d
		h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
		lo = c - h < 0 ? 0 : c - h; hi = c + h > 1 ? 1 : c + h
		printf "%5.1f (%4.1f-%5.1f)", 100 * p, 100 * lo, 100 * hi
	}'
}

printf '%-16s %-13s %-22s %-22s %-22s %6s %6s %6s %6s\n' map step \
    "base xcom share" "upper as xcom" "upper as alien" "+xcom" "+alien" \
    draws friend
for map in "$@"; do
	for step in $STEPS; do
		lo=${step%:*} up=${step#*:}
		base=$(cell "$map" "$lo" "$lo")
		ux=$(cell "$map" "$up" "$lo")
		ua=$(cell "$map" "$lo" "$up")
		set -- $(share "$base" xcom) $(share "$ux" xcom) \
		    $(share "$ua" alien)
		bk=$1 bn=$2 xk=$3 xn=$4 ak=$5 an=$6
		gx=$(awk -v a="$xk" -v b="$xn" -v c="$bk" -v d="$bn" \
		    'BEGIN { printf "%+.1f", b && d ? 100 * (a / b - c / d) : 0 }')
		ga=$(awk -v a="$ak" -v b="$an" -v c="$bk" -v d="$bn" \
		    'BEGIN { printf "%+.1f", b && d ? 100 * (a / b - (d - c) / d) : 0 }')
		dr=$(jq -s '[.[] | .draws] | add' "$base" "$ux" "$ua")
		gm=$(jq -s '[.[] | .games] | add' "$base" "$ux" "$ua")
		fl=$(jq -s '[.[] | .friendly_losses] | add' "$base" "$ux" "$ua")
		lt=$(jq -s '[.[] | .lost] | add' "$base" "$ux" "$ua")
		printf '%-16s %-13s %-22s %-22s %-22s %6s %6s %5.1f%% %5.1f%%\n' \
		    "$(basename "$map" .yaml)" "$lo<$up" "$(wilson "$bk" "$bn")" \
		    "$(wilson "$xk" "$xn")" "$(wilson "$ak" "$an")" "$gx" "$ga" \
		    "$(awk -v a="$dr" -v b="$gm" 'BEGIN { print 100 * a / b }')" \
		    "$(awk -v a="$fl" -v b="$lt" 'BEGIN { print b ? 100 * a / b : 0 }')"
	done
done
