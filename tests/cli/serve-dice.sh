#!/bin/sh
# Manual dice through xtac serve (xtac(6), GAME SERVER, Manual dice): each
# die a line needs is asked of a seat, as {"event":"roll",...} on join
# --script's output, and the next input line is its value, checked by the
# server (0 and a word are asked again); its words name a unit the seat
# does not see "someone unseen", as the hot-seat client does; a die that
# names a unit of the other side its own player sees goes to that seat, so
# X-Com's seat is told nothing of the Sectoid behind it; the journal keeps
# the dice ahead of their command and replays; the dice a seat gave while
# it was away are asked again when it joins.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh
. tests/support/serve.sh

map=tests/data/behind.yaml

# replays SAVE WHAT: the journal $tmp/SAVE replays exactly.
replays() {
	expect 0 "$2: replay" "$xtac" replay "$tmp/$1"
	contains out "exactly" "$2"
}

# 1. The computer plays the aliens: X-Com's seat rolls every die of its
# move, s1's reaction included, without learning s1's name.
serve_start d1 --seed 1 --dice manual --ai alien --save "$tmp/d1.save" \
    --listen "$tmp/d1.sock" "$map"
printf 'move ana 6 1\n0\nsix\n9\n1\n50\n5\nquery state\n' >"$tmp/d1.cmd"
expect 0 "xcom's move, the dice its own" "$xtac" join --side xcom \
    --token "$(serve_token d1 xcom)" --script "$tmp/d1.sock" <"$tmp/d1.cmd"
contains out '{"event":"roll","sides":100,"for":"reaction: someone unseen'"'"'s d100 + RET 15 against ana"}' \
    "the watcher's roll asked, its name hidden"
contains out '"error":"a d100 roll is a whole number, 1 to 100"}' \
    "0 and a word asked again"
[ "$(grep -c '"error":"a d100' "$tmp/out")" = 2 ] ||
    fail "two wrong answers, not two errors"
contains out '{"event":"roll","sides":10,"for":"where someone unseen'"'"'s missed shot goes' \
    "the missed shot's direction asked"
contains out '"event":"roll","what":"hit","unit":"someone unseen","target":"ana","chance":20,"roll":50' \
    "the to-hit die is the one given"
if grep -q '"s1\|s1'"'"'s' "$tmp/out"; then
	fail "X-Com's seat is told s1's name"
fi
serve_stop d1
contains d1.save "dice 9 1 50 5" "the dice journalled ahead of the move"
replays d1.save "the manual dice replay"

# 2. Two people: the dice of s1's reaction are the aliens' to roll (their
# player sees s1 and ana); X-Com's seat is asked none and told nothing of
# them.  The aliens' end of phase rolls round 2's initiative.
serve_start d2 --seed 1 --dice manual --save "$tmp/d2.save" \
    --listen "$tmp/d2.sock" "$map"
printf '9\n1\n50\n5\nend\n7\n3\n' >"$tmp/alien.cmd"
"$xtac" join --side alien --token "$(serve_token d2 alien)" --script \
    "$tmp/d2.sock" <"$tmp/alien.cmd" >"$tmp/alien.out" 2>"$tmp/alien.err" &
apid=$!
printf 'move ana 6 1\nend\nquery state\n' >"$tmp/xcom.cmd"
expect 0 "xcom's move, the dice the aliens'" "$xtac" join --side xcom \
    --token "$(serve_token d2 xcom)" --script "$tmp/d2.sock" <"$tmp/xcom.cmd"
wait $apid || fail "the aliens' join exited $?: $(cat "$tmp/alien.err")"
if grep -q '"event":"roll","sides"' "$tmp/out"; then
	fail "X-Com's seat is asked a die of s1's"
fi
if grep -q 's1' "$tmp/out"; then
	fail "X-Com's seat is told s1's name"
fi
contains alien.out '{"event":"roll","sides":100,"for":"reaction: s1'"'"'s d100 + RET 15 against ana"}' \
    "the aliens roll their watcher's die"
contains alien.out '{"event":"roll","sides":100,"for":"to-hit: snap shot by s1 at ana, 20 or less hits"}' \
    "and its shot"
contains alien.out '{"event":"roll","sides":10,"for":"initiative of xcom: d10, the highest moves first"}' \
    "the aliens' end rolls the initiative"
contains out '{"event":"initiative","side":"xcom","d10":7}' \
    "X-Com reads the initiative the aliens rolled"

serve_stop d2
replays d2.save "the two people's dice replay"

# 3. A die asked of a seat that is away waits for it, lines meanwhile
# refused; when the seat joins it is asked.
serve_start d3 --seed 1 --dice manual --save "$tmp/d3.save" \
    --listen "$tmp/d3.sock" "$map"
printf 'move ana 6 1\nquery state\n' >"$tmp/a.cmd"
"$xtac" join --side xcom --token "$(serve_token d3 xcom)" --script \
    "$tmp/d3.sock" <"$tmp/a.cmd" >"$tmp/xcom3.out" 2>"$tmp/xcom3.err" &
xpid=$!
i=0
while :; do
	echo "query state" | "$xtac" join --side gm \
	    --token "$(serve_token d3 gm)" --script "$tmp/d3.sock" \
	    >"$tmp/gm.out" 2>"$tmp/gm.err"
	grep -q "awaited" "$tmp/gm.err" && break
	i=$((i + 1))
	[ $i -lt 100 ] || { fail "the die owed is never awaited"; break; }
	sleep 0.1
done
contains gm.err "a d100 roll is awaited from the alien seat" \
    "the game master's line waits for the die"
printf '%s\n' 9 1 50 5 >"$tmp/c.cmd"
expect 0 "the aliens join and roll" "$xtac" join --side alien \
    --token "$(serve_token d3 alien)" --script "$tmp/d3.sock" <"$tmp/c.cmd"
contains out '{"event":"roll","sides":100,"for":"reaction: s1' \
    "the aliens joining are asked the die"
wait $xpid || fail "xcom's join exited $?: $(cat "$tmp/xcom3.err")"
contains xcom3.out '"event":"missed","unit":"someone unseen"' \
    "the move played once the dice came"
serve_stop d3
replays d3.save "the late dice replay"

expect 2 "a dice mode that is none" "$xtac" serve --dice some \
    --listen "$tmp/x.sock" "$map"
contains err "--dice is manual or auto, not 'some'" "the mode named"

finish cli-serve-dice
