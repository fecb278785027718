/*
 * test_game.c - the rules engine through its commands, with forced dice:
 * turn structure (§2.2), hit chances term by term (§6.1), damage step by
 * step (§7.1, §7.2), criticals (§7.2.2), stun (§7.2.1), melee (§6.3),
 * reaction fire (§6.5), turning and kneeling (§5), victory (RULINGS 2.3)
 * and replay by journal.  Sections are the rulebook's; RULINGS.md decides
 * where it is silent.  Uses the shipped catalog (units/).
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

/* --- §6.1 hit chance, term by term --------------------------------------- */

/* §6.1: ACC 25 + aimed +50 - range 6 = 69. */
static void
test_hit_basic_terms(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, HAND_RIGHT, &why),
	    69);
	assert_int_equal(t_term(&why, "ACC"), 25);
	assert_int_equal(t_term(&why, "aimed"), 50);
	assert_int_equal(t_term(&why, "range"), -6);
	assert_false(t_has_term(&why, "kneeling"));
	/* Auto -25 (§3.5 Rifle): 25 - 25 - 6 < 0, shown as 0 (RULINGS 0). */
	assert_int_equal(t_chance(t, "a", "s", SHOT_AUTO, HAND_RIGHT, NULL),
	    0);
	assert_int_equal(t_chance(t, "a", "s", SHOT_SNAP, HAND_RIGHT, NULL),
	    19);
}

/* §6.1 table: kneeling +15 attacking, -5 defending; RULINGS 6.1 range. */
static void
test_hit_kneeling(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "facing: e, kneeling: true, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 5, 1], "
	    "facing: w, kneeling: true, right: plasma-pistol}\n");
	/* 25 + 50 + 15 - max(8, 4) - 5 = 77 */
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, HAND_RIGHT, &why),
	    77);
	assert_int_equal(t_term(&why, "kneeling"), 15);
	assert_int_equal(t_term(&why, "target kneeling"), -5);
	assert_int_equal(t_term(&why, "range"), -8);
}

/* RULINGS 4.3: each square with a unit between is one obstruction, -5. */
static void
test_hit_obstruction(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, HAND_RIGHT, &why),
	    64);
	assert_int_equal(t_term(&why, "obstructions"), -5);
}

/* §6.1 table: night -15, humans only. */
static void
test_hit_night_humans_only(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "scenario: {night: true}\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, HAND_RIGHT, &why),
	    54);
	assert_int_equal(t_term(&why, "night"), -15);
	/* A Sectoid at night: plasma pistol aimed +25, no night term. */
	assert_int_equal(t_chance(t, "s", "a", SHOT_AIMED, HAND_RIGHT, &why),
	    25 + 25 - 6);
	assert_false(t_has_term(&why, "night"));
}

/* RULINGS 0 and §6.1: 95 at most; a roll of 96 misses even then. */
static void
test_hit_cap_95(void **state)
{
	struct t		*t = *state;
	const struct event	*roll;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, kneeling: true, right: rifle, boosts: {acc: 20}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "
	    "facing: w}\n");
	/* 45 + 50 + 15 - 2 = 108, capped. */
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, HAND_RIGHT, NULL),
	    95);
	assert_int_equal(t_do(t, "dice 96"), 0);
	assert_int_equal(t_do(t, "shoot a s aimed"), 0);
	roll = t_event(t, EV_ROLL, 0);
	assert_non_null(roll);
	assert_int_equal(t_int(roll, "chance"), 95);
	assert_int_equal(t_int(roll, "roll"), 96);
	assert_false(t_int(roll, "success"));
	assert_true(t_int(roll, "capped"));
	assert_null(t_event(t, EV_DAMAGE, 0));
}

