/*
 * test_fog_dice.c - nothing a side reads foretells the dice: the seed and
 * every state the dice generator passes through are in no side's events
 * or log lines, over long random games on every shipped map (the games
 * and views of tests/support/fog).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/engine/game-int.h"
#include "fixture.h"
#include "fog.h"
#include "xtac/rng.h"
#include "xtac/util.h"

/*
 * Whether text holds the 64-bit number v written as a program would: in
 * decimal, or in hex (bare or 0x, padded to 16 digits or not, either
 * case).
 */
static bool
fog_holds_number(const char *text, uint64_t v)
{
	unsigned long long	n = v;
	char			buf[5][32];
	size_t			i;

	if (text == NULL)
		return false;
	snprintf(buf[0], sizeof buf[0], "%llu", n);
	snprintf(buf[1], sizeof buf[1], "%llx", n);
	snprintf(buf[2], sizeof buf[2], "%016llx", n);
	snprintf(buf[3], sizeof buf[3], "%llX", n);
	snprintf(buf[4], sizeof buf[4], "%016llX", n);
	for (i = 0; i < 5; i++)
		if (strstr(text, buf[i]) != NULL)
			return true;
	return false;
}

/*
 * Nothing a side reads foretells a roll: the seed, and the state of the
 * rules and cosmetic streams at any point of the game, are found in no
 * side's events (what `xtac script --as` prints, and the server sends).
 * The seed and the states would tell every roll to come, hidden ones
 * included; a pair of games sharing the seed cannot show that (both carry
 * it), so it is looked for directly.  Long random games on every map, a
 * seed of many digits so that no chance number matches it; the whole
 * events (what the omniscient script prints) must carry the seed, or the
 * search finds nothing because it looks for nothing.
 */
static void
test_fog_no_foretelling(void **state)
{
	struct scenario		*s;
	struct event_list	 ev;
	struct game		*g;
	struct strbuf		 whole, view[SIDE_COUNT];
	struct rng		 r;
	uint64_t		*states, seed;
	size_t			 m, i, nstates;
	int			 k, side;
	char			*line;

	for (m = 0; m < fog_nmaps; m++) {
		seed = 0x9e3779b97f4a7c15ULL + m;
		s = fog_load(*state, fog_maps[m]);
		event_list_init(&ev);
		strbuf_init(&whole);
		for (side = 0; side < SIDE_COUNT; side++)
			strbuf_init(&view[side]);
		rng_seed(&r, seed, RNG_STREAM_COSMETIC);
		states = xcalloc(2 * (FOG_COMMANDS * 4 + 1), sizeof *states);
		nstates = 0;
		g = game_new(s, seed, &ev);
		for (k = 0; k <= FOG_COMMANDS * 4 && !game_over(g); k++) {
			states[nstates++] = g->rules.state;
			states[nstates++] = g->cosmetic.state;
			for (i = 0; i < ev.n; i++)
				fog_print_event(&whole, &ev.v[i]);
			for (side = 0; side < SIDE_COUNT; side++)
				fog_view_events(&view[side], g, &ev,
				    (enum side)side);
			line = fog_command(&r, g, 70);
			fog_run(g, line, &ev);
			free(line);
		}
		assert_true(fog_holds_number(whole.data, seed));
		for (side = 0; side < SIDE_COUNT; side++) {
			assert_true(view[side].len > 0);
			assert_false(fog_holds_number(view[side].data, seed));
			for (i = 0; i < nstates; i++)
				assert_false(fog_holds_number(view[side].data,
				    states[i]));
			strbuf_free(&view[side]);
		}
		print_message("%s: %zu states of the dice, found in no side's "
		    "%zu bytes of events\n", fog_maps[m], nstates,
		    whole.len);
		free(states);
		strbuf_free(&whole);
		game_free(g);
		event_list_free(&ev);
		scenario_free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fog_no_foretelling),
	};

	return cmocka_run_group_tests(tests, fog_setup, fog_teardown);
}
