/*
 * sight-redo.c - a kept field of view brought up to date after squares
 * changed (sight_fov_kept_redo, sight.h): only the lines through the
 * block around them are decided again.
 *
 * The block is seen from the viewer's centre inside a wedge (its two
 * sides in half squares, sight_redo_wedge).  On the viewer's level the
 * lines of its directions are swept again: in each octant they are one
 * interval of slopes, and a slope's line does not depend on any other's
 * (sight-cast.c).  On other levels, the squares of each row inside the
 * wedge are one run (sight_wedge_row); of those, the lines that may be on
 * a level of the block while they pass over it are again one run, worked
 * out once a row (sight_redo_row, in doubles with a margin), and decided
 * again (sight_lq_line, sight-levels.c).  Every square so
 * decided is handed to the caller's function with whether it is seen.
 * A broken floor may open levels no line reached before: their lines
 * that pass the block are walked with the others, and the rest stay
 * unseen (they cross a floor plane closed outside the block); the kept
 * reach grows to those levels.
 *
 * When the changed squares only block more than before (a smoke cloud, a
 * door closed: sight_map.opened), no square hidden can come into view:
 * sight_fov_kept_thicken decides again only the squares the field of view
 * holds among those, each by its own line, and where it reads.
 *
 * Data: the sight_map's bits, marks and sweep tables; a struct sight_fov
 * and a struct sight_spans per call, on the stack.  The tests compare the
 * kept fields of view brought up to date this way with fresh ones after
 * every few commands of long random games (tests/test_vis.c,
 * tests/test_kept.c) and after random changes (tests/test_sight_random.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

static inline long
sight_cross(long ax, long ay, long bx, long by)
{
	return ax * by - ay * bx;
}

/*
 * The block of squares a change can reach lines through, in half squares
 * on each side of the changed ones: when edges changed, a square more
 * (their neighbours' bits hold the same edges); when only what is in them
 * did, the squares themselves, edges and corners included.
 */
static int
sight_redo_margin(bool edges)
{
	return edges ? 3 : 1;
}

/*
 * The directions from the viewer's centre through the block, in half
 * squares: the block's corners lo and hi such that every direction
 * through it lies from lo to hi, anticlockwise.  false when the block
 * holds the viewer.
 */
static bool
sight_redo_wedge(struct pos from, const struct sight_reach *at, bool edges,
    long lo[2], long hi[2])
{
	int	h = sight_redo_margin(edges), a, b, k;
	long	c[4][2], x0 = 2 * (at->lo[0] - from.x) - h;
	long	x1 = 2 * (at->hi[0] - from.x) + h;
	long	y0 = 2 * (at->lo[1] - from.y) - h;
	long	y1 = 2 * (at->hi[1] - from.y) + h;

	if (x0 <= 0 && x1 >= 0 && y0 <= 0 && y1 >= 0)
		return false;
	c[0][0] = x0, c[0][1] = y0;
	c[1][0] = x1, c[1][1] = y0;
	c[2][0] = x1, c[2][1] = y1;
	c[3][0] = x0, c[3][1] = y1;
	/* The pair every other corner lies between (the block is convex). */
	for (a = 0; a < 4; a++)
		for (b = 0; b < 4; b++) {
			if (a == b || sight_cross(c[a][0], c[a][1], c[b][0],
			    c[b][1]) <= 0)
				continue;
			for (k = 0; k < 4; k++)
				if (sight_cross(c[a][0], c[a][1], c[k][0],
				    c[k][1]) < 0 || sight_cross(c[k][0],
				    c[k][1], c[b][0], c[b][1]) < 0)
					break;
			if (k == 4) {
				lo[0] = c[a][0], lo[1] = c[a][1];
				hi[0] = c[b][0], hi[1] = c[b][1];
				return true;
			}
		}
	return false;
}

/*
 * What sight_redo_row reads of the viewer and the changed squares,
 * worked out once a call: each axis's strip around the block, from the
 * viewer, and the heights of the block's levels.
 */
struct sight_spans {
	struct pos	from;
	double		lo[2], hi[2];	/* the block's, less from */
	double		h0;		/* the eye, tenths */
	double		hlo, hhi;	/* the block's levels, tenths */
};

