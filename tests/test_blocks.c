/*
 * test_blocks.c - maps composed of 5x5 blocks (rulebook §4.1, xtac-map(5)):
 * quarter turns of squares and sides, a block laid on a map with its
 * floors, objects, walls, stairs and buildings, and block maps read from
 * files with their problems reported at the map's line and column; craft
 * landed and sealed in ('outside').  Docked craft: test_dock.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "xtac/blocks.h"
#include "xtac/load.h"
#include "xtac/util.h"

/* A quarter turn clockwise: the top-left corner goes to the top-right. */
static void
test_blocks_turn_pos(void **state)
{
	int	x, y;

	(void)state;
	block_turn_pos(5, 5, 0, 1, 0, &x, &y);
	assert_int_equal(x, 1);
	assert_int_equal(y, 0);
	block_turn_pos(5, 5, 1, 0, 0, &x, &y);
	assert_int_equal(x, 4);
	assert_int_equal(y, 0);
	block_turn_pos(5, 5, 1, 1, 0, &x, &y);
	assert_int_equal(x, 4);
	assert_int_equal(y, 1);
	block_turn_pos(5, 5, 2, 1, 0, &x, &y);
	assert_int_equal(x, 3);
	assert_int_equal(y, 4);
	block_turn_pos(5, 5, 3, 1, 0, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, 3);
	block_turn_pos(5, 5, 4, 1, 0, &x, &y);
	assert_int_equal(x, 1);
	assert_int_equal(y, 0);
	block_turn_pos(5, 5, 1, 2, 2, &x, &y);	/* the centre stays */
	assert_int_equal(x, 2);
	assert_int_equal(y, 2);
}

static void
test_blocks_turn_dir(void **state)
{
	(void)state;
	assert_int_equal(block_turn_dir(DIR_N, 1), DIR_E);
	assert_int_equal(block_turn_dir(DIR_W, 1), DIR_N);
	assert_int_equal(block_turn_dir(DIR_N, 2), DIR_S);
	assert_int_equal(block_turn_dir(DIR_E, 3), DIR_N);
	assert_int_equal(block_turn_dir(DIR_S, 0), DIR_S);
}

/* A block: a wall north of 2,1, a tree at 1,1, a stair, a building. */
static struct map *
test_blocks_block(void)
{
	struct map		*m = map_new(5, 5, 2);
	struct object_type	 tree = { "tree", true, false,
	    STRENGTH_NORMAL, false };
	struct pos		 p;

	for (p.z = 0, p.y = 0; p.y < 5; p.y++)
		for (p.x = 0; p.x < 5; p.x++)
			map_square(m, p)->floor = FLOOR_GRASS;
	p = (struct pos){ 0, 0, 0 };
	map_square(m, p)->object = (int16_t)map_add_object(m, &tree);
	p = (struct pos){ 1, 0, 0 };
	map_edge(m, p, DIR_N)->kind = EDGE_WALL;
	m->links = xcalloc(1, sizeof *m->links);
	m->links[0] = (struct map_link){ { 3, 3, 0 }, { 3, 2, 1 }, true };
	m->nlinks = 1;
	m->buildings = xcalloc(1, sizeof *m->buildings);
	strcpy(m->buildings[0].name, "shed");
	m->buildings[0].x0 = 1;
	m->buildings[0].y0 = 1;
	m->buildings[0].x1 = 2;
	m->buildings[0].y1 = 3;
	m->nbuildings = 1;
	return m;
}

