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
 * A field of view (sight_lq_fov) takes the box offset by offset, every
 * level at once.  The lines toward one offset to every level walk the
 * same squares of the viewer's level first, each as far as where it
 * leaves the level (the line with the largest N_1 / L the furthest, at
 * every offset), so that walk is made once (sight_lq_near), recording
 * where it stopped and where it counted each obstruction: a line stopped
 * there costs a comparison (more than half the lines of a town's field),
 * the others start where they leave the level, with the obstructions met
 * before; the walk's direction (struct sight_lq_dir) is worked out once
 * too.  What is seen is gathered per level and handed on in the order a
 * level at a time would give it.
 *
 * Tried and dropped: deciding a whole ray of a primitive offset at once
 * (every multiple, every level) from per-level prefix sums along it.
 * Along a ray the lines to different levels spend most of their run on
 * their own level, so the sums cost what the lines do, and most rays
 * have one multiple in the box: slower than a walk a line.  Sharing the
 * walk on the viewer's level along a primitive ray too (one walk for
 * every multiple): slower, the divisions finding primitive offsets and
 * the loops over multiples cost more than the walks saved.  Passing a
 * stretch of a line on another level at once when summed counts of busy
 * squares say its box holds nothing: slower, in a town such a box seldom
 * is empty, and the sums cost 70K instructions a field.  Walking the
 * viewer's level only as far as each line needs, lines in the order they
 * leave it, each floor 1 looked up before the walk goes on for it:
 * slower, the walk's state kept between lines and the lookups cost more
 * than the steps saved.  Not built: a
 * sweep of slope intervals per level pair (sight-cast.c's).  On one level
 * a target's line depends on its slope alone; to another level the
 * places where it changes level scale with the target's distance, so
 * the squares of one slope read different levels for different targets:
 * a sweep would be per target column, and its cost of the order of the
 * radius cubed for each octant, against the walks' sum of line lengths.
 *
 * tests/test_sight_cast.c compares whole kept fields of view with
 * sight_fov (whose lines to other levels are sight_fast's) on random
 * towns of several levels, from every level and at every eye height;
 * tests/test_sight_random.c the fields brought up to date after changes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define SIGHT_LQ_TIE	0x8000		/* in sight_lq.planes */

/*
 * sight_lq_near's walk on the viewer's level toward one offset, in planes
 * crossed from the viewer (UINT16_MAX: not met): where it stopped, and
 * where each obstruction it counted was met.
 */
struct sight_lq_near {
	uint16_t	stop;
	uint16_t	inc[SIGHT_MAX_OBSTRUCTIONS];
};

/*
 * The fraction first / L of its run a line from lq's viewer to its level
 * goes before it passes the first floor plane: the eye's height above
 * that plane (or below) over the height it climbs (or falls), in tenths.
 */
static void
sight_lq_first(const struct sight_lq *lq, int *first, int *L)
{
	int	lz = 10 * (lq->to_z - lq->from.z) + SIGHT_CENTRE - lq->eye;

	*first = lz > 0 ? 10 - lq->eye : lq->eye;
	*L = lz > 0 ? lz : -lz;
}

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
	sight_lq_first(lq, &first, &L);
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

/*
 * What the flat walk toward one offset (dx, dy) needs, the same for the
 * line to every level: lengths, strides and walls, major axis first.
 */
struct sight_lq_dir {
	int		dx, dy, ax, ay;
	int		a_major, a_minor;
	ptrdiff_t	sx, sy;			/* a square on, x and y */
	ptrdiff_t	s_major, s_minor;
	int		w_major, w_minor;
};

static inline void
sight_lq_dir(const struct sight_lq *lq, int dx, int dy, struct sight_lq_dir *d)
{
	d->dx = dx;
	d->dy = dy;
	d->ax = sight_abs(dx);
	d->ay = sight_abs(dy);
	d->sx = dx > 0 ? 1 : -1;
	d->sy = dy > 0 ? lq->width : -lq->width;
	if (d->ax >= d->ay) {
		d->a_major = d->ax;
		d->a_minor = d->ay;
		d->s_major = dx > 0 ? 1 : -1;
		d->s_minor = dy > 0 ? lq->width : dy < 0 ? -lq->width : 0;
		d->w_major = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
		d->w_minor = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
	} else {
		d->a_major = d->ay;
		d->a_minor = d->ax;
		d->s_major = dy > 0 ? lq->width : -lq->width;
		d->s_minor = dx > 0 ? 1 : dx < 0 ? -1 : 0;
		d->w_major = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
		d->w_minor = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
	}
}

/*
 * The part of the lines toward one offset that lies on the viewer's
 * level: the flat walk from the viewer toward (dx, dy), ax + ay planes in
 * all, as far as the line to any level in hand stays on the viewer's
 * level (nplanes planes crossed), or until something stops it.  The line
 * to every other level toward that offset walks these same squares first
 * (only where it leaves the level changes with the level), so the walk is
 * made once and each line reads from it what it met before leaving.
 */
static void
sight_lq_near(const struct sight_lq *lq, const struct sight_lq_dir *d,
    int nplanes, struct sight_lq_near *nr)
{
	const uint8_t	*b = lq->b;
	const ptrdiff_t	 s_major = d->s_major, s_minor = d->s_minor;
	const int	 a_major = d->a_major, a_minor = d->a_minor;
	const int	 w_major = d->w_major, w_minor = d->w_minor;
	const int	 m_major = w_major | SIGHT_B_SOLID | SIGHT_B_OBSTRUCT;
	const int	 m_minor = w_minor | SIGHT_B_SOLID | SIGHT_B_OBSTRUCT;
	ptrdiff_t	 c = lq->origin, ta, tb;
	int		 e = a_minor - a_major, crossed = 0, count = 0, got;
	uint8_t		 v;

	nr->stop = UINT16_MAX;
	nr->inc[0] = nr->inc[1] = nr->inc[2] = UINT16_MAX;
	while (crossed < nplanes) {
		/* Most squares hold nothing: one test passes them. */
		got = 0;
		if (e < 0) {
			c += s_major;
			e += 2 * a_minor;
			crossed++;
			v = b[c];
			if (!(v & m_major))
				continue;
			if (v & w_major)
				goto stopped;
		} else if (e > 0) {
			c += s_minor;
			e -= 2 * a_major;
			crossed++;
			v = b[c];
			if (!(v & m_minor))
				continue;
			if (v & w_minor)
				goto stopped;
		} else {
			/* A corner: both planes at once, never split. */
			ta = c + s_major;
			tb = c + s_minor;
			c = ta + s_minor;
			got = sight_corner2d(b, ta, tb, c, w_major, w_minor);
			e += 2 * (a_minor - a_major);
			crossed += 2;
			if (got > SIGHT_MAX_OBSTRUCTIONS)
				goto stopped;
		}
		v = b[c];
		if (v & SIGHT_B_SOLID)
			goto stopped;
		got += (v & SIGHT_B_OBSTRUCT) != 0;
		for (; got > 0; got--) {
			if (count == SIGHT_MAX_OBSTRUCTIONS)
				goto stopped;
			nr->inc[count++] = (uint16_t)crossed;
		}
	}
	return;
stopped:
	nr->stop = (uint16_t)crossed;
}

/*
 * The line to (x, y) on lq's level; nr, if not NULL, is sight_lq_near's
 * walk toward that offset, at least as far as this line stays on the
 * viewer's level.
 */
static inline __attribute__((always_inline)) bool
sight_lq_decide(struct sight_lq *lq, const struct sight_lq_dir *d,
    const struct sight_lq_near *nr)
{
	const uint8_t	*b = lq->b;
	const ptrdiff_t	 s_major = d->s_major, s_minor = d->s_minor;
	const int	 a_major = d->a_major, a_minor = d->a_minor;
	const int	 w_major = d->w_major, w_minor = d->w_minor;
	const int	 m_major = w_major | SIGHT_B_SOLID | SIGHT_B_OBSTRUCT;
	const int	 m_minor = w_minor | SIGHT_B_SOLID | SIGHT_B_OBSTRUCT;
	const int	 ax = d->ax, ay = d->ay, nd = lq->nd;
	ptrdiff_t	 c, ta, tb;
	int		 cross[MAP_MAX_LEVELS + 1], stop, last, k, cx, cy;
	int		 count = 0, e, left, n, wt[2], near = 0;
	ptrdiff_t	 st[2];
	bool		 tie[MAP_MAX_LEVELS + 1];
	uint8_t		 v;

	if (nr != NULL) {
		/* Stopped on the viewer's level before leaving it? */
		near = (lq->planes[1][ax] & ~SIGHT_LQ_TIE) +
		    (lq->planes[1][ay] & ~SIGHT_LQ_TIE);
		if (nr->stop <= near)
			return false;
	}
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
		c = lq->origin + d->sx * cx + d->sy * cy + lq->floor[k];
		if (!tie[k] && (b[c] & SIGHT_B_FLOOR))
			return false;
	}

	/* Then the flat walk, changing level where the line does. */
	c = lq->origin;
	e = a_minor - a_major;
	left = ax + ay;
	if (nr != NULL) {
		/*
		 * The viewer's level from sight_lq_near: the square and the
		 * walk's state where floor 1's planes are crossed, and the
		 * obstructions met on the way.
		 */
		cx = lq->planes[1][ax] & ~SIGHT_LQ_TIE;
		cy = lq->planes[1][ay] & ~SIGHT_LQ_TIE;
		c += d->sx * cx + d->sy * cy;
		e += ax >= ay ? 2 * (a_minor * cx - a_major * cy) :
		    2 * (a_minor * cy - a_major * cx);
		left = cross[1];
		count = (nr->inc[0] <= near) + (nr->inc[1] <= near) +
		    (nr->inc[2] <= near);
	}
	/* Level by level: the planes crossed on it down to stop. */
	for (k = 1;; k++) {
		if (k <= nd) {
			stop = cross[k];
			last = -1;
		} else
			stop = last = 0;
		while (left > stop) {
			/* Most squares hold nothing: one test passes them. */
			if (e < 0) {
				c += s_major;
				e += 2 * a_minor;
				left--;
				v = b[c];
				if (!(v & m_major))
					continue;
				if (v & w_major)
					return false;
			} else if (e > 0) {
				c += s_minor;
				e -= 2 * a_major;
				left--;
				v = b[c];
				if (!(v & m_minor))
					continue;
				if (v & w_minor)
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
				v = b[c];
			}
			/* The target's square counts for nothing. */
			if (left == last)
				return true;
			if (!sight_lq_enter(v, &count))
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

bool
sight_lq_line(struct sight_lq *lq, int x, int y)
{
	struct sight_lq_dir	 d;
	int			 dx = x - lq->from.x, dy = y - lq->from.y;

	if ((dx == 0 && dy == 0) || sight_abs(dx) > lq->amax ||
	    sight_abs(dy) > lq->amax)
		return sight_lq_fast(lq, x, y);
	sight_lq_dir(lq, dx, dy, &d);
	return sight_lq_decide(lq, &d, NULL);
}

/*
 * The lines of a kept field of view (fv, from sight_fov_kept_begin) to
 * the levels z0 .. z1 other than the viewer's: levels behind a floor
 * plane closed across the box are skipped; for each offset of the box
 * the walk on the viewer's level is made once (sight_lq_near), then the
 * line to each level decided.  What is seen is gathered a bit a square
 * and handed to fv level by level, row by row, as a level at a time
 * would.
 */
void
sight_lq_fov(struct sight_map *sm, struct sight_fov *fv, int eye, int z0,
    int z1)
{
	const struct map	*m = sm->field->map;
	const struct pos	 from = fv->from;
	struct sight_lq		 lq[MAP_MAX_LEVELS];
	struct sight_lq_near	 nr;
	struct sight_lq_dir	 d;
	uint64_t		 seen[MAP_MAX_LEVELS][(MAP_MAX_SIDE *
				    MAP_MAX_SIDE + 63) / 64], word;
	ptrdiff_t		 level = (ptrdiff_t)m->width * m->height, i;
	size_t			 j, words, wd;
	int			 box[4], amax, nlq = 0, l, x, y, bw, bh;
	int			 ax, ay, near, far, lfar = 0, f[2], g[2];

	memcpy(box, fv->box, sizeof box);
	amax = from.x - box[0];
	amax = box[2] - from.x > amax ? box[2] - from.x : amax;
	amax = from.y - box[1] > amax ? from.y - box[1] : amax;
	amax = box[3] - from.y > amax ? box[3] - from.y : amax;
	for (l = z0; l <= z1; l++) {
		if (l == from.z || !sight_map_reach(sm, box, from.z, l))
			continue;
		if (l < fv->zlo)
			fv->zlo = l;
		if (l > fv->zhi)
			fv->zhi = l;
		sight_lq_init(&lq[nlq++], sm, from, eye, l, amax);
	}
	if (nlq == 0)
		return;
	/*
	 * The line that stays longest on the viewer's level: the largest
	 * fraction of its run before floor 1 (sight_lq_init), whose table
	 * is then at least every other's at every offset.
	 */
	for (l = 0; l < nlq; l++) {
		sight_lq_first(&lq[l], &g[0], &g[1]);
		if (l == 0 || g[0] * f[1] > f[0] * g[1]) {
			lfar = l;
			f[0] = g[0];
			f[1] = g[1];
		}
	}
	bw = box[2] - box[0] + 1;
	bh = box[3] - box[1] + 1;
	words = ((size_t)bw * bh + 63) / 64;
	for (l = 0; l < nlq; l++)
		memset(seen[l], 0, words * sizeof seen[l][0]);

	for (j = 0, y = box[1]; y <= box[3]; y++)
		for (x = box[0]; x <= box[2]; x++, j++) {
			ax = sight_abs(x - from.x);
			ay = sight_abs(y - from.y);
			if (ax == 0 && ay == 0) {
				for (l = 0; l < nlq; l++)
					if (sight_lq_line(&lq[l], x, y))
						seen[l][j / 64] |= 1ULL <<
						    (j % 64);
				continue;
			}
			/* As far as the furthest any line stays on it. */
			far = (lq[lfar].planes[1][ax] & ~SIGHT_LQ_TIE) +
			    (lq[lfar].planes[1][ay] & ~SIGHT_LQ_TIE);
			sight_lq_dir(&lq[0], x - from.x, y - from.y, &d);
			sight_lq_near(&lq[0], &d, far, &nr);
			for (l = 0; l < nlq; l++) {
				/* Stopped before it leaves the level? */
				near = (lq[l].planes[1][ax] & ~SIGHT_LQ_TIE) +
				    (lq[l].planes[1][ay] & ~SIGHT_LQ_TIE);
				if (nr.stop > near &&
				    sight_lq_decide(&lq[l], &d, &nr))
					seen[l][j / 64] |= 1ULL << (j % 64);
			}
		}

	for (l = 0; l < nlq; l++)
		for (wd = 0; wd < words; wd++)
			for (word = seen[l][wd]; word != 0; word &= word - 1) {
				j = wd * 64 + (size_t)__builtin_ctzll(word);
				i = lq[l].to_z * level + (ptrdiff_t)(box[1] +
				    (int)(j / (size_t)bw)) * m->width + box[0] +
				    (int)(j % (size_t)bw);
				sight_fov_see(fv, i, true);
			}
}
