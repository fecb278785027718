#!/bin/sh
# Random command sessions for `xtac script` (under ASan/UBSan when
# XTAC=build-san/xtac, as tests/run.sh also runs it): every command and
# query with random words, squares good and bad, units alive, dead and
# unknown, forced dice that kill.  Nothing may crash, leak or trip a
# sanitizer; the exit status is 0 or 1; and the game each session saved
# (--save) replays to the very state its last "query state" printed.
#
#   XTAC_RANDOM_LINES (default 1500) lines per map, XTAC_RANDOM_SEED the
#   generator's seed (default: a new one, printed so a failure can be
#   repeated).
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

lines=${XTAC_RANDOM_LINES:-1500}
seed=${XTAC_RANDOM_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
echo "random.sh: seed $seed, $lines lines a map"

# gen SEED UNITS...: random lines on stdout.
gen() {
	awk -v seed="$1" -v n="$lines" -v units="$2" '
	function pick(s,   a, k) { k = split(s, a, " "); return a[int(rand() * k) + 1] }
	function num() { return pick("-1 0 1 2 3 4 5 6 7 8 9 10 12 16 20 99 100 101 200 2147483648") }
	function square(   r) {
		r = rand()
		if (r < 0.6) return int(rand() * 20) + 1 "," int(rand() * 16) + 1
		if (r < 0.8) return int(rand() * 20) + 1 "," int(rand() * 16) + 1 "," int(rand() * 3) + 1
		return pick("3,4x 3,4, ,4 0,0 -1,2 99999999999,1 1,1,1,1 a,b 3,,4")
	}
	function unit() { return rand() < 0.85 ? pick(units) : pick("nobody X 0 -") }
	function word(   r) {
		r = rand()
		if (r < 0.25) return unit()
		if (r < 0.40) return square()
		if (r < 0.50) return num()
		if (r < 0.60) return pick("n ne e se s sw w nw")
		if (r < 0.70) return pick("right left both implant")
		if (r < 0.78) return pick("auto snap aimed")
		if (r < 0.84) return pick("probe panic control hth head torso arm leg")
		if (r < 0.92) return pick("rifle rifle-clip pistol pistol-clip grenade medikit psi-amp plasma-pistol knife stun-rod")
		return pick("via # \\ %s %n \"\" zz")
	}
	BEGIN {
		srand(seed)
		verbs = "move move move turn kneel stand open shoot shoot shoot shoot melee reload unload pickup drop swap end end end dice dice dice psi heal prime throw draw stow query query query query query query frob"
		queries = "state unit hit hit path reach los los frob"
		for (i = 0; i < n; i++) {
			v = pick(verbs)
			if (v == "query") {
				q = pick(queries)
				line = "query " q
				if (q == "hit") line = line " " unit() " " (rand() < 0.5 ? unit() : square()) " " pick("auto snap aimed x")
				else if (q == "path") line = line " " unit() " " num() " " num()
				else if (q == "los") line = line " " unit() " " unit()
				else if (q != "state") line = line " " unit()
			} else if (v == "dice") {
				line = "dice"
				k = int(rand() * 4) + 1
				for (j = 0; j < k; j++) line = line " " pick("1 1 1 2 50 99 100 0 101")
			} else if (v == "move") {
				line = "move " unit() " " int(rand() * 20) + 1 " " int(rand() * 16) + 1
			} else {
				line = v
				k = int(rand() * 5)
				for (j = 0; j < k; j++) line = line " " word()
			}
			print line
		}
		print "query state"
	}'
}

for map in tutorial tests/data/arena.yaml tests/data/psi-lab.yaml \
    tests/data/medic-lab.yaml tests/data/actions.yaml; do
	units=$("$xtac" script --seed 1 "$map" </dev/null 2>/dev/null |
	    sed -n 's/.*"unit":"\([^"]*\)".*/\1/p' | sort -u | tr '\n' ' ')
	[ -n "$units" ] || units=$(echo "query state" |
	    "$xtac" script --seed 1 "$map" 2>/dev/null | tr '{' '\n' |
	    sed -n 's/^"unit":"\([^"]*\)".*/\1/p' | tr '\n' ' ')
	gen "$seed" "$units" >"$tmp/in"
	rm -f "$tmp/r.save"
	"$xtac" script --seed "$seed" --save "$tmp/r.save" "$map" \
	    <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -gt 1 ] || grep -q "Sanitizer\|runtime error" "$tmp/err"
	then
		fail "$map: exit $rc (seed $seed):"
		head -n 20 "$tmp/err"
		continue
	fi
	want=$(tail -n 1 "$tmp/out" | sed -n 's/.*"hash":"\([0-9a-f]*\)".*/\1/p')
	if ! "$xtac" replay "$tmp/r.save" >"$tmp/rout" 2>"$tmp/rerr"; then
		fail "$map: the session's save does not replay (seed $seed):"
		head -n 5 "$tmp/rerr"
		continue
	fi
	got=$(sed -n 's/^hash //p' "$tmp/rout")
	[ -n "$want" ] && [ "$got" = "$want" ] ||
	    fail "$map: replayed to $got, the session ended at $want (seed $seed)"
	echo "$map: $(grep -c . "$tmp/in") lines," \
	    "$(grep -c '"event":"error"' "$tmp/out") refused," \
	    "$(sed -n 's/.* \([0-9]*\) commands, .*/\1/p' "$tmp/rout") journalled"
done

finish random
