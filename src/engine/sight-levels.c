/*
 * sight-levels.c - the lines of kept fields of view to levels other than
 * the viewer's (sight_fov_kept, sight_fov_kept_redo), each with exactly
 * the result of sight_fast's 3D walk for less work: a flat walk that
 * changes level where the line passes a floor, worked out beforehand
 * from tables made once per viewer and level.
 *
 * Geometry.  The line from the eye to the centre of a square on another
 * level crosses the x and y planes where the flat line between the two
 * squares' centres does, in the same order (sight_fast compares their
 * times on one scale, the vertical length multiplying both), so the
 * squares it passes, seen from above, are those of the flat walk
 * (sight_fov_ray's: one square read a step, corners by sight_corner2d).
 * It crosses floor plane k at the fixed fraction N_k / L of its run
 * (N_k = 10 - eye, 20 - eye, ... tenths going up; eye, eye + 10, ...
 * going down; L the height it climbs or falls: the same for every square
 * of the level), and the t-th of the a planes of an axis at (2t - 1) / 2a;
 * so before floor plane k it has crossed #{t : (2t - 1) L < 2 a N_k}
 * planes of that axis: a table over a (struct sight_lq), which says too
 * when a plane lies exactly on the floor's fraction (the line meets an
 * edge, or a corner, and a floor at once: common for a kneeling eye, whose
 * line to the next level passes its floor half way).  There, as in
 * sight_corner, every order of the floor and the walk's next step is a
 * way past and the cheapest that passes is taken (sight_lq_tie).  The
 * line straight up or down is handed to sight_fast.
 *
 * So a line is: its floors, checked first (the square it is in when it
 * passes each is known, but at a tie: a line stopped by a floor costs a
 * few lookups),
 * then the flat walk on the viewer's level until it has crossed the
 * planes before the first floor plane, on the next level until the
 * second, and so on; entering a level through a floor plane counts what
 * the square holds there, as every square but the viewer's and the
 * target's does.  The same squares, edges, floors and counts as
 * sight_fast, in another order: a line is seen when nothing stops it and
 * at most 3 squares obstruct it, whatever the order.
 *
 * Tried and dropped: deciding a whole ray of a primitive offset at once
 * (every multiple, every level) from per-level prefix sums along it.
 * Along a ray the lines to different levels spend most of their run on
 * their own level, so the sums cost what the lines do, and most rays
 * have one multiple in the box: slower than a walk a line.  What would
 * share work between lines is a sweep of slope intervals per level pair
 * (sight-cast.c's, with the shadows of the upper level's squares ending
 * where the lines begin to pass them on the lower one): not built.
 *
 * tests/test_sight_cast.c compares whole kept fields of view with
 * sight_fov (whose lines to other levels are sight_fast's) on random
 * towns of several levels, from every level and at every eye height;
 * tests/test_sight.c the fields brought up to date after changes.
 */
#include <stddef.h>
#include <stdint.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define SIGHT_LQ_TIE	0x8000		/* in sight_lq.planes */

void
sight_lq_init(struct sight_lq *lq, const struct sight_map *sm,
    struct pos from, int eye, int z, int amax)
{
	const struct map	*m = sm->field->map;
	int			 lz, first, L, k, a, n, q, v;

	lq->sm = sm;
	lq->b = sm->bits;
	lq->width = m->width;
	lq->from = from;
	lq->origin = ((ptrdiff_t)from.z * m->height + from.y) * m->width +
	    from.x;
	lq->eye = eye;
	lq->to_z = z;
	lq->nd = sight_abs(z - from.z);
	lz = 10 * (z - from.z) + SIGHT_CENTRE - eye;
	first = lz > 0 ? 10 - eye : eye;
	L = lz > 0 ? lz : -lz;
	lq->sz = (ptrdiff_t)(lz > 0 ? 1 : -1) * m->width * m->height;
	if (amax > MAP_MAX_SIDE)
		amax = MAP_MAX_SIDE;
	lq->amax = amax;
	for (k = 1; k <= lq->nd; k++) {
		/* The floor passed is the upper square's. */
		lq->floor[k] = (lz > 0 ? k : k - 1) * lq->sz;
		n = first + 10 * (k - 1);
		for (a = 0; a <= amax; a++) {
			/* Odd o with o L < 2 a n; a tie when o L = 2 a n. */
			v = 2 * a * n;
			q = v / L;
			if (q * L != v)
				lq->planes[k][a] = (uint16_t)((q + 1) / 2);
			else
				lq->planes[k][a] = (uint16_t)(q / 2 |
				    (q & 1 ? SIGHT_LQ_TIE : 0));
		}
	}
	sight_walk_init(&lq->w, sm->field, sm->bits, from, from);
}

/* sight_fast's walk, for ties and for the viewer's own column. */
static bool
sight_lq_fast(struct sight_lq *lq, int x, int y)
{
	lq->w.at = lq->from;
	lq->w.idx = lq->origin;
	lq->w.to = (struct pos){ x, y, lq->to_z };
	return sight_fast(&lq->w, lq->eye, SIGHT_CENTRE, true);
}

/*
 * Whether what a square holds stops a line passing it (false), or counts
 * one obstruction more (true, with *count grown).
 */
static inline bool
sight_lq_enter(uint8_t v, int *count)
{
	if (v & (SIGHT_B_SOLID | SIGHT_B_OBSTRUCT)) {
		if (v & SIGHT_B_SOLID)
			return false;
		if (++*count > SIGHT_MAX_OBSTRUCTIONS)
			return false;
	}
	return true;
}

/*
 * The line passes floor plane (sz: a level up or down) and the n planes
 * of the flat walk's next step (strides st, walls wt) at once, from the
 * square c with count obstructions: as sight_corner, every order of them
 * is a way past, each square passed between counting; the count of the
 * cheapest way that passes, or more than SIGHT_MAX_OBSTRUCTIONS.
 */