static void
sight_spans_init(struct sight_spans *sp, struct pos from, int eye,
    const struct sight_reach *at, bool edges)
{
	double	h = sight_redo_margin(edges) / 2.0;
	int	axis, f;

	sp->from = from;
	for (axis = 0; axis < 2; axis++) {
		f = axis == 0 ? from.x : from.y;
		sp->lo[axis] = at->lo[axis] - h - 0.01 - f;
		sp->hi[axis] = at->hi[axis] + h + 0.01 - f;
	}
	sp->h0 = 10.0 * from.z + eye;
	sp->hlo = 10.0 * at->lo[2] - 0.5;
	sp->hhi = 10.0 * at->hi[2] + 10.5;
}

/*
 * The squares of row y of level z whose lines from the viewer's eye (at
 * height eye on its level) to their centres can be on a level of the
 * changed squares `at` while they pass over the block around them: where
 * a line crosses the block on x and y, its height must reach into those
 * levels.  Along a line to (dx, dy) the height is in those levels for t
 * in one window (the same for the whole level), its y in the block's
 * strip for t in another (the same for the whole row), and x = t dx must
 * reach the block's strip within both: an interval of dx.  Worked in
 * doubles with a margin and widened by a square: a line in doubt is
 * decided again.  false when none; else the columns *x0 .. *x1.
 */
/* Inline: it runs for every row of a wedge, in both of its callers. */
static inline __attribute__((always_inline)) bool
sight_redo_row(const struct sight_spans *sp, int z, int y, int *x0, int *x1)
{
	double	dh = 10.0 * z + SIGHT_CENTRE - sp->h0, ta, tb, a, b, lo, hi;
	int	dy = y - sp->from.y;

	/* Where the height is within the block's levels (dh is not 0). */
	ta = (sp->hlo - sp->h0) / dh;
	tb = (sp->hhi - sp->h0) / dh;
	if (ta > tb) {
		a = ta;
		ta = tb;
		tb = a;
	}
	ta = ta < 0 ? 0 : ta;
	tb = tb > 1 ? 1 : tb;
	/* And y within the block's strip. */
	if (dy == 0) {
		if (sp->lo[1] > 0 || sp->hi[1] < 0)
			return false;
	} else {
		a = sp->lo[1] / dy;
		b = sp->hi[1] / dy;
		ta = a < b ? (a > ta ? a : ta) : (b > ta ? b : ta);
		tb = a < b ? (b < tb ? b : tb) : (a < tb ? a : tb);
	}
	if (ta > tb)
		return false;
	/* Then x: some t in ta..tb with t dx in the block's strip. */
	if (ta > 0) {
		a = sp->lo[0] / ta;
		b = sp->lo[0] / tb;
		lo = a < b ? a : b;
		a = sp->hi[0] / ta;
		b = sp->hi[0] / tb;
		hi = a > b ? a : b;
	} else if (sp->lo[0] <= 0 && sp->hi[0] >= 0) {
		lo = -SIGHT_FAR;
		hi = SIGHT_FAR;
	} else if (tb <= 0)
		return false;
	else if (sp->lo[0] > 0) {
		lo = sp->lo[0] / tb;
		hi = SIGHT_FAR;
	} else {
		lo = -SIGHT_FAR;
		hi = sp->hi[0] / tb;
	}
	lo = lo < -SIGHT_FAR ? -SIGHT_FAR : lo;
	hi = hi > SIGHT_FAR ? SIGHT_FAR : hi;
	/* Truncation is within a square of floor and ceiling. */
	*x0 = sp->from.x + (int)lo - 2;
	*x1 = sp->from.x + (int)hi + 2;
	return true;
}

/* Whether direction (dx, dy) from the viewer lies in the wedge lo..hi. */
static inline bool
sight_in_wedge(long dx, long dy, const long lo[2], const long hi[2])
{
	return sight_cross(lo[0], lo[1], dx, dy) >= 0 &&
	    sight_cross(dx, dy, hi[0], hi[1]) >= 0;
}

/* a / b rounded down, and up; b is not 0. */
static inline long
sight_div_floor(long a, long b)
{
	long	q = a / b;

	return q * b != a && (a < 0) != (b < 0) ? q - 1 : q;
}

static inline long
sight_div_ceil(long a, long b)
{
	return -sight_div_floor(-a, b);
}

/*
 * The squares of row y within scan's columns whose centres lie in the
 * wedge lo..hi (sight_in_wedge): on a row each of its two sides is a
 * half-line, so they are one run, span[0]..span[1]; false when none.
 * With d = (2 dx, 2 dy): cross(lo, d) >= 0 is lo[1] dx <= lo[0] dy, and
 * cross(d, hi) >= 0 is hi[1] dx >= hi[0] dy.
 */
