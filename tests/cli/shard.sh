#!/bin/sh
# xtac sim --shard I/N and --merge (xtac(6) SIMULATION): the shares of a
# run, merged, are the report of the whole run byte for byte, as JSON and
# as text, whatever the number of shares (one, more than the games) and the
# order the reports are given in; reports of different runs, a share
# missing or given twice, are refused with exit 1 and a message.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

# same NAME SHARES MAP ARGS...: run MAP whole and in SHARES shares; the
# merge of the shares (given last to first) equals the whole run.
same() {
	name=$1 n=$2
	shift 2
	"$xtac" sim "$@" --json >"$tmp/whole.json" 2>"$tmp/err" ||
	    fail "$name: the whole run failed"
	"$xtac" sim "$@" >"$tmp/whole.txt" 2>"$tmp/err" ||
	    fail "$name: the whole run failed (text)"
	files=
	i=1
	while [ "$i" -le "$n" ]; do
		"$xtac" sim "$@" --json --shard "$i/$n" --jobs 2 \
		    >"$tmp/part$i.json" 2>"$tmp/err" ||
		    fail "$name: shard $i/$n failed"
		files="$tmp/part$i.json $files"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	expect 0 "$name: merge --json" "$xtac" sim --merge --json $files
	cmp -s "$tmp/whole.json" "$tmp/out" || {
		fail "$name: the merged JSON is not the whole run's"
		diff "$tmp/whole.json" "$tmp/out" | head -10
	}
	# shellcheck disable=SC2086
	expect 0 "$name: merge" "$xtac" sim --merge $files
	cmp -s "$tmp/whole.txt" "$tmp/out" || {
		fail "$name: the merged text is not the whole run's"
		diff "$tmp/whole.txt" "$tmp/out" | head -10
	}
}

mirror=tests/data/sim-mirror.yaml
same "mirror, 3 shares" 3 "$mirror" --games 7 --seed 42 --level random
same "mirror, 1 share" 1 "$mirror" --games 7 --seed 42 --level random
same "mirror, more shares than games" 10 "$mirror" --games 7 --seed 42 \
    --level random
same "arena, 2 shares" 2 tests/data/arena.yaml --games 5 --seed 7 \
    --level random --vs easy --rounds 10
same "civilians, 3 shares" 3 tests/data/bystander.yaml --games 6 \
    --seed 0x2a --level random
same "farmhouse, 2 shares" 2 maps/farmhouse.yaml --games 3 --seed 5 \
    --level random --rounds 4
# Squads: each share names the squad it played, and the merge keeps it.
same "squads, 2 shares" 2 maps/farmhouse.yaml --games 3 --seed 5 \
    --level random --rounds 3 --squad xcom=veterans --squad alien=raiders
jq -e '.sides[0].squad.file == "veterans" and
    (.sides[0].squad.hash | test("^[0-9a-f]{16}$")) and
    .sides[1].squad.file == "raiders"' "$tmp/whole.json" >/dev/null ||
    fail "the report does not name the squads"
cp squads/veterans.yaml "$tmp/vets.yaml"
"$xtac" sim maps/farmhouse.yaml --games 2 --seed 5 --level random \
    --rounds 2 --json --shard 1/2 --squad xcom="$tmp/vets.yaml" \
    >"$tmp/q1.json" || fail "a squad's shard failed"
sed -i 's/acc: 20/acc: 10/' "$tmp/vets.yaml"
"$xtac" sim maps/farmhouse.yaml --games 2 --seed 5 --level random \
    --rounds 2 --json --shard 2/2 --squad xcom="$tmp/vets.yaml" \
    >"$tmp/q2.json" || fail "a squad's shard failed"
expect 1 "a squad changed between shards" "$xtac" sim --merge \
    "$tmp/q1.json" "$tmp/q2.json"
contains err "q2.json: xcom squad '$tmp/vets.yaml' (hash" "the squad named"
"$xtac" sim maps/farmhouse.yaml --games 2 --seed 5 --level random \
    --rounds 2 --json --shard 2/2 >"$tmp/q3.json" ||
    fail "a shard without squads failed"
