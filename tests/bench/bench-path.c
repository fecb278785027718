/*
 * bench-path.c - movement (path.h) against libtcod 1.18 on the same maps:
 * reachable sets (path_reach) against TCOD_dijkstra_compute, and A*
 * (path_find) against TCOD_path_compute.  Results are checked first, then
 * timed.  No timing is asserted.
 *
 * Our costs are 2 straight and 3 diagonal; libtcod's with a diagonal cost
 * of 1.5 are 1 and 1.5, so its distances doubled must equal ours wherever
 * the rules agree: single-level maps of squares either open or blocked.
 * The town map has walls on edges, doors (+2) and stairs, which libtcod's
 * square-only map cannot express; its mismatches measure that, not bugs.
 *
 * Timing: each round runs every call of one kind for us, then for libtcod
 * (swapping who goes first every other round); the figure is the median
 * over rounds of the mean ns per call.  libtcod's Dijkstra and A* objects
 * are made once per map and reused, as its API intends; ours keep their
 * scratch (path_find_with, path_reach_with, keeping their cost array as
 * the AI does) and step words (path_moves) per map, as the game does, and
 * the check runs those same calls.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libtcod/fov.h>
#include <libtcod/path.h>

#include "benchmap.h"
#include "xtac/field.h"
#include "xtac/path.h"
#include "xtac/rng.h"
#include "xtac/util.h"

#define BENCH_ORIGINS	200
#define BENCH_PAIRS	200
#define BENCH_ROUNDS	7
#define BENCH_REACH_TU	50
#define BENCH_BIG_TU	(1 << 24)
#define BENCH_SEED	20240601u
#define BENCH_LOCAL	8	/* local pairs: this many squares apart */

enum bench_algo {
	BENCH_OURS_REACH,
	BENCH_TCOD_DIJKSTRA,
	BENCH_OURS_REACH_ALL,
	BENCH_OURS_ASTAR,
	BENCH_TCOD_ASTAR,
	BENCH_OURS_LOCAL,
	BENCH_TCOD_LOCAL,
	BENCH_ALGO_COUNT
};

static const char *const bench_algo_names[BENCH_ALGO_COUNT] = {
	"ours-reach", "tcod-dijkstra", "ours-reach-all", "ours-astar",
	"tcod-astar", "ours-local", "tcod-local"
};

struct bench_map {
	const char		*name;
	struct map		*m;
	struct field		 f;
	struct path_scratch	 sc;
	struct path_moves	 moves;		/* kept, as the game keeps its */
	TCOD_Map		*tm;
	TCOD_dijkstra_t		 dij;
	TCOD_path_t		 tpath;
	struct pos		 origins[BENCH_ORIGINS];
	struct pos		 pairs[BENCH_PAIRS][2];
	struct pos		 local[BENCH_PAIRS][2];	/* at most
						   BENCH_LOCAL apart */
	int			*cost;
	bool			 count;		/* count settled squares */
	long			 settled;	/* squares path_reach gave a
						   cost, summed */
};

static const struct mover bench_walker = { 1, false, false, 1 };

static uint64_t
bench_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A random level-1 square a walker can stand on. */
static struct pos
bench_free_square(const struct map *m, struct rng *r)
{
	struct pos	p;

	do {
		p.x = (int)rng_below(r, (uint32_t)m->width);
		p.y = (int)rng_below(r, (uint32_t)m->height);
		p.z = 0;
	} while (!map_square_standable(m, p));
	return p;
}

