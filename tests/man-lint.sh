#!/bin/sh
# The manual pages format without a single groff warning (-ww) and carry no
# placeholder left from editing.
cd "$(dirname "$0")/.." || exit 2
status=0
for page in man/xtac.6 man/xtac-map.5; do
	out=$(groff -ww -mandoc -Tutf8 -z "$page" 2>&1)
	if [ -n "$out" ]; then
		echo "$page: groff warnings:"
		echo "$out"
		status=1
	fi
	if grep -n '_SECTION$\|TODO\|FIXME' "$page"; then
		echo "$page: placeholder left in the page"
		status=1
	fi
done
exit $status
