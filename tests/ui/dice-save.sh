#!/bin/sh
# tests/ui/dice-save.sh - manual dice, saving and the log file in `xtac
# play`, driven through tmux: the dice prompt (its purpose, a bad roll
# refused, r and R), S saving (the file named and written, then replayed
# by `xtac replay`), --load resuming, W and w writing the log, and a save
# directory that cannot be made and a write that fails half way (a full
# disk, emulated by ulimit -f 0): the status line says so, the game
# goes on, the previous save stays as it was, quitting asks twice and the
# exit status is not 0.
#
# Run from the repository root (tests/run.sh does).  The binary is ./xtac,
# or $XTAC.  Every tmux call goes to a private server (-L); each check
# polls the screen until it matches or $XTAC_UI_TIMEOUT seconds pass.  The
# exit status is the number of failed checks.
XTAC=${XTAC:-./xtac}
ARENA=tests/data/arena.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-dice-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-dice.XXXXXX") || exit 1
. tests/support/tmux.sh

# Long save paths wrap: join the lines so a check can find them whole.
screen() {
	t capture-pane -p -J -t xt 2>/dev/null
}

# start TEXT ENV ARGS: a fresh server running xtac play ARGS with ENV
# from a shell that stays and prints how xtac ended; wait for TEXT.
start() {
	_text=$1 _env=$2
	shift 2
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "$PRE env TERM=$TERMNAME LANG=$UTF8 LC_ALL=$UTF8 $_env '$XTAC' play $*;
	    echo xtac-exit=\$?; exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if ! started "$_text"; then
		fail "xtac did not start"
		return 1
	fi
	close_briefing
}

SAVES=$TMP/data/xtac/saves
PRE=		# shell commands before xtac starts (ulimit)

# --- manual dice ----------------------------------------------------------

start "Manual dice" "XDG_DATA_HOME=$TMP/data" --dice manual --seed 1 \
    "$ARENA" || exit 1
expect "dice: round 1's initiative is asked" \
    "Roll d10 for: initiative of xcom: d10, the highest moves"
keys 4 2 Enter
expect "dice: a roll off the die is refused" "'42' is no d10 roll: 1 to 10"
keys 9 Enter
expect "dice: then the other side's" "Roll d10 for: initiative of alien"
keys 2 Enter
# Hot-seat: the first player takes the keyboard too, before any map.
expect "hot-seat: the first phase begins with the hand-over" \
    "pass the keyboard"
check "hot-seat: no unit shown before it" lacks "ana"
keys Enter
expect "dice: the game starts, X-Com first" "Round 1: X-Com move first."
expect "dice: the log says the dice are by hand" "Dice by hand"
keys Tab
keys f
expect "fire: ben aims at s2" "ben at s2"
keys Enter
expect "dice: the to-hit roll is asked, with its chance" \
    "Roll d100 for: to-hit: snap shot by ben at s2,"
check "dice: the prompt says what r does" has "r: the computer rolls"
keys 9 9 BSpace BSpace 1 Enter
expect "dice: the roll typed is the roll made: 1 hits" "s2 is killed"
keys S
expect "save: S says where" "saved to $TMP"
save=$(ls "$SAVES"/arena-*.save 2>/dev/null | head -n 1)
check "save: the file is there" test -f "$save"
check "save: the set-up dice are in it" grep -q '^setup-dice 9 2$' "$save"
check "save: the hand-rolled die is journalled" grep -q '^dice 1' "$save"
keys W
expect "log: W writes the log beside the save" "log written to"
log=${save%.save}-xcom.log
check "log: the file holds the log" poll grep -q "Dice by hand" "$log"
check "log: with the roll typed" grep -q "rolled 1: hit" "$log"
keys C-p
expect "log: the log view" "Combat log ("
expect "save: the log names the save's file" "saved to $save."
rm "$log"
keys w
expect "log: w in the log view writes it too" "log written to"
check "log: the file is written again" poll test -f "$log"
keys Escape
expect_gone "log: Esc goes back" "Combat log ("
keys e
expect "end: asks first" "End the phase with TU left? y/n"
keys y
expect "hot-seat: the hand-over screen" "pass the keyboard"
keys Enter
expect "hot-seat: what the aliens saw while they waited" "While you waited"
keys Escape
expect_gone "hot-seat: to the map" "While you waited"
keys q
expect "quit: the game is saved on the way out" "xtac: saved to $save"
expect "quit: exit 0" "xtac-exit=0"
check "replay: the save replays exactly" "$XTAC" replay "$save"

# --- loading: the game resumes where it was, and saves there -------------

start "Resumed from" "XDG_DATA_HOME=$TMP/data" --load "$save" || exit 1
expect "load: the log says so" "Resumed from"
# The save was made in the aliens' phase: X-Com moved first, the aliens now.
expect "load: the banner names the side to move now" \
    "Round 1: Aliens to move."
keys C-p
expect "load: the log holds the game before the save" "s2 is killed."
expect "load: with the hand-rolled die" "rolled 1: hit"
keys Escape
expect_gone "load: back from the log" "Combat log ("
keys q
expect "load: quitting saves to the same file" "xtac: saved to $save"
check "load: and the save still replays" "$XTAC" replay "$save"

