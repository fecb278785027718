/*
 * test_copy.c - private worlds for planning (game-copy.h).
 *
 * game_copy(): the copy is the game (equal hashes), plays on exactly as
 * the original does under the same commands, and owns all it holds (the
 * original freed first, the copy still plays: the sanitized build).
 *
 * game_copy_known(), honesty: two games alike in everything X-Com knows
 * and differing in where an enemy it does not see stands give the same
 * world byte for byte (game_hash); no unit X-Com does not see is put
 * where it would see it, and the normal level's phase played in either
 * world goes the same; different seeds draw different worlds; a 2x2
 * unit never seen is drawn where it fits on the map.  The oracle reads
 * the engine's inside (game-int.h) to make the difference, as test_fog
 * does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/engine/game-int.h"
#include "fixture.h"
#include "xtac/ai.h"
#include "xtac/diag.h"
#include "xtac/game-copy.h"
#include "xtac/know.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define COPY_SEEDS	4

static struct catalog	*copy_catalog;

static int
copy_setup(void **state)
{
	(void)state;
	copy_catalog = fixture_real_catalog();
	return copy_catalog == NULL ? -1 : 0;
}

static int
copy_teardown(void **state)
{
	(void)state;
	fixture_real_catalog_free(copy_catalog);
	return 0;
}

static struct scenario *
copy_load(const char *path)
{
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, copy_catalog, &d);
	if (s == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(s);
	return s;
}

/* The commands a phase applied, as text, one a line. */
static void
copy_log(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct strbuf	*sb = ctx;

	(void)reason;
	(void)ev;
	strbuf_printf(sb, "%d %d %d %d,%d,%d %d %d\n", c->type, c->unit,
	    c->target, c->pos.x, c->pos.y, c->pos.z, c->dir, c->mode);
}

/* Phases of the normal level on both sides, into log (may be NULL). */
static void
copy_play(struct game *g, uint64_t seed, int phases, struct strbuf *log)
{
	struct ai		*ai[SIDE_COUNT] = { NULL };
	struct ai_options	 opt = { AI_NORMAL, false, seed };
	struct event_list	 ev;
	struct command		 end;
	size_t			 s;
	int			 side, k;

	event_list_init(&ev);
	for (k = 0; k < 8 && game_deploying(g); k++) {
		memset(&end, 0, sizeof end);
		end.type = CMD_END;
		end.unit = end.target = end.item = -1;
		event_list_clear(&ev);
		assert_int_equal(game_execute(g, &end, &ev), 0);
	}
	for (k = 0; k < phases && !game_over(g); k++) {
		side = game_side_to_move(g);
		if (ai[side] == NULL)
			ai[side] = ai_new(g, (enum side)side, &opt);
		ai_play_phase(ai[side], g, log != NULL ? copy_log : NULL, log);
	}
	for (s = 0; s < SIDE_COUNT; s++)
		ai_free(ai[s]);
	event_list_free(&ev);
}

/* The copy is the game, and plays on as it does. */
static void
test_copy_plays_alike(void **state)
{
	struct scenario	*s = copy_load("maps/farmhouse.yaml");
	struct event_list ev;
	struct strbuf	 la, lb;
	uint64_t	 seed;

	(void)state;
	for (seed = 1; seed <= COPY_SEEDS; seed++) {
		struct game *g, *c;

		event_list_init(&ev);
		g = game_new(s, seed, &ev);
		copy_play(g, seed, 3, NULL);
		c = game_copy(g);
		assert_true(game_hash(c) == game_hash(g));
		strbuf_init(&la);
		strbuf_init(&lb);
		copy_play(g, seed + 100, 4, &la);
		/* The copy owns what it holds: the original gone, it plays. */
		game_free(g);
		copy_play(c, seed + 100, 4, &lb);
		assert_true(la.len > 0);
		assert_string_equal(la.data, lb.data);
		strbuf_free(&la);
		strbuf_free(&lb);
		game_free(c);
		event_list_free(&ev);
	}
	scenario_free(s);
}

