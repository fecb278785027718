/*
 * test_react.c - reaction fire is an option (§6.5, RULINGS §6.5): the
 * watcher that wins the roll fires only as its controller's standing order
 * (`react`) allows, and a declined shot says why; the friends a shot puts
 * at risk (game_shot_risk()); and the AI's orders and shots spare its own.
 * Forced dice throughout: the watcher's d100 comes first, then the mover's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "xtac/ai.h"
#include "xtac/game.h"

/*
 * Two rows walled apart but at x 3: s waits at 3,1; stepping south to
 * 3,2 it comes into the view of whoever stands on row 2, straight east.
 */
#define REACT_MAP							\
	"xtac-map: 1\nname: Gap\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . . . .|\n"					\
	"    +-+-+ +-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+-+-+\n"

#define WATCHER								\
	"  - {id: a, side: xcom, type: troop, at: [10, 2, 1], facing: w, " \
	"right: pistol}\n"						\
	"  - {id: s, side: alien, type: sectoid, at: [3, 1, 1], "	\
	"facing: s}\n"

/*
 * Give the order in X-Com's phase, end it, and let s step into a's view;
 * a wins the opposed roll (90 + 0 against 10 + 15).  `more` dice follow
 * (a shot's roll and where a miss goes, if it fires).
 */
static void
react_step_in(struct t *t, const char *order, const char *more)
{
	if (order != NULL)
		assert_int_equal(t_do(t, "%s", order), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "dice 90 10%s", more), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move s 3 2"), 0);
	assert_string_equal(t_str(t_event(t, EV_OPPOSED, 0), "winner"), "a");
}

/* RULINGS 6.5: an order of never fires nothing, and costs nothing. */
static void
test_react_never(void **state)
{
	struct t		*t = *state;
	const struct event	*d;
	int			 tu;

	t_start_map(t, REACT_MAP, WATCHER);
	tu = t_unit(t, "a")->tu;
	react_step_in(t, "react a never", "");
	assert_null(t_event(t, EV_ATTACK, 0));
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "watcher"), "a");
	assert_string_equal(t_str(d, "target"), "s");
	assert_string_equal(t_str(d, "why"), "its order is never to react");
	assert_int_equal(t_unit(t, "a")->tu, tu);
	assert_int_equal(t_unit(t, "a")->react_min, UNIT_REACT_NEVER);
}

/* RULINGS 6.5: under the order's chance, no shot; at or over it, one. */
static void
test_react_threshold(void **state)
{
	struct t		*t = *state;
	const struct event	*d, *a;
	int			 chance;

	t_start_map(t, REACT_MAP, WATCHER);
	react_step_in(t, "react a 90", "");
	assert_null(t_event(t, EV_ATTACK, 0));
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	chance = t_int(d, "chance");
	assert_true(chance > 0 && chance < 90);
	assert_int_equal(t_int(d, "need"), 90);
	assert_string_equal(t_str(d, "why"), "under the chance its order "
	    "asks");
	t_finish(t);

	/* The same chance asked for exactly: it fires (a miss, 99). */
	t_start_map(t, REACT_MAP, WATCHER);
	assert_int_equal(t_do(t, "react a %d", chance), 0);
	react_step_in(t, NULL, " 99 1");
	assert_null(t_event(t, EV_REACTION_DECLINED, 0));
	a = t_event(t, EV_ATTACK, 0);
	assert_non_null(a);
	assert_true(t_int(a, "reaction"));
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "chance"), chance);
}

/*
 * A friend in the line (b, unarmed, on row 2 between a and s): the
 * starting order never fires through one; an order that allows it at 1 %
 * does (§7.5: the miss, 99, then flies on at b).
 */
static void
test_react_friend_in_line(void **state)
{
	struct t		*t = *state;
	const struct event	*d;

	t_start_map(t, REACT_MAP, WATCHER
	    "  - {id: b, side: xcom, type: troop, at: [6, 2, 1], facing: w}\n");
	react_step_in(t, NULL, "");
	assert_null(t_event(t, EV_ATTACK, 0));
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "why"), "a friend is in the line of "
	    "fire");
	assert_string_equal(t_str(d, "friend"), "b");
	/* Never through friends: no chance would do. */
	assert_null(event_get(d, "need"));
	t_finish(t);

	t_start_map(t, REACT_MAP, WATCHER
	    "  - {id: b, side: xcom, type: troop, at: [6, 2, 1], facing: w}\n");
	react_step_in(t, "react a 1 friends 1", " 99 5");
	assert_null(t_event(t, EV_REACTION_DECLINED, 0));
	assert_non_null(t_event(t, EV_ATTACK, 0));
}

