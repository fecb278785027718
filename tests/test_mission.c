/*
 * test_mission.c - what each side plays for (§2.3, RULINGS §2.3): terror
 * sites and their civilians, the four secret missions drawn, kept secret
 * and detected, and the scenario keys that set them up.
 *
 * Stats from the shipped catalog (units/): a pistol's 26 AP is 36 on a
 * Sectoid (AP +10, front armour 2): dead at HTH 30; a plasma pistol kills
 * a civilian (HTH 17).  On FIELD_MAP everyone sees everyone.  With seed 1
 * round 1's initiative is xcom 8, alien 1: t_start leaves X-Com to move,
 * and `end` leads to the aliens.
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
#include "xtac/mission.h"
#include "xtac/util.h"

#define SIDES_WITH_CIVILIANS						\
	"sides:\n"							\
	"  xcom: {deploy: [{from: [1, 1, 1], to: [2, 5, 1]}]}\n"	\
	"  alien: {deploy: [{from: [9, 1, 1], to: [12, 5, 1]}]}\n"	\
	"  civilian: {}\n"

#define TERROR	"scenario: {mission: terror}\n" SIDES_WITH_CIVILIANS

/* The victory event, or a failed test. */
static const struct event *
mission_victory(const struct t *t)
{
	const struct event	*e = t_event(t, EV_VICTORY, 0);

	assert_non_null(e);
	return e;
}

/* The nth mission event with this "what", or NULL. */
static const struct event *
mission_event(const struct t *t, const char *what, size_t nth)
{
	const struct event	*e;
	size_t			 i;

	for (i = 0; (e = t_event(t, EV_MISSION, i)) != NULL; i++)
		if (strcmp(t_str(e, "what"), what) == 0 && nth-- == 0)
			return e;
	return NULL;
}

/* Start without t_start's clearing: the set-up's events stay. */
static void
mission_start(struct t *t, const char *map, const char *extra,
    const char *units)
{
	char	*yaml = xasprintf("%s%sunits:\n%s", map, extra, units);

	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new(t->s, 1, &t->ev);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
}

/* --- terror sites (§2.3 Terror Sites, RULINGS §2.3) --------------------- */

#define TERROR_UNITS							\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "		\
	"facing: e, right: pistol}\n"					\
	"  - {id: s, side: alien, type: sectoid, at: [10, 3, 1], "	\
	"facing: w, right: plasma-pistol}\n"

/* "The alien goal is to eliminate all civilian targets." */
static void
test_terror_aliens_win_by_civilians(void **state)
{
	struct t		*t = *state;
	const struct event	*v;

	t_start(t, TERROR, TERROR_UNITS
	    "  - {id: c, side: civilian, type: civilian, at: [8, 1, 1]}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot s c snap"), 0);
	assert_int_equal(t_unit(t, "c")->status, UNIT_DEAD);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_ALIEN);
	v = mission_victory(t);
	assert_string_equal(t_str(v, "reason"), "civilians");
	assert_string_equal(mission_end_reason(t->g), "civilians");
	/* RULINGS §2.3: aliens score civilians killed; X-Com, aliens
	   killed less civilians lost. */
	assert_int_equal(t_int(v, "civilians"), 1);
	assert_int_equal(t_int(v, "civilians_lost"), 1);
	assert_int_equal(t_int(v, "alien_score"), 1);
	assert_int_equal(t_int(v, "xcom_score"), -1);
}

/* One civilian of two lost: the game goes on; the score says so. */
static void
test_terror_goes_on_while_civilians_live(void **state)
{
	struct t		*t = *state;
	struct mission_score	 sc;

	t_start(t, TERROR, TERROR_UNITS
	    "  - {id: c, side: civilian, type: civilian, at: [8, 1, 1]}\n"
	    "  - {id: d, side: civilian, type: civilian, at: [6, 5, 1]}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot s c snap"), 0);
	assert_int_equal(t_unit(t, "c")->status, UNIT_DEAD);
	assert_false(game_over(t->g));
	assert_null(t_event(t, EV_VICTORY, 0));
	mission_score(t->g, &sc);
	assert_int_equal(sc.civilians, 2);
	assert_int_equal(sc.civilians_lost, 1);
	assert_int_equal(sc.score[SIDE_ALIEN], 1);
	assert_int_equal(sc.score[SIDE_XCOM], -1);
}

