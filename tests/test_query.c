/*
 * test_query.c - the read-only questions the client asks before it issues
 * a command (game.h "queries for the client's actions"): whether a command
 * would be accepted (game_check), a throw's range, chance and blast (§6.2,
 * §7.3), a melee blow's chance (§6.3), a psi attack's chance (§6.4) and
 * the items on the ground.  Each must agree with what the command itself
 * does, and none may change the game (the state hash stays the same).
 *
 * Troop (units/xcom.yaml): TU 27, MAC 75, TAC 65, STR 30, PSK +15; sectoid
 * PST +0.  The field map is open grass, 12 x 5.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "xtac/util.h"

static int
q_unit(const struct t *t, const char *id)
{
	int	i = game_find_unit(t->g, id);

	assert_true(i >= 0);
	return i;
}

/* game_check says what game_execute would, and changes nothing. */
static void
test_check_agrees(void **state)
{
	struct t	*t = *state;
	struct command	 c;
	char		*cause = NULL;
	uint64_t	 before;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	before = game_hash(t->g);
	assert_int_equal(cmd_parse(t->g, "prime a left 2", &c, &cause), 0);
	assert_int_equal(game_check(t->g, &c, &cause), -1);
	assert_non_null(cause);
	assert_non_null(strstr(cause, "no grenade in the left hand"));
	free(cause);
	cause = NULL;
	assert_int_equal(cmd_parse(t->g, "prime a right 2", &c, &cause), 0);
	assert_int_equal(game_check(t->g, &c, &cause), 0);
	assert_null(cause);
	/* The enemy's unit, in X-Com's phase: refused as the command is. */
	assert_int_equal(cmd_parse(t->g, "turn s n", &c, &cause), 0);
	assert_int_equal(game_check(t->g, &c, &cause), -1);
	free(cause);
	assert_true(game_hash(t->g) == before);
	assert_int_equal(t_unit(t, "a")->tu, 27);
}

/*
 * §6.2: range STR / weight = 30 / 3 = 10; TAC 65 - range 6 = 59, as
 * test_throw.c's throw rolls; 50 HE-1 falls 20 a square: (50 - 1) / 20
 * = 2 squares of blast (§7.3).  Past 10 squares: refused, the range known.
 */
static void
test_throw_preview(void **state)
{
	struct t		*t = *state;
	struct game_throw_info	 info;
	struct event		 why;
	char			*cause = NULL;
	int			 a, chance;
	struct pos		 to = { 6, 2, 0 }, far = { 11, 2, 0 };

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: grenade, left: smoke-grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	a = q_unit(t, "a");
	chance = game_throw_chance(t->g, a, HAND_RIGHT, to, &info, &why,
	    &cause);
	assert_int_equal(chance, 59);
	assert_int_equal(t_term(&why, "TAC"), 65);
	assert_int_equal(t_term(&why, "range"), -6);
	assert_int_equal(info.range, 6);
	assert_int_equal(info.max_range, 10);
	assert_int_equal(info.tu, 6);
	assert_int_equal(info.radius, 2);
	assert_false(info.primed);
	/* Smoke: radius 2 whatever its damage (RULINGS §7.4). */
	assert_int_equal(game_throw_chance(t->g, a, HAND_LEFT, to, &info,
	    NULL, &cause), 59);
	assert_int_equal(info.radius, 2);
	assert_int_equal(game_throw_chance(t->g, a, HAND_RIGHT, far, &info,
	    NULL, &cause), -1);
	assert_non_null(strstr(cause, "10 squares at most"));
	free(cause);
	assert_int_equal(info.range, 11);
	assert_int_equal(info.max_range, 10);
	/* Primed, it says so; the throw then rolls what was shown. */
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(game_throw_chance(t->g, a, HAND_RIGHT, to, &info,
	    NULL, NULL), 59);
	assert_true(info.primed);
	assert_int_equal(t_do(t, "dice 59"), 0);
	assert_int_equal(t_do(t, "throw a 7 3"), 0);
	assert_int_equal(t_int(t_event(t, EV_THROW, 0), "chance"), 59);
}

