#!/bin/sh
# xtac serve and xtac join --script (xtac(6), GAME SERVER): a side joined
# through the server prints byte for byte what `xtac script --as` prints
# for the same commands (the computer playing the other side, on a Unix
# socket and over TCP, where a silent connection is let go); two people
# play a game through it, each waiting for the other, reaction fire
# included, and the game master's view is the whole game as the
# omniscient script prints it; the game master only watches; a wrong
# token, a taken seat and a side that is none are refused; a dropped seat
# joins again and reads its view again; a server killed with SIGKILL goes
# on with --load from its journal, its stale socket taken over; a socket
# a server answers on is not.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh
. tests/support/serve.sh

fog=tests/data/fog.yaml

# 1. The transcript of `script --as xcom`, through the server.
grep -v '^#' tests/script/as-xcom.cmd >"$tmp/as.cmd"
serve_start s1 --seed 1 --ai alien --save "$tmp/s1.save" \
    --listen "$tmp/s1.sock" "$fog"
expect 1 "join as xcom, the transcript's commands" \
    "$xtac" join --side xcom --token "$(serve_token s1 xcom)" --script \
    "$tmp/s1.sock" <"$tmp/as.cmd"
cmp -s "$tmp/out" tests/script/as-xcom.out ||
    fail "join --script differs from script --as: $(diff \
    tests/script/as-xcom.out "$tmp/out" | head -5)"
contains s1.out "token gm " "the game master's token is printed"
if grep -q "token alien" "$tmp/s1.out"; then
	fail "a token for the seat the computer plays"
fi
expect 3 "join the computer's seat" "$xtac" join --side alien \
    --token 00 --script "$tmp/s1.sock" </dev/null
contains err "the computer plays alien in this game" "its seat refused"

# 2. Many phases of the tutorial, the computer moving between them.
{
	echo "query state"
	i=0
	while [ $i -lt 12 ]; do
		echo end
		echo "query state"
		i=$((i + 1))
	done
} >"$tmp/long.cmd"
"$xtac" script --seed 5 --as xcom tutorial <"$tmp/long.cmd" >"$tmp/long.ref"
long=$?
serve_start s2 --seed 5 --ai alien --save "$tmp/s2.save" \
    --listen "$tmp/s2.sock" tutorial
expect $long "join the tutorial as xcom" "$xtac" join --side xcom \
    --token "$(serve_token s2 xcom)" --script "$tmp/s2.sock" \
    <"$tmp/long.cmd"
cmp -s "$tmp/out" "$tmp/long.ref" ||
    fail "twelve phases through the server differ from script --as"
serve_stop s2
grep -q '"over":true' "$tmp/long.ref" || fail "the tutorial did not end"
expect 0 "the journal of the game played to its end" "$xtac" replay \
    "$tmp/s2.save"
contains out "replays exactly" "the journal is whole and ended"

# The same over TCP on the loopback (a free port found by trying).
port=$((20000 + $$ % 20000))
tries=0
while :; do
	serve_start s3 --seed 5 --ai alien --save "$tmp/s3.save" \
	    --listen "127.0.0.1:$port" tutorial 2>/dev/null && break
	tries=$((tries + 1))
	[ $tries -lt 5 ] || { fail "no loopback port to listen on"; break; }
	port=$((port + 1))
done
# A connection that says nothing is let go after 10 seconds (bash's
# /dev/tcp: a client that connects and sends nothing).
bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" && cat <&3' sh "$port" \
    >"$tmp/idle.out" 2>&1
contains idle.out '{"server":"error","reason":"no handshake in time"}' \
    "a silent connection let go"
expect $long "join over TCP" "$xtac" join --side xcom \
    --token "$(serve_token s3 xcom)" --script "127.0.0.1:$port" \
    <"$tmp/long.cmd"
cmp -s "$tmp/out" "$tmp/long.ref" || fail "over TCP the view differs"
serve_stop s3

