/*
 * bench-reaction.c - the cost of one step of movement with many units on
 * the map: every step finds the path, recomputes who sees the mover before
 * and after (the reaction check, RULINGS 6.5) and every side's sight.  The
 * units carry no weapons, so no shot changes the state between runs and
 * every step does the same work; the phase ends that restore the mover's
 * TUs are run between samples, outside the time and outside bench_step,
 * the one function the instruction counts (tests/bench/json.sh) collect.
 * Prints figures only.
 *
 *	bench-reaction [--map town60|open100] [--per-side N] [--steps N]
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

/* Until the mover's side is to move with TUs for a step. */
static void
bench_refill(struct game *g, int mover, struct event_list *ev)
{
	struct command	c;

	memset(&c, 0, sizeof c);
	c.type = CMD_END;
	c.unit = c.target = c.item = -1;
	while (game_side_to_move(g) != SIDE_XCOM ||
	    game_unit(g, mover)->tu < 4) {
		game_execute(g, &c, ev);
		event_list_clear(ev);
	}
}

/* One step, alone: what the instruction counts measure. */
static __attribute__((noinline)) int
bench_step(struct game *g, const struct command *c, struct event_list *ev)
{
	return game_execute(g, c, ev);
}

/* An X-Com unit with a free standable square to its east. */
static int
bench_mover(const struct game *g, const struct map *m)
{
	size_t	i, k;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);
		struct pos p = { u->pos.x + 1, u->pos.y, u->pos.z };
		bool free = u->side == SIDE_XCOM && p.x < m->width &&
		    map_square_standable(m, p);

		for (k = 0; k < game_nunits(g) && free; k++)
			free = game_unit(g, (int)k)->pos.x != p.x ||
			    game_unit(g, (int)k)->pos.y != p.y ||
			    game_unit(g, (int)k)->pos.z != p.z;
		if (free)
			return (int)i;
	}
	fatal("bench-reaction: no unit can step east");
}

int
main(int argc, char **argv)
{
	struct benchmap_game	 bg;
	struct game		*g;
	struct command		 c;
	const char		*map = "town60";
	int64_t			 t0, t, samples[9];
	int			 steps = 2000, per_side = 15, i, k, mover;
	long			 done = 0;
	int			 rc;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--steps") == 0)
			steps = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--map") == 0)
			map = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--per-side") == 0)
			per_side = atoi(argv[++i]);
		else
			break;
	}
	if (i < argc || steps < 9 || per_side < 1) {
		fprintf(stderr, "usage: bench-reaction [--map town60|open100] "
		    "[--per-side N] [--steps N]\n");
		return 2;
	}
	rc = benchmap_game_open(&bg, "bench-reaction", map, per_side, 0);
	if (rc != 0)
		return rc;
	g = bg.g;
	mover = bench_mover(g, bg.s->map);
	/* The mover steps east and back, over and over. */
	for (k = 0; k < 9; k++) {
		int n = 0;

		t = 0;
		for (i = 0; i < steps / 9; i++) {
			const struct unit *u;

			bench_refill(g, mover, &bg.ev);
			u = game_unit(g, mover);
			memset(&c, 0, sizeof c);
			c.type = CMD_MOVE;
			c.unit = mover;
			c.target = c.item = -1;
			c.pos = u->pos;
			c.pos.x += (i % 2) ? -1 : 1;
			t0 = benchmap_now_ns();
			if (bench_step(g, &c, &bg.ev) == 0)
				n++;
			t += benchmap_now_ns() - t0;
			event_list_clear(&bg.ev);
		}
		done += n;
		samples[k] = t / (n ? n : 1);
	}
	qsort(samples, 9, sizeof *samples, bench_compare);
	printf("one step, %d units on %s: %lld ns per step (median of 9 runs "
	    "of %d steps)\n", 2 * per_side, map, (long long)samples[4],
	    steps / 9);
	printf("  (the path, the reaction check before and after, every "
	    "side's sight update;\n  no reference library does this)\n");
	printf("calls %ld\n", done);
	benchmap_game_close(&bg);
	return 0;
}
