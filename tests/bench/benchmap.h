/*
 * benchmap.h - maps for `make bench`, generated from a seed so every run
 * measures the same terrain.
 */
#ifndef XTAC_BENCHMAP_H
#define XTAC_BENCHMAP_H

#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/map.h"

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

/* A monotonic clock in nanoseconds. */
int64_t		 benchmap_now_ns(void);
/* The shipped catalog (../../units: benches run in tests/bench); 0 or -1. */
int		 benchmap_catalog(struct catalog *);

#endif
