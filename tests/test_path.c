/*
 * test_path.c - movement costs, paths and reachable sets (path.h): every
 * line of the §5 cost table, the §5.3 and §7.2.2 multipliers, §4.2 walls,
 * windows, fences, doors, diagonal corners and 2x2 units, RULINGS §4 and
 * §5; then A* against Dijkstra against a brute-force relaxation of
 * path_step_cost() on random multi-level maps, and determinism.
 *
 * Positions in the tests are written 1-based as in map files and the
 * rulebook: SQ(x, y, level).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "xtac/field.h"
#include "xtac/path.h"
#include "xtac/rng.h"
#include "xtac/util.h"

#define HEADER	"xtac-map: 1\nname: Test\n"
#define SQ(x, y, l)	((struct pos){ (x) - 1, (y) - 1, (l) - 1 })
#define BIG_TU	1000000

static const struct mover walker = { 1, false, false, 1 };
static const struct mover flyer = { 1, true, false, 1 };
static const struct mover tank = { 2, false, false, 1 };
static const struct mover flying_tank = { 2, true, false, 1 };

struct test_path_world {
	struct scenario	*s;
	struct map	*m;
	struct field	 f;
};

static void
test_path_load(struct test_path_world *w, const char *yaml)
{
	struct diags	d;

	w->s = fixture_parse(yaml, &d);
	if (w->s == NULL)
		fixture_dump(&d);
	assert_non_null(w->s);
	diags_free(&d);
	w->m = w->s->map;
	field_init(&w->f, w->m);
}

static void
test_path_unload(struct test_path_world *w)
{
	field_free(&w->f);
	scenario_free(w->s);
}

static int
test_path_cost(const struct test_path_world *w, const struct mover *mv,
    struct pos from, struct pos to)
{
	return path_step_cost(&w->f, mv, from, to, NULL);
}

static int
test_path_find(const struct test_path_world *w, const struct mover *mv,
    struct pos from, struct pos to)
{
	struct path	p;
	int		tu = path_find(&w->f, mv, from, to, BIG_TU, &p);

	assert_int_equal(p.tu, tu);
	path_free(&p);
	return tu;
}

/* --- §5 cost table ------------------------------------------------------- */

/* Grass, with tall grass (uneven, §4.4) in the middle column. */
static const char meadow[] =
    HEADER
    "levels:\n"
    "  - |\n"
    "    + + + + +\n"
    "     . \" . .\n"
    "    + + + + +\n"
    "     . \" . .\n"
    "    + + + + +\n"
    "     . \" . .\n"
    "    + + + + +\n";

/* §5 table: walk forward 2, diagonally 3; uneven terrain +1 on entering. */
static void
test_path_straight_diagonal_uneven(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, meadow);
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 2, 1),
	    SQ(4, 2, 1)), 2);
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 2, 1),
	    SQ(4, 3, 1)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 2, 1),
	    SQ(3, 1, 1)), 2);
	/* Into tall grass, straight and diagonally; out of it costs nothing. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 2, 1)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 2, 1)), 4);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 2, 1),
	    SQ(3, 2, 1)), 2);
	/* Not adjacent, or not moving: no step. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(3, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(1, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 1, 1),
	    (struct pos){ 4, 0, 0 }), PATH_UNREACHABLE);
	/* Across the tall grass: 2 + 1, then 2. */
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 2, 1),
	    SQ(3, 2, 1)), 5);
	test_path_unload(&w);
}

/*
 * §5.4: a kneeling soldier stands (2 TU) before its first step, and only
 * then; standing is movement, so the multiplier applies to it too.
 */
static void
test_path_kneeling(void **state)
{
	struct test_path_world	w;
	struct mover		kneeler = { 1, false, true, 1 };
	struct path		p;

	(void)state;
	test_path_load(&w, meadow);
	assert_int_equal(test_path_cost(&w, &kneeler, SQ(3, 1, 1),
	    SQ(4, 1, 1)), 4);
	assert_int_equal(path_find(&w.f, &kneeler, SQ(3, 1, 1), SQ(3, 3, 1),
	    BIG_TU, &p), 6);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.steps[0].tu, 4);
	assert_int_equal(p.steps[1].tu, 6);
	path_free(&p);
	/* Staying put needs no standing up. */
	assert_int_equal(path_find(&w.f, &kneeler, SQ(3, 1, 1), SQ(3, 1, 1),
	    BIG_TU, &p), 0);
	assert_int_equal(p.n, 0);
	path_free(&p);
	kneeler.multiplier = 2;
	assert_int_equal(path_find(&w.f, &kneeler, SQ(3, 1, 1), SQ(3, 3, 1),
	    BIG_TU, &p), 12);
	assert_int_equal(p.steps[0].tu, 8);
	assert_int_equal(p.steps[1].tu, 12);
	path_free(&p);
	/* 6 TU is not enough to stand and take one step at x2. */
	assert_int_equal(path_find(&w.f, &kneeler, SQ(3, 1, 1), SQ(3, 2, 1),
	    7, &p), PATH_UNREACHABLE);
	assert_int_equal(p.n, 0);
	assert_null(p.steps);
	path_free(&p);
	test_path_unload(&w);
}

/* §5.3: an encumbered unit pays double for every movement cost. */
static void
test_path_encumbered(void **state)
{
	struct test_path_world	w;
	struct mover		laden = { 1, false, false, 2 };

	(void)state;
	test_path_load(&w, meadow);
	assert_int_equal(test_path_cost(&w, &laden, SQ(3, 1, 1),
	    SQ(4, 1, 1)), 4);
	assert_int_equal(test_path_cost(&w, &laden, SQ(3, 1, 1),
	    SQ(4, 2, 1)), 6);
	/* Uneven terrain is doubled with the step: (2 + 1) x 2. */
	assert_int_equal(test_path_cost(&w, &laden, SQ(1, 1, 1),
	    SQ(2, 1, 1)), 6);
	assert_int_equal(test_path_find(&w, &laden, SQ(1, 2, 1),
	    SQ(3, 2, 1)), 10);
	test_path_unload(&w);
}

/*
 * §7.2.2: leg criticals are cumulative, "two critical hits in the leg ...
 * 4 times the movement cost.  So a single square will cost 8TU to cross."
 */
static void
test_path_two_leg_criticals(void **state)
{
	struct test_path_world	w;
	struct mover		lame = { 1, false, false, 4 };

	(void)state;
	test_path_load(&w, meadow);
	assert_int_equal(test_path_cost(&w, &lame, SQ(3, 1, 1),
	    SQ(4, 1, 1)), 8);
	assert_int_equal(test_path_cost(&w, &lame, SQ(3, 1, 1),
	    SQ(4, 2, 1)), 12);
	/* Encumbered as well: x8. */
	lame.multiplier = 8;
	assert_int_equal(test_path_cost(&w, &lame, SQ(3, 1, 1),
	    SQ(4, 1, 1)), 16);
	test_path_unload(&w);
}

/* --- §4.2 edges ---------------------------------------------------------- */

/*
 * A wall, a window, a fence and a door between the squares of row 1;
 * row 2 and 3 are open.
 */
static const char fences[] =
    HEADER
    "levels:\n"
    "  - |\n"
    "    + + + + + +\n"
    "     .|.:.x./.\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n";

