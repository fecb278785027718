#!/bin/sh
# The property of xtac new (xtac(6)) over maps of blocks: for every terrain
# with every mission it holds and seeds 1 to $XTAC_PROPERTY_SEEDS (3 in
# make check; make property runs 50), the encounter is written, passes
# xtac check, deploys both sides with neither seeing the other (each side
# ends its deployment on the engine's squares in its zones, and nobody is
# spotted before the first phase), and plays a game to an end in xtac sim
# (a side's win, or a draw at the round cap).  It says how many games each
# terrain and mission drew, and in all how many were won and drawn.
# A boarding's crafts are docked door to door (rulebook §2.3), that door
# shut at deployment.
# XTAC_PROPERTY_MISSIONS names the missions to run (default all).
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

seeds=${XTAC_PROPERTY_SEEDS:-3}
missions=${XTAC_PROPERTY_MISSIONS:-assault crashed boarding base}
games=0 wins=0 draws=0
printf 'end\nend\nquery state\n' >"$tmp/deploy"
for t in farmland desert town base; do
	for m in $missions; do
		case $t/$m in base/crashed|base/boarding) continue ;; esac
		case $t/$m in base/base) ;; */base) continue ;; esac
		s=1 cdraws=$draws cgames=$games
		while [ "$s" -le "$seeds" ]; do
			what="$t $m seed $s"
			s=$((s + 1))
			if ! "$xtac" new --terrain $t --mission $m --seed $((s - 1)) \
			    -o "$tmp/p.yaml" >"$tmp/out" 2>&1; then
				fail "new $what"
				sed 's/^/  /' "$tmp/out" | head -5
				continue
			fi
			"$xtac" check "$tmp/p.yaml" >"$tmp/out" 2>&1 ||
			    { fail "check $what"; sed 's/^/  /' "$tmp/out" | head -5; }
			"$xtac" script "$tmp/p.yaml" <"$tmp/deploy" >"$tmp/out" 2>&1 ||
			    fail "script $what"
			for side in xcom alien; do
				grep -q "\"event\":\"deploy-end\",\"side\":\"$side\"" \
				    "$tmp/out" || fail "$what: $side did not deploy"
			done
			sed '/"event":"phase-start"/,$d' "$tmp/out" >"$tmp/before"
			grep -q '"event":"spotted"' "$tmp/before" &&
			    { fail "$what: a side sees the other at deployment"; \
			    grep '"spotted"' "$tmp/before" | head -3; }
			"$xtac" sim "$tmp/p.yaml" --games 1 >"$tmp/out" 2>&1 ||
			    { fail "sim $what"; sed 's/^/  /' "$tmp/out" | head -5; continue; }
			grep -q "rounds: mean" "$tmp/out" || fail "sim $what: no report"
			games=$((games + 1))
			if grep -q "^draws 1 " "$tmp/out"; then
				draws=$((draws + 1))
			else
				wins=$((wins + 1))
			fi
		done
		echo "  $t $m: $((games - cgames)) games, $((draws - cdraws)) drawn at the cap"
	done
done
echo "new-property: $games games over $seeds seeds: $wins won, $draws drawn at the cap"
finish new-property
