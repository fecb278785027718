/*
 * test_load_map.c - the scenario loader: pictures, legend, edges, stairs,
 * sides and units, and the exact file:line:col of every problem
 * (xtac-map(5); RULINGS §4 for walls and objects, §5 for 2x2 units,
 * §3.1.2 for budgets, §2.3 for technology levels).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "xtac/load.h"

#define HEADER "xtac-map: 1\nname: Test\n"

/* A two-level house: walls, a door, a window, a tree, stairs. */
static const char house[] =
    HEADER
    "legend:\n"
    "  squares:\n"
    "    'c': {floor: building, object: crate}\n"
    "levels:\n"
    "  - picture: |\n"		/* line 7 */
    "      +-+-+-+-+\n"		/* 8: north edges of row 1 */
    "      |. . _ c|\n"		/* 9 */
    "      + + +/+:+\n"		/* 10 */
    "      |. T|_ _|\n"		/* 11 */
    "      +-+-+-+-+\n"		/* 12 */
    "  - picture: |\n"
    "      + + + + +\n"
    "           _ _\n"
    "      + + +-+-+\n"
    "           _ _\n"
    "      + + + + +\n"
    "stairs:\n"
    "  - {from: [3, 2, 1], to: [3, 1, 2]}\n";

static void
test_load_map_house_grid(void **state)
{
	struct diags		 d;
	struct scenario		*s;
	const struct map	*m;
	struct pos		 p;

	(void)state;
	s = fixture_parse(house, &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	m = s->map;
	assert_int_equal(m->width, 4);
	assert_int_equal(m->height, 2);
	assert_int_equal(m->levels, 2);
	p = (struct pos){ 0, 0, 0 };
	assert_int_equal(map_square(m, p)->floor, FLOOR_GRASS);
	assert_int_equal(map_edge(m, p, DIR_N)->kind, EDGE_WALL);
	assert_int_equal(map_edge(m, p, DIR_W)->kind, EDGE_WALL);
	assert_int_equal(map_edge(m, p, DIR_E)->kind, EDGE_OPEN);
	assert_int_equal(map_edge(m, p, DIR_S)->kind, EDGE_OPEN);
	/* The tree at 2,2 L1 and the wall east of it. */
	p = (struct pos){ 1, 1, 0 };
	assert_int_equal(map_square(m, p)->object,
	    map_find_object(m, "tree"));
	assert_true(m->objects[map_square(m, p)->object].solid);
	assert_int_equal(map_edge(m, p, DIR_E)->kind, EDGE_WALL);
	/* Window north of 4,2 L1, a closed door north of 3,2 L1. */
	p = (struct pos){ 3, 1, 0 };
	assert_int_equal(map_edge(m, p, DIR_N)->kind, EDGE_WINDOW);
	p = (struct pos){ 2, 1, 0 };
	assert_int_equal(map_edge(m, p, DIR_N)->kind, EDGE_DOOR);
	assert_true(map_edge_blocks_move(map_edge(m, p, DIR_N)));
	/* The same edge seen from the square north of it. */
	p = (struct pos){ 2, 0, 0 };
	assert_ptr_equal(map_edge(m, p, DIR_S),
	    map_edge(m, (struct pos){ 2, 1, 0 }, DIR_N));
	/* The crate: a legend object, low. */
	p = (struct pos){ 3, 0, 0 };
	assert_false(m->objects[map_square(m, p)->object].solid);
	/* Upper level: air on the west half, floor on the east. */
	p = (struct pos){ 0, 0, 1 };
	assert_int_equal(map_square(m, p)->floor, FLOOR_NONE);
	p = (struct pos){ 2, 0, 1 };
	assert_int_equal(map_square(m, p)->floor, FLOOR_BUILDING);
	assert_int_equal(m->nlinks, 1);
	assert_int_equal(m->links[0].lower.z, 0);
	assert_int_equal(m->links[0].upper.y, 0);
	scenario_free(s);
	diags_free(&d);
}

/* The door on the south map edge of the house is reported where it is. */
static void
test_load_map_door_on_map_edge(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     . ./\n"
	    "    + + +\n"
	    "  - |\n"
	    "    + + +\n"
	    "      /\n"
	    "    + + +\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:6:9: door on the map's "
	    "edge leads nowhere"));
	assert_true(fixture_has_diag(&d, "test.yaml:10:7: door in open air: "
	    "no floor on either side"));
	assert_int_equal(d.errors, 2);
	diags_free(&d);
}