static inline __attribute__((always_inline)) bool
sight_wedge_row(struct pos from, int y, const long lo[2], const long hi[2],
    const int scan[4], int span[2])
{
	long	dy = y - from.y, a = scan[0] - from.x, b = scan[2] - from.x, t;

	if (lo[1] > 0) {
		if ((t = sight_div_floor(lo[0] * dy, lo[1])) < b)
			b = t;
	} else if (lo[1] < 0) {
		if ((t = sight_div_ceil(lo[0] * dy, lo[1])) > a)
			a = t;
	} else if (lo[0] * dy < 0)
		return false;
	if (hi[1] > 0) {
		if ((t = sight_div_ceil(hi[0] * dy, hi[1])) > a)
			a = t;
	} else if (hi[1] < 0) {
		if ((t = sight_div_floor(hi[0] * dy, hi[1])) < b)
			b = t;
	} else if (hi[0] * dy > 0)
		return false;
	if (a > b)
		return false;
	span[0] = from.x + (int)a;
	span[1] = from.x + (int)b;
	return true;
}

/*
 * The squares of the box (x0, y0, x1, y1) whose centres may lie in the
 * wedge from the viewer: the box of where its two edges leave the box,
 * the box's corners inside it and the viewer, widened by a square.
 */
static void
sight_redo_scan(struct pos from, const long lo[2], const long hi[2],
    const int box[4], int scan[4])
{
	const long	*edge[2] = { lo, hi };
	double		 x0 = from.x, y0 = from.y, x1 = from.x, y1 = from.y;
	double		 t, u, px, py;
	int		 k, cx, cy;

	for (k = 0; k < 2; k++) {
		/* Where the edge's ray leaves the box (centres). */
		t = 1e30;
		if (edge[k][0] != 0) {
			u = ((edge[k][0] > 0 ? box[2] : box[0]) - from.x) /
			    (edge[k][0] / 2.0);
			if (u < t)
				t = u;
		}
		if (edge[k][1] != 0) {
			u = ((edge[k][1] > 0 ? box[3] : box[1]) - from.y) /
			    (edge[k][1] / 2.0);
			if (u < t)
				t = u;
		}
		px = from.x + t * edge[k][0] / 2.0;
		py = from.y + t * edge[k][1] / 2.0;
		x0 = px < x0 ? px : x0;
		x1 = px > x1 ? px : x1;
		y0 = py < y0 ? py : y0;
		y1 = py > y1 ? py : y1;
	}
	for (k = 0; k < 4; k++) {
		cx = k & 1 ? box[2] : box[0];
		cy = k & 2 ? box[3] : box[1];
		if (!sight_in_wedge(2L * (cx - from.x), 2L * (cy - from.y), lo,
		    hi))
			continue;
		x0 = cx < x0 ? cx : x0;
		x1 = cx > x1 ? cx : x1;
		y0 = cy < y0 ? cy : y0;
		y1 = cy > y1 ? cy : y1;
	}
	scan[0] = (int)x0 - 1 < box[0] ? box[0] : (int)x0 - 1;
	scan[1] = (int)y0 - 1 < box[1] ? box[1] : (int)y0 - 1;
	scan[2] = (int)x1 + 1 > box[2] ? box[2] : (int)x1 + 1;
	scan[3] = (int)y1 + 1 > box[3] ? box[3] : (int)y1 + 1;
}

/* How far off the viewer the squares of scan go, on x or y. */
static int
sight_redo_amax(struct pos from, const int scan[4])
{
	int	a = from.x - scan[0];

	a = scan[2] - from.x > a ? scan[2] - from.x : a;
	a = from.y - scan[1] > a ? from.y - scan[1] : a;
	return scan[3] - from.y > a ? scan[3] - from.y : a;
}

