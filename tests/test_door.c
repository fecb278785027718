/*
 * test_door.c - doors spanning several squares (§4.2: "A door that spans
 * more than one square activates as a single unit and individual edges may
 * not be opened seperately to the rest of the door"; RULINGS §4: 2 TU,
 * closing at the end of the phase unless a unit stands in the doorway).
 * How a map marks one (a door's character at the corner joining two
 * doors, xtac-map(5)), opening every segment for one door's TUs, by the
 * open command or by walking through, sight through the far segments, one
 * event a door, and closing as one.
 *
 * Stats from the shipped catalog (units/): troop TU 27, tank-cannon TU 35
 * and 2x2.  With seed 1 X-Com moves first in round 1.
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
#include "xtac/blocks.h"
#include "xtac/game.h"
#include "xtac/know.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define HEADER "xtac-map: 1\nname: Test\n"

/*
 * A hall (rows 1-2) and a hangar (rows 3-5) between which a wide door of
 * three squares (x 3 to 5, 1-based) and, beyond a wall, a single door
 * (x 8).
 */
#define DOOR_MAP							\
	HEADER "levels:\n  - |\n"					\
	"    +-+-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . . .|\n"					\
	"    + + + + + + + + + +\n"					\
	"    |. . . . . . . . .|\n"					\
	"    +-+-+/////+-+-+/+-+\n"					\
	"    |. . . . . . . . .|\n"					\
	"    + + + + + + + + + +\n"					\
	"    |. . . . . . . . .|\n"					\
	"    + + + + + + + + + +\n"					\
	"    |. . . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+-+\n"

static void
door_check_vis(const struct t *t)
{
	char	*why = NULL;

	if (!game_vis_check(t->g, &why))
		fail_msg("kept sight differs after the door: %s", why);
}

/* Whether every segment of the wide door is open (or closed). */
static void
door_assert_wide(const struct t *t, bool open)
{
	const struct map	*m = game_map(t->g);
	int			 x;

	for (x = 2; x <= 4; x++) {
		const struct edge *e = map_edge(m, (struct pos){ x, 1, 0 },
		    DIR_S);

		assert_int_equal(e->kind, EDGE_DOOR);
		assert_true((e->flags & EDGE_WIDE) != 0);
		assert_int_equal((e->flags & EDGE_OPENED) != 0, open);
	}
}

/* The map marks it: a door's character at a corner joins its doors. */
static void
test_door_segments(void **state)
{
	struct t	*t = *state;
	const struct map *m;
	struct pos	 seg[MAP_MAX_SIDE];
	int		 n;

	t_start_map(t, DOOR_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [3, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 5, 1]}\n");
	m = game_map(t->g);
	/* From any segment, either side of the wall, the same three. */
	n = map_door_segments(m, (struct pos){ 3, 1, 0 }, DIR_S, seg);
	assert_int_equal(n, 3);
	assert_int_equal(seg[0].x, 2);
	assert_int_equal(seg[2].x, 4);
	n = map_door_segments(m, (struct pos){ 4, 2, 0 }, DIR_N, seg);
	assert_int_equal(n, 3);
	assert_int_equal(seg[0].x, 2);
	assert_int_equal(seg[0].y, 2);
	/* A single door is its one segment; a wall, none. */
	n = map_door_segments(m, (struct pos){ 7, 1, 0 }, DIR_S, seg);
	assert_int_equal(n, 1);
	assert_int_equal(seg[0].x, 7);
	assert_false(map_edge(m, (struct pos){ 7, 1, 0 }, DIR_S)->flags &
	    EDGE_WIDE);
	assert_int_equal(map_door_segments(m, (struct pos){ 5, 1, 0 }, DIR_S,
	    seg), 0);
}

