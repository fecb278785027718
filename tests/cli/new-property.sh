#!/bin/sh
# The property of xtac new (xtac(6)) over maps of blocks: for every terrain
# with every mission it holds and seeds 1 to $XTAC_PROPERTY_SEEDS (3 in
# make check; make property runs 50), the encounter is written, passes
# xtac check, deploys both sides with neither seeing the other (each side
# ends its deployment on the engine's squares in its zones, and nobody is
# spotted before the first phase but a terror site's civilians, by X-Com),
# and plays a game to an end in xtac sim (a side's win, or a draw at the
# round cap).  It says how many games each terrain and mission drew, and
# in all how many were won and drawn.
# A boarding's crafts are docked door to door (rulebook §2.3), that door
# shut at deployment.  A terror site (§2.3: a city terrain) is a town's.
# The secret missions (§2.3 Missions: sabotage, capture-unit, capture-ship,
# capture-technology, random) are given to X-Com with --secret on an
# assault (a base mission among base blocks), and to the aliens too where
# they can have the same (else a random one): sabotage by the aliens only
# among base blocks (their grenades break nothing of a Skyranger's),
# capture-ship only where the enemy has a craft.  Each must name its
# target in the map.
# XTAC_PROPERTY_MISSIONS names the missions to run (default all).
cd "$(dirname "$0")/../.." || exit 2
. tests/support/cli.sh

seeds=${XTAC_PROPERTY_SEEDS:-3}
missions=${XTAC_PROPERTY_MISSIONS:-assault crashed boarding base terror \
sabotage capture-unit capture-ship capture-technology random}
games=0 wins=0 draws=0
printf 'end\nend\nquery state\n' >"$tmp/deploy"
for t in farmland desert town base; do
	for m in $missions; do
		case $t/$m in base/crashed|base/boarding) continue ;; esac
		case $t/$m in base/base) ;; */base) continue ;; esac
		case $t/$m in town/terror) ;; */terror) continue ;; esac
		case $t/$m in base/capture-ship) continue ;; esac
		# A secret mission: each side's, on the terrain's own mission.
		args="--mission $m"
		case $m in
		sabotage|capture-unit|capture-ship|capture-technology|random)
			mission=assault
			[ $t = base ] && mission=base
			alien=$m
			[ $m = sabotage ] && [ $t != base ] && alien=random
			args="--mission $mission --secret xcom=$m --secret alien=$alien"
			;;
		esac
		s=1 cdraws=$draws cgames=$games
		while [ "$s" -le "$seeds" ]; do
			what="$t $m seed $s"
			s=$((s + 1))
			if ! "$xtac" new --terrain $t $args --seed $((s - 1)) \
			    -o "$tmp/p.yaml" >"$tmp/out" 2>&1; then
				fail "new $what"
				sed 's/^/  /' "$tmp/out" | head -5
				continue
			fi
			"$xtac" check "$tmp/p.yaml" >"$tmp/out" 2>&1 ||
			    { fail "check $what"; sed 's/^/  /' "$tmp/out" | head -5; }
			case $m in
			sabotage|capture-unit|capture-ship|capture-technology)
				grep -q "^      $m: " "$tmp/p-map.yaml" ||
				    fail "$what: no $m target"
				;;
			terror)
				grep -q "side: civilian, type: civilian" \
				    "$tmp/p-map.yaml" || fail "$what: no civilians"
				;;
			esac
			"$xtac" script "$tmp/p.yaml" <"$tmp/deploy" >"$tmp/out" 2>&1 ||
			    fail "script $what"
			for side in xcom alien; do
				grep -q "\"event\":\"deploy-end\",\"side\":\"$side\"" \
				    "$tmp/out" || fail "$what: $side did not deploy"
			done
			sed '/"event":"phase-start"/,$d' "$tmp/out" |
			    grep -v '"side":"xcom","unit":"civilian-' >"$tmp/before"
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
