/*
 * test_sight.c - lines of sight (sight.h) at the rule level: the rulebook's
 * §4.2 (floors, walls, windows, objects), §4.3 (line of sight, the roof
 * edge), §6.1 (obstructions, four block), RULINGS §4 (doors, solid and low
 * objects, elevators), §4.3 (geometric sight from the eye) and §7.4 (smoke,
 * a day flare's glare); the corner rule sight-line.c documents.
 * test_sight_random.c checks the same code on random maps.
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
#include "xtac/sight.h"

#define HEADER "xtac-map: 1\nname: Test\n"
#define CRATE "legend:\n  squares:\n    'c': {floor: grass, object: crate}\n"

#define STAND	SIGHT_EYE_STANDING
#define KNEEL	SIGHT_EYE_KNEELING
#define CENTRE	SIGHT_CENTRE

/* A map built from YAML text and an empty field over it. */
struct test_sight {
	struct diags	 d;
	struct scenario	*s;
	struct field	 f;
};

static void
test_sight_load(struct test_sight *t, const char *yaml)
{
	t->s = fixture_parse(yaml, &t->d);
	if (t->s == NULL)
		fixture_dump(&t->d);
	assert_non_null(t->s);
	field_init(&t->f, t->s->map);
}

static void
test_sight_free(struct test_sight *t)
{
	field_free(&t->f);
	scenario_free(t->s);
	diags_free(&t->d);
}

static struct pos
P(int x, int y, int z)
{
	return (struct pos){ x, y, z };
}

static struct sight_result
test_sight_line(const struct test_sight *t, struct pos from, int eye,
    struct pos to, int target)
{
	struct sight_result	r;
	bool			v;

	memset(&r, 0xa5, sizeof r);
	v = sight_line(&t->f, from, eye, to, target, &r);
	assert_int_equal(v, r.visible);
	return r;
}

static void
test_sight_assert_clear(const struct test_sight *t, struct pos from, int eye,
    struct pos to, int target, int obstructions)
{
	struct sight_result	r;

	r = test_sight_line(t, from, eye, to, target);
	assert_true(r.visible);
	assert_int_equal(r.blocked_by, SIGHT_CLEAR);
	assert_int_equal(r.obstructions, obstructions);
}

static void
test_sight_assert_blocked(const struct test_sight *t, struct pos from,
    int eye, struct pos to, int target, enum sight_block why, struct pos at)
{
	struct sight_result	r;

	r = test_sight_line(t, from, eye, to, target);
	assert_false(r.visible);
	assert_string_equal(sight_block_names[r.blocked_by],
	    sight_block_names[why]);
	assert_int_equal(r.block_at.x, at.x);
	assert_int_equal(r.block_at.y, at.y);
	assert_int_equal(r.block_at.z, at.z);
}

/* A strip of five grass squares with `edge` between squares 2 and 3. */
static void
test_sight_strip(struct test_sight *t, char edge)
{
	char	yaml[256];

	snprintf(yaml, sizeof yaml, HEADER "levels:\n"
	    "  - |\n"
	    "    + + + + + +\n"
	    "     . .%c. . .\n"
	    "    + + + + + +\n", edge);
	test_sight_load(t, yaml);
}

/* §4.3: nothing in the way, nothing to count. */
static void
test_sight_open_ground(void **state)
{
	struct test_sight	t;
	struct sight_result	r;

	(void)state;
	test_sight_strip(&t, ' ');
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 0);
	test_sight_assert_clear(&t, P(4, 0, 0), KNEEL, P(0, 0, 0), CENTRE, 0);
	/* The viewer's own square: seen, nothing counted. */
	r = test_sight_line(&t, P(2, 0, 0), STAND, P(2, 0, 0), CENTRE);
	assert_true(r.visible);
	assert_int_equal(r.obstructions, 0);
	assert_int_equal(r.blocked_by, SIGHT_CLEAR);
	test_sight_free(&t);
}

/* §4.2, §4.3: a wall stops sight; where and on which edge is reported. */
static void
test_sight_wall_blocks(void **state)
{
	struct test_sight	t;
	struct sight_result	r;

	(void)state;
	test_sight_strip(&t, '|');
	r = test_sight_line(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE);
	assert_false(r.visible);
	assert_int_equal(r.blocked_by, SIGHT_WALL);
	assert_int_equal(r.block_at.x, 1);
	assert_int_equal(r.block_side, DIR_E);
	r = test_sight_line(&t, P(3, 0, 0), STAND, P(0, 0, 0), CENTRE);
	assert_int_equal(r.blocked_by, SIGHT_WALL);
	assert_int_equal(r.block_at.x, 2);
	assert_int_equal(r.block_side, DIR_W);
	/* Both sides of the wall see each other's squares up to it. */
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(1, 0, 0), CENTRE, 0);
	test_sight_free(&t);
}

