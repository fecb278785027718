#!/bin/sh
# tests/ui/new.sh - `xtac new` on a terminal (xtac(6)): with no --map or
# --terrain it asks for each choice in turn, its default in brackets, asks
# again after an answer it cannot take, and writes an encounter that check
# passes.
#
# Run from the repository root (tests/run.sh does).  The binary is ./xtac,
# or $XTAC.  The exit status is the number of failed checks.
XTAC=${XTAC:-./xtac}
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-new-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-new.XXXXXX") || exit 1
. tests/support/tmux.sh

RUN=1
SOCK=$SOCK_PREFIX-$RUN
if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
    "env $ENV_UTF8 '$XTAC' new; echo xtac-exit=\$?; exec cat >/dev/null" \
    >/dev/null; then
	fail "tmux would not start"
	exit 1
fi
expect "asks for the map" "Map: a shipped map or a file, or blocks of farmland, desert, town or base [farmland]:"
keys d e s e r t Enter
expect "asks for the mission" "Mission (assault, crashed, boarding, base, terror) [assault]:"
keys s a b o t a g e Enter
expect "a mission blocks do not hold is asked again" "a map of blocks holds assault, crashed, boarding, base or terror, not 'sabotage'"
keys t e r r o r Enter
expect "a terror site out of town is asked again" "a terror site is in a town"
keys c r a s h e d Enter
expect "asks for X-Com's craft" "X-Com's craft: skyranger, lightning, avenger or none [skyranger]:"
keys s m a l l - s c o u t Enter
expect "a UFO for X-Com is asked again" "an X-Com craft, or none, not 'small-scout'"
keys Enter
expect "asks for the aliens' craft" "The aliens' craft: a UFO of maps/craft/, or none [small-scout]:"
keys Enter
expect "asks for the size" "Size in blocks of 5x5 squares, or fit (to the craft) [fit]:"
keys Enter
expect "asks for the level" "Technology level (1 to 4) [4]:"
keys 2 Enter
expect "asks for the points" "Points each side may spend (0: no budget) [0]:"
keys 7 0 0 Enter
expect "asks for X-Com's secret mission" "X-Com's secret mission: none, random, sabotage or capture-unit, -ship, -technology [none]:"
keys s t e a l Enter
expect "a secret mission unknown is asked again" "none or a secret mission, not 'steal'"
t send-keys -t xt -l "capture-ship"
keys Enter
expect "asks for the aliens' secret mission" "The aliens' secret mission [none]:"
keys Enter
expect "asks for the X-Com squad" "The X-Com squad: a shipped squad or a squad file [veterans]:"
keys Enter
expect "asks for the alien squad" "The alien squad: a shipped squad or a squad file [raiders]:"
keys Enter
expect "asks for the seed" "Seed ["
keys 5 Enter
expect "asks where to write it" "Write it to [encounter.yaml]:"
t send-keys -t xt -l "$TMP/gm.yaml"
keys Enter
expect "says what it wrote" "wrote $TMP/gm.yaml and its map $TMP/gm-map.yaml"
expect "summarises it" "\"Desert crashed\", 15x20, crashed"
expect "ends well" "xtac-exit=0"
check "the encounter checks" "$XTAC" check -q "$TMP/gm.yaml"
check "its seed" grep -q "^seed: 5$" "$TMP/gm.yaml"
check "its level and points" grep -q "tech-level: 2" "$TMP/gm-map.yaml"
check "its secret mission" grep -q "capture-ship: scout" "$TMP/gm-map.yaml"
check "the same as the flags make" "$XTAC" new --terrain desert --mission crashed --tech 2 --points 700 --secret xcom=capture-ship --seed 5 -o "$TMP/flags.yaml"
check "the same map" cmp -s "$TMP/gm-map.yaml" "$TMP/flags-map.yaml"

# The input ending (Ctrl-D) writes nothing.
RUN=2
SOCK=$SOCK_PREFIX-$RUN
t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
    "env $ENV_UTF8 '$XTAC' new; echo xtac-exit=\$?; exec cat >/dev/null" \
    >/dev/null || fail "tmux would not start"
expect "asks again" "[farmland]:"
keys C-d
expect "Ctrl-D: said" "the input ended: nothing written"
expect "Ctrl-D: exit 3" "xtac-exit=3"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
