#!/bin/sh
# tests/ui/play.sh - `xtac play` driven through tmux: the screen at start,
# Tab and the unit sheet, level switching, look, help, resizing below 80x24
# and back, mouse clicks, the ASCII and monochrome fallbacks, and that the
# terminal is given back on q, Ctrl-C, SIGTERM, SIGHUP and a crash.  Then
# play: fog of war, a move with its path and TU cost, a shot with its
# chance and terms, the combat log, ending a phase, the hot-seat hand-over
# screen (tests/data/arena.yaml, both sides human) and the computer playing
# the side no person plays (the tutorial).
#
# Run from the repository root (tests/run.sh does): sh tests/ui/play.sh
# The binary is ./xtac, or $XTAC.  Every tmux call goes to a private server
# (-L xtac-test-PID-N), so a person's own tmux is never touched; every
# server is killed on exit.  Nothing sleeps for long: each check polls the
# screen until it matches or $XTAC_UI_TIMEOUT seconds pass, and a failed
# check prints the screen it saw.  The exit status is the number of failed
# checks (0: all passed, or skipped for want of tmux or a loadable map).
XTAC=${XTAC:-./xtac}
MAP=maps/tutorial.yaml
ARENA=tests/data/arena.yaml
PLAY_ARGS=		# more arguments for xtac play (start)
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0		# servers started so far: see next_server
SOCK_PREFIX=xtac-test-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-ui.XXXXXX") || exit 1
. tests/support/tmux.sh
# Quitting saves the game: keep the saves here, not in the tester's home.
XDG_DATA_HOME=$TMP/data
export XDG_DATA_HOME

# The checks need a real map; until one loads there is nothing to play.
if ! "$XTAC" check "$MAP" >"$TMP/check" 2>&1; then
	echo "skip: $MAP does not load yet:"
	sed 's/^/  /' "$TMP/check"
	exit 0
fi
NAME=$(sed -n 's/^[^:]*: valid: "\(.*\)", .*/\1/p' "$TMP/check" | head -n 1)
LEVELS=$(sed -n 's/.*, \([0-9][0-9]*\) levels\{0,1\}, .*/\1/p' "$TMP/check" |
    head -n 1)
[ -n "$NAME" ] || NAME=$(sed -n 's/^name: *//p' "$MAP" | head -n 1)

# --- helpers ------------------------------------------------------------

format_is() {	# format_is FORMAT VALUE
	[ "$(t display -p -t xt "$1" 2>/dev/null)" = "$2" ]
}

expect_format() {	# expect_format WHAT FORMAT VALUE
	check "$1 ($2 = $3)" poll format_is "$2" "$3"
}

panel_line() {
	panel | sed -n "$1p"
}

panel_line_is_not() {	# panel_line_is_not N TEXT
	[ "$(panel_line "$1")" != "$2" ]
}

panel_line_has() {	# panel_line_has N TEXT
	panel_line "$1" | grep -F -q -e "$2"
}

status_is_not() {
	[ "$(status_line)" != "$1" ]
}

status_on_level() {
	status_line | grep -q "^ [0-9]*,[0-9]* L$1"
}

status_at() {	# status_at "X,Y Ln": the status line starts there
	case $(status_line) in " $1 "*) return 0 ;; esac
	return 1
}

map_drawn() {	# floors left of the panel
	screen | LC_ALL=$UTF8 sed 's/[|│][^|│]*$//' | grep -q '[.,_=]'
}

colourless() {	# no SGR colour (30-38) in the pane
	! t capture-pane -p -e -t xt |
	    grep -E -q "$(printf '\033')\[([0-9]+;)*3[0-8](;[0-9]+)*m"
}

# A new server for each session: reusing a socket right after kill-server
# races with the old server's exit.
next_server() {
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
}

# start ENV...: a fresh server whose one pane runs xtac play with ENV,
# from a shell that stays after it ends and prints how it ended (its status,
# or 128 + the signal), so the terminal it gave back can be inspected.  The
# shell traps the signals the checks send so only xtac dies of them (xtac
# starts with the default actions: traps do not survive exec), and a crash
# leaves no core file.  Afterwards cat holds the pane until it is killed.
# The computer plays at the random level: these checks are about the
# client, and a computer that plays well ends the tutorial in a round.
start() {
	next_server
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "ulimit -c 0; trap : INT TERM HUP; env $* '$XTAC' play --level random $PLAY_ARGS '$MAP';
	    echo xtac-exit=\$?; trap - INT TERM HUP; exec cat >/dev/null" \
	    >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if ! started "${START_TEXT:-$NAME}"; then
		fail "xtac did not start"
		return 1
	fi
	close_briefing
}