/* §4.2 "except those with windows", §6.1, RULINGS §4: windows, fences. */
static void
test_sight_window_and_fence(void **state)
{
	struct test_sight	t;

	(void)state;
	test_sight_strip(&t, ':');
	assert_int_equal(map_edge(t.s->map, P(1, 0, 0), DIR_E)->kind,
	    EDGE_WINDOW);
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 0);
	test_sight_free(&t);
	test_sight_strip(&t, 'x');
	assert_int_equal(map_edge(t.s->map, P(1, 0, 0), DIR_E)->kind,
	    EDGE_FENCE);
	test_sight_assert_clear(&t, P(4, 0, 0), STAND, P(0, 0, 0), CENTRE, 0);
	test_sight_free(&t);
}

/* §4.2 "Doors behave just like walls", RULINGS §4: until opened. */
static void
test_sight_door(void **state)
{
	struct test_sight	t;
	struct edge		*door;

	(void)state;
	test_sight_strip(&t, '/');
	door = map_edge(t.s->map, P(1, 0, 0), DIR_E);
	assert_int_equal(door->kind, EDGE_DOOR);
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE,
	    SIGHT_WALL, P(1, 0, 0));
	door->flags |= EDGE_OPENED;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 0);
	test_sight_free(&t);
}

/* RULINGS §4: solid objects block, low ones are one obstruction. */
static void
test_sight_objects(void **state)
{
	struct test_sight	t;

	(void)state;
	test_sight_load(&t, HEADER CRATE "levels:\n"
	    "  - |\n"
	    "    + + + + + +\n"
	    "     . T . c .\n"
	    "    + + + + + +\n");
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE,
	    SIGHT_OBJECT, P(1, 0, 0));
	/* A tree is seen (end squares never block), so is what is past it. */
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(1, 0, 0), CENTRE, 0);
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(2, 0, 0), CENTRE,
	    SIGHT_OBJECT, P(1, 0, 0));
	test_sight_assert_clear(&t, P(2, 0, 0), STAND, P(4, 0, 0), CENTRE, 1);
	test_sight_assert_clear(&t, P(4, 0, 0), STAND, P(2, 0, 0), CENTRE, 1);
	/* The crate's own square: not counted, at either end. */
	test_sight_assert_clear(&t, P(2, 0, 0), STAND, P(3, 0, 0), CENTRE, 0);
	test_sight_assert_clear(&t, P(3, 0, 0), STAND, P(4, 0, 0), CENTRE, 0);
	test_sight_free(&t);
}

/* §6.1 "Non-target units ... are counted as obstacles"; prone ones not. */
static void
test_sight_units_obstruct(void **state)
{
	struct test_sight	t;

	(void)state;
	test_sight_strip(&t, ' ');
	*field_at(&t.f, P(0, 0, 0)) |= FIELD_UNIT;	/* the viewer */
	*field_at(&t.f, P(4, 0, 0)) |= FIELD_UNIT;	/* the target */
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 0);
	*field_at(&t.f, P(2, 0, 0)) |= FIELD_UNIT;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 1);
	*field_at(&t.f, P(3, 0, 0)) |= FIELD_PRONE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 1);
	/* A square counts once, whatever it holds. */
	*field_at(&t.f, P(2, 0, 0)) |= FIELD_SMOKE | FIELD_GLARE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 1);
	test_sight_free(&t);
}

/* §6.1 "Four squares of obstruction block line-of-sight completely". */
static void
test_sight_four_obstructions_block(void **state)
{
	struct test_sight	t;
	struct sight_result	r;
	int			x;

	(void)state;
	test_sight_load(&t, HEADER CRATE "levels:\n"
	    "  - |\n"
	    "    + + + + + + + +\n"
	    "     . . . . c . .\n"
	    "    + + + + + + + +\n");
	for (x = 1; x <= 3; x++)
		*field_at(&t.f, P(x, 0, 0)) |= FIELD_UNIT;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 3);
	r = test_sight_line(&t, P(0, 0, 0), STAND, P(5, 0, 0), CENTRE);
	assert_false(r.visible);
	assert_int_equal(r.blocked_by, SIGHT_OBSTRUCTED);
	assert_int_equal(r.obstructions, 4);
	assert_int_equal(r.block_at.x, 4);	/* the crate, 4th */
	/* Kneeling changes nothing on the flat. */
	r = test_sight_line(&t, P(0, 0, 0), KNEEL, P(6, 0, 0), CENTRE);
	assert_int_equal(r.blocked_by, SIGHT_OBSTRUCTED);
	test_sight_free(&t);
}

