/*
 * test_squad.c - squads and what they cost: rulebook §3.1.2 (unit prices,
 * boosts at 1 or 2 points, doubled for HWPs and terror units, alien armour
 * only, +20 at most, the budget), §3.5 and RULINGS §3 (a small arm's price
 * includes a clip, other ammunition is bought apart), §2.3 and RULINGS §2.3
 * (technology levels), and squad files put on a map (xtac-map(5)).
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
#include "xtac/squad.h"
#include "xtac/util.h"

#define SQUAD_HEAD "xtac-squad: 1\nside: xcom\n"

/* Parse squad text against the fixture catalog (and a scenario, if any). */
static bool
test_squad_parse(const char *yaml, struct scenario *s, struct squad *sq,
    struct diags *d)
{
	diags_init(d, "squad.yaml", yaml, strlen(yaml));
	return squad_parse(yaml, strlen(yaml), s != NULL ? s->catalog :
	    fixture_catalog(), s, sq, d);
}

/* The price of the only unit of a squad that must parse. */
static struct squad_price
test_squad_one(const char *yaml)
{
	struct squad		sq;
	struct diags		d;
	struct squad_price	p;
	bool			ok = test_squad_parse(yaml, NULL, &sq, &d);

	if (!ok)
		fixture_dump(&d);
	assert_true(ok);
	assert_int_equal(sq.nunits, 1);
	squad_unit_price(fixture_catalog(), &sq.units[0], &p);
	squad_free(&sq);
	diags_free(&d);
	return p;
}

/* §3.1.2: a unit's own price, nothing else when it carries nothing. */
static void
test_squad_unit_price(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop}\n");
	assert_int_equal(p.unit, 100);
	assert_int_equal(p.boosts, 0);
	assert_int_equal(p.items, 0);
	assert_int_equal(p.total, 100);
}

/* §3.1.2: a soldier's stat costs one point per point. */
static void
test_squad_boost_one_point(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop, "
	    "boosts: {tu: 3, hth: 4, acc: 5, mac: 1, tac: 2, str: 6}}\n");
	assert_int_equal(p.boosts, 21);
	assert_int_equal(p.total, 121);
}

/* §3.1.2: RET, PST and PSK cost two per point. */
static void
test_squad_boost_two_points(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop, "
	    "boosts: {ret: 5, psk: 3, pst: 2}}\n");
	assert_int_equal(p.boosts, 20);
}

/* §3.1.2: HWP stats cost twice as much to boost. */
static void
test_squad_boost_hwp_double(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: t, type: tank, "
	    "boosts: {tu: 5, ret: 2}}\n");
	assert_int_equal(p.unit, 200);
	assert_int_equal(p.boosts, 5 * 2 + 2 * 2 * 2);
}

/* §3.1.2: terrorist stats cost twice as much too (the shipped Reaper). */
static void
test_squad_boost_terror_double(void **state)
{
	struct catalog		*cat = fixture_real_catalog();
	struct unit_setup	 u;
	int			 reaper;

	(void)state;
	assert_non_null(cat);
	reaper = catalog_find_unit(cat, "reaper");
	assert_true(reaper >= 0);
	assert_int_equal(cat->units[reaper].class, UNIT_TERROR);
	memset(&u, 0, sizeof u);
	u.type = reaper;
	u.armour = u.hands[0].item = u.hands[1].item = -1;
	u.hands[0].ammo = u.hands[1].ammo = -1;
	u.boosts[STAT_TU] = 4;
	u.boosts[STAT_RET] = 1;
	u.armour_boosts[ARMOUR_FRONT] = 3;
	assert_int_equal(squad_unit_price(cat, &u, NULL),
	    cat->units[reaper].cost + 4 * 2 + 1 * 2 * 2 + 3 * 2 * 2);
	fixture_real_catalog_free(cat);
}

/* §3.1.2: alien armour may be boosted, at two points a point. */
static void
test_squad_boost_alien_armour(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one("side: alien\nunits:\n  - {id: s, type: sectoid, "
	    "boosts: {front: 5, under: 1}}\n");
	assert_int_equal(p.boosts, 12);
}

/* §3.1.2: human troop armour values may not be boosted. */
static void
test_squad_boost_human_armour(void **state)
{
	struct squad	sq;
	struct diags	d;

	(void)state;
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop, boosts: {front: 2}}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:35: only alien armour "
	    "can be boosted (\xc2\xa7" "3.1.2)"));
	assert_int_equal(sq.nunits, 0);
	diags_free(&d);
}

