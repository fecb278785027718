#!/bin/sh
# xtac sim (xtac(6)): the report is the same bytes whatever --jobs is;
# --json is one JSON object; bad arguments exit 2 with a message, a map
# that does not load exits 1.  Small game counts: this runs in make check.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

map=tests/data/sim-mirror.yaml

expect 0 "sim --help" "$xtac" sim --help
contains out "Usage: xtac sim MAP --games N" "sim usage"

# The same seed, the same report, however many workers play it.
expect 0 "sim --jobs 1" "$xtac" sim "$map" --games 6 --seed 42 \
    --level random --jobs 1
cp "$tmp/out" "$tmp/one"
contains one "6 games, seed 42, at most 30 rounds" "the run is described"
contains one "xcom (random)" "a side and its level"
contains one "95 % interval" "a Wilson interval"
contains one "lost   troop" "losses per unit type"
contains one "friendly fire: " "friendly losses, the whole run"
contains one "lost to their own side's fire: " "friendly losses, per side"
contains one "most   " "the units that did most"
contains one "least  " "the units that did least"
[ -s "$tmp/err" ] && fail "stderr is not a terminal: no progress bar"
expect 0 "sim --jobs 2" "$xtac" sim "$map" --games 6 --seed 42 \
    --level random --jobs 2
cmp -s "$tmp/one" "$tmp/out" || {
	fail "--jobs 1 and --jobs 2 differ"
	diff "$tmp/one" "$tmp/out" | head -10
}
expect 0 "sim --jobs 4" "$xtac" sim "$map" --games 6 --seed 42 \
    --level random --jobs 4
cmp -s "$tmp/one" "$tmp/out" || fail "--jobs 1 and --jobs 4 differ"
expect 0 "sim another seed" "$xtac" sim "$map" --games 6 --seed 43 \
    --level random
cmp -s "$tmp/one" "$tmp/out" && fail "seeds 42 and 43 gave one report"

# The cap: fifteen a side behind a belt of woods cannot finish in a round.
expect 0 "sim --rounds 1" "$xtac" sim tests/data/sim-field.yaml --games 3 \
    --seed 1 --rounds 1
contains out "draws 3 (100.0 %), 3 stopped at the round cap; rounds: mean 1.00, sd 0.00" \
    "every game stopped at the cap is a draw of one round"

# --json: one object, checked with jq (make check installs it).
expect 0 "sim --json" "$xtac" sim tests/data/arena.yaml --games 4 --seed 7 \
    --level random --vs easy --rounds 10 --json --jobs 2
jq -e '.games == 4 and .round_cap == 10 and
    ([.sides[].side] == ["xcom", "alien"]) and
    .sides[0].level == "random" and .sides[1].level == "easy" and
    (.sides[0].wins + .sides[1].wins + .draws == 4) and
    all(.sides[]; .ci95[0] >= 0 and .ci95[0] <= .win_rate and
        .win_rate <= .ci95[1] and .ci95[1] <= 1) and
    all(.sides[]; ([.units[].games] | add) == 4 * (.units | length)) and
    all(.sides[]; .friendly_losses >= 0 and
        .friendly_losses <= .lost and
        .lost == ([.losses[].lost] | add)) and
    .friendly_losses == ([.sides[].friendly_losses] | add) and
    .lost == ([.sides[].lost] | add) and
    .friendly_loss_share >= 0 and .friendly_loss_share <= 1 and
    all(.sides[]; .beside_share >= 0 and .beside_share <= 1)' \
    "$tmp/out" >/dev/null || fail "--json is not the expected object"

# Rounds with their range; each side's objectives, one a game (xtac(6)).
jq -e '.rounds.min >= 1 and .rounds.min <= .rounds.mean and
    .rounds.mean <= .rounds.max and .rounds.max <= 10 and
    (.rounds.min | type) == "number" and
    all(.sides[]; ([.objectives[].games] | add) == 4 and
        .objectives_achieved == ([.objectives[].achieved] | add) and
        all(.objectives[]; .objective == "elimination")) and
    (has("civilians") | not)' \
    "$tmp/out" >/dev/null || fail "--json rounds or objectives are wrong"

# A terror site: civilians counted, the aliens play for them, both sides
# scored (RULINGS 2.3: X-Com aliens lost less civilians lost).
expect 0 "sim a terror site" "$xtac" sim maps/terror-street.yaml --games 3 \
    --seed 5 --json --jobs 2