/* Turned once and laid at 5,0 of a 10x5 map: everything turns with it. */
static void
test_blocks_place_turned(void **state)
{
	struct map	*src = test_blocks_block(), *dst = map_new(10, 5, 2);
	struct pos	 p;

	(void)state;
	block_place(dst, src, 5, 0, 1);
	/* The tree at 0,0 is now at 4,0 of the block: 9,0. */
	p = (struct pos){ 9, 0, 0 };
	assert_int_not_equal(map_square(dst, p)->object, OBJECT_NONE);
	assert_string_equal(dst->objects[map_square(dst, p)->object].name,
	    "tree");
	assert_int_equal(map_square(dst, p)->floor, FLOOR_GRASS);
	/* The wall north of 1,0 faces east of 4,1: east of 9,1. */
	p = (struct pos){ 9, 1, 0 };
	assert_int_equal(map_edge(dst, p, DIR_E)->kind, EDGE_WALL);
	assert_int_equal(map_edge(dst, p, DIR_N)->kind, EDGE_OPEN);
	p = (struct pos){ 6, 0, 0 };
	assert_int_equal(map_edge(dst, p, DIR_N)->kind, EDGE_OPEN);
	/* The ramp 3,3 -> 3,2 up: 1,3 -> 2,3 up, then +5 in x. */
	assert_int_equal(dst->nlinks, 1);
	assert_int_equal(dst->links[0].lower.x, 6);
	assert_int_equal(dst->links[0].lower.y, 3);
	assert_int_equal(dst->links[0].upper.x, 7);
	assert_int_equal(dst->links[0].upper.y, 3);
	assert_int_equal(dst->links[0].upper.z, 1);
	/* The shed's box 1..2 x 1..3 turns to 1..3 x 1..2. */
	assert_int_equal(dst->nbuildings, 1);
	assert_int_equal(dst->buildings[0].x0, 6);
	assert_int_equal(dst->buildings[0].x1, 8);
	assert_int_equal(dst->buildings[0].y0, 1);
	assert_int_equal(dst->buildings[0].y1, 2);
	/* The west half was never touched. */
	p = (struct pos){ 0, 0, 0 };
	assert_int_equal(map_square(dst, p)->floor, FLOOR_NONE);
	map_free(src);
	map_free(dst);
}

/*
 * Two blocks side by side share their border: a wall on the east border of
 * the first stands although the second has none on its west.
 */
static void
test_blocks_place_border(void **state)
{
	struct map	*a = map_new(5, 5, 1), *b = map_new(5, 5, 1);
	struct map	*dst = map_new(10, 5, 1);
	struct pos	 p = { 4, 2, 0 }, q = { 5, 2, 0 };

	(void)state;
	map_edge(a, p, DIR_E)->kind = EDGE_FENCE;
	block_place(dst, a, 0, 0, 0);
	block_place(dst, b, 5, 0, 0);
	assert_int_equal(map_edge(dst, p, DIR_E)->kind, EDGE_FENCE);
	assert_int_equal(map_edge(dst, q, DIR_W)->kind, EDGE_FENCE);
	map_free(a);
	map_free(b);
	map_free(dst);
}

/* A 2x3 block turned once covers 3x2: (0,0) goes to (2,0). */
static void
test_blocks_turn_oblong(void **state)
{
	int	x, y;

	(void)state;
	block_turn_pos(2, 3, 1, 0, 0, &x, &y);
	assert_int_equal(x, 2);
	assert_int_equal(y, 0);
	block_turn_pos(2, 3, 1, 1, 2, &x, &y);
	assert_int_equal(x, 0);
	assert_int_equal(y, 1);
	block_turn_pos(2, 3, 2, 0, 0, &x, &y);
	assert_int_equal(x, 1);
	assert_int_equal(y, 2);
}

/* A 2x1 craft: a hull square, then plain grass (not craft). */
static struct map *
test_blocks_craft(void)
{
	struct map	*c = map_new(2, 1, 1);
	struct pos	 p = { 0, 0, 0 };

	map_square(c, p)->floor = FLOOR_HULL;
	map_edge(c, p, DIR_N)->kind = EDGE_WALL;
	map_edge(c, p, DIR_N)->strength = STRENGTH_SUPER_TOUGH;
	p.x = 1;
	map_square(c, p)->floor = FLOOR_GRASS;
	return c;
}

/*
 * §4.1: "fences, vegetation and mounds are ok; they just get flattened":
 * under the craft the fence, the tree, the tall grass and a mound's top
 * go; beside it (the template's plain grass) the ground stays as it was.
 */