/* An alien X-Com does not see, 1x1, standing; -1 if none. */
static int
copy_hidden(const struct game *g)
{
	size_t	i;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->side == SIDE_ALIEN && u->status == UNIT_ACTIVE &&
		    u->t->size == 1 && !game_sees(g, SIDE_XCOM, (int)i))
			return (int)i;
	}
	return -1;
}

/*
 * In b, unit stands on another square, as far from X-Com's sight as
 * where it stood: X-Com's knowledge and sight unchanged.  False if no
 * such square was found.
 */
static bool
copy_move_hidden(struct game *a, struct game *b, int unit, uint64_t seed)
{
	const struct map	*m = game_map(b);
	struct rng		 r;
	struct pos		 p, was = b->units[unit].pos;
	int			 tries;

	rng_seed(&r, seed, RNG_STREAM_COSMETIC);
	for (tries = 0; tries < 400; tries++) {
		p.x = (int)rng_below(&r, (uint32_t)m->width);
		p.y = (int)rng_below(&r, (uint32_t)m->height);
		p.z = (int)rng_below(&r, (uint32_t)m->levels);
		if (!map_square_standable(m, p) ||
		    map_square(m, p)->floor == FLOOR_NONE ||
		    (*field_at(game_field(b), p) & (FIELD_UNIT | FIELD_PRONE)) ||
		    know_in_sight(b, SIDE_XCOM, p))
			continue;
		b->units[unit].pos = p;
		game_field_refresh(b);
		game_vis_update(b, false);
		if (know_hash(a, SIDE_XCOM) == know_hash(b, SIDE_XCOM) &&
		    !game_sees(b, SIDE_XCOM, unit))
			return true;
		b->units[unit].pos = was;
		game_field_refresh(b);
		game_vis_update(b, false);
	}
	return false;
}

/*
 * Two games of s with the same seed played alike to X-Com's phase with
 * the enemy met, then an alien X-Com does not see moved in *b alone
 * (copy_move_hidden()): true with the games on eva and evb; false, all
 * freed, when the game ended first or no such alien could be moved.
 */
static bool
copy_twins(const struct scenario *s, uint64_t seed, struct event_list *eva,
    struct event_list *evb, struct game **a, struct game **b)
{
	int	unit;

	event_list_init(eva);
	event_list_init(evb);
	*a = game_new(s, seed, eva);
	*b = game_new(s, seed, evb);
	copy_play(*a, seed, 4, NULL);
	copy_play(*b, seed, 4, NULL);
	while (!game_over(*a) && game_side_to_move(*a) != SIDE_XCOM) {
		copy_play(*a, seed + 7, 1, NULL);
		copy_play(*b, seed + 7, 1, NULL);
	}
	assert_true(game_hash(*a) == game_hash(*b));
	if (!game_over(*a) && (unit = copy_hidden(*a)) >= 0 &&
	    copy_move_hidden(*a, *b, unit, seed))
		return true;
	game_free(*a);
	game_free(*b);
	event_list_free(eva);
	event_list_free(evb);
	return false;
}

/*
 * Honesty: the world, and a phase played out in it, are the same whether
 * the unseen alien stands here or there.
 */