jq -e '.civilians.fielded == 30 and .civilians.lost <= 30 and
    .civilians.lost_per_game == .civilians.lost / 3 and
    .sides[1].objectives[0].objective == "civilians" and
    .sides[1].objectives[0].games == 3 and
    .sides[0].objectives[0].objective == "elimination" and
    .sides[1].score_per_game == .civilians.lost_per_game and
    (.sides[0] | has("score_per_game"))' \
    "$tmp/out" >/dev/null || fail "--json on a terror site lacks civilians"
# Both sides' terror scoring: X-Com's score is aliens lost less civilians
# lost; the aliens win by elimination or by every civilian lost, and
# their objective line counts the second (RULINGS 2.3).
jq -e '.sides[0].score == .sides[0].score_terms.aliens_lost -
    .sides[0].score_terms.civilians_lost and
    .sides[0].score_terms.civilians_lost == .civilians.lost and
    .sides[1].score_terms.civilians_lost == .civilians.lost and
    all(.sides[]; .wins_by.elimination + .wins_by.civilians == .wins) and
    .sides[0].wins_by.civilians == 0 and
    .sides[1].wins_by.civilians == .sides[1].objectives[0].achieved' \
    "$tmp/out" >/dev/null || fail "--json: a terror site's scoring"
expect 0 "sim a terror site, text" "$xtac" sim maps/terror-street.yaml \
    --games 2 --seed 5
contains out "civilians: 10.00 a game" "civilians in the text report"
contains out "objective civilians: met" "the aliens' objective"
contains out "score  " "a terror site's scores"
contains out "aliens lost" "X-Com's score: aliens lost less civilians lost"
contains out "wins by elimination" "the aliens' wins by either way"

# Secret missions drawn per game: every game counted under one objective.
expect 0 "sim secret missions" "$xtac" sim maps/desert-landing.yaml \
    --games 4 --seed 3 --json --jobs 2
jq -e 'all(.sides[]; ([.objectives[].games] | add) == 4) and
    any(.sides[].objectives[]; .objective != "elimination")' \
    "$tmp/out" >/dev/null || fail "--json lacks the secret missions"

# Friendly losses are counted: random play on the mirror map, where
# rifles and grenades fly past and into comrades, loses some to its own.
expect 0 "sim friendly fire" "$xtac" sim "$map" --games 20 --seed 42 \
    --level random --json
jq -e '.friendly_losses > 0 and .friendly_losses < .lost' "$tmp/out" \
    >/dev/null || fail "random play on the mirror map loses none to its own"

# From a saved position (xtac(6) SIMULATION): the save replayed, then
# each game played on from round 4 with dice of its own; the same seed
# gives the same report, whatever --jobs is.
cp tests/data/arena.yaml "$tmp/arena.yaml"
printf 'end\nend\nend\nend\nend\nend\n' >"$tmp/arena.cmd"
expect 0 "script --save a game at round 4" sh -c "\"$xtac\" script \
    --seed 7 --save \"$tmp/arena.save\" \"$tmp/arena.yaml\" <\"$tmp/arena.cmd\""
cp "$tmp/arena.save" "$tmp/kept.save"
expect 0 "sim from a save" "$xtac" sim "$tmp/arena.save" --games 6 \
    --seed 9 --level random
cp "$tmp/out" "$tmp/from"
contains from "arena.save: \"Arena\", 6 games, seed 9" "the save is named"
contains from "from round 4 of the save, played on to the end" \
    "the round the games began"
contains from "xcom (random)" "the level given, not the save's"
expect 0 "sim from a save again" "$xtac" sim "$tmp/arena.save" --games 6 \
    --seed 9 --level random
cmp -s "$tmp/from" "$tmp/out" || fail "one seed, two reports from a save"
expect 0 "sim from a save, --jobs 3" "$xtac" sim "$tmp/arena.save" \
    --games 6 --seed 9 --level random --jobs 3
cmp -s "$tmp/from" "$tmp/out" || fail "--jobs changes a report from a save"
expect 0 "sim from a save, another seed" "$xtac" sim "$tmp/arena.save" \
    --games 6 --seed 10 --level random