/* §4.2, RULINGS §4: walls, windows and fences block movement. */
static void
test_path_wall_window_fence(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, fences);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 1),
	    SQ(1, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 1),
	    SQ(3, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 1, 1),
	    SQ(4, 1, 1)), PATH_UNREACHABLE);
	/* Flying does not pass them either. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(3, 1, 1),
	    SQ(4, 1, 1)), PATH_UNREACHABLE);
	/* Around the wall: down, across, up (the diagonals touch it). */
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 1, 1)), 6);
	test_path_unload(&w);
}

/*
 * §4.2 "For diagonal motion, no edge touching the squares common corner
 * may have a wall" (RULINGS §5): blocked whichever of the four edges it is,
 * even one the step does not cross; a wall not touching the corner does
 * not matter.
 */
static void
test_path_diagonal_corner(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, fences);
	/* The wall between 1,1 and 2,1 touches the corner of all these. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 2, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 2, 1),
	    SQ(1, 1, 1)), PATH_UNREACHABLE);
	/* ... windows and fences too. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 2, 1),
	    SQ(3, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 2, 1),
	    SQ(3, 1, 1)), PATH_UNREACHABLE);
	/* One row down the corner is clear of it. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 3, 1)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 3, 1),
	    SQ(2, 2, 1)), 3);
	test_path_unload(&w);
}

/*
 * §5.5 and RULINGS §4: opening a door costs 2 and the step goes through;
 * a door is not opened across a corner; an open door is an open edge.
 */
static void
test_path_doors(void **state)
{
	struct test_path_world	w;
	struct path		p;
	bool			door;
	size_t			i;

	(void)state;
	test_path_load(&w, fences);
	assert_int_equal(path_step_cost(&w.f, &walker, SQ(4, 1, 1),
	    SQ(5, 1, 1), &door), 4);
	assert_true(door);
	assert_int_equal(path_step_cost(&w.f, &walker, SQ(5, 1, 1),
	    SQ(4, 1, 1), &door), 4);
	assert_true(door);
	assert_int_equal(path_step_cost(&w.f, &walker, SQ(4, 2, 1),
	    SQ(5, 2, 1), &door), 2);
	assert_false(door);
	/* Diagonally past a closed door: no. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 2, 1),
	    SQ(5, 1, 1)), PATH_UNREACHABLE);
	/* x2 when encumbered, like every movement cost (§5.1, §5.3). */
	assert_int_equal(test_path_cost(&w, &(struct mover){ 1, false, false,
	    2 }, SQ(4, 1, 1), SQ(5, 1, 1)), 8);
	/* From 4,1 to 5,1: through the door 4, round it 2 + 2 + 2. */
	assert_int_equal(path_find(&w.f, &walker, SQ(4, 1, 1), SQ(5, 1, 1),
	    BIG_TU, &p), 4);
	assert_int_equal(p.n, 1);
	assert_true(p.steps[0].opens_door);
	path_free(&p);
	/* Two leg wounds: 4 x 4 through it, still under 4 x 6 round it. */
	assert_int_equal(path_find(&w.f, &(struct mover){ 1, false, false,
	    4 }, SQ(4, 1, 1), SQ(5, 1, 1), BIG_TU, &p), 16);
	path_free(&p);
	/* Opened (this phase): free to pass, straight or diagonally. */
	map_edge(w.m, SQ(4, 1, 1), DIR_E)->flags |= EDGE_OPENED;
	assert_int_equal(path_step_cost(&w.f, &walker, SQ(4, 1, 1),
	    SQ(5, 1, 1), &door), 2);
	assert_false(door);
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 2, 1),
	    SQ(5, 1, 1)), 3);
	test_path_unload(&w);
	/* A corridor: the door is opened once, on the step through it. */
	test_path_load(&w, HEADER
	    "levels:\n"
	    "  - |\n"
	    "    +-+-+-+-+\n"
	    "    |. ./. .|\n"
	    "    +-+-+-+-+\n");
	assert_int_equal(path_find(&w.f, &walker, SQ(1, 1, 1), SQ(4, 1, 1),
	    BIG_TU, &p), 8);
	assert_int_equal(p.n, 3);
	for (i = 0; i < p.n; i++)
		assert_int_equal(p.steps[i].opens_door, i == 1);
	assert_int_equal(p.steps[0].tu, 2);
	assert_int_equal(p.steps[1].tu, 6);
	assert_int_equal(p.steps[2].tu, 8);
	path_free(&p);
	test_path_unload(&w);
}

/* --- §4.2 objects, units ------------------------------------------------- */

static const char furniture[] =
    HEADER
    "legend:\n"
    "  squares:\n"
    "    'c': {floor: grass, object: crate}\n"
    "    'r': {floor: grass, object: {name: rug, solid: false, "
    "passable: true}}\n"
    "levels:\n"
    "  - |\n"
    "    + + + + +\n"
    "     . T c r\n"
    "    + + + + +\n"
    "     . . . .\n"
    "    + + + + +\n";

/*
 * §4.2 "Objects make a square impassable": solid ones and low ones that the
 * tile marks impassable; a passable low object is walked over (RULINGS §4).
 * Units are never entered; prone bodies are no obstacle.
 */
static void
test_path_objects_and_units(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, furniture);
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(2, 2, 1),
	    SQ(2, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 1, 1),
	    SQ(3, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 2, 1),
	    SQ(4, 1, 1)), 2);
	/*
	 * Only edges stop a diagonal (RULINGS §5): past the tree's corner is
	 * allowed.
	 */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 2, 1)), 3);
	/* A unit on 2,2; then the same unit lying prone. */
	*field_at(&w.f, SQ(2, 2, 1)) = FIELD_UNIT;
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 2, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 2, 1),
	    SQ(2, 2, 1)), PATH_UNREACHABLE);
	/* The only way from 1,1 to 3,2 ran through 2,2. */
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 1, 1),
	    SQ(3, 2, 1)), PATH_UNREACHABLE);
	*field_at(&w.f, SQ(2, 2, 1)) = FIELD_PRONE | FIELD_SMOKE;
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 2, 1)), 2);
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 1, 1),
	    SQ(3, 2, 1)), 5);
	test_path_unload(&w);
}

/*
 * path.h own: the mover's own squares, flagged FIELD_UNIT as the game
 * keeps them, do not stop it, exactly as if cleared; anyone else's do.
 */
static void
test_path_own_squares(void **state)
{
	struct test_path_world	w;
	struct path_scratch	sc;
	struct pos		own = SQ(1, 2, 1);
	struct path		p;
	int			want[1], *a, *b, reached = 0;
	size_t			n, i;

	(void)state;
	test_path_load(&w, furniture);
	n = (size_t)w.m->width * w.m->height * w.m->levels;
	/* Cleared: from 1,2 to 3,2 through 2,2. */
	want[0] = test_path_find(&w, &walker, SQ(1, 2, 1), SQ(3, 2, 1));
	assert_true(want[0] > 0);
	*field_at(&w.f, SQ(1, 2, 1)) = FIELD_UNIT;
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 2, 1),
	    SQ(3, 2, 1)), want[0]);
	path_scratch_init(&sc);
	assert_int_equal(path_find_with(&sc, &w.f, &walker, &own,
	    SQ(1, 2, 1), SQ(3, 2, 1), BIG_TU, &p), want[0]);
	path_free(&p);
	/* Someone else on 2,2 still blocks; a unit on the way back too. */
	*field_at(&w.f, SQ(2, 2, 1)) = FIELD_UNIT;
	assert_int_equal(path_find_with(&sc, &w.f, &walker, &own,
	    SQ(1, 2, 1), SQ(3, 2, 1), BIG_TU, &p), PATH_UNREACHABLE);
	path_free(&p);
	/* Reachable sets agree too. */
	*field_at(&w.f, SQ(2, 2, 1)) = 0;
	*field_at(&w.f, SQ(1, 2, 1)) = 0;
	a = malloc(n * sizeof *a);
	b = malloc(n * sizeof *b);
	path_reach(&w.f, &walker, SQ(1, 2, 1), BIG_TU, a);
	*field_at(&w.f, SQ(1, 2, 1)) = FIELD_UNIT;
	path_reach_with(&sc, &w.f, &walker, &own, SQ(1, 2, 1), BIG_TU, b);
	for (i = 0; i < n; i++) {
		assert_int_equal(a[i], b[i]);
		reached += a[i] > 0;
	}
	assert_int_equal(reached, 5);
	free(a);
	free(b);
	path_scratch_free(&sc);
	test_path_unload(&w);
}

