/*
 * test_fog.c - non-interference: what a side is shown never depends on
 * what it has not seen (know.h).
 *
 * Pairs of games on the shipped maps, past deployment (every side taking
 * the default), differ only in something hidden from the viewing side: an
 * enemy standing here or elsewhere out of its sight, a door opened out of
 * its sight or not, a grenade thrown out of its sight or not, a wall blown
 * away out of its sight or not.  Both are played with the same random
 * commands, the viewer's chosen from what it knows.  While the difference
 * stays out of the viewer's sight, everything it reads must be the same
 * byte for byte: the events as it reads them (what `xtac script --as`
 * prints), its knowledge hash, the paths it plans, in its phase the
 * forecasts it may ask for (who a shot puts at risk, where an arc lands, a
 * blast's reach) and whether its next command would be accepted, with the
 * same reason.  Once the difference comes into its sight, or the dice the
 * two games roll part, the pair is done: from there on the side may
 * rightly read something else.
 *
 * Played again with the viewer's side in the hands of the honest AI (one
 * per game, the same seed), its proposals join the view: the commands it
 * chooses must be the same in both games while the difference stays out
 * of its side's sight (ai.h: honesty).
 *
 * The view now holds the lines the client's log shows the side, worded by
 * the client's own code (src/ui/ui-logtext.c), beside the events.  The
 * pieces are in tests/support/fog: the games and their differences
 * (fog-play.c), the view (fog-view.c) and the oracle that says where the
 * two games differ (fog-oracle.c).  The dice scan is test_fog_dice.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/engine/game-int.h"
#include "fixture.h"
#include "fog.h"
#include "xtac/ai.h"
#include "xtac/know.h"
#include "xtac/util.h"

/*
 * Seeds per map, pair kind and viewer.  The sanitized build runs fewer:
 * it is there for memory safety, the plain build for the property.
 */
#ifdef __SANITIZE_ADDRESS__
#define FOG_SEEDS	2
#define FOG_AI_SEEDS	1
#else
#define FOG_SEEDS	10
#define FOG_AI_SEEDS	4
#endif

enum fog_kind {
	FOG_PLACED,		/* an enemy here or elsewhere */
	FOG_DOOR,		/* a door opened or not */
	FOG_GRENADE,		/* a grenade thrown or not */
	FOG_WALL,		/* a wall blown away or not */
	FOG_KIND_COUNT
};
static const char *const fog_kind_names[FOG_KIND_COUNT] = {
	"placed", "door", "grenade", "wall"
};

struct fog_stats {
	size_t	pairs;		/* pairs played */
	size_t	compared;	/* commands whose views were compared */
	size_t	revealed;	/* pairs ended by a sighting or the dice */
	size_t	chosen;		/* commands the AI chose in both games */
};

/* --- one pair ------------------------------------------------------------- */

/*
 * One pair.  With `played`, the viewer's side is played by the honest AI
 * of that level in both games, and the random commands are the other
 * sides'.
 */
static void
fog_pair(const struct catalog *cat, const char *map, enum fog_kind kind,
    enum side viewer, uint64_t seed, const enum ai_level *played, struct fog_stats *st)
{
	struct scenario		*sa = fog_load(cat, map);
	struct scenario		*sb = fog_load(cat, map);
	struct event_list	 eva, evb;
	struct ai		*aia = NULL, *aib = NULL;
	struct ai_options	 opt;
	struct game		*a, *b;
	struct strbuf		 va, vb;
	struct rng		 r;
	struct command		 next;
	char			*line, *nline, *cause = NULL;
	struct pos		 to;
	struct fog_diffs	 acc;
	int			 hidden, i;
	bool			 differ = false;

