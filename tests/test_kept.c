/*
 * test_kept.c - what the game keeps instead of looking at the whole map
 * again: the step words paths read (path_moves, game_move_check, with
 * their terrain components) and the list of doors that may stand open
 * (game_doors_check), against the map itself after every command of long
 * random games, as are each side's words over its memory of the map
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
#include "fixture.h"
#include "play.h"
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/know.h"
#include "xtac/load.h"
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
	struct game	*g;
	const char	*map;
	uint64_t	 seed;
	long		 checked;
};

static void
kept_after(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct kept_run	*r = ctx;
	int		 side;

	(void)reason;
	(void)ev;
	if (!game_move_check(r->g))
		fail_msg("%s, seed %llu, after command %d of unit %d: the "
		    "step words differ from the map's", r->map,
		    (unsigned long long)r->seed, (int)c->type, c->unit);
	if (!game_doors_check(r->g))
		fail_msg("%s, seed %llu, after command %d of unit %d: an "
		    "open door is not kept", r->map,
		    (unsigned long long)r->seed, (int)c->type, c->unit);
	/* Each side's words over its memory of the map, too. */
	for (side = 0; side < SIDE_COUNT; side++)
		if (!path_moves_check(know_path_moves(r->g, (enum side)side)))
			fail_msg("%s, seed %llu, after command %d of unit %d: "
			    "side %d's step words differ from its memory",
			    r->map, (unsigned long long)r->seed,
			    (int)c->type, c->unit, side);
	/* The hash's word tables give FNV-1a's value, byte for byte. */
	for (side = 0; side < SIDE_COUNT && r->checked % 3 == 0; side++)
		if (know_hash(r->g, (enum side)side) !=
		    know_hash_plain(r->g, (enum side)side))
			fail_msg("%s, seed %llu, after command %d of unit %d: "
			    "side %d's knowledge hash differs from FNV-1a's",
			    r->map, (unsigned long long)r->seed,
			    (int)c->type, c->unit, side);
	r->checked++;
}

/*
 * Doors opened and shut, walls and floors blown away, units moving: after
 * every command the kept words and doors agree with the map.
 */
static void
test_kept_random_games(void **state)
{
	static const struct {
		const char	*map;
		int		 seeds;
		int		 rounds;
	} runs[] = {
		{ "house", 20, 30 }, { "smoke", 20, 30 }, { "arena", 10, 30 },
		{ "sim-town", 6, 12 },
	};
	struct t		*t = *state;
	struct kept_run		 r;
	struct ai_options	 ao;
	struct ai		*ai[2];
	struct scenario		*s;
	struct diags		 d;
	struct command		 c;
	char			*path;
	size_t			 m;
	int			 k, side;

	memset(&r, 0, sizeof r);
	for (m = 0; m < XTAC_NITEMS(runs); m++) {
		path = xasprintf("tests/data/%s.yaml", runs[m].map);
		diags_init(&d, path, NULL, 0);
		s = scenario_load(path, t->cat, &d);
		fixture_dump(&d);
		diags_free(&d);
		free(path);
		assert_non_null(s);
		r.map = runs[m].map;
		for (k = 0; k < runs[m].seeds; k++) {
			r.seed = 500 + (uint64_t)k;
			event_list_clear(&t->ev);
			r.g = t->g = game_new(s, r.seed, &t->ev);
			/* The map's words are made when first asked for. */
			assert_non_null(game_path_moves(t->g));
			for (side = 0; side < 2; side++) {
				memset(&ao, 0, sizeof ao);
				ao.level = (k + side) % 2 ? AI_RANDOM :
				    AI_NORMAL;
				ao.seed = r.seed * 2 + (uint64_t)side;
				ai[side] = ai_new(t->g, (enum side)side, &ao);
			}
			while (!game_over(t->g) &&
			    game_round(t->g) <= runs[m].rounds) {
				side = game_side_to_move(t->g);
				if (side == SIDE_XCOM || side == SIDE_ALIEN) {
					if (ai_play_phase(ai[side], t->g,
					    kept_after, &r) == 0)
						break;
					continue;
				}
				memset(&c, 0, sizeof c);
				c.type = CMD_END;
				c.unit = c.target = c.item = -1;
				event_list_clear(&t->ev);
				if (game_execute(t->g, &c, &t->ev) != 0)
					break;
				kept_after(&r, &c, NULL, &t->ev);
			}
			for (side = 0; side < 2; side++)
				ai_free(ai[side]);
			game_free(t->g);
			t->g = NULL;
		}
		scenario_free(s);
	}
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