/*
 * "The XCom goal is to eliminate all alien forces, whilst minimising
 * civilian casualties": X-Com wins by elimination, scoring 1 - 0.
 */
static void
test_terror_xcom_wins_with_score(void **state)
{
	struct t		*t = *state;
	const struct event	*v;

	t_start(t, TERROR, TERROR_UNITS
	    "  - {id: c, side: civilian, type: civilian, at: [6, 5, 1]}\n");
	assert_int_equal(t_do(t, "move a 8 3"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	v = mission_victory(t);
	assert_string_equal(t_str(v, "reason"), "elimination");
	assert_int_equal(t_int(v, "aliens_lost"), 1);
	assert_int_equal(t_int(v, "civilians_lost"), 0);
	assert_int_equal(t_int(v, "xcom_score"), 1);
	assert_int_equal(t_int(v, "alien_score"), 0);
}

/* An assault ends by elimination, and says so (RULINGS §2.3). */
static void
test_assault_elimination_reason(void **state)
{
	struct t	*t = *state;

	t_start(t, "", TERROR_UNITS);
	assert_int_equal(t_do(t, "move a 8 3"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_string_equal(t_str(mission_victory(t), "reason"),
	    "elimination");
	assert_null(event_get(mission_victory(t), "civilians"));
}

/*
 * §2.3: crashed craft, base assault and ship boarding have the goal of "a
 * standard assault": the game goes on while both sides have a unit
 * standing and ends, by elimination, when the last alien falls.  Each
 * mission is played on the same ground with the same shot.
 */
static void
mission_by_elimination(struct t *t, const char *extra)
{
	t_start(t, extra, TERROR_UNITS);
	assert_int_equal(t_do(t, "move a 8 3"), 0);
	assert_false(game_over(t->g));
	assert_null(t_event(t, EV_VICTORY, 0));
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_victory(t), "reason"),
	    "elimination");
	assert_null(event_get(mission_victory(t), "civilians"));
	t_finish(t);
	event_list_clear(&t->ev);
}

static void
test_other_missions_by_elimination(void **state)
{
	struct t	*t = *state;

	mission_by_elimination(t, "scenario: {mission: crashed, side: "
	    "alien}\n");
	mission_by_elimination(t, "scenario: {mission: base, side: "
	    "alien}\n");
	mission_by_elimination(t, "scenario: {mission: boarding}\n");
}

/* --- secret missions (§2.3 Missions) ------------------------------------ */

/* A crate at 6,3 to sabotage; a hut (a building) over x 9-12. */
#define SECRET_MAP							\
	"xtac-map: 1\nname: Secret\n"					\
	"legend: {squares: {'c': {floor: grass, object: fuel-drum}}}\n"	\
	"levels:\n  - |\n"						\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . c . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"buildings:\n  - {name: hut, from: [9, 1], to: [12, 5]}\n"

#define SECRET_SIDES(xcom_secret)					\
	"sides:\n"							\
	"  xcom: {deploy: [{from: [1, 1, 1], to: [2, 5, 1]}],\n"	\
	"         secret: " xcom_secret "}\n"				\
	"  alien: {deploy: [{from: [9, 1, 1], to: [12, 5, 1]}]}\n"

/*
 * §2.3: the mission is "written down at the beginning of the game" and
 * RULINGS §2.3 keeps it "hidden from the other side": the one event that
 * names it is marked secret and carries its side, so a driver shows it to
 * that side alone; the aliens are given none.
 */
static void
test_secret_given_to_its_side_only(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	mission_start(t, SECRET_MAP, SECRET_SIDES("{sabotage: [6, 3, 1]}"),
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1], "
	    "right: plasma-pistol}\n");
	e = mission_event(t, "given", 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "side"), "xcom");
	assert_string_equal(t_str(e, "mission"), "sabotage");
	assert_string_equal(t_str(e, "target"), "fuel-drum at 6,3 L1");
	assert_true(t_int(e, "secret"));
	assert_null(mission_event(t, "given", 1));
	assert_int_equal(mission_secret(t->g, SIDE_XCOM)->mission,
	    MISSION_SABOTAGE);
	assert_int_equal(mission_secret(t->g, SIDE_ALIEN)->mission,
	    MISSION_ASSAULT);
	/* Nothing else speaks of it: no other event names the target. */
	assert_null(mission_event(t, "achieved", 0));
}

