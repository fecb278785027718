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

#define SIGHT_OBSTRUCTING	FIELD_SIGHT


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

/* sight-line.c: the walk both files use. */
void	sight_walk_init(struct sight_walk *, const struct field *,
	    const uint8_t *, struct pos, struct pos);
bool	sight_corner(struct sight_walk *, const enum sight_axis *, int);

/*
 * Bring a sight_map's bits and floor sums up to date with the squares
 * touched since.
 */
void	sight_map_sync(struct sight_map *);

/* Whether the floor of the square at index i blocks sight. */
static inline bool
sight_floor_blocks(const struct map *m, ptrdiff_t i)
{
	return floor_table[m->squares[i].floor].blocks_sight;
}

/*
 * The same walk as sight_walk, with its state in locals: sight_line's for
 * targets on the map (fov false: squares and edges read from the map,
 * every stop reported in *w) and sight_fov's for other levels (fov true:
 * the stored bits, visibility only).  It keeps sight_walk_setup's numbers
 * and order of crossings exactly; single crossings, and in sight_fov
 * corners of x and y, are judged here, other corners by sight_corner
 * itself.  Inlined into its two callers so each form is lean.  *w comes
 * from sight_walk_init; the target square must be on the map, so the line
 * never leaves it.
 */
static inline __attribute__((always_inline)) bool
sight_fast(struct sight_walk *w, int eye, int target, bool fov)
{
	const struct map	*m = w->field->map;
	const uint8_t		*b = w->bits;
	int64_t			 t[SIGHT_NAXES], inc[SIGHT_NAXES];
	int64_t			 tx, ty, tz, lx, ly, lz;
	int			 left[SIGHT_NAXES], total, count = 0, a, n;
	int			 first_z, wx, wy, ux, uy, uz;
	ptrdiff_t		 c, sx, sy, sz, ta, tb, level;
	struct pos		 at = w->at, to = w->to;
	enum sight_axis		 tied[SIGHT_NAXES];
	enum dir		 side;
	uint8_t			 v;

	/*
	 * sight_walk_setup's numbers, written out: a length of 0 leaves
	 * the others' multipliers alone, and an axis with no planes to
	 * cross never comes first.
	 */
	left[SIGHT_X] = sight_abs(to.x - at.x);
	left[SIGHT_Y] = sight_abs(to.y - at.y);
	left[SIGHT_Z] = sight_abs(to.z - at.z);
	total = left[SIGHT_X] + left[SIGHT_Y] + left[SIGHT_Z];
	lz = 10 * (to.z - at.z) + target - eye;
	first_z = lz > 0 ? 10 - eye : eye;
	lz = lz < 0 ? -lz : lz > 0 ? lz : 1;
	lx = left[SIGHT_X] > 0 ? 10 * left[SIGHT_X] : 1;
	ly = left[SIGHT_Y] > 0 ? 10 * left[SIGHT_Y] : 1;
	inc[SIGHT_X] = 10 * ly * lz;
	inc[SIGHT_Y] = 10 * lx * lz;
	inc[SIGHT_Z] = 10 * lx * ly;
	tx = left[SIGHT_X] > 0 ? 5 * ly * lz : INT64_MAX;
	ty = left[SIGHT_Y] > 0 ? 5 * lx * lz : INT64_MAX;
	tz = left[SIGHT_Z] > 0 ? first_z * lx * ly : INT64_MAX;
	level = (ptrdiff_t)m->width * m->height;
	c = w->idx;
	ux = sight_sign(to.x - at.x);
	uy = sight_sign(to.y - at.y);
	uz = sight_sign(to.z - at.z);
	sx = ux;
	sy = (ptrdiff_t)uy * m->width;
	sz = (ptrdiff_t)uz * level;
	wx = sx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
	wy = sy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
	while (total > 0) {
		if (tx < ty && tx < tz) {
			if (fov ? (b[c + sx] & wx) != 0 :
			    sight_edge_blocks(&m->vedges[((ptrdiff_t)at.z *
			    m->height + at.y) * (m->width + 1) + at.x +
			    (ux > 0)])) {
				side = ux > 0 ? DIR_E : DIR_W;
				goto wall;
			}
			c += sx;
			if (!fov)	/* sight_fov does without */
				at.x += ux;
			tx = --left[SIGHT_X] > 0 ? tx + inc[SIGHT_X] :
			    INT64_MAX;
			n = 1;
		} else if (ty < tx && ty < tz) {
			if (fov ? (b[c + sy] & wy) != 0 :
			    sight_edge_blocks(&m->hedges[((ptrdiff_t)at.z *
			    (m->height + 1) + at.y + (uy > 0)) * m->width +
			    at.x])) {
				side = uy > 0 ? DIR_S : DIR_N;
				goto wall;
			}
			c += sy;
			if (!fov)
				at.y += uy;
			ty = --left[SIGHT_Y] > 0 ? ty + inc[SIGHT_Y] :
			    INT64_MAX;
			n = 1;
		} else if (tz < tx && tz < ty) {
			/* The floor passed is the upper square's. */
			if (sight_floor_blocks(m, sz > 0 ? c + sz : c)) {
				w->block = SIGHT_FLOOR;
				side = DIR_COUNT;
				goto stop;
			}
			c += sz;
			if (!fov)
				at.z += uz;
			tz = --left[SIGHT_Z] > 0 ? tz + inc[SIGHT_Z] :
			    INT64_MAX;
			n = 1;
		} else if (fov && tx == ty && tx < tz) {
			/* A corner of x and y: as in sight_fov_ray. */
			ta = c + sx;
			tb = c + sy;
			c = ta + sy;
			count += sight_corner2d(b, ta, tb, c, wx, wy);
			if (count > SIGHT_MAX_OBSTRUCTIONS)
				return false;
			tx = --left[SIGHT_X] > 0 ? tx + inc[SIGHT_X] :
			    INT64_MAX;
			ty = --left[SIGHT_Y] > 0 ? ty + inc[SIGHT_Y] :
			    INT64_MAX;
			n = 2;
		} else {
			t[SIGHT_X] = tx;
			t[SIGHT_Y] = ty;
			t[SIGHT_Z] = tz;
			tx = tx < ty ? tx : ty;
			tx = tx < tz ? tx : tz;
			n = 0;
			for (a = 0; a < SIGHT_NAXES; a++)
				if (t[a] == tx)
					tied[n++] = (enum sight_axis)a;
			w->step[SIGHT_X] = ux;
			w->step[SIGHT_Y] = uy;
			w->step[SIGHT_Z] = uz;
			w->stride[SIGHT_X] = sx;
			w->stride[SIGHT_Y] = sy;
			w->stride[SIGHT_Z] = sz;
			if (fov) {
				/* Its position is not kept: rebuilt here. */
				at.z = (int)(c / level);
				at.y = (int)(c % level / m->width);
				at.x = (int)(c % m->width);
			}
			w->at = at;
			w->idx = c;
			w->count = count;
			if (!sight_corner(w, tied, n))
				return false;
			at = w->at;
			c = w->idx;
			count = w->count;
			for (a = 0; a < n; a++)
				t[tied[a]] = --left[tied[a]] > 0 ?
				    t[tied[a]] + inc[tied[a]] : INT64_MAX;
			tx = t[SIGHT_X];
			ty = t[SIGHT_Y];
			tz = t[SIGHT_Z];
		}
		if ((total -= n) == 0)
			break;
		v = fov ? b[c] : sight_content(w->field, c);
		if (v & (SIGHT_B_SOLID | SIGHT_B_OBSTRUCT)) {
			if (v & SIGHT_B_SOLID) {
				w->block = SIGHT_OBJECT;
				side = DIR_COUNT;
				goto stop;
			}
			if (++count > SIGHT_MAX_OBSTRUCTIONS) {
				w->block = SIGHT_OBSTRUCTED;
				side = DIR_COUNT;
				goto stop;
			}
		}
	}
	w->count = count;
	w->block = SIGHT_CLEAR;
	w->block_at = at;
	w->block_side = DIR_COUNT;
	return true;

wall:
	w->block = SIGHT_WALL;
stop:
	w->count = count;
	w->block_at = at;
	w->block_side = side;
	return false;
}

