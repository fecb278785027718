/*
 * sight-levels.c - a field of view's lines to the levels other than the
 * viewer's (sight_fov, sight_fov_kept), cast a direction at a time.
 *
 * A line from the viewer's eye to the centre of a square of another level
 * is the centre-to-centre line of sight_line (sight-line.c): seen from
 * above, it is the line to the same square on the viewer's level, so its
 * crossings of x and y planes are those of the ray along the square's
 * primitive offset (gcd 1), up to the multiple the square lies at.  Only
 * the floor planes come in between, and the line to the k-th multiple on
 * level z1 crosses each at a fixed fraction of its way: at k F / lz
 * multiples, F the height from the eye to the plane and lz from the eye to
 * the target's centre (tenths of a level).  So each direction's ray is
 * walked once (struct sight_dir: its events, the squares entered and when),
 * and each level's obstructions along it are summed once, as far as some
 * line needs them; a line is then a few sums: its stretch on each level
 * between floor planes, the floors it passes and the squares it comes up
 * (or down) into.
 *
 * Data: a struct sight_dir on the stack per call (about 17 KB).  Times are
 * integers: an event's is 2 |dM| max(|dm|, 1) times where it happens in
 * multiples (dM, dm the offset's major and minor components), so a floor
 * plane is crossed between events j and j + 1 when t[j] lz < Z <=
 * t[j + 1] lz, Z = 2 |dM| max(|dm|, 1) k F.  Invariant: every square gets
 * exactly what sight_fast (sight-int.h), the per-square walk, gives it.
 * Where a floor plane is crossed at the same moment as an x or y plane the
 * walk settles the tie its own way (sight_corner, sight-line.c): such
 * lines, and those straight up or down, are walked whole by sight_fast.
 * The tests compare every square of random fields of view, of several
 * levels, with sight_line (tests/test_sight.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sight-int.h"
#include "xtac/util.h"

/* Events of a ray inside a box: at most one per x and per y plane. */
#define SIGHT_DIR_EVENTS	(2 * MAP_MAX_SIDE)
/* A cost no line survives: a wall, a solid object, a closed corner. */
#define SIGHT_DIR_BLOCK		(SIGHT_MAX_OBSTRUCTIONS + 1)

/* One direction's ray, walked as far as its lines need. */
struct sight_dir {
	const uint8_t	*b;		/* the bits, at the viewer's x, y */
	const uint8_t	*clear;		/* leap distances there, or NULL */
	ptrdiff_t	 base;		/* that square's index on level 0 */
	ptrdiff_t	 level;		/* squares in a level */
	ptrdiff_t	 s_major, s_minor;
	int		 w_major, w_minor;
	int		 a_major, a_minor;
	int64_t		 unit;		/* 2 |dM| max(|dm|, 1) */
	/* The walk, resumed where it stopped: as sight_fov_ray's. */
	int		 n;		/* events walked */
	int		 e;
	ptrdiff_t	 c;
	int		 per;		/* events per multiple */
	int32_t		 s[SIGHT_DIR_EVENTS + 1];	/* square entered */
	uint8_t		 wall[SIGHT_DIR_EVENTS + 1];	/* 0: a corner */
	/*
	 * Per level: p[j] sums the costs of events 1..j and of the squares
	 * they enter, worked out through event upto.
	 */
	int16_t		 p[MAP_MAX_LEVELS][SIGHT_DIR_EVENTS + 1];
	int		 upto[MAP_MAX_LEVELS];
};

/* Start the ray along primitive offset (dx, dy). */
static void
sight_dir_start(struct sight_dir *d, int dx, int dy, ptrdiff_t width)
{
	int	ax = sight_abs(dx), ay = sight_abs(dy);
	int	wx = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
	int	wy = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;

	if (ax >= ay) {
		d->s_major = sight_sign(dx);
		d->s_minor = sight_sign(dy) * width;
		d->w_major = wx, d->w_minor = wy;
		d->a_major = ax, d->a_minor = ay;
	} else {
		d->s_major = sight_sign(dy) * width;
		d->s_minor = sight_sign(dx);
		d->w_major = wy, d->w_minor = wx;
		d->a_major = ay, d->a_minor = ax;
	}
	d->unit = 2 * (int64_t)d->a_major * (d->a_minor > 0 ? d->a_minor : 1);
	d->n = 0;
	d->e = d->a_minor - d->a_major;
	d->c = 0;
	d->s[0] = 0;
	/* Corners come half way between multiples when both are odd. */
	d->per = d->a_major + d->a_minor - (d->a_major & d->a_minor & 1);
}

