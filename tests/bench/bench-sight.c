/*
 * bench-sight.c - field of view: ours (sight_fov) against libtcod's
 * FOV_SHADOW (recursive shadowcasting) and FOV_SYMMETRIC_SHADOWCAST on the
 * same seeded maps, from the same origins.
 *
 * First it compares what each sees, square by square, and prints how many
 * squares differ and why; then it times each algorithm in interleaved
 * rounds (ours first in even rounds, libtcod first in odd ones, so drift
 * and cache warmth fall on both sides) and prints the median ns per call
 * and the ratio.  It asserts nothing about timings.  `--only` runs one
 * algorithm alone, for instruction counts under callgrind.
 *
 * Maps (benchmap.h): open0, open10, open30 are 100x100 grass with 0, 10
 * or 30 % rocks (rocks: solid, so not transparent and not walkable for
 * libtcod, light_walls true); town is 60x60 with 4 levels, buildings with
 * walls on edges, floors and windows: only ours can read it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libtcod/fov.h>

#include "benchmap.h"
#include "xtac/field.h"
#include "xtac/rng.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define BENCH_RADIUS	20
#define BENCH_ORIGINS	1000
#define BENCH_ROUNDS	7
#define BENCH_SEED	0x5eedULL

enum bench_algo {
	BENCH_OURS,
	BENCH_SHADOW,
	BENCH_SYMMETRIC,
	BENCH_FRESH,
	BENCH_LINE,
	BENCH_NALGOS
};
static const char *const bench_algo_names[BENCH_NALGOS] = {
	"ours", "shadow", "symmetric", "ours-fresh", "line"
};
static const TCOD_fov_algorithm_t bench_tcod_algos[BENCH_NALGOS] = {
	FOV_BASIC, FOV_SHADOW, FOV_SYMMETRIC_SHADOWCAST, FOV_BASIC, FOV_BASIC
};

static const struct bench_map_spec {
	const char	*name;
	int		 percent;	/* rocks; -1 for the town */
} bench_maps[] = {
	{ "open0", 0 }, { "open10", 10 }, { "open30", 30 }, { "town", -1 },
};
#define BENCH_NMAPS	(sizeof bench_maps / sizeof bench_maps[0])

struct bench {
	const struct bench_map_spec	*spec;
	struct map			*map;
	struct field			 field;
	struct sight_map		 kept;
	TCOD_Map			*tcod;	/* NULL: several levels */
	struct pos			 origins[BENCH_ORIGINS];
	struct pos			 targets[BENCH_ORIGINS];
	int				 next;	/* the next target */
	int				 radius;
	uint8_t				*visible;
	size_t				 size;
	unsigned long			 sink;	/* keeps calls */
};

static void
bench_usage(FILE *f)
{
	fprintf(f,
	    "usage: bench-sight [--only ours|ours-fresh|shadow|symmetric|line]\n"
	    "                   [--map NAME] [--size N] [--rounds N] "
	    "[--radius N]\n"
	    "\n"
	    "Without --only: for every map, compare the squares each\n"
	    "libtcod algorithm sees with ours, then time all three in %d\n"
	    "interleaved rounds of %d field-of-view calls (radius %d) and\n"
	    "print the median ns per call.\n"
	    "\n"
	    "  --only ALGO  run one algorithm alone on one map, for\n"
	    "               instruction counts: valgrind --tool=callgrind\n"
	    "               bench-sight --only ours --map open30; line:\n"
	    "               one sight_line from each origin to a square\n"
	    "               within the radius (on the town, any level)\n"
	    "  --map NAME   with --only: open0, open10, open30 (100x100 with\n"
	    "               that %% of rocks; the default is open30) or town\n"
	    "               (60x60, 4 levels: ours only)\n"
	    "  --size N     with --only: the open map's side (default 100)\n"
	    "  --rounds N   with --only: rounds of %d calls (default 1)\n"
	    "  --radius N   with --only: the radius (default %d; the game's\n"
	    "               is the map's larger side)\n",
	    BENCH_ROUNDS, BENCH_ORIGINS, BENCH_RADIUS, BENCH_ORIGINS,
	    BENCH_RADIUS);
}