static void
bench_map_init(struct bench_map *b, const char *name, struct map *m)
{
	struct rng	r;
	struct pos	p;
	int		i;

	memset(b, 0, sizeof *b);
	b->name = name;
	b->m = m;
	field_init(&b->f, m);
	path_scratch_init(&b->sc);
	path_moves_init(&b->moves, m);
	b->sc.moves = &b->moves;
	b->sc.keep_cost = true;		/* b->cost is only read */
	/* libtcod sees level 1 only: a square is walkable or not. */
	b->tm = TCOD_map_new(m->width, m->height);
	for (p.z = 0, p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++)
			TCOD_map_set_properties(b->tm, p.x, p.y, true,
			    map_square_standable(m, p));
	b->dij = TCOD_dijkstra_new(b->tm, 1.5f);
	b->tpath = TCOD_path_new_using_map(b->tm, 1.5f);
	rng_seed(&r, BENCH_SEED, RNG_STREAM_RULES);
	for (i = 0; i < BENCH_ORIGINS; i++)
		b->origins[i] = bench_free_square(m, &r);
	for (i = 0; i < BENCH_PAIRS; i++) {
		b->pairs[i][0] = bench_free_square(m, &r);
		b->pairs[i][1] = bench_free_square(m, &r);
	}
	for (i = 0; i < BENCH_PAIRS; i++) {
		b->local[i][0] = bench_free_square(m, &r);
		do
			b->local[i][1] = bench_free_square(m, &r);
		while (abs(b->local[i][1].x - b->local[i][0].x) >
		    BENCH_LOCAL || abs(b->local[i][1].y -
		    b->local[i][0].y) > BENCH_LOCAL);
	}
	b->cost = xreallocarray(NULL, (size_t)m->width * m->height *
	    m->levels, sizeof *b->cost);
}

static void
bench_map_free(struct bench_map *b)
{
	TCOD_path_delete(b->tpath);
	TCOD_dijkstra_delete(b->dij);
	TCOD_map_delete(b->tm);
	field_free(&b->f);
	path_scratch_free(&b->sc);
	path_moves_free(&b->moves);
	map_free(b->m);
	free(b->cost);
}

/* libtcod's path from a to b in our units (1 -> 2, 1.5 -> 3), or -1. */
static int
bench_tcod_astar_cost(struct bench_map *b, struct pos a, struct pos to)
{
	int	i, n, x = a.x, y = a.y, cost = 0;

	if (a.x == to.x && a.y == to.y)
		return 0;
	if (!TCOD_path_compute(b->tpath, a.x, a.y, to.x, to.y))
		return -1;
	n = TCOD_path_size(b->tpath);
	for (i = 0; i < n; i++) {
		int nx, ny;

		TCOD_path_get(b->tpath, i, &nx, &ny);
		cost += nx != x && ny != y ? 3 : 2;
		x = nx;
		y = ny;
	}
	return cost;
}

struct bench_check {
	long	reach_squares;		/* compared */
	long	reach_bad;		/* within 50 TU */
	long	all_bad;		/* whole map */
	int	astar_tcod_longer;	/* libtcod's path costs more */
	int	astar_ours_longer;
	int	astar_only_ours;	/* only we find a path */
	int	astar_only_tcod;
	int	astar_none;		/* neither finds one */
};

static void
bench_check(struct bench_map *b, struct bench_check *k)
{
	const struct map	*m = b->m;
	int			 i, x, y;

	memset(k, 0, sizeof *k);
	for (i = 0; i < BENCH_ORIGINS; i++) {
		struct pos o = b->origins[i];

		TCOD_dijkstra_compute(b->dij, o.x, o.y);
		path_reach_with(&b->sc, &b->f, &bench_walker, NULL, o,
		    BENCH_REACH_TU, b->cost);
		for (y = 0; y < m->height; y++)
			for (x = 0; x < m->width; x++) {
				float d = TCOD_dijkstra_get_distance(b->dij,
				    x, y);
				long t = d < 0 ? -1 : lroundf(d * 2);

				if (t > BENCH_REACH_TU)
					t = -1;
				k->reach_squares++;
				k->reach_bad += b->cost[y * m->width + x] != t;
			}
		path_reach_with(&b->sc, &b->f, &bench_walker, NULL, o,
		    BENCH_BIG_TU, b->cost);
		for (y = 0; y < m->height; y++)
			for (x = 0; x < m->width; x++) {
				float d = TCOD_dijkstra_get_distance(b->dij,
				    x, y);
				long t = d < 0 ? -1 : lroundf(d * 2);

				k->all_bad += b->cost[y * m->width + x] != t;
			}
	}
	for (i = 0; i < BENCH_PAIRS; i++) {
		struct path p;
		int ours = path_find_with(&b->sc, &b->f, &bench_walker, NULL,
		    b->pairs[i][0], b->pairs[i][1], BENCH_BIG_TU, &p);
		int theirs = bench_tcod_astar_cost(b, b->pairs[i][0],
		    b->pairs[i][1]);

		path_free(&p);
		if (ours < 0 && theirs < 0)
			k->astar_none++;
		else if (theirs < 0)
			k->astar_only_ours++;
		else if (ours < 0)
			k->astar_only_tcod++;
		else if (theirs > ours)
			k->astar_tcod_longer++;
		else if (ours > theirs)
			k->astar_ours_longer++;
	}
}