/* §3.1.2: each stat may rise at most 20 points from the base value. */
static void
test_squad_boost_cap(void **state)
{
	struct squad		sq;
	struct diags		d;
	struct squad_price	p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop, "
	    "boosts: {acc: 20, pst: 20}}\n");
	assert_int_equal(p.boosts, 20 + 40);
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop, boosts: {acc: 21}}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:40: acc 21 is out of "
	    "range (0 to 20)"));
	diags_free(&d);
}

/*
 * §3.5, RULINGS §3: a small arm's price includes its loaded clip; a
 * support weapon's ammunition, spare clips, grenades and armour are each
 * bought at their price.
 */
static void
test_squad_items(void **state)
{
	struct squad_price p;

	(void)state;
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop, "
	    "armour: personal-armour, right: rifle, belt: [rifle-clip, "
	    "grenade]}\n");
	assert_int_equal(p.items, 15 + 10 + 1 + 3);
	p = test_squad_one(SQUAD_HEAD "units:\n  - {id: a, type: troop, "
	    "right: {item: heavy-cannon, ammo: hc-ap}, belt: [hc-ap]}\n");
	assert_int_equal(p.items, 25 + 3 + 3);
	assert_int_equal(p.total, 131);
}

/*
 * squad_format writes what squad_parse reads back the same, one unit a
 * line, so the builder can check its squad as --check does and say which
 * unit a problem is on.
 */
static void
test_squad_format(void **state)
{
	static const char yaml[] = "xtac-squad: 1\nname: 'The \"A\" \\ team'\n"
	    "side: xcom\ntech-level: 1\nbudget: 900\nunits:\n"
	    "  - {id: a, name: Sgt. A, type: troop, armour: personal-armour,\n"
	    "     right: rifle, left: {item: pistol, ammo: none},\n"
	    "     belt: [rifle-clip, grenade], boosts: {acc: 3, ret: 2}}\n"
	    "  - {id: b, side: xcom, type: troop, kneeling: true,\n"
	    "     facing: se, right: {item: heavy-cannon, ammo: hc-ap}}\n"
	    "  - {id: t, type: tank, boosts: {tu: 20}}\n";
	struct squad	 a, b;
	struct diags	 d;
	char		*text;
	size_t		 first, i;

	(void)state;
	assert_true(test_squad_parse(yaml, NULL, &a, &d));
	diags_free(&d);
	text = squad_format(fixture_catalog(), &a, &first);
	assert_string_equal(text, "xtac-squad: 1\n"
	    "name: \"The \\\"A\\\" \\\\ team\"\n"
	    "side: xcom\ntech-level: 1\nbudget: 900\nunits:\n"
	    "  - {id: a, name: \"Sgt. A\", type: troop, "
	    "armour: personal-armour, right: rifle, "
	    "left: {item: pistol, ammo: none}, belt: [rifle-clip, grenade], "
	    "boosts: {acc: 3, ret: 2}}\n"
	    "  - {id: b, type: troop, right: heavy-cannon, facing: se, "
	    "kneeling: true}\n"
	    "  - {id: t, type: tank, boosts: {tu: 20}}\n");
	assert_int_equal(first, 7);
	assert_true(test_squad_parse(text, NULL, &b, &d));
	diags_free(&d);
	assert_string_equal(b.name, "The \"A\" \\ team");
	assert_int_equal(b.side, a.side);
	assert_int_equal(b.tech_level, 1);
	assert_int_equal(b.budget, 900);
	assert_int_equal(b.nunits, 3);
	for (i = 0; i < a.nunits; i++)
		assert_memory_equal(&a.units[i], &b.units[i],
		    sizeof a.units[i]);
	free(text);
	squad_free(&b);
	/* No name, no budget: two lines fewer before the units. */
	free(a.name);
	a.name = NULL;
	a.budget = 0;
	text = squad_format(fixture_catalog(), &a, &first);
	assert_int_equal(first, 5);
	assert_non_null(strstr(text, "\ntech-level: 1\nunits:\n  - {id: a,"));
	free(text);
	squad_free(&a);
}

/* §3.1.2: the squad's points may not pass its budget. */
static void
test_squad_budget(void **state)
{
	struct squad	sq;
	struct diags	d;

	(void)state;
	assert_true(test_squad_parse(SQUAD_HEAD "budget: 200\nunits:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop}\n", NULL,
	    &sq, &d));
	assert_int_equal(squad_points(fixture_catalog(), &sq), 200);
	squad_free(&sq);
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "budget: 200\nunits:\n"
	    "  - {id: a, type: troop}\n"
	    "  - {id: b, type: troop, boosts: {acc: 1}}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:9: xcom spends 201 "
	    "points, over its budget of 200 (\xc2\xa7" "3.1.2)"));
	diags_free(&d);
}

