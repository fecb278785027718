#!/bin/sh
# tests/ui/target.sh - aiming at squares, a guided weapon's waypoints, floor
# items under each side's fog, the throw and medikit refusals, and the
# compact map, driven through tmux on tests/data/target.yaml (both sides
# human, seed 1: X-Com first), the crashed scout and the farmhouse.
#
# Fire mode aims at what is under the cursor: a unit in sight, else the
# square, with every term shown; v adds a waypoint for a guided weapon and
# the chance of each leg is shown; a primed grenade dropped on the floor is
# drawn (distinct from other items) for the side that sees its square and
# not for the other; t with no grenade in hand says what a throw means and
# M with no medikit refuses at once; the compact map shows the crashed
# scout whole at 80x24 and the farmhouse at 80x40 (where the grid cannot),
# Z switches to the grid, and look, fire, overlays, the mouse and the
# cursor work in both.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/target.sh
# Like play.sh: ./xtac or $XTAC, a private tmux server per session (killed
# on exit), every check polls the screen for $XTAC_UI_TIMEOUT seconds and a
# failed one prints the screen.  The exit status is 0 if every check passed
# (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/target.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=80
H=24
RUN=0
SOCK_PREFIX=xtac-target-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
. tests/support/tmux.sh

# The screen with its attributes, as escape sequences.
screen_attrs() {
	t capture-pane -e -p -t xt 2>/dev/null
}

# An underlined cell somewhere on the map (SGR 4, alone or combined).
underlined() {
	screen_attrs | grep -q "$(printf '\033')\[\([0-9]*;\)*4[;m]"
}

# help_find TEXT: page through help until TEXT shows.
help_find() {
	_hn=0
	while [ "$_hn" -lt 12 ]; do
		poll has "help: j k scroll" || return 1
		has "$1" && return 0
		keys Space
		sleep 0.2
		_hn=$((_hn + 1))
	done
	return 1
}

# ann's '@' blinks (SGR 5; with NO_COLOR no colour code holds a 5).
blinking_at() {
	screen_attrs | grep -q "$(printf '\033')\[\([0-9]*;\)*5\(;[0-9]*\)*m@"
}

# map_has TEXT: TEXT left of the panel (the map and the log).
map_has() {
	screen | LC_ALL=$UTF8 cut -c1-50 | grep -F -q -e "$1"
}

# Digits on the map: an overlay's values.
map_digits() {
	screen | LC_ALL=$UTF8 cut -c1-50 | grep -q '[0-9] [0-9] [0-9]'
}

# The ESC key alone: wait for its answer, so the next key is not read
# with it (as Alt, or the rest of an escape sequence).
esc() {
	esc_answered || fail "Esc: no answer on the screen"
}

# sheet_has TEXT: the sheet's name row (the panel's fifth) holds TEXT; the
# unit list below holds every name.
sheet_has() {
	panel | sed -n 5p | grep -F -q -e "$1"
}

# --- fire mode: a square, a guided weapon's waypoints -------------------

play_start "X-Com move first" "$ENV_UTF8" || exit 1
# ann (2,3) holds a Blaster Launcher; the wall hides s1 (9,3) from her,
# but bob (11,1) sees it, so her side does.
keys f
expect_panel "fire: the panel" "Fire"
expect_panel "fire: at s1, in her side's sight" "At     s1"
expect_panel "fire: a weapon's only mode is chosen" ">      aimed -:"
expect_panel "fire: the wall is in the way" "see s1 (wall)"
keys k k h h h h
expect_panel "fire: the cursor on a square aims at it" "At     square 5,1"
expect "fire: the status names the square" "ann at 5,1 L1: aimed"
keys v
expect_panel "waypoint: v adds the cursor's square" "Via    1: 5,1"
check "waypoint: drawn on the map, numbered" poll has "│. . . . 1 . ."
keys Z
check "waypoint: and on the compact map" poll has "│. . . . 1 . . . . . @ .│"
expect_panel "compact: the fire panel stays" "Via    1: 5,1"
keys Z
keys Tab
expect_panel "waypoint: Tab goes back to s1" "At     s1"
expect "waypoint: the guided shot's chance" "ann at s1 (guided): aimed 85%"
expect_panel "waypoint: its terms" "ACC +25, aimed +60"
check "waypoint: no range term (RULINGS 6.1)" lacks "range -"
expect_panel "waypoint: the roll at the waypoint and the target" \
    "waypoint 1: 85%,"
