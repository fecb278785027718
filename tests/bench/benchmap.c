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

/* A free square of level 1 in rows y0..y1, not taken by units[0..n). */
static struct pos
benchmap_spot(const struct scenario *s, struct rng *r, int y0, int y1,
    size_t n)
{
	struct pos	p;
	size_t		k;
	bool		clash;

	for (;;) {
		p.x = (int)rng_below(r, (uint32_t)s->map->width);
		p.y = y0 + (int)rng_below(r, (uint32_t)(y1 - y0 + 1));
		p.z = 0;
		if (!map_square_standable(s->map, p))
			continue;
		clash = false;
		for (k = 0; k < n && !clash; k++)
			clash = s->units[k].pos.x == p.x &&
			    s->units[k].pos.y == p.y;
		if (!clash)
			return p;
	}
}

struct scenario *
benchmap_battle(const struct catalog *cat, const char *name, int per_side,
    int armed, uint64_t seed)
{
	struct scenario		*s;
	struct rng		 r;
	int			 third, i, rifle, clip, pistol;
	size_t			 n;

	s = xcalloc(1, sizeof *s);
	if (strcmp(name, "town60") == 0)
		s->map = benchmap_town(60, 60, 4, seed);
	else if (strcmp(name, "open100") == 0)
		s->map = benchmap_open(100, 100, 10, seed);
	else {
		free(s);
		return NULL;
	}
	s->name = xstrdup(name);
	s->catalog = cat;
	s->tech_level = 4;
	s->sides[SIDE_XCOM].present = s->sides[SIDE_ALIEN].present = true;
	s->units = xcalloc((size_t)per_side * 2, sizeof *s->units);
	rifle = catalog_find_item(cat, "rifle");
	clip = catalog_find_item(cat, "rifle-clip");
	pistol = catalog_find_item(cat, "plasma-pistol");
	rng_seed(&r, seed + 1, RNG_STREAM_RULES);
	third = s->map->height / 3;
	for (i = 0; i < 2 * per_side; i++) {
		struct unit_setup *u = &s->units[i];
		bool alien = i % 2 == 1;

		n = (size_t)i;
		u->pos = alien ? benchmap_spot(s, &r, 0, third - 1, n) :
		    benchmap_spot(s, &r, s->map->height - third,
		    s->map->height - 1, n);
		snprintf(u->id, sizeof u->id, "%c%d", alien ? 'a' : 'x',
		    i / 2 + 1);
		/* Placed here: no deployment step (§4.1) before round 1. */
		u->fixed = true;
		u->side = alien ? SIDE_ALIEN : SIDE_XCOM;
		u->type = catalog_find_unit(cat, alien ? "sectoid" : "troop");
		u->facing = alien ? DIR_S : DIR_N;
		u->armour = -1;
		u->hands[HAND_RIGHT].item = u->hands[HAND_LEFT].item = -1;
		u->hands[HAND_RIGHT].ammo = u->hands[HAND_LEFT].ammo = -1;
		if (!armed)
			continue;
		u->hands[HAND_RIGHT].item = alien ? pistol : rifle;
		u->hands[HAND_RIGHT].ammo = alien ?
		    cat->items[pistol].ammo[0] : clip;
		if (!alien)
			u->belt[u->nbelt++] = clip;
	}
	s->nunits = (size_t)per_side * 2;
	return s;
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

int
benchmap_game_open(struct benchmap_game *bg, const char *prog,
    const char *map, int per_side, int armed)
{
	memset(bg, 0, sizeof *bg);
	if (benchmap_catalog(&bg->cat) < 0)
		return 1;
	if ((bg->s = benchmap_battle(&bg->cat, map, per_side, armed,
	    7)) == NULL) {
		fprintf(stderr, "%s: no map %s\n", prog, map);
		catalog_free(&bg->cat);
		return 2;
	}
	event_list_init(&bg->ev);
	bg->g = game_new(bg->s, 1, &bg->ev);
	event_list_clear(&bg->ev);
	return 0;
}

void
benchmap_game_close(struct benchmap_game *bg)
{
	game_free(bg->g);
	event_list_free(&bg->ev);
	scenario_free(bg->s);
	catalog_free(&bg->cat);
}
