/*
 * test_fog_arc.c - throws and launches over what the side knows (RULINGS
 * §6.2 "Throwing", mirroring the walk of RULINGS §5): the arc is checked
 * over the walls and doors as the thrower's side last saw them; where the
 * truth stops it short, it lands (or bursts) in the last square it
 * crossed, the TUs spent, and the side learns what stopped it.  The
 * answers a side is given (the throw chance, the hit chance of a launch)
 * never differ between worlds it cannot tell apart; the game master's
 * (game_true_shot_chance) follows the truth.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/engine/game-int.h"
#include "play.h"
#include "xtac/cmd.h"
#include "xtac/know.h"
#include "xtac/util.h"

/*
 * A corridor (rows 1-2) over a room (rows 3-4), the door under x 4 the
 * only way between, all of it roofed by level 2: no arc clears a wall
 * (§6.2: obstacles up to a level higher, with room above).
 */
#define ROOFED_MAP							\
	"xtac-map: 1\nname: Roofed\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+/+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"  - |\n"							\
	"    + + + + + + + + +\n"					\
	"     _ _ _ _ _ _ _ _\n"					\
	"    + + + + + + + + +\n"					\
	"     _ _ _ _ _ _ _ _\n"					\
	"    + + + + + + + + +\n"					\
	"     _ _ _ _ _ _ _ _\n"					\
	"    + + + + + + + + +\n"					\
	"     _ _ _ _ _ _ _ _\n"					\
	"    + + + + + + + + +\n"					\
	"rules:\n  vision-cone: true\n"

/* The door, 0-based: the south edge of 4,2. */
static const struct pos	door = { 3, 1, 0 };

/*
 * X-Com's a on 4,1 facing north with `weapon` in its right hand, its b on
 * 4,2 at the door facing south, a Sectoid far in the room facing east.
 */
static void
arc_start(struct t *t, const char *weapon)
{
	char	*units;

	units = xasprintf(
	    "  - {id: a, side: xcom, type: troop, at: [4, 1, 1], facing: n, "
	    "right: %s}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 2, 1], facing: s}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 4, 1], "
	    "facing: e}\n", weapon);
	t_start_map(t, ROOFED_MAP, units);
	free(units);
}

static bool
arc_door_open(const struct map *m)
{
	return (map_edge(m, door, DIR_S)->flags & EDGE_OPENED) != 0;
}

/*
 * b opens the door in X-Com's sight and walks off east, facing away
 * (vision cone, RULINGS §4.3): nobody of X-Com sees the door after.  It
 * closes as the phase ends (RULINGS §4: no unit in its doorway), out of
 * X-Com's sight.  Unless `shut`, a Sectoid then walks to the doorway
 * beyond, opens it again and stands there, facing away, unseen.  Then round 2, X-Com
 * first (initiative 9 against 1).
 */
static void
arc_world(struct t *t, bool shut)
{
	assert_int_equal(t_do(t, "open b s"), 0);
	assert_true(arc_door_open(know_map(t->g, SIDE_XCOM)));
	assert_int_equal(t_do(t, "move b 8 1"), 0);
	assert_int_equal(t_unit(t, "b")->facing, DIR_E);
	assert_false(know_in_sight(t->g, SIDE_XCOM, door));
	assert_false(know_in_sight(t->g, SIDE_XCOM, (struct pos){ 3, 2, 0 }));
	assert_int_equal(t_do(t, "dice 9 1"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	if (!shut) {
		/* The Sectoid's walk to the doorway, none of it seen. */
		assert_int_equal(t_do(t, "move s 4 3"), 0);
		assert_int_equal(t_do(t, "open s n"), 0);
		assert_int_equal(t_do(t, "turn s s"), 0);
	}
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 2);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	/* X-Com remembers the door open, whatever it is now. */
	assert_true(arc_door_open(know_map(t->g, SIDE_XCOM)));
	assert_int_equal(arc_door_open(game_map(t->g)), !shut);
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "s")));
	event_list_clear(&t->ev);
}

/*
 * RULINGS §6.2: a grenade thrown through the door X-Com last saw open,
 * shut since out of its sight.  The throw is let go (its check and the
 * client's preview read X-Com's memory), the arc meets the shut door and
 * the grenade comes down on 4,2 before it, unrolled; the 6 TU and the
 * turn are spent; X-Com reads what stopped it and now knows the door shut.
 */
