#!/bin/sh
# tests/ui/mapdraw.sh - the map drawn in part equals the map drawn whole,
# driven through tmux on tests/data/hangar.yaml (both sides human, seed 1:
# X-Com first).
#
# A redraw computes again only the squares whose look can have changed
# (ui-map-memo.c); a resize lays the screen out anew and draws the map
# whole.  After a door opens, a walk through it and back, the move
# preview, the compact picture and a walk on it, the screen with its
# attributes must be the same before and after a resize there and back.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/mapdraw.sh
# Like doors.sh: ./xtac or $XTAC, a private tmux server per session (killed
# on exit), every check polls the screen for $XTAC_UI_TIMEOUT seconds and a
# failed one prints the screen.  The exit status is 0 if every check passed
# (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/hangar.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-mapdraw-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-mapdraw.XXXXXX") || exit 1
. tests/support/tmux.sh

# The screen with its attributes (the map's walls are lines too: the
# panel is not cut off; it is drawn the same either way).  What tmux puts
# at the start and end of a line tells the attributes of the blanks that
# end the line, which the capture leaves out: it is dropped too.
map_rows() {
	sgr="$(printf '\033')\[[0-9;]*m"
	t capture-pane -e -p -t xt 2>/dev/null |
	    sed -e "s/^\($sgr\)*//" -e "s/\($sgr\)*\$//"
}

map_rows_are() {
	[ "$(map_rows)" = "$1" ]
}

# width_is N: the client has laid the screen out N columns wide.
width_is() {
	[ "$(screen | head -n 1 | LC_ALL=$UTF8 sed 's/│.*//' |
	    LC_ALL=$UTF8 awk '{ print length($0) }')" = $(($1 - 29)) ]
}

# same_as_whole WHAT: the map now is the map a resize draws whole.
same_as_whole() {
	sleep 0.3
	drawn=$(map_rows)
	t resize-window -t xt -x $((W + 1)) -y "$H"
	poll width_is $((W + 1)) || fail "$1: no resize"
	t resize-window -t xt -x "$W" -y "$H"
	poll width_is "$W" || fail "$1: no resize back"
	check "$1: drawn in part as drawn whole" poll map_rows_are "$drawn"
	map_rows_are "$drawn" || {
		printf '%s\n' "$drawn" >"$TMP/part"
		map_rows >"$TMP/whole"
		diff "$TMP/part" "$TMP/whole" | cat -v >&2
	}
}

play_start "pass the keyboard" "$ENV_UTF8 XDG_DATA_HOME=$TMP/data" || exit 1
keys Enter
expect "the game starts" "Round 1: X-Com move first."
close_briefing
expect "the door beside ana" ": : : : @+. ."
same_as_whole "the start"
keys o
expect "o: the door drawn open" "│         '   +"
same_as_whole "a door opened"
keys m l
same_as_whole "the move preview"
keys Enter
expect "a walk through the door" "ana moves to 6,6 L1"
same_as_whole "a walk"
keys h Enter
expect "a walk back" "ana moves to 5,6 L1"
same_as_whole "a walk back"
keys Escape Z
same_as_whole "the compact picture"
keys m l Enter
same_as_whole "a walk on the compact picture"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
