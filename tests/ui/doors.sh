#!/bin/sh
# tests/ui/doors.sh - a door spanning several squares in the client
# (rulebook §4.2: it "activates as a single unit"), driven through tmux on
# tests/data/hangar.yaml (both sides human, seed 1: X-Com first): the
# hangar's three-square door is drawn whole, its corners as door too; o
# opens every square of it for 2 TU, the log says so, and the look panel
# calls it wide.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/doors.sh
# Like actions.sh: ./xtac or $XTAC, a private tmux server per session
# (killed on exit), every check polls the screen for $XTAC_UI_TIMEOUT
# seconds and a failed one prints the screen.  The exit status is 0 if
# every check passed (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/hangar.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-doors-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-doors.XXXXXX") || exit 1
. tests/support/tmux.sh

play_start "pass the keyboard" "$ENV_UTF8 XDG_DATA_HOME=$TMP/data" || exit 1
keys Enter
expect "the game starts" "Round 1: X-Com move first."
close_briefing
# ana stands west of the door's last square; between its squares the
# corners are door as well.
expect "the wide door, closed, across its corners" "│         +   +"
expect "the door beside ana" ": : : : @+. ."
keys o
expect "o: the log says every square opened, for 2 TU" \
    "ana opens the door on the e side of 5,6 L1, all 3 squares of it, 2 TU."
expect "o: every square and corner drawn open" "│         '   +"
check "o: no square of it left shut" lacks ":+. ."
keys l x
expect_panel "look: the door is wide" "West   door, open, wide"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