/* §6.1: a second, different weapon in one turn -20; akimbo -5 / -15. */
static void
test_hit_second_weapon_and_akimbo(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: pistol, left: pistol}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 1, 1], "
	    "facing: e, right: rifle, left: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_chance(t, "a", "s", SHOT_SNAP, CMD_HAND_BOTH,
	    &why), 25 + 0 - 6 - 5);
	assert_int_equal(t_term(&why, "akimbo"), -5);
	assert_int_equal(t_chance(t, "b", "s", SHOT_SNAP, CMD_HAND_BOTH,
	    &why), 25 + 0 - 6 - 15);
	assert_int_equal(t_term(&why, "akimbo"), -15);
	/* Aimed akimbo is not allowed. */
	assert_int_equal(t_chance(t, "a", "s", SHOT_AIMED, CMD_HAND_BOTH,
	    NULL), -1);
	assert_int_equal(t_do(t, "dice 99"), 0);
	assert_int_equal(t_do(t, "shoot b s snap right"), 0);
	/* 25 - 6 - 20 = -1: a chance of 0, still allowed (RULINGS 0). */
	assert_int_equal(t_chance(t, "b", "s", SHOT_SNAP, HAND_LEFT, &why),
	    0);
	assert_int_equal(t_term(&why, "second weapon"), -20);
	/* The same weapon again: no penalty. */
	assert_int_equal(t_chance(t, "b", "s", SHOT_SNAP, HAND_RIGHT, &why),
	    19);
}

/* §6.1: auto fires three separate rolls, a round each. */
static void
test_auto_burst(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: muton, at: [3, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "dice 99 98 97"), 0);
	assert_int_equal(t_do(t, "shoot a s auto"), 0);
	assert_non_null(t_event(t, EV_ROLL, 2));
	assert_null(t_event(t, EV_ROLL, 3));
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].rounds, 17);
	/* Rifle auto costs 9 TU (§3.5). */
	assert_int_equal(t_unit(t, "a")->tu, 27 - 9);
}

/* --- §7.2 damage ------------------------------------------------------------ */

/*
 * Pistol 26 AP against a Sectoid (AP +10, §7.2.3): 36.  Front armour 2
 * absorbs 2; 34 reaches HTH 30: dead (> HTH), items dropped.
 */
static void
test_damage_kills_and_drops(void **state)
{
	struct t		*t = *state;
	const struct event	*d;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	d = t_event(t, EV_DAMAGE, 0);
	assert_non_null(d);
	assert_int_equal(t_int(d, "raw"), 26);
	assert_int_equal(t_int(d, "susceptibility"), 10);
	assert_int_equal(t_int(d, "damage"), 36);
	assert_string_equal(t_str(d, "facing"), "front");
	assert_int_equal(t_int(d, "absorbed"), 2);
	assert_int_equal(t_int(d, "to_hth"), 34);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
	assert_null(t_event(t, EV_CRITICAL, 0));
	assert_non_null(t_event(t, EV_ITEM_DROPPED, 0));
	assert_non_null(t_event(t, EV_VICTORY, 0));
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
}

/*
 * Armour is a pool (RULINGS 7.2) and worn armour replaces the unarmoured
 * susceptibility row (RULINGS 3): personal armour's row has no AP term, so
 * a Sectoid's plasma (52 PB) meets front 2 + 50 = 52 and is all absorbed;
 * the next shot goes straight to HTH.
 */
static void
test_damage_armour_pool(void **state)
{
	struct t		*t = *state;
	const struct event	*d;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, armour: personal-armour}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "end"), 0);	/* the aliens' phase */
	assert_int_equal(t_do(t, "dice 1 1 7"), 0);
	assert_int_equal(t_do(t, "shoot s a snap"), 0);
	d = t_event(t, EV_DAMAGE, 0);
	assert_int_equal(t_int(d, "damage"), 52);
	assert_int_equal(t_int(d, "armour"), 52);
	assert_int_equal(t_int(d, "absorbed"), 52);
	assert_int_equal(t_int(d, "to_hth"), 0);
	assert_int_equal(t_unit(t, "a")->armour[ARMOUR_FRONT], 0);
	assert_int_equal(t_unit(t, "a")->damage, 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "shoot s a snap"), 0);
	d = t_event(t, EV_DAMAGE, 0);
	assert_int_equal(t_int(d, "to_hth"), 52);
	assert_int_equal(t_unit(t, "a")->status, UNIT_DEAD);
}