/* RULINGS §7.4: smoke and a day flare's glare obstruct; fire alone not. */
static void
test_sight_smoke_counts(void **state)
{
	struct test_sight	t;

	(void)state;
	test_sight_strip(&t, ' ');
	*field_at(&t.f, P(1, 0, 0)) |= FIELD_SMOKE;
	*field_at(&t.f, P(2, 0, 0)) |= FIELD_GLARE;
	*field_at(&t.f, P(3, 0, 0)) |= FIELD_FIRE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 2);
	*field_at(&t.f, P(3, 0, 0)) |= FIELD_SMOKE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(4, 0, 0), CENTRE, 3);
	test_sight_free(&t);
}

/*
 * §4.2 "All floors except elevators block line of sight", RULINGS §4
 * "Elevators and holes are floors that do not block vertical sight".
 */
static void
test_sight_floors(void **state)
{
	struct test_sight	t;
	struct sight_result	r;

	(void)state;
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "  - |\n"
	    "    + + + +\n"
	    "     _ e\n"
	    "    + + + +\n");
	/* Straight up through a building floor, an elevator, open air. */
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(0, 0, 1), CENTRE,
	    SIGHT_FLOOR, P(0, 0, 0));
	r = test_sight_line(&t, P(0, 0, 0), STAND, P(0, 0, 1), CENTRE);
	assert_int_equal(r.block_side, DIR_COUNT);	/* no edge */
	test_sight_assert_blocked(&t, P(0, 0, 1), STAND, P(0, 0, 0), CENTRE,
	    SIGHT_FLOOR, P(0, 0, 1));
	test_sight_assert_clear(&t, P(1, 0, 0), STAND, P(1, 0, 1), CENTRE, 0);
	test_sight_assert_clear(&t, P(1, 0, 1), STAND, P(1, 0, 0), CENTRE, 0);
	test_sight_assert_clear(&t, P(2, 0, 0), KNEEL, P(2, 0, 1), CENTRE, 0);
	/* The ground is a floor too: nothing below it but the map's end. */
	test_sight_assert_blocked(&t, P(2, 0, 1), STAND, P(2, 0, -1), CENTRE,
	    SIGHT_FLOOR, P(2, 0, 0));
	/* Up past the top level leaves the map. */
	test_sight_assert_blocked(&t, P(2, 0, 0), STAND, P(2, 0, 3), CENTRE,
	    SIGHT_OFF_MAP, P(2, 0, 1));
	test_sight_free(&t);
}

/*
 * §4.3 "If they are more than three tiles from the edge, then in general
 * they can not be seen", RULINGS §4.3: no special case, geometry does it.
 * A one-storey building fills x 12..18 with its roof on level 2; on row 0
 * it is walled, on row 1 its west side is open (a shelter).  From x 10, a
 * square from the edge, the standing eye (0.8 up) rises through the roof
 * plane 2/7 of the way to a target 1.5 up: before the edge for targets up
 * to x 15 (3 in from the edge), past it from x 16 on, where the wall under
 * the edge stops the line or, with no wall, the roof's floor does.
 */