/* Sabotage: "a particular object ... must be destroyed". */
static void
test_sabotage(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	mission_start(t, SECRET_MAP, SECRET_SIDES("{sabotage: [6, 3, 1]}"),
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 1, 1], "
	    "right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n");
	/* Not yet: the drum stands. */
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_false(game_over(t->g));
	assert_null(mission_event(t, "achieved", 0));
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a 6,3 snap"), 0);
	assert_non_null(t_event(t, EV_DESTROYED, 0));
	e = mission_event(t, "achieved", 0);
	assert_non_null(e);
	/* Done, it ends the game: no secret any more. */
	assert_false(t_int(e, "secret"));
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_victory(t), "reason"), "objective");
	assert_true(mission_secret(t->g, SIDE_XCOM)->achieved);
	/* Both Sectoids still stand: it was no elimination. */
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
}

#define PSI_TROOP							\
	"  - {id: a, side: xcom, type: troop, at: [3, 3, 1], "		\
	"right: psi-amp, boosts: {psk: 20}}\n"

/*
 * Capture unit: "mind controlled and taken back to the craft" (the
 * side's deployment zone, x 1-2).  Control: 90 + PSK - 25 against 10
 * (test_psi.c's figures).
 */
static void
test_capture_unit_by_mind_control(void **state)
{
	struct t	*t = *state;

	t_start(t, SECRET_SIDES("{capture-unit: s}"), PSI_TROOP
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "psi a s control"), 0);
	assert_int_equal(t_unit(t, "s")->controller, SIDE_XCOM);
	/* Controlled but not in the craft: not yet. */
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "move s 2 3"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_victory(t), "reason"), "objective");
	assert_string_equal(t_str(mission_event(t, "achieved", 0), "mission"),
	    "capture-unit");
}

/*
 * Capture unit: "stunned and taken back to the craft" - carried (§5.3,
 * test_carry.c): stunned by a stun rod (90 ST), lifted, walked into the
 * deployment zone.
 */
static void
test_capture_unit_carried(void **state)
{
	struct t	*t = *state;

	t_start(t, SECRET_SIDES("{capture-unit: s}"),
	    "  - {id: a, side: xcom, type: troop, at: [4, 3, 1], "
	    "facing: e, right: stun-rod}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
	/* Stunned where it lies: outside the craft, not yet. */
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "carry a s"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_event(t, "achieved", 0), "mission"),
	    "capture-unit");
}

/*
 * §4.1: "in the case of base missions, command centres and elevators take
 * the place of landing craft".  The defenders start anywhere (§2.3), so
 * their command centre is where a capture brings its prize: the map names
 * it in the defenders' craft zones, and they need no deploy zone.
 */
static void
test_capture_unit_base_command_centre(void **state)
{
	struct t	*t = *state;

	t_start(t, "scenario: {mission: base, side: alien}\n"
	    "sides:\n"
	    "  xcom: {secret: {capture-unit: s,\n"
	    "         craft: [{from: [1, 1, 1], to: [2, 5, 1]}]}}\n"
	    "  alien: {deploy: [{from: [9, 1, 1], to: [12, 5, 1]}]}\n",
	    "  - {id: a, side: xcom, type: troop, at: [4, 3, 1], "
	    "facing: e, right: stun-rod}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n");
	assert_int_equal(mission_secret(t->g, SIDE_XCOM)->mission,
	    MISSION_CAPTURE_UNIT);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_do(t, "carry a s"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_victory(t), "reason"), "objective");
}