/* Walk on through event `to`: sight_fov_ray's crossings. */
static inline void
sight_dir_walk(struct sight_dir *d, int to)
{
	int32_t		*s = d->s;
	uint8_t		*wall = d->wall;
	ptrdiff_t	 c = d->c;
	int		 j, e = d->e;

	for (j = d->n + 1; j <= to; j++) {
		if (e < 0) {
			c += d->s_major;
			e += 2 * d->a_minor;
			wall[j] = (uint8_t)d->w_major;
		} else if (e > 0) {
			c += d->s_minor;
			e -= 2 * d->a_major;
			wall[j] = (uint8_t)d->w_minor;
		} else {
			c += d->s_major + d->s_minor;
			e += 2 * (d->a_minor - d->a_major);
			wall[j] = 0;
		}
		s[j] = (int32_t)c;
	}
	d->c = c;
	d->e = e;
	d->n = to;
}

/*
 * Level z's sums through event `to`: what sight_fast charges on entering
 * a square (a wall on the edge crossed or both ways round a corner shut:
 * SIGHT_DIR_BLOCK; a corner's cheaper way otherwise) and for being in it
 * (a solid object: SIGHT_DIR_BLOCK; an obstruction: 1).  With a sight_map's
 * leap distances, a square c from anything not plain starts c - 1 events
 * that cost nothing: each moves at most one square (a king's move), and a
 * corner's two ways lie no further out than the square it reaches.
 */
static void
sight_dir_sums(struct sight_dir *d, int z, int to)
{
	static const int8_t	 content[4] = {
		0, SIGHT_DIR_BLOCK, 1, SIGHT_DIR_BLOCK
	};
	const uint8_t		*b = d->b + z * d->level;
	const uint8_t		*clear = d->clear;
	const int32_t		*s = d->s;
	const uint8_t		*wall = d->wall;
	int16_t			*p = d->p[z];
	int			 j, lim, sum = p[d->upto[z]];
	uint8_t			 v;

	if (d->n < to)
		sight_dir_walk(d, to);
	if (clear != NULL)
		clear += z * d->level;
	for (j = d->upto[z] + 1; j <= to; j++) {
		v = b[s[j]];
		if (wall[j] != 0)
			sum += ((v & wall[j]) != 0) * SIGHT_DIR_BLOCK;
		else
			sum += sight_corner2d(b, s[j - 1] + d->s_major,
			    s[j - 1] + d->s_minor, s[j], d->w_major,
			    d->w_minor);
		/* SIGHT_B_SOLID and SIGHT_B_OBSTRUCT, as an index. */
		sum += content[(v >> 2) & 3];
		p[j] = (int16_t)sum;
		if (clear == NULL || clear[s[j]] < 3)
			continue;
		lim = j + clear[s[j]] - 1;
		if (lim > to)
			lim = to;
		while (j < lim)
			p[++j] = (int16_t)sum;
	}
	d->upto[z] = to;
}

/* What sight_dir_line says besides seen (1) and not (0). */
#define SIGHT_DIR_DEAD		-1	/* nor any further multiple */

/*
 * How many of the events of period d (a major or minor plane's: at
 * (2i - 1) d, i >= 1) come strictly before `when`; *tie set when one
 * comes at it.
 */
static inline int
sight_dir_before(uint32_t when, uint32_t d, bool *tie)
{
	uint32_t	q = when / d;

	if (q * d == when) {
		*tie |= q & 1;
		return (int)(q / 2);
	}
	return (int)((q + 1) / 2);
}

/* What the lines along one direction to one level share. */
struct sight_dir_to {
	int		 z0, z1, up, planes;
	uint32_t	 dmaj, dmin, dcor;	/* 0: no such events */
	uint32_t	 when[MAP_MAX_LEVELS];	/* per multiple, per plane */
};

static void
sight_dir_to(struct sight_dir_to *to, const struct sight_dir *d, int z0,
    int z1, int eye)
{
	uint32_t	lz = (uint32_t)sight_abs(10 * (z1 - z0) + SIGHT_CENTRE -
			    eye);
	int		first, mm;

	to->z0 = z0;
	to->z1 = z1;
	to->up = z1 > z0 ? 1 : -1;
	to->planes = sight_abs(z1 - z0);
	first = to->up > 0 ? 10 - eye : eye;
	to->dmaj = (uint32_t)(d->a_minor > 0 ? d->a_minor : 1) * lz;
	to->dmin = d->a_minor > 0 ? (uint32_t)d->a_major * lz : 0;
	to->dcor = d->a_major & d->a_minor & 1 ?
	    (uint32_t)d->a_minor * to->dmin : 0;
	for (mm = 0; mm < to->planes; mm++)
		to->when[mm] = (uint32_t)d->unit * (uint32_t)(first + 10 * mm);
}