static __attribute__((noinline)) int
sight_lq_tie(const uint8_t *b, ptrdiff_t c, ptrdiff_t sz,
    const ptrdiff_t *st, const int *wt, int n, int count)
{
	static const int	 orders2[2][2] = { { 0, 1 }, { 1, 0 } };
	static const int	 orders3[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
		{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	const int		*order;
	ptrdiff_t		 at;
	int			 o, i, ev, got, best = SIGHT_MAX_OBSTRUCTIONS + 1;
	uint8_t			 v;

	for (o = 0; o < (n == 1 ? 2 : 6); o++) {
		order = n == 1 ? orders2[o] : orders3[o];
		at = c;
		got = count;
		for (i = 0; i <= n; i++) {
			/* Event n is the floor, the others the walk's. */
			ev = order[i];
			if (ev == n) {
				/* The floor passed is the upper square's. */
				if (b[sz > 0 ? at + sz : at] & SIGHT_B_FLOOR)
					break;
				at += sz;
			} else {
				at += st[ev];
				if (b[at] & wt[ev])
					break;
			}
			if (i == n)
				continue;
			v = b[at];
			if ((v & SIGHT_B_SOLID) || ((v & SIGHT_B_OBSTRUCT) &&
			    ++got > SIGHT_MAX_OBSTRUCTIONS))
				break;
		}
		if (i > n && got < best)
			best = got;
	}
	return best;
}

bool
sight_lq_line(struct sight_lq *lq, int x, int y)
{
	const uint8_t	*b = lq->b;
	ptrdiff_t	 c, s_major, s_minor, ta, tb;
	int		 dx = x - lq->from.x, dy = y - lq->from.y;
	int		 ax = sight_abs(dx), ay = sight_abs(dy);
	int		 nd = lq->nd, cross[MAP_MAX_LEVELS + 1], stop, last;
	int		 k, cx, cy, count = 0, w_major, w_minor, a_major;
	int		 a_minor, e, left, n, wt[2];
	ptrdiff_t	 st[2];
	bool		 tie[MAP_MAX_LEVELS + 1];

	if ((ax == 0 && ay == 0) || ax > lq->amax || ay > lq->amax)
		return sight_lq_fast(lq, x, y);
	/* The floors first: where the line passes each plane. */
	for (k = 1; k <= nd; k++) {
		cx = lq->planes[k][ax];
		cy = lq->planes[k][ay];
		/* An edge met with the floor: sight_lq_tie, on the way. */
		tie[k] = ((cx | cy) & SIGHT_LQ_TIE) != 0;
		cx &= ~SIGHT_LQ_TIE;
		cy &= ~SIGHT_LQ_TIE;
		/* Planes still to cross when the line passes floor k. */
		cross[k] = ax + ay - cx - cy;
		c = lq->origin + (dx > 0 ? cx : -cx) + (ptrdiff_t)(dy > 0 ?
		    cy : -cy) * lq->width + lq->floor[k];
		if (!tie[k] && (b[c] & SIGHT_B_FLOOR))
			return false;
	}

	/* Then the flat walk, changing level where the line does. */
	if (ax >= ay) {
		s_major = dx > 0 ? 1 : -1;
		s_minor = dy > 0 ? lq->width : dy < 0 ? -lq->width : 0;
		w_major = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
		w_minor = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
		a_major = ax, a_minor = ay;
	} else {
		s_major = dy > 0 ? lq->width : -lq->width;
		s_minor = dx > 0 ? 1 : dx < 0 ? -1 : 0;
		w_major = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
		w_minor = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
		a_major = ay, a_minor = ax;
	}
	c = lq->origin;
	e = a_minor - a_major;
	left = ax + ay;
	/* Level by level: the planes crossed on it down to stop. */
	for (k = 1;; k++) {
		if (k <= nd) {
			stop = cross[k];
			last = -1;
		} else
			stop = last = 0;
		while (left > stop) {
			if (e < 0) {
				c += s_major;
				e += 2 * a_minor;
				left--;
				if (b[c] & w_major)
					return false;
			} else if (e > 0) {
				c += s_minor;
				e -= 2 * a_major;
				left--;
				if (b[c] & w_minor)
					return false;
			} else {
				/* A corner: major then minor, or the reverse. */
				ta = c + s_major;
				tb = c + s_minor;
				c = ta + s_minor;
				count += sight_corner2d(b, ta, tb, c, w_major,
				    w_minor);
				if (count > SIGHT_MAX_OBSTRUCTIONS)
					return false;
				e += 2 * (a_minor - a_major);
				left -= 2;
			}
			/* The target's square counts for nothing. */
			if (left == last)
				return true;
			if (!sight_lq_enter(b[c], &count))
				return false;
		}
		if (k > nd)
			return true;
		if (tie[k]) {
			/* The floor and the walk's next step at once. */
			n = 0;
			if (e <= 0) {
				st[n] = s_major;
				wt[n++] = w_major;
			}
			if (e >= 0) {
				st[n] = s_minor;
				wt[n++] = w_minor;
			}
			count = sight_lq_tie(b, c, lq->sz, st, wt, n, count);
			if (count > SIGHT_MAX_OBSTRUCTIONS)
				return false;
			c += lq->sz + st[0] + (n == 2 ? st[1] : 0);
			e += n == 2 ? 2 * (a_minor - a_major) : e < 0 ?
			    2 * a_minor : -2 * a_major;
			left -= n;
		} else
			/* Floor k: its square was checked above. */
			c += lq->sz;
		if (k == nd && left == 0)
			return true;
		if (!sight_lq_enter(b[c], &count))
			return false;
	}
}
