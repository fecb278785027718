/*
 * test_roster.c - campaigns, rulebook §3.1.2: "Surviving units can also be
 * carried over from previous campaigns.  These units cost the same as in
 * the previous mission, but also get combat bonuses.  Each unit gets a
 * bonus of twenty points to allocate to any of their statistics, which if
 * the unit survives, carries over."  RULINGS is silent; what xtac decides
 * (xtac-map(5), ROSTERS) is tested here: who survives, what comes home,
 * the bonus spent at the boost rates, the +20 cap on bought and bonus
 * together, and a veteran priced as the same unit new.
 *
 * Stats from the shipped catalog (units/): troop TU 27, STR 30, MAC 75,
 * ACC 25; a stun rod (+15) at MAC 75 rolled 1 stuns a Sectoid; a pistol
 * snap rolled 1 kills one (test_game.c).
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
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/util.h"

#define ROSTER_UNITS							\
	"  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "		\
	"facing: e, right: stun-rod, belt: [grenade]}\n"		\
	"  - {id: p, side: xcom, type: troop, at: [1, 1, 1], "		\
	"facing: e, right: pistol, boosts: {acc: 5}}\n"			\
	"  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "	\
	"facing: w, right: plasma-pistol}\n"				\
	"  - {id: k, side: alien, type: sectoid, at: [3, 1, 1], "	\
	"facing: w, right: plasma-pistol}\n"				\
	"  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "	\
	"facing: w, right: plasma-pistol}\n"

static const struct unit_setup *
roster_find(const struct squad *sq, const char *id)
{
	size_t	i;

	for (i = 0; i < sq->nunits; i++)
		if (strcmp(sq->units[i].id, id) == 0)
			return &sq->units[i];
	return NULL;
}

/* p kills k (pistol snap, rolled 1); a stuns s (MAC 75 + 15, rolled 1). */
static void
roster_fight(struct t *t)
{
	t_start(t, "", ROSTER_UNITS);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot p k snap"), 0);
	assert_int_equal(t_unit(t, "k")->status, UNIT_DEAD);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
}

/*
 * §3.1.2 "surviving units": the stunned come home, the dead do not; each
 * survivor has one game more and 20 points to spend.
 */
static void
test_roster_survivors(void **state)
{
	struct t		*t = *state;
	struct squad		 sq;
	const struct unit_setup	*u;

	roster_fight(t);
	assert_int_equal(squad_survivors(t->g, SIDE_ALIEN, &sq), 2);
	assert_int_equal(sq.side, SIDE_ALIEN);
	assert_null(roster_find(&sq, "k"));
	assert_non_null(u = roster_find(&sq, "s"));
	assert_int_equal(u->games, 1);
	assert_int_equal(u->points, SQUAD_BONUS);
	assert_non_null(u = roster_find(&sq, "z"));
	assert_int_equal(u->games, 1);
	assert_int_equal(u->hands[HAND_RIGHT].item,
	    catalog_find_item(t->cat, "plasma-pistol"));
	assert_int_equal(u->hands[HAND_RIGHT].ammo,
	    t->cat->items[u->hands[HAND_RIGHT].item].ammo[0]);
	squad_free(&sq);
}

/* Decided: a stunned unit an enemy carries off at the end is captured. */
static void
test_roster_carried_off(void **state)
{
	struct t	*t = *state;
	struct squad	 sq;

	roster_fight(t);
	assert_int_equal(t_do(t, "carry a s"), 0);
	assert_int_equal(squad_survivors(t->g, SIDE_ALIEN, &sq), 1);
	assert_non_null(roster_find(&sq, "z"));
	assert_null(roster_find(&sq, "s"));
	squad_free(&sq);
	/* Carried by its own side, or laid down, it comes home. */
	assert_int_equal(t_do(t, "lay a"), 0);
	assert_int_equal(squad_survivors(t->g, SIDE_ALIEN, &sq), 2);
	squad_free(&sq);
}

/*
 * What they carried: the kit as it is at the end (a shot pistol keeps its
 * clip while rounds are left), bought boosts kept; the roster reads back
 * as the same units, at the same price as the squad they came from.
 */