/* Squares the last path_reach gave a cost. */
static long
bench_settled(const struct bench_map *b)
{
	size_t	i, n = (size_t)b->m->width * b->m->height * b->m->levels;
	long	k = 0;

	for (i = 0; i < n; i++)
		k += b->cost[i] >= 0;
	return k;
}

/* One round of one algorithm over the map's workload; ns per call. */
static double
bench_run(struct bench_map *b, enum bench_algo a)
{
	uint64_t	t0, t1;
	int		i, n = 0;
	struct pos	(*pairs)[2] = a == BENCH_OURS_LOCAL ||
			    a == BENCH_TCOD_LOCAL ? b->local : b->pairs;

	t0 = bench_now();
	switch (a) {
	case BENCH_OURS_REACH:
	case BENCH_OURS_REACH_ALL:
		for (i = 0; i < BENCH_ORIGINS; i++, n++) {
			path_reach_with(&b->sc, &b->f, &bench_walker, NULL,
			    b->origins[i], a == BENCH_OURS_REACH ?
			    BENCH_REACH_TU : BENCH_BIG_TU, b->cost);
			if (b->count)
				b->settled += bench_settled(b);
		}
		break;
	case BENCH_TCOD_DIJKSTRA:
		for (i = 0; i < BENCH_ORIGINS; i++, n++)
			TCOD_dijkstra_compute(b->dij, b->origins[i].x,
			    b->origins[i].y);
		break;
	case BENCH_OURS_ASTAR:
	case BENCH_OURS_LOCAL:
		for (i = 0; i < BENCH_PAIRS; i++, n++) {
			struct path p;

			path_find_with(&b->sc, &b->f, &bench_walker, NULL,
			    pairs[i][0], pairs[i][1], BENCH_BIG_TU, &p);
			path_free(&p);
		}
		break;
	case BENCH_TCOD_ASTAR:
	case BENCH_TCOD_LOCAL:
		for (i = 0; i < BENCH_PAIRS; i++, n++)
			TCOD_path_compute(b->tpath, pairs[i][0].x,
			    pairs[i][0].y, pairs[i][1].x, pairs[i][1].y);
		break;
	default:
		break;
	}
	t1 = bench_now();
	return (double)(t1 - t0) / n;
}

static int
bench_cmp_double(const void *va, const void *vb)
{
	double	a = *(const double *)va, b = *(const double *)vb;

	return (a > b) - (a < b);
}

/* Median ns per call of ours and theirs, interleaved round by round. */
static void
bench_pair(struct bench_map *b, enum bench_algo ours, enum bench_algo theirs,
    int rounds, double *ours_ns, double *theirs_ns)
{
	double	o[64], t[64];
	int	i;

	if (rounds > 64)
		rounds = 64;
	/* One untimed round each: page in the arrays and the caches. */
	bench_run(b, ours);
	bench_run(b, theirs);
	for (i = 0; i < rounds; i++) {
		if (i % 2 == 0) {
			o[i] = bench_run(b, ours);
			t[i] = bench_run(b, theirs);
		} else {
			t[i] = bench_run(b, theirs);
			o[i] = bench_run(b, ours);
		}
	}
	qsort(o, (size_t)rounds, sizeof *o, bench_cmp_double);
	qsort(t, (size_t)rounds, sizeof *t, bench_cmp_double);
	*ours_ns = o[rounds / 2];
	*theirs_ns = t[rounds / 2];
}

