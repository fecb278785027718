/*
 * test_dock.c - ship boarding's docked craft (rulebook §2.3: "a large
 * alien ufo, and an XCom craft docked to it.  All combat takes place
 * within these craft"; xtac-map(5), BLOCKS, 'outside'): every shipped
 * X-Com craft docked to every shipped UFO, either one north, joined by a
 * door between the two hulls; sealed, nobody can leave them, every crew
 * square of both is reached from either, and with the doors shut neither
 * crew sees the other.
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
#include "xtac/blocks.h"
#include "xtac/field.h"
#include "xtac/load.h"
#include "xtac/path.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define TEST_DOCK_MARGIN	2	/* ground around the pair */
#define TEST_DOCK_WALK		100000

static const char *const test_dock_xcom[] = {
	"skyranger", "lightning", "avenger"
};
static const char *const test_dock_ufo[] = {
	"small-scout", "medium-scout", "large-scout", "supply-ship",
	"terror-ship", "battleship"
};

static struct scenario *
test_dock_template(const char *name)
{
	char		*path = xasprintf("maps/craft/%s.yaml", name);
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, fixture_catalog(), &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	diags_free(&d);
	free(path);
	return s;
}

/* Twice the column of a template's door's centre, turned by quarters. */
static int
test_dock_centre(const struct map *craft, int quarters, int x0)
{
	int	a, b, ta, tb, y;

	assert_true(block_craft_door(craft, &a, &b));
	block_turn_pos(craft->width, craft->height, quarters, a, 0, &ta, &y);
	block_turn_pos(craft->width, craft->height, quarters, b, 0, &tb, &y);
	return 2 * x0 + ta + tb;
}

static bool
test_dock_crew(const struct map *m, struct pos p)
{
	enum floor_kind	f = map_square(m, p)->floor;

	return (f == FLOOR_HULL || f == FLOOR_ELEVATOR) &&
	    map_square_standable(m, p);
}

/*
 * north docked to south on open grass, sealed; each craft's squares in
 * cover[0] (north) and cover[1] (south).  The map, owned by the caller.
 */
static struct map *
test_dock_build(const struct map *north, const struct map *south,
    unsigned char **cover)
{
	struct block_dock	 d;
	struct map		*m;
	struct pos		 p, clash;
	int			 levels, plating, k;
	size_t			 i, n;
	unsigned char		*all;
	const struct object_type o = { "hull-plating", true, false,
	    STRENGTH_INDESTRUCTIBLE, false };

	assert_true(block_dock(north, south, &d));
	/* The south craft's door on the north one's hull line. */
	assert_int_equal(d.y[1], north->height - 2);
	/* The two doors' centres in one column (rounded). */
	k = test_dock_centre(north, 0, d.x[0]) -
	    test_dock_centre(south, 2, d.x[1]);
	assert_true(k >= -1 && k <= 1);
	levels = north->levels > south->levels ? north->levels :
	    south->levels;
	m = map_new(d.width + 2 * TEST_DOCK_MARGIN, d.height +
	    2 * TEST_DOCK_MARGIN, levels);
	n = (size_t)m->width * m->height;
	p.z = 0;
	for (p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++)
			map_square(m, p)->floor = FLOOR_GRASS;
	/* What the seal drops: a building of the ground, a wall, stairs. */
	m->buildings = xcalloc(1, sizeof *m->buildings);
	strcpy(m->buildings[0].name, "shed");
	m->buildings[0].x1 = m->buildings[0].y1 = 1;
	m->nbuildings = 1;
	map_edge(m, (struct pos){ 0, 0, 0 }, DIR_E)->kind = EDGE_WALL;
	if (levels > 1) {
		m->links = xcalloc(1, sizeof *m->links);
		m->links[0].lower = (struct pos){ 0, 1, 0 };
		m->links[0].upper = (struct pos){ 0, 1, 1 };
		m->nlinks = 1;
		map_square(m, m->links[0].upper)->floor = FLOOR_BUILDING;
	}
	assert_true(block_land_craft(m, north, TEST_DOCK_MARGIN + d.x[0],
	    TEST_DOCK_MARGIN + d.y[0], 0, &clash));
	assert_true(block_land_craft(m, south, TEST_DOCK_MARGIN + d.x[1],
	    TEST_DOCK_MARGIN + d.y[1], 2, &clash));
	cover[0] = xcalloc(n, 1);
	cover[1] = xcalloc(n, 1);
	all = xcalloc(n, 1);
	block_craft_cover(m, north, TEST_DOCK_MARGIN + d.x[0],
	    TEST_DOCK_MARGIN + d.y[0], 0, cover[0]);
	block_craft_cover(m, south, TEST_DOCK_MARGIN + d.x[1],
	    TEST_DOCK_MARGIN + d.y[1], 2, cover[1]);
	for (i = 0; i < n; i++) {
		/* The two hulls meet on a line; they never share a square. */
		assert_false(cover[0][i] && cover[1][i]);
		all[i] = cover[0][i] | cover[1][i];
	}
	plating = map_add_object(m, &o);
	block_seal(m, all, (int16_t)plating);
	free(all);
	/* Only the craft's buildings are left, and the ground's are gone. */
	assert_int_equal(m->nbuildings, north->nbuildings +
	    south->nbuildings);
	for (i = 0; i < m->nbuildings; i++)
		assert_string_not_equal(m->buildings[i].name, "shed");
	assert_int_equal(map_edge(m, (struct pos){ 0, 0, 0 }, DIR_E)->kind,
	    EDGE_OPEN);
	for (i = 0; i < m->nlinks; i++)
		assert_false(m->links[i].lower.x == 0 &&
		    m->links[i].lower.y == 1);
	return m;
}

