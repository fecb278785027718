#!/bin/sh
# tests/ui/actions.sh - the client's actions driven through tmux on
# tests/data/actions.yaml (both sides human, seed 1: X-Com first): help
# lists the new keys; throwing shows the landing square, the range, the
# maximum range, the chance, the blast and the own units inside it, and
# priming and throwing work; the inventory shows both hands and the belt,
# and a swap changes them; melee shows its chance and strikes; a door
# opens; turning faces the cursor; psi and the medikit show their choices;
# the fire mode compares every shot mode and shoots akimbo, and shows a
# launch's terms over a wall; the move path has its legend and says when a
# square is out of reach; Esc cancels; F sets the reaction order the
# sheet shows.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/actions.sh
# Like play.sh: ./xtac or $XTAC, a private tmux server per session (killed
# on exit), every check polls the screen for $XTAC_UI_TIMEOUT seconds and a
# failed one prints the screen.  The exit status is 0 if every check passed
# (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/actions.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-act-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
. tests/support/tmux.sh


start() {	# start ENV: a fresh server running xtac play on the map
	play_start "X-Com move first" "$@"
}

# --- help lists the new keys ---------------------------------------------

start "$ENV_UTF8" || exit 1
keys '?'
expect "help: opens" "Keys: map"
expect "help: t throws" "throw: pick a square"
expect "help: i opens the inventory" "inventory: hands, belt, the ground"
expect "help: a is melee" "melee: attack an adjacent enemy"
expect "help: o opens a door" "open the door toward the cursor"
expect "help: T turns" "turn to face the cursor"
expect "help: P is psi" "psi: probe, panic or control"
expect "help: M is the medikit" "medikit: treat this or an adjacent unit"
keys Escape
expect_gone "help: Esc closes it" "Keys: map"
keys t
keys '?'
expect "help in throw mode: its own keys" "Keys: throw"
expect "help in throw mode: Enter throws" "throw at the cursor's square"
keys Escape
expect_gone "help in throw mode: Esc back" "Keys: throw"

# --- throwing -------------------------------------------------------------

# gil (1,1) holds a grenade: STR 30 / weight 3 = 10 squares; at 4,2 the
# range is 3 and the chance TAC 65 - 3 = 62 (§6.2); 50 HE-1: radius 2.
expect_panel "throw: the throw panel" "Throw"
keys l l l j
expect "throw: the landing square and its range" \
    "Throw at 4,2: range 3 of 10, 6 TU, 62%"
expect_panel "throw: the target square" "To     4,2 L1"
expect_panel "throw: range and maximum range" "Range  3, max 10"
expect_panel "throw: the chance" "Chance 62%"
expect_panel "throw: its terms" "TAC +65, range -3"
expect_panel "throw: the blast radius" "Blast  radius 2"
expect_panel "throw: own units inside the blast" "Yours  hal, ida, dee"
check "throw: the blast drawn on the map" poll has "∘ ∘ ∘"
expect_panel "throw: not primed yet" "not primed (p)"
# The rifle in the other hand is heavier: 9 squares is too far for it.
keys L w
expect_panel "throw: w, the other hand" "Item   Rifle"
expect_panel "throw: too far is refused before Enter" "-: gil throws a"
expect_panel "throw: the range says too far" "too far"
keys H l l w
expect_panel "throw: w, back to the grenade" "Item   Grenade"
keys p
expect_panel "prime: the prime panel" "Prime"
expect_panel "prime: the timer choice" "0: this phase's end"
keys Escape
expect_panel "prime: Esc goes back to throwing" "Throw"
keys p
expect_panel "prime: p again" "Prime"
keys 0
expect "prime: primed, logged" "gil primes grenade for 0 rounds"
expect_panel "prime: back to throwing, primed" "primed 0"
keys Enter
expect "throw: Enter throws" "gil throws grenade at 4,2 L1 (6 TU): 62% (TAC +65, range -3) - rolled"
expect_panel "throw: back to the unit sheet" "Armour"
# gil has 9 TU left, and no weapon in the right hand to snap-fire:
# 8 squares east, round ida, cost 18.
keys m
keys L
expect "move: far squares are out of reach" \
    "Move to 9,1: 18 TU, 9 short (! out of reach this phase)"
check "move: the path: moving only (1 enemy could react), then '!'" \
    poll has "@→@ 1 1 ! ! ! ! !"
expect_panel "move: the path's legend" "snap + move ! too far"
keys Escape
expect_gone "move: Esc cancels" "out of reach this phase"
keys Tab Tab Tab
expect_panel "dee is selected" "dee"
keys t
expect "throw: empty hands refuse" "nothing in hand to throw"
keys q
expect "quits" "xtac-exit=0"

# --- inventory: hands, belt, swap, reload ------------------------------

start "$ENV_UTF8" || exit 1
keys i
expect "inventory: opens" "Inventory"
expect "inventory: the right hand" "> Right  Grenade"
expect "inventory: the left hand, its clip and rounds" \
    "Left   Rifle: Rifle Clip, 20 rounds"
