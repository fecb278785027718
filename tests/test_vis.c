/*
 * test_vis.c - the squares a unit or a side sees (§4.3, RULINGS §4.3,
 * game_unit_sight and game_side_sight in game.h): they must agree with who
 * sees whom (game_sees) for every unit standing on them, walls, 2x2
 * viewers and the vision_cone house rule included, and a side's squares
 * are the union of its active units'.  The game master's fog hatching and
 * sight overlay draw exactly these.  Uses the shipped catalog.
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
#include "xtac/know.h"
#include "xtac/util.h"

/* Two wall stubs and a short wall: lines that pass or stop by a square. */
#define VIS_MAP								\
	"xtac-map: 1\nname: Stubs\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . .|. . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + +-+-+ + + +\n"					\
	"    |. . . .|. . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . .|. . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"

/* Sectoids where the tank's squares see them differently. */
#define VIS_ALIENS							\
	"  - {id: s1, side: alien, type: sectoid, at: [6, 1, 1]}\n"	\
	"  - {id: s2, side: alien, type: sectoid, at: [8, 3, 1]}\n"	\
	"  - {id: s3, side: alien, type: sectoid, at: [6, 5, 1]}\n"	\
	"  - {id: s4, side: alien, type: sectoid, at: [5, 3, 1]}\n"	\
	"  - {id: s5, side: alien, type: sectoid, at: [1, 5, 1]}\n"	\
	"  - {id: s6, side: alien, type: sectoid, at: [8, 5, 1]}\n"	\
	"  - {id: s7, side: alien, type: sectoid, at: [5, 1, 1]}\n"

static size_t
vis_cells(const struct t *t)
{
	const struct map *m = game_map(t->g);

	return (size_t)m->width * m->height * m->levels;
}

static size_t
vis_index(const struct t *t, struct pos p)
{
	const struct map *m = game_map(t->g);

	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

/*
 * Every 1x1 unit not of `side`: its square is in the side's sight exactly
 * when the side sees it.  Returns how many it sees.
 */
static int
vis_agrees(struct t *t, enum side side)
{
	uint8_t	*seen = xcalloc(vis_cells(t), 1);
	size_t	 k;
	int	 n = 0;

	game_side_sight(t->g, side, seen);
	for (k = 0; k < game_nunits(t->g); k++) {
		const struct unit *u = game_unit(t->g, (int)k);
		bool sees = game_sees(t->g, side, (int)k);

		if (u->controller == side || u->t->size != 1 ||
		    !map_contains(game_map(t->g), u->pos))
			continue;
		if (seen[vis_index(t, u->pos)] != (sees ? 1 : 0))
			fail_msg("%s at %d,%d L%d: game_sees says %d, the "
			    "side's squares %d", u->id, u->pos.x + 1,
			    u->pos.y + 1, u->pos.z + 1, sees,
			    seen[vis_index(t, u->pos)]);
		n += sees;
	}
	free(seen);
	return n;
}

/* §4.3: walls stop lines; one troop's squares match game_sees. */
static void
test_vis_walls(void **state)
{
	struct t	*t = *state;

	t_start_map(t, VIS_MAP, "  - {id: a, side: xcom, type: troop, "
	    "at: [2, 2, 1], facing: e, right: rifle}\n" VIS_ALIENS);
	/* Some seen and some not: the walls matter here. */
	int n = vis_agrees(t, SIDE_XCOM);
	assert_true(n > 0);
	assert_true(n < 7);
	/* And the other way round: every alien's eye on a. */
	assert_int_equal(vis_agrees(t, SIDE_ALIEN), 1);
}

/* A 2x2 viewer looks from its square nearest each target. */
static void
test_vis_large_viewer(void **state)
{
	struct t	*t = *state;
	uint8_t		*seen;
	int		 dx, dy;

	t_start_map(t, VIS_MAP, "  - {id: k, side: xcom, type: tank-cannon, "
	    "at: [2, 2, 1], facing: e}\n" VIS_ALIENS);
	vis_agrees(t, SIDE_XCOM);
	seen = xcalloc(vis_cells(t), 1);
	game_unit_sight(t->g, game_find_unit(t->g, "k"), seen);
	for (dy = 0; dy < 2; dy++)
		for (dx = 0; dx < 2; dx++)
			assert_int_equal(seen[vis_index(t,
			    (struct pos){ 1 + dx, 1 + dy, 0 })], 1);
	free(seen);
}

/* A side's squares are the union of its active units' (game_sees). */
static void
test_vis_union(void **state)
{
	struct t	*t = *state;
	uint8_t		*side, *a, *b;
	size_t		 i, n;

	t_start_map(t, VIS_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [8, 4, 1]}\n"
	    VIS_ALIENS);
	n = vis_cells(t);
	side = xcalloc(n, 1);
	a = xcalloc(n, 1);
	b = xcalloc(n, 1);
	game_side_sight(t->g, SIDE_XCOM, side);
	game_unit_sight(t->g, game_find_unit(t->g, "a"), a);
	game_unit_sight(t->g, game_find_unit(t->g, "b"), b);
	for (i = 0; i < n; i++)
		assert_int_equal(side[i], a[i] | b[i]);
	/* Kneeling lowers the eye: still what game_sees says. */
	assert_int_equal(t_do(t, "kneel b"), 0);
	vis_agrees(t, SIDE_XCOM);
	free(side);
	free(a);
	free(b);
}