/* One pair, north and south, checked as the rules want it. */
static void
test_dock_pair(const char *nname, const char *sname)
{
	struct scenario		*ns = test_dock_template(nname);
	struct scenario		*ss = test_dock_template(sname);
	unsigned char		*cover[2];
	struct map		*m = test_dock_build(ns->map, ss->map, cover);
	const struct mover	 walker = { 1, false, false, 1 };
	struct field		 f;
	struct pos		 p, q, from = { -1, -1, -1 };
	size_t			 n = (size_t)m->width * m->height * m->levels;
	int			*cost = xcalloc(n, sizeof *cost);
	int			 doors = 0, side, radius = m->width + m->height;
	uint8_t			*seen = xcalloc(n, 1);

#define TEST_I(p)	(((size_t)(p).z * m->height + (p).y) * m->width + (p).x)
#define TEST_G(p)	((size_t)(p).y * m->width + (p).x)
	/* The join: doors from north squares to south squares, passable. */
	p.z = 0;
	for (p.y = 0; p.y + 1 < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		q = (struct pos){ p.x, p.y + 1, 0 };
		if (cover[0][TEST_G(p)] && cover[1][TEST_G(q)] &&
		    map_edge(m, p, DIR_S)->kind == EDGE_DOOR &&
		    test_dock_crew(m, p) && test_dock_crew(m, q))
			doors++;
	}
	if (doors == 0)
		fail_msg("the %s and the %s are not joined by a door", nname,
		    sname);
	/* Outside the two: plating, nothing above it. */
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
		if (!cover[0][TEST_G(p)] && !cover[1][TEST_G(p)])
			assert_false(map_square_standable(m, p));
	/*
	 * From the south craft's first crew square a walker reaches every
	 * crew square of both (doors open as it goes) and nothing else.
	 */
	field_init(&f, m);
	for (p.z = 0; p.z < m->levels && from.x < 0; p.z++)
	for (p.y = 0; p.y < m->height && from.x < 0; p.y++)
	for (p.x = 0; p.x < m->width && from.x < 0; p.x++)
		if (cover[1][TEST_G(p)] && test_dock_crew(m, p))
			from = p;
	assert_true(from.x >= 0);
	path_reach(&f, &walker, from, TEST_DOCK_WALK, cost);
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		bool in = cover[0][TEST_G(p)] || cover[1][TEST_G(p)];

		if (in && test_dock_crew(m, p) &&
		    cost[TEST_I(p)] == PATH_UNREACHABLE)
			fail_msg("%s to %s: %d,%d,%d not reached", nname,
			    sname, p.x + 1, p.y + 1, p.z + 1);
		if (!in)
			assert_int_equal(cost[TEST_I(p)], PATH_UNREACHABLE);
	}
	/* Doors shut, no crew square of one sees one of the other. */
	for (side = 0; side < 2; side++)
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		if (!cover[side][TEST_G(p)] || !test_dock_crew(m, p))
			continue;
		sight_fov(&f, p, SIGHT_EYE_STANDING, radius, seen);
		for (q.z = 0; q.z < m->levels; q.z++)
		for (q.y = 0; q.y < m->height; q.y++)
		for (q.x = 0; q.x < m->width; q.x++)
			if (seen[TEST_I(q)] && cover[1 - side][TEST_G(q)] &&
			    test_dock_crew(m, q))
				fail_msg("%s to %s: %d,%d,%d sees %d,%d,%d",
				    nname, sname, p.x + 1, p.y + 1, p.z + 1,
				    q.x + 1, q.y + 1, q.z + 1);
	}