static void
test_blocks_craft_flattens(void **state)
{
	struct map		*dst = map_new(4, 4, 2), *craft;
	struct object_type	 tree = { "tree", true, false,
	    STRENGTH_NORMAL, false }, soil = { "soil-column", true, false,
	    STRENGTH_NORMAL, false };
	struct pos		 p = { 1, 1, 0 }, q = { 1, 2, 0 };
	struct pos		 up = { 1, 1, 1 };
	struct pos		 beside = { 1, 2, 0 }, clash;

	(void)state;
	craft = test_blocks_craft();
	map_square(dst, p)->floor = FLOOR_TALL_GRASS;
	map_square(dst, p)->object = (int16_t)map_add_object(dst, &soil);
	map_square(dst, up)->floor = FLOOR_DIRT;
	map_edge(dst, p, DIR_W)->kind = EDGE_FENCE;
	map_square(dst, q)->floor = FLOOR_TALL_GRASS;
	map_square(dst, q)->object = (int16_t)map_add_object(dst, &tree);
	/* Turned once the 2x1 craft stands 1x2: hull at 1,1, grass at 1,2. */
	assert_true(block_land_craft(dst, craft, 1, 1, 1, &clash));
	assert_int_equal(map_square(dst, p)->floor, FLOOR_HULL);
	assert_int_equal(map_square(dst, p)->object, OBJECT_NONE);
	assert_int_equal(map_square(dst, up)->floor, FLOOR_NONE);
	assert_int_equal(map_edge(dst, p, DIR_W)->kind, EDGE_OPEN);
	/* Its north wall turned to face east. */
	assert_int_equal(map_edge(dst, p, DIR_E)->kind, EDGE_WALL);
	assert_int_equal(map_edge(dst, p, DIR_E)->strength,
	    STRENGTH_SUPER_TOUGH);
	/* Beside the hull the tree still stands in the tall grass. */
	assert_int_equal(map_square(dst, beside)->floor, FLOOR_TALL_GRASS);
	assert_int_not_equal(map_square(dst, beside)->object, OBJECT_NONE);
	map_free(craft);
	map_free(dst);
}

/* §4.1: a craft "does not cross over any buildings"; refused, unchanged. */
static void
test_blocks_craft_buildings(void **state)
{
	struct map		*dst = map_new(4, 4, 1), *craft;
	struct object_type	 crate = { "crate", false, false,
	    STRENGTH_NORMAL, false };
	struct pos		 p = { 2, 2, 0 }, clash;

	(void)state;
	craft = test_blocks_craft();
	dst->buildings = xcalloc(1, sizeof *dst->buildings);
	strcpy(dst->buildings[0].name, "barn");
	dst->buildings[0].x0 = dst->buildings[0].x1 = 2;
	dst->buildings[0].y0 = dst->buildings[0].y1 = 2;
	dst->nbuildings = 1;
	assert_false(block_land_craft(dst, craft, 2, 2, 0, &clash));
	assert_int_equal(clash.x, 2);
	assert_int_equal(clash.y, 2);
	assert_int_equal(map_square(dst, p)->floor, FLOOR_NONE);
	/* Any object but vegetation is a building's too. */
	p = (struct pos){ 0, 0, 0 };
	map_square(dst, p)->object = (int16_t)map_add_object(dst, &crate);
	assert_false(block_land_craft(dst, craft, 0, 0, 0, &clash));
	assert_int_equal(clash.x, 0);
	assert_int_equal(clash.y, 0);
	/* Turned 180, its grass square lies on the crate: not craft. */
	assert_true(block_land_craft(dst, craft, 0, 0, 2, &clash));
	assert_int_not_equal(map_square(dst, p)->object, OBJECT_NONE);
	p.x = 1;
	assert_int_equal(map_square(dst, p)->floor, FLOOR_HULL);
	assert_int_equal(map_edge(dst, p, DIR_S)->kind, EDGE_WALL);
	map_free(craft);
	map_free(dst);
}

/* --- from files ---------------------------------------------------------- */

static char test_blocks_dir[64];

static void
test_blocks_write(const char *name, const char *text)
{
	char	*path = xasprintf("%s/%s", test_blocks_dir, name);
	FILE	*f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
}

