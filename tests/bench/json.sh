#!/bin/sh
# json.sh - the figures of `make bench` as instruction counts, written to
# build/bench.json.  Run from tests/bench after the benches are built.
#
# Each figure runs one bench under callgrind collecting only inside the
# measured function (--toggle-collect), so set-up, checks and the timing
# code are left out and the machine's load does not matter; the bench
# prints "calls N" (and for reachable sets "settled N"), the divisor.
# The blast's "us" and the UI step's are wall clock too (medians), beside
# their instruction counts.  Reachable sets and A* run with the kept step
# words (path_moves) the game keeps; reach_per_settled_square includes
# clearing the caller's whole cost array, as path_reach_with must.
# Within a run, callgrind_annotate's inclusive costs split a step into its
# parts.  Battles a second are wall-clock on one core, the only timed
# figure.
set -eu

B=../../build/bench
OUT=../../build/bench.json
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# run NAME FUNCTION COMMAND...: callgrind collecting inside FUNCTION.
run() {
	name=$1 fn=$2
	shift 2
	valgrind --tool=callgrind --callgrind-out-file="$TMP/$name.cg" \
	    --collect-atstart=no --toggle-collect="$fn" "$@" \
	    >"$TMP/$name.out" 2>"$TMP/$name.err" || {
		cat "$TMP/$name.err" >&2
		exit 1
	}
}

# total NAME: the instructions collected.
total() {
	awk '/^totals:/ { print $2 }' "$TMP/$1.cg"
}

# field NAME KEY: the number the bench printed after KEY.
field() {
	awk -v k="$2" '$1 == k { print $2 }' "$TMP/$1.out"
}

# inclusive NAME FUNCTION: FUNCTION's inclusive instructions in run NAME.
inclusive() {
	callgrind_annotate --inclusive=yes --threshold=100 --auto=no \
	    "$TMP/$1.cg" \
	    2>/dev/null | awk -v f="$2" '
		{ for (i = 2; i <= NF; i++) if ($i ~ ":" f "$") {
			gsub(",", "", $1); s += $1; break } }
		END { print s + 0 }'
}

per() {	# numerator divisor
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b > 0 ? a / b : 0) }'
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'
}

echo "bench.json: sight (callgrind)" >&2
sight() {	# key map size tag [radius]
	run "s-$1-$3-$4" bench_fov $B/bench-sight --only "$1" --map "$2" \
	    --size "$3" --radius "${5:-20}"
	per "$(total "s-$1-$3-$4")" "$(field "s-$1-$3-$4" calls)"
}
sight_map() {	# json-key map
	o=$(sight ours "$2" 100 x)
	s=$(sight shadow "$2" 100 x)
	y=$(sight symmetric "$2" 100 x)
	printf '    "%s": {"xtac": %s, "libtcod_shadow": %s, ' "$1" "$o" "$s"
	printf '"libtcod_symmetric": %s, "xtac_over_shadow": %s, ' "$y" \
	    "$(ratio "$o" "$s")"
	printf '"xtac_over_symmetric": %s},\n' "$(ratio "$o" "$y")"
}
{
	printf '{\n  "unit": "instructions per call (callgrind Ir), but '
	printf 'battles_per_s, *_us (microseconds, wall clock) and bytes",\n  "sight": {\n'
	sight_map open open0
	sight_map rocks10 open10
	sight_map rocks30 open30
	printf '    "town60x60x4": {"xtac": %s},\n' "$(sight ours town 100 t)"
	# The game's radius: the map's larger side (game-seen.c).
	printf '    "town60x60x4_whole_map": {"xtac": %s},\n' \
	    "$(sight ours town 100 w 60)"
	printf '    "open_by_map_side": {"50": %s, "100": %s, "200": %s},\n' \
	    "$(sight ours open0 50 a)" "$(sight ours open0 100 b)" \
	    "$(sight ours open0 200 c)"
	# One sight_line (threat views, the AI's checks): from each origin
	# to a square within 20, on the town to any level.
	printf '    "one_line": {"open": %s, "rocks10": %s, "town60x60x4": %s}\n' \
	    "$(sight line open0 100 l0)" "$(sight line open10 100 l1)" \
	    "$(sight line town 100 lt)"
	printf '  },\n'
} >"$TMP/json"