/* §4.2: one open command opens every segment, for one door's 2 TU. */
static void
test_door_open_as_one(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	int			 s;

	t_start_map(t, DOOR_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [3, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1]}\n");
	s = game_find_unit(t->g, "s");
	/* Behind the wall: the line to s crosses the door's far segment. */
	assert_false(game_sees(t->g, SIDE_XCOM, s));
	assert_int_equal(t_do(t, "open a s"), 0);
	door_assert_wide(t, true);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 2);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "tu"), 2);
	assert_int_equal(t_int(e, "width"), 3);
	assert_null(t_event(t, EV_DOOR_OPEN, 1));
	/* Sight through a segment a did not touch changed too. */
	assert_true(game_sees(t->g, SIDE_XCOM, s));
	door_check_vis(t);
	/* Its edges cannot be opened on their own: it is open already. */
	assert_int_equal(t_do(t, "move a 5 2"), 0);
	assert_int_equal(t_do(t, "open a s"), -1);
	t_refusal_says(t, "already open");
}

/*
 * Walking through one segment opens the whole door (2 TU, paid on the
 * step); another unit then walks through another segment for nothing.
 */
static void
test_door_walk_through(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start_map(t, DOOR_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [3, 2, 1]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 5, 1]}\n");
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 4);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "width"), 3);
	door_assert_wide(t, true);
	door_check_vis(t);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move b 5 3"), 0);
	assert_int_equal(t_unit(t, "b")->tu, 27 - 2);
	assert_null(t_event(t, EV_DOOR_OPEN, 0));
}

/*
 * RULINGS §4 for a wide door: it stays open while a unit stands in any of
 * its doorways, and then closes as one, with one event.
 */
static void
test_door_close_as_one(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start_map(t, DOOR_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [3, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 5, 1]}\n");
	/* a stands south of the first segment: the whole door stays. */
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_null(t_event(t, EV_DOOR_CLOSE, 0));
	door_assert_wide(t, true);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "move a 3 4"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	e = t_event(t, EV_DOOR_CLOSE, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "width"), 3);
	assert_null(t_event(t, EV_DOOR_CLOSE, 1));
	door_assert_wide(t, false);
	door_check_vis(t);
}

/*
 * §4.2: "Multi-square units may move through doors so long as they are
 * wide enough": a 2x2 tank through two segments, one door for 2 TU; not
 * through the single door.
 */
static void
test_door_wide_enough(void **state)
{
	struct t		*t = *state;
	const struct event	*e;

	t_start_map(t, DOOR_MAP,
	    "  - {id: k, side: xcom, type: tank-cannon, at: [3, 1, 1]}\n"
	    "  - {id: j, side: xcom, type: tank-cannon, at: [7, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 5, 1]}\n");
	assert_int_equal(t_do(t, "move j 7 2"), -1);
	assert_int_equal(t_do(t, "move k 3 2"), 0);
	assert_int_equal(t_unit(t, "k")->tu, 35 - 4);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "tu"), 2);
	assert_int_equal(t_int(e, "width"), 3);
	assert_null(t_event(t, EV_DOOR_OPEN, 1));
	door_assert_wide(t, true);
	door_check_vis(t);
}

/*
 * Who reads of a wide door: whoever sees a square beside any segment.  s,
 * behind the wall west of its room, sees neither square of the segment a
 * opens, only those of the far ones; it reads the door opening and knows
 * the segments it sees open.
 */
static void
test_door_seen_from_far_segment(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	int			 x;

	t_start_map(t, HEADER "levels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+\n"
	    "    |. . . . . . .|\n"
	    "    +-+-+///////+-+\n"
	    "    |. . .|. . . .|\n"
	    "    +-+-+-+-+-+-+-+\n",
	    "  - {id: a, side: xcom, type: troop, at: [3, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 2, 1], "
	    "facing: w}\n");
	assert_false(know_in_sight(t->g, SIDE_ALIEN, (struct pos){ 2, 1, 0 }));
	assert_int_equal(t_do(t, "open a s"), 0);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_int_equal(t_int(e, "width"), 4);
	assert_true(know_event_seen(e, SIDE_ALIEN));
	for (x = 3; x <= 5; x++)
		assert_true(map_edge(know_map(t->g, SIDE_ALIEN),
		    (struct pos){ x, 1, 0 }, DIR_N)->flags & EDGE_OPENED);
	door_check_vis(t);
}