/*
 * §2.3: at level 1 X-Com takes level-1 X-Com things only; at level 2 also
 * level-1 alien things but not level-2 alien ones.
 */
static void
test_squad_tech_level(void **state)
{
	struct squad	sq;
	struct diags	d;

	(void)state;
	assert_false(test_squad_parse(SQUAD_HEAD "tech-level: 1\nunits:\n"
	    "  - {id: a, type: troop, right: plasma-rifle}\n", NULL, &sq,
	    &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:5:33: plasma-rifle is "
	    "technology level 2 (alien); this level-1 scenario does not "
	    "allow it to xcom (\xc2\xa7" "2.3)"));
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "tech-level: 2\nunits:\n"
	    "  - {id: a, type: troop, right: plasma-rifle}\n", NULL, &sq,
	    &d));
	diags_free(&d);
	assert_true(test_squad_parse(SQUAD_HEAD "tech-level: 3\nunits:\n"
	    "  - {id: a, type: troop, right: plasma-rifle}\n", NULL, &sq,
	    &d));
	squad_free(&sq);
	diags_free(&d);
}

/* §2.3: the units themselves are in the technology table (Mutons: 2). */
static void
test_squad_tech_level_unit(void **state)
{
	struct squad	sq;
	struct diags	d;

	(void)state;
	assert_false(test_squad_parse("side: alien\ntech-level: 1\nunits:\n"
	    "  - {id: m, type: muton}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:19: a muton is "
	    "technology level 2; this level-1 scenario does not allow it "
	    "(\xc2\xa7" "2.3)"));
	diags_free(&d);
}

/* A squad is one side's: no civilians, no unit of the other side. */
static void
test_squad_side(void **state)
{
	struct squad	sq;
	struct diags	d;

	(void)state;
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: s, type: sectoid}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:19: a sectoid fights "
	    "for alien, not xcom"));
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "units: []\n", NULL, &sq,
	    &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: a squad has at least "
	    "one unit"));
	diags_free(&d);
	assert_false(test_squad_parse("side: civilian\nunits: []\n", NULL, &sq,
	    &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:1:7: civilians are not "
	    "bought (\xc2\xa7" "3.4): a squad is xcom or alien"));
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop, at: [1, 1, 1]}\n", NULL, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:30: a squad's units "
	    "have no 'at': the map places them"));
	diags_free(&d);
}

/* A 5x3 field; X-Com deploys in the west two columns, one troop there. */
static const char test_squad_map[] =
    "xtac-map: 1\nname: Field\n"
    "scenario: {tech-level: 1}\n"
    "levels:\n"
    "  - |\n"
    "    + + + + + +\n"
    "     . R . . .\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "sides:\n"
    "  xcom: {control: human, budget: 300, deploy: [{from: [1, 1, 1], "
    "to: [2, 3, 1]}]}\n"
    "  alien: {control: ai}\n"
    "units:\n"
    "  - {id: old, side: xcom, type: troop, at: [1, 2, 1], facing: e}\n"
    "  - {id: x, side: alien, type: sectoid, at: [5, 1, 1]}\n";

/*
 * A squad takes its side's place: the old units' squares first, then the
 * deployment zones row by row, never on a rock or another unit.
 */
static void
test_squad_place(void **state)
{
	struct scenario	*s = fixture_scenario(test_squad_map,
	    fixture_catalog());
	struct squad	 sq;
	struct diags	 d;
	size_t		 i;

	(void)state;
	assert_true(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop}\n"
	    "  - {id: c, type: troop, facing: sw}\n", s, &sq, &d));
	assert_int_equal(s->nunits, 4);
	assert_string_equal(s->units[0].id, "x");
	/* Facing as the old unit did, unless the squad's unit has its own. */
	for (i = 1; i < 4; i++) {
		assert_int_equal(s->units[i].side, SIDE_XCOM);
		assert_int_equal(s->units[i].facing, i < 3 ? DIR_E : DIR_SW);
	}
	assert_string_equal(s->units[1].id, "a");
	assert_int_equal(s->units[1].pos.x, 0);
	assert_int_equal(s->units[1].pos.y, 1);
	/* b: the zone's first free square, 1,1 (2,1 holds a rock). */
	assert_int_equal(s->units[2].pos.x, 0);
	assert_int_equal(s->units[2].pos.y, 0);
	assert_int_equal(s->units[3].pos.x, 1);
	assert_int_equal(s->units[3].pos.y, 1);
	assert_int_equal(scenario_side_points(s, SIDE_XCOM), 300);
	/* §4.1: the side has zones, so the deployment step places them. */
	for (i = 1; i < 4; i++)
		assert_false(s->units[i].fixed);
	squad_free(&sq);
	diags_free(&d);
	scenario_free(s);
}