# --- a write that fails half way (a full disk): the old save stays ----------

cp "$save" "$TMP/before.save"
# No file may grow past 0 blocks (SIGXFSZ ignored): like a full disk,
# every write fails (EFBIG).
# The resumed game's journal cannot be begun: said at once.
PRE="ulimit -f 0; trap '' XFSZ;" start "not saved, the game goes on" \
    "XDG_DATA_HOME=$TMP/data TMPDIR=$TMP" --load "$save" || exit 1
keys S
expect "full: the status line says the game goes on" \
    "not saved, the game goes on"
keys '?'
expect "full: the game goes on (help opens)" "move the cursor"
keys Escape
expect_gone "full: help closes" "move the cursor"
keys q
expect "full: the first q says the game would be lost" "q again quits"
keys q
expect "full: quitting says why the game was not saved" \
    "xtac: the game was not saved: cannot write $save: File too large"
expect "full: not exit 0" "xtac-exit=3"
check "full: the previous save is intact" cmp -s "$save" "$TMP/before.save"
check "full: no temporary file is left" test "$(ls -A "$SAVES" |
    grep -c '^\.xtac-tmp')" -eq 0

# --- R: the computer rolls from now on -------------------------------------

start "Manual dice" "XDG_DATA_HOME=$TMP/data" --dice manual --seed 1 \
    "$ARENA" || exit 1
keys R
expect "dice: after R the game starts without asking again" \
    "pass the keyboard"
keys Enter
expect "dice: the first phase" "move first."
keys q
expect "R: exit 0" "xtac-exit=0"

# --- hot-seat: a roll between phases is asked over no map ------------------

start "Manual dice" "XDG_DATA_HOME=$TMP/between" --dice manual --seed 1 \
    "$ARENA" || exit 1
keys 9 Enter
expect "between: the aliens' initiative" "Roll d10 for: initiative of alien"
keys 2 Enter
expect "between: X-Com takes the keyboard" "pass the keyboard"
keys Enter
expect "between: X-Com's map" "Units "
keys e
expect "between: X-Com ends" "End the phase with TU left? y/n"
keys y
expect "between: the aliens take the keyboard" "pass the keyboard"
keys Enter
expect_gone "between: the aliens' map" "pass the keyboard"
# Esc leaves the log if it opened on what the aliens saw; the escape
# delay passes before the next key.
keys Escape
expect "between: on the aliens' map" "Units "
sleep 0.5
keys e
expect "between: the aliens end" "End the phase with TU left? y/n"
keys y
# The round ends with the aliens' phase: its initiative is asked over a
# blank screen, not over the aliens' map, for X-Com may move next.
expect "between: the next round's initiative" "Roll d10 for: initiative of"
check "between: asked over no map" lacks "Units "
keys 5 Enter
expect "between: then the aliens'" "Roll d10 for: initiative of alien"
check "between: still over no map" lacks "Units "
keys 3 Enter
expect "between: X-Com takes the keyboard for round 2" "pass the keyboard"
keys q
expect "between: exit 0" "xtac-exit=0"

# --- a save directory that cannot be made ----------------------------------

: >"$TMP/file"
start "Arena" "XDG_DATA_HOME=$TMP/file TMPDIR=$TMP" --seed 1 "$ARENA" || exit 1
keys S
expect "unwritable: the status line says so" "not saved, the game goes on"
keys C-p
expect "unwritable: the log says why" "cannot make $TMP/file/xtac"
keys Escape
expect_gone "unwritable: back from the log" "Combat log ("
keys Tab
expect "unwritable: the game goes on" "ben"
keys q
expect "unwritable: the first q says the game would be lost" \
    "q again quits"
keys Tab
expect "unwritable: the game is still on" "ben"
keys q q
expect "unwritable: quitting says the game was not saved" \
    "xtac: the game was not saved: cannot make $TMP/file/xtac"
expect "unwritable: not exit 0" "xtac-exit=3"
expect "unwritable: the game is not thrown away" "the whole game is in $TMP"
rescued=$(ls "$TMP"/xtac-rescued-*.save 2>/dev/null | head -n 1)
check "unwritable: the rescued game replays" "$XTAC" replay "$rescued"

# --- a solo game resumes with the same players --------------------------

solo=$TMP/solo.save
start "Tutorial" "XDG_DATA_HOME=$TMP/data" --seed 1 --side alien --vs ai \
    --level easy maps/tutorial.yaml || exit 1
expect "solo: the aliens are the player's" "Sectoid · Alien"
keys q
expect "solo: saved on quitting" "xtac: saved to "
check "solo: the save says who played" grep -q \
    "^players xcom=ai alien=human level=easy$" "$SAVES"/tutorial-*.save
cp "$SAVES"/tutorial-*.save "$solo"
start "Resumed from" "XDG_DATA_HOME=$TMP/data" --load "$solo" || exit 1
expect "solo: resumed, the aliens are still the player's" "Sectoid · Alien"
check "solo: no hand-over screen (X-Com is the computer's)" \
    lacks "pass the keyboard"
keys q
expect "solo: exit 0" "xtac-exit=0"

[ "$FAILED" -eq 0 ] && echo "dice-save: all passed"
exit "$FAILED"