expect 1 "a shard without the squad" "$xtac" sim --merge "$tmp/q1.json" \
    "$tmp/q3.json"
contains err "q3.json: xcom the map's own units, but" "the map's units named"

# Rounds' fewest and most, objectives, a terror site's civilians and scores
# (an X-Com score may be below 0) and secret missions merge exactly too.
same "terror site, 3 shares" 3 maps/terror-street.yaml --games 4 --seed 2 \
    --level random --vs easy --rounds 8
same "secret missions, 2 shares" 2 maps/desert-landing.yaml --games 4 \
    --seed 3 --level random --rounds 4

# A share plays only its games, with the seeds they have in the whole run:
# one game a share, so each share's report is that game's alone.
"$xtac" sim "$mirror" --games 3 --seed 9 --level random --json --shard 2/3 \
    >"$tmp/s2.json" || fail "shard 2/3 failed"
jq -e '.games == 1 and .shard == {"index": 2, "count": 3, "run_games": 3}
    and .version == 4 and .rounds.sum >= 1' "$tmp/s2.json" >/dev/null ||
    fail "a share's report does not say which share it is"
expect 0 "a share's text" "$xtac" sim "$mirror" --games 3 --seed 9 \
    --level random --shard 2/3
contains out "1 game (shard 2 of 3 of a run of 3), seed 9" \
    "the text names the share"
expect 0 "an empty share" "$xtac" sim "$mirror" --games 2 --seed 9 \
    --level random --shard 3/3 --json
jq -e '.games == 0 and .rounds == null and .sides[0].units == []' \
    "$tmp/out" >/dev/null || fail "a share with no games is not empty"
# The whole run is its own one share: no "shard" in its report.
jq -e 'has("shard") | not' "$tmp/whole.json" >/dev/null ||
    fail "the whole run names a share"

# Refused merges: exit 1, the file and the reason named.
run() {
	"$xtac" sim "$mirror" --games 4 --level random --json "$@"
}
run --seed 1 --shard 1/2 >"$tmp/a1.json"
run --seed 1 --shard 2/2 >"$tmp/a2.json"
run --seed 2 --shard 2/2 >"$tmp/seed2.json"
run --seed 1 --shard 2/2 --vs easy >"$tmp/easy.json"
run --seed 1 --shard 2/2 --rounds 9 >"$tmp/cap.json"
run --seed 1 --shard 2/3 >"$tmp/three.json"
"$xtac" sim "$mirror" --games 5 --level random --json --seed 1 \
    --shard 2/2 >"$tmp/five.json"
"$xtac" sim tests/data/arena.yaml --games 4 --level random --json --seed 1 \
    --shard 2/2 >"$tmp/arena.json"
expect 0 "the right shares" "$xtac" sim --merge "$tmp/a1.json" "$tmp/a2.json"
expect 1 "another seed" "$xtac" sim --merge "$tmp/a1.json" "$tmp/seed2.json"
contains err "seed2.json: seed '2', but" "the seed named"
contains err "a1.json: seed '1': not shards of one run" "both seeds named"
expect 1 "another level" "$xtac" sim --merge "$tmp/a1.json" "$tmp/easy.json"
contains err "alien level 'easy', but" "the level named"
expect 1 "another cap" "$xtac" sim --merge "$tmp/a1.json" "$tmp/cap.json"
contains err "a cap of 9 rounds, but" "the cap named"
expect 1 "another map" "$xtac" sim --merge "$tmp/a1.json" "$tmp/arena.json"
contains err "map 'tests/data/arena.yaml', but" "the map named"
expect 1 "another game count" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/five.json"
contains err "a run of 5 games in 2 shards, but" "the game count named"
expect 1 "another share count" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/three.json"
contains err "a run of 4 games in 3 shards" "the share count named"
expect 1 "a missing share" "$xtac" sim --merge "$tmp/a1.json"
contains err "shard 2 of 2 is missing (1 of 2 given)" "the missing share named"
expect 1 "a share twice" "$xtac" sim --merge "$tmp/a1.json" "$tmp/a2.json" \
    "$tmp/a2.json"