static void
test_copy_known_fog(void **state)
{
	struct scenario	*s = copy_load("maps/farmhouse.yaml");
	struct ai_options opt = { AI_NORMAL, false, 0 };
	struct event_list eva, evb;
	struct strbuf	 la, lb;
	uint64_t	 seed;
	size_t		 tried = 0, i;

	(void)state;
	for (seed = 1; seed <= COPY_SEEDS; seed++) {
		struct game *a, *b, *wa, *wb;
		struct ai *aa, *ab;

		if (!copy_twins(s, seed, &eva, &evb, &a, &b))
			continue;
		tried++;
		assert_true(game_hash(a) != game_hash(b));
		wa = game_copy_known(a, SIDE_XCOM, seed * 31);
		wb = game_copy_known(b, SIDE_XCOM, seed * 31);
		assert_true(game_hash(wa) == game_hash(wb));
		/* Nobody X-Com does not see is put where it would see him. */
		for (i = 0; i < game_nunits(a); i++)
			if (!game_sees(a, SIDE_XCOM, (int)i) &&
			    wa->units[i].status == UNIT_ACTIVE)
				assert_false(know_in_sight(a, SIDE_XCOM,
				    wa->units[i].pos));
		/* A plan played out in either world goes the same. */
		opt.seed = seed;
		aa = ai_new(wa, SIDE_XCOM, &opt);
		ab = ai_new(wb, SIDE_XCOM, &opt);
		strbuf_init(&la);
		strbuf_init(&lb);
		ai_play_phase(aa, wa, copy_log, &la);
		ai_play_phase(ab, wb, copy_log, &lb);
		assert_true(la.len > 0);
		assert_string_equal(la.data, lb.data);
		assert_true(game_hash(wa) == game_hash(wb));
		strbuf_free(&la);
		strbuf_free(&lb);
		ai_free(aa);
		ai_free(ab);
		game_free(wa);
		game_free(wb);
		game_free(a);
		game_free(b);
		event_list_free(&eva);
		event_list_free(&evb);
	}
	assert_true(tried > 0);
	scenario_free(s);
}

/*
 * The hard level plays the real game: in two games differing only in
 * where an alien X-Com does not see stands, it proposes the same commands
 * with the same reasons, as long as what X-Com knows is the same (a
 * sighting or the dice may end that), and the same again when asked
 * afresh (a function of its knowledge and seed).
 */
static void
test_copy_hard_alike(void **state)
{
	struct scenario	*s = copy_load("maps/farmhouse.yaml");
	struct ai_options opt = { AI_HARD, false, 0 };
	struct event_list eva, evb;
	struct command	 ca, cb, cc;
	uint64_t	 seed;
	size_t		 tried = 0, compared = 0, weighed = 0;
	int		 k;

	(void)state;
	for (seed = 1; seed <= 2 * COPY_SEEDS; seed++) {
		struct game *a, *b;
		struct ai *aa, *ab, *ac;

		if (!copy_twins(s, seed, &eva, &evb, &a, &b))
			continue;
		tried++;
		opt.seed = seed;
		aa = ai_new(a, SIDE_XCOM, &opt);
		ab = ai_new(b, SIDE_XCOM, &opt);
		for (k = 0; k < 200 && !game_over(a) &&
		    game_side_to_move(a) == SIDE_XCOM &&
		    know_hash(a, SIDE_XCOM) == know_hash(b, SIDE_XCOM); k++) {
			/* Asked afresh, an AI of the same seed says the same. */
			if (k == 0) {
				ac = ai_new(a, SIDE_XCOM, &opt);
				assert_int_equal(ai_next(ac, a, &cc), 0);
				ai_free(ac);
			}
			assert_int_equal(ai_next(aa, a, &ca), 0);
			assert_int_equal(ai_next(ab, b, &cb), 0);
			assert_memory_equal(&ca, &cb, sizeof ca);
			assert_string_equal(ai_reason(aa), ai_reason(ab));
			if (k == 0)
				assert_memory_equal(&ca, &cc, sizeof ca);
			compared++;
			weighed += strstr(ai_reason(aa), "of ours (+") != NULL;
			event_list_clear(&eva);
			event_list_clear(&evb);
			if (game_execute(a, &ca, &eva) != 0) {
				assert_int_not_equal(game_execute(b, &cb,
				    &evb), 0);
				ai_refused(aa, &ca);
				ai_refused(ab, &cb);
				continue;
			}
			assert_int_equal(game_execute(b, &cb, &evb), 0);
			if (ca.type == CMD_END)
				break;
		}
		ai_free(aa);
		ai_free(ab);
		game_free(a);
		game_free(b);
		event_list_free(&eva);
		event_list_free(&evb);
	}
	print_message("hard: %zu pairs, %zu commands compared, %zu weighing "
	    "the enemy's answer\n", tried, compared, weighed);
	assert_true(tried > 0);
	assert_true(compared > tried);
	assert_true(weighed > 0);
	scenario_free(s);
}