bool
sight_fov_kept_redo(struct sight_map *sm, struct pos from, int eye,
    int radius, const struct sight_reach *at, bool edges,
    struct sight_reach *reach, const uint64_t *seen,
    void (*fn)(void *, uint32_t, bool), void *ctx)
{
	const struct sight_report rp = { seen, fn, ctx };
	const struct map	*m = sm->field->map;
	struct sight_fov	 fv;
	struct sight_lq		 lq;
	struct sight_spans	 sp;
	struct pos		 p;
	ptrdiff_t		 i, level = (ptrdiff_t)m->width * m->height;
	long			 lo[2], hi[2];
	int			 box[4], stops[4], scan[4], span[2], z0, z1;
	int			 rmax, zlo, zhi, x0, x1;

	if (!sight_redo_wedge(from, at, edges, lo, hi))
		return false;
	rmax = sight_fov_kept_begin(sm, from, eye, radius, &fv, box, &z0, &z1);
	/*
	 * The levels lines may go to now (sight_map_reach), as a fresh field
	 * of view finds them: a changed floor may have opened more, never
	 * closed one it read (then no line to it was decided again).
	 */
	for (zlo = zhi = from.z; zlo > z0 &&
	    sight_map_reach(sm, box, from.z, zlo - 1); zlo--)
		;
	for (; zhi < z1 && sight_map_reach(sm, box, from.z, zhi + 1); zhi++)
		;
	if (zlo > reach->lo[2] || zhi < reach->hi[2])
		return false;
	stops[0] = reach->lo[0];
	stops[1] = reach->lo[1];
	stops[2] = reach->hi[0];
	stops[3] = reach->hi[1];
	fv.reach = stops;

	/*
	 * The viewer's level: the lines of the directions through the block,
	 * swept again (the slopes of each octant in the wedge).
	 */
	if (rmax > 0 && at->lo[2] <= from.z && from.z <= at->hi[2])
		sight_fov_cast(&fv, &sm->cast, radius < sm->rays_radius ?
		    radius : sm->rays_radius, lo, hi, &rp);
	if (zlo == zhi) {
		/* Lines stayed on the level: as before, plus where they go. */
		reach->lo[0] = stops[0];
		reach->lo[1] = stops[1];
		reach->hi[0] = stops[2];
		reach->hi[1] = stops[3];
	} else {
		/* A line to another level may cross any square of the box. */
		reach->lo[0] = box[0];
		reach->lo[1] = box[1];
		reach->hi[0] = box[2];
		reach->hi[1] = box[3];
	}
	reach->lo[2] = zlo;
	reach->hi[2] = zhi;

	/*
	 * Other levels: the lines to squares in the wedge that pass over the
	 * block while on its level, from every level not behind a closed
	 * floor plane (which only a change of floor opens: sight_map.floors).
	 */
	sight_redo_scan(from, lo, hi, box, scan);
	sight_spans_init(&sp, from, eye, at, edges);
	for (p.z = z0; p.z <= z1; p.z++) {
		if (p.z == from.z || !sight_map_reach(sm, box, from.z, p.z) ||
		    (at->hi[2] < from.z && at->hi[2] < p.z) ||
		    (at->lo[2] > from.z && at->lo[2] > p.z))
			continue;
		lq.nd = -1;
		for (p.y = scan[1]; p.y <= scan[3]; p.y++) {
			if (!sight_wedge_row(from, p.y, lo, hi, scan, span) ||
			    !sight_redo_row(&sp, p.z, p.y, &x0, &x1))
				continue;
			if (x0 > span[0])
				span[0] = x0;
			if (x1 < span[1])
				span[1] = x1;
			/* The tables, once a level has a line to decide. */
			if (span[0] <= span[1] && lq.nd < 0)
				sight_lq_init(&lq, sm, from, eye, p.z,
				    sight_redo_amax(from, scan));
			i = p.z * level + (ptrdiff_t)p.y * m->width + span[0];
			for (p.x = span[0]; p.x <= span[1]; p.x++, i++)
				sight_report(&rp, i, sight_lq_line(&lq, p.x,
				    p.y));
		}
	}
	return true;
}

/*
 * How far off the viewer, in half squares on x or y, the block around
 * the changed squares begins: along a line the ground plan's distance
 * that way grows from 0 to its target's, so a line to a square less than
 * half this many squares off never reaches the block.
 */
static int
sight_redo_near(struct pos from, const struct sight_reach *at, bool edges)
{
	int	h = sight_redo_margin(edges), a, d = 0, lo, hi;

	for (a = 0; a < 2; a++) {
		lo = 2 * (at->lo[a] - (a == 0 ? from.x : from.y)) - h;
		hi = 2 * (at->hi[a] - (a == 0 ? from.x : from.y)) + h;
		lo = lo > 0 ? lo : hi < 0 ? -hi : 0;
		d = lo > d ? lo : d;
	}
	return d;
}

/*
 * The squares of row y (index of its first square: row) from x0 to x1
 * that the field of view holds, each decided again by its own line: on
 * the viewer's level sight_map_line's, on others lq's (made on first use).
 */