/* Without a deployment step the squares squad_place() found are final. */
static void
test_squad_place_no_deployment(void **state)
{
	struct scenario	*s = fixture_scenario(test_squad_map,
	    fixture_catalog());
	struct squad	 sq;
	struct diags	 d;

	(void)state;
	s->deployment = false;
	assert_true(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n", s, &sq, &d));
	assert_true(s->units[1].fixed);
	assert_int_equal(s->units[1].pos.x, 0);
	assert_int_equal(s->units[1].pos.y, 1);
	squad_free(&sq);
	diags_free(&d);
	scenario_free(s);
}

/* Six squares less a rock hold five units, not six. */
static void
test_squad_place_full(void **state)
{
	struct scenario	*s = fixture_scenario(test_squad_map,
	    fixture_catalog());
	struct squad	 sq;
	struct diags	 d;

	(void)state;
	s->sides[SIDE_XCOM].budget = 0;
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop}\n"
	    "  - {id: c, type: troop}\n  - {id: d, type: troop}\n"
	    "  - {id: e, type: troop}\n  - {id: f, type: troop}\n", s, &sq,
	    &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: the map has no room "
	    "for these 6 units: its xcom units' squares and deployment zones "
	    "are full"));
	assert_int_equal(s->nunits, 2);
	assert_string_equal(s->units[0].id, "old");
	diags_free(&d);
	scenario_free(s);
}

/*
 * §4.1: a unit is placed only where the deployment step would take it:
 * every square of a 2x2 unit in the side's zones, not its corner alone.
 */
static void
test_squad_place_2x2_in_zone(void **state)
{
	static const char map[] =
	    "xtac-map: 1\nname: Strip\n"
	    "levels:\n"
	    "  - |\n"
	    "    + + + + + +\n"
	    "     . . . . .\n"
	    "    + + + + + +\n"
	    "     . . . . .\n"
	    "    + + + + + +\n"
	    "     . . . . .\n"
	    "    + + + + + +\n"
	    "sides:\n"
	    "  xcom: {control: human, deploy: [{from: [1, 2, 1], "
	    "to: [%d, 3, 1]}]}\n"
	    "  alien: {control: ai}\n"
	    "units:\n"
	    "  - {id: x, side: alien, type: sectoid, at: [5, 1, 1]}\n";
	struct scenario	*s;
	struct squad	 sq;
	struct diags	 d;
	char		*yaml;

	(void)state;
	/* A zone one square wide: no room for a tank. */
	yaml = xasprintf(map, 1);
	s = fixture_scenario(yaml, fixture_catalog());
	free(yaml);
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: t, type: tank}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: the map has no room "
	    "for this unit: its xcom units' squares and deployment zones "
	    "are full"));
	diags_free(&d);
	scenario_free(s);
	/* Two wide: the tank takes the whole of it. */
	yaml = xasprintf(map, 2);
	s = fixture_scenario(yaml, fixture_catalog());
	free(yaml);
	assert_true(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: t, type: tank}\n", s, &sq, &d));
	assert_int_equal(s->units[1].pos.x, 0);
	assert_int_equal(s->units[1].pos.y, 1);
	squad_free(&sq);
	diags_free(&d);
	scenario_free(s);
}

/*
 * On a map the squad plays at the lower technology level (§2.3) and within
 * the side's budget (§3.1.2); ids stay unique across the sides.
 */
static void
test_squad_on_map_limits(void **state)
{
	struct scenario	*s = fixture_scenario(test_squad_map,
	    fixture_catalog());
	struct squad	 sq;
	struct diags	 d;

	(void)state;
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop, right: plasma-rifle}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:33: plasma-rifle is "
	    "technology level 2 (alien); this level-1 scenario does not "
	    "allow it to xcom (\xc2\xa7" "2.3)"));
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop}\n"
	    "  - {id: c, type: troop, boosts: {tu: 1}}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: xcom spends 301 "
	    "points, over the map's budget of 300 (\xc2\xa7" "3.1.2)"));
	diags_free(&d);
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: x, type: troop}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:4:10: unit id 'x' is "
	    "the map's alien unit's too"));
	diags_free(&d);
	assert_int_equal(s->nunits, 2);
	scenario_free(s);
}

