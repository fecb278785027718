#!/bin/sh
# tests/ui/preview.sh - `xtac preview` (the game master's view) and the
# overlays, driven through tmux on the farmhouse raid with every unit on a
# fixed square (tests/data/farm-raid.yaml) with seed 3: the
# whole map revealed (the Reaper in the barn shows, where play hides it),
# the hatching of squares a side does not see and the key choosing the
# side, the reach, sight and threat overlays with their legends, an enemy's
# full sheet, the game master giving both sides' orders with no hand-over,
# the ASCII hatch; and in play, the move preview naming the enemies that
# could react on the path, a threat overlay that counts only enemies the
# side has seen (the preview counts them all), and a squad file put on the
# map with --squad.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/preview.sh
# The binary is ./xtac, or $XTAC.  As tests/ui/play.sh: a private tmux
# server per session, killed on exit; each check polls the screen until it
# matches or $XTAC_UI_TIMEOUT seconds pass and prints the screen it saw on
# failure.  The exit status is 0 when every check passed (or tmux or the
# map is missing: skipped), else 1.
XTAC=${XTAC:-./xtac}
MAP=tests/data/farm-raid.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-preview-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
SQUAD=
. tests/support/tmux.sh

if ! "$XTAC" check "$MAP" >/dev/null 2>&1; then
	echo "skip: $MAP does not load"
	exit 0
fi

# --- helpers (as in play.sh) ---------------------------------------------

# The map window: what is left of the panel's bar, without the log.
map_area() {
	screen | sed -n "1,$((H - 5))p" | LC_ALL=$UTF8 sed 's/[|│][^|│]*$//'
}

map_has() {
	map_area | grep -q -e "$1"
}

map_lacks() {
	! map_has "$1"
}

status_lacks() {
	! status_has "$1"
}

# start COMMAND ENV...: xtac COMMAND (play or preview) on the farmhouse.
start() {
	_cmd=$1
	shift
	# Play with the random computer: these checks read the positions the
	# tests were written against, before the computer played well.
	_level=
	[ "$_cmd" = play ] && _level=${LEVEL:---level random}
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "env $* '$XTAC' $_cmd $_level $SQUAD --seed 3 '$MAP'; echo xtac-exit=\$?;
	    exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if ! poll has "Farmhouse raid"; then
		fail "xtac $_cmd did not start"
		return 1
	fi
	close_briefing
}

# log_has TEXT: in the full-screen log, whether any page shows TEXT (from
# the top, a page at a time).
log_has() {
	keys PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage
	sleep 0.2
	_k=0
	while [ "$_k" -lt 12 ]; do
		has "$1" && return 0
		keys NPage
		sleep 0.1
		_k=$((_k + 1))
	done
	return 1
}

not() {
	! "$@"
}

# tab_to TEXT: press Tab until the unit sheet shows TEXT (at most 16).
tab_to() {
	_k=0
	while [ "$_k" -lt 16 ]; do
		panel | sed -n '4,8p' | grep -F -q -e "$1" && return 0
		keys Tab
		sleep 0.1
		_k=$((_k + 1))
	done
	return 1
}

# --- play hides the Reaper; the preview shows it ------------------------

# Level 1, then K twice: the cursor 16 squares up, the view at the top
# (the barn).  The preview starts on the aliens' first unit, on level 2.
start play "$ENV_UTF8" || exit 1
keys '>' K K
sleep 0.3
check "play: the Reaper in the barn is hidden" poll map_lacks "RRR"
check "play: X-Com's list has 9 units" poll panel_has "Units 9"
keys q
expect "play quits" "xtac-exit=0"

start preview "$ENV_UTF8" || exit 1
expect "preview: the head says preview" "Farmhouse raid · preview"
check "preview: the aliens move first: their first unit is selected" \
    poll has "Sectoid Leader"
keys x
expect "look: which sides see the square (only the aliens here)" \
    "Seen   Aliens"