expect_panel "waypoint: the target 5 less (RULINGS 6.1)" "target 80%"
keys V
expect_gone "waypoint: V drops it" "Via    1: 5,1"
expect_panel "waypoint: without it, the wall again" "see s1 (wall)"
keys w v
expect "waypoint: refused for what is not guided" \
    "waypoints are for guided weapons"
esc
expect_panel "fire: Esc cancels" "Armour"

# bob (11,1, facing s, a rifle) fires at the empty square below him.
keys Tab
expect_panel "bob is selected" "bob"
keys f
expect_panel "fire: bob at s1 first" "At     s1"
keys k k l l j s
expect_panel "fire: at the square 11,2" "At     square 11,2"
expect_panel "fire: s, the snap shot" ">      snap"
expect_panel "fire: its terms, range included" "range -1"
keys Enter
expect_panel "fire: the shot's TUs are paid" "TU 21/27"
keys C-p
expect "fire: the log: a shot at the square" \
    "bob: snap shot at 11,2 L1 (rifle, 6 TU)."
expect "fire: the log: its roll, with its terms" \
    "bob at 11,2 L1: 24% (ACC +25, snap +0, range -1)"
esc
# The grid at 80x24: square (x,y) is drawn at 1-based cell (2x + 13, 2y + 5).
keys f
expect_panel "mouse: fire mode" "At     s1"
mouse_click 35 11
expect_panel "mouse: a click aims at a square" "At     square 11,3"
mouse_click 35 11
expect_panel "mouse: a second click fires there" "TU 15/27"
keys C-p
expect "mouse: the log: at that square" "bob: snap shot at 11,3 L1"
esc

# --- the refusals: M with no medikit, t with no grenade -----------------

keys M
expect "medikit: refused at once" "no medikit in hand"
check "medikit: no medikit panel" poll lacks "Treat"
keys t
expect "throw: no grenade: what a throw means" \
    "no grenade in hand: a thrown item"
expect_panel "throw: the panel says it too" "none: not a grenade"
esc
keys q
expect "quits" "xtac-exit=0"

# --- floor items: a live grenade, each side's fog -------------------------

play_start "X-Com move first" "$ENV_UTF8" || exit 1
keys p 2
expect "prime: ann primes the grenade" "ann primes grenade for 2 rounds"
keys i j d
expect "drop: on the floor" "ann drops grenade."
esc
keys m h Enter
expect "ann steps off it" "ann moves to 1,3 L1"
check "items: the live grenade is drawn" poll has "│@ ◉ . . .│"
esc
keys l
expect "items: the status line warns" "2,3 L1 · LIVE GRENADE"
keys x
expect_panel "look: lists it, live" "Items  Grenade: LIVE,"
expect_panel "look: and its timer" "primed 2"
esc
keys '?'
check "help: the live grenade in the legend" help_find "◉ live (primed) grenade"
check "help: items too" has ") items on the floor"
esc
keys Z
check "compact: the grenade still drawn" poll has "@ ◉ . . ."
keys Z
keys e
expect "end: asked" "End the phase"
keys y
expect "hand-over" "pass the keyboard"
keys Enter
expect "aliens: their phase" "R1 Aliens"
check "aliens: the grenade behind the wall is not shown" poll lacks "◉"
keys h h h h h h h
check "aliens: nor named on its square" poll lacks "LIVE GRENADE"
keys q
expect "quits" "xtac-exit=0"

# --- ASCII: the live grenade without UTF-8 -------------------------------

