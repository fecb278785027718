#!/bin/sh
# Run every test: the cmocka suites in both builds (plain and ASan/UBSan),
# the script transcripts, the loader's command-line cases, the tmux UI tests,
# the man page lint and the install test.  Every failure is listed at the end;
# the exit status is non-zero if any failed.
#
#   sh tests/run.sh [SUITE]   SUITE: a tests/test_NAME.c file, or a tests/ dir
cd "$(dirname "$0")/.." || exit 2
suite=$1
failed=
passed=0
log=build/test-logs
mkdir -p "$log"

# Sanitizers: any report fails the run (halt_on_error), leaks included.
ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=86
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS UBSAN_OPTIONS

run() {	# run NAME COMMAND...
	name=$1; shift
	out="$log/$(echo "$name" | tr '/ ' '__').log"
	if "$@" >"$out" 2>&1; then
		passed=$((passed + 1))
		printf '  ok    %s\n' "$name"
	else
		failed="$failed
  $name  (log: $out)"
		printf '  FAIL  %s\n' "$name"
		tail -n 30 "$out" | sed 's/^/        /'
	fi
}

wanted() {	# wanted PATH: whether SUITE selects it
	[ -z "$suite" ] && return 0
	case "$1" in "$suite"*) return 0 ;; esac
	return 1
}

for src in tests/test_*.c; do
	[ -e "$src" ] || continue
	wanted "$src" || continue
	t=$(basename "$src" .c)
	run "$t" build/tests/$t
	run "$t (asan+ubsan)" build-san/tests/$t
done

for sh in tests/cli/*.sh tests/script/run.sh tests/ui/*.sh tests/layers.sh \
    tests/man-lint.sh tests/install.sh; do
	[ -e "$sh" ] || continue
	wanted "$sh" || continue
	run "$sh" sh "$sh"
	case "$sh" in tests/cli/*|tests/script/*)
		XTAC=build-san/xtac run "$sh (asan+ubsan)" sh "$sh" ;;
	esac
done

echo
if [ -n "$failed" ]; then
	echo "$passed passed; FAILED:$failed"
	exit 1
fi
echo "all $passed passed"