static int
test_blocks_setup(void **state)
{
	char	*sub;

	(void)state;
	strcpy(test_blocks_dir, "/tmp/xtac-blocks-XXXXXX");
	if (mkdtemp(test_blocks_dir) == NULL)
		return -1;
	sub = xasprintf("%s/blocks", test_blocks_dir);
	mkdir(sub, 0700);
	free(sub);
	/* A hedge (fence) along the north, a rock at 5,5. */
	test_blocks_write("blocks/hedge.yaml",
	    "xtac-map: 1\nname: Hedge\nlevels:\n  - |\n"
	    "    +x+x+x+x+x+\n     . . . . .\n    + + + + + +\n"
	    "     . . . . .\n    + + + + + +\n     . . . . .\n"
	    "    + + + + + +\n     . . . . .\n    + + + + + +\n"
	    "     . . . . R\n    + + + + + +\n");
	test_blocks_write("blocks/small.yaml",
	    "xtac-map: 1\nname: Small\nlevels:\n  - |\n"
	    "    + + +\n     . .\n    + + +\n");
	test_blocks_write("blocks/broken.yaml",
	    "xtac-map: 1\nname: Broken\nlevels:\n  - |\n"
	    "    + + + + + +\n     . . . . q\n    + + + + + +\n");
	return 0;
}

static int
test_blocks_teardown(void **state)
{
	char	*cmd = xasprintf("rm -rf '%s'", test_blocks_dir);
	int	 rc;

	(void)state;
	rc = system(cmd);
	free(cmd);
	return rc == 0 ? 0 : -1;
}

static struct scenario *
test_blocks_load(const char *yaml, struct diags *d)
{
	char		*path = xasprintf("%s/map.yaml", test_blocks_dir);
	struct scenario	*s;

	test_blocks_write("map.yaml", yaml);
	diags_init(d, "map.yaml", NULL, 0);
	s = scenario_load(path, fixture_catalog(), d);
	free(path);
	return s;
}

/* A 2x1 grid, the second block turned: 10x5, the hedge along its east. */
static void
test_blocks_load_grid(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	struct pos	 p;

	(void)state;
	s = test_blocks_load("xtac-map: 1\nname: Two\nblocks:\n  rows:\n"
	    "    - [hedge, hedge 90]\n"
	    "units:\n  - {id: a, side: xcom, type: troop, at: [6, 3, 1]}\n",
	    &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	assert_int_equal(s->map->width, 10);
	assert_int_equal(s->map->height, 5);
	assert_int_equal(s->map->levels, 1);
	p = (struct pos){ 2, 0, 0 };
	assert_int_equal(map_edge(s->map, p, DIR_N)->kind, EDGE_FENCE);
	p = (struct pos){ 9, 2, 0 };
	assert_int_equal(map_edge(s->map, p, DIR_E)->kind, EDGE_FENCE);
	assert_int_equal(map_edge(s->map, p, DIR_N)->kind, EDGE_OPEN);
	/* The rock at 4,4 of the turned block is at 0,4: map 5,4. */
	p = (struct pos){ 5, 4, 0 };
	assert_int_not_equal(map_square(s->map, p)->object, OBJECT_NONE);
	assert_string_equal(s->map->objects[map_square(s->map, p)->object].
	    name, "rock");
	p = (struct pos){ 4, 4, 0 };
	assert_string_equal(s->map->objects[map_square(s->map, p)->object].
	    name, "rock");
	scenario_free(s);
	diags_free(&d);
}

static void
test_blocks_load_errors(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [hedge 45, nowhere]\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:5:8: a block turns by 0, "
	    "90, 180 or 270 degrees clockwise, not '45'"));
	assert_int_equal(d.errors, 2);
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [hedge, hedge]\n    - [hedge]\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:6:7: row 2 has 1 blocks "
	    "but row 1 has 2"));
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [small]\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:5:8: block small is 2x1 "
	    "squares, not 5x5"));
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\n"
	    "blocks: {rows: [[hedge]]}\n"
	    "levels: []\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:4:9: a map is drawn in "
	    "'levels' or built of 'blocks', not both"));
	diags_free(&d);
}

/* A broken block is named with its own first problem, file:line:col. */
static void
test_blocks_load_broken(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*want;

	(void)state;
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [broken]\n", &d);
	assert_null(s);
	want = xasprintf("map.yaml:5:8: block broken cannot be used: "
	    "%s/blocks/broken.yaml:6:14: unknown square 'q' (not in the "
	    "legend)", test_blocks_dir);
	assert_true(fixture_has_diag(&d, want));
	free(want);
	diags_free(&d);
}

/* §4.1 from a map file: the craft lands, or is refused where it clashes. */
/*
 * 'outside' seals the craft in (ship boarding, §2.3: all combat within the
 * craft): the rest of the map plating, the ground's fences gone, the
 * craft's hull kept; only a solid, indestructible object seals.
 */