keys x
expect_gone "look closes" "Seen   Aliens"
keys '>' K K
check "preview: the Reaper in the barn is shown" poll map_has "RRR"
check "preview: every unit is listed" poll panel_has "Units 13"
check "preview: each side's units and points" \
    poll panel_has "X-Com 6/6 up 820/850 pts"
check "preview: the aliens' too" panel_has "Aliens 7/7 up 684/700 pts"

# --- the fog: hatched for X-Com, V picks the side ------------------------

check "fog: squares X-Com does not see are hatched" poll map_has "▒"
check "fog: its legend on the status line" poll status_has "▒ unseen by X-Com"
keys V
check "V: the aliens' fog" poll status_has "▒ unseen by Aliens"
keys V
check "V: no fog at all" poll status_lacks "unseen by"
check "V: nothing hatched" poll map_lacks "▒"
keys V

# --- overlays: reach, sight, threat --------------------------------------

keys Tab
check "Tab: the first unit (Sgt. Alvarez)" poll tab_to "Sgt. Alvarez"
keys g
check "g: the reach overlay's legend" \
    poll status_has "g: 0-9 tenths of alvarez's TU left"
check "g: the TU left under the cursor" poll status_has "27 TU left"
check "g: digits on the map" poll map_has "[0-9] [0-9] [0-9]"
keys g
check "g again: the legend goes" poll status_lacks "tenths of"
keys w
check "w: the threat overlay's legend" \
    poll status_has "w: 1-9 could react to X-Com"
check "w: the watchers of the cursor's square named" \
    poll status_has "could react: s3"
keys w
check "w again: the legend goes" poll status_lacks "could react to"
keys v
check "v: the sight of the unit at the cursor" \
    poll status_has "v: ▒ unseen by alvarez"
keys v
check "v again: back to the side's fog" poll status_has "V: ▒ unseen by X-Com"

# --- an enemy's full sheet -----------------------------------------------

check "Tab reaches the Sectoid Leader" tab_to "Sectoid Leader"
check "the enemy's sheet: side" poll panel_has "Sectoid · Alien"
check "the enemy's sheet: every stat" poll panel_has "STR 30 RET 15"
check "the enemy's sheet: its weapon" panel_has "Plasma Rifle"
check "the enemy's sheet: what it cost its side (rulebook 3.1.2)" \
    panel_has "cost 115 pts, boosts 20"

# --- the game master gives both sides' orders ----------------------------

check "Tab reaches s2, an alien (aliens move first)" tab_to "s2"
keys m j
expect "move s2: the cost" "Move to 6,5:"
keys Enter
expect "the alien moved" "s2 moves to 6,5 L1"
keys e
expect "end: asks first" "End the phase with TU left? y/n"
keys y
check "no hand-over screen in the preview" poll has "R1 X-Com"
check "still no hand-over screen" lacks "pass the keyboard"
check "Tab reaches Pte. Chen" tab_to "Pte. Chen"
keys m k
keys Enter
expect "X-Com's unit moved too" "chen moves to 10,16 L1"
check "the sheet and the selection follow the side to move" \
    poll has "R1 X-Com"
# The walk leaves move mode on: Esc back to the map first.
keys Escape
expect_gone "Esc: move mode's hints go" "Enter go  Esc back"
keys '?'
expect "help: opens" "Keys: map"
keys Space
expect "help: the overlay keys, a page down" "overlays: sight, reach, threat"
keys Space Space
expect "help: the overlays' legend" "v sight, V fog: a square not seen"
keys Escape
expect_gone "help closes" "v sight, V fog: a square not seen"
keys q
expect "preview quits" "xtac-exit=0"

# --- the computer plays a phase for the game master, reasons logged -------

start preview "$ENV_UTF8" || exit 1
keys R
expect "R before any computer phase says so" "the computer has not played"
keys A
expect "A: the aliens' phase is played" "R1 X-Com"
keys R
expect "R: the log opens on the computer's phase" \
    "AI Aliens: the computer plays this phase."
