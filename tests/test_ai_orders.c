/*
 * test_ai_orders.c - the computer opponent pursues its side's secret
 * mission (§2.3, RULINGS §2.3) when the scenario gives it one it can
 * carry out: it heads for the target while it sees no enemy (the unit
 * carrying the grenade for it, whatever it sees), and a
 * grenade that can destroy the object to sabotage (§7.6) is thrown at
 * it.  At normal and hard, over several of its seeds.  Uses the shipped
 * catalog (units/).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/mission.h"
#include "xtac/util.h"

#define ORDERS_SEEDS	4

/*
 * 20 x 5 grass: an object at 15,3 to blow up; the aliens shut in a pen
 * east of column 18 (no way in, none out), out of sight.
 */
#define ORDERS_MAP(object)						\
	"xtac-map: 1\nname: Orders\n"					\
	"legend: {squares: {'c': {floor: grass, object: " object "}}}\n" \
	"levels:\n  - |\n"						\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"		\
	"    |. . . . . . . . . . . . . . . . . .|. .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . . . . .|. .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . c . . .|. .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . . . . .|. .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . . . . .|. .|\n"		\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"		\
	"sides:\n"							\
	"  xcom: {secret: {sabotage: [15, 3, 1]}}\n"			\
	"  alien: {}\n"

static const enum ai_level orders_levels[] = { AI_NORMAL, AI_HARD };
#define ORDERS_NLEVELS	(sizeof orders_levels / sizeof *orders_levels)

/*
 * Sabotage.  X-Com's orders are to blow up the fuel drum, a long walk
 * away; a troop holds a grenade (50 HE destroys a thing of normal
 * strength, §7.6).  No enemy can be seen or reached.  A good player does
 * not sweep the empty field for the enemy: it walks at the drum and,
 * once within a throw, primes and throws the grenade on it.  Within four
 * rounds the mission is achieved, and the walk's reason names the orders.
 */
static void
test_orders_sabotage(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	size_t		 k, i;
	uint64_t	 seed;
	bool		 named;

	for (k = 0; k < ORDERS_NLEVELS; k++)
		for (seed = 1; seed <= ORDERS_SEEDS; seed++) {
			struct ai_options opt = { orders_levels[k], false,
			    seed };

			t_start_map(t, ORDERS_MAP("fuel-drum"), "  - {id: a, side: xcom, "
			    "type: troop, at: [1, 3, 1], facing: e, "
			    "right: grenade}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [20, 3, 1]}\n");
			assert_int_equal(mission_secret(t->g, SIDE_XCOM)->mission,
			    MISSION_SABOTAGE);
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			named = false;
			while (!game_over(t->g) && game_round(t->g) <= 4) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				ai_play_phase(ai, t->g, NULL, NULL);
				for (i = 0; i < ai_trace_length(ai); i++)
					if (strstr(ai_trace(ai, i),
					    "its orders (sabotage") != NULL)
						named = true;
			}
			ai_free(ai);
			if (!mission_secret(t->g, SIDE_XCOM)->achieved ||
			    !named)
				fail_msg("%s seed %llu: sabotage %s, orders %s "
				    "in the reasons; a at %d,%d",
				    ai_level_names[orders_levels[k]],
				    (unsigned long long)seed,
				    mission_secret(t->g, SIDE_XCOM)->achieved ?
				    "done" : "not done", named ? "named" :
				    "never named", t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * A grenade that cannot do it.  The same orders, but the drum is a
 * hardened UFO power source (§7.6: 50 HE does not destroy it).  A good
 * player keeps its grenade for the enemy: it never throws at the target.
 */
static void
test_orders_sabotage_too_hard(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	size_t		 k;
	uint64_t	 seed;
	int		 throws;

	for (k = 0; k < ORDERS_NLEVELS; k++)
		for (seed = 1; seed <= ORDERS_SEEDS; seed++) {
			struct ai_options opt = { orders_levels[k], false,
			    seed };
			struct command c;
			int n;

			t_start_map(t, ORDERS_MAP("ufo-power-source"), "  - {id: a, side: xcom, "
			    "type: troop, at: [1, 3, 1], facing: e, "
			    "right: grenade}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [20, 3, 1]}\n");
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			throws = 0;
			while (!game_over(t->g) && game_round(t->g) <= 4) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				for (n = 0; n < 80 && game_side_to_move(t->g) ==
				    SIDE_XCOM; n++) {
					assert_int_equal(ai_next(ai, t->g, &c),
					    0);
					throws += c.type == CMD_THROW ||
					    c.type == CMD_PRIME;
					if (game_execute(t->g, &c, &t->ev) != 0)
						ai_refused(ai, &c);
				}
			}
			ai_free(ai);
			assert_int_equal(throws, 0);
			assert_false(mission_secret(t->g, SIDE_XCOM)->achieved);
			t_finish(t);
		}
}

/*
 * The grenade kept for the orders.  The same sabotage, but two sectoids
 * stand side by side between the troop and the drum, in sight and within
 * a throw: a group a grenade is made for.  Its one grenade is the only
 * thing the side has that can blow up the drum, so a good player does not
 * spend it on them (they do not fire here: the test shows the choice,
 * not a fight); it throws it, if at all, at the drum.
 */
static void
test_orders_sabotage_keeps_grenade(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	struct command	 c;
	size_t		 k;
	uint64_t	 seed;
	int		 n, astray;

	for (k = 0; k < ORDERS_NLEVELS; k++)
		for (seed = 1; seed <= ORDERS_SEEDS; seed++) {
			struct ai_options opt = { orders_levels[k], false,
			    seed };

			t_start_map(t, ORDERS_MAP("fuel-drum"), "  - {id: a, "
			    "side: xcom, type: troop, at: [2, 3, 1], "
			    "facing: e, right: grenade}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [7, 2, 1], facing: w}\n"
			    "  - {id: r, side: alien, type: sectoid, "
			    "at: [7, 3, 1], facing: w}\n");
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			astray = 0;
			while (!game_over(t->g) && game_round(t->g) <= 3) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				for (n = 0; n < 80 && game_side_to_move(t->g) ==
				    SIDE_XCOM; n++) {
					assert_int_equal(ai_next(ai, t->g, &c),
					    0);
					astray += c.type == CMD_THROW &&
					    (c.pos.x != 14 || c.pos.y != 2);
					if (game_execute(t->g, &c, &t->ev) != 0)
						ai_refused(ai, &c);
				}
			}
			ai_free(ai);
			if (astray != 0)
				fail_msg("%s seed %llu: %d throws at the "
				    "sectoids", ai_level_names[orders_levels[k]],
				    (unsigned long long)seed, astray);
			t_finish(t);
		}
}

