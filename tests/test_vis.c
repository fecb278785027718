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

int
main(void)
{
	const struct CMUnitTest tests[] = {
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
