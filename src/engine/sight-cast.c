/*
 * sight-cast.c - the viewer's level of a kept field of view
 * (sight_fov_kept) as a sweep of slope intervals, an octant at a time,
 * each interval carrying its obstruction count: exactly the lines
 * sight_fov_ray walks (sight-fov.c), with the work following what is seen.
 *
 * Data: a struct sight_cast per radius (kept by the sight_map, built on
 * first use): the slopes of the octant's targets and where each column's
 * grid corners fall among them; its three bit sets over the slopes are
 * the sweep's only state.  Invariant: after column j they give, for every
 * target slope, the obstructions its line counted in columns 1..j (0 to
 * 3, two bits), or that it stopped.
 *
 * Geometry.  In an octant (major axis u, minor v, 0 <= v <= u) the line
 * from the viewer's centre to the centre of (j, m) is the ray of slope
 * s = m/j; its walk up to a square does not depend on where it ends, so
 * a target's visibility is a function of its slope alone, and only the
 * slopes of targets matter: F, the fractions p/q in [0, 1] with q <= R
 * (the Farey sequence of the radius), in increasing order.  Column j
 * spans u in [j - 1/2, j + 1/2]; the ray enters it at v = s (j - 1/2)
 * and leaves it at s (j + 1/2), so with s <= 1 it passes at most two of
 * its squares.  Its grid corners on the column's entry, v = r + 1/2,
 * lie at the slopes Q(j, r) = (2r + 1) / (2j - 1), and those on its exit
 * at Q(j + 1, r).  Between them the ray's passage is fixed: for the
 * slopes of row group r of column j, in increasing order,
 *  - A(r), s = Q(j, r - 1): a corner from (j - 1, r - 1) into (j, r),
 *    the cheaper of the two ways past (sight_corner2d), or stopped when
 *    both are walled or solid;
 *  - BC(r), Q(j, r - 1) < s <= Q(j + 1, r): across the major plane into
 *    (j, r) and no further in the column (at the upper end the ray leaves
 *    by the next column's corner);
 *  - D(r), Q(j + 1, r) < s < Q(j, r): into (j, r), then across the minor
 *    plane into (j, r + 1).
 * A target (j, m) with m < j lies in BC(m) (its ray enters the column at
 * m - m/2j); the diagonal's, (j, j), is A(j).  So a target is seen when
 * its slope's count before column j is at most 3 and the plane (or the
 * corner) into it lets sight through; its own square never counts.  Every
 * other square entered adds its obstruction or stops the line: exactly
 * the rules of sight_fov_ray, from the same bits.  Where each Q falls in
 * F (how many slopes lie below it, and whether it is one of them) is
 * tabled per radius, so the sweep compares indices only.
 *
 * The sweep.  A slope's line goes on or has stopped (a bit), and carries
 * its count in two more bits, so a group's A, BC or D changes its range
 * of slopes a 64-bit word at a time (sight_cast_add).  A column is swept
 * run by run: a run is slopes y .. e - 1 whose lines all go on (a scan of
 * the bits finds it; a column's first run is the last column's unless a
 * count changed there), and its rows are the group of y and the next
 * while their groups begin below e (a division finds the first).  Rows
 * of groups whose lines have all stopped are never read.  A row whose
 * squares hold nothing (no wall on the planes crossed, nothing solid or
 * obstructing) changes nothing and only marks its target, whose line
 * goes on when its slope lies in the run (the run's last group may hold
 * more: there, its bit), in a tight loop while the next row's upper
 * square is clear too.  Likewise a row whose only busy square is the one
 * below it, when the corner into it passes clear by the other side.  A
 * row whose only busy square is the one above it changes D(r) alone.
 * Only processing row r changes the lines of r's group, so a run found
 * at the column's start stays true for the groups after.  Lines past the
 * box's side are not followed: none of them has a target in the box
 * further on.  Each slope's line depends on no other, so sight-redo.c
 * sweeps the slopes of a wedge alone.  Open ground costs a load, a test
 * and a mark per square; a busy square, a few word operations over the
 * slopes whose lines it meets; a run, a scan and a division.
 *
 * tests/test_sight_cast.c compares it with the ray walk (sight_fov) on
 * random maps from bare to crowded, from random origins and radii, and
 * checks the box of what it read; tests/test_sight_random.c and the kept
 * fields of view of tests/test_vis.c and tests/test_kept.c check it too.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define SIGHT_STOPPED	(SIGHT_MAX_OBSTRUCTIONS + 1)

struct sight_cast {
	int		 radius;
	uint32_t	 n;		/* slopes in F */
	uint16_t	*p, *q;		/* slope k is p[k] / q[k] */
	uint16_t	*qb;		/* [sight_cast_q(j, r)]: slopes < Q */
	uint16_t	*qe;		/* the same, <= Q */
	uint16_t	*target;	/* [sight_cast_t(j, r)]: index of r/j */
	size_t		 words;		/* of each bit set below */
	uint64_t	*live;		/* a bit per slope: its line goes on;
					   bit n set and n + 1 clear, ends
					   for the scans */
	uint64_t	*c0, *c1;	/* its obstructions so far, 2 bits */
	bool		 changed;	/* a count changed since the first
					   run of the column was found */
};

