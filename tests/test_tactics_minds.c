/*
 * test_tactics_minds.c - the computer opponent's tactical cases where
 * minds are fought over (§6.4, RULINGS 6.4: a target any unit of the
 * attacker's side sees may be attacked at any range): a spotter keeps in
 * sight an enemy its friends' minds could take; a taken enemy acts for
 * the side before the side's own units.  Each test says what a good
 * player does and checks the AI does it at normal and hard, over several
 * of its seeds.  Uses the shipped catalog (units/).
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
#include "xtac/ai.h"
#include "xtac/game.h"

#define MINDS_SEEDS	6

static const enum ai_level minds_levels[] = { AI_NORMAL, AI_HARD };
#define MINDS_NLEVELS	(sizeof minds_levels / sizeof *minds_levels)

/*
 * The spotter.  The Sectoid p, unarmed, has walked up just east of the
 * stub of wall, with too few TUs left to attack a mind, and sees X-Com's
 * troop x, armed, down row 3; its three friends stand west of the stub,
 * where none of them sees x, each with a whole phase's TUs.  One step
 * west would put p behind the wall, out of x's line of fire: what the
 * exposure alone says to do (and what the normal level did).  A good
 * player keeps x in the side's sight while friends yet to act could
 * attack its mind (RULINGS 6.4: any of the side's units' sight will do):
 * p never ends a move out of its line to x while x is still X-Com's and a
 * friend has a psi attack's TUs left, and the friends do attack x's mind.
 */
static void
test_minds_spotter(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct command		 c;
	struct ai		*ai;
	size_t			 k;
	uint64_t		 seed;
	int			 n, p, x, i, ready, lost, friends_psi;

	for (k = 0; k < MINDS_NLEVELS; k++)
		for (seed = 1; seed <= MINDS_SEEDS; seed++) {
			t_start_map(t, STUB_MAP, STUB_SPOTTER);
			p = game_find_unit(t->g, "p");
			x = game_find_unit(t->g, "x");
			assert_int_equal(t_do(t, "react x never"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
			/* It has walked up: too few TUs left for a mind. */
			t_drain_tu(t, "p", 8);
			assert_true(game_line(t->g, p, x, NULL));
			for (i = 0; i < 3; i++)
				assert_false(game_line(t->g, p + 1 + i, x,
				    NULL));
			opt.level = minds_levels[k];
			opt.omniscient = false;
			opt.seed = seed;
			ai = ai_new(t->g, SIDE_ALIEN, &opt);
			lost = friends_psi = 0;
			for (n = 0; n < 100 && !game_over(t->g) &&
			    game_side_to_move(t->g) == SIDE_ALIEN; n++) {
				assert_int_equal(ai_next(ai, t->g, &c), 0);
				if (getenv("TACTICS_TRACE") != NULL)
					fprintf(stderr, "%s\n", ai_reason(ai));
				event_list_clear(&t->ev);
				if (game_execute(t->g, &c, &t->ev) != 0) {
					ai_refused(ai, &c);
					continue;
				}
				if (c.type == CMD_PSI && c.unit != p &&
				    c.target == x)
					friends_psi++;
				if (c.type != CMD_MOVE || c.unit != p ||
				    t_unit(t, "x")->controller != SIDE_XCOM ||
				    game_line(t->g, p, x, NULL))
					continue;
				for (i = 0, ready = 0; i < 3; i++)
					if (game_unit(t->g, p + 1 + i)->tu >= 10)
						ready++;
				if (ready > 0)
					lost++;
			}
			ai_free(ai);
			if (lost > 0)
				fail_msg("%s seed %llu: the spotter went out of "
				    "x's sight with friends ready to attack "
				    "its mind", ai_level_names[minds_levels[k]],
				    (unsigned long long)seed);
			if (friends_psi == 0 && t_unit(t, "x")->controller ==
			    SIDE_XCOM)
				fail_msg("%s seed %llu: no friend attacked x's "
				    "mind", ai_level_names[minds_levels[k]],
				    (unsigned long long)seed);
			t_finish(t);
		}
}

/*
 * A taken mind acts first.  X-Com's troop a has just taken the Sectoid
 * s (forced dice: control, §6.4); s stands among its friends, who are
 * out of X-Com's sight, while X-Com's own troops have yet to act.  s is
 * X-Com's only until the end of its side's next phase, and what it sees
 * from there may give the others more to attack: a good player plays it
 * before its own units (which come first in the order of battle), so
 * the first thing the AI does with a unit is done with s.
 */
static void
test_minds_taken_first(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct command		 c;
	struct ai		*ai;
	size_t			 k;
	uint64_t		 seed;

	for (k = 0; k < MINDS_NLEVELS; k++)
		for (seed = 1; seed <= MINDS_SEEDS; seed++) {
			t_start_map(t, STUB_MAP,
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [11, 1, 1], facing: w, right: psi-amp}\n"
			    "  - {id: b, side: xcom, type: troop, "
			    "at: [12, 2, 1], facing: w, right: rifle}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [6, 2, 1], facing: w, "
			    "right: plasma-pistol}\n"
			    "  - {id: s2, side: alien, type: sectoid, "
			    "at: [2, 4, 1], facing: e, "
			    "right: plasma-pistol}\n");
			assert_int_equal(t_do(t, "dice 90 10"), 0);
			assert_int_equal(t_do(t, "psi a s control"), 0);
			assert_int_equal(t_unit(t, "s")->controller,
			    SIDE_XCOM);
			opt.level = minds_levels[k];
			opt.omniscient = false;
			opt.seed = seed;
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			t_ai_next(t, ai, &c);
			if (getenv("TACTICS_TRACE") != NULL)
				fprintf(stderr, "%s\n", ai_reason(ai));
			if (c.unit != game_find_unit(t->g, "s"))
				fail_msg("%s seed %llu: %s acts first, not the "
				    "taken s", ai_level_names[minds_levels[k]],
				    (unsigned long long)seed, c.unit < 0 ?
				    "nobody" : game_unit(t->g, c.unit)->id);
			ai_free(ai);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minds_spotter),
		cmocka_unit_test(test_minds_taken_first),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