/* --- levels: stairs, elevators, flight ---------------------------------- */

/*
 * Level 1: grass, tall grass at 4,1.  Level 2: a stairwell (open air) at
 * 1,1 over the foot of a stair that lands on rubble at 2,1, also reached
 * diagonally from 1,2; building floor; an elevator at 5,1; open air at 6,1
 * and 7,1.  A ladder (stacked stair) at 3,1.  Level 3 is open air but for
 * an elevator over 5,1.
 */
static const char tower[] =
    HEADER
    "levels:\n"
    "  - |\n"
    "    + + + + + + + +\n"
    "     . . . \" . . .\n"
    "    + + + + + + + +\n"
    "     . . . . . . .\n"
    "    + + + + + + + +\n"
    "  - |\n"
    "    + + + + + + + +\n"
    "       % _ _ e    \n"
    "    + + + + + + + +\n"
    "       _ _ _ _    \n"
    "    + + + + + + + +\n"
    "  - |\n"
    "    + + + + + + + +\n"
    "             e\n"
    "    + + + + + + + +\n"
    "                  \n"
    "    + + + + + + + +\n"
    "stairs:\n"
    "  - {from: [1, 1, 1], to: [2, 1, 2]}\n"
    "  - {from: [3, 1, 1], to: [3, 1, 2]}\n"
    "  - {from: [1, 2, 1], to: [2, 1, 2]}\n";

/*
 * §5 table "Walk up a level +3, down +2", applied on the step that changes
 * level (§5.1, RULINGS §4), on stairs and ramps beside or stacked.
 */
static void
test_path_stairs(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, tower);
	/* Up onto the landing's rubble: uneven, +1 as well. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 1, 2)), 2 + 3 + 1);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 2),
	    SQ(1, 1, 1)), 2 + 2);
	/* The diagonal stair from 1,2. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 2, 1),
	    SQ(2, 1, 2)), 3 + 3 + 1);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 2),
	    SQ(1, 2, 1)), 3 + 2);
	/* The ladder: up and down in place. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 1, 1),
	    SQ(3, 1, 2)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(3, 1, 2),
	    SQ(3, 1, 1)), 2);
	/* No stair: no level change for a walker. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 1),
	    SQ(2, 1, 2)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 1),
	    SQ(3, 1, 2)), PATH_UNREACHABLE);
	/* Walking into the stairwell's open air: no. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(2, 1, 2),
	    SQ(1, 1, 2)), PATH_UNREACHABLE);
	/* Someone on the landing. */
	*field_at(&w.f, SQ(2, 1, 2)) = FIELD_UNIT;
	assert_int_equal(test_path_cost(&w, &walker, SQ(1, 1, 1),
	    SQ(2, 1, 2)), PATH_UNREACHABLE);
	*field_at(&w.f, SQ(2, 1, 2)) = 0;
	/* Up the stair and along (6 + 2), or along and up the ladder. */
	assert_int_equal(test_path_find(&w, &walker, SQ(1, 1, 1),
	    SQ(3, 1, 2)), 7);
	test_path_unload(&w);
}

/*
 * Elevators (§4.2, RULINGS §4): a level change on the spot into or out of
 * a square whose floor is an elevator, +3 up and +2 down (§5 table).
 */
static void
test_path_elevator(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, tower);
	assert_int_equal(test_path_cost(&w, &walker, SQ(5, 1, 1),
	    SQ(5, 1, 2)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(5, 1, 2),
	    SQ(5, 1, 3)), 3);
	assert_int_equal(test_path_cost(&w, &walker, SQ(5, 1, 3),
	    SQ(5, 1, 2)), 2);
	assert_int_equal(test_path_cost(&w, &walker, SQ(5, 1, 2),
	    SQ(5, 1, 1)), 2);
	/* Under a building floor: no way up. */
	assert_int_equal(test_path_cost(&w, &walker, SQ(4, 1, 1),
	    SQ(4, 1, 2)), PATH_UNREACHABLE);
	/* A flyer rides it too: cheaper than hovering (4). */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(5, 1, 1),
	    SQ(5, 1, 2)), 3);
	/* Level 1 to 3 by elevator: 3 + 3. */
	assert_int_equal(test_path_find(&w, &walker, SQ(5, 1, 1),
	    SQ(5, 1, 3)), 6);
	test_path_unload(&w);
}

/*
 * §5.2: flyers walk, fly 2 straight and 3 diagonally, and hover up or down
 * one level for 4 through open air (or an elevator's floor), never through
 * another floor; terrain costs only those walking on it (§5.1).
 */
static void
test_path_flight(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, tower);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(6, 1, 1),
	    SQ(6, 1, 2)), 4);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(6, 1, 2),
	    SQ(6, 1, 1)), 4);
	assert_int_equal(test_path_cost(&w, &walker, SQ(6, 1, 1),
	    SQ(6, 1, 2)), PATH_UNREACHABLE);
	/* In the air: fly 2 and 3. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(6, 1, 2),
	    SQ(7, 1, 2)), 2);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(6, 1, 2),
	    SQ(7, 2, 2)), 3);
	/* Off a floor into the air, and back onto one. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(5, 2, 2),
	    SQ(6, 2, 2)), 2);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(6, 2, 2),
	    SQ(5, 2, 2)), 2);
	assert_int_equal(test_path_cost(&w, &walker, SQ(5, 2, 2),
	    SQ(6, 2, 2)), PATH_UNREACHABLE);
	/* Through a building floor: no; through an elevator's: 4 or ride. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(4, 1, 1),
	    SQ(4, 1, 2)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(4, 2, 2),
	    SQ(4, 2, 3)), 4);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(4, 1, 2),
	    SQ(4, 1, 1)), PATH_UNREACHABLE);
	/* Down through open air onto a floor. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(4, 2, 3),
	    SQ(4, 2, 2)), 4);
	/* Walking into tall grass costs a flyer too; flying over it not. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(3, 2, 1),
	    SQ(4, 1, 1)), 4);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(3, 2, 3),
	    SQ(4, 1, 3)), 3);
	/* From the ground at 7,2 into the air at 6,1 L3: hover 4 + 4, fly 3. */
	assert_int_equal(test_path_find(&w, &flyer, SQ(7, 2, 1),
	    SQ(6, 1, 3)), 4 + 4 + 3);
	test_path_unload(&w);
}

/*
 * §5.2: flight "can only rise to maximum of 4 levels": a flyer hovers at
 * most PATH_MAX_HOVER levels above level 1.
 */
