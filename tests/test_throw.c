/*
 * test_throw.c - grenades and throwing with forced dice (§6.2, RULINGS
 * 6.2, 7.4, 7.5): priming, range, the throw's chance and its terms, timers
 * counted at the phase and round ends, scatter, proximity grenades, smoke
 * grenades and electro flares, primed grenades caught in a blast.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "xtac/know.h"

/* §5.5: priming 12 TU; only a grenade in the hand. */
static void
test_prime(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: grenade, left: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "prime a left 2"), -1);
	assert_int_equal(t_do(t, "prime a right 6"), -2);	/* 0 to 5 */
	assert_int_equal(t_do(t, "prime a right 2"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 12);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].primed, 2);
	assert_int_equal(t_do(t, "prime a right 1"), -1);
}

/*
 * §6.2: range STR / weight = 30 / 3 = 10 squares; TAC 65 - range 6 = 59;
 * a timer of 0 goes off at the end of the thrower's phase.
 */
static void
test_throw_and_timer_zero(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 1, 1]}\n");
	assert_int_equal(t_do(t, "throw a 12 3"), -1);	/* 11 squares */
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(t_do(t, "dice 59"), 0);
	assert_int_equal(t_do(t, "throw a 7 3"), 0);
	e = t_event(t, EV_THROW, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "chance"), 59);
	assert_int_equal(t_term(e, "TAC"), 65);
	assert_int_equal(t_term(e, "range"), -6);
	assert_true(t_int(e, "success"));
	assert_int_equal(t_unit(t, "a")->tu, 27 - 12 - 6);
	assert_null(t_event(t, EV_EXPLOSION, 0));
	/* 50 HE-1 at the end of the phase: the Sectoid under it dies. */
	assert_int_equal(t_do(t, "end"), 0);
	e = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "damage"), 50);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
}

/* RULINGS 2.2: a timer of 1 goes off at the end of the round, not before. */
static void
test_timer_counts_rounds(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "prime a right 1"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 5 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_null(t_event(t, EV_EXPLOSION, 0));
	while (game_round(t->g) == 1)
		assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 0));
}

/* §7.5 figure: a miss by 35 rolled 7 (east) lands 4 squares east. */
static void
test_throw_scatter(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct pos		 p;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/* 65 - 4 = 61; roll 96: margin 35, ceil(3.5) = 4 squares. */
	assert_int_equal(t_do(t, "dice 96 7"), 0);
	assert_int_equal(t_do(t, "throw a 5 3"), 0);
	e = t_event(t, EV_THROW, 0);
	assert_false(t_int(e, "success"));
	assert_int_equal(t_int(e, "scatter_d10"), 7);
	p = event_get(e, "landed")->pos;
	assert_int_equal(p.x, 8);
	assert_int_equal(p.y, 2);
}

/*
 * §6.2: a proximity grenade goes off when something moves in the 3x3
 * around it; a unit already there that only fires does not set it off.
 */
static void
test_proximity(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: proximity-grenade, left: pistol}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 5 3"), 0);
	assert_null(t_event(t, EV_EXPLOSION, 0));
	/* Not at the phase's end either: it waits for movement. */
	assert_int_equal(t_do(t, "move b 2 1"), 0);
	assert_null(t_event(t, EV_EXPLOSION, 0));
	assert_int_equal(t_do(t, "end"), 0);
	assert_null(t_event(t, EV_EXPLOSION, 0));
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	/* b walks to 4,2: beside the grenade at 5,3.  70 HE-2. */
	assert_int_equal(t_do(t, "move b 4 2"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 0));
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "damage"), 70);
}