static void
test_blocks_sealed(void)
{
	struct diags	 d;
	struct scenario	*s;
	struct pos	 p = { 0, 0, 0 }, rock = { 4, 4, 0 }, pod = { 2, 0, 0 };

	s = test_blocks_load("xtac-map: 1\nname: Sealed\nlegend:\n"
	    "  squares:\n    'X': {floor: hull, object: {name: plating, "
	    "solid: true, strength: indestructible}}\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n    - {template: pod, at: [3, 1]}\n"
	    "  outside: plating\n", &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	assert_int_equal(map_square(s->map, p)->object,
	    map_find_object(s->map, "plating"));
	assert_int_equal(map_square(s->map, rock)->object,
	    map_find_object(s->map, "plating"));
	assert_int_equal(map_edge(s->map, p, DIR_N)->kind, EDGE_OPEN);
	assert_false(map_square_standable(s->map, p));
	assert_true(map_square_standable(s->map, pod));
	assert_int_equal(map_edge(s->map, pod, DIR_N)->kind, EDGE_WALL);
	scenario_free(s);
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n    - {template: pod, at: [3, 1]}\n"
	    "  outside: rock\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:8:12: 'rock' seals the "
	    "craft in only if it is solid, not passable and indestructible "
	    "(\xc2\xa7" "2.3: all combat takes place within the craft)"));
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [hedge]\n  outside: hull\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:6:12: no object 'hull' to "
	    "seal the craft in (a built-in object, or one the legend "
	    "defines)"));
	diags_free(&d);
}

static void
test_blocks_load_craft(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*sub = xasprintf("%s/craft", test_blocks_dir);
	struct pos	 p = { 2, 0, 0 };

	(void)state;
	mkdir(sub, 0700);
	free(sub);
	test_blocks_write("craft/pod.yaml",
	    "xtac-map: 1\nname: Pod\nlevels:\n  - |\n"
	    "    +#+#+\n     # #\n    + + +\n");
	s = test_blocks_load("xtac-map: 1\nname: Landed\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n    - {template: pod, at: [3, 1]}\n",
	    &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	/* The hedge's fence north of 3,1 is now the pod's hull wall. */
	assert_int_equal(map_square(s->map, p)->floor, FLOOR_HULL);
	assert_int_equal(map_edge(s->map, p, DIR_N)->kind, EDGE_WALL);
	assert_int_equal(map_edge(s->map, p, DIR_N)->strength,
	    STRENGTH_SUPER_TOUGH);
	scenario_free(s);
	diags_free(&d);
	/* On the rock at 5,5 (turned upright: 1x2 from 5,4) it clashes. */
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n"
	    "    - {template: pod, at: [5, 4], turn: 90}\n"
	    "    - {template: pod, at: [5, 1]}\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:7:18: the pod would cross "
	    "a building at 5,5 (\xc2\xa7" "4.1: a craft flattens only "
	    "fences, vegetation and mounds)"));
	assert_true(fixture_has_diag(&d, "map.yaml:8:27: the pod (2x1, 1 "
	    "level) does not fit on the 5x5 map of 1 level at 5,1"));
	diags_free(&d);
	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n"
	    "  rows: [[hedge]]\n  craft: [{template: pod}]\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "map.yaml:5:11: a craft is missing "
	    "'at'"));
	diags_free(&d);
	test_blocks_sealed();
}