cmp -s "$tmp/from" "$tmp/out" && fail "seeds 9 and 10 gave one report"
cmp -s "$tmp/arena.save" "$tmp/kept.save" || fail "sim changed the save"
# Games go on from the position: no game is shorter than its round 4.
expect 0 "sim from a save, --json" "$xtac" sim "$tmp/arena.save" \
    --games 5 --seed 9 --json --jobs 2
jq -e '.from_round == 4 and .games == 5 and .rounds.min >= 4 and
    (.sides[0].wins + .sides[1].wins + .draws == 5) and
    .friendly_losses <= .lost' "$tmp/out" >/dev/null ||
    fail "--json from a save is not the expected object"
# One game's trace from a save: the games played on, from round 4.
expect 0 "sim from a save, --log" "$xtac" sim "$tmp/arena.save" --games 3 \
    --seed 9 --log "$tmp/from.log" --log-game 2
grep -q '^round 4 ' "$tmp/from.log" || fail "the trace does not begin at round 4"
grep -q '^end: ' "$tmp/from.log" || fail "the trace from a save has no end"
# A file that begins as a save is one, whatever its name.
cp "$tmp/arena.save" "$tmp/arena.game"
expect 0 "sim from a save not named .save" "$xtac" sim "$tmp/arena.game" \
    --games 1 --seed 9
contains out "from round 4 of the save" "a save known by its first line"

# A finished game has nothing to play.
expect 0 "script --save a finished game" sh -c "\"$xtac\" script --seed 1 \
    --save \"$tmp/over.save\" tests/data/terror-square.yaml \
    <tests/script/terror-end.cmd"
expect 1 "sim from a finished game" "$xtac" sim "$tmp/over.save" --games 3
contains err "the game is over at round 2 (alien won): nothing to play" \
    "a finished game refused"
# Past the cap, with a squad or a shard: a usage error.
expect 2 "sim from a save past the cap" "$xtac" sim "$tmp/arena.save" \
    --games 2 --rounds 3
contains err "is at round 4, past the --rounds cap 3" "the cap named"
expect 2 "sim from a save with --shard" "$xtac" sim "$tmp/arena.save" \
    --games 2 --shard 1/2
contains err "no --squad, no --shard" "a save's units are its own"

# A bad save: replay's messages and exit statuses.
mkdir "$tmp/changed"
for bad in edited changed garbage missing; do
	save=$tmp/bad.save
	case $bad in
	edited)	sed 's/^seed 7$/seed 8/' "$tmp/arena.save" >"$save" ;;
	changed) save=$tmp/changed/bad.save
		cp "$tmp/arena.save" "$save"
		{ cat "$tmp/arena.yaml"; echo "# changed"; } \
		    >"$tmp/changed/arena.yaml" ;;
	garbage) echo "not a save" >"$save" ;;
	missing) rm -f "$save" ;;
	esac
	"$xtac" replay "$save" >/dev/null 2>"$tmp/replay.err"
	want=$?
	[ "$want" = 0 ] && fail "replay took the $bad save"
	expect "$want" "sim from a $bad save" "$xtac" sim "$save" --games 2
	case $bad in
	edited)	contains err "the integrity check fails" "an edit named" ;;
	changed) contains err "has changed since the save" "a new map named" ;;
	garbage) contains err "bad.save:1: not an xtac save" "no save named" ;;
	missing) contains err "cannot open" "a missing save named" ;;
	esac
	cmp -s "$tmp/replay.err" "$tmp/err" || {
		fail "sim and replay say different things of a $bad save"
		diff "$tmp/replay.err" "$tmp/err" | head -5
	}
done

# --log: one game's trace, the same report with or without it, the same
# trace whatever --jobs or --shard; every command with its reason, its
# events, and each unit put down with who did it (xtac(6) SIMULATION).
expect 0 "sim friendly fire, no log" "$xtac" sim "$map" --games 20 \
    --seed 42 --level random
cp "$tmp/out" "$tmp/nolog"
expect 0 "sim --log" "$xtac" sim "$map" --games 20 --seed 42 \
    --level random --log "$tmp/g4.log" --log-game 4
cmp -s "$tmp/nolog" "$tmp/out" || fail "--log changed the report"
head -1 "$tmp/g4.log" | grep -q '^battle: Mirror.*, seed [0-9]*, xcom random vs alien random, at most 30 rounds$' ||
    fail "--log: no first line naming the game: $(head -1 "$tmp/g4.log")"