/* §2.3, RULINGS §2.3: a crashed side's budget is 20 % less. */
static void
test_squad_on_map_crashed(void **state)
{
	struct scenario	*s = fixture_scenario(test_squad_map,
	    fixture_catalog());
	struct squad	 sq;
	struct diags	 d;

	(void)state;
	s->mission = MISSION_CRASHED;
	s->mission_side = SIDE_XCOM;
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop, boosts: "
	    "{acc: 20, tac: 20, str: 1}}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: xcom spends 241 "
	    "points, over the map's budget of 240 after the crash's 20 % "
	    "loss (\xc2\xa7" "3.1.2)"));
	diags_free(&d);
	assert_true(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop}\n  - {id: b, type: troop, boosts: "
	    "{acc: 20, tac: 20}}\n", s, &sq, &d));
	assert_int_equal(scenario_side_points(s, SIDE_XCOM), 240);
	squad_free(&sq);
	diags_free(&d);
	scenario_free(s);
}

/*
 * §2.3 Missions with squads: a map that fields none of a side's enemies
 * leaves its capture-unit target to the squad that brings them (xtac-map
 * (5)); that squad must field it, and a side's own squad may not bring in
 * the technology it is to capture ("can not be taken in by any of your
 * units").
 */
static const char test_squad_secret_map[] =
    "xtac-map: 1\nname: Orders\n"
    "levels:\n"
    "  - |\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "     . . . . .\n"
    "    + + + + + +\n"
    "sides:\n"
    "  xcom: {control: human, deploy: [{from: [1, 1, 1], to: [2, 2, 1]}],\n"
    "    secret: {mission: random, capture-unit: s1,\n"
    "      capture-technology: plasma-rifle}}\n"
    "  alien: {control: ai, deploy: [{from: [4, 1, 1], to: [5, 2, 1]}]}\n";

static void
test_squad_secret_targets(void **state)
{
	struct scenario	*s;
	struct squad	 sq;
	struct diags	 d;

	(void)state;
	/* No alien on the map: the unit to capture is the squad's to field. */
	s = fixture_scenario(test_squad_secret_map, fixture_catalog());
	assert_non_null(s);
	assert_false(test_squad_parse("xtac-squad: 1\nside: alien\nunits:\n"
	    "  - {id: s2, type: sectoid}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: the map's xcom "
	    "secret mission captures 's1', and this squad fields no such "
	    "unit (\xc2\xa7" "2.3)"));
	diags_free(&d);
	assert_true(test_squad_parse("xtac-squad: 1\nside: alien\nunits:\n"
	    "  - {id: s1, type: sectoid, right: plasma-rifle}\n", s, &sq,
	    &d));
	squad_free(&sq);
	diags_free(&d);
	/* X-Com may not bring in the plasma rifle it is to capture. */
	assert_false(test_squad_parse(SQUAD_HEAD "units:\n"
	    "  - {id: a, type: troop, belt: [plasma-rifle]}\n", s, &sq, &d));
	assert_true(fixture_has_diag(&d, "squad.yaml:3:1: a carries "
	    "plasma-rifle, the technology xcom is to capture: it can not be "
	    "taken in (\xc2\xa7" "2.3)"));
	diags_free(&d);
	scenario_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_squad_unit_price),
		cmocka_unit_test(test_squad_boost_one_point),
		cmocka_unit_test(test_squad_boost_two_points),
		cmocka_unit_test(test_squad_boost_hwp_double),
		cmocka_unit_test(test_squad_boost_terror_double),
		cmocka_unit_test(test_squad_boost_alien_armour),
		cmocka_unit_test(test_squad_boost_human_armour),
		cmocka_unit_test(test_squad_boost_cap),
		cmocka_unit_test(test_squad_items),
		cmocka_unit_test(test_squad_format),
		cmocka_unit_test(test_squad_budget),
		cmocka_unit_test(test_squad_tech_level),
		cmocka_unit_test(test_squad_tech_level_unit),
		cmocka_unit_test(test_squad_side),
		cmocka_unit_test(test_squad_place),
		cmocka_unit_test(test_squad_place_no_deployment),
		cmocka_unit_test(test_squad_place_full),
		cmocka_unit_test(test_squad_place_2x2_in_zone),
		cmocka_unit_test(test_squad_on_map_limits),
		cmocka_unit_test(test_squad_secret_targets),
		cmocka_unit_test(test_squad_on_map_crashed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