/* RULINGS 7.2 facing: a shot from behind strikes the rear armour. */
static void
test_damage_facing_rear_and_side(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: pistol}\n"
	    "  - {id: s, side: alien, type: muton, at: [4, 3, 1], "
	    "facing: e}\n"
	    "  - {id: m, side: alien, type: muton, at: [2, 1, 1], "
	    "facing: e}\n");
	assert_int_equal(t_do(t, "dice 1 6"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_string_equal(t_str(t_event(t, EV_DAMAGE, 0), "facing"), "rear");
	event_list_clear(&t->ev);
	/* m faces east; a is south-west of it, at 135 degrees: rear too. */
	assert_int_equal(t_do(t, "dice 1 6"), 0);
	assert_int_equal(t_do(t, "shoot a m snap"), 0);
	assert_string_equal(t_str(t_event(t, EV_DAMAGE, 0), "facing"), "rear");
	/* Muton AP -20: 26 - 20 = 6, all into rear armour 10. */
	assert_int_equal(t_int(t_event(t, EV_DAMAGE, 0), "damage"), 6);
}

/* §7.2.2: d10 = 10 doubles what penetrated, once. */
static void
test_critical_head(void **state)
{
	struct t		*t = *state;
	const struct event	*c;

	/* Rifle 30 AP vs Muton (AP -20): 10; front 10 absorbs it all. */
	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: heavy-cannon}\n"
	    "  - {id: s, side: alien, type: muton, at: [3, 3, 1], "
	    "facing: w}\n");
	/* Heavy cannon AP 56 - 20 = 36; front 10: 26 to HTH 120; head. */
	assert_int_equal(t_do(t, "dice 1 10"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	c = t_event(t, EV_CRITICAL, 0);
	assert_non_null(c);
	assert_string_equal(t_str(c, "location"), "head");
	assert_int_equal(t_int(c, "extra_damage"), 26);
	assert_int_equal(t_unit(t, "s")->damage, 52);
}

/* §7.2.2: legs (1-3) double movement; arms (4-5) -10 to hit. */
static void
test_critical_leg_and_arm(void **state)
{
	struct t	*t = *state;
	struct event	 why;
	struct path	 p;
	char		*cause = NULL;
	int		 before, after;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: heavy-cannon}\n"
	    "  - {id: s, side: alien, type: muton, at: [3, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	/* Five straight steps east, 8,3 L1 (0-based 7,2,0): 10 TU. */
	before = game_path(t->g, game_find_unit(t->g, "s"),
	    (struct pos){ 7, 2, 0 }, &p, &cause);
	path_free(&p);
	assert_int_equal(before, 10);
	assert_int_equal(t_do(t, "dice 1 2 1 4"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_string_equal(t_str(t_event(t, EV_CRITICAL, 0), "location"),
	    "leg");
	after = game_path(t->g, game_find_unit(t->g, "s"),
	    (struct pos){ 7, 2, 0 }, &p, &cause);
	path_free(&p);
	assert_int_equal(after, 2 * before);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_string_equal(t_str(t_event(t, EV_CRITICAL, 1), "location"),
	    "arm");
	assert_int_equal(t_chance(t, "s", "a", SHOT_SNAP, HAND_RIGHT, &why),
	    25 - 2 - 10);
	assert_int_equal(t_term(&why, "arm critical"), -10);
}

/* §7.2: accumulated damage equal to HTH: unconscious, not dead. */
static void
test_unconscious_at_exact_hth(void **state)
{
	struct t	*t = *state;

	/*
	 * Knife 15 CC (§3.5) + Sectoid CC +10 = 25 against front 2: 23.
	 * Then a rifle 30 AP + 10 = 40 ... too much; use the knife again:
	 * 25 more reaches 48 > 30.  Instead: boost HTH to 46 = 23 + 23.
	 */
	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: knife}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [2, 3, 1], "
	    "facing: w, boosts: {hth: 16}}\n");
	assert_int_equal(t_do(t, "dice 1 7 1 7"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->damage, 23);
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	/* The second blow meets no armour at the front: 25 -> 48 > 46. */
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
}

/* RULINGS 7.2: stun ignores armour, knocks out, wears off 5 a round. */
static void
test_stun_and_wake(void **state)
{
	struct t	*t = *state;
	int		 rounds = 0;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: stun-rod}\n"
	    "  - {id: s, side: alien, type: muton, at: [2, 3, 1], "
	    "facing: w}\n"
	    "  - {id: m, side: alien, type: muton, at: [12, 5, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	/* 90 ST, no Muton ST term: stun 90 <= HTH 120, still up. */
	assert_int_equal(t_unit(t, "s")->stun, 90);
	assert_int_equal(t_unit(t, "s")->armour[ARMOUR_FRONT], 10);
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	/* 85 + 90 = 175 > 120: unconscious. */
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
	/* 175 - 5 per round end: below 120 after 12 of them. */
	rounds = game_round(t->g);
	while (t_unit(t, "s")->status == UNIT_UNCONSCIOUS &&
	    game_round(t->g) < rounds + 20)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g) - rounds, 12);
	assert_int_equal(t_unit(t, "s")->stun, 115);
	assert_non_null(t_event(t, EV_WAKE, 0));
}