/* Dead, the unit cannot be captured: the mission reverts (§2.3, as for
   capture technology), secretly, and elimination decides. */
static void
test_capture_unit_reverts_when_killed(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start(t, SECRET_SIDES("{capture-unit: s}"),
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
	e = mission_event(t, "reverted", 0);
	assert_non_null(e);
	assert_true(t_int(e, "secret"));
	assert_string_equal(t_str(e, "side"), "xcom");
	assert_true(mission_secret(t->g, SIDE_XCOM)->reverted);
	assert_false(game_over(t->g));
	/* Said once. */
	assert_int_equal(t_do(t, "end"), 0);
	assert_null(mission_event(t, "reverted", 1));
}

/*
 * Capture ship: "All enemy units must be eliminated from the alien craft,
 * and at least one friendly unit must be in the enemy craft."  The hut
 * (x 9-12) stands for it.
 */
static void
test_capture_ship(void **state)
{
	struct t	*t = *state;

	mission_start(t, SECRET_MAP, SECRET_SIDES("{capture-ship: hut}"),
	    "  - {id: a, side: xcom, type: troop, at: [6, 2, 1], "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [3, 5, 1], "
	    "right: plasma-pistol}\n");
	/* In with an alien still aboard: no capture. */
	assert_int_equal(t_do(t, "move a 9 2"), 0);
	assert_false(game_over(t->g));
	assert_null(mission_event(t, "achieved", 0));
	/* The last one aboard falls; z, outside, does not matter. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_event(t, "achieved", 0), "mission"),
	    "capture-ship");
	assert_int_equal(t_unit(t, "z")->status, UNIT_ACTIVE);
}

/*
 * Capture technology: "stolen from the enemy and taken back to the
 * friendly craft": a's pistol kills s beside it (s drops its plasma
 * pistol, RULINGS §7.2), a picks it up and steps back into the zone.
 */
static void
test_capture_technology(void **state)
{
	struct t	*t = *state;

	t_start(t, SECRET_SIDES("{capture-technology: plasma-pistol}"),
	    "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, right: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1], "
	    "right: plasma-rifle}\n");
	assert_null(mission_event(t, "reverted", 0));
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_int_equal(t_do(t, "pickup a plasma-pistol"), 0);
	/* Carried, but outside the craft: not yet. */
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
	assert_string_equal(t_str(mission_event(t, "achieved", 0), "mission"),
	    "capture-technology");
}

/* "If the equipment or weapon is not on any enemy unit, the mission
   reverts to elimination of all of the enemy." */
static void
test_capture_technology_reverts(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	mission_start(t, FIELD_MAP,
	    SECRET_SIDES("{capture-technology: heavy-plasma}"),
	    "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "right: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1], "
	    "right: plasma-pistol}\n");
	e = mission_event(t, "reverted", 0);
	assert_non_null(e);
	assert_true(t_int(e, "secret"));
	assert_true(mission_secret(t->g, SIDE_XCOM)->reverted);
}

/* A dice source answering a fixed list, for the set-up's draw. */
struct mission_dice {
	const int	*v;
	size_t		 n, used;
};

static int
mission_dice_fn(void *ctx, int sides, const char *what)
{
	struct mission_dice	*d = ctx;

	(void)what;
	if (d->used < d->n)
		return d->v[d->used++];
	/* Then initiative: different values, so no tie rolls forever. */
	return (int)(d->used++ % (size_t)sides) + 1;
}

/*
 * §2.3 "each side can take one of four random, secret missions": drawn
 * among those the scenario gave a target, by d10 (RULINGS §0: dice), a
 * roll above the last multiple of the count re-rolled.  Three targets:
 * 10 re-rolls; 5 is the second (5 - 1 = 4, mod 3 = 1).
 */
static void
test_secret_drawn(void **state)
{
	static const int	 rolls[] = { 10, 5 };
	struct t		*t = *state;
	struct mission_dice	 d = { rolls, 2, 0 };
	char			*yaml;

	yaml = xasprintf("%s%sunits:\n%s", SECRET_MAP,
	    SECRET_SIDES("{mission: random, sabotage: [6, 3, 1], "
	    "capture-unit: s, capture-ship: hut}"),
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1], "
	    "right: plasma-pistol}\n");
	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new_dice(t->s, 1, mission_dice_fn, &d, &t->ev);
	/* The draw comes first among the set-up's dice, then initiative. */
	{
		size_t		 n;
		const int	*v = game_setup_dice(t->g, &n);

		assert_true(n > 2);
		assert_int_equal(v[0], 10);
		assert_int_equal(v[1], 5);
	}
	assert_int_equal(mission_secret(t->g, SIDE_XCOM)->mission,
	    MISSION_CAPTURE_UNIT);
	assert_string_equal(t_str(mission_event(t, "given", 0), "target"),
	    "s");
	t_finish(t);
	event_list_clear(&t->ev);
	/* From the rules stream: the same seed draws the same mission. */
	yaml = xasprintf("%s%sunits:\n%s", SECRET_MAP,
	    SECRET_SIDES("{sabotage: [6, 3, 1], capture-ship: hut}"),
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1]}\n");
	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	t->g = game_new(t->s, 7, &t->ev);
	{
		enum mission first = mission_secret(t->g, SIDE_XCOM)->mission;
		struct game *again = game_new(t->s, 7, &t->ev);

		assert_true(first == MISSION_SABOTAGE ||
		    first == MISSION_CAPTURE_SHIP);
		assert_int_equal(mission_secret(again, SIDE_XCOM)->mission,
		    first);
		assert_int_equal(game_hash(again), game_hash(t->g));
		game_free(again);
	}
}