/* A craft with an upper deck makes a map of one-level blocks that tall. */
static void
test_blocks_load_craft_deck(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*sub = xasprintf("%s/craft", test_blocks_dir);
	struct pos	 p = { 1, 0, 1 };

	(void)state;
	mkdir(sub, 0700);
	free(sub);
	test_blocks_write("craft/decked.yaml",
	    "xtac-map: 1\nname: Decked\nlevels:\n  - |\n"
	    "    +#+#+\n    ## e#\n    +#+#+\n  - |\n"
	    "    + +#+\n       e#\n    + +#+\n"
	    "stairs:\n  - {from: [2, 1, 1], to: [2, 1, 2]}\n");
	s = test_blocks_load("xtac-map: 1\nname: Decked\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n    - {template: decked, at: [1, 1]}\n",
	    &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	assert_int_equal(s->map->levels, 2);
	assert_int_equal(map_square(s->map, p)->floor, FLOOR_ELEVATOR);
	assert_int_equal(s->map->nlinks, 1);
	scenario_free(s);
	diags_free(&d);
	/* A template that is not there is reported once, where it lands. */
	s = test_blocks_load("xtac-map: 1\nname: None\nblocks:\n  rows:\n"
	    "    - [hedge]\n  craft:\n    - {template: nowhere, at: [1, 1]}\n",
	    &d);
	assert_null(s);
	assert_int_equal(d.errors, 1);
	diags_free(&d);
}

/*
 * The shipped templates (rulebook §3.2.3, §3.3.4; xtac-map(5), BLOCKS):
 * each loads, its crew squares hold its capacity (the X-Com craft's
 * soldiers; the UFOs growing with their class), it has the power sources
 * the crash roll rolls for (RULINGS §2.3), every upper deck is reached by
 * an elevator, and it lands whole on open ground, turned or not (§4.1).
 */
struct test_template {
	const char	*name;
	int		 levels;
	int		 capacity;	/* crew squares at least */
	const char	*power;		/* what the crash roll rolls for */
	int		 npower;
};

/* The squares of the craft a unit can stand on. */
static int
test_blocks_crew(const struct map *m)
{
	struct pos	p;
	int		n = 0;

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		const struct square *sq = map_square(m, p);

		if ((sq->floor == FLOOR_HULL || sq->floor == FLOOR_ELEVATOR) &&
		    map_square_standable(m, p))
			n++;
	}
	return n;
}

static int
test_blocks_count(const struct map *m, const char *name)
{
	struct pos	p;
	int		n = 0, obj = map_find_object(m, name);

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
		if (obj >= 0 && map_square(m, p)->object == obj)
			n++;
	return n;
}

static void
test_blocks_templates(void **state)
{
	static const struct test_template t[] = {
		{ "skyranger", 1, 14, "skyranger-engine", 2 },
		{ "lightning", 1, 12, "skyranger-engine", 2 },
		{ "avenger", 2, 28, "skyranger-engine", 4 },
		/* UFOs by class: each bigger than the one before. */
		{ "small-scout", 1, 1, "ufo-power-source", 1 },
		{ "medium-scout", 1, 0, "ufo-power-source", 1 },
		{ "large-scout", 2, 0, "ufo-power-source", 1 },
		{ "supply-ship", 2, 0, "ufo-power-source", 2 },
		{ "terror-ship", 2, 0, "ufo-power-source", 2 },
		{ "battleship", 2, 0, "ufo-power-source", 4 },
	};
	size_t	i, k;
	int	crew, last = 0, peer = 0, q;

	(void)state;
	for (i = 0; i < XTAC_NITEMS(t); i++) {
		char *path = xasprintf("maps/craft/%s.yaml", t[i].name);
		struct diags d;
		struct scenario *s;
		struct map *ground;
		struct pos clash, p;

		diags_init(&d, path, NULL, 0);
		s = scenario_load(path, fixture_catalog(), &d);
		if (s == NULL || d.errors > 0)
			fixture_dump(&d);
		assert_non_null(s);
		assert_int_equal(d.errors, 0);
		assert_int_equal(s->map->levels, t[i].levels);
		crew = test_blocks_crew(s->map);
		if (t[i].capacity > 0)
			assert_true(crew >= t[i].capacity);
		else
			assert_true(crew > last);
		/* The supply and terror ships are one class, the next. */
		if (strcmp(t[i].name, "supply-ship") == 0)
			peer = crew;
		else if (strcmp(t[i].power, "ufo-power-source") == 0)
			last = crew > peer ? crew : peer;
		assert_int_equal(test_blocks_count(s->map, t[i].power),
		    t[i].npower);
		/* Each upper deck is reached from the deck below. */
		for (p.z = 1; p.z < s->map->levels; p.z++) {
			bool reached = false;

			for (k = 0; k < s->map->nlinks; k++) {
				const struct map_link *l = &s->map->links[k];

				if (l->upper.z == p.z &&
				    map_square_standable(s->map, l->lower) &&
				    map_square_standable(s->map, l->upper))
					reached = true;
			}
			assert_true(reached);
		}
		/* It lands whole on open grass, upright or turned. */
		for (q = 0; q < 2; q++) {
			ground = map_new(s->map->width + s->map->height,
			    s->map->width + s->map->height, s->map->levels);
			for (p.z = 0, p.y = 0; p.y < ground->height; p.y++)
				for (p.x = 0; p.x < ground->width; p.x++)
					map_square(ground, p)->floor =
					    FLOOR_GRASS;
			assert_true(block_land_craft(ground, s->map, 1, 1, q,
			    &clash));
			assert_int_equal(test_blocks_crew(ground), crew);
			map_free(ground);
		}
		scenario_free(s);
		diags_free(&d);
		free(path);
	}
}

