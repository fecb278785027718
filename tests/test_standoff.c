/*
 * test_standoff.c - the computer opponent where games used to stall into
 * draws at the round cap (issue 14): two squads on either side of a shut
 * door, each remembering the other just beyond it; a walk stopped before
 * its first step; a goal nobody can walk to; units deployed where they
 * can never come out.  Each test says what a good player does and checks
 * the AI does it, at normal and hard, over several of its seeds.  Uses
 * the shipped catalog (units/).
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

#define STANDOFF_SEEDS	6

/*
 * 12 x 7 grass cut by a wall under row 3, its one gate a door at column 6
 * (the farmhouse's field wall, small).
 */
#define GATE_MAP							\
	"xtac-map: 1\nname: Gate\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+/+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/*
 * 12 x 5 grass: X-Com deploys in columns 1-3, the aliens in 8-12, where
 * a shed (columns 10-12, rows 1-3) has one narrow door, on its west side
 * in row 2.  Inside, nobody in X-Com's zone can see a unit.
 */
#define SHED_MAP							\
	"xtac-map: 1\nname: Shed\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . .|. . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . ./. . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . .|. . .|\n"				\
	"    + + + + + + + + + +-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"sides:\n  xcom: {deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]}\n"	\
	"  alien: {deploy: [{from: [8, 1, 1], to: [12, 5, 1]}]}\n"

static const enum ai_level standoff_levels[] = { AI_NORMAL, AI_HARD };
#define STANDOFF_NLEVELS (sizeof standoff_levels / sizeof *standoff_levels)

static bool
standoff_same_move(const struct command *a, const struct command *b)
{
	return a->type == CMD_MOVE && b->type == CMD_MOVE &&
	    a->unit == b->unit && a->pos.x == b->pos.x &&
	    a->pos.y == b->pos.y && a->pos.z == b->pos.z;
}

/*
 * The stand-off at a gate.  A troop walked for the gate and was stopped
 * on its first step: a Sectoid it did not know of stands just past the
 * shut door.  Its side now remembers the Sectoid there, and neither sees
 * the other.  A good player does not walk into the door again, nor kneel
 * and wait for the Sectoid to come through: it opens the door from where
 * it stands and fires at what it finds.  Within the phase the troop opens
 * the door, shoots at the Sectoid, and never proposes a walk it has seen
 * stopped where it stood.
 */
static void
test_standoff_gate(void **state)
{
	struct t	*t = *state;
	struct command	 c, stopped;
	struct ai	*ai;
	size_t		 k;
	uint64_t	 seed;
	int		 s, n, opened, shots;
	bool		 have_stopped;

	for (k = 0; k < STANDOFF_NLEVELS; k++)
		for (seed = 1; seed <= STANDOFF_SEEDS; seed++) {
			struct ai_options opt = { standoff_levels[k], false,
			    seed };

			t_start_map(t, GATE_MAP, "  - {id: a, side: xcom, "
			    "type: troop, at: [6, 5, 1], facing: n, right: "
			    "rifle, belt: [rifle-clip]}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [6, 3, 1], facing: s}\n");
			s = game_find_unit(t->g, "s");
			assert_false(game_sees(t->g, SIDE_XCOM, s));
			assert_int_equal(t_do(t, "move a 6 4"), 0);
			assert_int_equal(t_do(t, "move a 6 3"), 0);
			assert_non_null(t_event(t, EV_WALK_STOP, 0));
			assert_int_equal(t_unit(t, "a")->pos.y, 3);
			assert_false(game_sees(t->g, SIDE_XCOM, s));
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			opened = shots = 0;
			have_stopped = false;
			memset(&stopped, 0, sizeof stopped);
			for (n = 0; n < 60 &&
			    game_side_to_move(t->g) == SIDE_XCOM; n++) {
				struct pos	from;

				assert_int_equal(ai_next(ai, t->g, &c), 0);
				if (getenv("TACTICS_TRACE") != NULL)
					fprintf(stderr, "%s\n", ai_reason(ai));
				if (c.type == CMD_END)
					break;
				if (have_stopped && standoff_same_move(&c,
				    &stopped))
					fail_msg("%s seed %llu: the stopped walk "
					    "proposed again: %s",
					    ai_level_names[standoff_levels[k]],
					    (unsigned long long)seed,
					    ai_reason(ai));
				from = t_unit(t, "a")->pos;
				event_list_clear(&t->ev);
				if (game_execute(t->g, &c, &t->ev) != 0) {
					ai_refused(ai, &c);
					continue;
				}
				opened += c.type == CMD_OPEN;
				shots += c.type == CMD_SHOOT && c.target == s;
				if (c.type == CMD_MOVE &&
				    t_unit(t, "a")->pos.x == from.x &&
				    t_unit(t, "a")->pos.y == from.y) {
					stopped = c;
					have_stopped = true;
				}
			}
			ai_free(ai);
			if (opened != 1 || shots == 0)
				fail_msg("%s seed %llu: %d doors opened, %d "
				    "shots at the Sectoid",
				    ai_level_names[standoff_levels[k]],
				    (unsigned long long)seed, opened, shots);
			t_finish(t);
		}
}

/*
 * The same gate seen from a whole game: each side sends a troop at the
 * other's last-known square beyond the door, round after round.  A good
 * player settles it: within six rounds one of them is down.
 */