/* A block turned as it is laid (§4.1) keeps its wide door whole. */
static void
test_door_block_turned(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	struct map	*dst;
	struct pos	 seg[MAP_MAX_SIDE], t;
	int		 q;

	(void)state;
	s = fixture_parse(HEADER "levels:\n  - |\n"
	    "    +-+-+-+\n"
	    "    |. . .|\n"
	    "    +-+///+\n"
	    "    |. . .|\n"
	    "    + + + +\n"
	    "    |. . .|\n"
	    "    +-+-+-+\n", &d);
	assert_non_null(s);
	for (q = 0; q < 4; q++) {
		dst = map_new(6, 6, 1);
		block_place(dst, s->map, 1, 2, q);
		block_turn_pos(3, 3, q, 1, 1, &t.x, &t.y);
		t.x += 1;
		t.y += 2;
		t.z = 0;
		assert_int_equal(map_door_segments(dst, t,
		    block_turn_dir(DIR_N, q), seg), 2);
		map_free(dst);
	}
	scenario_free(s);
	diags_free(&d);
}

/* xtac-map(5): how a wide door is drawn, across and down, and its errors. */
static void
test_door_load(void **state)
{
	struct diags	 d;
	struct scenario	*s;
	struct pos	 seg[MAP_MAX_SIDE];

	(void)state;
	/* Down: a door's character on the corner row between two doors. */
	s = fixture_parse(HEADER "levels:\n  - |\n"
	    "    +-+-+\n"
	    "    |./.|\n"
	    "    + / +\n"
	    "    |./.|\n"
	    "    + + +\n"
	    "    |./.|\n"
	    "    +-+-+\n", &d);
	assert_non_null(s);
	assert_int_equal(map_door_segments(s->map, (struct pos){ 1, 1, 0 },
	    DIR_W, seg), 2);
	assert_int_equal(seg[0].y, 0);
	assert_int_equal(map_door_segments(s->map, (struct pos){ 0, 0, 0 },
	    DIR_E, seg), 2);
	/* ... and '+' keeps the third door apart. */
	assert_int_equal(map_door_segments(s->map, (struct pos){ 1, 2, 0 },
	    DIR_W, seg), 1);
	scenario_free(s);
	diags_free(&d);
	s = fixture_parse(HEADER "levels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+\n"		/* line 5 */
	    "    |. . . . . . .|\n"
	    "    +-+//-+///+///+\n"		/* line 7 */
	    "    |. . ./. . . .|\n"
	    "    +-+-+///+-+-+-+\n"		/* line 9 */
	    "    |. . ./. . . .|\n"
	    "    +-+-+-+-+-+-+-+\n", &d);
	assert_null(s);
	assert_true(fixture_has_diag(&d, "test.yaml:7:9: '/' at a corner "
	    "joins the doors on either side into one wide door (\xc2\xa7"
	    "4.2): it needs a door on both sides, in line"));
	assert_true(fixture_has_diag(&d, "test.yaml:7:15: two wide doors "
	    "meet here and would open as one: put a wall between them "
	    "(\xc2\xa7" "4.2)"));
	assert_true(fixture_has_diag(&d, "test.yaml:9:11: doors cross at "
	    "this corner: a door corner joins the two doors in one line"));
	assert_int_equal(d.errors, 3);
	diags_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_door_segments, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_door_open_as_one,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_door_walk_through,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_door_close_as_one,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_door_wide_enough,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_door_seen_from_far_segment,
		    t_setup, t_teardown),
		cmocka_unit_test(test_door_block_turned),
		cmocka_unit_test(test_door_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
