/*
 * test_stun.c - units put out of action and back: zombies (§3.3.3,
 * RULINGS Special units), waking (§7.2.1), units fallen on (§7.2.4,
 * RULINGS 5) and the unconscious and dead falling to the floor (§7.2.1,
 * §7.2.4), through their commands with forced dice.
 *
 * Stats from the shipped catalog (units/): troop TU 27, HTH 35, MAC 75;
 * sectoid HTH 30; floater HTH 35, flies, under armour 6; muton HTH 120;
 * chrysalid MAC 80, HTH 95.  With seed 1 round 1's initiative is xcom 8,
 * alien 1: t_start leaves X-Com to move, and `end` leads to the aliens.
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

/* The reason of the last refusal contains `what`. */
static void
stun_refused(const struct t *t, const char *what)
{
	const struct event	*e = NULL, *x;
	size_t			 i;

	for (i = 0; (x = t_event(t, EV_ERROR, i)) != NULL; i++)
		e = x;
	assert_non_null(e);
	if (strstr(t_str(e, "reason"), what) == NULL)
		fail_msg("reason '%s' lacks '%s'", t_str(e, "reason"), what);
}

/* --- zombies (§3.3.3) ---------------------------------------------------- */

/*
 * §3.3.3: a zombie is "effectively dead for the opposing side, and they
 * have no control over it"; it turns two rounds later (RULINGS Special
 * units, timers counted at round ends, RULINGS 2.2).  It is no mind
 * control: the end of X-Com's next phase does not hand it back, and X-Com
 * cannot reach it with psionics.
 */
static void
test_zombie_stays_alien(void **state)
{
	struct t	*t = *state;
	int		 xcom_phases = 0;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: p, side: xcom, type: troop, at: [8, 1, 1], "
	    "right: psi-amp}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [2, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "end"), 0);
	/* MAC 80 - 40 = 40: a 40 implants. */
	assert_int_equal(t_do(t, "dice 40"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	assert_string_equal(t_str(t_event(t, EV_TRANSFORM, 0), "into"),
	    "zombie");
	event_list_clear(&t->ev);
	/* Every phase up to the turning: the aliens', X-Com's included. */
	while (t_unit(t, "a")->zombie_rounds >= 0) {
		assert_int_equal(t_unit(t, "a")->controller, SIDE_ALIEN);
		if (game_side_to_move(t->g) == SIDE_XCOM) {
			xcom_phases++;
			assert_int_equal(t_do(t, "psi p a control"), -1);
			stun_refused(t, "zombie");
			assert_int_equal(t_do(t, "psi p a panic"), -1);
		}
		assert_int_equal(t_do(t, "end"), 0);
	}
	assert_true(xcom_phases >= 1);
	assert_null(t_event(t, EV_PSI, 0));
	assert_string_equal(t_str(t_event(t, EV_TRANSFORM, 0), "into"),
	    "chrysalid");
	assert_int_equal(t_unit(t, "a")->side, SIDE_ALIEN);
	assert_int_equal(t_unit(t, "a")->controller, SIDE_ALIEN);
	/* Implanted in round 1: turned at the end of round 2. */
	assert_int_equal(game_round(t->g), 3);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_zombie_stays_alien),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