	rng_seed(&r, seed, RNG_STREAM_COSMETIC);
	event_list_init(&eva);
	event_list_init(&evb);
	a = game_new(sa, seed, &eva);
	b = game_new(sb, seed, &evb);
	strbuf_init(&va);
	strbuf_init(&vb);
	fog_view_events(&va, a, &eva, viewer);
	fog_view_events(&vb, b, &evb, viewer);
	fog_deployed(a, b, &eva, &evb, &va, &vb, viewer);
	hidden = fog_hidden_enemy(&r, a, viewer);
	if (a->deploying || (kind == FOG_PLACED && (hidden < 0 ||
	    !fog_place(&r, b, viewer, hidden)))) {
		strbuf_free(&va);
		strbuf_free(&vb);
		game_free(a);
		game_free(b);
		goto out;
	}
	st->pairs++;
	acc.cells = xcalloc(fog_cells(game_map(a)), 1);
	acc.units = xcalloc(a->units_cap, sizeof *acc.units);
	acc.edges = false;
	if (played != NULL) {
		memset(&opt, 0, sizeof opt);
		opt.level = *played;
		opt.seed = seed;
		aia = ai_new(a, viewer, &opt);
		aib = ai_new(b, viewer, &opt);
	}
	line = fog_command(&r, a, 50);
	for (i = 0; i < FOG_COMMANDS && !game_over(a); i++) {
		int mover = game_side_to_move(a);

		if (fog_revealed(a, b, viewer, &acc)) {
			st->revealed++;
			break;
		}
		/* The hidden change, once, in the hidden side's phase. */
		if (!differ && mover != (int)viewer && i > 0) {
			if (kind == FOG_PLACED)
				differ = true;
			else if (kind == FOG_DOOR)
				differ = fog_open_door(&r, a, viewer);
			else if (kind == FOG_WALL) {
				event_list_clear(&eva);
				differ = fog_blow_wall(&r, a, viewer, &eva);
				fog_view_events(&va, a, &eva, viewer);
			}
			else if (hidden >= 0 && !game_sees(a, viewer, hidden)) {
				fog_throw(&r, a, viewer, hidden, &eva, &va);
				differ = true;
			}
			if (fog_revealed(a, b, viewer, &acc)) {
				st->revealed++;
				break;
			}
		}
		if (played != NULL && mover == (int)viewer) {
			/* The AI's own choice, game by game. */
			fog_run_ai(aia, a, &eva, &va);
			fog_run_ai(aib, b, &evb, &vb);
			st->chosen++;
		} else {
			fog_run(a, line, &eva);
			fog_run(b, line, &evb);
		}
		fog_view_events(&va, a, &eva, viewer);
		fog_view_events(&vb, b, &evb, viewer);
		/* The viewer's next command, from what it knows. */
		nline = fog_command(&r, a, game_side_to_move(a) ==
		    (int)viewer ? 85 : 10);
		to = fog_random_pos(&r, game_map(a));
		if (game_side_to_move(a) != (int)viewer || played != NULL ||
		    cmd_parse(a, nline, &next, &cause) < 0) {
			free(cause);
			cause = NULL;
			fog_view_state(&va, a, viewer, to, NULL);
			fog_view_state(&vb, b, viewer, to, NULL);
		} else {
			fog_view_state(&va, a, viewer, to, &next);
			fog_view_state(&vb, b, viewer, to, &next);
		}
		if (strcmp(va.data != NULL ? va.data : "",
		    vb.data != NULL ? vb.data : "") != 0 &&
		    !fog_revealed(a, b, viewer, &acc)) {
			/* A hidden roll shifts the dice after it: parted. */
			if (a->rules.state != b->rules.state ||
			    fog_explained(va.data, vb.data, a, &acc) ||
			    fog_memory_near(a, b, viewer, &acc) ||
			    fog_items_seen(a, b, viewer, &acc)) {
				st->revealed++;
				free(nline);
				break;
			}
			fprintf(stderr, "%s, %s, viewer %s, seed %llu: after "
			    "'%s' the viewer's views differ while nothing it "
			    "could see does:\n", map, fog_kind_names[kind],
			    side_names[viewer], (unsigned long long)seed, line);
			fog_diff(va.data, vb.data);
			fog_know_diff(a, b, viewer);
			free(line);
			free(nline);
			fail();
		}
		st->compared++;
		free(line);
		line = nline;
		/* Keep the texts short: they agree up to here. */
		strbuf_free(&va);
		strbuf_free(&vb);
		strbuf_init(&va);
		strbuf_init(&vb);
	}
	free(line);
	strbuf_free(&va);
	strbuf_free(&vb);
	free(acc.cells);
	free(acc.units);
	if (aia != NULL) {
		ai_free(aia);
		ai_free(aib);
	}
	game_free(a);
	game_free(b);
out:
	event_list_free(&eva);
	event_list_free(&evb);
	scenario_free(sa);
	scenario_free(sb);
}

