/*
 * bench-round.c - the work of ends of phases and rounds with many units on
 * a large map: the state hash a round's start records (game_hash, called
 * alone here), closing the doors at a phase's end (game_doors_close, kept
 * out of line for this) and the whole `end` command (bench_end).  The
 * units carry no weapons, so nothing is fired between phases.  The
 * instruction counts (tests/bench/json.sh) collect inside one function at
 * a time; the bench prints the divisors.  Prints figures only.
 *
 *	bench-round [--map town60|open100] [--per-side N] [--phases N]
 *	    [--hashes N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmap.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/util.h"

/* One `end`, alone. */
static __attribute__((noinline)) int
bench_end(struct game *g, const struct command *c, struct event_list *ev)
{
	return game_execute(g, c, ev);
}

/* One state hash, alone. */
static __attribute__((noinline)) uint64_t
bench_hash(const struct game *g)
{
	return game_hash(g);
}

int
main(int argc, char **argv)
{
	struct benchmap_game	 bg;
	struct game		*g;
	struct command		 c;
	const char		*map = "town60";
	uint64_t		 h = 0;
	int64_t			 t0, t1;
	int			 phases = 60, hashes = 20, per_side = 30, i;
	int			 ends = 0, rc;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--phases") == 0)
			phases = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--hashes") == 0)
			hashes = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--map") == 0)
			map = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--per-side") == 0)
			per_side = atoi(argv[++i]);
		else
			break;
	}
	if (i < argc || phases < 1 || hashes < 1 || per_side < 1) {
		fprintf(stderr, "usage: bench-round [--map town60|open100] "
		    "[--per-side N] [--phases N] [--hashes N]\n");
		return 2;
	}
	rc = benchmap_game_open(&bg, "bench-round", map, per_side, 0);
	if (rc != 0)
		return rc;
	g = bg.g;
	memset(&c, 0, sizeof c);
	c.type = CMD_END;
	c.unit = c.target = c.item = -1;
	t0 = benchmap_now_ns();
	for (i = 0; i < phases && !game_over(g); i++) {
		if (bench_end(g, &c, &bg.ev) == 0)
			ends++;
		event_list_clear(&bg.ev);
	}
	t1 = benchmap_now_ns();
	printf("phase ends, %d units on %s: %lld ns each (mean of %d)\n",
	    2 * per_side, map, (long long)((t1 - t0) / (ends ? ends : 1)),
	    ends);
	t0 = benchmap_now_ns();
	for (i = 0; i < hashes; i++)
		h = bench_hash(g);
	t1 = benchmap_now_ns();
	printf("state hash: %lld ns each (mean of %d; %016llx)\n",
	    (long long)((t1 - t0) / hashes), hashes, (unsigned long long)h);
	printf("calls %d\n", ends);
	printf("hashes %d\n", hashes);
	benchmap_game_close(&bg);
	return 0;
}