/* Q(j, r), j = 1 .. radius + 1, r = 0 .. j - 1. */
static inline size_t
sight_cast_q(int j, int r)
{
	return (size_t)(j - 1) * j / 2 + r;
}

/* r/j, j = 1 .. radius, r = 0 .. j. */
static inline size_t
sight_cast_t(int j, int r)
{
	return (size_t)j * (j + 1) / 2 - 1 + r;
}

/* How many slopes of F lie below num/den (or at it, with `at`). */
static uint16_t
sight_cast_rank(const struct sight_cast *sc, long num, long den, bool at)
{
	uint32_t	lo = 0, hi = sc->n, mid;
	long		c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = (long)sc->p[mid] * den - num * sc->q[mid];
		if (c < 0 || (at && c == 0))
			lo = mid + 1;
		else
			hi = mid;
	}
	return (uint16_t)lo;
}

static struct sight_cast *
sight_cast_build(int radius)
{
	struct sight_cast	*sc = xcalloc(1, sizeof *sc);
	long			 a = 0, b = 1, c = 1, d = radius, k, t;
	size_t			 cap, nq, nt;
	int			 j, r;

	sc->radius = radius;
	/* |F| < 1 + radius^2 / 2 + radius: room enough. */
	cap = (size_t)radius * radius / 2 + radius + 2;
	sc->p = xreallocarray(NULL, cap, sizeof *sc->p);
	sc->q = xreallocarray(NULL, cap, sizeof *sc->q);
	sc->p[0] = 0;
	sc->q[0] = 1;
	sc->n = 1;
	/* The next term of the Farey sequence after a/b, with c/d. */
	while (c <= d) {
		sc->p[sc->n] = (uint16_t)c;
		sc->q[sc->n] = (uint16_t)d;
		sc->n++;
		k = (radius + b) / d;
		t = c;
		c = k * c - a;
		a = t;
		t = d;
		d = k * d - b;
		b = t;
		if (a == 1 && b == 1)
			break;
	}
	nq = sight_cast_q(radius + 2, 0);
	nt = sight_cast_t(radius + 1, 0);
	sc->qb = xreallocarray(NULL, nq, sizeof *sc->qb);
	sc->qe = xreallocarray(NULL, nq, sizeof *sc->qe);
	sc->target = xreallocarray(NULL, nt, sizeof *sc->target);
	for (j = 1; j <= radius + 1; j++)
		for (r = 0; r < j; r++) {
			sc->qb[sight_cast_q(j, r)] = sight_cast_rank(sc,
			    2 * r + 1, 2 * j - 1, false);
			sc->qe[sight_cast_q(j, r)] = sight_cast_rank(sc,
			    2 * r + 1, 2 * j - 1, true);
		}
	for (j = 1; j <= radius; j++)
		for (r = 0; r <= j; r++)
			sc->target[sight_cast_t(j, r)] = sight_cast_rank(sc,
			    r, j, false);
	sc->words = (sc->n + 2 + 63) / 64;
	sc->live = xcalloc(3 * sc->words, sizeof *sc->live);
	sc->c0 = sc->live + sc->words;
	sc->c1 = sc->c0 + sc->words;
	return sc;
}

void
sight_cast_free(struct sight_cast *sc)
{
	if (sc == NULL)
		return;
	free(sc->p);
	free(sc->q);
	free(sc->qb);
	free(sc->qe);
	free(sc->target);
	free(sc->live);
	free(sc);
}

/* Bits lo .. 63 of a word, and bits 0 .. hi. */
#define SIGHT_FROM(lo)	(~(uint64_t)0 << (lo))
#define SIGHT_UPTO(hi)	(~(uint64_t)0 >> (63 - (hi)))