echo "bench.json: steps (callgrind)" >&2
step() {	# json-key map per-side
	n="r-$2-$3"
	run "$n" bench_step $B/bench-reaction --map "$2" --per-side "$3" \
	    --steps 90
	c=$(field "$n" calls)
	w=$(inclusive "$n" move_watchers)
	printf '    "%s": {"step": %s, "reaction_check": %s, ' "$1" \
	    "$(per "$(total "$n")" "$c")" "$(per "$w" "$c")"
	f=$(($(inclusive "$n" game_field_refresh) + \
	    $(inclusive "$n" game_field_moved)))
	printf '"vis_update": %s, "field": %s, "path": %s, ' \
	    "$(per "$(inclusive "$n" game_vis_update)" "$c")" \
	    "$(per "$f" "$c")" \
	    "$(per "$(inclusive "$n" path_find_with)" "$c")"
	printf '"know_field": %s}' \
	    "$(per "$(inclusive "$n" know_field)" "$c")"
}
{
	printf '  "step": {\n'
	step town60_15_a_side town60 15
	printf ',\n'
	step town60_30_a_side town60 30
	printf ',\n'
	step open100_30_a_side open100 30
	printf '\n  },\n'
} >>"$TMP/json"

echo "bench.json: paths (callgrind)" >&2
path() {	# algo map function
	run "p-$1-$2" "$3" $B/bench-path --only "$1" --map "$2" --rounds 1
}
{
	printf '  "path": {\n'
	sep=
	for m in open0 open10 open30 town; do
		path ours-reach $m path_reach_with
		path ours-astar $m path_find_with
		path tcod-astar $m TCOD_path_compute
		path ours-local $m path_find_with
		path tcod-local $m TCOD_path_compute
		printf '%s    "%s": {"reach_per_settled_square": %s, ' "$sep" \
		    "$m" "$(per "$(total "p-ours-reach-$m")" \
		    "$(field "p-ours-reach-$m" settled)")"
		printf '"astar_random": {"xtac": %s, "libtcod": %s}, ' \
		    "$(per "$(total "p-ours-astar-$m")" 200)" \
		    "$(per "$(total "p-tcod-astar-$m")" 200)"
		printf '"astar_local": {"xtac": %s, "libtcod": %s}}' \
		    "$(per "$(total "p-ours-local-$m")" 200)" \
		    "$(per "$(total "p-tcod-local-$m")" 200)"
		sep=',
'
	done
	printf '\n  },\n'
} >>"$TMP/json"

echo "bench.json: blast (callgrind)" >&2
blast() {	# json-key map
	n="b-$2"
	# bench_blast may be cloned (bench_blast.constprop.0): a pattern.
	run "$n" 'bench_blast*' $B/bench-blast --map "$2" --blasts 9
	c=$(field "$n" calls)
	$B/bench-blast --map "$2" --blasts 180 >"$TMP/$n.time"
	printf '    "%s": {"blast": %s, "us": %s, ' "$1" \
	    "$(per "$(total "$n")" "$c")" \
	    "$(awk '$1 == "ns" { printf "%.1f", $2 / 1000 }' "$TMP/$n.time")"
	printf '"spread": %s, "field": %s, "vis_update": %s}' \
	    "$(per "$(inclusive "$n" blast_spread)" "$c")" \
	    "$(per "$(inclusive "$n" game_field_refresh)" "$c")" \
	    "$(per "$(inclusive "$n" game_vis_update)" "$c")"
}
{
	printf '  "blast": {\n'
	blast field26x26_15_a_side sim-field
	printf ',\n'
	blast town60_30_a_side town60
	printf ',\n'
	blast open100_30_a_side open100
	printf '\n  },\n'
} >>"$TMP/json"

echo "bench.json: UI step (pty; callgrind)" >&2
# ui_main_play holds the client's loop (its key and redraw steps are
# inlined there): collected over a session of 4 moves and one of 12, the
# difference is 8 steps (l or h, then Enter, in move mode); the start (the
# hand-over screen, Enter, the first full screen, m) and the first moves
# are in both and cancel.  It also holds the client's idle wake-ups while the bench
# waits for quiet, and the save at the end, a little longer for the longer
# game.
ui_cg() {	# moves
	$B/bench-ui --moves "$1" --quiet 1500 -- valgrind -q \
	    --log-file="$TMP/ui-$1.log" --tool=callgrind \
	    --callgrind-out-file="$TMP/ui-$1.cg" --collect-atstart=no \
	    --toggle-collect=ui_main_play >/dev/null || {
		cat "$TMP/ui-$1.log" >&2
		exit 1
	}
	awk '/^totals:/ { print $2 }' "$TMP/ui-$1.cg"
}
{
	u0=$(ui_cg 4)
	u8=$(ui_cg 12)
	$B/bench-ui --moves 9 >"$TMP/ui.out"
	printf '  "ui_step": {"arena_100x30": {"instructions": %s, ' \
	    "$(per $((u8 - u0)) 8)"
	printf '"step_bytes": %s, "step_us": %s, ' \
	    "$(field ui step_bytes)" \
	    "$(awk '$1 == "step_ns" { printf "%.0f", $2 / 1000 }' \
	    "$TMP/ui.out")"
	printf '"l_enter_bytes": %s, "l_enter_us": %s}},\n' \
	    "$(field ui all_bytes)" \
	    "$(awk '$1 == "all_ns" { printf "%.0f", $2 / 1000 }' \
	    "$TMP/ui.out")"
} >>"$TMP/json"

