#!/bin/sh
# Non-interference through the server (xtac(6), GAME SERVER; the idea of
# tests/cli/fog.sh and tests/test_fog.c): two served games that differ
# only in where a Sectoid X-Com has not seen waits (in the doorway of the
# shut room, or in its corner) send X-Com's seat the same bytes, phase
# after phase, while a person plays the aliens (their own moves unseen by
# X-Com) and the game master's view tells the two games apart.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh
. tests/support/serve.sh

map=tests/data/fog.yaml
fog_corner
{
	fog_commands
	cat <<'CMDS'
end
query state
query reach ana
end
query state
CMDS
} >"$tmp/xcom.cmd"
# The aliens turn the unseen Sectoid and look about: X-Com sees none of it.
cat >"$tmp/alien.cmd" <<'CMDS'
query state
turn s1 n
end
query unit s1
turn s1 s
end
CMDS

# play NAME MAP: a served game, the aliens and X-Com joined, then the game
# master; their outputs in $tmp/NAME.xcom, .alien, .gm.
play() {
	serve_start "$1" --seed 1 --save "$tmp/$1.save" \
	    --listen "$tmp/$1.sock" "$2" || return
	"$xtac" join --side alien --token "$(serve_token "$1" alien)" \
	    --script "$tmp/$1.sock" <"$tmp/alien.cmd" >"$tmp/$1.alien" \
	    2>&1 &
	apid=$!
	"$xtac" join --side xcom --token "$(serve_token "$1" xcom)" \
	    --script "$tmp/$1.sock" <"$tmp/xcom.cmd" >"$tmp/$1.xcom" 2>&1
	wait $apid
	"$xtac" join --side gm --token "$(serve_token "$1" gm)" --script \
	    "$tmp/$1.sock" </dev/null >"$tmp/$1.gm" 2>&1
	serve_stop "$1"
}

play door "$map"
play corner "$tmp/corner.yaml"
[ "$(grep -c '"query":"state"' "$tmp/door.xcom")" = 4 ] ||
    fail "X-Com's four states are not all there: $(cat "$tmp/door.xcom")"
grep -q '"event":"phase-start","round":2' "$tmp/door.xcom" ||
    fail "the game did not reach round 2"
grep -q '{"event":"waiting","side":"alien"}' "$tmp/door.xcom" ||
    fail "X-Com did not wait for the aliens"
cmp -s "$tmp/door.xcom" "$tmp/corner.xcom" ||
    fail "X-Com's view through the server differs with where the unseen \
Sectoid stands: $(diff "$tmp/door.xcom" "$tmp/corner.xcom" | head -5)"
if grep -q '"unit":"s1"' "$tmp/door.xcom"; then
	fail "X-Com's view names the unseen Sectoid"
fi
grep -q '"event":"turn","unit":"s1"' "$tmp/door.alien" ||
    fail "the aliens' turns were not played: $(cat "$tmp/door.alien")"
cmp -s "$tmp/door.alien" "$tmp/corner.alien" &&
    fail "the aliens' own view does not tell where their Sectoid stands"
cmp -s "$tmp/door.gm" "$tmp/corner.gm" &&
    fail "the game master's view does not tell the games apart"

finish cli-serve-fog