/* §6.3: melee needs an adjacent target; MAC + weapon accuracy only. */
static void
test_melee(void **state)
{
	struct t		*t = *state;
	const struct event	*r;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: knife}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [2, 4, 1], "
	    "facing: w}\n"
	    "  - {id: f, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "melee a f"), -1);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 91"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	r = t_event(t, EV_ROLL, 0);
	/* 75 + 15 = 90: 91 misses. */
	assert_int_equal(t_int(r, "chance"), 90);
	assert_int_equal(t_term(r, "MAC"), 75);
	assert_int_equal(t_term(r, "weapon"), 15);
	assert_false(t_int(r, "success"));
	/* Knife: 10 TU (§3.5); turning 45 degrees to the south-east is free. */
	assert_int_equal(t_unit(t, "a")->tu, 27 - 10);
}

/* --- §5 turning, kneeling, moving -------------------------------------------- */

static void
test_turn_costs(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: n}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/* 45 degrees free, the second 45 costs 1 (§5 table note). */
	assert_int_equal(t_do(t, "turn a ne"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 27);
	assert_int_equal(t_do(t, "turn a e"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 26);
	/* 90 degrees: 1; 180: 2. */
	assert_int_equal(t_do(t, "turn a s"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 25);
	assert_int_equal(t_do(t, "turn a n"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 23);
}

static void
test_kneel_and_move(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e}\n"
	    "  - {id: h, side: xcom, type: tank-cannon, at: [1, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/* §5.4: kneeling 2 TU; HWPs cannot. */
	assert_int_equal(t_do(t, "kneel a"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 25);
	assert_int_equal(t_do(t, "kneel h"), -1);
	event_list_clear(&t->ev);
	/* Moving from kneeling stands first: 2 + 3 straight steps of 2. */
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 25 - 2 - 6);
	assert_false(t_unit(t, "a")->kneeling);
	assert_non_null(t_event(t, EV_STAND, 0));
	/* More than the TUs left: refused, nothing changes. */
	assert_int_equal(t_do(t, "move a 12 1"), -1);
	assert_int_equal(t_unit(t, "a")->pos.x, 3);
}

/* --- §6.5 reactions ----------------------------------------------------------- */

#define REACT_MAP							\
	"xtac-map: 1\nname: Corner\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + +-+ + + + +\n"					\
	"    |. . . .|. . . .|\n"					\
	"    +-+-+-+-+ + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"rules:\n  walk-on-sighting: true\n"	/* reactions, not stops */


/* The watcher loses the opposed roll: no shot; a tie is rolled again. */
static void
test_reaction_opposed_rolls(void **state)
{
	struct t		*t = *state;
	const struct event	*o;

	/* a walks from behind the wall (row 2, x 1-4) into s's view. */
	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_false(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "a")));
	/* 10 + 15 = 25 vs 25 + 0: a tie; then 10 + 15 vs 50: a wins. */
	assert_int_equal(t_do(t, "dice 10 25 10 50"), 0);
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	assert_non_null(t_event(t, EV_REACTION_CHECK, 0));
	o = t_event(t, EV_OPPOSED, 0);
	assert_string_equal(t_str(o, "winner"), "tie");
	o = t_event(t, EV_OPPOSED, 1);
	assert_string_equal(t_str(o, "winner"), "a");
	assert_null(t_event(t, EV_ATTACK, 0));
	/* Seen before the next step: no second check (RULINGS 6.5). */
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move a 5 3"), 0);
	assert_null(t_event(t, EV_REACTION_CHECK, 0));
}