static void
bench_open(struct bench *b, const struct bench_map_spec *spec, int side)
{
	struct rng	r;
	struct pos	p;
	int		i;

	memset(b, 0, sizeof *b);
	b->spec = spec;
	b->radius = BENCH_RADIUS;
	if (spec->percent >= 0)
		b->map = benchmap_open(side, side, spec->percent, BENCH_SEED);
	else
		b->map = benchmap_town(60, 60, 4, BENCH_SEED);
	field_init(&b->field, b->map);
	sight_map_init(&b->kept, &b->field);
	b->size = (size_t)b->map->width * b->map->height * b->map->levels;
	b->visible = xmalloc(b->size);
	/* Origins where someone could stand: a floor, no rock or tree. */
	rng_seed(&r, BENCH_SEED + 1, RNG_STREAM_RULES);
	for (i = 0; i < BENCH_ORIGINS; i++)
		do {
			p.x = (int)rng_below(&r, (uint32_t)b->map->width);
			p.y = (int)rng_below(&r, (uint32_t)b->map->height);
			p.z = (int)rng_below(&r, (uint32_t)b->map->levels);
			b->origins[i] = p;
		} while (!map_square_standable(b->map, p));
	/* For one line each: a square within the radius, any level. */
	rng_seed(&r, BENCH_SEED + 2, RNG_STREAM_RULES);
	for (i = 0; i < BENCH_ORIGINS; i++) {
		p.x = b->origins[i].x + (int)rng_below(&r, 2 * BENCH_RADIUS + 1) -
		    BENCH_RADIUS;
		p.y = b->origins[i].y + (int)rng_below(&r, 2 * BENCH_RADIUS + 1) -
		    BENCH_RADIUS;
		p.z = (int)rng_below(&r, (uint32_t)b->map->levels);
		p.x = p.x < 0 ? 0 : p.x >= b->map->width ? b->map->width - 1 :
		    p.x;
		p.y = p.y < 0 ? 0 : p.y >= b->map->height ? b->map->height - 1 :
		    p.y;
		b->targets[i] = p;
	}
	if (b->map->levels > 1)
		return;
	b->tcod = TCOD_map_new(b->map->width, b->map->height);
	for (p.y = 0; p.y < b->map->height; p.y++)
		for (p.x = 0; p.x < b->map->width; p.x++) {
			bool clear = !benchmap_blocked(b->map, p.x, p.y);

			TCOD_map_set_properties(b->tcod, p.x, p.y, clear,
			    clear);
		}
}

static void
bench_close(struct bench *b)
{
	if (b->tcod != NULL)
		TCOD_map_delete(b->tcod);
	free(b->visible);
	sight_map_free(&b->kept);
	field_free(&b->field);
	map_free(b->map);
}

static __attribute__((noinline)) void
bench_fov(struct bench *b, enum bench_algo a, struct pos o)
{
	struct sight_result	r;

	if (a == BENCH_LINE) {
		/* One line, as threat views and the AI draw them. */
		b->sink += sight_line(&b->field, o, SIGHT_EYE_STANDING,
		    b->targets[b->next++ % BENCH_ORIGINS], SIGHT_CENTRE, &r);
		b->sink += (unsigned long)r.obstructions + 1;
		return;
	}
	if (a == BENCH_OURS) {
		b->sink += sight_fov_kept(&b->kept, o, SIGHT_EYE_STANDING,
		    b->radius, NULL);
		return;
	}
	if (a == BENCH_FRESH) {
		sight_fov(&b->field, o, SIGHT_EYE_STANDING, b->radius,
		    b->visible);
		b->sink += b->visible[(size_t)o.y * b->map->width + o.x];
		return;
	}
	TCOD_map_compute_fov(b->tcod, o.x, o.y, b->radius, true,
	    bench_tcod_algos[a]);
	b->sink += TCOD_map_is_in_fov(b->tcod, o.x, o.y);
}

static double
bench_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* One round: every origin once; ns per call. */
static double
bench_round(struct bench *b, enum bench_algo a)
{
	double	t0 = bench_now();
	int	i;

	for (i = 0; i < BENCH_ORIGINS; i++)
		bench_fov(b, a, b->origins[i]);
	return (bench_now() - t0) / BENCH_ORIGINS;
}