# 3. Two people: each waits for the other's phase.
serve_start s4 --seed 1 --save "$tmp/s4.save" --listen "$tmp/s4.sock" "$fog"
expect 3 "a second server on a socket in use" "$xtac" serve --seed 1 \
    --save "$tmp/s4b.save" --listen "$tmp/s4.sock" "$fog"
contains err "a server is listening there already" "the socket left alone"
printf 'query state\nend\nquery state\nend\n' >"$tmp/alien.cmd"
"$xtac" join --side alien --token "$(serve_token s4 alien)" --script \
    "$tmp/s4.sock" <"$tmp/alien.cmd" >"$tmp/alien.out" 2>"$tmp/alien.err" &
apid=$!
printf 'move ana 3 1\nend\nquery state\nend\nquery state\n' >"$tmp/xcom.cmd"
expect 0 "xcom against a person" "$xtac" join --side xcom \
    --token "$(serve_token s4 xcom)" --script "$tmp/s4.sock" <"$tmp/xcom.cmd"
wait $apid || fail "the alien's join exited $?: $(cat "$tmp/alien.err")"
contains out '{"event":"waiting","side":"alien"}' "xcom waits for the aliens"
contains alien.out '{"event":"waiting","side":"xcom"}' \
    "the aliens wait for xcom"
contains alien.out '{"event":"protocol","version":1,"as":"alien"}' \
    "the alien seat speaks as the aliens"
[ "$(grep -c '"query":"state"' "$tmp/out")" = 2 ] ||
    fail "xcom's two queries are not both answered"
# The game master sees everything: the omniscient script of both sides.
printf 'move ana 3 1\nend\nend\nend\nend\n' |
    "$xtac" script --seed 1 "$fog" >"$tmp/all.ref"
expect 0 "the game master's view" "$xtac" join --side gm \
    --token "$(serve_token s4 gm)" --script "$tmp/s4.sock" </dev/null
cmp -s "$tmp/out" "$tmp/all.ref" ||
    fail "the game master's view differs from the omniscient script:
$(diff "$tmp/all.ref" "$tmp/out" | head -5)"
echo "move ana 4 1" >"$tmp/gm.cmd"
expect 1 "the game master gives a command" "$xtac" join --side gm \
    --token "$(serve_token s4 gm)" --script "$tmp/s4.sock" <"$tmp/gm.cmd"
contains out "the game master watches" "its command refused"

# Reaction fire between two people: the aliens' seat orders s1 to fire at
# any chance (react), and in X-Com's phase s1 fires at ana coming into
# view; each seat reads it as its side saw it.
serve_start s7 --seed 1 --save "$tmp/s7.save" --listen "$tmp/s7.sock" \
    tests/data/arena.yaml
# The aliens' last line waits for their next phase: they read X-Com's.
printf 'react s1 0\nend\nquery unit s1\n' >"$tmp/alien.cmd"
"$xtac" join --side alien --token "$(serve_token s7 alien)" --script \
    "$tmp/s7.sock" <"$tmp/alien.cmd" >"$tmp/alien.out" 2>"$tmp/alien.err" &
apid=$!
printf 'end\nmove ana 3 2\nend\n' >"$tmp/xcom.cmd"
expect 0 "moving into the view of a unit ordered to fire" "$xtac" join \
    --side xcom --token "$(serve_token s7 xcom)" --script "$tmp/s7.sock" \
    <"$tmp/xcom.cmd"
wait $apid || fail "the alien's join exited $?: $(cat "$tmp/alien.err")"
contains alien.out '{"event":"reaction-order","unit":"s1","min":0' \
    "the aliens' order is theirs to give"
contains alien.out '"event":"reaction-check","watcher":"s1","target":"ana"' \
    "the aliens read their unit's reaction"
contains out '"event":"missed","unit":"s1"' "X-Com reads the shot at ana"
if grep -q '"event":"reaction-order"' "$tmp/out"; then
	fail "X-Com reads the aliens' standing order"
