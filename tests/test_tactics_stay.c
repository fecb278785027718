/*
 * test_tactics_stay.c - the computer opponent's tactical cases about
 * staying put: a unit keeps its square for what it would do there, and
 * for nothing it would not.  Each test says what a good player does and
 * checks the AI does it at every playing level, over several of its
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

#include "play.h"
#include "xtac/ai.h"
#include "xtac/game.h"

#define STAY_SEEDS	6

static const enum ai_level stay_levels[] = { AI_EASY, AI_NORMAL, AI_HARD };
#define STAY_NLEVELS	(sizeof stay_levels / sizeof *stay_levels)

/* Play the side's phase with the AI; the commands go to `seen`. */
static void
stay_phase(struct t *t, struct ai *ai, enum side side,
    void (*seen)(struct t *, const struct command *, void *), void *ctx)
{
	struct command	c;
	int		n;

	for (n = 0; n < 200 && !game_over(t->g) &&
	    game_side_to_move(t->g) == (int)side; n++) {
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		if (getenv("TACTICS_TRACE") != NULL)
			fprintf(stderr, "%s\n", ai_reason(ai));
		event_list_clear(&t->ev);
		if (game_execute(t->g, &c, &t->ev) != 0)
			ai_refused(ai, &c);
		else if (seen != NULL)
			seen(t, &c, ctx);
	}
}

struct stay_shots {
	int	unit;
	int	shots;
};

static void
stay_count_shots(struct t *t, const struct command *c, void *ctx)
{
	struct stay_shots	*k = ctx;

	(void)t;
	if (c->unit == k->unit && (c->type == CMD_SHOOT ||
	    c->type == CMD_THROW || c->type == CMD_PSI))
		k->shots++;
}

/*
 * A shot it will not fire.  X-Com's troop x sees the Sectoid s six
 * squares off in the open; x's friend f stands beside s, so a miss of
 * x's rifle could strike f, too often for the shot to be fired (the AI
 * strikes such a shot off before firing it).  Last time the shot still
 * counted as what x would do from where it stands: every move was worth
 * less than staying, so x knelt where it stood, in s's sight, fired
 * nothing, and waited for the Sectoids' phase (the tutorial's trooper
 * at the gate, whose mind was then taken).  A good player either finds
 * a shot it will fire or gets out of sight: x fires, or it ends the
 * phase off its square.
 */
static void
test_stay_struck_shot(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct game_shot_risk	 risk;
	struct stay_shots	 k;
	struct ai		*ai;
	struct pos		 from;
	size_t			 lv;
	uint64_t		 seed;
	int			 x, s, chance;

	for (lv = 0; lv < STAY_NLEVELS; lv++)
		for (seed = 1; seed <= STAY_SEEDS; seed++) {
			t_start(t, "",
			    "  - {id: x, side: xcom, type: troop, "
			    "at: [3, 3, 1], facing: e, right: rifle}\n"
			    "  - {id: f, side: xcom, type: troop, "
			    "at: [10, 2, 1], facing: w}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [9, 3, 1], facing: w, "
			    "right: plasma-pistol}\n");
			x = game_find_unit(t->g, "x");
			s = game_find_unit(t->g, "s");
			from = t_unit(t, "x")->pos;
			/* The situation: in sight, a shot whose miss risks f. */
			assert_true(game_line(t->g, x, s, NULL));
			chance = t_chance(t, "x", "s", SHOT_SNAP, HAND_RIGHT,
			    NULL);
			assert_true(chance >= 10);
			/*
			 * Not in the line; a miss strikes f more often than
			 * one roll in 40 or than a twentieth of the hits.
			 */
			(void)game_side_shot_risk(t->g, SIDE_XCOM, x, from, s,
			    HAND_RIGHT, chance, &risk);
			assert_true(risk.line < 0);
			assert_true(2 * risk.struck >= GAME_RISK_STRUCK ||
			    20 * risk.struck > 10 * chance);
			opt.level = stay_levels[lv];
			opt.omniscient = false;
			opt.seed = seed;
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			k.unit = x;
			k.shots = 0;
			stay_phase(t, ai, SIDE_XCOM, stay_count_shots, &k);
			if (k.shots == 0 && t_unit(t, "x")->pos.x == from.x &&
			    t_unit(t, "x")->pos.y == from.y &&
			    game_line(t->g, x, s, NULL))
				fail_msg("%s seed %llu: x stayed in s's sight "
				    "for a shot it did not fire",
				    ai_level_names[stay_levels[lv]],
				    (unsigned long long)seed);
			ai_free(ai);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stay_struck_shot),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