static void
test_load_map_unknown_floor_lists_known(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(HEADER
	    "legend:\n"
	    "  squares:\n"
	    "    'g': {floor: gras}\n"
	    "levels:\n"
	    "  - |\n"
	    "    +-+\n"
	    "    |g|\n"
	    "    +-+\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:5:18: unknown floor 'gras' "
	    "(known: none, grass, dirt, pavement, tall-grass, hay, snow, "
	    "rubble, building, base, elevator, hull)"));
	/* The bad entry still defines 'g', so the picture adds no noise. */
	assert_int_equal(d.errors, 1);
	diags_free(&d);
}

/* Every problem of a file is reported, not just the first. */
static void
test_load_map_reports_all_problems(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(HEADER
	    "colour: blue\n"
	    "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     . Q\n"
	    "    + + +\n"
	    "     . .\n"
	    "    + + +\n"
	    "units:\n"
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: up}\n",
	    &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:3:1: unknown key 'colour' "
	    "in a map file (known: xtac-map, name, description, size, legend, "
	    "levels, stairs, ramps, buildings, scenario, rules, sides, "
	    "units, blocks)"));
	assert_true(fixture_has_diag(&d, "test.yaml:7:8: unknown square 'Q' "
	    "(not in the legend)"));
	assert_true(fixture_has_diag(&d, "test.yaml:12:61: unknown facing "
	    "'up' (known: n, ne, e, se, s, sw, w, nw)"));
	assert_int_equal(d.errors, 3);
	diags_free(&d);
}

static const char field[] =
    HEADER
    "legend:\n"
    "  squares:\n"
    "    'o': {floor: grass, object: rock}\n"
    "levels:\n"
    "  - |\n"				/* line 7 */
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "     . .|. o .\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "sides:\n"
    "  xcom: {control: human, budget: 300, deploy: [{from: [1, 1, 1], "
    "to: [2, 3, 1]}]}\n"
    "  alien: {control: ai}\n"
    "units:\n";

static struct scenario *
test_load_map_field(const char *units, struct diags *d)
{
	char		*yaml;
	struct scenario	*s;

	yaml = malloc(strlen(field) + strlen(units) + 1);
	strcpy(yaml, field);
	strcat(yaml, units);
	s = fixture_parse(yaml, d);
	free(yaml);
	return s;
}

static void
test_load_map_units_placed(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = test_load_map_field(
	    "  - id: alvarez\n"
	    "    name: Sgt. Alvarez\n"
	    "    side: xcom\n"
	    "    type: troop\n"
	    "    at: [1, 2, 1]\n"
	    "    facing: e\n"
	    "    armour: personal-armour\n"
	    "    right: rifle\n"
	    "    left: {item: pistol, ammo: none}\n"
	    "    belt: [rifle-clip, grenade]\n"
	    "    boosts: {acc: 10, ret: 5}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [5, 3, 1]}\n", &d);
	if (s == NULL)
		fixture_dump(&d);
	assert_non_null(s);
	assert_int_equal(s->nunits, 2);
	assert_int_equal(s->units[0].pos.x, 0);
	assert_int_equal(s->units[0].pos.y, 1);
	assert_int_equal(s->units[0].facing, DIR_E);
	/* A weapon written alone comes loaded with its first clip. */
	assert_int_equal(s->units[0].hands[HAND_RIGHT].ammo,
	    catalog_find_item(s->catalog, "rifle-clip"));
	assert_int_equal(s->units[0].hands[HAND_LEFT].ammo, -1);
	/*
	 * §3.1.2: troop 100 + ACC 10 + RET 5 x 2 + armour 15 + rifle 10
	 * (its clip included, §3.5) + pistol 5 + belt clip 1 + grenade 3.
	 */
	assert_int_equal(scenario_unit_cost(s, &s->units[0]), 154);
	assert_int_equal(scenario_side_points(s, SIDE_XCOM), 154);
	/* §5.3 weight: rifle 8 + clip 3 + pistol 5 + clip 3 + grenade 3. */
	assert_int_equal(scenario_unit_weight(s, &s->units[0]), 22);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 0);
	scenario_free(s);
	diags_free(&d);
}