fi
printf 'end\nreact s1 0\nend\nmove ana 3 2\nend\n' |
    "$xtac" script --seed 1 tests/data/arena.yaml >"$tmp/all.ref"
expect 0 "the game master's view of the reaction" "$xtac" join --side gm \
    --token "$(serve_token s7 gm)" --script "$tmp/s7.sock" </dev/null
cmp -s "$tmp/out" "$tmp/all.ref" ||
    fail "the game master's view of the reaction differs:
$(diff "$tmp/all.ref" "$tmp/out" | head -5)"
serve_stop s7

# 4. Seats: a wrong token, a taken seat, no such seat.
expect 3 "a wrong token" "$xtac" join --side xcom --token nope --script \
    "$tmp/s4.sock" </dev/null
contains err "wrong token for the xcom seat" "the wrong token refused"
mkfifo "$tmp/hold"
"$xtac" join --side xcom --token "$(serve_token s4 xcom)" --script \
    "$tmp/s4.sock" <"$tmp/hold" >"$tmp/held.out" 2>&1 &
hpid=$!
exec 7>"$tmp/hold"
# Until the seat is held (its view has come), a second one may be first.
i=0
while ! grep -q protocol "$tmp/held.out" && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
expect 3 "a taken seat" "$xtac" join --side xcom \
    --token "$(serve_token s4 xcom)" --script "$tmp/s4.sock" </dev/null
contains err "the xcom seat is taken" "the second connection refused"
exec 7>&-
wait $hpid
expect 2 "no such seat" "$xtac" join --side civilian --token x --script \
    "$tmp/s4.sock"
contains err "no seat 'civilian'" "the seat named"
serve_stop s4

# 5. A dropped seat joins again and reads its side's view from the start;
# a killed server goes on from its journal, the computer at the level it
# had.
serve_start s5 --seed 1 --ai alien --level hard --save "$tmp/s5.save" \
    --listen "$tmp/s5.sock" "$fog"
contains s5.out "computer alien hard" "the computer's level said"
contains s5.save "players xcom=human alien=ai level=hard" \
    "the journal records the level"
echo "move ana 3 1" >"$tmp/a.cmd"
expect 0 "first connection" "$xtac" join --side xcom \
    --token "$(serve_token s5 xcom)" --script "$tmp/s5.sock" <"$tmp/a.cmd"
cp "$tmp/out" "$tmp/first.out"
echo "query state" >"$tmp/b.cmd"
expect 0 "joined again" "$xtac" join --side xcom \
    --token "$(serve_token s5 xcom)" --script "$tmp/s5.sock" <"$tmp/b.cmd"
head -n "$(wc -l <"$tmp/first.out")" "$tmp/out" | cmp -s - "$tmp/first.out" ||
    fail "joined again, the view so far differs"
serve_kill s5
[ -S "$tmp/s5.sock" ] || fail "the killed server's socket is not left"
printf 'move ana 3 1\nquery state\n' |
    "$xtac" script --seed 1 --as xcom "$fog" >"$tmp/resumed.ref"
serve_start s6 --load "$tmp/s5.save" --listen "$tmp/s5.sock"
if grep -q "token alien" "$tmp/s6.out"; then
	fail "the resumed game forgot the computer plays the aliens"
fi
contains s6.out "computer alien hard" "the resumed game keeps the level"
expect 0 "join the resumed game" "$xtac" join --side xcom \
    --token "$(serve_token s6 xcom)" --script "$tmp/s5.sock" <"$tmp/b.cmd"
cmp -s "$tmp/out" "$tmp/resumed.ref" ||
    fail "the resumed game's view differs: $(diff "$tmp/resumed.ref" \
    "$tmp/out" | head -5)"
serve_stop s6
contains s6.err "xtac serve --load" "stopping says how to go on"

