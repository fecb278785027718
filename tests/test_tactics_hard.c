/*
 * test_tactics_hard.c - what the hard level does that the normal level
 * does not (ai-hard.c), as test_tactics.c: each test a small map, the
 * situation, what a good player does, checked over several of the AI's
 * seeds.  Uses the shipped catalog (units/).
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
#include "xtac/util.h"

#define HARD_SEEDS	6

/*
 * 16 x 9 grass; a wall east of column 9 in rows 5-7 stands between the
 * south of the field and its north-east.
 */
#define THREAT_MAP							\
	"xtac-map: 1\nname: Threat\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . .|. . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . .|. . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . .|. . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"

/*
 * a has a rifle and sees two Sectoids, each put down by one hit: s near,
 * the likelier hit, and f farther off.  Three unarmed troops, first in
 * the order of battle, stand in the east, in f's sight and behind the
 * wall from s.
 */
#define THREAT_UNITS							\
	"  - {id: b, side: xcom, type: troop, at: [13, 5, 1], facing: w}\n"	\
	"  - {id: c, side: xcom, type: troop, at: [14, 6, 1], facing: w}\n"	\
	"  - {id: d, side: xcom, type: troop, at: [15, 5, 1], facing: w}\n"	\
	"  - {id: a, side: xcom, type: troop, at: [2, 5, 1], facing: e, "	\
	"right: rifle}\n"						\
	"  - {id: s, side: alien, type: sectoid, at: [9, 7, 1], facing: w, "	\
	"right: pistol}\n"						\
	"  - {id: f, side: alien, type: sectoid, at: [11, 3, 1], facing: w, "	\
	"right: pistol}\n"

/*
 * Fire at the enemy that would fire on most of ours.  Most of a side's
 * losses are the enemy's shots in its own phase, and an enemy put down
 * now fires none: s can shoot only a next phase, f any of four.  A good
 * player fires first at f, though s is the likelier hit (the normal
 * level weighs each shot alone and takes s); the reason says why.  And it
 * fires before the others act (the normal level takes its units in their
 * order): the unit with the best shot goes first.
 */
static void
test_hard_threat_first(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_HARD, false, 0 };
	struct ai		*ai;
	struct command		 c;
	uint64_t		 seed;
	int			 near, far, k;

	for (seed = 1; seed <= HARD_SEEDS; seed++) {
		t_start_map(t, THREAT_MAP, THREAT_UNITS);
		assert_true(game_sees(t->g, SIDE_XCOM,
		    game_find_unit(t->g, "s")));
		assert_true(game_sees(t->g, SIDE_XCOM,
		    game_find_unit(t->g, "f")));
		/* The situation: s is the likelier hit, whatever the mode. */
		near = t_chance(t, "a", "s", SHOT_SNAP, HAND_RIGHT,
		    NULL);
		far = t_chance(t, "a", "f", SHOT_SNAP, HAND_RIGHT,
		    NULL);
		assert_true(near > far);
		opt.seed = seed;
		ai = ai_new(t->g, SIDE_XCOM, &opt);
		/* Its first shot, after kneeling or turning if it does. */
		for (k = 0; k < 8; k++) {
			t_ai_next(t, ai, &c);
			if (getenv("TACTICS_TRACE") != NULL)
				fprintf(stderr, "%s\n", ai_reason(ai));
			assert_int_equal(c.unit, game_find_unit(t->g, "a"));
			if (c.type == CMD_SHOOT)
				break;
			assert_true(c.type == CMD_KNEEL || c.type == CMD_TURN);
			event_list_clear(&t->ev);
			assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
		}
		assert_int_equal(c.type, CMD_SHOOT);
		if (c.target != game_find_unit(t->g, "f"))
			fail_msg("seed %llu: shot at %s, not f: %s",
			    (unsigned long long)seed,
			    game_unit(t->g, c.target)->id, ai_reason(ai));
		assert_non_null(strstr(ai_reason(ai), "line to 4 of ours"));
		ai_free(ai);
		t_finish(t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hard_threat_first),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