/* RULINGS §4.3 vision_cone: 90 degrees in front, nothing behind. */
static void
test_vis_cone(void **state)
{
	struct t	*t = *state;
	uint8_t		*seen;

	t_start(t, "rules: {vision-cone: true}\n",
	    "  - {id: a, side: xcom, type: troop, at: [6, 3, 1], facing: e}\n"
	    "  - {id: b, side: alien, type: sectoid, at: [10, 3, 1]}\n"
	    "  - {id: c, side: alien, type: sectoid, at: [2, 3, 1]}\n"
	    "  - {id: d, side: alien, type: sectoid, at: [6, 1, 1]}\n");
	assert_int_equal(vis_agrees(t, SIDE_XCOM), 1);
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "b")));
	seen = xcalloc(vis_cells(t), 1);
	game_side_sight(t->g, SIDE_XCOM, seen);
	assert_int_equal(seen[vis_index(t, (struct pos){ 8, 2, 0 })], 1);
	assert_int_equal(seen[vis_index(t, (struct pos){ 3, 2, 0 })], 0);
	assert_int_equal(seen[vis_index(t, (struct pos){ 5, 0, 0 })], 0);
	free(seen);
}

/*
 * The farmhouse raid with its units on fixed squares, in sight of each
 * other (tests/data/farm-raid.yaml): both sides, levels, windows, doors.
 */