/*
 * A watcher needs a loaded weapon and the TUs for a snap shot; TUs spent in
 * its own phase earlier in the round are gone (RULINGS 2.2, 6.5).
 */
static void
test_reaction_needs_tu_and_ammo(void **state)
{
	struct t		*t = *state;
	const struct event	*c;
	int			 i;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [8, 1, 1], "
	    "facing: w, right: {item: plasma-pistol, ammo: none}}\n");
	/* Round 2: X-Com rolls 1, the aliens 9 and move first. */
	t_aliens_first_round2(t);
	t_drain_tu(t, "s", 8);
	assert_int_equal(t_unit(t, "s")->tu, 7);	/* snap costs 8 */
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	for (i = 0; (c = t_event(t, EV_REACTION_CHECK, (size_t)i)) != NULL;
	    i++)
		assert_false(t_int(c, "able"));
	assert_int_equal(i, 2);
	assert_null(t_event(t, EV_OPPOSED, 0));
	assert_null(t_event(t, EV_ATTACK, 0));
}

/* A won reaction fires one snap shot and pays its TUs (RULINGS 6.5). */
static void
test_reaction_fires(void **state)
{
	struct t		*t = *state;
	const struct event	*a;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 90 10 99"), 0);
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	a = t_event(t, EV_ATTACK, 0);
	assert_non_null(a);
	assert_string_equal(t_str(a, "mode"), "snap");
	assert_true(t_int(a, "reaction"));
	/* Plasma pistol snap: 8 TU (§3.5). */
	assert_int_equal(t_unit(t, "s")->tu, 27 - 8);
}

/* RULINGS 6.5: a pair of pistols reacts akimbo, -5, two rolls. */
static void
test_reaction_akimbo(void **state)
{
	struct t		*t = *state;
	const struct event	*a, *r;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [8, 3, 1], "
	    "facing: w, right: pistol, left: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 2, 1], "
	    "facing: e}\n");
	assert_int_equal(t_do(t, "end"), 0);
	/* s steps out; a wins 90 + 0 against 10 + 15 and fires both. */
	assert_int_equal(t_do(t, "dice 90 10 99 1 99 1"), 0);
	assert_int_equal(t_do(t, "move s 4 3"), 0);
	a = t_event(t, EV_ATTACK, 0);
	assert_non_null(a);
	assert_string_equal(t_str(a, "hand"), "both");
	r = t_event(t, EV_ROLL, 1);
	assert_non_null(r);
	assert_int_equal(t_term(r, "akimbo"), -5);
	/* The dearer snap of the two: 5 TU (§6.1). */
	assert_int_equal(t_unit(t, "a")->tu, 27 - 5);
}

/* --- §2.2 rounds ---------------------------------------------------------------- */

/* RULINGS 2.2: ties re-roll among the tied; highest goes first. */
static void
test_initiative_ties(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/* End both phases; the next round rolls 5, 5 then 3 (xcom), 8. */
	assert_int_equal(t_do(t, "dice 5 5 3 8"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	e = t_event(t, EV_INITIATIVE, 2);
	assert_non_null(e);
	assert_true(t_int(e, "reroll"));
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(game_round(t->g), 2);
}

/* RULINGS 2.2: choosing another unit ends the turn of one that acted. */
static void
test_unit_switching(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_int_equal(t_do(t, "move b 2 1"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), -1);
	assert_string_equal(t_str(t_event(t, EV_ERROR, 0), "reason"),
	    "a's turn is over: another unit was chosen after it acted "
	    "(RULINGS 2.2)");
}

/* Same scenario, seed and journal: the same game, hash for hash. */
static void
test_replay_by_journal(void **state)
{
	struct t		*t = *state;
	struct event_list	 ev2;
	struct game		*g2;
	size_t			 i;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "move a 3 2"), 0);
	assert_int_equal(t_do(t, "shoot a s auto"), 0);
	t_do(t, "end");
	t_do(t, "shoot s a snap");
	t_do(t, "end");
	event_list_init(&ev2);
	g2 = game_new(t->s, 1, &ev2);
	for (i = 0; i < game_journal_length(t->g); i++) {
		/* Through text, as a save file would carry it. */
		char *line = cmd_format(t->g, game_journal(t->g, i)), *cause;
		struct command c;

		assert_int_equal(cmd_parse(g2, line, &c, &cause), 0);
		assert_int_equal(game_execute(g2, &c, &ev2), 0);
		free(line);
	}
	assert_true(game_hash(g2) == game_hash(t->g));
	game_free(g2);
	event_list_free(&ev2);
}

