#!/bin/sh
# tests/ui/fog.sh - non-interference on the screen: two hot-seat games on
# tests/data/fog.yaml that differ only in where a Sectoid X-Com cannot see
# waits in the shut room (in the doorway, or in a corner) must show X-Com
# the same screens: the map, the panel, the log, a path drawn through the
# door, the help legend; and its log never shows the seed.  The same games
# as `xtac script --as xcom` say the same (tests/cli/fog.sh).
#
# Run from the repository root (tests/run.sh does): sh tests/ui/fog.sh
# Like play.sh: ./xtac or $XTAC, a private tmux server per session (killed
# on exit), checks poll the screen for $XTAC_UI_TIMEOUT seconds.  The exit
# status is 0 if every check passed (or tmux is missing: skipped), 1
# otherwise.
XTAC=${XTAC:-./xtac}
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-fog-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d) || exit 2
. tests/support/tmux.sh

# The other game: the Sectoid in the room's far corner instead.
sed 's/id: s1, side: alien, type: sectoid, at: \[6, 3, 1\]/id: s1, side: alien, type: sectoid, at: [7, 4, 1]/' \
    tests/data/fog.yaml >"$TMP/corner.yaml"
if cmp -s tests/data/fog.yaml "$TMP/corner.yaml"; then
	echo "FAIL: the second map is the first"
	exit 1
fi

start() {	# start MAP: X-Com's first phase of a hot-seat game on MAP
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "ulimit -c 0; env $ENV_UTF8 XDG_DATA_HOME='$TMP/data' \
	    '$XTAC' play --seed 4 '$1';
	    echo xtac-exit=\$?; exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if ! started "X-Com move first"; then
		fail "xtac did not start"
		return 1
	fi
}

# snap FILE: the screen once it has stopped changing.
snap() {
	_a=$(screen)
	_k=0
	while [ "$_k" -lt 40 ]; do
		sleep 0.1
		_b=$(screen)
		[ "$_a" = "$_b" ] && break
		_a=$_b
		_k=$((_k + 1))
	done
	printf '%s\n' "$_a" >"$1"
}

# views NAME MAP: X-Com's screens in $TMP/NAME.*: as it starts, with a
# path drawn through the door to the room's far side, and the legend.
views() {
	start "$2" || exit 1
	snap "$TMP/$1.start"
	keys m
	keys j j j
	expect "$1: a path is drawn through the door" "Move to 6,4"
	snap "$TMP/$1.path"
	keys Escape
	expect_gone "$1: the path is put away" "Enter go"
	sleep 0.3
	keys '?'
	expect "$1: the help opens" "Keys: map"
	_k=0
	while [ "$_k" -lt 8 ] && ! has "(Alien)"; do
		keys Space
		sleep 0.1
		_k=$((_k + 1))
	done
	snap "$TMP/$1.legend"
	keys Escape
	expect "$1: back to the map" "m move f fire"
	sleep 0.3
	keys q
	expect "$1: quits" "xtac-exit=0"
}

views door tests/data/fog.yaml
views corner "$TMP/corner.yaml"
for v in start path legend; do
	if cmp -s "$TMP/door.$v" "$TMP/corner.$v"; then
		ok "X-Com's $v screen is the same whichever the game"
	else
		fail "X-Com's $v screen gives the hidden Sectoid away"
		diff "$TMP/door.$v" "$TMP/corner.$v" | head -20
	fi
done
# The seed would tell every roll to come: the log gives it to no side.
if grep -q "seed 4" "$TMP/door.start"; then
	fail "X-Com's log shows the seed"
else
	ok "X-Com's log does not show the seed"
fi
if grep -q "Sectoid (Alien)" "$TMP/door.legend"; then
	ok "the legend lists the Sectoid X-Com has seen"
else
	fail "the legend lacks the Sectoid X-Com sees"
fi

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
