#!/bin/sh
# Queries and squares of `xtac script` at their edges (xtac(6) SCRIPT
# PROTOCOL): a line-of-sight or hit query from a unit that is dead is an
# error event, never a crash; a reach query for nobody is an error (and,
# under ASan, leaks nothing); a square with anything after its numbers is
# no square.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

# s2 is killed first (as in tests/script/combat.cmd), then asked about.
cat >"$tmp/in" <<'CMD'
dice 10
shoot ben s2 snap right
query unit s2
query los s2 ben
query hit s2 ben snap
query reach nobody
query los nobody ben
shoot ben 3,4x snap
shoot ben 3,4, snap
throw ben 3 4x
query state
CMD
expect 1 "queries at the edges" sh -c "\"$xtac\" script --seed 1 \
    tests/data/arena.yaml <\"$tmp/in\""
contains out '"status":"dead"' "s2 is dead"
contains out '"command":"query los s2 ben","reason":"s2 is dead: it sees nothing"' \
    "los from the dead"
contains out '"command":"query hit s2 ben snap"' "hit from the dead is refused"
contains out '"command":"query reach nobody","reason":"no unit called '"'nobody'"'"' \
    "reach for nobody"
contains out "'3,4x' is not a square" "trailing garbage after a square"
contains out "'3,4,' is not a square" "a trailing comma"
contains out '"query":"state"' "the session goes on to the end"

finish queries
