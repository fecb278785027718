#!/bin/sh
# tests/ui/serve.sh - two players on one `xtac serve`, each with `xtac
# join` (no --script) on a terminal of its own, driven through tmux: each
# sees its own side's screen, the other side's phase as a waiting screen;
# a move and the end of a phase reach the other seat; the reaction fire a
# move draws; a dropped seat joins again; a wrong token and a taken seat
# are refused; the game master watches, on a screen (the preview: every
# unit, the game as it goes, no command) and with --script; a seat joined
# again reads its side's history from the start; a screen follows its
# terminal's size; a game played to its end, the server ending with it.
# Manual dice: a die is asked on the screen of the seat it is for, its
# words naming what that side does not see "someone unseen", its value
# checked, and the journal keeps it.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/serve.sh
# Every tmux call goes to a private server (tests/support/tmux.sh).
XTAC=${XTAC:-./xtac}
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-test-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-ui.XXXXXX") || exit 1
. tests/support/tmux.sh
XDG_DATA_HOME=$TMP/data
export XDG_DATA_HOME
SERVERS=
trap 'for p in $SERVERS; do kill "$p" 2>/dev/null; done; tmux_cleanup' EXIT

# The seat the helpers look at and type into: a tmux session's name.
SEAT=xt
screen() {
	t capture-pane -p -t "$SEAT" 2>/dev/null
}
keys() {
	t send-keys -t "$SEAT" "$@"
	for _keys_sent in "$@"; do
		case $_keys_sent in Escape|Esc|C-\[) sleep 0.3; break ;; esac
	done
}

# serve NAME ARGS...: a server in the background, until it prints its
# tokens; SRV_PID is its process.
serve() {
	_name=$1
	shift
	"$XTAC" serve "$@" >"$TMP/$_name.out" 2>"$TMP/$_name.err" &
	SRV_PID=$!
	SERVERS="$SERVERS $SRV_PID"
	_n=$((TIMEOUT * 20))
	until grep -q '^token gm ' "$TMP/$_name.out"; do
		_n=$((_n - 1))
		[ "$_n" -gt 0 ] || { fail "$_name: the server did not start"; return 1; }
		sleep 0.05
	done
}

token() {	# token NAME SEAT
	awk -v s="$2" '$1 == "token" && $2 == s { print $3 }' "$TMP/$1.out"
}

# seat SESSION SIDE TOKEN SOCKET: xtac join in a new tmux session.
seat() {
	t new-session -d -s "$1" -x "$W" -y "$H" -c "$PWD" \
	    "ulimit -c 0; env $ENV_UTF8 '$XTAC' join --side $2 --token '$3' '$4';
	    echo join-exit=\$?; exec cat >/dev/null" >/dev/null ||
	    fail "tmux would not start"
}

# --- two players on the arena ---------------------------------------------

serve arena --seed 1 --save "$TMP/arena.save" --listen "$TMP/arena.sock" \
    tests/data/arena.yaml || exit 1
t new-session -d -s idle -x 20 -y 5 "exec cat >/dev/null" >/dev/null
seat xt xcom "$(token arena xcom)" "$TMP/arena.sock"
seat al alien "$(token arena alien)" "$TMP/arena.sock"
SEAT=xt
expect "xcom: its screen" "Arena"
expect "xcom: its turn" "X-Com move first."
check "xcom: a side's seat is not told the seed" poll has "Arena.  Round 1"
SEAT=al
expect "aliens: the other side's phase is a waiting screen" \
    "X-Com to move - waiting for them"
check "aliens: nothing of the map while waiting" poll lacks "Units"

# The seat is taken, and a wrong token is refused.
seat dup xcom "$(token arena xcom)" "$TMP/arena.sock"
SEAT=dup
expect "a taken seat is refused" "the xcom seat is taken"
expect "a taken seat: exit 3" "join-exit=3"
seat bad alien 0123456789abcdef0123456789abcdef "$TMP/arena.sock"
SEAT=bad
expect "a wrong token is refused" "wrong token for the alien seat"
expect "a wrong token: exit 3" "join-exit=3"
seat gms gm "$(token arena gm)" "$TMP/arena.sock"
SEAT=gms
expect "gm: the game master's screen is the preview" "Arena · preview"
expect "gm: the game master is told the seed" "Arena, seed 1."
expect_panel "gm: it sees the aliens' units" "s2"