static void
fog_kind(const struct catalog *cat, enum fog_kind kind)
{
	struct fog_stats	st;
	size_t			m;
	uint64_t		seed;
	int			viewer;

	memset(&st, 0, sizeof st);
	for (m = 0; m < fog_nmaps; m++)
		for (viewer = SIDE_XCOM; viewer <= SIDE_ALIEN; viewer++)
			for (seed = 1; seed <= FOG_SEEDS; seed++)
				fog_pair(cat, fog_maps[m], kind,
				    (enum side)viewer, seed * 7919 + m, NULL,
				    &st);
	print_message("%s: %zu pairs, %zu commands compared, %zu ended by "
	    "a sighting or the dice\n", fog_kind_names[kind], st.pairs,
	    st.compared, st.revealed);
	/* A property that was never tested is no property. */
	assert_true(st.pairs > 0);
	assert_true(st.compared > st.pairs);
}

/*
 * ai.h honesty as a property: every kind of difference, the viewer's side
 * played by the honest AI at each playing level, many seeds.
 */
static void
test_fog_ai_chooses_alike(void **state)
{
	static const enum ai_level	 levels[] = { AI_EASY, AI_NORMAL,
					    AI_HARD };
	struct fog_stats		 st;
	size_t				 m, l, nmaps;
	uint64_t			 seed;
	int				 kind, viewer;

	memset(&st, 0, sizeof st);
	nmaps = fog_nmaps;
	for (kind = 0; kind < FOG_KIND_COUNT; kind++)
	for (m = 0; m < nmaps; m++)
	for (viewer = SIDE_XCOM; viewer <= SIDE_ALIEN; viewer++)
	for (seed = 1; seed <= FOG_AI_SEEDS; seed++) {
		l = (size_t)(seed + m) % (sizeof levels / sizeof levels[0]);
		fog_pair(*state, fog_maps[m], (enum fog_kind)kind,
		    (enum side)viewer, seed * 104729 + m, &levels[l], &st);
	}
	print_message("ai: %zu pairs, %zu commands compared, %zu chosen by "
	    "the AI, %zu ended by a sighting or the dice\n", st.pairs,
	    st.compared, st.chosen, st.revealed);
	assert_true(st.pairs > 0);
	assert_true(st.chosen > st.pairs);
}

static void
test_fog_enemy_placed(void **state)
{
	fog_kind(*state, FOG_PLACED);
}

static void
test_fog_door_opened(void **state)
{
	fog_kind(*state, FOG_DOOR);
}

static void
test_fog_grenade_thrown(void **state)
{
	fog_kind(*state, FOG_GRENADE);
}

static void
test_fog_wall_blown(void **state)
{
	fog_kind(*state, FOG_WALL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fog_enemy_placed),
		cmocka_unit_test(test_fog_door_opened),
		cmocka_unit_test(test_fog_grenade_thrown),
		cmocka_unit_test(test_fog_wall_blown),
		cmocka_unit_test(test_fog_ai_chooses_alike),
	};

	return cmocka_run_group_tests(tests, fog_setup, fog_teardown);
}