/* §6.3: MAC 75 bare-handed (no weapon term but 0); adjacent only. */
static void
test_melee_preview(void **state)
{
	struct t	*t = *state;
	struct event	 why;
	char		*cause = NULL;
	int		 a;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [2, 3, 1]}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [5, 3, 1]}\n");
	a = q_unit(t, "a");
	assert_int_equal(game_melee_chance(t->g, a, q_unit(t, "s"),
	    CMD_HAND_BOTH, &why, &cause), 75);
	assert_int_equal(t_term(&why, "MAC"), 75);
	assert_int_equal(game_melee_chance(t->g, a, q_unit(t, "s2"),
	    CMD_HAND_BOTH, &why, &cause), -1);
	assert_non_null(strstr(cause, "not next to"));
	free(cause);
	assert_int_equal(t_do(t, "dice 75 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
}

/*
 * §6.4: the attacker's d100 + PSK + modifier against d100 + PST, ties
 * re-rolled.  Probe: +15 + 10 - 0 = +25: of the 10000 pairs 7150 win
 * and 2775 lose: 7150 / 9925 = 72 %.  Control: 15 - 25 = -10: 4005 win,
 * 5905 lose: 40 %.
 */
static void
test_psi_preview(void **state)
{
	struct t	*t = *state;
	struct event	 why;
	char		*cause = NULL;
	int		 a, s;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "facing: e, right: psi-amp}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1]}\n");
	a = q_unit(t, "a");
	s = q_unit(t, "s");
	assert_int_equal(game_psi_chance(t->g, a, s, PSI_PROBE, &why,
	    &cause), 72);
	assert_int_equal(t_term(&why, "PSK"), 15);
	assert_int_equal(t_term(&why, "probe"), 10);
	assert_int_equal(t_term(&why, "target PST"), 0);
	assert_int_equal(game_psi_chance(t->g, a, s, PSI_CONTROL, NULL,
	    &cause), 40);
	/* No amp in hand: the reason the command would give. */
	assert_int_equal(game_psi_chance(t->g, q_unit(t, "b"), s, PSI_PROBE,
	    NULL, &cause), -1);
	assert_non_null(strstr(cause, "Psi Amp"));
	free(cause);
}

/* What was dropped lies on the ground under the unit, as it was held. */
static void
test_ground(void **state)
{
	struct t		*t = *state;
	const struct carried	*k;
	struct pos		 at;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(game_nground(t->g), 0);
	assert_int_equal(t_do(t, "drop a right"), 0);
	assert_int_equal(game_nground(t->g), 1);
	k = game_ground(t->g, 0, &at);
	assert_int_equal(k->item, catalog_find_item(t->cat, "rifle"));
	assert_true(k->ammo >= 0);
	assert_int_equal(at.x, 1);
	assert_int_equal(at.y, 2);
	assert_int_equal(t_do(t, "pickup a rifle"), 0);
	assert_int_equal(game_nground(t->g), 0);
}

/*
 * §7.3: 50 HE-1 falls 20 a square: 50 at the centre, 30 next to it, 10
 * two away.  A hardened wall holds below 70 (§7.6), so the square beyond
 * it is not reached, and the grenade going off there leaves its unit be.
 */
