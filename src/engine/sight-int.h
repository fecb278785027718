/*
 * sight-int.h - what sight-line.c, sight-fov.c and sight-map.c share: the
 * per-square sight bits, how a square's and an edge's are read from the
 * map and field, and the walk of one line.
 */
#ifndef XTAC_SIGHT_INT_H
#define XTAC_SIGHT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "xtac/sight.h"
#include "xtac/util.h"

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
/* Not plain: a leap (sight-fov.c) may not cross such a square. */
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

enum sight_axis {
	SIGHT_X,
	SIGHT_Y,
	SIGHT_Z,
	SIGHT_NAXES
};

/*
 * One line being walked.  `at` is the square the line is in and `idx` its
 * index in [z][y][x] arrays (meaningless once `at` leaves the map, which
 * ends the walk).  With `bits` set (sight_fov) every square the line can
 * reach holds its SIGHT_B_* there; otherwise they come from the map.
 */
struct sight_walk {
	const struct field	*field;
	const uint8_t		*bits;
	struct pos		 at;
	ptrdiff_t		 idx;
	struct pos		 to;
	int			 count;	/* obstructions so far */
	int			 step[SIGHT_NAXES];	/* -1, 0, 1 */
	ptrdiff_t		 stride[SIGHT_NAXES];
	enum sight_block	 block;
	struct pos		 block_at;
	enum dir		 block_side;
};

static inline int
sight_abs(int v)
{
	return v < 0 ? -v : v;
}

static inline int
sight_sign(int v)
{
	return (v > 0) - (v < 0);
}

/*
 * A 2D line passing exactly through the corner of square c (index) to the
 * square `to` diagonally beyond it, by way of ta (crossing wa's edge first,
 * then wb's) or tb (the reverse): the obstructions of the cheaper way
 * through, or more than SIGHT_MAX_OBSTRUCTIONS when both are walled or
 * solid.  b holds SIGHT_B_* bits; see sight-line.c for ties.
 */
static inline __attribute__((always_inline)) int
sight_corner2d(const uint8_t *b, ptrdiff_t ta, ptrdiff_t tb, ptrdiff_t to,
    int wa, int wb)
{
	int	oa = SIGHT_MAX_OBSTRUCTIONS + 1, ob = SIGHT_MAX_OBSTRUCTIONS + 1;

	if (!(b[ta] & (wa | SIGHT_B_SOLID)) && !(b[to] & wb))
		oa = (b[ta] & SIGHT_B_OBSTRUCT) != 0;
	if (!(b[tb] & (wb | SIGHT_B_SOLID)) && !(b[to] & wa))
		ob = (b[tb] & SIGHT_B_OBSTRUCT) != 0;
	return oa < ob ? oa : ob;
}

/* How far off the map a target may lie: keeps the arithmetic small. */
#define SIGHT_FAR		(4 * MAP_MAX_SIDE)

/* Bad heights or absurd positions are the caller's bug. */
static inline void
sight_check(const struct map *m, struct pos from, int eye, struct pos to,
    int target)
{
	if (eye < 1 || eye > 9 || target < 1 || target > 9)
		fatal("sight: heights %d, %d not within 1..9 tenths", eye,
		    target);
	if (!map_contains(m, from))
		fatal("sight: viewer at (%d,%d,%d) off the map", from.x,
		    from.y, from.z);
	if (sight_abs(to.x) > SIGHT_FAR || sight_abs(to.y) > SIGHT_FAR ||
	    sight_abs(to.z) > SIGHT_FAR)
		fatal("sight: target (%d,%d,%d) far off the map", to.x, to.y,
		    to.z);
}

/* sight-line.c: the one walk both files use. */
void	sight_walk_init(struct sight_walk *, const struct field *,
	    const uint8_t *, struct pos, struct pos);
bool	sight_walk_bits(struct sight_walk *, int, int);

/*
 * Bring a sight_map's bits and floor sums up to date with the squares
 * touched since; _leaps its clear[] distances too.
 */
void	sight_map_sync(struct sight_map *);
void	sight_map_sync_leaps(struct sight_map *);

#endif