/* What a square costs a line entering it, as sight_enter charges. */
static inline int
sight_dir_cost(uint8_t v)
{
	if (v & SIGHT_B_SOLID)
		return SIGHT_DIR_BLOCK;
	return (v & SIGHT_B_OBSTRUCT) != 0;
}

static inline int
sight_dir_min(int a, int b)
{
	return a < b ? a : b;
}

/*
 * A floor plane crossed at the same moment as event j + 1, from level z to
 * zn: as sight_corner, the cheapest order of the planes crossed together
 * (SIGHT_DIR_BLOCK or more when every order is shut), up to the square of
 * event j + 1 on level zn, its own cost left out.  The sums of both
 * levels reach event j + 1.  Orders: the event's crossing(s) on level z,
 * then the floor; the floor first, then the event on level zn; and at a
 * corner of x and y also one of them, the floor, the other.
 */
static int
sight_dir_tie(const struct sight_dir *d, const struct map *m, int z, int zn,
    int up, int j)
{
	const uint8_t	*bz = d->b + z * d->level, *bn = d->b + zn * d->level;
	ptrdiff_t	 fl = (up > 0 ? zn : z) * d->level + d->base;
	ptrdiff_t	 c = d->s[j], t = d->s[j + 1], ta, tb;
	int		 best, other;

	/* The event, then the floor at its square. */
	best = d->p[z][j + 1] - d->p[z][j] + (sight_floor_blocks(m, fl + t) ?
	    SIGHT_DIR_BLOCK : 0);
	/* The floor at the square before, then the event above or below. */
	other = (sight_floor_blocks(m, fl + c) ? SIGHT_DIR_BLOCK : 0) +
	    sight_dir_cost(bn[c]) + d->p[zn][j + 1] - d->p[zn][j] -
	    sight_dir_cost(bn[t]);
	best = sight_dir_min(best, other);
	if (d->wall[j + 1] != 0)
		return best;
	/* A corner: one of x and y, the floor, then the other. */
	ta = c + d->s_major;
	tb = c + d->s_minor;
	other = ((bz[ta] & d->w_major) ? SIGHT_DIR_BLOCK : 0) +
	    sight_dir_cost(bz[ta]) + (sight_floor_blocks(m, fl + ta) ?
	    SIGHT_DIR_BLOCK : 0) + sight_dir_cost(bn[ta]) +
	    ((bn[t] & d->w_minor) ? SIGHT_DIR_BLOCK : 0);
	best = sight_dir_min(best, other);
	other = ((bz[tb] & d->w_minor) ? SIGHT_DIR_BLOCK : 0) +
	    sight_dir_cost(bz[tb]) + (sight_floor_blocks(m, fl + tb) ?
	    SIGHT_DIR_BLOCK : 0) + sight_dir_cost(bn[tb]) +
	    ((bn[t] & d->w_major) ? SIGHT_DIR_BLOCK : 0);
	return sight_dir_min(best, other);
}

/*
 * The line from the eye to the centre of multiple k on level to->z1.  The
 * events before floor plane mm are counted: the major planes' (every
 * (2 i - 1) max(|dm|, 1)), the minor ones' ((2 i - 1) |dM|), less the
 * corners counted in both ((2 i - 1) |dM| |dm|, when both are odd).
 */
static inline int
sight_dir_line(struct sight_dir *d, const struct map *m,
    const struct sight_dir_to *to, int k)
{
	const uint8_t	*b = d->b;
	int		 n = d->per * k, count = 0, prev = 0, z = to->z0;
	int		 mm, j, zn;
	uint32_t	 when;
	bool		 tie = false;
	ptrdiff_t	 sq;
	uint8_t		 v;

	for (mm = 0; mm < to->planes; mm++) {
		when = to->when[mm] * (uint32_t)k;
		tie = false;
		j = sight_dir_before(when, to->dmaj, &tie);
		if (to->dmin != 0) {
			j += sight_dir_before(when, to->dmin, &tie);
			if (to->dcor != 0)
				j -= sight_dir_before(when, to->dcor, &tie);
		}
		if (d->upto[z] < j)
			sight_dir_sums(d, z, j);
		count += d->p[z][j] - d->p[z][prev];
		/* The viewer's level only grows with k: all later fail. */
		if (count > SIGHT_MAX_OBSTRUCTIONS)
			return mm == 0 ? SIGHT_DIR_DEAD : 0;
		zn = z + to->up;
		if (tie) {
			/* The plane at event j + 1: every order of the two. */
			if (j + 1 > d->upto[z])
				sight_dir_sums(d, z, j + 1);
			if (j + 1 > d->upto[zn])
				sight_dir_sums(d, zn, j + 1);
			count += sight_dir_tie(d, m, z, zn, to->up, j);
			j++;
		} else {
			/* The floor passed is the upper square's. */
			sq = (to->up > 0 ? zn : z) * d->level + d->s[j];
			if (sight_floor_blocks(m, d->base + sq))
				return 0;
		}
		if (j < n || mm < to->planes - 1) {
			v = b[zn * d->level + d->s[j]];
			if (v & SIGHT_B_SOLID)
				return 0;
			count += (v & SIGHT_B_OBSTRUCT) != 0;
		}
		if (count > SIGHT_MAX_OBSTRUCTIONS)
			return 0;
		prev = j;
		z = zn;
	}
	if (prev < n) {
		if (d->upto[z] < n)
			sight_dir_sums(d, z, n);
		/* The target's square costs nothing. */
		count += d->p[z][n] - d->p[z][prev] -
		    sight_dir_cost(b[z * d->level + d->s[n]]);
	}
	return count <= SIGHT_MAX_OBSTRUCTIONS;
}