static void
test_throw_meets_door_shut_unseen(void **state)
{
	struct t		*t = *state;
	struct game_throw_info	 info;
	const struct event	*e;
	struct event		 v;
	char			*cause = NULL;
	int			 tu, a;
	size_t			 i;

	arc_start(t, "grenade");
	arc_world(t, true);
	a = game_find_unit(t->g, "a");
	tu = t_unit(t, "a")->tu;
	/* The preview: a chance, as X-Com knows the way. */
	assert_true(game_throw_chance(t->g, a, HAND_RIGHT, (struct pos){ 3, 3,
	    0 }, &info, NULL, &cause) >= 0);
	assert_null(cause);
	/* The truth would refuse it. */
	assert_false(game_throw_lands(t->g, t_unit(t, "a")->pos,
	    (struct pos){ 3, 3, 0 }));
	/* A die forced for a roll that never comes. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 4 4"), 0);
	assert_null(t_event(t, EV_ERROR, 0));
	e = t_event(t, EV_THROW, 0);
	assert_non_null(e);
	assert_true(t_int(e, "stopped"));
	assert_null(event_get(e, "roll"));
	/* 6 TU and 2 for turning from north to south (RULINGS §5). */
	assert_int_equal(t_unit(t, "a")->tu, tu - 6 - 2);
	assert_int_equal(t_unit(t, "a")->hands[HAND_RIGHT].item, -1);
	e = t_event(t, EV_ARC_STOPPED, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "blocked"), "door");
	assert_string_equal(t_str(e, "side"), "s");
	assert_int_equal(event_get(e, "at")->pos.x, door.x);
	assert_int_equal(event_get(e, "at")->pos.y, door.y);
	/* X-Com reads where and on what. */
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_non_null(event_get(&v, "at"));
	assert_string_equal(t_str(&v, "blocked"), "door");
	/* The grenade lies on 4,2, in front of the door. */
	for (i = 0; i < t->g->nground; i++)
		if (t->g->ground[i].pos.x == door.x &&
		    t->g->ground[i].pos.y == door.y)
			break;
	assert_true(i < t->g->nground);
	/* X-Com knows the door shut now: the same throw is refused. */
	assert_false(arc_door_open(know_map(t->g, SIDE_XCOM)));
	assert_false(game_side_throw_lands(t->g, SIDE_XCOM,
	    t_unit(t, "a")->pos, (struct pos){ 3, 3, 0 }));
}

/*
 * The learning alone (know_touch_crossing), with nobody looking: the edge
 * the arc struck, nothing else of the square.
 */
static void
test_arc_learns_the_edge_only(void **state)
{
	struct t	*t = *state;
	struct map	*m;

	arc_start(t, "grenade");
	arc_world(t, true);
	m = (struct map *)know_map(t->g, SIDE_XCOM);
	/* A wall of the corridor remembered away, to stay so. */
	map_edge(m, door, DIR_W)->kind = EDGE_OPEN;
	know_touch_crossing(t->g, SIDE_XCOM, door, DIR_S);
	assert_false(arc_door_open(know_map(t->g, SIDE_XCOM)));
	assert_int_equal(map_edge(know_map(t->g, SIDE_XCOM), door,
	    DIR_W)->kind, EDGE_OPEN);
}

/*
 * RULINGS §6.2, the other way: X-Com last saw the door shut (as briefed);
 * the Sectoid opened it and stands in the doorway, unseen.  The throw is
 * refused over X-Com's memory though the truth would let it through.
 */
static void
test_throw_refused_over_memory(void **state)
{
	struct t		*t = *state;
	struct game_throw_info	 info;
	char			*cause = NULL;
	int			 a, tu;

	t_start_map(t, ROOFED_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 1, 1], facing: n, "
	    "right: grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: s}\n");
	a = game_find_unit(t->g, "a");
	assert_int_equal(t_do(t, "dice 9 1"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "open s n"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_true(arc_door_open(game_map(t->g)));
	assert_false(arc_door_open(know_map(t->g, SIDE_XCOM)));
	assert_true(game_throw_lands(t->g, t_unit(t, "a")->pos,
	    (struct pos){ 3, 3, 0 }));
	assert_int_equal(game_throw_chance(t->g, a, HAND_RIGHT, (struct pos){
	    3, 3, 0 }, &info, NULL, &cause), -1);
	assert_non_null(strstr(cause, "a wall is in the way"));
	free(cause);
	tu = t_unit(t, "a")->tu;
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "throw a 4 4"), -1);
	t_refusal_says(t, "a wall is in the way");
	assert_int_equal(t_unit(t, "a")->tu, tu);
}