# X-Com walks into s1's view through the window; s1 (ordered to fire at
# any chance, the default) reacts.
SEAT=xt
keys m
keys l l j
expect "xcom: the path" "Move to 3,2"
keys Enter
expect_panel "xcom: s1 came into view" "s1"
keys C-p
expect "xcom: the reaction is in its log" "s1 reacts"
keys Escape
SEAT=gms
expect "gm: the game as it goes, s1's reaction" "s1 reacts"
expect_panel "gm: ana where she walked" "3,2 L1"
keys e
poll has "End the phase with TU left?" && keys y
expect "gm: it gives no command" "the game master watches: only queries"
keys A
expect "gm: nor hands a phase to the computer" "it hands no phase"
keys q
expect "gm: q leaves the seat" "join-exit=0"
SEAT=xt
keys e
expect "xcom: the end is confirmed" "End the phase with TU left?"
keys y
expect "xcom: now it waits" "Aliens to move - waiting for them"
SEAT=al
expect "aliens: their phase" "Aliens move."
keys C-p
expect "aliens: they read their unit's reaction" "s1 reacts"
keys Escape

# X-Com's seat drops and joins again: the game as it stands.
t kill-session -t xt
seat xt xcom "$(token arena xcom)" "$TMP/arena.sock"
SEAT=xt
expect "xcom joins again: still the aliens' phase" \
    "Aliens to move - waiting for them"
SEAT=al
keys e
poll has "End the phase with TU left?" && keys y
# Round 2: the aliens win the initiative (seed 1) and move first again.
SEAT=xt
expect "xcom: round 2, the aliens first" "Round 2 - q: leave the seat"
SEAT=al
expect "aliens: round 2 is theirs first" "Aliens move."
keys e
poll has "End the phase with TU left?" && keys y
expect "aliens: now they wait" "X-Com to move - waiting for them"
SEAT=xt
expect "xcom: its phase again" "X-Com move."
expect_panel "xcom: ana where it walked" "3,2 L1"
# Joined again after the reaction, X-Com's log still has it: its side's
# history from the start, not from when it joined.
keys C-p
expect "xcom joined again: its history from the start" "s1 reacts"
check "xcom joined again: said so" poll has "Joined the served game in round"
keys Escape
# The player's terminal grows: the client on the server follows.
row_has() {	# row_has N TEXT: TEXT on the screen's row N
	screen | sed -n "$1p" | grep -qF -- "$2"
}
check "xcom: the last row before the resize" poll row_has 30 "^P log"
t resize-window -t xt -x 120 -y 36
check "xcom: resized, the client fills the new rows" poll row_has 36 "^P log"
row_wider() {	# row_wider N COLUMNS: row N reaches past COLUMNS
	screen | sed -n "$1p" | awk -v w="$2" 'length($0) > w { ok = 1 }
	    END { exit !ok }'
}
check "xcom: and the new columns" poll row_wider 36 110

# The game master's view: everything, through --script.
"$XTAC" join --side gm --token "$(token arena gm)" --script \
    "$TMP/arena.sock" </dev/null >"$TMP/gm.out" 2>&1
check "gm: ana's walk" grep -q '"event":"step","unit":"ana"' "$TMP/gm.out"
check "gm: the aliens' phase" \
    grep -q '"event":"phase-end","round":1,"side":"alien"' "$TMP/gm.out"
SEAT=al
keys q
expect "aliens: q leaves the seat" "join-exit=0"
SEAT=xt
keys q
expect "xcom: q leaves the seat" "join-exit=0"
kill "$SRV_PID"
wait "$SRV_PID"
check "the server stops when told" [ $? = 0 ]

# --- a game played to its end -------------------------------------------