/* --- the crash roll (§2.3 Crashed UFO, RULINGS §2.3) -------------------- */

/* A UFO power source at 6,3 with a Sectoid beside it and one far off. */
#define CRASH_MAP(roll)							\
	"xtac-map: 1\nname: Crash\n"					\
	"legend: {squares: {'P': {floor: grass, "			\
	"object: ufo-power-source}}}\n"					\
	"levels:\n  - |\n"						\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . P . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"scenario: {mission: crashed, side: alien, crash-roll: " roll "}\n" \
	"units:\n"							\
	"  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"	\
	"  - {id: s, side: alien, type: sectoid, at: [7, 3, 1]}\n"	\
	"  - {id: z, side: alien, type: sectoid, at: [12, 5, 1]}\n"

static void
mission_crash_game(struct t *t, const char *yaml, const int *rolls,
    size_t n)
{
	struct mission_dice	d = { rolls, n, 0 };

	t->s = fixture_scenario(yaml, t->cat);
	assert_non_null(t->s);
	t->g = game_new_dice(t->s, 1, mission_dice_fn, &d, &t->ev);
	assert_true(d.used >= n);
}

/* A crash event for the power source, or a failed test. */
static const struct event *
mission_crash_event(const struct t *t)
{
	const struct event	*e = mission_event(t, "crash", 0);

	assert_non_null(e);
	assert_string_equal(t_str(e, "object"), "ufo-power-source");
	assert_int_equal(t_int(e, "chance"), 85);
	return e;
}

/* On the ground: 85 explodes, as the object's own 90 HE-2 blast. */
static void
test_crash_roll_ground(void **state)
{
	static const int	 explodes[] = { 85 }, holds[] = { 86 };
	struct t		*t = *state;
	const struct event	*x;

	mission_crash_game(t, CRASH_MAP("ground"), explodes, 1);
	assert_true(t_int(mission_crash_event(t), "success"));
	x = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(x);
	assert_int_equal(map_square(game_map(t->g), (struct pos){ 5, 2, 0 })->
	    object, OBJECT_NONE);
	assert_true(t_unit(t, "s")->damage > 0 ||
	    t_unit(t, "s")->status != UNIT_ACTIVE);
	assert_null(t_event(t, EV_EXPLOSION, 1));
	t_finish(t);
	event_list_clear(&t->ev);
	mission_crash_game(t, CRASH_MAP("ground"), holds, 1);
	assert_false(t_int(mission_crash_event(t), "success"));
	assert_null(t_event(t, EV_EXPLOSION, 0));
	assert_int_not_equal(map_square(game_map(t->g),
	    (struct pos){ 5, 2, 0 })->object, OBJECT_NONE);
}