/*
 * `query hit` as a side (game_shot_chance) for a launch through the door:
 * the same answer, terms and all, whether the door X-Com last saw open is
 * shut or open now; the game master's (game_true_shot_chance) differs.
 */
struct arc_answer {
	int	chance, true_chance;
	struct event why;
	char	*cause;
};

static void
arc_query(struct t *t, bool shut, struct arc_answer *out)
{
	struct command	c;
	char		*cause = NULL;

	arc_start(t, "{item: small-launcher, ammo: stun-bomb}");
	arc_world(t, shut);
	assert_int_equal(cmd_parse(t->g, "shoot a 4,4 snap", &c, &cause), 0);
	memset(out, 0, sizeof *out);
	out->chance = game_shot_chance(t->g, &c, NULL, &out->why,
	    &out->cause);
	out->true_chance = game_true_shot_chance(t->g, &c, NULL, &cause);
	free(cause);
}

static void
test_query_hit_same_in_both_worlds(void **state)
{
	struct t		*t = *state;
	struct arc_answer	 shut, open;
	size_t			 i;

	arc_query(t, true, &shut);
	t_finish(t);
	arc_query(t, false, &open);
	assert_true(shut.chance >= 0);
	assert_int_equal(shut.chance, open.chance);
	assert_null(shut.cause);
	assert_null(open.cause);
	assert_int_equal(shut.why.nterms, open.why.nterms);
	for (i = 0; i < shut.why.nterms; i++) {
		assert_string_equal(shut.why.terms[i].name,
		    open.why.terms[i].name);
		assert_int_equal(shut.why.terms[i].value,
		    open.why.terms[i].value);
	}
	/* The game master sees the door as it is. */
	assert_int_equal(shut.true_chance, -1);
	assert_int_equal(open.true_chance, open.chance);
}

/*
 * RULINGS §6.2 for a launch: an HE bomb fired through the door shut out of
 * sight bursts in front of it, on 4,2 (§7.5: an explosive round bursts
 * where it stops), unrolled, the shot's TUs spent; X-Com knows the door
 * now.
 */
static void
test_launch_meets_door_shut_unseen(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	int			 tu;
	size_t			 i;

	arc_start(t, "{item: small-launcher, ammo: he-bomb}");
	arc_world(t, true);
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "shoot a 4,4 snap"), 0);
	assert_null(t_event(t, EV_ERROR, 0));
	/* No roll to hit: it never got there. */
	for (i = 0; (e = t_event(t, EV_ROLL, i)) != NULL; i++)
		assert_string_not_equal(t_str(e, "what"), "hit");
	e = t_event(t, EV_ARC_STOPPED, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "item"), "he-bomb");
	assert_string_equal(t_str(e, "blocked"), "door");
	e = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(e);
	assert_int_equal(event_get(e, "at")->pos.x, door.x);
	assert_int_equal(event_get(e, "at")->pos.y, door.y);
	/* Snap 10 TU, and 2 to turn round. */
	assert_int_equal(t_unit(t, "a")->tu, tu - 10 - 2);
	assert_false(arc_door_open(know_map(t->g, SIDE_XCOM)));
}

/*
 * RULINGS §6.2, §7.5: a miss scatters short of walls and doors as they
 * are, so where it came down tells of them.  Like a missed shot's stop,
 * it is read only by who saw it all the way there.  a throws east along
 * the corridor at 6,1 (63 %); a roll of 100 misses by 37, four squares,
 * the d10 says west (4): the grenade comes down on 2,1, behind a (vision
 * cone, RULINGS §4.3).
 */
static void
test_scatter_out_of_sight_unread(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct event		 v;

	arc_start(t, "grenade");
	assert_int_equal(t_do(t, "dice 100 4"), 0);
	assert_int_equal(t_do(t, "throw a 6 1"), 0);
	e = t_event(t, EV_THROW, 0);
	assert_non_null(e);
	assert_false(t_int(e, "success"));
	assert_int_equal(event_get(e, "landed")->pos.x, 1);
	assert_int_equal(event_get(e, "landed")->pos.y, 0);
	assert_false(know_in_sight(t->g, SIDE_XCOM, (struct pos){ 1, 0, 0 }));
	know_event_view(e, SIDE_XCOM, &v);
	assert_null(event_get(&v, "landed"));
	assert_non_null(event_get(&v, "scatter_d10"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
		    test_throw_meets_door_shut_unseen, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_arc_learns_the_edge_only,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_throw_refused_over_memory,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_query_hit_same_in_both_worlds, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_launch_meets_door_shut_unseen, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_scatter_out_of_sight_unread, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