# restored WHAT STATUS: xtac ended with STATUS and gave the terminal back.
restored() {
	expect "$1: xtac ends with status $2" "xtac-exit=$2"
	expect_format "$1: off the alternate screen" '#{alternate_on}' 0
	expect_format "$1: the cursor is visible" '#{cursor_flag}' 1
	expect_format "$1: mouse reporting is off" '#{mouse_any_flag}' 0
	expect_format "$1: the keypad is back to normal" \
	    '#{keypad_cursor_flag}' 0
}

# X10 mouse report of a press and a release at a 1-based cell.
click() {	# click COLUMN ROW
	_x=$(printf '%x' $((32 + $1)))
	_y=$(printf '%x' $((32 + $2)))
	keys -H 1b 5b 4d 20 "$_x" "$_y"
	keys -H 1b 5b 4d 23 "$_x" "$_y"
}

# --- start: map and panel -----------------------------------------------

start "$ENV_UTF8" || exit 1
expect "start: the scenario's name" "$NAME"
expect "start: the level" "level 1 of"
expect "start: a unit sheet" "Armour"
expect "start: the unit list" "Units"
expect "start: key hints" "? help"
check "start: on the alternate screen" format_is '#{alternate_on}' 1
check "start: the map is drawn" map_drawn

# --- Tab: the next unit, its sheet, the cursor on it --------------------

first=$(panel_line 5)
keys Tab
check "Tab: the sheet shows another unit" poll panel_line_is_not 5 "$first"
where=$(panel_line 7 | sed 's/^ *\([0-9]*,[0-9]* L[0-9]*\).*/\1/')
check "Tab: the cursor is on that unit ($where)" poll status_at "$where"
expect "Tab: the sheet has stats" "HTH"

# --- keys that terminal descriptions may not name ----------------------

# The keypad in application mode sends ESC O q for 1: it must move the
# cursor, not read as Esc then q (quit).  Alt-q must not quit either.
before=$(status_line)
keys KP1
check "keypad 1 moves the cursor" poll status_is_not "$before"
keys M-q
sleep 0.2
check "keypad 1 and Alt-q do not quit" format_is '#{alternate_on}' 1

# --- levels -------------------------------------------------------------

if [ "${LEVELS:-1}" -gt 1 ]; then
	start "$ENV_UTF8" || exit 1
	keys '<'
	expect "'<' shows level 2" "level 2 of $LEVELS"
	check "'<': the status line says L2" poll status_on_level 2
	keys '>'
	expect "'>' shows level 1 again" "level 1 of $LEVELS"
	keys '>'
	sleep 0.2
	check "'>' stops at level 1" has "level 1 of $LEVELS"
else
	say "skip: $MAP has one level"
fi

# --- look ---------------------------------------------------------------

keys x
expect "x: the look panel" "Look"
expect "x: it names the floor" "Floor"
expect "x: it lists the edges" "North"
keys l
keys Escape
expect_gone "Esc leaves look" "Floor"
expect "Esc: the unit sheet is back" "Armour"

# --- help ---------------------------------------------------------------

keys '?'
expect "?: the keys of map mode" "Keys: map"
expect "?: what Tab does" "next unit"
# The keys fill the first page; the legend follows them.
keys NPage
expect "?: the legend" "Map"
keys PPage
expect "?: PgUp goes back to the keys" "Keys: map"
keys Escape
expect_gone "Esc closes help" "Keys: map"
keys x
expect "x again: look" "Floor"
keys '?'
expect "? in look mode: the keys of look mode" "Keys: look"
keys q
expect_gone "q closes help" "Keys: look"
keys Escape
expect_gone "Esc: back from look" "Floor"

# --- resize -------------------------------------------------------------

t resize-window -t xt -x 60 -y 20
expect "60x20: asks for a bigger terminal" \
    "enlarge the terminal to at least 80x24"
t resize-window -t xt -x 79 -y 30
expect "79x30 is still too small" "it is 79x30 now"
t resize-window -t xt -x 80 -y 24
expect_gone "80x24 is enough" "enlarge the terminal"
expect "80x24: the panel is back" "$NAME"
H=24
expect "80x24: the unit list fits" "Units"
t resize-window -t xt -x "$W" -y 30
H=30
expect "back to ${W}x30" "level 1 of"
expect_gone "back to ${W}x30: no message" "enlarge"

# --- q, Ctrl-C and signals: the terminal is given back ------------------

start "$ENV_UTF8" || exit 1
keys q
restored "q" 0

