#!/bin/sh
# make fuzz: bounded libFuzzer runs, with ASan and UBSan, of every reader of
# outside input: the map loader (map), the catalog loader (catalog), the
# save reader and replay (save), the `xtac script` command line
# (script) and the game server's handshake and command lines (serve).
#   FUZZ_SECONDS (default 60) bounds each target's run;
#   FUZZ_TARGETS (default all five) picks some.
# Seeds: tests/fuzz/seeds* plus the shipped files; new inputs go to
# build/fuzz/corpus-TARGET.  Whatever a run finds (a crash, a leak, a
# timeout, an out-of-memory) is kept in build/fuzz/found-TARGET and fails
# the run, as does a fuzzer that ends with an error.
set -u
cd "$(dirname "$0")/../.." || exit 2
out=build/fuzz
mkdir -p "$out"
flags="-std=c11 -g -O1 -fsanitize=fuzzer,address,undefined
    -fno-sanitize-recover=all -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
    -DXTAC_DATADIR=\"$PWD\" -DXTAC_VERSION=\"fuzz\" -Iinclude -Isrc/cli
    $(pkg-config --cflags yaml-0.1 jansson 2>/dev/null)"
libs="$(pkg-config --libs yaml-0.1 jansson) -lm"
lib="$(ls src/engine/*.c src/data/*.c)"
targets=${FUZZ_TARGETS:-map catalog save script serve}
failed=

# Seeds the fuzzers start from, per target.
seeds() {
	case $1 in
	map)	echo tests/fuzz/seeds maps ;;
	catalog) echo units ;;
	save)	echo tests/fuzz/seeds-save ;;
	script)	echo tests/fuzz/seeds-script ;;
	serve)	echo tests/fuzz/seeds-serve ;;
	esac
}

for t in $targets; do
	extra=
	case $t in save|script|serve) extra=tests/fuzz/fuzz-tutorial.c ;; esac
	# The script plays the sides it is not given with the computer.
	case $t in script|serve) extra="$extra tests/support/cli-stubs.c
	    src/cli/cmd-script.c src/cli/script-query.c src/cli/cmd-replay.c
	    src/cli/data.c
	    $(ls src/ai/*.c)" ;; esac
	[ "$t" = serve ] && extra="$extra src/cli/serve-game.c src/cli/serve-dice.c"
	# shellcheck disable=SC2086
	if ! clang $flags -o "$out/fuzz_$t" "tests/fuzz/fuzz_$t.c" $extra \
	    $lib $libs; then
		failed="$failed $t(build)"
		continue
	fi
	found=$out/found-$t
	rm -rf "$found"
	mkdir -p "$found" "$out/corpus-$t"
	# shellcheck disable=SC2046
	"$out/fuzz_$t" -max_total_time="${FUZZ_SECONDS:-60}" \
	    -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix="$found/" -print_final_stats=1 \
	    "$out/corpus-$t" $(seeds "$t") >"$out/fuzz-$t.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' \
	    "$out/fuzz-$t.log")
	corpus=$(ls "$out/corpus-$t" | wc -l)
	grep -E 'ERROR|SUMMARY' "$out/fuzz-$t.log" | head -n 5
	n=$(ls -A "$found" | wc -l)
	echo "make fuzz: $t: ${runs:-?} runs, corpus $corpus, exit $rc," \
	    "$n found"
	if [ "$n" -gt 0 ] || [ "$rc" -ne 0 ]; then
		failed="$failed $t"
		ls "$found" | sed 's/^/  /'
	fi
done
if [ -n "$failed" ]; then
	echo "make fuzz: problems found in:$failed; see $out/fuzz-*.log" >&2
	exit 1
fi
echo "make fuzz: no crash, leak, timeout or sanitizer report"