expect "inventory: the belt" "Rifle Clip: 20 rounds"
expect "inventory: the weight against STR" "Weight 17 of STR 30: not encumbered"
expect "inventory: the ground" "nothing here"
keys s
expect "swap: the right hand has the rifle" \
    "Right  Rifle: Rifle Clip, 20 rounds"
expect "swap: the left hand has the grenade" "Left   Grenade"
keys j j
keys r
expect "reload: the chosen clip into the right hand" \
    "gil reloads the rifle with rifle-clip (20 rounds), 8 TU."
keys k k
keys d
expect "drop: the right hand's rifle lies on the ground" \
    "gil drops rifle."
expect "drop: listed under Ground" "Rifle: Rifle Clip, 20 rounds"
keys j j j
keys g
expect "pick up: back in the right hand" "gil picks up rifle."
keys j
keys b
expect "b on a hand: the rifle goes on the belt (4 TU)" \
    "gil puts rifle from the right hand on the belt, 4 TU."
expect "stow: the belt lists it" "Rifle: Rifle Clip, 20 rounds"
keys j j j
keys b
expect "b on a belt item: it is drawn into the empty hand (4 TU)" \
    "gil draws rifle from the belt into the right hand, 4 TU."
keys Escape
expect_gone "inventory: Esc closes it" "Inventory"
keys q
expect "quits" "xtac-exit=0"

# --- melee, fire akimbo, door, turn, psi, medikit -----------------------

start "$ENV_UTF8" || exit 1
keys Tab
expect_panel "hal is selected" "hal"
keys f
expect_panel "fire: the panel" "Fire"
expect_panel "fire: the snap shot with its TU" "snap 24%, 5 TU"
expect_panel "fire: the aimed shot too" "aimed 44%, 8 TU"
expect_panel "fire: a mode the weapon lacks says so" "auto -: pistol has"
keys w w
expect_panel "fire: both hands (akimbo)" "Hand   both: Pistol"
expect "fire: the akimbo term" "akimbo -5"
expect_panel "fire: no aimed shot akimbo" "aimed -: akimbo"
keys Escape
expect_panel "fire: Esc cancels" "Armour"
keys a
expect_panel "melee: the panel" "Melee"
expect "melee: the chance and terms" "hal at s1: melee 75% (MAC +75, weapon +0)"
keys Enter
expect "melee: Enter strikes" "hal: melee strike at s1"
keys Tab
expect_panel "ida is selected" "ida"
keys P
expect_panel "psi: the panel" "Psi"
expect_panel "psi: probe's chance" "probe 72%"
expect_panel "psi: panic's" "panic 63%"
expect_panel "psi: control's" "control 40%"
keys 3
expect "psi: 3 picks control" "ida at s1: control 40%"
keys Escape
expect_panel "psi: Esc cancels" "Armour"
keys M
expect_panel "medikit: the panel" "Medikit"
expect_panel "medikit: itself first" "Treat  itself"
expect_panel "medikit: nothing to treat" "1 hth: none"
keys Tab
expect_panel "medikit: Tab, the next unit in reach" "Treat  gil"
keys Escape
expect_panel "medikit: Esc cancels" "Armour"
keys Tab
expect_panel "dee is selected" "dee"
keys o
expect "door: o opens the door dee faces" "E open door"
expect_panel "door: for 2 TU" "TU 25/27"
keys k
keys T
expect "turn: T faces the cursor" "dee turns from e to n"
keys q
expect "quits" "xtac-exit=0"

# --- the reaction order (RULINGS 6.5): F, shown in the sheet -------------

start "$ENV_UTF8" || exit 1
expect_panel "react: the starting order" "React  1%+ · friends no"
keys F
expect_panel "react: F, 25 % or more" "React  25%+ · friends no"
expect "react: the order in the log" "at 25 % or more, never through friends"
keys F F
expect_panel "react: never" "React  never"
keys F
expect_panel "react: through friends too" "React  1%+ · friends 1%+"
keys F
expect_panel "react: round to the start" "React  1%+ · friends no"
keys q
expect "quits" "xtac-exit=0"

# --- a launch over a wall: the engine's terms in the fire panel ---------

# ana's rocket at s1 behind the garden wall, seen by ben only: ACC 25 +
# snap 0 - range 3 - spotter 10 = 12 (§6.2, RULINGS §6.1).
MAP=tests/data/launch.yaml
start "$ENV_UTF8" || exit 1
keys f
expect_panel "launch: the fire panel" "Fire"
expect_panel "launch: over the wall" "snap 12%, 11 TU"
expect_panel "launch: the spotter's term" "range -3, spotter"
keys Escape
expect_panel "launch: Esc cancels" "Armour"
keys q
expect "quits" "xtac-exit=0"
MAP=tests/data/actions.yaml

# --- ASCII: the blast and the path without UTF-8 -------------------------

start "$ENV_ASCII" || exit 1
keys t
keys l l l j
check "ASCII: the blast drawn with 'o'" poll has "o o o"
keys Escape
expect_panel "ASCII: Esc cancels the throw" "Armour"
keys q
expect "quits" "xtac-exit=0"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