static void
test_path_hover_limit(void **state)
{
	struct test_path_world	 w;
	struct map		*m = map_new(2, 1, 7);
	struct field		 f;
	int			*cost;
	int			 z;

	(void)state;
	map_square(m, (struct pos){ 0, 0, 0 })->floor = FLOOR_GRASS;
	map_square(m, (struct pos){ 1, 0, 0 })->floor = FLOOR_GRASS;
	/* A roof at level 7 on the east square; an elevator at 1,1 L6. */
	map_square(m, (struct pos){ 1, 0, 6 })->floor = FLOOR_BUILDING;
	map_square(m, (struct pos){ 0, 0, 5 })->floor = FLOOR_ELEVATOR;
	field_init(&f, m);
	memset(&w, 0, sizeof w);
	w.m = m;
	w.f = f;
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 1, 4),
	    SQ(1, 1, 5)), 4);
	/* Not up to level 6, even onto the elevator's floor. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 1, 5),
	    SQ(1, 1, 6)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 1, 5),
	    SQ(2, 1, 5)), 2);
	/*
	 * Not off the roof above the limit; but a flyer that finds itself in
	 * the air up there (placed so) may sink.
	 */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(2, 1, 7),
	    SQ(1, 1, 7)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 1, 7),
	    SQ(1, 1, 6)), 4);
	/* Off the elevator into open air: hovering, not riding. */
	assert_int_equal(test_path_cost(&w, &flyer, SQ(1, 1, 6),
	    SQ(1, 1, 5)), 4);
	cost = xreallocarray(NULL, 2 * 7, sizeof *cost);
	path_reach(&f, &flyer, SQ(1, 1, 1), BIG_TU, cost);
	for (z = 0; z < 7; z++)
		assert_int_equal(cost[z * 2], z <= PATH_MAX_HOVER ? 4 * z :
		    PATH_UNREACHABLE);
	free(cost);
	field_free(&f);
	map_free(m);
}

/* --- §4.2 multi-square units --------------------------------------------- */

/*
 * A wall between rows 2 and 3 with a two-wide gap (columns 2-3) and a
 * one-wide one (column 5); a stub of wall south of 5,4 (between rows 4 and
 * 5), tall grass in column 6 of rows 3-5.
 */
static const char gaps[] =
    HEADER
    "levels:\n"
    "  - |\n"
    "    + + + + + + +\n"
    "     . . . . . .\n"
    "    + + + + + + +\n"
    "     . . . . . .\n"
    "    +-+ + +-+ +-+\n"
    "     . . . . . \"\n"
    "    + + + + + + +\n"
    "     . . . . . \"\n"
    "    + + + + +-+ +\n"
    "     . . . . . \"\n"
    "    + + + + + + +\n";

/*
 * §4.2: a 2x2 unit passes where both of its squares can (RULINGS §5), and
 * may not occupy squares with a wall on an internal edge.
 */
