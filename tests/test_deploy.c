/*
 * test_deploy.c - the deployment step before round 1 (§4.1, §2.3; RULINGS
 * is silent on the order, xtac(6) documents it): `deploy` and `end` while
 * units are placed, zones, fixed squares (at:), the engine's squares for
 * units never moved, the order sides deploy in, nobody seeing anybody
 * until round 1, the AI's placement, and the scenario key.
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
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/util.h"

/* X-Com deploys in columns 1-3, the aliens in 6-12, across the wall. */
#define DEPLOY_SIDES							\
	"sides:\n"							\
	"  xcom:\n    deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]\n"	\
	"  alien:\n    deploy: [{from: [6, 1, 1], to: [12, 5, 1]}]\n"

#define DEPLOY_UNITS							\
	"  - {id: a, side: xcom, type: troop, facing: e, right: rifle}\n" \
	"  - {id: b, side: xcom, type: troop, facing: e, right: rifle}\n" \
	"  - {id: c, side: xcom, type: troop, at: [2, 3, 1], facing: e,\n" \
	"     right: rifle}\n"						\
	"  - {id: s, side: alien, type: sectoid, facing: w,\n"		\
	"     right: plasma-rifle}\n"

static void
deploy_start(struct t *t, const char *map)
{
	char	*yaml = xasprintf("%s%s", map, DEPLOY_SIDES);

	t_start_map(t, yaml, DEPLOY_UNITS);
	free(yaml);
}

/*
 * A base mission X-Com attacks from its zone (columns 1-3): the aliens,
 * defending with no zone, deploy first (§2.3).
 */
static void
deploy_base(struct t *t)
{
	t->s = fixture_scenario(FIELD_MAP "scenario: {mission: base, side: "
	    "xcom}\nsides:\n"
	    "  xcom:\n    deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]\n"
	    "  alien:\nunits:\n" DEPLOY_UNITS, t->cat);
	assert_non_null(t->s);
	t->g = game_new(t->s, 1, &t->ev);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
}

/* §4.1: only `deploy` and `end` until round 1; X-Com places first. */
static void
test_deploy_commands(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	deploy_start(t, FIELD_MAP);
	assert_true(game_deploying(t->g));
	assert_int_equal(game_round(t->g), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_int_equal(t_do(t, "move a 2 2"), -1);
	/* Out of the zone, on a fixed unit, the other side's unit. */
	assert_int_equal(t_do(t, "deploy a 4 2"), -1);
	e = t_event(t, EV_ERROR, 1);
	assert_non_null(e);
	assert_non_null(strstr(t_str(e, "reason"), "outside the xcom "
	    "deployment zones"));
	assert_int_equal(t_do(t, "deploy c 1 5"), -1);
	assert_non_null(strstr(t_str(t_event(t, EV_ERROR, 2), "reason"),
	    "cannot be moved"));
	assert_int_equal(t_do(t, "deploy s 2 2"), -1);
	/* Onto a friend's square. */
	assert_int_equal(t_do(t, "deploy a 2 3"), -1);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "deploy a 3 5"), 0);
	e = t_event(t, EV_DEPLOY, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "unit"), "a");
	assert_int_equal(t_unit(t, "a")->pos.x, 2);
	assert_int_equal(t_unit(t, "a")->pos.y, 4);
	assert_true(game_deployed(t->g, game_find_unit(t->g, "a")));
	assert_true(game_deploy_fixed(t->g, game_find_unit(t->g, "c")));
	/* A unit may be placed again until its side ends. */
	assert_int_equal(t_do(t, "deploy a 1 5"), 0);
	assert_int_equal(t_unit(t, "a")->pos.x, 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_true(game_deploying(t->g));
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "deploy a 1 4"), -1);
	assert_int_equal(t_do(t, "deploy s 11 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_false(game_deploying(t->g));
	assert_int_equal(game_round(t->g), 1);
	assert_int_equal(t_do(t, "deploy s 10 3"), -1);
}

/*
 * Documented in xtac(6): a unit never moved stands on the engine's square,
 * the first free one of its zones in reading order; `end` keeps it there.
 */
static void
test_deploy_end_places_the_rest(void **state)
{
	struct t	*t = *state;

	deploy_start(t, FIELD_MAP);
	/* a and b at 1,1 and 2,1; s at 6,1. */
	assert_int_equal(t_unit(t, "a")->pos.x, 0);
	assert_int_equal(t_unit(t, "a")->pos.y, 0);
	assert_int_equal(t_unit(t, "b")->pos.x, 1);
	assert_int_equal(t_unit(t, "b")->pos.y, 0);
	assert_int_equal(t_unit(t, "s")->pos.x, 5);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 1);
	assert_false(game_deployed(t->g, game_find_unit(t->g, "b")));
	assert_int_equal(t_unit(t, "b")->pos.x, 1);
}