/* RULINGS 4: doors close at the end of the phase unless someone is there. */
static void
test_doors_close(void **state)
{
	struct t	*t = *state;
	const char	*map =
	    "xtac-map: 1\nname: Door\nlevels:\n  - |\n"
	    "    +-+-+-+-+\n"
	    "    |. ./. .|\n"
	    "    + + + + +\n"
	    "    |. .|. .|\n"
	    "    +-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 2, 1]}\n");
	/* Through the door: 2 + 2 (opening) + 2. */
	assert_int_equal(t_do(t, "move a 3 1"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 6);
	assert_non_null(t_event(t, EV_DOOR_OPEN, 0));
	/* a stands in the doorway: it stays open. */
	assert_int_equal(t_do(t, "end"), 0);
	assert_null(t_event(t, EV_DOOR_CLOSE, 0));
	assert_int_equal(t_do(t, "end"), 0);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "move a 4 1"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_DOOR_CLOSE, 0));
}

/*
 * RULINGS Special units: the implant (MAC 80 - 40 = 40) makes a zombie
 * that moves for the aliens, cannot attack, and hatches into a Chrysalid
 * two rounds later.
 */
static void
test_chrysalid_implant(void **state)
{
	struct t	*t = *state;
	int		 r;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [12, 5, 1]}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [2, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 41"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "chance"), 40);
	assert_null(t_event(t, EV_TRANSFORM, 0));
	assert_int_equal(t_do(t, "dice 40"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	assert_string_equal(t_str(t_event(t, EV_TRANSFORM, 0), "into"),
	    "zombie");
	assert_int_equal(t_unit(t, "a")->controller, SIDE_ALIEN);
	/* The aliens command it now, but it cannot shoot. */
	assert_int_equal(t_do(t, "move a 1 2"), 0);
	assert_int_equal(t_do(t, "shoot a b snap"), -1);
	r = game_round(t->g);
	while (game_round(t->g) < r + 2)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_unit(t, "a")->type,
	    catalog_find_unit(t->cat, "chrysalid"));
	assert_int_equal(t_unit(t, "a")->stats[STAT_HTH], 95);
}

/* RULINGS Special units: every 4 full rounds a Celatid survives, a clone. */
static void
test_celatid_clones(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	size_t			 before = 0;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: c, side: alien, type: celatid, at: [10, 3, 1], "
	    "boosts: {hth: 5}}\n");
	before = game_nunits(t->g);
	while (game_round(t->g) < 4)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_nunits(t->g), before);
	while (game_round(t->g) < 5)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_nunits(t->g), before + 1);
	e = t_event(t, EV_TRANSFORM, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "clone"), "c.1");
	/* A standard Celatid: no boosts, full TUs, beside its parent. */
	assert_int_equal(t_unit(t, "c.1")->stats[STAT_HTH], 70);
	assert_true(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "c.1")));
	/* The next one comes 4 rounds later still. */
	while (game_round(t->g) < 9)
		assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_TRANSFORM, 1));
	assert_int_not_equal(game_find_unit(t->g, "c.2"), -1);
}

/*
 * §3.4: a civilian that sees an alien rolls d100 + RET against it when a
 * phase ends: won, it runs with all its TUs away from the alien; lost, it
 * is frozen for the round and runs the next time, without a roll.
 */
static void
test_civilian_runs(void **state)
{
	struct t	*t = *state;

	t_start(t, "sides:\n  xcom: {}\n  alien: {}\n  civilian: {}\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: c, side: civilian, type: civilian, at: [6, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	/* 90 - 10 = 80 against 10 + 15: the civilian wins and runs west. */
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_OPPOSED, 0));
	assert_true(t_unit(t, "c")->pos.x < 5);
	assert_false(t_unit(t, "c")->frightened);
}