/* Different seeds, different draws of where the unseen may be. */
static void
test_copy_known_draws(void **state)
{
	struct scenario	*s = copy_load("maps/farmhouse.yaml");
	struct event_list ev;
	struct game	*g, *w;
	uint64_t	 h[8], seed;
	size_t		 i, j, distinct = 0;

	(void)state;
	event_list_init(&ev);
	g = game_new(s, 3, &ev);
	copy_play(g, 3, 2, NULL);
	for (seed = 0; seed < 8; seed++) {
		w = game_copy_known(g, SIDE_XCOM, seed + 1);
		h[seed] = game_hash(w);
		/* X-Com's own units are as they are. */
		for (i = 0; i < game_nunits(g); i++)
			if (game_unit(g, (int)i)->side == SIDE_XCOM)
				assert_memory_equal(&w->units[i].pos,
				    &g->units[i].pos, sizeof g->units[i].pos);
		game_free(w);
	}
	for (i = 0; i < 8; i++) {
		for (j = 0; j < i && h[j] != h[i]; j++)
			;
		distinct += j == i;
	}
	assert_true(distinct >= 4);
	game_free(g);
	event_list_free(&ev);
	scenario_free(s);
}

/*
 * A unit the side has never seen is drawn from its side's deployment
 * zones, and a 2x2 unit only where all four of its squares are on the
 * map: the base's defenders may stand anywhere, and its tanks drawn on
 * the map's last row or column stood half off it (path_reach stopped
 * the program the first time a world's tank was asked where it could go).
 */
static void
test_copy_known_fits(void **state)
{
	struct scenario	*s = copy_load("maps/base-defence.yaml");
	struct ai_options opt = { AI_NORMAL, false, 5 };
	struct ai	*ai[SIDE_COUNT] = { NULL };
	const struct map *m;
	struct event_list ev;
	struct game	*g, *w;
	uint64_t	 seed;
	size_t		 i, big = 0;
	int		 side, k;

	(void)state;
	event_list_init(&ev);
	g = game_new(s, 5, &ev);
	/* The sides place their units as the AI does, then play a round. */
	for (k = 0; k < 16 && !game_over(g) && (game_deploying(g) ||
	    game_round(g) < 2); k++) {
		side = game_side_to_move(g);
		if (ai[side] == NULL)
			ai[side] = ai_new(g, (enum side)side, &opt);
		ai_play_phase(ai[side], g, NULL, NULL);
	}
	for (k = 0; k < SIDE_COUNT; k++)
		ai_free(ai[k]);
	for (seed = 1; seed <= 64; seed++) {
		w = game_copy_known(g, SIDE_ALIEN, seed);
		m = game_map(w);
		for (i = 0; i < game_nunits(w); i++) {
			const struct unit *u = game_unit(w, (int)i);

			if (u->status != UNIT_ACTIVE || u->t->size < 2)
				continue;
			big++;
			assert_true(u->pos.x >= 0 && u->pos.y >= 0 &&
			    u->pos.x + u->t->size <= m->width &&
			    u->pos.y + u->t->size <= m->height);
		}
		game_free(w);
	}
	assert_true(big > 0);
	game_free(g);
	event_list_free(&ev);
	scenario_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_copy_plays_alike),
		cmocka_unit_test(test_copy_known_fog),
		cmocka_unit_test(test_copy_hard_alike),
		cmocka_unit_test(test_copy_known_draws),
		cmocka_unit_test(test_copy_known_fits),
	};

	return cmocka_run_group_tests(tests, copy_setup, copy_teardown);
}