# Each ends xtac with the signal, after the terminal is put back.  A
# sanitizer build leaves SIGSEGV to the sanitizer unless told not to.
for sig in INT TERM HUP QUIT SEGV; do
	asan=
	[ "$sig" = SEGV ] &&
	    asan="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"
	start "$ENV_UTF8 $asan" || exit 1
	pid=$(xtac_pid)
	case $sig in
	INT)	keys C-c; num=2 ;;
	TERM)	kill -TERM "$pid"; num=15 ;;
	HUP)	kill -HUP "$pid"; num=1 ;;
	QUIT)	kill -QUIT "$pid"; num=3 ;;
	SEGV)	kill -SEGV "$pid"; num=11 ;;
	esac
	restored "SIG$sig" $((128 + num))
done

# The crash left its journal without an end line: the next start offers
# to resume it, and says what came back.
START_TEXT="Resume it? [Y/n]" start "$ENV_UTF8" || exit 1
check "interrupted: the offer names the file" has "An interrupted game is in"
keys y Enter
expect "interrupted: resumed" "$NAME"
expect "interrupted: it says so" "Resumed an interrupted game: "
# No command was recovered: the game opens on its briefing, like a new one.
keys Escape
sleep 0.2	# apart, or the two read as Alt-q
keys q
restored "resumed" 0

# --- ASCII, no colour, and the mouse ------------------------------------

start "$ENV_ASCII" || exit 1
check "C locale: ASCII only" ascii_only
check "NO_COLOR: no colours" colourless
# Click the last unit of the list: the sheet must show it.
row=$(screen | grep -n ' L[0-9]*$' | tail -n 1 | cut -d: -f1)
name=$(screen | sed -n "${row:-0}p" | sed 's/.*|//' |
    sed 's/  *[0-9][0-9]*TU / /' |
    sed 's/^ . \(.*[^ ]\)  *[0-9][0-9]*,[0-9]* L[0-9]*$/\1/')
# The name in the list, not in the log line the list shares its row with.
col=$(screen | sed -n "${row:-0}p" | awk -v n="$name" '{
	for (k = length($0); k > 0 && substr($0, k, 1) != "|"; k--)
		;
	j = index(substr($0, k + 1), n)
	print (j > 0 ? k + j : 0)
}')
if [ -n "$row" ] && [ -n "$name" ] && [ "${col:-0}" -gt 0 ]; then
	click "$col" "$row"
	check "mouse: a click in the list selects '$name'" \
	    poll panel_line_has 5 "$name"
else
	fail "mouse: cannot find the unit list"
fi
# A click in the middle of the map moves the cursor (and the status line).
before=$(status_line)
click $(((W - 29) / 2)) $((H / 2))
check "mouse: a click on the map moves the cursor" poll status_is_not "$before"
# The click began a move (in deployment, a placing): Esc leaves it.
keys Escape
sleep 0.3
keys q
expect "ASCII session quits" "xtac-exit=0"

# --- play: hot-seat on the arena (both sides human), seed 1 -------------

# With seed 1 X-Com has the initiative; ana (1,1) sees s2 only, s1 stands
# behind the wall.
MAP=$ARENA PLAY_ARGS="--seed 1" START_TEXT="Arena" start "$ENV_UTF8" || exit 1
unit_list() {	# the panel's unit list lines
	panel | sed -n '/Units [0-9]/,$p'
}
list_has() {
	unit_list | grep -F -q -e "$1"
}
list_lacks() {
	! list_has "$1"
}
expect "play: the log says who moves first" "X-Com move first"
check "fog: s2 in sight is listed" poll list_has "s2"
check "fog: s1 behind the wall is not" list_lacks "s1"
keys Tab
check "Tab: selects the next own unit (ben)" poll panel_line_has 5 "ben"
keys Tab
check "Tab: and back to ana" poll panel_line_has 5 "ana"
keys m
keys l l j
expect "move: the path's TU cost before confirming" \
    "Move to 3,2: 5 TU, 22 left (* can still snap-fire)"
check "move: the path is drawn" poll has ". * * ."
keys Enter
check "move: the unit has moved and spent its TU" \
    poll panel_line_has 8 "TU 22/27"
expect "move: the log says where it went" "ana moves to 3,2 L1, 22 TU left"
check "fog: s1 came into view" poll list_has "s1"
keys f
expect "fire: the chance and its terms (snap)" "ana at s1: snap"
check "fire: the chance is a percentage" poll has "% (ACC +25, snap"
keys a
expect "fire: a picks an aimed shot" "ana at s1: aimed 68% (ACC +25, aimed +50"
keys Enter
expect "fire: the log shows the outcome" "s1 takes "
keys C-p
expect "log: Ctrl-P shows the full log" "Combat log ("
expect "log: with the shot in it" "ana: aimed shot at s1"
expect "log: the roll explained" \
    "ana at s1: 68% (ACC +25, aimed +50, range -7) - rolled"
