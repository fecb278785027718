/*
 * test_kept.c - what the game keeps instead of looking at the whole map
 * again: the step words paths read (path_moves, game_move_check, with
 * their terrain components) and the list of doors that may stand open
 * (game_doors_check), against the map itself after every command of long
 * random games, as is the field of units, smoke and fire (against the
 * state, square by square) and each side's words over its memory of the map
 * (know_path_moves); each side's knowledge hash (its word tables) against
 * FNV-1a byte by byte every third command; and the doors closing at the
 * phase's end in the order a scan of every square gives (RULINGS 4: doors
 * close at the end of the phase unless someone is there).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/engine/game-int.h"
#include "play.h"
#include "xtac/game.h"
#include "xtac/know.h"
#include "xtac/path.h"
#include "xtac/util.h"

/*
 * Three doors opened from the far side of where a scan first meets them,
 * in the opposite order: they close as the scan would, square by square
 * (y then x) and on one square north, west, south, east.
 */
static void
test_kept_doors_order(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	const char		*map =
	    "xtac-map: 1\nname: Doors\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+\n"
	    "    |. ./. . . .|\n"
	    "    + +/+ + + + +\n"
	    "    |. . . . . .|\n"
	    "    + + + + + + +\n"
	    "    |./. . . . .|\n"
	    "    +-+-+-+-+-+-+\n";
	static const struct {
		int		 x, y;
		const char	*side;
	} want[] = { { 2, 1, "s" }, { 2, 1, "e" }, { 1, 3, "e" } };
	size_t			 k;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [2, 3, 1]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [2, 2, 1]}\n"
	    "  - {id: c, side: xcom, type: troop, at: [3, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1]}\n");
	/* Each opens its door and steps away from it (RULINGS 2.2). */
	assert_int_equal(t_do(t, "open c w"), 0);
	assert_int_equal(t_do(t, "move c 5 2"), 0);
	assert_int_equal(t_do(t, "open b n"), 0);
	assert_int_equal(t_do(t, "move b 4 2"), 0);
	assert_true(game_doors_check(t->g));
	assert_int_equal(t_do(t, "open a w"), 0);
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	for (k = 0; k < XTAC_NITEMS(want); k++) {
		e = t_event(t, EV_DOOR_CLOSE, k);
		assert_non_null(e);
		assert_int_equal(event_get(e, "at")->pos.x, want[k].x - 1);
		assert_int_equal(event_get(e, "at")->pos.y, want[k].y - 1);
		assert_string_equal(t_str(e, "side"), want[k].side);
	}
	assert_null(t_event(t, EV_DOOR_CLOSE, k));
	assert_true(game_doors_check(t->g));
}

struct kept_run {
	long	checked;
};

/* The map's words are made when first asked for. */
static void
kept_begin(struct t_games *gs)
{
	assert_non_null(game_path_moves(gs->g));
}

static void
kept_after(struct t_games *gs, const struct command *c)
{
	struct kept_run	*r = gs->ctx;
	int		 side;

	if (!game_move_check(gs->g))
		fail_msg("%s, seed %llu, after command %d of unit %d: the "
		    "step words differ from the map's", gs->map,
		    (unsigned long long)gs->seed, (int)c->type, c->unit);
	if (!game_doors_check(gs->g))
		fail_msg("%s, seed %llu, after command %d of unit %d: an "
		    "open door is not kept", gs->map,
		    (unsigned long long)gs->seed, (int)c->type, c->unit);
	/* game_field_refresh goes eight squares at a time: not a skip. */
	if (!game_field_ok(gs->g))
		fail_msg("%s, seed %llu, after command %d of unit %d: the "
		    "field differs from one worked out square by square",
		    gs->map, (unsigned long long)gs->seed, (int)c->type,
		    c->unit);
	/* Each side's words over its memory of the map, too. */
	for (side = 0; side < SIDE_COUNT; side++)
		if (!path_moves_check(know_path_moves(gs->g, (enum side)side)))
			fail_msg("%s, seed %llu, after command %d of unit %d: "
			    "side %d's step words differ from its memory",
			    gs->map, (unsigned long long)gs->seed,
			    (int)c->type, c->unit, side);
	/* The hash's word tables give FNV-1a's value, byte for byte. */
	for (side = 0; side < SIDE_COUNT && r->checked % 3 == 0; side++)
		if (know_hash(gs->g, (enum side)side) !=
		    know_hash_plain(gs->g, (enum side)side))
			fail_msg("%s, seed %llu, after command %d of unit %d: "
			    "side %d's knowledge hash differs from FNV-1a's",
			    gs->map, (unsigned long long)gs->seed,
			    (int)c->type, c->unit, side);
	r->checked++;
}

/*
 * Doors opened and shut, walls and floors blown away, units moving: after
 * every command of long games (t_ai_games) the kept words and doors agree
 * with the map.
 */
static void
test_kept_random_games(void **state)
{
	static const struct t_run	 runs[] = {
		{ "house", 20, 30 }, { "smoke", 20, 30 }, { "arena", 10, 30 },
		{ "sim-town", 6, 12 },
	};
	struct t			*t = *state;
	struct kept_run			 r;
	struct t_games			 gs;

	memset(&r, 0, sizeof r);
	memset(&gs, 0, sizeof gs);
	gs.begin = kept_begin;
	gs.after = kept_after;
	gs.ctx = &r;
	t_ai_games(t, runs, XTAC_NITEMS(runs), 500, &gs);
	assert_true(r.checked > 2000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_kept_doors_order, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_kept_random_games,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
