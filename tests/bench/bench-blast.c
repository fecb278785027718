/*
 * bench-blast.c - the cost of one grenade blast (§7.3): an X-Com grenade
 * going off at the middle of the map's ground level, everything it sets
 * in motion included (walls, floors and objects it breaks, smoke, units
 * hurt, the collapse check, the field and every side's sight brought up
 * to date): game_queue_explosion and game_run_explosions of game-blast.c,
 * the engine's own entry points, reached through game-int.h.  A blast
 * changes the map, so each one runs on a fresh game from the same
 * scenario and seed, built (its kept sight too) outside the time and
 * outside bench_blast, the one function the instruction counts
 * (tests/bench/json.sh) collect.
 * Prints figures only.
 *
 *	bench-blast [--map sim-field|town60|open100] [--blasts N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmap.h"
#include "game-int.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define BENCH_SAMPLES	9

static int
bench_compare(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* One blast, alone: what the instruction counts measure. */
static __attribute__((noinline)) void
bench_blast(struct game *g, struct pos at, const struct damage *d,
    struct event_list *ev)
{
	g->ev = ev;
	game_queue_explosion(g, at, d);
	game_run_explosions(g);
	g->ev = NULL;
}

/*
 * A fresh game as play leaves it after any command: its kept sight built
 * (on first use) and up to date, so the blast pays only for what it
 * changes.
 */
static struct game *
bench_game(const struct scenario *s, struct event_list *ev)
{
	struct game	*g = game_new(s, 1, ev);

	g->ev = ev;
	game_vis_update(g, true);
	g->ev = NULL;
	event_list_clear(ev);
	return g;
}

/* tests/data's 26x26 sim-field (15 a side), or a generated 30-a-side map. */
static struct scenario *
bench_scenario(const struct catalog *cat, const char *name)
{
	struct diags	 d;
	struct scenario	*s;
	const char	*path = "../../tests/data/sim-field.yaml";

	if (strcmp(name, "sim-field") != 0)
		return benchmap_battle(cat, name, 30, 1, 7);
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	return s;
}

int
main(int argc, char **argv)
{
	struct catalog		 cat;
	struct scenario		*s;
	struct game		*g;
	struct event_list	 ev;
	struct damage		 d;
	struct pos		 at;
	const char		*map = "sim-field";
	int64_t			 t0, t, samples[BENCH_SAMPLES];
	int			 blasts = 180, i, k, item;
	long			 done = 0;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--blasts") == 0)
			blasts = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--map") == 0)
			map = argv[++i];
		else
			break;
	}
	if (i < argc || blasts < BENCH_SAMPLES) {
		fprintf(stderr, "usage: bench-blast [--map sim-field|town60|"
		    "open100] [--blasts N]\n");
		return 2;
	}
	memset(&cat, 0, sizeof cat);
	if (benchmap_catalog(&cat) < 0)
		return 1;
	if ((s = bench_scenario(&cat, map)) == NULL) {
		fprintf(stderr, "bench-blast: no map %s\n", map);
		return 2;
	}
	if ((item = catalog_find_item(&cat, "grenade")) < 0)
		fatal("bench-blast: no grenade in the catalog");
	d = cat.items[item].damage;
	at.x = s->map->width / 2;
	at.y = s->map->height / 2;
	at.z = 0;
	event_list_init(&ev);
	for (k = 0; k < BENCH_SAMPLES; k++) {
		t = 0;
		for (i = 0; i < blasts / BENCH_SAMPLES; i++) {
			g = bench_game(s, &ev);
			t0 = benchmap_now_ns();
			bench_blast(g, at, &d, &ev);
			t += benchmap_now_ns() - t0;
			event_list_clear(&ev);
			game_free(g);
			done++;
		}
		samples[k] = t / (blasts / BENCH_SAMPLES);
	}
	qsort(samples, BENCH_SAMPLES, sizeof *samples, bench_compare);
	printf("one grenade blast (%d %s) at (%d,%d,%d) on %s, %dx%dx%d: "
	    "%lld ns (median of %d runs of %d)\n", d.amount,
	    d.type == DMG_HE ? "HE" : "", at.x, at.y, at.z, map,
	    s->map->width, s->map->height, s->map->levels,
	    (long long)samples[BENCH_SAMPLES / 2], BENCH_SAMPLES,
	    blasts / BENCH_SAMPLES);
	printf("  (the spread, damage, smoke, collapse check, field and "
	    "sight update)\n");
	printf("calls %ld\n", done);
	printf("ns %lld\n", (long long)samples[BENCH_SAMPLES / 2]);
	event_list_free(&ev);
	scenario_free(s);
	catalog_free(&cat);
	return 0;
}