static void
test_roster_round_trip(void **state)
{
	struct t		*t = *state;
	struct squad		 sq, back;
	struct diags		 d;
	const struct unit_setup	*u;
	char			*text;
	size_t			 i;

	roster_fight(t);
	assert_int_equal(squad_survivors(t->g, SIDE_XCOM, &sq), 2);
	assert_non_null(u = roster_find(&sq, "p"));
	assert_int_equal(u->boosts[STAT_ACC], 5);
	assert_true(u->hands[HAND_RIGHT].ammo >= 0);
	assert_non_null(u = roster_find(&sq, "a"));
	assert_int_equal(u->nbelt, 1);
	assert_int_equal(squad_unit_price(t->cat, u, NULL),
	    scenario_unit_cost(t->s, &t->s->units[0]));
	text = squad_format(t->cat, &sq, NULL);
	assert_non_null(strstr(text, "roster: {games: 1, points: 20}"));
	diags_init(&d, "roster.yaml", text, strlen(text));
	if (!squad_parse(text, strlen(text), t->cat, NULL, &back, &d))
		fixture_dump(&d);
	assert_int_equal(back.nunits, sq.nunits);
	for (i = 0; i < sq.nunits; i++) {
		assert_string_equal(back.units[i].id, sq.units[i].id);
		assert_int_equal(back.units[i].games, 1);
		assert_int_equal(back.units[i].points, SQUAD_BONUS);
		assert_int_equal(squad_unit_price(t->cat, &back.units[i], NULL),
		    squad_unit_price(t->cat, &sq.units[i], NULL));
	}
	squad_free(&back);
	diags_free(&d);
	free(text);
	squad_free(&sq);
}

/*
 * Decided: a weapon shot dry comes home empty (the file knows only full
 * clips, so one with rounds left comes full and a spent one not at all).
 * r fires its one rocket at open ground four squares off, rolled 1.
 */
static void
test_roster_spent_clip(void **state)
{
	struct t		*t = *state;
	struct squad		 sq;
	const struct unit_setup	*u;
	char			*text;

	t_start(t, "", "  - {id: r, side: xcom, type: troop, at: [1, 5, 1], "
	    "facing: n, right: rocket-launcher}\n"
	    "  - {id: q, side: alien, type: sectoid, at: [12, 1, 1], "
	    "facing: w}\n");
	assert_true(t_unit(t, "r")->hands[HAND_RIGHT].ammo >= 0);
	assert_int_equal(t_do(t, "dice 1 1 1 1"), 0);
	assert_int_equal(t_do(t, "shoot r 1,1,1 snap right"), 0);
	assert_int_equal(t_unit(t, "r")->hands[HAND_RIGHT].rounds, 0);
	assert_int_equal(squad_survivors(t->g, SIDE_XCOM, &sq), 1);
	assert_non_null(u = roster_find(&sq, "r"));
	assert_int_equal(u->hands[HAND_RIGHT].item,
	    catalog_find_item(t->cat, "rocket-launcher"));
	assert_int_equal(u->hands[HAND_RIGHT].ammo, -1);
	text = squad_format(t->cat, &sq, NULL);
	assert_non_null(strstr(text, "right: {item: rocket-launcher, "
	    "ammo: none}"));
	free(text);
	squad_free(&sq);
}

/* Parse a one-unit roster against the shipped catalog. */
static bool
roster_parse(const struct t *t, const char *unit, struct squad *sq,
    struct diags *d)
{
	char	*yaml;
	bool	 ok;

	yaml = xasprintf("xtac-squad: 1\nside: xcom\nunits:\n  - %s\n", unit);
	diags_init(d, "roster.yaml", yaml, strlen(yaml));
	ok = squad_parse(yaml, strlen(yaml), t->cat, NULL, sq, d);
	free(yaml);
	return ok;
}

/*
 * §3.1.2 "cost the same ... but also get combat bonuses": the bonus is
 * free: the price is the same unit's new.
 */
