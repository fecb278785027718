#!/bin/sh
# The command line: GNU-style --help and --version, usage errors exit 2,
# invalid files exit 1 with file:line:col, missing data exits 3 (xtac(6),
# EXIT STATUS).
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

expect 0 "--version" "$xtac" --version
contains out "xtac " "--version prints the name"
expect 0 "--help" "$xtac" --help
contains out "Usage: xtac" "--help prints usage"
expect 2 "no command" "$xtac"
expect 2 "unknown option" "$xtac" --frobnicate
contains err "Usage: xtac" "unknown option shows usage"
expect 2 "unknown command" "$xtac" frobnicate
contains err "unknown command 'frobnicate'" "unknown command named"
expect 0 "check --help" "$xtac" check --help
contains out "Usage: xtac check" "command help"
expect 2 "check without files" "$xtac" check
expect 2 "check bad option" "$xtac" check --frobnicate maps/tutorial.yaml

expect 2 "play: a side that is not one" "$xtac" play --side martian maps/tutorial.yaml
contains err "--side is xcom or alien, not 'martian'" "play names the bad side"
expect 2 "play: --vs neither ai nor human" "$xtac" play --vs robot maps/tutorial.yaml
contains err "--vs is ai or human, not 'robot'" "play names the bad --vs"
expect 2 "play: an unknown AI level" "$xtac" play --level genius maps/tutorial.yaml
contains err "--level is random, easy, normal or hard" "play names the levels"

# xtac preview: its usage errors, and no terminal (exit 3).
expect 0 "preview --help" "$xtac" preview --help
contains out "Usage: xtac preview [--seed N] [--side xcom|alien] [--squad SIDE=FILE] MAP" "preview usage"
expect 2 "preview without a map" "$xtac" preview
expect 2 "preview: two maps" "$xtac" preview maps/tutorial.yaml maps/farmhouse.yaml
expect 2 "preview: a side that is not one" "$xtac" preview --side martian maps/tutorial.yaml
contains err "--side is xcom or alien, not 'martian'" "preview names the bad side"
expect 2 "preview: a bad seed" "$xtac" preview --seed soon maps/tutorial.yaml
expect 1 "preview: a map with problems" "$xtac" preview "$tmp/nothing.yaml"
expect 3 "preview: no terminal" "$xtac" preview maps/tutorial.yaml </dev/null
contains err "xtac preview: needs a terminal" "preview says it needs a terminal"

expect 0 "check the shipped maps" "$xtac" check maps/*.yaml
contains out "maps/tutorial.yaml: valid" "summary of a valid map"
contains out "points of 600" "summary shows the budget"
expect 0 "check a unit file" "$xtac" check units/small-arms.yaml
contains out "valid: the catalog has" "unit file summary"

printf 'xtac-map: 1\nname: Bad\nlegend:\n  squares:\n    g: {floor: gras}\nlevels:\n  - |\n    +-+\n    |g|\n    +-+\n' >"$tmp/bad.yaml"
expect 1 "check an invalid map" "$xtac" check "$tmp/bad.yaml"
contains err "bad.yaml:5:16: unknown floor 'gras' (known: none, grass" "file:line:col"
contains err "    5 |     g: {floor: gras}" "the line is shown"
contains err "      |                ^" "a caret under the column"
expect 1 "check a missing file" "$xtac" check "$tmp/nothing.yaml"
contains err "cannot open" "missing file explained"
expect 1 "one bad file among good ones" "$xtac" check maps/tutorial.yaml "$tmp/bad.yaml"
head -c 3000 /dev/urandom >"$tmp/noise.yaml"
expect 1 "random bytes" "$xtac" check "$tmp/noise.yaml"
expect 1 "a directory" "$xtac" check maps

expect 3 "no data directory" env XTAC_DATA="$tmp/none" "$xtac" check maps/tutorial.yaml
contains err "cannot open the unit catalog" "missing data explained"

# The worked example in xtac-map(5) is a valid scenario.
awk '/^A complete small scenario:/ { f = 1 }
    f && /^\.Bd -literal/ { p = 1; next }
    p && /^\.Ed/ { exit }
    p' man/xtac-map.5 | sed 's/\\&//g' >"$tmp/example.yaml"
expect 0 "the worked example of xtac-map(5)" "$xtac" check "$tmp/example.yaml"
contains out "Barn at dusk" "the example is the one checked"

expect 0 "catalog" "$xtac" catalog
contains out "troop" "catalog lists the troop"
expect 0 "catalog --json" "$xtac" catalog --json
head -c 1 "$tmp/out" | grep -q '{' || fail "catalog --json is not an object"
expect 2 "catalog bad option" "$xtac" catalog --xml

expect 2 "script without a map" "$xtac" script
expect 2 "script with a bad seed" "$xtac" script --seed banana maps/tutorial.yaml
contains err "bad seed 'banana'" "bad seed named"
echo "query bogus" >"$tmp/in"
expect 1 "script with a refused line" sh -c "\"$xtac\" script --seed 1 maps/tutorial.yaml <\"$tmp/in\""
contains out '"event":"error","command":"query bogus"' "refused line named"
expect 1 "script with an invalid map" sh -c "\"$xtac\" script --seed 1 \"$tmp/bad.yaml\" </dev/null"

finish commands