static void
bench_usage(FILE *fp)
{
	fprintf(fp,
"usage: bench-path [--rounds N]\n"
"       bench-path --only ALGORITHM --map MAP [--rounds N]\n"
"\n"
"Without --only: check our results against libtcod's on every map, then\n"
"time both, interleaved, and print the median ns per call of %d rounds.\n"
"\n"
"--only runs one algorithm alone over one map's workload (%d origins or\n"
"%d pairs, N rounds, default %d) and checks nothing, for profiling:\n"
"\n"
"  valgrind --tool=callgrind build/bench/bench-path --only ours-astar \\\n"
"      --map open30\n"
"\n"
"ALGORITHM: ours-reach      path_reach, %d TU, 1x1 walker\n"
"           ours-reach-all  path_reach with no TU limit (the whole map)\n"
"           tcod-dijkstra   TCOD_dijkstra_compute (always the whole map)\n"
"           ours-astar      path_find between random pairs, no TU limit\n"
"           tcod-astar      TCOD_path_compute between the same pairs\n"
"           ours-local      path_find between pairs at most %d squares apart\n"
"           tcod-local      TCOD_path_compute between the same pairs\n"
"MAP:       open0, open10, open30  100x100 grass, that %% rocks\n"
"           town                   60x60, 4 levels of walled buildings\n",
	    BENCH_ROUNDS, BENCH_ORIGINS, BENCH_PAIRS, BENCH_ROUNDS,
	    BENCH_REACH_TU, BENCH_LOCAL);
}

static struct map *
bench_make_map(const char *name)
{
	if (strcmp(name, "open0") == 0)
		return benchmap_open(100, 100, 0, BENCH_SEED);
	if (strcmp(name, "open10") == 0)
		return benchmap_open(100, 100, 10, BENCH_SEED);
	if (strcmp(name, "open30") == 0)
		return benchmap_open(100, 100, 30, BENCH_SEED);
	if (strcmp(name, "town") == 0)
		return benchmap_town(60, 60, 4, BENCH_SEED);
	return NULL;
}

static int
bench_only(const char *algo, const char *map, int rounds)
{
	struct bench_map	 b;
	struct map		*m;
	double			 ns = 0;
	int			 a, i;

	for (a = 0; a < BENCH_ALGO_COUNT; a++)
		if (strcmp(algo, bench_algo_names[a]) == 0)
			break;
	if (a == BENCH_ALGO_COUNT || (m = bench_make_map(map)) == NULL) {
		bench_usage(stderr);
		return 2;
	}
	bench_map_init(&b, map, m);
	b.count = true;
	for (i = 0; i < rounds; i++)
		ns += bench_run(&b, (enum bench_algo)a);
	printf("%s on %s: %.0f ns per call (mean of %d rounds)\n", algo, map,
	    ns / rounds, rounds);
	printf("calls %d\n", rounds * (a <= BENCH_OURS_REACH_ALL ?
	    BENCH_ORIGINS : BENCH_PAIRS));
	if (a == BENCH_OURS_REACH || a == BENCH_OURS_REACH_ALL)
		printf("settled %ld\n", b.settled);
	bench_map_free(&b);
	return 0;
}