/* Hot-seat: nobody sees anybody while units are placed. */
static void
test_deploy_hidden(void **state)
{
	struct t	*t = *state;
	int		 s, a;

	deploy_start(t, FIELD_MAP);	/* open grass: all would see */
	s = game_find_unit(t->g, "s");
	a = game_find_unit(t->g, "a");
	assert_int_equal(t_do(t, "deploy a 3 1"), 0);
	assert_false(game_sees(t->g, SIDE_ALIEN, a));
	assert_false(game_sees(t->g, SIDE_XCOM, s));
	assert_null(t_event(t, EV_SPOTTED, 0));
	assert_int_equal(t_do(t, "end"), 0);
	assert_false(game_sees(t->g, SIDE_ALIEN, a));
	assert_int_equal(t_do(t, "deploy s 6 2"), 0);
	assert_false(game_sees(t->g, SIDE_ALIEN, a));
	assert_null(t_event(t, EV_SPOTTED, 0));
	/* Round 1: sight begins. */
	assert_int_equal(t_do(t, "end"), 0);
	assert_true(game_sees(t->g, SIDE_ALIEN, a));
	assert_true(game_sees(t->g, SIDE_XCOM, s));
	assert_non_null(t_event(t, EV_SPOTTED, 0));
}

/* WALLED_MAP with a shut door in the wall, in row 3. */
#define GATED_MAP							\
	"xtac-map: 1\nname: Gated\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . ./. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/*
 * The AI places the Sectoid east of the wall, where no square of X-Com's
 * zone sees it and the door lets it out (with no door, it could never
 * come out: it is placed west of the wall), and the same wherever X-Com's
 * units went: it knows the zones, not the placing.
 */
static void
test_deploy_ai(void **state)
{
	struct t		*t = *state;
	struct ai_options	 o = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c, first;
	int			 pass;

	for (pass = 0; pass < 3; pass++) {
		deploy_start(t, pass < 2 ? GATED_MAP : WALLED_MAP);
		assert_int_equal(t_do(t, pass == 0 ? "deploy a 1 1" :
		    "deploy a 3 5"), 0);
		assert_int_equal(t_do(t, "end"), 0);
		ai = ai_new(t->g, SIDE_ALIEN, &o);
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		assert_int_equal(c.type, CMD_DEPLOY);
		assert_int_equal(c.unit, game_find_unit(t->g, "s"));
		if (pass == 2)
			assert_true(c.pos.x >= 5 && c.pos.x < 8);
		else
			assert_true(c.pos.x >= 8);	/* east of the wall */
		if (pass == 0)
			first = c;
		else if (pass == 1) {
			assert_int_equal(c.pos.x, first.pos.x);
			assert_int_equal(c.pos.y, first.pos.y);
		}
		assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		assert_int_equal(c.type, CMD_END);
		ai_free(ai);
		t_finish(t);
	}
}

/*
 * X-Com's zone (columns 1-3) and a corridor (row 3) running east from a
 * shut door; a room (rows 1-2) opens off the corridor's far end.  The
 * aliens deploy in the corridor and the room (columns 4-12, rows 1-3).
 */
#define CORRIDOR_MAP							\
	"xtac-map: 1\nname: Corridor\nlevels:\n  - |\n"		\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . .|. . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . .|. . . . . . . . .|\n"				\
	"    + + + +-+-+-+-+-+-+-+-+ +\n"				\
	"    |. . ./. . . . . . . . .|\n"				\
	"    + + + +-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . .|. . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . .|. . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"sides:\n"							\
	"  xcom:\n    deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]\n"	\
	"  alien:\n    deploy: [{from: [4, 1, 1], to: [12, 3, 1]}]\n"

/*
 * §4.1 placing, xtac(6) Deployment: a shut door is no cover, since the
 * enemy opens it.  Behind the door, down the corridor, nobody in X-Com's
 * zone sees the Sectoid while the door is shut, and the corridor's walls
 * and the door itself stood about it: the AI once chose the square just
 * behind the door, and the enemy opened it and fired.  It goes to the
 * room, out of sight of X-Com's zone with the door open, and the door is
 * still shut when it has chosen.
 */