static int
bench_cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Squares whose visibility differs between ours and libtcod's `a`, over
 * every origin, inside the radius both honour: libtcod's is a circle
 * (SHADOW keeps d^2 <= r^2, SYMMETRIC d^2 < r^2), ours a square.  The
 * share that differs is out of the squares either one sees, not out of
 * all squares in the circle (hidden squares agree for free).
 */
static void
bench_compare(struct bench *b, enum bench_algo a, long *compared,
    long *ours_only, long *tcod_only, long *seen_ours, long *seen_tcod)
{
	struct pos	o;
	int		i, dx, dy, x, y, ours, theirs;

	*compared = *ours_only = *tcod_only = *seen_ours = *seen_tcod = 0;
	for (i = 0; i < BENCH_ORIGINS; i++) {
		o = b->origins[i];
		bench_fov(b, BENCH_OURS, o);
		bench_fov(b, a, o);
		for (dy = -BENCH_RADIUS; dy <= BENCH_RADIUS; dy++)
			for (dx = -BENCH_RADIUS; dx <= BENCH_RADIUS; dx++) {
				x = o.x + dx;
				y = o.y + dy;
				if (x < 0 || y < 0 || x >= b->map->width ||
				    y >= b->map->height ||
				    dx * dx + dy * dy >= BENCH_RADIUS *
				    BENCH_RADIUS)
					continue;
				ours = sight_map_visible(&b->kept,
				    (struct pos){ x, y, 0 });
				theirs = TCOD_map_is_in_fov(b->tcod, x, y);
				*compared += ours || theirs;
				*seen_ours += ours;
				*seen_tcod += theirs;
				if (ours && !theirs)
					(*ours_only)++;
				else if (theirs && !ours)
					(*tcod_only)++;
			}
	}
}

static void
bench_check(struct bench *maps)
{
	long	n, mine, theirs, so, st;
	size_t	m;
	int	a;

	printf("Visibility compared with ours, %d origins, squares within "
	    "the radius-%d circle\nthat either sees (%% of those)\n\n",
	    BENCH_ORIGINS, BENCH_RADIUS);
	printf("%-8s %-10s %10s %10s %10s %10s %8s %10s %10s\n", "map",
	    "libtcod", "ours sees", "it sees", "either", "differ", "%",
	    "ours only", "it only");
	for (m = 0; m < BENCH_NMAPS; m++) {
		if (maps[m].tcod == NULL)
			continue;
		for (a = BENCH_SHADOW; a <= BENCH_SYMMETRIC; a++) {
			bench_compare(&maps[m], (enum bench_algo)a, &n, &mine,
			    &theirs, &so, &st);
			printf("%-8s %-10s %10ld %10ld %10ld %10ld %8.3f %10ld "
			    "%10ld\n", maps[m].spec->name,
			    bench_algo_names[a], so, st, n, mine + theirs,
			    100.0 * (mine + theirs) / n, mine, theirs);
		}
	}
	printf("\n"
	    "Why they differ: ours is geometric, a line from the viewer's\n"
	    "centre to each square's centre, blocked if it enters a rock\n"
	    "square other than its end (exactly through a corner it passes\n"
	    "if either side is free); a rock is seen when the line to its\n"
	    "centre is clear.  FOV_SHADOW casts shadows from whole squares\n"
	    "with float slopes measured at square corners and lights a\n"
	    "square if any part of it is in view, so it sees more around\n"
	    "the edges of shadows (\"libtcod only\") and is not symmetric.\n"
	    "FOV_SYMMETRIC_SHADOWCAST tests square centres as we do, but its\n"
	    "shadows start from each row's centre line, not from the rock's\n"
	    "corners, so a rock hides less; and it lights every rock on a\n"
	    "scanned row (expansive walls).  On open ground all agree.\n\n");
}