check "R: each command has its reason" has "AI Aliens: "
# The Reaper opens two doors this phase; they close at its end.
check "R: the game master reads of the doors" log_has \
    "The door on the s side of 17,8 L1 closes."
# The phase may run past a screen of log: page down to its end.
keys NPage NPage NPage NPage NPage NPage
check "R: the phase ends" poll has "Aliens end their phase."
keys Escape
expect_gone "Esc leaves the log" "Combat log"
keys q
expect "preview quits after A" "xtac-exit=0"

# The same phase in play (the same seed and level), the aliens the
# computer's: X-Com sees those doors open but not who opens them.
LEVEL="--level normal" start play "$ENV_UTF8" || exit 1
keys C-p
expect "play: the log" "Combat log ("
check "play: X-Com's log has the aliens' phase" log_has \
    "Aliens end their phase."
check "play: a door opened by someone X-Com does not see" log_has \
    "someone unseen opens the door on the s side of 17,8 L1."
check "play: nor the Reaper's TUs" not log_has "17,8 L1, 0 TU"
keys Escape
expect_gone "play: back from the log" "Combat log ("
keys q
expect "play quits" "xtac-exit=0"

# --- ASCII: the hatch is a backquote -------------------------------------

start preview "$ENV_ASCII" || exit 1
check "ASCII: only ASCII" poll ascii_only
check "ASCII: unseen squares hatched with \`" poll map_has '`'
check "ASCII: the legend" poll status_has '` unseen by X-Com'
keys q
expect "ASCII preview quits" "xtac-exit=0"

# --- play: the move preview names who could react ------------------------

# Alvarez (12,16) walking north: s3, s4 and f2, all seen, could react.
start play "$ENV_UTF8" || exit 1
keys m k k k k
check "path: the warning names the watchers" \
    poll panel_has "could react: s3, s4, f2"
check "path: on the status line too" poll status_has "could react: s3"
check "path: watched steps show their count" poll map_has " 3 "
keys Escape
expect_gone "path: Esc drops the warning" "could react"
keys q
expect "play quits again" "xtac-exit=0"

# --- threat: honest in play, omniscient in the preview -------------------

# 6,5 L1, south of s2, which X-Com has not seen: only the preview counts it.
start play "$ENV_UTF8" || exit 1
keys w y y y y y y k k k k k
check "play threat: the cursor at 6,5 L1" poll status_has " 6,5 L1 "
check "play threat: the legend" status_has "w: 1-9 could react to X-Com"
check "play threat: s2, never seen, does not count" lacks "could react: s2"
keys q
expect "play quits a third time" "xtac-exit=0"
start preview "$ENV_UTF8" || exit 1
keys '>' w b h h
check "preview threat: s2 counts at 6,5 L1" \
    poll status_has "6,5 L1 · could react: s2"
keys q
expect "preview quits again" "xtac-exit=0"

# --- a squad bought apart takes X-Com's place (--squad) -----------------

SQUADTMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-squad.XXXXXX") || exit 1
SQUAD="--squad xcom=squads/veterans.yaml" start play \
    "$ENV_UTF8 XDG_DATA_HOME=$SQUADTMP" || exit 1
check "play --squad: the squad's units fight for X-Com" \
    poll has "Sgt. Reyes"
check "play --squad: the map's own X-Com units are gone" lacks "Alvarez"
keys S
check "play --squad: S saves the game" poll has "saved to $SQUADTMP"
keys q
expect "play --squad quits" "xtac-exit=0"
check "play --squad: the save records the squad" \
    grep -q "^squad xcom 24 squads/veterans.yaml$" "$SQUADTMP"/xtac/saves/*.save
check "play --squad: the save replays" "$XTAC" replay "$SQUADTMP"/xtac/saves/*.save
rm -rf "$SQUADTMP"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