static void
test_load_map_unit_semantics(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = test_load_map_field(
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1]}\n"	/* 19 */
	    "  - {id: b, side: xcom, type: troop, at: [9, 2, 1]}\n"
	    "  - {id: c, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: d, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: t, side: xcom, type: tank, at: [2, 2, 1]}\n"
	    "  - {id: a, side: alien, type: sectoid, at: [5, 1, 1]}\n"
	    "  - {id: m, side: alien, type: muton, at: [5, 3, 1]}\n"
	    "  - {id: h, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: plasma-rifle}\n"
	    "  - {id: k, side: alien, type: troop, at: [3, 1, 1]}\n"
	    "  - {id: x, side: civilian, type: sectoid, at: [4, 1, 1]}\n",
	    &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:19:42: a stands inside a "
	    "rock at 4,2 L1"));
	assert_true(fixture_has_diag(&d, "test.yaml:20:42: b is off the map at "
	    "9,2 L1"));
	assert_true(fixture_has_diag(&d, "test.yaml:22:42: c and d both stand "
	    "on 1,1 L1"));
	assert_true(fixture_has_diag(&d, "test.yaml:23:41: 2x2 unit t "
	    "straddles a wall at 2,2 L1"));
	assert_true(fixture_has_diag(&d, "test.yaml:24:10: unit id 'a' is used "
	    "twice (first at line 19)"));
	/* Level 4 (the default) allows everything to everyone. */
	assert_false(fixture_find_diag(&d, "test.yaml:26:60: plasma-rifle is "
	    "technology level 2 (alien); this level-4 scenario does not allow "
	    "it to xcom (\xc2\xa7" "2.3)"));
	assert_true(fixture_has_diag(&d, "test.yaml:27:32: a troop fights for "
	    "xcom, not alien"));
	assert_true(fixture_has_diag(&d, "test.yaml:28:35: a sectoid fights "
	    "for alien, not civilian"));
	diags_free(&d);
}

/* §2.3: a level-1 game allows neither side level-2 things. */
static void
test_load_map_tech_level(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*yaml;
	const char	*units =
	    "  - {id: m, side: alien, type: muton, at: [5, 3, 1]}\n"
	    "  - {id: h, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: plasma-rifle}\n";

	(void)state;
	yaml = malloc(strlen(field) + strlen(units) + 40);
	strcpy(yaml, field);
	strcat(yaml, units);
	strcat(yaml, "scenario: {tech-level: 1}\n");
	s = fixture_parse(yaml, &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:19:32: a muton is "
	    "technology level 2; this level-1 scenario does not allow it "
	    "(\xc2\xa7" "2.3)"));
	assert_true(fixture_has_diag(&d, "test.yaml:20:60: plasma-rifle is "
	    "technology level 2 (alien); this level-1 scenario does not allow "
	    "it to xcom (\xc2\xa7" "2.3)"));
	/* The clip it came loaded with adds no second error. */
	assert_int_equal(d.errors, 2);
	free(yaml);
	diags_free(&d);
}