static void
sight_thicken_row(struct sight_map *sm, struct pos from, int eye,
    struct sight_lq *lq, int amax, const struct sight_report *rp,
    struct pos p, ptrdiff_t row, int x0, int x1)
{
	ptrdiff_t	i = row + x0, end = row + x1;
	uint64_t	w;

	while (i <= end) {
		w = rp->seen[i >> 6] >> (i & 63);
		if (w == 0) {
			i = (i | 63) + 1;
			continue;
		}
		i += __builtin_ctzll(w);
		if (i > end)
			break;
		p.x = (int)(i - row);
		if (p.z == from.z)
			sight_report(rp, i, sight_map_line(sm, from, eye, p,
			    SIGHT_CENTRE));
		else {
			if (lq->nd < 0)
				sight_lq_init(lq, sm, from, eye, p.z, amax);
			sight_report(rp, i, sight_lq_line(lq, p.x, p.y));
		}
		i++;
	}
}

bool
sight_fov_kept_thicken(struct sight_map *sm, struct pos from, int eye,
    int radius, const struct sight_reach *at, bool edges,
    const struct sight_reach *reach, const uint64_t *seen,
    void (*fn)(void *, uint32_t, bool), void *ctx)
{
	const struct sight_report rp = { seen, fn, ctx };
	const struct map	*m = sm->field->map;
	struct sight_lq		 lq;
	struct sight_spans	 sp;
	struct pos		 p;
	ptrdiff_t		 level = (ptrdiff_t)m->width * m->height;
	ptrdiff_t		 row;
	long			 lo[2], hi[2];
	int			 box[4], scan[4], span[2], zlo, zhi, x0, x1;
	int			 amax, near, c;

	if (reach->lo[0] > reach->hi[0])
		return true;	/* it reads nothing: it sees nothing */
	if (!sight_redo_wedge(from, at, edges, lo, hi))
		return false;
	sight_map_sync(sm);
	box[0] = from.x - radius < 0 ? 0 : from.x - radius;
	box[1] = from.y - radius < 0 ? 0 : from.y - radius;
	box[2] = from.x + radius >= m->width ? m->width - 1 : from.x + radius;
	box[3] = from.y + radius >= m->height ? m->height - 1 :
	    from.y + radius;
	/* A level the lines went to closed to them: not a few lines. */
	for (zlo = from.z; zlo > reach->lo[2] &&
	    sight_map_reach(sm, box, from.z, zlo - 1); zlo--)
		;
	for (zhi = from.z; zhi < reach->hi[2] &&
	    sight_map_reach(sm, box, from.z, zhi + 1); zhi++)
		;
	if (zlo > reach->lo[2] || zhi < reach->hi[2])
		return false;
	sight_redo_scan(from, lo, hi, box, scan);
	sight_spans_init(&sp, from, eye, at, edges);
	amax = sight_redo_amax(from, scan);
	near = sight_redo_near(from, at, edges);
	/* Only the levels the lines went to hold squares seen. */
	for (p.z = reach->lo[2]; p.z <= reach->hi[2]; p.z++) {
		if ((at->hi[2] < from.z && at->hi[2] < p.z) ||
		    (at->lo[2] > from.z && at->lo[2] > p.z))
			continue;
		lq.nd = -1;
		for (p.y = scan[1]; p.y <= scan[3]; p.y++) {
			if (!sight_wedge_row(from, p.y, lo, hi, scan, span))
				continue;
			if (p.z != from.z) {
				if (!sight_redo_row(&sp, p.z, p.y, &x0, &x1))
					continue;
				span[0] = x0 > span[0] ? x0 : span[0];
				span[1] = x1 < span[1] ? x1 : span[1];
			}
			row = p.z * level + (ptrdiff_t)p.y * m->width;
			if (2 * abs(p.y - from.y) >= near) {
				if (span[0] <= span[1])
					sight_thicken_row(sm, from, eye, &lq,
					    amax, &rp, p, row, span[0],
					    span[1]);
				continue;
			}
			/* Short of the block: the columns near the viewer. */
			c = (near + 1) / 2;
			if (span[0] <= from.x - c)
				sight_thicken_row(sm, from, eye, &lq, amax, &rp,
				    p, row, span[0], span[1] < from.x - c ?
				    span[1] : from.x - c);
			if (span[1] >= from.x + c)
				sight_thicken_row(sm, from, eye, &lq, amax, &rp,
				    p, row, span[0] > from.x + c ? span[0] :
				    from.x + c, span[1]);
		}
	}
	return true;
}