/* --- fields of view (sight-fov.c, sight-redo.c) --- */

/* What the lines of one sight_fov share. */
struct sight_fov {
	uint8_t		*b;	/* sight_fov: the output, holding SIGHT_B_* */
	const uint8_t	*bits;	/* the bits read: b, or a sight_map's */
	uint32_t	*mark;	/* sight_fov_kept: a sight_map's marks */
	uint32_t	 base;	/* mark: base decided, base + 1 visible */
	uint32_t	*out;	/* sight_fov_kept: visible squares, or NULL */
	size_t		 nout;
	const uint8_t	*clear;	/* sight_fov_clear's, or NULL */
	struct pos	 from;
	ptrdiff_t	 origin;	/* the viewer's square index */
	ptrdiff_t	 lvl;	/* index of the level's first square */
	ptrdiff_t	 width;
	int		 box[4];	/* x0, y0, x1, y1, inclusive */
	int		*reach;		/* x0, y0, x1, y1 where lines stopped */
	int		 zlo, zhi;	/* kept: the levels lines went to */
};

static inline bool
sight_fov_in_box(const struct sight_fov *v, int x, int y)
{
	return x >= v->box[0] && x <= v->box[2] && y >= v->box[1] &&
	    y <= v->box[3];
}

/*
 * A square's mark in a field of view: in sight_fov the output's bits, in
 * sight_fov_kept the sight_map's marks (base: decided, base + 1: visible;
 * anything older means undecided), which no call has to clear.
 */