static void
test_load_map_budget_and_weight(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = test_load_map_field(
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "right: heavy-cannon, left: rifle, belt: [hc-ap, hc-ap]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [2, 1, 1]}\n"
	    "  - {id: c, side: xcom, type: troop, at: [1, 2, 1]}\n", &d);
	assert_null(s);
	/*
	 * 100 + heavy cannon 25 + its loaded AP 3 (support weapons buy their
	 * ammunition, §3.5) + rifle 10 + 2 x 3, then two bare troops.
	 */
	assert_true(fixture_has_diag(&d, "test.yaml:16:34: xcom spends 344 "
	    "points, over its budget of 300 (\xc2\xa7" "3.1.2)"));
	/* 18 + 6 + 8 + 3 + 12 = 47 > STR 30. */
	assert_true(fixture_has_diag(&d, "test.yaml:19:5: warning: a carries "
	    "47, more than its strength 30: encumbered, every move costs "
	    "double (\xc2\xa7" "5.3)"));
	diags_free(&d);
}

static void
test_load_map_stairs_need_landing(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     . .\n"
	    "    + + +\n"
	    "  - |\n"
	    "    + + +\n"
	    "     _\n"
	    "    + + +\n"
	    "stairs:\n"
	    "  - {from: [1, 1, 1], to: [2, 1, 2]}\n"
	    "  - {from: [1, 1, 1], to: [1, 1, 3]}\n"
	    "  - {from: [1, 1, 1], to: [1, 1, 2]}\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:13:5: a stair has no "
	    "landing: nobody can stand on 2,1 L2"));
	assert_true(fixture_has_diag(&d, "test.yaml:14:27: to 1,1 L3 is off "
	    "the map (2x1, 2 levels)"));
	assert_int_equal(d.errors, 2);
	diags_free(&d);
}

static void
test_load_map_picture_shape(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "     . .\n"
	    "  - |\n"
	    "    + + + +\n"
	    "     . . .\n"
	    "    + + + +\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:6:5: picture has 2 lines; "
	    "it needs an odd number, 2 x height + 1 (edges, squares, edges "
	    "...)"));
	diags_free(&d);
	s = fixture_parse(HEADER
	    "levels:\n"
	    "  - |\n"
	    "    + + +\n"
	    "       .\n"
	    "    + + +\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:6:6: ground-level square "
	    "with no floor (every level-1 square has one, \xc2\xa7" "4.2)"));
	diags_free(&d);
}

/* Hostile YAML: aliases, anchors, tags and deep nesting are refused. */
static void
test_load_map_hostile_yaml(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	char		*deep;
	int		 i;

	(void)state;
	s = fixture_parse("a: &x [1, 2]\nb: *x\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:1:4: anchors (&x) are not "
	    "allowed in xtac files"));
	diags_free(&d);
	s = fixture_parse("name: !!str x\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:1:7: tags "
	    "(tag:yaml.org,2002:str) are not allowed in xtac files"));
	diags_free(&d);
	deep = malloc(2000);
	for (i = 0; i < 1000; i++)
		deep[i] = '[';
	deep[i] = '\0';
	s = fixture_parse(deep, &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:1:25: nested deeper than "
	    "24 levels"));
	diags_free(&d);
	free(deep);
	s = fixture_parse("a: b\na: c\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:2:1: duplicate key 'a' "
	    "(first at line 1)"));
	diags_free(&d);
	s = fixture_parse("a: [1, 2\n", &d);
	assert_null(s);
	assert_int_equal(d.errors, 1);
	diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_map_house_grid),
		cmocka_unit_test(test_load_map_door_on_map_edge),
		cmocka_unit_test(test_load_map_unknown_floor_lists_known),
		cmocka_unit_test(test_load_map_reports_all_problems),
		cmocka_unit_test(test_load_map_units_placed),
		cmocka_unit_test(test_load_map_unit_semantics),
		cmocka_unit_test(test_load_map_tech_level),
		cmocka_unit_test(test_load_map_budget_and_weight),
		cmocka_unit_test(test_load_map_stairs_need_landing),
		cmocka_unit_test(test_load_map_picture_shape),
		cmocka_unit_test(test_load_map_hostile_yaml),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