contains err "a2.json are both shard 2 of 2" "the duplicate named"
jq '.games = 1' "$tmp/a2.json" >"$tmp/short.json"
expect 1 "a share with too few games" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/short.json"
contains err "short.json: shard 2 of 2 has 1 games, but a run of 4 gives it 2" \
    "the count of games checked"
jq '.shard = {"index": 1, "count": 1000000000000, "run_games": 4} |
    .games = 1' "$tmp/a2.json" >"$tmp/huge.json"
expect 1 "a share of very many" "$xtac" sim --merge "$tmp/huge.json"
contains err "shard 2 of 1000000000000 is missing (1 of 1000000000000 given)" \
    "a huge share count refused without trouble"
jq 'del(.version)' "$tmp/a2.json" >"$tmp/old.json"
expect 1 "a report without a version" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/old.json"
contains err "old.json: no 'version'" "an old report named"
jq '.version = 1' "$tmp/a2.json" >"$tmp/v1.json"
expect 1 "a report of another version" "$xtac" sim --merge "$tmp/v1.json"
contains err "v1.json: a report of version 1; this xtac merges version 4" \
    "the version named"
jq 'del(.rounds.sum)' "$tmp/a2.json" >"$tmp/nosum.json"
expect 1 "a report without sums" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/nosum.json"
contains err "nosum.json: 'sum' is missing" "the missing sum named"
jq '.sides[1].units[0].damage = "lots"' "$tmp/a2.json" >"$tmp/lots.json"
expect 1 "a report with a bad number" "$xtac" sim --merge "$tmp/a1.json" \
    "$tmp/lots.json"
contains err "lots.json: 'damage' is missing or not a whole number" \
    "the bad number named"
printf '{"version": 2,\n  "games": [}\n' >"$tmp/garbage.json"
expect 1 "not JSON" "$xtac" sim --merge "$tmp/garbage.json"
contains err "garbage.json:2:" "the place in a broken report named"
expect 1 "no such report" "$xtac" sim --merge "$tmp/none.json"
contains err "unable to open $tmp/none.json" "a missing report named"

# A terror site's share without its civilians is not of the same run.
"$xtac" sim maps/terror-street.yaml --games 2 --level random --rounds 2 \
    --json --seed 1 --shard 1/2 >"$tmp/t1.json"
"$xtac" sim maps/terror-street.yaml --games 2 --level random --rounds 2 \
    --json --seed 1 --shard 2/2 >"$tmp/t2.json"
jq -e '.civilians.fielded > 0 and (.sides[0].score | type) == "number"' \
    "$tmp/t2.json" >/dev/null || fail "a terror site's share lacks its sums"
expect 0 "a terror site's shares" "$xtac" sim --merge "$tmp/t1.json" \
    "$tmp/t2.json"
jq 'del(.civilians)' "$tmp/t2.json" >"$tmp/nociv.json"
expect 1 "a share without civilians" "$xtac" sim --merge "$tmp/t1.json" \
    "$tmp/nociv.json"
contains err "nociv.json: no civilians, but the first report has" \
    "the missing civilians named"
jq '.sides[0].objectives[0].objective = "treasure"' "$tmp/t2.json" \
    >"$tmp/obj.json"
expect 1 "an unknown objective" "$xtac" sim --merge "$tmp/t1.json" \
    "$tmp/obj.json"
contains err "obj.json: xcom: objective 'treasure' is not one" \
    "the unknown objective named"

# Bad command lines: exit 2.
expect 2 "--merge without reports" "$xtac" sim --merge
contains err "no report given to --merge" "no reports named"
expect 2 "--merge with --games" "$xtac" sim --merge --games 3 "$tmp/a1.json"
contains err "--merge takes only --json and the reports" "playing options"
for bad in 0/3 4/3 1/0 3 1/ /2 a/b 1/2x; do
	expect 2 "--shard $bad" "$xtac" sim "$mirror" --games 3 --shard "$bad"
	contains err "bad --shard '$bad'" "bad share named"
done

finish shard