/* A sabotage target the crash blew up: nothing left to do; it reverts. */
static void
test_crash_roll_sabotage_reverts(void **state)
{
	static const int	 explodes[] = { 85 };
	struct t		*t = *state;
	const struct event	*e;

	mission_crash_game(t, CRASH_MAP("ground")
	    "sides:\n  xcom: {deploy: [{from: [1, 1, 1], to: [2, 5, 1]}], "
	    "secret: {sabotage: [6, 3, 1]}}\n  alien: {}\n", explodes, 1);
	e = mission_event(t, "reverted", 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "target"), "ufo-power-source at 6,3 L1");
	assert_true(mission_secret(t->g, SIDE_XCOM)->reverted);
	assert_false(game_over(t->g));
}

/* In flight: "100 x 2d10 HE-3": 1 and 2 are 300. */
static void
test_crash_roll_flight(void **state)
{
	static const int	 rolls[] = { 40, 1, 2 };
	struct t		*t = *state;
	const struct event	*e;

	mission_crash_game(t, CRASH_MAP("flight"), rolls, 3);
	e = mission_crash_event(t);
	assert_true(t_int(e, "success"));
	assert_int_equal(t_int(e, "damage"), 300);
	assert_non_null(t_event(t, EV_EXPLOSION, 0));
	/* 300 HE-3 at one square: the Sectoid beside it is dead. */
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
}

/* RULINGS §2.3: "the map's craft loses walls as the scenario lists them". */
static void
test_lost_walls(void **state)
{
	struct t	*t = *state;
	struct diags	 d;
	struct scenario	*s;
	char		*yaml;

	(void)t;
	yaml = xasprintf("%sscenario: {mission: crashed, side: alien, "
	    "lost-walls: [{at: [1, 1, 1], side: n}, {at: [12, 5, 1], "
	    "side: e}]}\nunits:\n%s", SECRET_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1]}\n");
	s = fixture_parse(yaml, &d);
	free(yaml);
	assert_non_null(s);
	assert_int_equal(map_edge(s->map, (struct pos){ 0, 0, 0 }, DIR_N)->kind,
	    EDGE_OPEN);
	assert_int_equal(map_edge(s->map, (struct pos){ 11, 4, 0 },
	    DIR_E)->kind, EDGE_OPEN);
	/* The rest stand. */
	assert_int_equal(map_edge(s->map, (struct pos){ 1, 0, 0 }, DIR_N)->kind,
	    EDGE_WALL);
	scenario_free(s);
	diags_free(&d);
}

/* --- the scenario keys (xtac-map(5)) ------------------------------------ */

static void
mission_bad(const char *extra, const char *units, const char *want)
{
	struct diags	 d;
	struct scenario	*s;
	char		*yaml = xasprintf("%s%sunits:\n%s", SECRET_MAP, extra,
			    units);

	s = fixture_parse(yaml, &d);
	free(yaml);
	/* One problem, said once: no echoes of it. */
	if (s != NULL || !fixture_has_diag(&d, want) || d.errors != 1) {
		fixture_dump(&d);
		fail_msg("expected: %s", want);
	}
	scenario_free(s);
	diags_free(&d);
}

#define BAD_UNITS							\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "		\
	"right: plasma-rifle}\n"					\
	"  - {id: s, side: alien, type: sectoid, at: [11, 3, 1]}\n"