static void
test_path_tank_gaps(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, gaps);
	/* Through the two-wide gap: three steps south. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(2, 1, 1),
	    SQ(2, 2, 1)), 2);
	assert_int_equal(test_path_find(&w, &tank, SQ(2, 1, 1),
	    SQ(2, 4, 1)), 6);
	/* Not through the one-wide gap at column 5 (nor half across it). */
	assert_int_equal(test_path_cost(&w, &tank, SQ(5, 1, 1),
	    SQ(5, 2, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &tank, SQ(4, 1, 1),
	    SQ(4, 2, 1)), PATH_UNREACHABLE);
	/* A 1x1 unit takes it. */
	assert_int_equal(test_path_find(&w, &walker, SQ(5, 1, 1),
	    SQ(5, 4, 1)), 6);
	/*
	 * So the tank goes round by the wide gap: west 3 x 2 to x = 2 (the
	 * diagonals down from row 1 touch the wall), south 2 x 2 into and
	 * through the gap, then 3 x 2 east, the last step onto tall grass.
	 */
	assert_int_equal(test_path_find(&w, &tank, SQ(5, 1, 1),
	    SQ(5, 3, 1)), 6 + 4 + 6 + 1);
	/* Diagonally into the gap: the wall touches a corner it passes. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(3, 1, 1),
	    SQ(2, 2, 1)), PATH_UNREACHABLE);
	/* The map's edge: no room for the tank's east column. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(5, 1, 1),
	    SQ(6, 1, 1)), PATH_UNREACHABLE);
	assert_int_equal(test_path_find(&w, &tank, SQ(5, 1, 1),
	    SQ(6, 1, 1)), PATH_UNREACHABLE);
	test_path_unload(&w);
}

/* RULINGS §5: a 2x2 unit never straddles an internal wall. */
static void
test_path_tank_straddle(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, gaps);
	/*
	 * East along rows 4-5 from 3,4: the new footprint 4..5 x 4..5 would
	 * have the stub south of 5,4 inside it, although no square crosses it.
	 */
	assert_int_equal(test_path_cost(&w, &tank, SQ(3, 4, 1),
	    SQ(4, 4, 1)), PATH_UNREACHABLE);
	/* Nor diagonally past the stub's end. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(3, 4, 1),
	    SQ(4, 3, 1)), PATH_UNREACHABLE);
	/* Rows 3-4 pass above it: the stub is the footprint's south edge. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(3, 3, 1),
	    SQ(4, 3, 1)), 2);
	/*
	 * §5.1: terrain counts once for a 2x2 unit "regardless of how many
	 * obstructed squares" it enters: 6,3 and 6,4 are both tall grass.
	 */
	assert_int_equal(test_path_cost(&w, &tank, SQ(4, 3, 1),
	    SQ(5, 3, 1)), 3);
	/* Down onto the stub: crossing it this time. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(5, 3, 1),
	    SQ(5, 4, 1)), PATH_UNREACHABLE);
	test_path_unload(&w);
}

/*
 * A two-wide door (§4.2 "Multi-square units may move through doors so long
 * as they are wide enough"): opened once, on the step that first crosses
 * it; the rear half following through it pays nothing more.
 */
static void
test_path_tank_door(void **state)
{
	struct test_path_world	w;
	struct path		p;
	bool			door;

	(void)state;
	test_path_load(&w, HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    +-+/+/+\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	assert_int_equal(path_step_cost(&w.f, &tank, SQ(2, 1, 1),
	    SQ(2, 2, 1), &door), 4);
	assert_true(door);
	/* Astride the doorway, the doors are open: it opened them. */
	assert_int_equal(path_step_cost(&w.f, &tank, SQ(2, 2, 1),
	    SQ(2, 3, 1), &door), 2);
	assert_false(door);
	assert_int_equal(path_find(&w.f, &tank, SQ(2, 1, 1), SQ(2, 3, 1),
	    BIG_TU, &p), 6);
	assert_int_equal(p.n, 2);
	assert_true(p.steps[0].opens_door);
	assert_false(p.steps[1].opens_door);
	assert_int_equal(p.steps[0].tu, 4);
	path_free(&p);
	/* The 1-wide stretch west of the door is a wall: no way there. */
	assert_int_equal(test_path_cost(&w, &tank, SQ(1, 1, 1),
	    SQ(1, 2, 1)), PATH_UNREACHABLE);
	/* Diagonally into the doorway: no (a door is not opened so). */
	assert_int_equal(test_path_cost(&w, &tank, SQ(1, 1, 1),
	    SQ(2, 2, 1)), PATH_UNREACHABLE);
	test_path_unload(&w);
}

/*
 * §4.2 "Multi-square units will not fall unless all the squares it
 * occupies have no floor": a 2x2 walker needs a floor under one square; a
 * 2x2 flyer needs none.  Level 2 has floor on 1..4 x 1 and 1..2 x 2.
 */
static void
test_path_tank_floor(void **state)
{
	struct test_path_world	w;

	(void)state;
	test_path_load(&w, HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n"
	    "  - |\n"
	    "    + + + + +\n"
	    "     _ _ _ _\n"
	    "    + + + + +\n"
	    "     _ _\n"
	    "    + + + + +\n"
	    "\n"
	    "    + + + + +\n"
	    "\n"
	    "    + + + + +\n");
	assert_int_equal(test_path_cost(&w, &tank, SQ(1, 1, 2),
	    SQ(2, 1, 2)), 2);
	assert_int_equal(test_path_cost(&w, &tank, SQ(2, 1, 2),
	    SQ(3, 1, 2)), 2);
	assert_int_equal(test_path_cost(&w, &tank, SQ(1, 1, 2),
	    SQ(1, 2, 2)), 2);
	assert_int_equal(test_path_cost(&w, &tank, SQ(1, 2, 2),
	    SQ(1, 3, 2)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &tank, SQ(2, 1, 2),
	    SQ(3, 2, 2)), PATH_UNREACHABLE);
	assert_int_equal(test_path_cost(&w, &flying_tank, SQ(1, 2, 2),
	    SQ(1, 3, 2)), 2);
	/* Hovering down as a whole: all four floors below are open air. */
	assert_int_equal(test_path_cost(&w, &flying_tank, SQ(1, 3, 2),
	    SQ(1, 3, 1)), 4);
	assert_int_equal(test_path_cost(&w, &flying_tank, SQ(1, 2, 2),
	    SQ(1, 2, 1)), PATH_UNREACHABLE);
	/* One of its squares holds a unit. */
	*field_at(&w.f, SQ(4, 1, 2)) = FIELD_UNIT;
	assert_int_equal(test_path_cost(&w, &tank, SQ(2, 1, 2),
	    SQ(3, 1, 2)), PATH_UNREACHABLE);
	test_path_unload(&w);
}

/* --- reachable sets ------------------------------------------------------ */

/*
 * By hand, from 1,1 with 8 TU: the wall under 3,1 and the tree on 2,2
 * force the long way to 3,2 (5 to 2,3 diagonally past the tree's corner,
 * then 3 more); 3,1 is tall grass (2 + 2 + 1).
 */
static void
test_path_reach_by_hand(void **state)
{
	static const int want[3][4] = {
		{ 0, 2, 5, 7 },
		{ 2, -1, 8, -1 },
		{ 4, 5, 7, -1 },
	};
	struct test_path_world	w;
	int			cost[12], x, y;

	(void)state;
	test_path_load(&w, HEADER
	    "levels:\n"
	    "  - |\n"
	    "    +-+-+-+-+\n"
	    "    |. . \" .|\n"
	    "    + + +-+ +\n"
	    "    |. T . .|\n"
	    "    + + + + +\n"
	    "    |. . . .|\n"
	    "    +-+-+-+-+\n");
	path_reach(&w.f, &walker, SQ(1, 1, 1), 8, cost);
	for (y = 0; y < 3; y++)
		for (x = 0; x < 4; x++)
			assert_int_equal(cost[y * 4 + x], want[y][x]);
	/* Kneeling and encumbered: (base + 2) x 2, within 20. */
	path_reach(&w.f, &(struct mover){ 1, false, true, 2 }, SQ(1, 1, 1),
	    20, cost);
	for (y = 0; y < 3; y++)
		for (x = 0; x < 4; x++) {
			int base = want[y][x], e = base <= 0 ? base :
			    (base + 2) * 2;

			assert_int_equal(cost[y * 4 + x], e <= 20 ? e : -1);
		}
	/* No TUs: only the start. */
	path_reach(&w.f, &walker, SQ(1, 1, 1), 0, cost);
	assert_int_equal(cost[0], 0);
	for (x = 1; x < 12; x++)
		assert_int_equal(cost[x], PATH_UNREACHABLE);
	test_path_unload(&w);
}

/* --- random maps: A* = Dijkstra = brute force ------------------------- */

static int
test_path_pick(struct rng *r, const int *weights, int n)
{
	int	i, total = 0, roll;

	for (i = 0; i < n; i++)
		total += weights[i];
	roll = (int)rng_below(r, (uint32_t)total);
	for (i = 0; roll >= weights[i]; i++)
		roll -= weights[i];
	return i;
}

/* A square of m short of its last column and row, drawn from r. */
static struct pos
test_path_random_pos(struct rng *r, const struct map *m)
{
	struct pos	p;

	p.x = (int)rng_below(r, (uint32_t)m->width - 1);
	p.y = (int)rng_below(r, (uint32_t)m->height - 1);
	p.z = (int)rng_below(r, (uint32_t)m->levels);
	return p;
}

/*
 * Three levels of everything movement cares about: uneven floors, holes,
 * elevators, objects of all three kinds, walls, windows, fences, doors
 * closed and open, stairs beside and stacked, units and prone bodies.
 * Sparse maps leave room for 2x2 units and add what they need to change
 * level: a 2x2 elevator shaft and a ramp two squares wide.
 */
static struct map *
test_path_random_map(struct rng *r, struct field *f, bool sparse)
{
	static const int ground[] = { 14, 3, 3 };
	static const int ground_kind[] = { FLOOR_GRASS, FLOOR_TALL_GRASS,
	    FLOOR_RUBBLE };
	static const int upper[] = { 8, 9, 2, 1 };
	static const int upper_kind[] = { FLOOR_NONE, FLOOR_BUILDING,
	    FLOOR_ELEVATOR, FLOOR_RUBBLE };
	static const int dense_edges[] = { 70, 12, 3, 3, 6, 6 };
	static const int sparse_edges[] = { 200, 4, 1, 1, 4, 2 };
	static const struct object_type rug = { "rug", false, true,
	    STRENGTH_NORMAL, false };
	const int	*edges = sparse ? sparse_edges : dense_edges;
	int		 objects = sparse ? 3 : 12, units = sparse ? 1 : 4;
	struct map	*m = map_new(9, 8, 3);
	size_t		 i, nsq = 9 * 8 * 3, nv = 10 * 8 * 3, nh = 9 * 9 * 3;
	int		 tree, crate, rugi, x, y, z;

	for (i = 0; i < object_nbuiltins; i++)
		map_add_object(m, &object_builtins[i]);
	rugi = map_add_object(m, &rug);
	tree = map_find_object(m, "tree");
	crate = map_find_object(m, "crate");
	for (i = 0; i < nsq; i++) {
		struct square *sq = &m->squares[i];
		int o = (int)rng_below(r, 100);

		sq->floor = (uint8_t)(i < 72 ?
		    ground_kind[test_path_pick(r, ground, 3)] :
		    upper_kind[test_path_pick(r, upper, 4)]);
		if (sq->floor != FLOOR_NONE && o < objects)
			sq->object = (int16_t)(o % 3 == 0 ? tree : o % 3 == 1 ?
			    crate : rugi);
	}
	for (i = 0; i < nv + nh; i++) {
		struct edge *e = i < nv ? &m->vedges[i] : &m->hedges[i - nv];
		int k = test_path_pick(r, edges, 6);

		e->kind = (uint8_t)(k == 5 ? EDGE_DOOR : k);
		if (k == 5)
			e->flags = EDGE_OPENED;
	}
	for (i = 0; i < 10; i++) {
		struct map_link l;

		l.lower.x = 1 + (int)rng_below(r, 7);
		l.lower.y = 1 + (int)rng_below(r, 6);
		l.lower.z = (int)rng_below(r, 2);
		l.upper.x = l.lower.x + (int)rng_below(r, 3) - 1;
		l.upper.y = l.lower.y + (int)rng_below(r, 3) - 1;
		l.upper.z = l.lower.z + 1;
		l.ramp = false;
		map_square(m, l.lower)->floor = FLOOR_BUILDING;
		map_square(m, l.upper)->floor = FLOOR_BUILDING;
		m->links = xreallocarray(m->links, m->nlinks + 1,
		    sizeof *m->links);
		m->links[m->nlinks++] = l;
	}
	field_init(f, m);
	for (i = 0; i < nsq; i++) {
		int u = (int)rng_below(r, 100);

		f->flags[i] = u < units ? FIELD_UNIT : u < 2 * units ?
		    FIELD_PRONE : 0;
	}
	if (!sparse)
		return m;
	/* Elevators on 6..7 x 5..6 up all levels, clear of edges and units. */
	for (z = 0; z < 3; z++)
		for (y = 4; y < 6; y++)
			for (x = 5; x < 7; x++) {
				struct pos p = { x, y, z };

				map_square(m, p)->floor = (uint8_t)(z == 0 ?
				    FLOOR_GRASS : FLOOR_ELEVATOR);
				map_square(m, p)->object = OBJECT_NONE;
				*field_at(f, p) = 0;
				if (x == 5)
					map_edge(m, p, DIR_E)->kind = EDGE_OPEN;
				if (y == 4)
					map_edge(m, p, DIR_S)->kind = EDGE_OPEN;
			}
	/* A ramp two wide: 2..3 x 3 on level 1 up to 2..3 x 2 on level 2. */
	for (x = 1; x < 3; x++) {
		struct map_link l = { { x, 2, 0 }, { x, 1, 1 }, true };

		map_square(m, l.lower)->floor = FLOOR_GRASS;
		map_square(m, l.upper)->floor = FLOOR_BUILDING;
		map_square(m, l.lower)->object = OBJECT_NONE;
		map_square(m, l.upper)->object = OBJECT_NONE;
		m->links = xreallocarray(m->links, m->nlinks + 1,
		    sizeof *m->links);
		m->links[m->nlinks++] = l;
	}
	return m;
}

/*
 * Bellman-Ford over path_step_cost(): the slow, obvious answer that the
 * searches must reproduce exactly.
 */
static void
test_path_brute(const struct field *f, const struct mover *mv,
    struct pos from, int *dist)
{
	const struct map	*m = f->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i;
	bool			 changed = true;

	for (i = 0; i < n; i++)
		dist[i] = -1;
	dist[((size_t)from.z * m->height + from.y) * m->width + from.x] = 0;
	while (changed) {
		changed = false;
		for (i = 0; i < n; i++) {
			struct pos p = { (int)(i % m->width),
			    (int)(i / m->width % m->height),
			    (int)(i / m->width / m->height) };
			int dx, dy, dz;

			if (dist[i] < 0)
				continue;
			for (dz = -1; dz <= 1; dz++)
				for (dy = -1; dy <= 1; dy++)
					for (dx = -1; dx <= 1; dx++) {
						struct pos q = { p.x + dx,
						    p.y + dy, p.z + dz };
						int c = path_step_cost(f, mv,
						    p, q, NULL);
						size_t j;

						if (c < 0)
							continue;
						j = ((size_t)q.z * m->height +
						    q.y) * m->width + q.x;
						if (dist[j] < 0 ||
						    dist[i] + c < dist[j]) {
							dist[j] = dist[i] + c;
							changed = true;
						}
					}
		}
	}
}

/* Every step of a path is one legal step and the costs add up. */
static void
test_path_check_steps(const struct field *f, const struct mover *mv,
    struct pos from, const struct path *p)
{
	struct mover	standing = *mv;
	struct pos	at = from;
	size_t		i;
	int		tu = 0;

	for (i = 0; i < p->n; i++) {
		bool door;
		int c = path_step_cost(f, &standing, at, p->steps[i].pos,
		    &door);

		assert_true(c > 0);
		tu += c;
		assert_int_equal(p->steps[i].tu, tu);
		assert_int_equal(p->steps[i].opens_door, door);
		standing.kneeling = false;	/* stood up for the first */
		at = p->steps[i].pos;
	}
	assert_int_equal(tu, p->tu);
}

static void
test_path_random_one(const struct field *f, const struct mover *mv,
    struct rng *r)
{
	const struct map	*m = f->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	int			*brute, *reach, *part;
	struct mover		 base = *mv;
	struct pos		 from;
	size_t			 i;
	int			 stand = mv->kneeling ? 2 : 0, limit = 24;

	brute = xreallocarray(NULL, n, sizeof *brute);
	reach = xreallocarray(NULL, n, sizeof *reach);
	part = xreallocarray(NULL, n, sizeof *part);
	from.x = (int)rng_below(r, (uint32_t)(m->width - mv->size + 1));
	from.y = (int)rng_below(r, (uint32_t)(m->height - mv->size + 1));
	from.z = 0;
	base.kneeling = false;
	base.multiplier = 1;
	test_path_brute(f, &base, from, brute);
	path_reach(f, mv, from, BIG_TU, reach);
	path_reach(f, mv, from, limit, part);
	for (i = 0; i < n; i++) {
		int want = brute[i] <= 0 ? brute[i] :
		    (brute[i] + stand) * mv->multiplier;
		struct pos to = { (int)(i % m->width),
		    (int)(i / m->width % m->height),
		    (int)(i / m->width / m->height) };
		struct path p;
		int tu;

		assert_int_equal(reach[i], want);
		assert_int_equal(part[i], want <= limit ? want : -1);
		tu = path_find(f, mv, from, to, BIG_TU, &p);
		assert_int_equal(tu, want);
		if (tu > 0) {
			test_path_check_steps(f, mv, from, &p);
			path_free(&p);
			/* Exactly enough TUs, then one short. */
			assert_int_equal(path_find(f, mv, from, to, tu, &p),
			    tu);
			path_free(&p);
			assert_int_equal(path_find(f, mv, from, to, tu - 1,
			    &p), PATH_UNREACHABLE);
		}
		path_free(&p);
	}
	free(brute);
	free(reach);
	free(part);
}

/*
 * A* (path_find), Dijkstra (path_reach) and brute force agree to the TU on
 * random maps, for walkers, flyers, 2x2 units, kneeling and encumbered.
 */
static void
test_path_random_maps_agree(void **state)
{
	static const struct mover movers[] = {
		{ 1, false, false, 1 },
		{ 1, true, false, 1 },
		{ 2, false, false, 1 },
		{ 2, true, false, 1 },
		{ 1, false, true, 2 },
	};
	struct rng	r;
	int		seed;
	size_t		k;

	(void)state;
	for (seed = 1; seed <= 12; seed++) {
		struct field	 f;
		struct map	*m;
		bool		 sparse = seed > 6;

		rng_seed(&r, (uint64_t)seed, RNG_STREAM_RULES);
		m = test_path_random_map(&r, &f, sparse);
		for (k = 0; k < XTAC_NITEMS(movers); k++)
			test_path_random_one(&f, &movers[k], &r);
		field_free(&f);
		map_free(m);
	}
}

/*
 * A scratch kept between calls (path_find_with, path_reach_with) gives
 * exactly the plain calls' paths and costs, whatever came before it:
 * searches that failed, reachable sets, other movers and other maps.
 */
static void
test_path_scratch_same(void **state)
{
	static const struct mover movers[] = {
		{ 1, false, false, 1 },
		{ 2, false, false, 1 },
		{ 1, true, true, 2 },
	};
	struct path_scratch	 sc;
	struct rng		 r;
	struct field		 f;
	struct map		*m;
	struct path		 a, b;
	struct pos		 from, to;
	int			*x, *y, seed, k, ta, tb;
	size_t			 n, i, j;

	(void)state;
	path_scratch_init(&sc);
	for (seed = 20; seed <= 25; seed++) {
		rng_seed(&r, (uint64_t)seed, RNG_STREAM_RULES);
		m = test_path_random_map(&r, &f, seed % 2 == 0);
		n = (size_t)m->width * m->height * m->levels;
		x = malloc(n * sizeof *x);
		y = malloc(n * sizeof *y);
		for (k = 0; k < 60; k++) {
			const struct mover *mv = &movers[k % 3];

			from = test_path_random_pos(&r, m);
			to = test_path_random_pos(&r, m);
			ta = path_find(&f, mv, from, to, BIG_TU, &a);
			tb = path_find_with(&sc, &f, mv, NULL, from, to,
			    BIG_TU, &b);
			assert_int_equal(ta, tb);
			assert_int_equal(a.n, b.n);
			for (j = 0; j < a.n; j++) {
				assert_memory_equal(&a.steps[j].pos,
				    &b.steps[j].pos, sizeof a.steps[j].pos);
				assert_int_equal(a.steps[j].tu, b.steps[j].tu);
				assert_int_equal(a.steps[j].opens_door,
				    b.steps[j].opens_door);
			}
			path_free(&a);
			path_free(&b);
			if (k % 4 != 0)
				continue;
			path_reach(&f, mv, from, 20 + k, x);
			path_reach_with(&sc, &f, mv, NULL, from, 20 + k, y);
			for (i = 0; i < n; i++)
				assert_int_equal(x[i], y[i]);
		}
		free(x);
		free(y);
		field_free(&f);
		map_free(m);
	}
	path_scratch_free(&sc);
}

/*
 * Kept step words (path_moves, what the game keeps for its map): searches
 * that read them give exactly what searches reading the map give, for
 * walkers (kneeling, slowed, named own squares) and for movers that do not
 * use them; and after random changes to floors, objects, walls and doors,
 * each followed by path_moves_touch of the squares beside it, the words
 * equal words built afresh (path_moves_check).  The scratch keeps its cost
 * arrays (keep_cost): reachable sets into the same array, or into another
 * now and then, are those of a fresh search.
 */
static void
test_path_moves_same(void **state)
{
	static const struct mover movers[] = {
		{ 1, false, false, 1 },
		{ 1, false, true, 2 },
		{ 1, true, false, 1 },
		{ 2, false, false, 1 },
	};
	static const int floors[] = { FLOOR_NONE, FLOOR_GRASS,
	    FLOOR_RUBBLE, FLOOR_ELEVATOR };
	struct path_scratch	 sc;
	struct path_moves	 pm;
	struct rng		 r;
	struct field		 f;
	struct map		*m;
	struct path		 a, b;
	struct pos		 from, to, p;
	int			*x, *y, *y2, seed, k, e, ta, tb;
	size_t			 n, i, j;

	(void)state;
	path_scratch_init(&sc);
	sc.keep_cost = true;
	for (seed = 30; seed <= 37; seed++) {
		rng_seed(&r, (uint64_t)seed, RNG_STREAM_RULES);
		m = test_path_random_map(&r, &f, seed % 2 == 0);
		n = (size_t)m->width * m->height * m->levels;
		x = malloc(n * sizeof *x);
		y = malloc(n * sizeof *y);
		y2 = malloc(n * sizeof *y2);
		path_moves_init(&pm, m);
		sc.moves = &pm;
		assert_true(path_moves_check(&pm));
		for (k = 0; k < 80; k++) {
			const struct mover *mv = &movers[k % 4];

			from = test_path_random_pos(&r, m);
			to = test_path_random_pos(&r, m);
			ta = path_find(&f, mv, from, to, BIG_TU, &a);
			tb = path_find_with(&sc, &f, mv, k % 3 == 0 ? &from :
			    NULL, from, to, BIG_TU, &b);
			if (k % 3 != 0 || !(*field_at(&f, from) & FIELD_UNIT)) {
				assert_int_equal(ta, tb);
				assert_int_equal(a.n, b.n);
				for (j = 0; j < a.n; j++) {
					assert_memory_equal(&a.steps[j].pos,
					    &b.steps[j].pos,
					    sizeof a.steps[j].pos);
					assert_int_equal(a.steps[j].tu,
					    b.steps[j].tu);
					assert_int_equal(a.steps[j].opens_door,
					    b.steps[j].opens_door);
				}
			}
			path_free(&a);
			path_free(&b);
			path_reach(&f, mv, from, 10 + k, x);
			path_reach_with(&sc, &f, mv, NULL, from, 10 + k,
			    k % 5 == 4 ? y2 : y);
			for (i = 0; i < n; i++)
				assert_int_equal(x[i], k % 5 == 4 ? y2[i] :
				    y[i]);
			/* A change to the map, told to the words. */
			p.x = (int)rng_below(&r, (uint32_t)m->width);
			p.y = (int)rng_below(&r, (uint32_t)m->height);
			p.z = (int)rng_below(&r, (uint32_t)m->levels);
			e = (int)rng_below(&r, 4);
			if (e == 0)
				map_square(m, p)->floor = (uint8_t)floors[
				    rng_below(&r, XTAC_NITEMS(floors))];
			else if (e == 1)
				map_square(m, p)->object = (int16_t)(
				    map_square(m, p)->object == OBJECT_NONE ?
				    map_find_object(m, "crate") : OBJECT_NONE);
			else {
				enum dir side = (enum dir)(2 *
				    rng_below(&r, 4));
				struct edge *ed = map_edge(m, p, side);

				ed->kind = (uint8_t)(e == 2 ? EDGE_DOOR :
				    rng_below(&r, 2) ? EDGE_WALL : EDGE_OPEN);
				ed->flags = (uint8_t)(rng_below(&r, 2) ?
				    EDGE_OPENED : 0);
				path_moves_touch(&pm, (struct pos){ p.x +
				    dir_dx[side], p.y + dir_dy[side], p.z });
			}
			path_moves_touch(&pm, p);
			assert_true(path_moves_check(&pm));
		}
		path_moves_free(&pm);
		sc.moves = NULL;
		sc.last_cost = NULL;	/* y and y2 go */
		free(x);
		free(y);
		free(y2);
		field_free(&f);
		map_free(m);
	}
	path_scratch_free(&sc);
}

/*
 * Terrain components (path.h): through random changes to the map (doors
 * opened and shut most often, walls, floors and objects too), the kept
 * forest parts the squares as one built afresh does (path_moves_check),
 * and a 1x1 walker's search over the words, which gives up at once on a
 * goal in another component, finds what the plain search finds.  Some
 * goals must lie in other components, or nothing was tried.
 */
static size_t
path_test_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

static void
test_path_components(void **state)
{
	static const struct mover movers[] = {
		{ 1, false, false, 1 },
		{ 1, false, true, 2 },
	};
	struct path_scratch	 sc;
	struct path_moves	 pm;
	struct rng		 r;
	struct field		 f;
	struct map		*m;
	struct path		 a, b;
	struct pos		 from, to, p;
	int			 seed, k, e, q, ta, tb, apart = 0, none = 0;
	size_t			 j;

	(void)state;
	path_scratch_init(&sc);
	for (seed = 60; seed <= 75; seed++) {
		rng_seed(&r, (uint64_t)seed, RNG_STREAM_RULES);
		m = test_path_random_map(&r, &f, seed % 2 == 0);
		path_moves_init(&pm, m);
		sc.moves = &pm;
		for (k = 0; k < 120; k++) {
			/* A change, told to the words. */
			p.x = (int)rng_below(&r, (uint32_t)m->width);
			p.y = (int)rng_below(&r, (uint32_t)m->height);
			p.z = (int)rng_below(&r, (uint32_t)m->levels);
			e = (int)rng_below(&r, 10);
			if (e == 0)
				map_square(m, p)->floor = (uint8_t)(
				    rng_below(&r, 2) ? FLOOR_NONE :
				    FLOOR_GRASS);
			else if (e == 1)
				map_square(m, p)->object = (int16_t)(
				    map_square(m, p)->object == OBJECT_NONE ?
				    map_find_object(m, "tree") : OBJECT_NONE);
			else {
				enum dir side = (enum dir)(2 *
				    rng_below(&r, 4));
				struct edge *ed = map_edge(m, p, side);

				if (e == 2)
					ed->kind = (uint8_t)(ed->kind ==
					    EDGE_OPEN ? EDGE_WALL : EDGE_OPEN);
				else {
					ed->kind = EDGE_DOOR;
					ed->flags ^= EDGE_OPENED;
				}
				path_moves_touch(&pm, (struct pos){ p.x +
				    dir_dx[side], p.y + dir_dy[side], p.z });
			}
			path_moves_touch(&pm, p);
			assert_true(path_moves_check(&pm));
			for (q = 0; q < 6; q++) {
				const struct mover *mv = &movers[q % 2];

				from.x = (int)rng_below(&r,
				    (uint32_t)m->width);
				from.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				from.z = (int)rng_below(&r,
				    (uint32_t)m->levels);
				to.x = (int)rng_below(&r, (uint32_t)m->width);
				to.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				to.z = (int)rng_below(&r,
				    (uint32_t)m->levels);
				ta = path_find(&f, mv, from, to, BIG_TU, &a);
				tb = path_find_with(&sc, &f, mv, &from, from,
				    to, BIG_TU, &b);
				if (*field_at(&f, from) & FIELD_UNIT) {
					/* Its own square: the plain search
					 * is told nothing of it. */
					path_free(&a);
					path_free(&b);
					continue;
				}
				assert_int_equal(ta, tb);
				assert_int_equal(a.n, b.n);
				for (j = 0; j < a.n; j++) {
					assert_memory_equal(&a.steps[j].pos,
					    &b.steps[j].pos,
					    sizeof a.steps[j].pos);
					assert_int_equal(a.steps[j].opens_door,
					    b.steps[j].opens_door);
				}
				none += ta < 0;
				apart += !path_moves_joined(&pm,
				    path_test_index(m, from),
				    path_test_index(m, to));
				path_free(&a);
				path_free(&b);
			}
		}
		path_moves_free(&pm);
		sc.moves = NULL;
		field_free(&f);
		map_free(m);
	}
	path_scratch_free(&sc);
	assert_true(apart > 100);
	assert_true(none > apart);
}

/* --- determinism --------------------------------------------------------- */

static void
test_path_same_twice(const struct field *f, const struct mover *mv,
    struct pos from, struct pos to)
{
	struct path	a, b;
	size_t		i;

	assert_int_equal(path_find(f, mv, from, to, BIG_TU, &a),
	    path_find(f, mv, from, to, BIG_TU, &b));
	assert_int_equal(a.n, b.n);
	for (i = 0; i < a.n; i++) {
		assert_int_equal(a.steps[i].pos.x, b.steps[i].pos.x);
		assert_int_equal(a.steps[i].pos.y, b.steps[i].pos.y);
		assert_int_equal(a.steps[i].pos.z, b.steps[i].pos.z);
		assert_int_equal(a.steps[i].tu, b.steps[i].tu);
	}
	path_free(&a);
	path_free(&b);
}

/*
 * Open ground offers many equally cheap paths; the same inputs must pick
 * the same one every time (replays depend on it), and the one recorded
 * here: ties go to the square nearer the goal, then the lower index.
 */
static void
test_path_deterministic(void **state)
{
	struct test_path_world	 w;
	struct path		 p;
	struct rng		 r;
	struct field		 f;
	struct map		*m;

	(void)state;
	test_path_load(&w, meadow);
	test_path_same_twice(&w.f, &walker, SQ(1, 1, 1), SQ(4, 3, 1));
	/* 4 + 3 + 2, where 3 + 3 + 3 by 2,1 and 3,2 would do as well. */
	assert_int_equal(path_find(&w.f, &walker, SQ(1, 1, 1), SQ(4, 3, 1),
	    BIG_TU, &p), 9);
	assert_int_equal(p.n, 3);
	assert_true(p.steps[0].pos.x == 1 && p.steps[0].pos.y == 1);
	assert_true(p.steps[1].pos.x == 2 && p.steps[1].pos.y == 2);
	assert_true(p.steps[2].pos.x == 3 && p.steps[2].pos.y == 2);
	path_free(&p);
	test_path_unload(&w);
	rng_seed(&r, 99, RNG_STREAM_RULES);
	m = test_path_random_map(&r, &f, false);
	test_path_same_twice(&f, &walker, SQ(1, 1, 1), SQ(9, 8, 1));
	test_path_same_twice(&f, &flying_tank, SQ(1, 1, 1), SQ(8, 7, 3));
	field_free(&f);
	map_free(m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_straight_diagonal_uneven),
		cmocka_unit_test(test_path_kneeling),
		cmocka_unit_test(test_path_encumbered),
		cmocka_unit_test(test_path_two_leg_criticals),
		cmocka_unit_test(test_path_wall_window_fence),
		cmocka_unit_test(test_path_diagonal_corner),
		cmocka_unit_test(test_path_doors),
		cmocka_unit_test(test_path_objects_and_units),
		cmocka_unit_test(test_path_own_squares),
		cmocka_unit_test(test_path_scratch_same),
		cmocka_unit_test(test_path_moves_same),
		cmocka_unit_test(test_path_components),
		cmocka_unit_test(test_path_stairs),
		cmocka_unit_test(test_path_elevator),
		cmocka_unit_test(test_path_flight),
		cmocka_unit_test(test_path_hover_limit),
		cmocka_unit_test(test_path_tank_gaps),
		cmocka_unit_test(test_path_tank_straddle),
		cmocka_unit_test(test_path_tank_door),
		cmocka_unit_test(test_path_tank_floor),
		cmocka_unit_test(test_path_reach_by_hand),
		cmocka_unit_test(test_path_random_maps_agree),
		cmocka_unit_test(test_path_deterministic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
