#!/bin/sh
# tests/ui/carry.sh - carrying bodies in the client (§5.3; `carry` and
# `lay` of xtac(6)), driven through tmux on tests/data/carry.yaml with
# manual dice (both sides human, X-Com first): help lists C; with no body
# in reach C is refused as it is pressed; ana stuns s1 with her stun rod
# (rolled 1), then C shows the body, the 4 TU and her load against her
# strength, and Enter lifts it; C again offers to lay it down, and Enter
# does; with too few TUs left the engine's refusal shows before Enter and
# Enter is refused with it; a tank is told it carries nothing.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/carry.sh
# Like actions.sh: ./xtac or $XTAC, a private tmux server per session
# (killed on exit), every check polls the screen for $XTAC_UI_TIMEOUT
# seconds and a failed one prints the screen.  The exit status is 0 if
# every check passed (or tmux is missing: skipped), 1 otherwise.
XTAC=${XTAC:-./xtac}
MAP=tests/data/carry.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-carry-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/xtac-carry.XXXXXX") || exit 1
. tests/support/tmux.sh

# Its own data directory: no interrupted game of another run is offered.
PLAY_CMD="play --dice manual"
play_start "Manual dice" "$ENV_UTF8 XDG_DATA_HOME=$TMP/data" || exit 1
expect "dice: X-Com's initiative" "initiative of xcom"
keys 9 Enter
expect "dice: the aliens' initiative" "initiative of alien"
keys 2 Enter
expect "hot-seat: the hand-over" "pass the keyboard"
keys Enter
expect "the game starts" "Round 1: X-Com move first."

# --- help, and C with no body --------------------------------------------

keys '?' Space
expect "help: C carries" "carry a body beside the unit, or lay down"
keys Escape
expect_gone "help: Esc closes it" "Keys: map"
keys C
expect "carry: nobody to carry yet, said as C is pressed" \
    "no body beside the unit to carry"

# --- stun, lift, lay -------------------------------------------------------

# The stun rod: MAC 75 + 15 = 90, rolled 1; 90 ST > HTH 30.
keys a
expect_panel "melee: the panel" "Melee"
keys Enter
expect "dice: the blow's roll is asked" "Roll d100 for: "
keys 1 Enter
expect "melee: s1 is knocked out" "s1 falls unconscious."
keys C
expect_panel "carry: the panel" "Carry"
expect_panel "carry: the body" "Lift   s1"
expect_panel "carry: unconscious" "unconscious"
expect_panel "carry: its TUs, of those left (27 - 10)" "TU     4 of 17 left"
expect_panel "carry: the load against STR (stun rod 6 + 20)" \
    "Load   26 of STR 30"
expect_panel "carry: what Enter does" "Enter: lift it"
expect "carry: the status line says the cost" "ana lifts s1: 4 TU"
keys '?'
expect "help in carry mode: its own keys" "Keys: carry"
keys Escape
expect_gone "help in carry mode: Esc back" "Keys: carry"
keys Enter
expect "carry: lifted, in the log" "ana lifts s1 (4 TU)."
keys C
expect_panel "lay: the panel offers the body carried" "Lay    s1"
expect_panel "lay: no TUs" "TU     none"
expect "lay: the status line" "ana lays s1 down: no TU"
keys Enter
expect "lay: laid down, in the log" "ana lets s1 go (laid down)."

# --- a refusal, shown before Enter -----------------------------------------

# 13 TU left; kneeling and standing (2 each) leave 3, fewer than 4.
keys c c c c c
expect_panel "ana has 3 TU" "3TU"
keys C
expect_panel "carry: the engine's refusal before Enter" "-: ana needs 4 TU"
expect "carry: and on the status line" \
    "ana lifts s1: ana needs 4 TU to lift a body, and has 3"
keys Enter
expect "carry: Enter is refused, with the reason" \
    "carry ana s1: ana needs 4 TU to lift a body"

# --- a unit that carries nothing -------------------------------------------

keys Tab
expect_panel "ben is selected" "Tank Cannon"
keys C
expect_panel "carry: the tank's panel" "Carry"
expect_panel "carry: a tank carries nothing" "-: a tank-cannon"
check "carry: a tank has no load" eval "! panel_has Load"
keys Escape
expect_gone "carry: Esc cancels" "Lift   s1"

if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