static int
sight_levels_gcd(int a, int b)
{
	while (b != 0) {
		int r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/*
 * Every line along primitive offset (dx, dy) to the levels with go[z]
 * set, multiple by multiple; a level is left once no further multiple can
 * be seen (its lines are stopped on the viewer's level).
 */
static void
sight_levels_dir(struct sight_fov *fv, struct sight_dir *d,
    const struct map *m, int eye, int dx, int dy, int z0, int z1,
    const bool *go, bool kept)
{
	const struct pos	 from = fv->from;
	struct sight_dir_to	 to;
	int			 z, k, kmax = MAP_MAX_SIDE, kx, r;

	if (dx != 0) {
		kx = dx > 0 ? (fv->box[2] - from.x) / dx :
		    (fv->box[0] - from.x) / dx;
		kmax = kx < kmax ? kx : kmax;
	}
	if (dy != 0) {
		kx = dy > 0 ? (fv->box[3] - from.y) / dy :
		    (fv->box[1] - from.y) / dy;
		kmax = kx < kmax ? kx : kmax;
	}
	if (kmax < 1)
		return;
	sight_dir_start(d, dx, dy, m->width);
	for (z = z0; z <= z1; z++) {
		d->upto[z] = 0;
		d->p[z][0] = 0;
	}
	for (z = z0; z <= z1; z++) {
		if (!go[z])
			continue;
		sight_dir_to(&to, d, from.z, z, eye);
		for (k = 1; k <= kmax; k++) {
			r = sight_dir_line(d, m, &to, k);
			if (r == SIGHT_DIR_DEAD)
				break;
			if (r)
				sight_fov_see(fv, z * d->level + d->base +
				    k * (dx + (ptrdiff_t)dy * m->width), kept);
		}
	}
}

void
sight_levels(struct sight_fov *fv, struct sight_walk *w, int eye, int z0,
    int z1, const bool *go, const int16_t *rays, size_t nrays,
    const uint8_t *clear, bool kept)
{
	const struct map	*m = w->field->map;
	const struct pos	 from = fv->from;
	struct sight_dir	 d;
	size_t			 i;
	int			 z, dx, dy, any = 0;

	for (z = z0; z <= z1; z++)
		any |= go[z];
	if (!any)
		return;
	d.level = (ptrdiff_t)m->width * m->height;
	d.base = fv->origin - fv->lvl;
	d.b = fv->bits + d.base;
	d.clear = clear != NULL ? clear + d.base : NULL;

	/* Straight up and down: no ray to share. */
	for (z = z0; z <= z1; z++) {
		if (!go[z])
			continue;
		w->at = from;
		w->idx = fv->origin;
		w->to = (struct pos){ from.x, from.y, z };
		if (sight_fast(w, eye, SIGHT_CENTRE, true))
			sight_fov_see(fv, z * d.level + d.base, kept);
	}
	if (rays != NULL) {
		for (i = 0; i < nrays; i++)
			sight_levels_dir(fv, &d, m, eye, rays[2 * i],
			    rays[2 * i + 1], z0, z1, go, kept);
		return;
	}
	for (dy = fv->box[1] - from.y; dy <= fv->box[3] - from.y; dy++)
		for (dx = fv->box[0] - from.x; dx <= fv->box[2] - from.x;
		    dx++)
			if ((dx != 0 || dy != 0) && sight_levels_gcd(abs(dx),
			    abs(dy)) == 1)
				sight_levels_dir(fv, &d, m, eye, dx, dy, z0,
				    z1, go, kept);
}