keys Escape
expect_gone "log: Esc goes back" "Combat log ("
expect "log: the map is back" "Units"
keys e
expect "end: asks first when TUs are left" "End the phase with TU left? y/n"
keys n
expect_gone "end: n goes on playing" "End the phase with TU"
keys e
expect "end: asks again" "End the phase with TU left? y/n"
keys y
expect "hot-seat: the hand-over screen" \
    "Aliens' turn - pass the keyboard, press Enter"
no_units() {	# nothing of either side: no unit glyph, no panel, no log
	! screen | grep -q -e '@' -e ' s ' -e 'Units' -e '│' -e 'ana' -e 's2'
}
check "hot-seat: the hand-over screen shows no units" no_units
keys Enter
expect "hot-seat: the aliens first read what they saw meanwhile" \
    "While you waited"
expect "hot-seat: the shot at s1 is among it" "ana: aimed shot at s1"
keys Escape
expect_gone "hot-seat: Esc goes to the map" "While you waited"
expect "hot-seat: the aliens take over" "Aliens move."
check "hot-seat: the aliens' units are listed with their TU" \
    poll list_has "27TU 10,5 L1"
keys q
expect "play: q quits" "xtac-exit=0"

# --- play: fog of war keeps where an enemy was last seen -----------------

MAP=$ARENA PLAY_ARGS="--seed 1" START_TEXT="Arena" start "$ENV_UTF8" || exit 1
keys m
keys l l j
expect "ghost: the path first" "Move to 3,2"
keys Enter
check "ghost: s1 came into view" poll list_has "s1"
# A walk leaves move mode on: the way back is picked at once.
check "ghost: still in move mode after the walk" poll has "Enter go  Esc back"
keys h h k
expect "ghost: the way back" "Move to 1,1"
keys Enter
expect "ghost: s1 is out of sight again" "X-Com lose sight of s1"
check "ghost: a '?' where s1 was last seen" poll has "│@ . . . .│. . . . ?│"
check "ghost: s1 leaves the unit list" list_lacks "s1"
keys Escape
expect "ghost: Esc leaves move mode" "m move f fire"
keys '?'
expect "help: opens" "Keys: map"
keys NPage NPage NPage
expect "help: the legend explains '?'" "an enemy last seen here"
keys q
expect_gone "help: q closes it" "an enemy last seen here"
keys q
expect "ghost: q quits" "xtac-exit=0"

# --- play: game over ----------------------------------------------------

# tests/data/duel.yaml with seed 4: X-Com first, and the aimed shot kills.
# The survivors go to a roster as the game ends (§3.1.2): its screen says
# where, or why none was written, and stderr says it again at the close.
MAP=tests/data/duel.yaml PLAY_ARGS="--seed 4 --roster xcom=$TMP/duel.roster --roster alien=$TMP/alien.roster" \
    START_TEXT="Duel" start "$ENV_UTF8" || exit 1
keys f
keys a
expect "over: the chance first" "ana at s1: aimed"
keys Enter
expect "over: the victory screen" "Game over: X-Com win"
check "over: the screen says where the roster went" has "the xcom roster (1 survivor, 20 bonus points each to spend) went to"
check "over: the roster's file named" has "$TMP/duel.roster"
check "over: the screen says why no alien roster" has "no alien unit survived: no roster written to"
check "over: the roster is there before the client closes" test -f "$TMP/duel.roster"
keys C-p
expect "over: the log says how" "Victory in round 1: X-Com win (elimination)."
keys Escape
expect "over: back to the victory screen" "Game over: X-Com win"
keys q
expect "over: q quits" "xtac-exit=0"
check "over: where the roster went" has "xtac play: the xcom roster (1 survivor"
check "over: the roster written" grep -q "roster: {games: 1, points: 20}" "$TMP/duel.roster"

# --- play: the computer plays the side no person plays ----------------------

PLAY_ARGS="--seed 1" start "$ENV_UTF8" || exit 1
# Deployment (xtac(6)) ends without asking; the computer places its own.
keys e
check "AI side: deployment ends without asking" poll lacks "End the phase"
expect "AI side: round 1 after the computer deployed" "Round 1 begins."
keys e
expect "AI side: the end is confirmed first" "End the phase with TU left?"
keys y
check "AI side: no hand-over screen" poll lacks "End the phase"
check "AI side: no hand-over screen" lacks "pass the keyboard"
keys C-p
expect "AI side: the computer plays its phase, logged" \
    "Aliens end their phase."
