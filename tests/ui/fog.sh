#!/bin/sh
# tests/ui/fog.sh - non-interference on the screen: two hot-seat games on
# tests/data/fog.yaml that differ only in where a Sectoid X-Com cannot see
# waits in the shut room (in the doorway, or in a corner) must show X-Com
# the same screens: the map, the panel, the log, a path drawn through the
# door, the help legend; and its log never shows the seed.  Then pairs
# resumed from saves on tests/data/fog-far.yaml: a door opened out of
# X-Com's sight or not, a grenade thrown out of its sight or not; the
# whole screen X-Com is handed and its full log must be the same.  The same games
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

# Pairs resumed from saves (written by `xtac script --save`) on
# tests/data/fog-far.yaml, the aliens' round-1 phase played out of
# X-Com's sight, round 2 X-Com's (initiative 9 against 1): the whole
# screen X-Com is handed, and its full log, are the same in both.  Each
# save sits in a directory of its own, under the same name, with the map.
save() {	# save NAME COMMANDS: $TMP/NAME/game.save
	mkdir -p "$TMP/$1"
	cp tests/data/fog-far.yaml "$TMP/$1/fog-far.yaml"
	printf "$2" | "$XTAC" script --seed 4 --save "$TMP/$1/game.save" \
	    "$TMP/$1/fog-far.yaml" >"$TMP/$1/out" 2>&1
	if grep -q '"event":"error"' "$TMP/$1/out"; then
		fail "$1: the game's commands were refused"
		cat "$TMP/$1/out"
	fi
}

resumed() {	# resumed NAME: X-Com's screens of $TMP/NAME/game.save
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$TMP/$1" \
	    "ulimit -c 0; env $ENV_UTF8 XDG_DATA_HOME='$TMP/data' \
	    '$XTAC' play --load game.save;
	    echo xtac-exit=\$?; exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	expect "$1: X-Com is handed the keyboard" "X-Com's turn"
	keys Enter
	expect "$1: X-Com's map" "m move f fire"
	snap "$TMP/$1.map"
	keys C-p
	expect_gone "$1: the full log opens" "m move f fire"
	snap "$TMP/$1.log"
	keys Escape
	expect "$1: back to the map" "m move f fire"
	keys q
	expect "$1: quits" "xtac-exit=0"
}

same() {	# same A B WHAT: X-Com's screens of A and B agree
	for _v in map log; do
		if cmp -s "$TMP/$1.$_v" "$TMP/$2.$_v"; then
			ok "X-Com's $_v screen is the same whether $3"
		else
			fail "X-Com's $_v screen tells whether $3"
			diff "$TMP/$1.$_v" "$TMP/$2.$_v" | head -20
		fi
	done
}

save door 'end\nmove s2 8 5\nopen s2 n\ndice 9 1\nend\n'
save shut 'end\nmove s2 8 5\ndice 9 1\nend\n'
save thrown 'end\nprime s1 right 0\ndice 1\nthrow s1 11 2\ndice 9 1\nend\n'
save kept 'end\ndice 9 1\nend\n'
for g in door shut thrown kept; do
	resumed $g || exit 1
done
same door shut "a door was opened out of its sight"
same thrown kept "a grenade went off out of its sight"
# The pairs differ in truth: the omniscient script tells them apart.
if cmp -s "$TMP/door/out" "$TMP/shut/out" ||
    cmp -s "$TMP/thrown/out" "$TMP/kept/out"; then
	fail "the games of a pair are the same game"
fi

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