static void
test_standoff_gate_settled(void **state)
{
	struct t	*t = *state;
	struct ai	*ai[2];
	size_t		 k;
	uint64_t	 seed;
	int		 side;

	for (k = 0; k < STANDOFF_NLEVELS; k++)
		for (seed = 1; seed <= STANDOFF_SEEDS; seed++) {
			struct ai_options opt = { standoff_levels[k], false,
			    seed };

			t_start_map(t, GATE_MAP, "  - {id: a, side: xcom, "
			    "type: troop, at: [6, 4, 1], facing: n, right: "
			    "rifle, belt: [rifle-clip]}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [6, 3, 1], facing: s, right: "
			    "plasma-pistol}\n");
			/* Each met the other at the door: both remember. */
			assert_int_equal(t_do(t, "move a 6 3"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			assert_int_equal(t_do(t, "move s 6 4"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			for (side = 0; side < 2; side++)
				ai[side] = ai_new(t->g, (enum side)side, &opt);
			while (!game_over(t->g) && game_round(t->g) <= 6)
				ai_play_phase(ai[game_side_to_move(t->g)],
				    t->g, NULL, NULL);
			for (side = 0; side < 2; side++)
				ai_free(ai[side]);
			if (!game_over(t->g))
				fail_msg("%s seed %llu: both still up after "
				    "six rounds, a at %d,%d",
				    ai_level_names[standoff_levels[k]],
				    (unsigned long long)seed,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * Two troops one square either side of the gate's square, a Sectoid
 * remembered just past the shut door.  Neither stands where it could
 * open the door, and stepping in front of it puts a troop beside a
 * friend.  A good player steps up all the same and opens it: within the
 * phase one of them stands in front of the door and opens it.
 */
static void
test_standoff_gate_step_up(void **state)
{
	struct t	*t = *state;
	struct command	 c;
	struct ai	*ai;
	size_t		 k;
	uint64_t	 seed;
	int		 n, opened;

	for (k = 0; k < STANDOFF_NLEVELS; k++)
		for (seed = 1; seed <= STANDOFF_SEEDS; seed++) {
			struct ai_options opt = { standoff_levels[k], false,
			    seed };

			t_start_map(t, GATE_MAP, "  - {id: a, side: xcom, "
			    "type: troop, at: [6, 4, 1], facing: n, right: "
			    "rifle, belt: [rifle-clip]}\n"
			    "  - {id: b, side: xcom, type: troop, "
			    "at: [7, 5, 1], facing: n, right: rifle, "
			    "belt: [rifle-clip]}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [6, 3, 1], facing: s}\n");
			/* a meets the Sectoid, then steps aside. */
			assert_int_equal(t_do(t, "move a 6 3"), 0);
			assert_int_equal(t_do(t, "move a 5 5"), 0);
			assert_int_equal(t_unit(t, "a")->pos.x, 4);
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			opened = 0;
			for (n = 0; n < 80 &&
			    game_side_to_move(t->g) == SIDE_XCOM; n++) {
				assert_int_equal(ai_next(ai, t->g, &c), 0);
				if (getenv("TACTICS_TRACE") != NULL)
					fprintf(stderr, "%s\n", ai_reason(ai));
				if (c.type == CMD_END)
					break;
				if (game_execute(t->g, &c, &t->ev) != 0) {
					ai_refused(ai, &c);
					continue;
				}
				opened += c.type == CMD_OPEN;
			}
			ai_free(ai);
			if (opened != 1)
				fail_msg("%s seed %llu: %d doors opened; a at "
				    "%d,%d, b at %d,%d",
				    ai_level_names[standoff_levels[k]],
				    (unsigned long long)seed, opened,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1,
				    t_unit(t, "b")->pos.x + 1,
				    t_unit(t, "b")->pos.y + 1);
			t_finish(t);
		}
}

/* The square the AI deploys unit `id` on, once X-Com has placed its own. */
static struct pos
standoff_deploy(struct t *t, const char *units, const char *id)
{
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct command		 c;
	struct ai		*ai;
	struct pos		 at = { -1, -1, -1 };
	int			 n, unit;

	t_start_map(t, SHED_MAP, units);
	assert_true(game_deploying(t->g));
	assert_int_equal(t_do(t, "end"), 0);
	unit = game_find_unit(t->g, id);
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	for (n = 0; n < 10 && game_deploying(t->g); n++) {
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		if (c.type == CMD_DEPLOY && c.unit == unit)
			at = c.pos;
		assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	}
	ai_free(ai);
	t_finish(t);
	return at;
}

/*
 * Deploying where it can come out.  The shed is the one place of the
 * aliens' zone X-Com cannot see into, so a unit hiding for the first
 * phases would go there; but a 2x2 Reaper cannot pass its narrow door,
 * and placed inside it would wait out the game where nobody can reach it
 * (a draw at the cap).  A Sectoid may take the shed: it can walk out.
 * The Reaper is placed outside it.
 */
static void
test_standoff_deploy_way_out(void **state)
{
	struct t	*t = *state;
	struct pos	 at;

	at = standoff_deploy(t, "  - {id: a, side: xcom, type: troop}\n"
	    "  - {id: s, side: alien, type: sectoid}\n", "s");
	assert_true(at.x >= 9 && at.y <= 2);
	at = standoff_deploy(t, "  - {id: a, side: xcom, type: troop}\n"
	    "  - {id: r, side: alien, type: reaper}\n", "r");
	assert_true(at.x >= 7);
	assert_false(at.x >= 9 && at.y <= 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_standoff_gate),
		cmocka_unit_test(test_standoff_gate_settled),
		cmocka_unit_test(test_standoff_gate_step_up),
		cmocka_unit_test(test_standoff_deploy_way_out),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