/*
 * The lines of slopes a .. e - 1 (a < e) enter squares adding `add`
 * obstructions (0, 1, 2, or SIGHT_STOPPED for a wall or solid object):
 * a line past 3 stops.  Bit-parallel over the slopes' words.
 */
static inline __attribute__((always_inline)) void
sight_cast_add(struct sight_cast *sc, uint32_t a, uint32_t e, unsigned add)
{
	uint64_t	*live = sc->live, *c0 = sc->c0, *c1 = sc->c1, m, d;
	uint32_t	 w = a / 64, last = (e - 1) / 64;

	if (add == 0)
		return;
	sc->changed = true;

	for (m = SIGHT_FROM(a % 64);; w++, m = ~(uint64_t)0) {
		if (w == last)
			m &= SIGHT_UPTO((e - 1) % 64);
		switch (add) {
		case 1:
			d = m & c0[w] & c1[w];
			live[w] &= ~d;
			c1[w] ^= c0[w] & m;
			c0[w] ^= m;
			break;
		case 2:
			live[w] &= ~(m & c1[w]);
			c1[w] ^= m;
			break;
		default:
			live[w] &= ~m;
			break;
		}
		if (w == last)
			break;
	}
}

/*
 * The run of lines going on from slope a on: its first slope y and the
 * first after it whose line has stopped, e (or sc->n); false if none.
 */
static inline bool
sight_cast_run(const struct sight_cast *sc, uint32_t a, uint32_t *y,
    uint32_t *e)
{
	const uint64_t	*live = sc->live;
	uint32_t	 w = a / 64, k;
	uint64_t	 m;

	for (m = live[w] & SIGHT_FROM(a % 64); m == 0; m = live[++w])
		continue;
	k = 64 * w + (uint32_t)__builtin_ctzll(m);
	if (k >= sc->n)
		return false;
	*y = k;
	for (m = ~live[w] & SIGHT_FROM(k % 64); m == 0; m = ~live[++w])
		continue;
	k = 64 * w + (uint32_t)__builtin_ctzll(m);
	*e = k < sc->n ? k : sc->n;
	return true;
}

static inline bool
sight_cast_live(const struct sight_cast *sc, uint32_t i)
{
	return (sc->live[i / 64] >> (i % 64)) & 1;
}

/* A square's count for lines entering it: 0, 1 or stopped. */
static inline unsigned
sight_cast_content(uint8_t v)
{
	return v & SIGHT_B_SOLID ? SIGHT_STOPPED : (v & SIGHT_B_OBSTRUCT) != 0;
}

/* The group of column j that slope index i falls in (see the top). */
static inline int
sight_cast_group(const struct sight_cast *sc, int j, uint32_t i)
{
	long	num = (long)sc->p[i] * (2 * j - 1) - sc->q[i];

	return num < 0 ? 0 : (int)(num / (2 * sc->q[i])) + 1;
}

struct sight_octant {
	ptrdiff_t	su, sv;		/* strides of the major, minor axes */
	uint8_t		wu, wv;		/* the wall bit met crossing each */
	int		jlim, rlim;	/* the box, along each */
	uint32_t	a, b;		/* the slopes swept, a .. b - 1 */
};

/* sight_fov_see, its state in locals while an octant is swept. */
struct sight_seen {
	uint32_t	*mark;
	uint32_t	*out;
	uint32_t	 seen;
	size_t		 nout;
};

static inline __attribute__((always_inline)) void
sight_cast_see(struct sight_seen *v, ptrdiff_t i, bool out)
{
	if (v->mark[i] != v->seen) {
		v->mark[i] = v->seen;
		if (out)
			v->out[v->nout] = (uint32_t)i;
		v->nout++;
	}
}

/*
 * One octant of the viewer's level; touched[] grows to the furthest
 * column and row whose squares were read.  A column is swept by the runs
 * of slopes whose lines go on: the rows of a run's groups, and only
 * those, are read.  A row whose squares (its own, and the ones below and
 * above it, which its lines may meet) hold nothing that changes a line
 * only marks its target when the target's slope is one going on; within
 * a run that is a comparison of indices.  Once per form, with out and
 * without.
 */
