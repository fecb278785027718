#!/bin/sh
# Transcript tests for `xtac script`: tests/script/NAME.cmd holds commands,
# its first line naming the map and seed:
#     # map: maps/tutorial.yaml seed: 7
# and tests/script/NAME.out the exact expected output.  Every transcript runs
# twice and must give the same bytes (determinism) and match NAME.out.
#   sh tests/script/run.sh            compare (make check)
#   sh tests/script/run.sh --rewrite  rewrite every NAME.out (make golden)
cd "$(dirname "$0")/../.." || exit 2
xtac=${XTAC:-./xtac}
rewrite=false
[ "${1:-}" = --rewrite ] && rewrite=true
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
for cmd in tests/script/*.cmd; do
	[ -e "$cmd" ] || continue
	name=${cmd%.cmd}
	header=$(head -n 1 "$cmd")
	map=$(echo "$header" | sed -n 's/.*map: *\([^ ]*\).*/\1/p')
	seed=$(echo "$header" | sed -n 's/.*seed: *\([^ ]*\).*/\1/p')
	# "as: SIDE" plays the transcript as that side (--as).
	as=$(echo "$header" | sed -n 's/.* as: *\([^ ]*\).*/\1/p')
	if [ -z "$map" ] || [ -z "$seed" ]; then
		echo "$cmd: first line must be '# map: MAP seed: N'"
		status=1
		continue
	fi
	"$xtac" script --seed "$seed" ${as:+--as "$as"} "$map" <"$cmd" \
	    >"$tmp/a" 2>"$tmp/err"
	"$xtac" script --seed "$seed" ${as:+--as "$as"} "$map" <"$cmd" \
	    >"$tmp/b" 2>>"$tmp/err"
	if [ -s "$tmp/err" ]; then
		echo "$cmd: wrote to stderr:"
		cat "$tmp/err"
		status=1
	fi
	if ! cmp -s "$tmp/a" "$tmp/b"; then
		echo "$cmd: two runs differ (not deterministic)"
		diff "$tmp/a" "$tmp/b" | head -20
		status=1
	fi
	if $rewrite; then
		cp "$tmp/a" "$name.out"
		echo "rewrote $name.out"
	elif ! cmp -s "$tmp/a" "$name.out"; then
		echo "$cmd: output differs from $name.out:"
		diff "$name.out" "$tmp/a" | head -40
		status=1
	fi
done
exit $status
