/*
 * test_tactics_easy.c - what the easy level does and does not do
 * (xtac(6) COMPUTER OPPONENT): it plays as a recruit, clearly weaker than
 * normal but sensibly.  Each test sets a situation where normal does the
 * stronger thing, and checks over several seeds that easy plays the
 * recruit's part, still sensibly.  Uses the shipped catalog (units/).
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

#define EASY_SEEDS	6

/*
 * Minds through friends' eyes.  The Sectoid p sees X-Com's troop x down
 * row 3; its three friends, west of the stub of wall, do not.  RULINGS
 * 6.4 lets any of them attack x's mind on p's sight, and normal does.
 * Easy does not use its friends' eyes: only a Sectoid that sees x itself
 * attacks its mind (p does: it still attacks minds).
 */
static void
test_easy_minds_own_sight(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct command		 c;
	struct ai		*ai;
	enum ai_level		 level;
	uint64_t		 seed;
	int			 n, x, blind, own;

	for (level = AI_EASY; level <= AI_NORMAL; level++)
		for (seed = 1; seed <= EASY_SEEDS; seed++) {
			t_start_map(t, STUB_MAP, STUB_SPOTTER);
			x = game_find_unit(t->g, "x");
			assert_int_equal(t_do(t, "react x never"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
			opt.level = level;
			opt.omniscient = false;
			opt.seed = seed;
			ai = ai_new(t->g, SIDE_ALIEN, &opt);
			blind = own = 0;
			for (n = 0; n < 100 && !game_over(t->g) &&
			    game_side_to_move(t->g) == SIDE_ALIEN; n++) {
				assert_int_equal(ai_next(ai, t->g, &c), 0);
				if (getenv("TACTICS_TRACE") != NULL)
					fprintf(stderr, "%s\n", ai_reason(ai));
				if (c.type == CMD_PSI && c.target == x) {
					if (game_line(t->g, c.unit, x, NULL))
						own++;
					else
						blind++;
				}
				event_list_clear(&t->ev);
				if (game_execute(t->g, &c, &t->ev) != 0)
					ai_refused(ai, &c);
			}
			ai_free(ai);
			if (level == AI_EASY && blind > 0)
				fail_msg("easy seed %llu: %d attacks on x's mind "
				    "by Sectoids that do not see it",
				    (unsigned long long)seed, blind);
			if (level == AI_EASY && own == 0 &&
			    t_unit(t, "x")->controller == SIDE_XCOM)
				fail_msg("easy seed %llu: p never attacked the "
				    "mind it sees", (unsigned long long)seed);
			if (level == AI_NORMAL && blind == 0 &&
			    t_unit(t, "x")->controller == SIDE_XCOM)
				fail_msg("normal seed %llu: no friend attacked x's "
				    "mind on p's sight", (unsigned long long)seed);
			t_finish(t);
		}
}

/*
 * The charge.  A Chrysalid (melee only) sees X-Com's troop x across the
 * field.  Normal charges it ("rushing", exposure not weighed).  Easy's
 * terror unit advances as its other units do: it still closes on x
 * (sensible), but its reason weighs the exposure and never says it is
 * rushing.
 */
static void
test_easy_no_charge(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct command		 c;
	struct ai		*ai;
	enum ai_level		 level;
	uint64_t		 seed;
	int			 d0, d1;
	bool			 rushing;

	for (level = AI_EASY; level <= AI_NORMAL; level++)
		for (seed = 1; seed <= EASY_SEEDS; seed++) {
			t_start(t, "",
			    "  - {id: x, side: xcom, type: troop, "
			    "at: [12, 3, 1], facing: w, right: rifle}\n"
			    "  - {id: c, side: alien, type: chrysalid, "
			    "at: [1, 3, 1], facing: e}\n");
			assert_int_equal(t_do(t, "react x never"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			d0 = t_unit(t, "x")->pos.x - t_unit(t, "c")->pos.x;
			opt.level = level;
			opt.omniscient = false;
			opt.seed = seed;
			ai = ai_new(t->g, SIDE_ALIEN, &opt);
			rushing = false;
			for (;;) {
				assert_int_equal(ai_next(ai, t->g, &c), 0);
				if (getenv("TACTICS_TRACE") != NULL)
					fprintf(stderr, "%s\n", ai_reason(ai));
				if (c.type != CMD_REACT)
					break;
				assert_int_equal(game_execute(t->g, &c, &t->ev),
				    0);
			}
			if (c.type == CMD_MOVE)
				rushing = strstr(ai_reason(ai), "rushing") !=
				    NULL;
			assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
			d1 = t_unit(t, "x")->pos.x - t_unit(t, "c")->pos.x;
			ai_free(ai);
			if (c.type != CMD_MOVE || d1 >= d0)
				fail_msg("%s seed %llu: the Chrysalid did not "
				    "close on x", ai_level_names[level],
				    (unsigned long long)seed);
			if (level == AI_EASY && rushing)
				fail_msg("easy seed %llu: the Chrysalid charged",
				    (unsigned long long)seed);
			if (level == AI_NORMAL && !rushing)
				fail_msg("normal seed %llu: the Chrysalid did not "
				    "charge", (unsigned long long)seed);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_easy_minds_own_sight),
		cmocka_unit_test(test_easy_no_charge),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