static void
test_vis_farmhouse(void **state)
{
	struct t	*t = *state;
	FILE		*f;
	char		*yaml;
	long		 len;

	if ((f = fopen("tests/data/farm-raid.yaml", "r")) == NULL)
		fail_msg("tests/data/farm-raid.yaml: cannot open (run from "
		    "the repository's root)");
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	yaml = xcalloc((size_t)len + 1, 1);
	assert_int_equal(fread(yaml, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new(t->s, 3, &t->ev);
	assert_true(vis_agrees(t, SIDE_XCOM) > 0);
	assert_true(vis_agrees(t, SIDE_ALIEN) > 0);
}

/*
 * Who sees whom is kept from change to change (game-vis.c); after every
 * command of long random games it must equal a computation from scratch
 * (game_vis_check): steps, turns, kneeling, doors, shots, blasts, smoke,
 * deaths and the end of rounds.  Maps with doors, smoke grenades and
 * grenades, of one level and of several (house, farm-raid, roof); the AI
 * at random and playing to win; many seeds.
 */
struct vis_run {
	const struct game	*g;
	long			 checked;
	uint8_t			*prev[2];	/* each side's sight then */
	uint8_t			*now, *fresh;
	long			 news;
};

/*
 * Every few commands: a side's squares in sight (over kept bits) equal
 * the union of fresh fields of view (sight_fov) from its active units:
 * game_side_sight answers from fields of view kept between commands and
 * worked out again only where a change reached them, and from the list
 * of squares in sight kept with them (game_side_sight_list), each once.
 * The knowledge layer's own check (know_check, in vis_after) compares
 * what each side takes in with a fresh sight.  The maps have no vision
 * cone; a side with a 2x2 unit (farm-raid's Reaper) is left to
 * game_vis_check.
 */
static void
vis_squares_check(struct vis_run *r)
{
	const struct map	*m = game_map(r->g);
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i, k;
	uint8_t			*one = xmalloc(n);
	const uint32_t		*listed;
	int			 side, radius;

	radius = m->width > m->height ? m->width : m->height;
	for (side = 0; side < 2; side++) {
		/* A 2x2 unit sees from its nearest square: not a union. */
		for (k = 0; k < game_nunits(r->g); k++)
			if (game_unit(r->g, (int)k)->controller ==
			    (enum side)side && game_unit(r->g, (int)k)->t->size >
			    1)
				break;
		if (k < game_nunits(r->g))
			continue;
		game_side_sight(r->g, (enum side)side, r->now);
		memset(r->fresh, 0, n);
		for (k = 0; k < game_nunits(r->g); k++) {
			const struct unit *u = game_unit(r->g, (int)k);

			if (u->controller != (enum side)side ||
			    u->status != UNIT_ACTIVE)
				continue;
			sight_fov(game_field(r->g), u->pos, u->kneeling ?
			    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING, radius,
			    one);
			for (i = 0; i < n; i++)
				r->fresh[i] |= one[i];
		}
		assert_memory_equal(r->now, r->fresh, n);
		/* game_side_sight sets the listed squares: each listed once. */
		for (i = 0, k = 0; i < n; i++)
			k += r->now[i];
		assert_int_equal(game_side_sight_list(r->g, (enum side)side,
		    &listed), k);
		/* Squares that came into sight since: the kept work tested. */
		for (i = 0; i < n; i++)
			r->news += r->now[i] && (r->prev[side] == NULL ||
			    !r->prev[side][i]);
		if (r->prev[side] == NULL)
			r->prev[side] = xmalloc(n);
		memcpy(r->prev[side], r->now, n);
	}
	free(one);
}

static void
vis_after(struct t_games *gs, const struct command *c)
{
	struct vis_run	*r = gs->ctx;
	char		*why = NULL;

	if (!game_vis_check(r->g, &why))
		fail_msg("%s, seed %llu, after command %d of unit %d: %s",
		    gs->map, (unsigned long long)gs->seed, (int)c->type,
		    c->unit, why);
	/* What each side knows is kept the same way (know.c). */
	if (!know_check(r->g, &why))
		fail_msg("%s, seed %llu, after command %d of unit %d: %s",
		    gs->map, (unsigned long long)gs->seed, (int)c->type,
		    c->unit, why);
	if (r->checked++ % 7 == 0)
		vis_squares_check(r);
}

static void
vis_begin(struct t_games *gs)
{
	struct vis_run		*r = gs->ctx;
	const struct map	*m = game_map(gs->g);
	size_t			 n = (size_t)m->width * m->height * m->levels;
	char			*why = NULL;

	r->g = gs->g;
	know_debug(gs->g, true);
	r->now = xmalloc(n);
	r->fresh = xmalloc(n);
	if (!game_vis_check(gs->g, &why))
		fail_msg("%s at the start: %s", gs->map, why);
}

static void
vis_end(struct t_games *gs)
{
	struct vis_run	*r = gs->ctx;
	int		 side;

	for (side = 0; side < 2; side++) {
		free(r->prev[side]);
		r->prev[side] = NULL;
	}
	free(r->now);
	free(r->fresh);
	r->g = NULL;
}

static void
test_vis_kept(void **state)
{
	static const struct t_run	 runs[] = {
		{ "house", 40, 30 }, { "smoke", 40, 30 },
		{ "arena", 40, 30 }, { "sim-town", 10, 12 },
		{ "sim-field", 6, 12 }, { "farm-raid", 10, 20 },
		{ "roof", 10, 20 },
	};
	struct t			*t = *state;
	struct vis_run			 r;
	struct t_games			 gs;

	memset(&r, 0, sizeof r);
	memset(&gs, 0, sizeof gs);
	gs.begin = vis_begin;
	gs.after = vis_after;
	gs.end = vis_end;
	gs.ctx = &r;
	t_ai_games(t, runs, XTAC_NITEMS(runs), 1000, &gs);
	/* Long games: thousands of commands checked. */
	assert_true(r.checked > 2000);
	assert_true(r.news > 1000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vis_kept, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_walls, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_large_viewer,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_union, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_cone, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_farmhouse, t_setup,
		    t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