static void
test_mission_keys_checked(void **state)
{
	(void)state;
	/* §2.3: a terror site has civilians. */
	mission_bad("scenario: {mission: terror}\n", BAD_UNITS,
	    "test.yaml:19:21: a terror mission needs civilians on the map "
	    "(\xc2\xa7" "2.3): units of side civilian");
	mission_bad(SECRET_SIDES("{sabotage: [2, 3, 1]}"), BAD_UNITS,
	    "test.yaml:21:29: no object stands at 2,3 L1 to sabotage");
	mission_bad(SECRET_SIDES("{capture-unit: nobody}"), BAD_UNITS,
	    "test.yaml:21:33: no unit 'nobody' to capture");
	mission_bad(SECRET_SIDES("{capture-unit: a}"), BAD_UNITS,
	    "test.yaml:21:33: a is not an enemy of xcom: capture an enemy "
	    "unit (\xc2\xa7" "2.3)");
	mission_bad(SECRET_SIDES("{capture-ship: barn}"), BAD_UNITS,
	    "test.yaml:21:33: unknown capture-ship 'barn' (known: hut)");
	/* §2.3: "That equiptment or weapon can not be taken in". */
	mission_bad(SECRET_SIDES("{capture-technology: plasma-rifle}"),
	    BAD_UNITS, "test.yaml:21:39: a carries plasma-rifle, the "
	    "technology xcom is to capture: it can not be taken in "
	    "(\xc2\xa7" "2.3)");
	mission_bad(SECRET_SIDES("{mission: sabotage, capture-ship: hut}"),
	    BAD_UNITS, "test.yaml:21:28: a sabotage mission needs its "
	    "target: 'sabotage: ...' in the secret block");
	mission_bad(SECRET_SIDES("{mission: bribery}"), BAD_UNITS,
	    "test.yaml:21:28: unknown secret mission 'bribery' (known: "
	    "random, sabotage, capture-unit, capture-ship, "
	    "capture-technology)");
	mission_bad("scenario: {crash-roll: ground}\n", BAD_UNITS,
	    "test.yaml:19:24: a crash roll needs a crashed-craft mission "
	    "(mission: crashed)");
	mission_bad("sides:\n  xcom: {}\n  alien: {}\n"
	    "  civilian: {secret: {capture-unit: s}}\n", BAD_UNITS,
	    "test.yaml:22:22: civilians have no secret mission (\xc2\xa7"
	    "2.3)");
	/* The crash strikes before anyone deploys (§4.1). */
	mission_bad("scenario: {mission: crashed, side: alien, crash-roll: "
	    "ground}\nsides: {xcom: {deploy: [{from: [1, 1, 1], to: [2, 5, "
	    "1]}]}, alien: {}}\n",
	    "  - {id: a, side: xcom, type: troop}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [11, 3, 1]}\n",
	    "test.yaml:19:55: a crash roll needs every unit at its square "
	    "(at:): a is deployed");
	mission_bad("scenario: {lost-walls: [{at: [1, 1, 1], side: n}]}\n",
	    BAD_UNITS, "test.yaml:19:24: only a crashed craft loses walls "
	    "(mission: crashed)");
	mission_bad("scenario: {mission: crashed, side: alien, lost-walls: "
	    "[{at: [3, 3, 1], side: e}]}\n", BAD_UNITS,
	    "test.yaml:19:56: no wall stands on the e side of 3,3 L1 to lose");
	mission_bad("scenario: {mission: sabotage, side: alien}\n"
	    SECRET_SIDES("{sabotage: [6, 3, 1]}"), BAD_UNITS,
	    "test.yaml:19:21: the sabotage mission's target goes in sides: "
	    "alien: secret:");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
		    test_terror_aliens_win_by_civilians, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_terror_goes_on_while_civilians_live, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_terror_xcom_wins_with_score, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_assault_elimination_reason, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_other_missions_by_elimination, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_secret_given_to_its_side_only, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_sabotage, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_capture_unit_by_mind_control, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_capture_unit_carried,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_capture_unit_base_command_centre, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_capture_unit_reverts_when_killed, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_capture_ship, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_capture_technology,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_capture_technology_reverts, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_secret_drawn, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_crash_roll_ground,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_crash_roll_sabotage_reverts, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_crash_roll_flight,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_lost_walls, t_setup,
		    t_teardown),
		cmocka_unit_test(test_mission_keys_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