static void
test_grenade_reach(void **state)
{
	struct t		*t = *state;
	static const char	 map[] =
	    "xtac-map: 1\nname: Reach\nlevels:\n"
	    "  - |\n"
	    "    +-+-+-+-+-+-+\n"
	    "    |. . .H. . .|\n"
	    "    + + + + + + +\n"
	    "    |. . .H. . .|\n"
	    "    + + + + + + +\n"
	    "    |. . .H. . .|\n"
	    "    +-+-+-+-+-+-+\n";
	const struct map	*m;
	int			*reach, grenade;
	struct pos		 centre = { 2, 0, 0 };

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: n, "
	    "right: grenade}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 1, 1]}\n"
	    "  - {id: c, side: xcom, type: troop, at: [2, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1]}\n");
	m = game_map(t->g);
	reach = xcalloc((size_t)m->width * m->height * m->levels,
	    sizeof *reach);
	grenade = catalog_find_item(t->cat, "grenade");
	assert_false(game_grenade_reach(t->g, catalog_find_item(t->cat,
	    "rifle"), centre, reach));
	assert_true(game_grenade_reach(t->g, grenade, centre, reach));
	assert_int_equal(reach[0 * m->width + 2], 50);
	assert_int_equal(reach[0 * m->width + 1], 30);
	assert_int_equal(reach[1 * m->width + 1], 30);
	assert_int_equal(reach[0 * m->width + 0], 10);
	assert_int_equal(reach[2 * m->width + 0], 10);
	assert_int_equal(reach[0 * m->width + 3], -1);	/* behind the wall */
	assert_int_equal(reach[1 * m->width + 3], -1);
	assert_int_equal(reach[2 * m->width + 3], -1);
	assert_int_equal(reach[2 * m->width + 2], 10);
	free(reach);
	/* Gone off there: b behind the wall unhurt, c beside it hit. */
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 3 1"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 0));
	assert_int_equal(t_unit(t, "b")->damage, 0);
	assert_true(t_unit(t, "c")->damage > 0);
}

/*
 * §6.1, RULINGS §6.1: a shot's chance as the command stands, at a unit, at
 * a square or through a guided weapon's waypoints, is what the shot then
 * rolls against: the waypoint at the shot's chance, the target 5 less.
 */
static void
test_shot_preview(void **state)
{
	struct t		*t = *state;
	const struct event	*r;
	struct command		 c;
	struct event		 why;
	char			*cause = NULL;
	int			 legs[CMD_MAX_VIA + 1], chance;
	uint64_t		 before;
	size_t			 i;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: blaster-launcher, left: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 3, 1], "
	    "facing: w}\n");
	before = game_hash(t->g);
	/* At a square five away: the same terms as a square shot, range -5. */
	assert_int_equal(cmd_parse(t->g, "shoot a 6,3 aimed left", &c,
	    &cause), 0);
	memset(&why, 0, sizeof why);
	chance = game_shot_chance(t->g, &c, NULL, &why, &cause);
	assert_true(chance > 0);
	assert_int_equal(game_square_chance(t->g, q_unit(t, "a"), c.pos,
	    SHOT_AIMED, HAND_LEFT, NULL, NULL), chance);
	for (i = 0; i < why.nterms; i++)
		if (strcmp(why.terms[i].name, "range") == 0)
			break;
	assert_true(i < why.nterms);
	assert_int_equal(why.terms[i].value, -5);
	/* Guided: no range term; legs 5 apart. */
	assert_int_equal(cmd_parse(t->g, "shoot a s aimed right via 4,1 9,1",
	    &c, &cause), 0);
	memset(&why, 0, sizeof why);
	chance = game_shot_chance(t->g, &c, legs, &why, &cause);
	assert_true(chance > 10);
	for (i = 0; i < why.nterms; i++)
		assert_string_not_equal(why.terms[i].name, "range");
	assert_int_equal(legs[0], chance);
	assert_int_equal(legs[1], chance - 5);
	assert_int_equal(legs[2], chance - 10);
	/* Waypoints for a rifle: refused with the reason. */
	assert_int_equal(cmd_parse(t->g, "shoot a s aimed left via 4,1",
	    &c, &cause), 0);
	assert_int_equal(game_shot_chance(t->g, &c, legs, NULL, &cause), -1);
	assert_non_null(strstr(cause, "not a guided weapon"));
	free(cause);
	cause = NULL;
	assert_true(game_hash(t->g) == before);
	/* The shot rolls what the preview said, leg by leg. */
	assert_int_equal(t_do(t, "dice 1 1 1"), 0);
	assert_int_equal(t_do(t, "shoot a s aimed right via 4,1 9,1"), 0);
	for (i = 0; i < 3; i++) {
		r = t_event(t, EV_ROLL, (int)i);
		assert_non_null(r);
		assert_int_equal(t_int(r, "chance"), legs[i]);
	}
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_check_agrees),
		T(test_throw_preview),
		T(test_melee_preview),
		T(test_psi_preview),
		T(test_ground),
		T(test_grenade_reach),
		T(test_shot_preview),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