play_start "X-Com move first" "$ENV_ASCII" || exit 1
keys p 2 i j d
expect "ASCII: dropped" "ann drops grenade."
esc
check "ASCII: ann blinks, standing on the live grenade" poll blinking_at
keys m h Enter
expect "ASCII: ann steps off it" "ann moves to 1,3 L1"
check "ASCII: the live grenade is '\$'" poll has "|@ \$ . . .|"
check "ASCII: nothing but ASCII" ascii_only
esc
keys q
expect "quits" "xtac-exit=0"

# --- the compact map ------------------------------------------------------

# A crashed scout (22x16) whole at 80x24: only the compact map fits it.
MAP=tests/data/crashed-scout-22.yaml
play_start "Crashed small scout" "$ENV_UTF8" || exit 1
check "compact: the scout's first row" poll map_has "■ ■ ■ ■ ■ . , , . . ."
check "compact: and its last, at once" map_has "░ ░ ░ ░ ░ ♣ ░ ░ . . ♣"
check "compact: a 2x2 hovertank as a block" map_has "PPP"
keys q
expect "quits" "xtac-exit=0"

# The farmhouse (24x29) whole at 80x40, where the grid would not fit.
MAP=maps/farmhouse.yaml
H=40
play_start "Farmhouse raid" "$ENV_UTF8" || exit 1
# Compact: a row a square; the fence south of row 1 on its squares.
check "compact: the first row" poll has \
    "♣ x x x x x x x x x x x x x x x x x x x x x . ."
check "compact: and the squad on the last rows, at once" has "@↑@ @ @ @ @"
check "compact: walls on the south of squares are underlined" underlined
keys x
expect_panel "compact: look works" "At     1,28 L1"
keys k k k k
expect_panel "compact: look follows the cursor" "At     1,24 L1"
# Square (x,y) is drawn at 1-based cell (2x + 1, y + 1).
mouse_click 11 4
expect_panel "compact: a click picks the square" "At     5,3 L1"
esc
mouse_click 7 29
check "compact: a click on a unit selects it" poll sheet_has "@ Pte. Chen"
# The overlays draw on the compact map too.
keys g
expect "compact: the reach overlay" "g: 0-9 tenths of chen's TU left"
check "compact: its digits on the squares" poll map_digits
keys g
keys Z
expect "Z: the grid" "the grid: walls"
check "grid: one row a square no more" poll lacks \
    "♣ x x x x x x x x x x x x x x x x x x x x x . ."
keys Z
expect "Z: compact again" "compact: a row a"
check "compact: the whole farmhouse again" poll has \
    "♣ x x x x x x x x x x x x x x x x x x x x x . ."
keys Z
expect "Z: the grid again" "the grid: walls"
# Chosen by hand, the picture stays when the terminal grows.
t resize-window -t xt -x 132 -y 75
check "resize: the grid stays" poll has \
    "♣ . . . . . . . . . . . . . . . . . . . . . . ."
keys q
expect "quits" "xtac-exit=0"

# The game master's preview on the compact map: the Reaper (2x2) in the
# barn is one block, its inner edge cell filled.
PLAY_CMD=preview play_start "Farmhouse raid" "$ENV_UTF8" || exit 1
check "preview: compact, the 2x2 Reaper as a block" poll has "RRR"
keys q
expect "quits" "xtac-exit=0"

# A terminal where the grid fits the farmhouse: the grid is chosen.
W=132
H=75
play_start "Farmhouse raid" "$ENV_UTF8" || exit 1
check "auto: the grid where it fits" poll has \
    "♣ . . . . . . . . . . . . . . . . . . . . . . ."
check "auto: its fence on an edge row" has \
    "  x x x x x x x x x x x"
# Left to itself the map follows the terminal: compact once it is small.
t resize-window -t xt -x 80 -y 40
check "resize: compact at 80x40" poll has \
    "♣ x x x x x x x x x x x x x x x x x x x x x . ."
keys q
expect "quits" "xtac-exit=0"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
