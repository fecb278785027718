#!/bin/sh
# make fuzz: a bounded libFuzzer run of the map loader with ASan and UBSan.
#   FUZZ_SECONDS (default 60) bounds the run.
# The seed corpus is tests/fuzz/seeds plus the shipped maps; new inputs go to
# tests/fuzz/corpus-run (ignored by git); a crash leaves tests/fuzz/crash-*.
set -eu
cd "$(dirname "$0")/../.."
out=build/fuzz
mkdir -p "$out" tests/fuzz/corpus-run
flags="-std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude"
# shellcheck disable=SC2046
clang $flags -o "$out/fuzz_map" tests/fuzz/fuzz_map.c \
    $(ls src/engine/*.c src/data/*.c) $(pkg-config --libs yaml-0.1)
cp maps/*.yaml tests/fuzz/corpus-run/ 2>/dev/null || true
"$out/fuzz_map" -max_total_time="${FUZZ_SECONDS:-60}" -max_len=65536 \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix=tests/fuzz/ \
    -print_final_stats=1 tests/fuzz/corpus-run tests/fuzz/seeds 2>&1 |
    tee "$out/fuzz.log" | grep -E '^#[0-9]+ *(DONE|pulse)|stat::|ERROR|SUMMARY' || true
if ls tests/fuzz/crash-* tests/fuzz/leak-* tests/fuzz/timeout-* >/dev/null 2>&1; then
	echo "make fuzz: the fuzzer found a problem; see build/fuzz/fuzz.log" >&2
	exit 1
fi
echo "make fuzz: no crash, leak or timeout"
