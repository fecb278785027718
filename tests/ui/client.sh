#!/bin/sh
# tests/ui/client.sh - what a new player reads, driven through tmux at
# 80x24 on tests/data/words.yaml with dice typed by hand: the briefing
# before the first phase (Esc closes it, ? brings it back); the log's words
# for stun damage and for damage the armour stops; long log lines wrapped,
# not cut, in the pane and in the full-screen log, which still scrolls;
# statistics a unit lacks shown as "-"; the manual-dice box drawn with the
# locale's line drawing (UTF-8 or ASCII), never the raw ACS letters that
# TERM=xterm inside tmux would give; TERM=dumb refused with status 3 and
# the terminal untouched; and W in the preview writing the log and the
# computer's reasons to a file it names.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/client.sh
# As the other tmux tests: a private tmux server per session, killed on
# exit; each check polls the screen until it matches or $XTAC_UI_TIMEOUT
# seconds pass and prints the screen it saw on failure.
XTAC=${XTAC:-./xtac}
MAP=tests/data/words.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=80
H=24
RUN=0
SOCK_PREFIX=xtac-client-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-client.XXXXXX") || exit 1
. tests/support/tmux.sh

# start TEXT ENV ARGS...: xtac ARGS in a new session under ENV (a string of
# VAR=value words), waiting for TEXT.
start() {
	_text=$1 _env=$2
	shift 2
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "env XDG_DATA_HOME=$TMP/data $_env '$XTAC' $*;
	    echo xtac-exit=\$?; exec cat >/dev/null" >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if ! poll has "$_text"; then
		fail "xtac did not start"
		return 1
	fi
}

expect_format() {	# expect_format WHAT FORMAT VALUE
	check "$1" poll format_is "$2" "$3"
}

format_is() {
	[ "$(t display -p -t xt "$1" 2>/dev/null)" = "$2" ]
}

# The log pane: the rows between the map's frame and the status line.
log_pane() {
	screen | sed -n "$((H - 3)),$((H - 1))p" | LC_ALL=$UTF8 sed 's/[|│][^|│]*$//'
}

pane_has() {
	log_pane | grep -F -q -e "$1"
}

# No row of the log (pane or full view) ends in a cut: above the last row
# (the status line, or the full view's message).
uncut() {
	! screen | sed "${H}d" | LC_ALL=$UTF8 grep -q '…'
}

# The bar between the map and the panel (column 52) on every row but the
# status line: nothing drawn over it stayed.
bar_whole() {
	[ "$(screen | sed "${H}d" | LC_ALL=$UTF8 sed 's/^.\{51\}\(.\).*/\1/' |
	    sort -u)" = "│" ]
}

# --- the refusal of a terminal that cannot be drawn on -----------------

start "xtac-exit=" "TERM=dumb LANG=$UTF8 LC_ALL=$UTF8" play "$MAP" || exit 1
expect "TERM=dumb: refused with status 3" "xtac-exit=3"
expect "TERM=dumb: the message says why" \
    "xtac: play needs a terminal that can move its cursor; TERM=dumb cannot"
expect_format "TERM=dumb: never on the alternate screen" '#{alternate_on}' 0
expect_format "TERM=dumb: the cursor is visible" '#{cursor_flag}' 1

# --- the briefing, the log's words, wrapping ------------------------------

start "Manual dice" "$ENV_UTF8" play --dice manual --seed 1 "$MAP" || exit 1
keys 8 Enter
expect "dice: the aliens' initiative" "Roll d10 for: initiative of alien"
keys 1 Enter
# Hot-seat: the first player takes the keyboard, then reads the briefing.
expect "hot-seat: the hand-over comes first" "pass the keyboard"
keys Enter
expect "briefing: before the first phase" "Briefing: Log words"
expect "briefing: the scenario's description" "A drill ground."
check "briefing: the map is covered" lacks "Units 2"
keys Escape
expect_gone "briefing: Esc closes it" "Briefing: Log words"
keys '?'
expect "briefing: ? brings it back" "Briefing: Log words"
expect "briefing: above the keys" "Keys: map"
expect "briefing: the help names it" "help: briefing, keys, map legend"
keys Escape
expect_gone "briefing: and Esc closes it again" "Briefing: Log words"