static inline __attribute__((always_inline)) void
sight_cast_octant(struct sight_fov *fv, struct sight_cast *sc,
    const struct sight_octant *o, int touched[2], const bool out)
{
	const uint8_t		*b = fv->bits;
	const uint32_t		 n = sc->n;
	const uint8_t		 dirt = SIGHT_B_SOLID | SIGHT_B_OBSTRUCT | o->wu |
				    o->wv;
	const ptrdiff_t		 su = o->su, sv = o->sv;
	const int		 rlim = o->rlim;
	const uint16_t		*qb, *qe, *tg;
	struct sight_seen	 v = { fv->mark, fv->out, fv->base + 1,
				    fv->nout };
	uint8_t			 bp, bc, bn;
	uint32_t		 g0, g1, x, xe, y, e, t;
	ptrdiff_t		 col, ic;
	unsigned		 ex, ey, cost, c;
	int			 j, r, rend, hi, rmax = 0;

	memset(sc->c0, 0, 2 * sc->words * sizeof *sc->c0);
	sc->changed = o->a != 0 || o->b != n;
	if (!sc->changed) {
		memset(sc->live, 0xff, (n / 64) * sizeof *sc->live);
		memset(sc->live + n / 64, 0, (sc->words - n / 64) *
		    sizeof *sc->live);
		sc->live[n / 64] = SIGHT_UPTO(n % 64);
	} else {
		/* The other slopes' lines count as stopped from the start. */
		memset(sc->live, 0, sc->words * sizeof *sc->live);
		for (x = o->a; x < o->b; x++)
			sc->live[x / 64] |= (uint64_t)1 << (x % 64);
		sc->live[n / 64] |= (uint64_t)1 << (n % 64);
	}
	/* Column j's tables, from column 1's on. */
	qb = sc->qb;
	qe = sc->qe;
	tg = sc->target;
	col = fv->origin;
	x = 0;
	xe = n;
	for (j = 1; j <= o->jlim; j++, qb += j - 1, qe += j - 1, tg += j) {
		col += su;
		/*
		 * The first run, x .. xe - 1: the last column's unless a
		 * count changed in it.  Lines only stop: its start only
		 * moves up.
		 */
		if (sc->changed) {
			if (!sight_cast_run(sc, x, &x, &xe))
				break;
			sc->changed = false;
		}
		y = x;
		e = xe;
		r = y > 0 ? sight_cast_group(sc, j, y) : 0;
		rend = j < rlim ? j : rlim;
		/* Its group only grows with j: none will be in the box. */
		if (r > rend)
			break;
		touched[0] = j;
		/* The last row whose upper square lies in the box. */
		hi = rend < rlim ? rend : rlim - 1;
		for (;;) {
			/*
			 * Slopes y .. e - 1 go on, those of row r's group
			 * below y have stopped: the run's rows are r and on
			 * while their groups begin below e.
			 */
			ic = col + r * sv;
			bp = r > 0 ? b[ic - sv] : 0;
			bc = b[ic];
			for (;; r++, ic += sv, bp = bc, bc = bn) {
				bn = r < rlim ? b[ic + sv] : SIGHT_B_SOLID;
				/*
				 * Only the square below holds something:
				 * the corner into (j, r) passes clear by
				 * (j - 1, r) if that is clear, and the row
				 * is as a clear one.
				 */
				if (__builtin_expect(((bp | bc | bn) & dirt) != 0 &&
				    (((bc | bn) & dirt) != 0 ||
				    (b[ic - su] & dirt) != 0), 0))
					goto busy;
				t = tg[r];
				if (t - y < e - y) {
					/*
					 * Clear rows while the next one's
					 * upper square is clear too and
					 * its target in the run.
					 */
					if (e < n) {
						for (;;) {
							sight_cast_see(&v, ic,
							    out);
							if (r >= hi ||
							    tg[r + 1] >= e ||
							    (b[ic + 2 * sv] &
							    dirt))
								break;
							r++;
							ic += sv;
						}
					} else {
						for (;;) {
							sight_cast_see(&v, ic,
							    out);
							if (r >= hi ||
							    (b[ic + 2 * sv] &
							    dirt))
								break;
							r++;
							ic += sv;
						}
					}
					bc = bn = 0;
				} else if (t >= e && sight_cast_live(sc, t))
					/* The run's last group may hold more. */
					sight_cast_see(&v, ic, out);
				if (r >= rend || qb[r] >= e)
					break;
				continue;
busy:
				if (((bp | bc) & dirt) == 0) {
					/*
					 * Only the square above holds
					 * something: the target as on a
					 * clear row, then D(r).
					 */
					if (sight_cast_live(sc, tg[r]))
						sight_cast_see(&v, ic, out);
					if (r < j && (g0 = qe[j + r]) < (g1 = qb[r]) &&
					    (ey = bn & o->wv ? SIGHT_STOPPED :
					    sight_cast_content(bn)) != 0)
						sight_cast_add(sc, g0, g1, ey);
					if (r >= rend || qb[r] >= e)
						break;
					continue;
				}
				g0 = r > 0 ? qb[r - 1] : 0;
				g1 = r < j ? qb[r] : n;
				if (r < j && (bc & SIGHT_B_SOLID)) {
					/* Every line through (j, r) stops. */
					if (!(bc & o->wu) &&
					    sight_cast_live(sc, tg[r]))
						sight_cast_see(&v, ic, out);
					sight_cast_add(sc, g0, g1,
					    SIGHT_STOPPED);
					if (r >= rend || qb[r] >= e)
						break;
					continue;
				}
				if (r > 0 && qe[r - 1] > g0 &&
				    ((bp | bc) & dirt) != 0) {
					/* A(r): the corner into (j, r). */
					cost = (unsigned)sight_corner2d(b,
					    ic - sv, ic - su, ic, o->wu, o->wv);
					if (r == j && sight_cast_live(sc, g0)) {
						c = (unsigned)((sc->c0[g0 / 64]
						    >> (g0 % 64)) & 1) + 2 *
						    (unsigned)((sc->c1[g0 / 64]
						    >> (g0 % 64)) & 1);
						if (c + cost <=
						    SIGHT_MAX_OBSTRUCTIONS)
							sight_cast_see(&v, ic,
							    out);
					}
					c = cost + sight_cast_content(bc);
					if (c != 0)
						sight_cast_add(sc, g0, g0 + 1,
						    c);
				} else if (r == j && sight_cast_live(sc, g0))
					/* A clear corner costs 0. */
					sight_cast_see(&v, ic, out);
				if (r < j) {
					/* BC(r) and D(r). */
					ex = bc & o->wu ? SIGHT_STOPPED :
					    sight_cast_content(bc);
					if (!(bc & o->wu) &&
					    sight_cast_live(sc, tg[r]))
						sight_cast_see(&v, ic, out);
					g0 = r > 0 ? qe[r - 1] : 0;
					if (ex != 0)
						sight_cast_add(sc, g0, qe[j + r],
						    ex);
					ey = bn & o->wv ? SIGHT_STOPPED :
					    sight_cast_content(bn);
					if (ex + ey != 0 && qe[j + r] < g1)
						sight_cast_add(sc, qe[j + r], g1,
						    ex + ey);
				}
				if (r >= rend || qb[r] >= e)
					break;
			}
			if (r >= rend)
				break;
			/* On past row r's group to the next run. */
			if (!sight_cast_run(sc, qb[r], &y, &e))
				break;
			r = sight_cast_group(sc, j, y);
			if (r > rend)
				break;
		}
		if (r > rmax)
			rmax = r;
	}
	/* Rows r - 1 .. r + 1 read for row r. */
	if (touched[0] > 0)
		touched[1] = rmax + 1 < rlim ? rmax + 1 : rlim;
	fv->nout = v.nout;
}