echo "bench.json: phase and round ends (callgrind)" >&2
# bench-round: the state hash alone (bench_hash), closing the doors at a
# phase's end (game_doors_close), and the whole `end` (bench_end).
round() {	# json-key map
	for f in bench_hash game_doors_close bench_end; do
		run "e-$2-$f" "$f" $B/bench-round --map "$2" --phases 24 \
		    --hashes 4
	done
	printf '    "%s": {"state_hash": %s, "close_doors": %s, ' "$1" \
	    "$(per "$(total "e-$2-bench_hash")" \
	    "$(field "e-$2-bench_hash" hashes)")" \
	    "$(per "$(total "e-$2-game_doors_close")" \
	    "$(field "e-$2-game_doors_close" calls)")"
	printf '"phase_end": %s, "phase_end_know_stamp": %s}' \
	    "$(per "$(total "e-$2-bench_end")" \
	    "$(field "e-$2-bench_end" calls)")" \
	    "$(per "$(inclusive "e-$2-bench_end" know_stamp)" \
	    "$(field "e-$2-bench_end" calls)")"
}
{
	printf '  "round": {\n'
	round town60_30_a_side town60
	printf ',\n'
	round open100_30_a_side open100
	printf '\n  },\n'
} >>"$TMP/json"

echo "bench.json: a whole battle (callgrind)" >&2
# One battle of bench-ai --battles, its instructions (bench_games alone:
# not the catalog's loading) split by where they were spent, each
# function's own cost (not its callees') summed by its source file: the
# sight kernel (sight-*.c: fields of view, and every line drawn, the AI's
# and the threat's too), who sees whom and which squares
# (game-vis.c, game-seen.c), the knowledge layer (know*.c), paths
# (path-*.c), the threat of reaction fire (threat.c), shots' flights and
# forecasts (game-flight.c, game-risk.c), the AI's own choices (src/ai,
# and the C library's qsort it calls), and the rest (the rules, memory,
# libc).  Code inline from a public header (map.h, unit.h) counts with
# the function it was inlined into; a file's own -int.h with that file.
battle() {	# json-key map
	n="g-$2"
	run "$n" 'bench_games*' $B/bench-ai --battles "$2" --games 1
	callgrind_annotate --auto=no --threshold=100 "$TMP/$n.cg" \
	    2>/dev/null | awk -v key="$1" '
		function group(f, path) {
			if (f ~ /^sight-/) return "sight"
			if (f == "game-vis.c" || f == "game-seen.c") return "vis"
			if (f ~ /^know/) return "know"
			if (f ~ /^path-/) return "path"
			if (f == "threat.c") return "threat"
			if (f == "game-flight.c" || f == "game-risk.c")
				return "flight"
			if (path ~ /[ \/]src\/ai\// || f == "msort.c")
				return "ai"
			return "other"
		}
		/PROGRAM TOTALS/ { gsub(",", "", $1); total = $1; next }
		match($0, /[^ \/]+\.[chS]:[^ ]+/) {
			v = $1; gsub(",", "", v)
			f = substr($0, RSTART, RLENGTH)
			fn = f; sub(/^[^:]*:/, "", fn); sub(/:.*/, "", f)
			g = group(f, $0)
			# Inline from a public header: counted at the end.
			if (f ~ /\.h$/ && f !~ /-int\.h$/) {
				held[++nheld] = fn; heldv[nheld] = v
				next
			}
			part[g] += v
			if (!(fn in owner))
				owner[fn] = g
		}
		END {
			for (i = 1; i <= nheld; i++) {
				g = "other"
				if (held[i] in owner)
					g = owner[held[i]]
				part[g] += heldv[i]
			}
			printf "    \"%s\": {\"instructions\": %.0f", key, total
			n = split("sight vis know path threat flight ai", k, " ")
			s = 0
			for (i = 1; i <= n; i++) {
				printf ", \"%s\": %.0f", k[i], part[k[i]]
				s += part[k[i]]
			}
			printf ", \"other\": %.0f}", total - s
		}'
}
{
	printf '  "battle": {\n'
	battle open100_30_a_side open100
	printf ',\n'
	battle town60_30_a_side town60
	printf '\n  },\n'
} >>"$TMP/json"

echo "bench.json: battles (wall clock)" >&2
{
	printf '  "battles_per_s": {'
	sep=
	for m in town60 open100; do
		$B/bench-ai --battles $m --games 10 >"$TMP/b.out"
		printf '%s"%s_30_a_side": %s' "$sep" "$m" \
		    "$(awk '$1 == "battles_per_s" { print $2 }' "$TMP/b.out")"
		sep=', '
	done
	printf '}\n}\n'
} >>"$TMP/json"

mv "$TMP/json" "$OUT"
echo "bench.json: written to build/bench.json" >&2