static inline __attribute__((always_inline)) void
sight_fov_see(struct sight_fov *fv, ptrdiff_t i, bool kept)
{
	if (!kept)
		fv->b[i] |= SIGHT_B_VISIBLE | SIGHT_B_DONE;
	else if (fv->mark[i] != fv->base + 1) {
		fv->mark[i] = fv->base + 1;
		if (fv->out != NULL)
			fv->out[fv->nout] = (uint32_t)i;
		fv->nout++;
	}
}

/*
 * sight-fov.c, for sight-redo.c: the start of a call over a sight_map (the
 * bits synced, new marks, the box and levels, fv for lines from `from`;
 * returns how far out the box goes), and whether a line in box may get
 * from level z0 to z1 (each floor plane between them has a square
 * letting sight through in the box).
 */
int	sight_fov_kept_begin(struct sight_map *, struct pos from, int eye,
	    int radius, struct sight_fov *, int box[4], int *z0, int *z1);
bool	sight_map_reach(const struct sight_map *, const int box[4], int z0,
	    int z1);

/*
 * Where a redo hands what it decided (sight_fov_kept_redo): only the
 * squares whose result differs from the caller's bit set `seen` go to fn.
 */
struct sight_report {
	const uint64_t	*seen;
	void		(*fn)(void *, uint32_t, bool);
	void		*ctx;
};

static inline __attribute__((always_inline)) void
sight_report(const struct sight_report *rp, ptrdiff_t i, bool now)
{
	if (now != (((rp->seen[i >> 6] >> (i & 63)) & 1) != 0))
		rp->fn(rp->ctx, (uint32_t)i, now);
}

/*
 * sight-cast.c: the viewer's level of a kept field of view, by slope
 * intervals; its tables for a radius, kept in *cache.  With a wedge lo ..
 * hi (sight-redo.c's), only the lines of directions in it, and every
 * square they reach reported (rp) with whether it is seen.
 */
void	sight_fov_cast(struct sight_fov *, struct sight_cast **cache,
	    int radius, const long lo[2], const long hi[2],
	    const struct sight_report *rp);
void	sight_cast_free(struct sight_cast *);

/*
 * sight-levels.c: the lines from one viewer to the squares of another
 * level, over a sight_map's bits, each as sight_fast would decide it:
 * sight_lq_init makes the tables for the viewer and level z (targets up
 * to amax squares off on x and y; others go to sight_fast), and
 * sight_lq_line decides the line to (x, y) on that level.
 */
struct sight_lq {
	const struct sight_map	*sm;
	const uint8_t		*b;
	ptrdiff_t		 width;
	struct pos		 from;
	ptrdiff_t		 origin;
	int			 eye;
	int			 to_z;
	int			 nd;		/* floor planes passed */
	int			 amax;
	ptrdiff_t		 sz;		/* a level on, up or down */
	ptrdiff_t		 floor[MAP_MAX_LEVELS + 1];
	/* Per floor plane k and offset a: planes before it, tie flag. */
	uint16_t		 planes[MAP_MAX_LEVELS + 1][MAP_MAX_SIDE + 1];
	struct sight_walk	 w;
};
void	sight_lq_init(struct sight_lq *, const struct sight_map *,
	    struct pos from, int eye, int z, int amax);
bool	sight_lq_line(struct sight_lq *, int x, int y);
/* The lines of a kept field of view to levels z0 .. z1 but the viewer's. */
void	sight_lq_fov(struct sight_map *, struct sight_fov *, int eye, int z0,
	    int z1);

#endif