static void
test_deploy_ai_door_open(void **state)
{
	struct t		*t = *state;
	struct ai_options	 o = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	struct pos		 door = { 2, 2, 0 };

	t_start_map(t, CORRIDOR_MAP, DEPLOY_UNITS);
	assert_int_equal(t_do(t, "end"), 0);
	ai = ai_new(t->g, SIDE_ALIEN, &o);
	assert_int_equal(ai_next(ai, t->g, &c), 0);
	assert_int_equal(c.type, CMD_DEPLOY);
	assert_int_equal(c.unit, game_find_unit(t->g, "s"));
	assert_true(c.pos.y < 2);		/* the room, not the corridor */
	assert_true(c.pos.x >= 3);
	assert_int_equal(map_edge(game_map(t->g), door, DIR_E)->kind,
	    EDGE_DOOR);
	assert_int_equal(map_edge(game_map(t->g), door, DIR_E)->flags &
	    EDGE_OPENED, 0);
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	ai_free(ai);
}

/*
 * The aliens' zone (columns 11-12) opens only onto a passage (row 1)
 * running west, which turns south at column 1 into X-Com's zone (columns
 * 1-10, rows 2-6): a near room (columns 1-4) and, behind a wall open
 * only at row 6, a far room (columns 5-10).  Nothing of X-Com's zone is
 * in sight of the aliens' zone.
 */
#define BEND_MAP							\
	"xtac-map: 1\nname: Bend\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + +-+-+-+-+-+-+-+-+-+ + +\n"				\
	"    |. . . .|. . . . . .|. .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . .|. . . . . .|. .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . .|. . . . . .|. .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . .|. . . . . .|. .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . .|. .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"sides:\n"							\
	"  xcom:\n    deploy: [{from: [1, 2, 1], to: [10, 6, 1]}]\n"	\
	"  alien:\n    deploy: [{from: [11, 1, 1], to: [12, 6, 1]}]\n"

/*
 * xtac(6) Deployment: out of sight of the enemy's zone is not enough when
 * the enemy can walk, in its first phase, to where it sees the square.
 * The Sectoid (27 TU) reaches the near room down the passage (20 TU to
 * its corner, then 2 a square) and sees all of it; the far room's north
 * corner, behind the wall, it cannot see from anywhere it reaches.  The
 * near room's corner by that wall has as many walls about it and comes
 * first in reading order: the AI picks the far room.
 */
static void
test_deploy_ai_first_phase_reach(void **state)
{
	struct t		*t = *state;
	struct ai_options	 o = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;

	t_start_map(t, BEND_MAP,
	    "  - {id: a, side: xcom, type: troop, facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, facing: w,\n"
	    "     right: plasma-rifle}\n");
	ai = ai_new(t->g, SIDE_XCOM, &o);
	assert_int_equal(ai_next(ai, t->g, &c), 0);
	assert_int_equal(c.type, CMD_DEPLOY);
	assert_int_equal(c.unit, game_find_unit(t->g, "a"));
	assert_true(c.pos.x >= 4);		/* the far room */
	assert_true(c.pos.y < 5);		/* not by its opening */
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	ai_free(ai);
}