/*
 * §7.5 worked through: a friend straight behind the target is struck by
 * the misses that fly on (d10 5 or 6: two faces in ten, any margin), not
 * in the line short of it; the reaction is declined for it.
 */
static void
test_react_miss_risk(void **state)
{
	struct t		*t = *state;
	struct game_shot_risk	 risk;
	const struct event	*d;
	int			 a, s;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [10, 2, 1], facing: w, "
	    "right: pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 2, 1], "
	    "facing: e}\n"
	    "  - {id: b, side: xcom, type: troop, at: [2, 2, 1], facing: e}\n");
	a = game_find_unit(t->g, "a");
	s = game_find_unit(t->g, "s");
	assert_true(game_shot_risk(t->g, a, t_unit(t, "a")->pos, s,
	    HAND_RIGHT, 40, &risk));
	assert_int_equal(risk.line, -1);
	assert_int_equal(risk.nblast, 0);
	assert_int_equal(risk.stray, game_find_unit(t->g, "b"));
	/* At least the two faces flying on: 2/10 of the 60 % that miss. */
	assert_true(risk.struck >= 2 * 60);
	/* A sure shot misses never: no risk. */
	assert_false(game_shot_risk(t->g, a, t_unit(t, "a")->pos, s,
	    HAND_RIGHT, 100, &risk));
	t_finish(t);

	t_start_map(t, REACT_MAP, WATCHER
	    "  - {id: b, side: xcom, type: troop, at: [1, 2, 1], facing: e}\n");
	react_step_in(t, NULL, "");
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "why"), "a miss could strike a friend");
	assert_string_equal(t_str(d, "friend"), "b");
}

/*
 * §7.3: an explosive round (heavy cannon HE, 52 HE-1: radius 2) bursting
 * on s would reach b beside it, out of the line: the starting order holds
 * the fire for it.  §6.2: a launched round (a rocket) arcs over the
 * bodies in the line; one flying straight (the cannon's) meets them.
 */
static void
test_react_blast_and_launch(void **state)
{
	struct t		*t = *state;
	struct game_shot_risk	 risk;
	const struct event	*d;
	int			 a, s;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [10, 2, 1], facing: w, "
	    "right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 1, 1], "
	    "facing: s}\n"
	    "  - {id: b, side: xcom, type: troop, at: [2, 2, 1], facing: e}\n");
	react_step_in(t, NULL, "");
	assert_null(t_event(t, EV_ATTACK, 0));
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "why"), "a friend would be caught in "
	    "the blast");
	assert_string_equal(t_str(d, "friend"), "b");
	t_finish(t);

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [10, 2, 1], facing: w, "
	    "right: {item: rocket-launcher, ammo: rocket-he-1}, "
	    "left: {item: heavy-cannon, ammo: heavy-cannon-ap}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 2, 1], "
	    "facing: e}\n"
	    "  - {id: b, side: xcom, type: troop, at: [8, 2, 1], facing: e}\n");
	a = game_find_unit(t->g, "a");
	s = game_find_unit(t->g, "s");
	game_shot_risk(t->g, a, t_unit(t, "a")->pos, s, HAND_RIGHT, -1,
	    &risk);
	assert_int_equal(risk.line, -1);
	assert_int_equal(risk.nblast, 0);
	game_shot_risk(t->g, a, t_unit(t, "a")->pos, s, HAND_LEFT, -1,
	    &risk);
	assert_int_equal(risk.line, game_find_unit(t->g, "b"));
}

/*
 * §7.5, §7.6: a miss that flies on past the target strikes the fuel drum
 * behind it, which a plasma round destroys; its 90 HE-2 reaches z beside
 * it.  The forecast counts those misses (they were missed, and boarding's
 * aliens blew themselves up by the power source behind X-Com's men).
 */