static void
test_sight_roof_edge(void **state)
{
	struct test_sight	t;
	int			x, y;

	(void)state;
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + + + + + + + + + + + +-+-+-+-+-+-+-+ +\n"
	    "     . . . . . . . . . . . .|_ _ _ _ _ _ _|.\n"
	    "    + + + + + + + + + + + + + + + + + + + + +\n"
	    "     . . . . . . . . . . . . _ _ _ _ _ _ _|.\n"
	    "    + + + + + + + + + + + + +-+-+-+-+-+-+-+ +\n"
	    "  - |\n"
	    "    + + + + + + + + + + + + + + + + + + + + +\n"
	    "                             _ _ _ _ _ _ _\n"
	    "    + + + + + + + + + + + + + + + + + + + + +\n"
	    "                             _ _ _ _ _ _ _\n"
	    "    + + + + + + + + + + + + + + + + + + + + +\n");
	for (y = 0; y < 2; y++)
		for (x = 12; x <= 15; x++)
			test_sight_assert_clear(&t, P(10, y, 0), STAND,
			    P(x, y, 1), CENTRE, 0);
	for (x = 16; x <= 18; x++) {
		test_sight_assert_blocked(&t, P(10, 0, 0), STAND, P(x, 0, 1),
		    CENTRE, SIGHT_WALL, P(11, 0, 0));
		test_sight_assert_blocked(&t, P(10, 1, 0), STAND, P(x, 1, 1),
		    CENTRE, SIGHT_FLOOR, P(12, 1, 0));
	}
	/*
	 * Kneeling (0.5 up, through the plane half-way) it sees less: to x 13
	 * the line grazes the wall's top exactly where the roof begins, and
	 * the corner rule lets it pass over; x 14 is hidden.
	 */
	for (y = 0; y < 2; y++)
		for (x = 12; x <= 13; x++)
			test_sight_assert_clear(&t, P(10, y, 0), KNEEL,
			    P(x, y, 1), CENTRE, 0);
	test_sight_assert_blocked(&t, P(10, 0, 0), KNEEL, P(14, 0, 1), CENTRE,
	    SIGHT_WALL, P(11, 0, 0));
	test_sight_assert_blocked(&t, P(10, 1, 0), KNEEL, P(14, 1, 1), CENTRE,
	    SIGHT_FLOOR, P(12, 1, 0));
	/* Right under the wall only the edge square shows. */
	test_sight_assert_clear(&t, P(11, 0, 0), STAND, P(12, 0, 1), CENTRE,
	    0);
	test_sight_assert_blocked(&t, P(11, 0, 0), STAND, P(13, 0, 1), CENTRE,
	    SIGHT_WALL, P(11, 0, 0));
	/*
	 * Sight is geometric (RULINGS §4.3): from far off the line arrives
	 * nearly level and clears the edge even to the roof's middle.
	 */
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(17, 0, 1), CENTRE, 0);
	/* From the roof down past the edge it works the same way. */
	test_sight_assert_clear(&t, P(13, 0, 1), STAND, P(10, 0, 0), CENTRE,
	    0);
	test_sight_assert_blocked(&t, P(17, 0, 1), STAND, P(10, 0, 0), CENTRE,
	    SIGHT_FLOOR, P(13, 0, 1));
	/* Inside, the walls and the roof close everything off. */
	test_sight_assert_blocked(&t, P(14, 0, 0), STAND, P(10, 0, 0), CENTRE,
	    SIGHT_WALL, P(12, 0, 0));
	test_sight_assert_blocked(&t, P(14, 0, 0), STAND, P(14, 0, 1), CENTRE,
	    SIGHT_FLOOR, P(14, 0, 0));
	test_sight_free(&t);
}

/* A 3x3 field of grass with the given pictures' middle lines. */
static void
test_sight_square3(struct test_sight *t, const char *rows)
{
	char	yaml[512];

	snprintf(yaml, sizeof yaml, HEADER CRATE "levels:\n  - |\n%s", rows);
	test_sight_load(t, yaml);
}

/*
 * sight-line.c's corner rule: a line exactly through the corner of four squares
 * is blocked only if both orders (x then y, y then x) are.  (0,0) to (2,2)
 * passes the corners (1,1) and (2,2) of the grid.
 */
static void
test_sight_corner(void **state)
{
	struct test_sight	t;

	(void)state;
	/* One tree beside the corner: the line slips past on the other side. */
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     . T .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(2, 2, 0), CENTRE, 0);
	test_sight_assert_clear(&t, P(2, 2, 0), STAND, P(0, 0, 0), CENTRE, 0);
	test_sight_free(&t);
	/* Two diagonal trees close the gap. */
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     . T .\n"
	    "    + + + +\n"
	    "     T . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(2, 2, 0), CENTRE,
	    SIGHT_OBJECT, P(1, 0, 0));
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(1, 1, 0), CENTRE,
	    SIGHT_OBJECT, P(1, 0, 0));
	test_sight_free(&t);
	/* A crate on one side costs nothing; crates on both, one. */
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     . c .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(1, 1, 0), CENTRE, 0);
	*field_at(&t.f, P(0, 1, 0)) |= FIELD_SMOKE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(1, 1, 0), CENTRE, 1);
	test_sight_free(&t);
	/* One wall end at the corner: open.  An L of walls: closed. */
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     .|. .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(2, 2, 0), CENTRE, 0);
	test_sight_free(&t);
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     .|. .\n"
	    "    +-+ + +\n"
	    "     . . .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(2, 2, 0), CENTRE,
	    SIGHT_WALL, P(0, 0, 0));
	test_sight_assert_blocked(&t, P(2, 2, 0), STAND, P(0, 0, 0), CENTRE,
	    SIGHT_WALL, P(0, 1, 0));
	test_sight_free(&t);
	/* A straight wall whose two segments meet at the corner: closed. */
	test_sight_square3(&t,
	    "    + + + +\n"
	    "     .|. .\n"
	    "    + + + +\n"
	    "     .|. .\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n");
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(2, 2, 0), CENTRE,
	    SIGHT_WALL, P(0, 0, 0));
	test_sight_free(&t);
}