static void
bench_time(struct bench *maps)
{
	double	 t[BENCH_NALGOS][BENCH_ROUNDS], med[BENCH_NALGOS];
	size_t	 m;
	int	 a, k, r, nalgos;

	printf("Time per call, radius %d, median of %d interleaved rounds of "
	    "%d calls\n\n", BENCH_RADIUS, BENCH_ROUNDS, BENCH_ORIGINS);
	printf("%-8s %-9s %10s %10s %10s %12s %12s\n", "map", "size",
	    "ours ns", "shadow ns", "symm ns", "ours/shadow", "ours/symm");
	for (m = 0; m < BENCH_NMAPS; m++) {
		struct bench	*b = &maps[m];
		char		 size[32];

		nalgos = b->tcod != NULL ? BENCH_SYMMETRIC + 1 : 1;
		for (r = 0; r < BENCH_ROUNDS; r++)
			for (k = 0; k < nalgos; k++) {
				a = r % 2 ? nalgos - 1 - k : k;
				t[a][r] = bench_round(b, (enum bench_algo)a);
			}
		for (a = 0; a < nalgos; a++)
			med[a] = bench_median(t[a], BENCH_ROUNDS);
		snprintf(size, sizeof size, "%dx%dx%d", b->map->width,
		    b->map->height, b->map->levels);
		if (nalgos == 1) {
			printf("%-8s %-9s %10.0f %10s %10s %12s %12s\n",
			    b->spec->name, size, med[0], "-", "-", "-", "-");
			continue;
		}
		printf("%-8s %-9s %10.0f %10.0f %10.0f %12.2f %12.2f\n",
		    b->spec->name, size, med[BENCH_OURS], med[BENCH_SHADOW],
		    med[BENCH_SYMMETRIC], med[BENCH_OURS] / med[BENCH_SHADOW],
		    med[BENCH_OURS] / med[BENCH_SYMMETRIC]);
	}
	printf("\nours: every square of the %dx%d box on every level in reach;"
	    " libtcod: one level,\nits radius-%d circle (and SYMMETRIC scans "
	    "the whole map, then clears outside it).\n"
	    "town: 4 levels, walls on edges, floors: libtcod cannot express "
	    "it.\n", 2 * BENCH_RADIUS + 1, 2 * BENCH_RADIUS + 1,
	    BENCH_RADIUS);
}

static int
bench_only(const char *algo, const char *mapname, int side, int rounds,
    int radius)
{
	struct bench	 b;
	size_t		 m;
	double		 ns = 0;
	int		 a, r;

	for (a = 0; a < BENCH_NALGOS; a++)
		if (strcmp(algo, bench_algo_names[a]) == 0)
			break;
	for (m = 0; m < BENCH_NMAPS; m++)
		if (strcmp(mapname, bench_maps[m].name) == 0)
			break;
	if (a == BENCH_NALGOS || m == BENCH_NMAPS) {
		bench_usage(stderr);
		return 2;
	}
	bench_open(&b, &bench_maps[m], side);
	b.radius = radius;
	if (a != BENCH_OURS && a != BENCH_FRESH && a != BENCH_LINE &&
	    b.tcod == NULL) {
		fprintf(stderr, "bench-sight: libtcod cannot read %s\n",
		    mapname);
		bench_close(&b);
		return 2;
	}
	for (r = 0; r < rounds; r++)
		ns += bench_round(&b, (enum bench_algo)a);
	printf("%s on %s: %d x %d calls, %.0f ns per call (sink %lu)\n",
	    bench_algo_names[a], mapname, rounds, BENCH_ORIGINS, ns / rounds,
	    b.sink);
	printf("calls %d\n", rounds * BENCH_ORIGINS);
	bench_close(&b);
	return 0;
}

int
main(int argc, char **argv)
{
	struct bench	 maps[BENCH_NMAPS];
	const char	*only = NULL, *mapname = "open30";
	int		 i, rounds = 1, side = 100, radius = BENCH_RADIUS;
	size_t		 m;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			bench_usage(stdout);
			return 0;
		}
		if (i + 1 < argc && strcmp(argv[i], "--only") == 0)
			only = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--map") == 0)
			mapname = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--size") == 0)
			side = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--rounds") == 0)
			rounds = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--radius") == 0)
			radius = atoi(argv[++i]);
		else {
			bench_usage(stderr);
			return 2;
		}
	}
	if (rounds < 1 || side < 2 * BENCH_RADIUS + 1 || side > MAP_MAX_SIDE ||
	    radius < 0 || radius > MAP_MAX_SIDE) {
		bench_usage(stderr);
		return 2;
	}
	if (only != NULL)
		return bench_only(only, mapname, side, rounds, radius);

	for (m = 0; m < BENCH_NMAPS; m++)
		bench_open(&maps[m], &bench_maps[m], 100);
	bench_check(maps);
	bench_time(maps);
	for (m = 0; m < BENCH_NMAPS; m++)
		bench_close(&maps[m]);
	return 0;
}
