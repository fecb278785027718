# tests/support/tmux.sh - what every tmux test of the client shares,
# sourced by tests/ui/*.sh after they set their variables:
#
#   XTAC      the binary (made absolute here; the test is skipped without
#             tmux and fails without the binary)
#   SOCK_PREFIX  private tmux servers are SOCK_PREFIX-0, -1 ... (RUN is the
#             last one started, SOCK the current); all are killed on exit
#   TMP       a scratch directory removed on exit (may be unset)
#   TIMEOUT   seconds a poll waits
#   FAILED    failed checks so far
#
# Every tmux call goes to a private server (-L), so a person's own tmux is
# never touched.  Nothing sleeps for long: checks poll the screen until it
# matches or TIMEOUT passes, and a failed check prints the screen it saw.
# Then: ENV_UTF8 and ENV_ASCII (environments for xtac), and the helpers.

# kill_server SOCKET: kill a server, then whatever its panes still run (a
# check that failed half way may leave xtac in a shell that traps SIGHUP).
kill_server() {
	_p=$(tmux -L "$1" list-panes -a -F '#{pane_pid}' 2>/dev/null)
	tmux -L "$1" kill-server >/dev/null 2>&1
	for _g in $_p; do
		kill -KILL -- "-$_g" >/dev/null 2>&1
	done
}

tmux_cleanup() {
	_i=0
	while [ "$_i" -le "$RUN" ]; do
		kill_server "$SOCK_PREFIX-$_i"
		_i=$((_i + 1))
	done
	[ -z "$TMP" ] || rm -rf "$TMP"
}
trap tmux_cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

if ! command -v tmux >/dev/null 2>&1; then
	echo "skip: tmux is not installed"
	exit 0
fi
case $XTAC in /*) ;; *) XTAC=$PWD/$XTAC ;; esac
if [ ! -x "$XTAC" ]; then
	echo "FAIL: no binary at $XTAC (run make first)"
	exit 1
fi
if infocmp tmux-256color >/dev/null 2>&1; then
	TERMNAME=tmux-256color
else
	TERMNAME=screen
fi
UTF8=C.UTF-8
locale -a 2>/dev/null | grep -qi '^c\.utf-\{0,1\}8$' || UTF8=en_US.UTF-8
ENV_UTF8="TERM=$TERMNAME LANG=$UTF8 LC_ALL=$UTF8"
ENV_ASCII="TERM=$TERMNAME LANG=C LC_ALL=C NO_COLOR=1"

t() {
	tmux -L "$SOCK" -f /dev/null "$@"
}

screen() {
	t capture-pane -p -t xt 2>/dev/null
}

say() {
	printf '%s\n' "$*"
}

ok() {
	say "ok - $*"
}

# fail WHAT: report with the screen, count it, and go on.
fail() {
	say "FAIL: $*"
	say "--- screen ($(t display -p -t xt \
	    '#{window_width}x#{window_height}' 2>/dev/null)) ---"
	screen
	say "--- end of screen ---"
	FAILED=$((FAILED + 1))
}

# check WHAT COMMAND...: ok if COMMAND succeeds, else a failure.
check() {
	_what=$1
	shift
	if "$@"; then
		ok "$_what"
	else
		fail "$_what"
	fi
}

# poll COMMAND...: run COMMAND until it succeeds or the timeout passes.
poll() {
	_n=$((TIMEOUT * 20))
	while [ "$_n" -gt 0 ]; do
		"$@" && return 0
		sleep 0.05
		_n=$((_n - 1))
	done
	return 1
}

has() {
	screen | grep -F -q -e "$1"
}

either() {	# either A B: A or B on the screen
	has "$1" || has "$2"
}

# started TEXT: xtac shows TEXT, through the hand-over screen a hot-seat
# game opens on (the first player takes the keyboard with Enter).
started() {
	poll either "$1" "pass the keyboard" || return 1
	if ! has "$1"; then
		keys Enter
		# A new game's briefing may follow, over the map.
		poll either "$1" "Briefing: " || return 1
	fi
	return 0
}

lacks() {
	! has "$1"
}

expect() {	# expect WHAT TEXT: wait for TEXT on the screen
	check "$1" poll has "$2"
}

expect_gone() {	# expect_gone WHAT TEXT: wait for TEXT to go
	check "$1" poll lacks "$2"
}

# keys KEY...: send keys.  After an Esc, wait a little: the client drops
# whatever comes with an Esc (it cannot tell Esc and a key from Alt-key or a
# stray escape sequence), so a key sent before it has read the Esc alone
# would be lost on a loaded machine.
keys() {
	t send-keys -t xt "$@"
	for _keys_sent in "$@"; do
		case $_keys_sent in Escape|Esc|C-\[) sleep 0.3; break ;; esac
	done
}

# esc_answered: Esc, then wait for the screen to change.  The client drops
# whatever comes with an Esc (see keys), so the next key is safe only once
# it has read the Esc alone, and it has when its answer is drawn: a delay
# alone is not enough on a loaded machine.  For an Esc that closes
# something (a mode, look, help, the log), whose answer changes the screen;
# call it once the previous key's answer is on the screen.
esc_answered() {
	_esc_before=$(screen)
	t send-keys -t xt Escape
	poll screen_differs "$_esc_before"
}

screen_differs() {
	[ "$(screen)" != "$1" ]
}

# The panel: what is right of the last vertical bar on each line.
panel() {
	screen | LC_ALL=$UTF8 sed 's/.*[|│]//'
}

panel_has() {
	panel | grep -F -q -e "$1"
}

expect_panel() {
	check "$1" poll panel_has "$2"
}

status_line() {
	screen | sed -n "${H}p"
}

status_has() {	# status_has TEXT: the status line holds TEXT
	status_line | grep -F -q -e "$1"
}

# close_briefing: a new game of a map with a description opens on the
# briefing, drawn with the rest of the first screen; checks that start
# from the map close it (and fail if Esc does not).
close_briefing() {
	has "Briefing: " || return 0
	keys Escape
	poll lacks "Briefing: " || fail "Esc did not close the briefing"
}

ascii_only() {
	! screen | LC_ALL=C grep -q '[^ -~]'
}

# play_start TEXT ENV...: a fresh server (the next SOCK) running `xtac play
# --seed 1 MAP` (PLAY_CMD instead of play if set) in a W x H window with
# ENV, until TEXT shows; the briefing, if any, is closed.
play_start() {
	_text=$1
	shift
	kill_server "$SOCK"
	RUN=$((RUN + 1))
	SOCK=$SOCK_PREFIX-$RUN
	if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
	    "ulimit -c 0; env $* '$XTAC' ${PLAY_CMD:-play} --seed 1 '$MAP';
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

# X10 mouse report of a press and a release at a 1-based cell.
mouse_click() {	# mouse_click COLUMN ROW
	_x=$(printf '%x' $((32 + $1)))
	_y=$(printf '%x' $((32 + $2)))
	keys -H 1b 5b 4d 20 "$_x" "$_y"
	keys -H 1b 5b 4d 23 "$_x" "$_y"
}

# The pid of xtac: the child of the pane's shell.  Read from /proc (field 4
# of stat, after the command name in parentheses, which may hold spaces):
# a minimal system has no ps.
xtac_pid() {
	_pp=$(t display -p -t xt '#{pane_pid}')
	for _f in /proc/[0-9]*/stat; do
		_s=$(cat "$_f" 2>/dev/null) || continue
		_pid=${_s%% *}
		_s=${_s##*) }
		set -- $_s
		[ "$2" = "$_pp" ] && echo "$_pid"
	done
}