grep -q '^round 1 xcom: ' "$tmp/g4.log" || fail "--log: no command line"
grep -q '^  why: ' "$tmp/g4.log" || fail "--log: no reasons"
grep -q '^  attack unit=' "$tmp/g4.log" || fail "--log: no events"
grep -q '^  down: .* by .* FRIENDLY$' "$tmp/g4.log" ||
    fail "--log: no friendly loss marked"
n=$(grep -c '^  friendly loss: ' "$tmp/g4.log")
tail -n "$((n + 1))" "$tmp/g4.log" | head -1 |
    grep -q "^end: .*; [0-9]* lost, $n to their own side\$" ||
    fail "--log: the last line does not count its friendly losses"
expect 0 "sim --log, two jobs, a share" "$xtac" sim "$map" --games 20 \
    --seed 42 --level random --log "$tmp/g4b.log" --log-game 4 --jobs 2 \
    --shard 2/3
cmp -s "$tmp/g4.log" "$tmp/g4b.log" || fail "--log: the trace of game 4 differs"
expect 0 "sim --log, normal" "$xtac" sim "$map" --games 1 --seed 42 \
    --log "$tmp/n.log"
grep -q '^  why: .*options weighed' "$tmp/n.log" ||
    fail "--log: the normal level's reasons are missing"
expect 2 "sim --log-game 0" "$xtac" sim "$map" --games 2 --log "$tmp/x" \
    --log-game 0
contains err "bad --log-game '0'" "bad game to log named"
expect 2 "sim --log-game past the run" "$xtac" sim "$map" --games 2 \
    --log "$tmp/x" --log-game 3
contains err "--log-game 3: the run has 2 games" "a game past the run named"
expect 2 "sim --log-game alone" "$xtac" sim "$map" --games 2 --log-game 1
contains err "--log-game goes with --log" "--log-game without --log"
expect 3 "sim --log unwritable" "$xtac" sim "$map" --games 1 \
    --log "$tmp/none/x.log"
contains err "none/x.log: No such file or directory" "unwritable log named"

# Bad arguments: exit 2, a message naming the problem.
expect 2 "sim without a map" "$xtac" sim --games 3
contains err "no map given" "missing map named"
expect 2 "sim without --games" "$xtac" sim "$map"
contains err "--games N is required" "missing --games named"
expect 2 "sim --games 0" "$xtac" sim "$map" --games 0
contains err "bad --games '0'" "bad game count named"
expect 2 "sim --games banana" "$xtac" sim "$map" --games banana
expect 2 "sim --jobs 0" "$xtac" sim "$map" --games 2 --jobs 0
contains err "bad --jobs '0'" "bad job count named"
expect 2 "sim --level genius" "$xtac" sim "$map" --games 2 --level genius
contains err "unknown level 'genius'" "bad level named"
expect 2 "sim --vs genius" "$xtac" sim "$map" --games 2 --vs genius
expect 2 "sim --rounds 0" "$xtac" sim "$map" --games 2 --rounds 0
contains err "bad --rounds '0'" "bad cap named"
expect 2 "sim --seed x" "$xtac" sim "$map" --games 2 --seed x
contains err "bad seed 'x'" "bad seed named"
expect 2 "sim two maps" "$xtac" sim "$map" "$map" --games 2
expect 2 "sim unknown option" "$xtac" sim "$map" --games 2 --fast

# A map that does not load: exit 1 with file:line:col.
printf 'xtac-map: 1\nname: Bad\nlegend:\n  squares:\n    g: {floor: gras}\nlevels:\n  - |\n    +-+\n    |g|\n    +-+\n' >"$tmp/bad.yaml"
expect 1 "sim an invalid map" "$xtac" sim "$tmp/bad.yaml" --games 2
contains err "bad.yaml:5:16: unknown floor 'gras'" "the map's problem"
expect 1 "sim a missing map" "$xtac" sim "$tmp/none.yaml" --games 2
contains err "cannot open" "missing map explained"
expect 3 "sim without data" env XTAC_DATA="$tmp/none" "$xtac" sim "$map" \
    --games 2
contains err "cannot open the unit catalog" "missing data explained"

finish sim