static void
test_react_drum_risk(void **state)
{
	struct t		*t = *state;
	struct game_shot_risk	 risk;
	int			 s, a, z;
	static const char	 units[] =
	    "  - {id: s, side: alien, type: sectoid, at: [10, 2, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: a, side: xcom, type: troop, at: [6, 2, 1], facing: e}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [2, 1, 1], "
	    "facing: e}\n";
	static const char	 map[] =
	    "xtac-map: 1\nname: Drum\n"
	    "legend:\n  squares:\n    'f': {floor: grass, object: fuel-drum}\n"
	    "levels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . . . .|\n"
	    "    + + + + + + + + + + +\n"
	    "    |. . %c . . . . . . .|\n"
	    "    + + + + + + + + + + +\n"
	    "    |. . . . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+-+-+\n";
	char			 buf[sizeof map];
	int			 with, without;

	snprintf(buf, sizeof buf, map, 'f');
	t_start_map(t, buf, units);
	s = game_find_unit(t->g, "s");
	a = game_find_unit(t->g, "a");
	z = game_find_unit(t->g, "z");
	assert_true(game_shot_risk(t->g, s, t_unit(t, "s")->pos, a,
	    HAND_RIGHT, 40, &risk));
	assert_int_equal(risk.line, -1);
	assert_int_equal(risk.nblast, 0);
	assert_int_equal(risk.stray, z);
	with = risk.struck;
	/* At least the two faces flying on: 2/10 of the 60 % that miss. */
	assert_true(with >= 2 * 60);
	t_finish(t);

	snprintf(buf, sizeof buf, map, '.');
	t_start_map(t, buf, units);
	game_shot_risk(t->g, s, t_unit(t, "s")->pos, a, HAND_RIGHT, 40,
	    &risk);
	without = risk.struck;
	assert_true(with - without >= 2 * 60);
}

/*
 * The order is the controller's, in its phase, free: it neither selects
 * the unit nor ends the turn of one that acted (RULINGS 2.2); it is
 * journalled and read back the same.
 */
static void
test_react_command(void **state)
{
	struct t		*t = *state;
	struct command		 c;
	char			*text, *cause = NULL;
	int			 tu;

	t_start_map(t, REACT_MAP, WATCHER
	    "  - {id: b, side: xcom, type: troop, at: [6, 2, 1], facing: w}\n");
	assert_int_equal(t_do(t, "react s never"), -1);
	assert_int_equal(t_do(t, "react a 101"), -2);
	assert_int_equal(t_do(t, "react a 30 foes 2"), -2);
	assert_int_equal(t_do(t, "move a 9 2"), 0);
	tu = t_unit(t, "b")->tu;
	assert_int_equal(t_do(t, "react b 30 friends 80"), 0);
	assert_int_equal(t_unit(t, "b")->tu, tu);
	assert_int_equal(game_selected(t->g), game_find_unit(t->g, "a"));
	assert_int_equal(t_do(t, "move a 10 2"), 0);
	assert_int_equal(t_unit(t, "b")->react_min, 30);
	assert_int_equal(t_unit(t, "b")->react_friends, 80);
	c = *game_journal(t->g, game_journal_length(t->g) - 2);
	text = cmd_format(t->g, &c);
	assert_string_equal(text, "react b 30 friends 80");
	free(text);
	assert_int_equal(cmd_parse(t->g, "react b never friends 20", &c,
	    &cause), 0);
	text = cmd_format(t->g, &c);
	assert_string_equal(text, "react b never");
	free(text);
	/* Never is never, whatever the friends' chance said. */
	assert_int_equal(t_do(t, "react b never friends 20"), 0);
	assert_int_equal(t_unit(t, "b")->react_friends, UNIT_REACT_NEVER);
}

/*
 * The AI's order (RULINGS 6.5, ai-shoot.c): as it is done with a unit,
 * a plain weapon reacts at 20 % or more and through a friend only when
 * all but sure (given first in its phase: X-Com's phase then ends, the
 * units where they stand); with a friend in the line a won roll at a
 * chance over 20 % (a sharp shooter, kneeling) is then declined.
 */
static void
test_react_ai_order(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	const struct event	*d;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [10, 2, 1], facing: w, "
	    "right: pistol, boosts: {acc: 20}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 1, 1], "
	    "facing: s}\n"
	    "  - {id: b, side: xcom, type: troop, at: [6, 2, 1], facing: w}\n");
	assert_int_equal(t_do(t, "kneel a"), 0);
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	t_ai_next(t, ai, &c);
	ai_free(ai);
	assert_int_equal(t_unit(t, "a")->react_min, 20);
	assert_int_equal(t_unit(t, "a")->react_friends, 85);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move s 3 2"), 0);
	assert_null(t_event(t, EV_ATTACK, 0));
	d = t_event(t, EV_REACTION_DECLINED, 0);
	assert_non_null(d);
	/* Over the 20 % asked, under the 85 % asked through a friend. */
	assert_true(t_int(d, "chance") >= 20 && t_int(d, "chance") < 85);
	assert_string_equal(t_str(d, "why"), "a friend is in the line of "
	    "fire");
	assert_int_equal(t_int(d, "need"), 85);
}

