# tests/support/serve.sh - starting and stopping `xtac serve` in the
# tests, sourced after tests/support/cli.sh.  Each server has a NAME: its
# stdout (the tokens) in $tmp/NAME.out, its stderr in $tmp/NAME.err.
# Servers still running when the test exits are stopped.

serve_pids=
trap 'for p in $serve_pids; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT

# serve_start NAME ARGS...: start a server and wait until it listens
# (its tokens are printed); false if it exits first.
serve_start() {
	name=$1
	shift
	"$xtac" serve "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
	eval "serve_pid_$name=$!"
	serve_pids="$serve_pids $!"
	i=0
	while ! grep -q '^token gm ' "$tmp/$name.out" 2>/dev/null; do
		if ! kill -0 "$(serve_pid "$name")" 2>/dev/null; then
			wait "$(serve_pid "$name")"
			return 1
		fi
		i=$((i + 1))
		[ $i -lt 600 ] || { fail "$name: the server did not start"; return 1; }
		sleep 0.05
	done
}

serve_pid() {
	eval "echo \$serve_pid_$1"
}

# serve_token NAME SEAT: the token the server printed for the seat.
serve_token() {
	awk -v s="$2" '$1 == "token" && $2 == s { print $3 }' "$tmp/$1.out"
}

# serve_stop NAME: stop it as a user would (SIGTERM), unless the game
# over it has gone already; it must exit 0.
serve_stop() {
	p=$(serve_pid "$1")
	kill -TERM "$p" 2>/dev/null
	wait "$p" || fail "$1: the server exited $? when stopped"
}

# serve_kill NAME: SIGKILL, as a crash or a power cut would.
serve_kill() {
	p=$(serve_pid "$1")
	kill -KILL "$p"
	wait "$p" 2>/dev/null
}