static __attribute__((noinline)) void
sight_cast_octant_out(struct sight_fov *fv, struct sight_cast *sc,
    const struct sight_octant *o, int touched[2])
{
	sight_cast_octant(fv, sc, o, touched, true);
}

static __attribute__((noinline)) void
sight_cast_octant_count(struct sight_fov *fv, struct sight_cast *sc,
    const struct sight_octant *o, int touched[2])
{
	sight_cast_octant(fv, sc, o, touched, false);
}

/*
 * The slopes of octant o (as sight_fov_cast sets it up: a, 0 for x major,
 * su and sv the signs of its axes) whose directions lie in the wedge lo
 * .. hi of sight-redo.c (cross(lo, d) >= 0 and cross(d, hi) >= 0): each
 * side is a half-plane, so with d = q (1, s) in the octant's axes,
 * alpha + beta s >= 0, one bound on s; indices a .. b - 1.
 */
static void
sight_cast_wedge(const struct sight_cast *sc, int a, int su, int sv,
    const long lo[2], const long hi[2], uint32_t *first, uint32_t *end)
{
	long		 al[2], be[2];
	uint32_t	 i;
	int		 k;

	if (a == 0) {
		al[0] = -lo[1] * su, be[0] = lo[0] * sv;
		al[1] = su * hi[1], be[1] = -sv * hi[0];
	} else {
		al[0] = lo[0] * su, be[0] = -lo[1] * sv;
		al[1] = -su * hi[0], be[1] = sv * hi[1];
	}
	*first = 0;
	*end = sc->n;
	for (k = 0; k < 2; k++) {
		if (be[k] > 0) {
			/* s >= -alpha / beta. */
			i = sight_cast_rank(sc, -al[k], be[k], false);
			if (i > *first)
				*first = i;
		} else if (be[k] < 0) {
			/* s <= alpha / -beta. */
			i = sight_cast_rank(sc, al[k], -be[k], true);
			if (i < *end)
				*end = i;
		} else if (al[k] < 0)
			*end = 0;
	}
}