int
main(int argc, char **argv)
{
	static const char *const maps[] = { "open0", "open10", "open30",
	    "town" };
	struct bench_map	 b;
	struct bench_check	 k[4];
	const char		*only = NULL, *map = NULL;
	double			 t[4][8];
	int			 i, rounds = BENCH_ROUNDS;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			bench_usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = argv[++i];
		else if (strcmp(argv[i], "--map") == 0 && i + 1 < argc)
			map = argv[++i];
		else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
			rounds = atoi(argv[++i]);
			if (rounds < 1)
				rounds = 1;
		} else {
			bench_usage(stderr);
			return 2;
		}
	}
	if (only != NULL || map != NULL) {
		if (only == NULL || map == NULL) {
			bench_usage(stderr);
			return 2;
		}
		return bench_only(only, map, rounds);
	}

	printf("path: 1x1 walker; %d origins and %d A* pairs per map; "
	    "seed %u\n\n", BENCH_ORIGINS, BENCH_PAIRS, BENCH_SEED);
	for (i = 0; i < 4; i++) {
		bench_map_init(&b, maps[i], bench_make_map(maps[i]));
		bench_check(&b, &k[i]);
		bench_pair(&b, BENCH_OURS_REACH, BENCH_TCOD_DIJKSTRA, rounds,
		    &t[i][0], &t[i][1]);
		bench_pair(&b, BENCH_OURS_REACH_ALL, BENCH_TCOD_DIJKSTRA,
		    rounds, &t[i][2], &t[i][3]);
		bench_pair(&b, BENCH_OURS_ASTAR, BENCH_TCOD_ASTAR, rounds,
		    &t[i][4], &t[i][5]);
		bench_pair(&b, BENCH_OURS_LOCAL, BENCH_TCOD_LOCAL, rounds,
		    &t[i][6], &t[i][7]);
		bench_map_free(&b);
	}

	printf("Check (libtcod distance x 2 = our TUs):\n");
	printf("%-7s %9s %9s %9s | %-40s\n", "", "reach:", "bad", "bad",
	    "A* pairs where:");
	printf("%-7s %9s %9s %9s | %7s %7s %7s %7s %7s\n", "map",
	    "squares", "<=50 TU", "all", "tcod>", "ours>", "only", "only",
	    "neither");
	printf("%-7s %9s %9s %9s | %7s %7s %7s %7s %7s\n", "", "", "", "",
	    "ours", "tcod", "ours", "tcod", "finds");
	for (i = 0; i < 4; i++)
		printf("%-7s %9ld %9ld %9ld | %7d %7d %7d %7d %7d\n",
		    maps[i], k[i].reach_squares, k[i].reach_bad, k[i].all_bad,
		    k[i].astar_tcod_longer, k[i].astar_ours_longer,
		    k[i].astar_only_ours, k[i].astar_only_tcod,
		    k[i].astar_none);
	printf("Open maps must show 0 bad squares and 0 'ours > tcod'.  "
	    "libtcod's A* stops when\nit first reaches the goal, not when "
	    "the goal's cost is final, so 'tcod > ours'\nis possible.  "
	    "town: libtcod knows no walls, doors or stairs, so it walks\n"
	    "through walls ('ours > tcod') and into buildings whose only "
	    "door has a tree\noutside ('only tcod'); those counts are "
	    "expected, not errors.\n\n");

	printf("Time, median of %d interleaved rounds, ns per call:\n",
	    rounds);
	printf("%-7s %-28s %12s %12s %9s\n", "map", "test", "ours",
	    "libtcod", "tcod/ours");
	for (i = 0; i < 4; i++) {
		printf("%-7s %-28s %12.0f %12.0f %8.1fx\n", maps[i],
		    "reach 50 TU / dijkstra", t[i][0], t[i][1],
		    t[i][1] / t[i][0]);
		printf("%-7s %-28s %12.0f %12.0f %8.1fx\n", "",
		    "reach all / dijkstra", t[i][2], t[i][3],
		    t[i][3] / t[i][2]);
		printf("%-7s %-28s %12.0f %12.0f %8.1fx\n", "",
		    "A* random pairs", t[i][4], t[i][5], t[i][5] / t[i][4]);
		printf("%-7s %-28s %12.0f %12.0f %8.1fx\n", "",
		    "A* local pairs", t[i][6], t[i][7], t[i][7] / t[i][6]);
	}
	return 0;
}
