/*
 * test_carry.c - carrying bodies (§5.3: "Keep this in mind if you pick up
 * weapons, equiptment, or bodies"; the cost and weight are decided in
 * game-carry.c and xtac(6)): lifting, walking, laying down, encumbrance,
 * and letting go when the carrier falls or the body wakes.
 *
 * Stats from the shipped catalog (units/): troop TU 27, STR 30, MAC 75;
 * a stun rod (weight 6, 10 TU, +15) does 90 ST, more than a Sectoid's
 * HTH 30; a plasma pistol's 52 PB kills a troop (HTH 35).  With seed 1
 * round 1's initiative is xcom 8, alien 1.
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
#include "xtac/game.h"
#include "xtac/util.h"

#define CARRY_UNITS(belt)						\
	"  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "		\
	"facing: e, right: stun-rod, belt: [" belt "]}\n"		\
	"  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "	\
	"facing: w, right: plasma-pistol}\n"				\
	"  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "	\
	"facing: w, right: plasma-pistol}\n"

/* a stuns s beside it: MAC 75 + 15, rolled 1. */
static void
carry_stun(struct t *t)
{
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
}

/* Lifting costs 4 TU; the body goes where its carrier steps. */
static void
test_carry_lift_and_walk(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	int			 tu;

	t_start(t, "", CARRY_UNITS(""));
	/* Awake, it is no body. */
	assert_int_equal(t_do(t, "carry a s"), -1);
	t_refusal_says(t, "awake");
	carry_stun(t);
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "carry a s"), 0);
	e = t_event(t, EV_CARRY, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "what"), "lift");
	assert_string_equal(t_str(e, "body"), "s");
	assert_int_equal(t_int(e, "tu"), 4);
	assert_int_equal(t_unit(t, "a")->tu, tu - 4);
	/* Stun rod 6 + a body 20: 26, within STR 30. */
	assert_int_equal(t_int(e, "weight"), 26);
	assert_int_equal(t_unit(t, "a")->carrying, game_find_unit(t->g, "s"));
	assert_int_equal(t_unit(t, "s")->pos.x, 1);
	assert_int_equal(t_do(t, "move a 5 3"), 0);
	assert_int_equal(t_unit(t, "s")->pos.x, 4);
	assert_int_equal(t_unit(t, "s")->pos.y, 2);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
	/* One body at a time; laid down, it stays. */
	assert_int_equal(t_do(t, "carry a s"), -1);
	t_refusal_says(t, "already carries");
	assert_int_equal(t_do(t, "lay a"), 0);
	assert_string_equal(t_str(t_event(t, EV_CARRY, 1), "what"), "lay");
	assert_int_equal(t_unit(t, "a")->carrying, -1);
	assert_int_equal(t_do(t, "move a 6 3"), 0);
	assert_int_equal(t_unit(t, "s")->pos.x, 4);
	assert_int_equal(t_do(t, "lay a"), -1);
	t_refusal_says(t, "carries no body");
}

/* Only a body in the carrier's square or beside it. */
static void
test_carry_reach(void **state)
{
	struct t	*t = *state;

	t_start(t, "", CARRY_UNITS(""));
	carry_stun(t);
	assert_int_equal(t_do(t, "move a 1 3"), 0);
	assert_int_equal(t_do(t, "carry a s"), -1);
	t_refusal_says(t, "neither where a stands nor beside it");
	assert_int_equal(t_do(t, "carry a z"), -1);
	t_refusal_says(t, "awake");
}

/* §5.3: over STR, "each movement cost is doubled". */
static void
test_carry_encumbers(void **state)
{
	struct t	*t = *state;

	/* Stun rod 6 + rifle 8: 14; with a body 34 > 30. */
	t_start(t, "", CARRY_UNITS("rifle"));
	carry_stun(t);
	assert_int_equal(unit_move_multiplier(game_catalog(t->g),
	    t_unit(t, "a")), 1);
	assert_int_equal(t_do(t, "carry a s"), 0);
	assert_int_equal(t_int(t_event(t, EV_CARRY, 0), "weight"), 34);
	assert_int_equal(unit_move_multiplier(game_catalog(t->g),
	    t_unit(t, "a")), 2);
}

/* The carrier killed: the body lies where it fell. */
static void
test_carry_carrier_down(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start(t, "", CARRY_UNITS(""));
	carry_stun(t);
	assert_int_equal(t_do(t, "carry a s"), 0);
	assert_int_equal(t_do(t, "move a 3 2"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot z a snap"), 0);
	assert_int_equal(t_unit(t, "a")->status, UNIT_DEAD);
	e = t_event(t, EV_CARRY, 1);
	assert_non_null(e);
	assert_string_equal(t_str(e, "what"), "lay");
	assert_string_equal(t_str(e, "why"), "carrier down");
	assert_int_equal(t_unit(t, "s")->carried_by, -1);
	assert_int_equal(t_unit(t, "s")->pos.x, 2);
	assert_int_equal(t_unit(t, "s")->pos.y, 1);
}

/*
 * Waking (§7.2.1: stun falls 5 a round, 90 below 30 after 13 rounds) it
 * is let go and steps off its carrier's square (game_wake).
 */
static void
test_carry_body_wakes(void **state)
{
	struct t	*t = *state;
	int		 i;

	t_start(t, "", CARRY_UNITS(""));
	carry_stun(t);
	assert_int_equal(t_do(t, "carry a s"), 0);
	for (i = 0; i < 40 && t_unit(t, "s")->status != UNIT_ACTIVE; i++)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	assert_int_equal(t_unit(t, "a")->carrying, -1);
	assert_int_equal(t_unit(t, "s")->carried_by, -1);
	assert_false(t_unit(t, "s")->pos.x == t_unit(t, "a")->pos.x &&
	    t_unit(t, "s")->pos.y == t_unit(t, "a")->pos.y);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_carry_lift_and_walk,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_carry_reach, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_carry_encumbers, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_carry_carrier_down,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_carry_body_wakes,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
