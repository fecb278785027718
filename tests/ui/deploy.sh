#!/bin/sh
# tests/ui/deploy.sh - the client's deployment mode (xtac(6) Deployment),
# driven through tmux on tests/data/deploy.yaml, both sides human (hot-seat):
# the first hand-over, the zone drawn, the log saying how, a unit placed
# with m and Enter, a square outside the zone refused with its reason, D
# placing the units left, e ending X-Com's deployment, the hand-over screen
# before the aliens place theirs, the aliens seeing nothing of X-Com's
# placing, and round 1.
#
# Run from the repository root (tests/run.sh does): sh tests/ui/deploy.sh
# The binary is ./xtac, or $XTAC.  As tests/ui/play.sh: a private tmux
# server, killed on exit; each check polls the screen until it matches or
# $XTAC_UI_TIMEOUT seconds pass and prints the screen it saw on failure.
XTAC=${XTAC:-./xtac}
MAP=tests/data/deploy.yaml
TIMEOUT=${XTAC_UI_TIMEOUT:-10}
W=100
H=30
RUN=0
SOCK_PREFIX=xtac-deploy-$$
SOCK=$SOCK_PREFIX-0
FAILED=0
. tests/support/tmux.sh

# The map window: the screen left of the panel, without the log.
map_area() {
	screen | sed -n "1,$((H - 5))p" | LC_ALL=$UTF8 sed 's/[|│][^|│]*$//'
}

map_has() {
	map_area | grep -q -e "$1"
}

not() {
	! "$@"
}

if ! t new-session -d -s xt -x "$W" -y "$H" -c "$PWD" \
    "env $ENV_UTF8 '$XTAC' play --seed 1 '$MAP'; echo xtac-exit=\$?;
    exec cat >/dev/null" >/dev/null; then
	fail "tmux would not start"
	exit 1
fi
# Hot-seat: X-Com takes the keyboard before placing its units.
expect "the first hand-over comes before deployment" "pass the keyboard"
keys Enter
expect "the game starts in deployment" "Deployment: X-Com place their units"
expect "the log says how to deploy" "Tab a unit, m and a marked square"
# The zone's free squares carry the mark: ana, ben and cole stand in row 2.
check "X-Com's zone is drawn" poll map_has "░"
expect_panel "ana is selected first" "1,2 L1 · facing E"
# m, then the cursor: ana stands at 1,2; two squares down is 1,4.
keys m j j
check "the status line offers the square" poll status_has "Enter places ana"
expect "the sheet says where, not a path" "Place at 1,4 (Enter)"
keys Enter
expect "ana is placed" "ana takes position at 1,4 L1"
# Out of the zone: 4,4 is one column past it.  Still in move mode.
keys l l l
check "outside the zone: the reason" \
    poll status_has "outside the xcom deployment zones"
keys Escape
check "Esc leaves move mode" poll status_has "m move"
keys D
check "D places the units left" poll has "ben takes position"
keys e
expect "the hand-over screen before the aliens deploy" "Aliens"
check "the aliens are told to take over" poll has "Enter"
keys Enter
expect "the aliens deploy next" "Aliens place their units"
check "the aliens see nothing of X-Com's placing" \
    not has "ana takes position"
check "the aliens' zone is drawn" poll map_has "░"
keys e
expect "the hand-over screen before round 1" "X-Com"
keys Enter
expect "round 1 after both deployed" "Round 1 begins"
keys q
expect "quits" "xtac-exit=0"
if [ "$FAILED" -gt 0 ]; then
	say "$FAILED check(s) failed"
	exit 1
fi
say "all checks passed"