# tests/data/duel.yaml with seed 4: X-Com first, and the aimed shot kills.
serve duel --seed 4 --ai alien --save "$TMP/duel.save" \
    --listen "$TMP/duel.sock" tests/data/duel.yaml || exit 1
seat du xcom "$(token duel xcom)" "$TMP/duel.sock"
SEAT=du
expect "duel: X-Com's screen" "Duel"
keys f
keys a
expect "duel: the chance first" "ana at s1: aimed"
keys Enter
expect "duel: the victory screen" "Game over: X-Com win"
keys q
expect "duel: q leaves" "join-exit=0"
wait "$SRV_PID"
check "duel: the server ends with the game" [ $? = 0 ]
check "duel: its journal replays" "$XTAC" replay "$TMP/duel.save"

# --- manual dice -------------------------------------------------------------

# tests/data/behind.yaml: s1, behind ana where she cannot see it, sees her
# walk out and reacts.  The computer plays it: X-Com's seat rolls its dice
# and reads s1 as "someone unseen".
serve md --seed 1 --dice manual --ai alien --save "$TMP/md.save" \
    --listen "$TMP/md.sock" tests/data/behind.yaml || exit 1
seat mx xcom "$(token md xcom)" "$TMP/md.sock"
SEAT=mx
expect "dice: X-Com's screen" "Behind"
keys m
keys l k
expect "dice: the path" "Move to 6,1"
keys Enter
expect "dice: the watcher's die asked on X-Com's screen, unnamed" \
    "someone unseen's d100 + RET 15"
keys 0 Enter
expect "dice: 0 is no roll" "'0' is no d100 roll: 1 to 100"
keys 9 Enter
expect "dice: ana's own die" "ana's d100 + RET 0 against"
keys 1 Enter
expect "dice: the reaction shot's die" "to-hit: snap shot by someone"
keys 5 0 Enter
expect "dice: where the miss goes" "where someone unseen's missed"
keys 5 Enter
expect_panel "dice: ana where she walked" "6,1 L1"
# The walk leaves move mode on: Esc, then q.
keys Escape
expect "dice: Esc leaves move mode" "m move f fire"
keys q
expect "dice: q leaves" "join-exit=0"
kill "$SRV_PID"
wait "$SRV_PID"
check "dice: the journal keeps the dice" grep -q "^dice 9 1 50 5$" \
    "$TMP/md.save"

# Two people: s1's dice are asked on the aliens' screen (their player sees
# s1 and ana), while X-Com's waits.
serve md2 --seed 1 --dice manual --save "$TMP/md2.save" \
    --listen "$TMP/md2.sock" tests/data/behind.yaml || exit 1
seat mx2 xcom "$(token md2 xcom)" "$TMP/md2.sock"
seat ma2 alien "$(token md2 alien)" "$TMP/md2.sock"
SEAT=ma2
expect "dice: the aliens wait" "X-Com to move - waiting for them"
SEAT=mx2
expect "dice: X-Com's turn" "X-Com move first."
keys m
keys l k
expect "dice: X-Com's path" "Move to 6,1"
keys Enter
SEAT=ma2
expect "dice: s1's die on the aliens' screen" "s1's d100 + RET 15 against"
keys 9 Enter
expect "dice: ana's die on the aliens' screen too" "ana's d100 + RET 0 against"
keys 1 Enter
expect "dice: s1's shot" "to-hit: snap shot by s1"
keys 5 0 Enter
expect "dice: s1's miss" "where s1's missed shot"
keys 5 Enter
SEAT=mx2
expect_panel "dice: X-Com's ana walked" "6,1 L1"
check "dice: X-Com's screen names no s1" poll lacks "s1"
keys Escape
keys q
SEAT=ma2
keys q
expect "dice: the aliens leave" "join-exit=0"
kill "$SRV_PID"
wait "$SRV_PID"
check "dice: the two seats' journal" grep -q "^dice 9 1 50 5$" \
    "$TMP/md2.save"

[ "$FAILED" = 0 ] || { say "$FAILED failed"; exit 1; }
say "ui-serve ok"
