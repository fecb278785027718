/*
 * test_shoot_downed.c - a unit that is down has no shot (§6.1, §7): the
 * hit chance of a dead shooter is refused with its status, never worked
 * out from a line of sight nobody traced.  A Sectoid dies to a pistol at
 * dice 1 (26 AP, +10 on a Sectoid, armour 2: 34 of HTH 30).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "xtac/game.h"

static void
test_downed_shooter_has_no_chance(void **state)
{
	struct t	*t = *state;
	char		*cause = NULL;
	int		 s1, a;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, right: pistol}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [6, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [12, 1, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s1 snap"), 0);
	assert_int_equal(t_unit(t, "s1")->status, UNIT_DEAD);
	s1 = game_find_unit(t->g, "s1");
	a = game_find_unit(t->g, "a");
	assert_int_equal(game_hit_chance(t->g, s1, a, SHOT_SNAP, HAND_RIGHT,
	    NULL, &cause), -1);
	assert_non_null(cause);
	assert_string_equal(cause, "s1 is dead");
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
		    test_downed_shooter_has_no_chance, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
