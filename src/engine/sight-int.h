/*
 * sight-int.h - what sight.c and sight-map.c share: the per-square sight
 * bits and how a square's and an edge's are read from the map and field.
 */
#ifndef XTAC_SIGHT_INT_H
#define XTAC_SIGHT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "xtac/sight.h"

/*
 * Per-square sight bits: in sight_fov's output while it works, and kept
 * for the whole map in a struct sight_map.  A square's four edges each
 * have a bit, so an edge shows on both squares beside it: a 2D step then
 * reads only the square it enters.  The low bit means the result in
 * sight_fov's output and, in a sight_map, that the square's floor blocks
 * sight (sight_fov reads floors from the map: a line crosses few).
 */
#define SIGHT_B_VISIBLE		0x01	/* sight_fov: the result, kept */
#define SIGHT_B_FLOOR		0x01	/* sight_map: the floor blocks */
#define SIGHT_B_DONE		0x02	/* sight_fov: already decided */
#define SIGHT_B_SOLID		0x04	/* a solid object */
#define SIGHT_B_OBSTRUCT	0x08	/* unit, low object, smoke, glare */
#define SIGHT_B_WALL_W		0x10	/* west edge blocks sight */
#define SIGHT_B_WALL_N		0x20	/* the north one */
#define SIGHT_B_WALL_E		0x40
#define SIGHT_B_WALL_S		0x80
#define SIGHT_B_WALLS		0xf0
/* Not plain: a leap (sight.c) may not cross such a square. */
#define SIGHT_B_BUSY		(SIGHT_B_SOLID | SIGHT_B_OBSTRUCT | \
				 SIGHT_B_WALLS)

#define SIGHT_OBSTRUCTING	FIELD_SIGHT

/* A sight_map's clear[] distances stop here (sight-map.c). */
#define SIGHT_CLEAR_CAP		16

static inline int
sight_edge_blocks(const struct edge *e)
{
	/* Most edges are bare: one test for them. */
	return e->kind != EDGE_OPEN && (e->kind == EDGE_WALL ||
	    (e->kind == EDGE_DOOR && (e->flags & EDGE_OPENED) == 0));
}

/* SIGHT_B_SOLID and SIGHT_B_OBSTRUCT of the square at index i. */
static inline uint8_t
sight_content(const struct field *f, ptrdiff_t i)
{
	const struct map	*m = f->map;
	int			 object = m->squares[i].object;
	uint8_t			 b = 0;

	if (object != OBJECT_NONE)
		b = m->objects[object].solid ? SIGHT_B_SOLID :
		    SIGHT_B_OBSTRUCT;
	if (f->flags[i] & SIGHT_OBSTRUCTING)
		b |= SIGHT_B_OBSTRUCT;
	return b;
}

/*
 * Bring a sight_map's bits and floor sums up to date with the squares
 * touched since; _leaps its clear[] distances too.
 */
void	sight_map_sync(struct sight_map *);
void	sight_map_sync_leaps(struct sight_map *);

#endif