/*
 * ai-shoot.c: no snap shot through a comrade.  On open ground a troop
 * has a sectoid in its sights with one of its own, b, between them; over
 * several seeds, every shot the AI takes has no friend in its line, and
 * its misses (§7.5, as the engine flies them) strike one in under one
 * shot in forty, or in twenty with the target four times likelier hit.
 * Without b the same troop does shoot: the rule is what held it.
 */
static int
react_ai_shots(struct t *t, uint64_t seed, bool comrade)
{
	struct ai_options	 opt = { AI_NORMAL, false, seed };
	struct game_shot_risk	 risk;
	struct command		 c;
	struct ai		*ai;
	int			 n, k, chance, shots = 0;

	t_start(t, "", comrade ? "  - {id: a, side: xcom, type: troop, at: "
	    "[2, 3, 1], facing: e, right: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: e}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n" : "  - {id: a, side: xcom, type: troop, at: "
	    "[2, 3, 1], facing: e, right: rifle}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	for (n = 0; n < 60 && game_side_to_move(t->g) == SIDE_XCOM; n++) {
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		if (c.type == CMD_SHOOT) {
			shots++;
			chance = game_hit_chance(t->g, c.unit, c.target,
			    c.mode, c.hand, NULL, NULL);
			game_shot_risk(t->g, c.unit, game_unit(t->g,
			    c.unit)->pos, c.target, c.hand, chance, &risk);
			assert_int_equal(risk.line, -1);
			k = risk.struck * (c.mode == SHOT_AUTO ? 3 : 1);
			assert_true(2 * k < GAME_RISK_STRUCK ||
			    (k < GAME_RISK_STRUCK && 4 * risk.struck <=
			    10 * chance));
		}
		if (game_execute(t->g, &c, &t->ev) != 0)
			ai_refused(ai, &c);
	}
	ai_free(ai);
	t_finish(t);
	return shots;
}

static void
test_react_ai_no_shot_through(void **state)
{
	struct t	*t = *state;
	uint64_t	 seed;
	int		 alone = 0;

	for (seed = 1; seed <= 6; seed++) {
		react_ai_shots(t, seed, true);
		alone += react_ai_shots(t, seed, false);
	}
	assert_true(alone > 0);
}

/*
 * The AI's forecast reads only what its side knows (issue 14: honesty).
 * Under the vision_cone house rule (RULINGS §4.3) a faces west and b east,
 * so X-Com sees s beyond b but not h, an alien standing between a and b.
 * A round from a at s truly meets h first, no friend in its line; as
 * X-Com can foresee it (game_side_shot_risk), it meets b: the answer
 * never rests on h, and the AI does not fire through b.
 */
static void
test_react_side_risk(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct game_shot_risk	 risk;
	struct command		 c;
	struct ai		*ai;
	int			 a, b, s, h, n;

	t_start(t, "rules:\n  vision-cone: true\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: w, "
	    "right: rifle}\n"
	    "  - {id: h, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: s}\n"
	    "  - {id: b, side: xcom, type: troop, at: [6, 3, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	a = game_find_unit(t->g, "a");
	b = game_find_unit(t->g, "b");
	s = game_find_unit(t->g, "s");
	h = game_find_unit(t->g, "h");
	assert_true(game_sees(t->g, SIDE_XCOM, s));
	assert_false(game_sees(t->g, SIDE_XCOM, h));
	game_shot_risk(t->g, a, t_unit(t, "a")->pos, s, HAND_RIGHT, -1,
	    &risk);
	assert_int_equal(risk.line, -1);
	assert_true(game_side_shot_risk(t->g, SIDE_XCOM, a,
	    t_unit(t, "a")->pos, s, HAND_RIGHT, -1, &risk));
	assert_int_equal(risk.line, b);
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	for (n = 0; n < 40 && game_side_to_move(t->g) == SIDE_XCOM; n++) {
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		if (c.type == CMD_SHOOT && c.unit == a)
			assert_int_not_equal(c.target, s);
		if (game_execute(t->g, &c, &t->ev) != 0)
			ai_refused(ai, &c);
	}
	ai_free(ai);
	t_finish(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_react_never,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_threshold,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_friend_in_line,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_miss_risk,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_blast_and_launch,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_drum_risk,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_command,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_ai_order,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_ai_no_shot_through,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_react_side_risk,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
