/*
 * benchmap.h - maps for `make bench`, generated from a seed so every run
 * measures the same terrain.
 */
#ifndef XTAC_BENCHMAP_H
#define XTAC_BENCHMAP_H

#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/event.h"
#include "xtac/game.h"
#include "xtac/map.h"
#include "xtac/scenario.h"

/*
 * width x height, one level of grass; `percent` of the squares hold a rock
 * (solid: blocks sight and movement), never the centre square.
 */
struct map	*benchmap_open(int width, int height, int percent,
		    uint64_t seed);
/*
 * width x height x levels with buildings: walls on edges, doors, windows,
 * floors on the upper levels, stairs between them.
 */
struct map	*benchmap_town(int width, int height, int levels, uint64_t seed);
/* Whether a square of an open map is blocked (for building references). */
int		 benchmap_blocked(const struct map *, int x, int y);

/*
 * A battle for the step and battle benches, owning its map: "town60" (the
 * 60x60x4 town) or "open100" (100x100 grass, 10 % rocks), `per_side`
 * X-Com troops spread over the southern third against as many Sectoids
 * over the northern third, all facing the other end; armed (rifle and a
 * spare clip, plasma pistol) or empty-handed, so that no reaction fires
 * and every step does the same work.  NULL for another name.
 */
struct scenario	*benchmap_battle(const struct catalog *, const char *name,
		    int per_side, int armed, uint64_t seed);

/*
 * A game of benchmap_battle started with seed 1, and what it needs, for the
 * benches that time single commands in it; one owner frees them all.
 */
struct benchmap_game {
	struct catalog		 cat;
	struct scenario		*s;
	struct game		*g;
	struct event_list	 ev;
};

/*
 * 0, or after printing why (prefixed by prog): 1 when the catalog does not
 * load, 2 for an unknown map name (the benches' exit statuses).
 */
int		 benchmap_game_open(struct benchmap_game *, const char *prog,
		    const char *map, int per_side, int armed);
void		 benchmap_game_close(struct benchmap_game *);

/* A monotonic clock in nanoseconds. */
int64_t		 benchmap_now_ns(void);
/* The shipped catalog (../../units: benches run in tests/bench); 0 or -1. */
int		 benchmap_catalog(struct catalog *);

#endif