expect "AI side: X-Com move again" "X-Com move."
keys Escape
expect_gone "AI side: back from the log" "Combat log"
keys q
expect "AI side: q quits" "xtac-exit=0"

# --- the mouse gives orders: two clicks walk, two clicks fire ------------

# tests/data/arena.yaml at 100x30: square (x,y) is drawn at 1-based cell
# (27 + 2(x-1), 9 + 2(y-1)); ana stands on 1,1 and s1 on 10,1.
MAP=$ARENA PLAY_ARGS="--seed 1" START_TEXT="Arena" start "$ENV_UTF8" || exit 1
click 31 11
expect "mouse: a click on a square shows the way there" "Move to 3,2: 5 TU"
click 31 11
expect "mouse: a second click walks" "ana moves to 3,2 L1"
check "mouse: s1 came into view" poll list_has "s1"
click 45 9
expect "mouse: a click on an enemy aims at it" "ana at s1: snap"
click 45 9
expect "mouse: a second click fires" "ana: snap shot at s1"
# Move mode, then a click on ben (1,5): the map again, ben selected, no
# path of ana's left on the screen.
keys m
check "mouse: move mode" poll status_has "Enter go  Esc back"
click 27 17
check "mouse: a click on another unit in move mode selects it" \
    poll panel_has "@ ben"
check "mouse: and leaves move mode" poll status_has "m move f fire"
check "mouse: no path on the map" lacks "Move to"
keys q
expect "mouse: q quits" "xtac-exit=0"

# --- hot-seat: each side reads only its own secret orders -------------------

MAP=maps/farmhouse.yaml START_TEXT="Farmhouse raid" \
    PLAY_ARGS="--seed 1 --vs human" start "$ENV_UTF8" || exit 1
keys C-p
expect "orders: X-Com read theirs" "Orders for X-Com: Clear the farmhouse"
check "orders: not the aliens'" lacks "Hold the farm"
keys Escape
expect_gone "orders: back from the log" "Combat log"
# X-Com ends its deployment (no question asked): the aliens deploy next.
keys e
expect "orders: hand-over" "pass the keyboard"
keys Enter
expect_gone "orders: the aliens take over" "pass the keyboard"
expect "orders: the aliens read theirs first" \
    "Orders for Aliens: Hold the farm"
check "orders: not X-Com's" lacks "Clear the farmhouse"
keys Escape
expect_gone "orders: back to the map" "While you waited"
keys q
expect "orders: q quits" "xtac-exit=0"

# --- hot-seat: each side reads only its own secret mission (rulebook 2.3) ---

MAP=maps/desert-landing.yaml START_TEXT="Desert landing" \
    PLAY_ARGS="--seed 1 --vs human" start "$ENV_UTF8" || exit 1
keys C-p
expect "secret: X-Com read their mission" "Secret mission for X-Com:"
check "secret: not the aliens'" lacks "Secret mission for Aliens"
keys Escape
expect_gone "secret: back from the log" "Combat log"
keys e
expect "secret: the end is confirmed" "End the phase with TU left?"
keys y
expect "secret: hand-over" "pass the keyboard"
keys Enter
expect_gone "secret: the aliens take over" "pass the keyboard"
expect "secret: the aliens read theirs first" "Secret mission for Aliens:"
check "secret: not X-Com's" lacks "Secret mission for X-Com"
keys Escape
expect_gone "secret: back to the map" "While you waited"
keys q
expect "secret: q quits" "xtac-exit=0"

# --- solo as the aliens: --side alien --vs ai -------------------------------

PLAY_ARGS="--seed 1 --side alien --vs ai" start "$ENV_UTF8" || exit 1
expect "solo aliens: an alien is selected" "Sectoid · Alien"
check "solo aliens: no hand-over screen" lacks "pass the keyboard"
# The computer deployed X-Com; the aliens end theirs without asking.
keys e
expect "solo aliens: round 1 after deploying" "Aliens move."
keys e
expect "solo aliens: the end is confirmed first" "End the phase with TU left?"
keys y
expect "solo aliens: X-Com's phase was the computer's" "X-Com end their phase."
check "solo aliens: still the aliens' screen" has "Aliens"
check "solo aliens: no hand-over screen" lacks "pass the keyboard"
keys q
expect "solo aliens: q quits" "xtac-exit=0"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