static void
test_civilian_frozen_then_runs(void **state)
{
	struct t	*t = *state;
	int		 x;

	t_start(t, "sides:\n  xcom: {}\n  alien: {}\n  civilian: {}\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: c, side: civilian, type: civilian, at: [6, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "dice 10 90"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	x = t_unit(t, "c")->pos.x;
	assert_int_equal(x, 5);
	assert_true(t_unit(t, "c")->frightened);
	/* No more this round; next round it runs without a roll. */
	event_list_clear(&t->ev);
	while (game_round(t->g) < 2)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_true(t_unit(t, "c")->pos.x < x);
}

/* §3.4: it deviates from "directly away" to get out of the aliens' sight. */
static void
test_civilian_hides(void **state)
{
	struct t	*t = *state;
	static const char map[] =
	    "xtac-map: 1\nname: Nook\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . . .|. . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . . .|. . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	    "sides:\n  xcom: {}\n  alien: {}\n  civilian: {}\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [12, 3, 1]}\n"
	    "  - {id: c, side: civilian, type: civilian, at: [6, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 2, 1], "
	    "facing: w}\n");
	assert_true(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "c")));
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_true(t_unit(t, "c")->pos.x <= 3);
	assert_false(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "c")));
}

/*
 * House rule civilians_steered: a civilian that is to run waits for X-Com,
 * who moves it once in its next phase; left alone, it runs by itself when
 * that phase ends.
 */
static void
test_civilian_steered(void **state)
{
	struct t	*t = *state;

	t_start(t, "rules: {civilians-steered: true}\n"
	    "sides:\n  xcom: {}\n  alien: {}\n  civilian: {}\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: c, side: civilian, type: civilian, at: [6, 3, 1]}\n"
	    "  - {id: d, side: civilian, type: civilian, at: [6, 5, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	/* Both win their rolls at the end of X-Com's phase. */
	assert_int_equal(t_do(t, "dice 90 10 90 10"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_true(t_unit(t, "c")->steered);
	assert_int_equal(t_unit(t, "c")->pos.x, 5);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	/* X-Com steers c; a civilian does nothing else; once only. */
	assert_int_equal(t_do(t, "move c 3 2"), 0);
	assert_int_equal(t_unit(t, "c")->pos.x, 2);
	assert_int_equal(t_do(t, "move c 2 2"), -1);
	/* d, left alone, runs when X-Com's phase ends. */
	assert_int_equal(t_do(t, "end"), 0);
	assert_false(t_unit(t, "d")->steered);
	assert_true(t_unit(t, "d")->pos.x < 5);
}

/* RULINGS 2.3: the crashed side plays two free phases before round 1. */
static void
test_crashed_head_start(void **state)
{
	struct t	*t = *state;
	char		*yaml = xasprintf("%sscenario: {mission: crashed, side: "
			    "alien}\nunits:\n"
			    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [12, 5, 1]}\n", FIELD_MAP);

	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new(t->s, 1, &t->ev);
	assert_int_equal(game_round(t->g), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "move s 11 5"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	/* The second free phase: TUs back in full. */
	assert_int_equal(game_round(t->g), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_unit(t, "s")->tu, 27);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 1);
	assert_non_null(t_event(t, EV_INITIATIVE, 0));
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_hit_basic_terms),
		T(test_hit_kneeling),
		T(test_hit_obstruction),
		T(test_hit_night_humans_only),
		T(test_hit_cap_95),
		T(test_hit_second_weapon_and_akimbo),
		T(test_auto_burst),
		T(test_damage_kills_and_drops),
		T(test_damage_armour_pool),
		T(test_damage_facing_rear_and_side),
		T(test_critical_head),
		T(test_critical_leg_and_arm),
		T(test_unconscious_at_exact_hth),
		T(test_stun_and_wake),
		T(test_melee),
		T(test_turn_costs),
		T(test_kneel_and_move),
		T(test_reaction_opposed_rolls),
		T(test_reaction_needs_tu_and_ammo),
		T(test_reaction_fires),
		T(test_reaction_akimbo),
		T(test_initiative_ties),
		T(test_unit_switching),
		T(test_replay_by_journal),
		T(test_doors_close),
		T(test_crashed_head_start),
		T(test_chrysalid_implant),
		T(test_celatid_clones),
		T(test_civilian_runs),
		T(test_civilian_frozen_then_runs),
		T(test_civilian_hides),
		T(test_civilian_steered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