#undef TEST_I
#undef TEST_G
	field_free(&f);
	free(seen);
	free(cost);
	free(cover[0]);
	free(cover[1]);
	map_free(m);
	scenario_free(ns);
	scenario_free(ss);
}

/* Every X-Com craft docked to every UFO, X-Com's north or south. */
static void
test_dock_all(bool xcom_south)
{
	size_t	i, j;

	for (i = 0; i < XTAC_NITEMS(test_dock_xcom); i++)
		for (j = 0; j < XTAC_NITEMS(test_dock_ufo); j++) {
			if (xcom_south)
				test_dock_pair(test_dock_ufo[j],
				    test_dock_xcom[i]);
			else
				test_dock_pair(test_dock_xcom[i],
				    test_dock_ufo[j]);
		}
}

/* The X-Com craft's ramp is the door between them. */
static void
test_dock_xcom_south(void **state)
{
	(void)state;
	test_dock_all(true);
}

/* The UFO's hatch is. */
static void
test_dock_xcom_north(void **state)
{
	(void)state;
	test_dock_all(false);
}

/* The doors block_dock() docks by: each template's main door. */
static void
test_dock_doors(void **state)
{
	static const struct {
		const char	*name;
		int		 x0, x1;
	} t[] = {
		{ "skyranger", 3, 4 }, { "lightning", 2, 4 },
		{ "avenger", 4, 7 }, { "small-scout", 3, 3 },
		{ "medium-scout", 3, 5 }, { "large-scout", 4, 6 },
		{ "supply-ship", 6, 8 }, { "terror-ship", 6, 8 },
		{ "battleship", 8, 10 },
	};
	struct scenario	*s;
	struct map	*flat = map_new(3, 2, 1);
	struct block_dock d;
	size_t		 i;
	int		 x0, x1;

	(void)state;
	for (i = 0; i < XTAC_NITEMS(t); i++) {
		s = test_dock_template(t[i].name);
		assert_true(block_craft_door(s->map, &x0, &x1));
		assert_int_equal(x0, t[i].x0);
		assert_int_equal(x1, t[i].x1);
		scenario_free(s);
	}
	/* A craft with no door onto its ground does not dock. */
	for (x0 = 0; x0 < 6; x0++)
		map_square(flat, (struct pos){ x0 % 3, x0 / 3, 0 })->floor =
		    FLOOR_GRASS;
	map_square(flat, (struct pos){ 1, 0, 0 })->floor = FLOOR_HULL;
	assert_false(block_craft_door(flat, &x0, &x1));
	assert_false(block_dock(flat, flat, &d));
	map_edge(flat, (struct pos){ 1, 0, 0 }, DIR_S)->kind = EDGE_DOOR;
	assert_true(block_dock(flat, flat, &d));
	/* Two 3x2 pods, doors in the middle: one column, hulls touching. */
	assert_int_equal(d.x[0], 0);
	assert_int_equal(d.x[1], 0);
	assert_int_equal(d.y[1], 0);
	assert_int_equal(d.width, 3);
	assert_int_equal(d.height, 2);
	map_free(flat);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dock_doors),
		cmocka_unit_test(test_dock_xcom_south),
		cmocka_unit_test(test_dock_xcom_north),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
