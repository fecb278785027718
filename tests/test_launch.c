/*
 * test_launch.c - launched weapons with forced dice: the grenade launcher,
 * rockets, the small launcher and Celatid spit use the throwing rules
 * (§6.2 "some attacks, such as the grenade launcher and celatid spit, use
 * throwing rules"; RULINGS §6.1, §6.2): aimed at a square, over walls a
 * level higher than the shooter, -20 with no line of sight, -10 when only a
 * spotter sees; the spit's range is STR / 5 (RULINGS Special units), the
 * weapons' unlimited; a miss scatters as a throw does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "play.h"

/* game_square_chance() by unit ids, the cause kept for the caller. */
static int
t_square(struct t *t, const char *a, struct pos p, enum shot_mode mode,
    struct event *why, char **cause)
{
	return game_square_chance(t->g, game_find_unit(t->g, a), p, mode,
	    HAND_RIGHT, why, cause);
}

/*
 * Assert a shot from a's right hand (left if `left`) at unit b (or, when b
 * is NULL, at square p) is impossible for a reason containing `want`.
 */
static void
t_no_chance(struct t *t, const char *a, const char *b, struct pos p,
    bool left, const char *want)
{
	char	*cause = NULL;
	int	 u = game_find_unit(t->g, a);
	int	 hand = left ? HAND_LEFT : HAND_RIGHT;

	assert_int_equal(b != NULL ? game_hit_chance(t->g, u,
	    game_find_unit(t->g, b), SHOT_SNAP, hand, NULL, &cause) :
	    game_square_chance(t->g, u, p, SHOT_SNAP, hand, NULL, &cause), -1);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("\"%s\" does not say \"%s\"", cause, want);
	free(cause);
}

/*
 * Run `shoot` with forced dice; assert its roll hit and carried the
 * sight term `term` (NULL: none of them).
 */
static void
t_launch_hits(struct t *t, const char *dice, const char *shoot,
    const char *term, int value)
{
	const struct event	*e;

	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice %s", dice), 0);
	assert_int_equal(t_do(t, "%s", shoot), 0);
	e = t_event(t, EV_ROLL, 0);
	assert_non_null(e);
	assert_true(t_int(e, "success"));
	if (term != NULL)
		assert_int_equal(t_term(e, term), value);
	else
		assert_false(t_has_term(e, "spotter") ||
		    t_has_term(e, "no line of sight"));
}

/* The reason the last command was refused. */
static const char *
t_refused(struct t *t)
{
	const struct event	*e = t_event(t, EV_ERROR, 0);

	assert_non_null(e);
	return t_str(e, "reason");
}

/*
 * RULINGS Special units: "Its spit is thrown (weight 5)": STR 70 / 5 = 14
 * squares (§6.2: biological throwing attacks keep their range).  15 is
 * refused with the reason; 14 is TAC 50 + snap 15 - range 14 = 51.
 */
static void
test_spit_range(void **state)
{
	struct t		*t = *state;
	struct event		 why;

	t_start_map(t, LONG_MAP,
	    "  - {id: far, side: xcom, type: troop, at: [16, 1, 1]}\n"
	    "  - {id: near, side: xcom, type: troop, at: [15, 3, 1]}\n"
	    "  - {id: c, side: alien, type: celatid, at: [1, 2, 1], "
	    "facing: e}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	t_no_chance(t, "c", "far", (struct pos){ 0, 0, 0 }, false,
	    "celatid-spit reaches 14 squares at most (STR 70 / 5");
	/* A square as far is no nearer. */
	t_no_chance(t, "c", NULL, (struct pos){ 15, 1, 0 }, false,
	    "14 squares at most");
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "shoot c far snap"), -1);
	assert_non_null(strstr(t_refused(t), "reaches 14 squares at most"));
	/* 14 squares: in reach. */
	memset(&why, 0, sizeof why);
	assert_int_equal(t_chance(t, "c", "near", SHOT_SNAP, HAND_RIGHT,
	    &why), 51);
	assert_int_equal(t_term(&why, "TAC"), 50);
	assert_int_equal(t_term(&why, "range"), -14);
	assert_false(t_has_term(&why, "no line of sight"));
	t_launch_hits(t, "51", "shoot c near snap", NULL, 0);
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "chance"), 51);
	assert_non_null(t_event(t, EV_DAMAGE, 0));
	assert_string_equal(t_str(t_event(t, EV_DAMAGE, 0), "unit"), "near");
}

/*
 * §6.2: a launch goes over a wall a level higher than the shooter, as a
 * throw does; with no line of sight to the square it is -20 (RULINGS 6.2).
 * The grenade launcher reaches the square behind the garden wall the hand
 * grenade reaches, at the same sight term; a roofed room's wall stops both
 * with the same reason.
 */