/*
 * The corner rule in general: (0,0) to (3,1) crosses x = 2 and y = 1 at
 * once, passing (2,0) or (1,1).  With smoke everywhere the line counts
 * (1,0), the better of (2,0) and (1,1), and (2,1); it takes the clear side.
 */
static void
test_sight_corner_takes_clear_side(void **state)
{
	struct test_sight	t;
	int			x, y;

	(void)state;
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n"
	    "     . . . .\n"
	    "    + + + + +\n");
	for (y = 0; y < 2; y++)
		for (x = 0; x < 4; x++)
			*field_at(&t.f, P(x, y, 0)) |= FIELD_SMOKE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(3, 1, 0), CENTRE, 3);
	*field_at(&t.f, P(1, 1, 0)) &= (uint8_t)~FIELD_SMOKE;
	test_sight_assert_clear(&t, P(0, 0, 0), STAND, P(3, 1, 0), CENTRE, 2);
	test_sight_assert_clear(&t, P(3, 1, 0), STAND, P(0, 0, 0), CENTRE, 2);
	test_sight_free(&t);
}

/*
 * The corner rule where a wall's top meets a floor: kneeling at (0,0) L1
 * (eye 0.5) to (1,0) L2 (centre 1.5) crosses x = 1 and the level plane at
 * the same point.  Blocked only if both "wall then floor of (1,0) L2" and
 * "floor of (0,0) L2 then wall on L2" are.
 */
static void
test_sight_corner_wall_top(void **state)
{
	struct test_sight	t;

	(void)state;
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     .|.\n"
	    "    + + +\n"
	    "  - |\n"
	    "    + + +\n"
	    "     _ e\n"
	    "    + + +\n");
	test_sight_assert_blocked(&t, P(0, 0, 0), KNEEL, P(1, 0, 1), CENTRE,
	    SIGHT_WALL, P(0, 0, 0));
	test_sight_free(&t);
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     .|.\n"
	    "    + + +\n"
	    "  - |\n"
	    "    + + +\n"
	    "       e\n"
	    "    + + +\n");
	test_sight_assert_clear(&t, P(0, 0, 0), KNEEL, P(1, 0, 1), CENTRE, 0);
	test_sight_free(&t);
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     . .\n"
	    "    + + +\n"
	    "  - |\n"
	    "    + + +\n"
	    "     _ e\n"
	    "    + + +\n");
	test_sight_assert_clear(&t, P(0, 0, 0), KNEEL, P(1, 0, 1), CENTRE, 0);
	test_sight_free(&t);
}

/* Leaving the map: through a side, and a wall on the border first. */
static void
test_sight_off_map(void **state)
{
	struct test_sight	t;
	struct sight_result	r;

	(void)state;
	test_sight_load(&t, HEADER "levels:\n"
	    "  - |\n"
	    "    + + + +\n"
	    "     . . .|\n"
	    "    + + + +\n");
	r = test_sight_line(&t, P(1, 0, 0), STAND, P(-3, 0, 0), CENTRE);
	assert_false(r.visible);
	assert_int_equal(r.blocked_by, SIGHT_OFF_MAP);
	assert_int_equal(r.block_at.x, 0);
	assert_int_equal(r.block_side, DIR_W);
	test_sight_assert_blocked(&t, P(1, 0, 0), STAND, P(1, 4, 0), CENTRE,
	    SIGHT_OFF_MAP, P(1, 0, 0));
	test_sight_assert_blocked(&t, P(0, 0, 0), STAND, P(5, 0, 0), CENTRE,
	    SIGHT_WALL, P(2, 0, 0));
	test_sight_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sight_open_ground),
		cmocka_unit_test(test_sight_wall_blocks),
		cmocka_unit_test(test_sight_window_and_fence),
		cmocka_unit_test(test_sight_door),
		cmocka_unit_test(test_sight_objects),
		cmocka_unit_test(test_sight_units_obstruct),
		cmocka_unit_test(test_sight_four_obstructions_block),
		cmocka_unit_test(test_sight_smoke_counts),
		cmocka_unit_test(test_sight_floors),
		cmocka_unit_test(test_sight_roof_edge),
		cmocka_unit_test(test_sight_corner),
		cmocka_unit_test(test_sight_corner_takes_clear_side),
		cmocka_unit_test(test_sight_corner_wall_top),
		cmocka_unit_test(test_sight_off_map),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