# ana strikes s1 with the stun rod: 90 stun, no armour.
keys a
expect "melee: ana at s1" "ana at s1: melee"
keys Enter
expect "melee: the to-hit roll is asked" "Roll d100 for:"
keys 1 Enter
expect "stun: s1 is out" "s1 falls unconscious."
# bo fires an aimed shot at the Sectopod: its front armour stops it all.
keys Tab
expect_panel "bo is selected" "bo"
keys f
expect "fire: bo at pod first (s1 is down: a square)" "bo at pod:"
keys BTab
expect "fire: Shift-Tab, s1 down, shot at as its square (6.1)" "(s1): snap"
keys Tab
expect "fire: Tab, bo at pod again" "bo at pod:"
keys a Enter
expect "fire: the to-hit roll is asked" "Roll d100 for:"
keys 1 Enter
# The pane is 50 columns wide: the roll's line wraps, its result on a
# continued row under the damage's line, itself wrapped.
check "pane: the roll's result, on a continued row, indented" \
    poll pane_has "   rolled 1: hit."
check "pane: the damage's line, wrapped" pane_has "  there); HTH untouched."
check "pane: no line cut" uncut
check "the box is gone, the bar between map and panel whole" bar_whole
keys C-p
expect "log: the full view" "Combat log ("
expect "stun: the log says stun passes armour" \
    "s1 takes 90 ST: stun, past armour; stun now 90 against 30 HTH left."
check "stun: no armour side of '?'" lacks "? armour"
expect "absorbed: the armour stops it, HTH untouched" \
    "pod takes 30 AP: front armour 72 stops it (42 left there); HTH untouched."
check "absorbed: not '0 left' of HTH" lacks "(0 left)"
expect "log: the roll, its result included" "rolled 1: hit."
check "log: no line cut" uncut
keys Escape
expect_gone "log: Esc back to the map" "Combat log ("
keys q
expect "quits" "xtac-exit=0"

# --- the dice box inside tmux with TERM=xterm ------------------------------

start "Manual dice" "TERM=xterm LANG=$UTF8 LC_ALL=$UTF8" play --dice manual \
    --seed 1 "$MAP" || exit 1
check "box: UTF-8 line drawing" poll has "┌"
check "box: never the raw ACS letters" lacks "lqqq"
keys q
start "Manual dice" "TERM=xterm LANG=C LC_ALL=C" play --dice manual \
    --seed 1 "$MAP" || exit 1
check "box: ASCII corners in the C locale" poll has "+---"
check "box: never the raw ACS letters (C)" lacks "lqqq"
check "box: ASCII only" ascii_only
keys q

# --- the preview: a Reaper's sheet, W writes the log ----------------------

start "Log words" "$ENV_UTF8" preview --seed 1 "$MAP" || exit 1
check "preview: no briefing over the game master's view" lacks "Briefing: "
i=0
while [ $i -lt 6 ] && ! panel_has "Reaper · Alien"; do
	keys Tab
	sleep 0.2
	i=$((i + 1))
done
expect_panel "sheet: the Reaper" "Reaper"
expect_panel "sheet: its missing ACC and TAC as '-'" "ACC -  MAC 80  TAC -"
check "sheet: never the sentinel" lacks "2147483648"
# Keys are read in turn: W comes after the computer's phase.
keys A
keys W
expect "W: the log is written, and where" "log written to"
check "W: to the saves directory, named for the preview" \
    poll sh -c "ls '$TMP'/data/xtac/saves/words-*-preview.log >/dev/null 2>&1"
check "W: with the computer's reasons" \
    sh -c "grep -q '^AI ' '$TMP'/data/xtac/saves/words-*-preview.log"
check "W: with the game's lines" \
    sh -c "grep -q 'Log words, seed 1' '$TMP'/data/xtac/saves/words-*-preview.log"
keys q
expect "preview quits" "xtac-exit=0"

# A long log at 80x24 (the computer plays both sides of the farmhouse): the
# full view opens at its end and scrolls by rows to the top and back.
start "Farmhouse raid" "$ENV_UTF8" preview --seed 3 maps/farmhouse.yaml ||
    exit 1
# Keys are read in turn: Ctrl-P comes after both phases are played.
keys A
keys A
keys C-p
expect "scroll: the full view" "Combat log ("
check "scroll: it opens at the end, the first line above" \
    lacks "Farmhouse raid, seed 3."
keys PPage PPage PPage PPage PPage PPage PPage PPage PPage PPage
expect "scroll: PgUp reaches the top" "Farmhouse raid, seed 3."
keys j
expect_gone "scroll: j moves a row down" "Farmhouse raid, seed 3."
keys k
expect "scroll: k back up" "Farmhouse raid, seed 3."
check "scroll: no line cut" uncut
keys NPage NPage NPage NPage NPage NPage NPage NPage NPage NPage
expect_gone "scroll: PgDn goes back to the end" "Farmhouse raid, seed 3."
keys Escape
expect_gone "scroll: Esc back to the map" "Combat log ("
keys q
expect "the farmhouse preview quits" "xtac-exit=0"

[ "$FAILED" -eq 0 ] && echo "client: all passed"
exit "$FAILED"
