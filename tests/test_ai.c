/*
 * test_ai.c - the computer opponent (ai.h): every level's phase ends, its
 * choices are a function of the game and its seed, and an honest AI's
 * commands do not depend on enemies its side has not seen.  Uses the
 * shipped catalog (units/) and forced dice where a roll decides.
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

/* 12 x 5 grass split by a wall east of column 8: nobody sees across. */
#define WALLED_MAP							\
	"xtac-map: 1\nname: Walled\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

#define TWO_TROOPS							\
	"  - {id: a, side: xcom, type: troop, at: [2, 2, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"				\
	"  - {id: b, side: xcom, type: troop, at: [2, 4, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"

struct ai_log {
	const struct game	*g;
	struct strbuf		 sb;
};

/* Commands applied, one formatted line each. */
static void
ai_collect(void *arg, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct ai_log	*log = arg;
	struct strbuf	*sb = &log->sb;
	char		*text = cmd_format(log->g, c);

	(void)ev;
	assert_non_null(reason);
	assert_true(reason[0] != '\0');
	strbuf_printf(sb, "%s\n", text);
	free(text);
}

/* Play one phase of `side` at `level`; the commands as text. */
static char *
ai_phase(struct game *g, enum side side, enum ai_level level, uint64_t seed,
    bool omniscient, size_t *napplied)
{
	struct ai_options	 opt = { level, omniscient, seed };
	struct ai		*ai = ai_new(g, side, &opt);
	struct ai_log		 log;
	size_t			 n;

	log.g = g;
	strbuf_init(&log.sb);
	strbuf_puts(&log.sb, "");
	n = ai_play_phase(ai, g, ai_collect, &log);
	if (napplied != NULL)
		*napplied = n;
	ai_free(ai);
	return strbuf_steal(&log.sb);
}

/* A second game in the same state: the first one's journal replayed. */
static struct game *
ai_twin(struct t *t)
{
	struct event_list	 ev;
	struct game		*g2;
	size_t			 i;

	event_list_init(&ev);
	g2 = game_new(t->s, game_seed(t->g), &ev);
	for (i = 0; i < game_journal_length(t->g); i++)
		assert_int_equal(game_execute(g2, game_journal(t->g, i), &ev),
		    0);
	event_list_free(&ev);
	assert_int_equal(game_hash(t->g), game_hash(g2));
	return g2;
}

static void
t_finish(struct t *t)
{
	game_free(t->g);
	scenario_free(t->s);
	t->g = NULL;
	t->s = NULL;
}

/* --- every level: phases end, games replay -------------------------------- */

/*
 * ai.h: ai_play_phase always ends the phase.  Both sides played by the
 * AI for ten rounds: each call applies a bounded number of commands and
 * hands the phase on (or the game ends).
 */
static void
test_ai_phase_terminates(void **state)
{
	struct t	*t = *state;
	struct ai	*ai[SIDE_COUNT];
	int		 level, i, side, round;

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		struct ai_options	opt = { (enum ai_level)level, false, 5 };

		t_start(t, "", TWO_TROOPS
		    "  - {id: s1, side: alien, type: sectoid, at: [11, 2, 1], "
		    "right: plasma-pistol, belt: [plasma-pistol-clip]}\n"
		    "  - {id: s2, side: alien, type: sectoid, at: [11, 4, 1], "
		    "right: plasma-pistol}\n");
		ai[SIDE_XCOM] = ai_new(t->g, SIDE_XCOM, &opt);
		ai[SIDE_ALIEN] = ai_new(t->g, SIDE_ALIEN, &opt);
		for (i = 0; i < 20 && !game_over(t->g); i++) {
			side = game_side_to_move(t->g);
			round = game_round(t->g);
			assert_true(side == SIDE_XCOM || side == SIDE_ALIEN);
			assert_true(ai_play_phase(ai[side], t->g, NULL, NULL) <=
			    400 + 1);
			/* The next phase: the other side's, or a new round. */
			assert_true(game_over(t->g) ||
			    game_side_to_move(t->g) != side ||
			    game_round(t->g) != round);
			assert_true(ai_trace_length(ai[side]) > 0);
		}
		ai_free(ai[SIDE_XCOM]);
		ai_free(ai[SIDE_ALIEN]);
		t_finish(t);
	}
}

/* ai.h determinism: the same game and seed give the same commands. */
static void
test_ai_deterministic(void **state)
{
	struct t	*t = *state;
	struct game	*g2;
	char		*x, *y;
	int		 level;

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		t_start(t, "", TWO_TROOPS
		    "  - {id: s1, side: alien, type: sectoid, at: [9, 2, 1], "
		    "right: plasma-pistol}\n");
		g2 = ai_twin(t);
		x = ai_phase(t->g, SIDE_XCOM, (enum ai_level)level, 99, false,
		    NULL);
		y = ai_phase(g2, SIDE_XCOM, (enum ai_level)level, 99, false,
		    NULL);
		assert_true(x[0] != '\0');
		assert_string_equal(x, y);
		assert_int_equal(game_hash(t->g), game_hash(g2));
		free(x);
		free(y);
		game_free(g2);
		t_finish(t);
	}
}

/*
 * ai.h honesty: an alien the X-Com side has never seen stands at A or at
 * B behind the wall; the honest AI issues the same commands either way.
 */
static void
test_ai_honest_unseen(void **state)
{
	struct t	*t = *state;
	char		*at[2];
	int		 level, k;
	static const char *const where[2] = { "[10, 1, 1]", "[12, 5, 1]" };

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		for (k = 0; k < 2; k++) {
			char *units = xasprintf(TWO_TROOPS
			    "  - {id: s1, side: alien, type: sectoid, at: %s, "
			    "right: plasma-pistol}\n", where[k]);

			t_start_map(t, WALLED_MAP, units);
			free(units);
			assert_false(game_sees(t->g, SIDE_XCOM,
			    game_find_unit(t->g, "s1")));
			at[k] = ai_phase(t->g, SIDE_XCOM, (enum ai_level)level,
			    3, false, NULL);
			assert_null(strstr(at[k], "s1"));
			t_finish(t);
		}
		assert_string_equal(at[0], at[1]);
		free(at[0]);
		free(at[1]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ai_phase_terminates,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_deterministic,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_honest_unseen,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