static void
test_roster_bonus_free(void **state)
{
	struct t	*t = *state;
	struct squad	 sq;
	struct diags	 d;
	struct unit_setup plain;

	memset(&plain, 0, sizeof plain);
	plain.type = catalog_find_unit(t->cat, "troop");
	plain.armour = plain.hands[HAND_RIGHT].item =
	    plain.hands[HAND_LEFT].item = -1;
	assert_true(roster_parse(t, "{id: v, type: troop, boosts: {acc: 5}, "
	    "roster: {games: 1, points: 2, bonus: {tu: 10, ret: 4}}}", &sq,
	    &d));
	assert_int_equal(sq.units[0].bonus[STAT_TU], 10);
	assert_int_equal(sq.units[0].bonus[STAT_RET], 4);
	/* Only the bought acc +5 costs. */
	assert_int_equal(squad_unit_price(t->cat, &sq.units[0], NULL),
	    squad_unit_price(t->cat, &plain, NULL) + 5);
	diags_free(&d);
	squad_free(&sq);
}

/* In play, the bonus adds to the statistics as boosts do. */
static void
test_roster_bonus_in_play(void **state)
{
	struct t	*t = *state;
	struct squad	 sq;
	struct diags	 d;

	assert_true(roster_parse(t, "{id: v, type: troop, roster: {games: 1, "
	    "bonus: {tu: 10, acc: 10}}}", &sq, &d));
	diags_free(&d);
	t_start(t, "", "  - {id: s, side: alien, type: sectoid, "
	    "at: [9, 1, 1]}\n  - {id: b, side: xcom, type: troop, "
	    "at: [1, 1, 1]}\n");
	game_free(t->g);
	assert_int_equal(squad_place(t->s, &sq), 0);
	t->g = game_new(t->s, 1, &t->ev);
	assert_int_equal(t_unit(t, "v")->stats[STAT_TU], 27 + 10);
	assert_int_equal(t_unit(t, "v")->stats[STAT_ACC], 25 + 10);
	squad_free(&sq);
}

/* Spent and unspent add up to 20 a game; the +20 cap counts both. */
static void
test_roster_bonus_checked(void **state)
{
	struct t	*t = *state;
	struct squad	 sq;
	struct diags	 d;

	assert_false(roster_parse(t, "{id: v, type: troop, roster: {games: 1, "
	    "points: 20, bonus: {tu: 1}}}", &sq, &d));
	assert_true(fixture_has_diag(&d, "roster.yaml:4:34: 1 game survived "
	    "give 20 bonus points; this spends 1 and keeps 20 (\xc2\xa7"
	    "3.1.2)"));
	diags_free(&d);
	/* RET at two a point: 10 RET spends all 20. */
	assert_true(roster_parse(t, "{id: v, type: troop, roster: {games: 1, "
	    "bonus: {ret: 10}}}", &sq, &d));
	squad_free(&sq);
	diags_free(&d);
	assert_false(roster_parse(t, "{id: v, type: troop, boosts: {tu: 15}, "
	    "roster: {games: 2, points: 30, bonus: {tu: 10}}}", &sq, &d));
	assert_true(fixture_has_diag(&d, "roster.yaml:4:52: tu rises 25 above "
	    "its base, boosts and bonus together; at most 20 (\xc2\xa7"
	    "3.1.2)"));
	diags_free(&d);
	assert_false(roster_parse(t, "{id: v, type: troop, roster: {games: 1, "
	    "points: 20, colour: red}}", &sq, &d));
	assert_true(d.errors > 0);
	diags_free(&d);
	/* Human armour takes no bonus either. */
	assert_false(roster_parse(t, "{id: v, type: troop, roster: {games: 1, "
	    "points: 16, bonus: {front: 2}}}", &sq, &d));
	assert_true(fixture_has_diag(&d, "roster.yaml:4:65: only alien armour "
	    "can be boosted (\xc2\xa7" "3.1.2)"));
	diags_free(&d);
}

/* A veteran comes in a squad file: a map's own units have no record. */
static void
test_roster_not_on_maps(void **state)
{
	struct scenario	*s;
	struct diags	 d;
	char		*yaml;

	(void)state;
	yaml = xasprintf("%sunits:\n  - {id: v, side: xcom, type: troop, "
	    "at: [1, 1, 1], roster: {games: 1, points: 20}}\n", FIELD_MAP);
	s = fixture_parse(yaml, &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:17:61: a map's units have "
	    "no 'roster': veterans come in a squad file (--squad)"));
	diags_free(&d);
	free(yaml);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_roster_survivors,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_carried_off,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_round_trip,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_spent_clip,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_bonus_free,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_bonus_in_play,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_roster_bonus_checked,
		    t_setup, t_teardown),
		cmocka_unit_test(test_roster_not_on_maps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