/* Blocks are ground: a block that names blocks itself is refused. */
static void
test_blocks_not_nested(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*want;

	(void)state;
	test_blocks_write("blocks/nest.yaml",
	    "xtac-map: 1\nname: Nest\nblocks: {rows: [[hedge]]}\n");

	s = test_blocks_load("xtac-map: 1\nname: Bad\nblocks:\n  rows:\n"
	    "    - [nest]\n", &d);
	assert_null(s);
	assert_int_equal(d.errors, 1);
	want = xasprintf("map.yaml:5:8: block nest cannot be used: "
	    "%s/blocks/nest.yaml:3:9: 'blocks' are read only in a map file, "
	    "not in a block", test_blocks_dir);
	assert_true(fixture_has_diag(&d, want));
	free(want);
	diags_free(&d);
}

/*
 * 'from: data:PATH' reads the blocks from PATH in the data directory the
 * program knows (the map's own directory does not matter); without one,
 * or with a path out of it, the map is refused at the 'from'.
 */
static void
test_blocks_from_data(void **state)
{
	static const char yaml[] = "xtac-map: 1\nname: Far\nblocks:\n"
	    "  from: \"data:%s\"\n  rows:\n    - [hedge]\n";
	struct diags	 d;
	struct scenario	*s;
	char		*text, *path, *data;

	(void)state;
	path = xasprintf("%s/far/map.yaml", test_blocks_dir);
	data = xasprintf("%s/.", test_blocks_dir);
	text = xasprintf("%s/far", test_blocks_dir);
	mkdir(text, 0700);
	free(text);
	text = xasprintf(yaml, "");
	test_blocks_write("far/map.yaml", text);
	free(text);
	diags_init(&d, "map.yaml", NULL, 0);
	s = scenario_load_data(path, data, fixture_catalog(), &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	assert_int_equal(s->map->width, 5);
	scenario_free(s);
	diags_free(&d);

	diags_init(&d, "map.yaml", NULL, 0);
	assert_null(scenario_load(path, fixture_catalog(), &d));
	assert_true(fixture_has_diag(&d, "map.yaml:4:9: 'data:' is in the "
	    "data directory, which is not known here"));
	diags_free(&d);

	text = xasprintf(yaml, "../x");
	test_blocks_write("far/map.yaml", text);
	free(text);
	diags_init(&d, "map.yaml", NULL, 0);
	assert_null(scenario_load_data(path, data, fixture_catalog(), &d));
	assert_true(fixture_has_diag(&d, "map.yaml:4:9: 'data:../x': a path "
	    "in the data directory is relative and stays in it, as data:maps"));
	diags_free(&d);
	free(data);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks_turn_pos),
		cmocka_unit_test(test_blocks_turn_dir),
		cmocka_unit_test(test_blocks_place_turned),
		cmocka_unit_test(test_blocks_place_border),
		cmocka_unit_test(test_blocks_turn_oblong),
		cmocka_unit_test(test_blocks_craft_flattens),
		cmocka_unit_test(test_blocks_craft_buildings),
		cmocka_unit_test(test_blocks_load_grid),
		cmocka_unit_test(test_blocks_load_errors),
		cmocka_unit_test(test_blocks_load_broken),
		cmocka_unit_test(test_blocks_not_nested),
		cmocka_unit_test(test_blocks_load_craft),
		cmocka_unit_test(test_blocks_load_craft_deck),
		cmocka_unit_test(test_blocks_templates),
		cmocka_unit_test(test_blocks_from_data),
	};

	return cmocka_run_group_tests(tests, test_blocks_setup,
	    test_blocks_teardown);
}