static void
test_launch_over_wall(void **state)
{
	struct t		*t = *state;
	static const char	 map[] = ARC_MAP;
	struct event		 why, throw;
	struct game_throw_info	 info;
	const struct event	*e;
	int			 a;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "
	    "right: {item: grenade-launcher, ammo: grenade}, left: grenade}\n"
	    "  - {id: b, side: xcom, type: troop, at: [8, 1, 1], facing: s, "
	    "right: {item: grenade-launcher, ammo: grenade}, left: grenade}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [8, 3, 1]}\n");
	a = game_find_unit(t->g, "a");
	/* TAC 65 + snap 0 - range 3 - no line of sight 20 = 42. */
	memset(&why, 0, sizeof why);
	assert_int_equal(t_square(t, "a", (struct pos){ 3, 1, 0 }, SHOT_SNAP,
	    &why, NULL), 42);
	assert_int_equal(t_term(&why, "TAC"), 65);
	assert_int_equal(t_term(&why, "snap"), 0);
	assert_int_equal(t_term(&why, "range"), -3);
	assert_int_equal(t_term(&why, "no line of sight"), -20);
	assert_false(t_has_term(&why, "obstructions"));
	/* The hand grenade there: the same sight term. */
	memset(&throw, 0, sizeof throw);
	assert_int_equal(game_throw_chance(t->g, a, HAND_LEFT,
	    (struct pos){ 3, 1, 0 }, &info, &throw, NULL), 65 - 3 - 20);
	assert_int_equal(t_term(&throw, "no line of sight"), -20);
	/* Clear air above the garden: nothing to land on (§6.2). */
	t_no_chance(t, "a", NULL, (struct pos){ 3, 1, 1 }, false,
	    "has no floor to land on");
	/* Fired: it lands there and bursts. */
	t_launch_hits(t, "42", "shoot a 4,2 snap", "no line of sight", -20);
	e = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(e);
	assert_int_equal(event_get(e, "at")->pos.x, 3);
	assert_int_equal(event_get(e, "at")->pos.y, 1);
	/* The roofed room: no room above its wall, by hand or launched. */
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "shoot b 7,2 snap"), -1);
	assert_string_equal(t_refused(t), "a wall is in the way, with no room "
	    "above it for the arc to clear (\xc2\xa7" "6.2)");
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "throw b 7 2 left"), -1);
	assert_string_equal(t_refused(t), "a wall is in the way, with no room "
	    "above it for the arc to clear (\xc2\xa7" "6.2)");
}

/*
 * RULINGS §6.1: -10 when only a spotter sees the target (thrown and
 * launched weapons only).  A rocket at a Sectoid behind the garden wall
 * that another trooper sees: ACC 25 + snap 0 - range 3 - spotter 10 = 12;
 * the rifle in the other hand, a direct-fire weapon, cannot shoot.
 */
static void
test_launch_spotter(void **state)
{
	struct t		*t = *state;
	static const char	 map[] = ARC_MAP;
	struct event		 why;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e, "
	    "right: {item: rocket-launcher, ammo: rocket-he-1}, "
	    "left: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 3, 1], facing: n}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [4, 1, 1], "
	    "facing: w}\n");
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "z")));
	memset(&why, 0, sizeof why);
	assert_int_equal(t_chance(t, "a", "z", SHOT_SNAP, HAND_RIGHT, &why),
	    12);
	assert_int_equal(t_term(&why, "ACC"), 25);
	assert_int_equal(t_term(&why, "range"), -3);
	assert_int_equal(t_term(&why, "spotter"), -10);
	t_no_chance(t, "a", "z", (struct pos){ 0, 0, 0 }, true,
	    "a cannot see z");
	/* Rolled 12: the rocket lands on the Sectoid, 75 HE-1. */
	t_launch_hits(t, "12 6 6", "shoot a z snap right", "spotter", -10);
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "damage"), 75);
	assert_int_equal(t_unit(t, "z")->status, UNIT_DEAD);
}

/*
 * Honest targeting: a unit is aimed at by name only when the shooter's
 * side sees it; else its square may be, at -20 (RULINGS 6.2).  A flyer in
 * the air has no floor under it to aim at (§6.2: "impossible to aim at
 * clear air, or flying units").
 */
static void
test_launch_unseen_and_flyer(void **state)
{
	struct t		*t = *state;
	static const char	 map[] = ARC_MAP;
	struct event		 why;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e, "
	    "right: {item: rocket-launcher, ammo: rocket-he-1}}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [4, 1, 1]}\n"
	    "  - {id: f, side: alien, type: floater, at: [1, 3, 2]}\n");
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "z")));
	t_no_chance(t, "a", "z", (struct pos){ 0, 0, 0 }, false,
	    "a's side does not see z");
	assert_int_equal(t_do(t, "shoot a z snap"), -1);
	assert_string_equal(t_refused(t), "a's side does not see z");
	memset(&why, 0, sizeof why);
	assert_int_equal(t_square(t, "a", (struct pos){ 3, 0, 0 }, SHOT_SNAP,
	    &why, NULL), 25 - 3 - 20);
	assert_int_equal(t_term(&why, "no line of sight"), -20);
	/* The Floater, seen, hangs over open air. */
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "f")));
	t_no_chance(t, "a", "f", (struct pos){ 0, 0, 0 }, false,
	    "f is in the air");
}

/*
 * §6.2, RULINGS §7.5: a launch that misses scatters as a throw does, by
 * the missed-shot figure from the square aimed at: 65 - 4 = 61, rolled 96,
 * a margin of 35 is 4 squares; d10 7 is east.  The hand grenade's miss of
 * the same figure (test_throw_scatter) lands on the same square, 9,3.
 */
static void
test_launch_miss_scatters(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct pos		 p;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: grenade-launcher, ammo: grenade}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "dice 96 7"), 0);
	assert_int_equal(t_do(t, "shoot a 5,3 snap"), 0);
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "chance"), 61);
	e = t_event(t, EV_MISSED, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "d10"), 7);
	assert_string_equal(t_str(e, "direction"), "e");
	assert_int_equal(t_int(e, "squares"), 4);
	p = event_get(e, "at")->pos;
	assert_int_equal(p.x, 8);
	assert_int_equal(p.y, 2);
	e = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(e);
	assert_int_equal(event_get(e, "at")->pos.x, 8);
	assert_int_equal(event_get(e, "at")->pos.y, 2);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_spit_range),
		T(test_launch_over_wall),
		T(test_launch_spotter),
		T(test_launch_unseen_and_flyer),
		T(test_launch_miss_scatters),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