/* §2.3: a crashed side deploys first; a base's defenders first, anywhere. */
static void
test_deploy_order(void **state)
{
	struct t	*t = *state;
	char		*map;

	map = xasprintf("%sscenario: {mission: crashed, side: alien}\n",
	    FIELD_MAP);
	deploy_start(t, map);
	free(map);
	/* t_start_map ended phases until X-Com's: the aliens came first. */
	assert_true(game_deploying(t->g));
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_int_equal(t_do(t, "end"), 0);
	/* The crashed side's head start follows (§2.3): round 0. */
	assert_false(game_deploying(t->g));
	assert_int_equal(game_round(t->g), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	t_finish(t);

	t_start_map(t, FIELD_MAP "scenario: {mission: base, side: xcom}\n"
	    "sides:\n"
	    "  xcom:\n    deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]\n"
	    "  alien:\n", DEPLOY_UNITS);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	/* The defenders went first: the Sectoid stands where it was put. */
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 1);
	t_finish(t);
	/* The defenders, with no zone, may stand anywhere. */
	deploy_base(t);
	assert_int_equal(t_do(t, "deploy s 2 4"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_int_equal(t_do(t, "deploy a 2 4"), -1);
}

/*
 * A side placing first learns nothing from where the engine stood a later
 * side's units: a base's defenders may take an attacker's stand-in square,
 * and the attacker gets another when its turn to deploy comes.
 */
static void
test_deploy_hidden_stand_in(void **state)
{
	struct t	*t = *state;

	deploy_base(t);
	/* a's stand-in is 1,1: the defenders may stand there. */
	assert_int_equal(t_unit(t, "a")->pos.x, 0);
	assert_int_equal(t_unit(t, "a")->pos.y, 0);
	assert_int_equal(t_do(t, "deploy s 1 1"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	/* X-Com's turn: a has moved off the Sectoid, b stays put. */
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_false(t_unit(t, "a")->pos.x == 0 && t_unit(t, "a")->pos.y == 0);
	assert_int_equal(t_unit(t, "b")->pos.x, 1);
	assert_int_equal(t_do(t, "deploy b 1 1"), -1);
}

/*
 * §2.3: a base's defenders may stand anywhere, but the engine's squares
 * for them lie off the attackers' landing pads, so defenders who end at
 * once are not left standing where the attackers deploy.
 */
static void
test_deploy_defaults_off_pads(void **state)
{
	struct t	*t = *state;

	deploy_base(t);
	assert_true(game_in_zone(t->g, SIDE_ALIEN, t_unit(t, "s")->pos));
	assert_false(game_in_zone(t->g, SIDE_XCOM, t_unit(t, "s")->pos));
	assert_int_equal(t_do(t, "end"), 0);
	assert_false(game_in_zone(t->g, SIDE_XCOM, t_unit(t, "s")->pos));
	/* The attackers' own squares are still the first of their zone. */
	assert_int_equal(t_unit(t, "a")->pos.x, 0);
	assert_int_equal(t_unit(t, "a")->pos.y, 0);
}

/* The journal replays the placing: the same game, hash for hash. */
static void
test_deploy_replay(void **state)
{
	struct t		*t = *state;
	struct event_list	 ev;
	struct game		*g;
	size_t			 i;

	deploy_start(t, FIELD_MAP);
	assert_int_equal(t_do(t, "deploy b 3 4"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "deploy s 12 5"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	event_list_init(&ev);
	g = game_new(t->s, 1, &ev);
	for (i = 0; i < game_journal_length(t->g); i++)
		assert_int_equal(game_execute(g, game_journal(t->g, i), &ev),
		    0);
	assert_true(game_hash(g) == game_hash(t->g));
	game_free(g);
	event_list_free(&ev);
}

/* xtac-map(5): the scenario key and units with no square. */
static void
test_deploy_load(void **state)
{
	struct diags	 d;
	struct scenario	*s;

	(void)state;
	s = fixture_parse(FIELD_MAP "scenario: {deployment: maybe}\n"
	    DEPLOY_SIDES "units:\n" DEPLOY_UNITS, &d);
	assert_true(fixture_has_diag(&d, "test.yaml:16:24: deployment should "
	    "be true or false, not 'maybe'"));
	scenario_free(s);
	diags_free(&d);
	s = fixture_parse(FIELD_MAP "scenario: {deployment: false}\n"
	    DEPLOY_SIDES "units:\n" DEPLOY_UNITS, &d);
	assert_true(fixture_has_diag(&d, "test.yaml:23:5: a has no square "
	    "(at:) and this scenario has no deployment step (deployment: "
	    "false)"));
	scenario_free(s);
	diags_free(&d);
	s = fixture_parse(FIELD_MAP "units:\n" DEPLOY_UNITS, &d);
	assert_true(fixture_has_diag(&d, "test.yaml:17:5: a has no square "
	    "(at:) and xcom has no deployment zone (deploy:) to place it in"));
	scenario_free(s);
	diags_free(&d);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deploy_commands),
		T(test_deploy_end_places_the_rest),
		T(test_deploy_hidden),
		T(test_deploy_ai),
		T(test_deploy_ai_door_open),
		T(test_deploy_ai_first_phase_reach),
		T(test_deploy_order),
		T(test_deploy_defaults_off_pads),
		T(test_deploy_hidden_stand_in),
		T(test_deploy_replay),
		T(test_deploy_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
