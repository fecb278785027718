#!/bin/sh
# tests/ui/log.sh - the log under the map, driven through tmux on
# tests/data/arena.yaml (both sides human, seed 1: X-Com first).
#
# The lines of the current phase are bright and those of earlier phases
# dim, so a step's line leaves the one before it as it was (it used to be
# dimmed by age: all but the newest); a marker in the left column shows
# where the last key's answer begins and moves with each answer; lines
# added by scrolling the window equal a whole redraw; a side taking over
# reads the last phase dim and its own start bright, and the next round's
# lines are bright for the side that moves in it.  A walk a square at a
# time rewrites its line until something else is logged between.  Walking
# a square at a time stays in move mode: the hint line is the same before
# and after a step, and Esc leaves move mode.  The walk's cost is on the
# status line only (the sheet keeps the legend), after the square the
# path ends on (its last parts give way to the cost); the sheet's facing
# arrow is in the text's colour, and after a step the status line
# describes the square without the unit the sheet names.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/log.sh
# Like doors.sh: ./xtac or $XTAC, a private tmux server per session (killed
# on exit), every check polls the screen for $XTAC_UI_TIMEOUT seconds and a
# failed one prints the screen.  The exit status is 0 if every check passed
# (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/arena.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=42
RUN=0
SOCK_PREFIX=xtac-log-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-log.XXXXXX") || exit 1
. tests/support/tmux.sh

# The screen with its attributes, as escape sequences.
screen_attrs() {
	t capture-pane -e -p -t xt 2>/dev/null
}

# sgr_before TEXT: the last attribute sequence before TEXT on its line.
sgr_before() {
	screen_attrs | grep -F -e "$1" | head -n 1 |
	    awk -v t="$1" '{ print substr($0, 1, index($0, t) - 1) }' |
	    grep -o "$(printf '\033')\[[0-9;]*m" | tail -n 1
}

# dim TEXT, bright TEXT: TEXT is shown, in grey (colour 245) or not.
dim() {
	has "$1" && sgr_before "$1" | grep -q '245'
}

bright() {
	has "$1" && ! sgr_before "$1" | grep -q '245'
}

# The log's rows under the map with their attributes, panel cut off.
log_rows() {
	screen_attrs | sed -n "$((H - 5)),$((H - 1))p" |
	    LC_ALL=$UTF8 sed 's/│.*//'
}

log_rows_are() {
	[ "$(log_rows)" = "$1" ]
}

# sheet_lacks TEXT: no row above the status line holds TEXT.
sheet_lacks() {
	! screen | sed '$d' | grep -F -q -e "$1"
}

status_lacks() {
	! status_has "$1"
}

# plain_arrow TEXT: TEXT is shown with no attribute change inside it.
plain_arrow() {
	screen_attrs | grep -F -q -e "$1"
}

# width_is N: the client has laid the screen out N columns wide (the
# panel, 28 columns, right of the bar).
width_is() {
	[ "$(screen | head -n 1 | LC_ALL=$UTF8 sed 's/│.*//' |
	    LC_ALL=$UTF8 awk '{ print length($0) }')" = $(($1 - 29)) ]
}

# marked TEXT: TEXT's line starts with the marker (UTF-8, or ASCII '>').
marked() {
	screen | grep -F -e "$1" | grep -q "^\(›\|>\)$1"
}

unmarked() {
	screen | grep -F -e "$1" | grep -q "^ $1"
}

play_start "pass the keyboard" "$ENV_UTF8 XDG_DATA_HOME=$TMP/data" || exit 1
keys Enter
expect "the game starts" "Round 1: X-Com move first."
close_briefing
check "start: the phase's line is bright" poll bright "Arena.  Round 1"
check "start: the marker on the first line" poll marked "Arena.  Round 1"

keys m l
expect "step: the path" "Move to 2,1: 2 TU, 25 left"
check "step: the cost on the status line" status_has \
    "Move to 2,1: 2 TU, 25 left (* can still snap-fire)"
check "step: the cost not on the sheet too" sheet_lacks "Move to"
check "step: the square the path ends on, then the cost" status_has \
    " 2,1 L1 · grass · N wall · Move to 2,1: 2 TU, 25 left"
check "step: the sheet's legend" panel_has "* snap + move ! too far"
check "move mode: its hints" poll status_has "Enter go  Esc back"
keys Enter
expect "step: the log says it" "ana moves to 2,1 L1, 25 TU left."
check "step: the sheet's arrow in the text's colour" poll plain_arrow \
    "2,1 L1 · facing E →"
check "step: the status line describes the square" poll status_has \
    " 2,1 L1 · grass · N wall"
