#!/bin/sh
# tests/ui/journal.sh - `xtac play` killed with SIGKILL at random moments,
# driven through tmux: the computer plays both sides of the tutorial (the
# same game every time, from the seed), and each kill leaves a journal
# whose commands are the start of that game's, which replays; the next
# `xtac play` offers to resume it, says how many commands it recovered,
# and the resumed game's save begins with every one of them.
#
# Run from the repository root (tests/run.sh does).  The binary is ./xtac,
# or $XTAC; XTAC_UI_KILLS (default 4) kills.  The exit status is the number
# of failed checks.
XTAC=${XTAC:-./xtac}
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-journal-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-journal.XXXXXX") || exit 1
. tests/support/tmux.sh

# start TEXT DATA ARGS: a fresh server running xtac play ARGS with its
# saves under DATA; wait for TEXT, or with TEXT "save" for the save (the
# computer playing both sides may be done before a screen is seen).
start() {
	_text=$1 _data=$2
	shift 2
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "env TERM=$TERMNAME LANG=$UTF8 LC_ALL=$UTF8 XDG_DATA_HOME=$_data \
	    '$XTAC' play $*; echo xtac-exit=\$?; exec cat >/dev/null" \
	    >/dev/null; then
		fail "tmux would not start"
		return 1
	fi
	if [ "$_text" = save ]; then
		poll saved "$_data" && return 0
	elif poll has "$_text"; then
		return 0
	fi
	fail "xtac did not start"
	return 1
}

resumed() {
	has "Resumed an interrupted game: $1 command" || has "Game over"
}

saved() {
	ls "$1"/xtac/saves/*.save >/dev/null 2>&1
}

# The commands of a save, without its sums, hashes and end line.
commands() {
	sed -n '/^sum 0 /,$p' "$1" | grep -v '^sum \|^hash \|^end [0-9]'
}

GAME="--seed 1 --vs ai --level random tutorial"

# The whole game, once, uninterrupted.
start save "$TMP/ref" $GAME || exit 1
ref=
for _i in $(seq 1 50); do
	ref=$(ls "$TMP"/ref/xtac/saves/*.save 2>/dev/null | head -n 1)
	_n=$(wc -l <"$ref" 2>/dev/null || echo 0)
	sleep 0.2
	[ -n "$ref" ] && [ "$_n" -gt 0 ] &&
	    [ "$_n" = "$(wc -l <"$ref")" ] && break
done
keys q
expect "reference: quits" "xtac-exit=0"
commands "$ref" >"$TMP/ref.cmds"
total=$(wc -l <"$TMP/ref.cmds")
check "reference: the computer played ($total commands)" test "$total" -gt 20

kills=${XTAC_UI_KILLS:-4}
k=0
while [ "$k" -lt "$kills" ]; do
	k=$((k + 1))
	data=$TMP/k$k
	start save "$data" $GAME || continue
	sleep "0.$(printf '%03d' $(($(od -An -N2 -tu2 /dev/urandom) % 600)))"
	kill -KILL "$(xtac_pid)"
	expect "kill $k: xtac is killed" "xtac-exit=137"
	save=$(ls "$data"/xtac/saves/*.save 2>/dev/null | head -n 1)
	if [ -z "$save" ]; then
		fail "kill $k: no save"
		continue
	fi
	commands "$save" >"$TMP/got.cmds"
	got=$(wc -l <"$TMP/got.cmds")
	check "kill $k: its $got commands begin the game's" \
	    cmp -s -n "$(wc -c <"$TMP/got.cmds")" "$TMP/got.cmds" "$TMP/ref.cmds"
	check "kill $k: the journal replays" "$XTAC" replay "$save"
	grep -q '^end [0-9]' "$save" && continue
	# Cut short: the next start offers it, and says what came back.
	# People on both sides now, so the computer does not play on.
	start "Resume it? [Y/n]" "$data" --vs human tutorial || continue
	check "kill $k: the offer names the save" has "$(basename "$save")"
	keys y Enter
	# Hot-seat: the first player takes the keyboard (not once it is over).
	TIMEOUT=3 poll has "pass the keyboard" && keys Enter
	# On the status line, or in the log; a game already over shows that.
	TIMEOUT=2 poll resumed "$got" || keys C-p
	check "kill $k: resumed, $got commands recovered" poll resumed "$got"
	# Apart, or the two read as Alt-q.
	keys Escape
	sleep 0.2
	keys q
	expect "kill $k: quits" "xtac-exit=0"
	commands "$save" >"$TMP/resumed.cmds"
	check "kill $k: the resumed save keeps all $got" cmp -s \
	    -n "$(wc -c <"$TMP/got.cmds")" "$TMP/got.cmds" "$TMP/resumed.cmds"
	check "kill $k: the resumed save replays" "$XTAC" replay "$save"
done

[ "$FAILED" -eq 0 ] && echo "journal: all passed"
exit "$FAILED"
