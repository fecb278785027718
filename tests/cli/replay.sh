#!/bin/sh
# Saves and `xtac replay` (xtac(6) FILES, EXIT STATUS): a save written by
# `xtac script --save` replays exactly and prints its final hash; a
# tampered save exits 1 naming the line where the game differs; a changed
# map exits 1 naming the map-hash line; a file that is no save exits 1
# naming line 1; a missing file exits 3; a bad command line exits 2.  Every
# transcript of tests/script, saved and replayed, replays exactly.
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

cp maps/tutorial.yaml "$tmp/map.yaml"
# Both sides end their deployment (xtac(6) Deployment), then play.
printf 'end\nend\nmove alvarez 4 6\nkneel alvarez\nend\nend\nend\nend\n' \
    >"$tmp/game.cmd"
expect 0 "script --save" sh -c "\"$xtac\" script --seed 7 \
    --save \"$tmp/good.save\" \"$tmp/map.yaml\" <\"$tmp/game.cmd\""
contains good.save "xtac-save 3" "the save's header"
contains good.save "map map.yaml" "the map, named from the save's directory"
contains good.save "seed 7" "the save's seed"
contains good.save "move alvarez 4 6 1" "the save's commands"
expect 0 "replay a good save" "$xtac" replay "$tmp/good.save"
contains out "replays exactly" "a good save replays"
contains out "seed 7, 8 commands" "the summary"
hash=$(sed -n 's/^hash \([0-9a-f]*\)$/\1/p' "$tmp/out")
last=$(grep '^hash ' "$tmp/good.save" | tail -n 1 | cut -d' ' -f3)
tail -n 1 "$tmp/good.save" | grep -q '^end 8 [0-9a-f]\{16\}$' ||
    fail "the save does not close with its end line"
[ -n "$hash" ] && [ "$hash" = "$last" ] ||
    fail "the final hash '$hash' is not the save's last '$last'"

# Any edit of a journal fails its integrity check, at the sum line after.
sed 's/^move alvarez 4 6 1$/move alvarez 4 7 1/' "$tmp/good.save" \
    >"$tmp/edited.save"
sumline=$(($(grep -n '^move alvarez 4 7 1$' "$tmp/edited.save" | cut -d: -f1) + 1))
expect 1 "replay an edited journal" "$xtac" replay "$tmp/edited.save"
contains err "edited.save:$sumline: the integrity check fails" \
    "the edit is named by the sum line after it"

# A version 1 save (no sums) is still read; a changed move in one is
# caught by the hash line after it.
sed -e 's/^xtac-save 3$/xtac-save 1/' -e '/^sum /d' -e '/^end [0-9]/d' \
    "$tmp/good.save" >"$tmp/v1.save"
expect 0 "replay a version 1 save" "$xtac" replay "$tmp/v1.save"
sed 's/^move alvarez 4 6 1$/move alvarez 4 7 1/' "$tmp/v1.save" \
    >"$tmp/tampered.save"
line=$(grep -n '^move alvarez 4 7 1$' "$tmp/tampered.save" | cut -d: -f1)
hline=$(awk -v l="$line" 'NR > l && /^hash / { print NR; exit }' \
    "$tmp/tampered.save")
expect 1 "replay a tampered save" "$xtac" replay "$tmp/tampered.save"
contains err "tampered.save:$hline: the game differs from the save" \
    "the divergence is named by file:line"

# play --load checks the save the same way, before it needs a terminal.
expect 1 "play --load a tampered save" "$xtac" play --load \
    "$tmp/tampered.save"
contains err "tampered.save:$hline: the game differs from the save" \
    "play --load names the divergence"
expect 3 "play --load a good save without a terminal" "$xtac" play --load \
    "$tmp/good.save"
contains err "needs a terminal" "a terminal is needed to play"
expect 3 "play --load a missing file" "$xtac" play --load "$tmp/none.save"
expect 2 "play --load with a map" "$xtac" play --load "$tmp/good.save" \
    maps/tutorial.yaml
contains err "--load takes the map and the seed from the save" \
    "--load and a map explained"
expect 2 "play --dice with a bad value" "$xtac" play --dice sometimes
contains err "--dice is manual or auto, not 'sometimes'" "--dice explained"

# A command that cannot be done.
sed 's/^move alvarez 4 6 1$/move nobody 4 6 1/' "$tmp/v1.save" \
    >"$tmp/bad.save"
expect 1 "replay a save with an unknown unit" "$xtac" replay "$tmp/bad.save"
contains err "bad.save:$line: 'move nobody 4 6 1':" "the bad command's line"

# Who played is the AI's to name: an unknown level is caught at its
# line (a version 1 save: no sums to redo).
awk 'NR == 5 { print "players xcom=human alien=ai level=genius" } { print }' \
    "$tmp/v1.save" >"$tmp/level.save"
expect 1 "replay a save with an unknown AI level" "$xtac" replay \
    "$tmp/level.save"
contains err "level.save:5: 'players' names no AI level 'genius'" \
    "the unknown level's line"
sed 's/level=genius/level=hard/' "$tmp/level.save" >"$tmp/hard.save"
expect 0 "replay a save played by the hard AI" "$xtac" replay \
    "$tmp/hard.save"

# The map changed since.
printf '# edited\n' >>"$tmp/map.yaml"
expect 1 "replay after the map changed" "$xtac" replay "$tmp/good.save"
contains err "good.save:3: the map $tmp/map.yaml has changed since the save" \
    "a changed map is named at the map-hash line"
rm "$tmp/map.yaml"
expect 3 "replay when the map is gone" "$xtac" replay "$tmp/good.save"
contains err "good.save:3: the save's map cannot be read" "a missing map"

printf 'hello\n' >"$tmp/hello.save"
expect 1 "replay a file that is no save" "$xtac" replay "$tmp/hello.save"
contains err "hello.save:1: not an xtac save" "not a save: line 1"
expect 3 "replay a missing file" "$xtac" replay "$tmp/none.save"
contains err "none.save: cannot open" "a missing file explained"
expect 3 "replay a directory" "$xtac" replay "$tmp"
expect 2 "replay without a file" "$xtac" replay
expect 2 "replay with two files" "$xtac" replay a b
expect 2 "replay with an option" "$xtac" replay --frobnicate
expect 3 "script --save to a directory that is not there" sh -c \
    "\"$xtac\" script --seed 1 --save \"$tmp/no/such/x.save\" \
    maps/tutorial.yaml </dev/null"
contains err "cannot write $tmp/no/such/x.save" "an unwritable save named"

# Every transcript's game, saved and replayed: each command's canonical
# text (cmd_format) reads back as the same command.
for cmd in tests/script/*.cmd; do
	header=$(head -n 1 "$cmd")
	map=$(echo "$header" | sed -n 's/.*map: *\([^ ]*\).*/\1/p')
	seed=$(echo "$header" | sed -n 's/.*seed: *\([^ ]*\).*/\1/p')
	"$xtac" script --seed "$seed" --save "$tmp/t.save" "$map" <"$cmd" \
	    >/dev/null 2>&1
	expect 0 "$cmd saved and replayed" "$xtac" replay "$tmp/t.save"
done

finish replay
