/*
 * benchmap.c - seeded terrain for the benchmarks (benchmap.h).
 */
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchmap.h"
#include "xtac/diag.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

static void
benchmap_objects(struct map *m)
{
	size_t	i;

	for (i = 0; i < object_nbuiltins; i++)
		map_add_object(m, &object_builtins[i]);
}

struct map *
benchmap_open(int width, int height, int percent, uint64_t seed)
{
	struct map	*m = map_new(width, height, 1);
	struct rng	 r;
	int		 rock, x, y;

	rng_seed(&r, seed, RNG_STREAM_RULES);
	benchmap_objects(m);
	rock = map_find_object(m, "rock");
	for (y = 0; y < height; y++)
		for (x = 0; x < width; x++) {
			struct square *sq = map_square(m,
			    (struct pos){ x, y, 0 });

			sq->floor = FLOOR_GRASS;
			if ((int)rng_below(&r, 100) < percent &&
			    !(x == width / 2 && y == height / 2))
				sq->object = (int16_t)rock;
		}
	return m;
}

int
benchmap_blocked(const struct map *m, int x, int y)
{
	return map_square(m, (struct pos){ x, y, 0 })->object != OBJECT_NONE;
}

/* One building: walls round a box on every storey, a door, windows, stairs. */
static void
benchmap_building(struct map *m, struct rng *r, int x0, int y0, int w, int h,
    int storeys)
{
	struct pos	p;
	int		z;

	for (z = 0; z < storeys; z++) {
		for (p.y = y0; p.y < y0 + h; p.y++)
			for (p.x = x0; p.x < x0 + w; p.x++) {
				p.z = z;
				map_square(m, p)->floor = FLOOR_BUILDING;
				if (p.y == y0)
					map_edge(m, p, DIR_N)->kind = EDGE_WALL;
				if (p.y == y0 + h - 1)
					map_edge(m, p, DIR_S)->kind = EDGE_WALL;
				if (p.x == x0)
					map_edge(m, p, DIR_W)->kind = EDGE_WALL;
				if (p.x == x0 + w - 1)
					map_edge(m, p, DIR_E)->kind = EDGE_WALL;
			}
		/* A window on the north wall, a door on the south (ground). */
		p = (struct pos){ x0 + 1 + (int)rng_below(r, (uint32_t)w - 2),
		    y0, z };
		map_edge(m, p, DIR_N)->kind = EDGE_WINDOW;
		if (z == 0) {
			p = (struct pos){ x0 + 1 + (int)rng_below(r,
			    (uint32_t)w - 2), y0 + h - 1, 0 };
			map_edge(m, p, DIR_S)->kind = EDGE_DOOR;
		}
		if (z + 1 < storeys) {
			struct map_link link;

			link.lower = (struct pos){ x0 + 1, y0 + 1, z };
			link.upper = (struct pos){ x0 + 2, y0 + 1, z + 1 };
			link.ramp = false;
			m->links = xreallocarray(m->links, m->nlinks + 1,
			    sizeof *m->links);
			m->links[m->nlinks++] = link;
		}
	}
}

struct map *
benchmap_town(int width, int height, int levels, uint64_t seed)
{
	struct map	*m = map_new(width, height, levels);
	struct rng	 r;
	int		 x, y, tree;

	rng_seed(&r, seed, RNG_STREAM_RULES);
	benchmap_objects(m);
	tree = map_find_object(m, "tree");
	for (y = 0; y < height; y++)
		for (x = 0; x < width; x++) {
			struct square *sq = map_square(m,
			    (struct pos){ x, y, 0 });

			sq->floor = FLOOR_GRASS;
			if (rng_below(&r, 100) < 5)
				sq->object = (int16_t)tree;
		}
	/* Blocks of 12 squares, each with a building of 1 to `levels` storeys. */
	for (y = 1; y + 10 < height; y += 12)
		for (x = 1; x + 10 < width; x += 12) {
			int w = 5 + (int)rng_below(&r, 5);
			int h = 5 + (int)rng_below(&r, 5);
			int storeys = 1 + (int)rng_below(&r, (uint32_t)levels);
			struct pos p;

			for (p.z = 0, p.y = y; p.y < y + h; p.y++)
				for (p.x = x; p.x < x + w; p.x++)
					map_square(m, p)->object = OBJECT_NONE;
			benchmap_building(m, &r, x, y, w, h, storeys);
		}
	return m;
}

int64_t
benchmap_now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int
benchmap_catalog(struct catalog *cat)
{
	glob_t		 g;
	struct diags	*d;
	size_t		 i;
	bool		 ok;

	if (glob("../../units/*.yaml", 0, NULL, &g) != 0)
		return -1;
	d = xcalloc(g.gl_pathc, sizeof *d);
	for (i = 0; i < g.gl_pathc; i++)
		diags_init(&d[i], g.gl_pathv[i], NULL, 0);
	ok = catalog_load_files(cat, (const char *const *)g.gl_pathv,
	    g.gl_pathc, d);
	for (i = 0; i < g.gl_pathc; i++) {
		diags_print(&d[i], stderr);
		diags_free(&d[i]);
	}
	free(d);
	globfree(&g);
	return ok ? 0 : -1;
}