# Without --save the journal is a new save in the saves directory.
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
serve_start s8 --seed 1 --listen "$tmp/s8.sock" "$fog"
journal=$(sed -n 's/^journal //p' "$tmp/s8.out")
case $journal in
"$tmp"/data/xtac/saves/fog-*.save) [ -s "$journal" ] ||
    fail "the journal $journal is not written" ;;
*) fail "the journal is not among the saves: '$journal'" ;;
esac
serve_stop s8
unset XDG_DATA_HOME

# An encounter (xtac new) brings its seed to the server as to the script.
"$xtac" new --map "$PWD/$fog" --seed 7 -o "$tmp/enc.yaml" >/dev/null ||
    fail "xtac new would not make the encounter"
"$xtac" script --as xcom "$tmp/enc.yaml" <"$tmp/as.cmd" >"$tmp/enc.ref"
serve_start s9 --ai alien --save "$tmp/s9.save" --listen "$tmp/s9.sock" \
    "$tmp/enc.yaml"
expect 1 "join an encounter" "$xtac" join --side xcom \
    --token "$(serve_token s9 xcom)" --script "$tmp/s9.sock" <"$tmp/as.cmd"
cmp -s "$tmp/out" "$tmp/enc.ref" ||
    fail "the encounter through the server differs from script --as"
# Its seed plays (the same bytes as script --as above), but no side is told
# it: it would foretell the dice.
if grep -q '"seed"' "$tmp/out"; then
	fail "a seat is told the seed"
fi
serve_stop s9

# A squad on the command line, as to play and script; the journal keeps it
# whatever becomes of the file.
printf 'query state\nend\nquery state\n' >"$tmp/sq.cmd"
cp squads/veterans.yaml "$tmp/vets.yaml"
"$xtac" script --seed 3 --as xcom --squad xcom="$tmp/vets.yaml" \
    maps/farmhouse.yaml <"$tmp/sq.cmd" >"$tmp/sq.ref"
serve_start s10 --seed 3 --ai alien --squad xcom="$tmp/vets.yaml" \
    --save "$tmp/s10.save" --listen "$tmp/s10.sock" maps/farmhouse.yaml
expect 0 "join a game with a squad" "$xtac" join --side xcom \
    --token "$(serve_token s10 xcom)" --script "$tmp/s10.sock" <"$tmp/sq.cmd"
cmp -s "$tmp/out" "$tmp/sq.ref" ||
    fail "the squad through the server differs from script --as"
contains out '"unit":"reyes"' "the squad's units are on the map"
serve_stop s10
rm "$tmp/vets.yaml"
expect 0 "the squad's journal without the file" "$xtac" replay \
    "$tmp/s10.save"
expect 2 "--load with --squad" "$xtac" serve --load "$tmp/s10.save" \
    --squad xcom=veterans --listen "$tmp/x.sock"
contains err "--load takes the units from the save" "the squad refused"
expect 2 "a level that is none" "$xtac" serve --level expert \
    --listen "$tmp/x.sock" "$fog"
contains err "--level is random, easy, normal or hard" "the level named"

# Usage and trouble.
expect 2 "serve without --listen" "$xtac" serve "$fog"
expect 2 "serve a map and a save" "$xtac" serve --load x --listen y "$fog"
expect 2 "the computer on both sides" "$xtac" serve --ai xcom --ai alien \
    --listen "$tmp/x.sock" "$fog"
expect 3 "join on no terminal" "$xtac" join --side xcom --token x \
    "$tmp/s5.sock" </dev/null
contains err "needs a terminal on stdin and stdout (or --script)" \
    "the terminal asked for"
expect 3 "join a server that is not there" "$xtac" join --side xcom \
    --token x --script "$tmp/none.sock"
contains err "cannot connect to" "the trouble named"
touch "$tmp/file"
expect 3 "listen on a plain file" "$xtac" serve --save "$tmp/f.save" \
    --listen "$tmp/file" "$fog"
contains err "exists and is not a socket" "the file is left alone"

finish cli-serve