/*
 * The carrier keeps its orders in sight of an enemy.  The same sabotage;
 * the troop carries the grenade and nothing to fight with, and a Sectoid
 * stands in sight two squares behind it (it only ends its phases).  The
 * enemy in sight does not make the orders wait: a good player walks away
 * from it to the drum and blows it up, every walk's reason naming the
 * orders.  (The side's AI used to drop its orders once any enemy was in
 * sight, and went for the Sectoid.)
 */
static void
test_orders_sabotage_in_sight(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	struct command	 c;
	size_t		 k;
	uint64_t	 seed;
	int		 n, moves, astray;

	for (k = 0; k < ORDERS_NLEVELS; k++)
		for (seed = 1; seed <= ORDERS_SEEDS; seed++) {
			struct ai_options opt = { orders_levels[k], false,
			    seed };

			t_start_map(t, ORDERS_MAP("fuel-drum"), "  - {id: a, "
			    "side: xcom, type: troop, at: [3, 3, 1], "
			    "facing: w, right: grenade}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [1, 2, 1], facing: e}\n"
			    "  - {id: r, side: alien, type: sectoid, "
			    "at: [20, 3, 1]}\n");
			assert_true(game_sees(t->g, SIDE_XCOM, 1));
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			moves = astray = 0;
			while (!game_over(t->g) && game_round(t->g) <= 4) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				for (n = 0; n < 80 && !game_over(t->g) &&
				    game_side_to_move(t->g) == SIDE_XCOM; n++) {
					assert_int_equal(ai_next(ai, t->g, &c),
					    0);
					/* Walks with the grenade still held. */
					if (c.type == CMD_MOVE &&
					    t_unit(t, "a")->hands[
					    HAND_RIGHT].item >= 0) {
						moves++;
						astray += strstr(ai_reason(ai),
						    "its orders (sabotage") ==
						    NULL;
					}
					if (game_execute(t->g, &c, &t->ev) != 0)
						ai_refused(ai, &c);
				}
			}
			ai_free(ai);
			if (!mission_secret(t->g, SIDE_XCOM)->achieved ||
			    moves == 0 || astray > 0)
				fail_msg("%s seed %llu: sabotage %s, %d of %d "
				    "walks not for the orders; a at %d,%d",
				    ai_level_names[orders_levels[k]],
				    (unsigned long long)seed,
				    mission_secret(t->g, SIDE_XCOM)->achieved ?
				    "done" : "not done", astray, moves,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_orders_sabotage),
		cmocka_unit_test(test_orders_sabotage_too_hard),
		cmocka_unit_test(test_orders_sabotage_keeps_grenade),
		cmocka_unit_test(test_orders_sabotage_in_sight),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