/*
 * The squares of octant o whose targets' slopes are a .. b - 1, reported
 * with whether this call saw them: for sight_fov_kept_redo.
 */
static void
sight_cast_report(const struct sight_fov *fv, const struct sight_cast *sc,
    const struct sight_octant *o, const struct sight_report *rp)
{
	ptrdiff_t	i;
	long		r, r0, r1;
	int		j;

	for (j = 1; j <= o->jlim; j++) {
		/* Rows r with F[a] <= r / j <= F[b - 1]. */
		r0 = ((long)j * sc->p[o->a] + sc->q[o->a] - 1) / sc->q[o->a];
		r1 = (long)j * sc->p[o->b - 1] / sc->q[o->b - 1];
		if (r1 > o->rlim)
			r1 = o->rlim;
		for (r = r0; r <= r1; r++) {
			i = fv->origin + j * o->su + r * o->sv;
			sight_report(rp, i, fv->mark[i] == fv->base + 1);
		}
	}
}

/*
 * The viewer's level of a kept field of view: every square of the box
 * on it seen from fv->from, marked; fv->reach, if set, grows to the box
 * of the squares read.
 */
void
sight_fov_cast(struct sight_fov *fv, struct sight_cast **cache, int radius,
    const long lo[2], const long hi[2], const struct sight_report *rp)
{
	static const int	 sign[4][2] = {
		{ 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 }
	};
	const int		*box = fv->box;
	struct sight_octant	 o;
	int			 k, a, su, sv, touched[2], x, y;

	if (*cache == NULL || (*cache)->radius != radius) {
		sight_cast_free(*cache);
		*cache = sight_cast_build(radius);
	}
	if (lo == NULL)
		sight_fov_see(fv, fv->origin, true);
	for (k = 0; k < 8; k++) {
		a = k / 4;	/* 0: x major, 1: y major */
		su = sign[k % 4][0];
		sv = sign[k % 4][1];
		if (a == 0) {
			o.su = su;
			o.sv = sv * fv->width;
			o.wu = su > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
			o.wv = sv > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
			o.jlim = su > 0 ? box[2] - fv->from.x :
			    fv->from.x - box[0];
			o.rlim = sv > 0 ? box[3] - fv->from.y :
			    fv->from.y - box[1];
		} else {
			o.su = su * fv->width;
			o.sv = sv;
			o.wu = su > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
			o.wv = sv > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
			o.jlim = su > 0 ? box[3] - fv->from.y :
			    fv->from.y - box[1];
			o.rlim = sv > 0 ? box[2] - fv->from.x :
			    fv->from.x - box[0];
		}
		if (o.jlim > radius)
			o.jlim = radius;
		o.a = 0;
		o.b = (*cache)->n;
		if (lo != NULL) {
			sight_cast_wedge(*cache, a, su, sv, lo, hi, &o.a, &o.b);
			if (o.a >= o.b)
				continue;
		}
		touched[0] = touched[1] = 0;
		if (fv->out != NULL)
			sight_cast_octant_out(fv, *cache, &o, touched);
		else
			sight_cast_octant_count(fv, *cache, &o, touched);
		if (lo != NULL)
			sight_cast_report(fv, *cache, &o, rp);
		if (fv->reach == NULL || touched[0] == 0)
			continue;
		x = fv->from.x + (a == 0 ? su * touched[0] : sv * touched[1]);
		y = fv->from.y + (a == 0 ? sv * touched[1] : su * touched[0]);
		if (x < fv->reach[0])
			fv->reach[0] = x;
		if (x > fv->reach[2])
			fv->reach[2] = x;
		if (y < fv->reach[1])
			fv->reach[1] = y;
		if (y > fv->reach[3])
			fv->reach[3] = y;
	}
}
