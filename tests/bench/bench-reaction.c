/*
 * bench-reaction.c - the cost of one step of movement with 30 units on the
 * map (15 a side, on the 60x60x4 town): every step recomputes who sees the
 * mover before and after, each side's sight, and the reaction checks
 * (RULINGS 6.5).  The units carry no weapons, so no shot changes the state
 * between runs and every step does the same work.  Prints figures only.
 *
 *	bench-reaction [--steps N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchmap.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

static int
bench_compare(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	struct catalog		 cat;
	struct scenario		*s;
	struct game		*g;
	struct event_list	 ev;
	struct rng		 r;
	struct command		 c;
	int64_t			 t0, samples[9];
	int			 steps = 2000, i, k, placed = 0, mover = -1;
	int			 troop, sectoid;

	if (argc == 3 && strcmp(argv[1], "--steps") == 0)
		steps = atoi(argv[2]);
	else if (argc != 1) {
		fprintf(stderr, "usage: bench-reaction [--steps N]\n");
		return 2;
	}
	memset(&cat, 0, sizeof cat);
	if (benchmap_catalog(&cat) < 0)
		return 1;
	troop = catalog_find_unit(&cat, "troop");
	sectoid = catalog_find_unit(&cat, "sectoid");
	s = xcalloc(1, sizeof *s);
	s->name = xstrdup("bench town");
	s->catalog = &cat;
	s->tech_level = 4;
	s->map = benchmap_town(60, 60, 4, 7);
	s->sides[SIDE_XCOM].present = s->sides[SIDE_ALIEN].present = true;
	s->units = xcalloc(30, sizeof *s->units);
	rng_seed(&r, 11, RNG_STREAM_RULES);
	while (placed < 30) {
		struct pos p = { (int)rng_below(&r, 60), (int)rng_below(&r, 60),
		    0 };
		struct unit_setup *u = &s->units[placed];
		bool clash = false;

		if (!map_square_standable(s->map, p) || (placed == 0 &&
		    (p.x > 57 || !map_square_standable(s->map, (struct pos){
		    p.x + 1, p.y, 0 }))))
			continue;
		for (k = 0; k < placed; k++)
			clash |= s->units[k].pos.x == p.x &&
			    s->units[k].pos.y == p.y;
		if (clash)
			continue;
		memset(u, 0, sizeof *u);
		snprintf(u->id, sizeof u->id, "u%d", placed);
		u->side = placed % 2 ? SIDE_ALIEN : SIDE_XCOM;
		u->type = placed % 2 ? sectoid : troop;
		u->pos = p;
		u->armour = -1;
		u->hands[0].item = u->hands[1].item = -1;
		u->hands[0].ammo = u->hands[1].ammo = -1;
		placed++;
	}
	s->nunits = 30;
	event_list_init(&ev);
	g = game_new(s, 1, &ev);
	/* The first X-Com unit steps east and back, over and over. */
	while (game_side_to_move(g) != SIDE_XCOM) {
		memset(&c, 0, sizeof c);
		c.type = CMD_END;
		game_execute(g, &c, &ev);
	}
	mover = 0;
	for (k = 0; k < 9; k++) {
		int done = 0;

		t0 = benchmap_now_ns();
		for (i = 0; i < steps / 9 + 1; i++) {
			const struct unit *u = game_unit(g, mover);

			if (u->tu < 4) {	/* a new round restores TUs */
				memset(&c, 0, sizeof c);
				c.type = CMD_END;
				while (game_side_to_move(g) != SIDE_XCOM ||
				    game_unit(g, mover)->tu < 4)
					game_execute(g, &c, &ev);
				u = game_unit(g, mover);
			}
			memset(&c, 0, sizeof c);
			c.type = CMD_MOVE;
			c.unit = mover;
			c.target = c.item = -1;
			c.pos = u->pos;
			c.pos.x += (i % 2) ? -1 : 1;
			if (game_execute(g, &c, &ev) == 0)
				done++;
			event_list_clear(&ev);
		}
		samples[k] = (benchmap_now_ns() - t0) / (done ? done : 1);
	}
	qsort(samples, 9, sizeof *samples, bench_compare);
	printf("reaction check, one step, 30 units on 60x60x4: "
	    "%lld ns per step (median of 9 runs of %d steps)\n",
	    (long long)samples[4], steps / 9 + 1);
	printf("  (no reference library does this; the figure includes "
	    "the path, both sight passes and every side's sight update)\n");
	game_free(g);
	event_list_free(&ev);
	scenario_free(s);
	catalog_free(&cat);
	return 0;
}
