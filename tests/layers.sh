#!/bin/sh
# The layers (README "The code"): the rules engine and the data code
# (libxtac.a) need nothing of the computer player and the battle runner
# (src/ai, libxtac-ai.a), which are its clients like the UI.  Checked on the
# plain build: no engine or data object has an undefined symbol that an AI
# object defines, and no engine or data source includes, directly or through
# another header (the compiler's dependency files), the AI's headers.
cd "$(dirname "$0")/.." || exit 2
b=build
failures=0
LC_ALL=C
export LC_ALL

[ -f $b/libxtac.a ] && [ -f $b/libxtac-ai.a ] ||
    { echo "layers: build the libraries first (make)"; exit 1; }

nm --defined-only -g $b/libxtac-ai.a 2>/dev/null |
    awk 'NF == 3 { print $3 }' | sort -u >$b/layers-ai.txt
[ -s $b/layers-ai.txt ] || { echo "layers: libxtac-ai.a defines nothing"; exit 1; }
nm -A -u $b/libxtac.a 2>/dev/null | awk '{ print $NF, $1 }' | sort -u |
    join - $b/layers-ai.txt >$b/layers-bad.txt
if [ -s $b/layers-bad.txt ]; then
	echo "FAIL: the engine needs the AI's symbols:"
	sed 's/^/  /' $b/layers-bad.txt
	failures=$((failures + 1))
fi

for d in $b/src/engine/*.d $b/src/data/*.d; do
	[ -e "$d" ] || continue
	# A dependency file left by a source since moved or removed says
	# nothing of the build.
	src=${d#$b/}; src=${src%.d}.c
	[ -e "$src" ] || continue
	if grep -qE '(^|[ /])(include/xtac/(ai|battle)\.h|src/ai/)' "$d"; then
		echo "FAIL: ${d#$b/} includes the AI's headers:"
		grep -oE '[^ ]*(include/xtac/(ai|battle)\.h|src/ai/[^ ]*)' "$d" |
		    sort -u | sed 's/^/  /'
		failures=$((failures + 1))
	fi
done
# A source not yet compiled has no dependency file: its text is read too.
if grep -lE '#[[:space:]]*include[[:space:]]*"(xtac/ai\.h|xtac/battle\.h|ai-int\.h)' \
    src/engine/*.[ch] src/data/*.[ch] include/xtac/*.h 2>/dev/null |
    grep -vE '^include/xtac/(ai|battle|ui)\.h$' >$b/layers-inc.txt; then
	echo "FAIL: engine or data files include the AI's headers:"
	sed 's/^/  /' $b/layers-inc.txt
	failures=$((failures + 1))
fi

[ "$failures" = 0 ] || exit 1
echo "layers ok: libxtac.a needs nothing of libxtac-ai.a"