/* RULINGS 7.4: a smoke grenade fills radius 2 with smoke for 6 rounds. */
static void
test_smoke_grenade(void **state)
{
	struct t	*t = *state;
	int		 r;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: smoke-grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 6 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_string_equal(t_str(t_event(t, EV_EXPLOSION, 0), "kind"),
	    "smoke");
	assert_true(*field_at(game_field(t->g), (struct pos){ 7, 2, 0 }) &
	    FIELD_SMOKE);
	assert_false(*field_at(game_field(t->g), (struct pos){ 8, 2, 0 }) &
	    FIELD_SMOKE);
	/* Still there after five round ends, gone after the sixth. */
	r = game_round(t->g);
	while (game_round(t->g) < r + 5)
		assert_int_equal(t_do(t, "end"), 0);
	assert_true(*field_at(game_field(t->g), (struct pos){ 5, 2, 0 }) &
	    FIELD_SMOKE);
	while (game_round(t->g) < r + 6)
		assert_int_equal(t_do(t, "end"), 0);
	assert_false(*field_at(game_field(t->g), (struct pos){ 5, 2, 0 }) &
	    FIELD_SMOKE);
}

/* RULINGS 7.4: at night, no night penalty against a target in the light. */
static void
test_flare_lifts_night(void **state)
{
	struct t	*t = *state;
	struct event	 why;

	t_start(t, "scenario: {night: true}\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: electro-flare, left: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1]}\n");
	assert_true(t_chance(t, "a", "s", SHOT_AIMED, HAND_LEFT, &why) >= 0);
	assert_int_equal(t_term(&why, "night"), -15);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 7 3"), 0);
	assert_true(t_chance(t, "a", "s", SHOT_AIMED, HAND_LEFT, &why) >= 0);
	assert_false(t_has_term(&why, "night"));
}

/*
 * The field each side plans over (know_field) is kept as smoke, fire and
 * glare change, not rebuilt per move: after a day flare (RULINGS 7.4:
 * glare is seen wherever it is) and an incendiary blast, and as the fire
 * burns out round by round, it shows what the side last saw and agrees
 * with a rebuild (know_check) after every command.
 */
static void
test_known_glare_and_fire(void **state)
{
	struct t	*t = *state;
	struct field	 f;
	struct pos	 lit = { 7, 2, 0 }, burnt = { 4, 2, 0 };
	char		*why = NULL;
	int		 s;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: electro-flare, left: {item: heavy-cannon, "
	    "ammo: heavy-cannon-in}}\n"
	    "  - {id: s, side: alien, type: muton, at: [6, 3, 1], "
	    "facing: w, boosts: {hth: 20}}\n");
	field_init(&f, game_map(t->g));
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 8 3"), 0);
	assert_true(know_check(t->g, &why));
	for (s = SIDE_XCOM; s <= SIDE_ALIEN; s++) {
		know_field(t->g, (enum side)s, &f);
		assert_true(*field_at(&f, lit) & FIELD_GLARE);
	}
	assert_int_equal(t_do(t, "dice 1 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a s snap left"), 0);
	assert_true(know_check(t->g, &why));
	assert_true(*field_at(game_field(t->g), burnt) & FIELD_FIRE);
	know_field(t->g, SIDE_XCOM, &f);
	assert_true(*field_at(&f, burnt) & FIELD_FIRE);
	assert_true(*field_at(&f, lit) & FIELD_GLARE);
	/* Rounds pass; the fire burns out in sight. */
	assert_int_equal(t_do(t, "dice 6 6 6 6 6 6 6 6 6 6 6 6"), 0);
	while (game_round(t->g) <= 4) {
		assert_int_equal(t_do(t, "end"), 0);
		assert_true(know_check(t->g, &why));
	}
	assert_false(*field_at(game_field(t->g), burnt) & FIELD_FIRE);
	know_field(t->g, SIDE_XCOM, &f);
	assert_false(*field_at(&f, burnt) & FIELD_FIRE);
	assert_true(*field_at(&f, lit) & FIELD_GLARE);
	field_free(&f);
	free(why);
}

/* RULINGS 7.3: a primed grenade lying in a blast goes off in turn. */
static void
test_grenade_chain(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: grenade, left: {item: heavy-cannon, "
	    "ammo: heavy-cannon-he}}\n"
	    "  - {id: s, side: alien, type: muton, at: [8, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "prime a right 5"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 7 3"), 0);
	assert_int_equal(t_do(t, "dice 1 6 6 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a s snap left"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 1));
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 1), "damage"), 50);
}

