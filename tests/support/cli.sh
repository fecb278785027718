# tests/support/cli.sh - what the command-line tests (tests/cli/*.sh)
# share, sourced from the repository root: the binary ($XTAC or ./xtac) in
# $xtac, a scratch directory $tmp removed on exit, and checks that count
# failures in $failures.

xtac=${XTAC:-./xtac}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect STATUS DESCRIPTION COMMAND...: run it, output in $tmp/out and
# $tmp/err; a failure if it exits otherwise.
expect() {
	want=$1 what=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" != "$want" ]; then
		fail "$what: exit $got, wanted $want"
		sed 's/^/  out: /' "$tmp/out" | head -5
		sed 's/^/  err: /' "$tmp/err" | head -5
	fi
}

# contains FILE TEXT DESCRIPTION: TEXT is in $tmp/FILE.
contains() {
	if ! grep -qF -- "$2" "$tmp/$1"; then
		fail "$3: '$2' not in $1:"
		sed 's/^/  /' "$tmp/$1" | head -10
	fi
}

# finish NAME: report and exit non-zero if anything failed.
finish() {
	[ "$failures" = 0 ] || { echo "$failures failures"; exit 1; }
	echo "$1 ok"
	exit 0
}

# The fog of war's pair of games (tests/cli/fog.sh, serve-fog.sh): fog_corner
# writes $tmp/corner.yaml, tests/data/fog.yaml with the Sectoid X-Com has not
# seen (s1) moved from the doorway of the shut room to its corner;
# fog_commands prints what X-Com asks and does in its first phase.
fog_corner() {
	sed 's/id: s1, side: alien, type: sectoid, at: \[6, 3, 1\]/id: s1, side: alien, type: sectoid, at: [7, 4, 1]/' \
	    tests/data/fog.yaml >"$tmp/corner.yaml"
	cmp -s tests/data/fog.yaml "$tmp/corner.yaml" &&
	    fail "the corner game is the same map"
}

fog_commands() {
	cat <<'CMDS'
query state
query path ana 6 4
query reach ana
query unit s1
query los ana s2
move ana 3 1
turn ana e
query state
CMDS
}