check "step: not the unit the sheet names" status_lacks "ana (Troop)"
check "step: still move mode, the same hints" poll status_has \
    "Enter go  Esc back"
check "step: the line before stays bright (same phase)" \
    bright "Arena.  Round 1"
check "step: the new line bright" bright "ana moves to 2,1 L1"
check "step: the marker on the new line" poll marked "ana moves to 2,1"
check "step: and off the line before" unmarked "Arena.  Round 1"
keys h
expect "step back: the path" "Move to 1,1: 2 TU, 23 left"
check "step back: the square's last part gives way to the cost" \
    status_has " 1,1 L1 · grass · N wall · Move to 1,1: 2 TU, 23 left (*"
keys Enter
expect "step back: the log says it" "ana moves to 1,1 L1, 23 TU left."
check "step back: the marker stays on the walk's line" poll marked \
    "ana moves to 1,1"
check "step back: the walk's line rewritten, not another" \
    lacks "ana moves to 2,1"
check "step back: the walk's line bright" bright "ana moves to 1,1 L1"
check "step back: the line before it as it was" unmarked "Arena.  Round 1"
check "step back: the hints are the same" status_has "Enter go  Esc back"
# Lines added by scrolling the window are what a whole redraw draws: a
# resize lays the screen out anew.
grown=$(log_rows)
t resize-window -t xt -x $((W + 1)) -y "$H"
check "resized: wider" poll width_is $((W + 1))
t resize-window -t xt -x "$W" -y "$H"
check "resized back" poll width_is "$W"
check "the log scrolled is the log redrawn" poll log_rows_are "$grown"
# Into s1's view: several lines in one answer, the marker on the first.
keys l l j
expect "into view: the path" "Move to 3,2"
keys Enter
expect "into view: the walk" "ana moves to 3,2 L1"
check "into view: the marker above, where the answer begins" poll marked \
    "X-Com spot s1."
check "into view: not on its last line" unmarked "ana moves to 3,2 L1"
keys Escape
check "Esc: back to the map's hints" poll status_has "m move f fire"
# X-Com's full log: the walk there and back is one line, and the
# sighting between it and the next walk kept that one.
keys C-p
expect "X-Com's full log" "Combat log ("
check "full log: the walk there and back, one line" \
    has "ana moves to 1,1 L1, 23 TU left."
check "full log: a line a walk, not a step" sh -c \
    "tmux -L '$SOCK' -f /dev/null capture-pane -p -t xt |
    grep -c 'ana moves to' | grep -qx 2"
keys Escape
expect_gone "X-Com's full log closes" "Combat log ("

# The aliens take over: X-Com's phase is behind them, dim.
keys e
expect "end: asked first" "End the phase with TU left? y/n"
keys y
expect "hand-over" "pass the keyboard"
keys Enter
# They saw s1's reaction: the log opens on what happened while they waited.
expect "aliens: the news first" "While you waited"
keys Escape
expect "aliens: their phase starts" "Aliens move."
check "aliens: their phase's line bright" poll bright "Aliens move."
check "aliens: the last phase's end dim" dim "X-Com end their phase."
check "aliens: s1's reaction, seen in X-Com's phase, dim" \
    dim "s1 reacts: snap shot at ana"
check "aliens: the marker where the news begins" \
    marked "X-Com end their phase."
check "aliens: X-Com's steps unseen" lacks "ana moves to"

# Round 2: the aliens won the initiative and move first again; the new
# round's lines are bright, the phase before it dim.
keys e
expect "aliens end: asked first" "End the phase with TU left? y/n"
keys y
expect "round 2" "Round 2 begins."
check "round 2: its start bright" poll bright "Round 2 begins."
check "round 2: the initiative bright" bright "Initiative: Aliens roll"
check "round 2: the aliens' last phase dim" dim "Aliens end their phase."
check "round 2: the marker where the round's answer begins" \
    marked "Aliens end their phase."
keys C-p
expect "the full log: every line" "Combat log ("
check "the full log: every line bright" bright "Arena.  Round 1"
keys Escape
expect_gone "the full log closes" "Combat log ("

# ASCII: the marker is '>'.
play_start "pass the keyboard" "$ENV_ASCII XDG_DATA_HOME=$TMP/ascii" || exit 1
keys Enter
expect "ASCII: the game starts" "Round 1: X-Com move first."
close_briefing
keys m l Enter
expect "ASCII: the step" "ana moves to 2,1 L1, 25 TU left."
check "ASCII: the marker" poll marked "ana moves to 2,1"
check "ASCII: nothing but ASCII" sh -c \
    "tmux -L '$SOCK' -f /dev/null capture-pane -p -t xt |
    LC_ALL=C grep -q '[^ -~]' && exit 1 || exit 0"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