/*
 * §3.5: the grenade launcher loads every grenade of a kind from the belt
 * in one action (up to 6) and fires auto volleys of three.
 */
static void
test_grenade_launcher_volley(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: grenade-launcher, ammo: none}, "
	    "belt: [grenade, grenade, grenade, grenade, smoke-grenade]}\n"
	    "  - {id: s, side: alien, type: muton, at: [9, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "reload a right grenade"), 0);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].rounds, 4);
	assert_int_equal(t_unit(t, "a")->nbelt, 1);
	assert_int_equal(t_int(t_event(t, EV_RELOAD, 0), "tu"), 8);
	/* Auto: three grenades, three rolls, 17 TU; 50 HE-1 where each hits. */
	assert_int_equal(t_do(t, "dice 1 6 1 6 1 6"), 0);
	assert_int_equal(t_do(t, "shoot a s auto"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 2));
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "damage"), 50);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].rounds, 1);
}

/*
 * Belt and hands (xtac(6), the rulebook being silent): `draw` takes an item
 * from the belt into an empty hand and `stow` puts one back, 4 TU each as
 * unloading a clip costs; a belt grenade can then be primed (§6.2).
 */
static void
test_draw_and_stow(void **state)
{
	struct t	*t = *state;
	int		 tu;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle, belt: [grenade, rifle-clip]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1], "
	    "facing: w}\n");
	tu = t_unit(t, "a")->tu;
	assert_int_not_equal(t_do(t, "prime a left 1"), 0);
	assert_int_equal(t_do(t, "draw a grenade"), 0);
	assert_int_equal(t_unit(t, "a")->hands[HAND_LEFT].item,
	    catalog_find_item(game_catalog(t->g), "grenade"));
	assert_int_equal(t_unit(t, "a")->nbelt, 1);
	assert_int_equal(t_unit(t, "a")->tu, tu - 4);
	assert_string_equal(t_str(t_event(t, EV_DRAW, 0), "hand"), "left");
	assert_int_equal(t_do(t, "prime a left 1"), 0);
	/* Both hands full: nothing more can be drawn. */
	assert_int_not_equal(t_do(t, "draw a rifle-clip"), 0);
	/* The rifle goes on the belt. */
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "stow a right"), 0);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].item, -1);
	assert_int_equal(t_unit(t, "a")->nbelt, 2);
	assert_int_equal(t_unit(t, "a")->tu, tu - 4);
	assert_int_not_equal(t_do(t, "stow a right"), 0);
	assert_int_equal(t_do(t, "draw a rifle right"), 0);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].rounds, 20);
}

/* Built-in weapons never leave the hand (RULINGS §3). */
static void
test_stow_built_in(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [12, 5, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "stow c right"), -1);
	assert_int_equal(t_do(t, "draw c grenade"), -1);
}

/*
 * §6.2: a throw clears obstacles a level higher than the thrower: a wall
 * in the open is thrown over; a roofed room's wall is not, its window is.
 */
static void
test_throw_arc(void **state)
{
	struct t	*t = *state;
	static const char map[] = ARC_MAP;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "
	    "right: grenade}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 1, 1], facing: s, "
	    "right: grenade}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [8, 3, 1]}\n");
	/* Over the garden wall (nothing above it). */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 4 2"), 0);
	/* Into the roofed room from the north: its wall is too much... */
	assert_int_equal(t_do(t, "throw b 5 2"), -1);
	assert_string_equal(t_str(t_event(t, EV_ERROR, 0), "reason"),
	    "a wall is in the way, with no room above it for the arc to "
	    "clear (\xc2\xa7" "6.2)");
	/* ...its window is not. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw b 6 2"), 0);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_prime),
		T(test_throw_and_timer_zero),
		T(test_timer_counts_rounds),
		T(test_throw_scatter),
		T(test_proximity),
		T(test_smoke_grenade),
		T(test_flare_lifts_night),
		T(test_known_glare_and_fire),
		T(test_grenade_chain),
		T(test_grenade_launcher_volley),
		T(test_throw_arc),
		T(test_draw_and_stow),
		T(test_stow_built_in),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
