/*
 * sight-fov.c - fields of view: every square one viewer sees within a
 * radius (sight.h), from bits built per call (sight_fov) or kept for the
 * whole map (sight_fov_kept, sight_map_line over a struct sight_map).
 *
 * Data: a struct sight_fov per call, on the stack; the SIGHT_B_* bits of
 * sight-int.h, in the caller's output (sight_fov) or a sight_map's.
 * Invariant: the result is exactly what sight_line (sight-line.c) gives
 * for each square; in sight_fov lines to other levels are its own walk
 * (sight_fast), in sight_fov_kept sight-levels.c's, which gives the same.
 *
 * The field of view (sight_fov) gives exactly what sight_line would for
 * every square, faster, and allocates nothing: it keeps its working bits
 * (SIGHT_B_*: walls on the four edges, solid, obstructing) in the caller's
 * output for the radius box, built from the same sight_content() and
 * sight_edge_blocks() that sight_line reads, and masks them away at the
 * end.  Lines on the viewer's own level never cross a z plane (both ends
 * lie strictly inside the level), so they run through a 2D form of the
 * walk (sight_fov_ray).  A centre-to-centre line to offset p passes
 * exactly through the centres of 2p, 3p ..., so one walk decides every
 * multiple of a primitive p; taking offsets ring by ring outwards, an
 * offset not yet decided is always primitive.  On sparse ground a distance
 * table (40 KB on the stack) lets the walk leap over squares with nothing
 * in them (sight_fov_clear).
 *
 * sight_fov_kept is the same field of view over a struct sight_map
 * (sight-map.c), whose bits are kept for the whole map and brought up to date
 * only where something changed: it builds, clears and masks nothing per
 * call.  On the viewer's level it sweeps slope intervals carrying their
 * obstruction counts (sight-cast.c), whose cost follows what is seen and the
 * edges of what is not; its marks of what is visible are numbered by call, so
 * no output is cleared either; and it skips a level when a floor plane on the
 * way has no square letting sight through inside the box; its lines to the
 * other levels are flat walks changing level where they pass a floor, from
 * tables made once a level, sharing their walk on the viewer's level
 * (sight_lq_fov, sight-levels.c).  sight-redo.c brings such a field of view up
 * to date after a change, deciding again the lines through the block that
 * changed.  sight_map_line is sight_fov_ray's walk on one level and sight_fast
 * between levels, over the same bits.  The tests compare sight_line with an
 * independent exact reference, and sight_fov with sight_line square by square,
 * on random maps busy and sparse, of one level and several.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

/* sight_fov_ray leaps at least this far, on maps this sparse or more. */
#define SIGHT_LEAP_MIN		2
#define SIGHT_LEAP_SPARSE	16

/*
 * sight_fov: the bits of the box's squares on level z.  Each edge is read
 * once: a row's south edges are the next row's north edges.
 */
static void
sight_fill_level(const struct field *f, uint8_t *b, const int box[4], int z)
{
	const struct map	*m = f->map;
	const struct edge	*v, *h;
	uint8_t			 rows[2][MAP_MAX_SIDE];
	uint8_t			 west[MAP_MAX_SIDE + 1];
	uint8_t			*north = rows[0], *south = rows[1], *t;
	ptrdiff_t		 i;
	int			 y, k, n = box[2] - box[0] + 1;

	h = &m->hedges[((size_t)z * (m->height + 1) + box[1]) * m->width +
	    box[0]];
	for (k = 0; k < n; k++)
		north[k] = (uint8_t)sight_edge_blocks(&h[k]);
	for (y = box[1]; y <= box[3]; y++) {
		i = ((ptrdiff_t)z * m->height + y) * m->width + box[0];
		v = &m->vedges[((size_t)z * m->height + y) * (m->width + 1) +
		    box[0]];
		h += m->width;
		for (k = 0; k <= n; k++)
			west[k] = (uint8_t)sight_edge_blocks(&v[k]);
		for (k = 0; k < n; k++)
			south[k] = (uint8_t)sight_edge_blocks(&h[k]);
		for (k = 0; k < n; k++)
			b[i + k] = (uint8_t)(sight_content(f, i + k) |
			    west[k] * SIGHT_B_WALL_W |
			    north[k] * SIGHT_B_WALL_N |
			    west[k + 1] * SIGHT_B_WALL_E |
			    south[k] * SIGHT_B_WALL_S);
		t = north;
		north = south;
		south = t;
	}
}


static inline int
sight_fov_minor(int k, int a_minor, int a_major)
{
	return ((2 * k - 1) * a_minor + a_major) / (2 * a_major);
}

/*
 * One centre-to-centre line on the viewer's level, from the viewer along
 * offset (dx, dy), which is primitive (gcd 1), deciding the squares at 1,
 * 2, ... times the offset while they lie in the box.  The 2D form of
 * sight_walk, on the major axis (more planes to cross: |dM| >= |dm|) and
 * the minor one: the k-th major plane lies at t = (2k - 1)/(2|dM|), the
 * m-th minor one at (2m - 1)/(2|dm|), and e tracks (2k - 1)|dm| -
 * (2m - 1)|dM| for the next k and m: negative means the major plane
 * first, zero both at once (a corner, which for a primitive offset needs
 * |dx| and |dy| both odd).  A line's crossings do not depend on how far it
 * goes, so up to the square j (dx, dy) this walk is the walk of the line
 * ending there.  Each step reads only the square it enters, whose bits
 * hold the edge it crosses.
 *
 * With `clear` (see sight_fov_clear) the walk leaps across open ground:
 * just after its K-th major plane the line has crossed exactly
 * q(K) = floor(((2K - 1)|dm| + |dM|) / (2|dM|)) minor ones, so when every
 * square within n of the current one is plain it can move to K + n
 * directly, minor moves included (at most n of them, as |dm| <= |dM|),
 * seeing every multiple of the offset on the way.
 *
 * Inlined twice, leaps true and false, so neither form tests it.
 */
static inline __attribute__((always_inline)) void
sight_fov_ray(struct sight_fov *fv, int dx, int dy, bool leaps)
{
	const uint8_t	*b = fv->bits;
	uint8_t		 v;
	ptrdiff_t	 c = fv->origin;
	ptrdiff_t	 tstep = dx + (ptrdiff_t)dy * fv->width;
	ptrdiff_t	 next = c + tstep, sx = sight_sign(dx);
	ptrdiff_t	 sy = sight_sign(dy) * fv->width, s_major, s_minor;
	ptrdiff_t	 ta, tb;
	int		 wx = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
	int		 wy = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
	int		 ax = sight_abs(dx), ay = sight_abs(dy);
	int		 w_major, w_minor, a_major, a_minor;
	int		 e, k = 0, count = 0, n, k2, q, q2, jk;
	int		 tx = fv->from.x + dx, ty = fv->from.y + dy;

	if (ax >= ay) {
		s_major = sx, s_minor = sy, w_major = wx, w_minor = wy;
		a_major = ax, a_minor = ay;
	} else {
		s_major = sy, s_minor = sx, w_major = wy, w_minor = wx;
		a_major = ay, a_minor = ax;
	}
	e = a_minor - a_major;
	for (;;) {
		n = 0;
		if (e < 0) {
			c += s_major;
			e += 2 * a_minor;
			v = b[c];
			if (v & w_major)
				break;
			k++;
			if (leaps)
				n = fv->clear[c - fv->lvl] - 1;
		} else if (e > 0) {
			c += s_minor;
			e -= 2 * a_major;
			v = b[c];
			if (v & w_minor)
				break;
		} else {
			/* A corner: major then minor by ta, or the reverse. */
			ta = c + s_major;
			tb = c + s_minor;
			c = ta + s_minor;
			count += sight_corner2d(b, ta, tb, c, w_major,
			    w_minor);
			if (count > SIGHT_MAX_OBSTRUCTIONS)
				break;
			e += 2 * (a_minor - a_major);
			v = b[c];
			k++;
			if (leaps)
				n = fv->clear[c - fv->lvl] - 1;
		}
		if (c == next) {
			sight_fov_see(fv, c, false);
			tx += dx;
			ty += dy;
			if (!sight_fov_in_box(fv, tx, ty))
				return;
			next += tstep;
		}
		if (v & (SIGHT_B_SOLID | SIGHT_B_OBSTRUCT)) {
			if (v & SIGHT_B_SOLID)
				break;
			if (++count > SIGHT_MAX_OBSTRUCTIONS)
				break;
		}
		if (!leaps || n < SIGHT_LEAP_MIN)
			continue;
		/* A leap: k major planes crossed, so k / |dM| multiples. */
		k2 = k + n;
		q = sight_fov_minor(k, a_minor, a_major);
		q2 = sight_fov_minor(k2, a_minor, a_major);
		for (jk = (k / a_major + 1) * a_major; jk <= k2;
		    jk += a_major) {
			sight_fov_see(fv, next, false);
			tx += dx;
			ty += dy;
			if (!sight_fov_in_box(fv, tx, ty))
				return;
			next += tstep;
		}
		c += n * s_major + (q2 - q) * s_minor;
		k = k2;
		e = (2 * k + 1) * a_minor - (2 * q2 + 1) * a_major;
	}
	/*
	 * Blocked: the multiples still ahead are decided unseen.  The ring
	 * loop is past the first; later ones would only be walked again.
	 */
	if (next == fv->origin + tstep) {
		next += tstep;
		tx += dx;
		ty += dy;
	}
	for (; sight_fov_in_box(fv, tx, ty); tx += dx, ty += dy) {
		fv->b[next] |= SIGHT_B_DONE;
		next += tstep;
	}
}

/*
 * For the leaps of sight_fov_ray: clear[i] (i a square's index on the
 * viewer's level) is the Chebyshev distance from square i to the nearest
 * square of the box that is not plain (a wall on an edge, an object, a
 * unit, smoke) or to the outside of the box, by the classic two-pass
 * distance transform; every square nearer than clear[i] is plain and in
 * the box.  Worth it only where plain ground is common: false, and no
 * table, when more than 1 square in SIGHT_LEAP_SPARSE is not plain.
 */
static bool
sight_fov_clear(const uint8_t *b, uint8_t *clear, const struct map *m,
    int z, const int box[4])
{
	ptrdiff_t	lvl = (ptrdiff_t)z * m->width * m->height, i;
	ptrdiff_t	w = m->width;
	int		x, y, d, busy = 0, cells = 0;

	for (y = box[1]; y <= box[3]; y++) {
		i = (ptrdiff_t)y * w;
		for (x = box[0]; x <= box[2]; x++) {
			if (b[lvl + i + x] & (SIGHT_B_SOLID |
			    SIGHT_B_OBSTRUCT | SIGHT_B_WALLS)) {
				clear[i + x] = 0;
				busy++;
			} else if (y == box[1] || y == box[3] ||
			    x == box[0] || x == box[2])
				clear[i + x] = 1;
			else {
				d = clear[i + x - 1];
				if (clear[i - w + x - 1] < d)
					d = clear[i - w + x - 1];
				if (clear[i - w + x] < d)
					d = clear[i - w + x];
				if (clear[i - w + x + 1] < d)
					d = clear[i - w + x + 1];
				clear[i + x] = (uint8_t)(d + 1);
			}
		}
		/* Give up as soon as the rows seen are too busy. */
		cells += box[2] - box[0] + 1;
		if (busy * SIGHT_LEAP_SPARSE > cells)
			return false;
	}
	for (y = box[3]; y >= box[1]; y--) {
		i = (ptrdiff_t)y * w;
		for (x = box[2]; x >= box[0]; x--) {
			if (clear[i + x] <= 1)
				continue;
			/* Inner squares only: the border ones are 1. */
			d = clear[i + x + 1];
			if (clear[i + w + x + 1] < d)
				d = clear[i + w + x + 1];
			if (clear[i + w + x] < d)
				d = clear[i + w + x];
			if (clear[i + w + x - 1] < d)
				d = clear[i + w + x - 1];
			if (d + 1 < clear[i + x])
				clear[i + x] = (uint8_t)(d + 1);
		}
	}
	return true;
}

/* The viewer's level, ring by ring, so undecided means primitive. */
static inline __attribute__((always_inline)) void
sight_fov_level(struct sight_fov *fv, bool leaps)
{
	const int	*box = fv->box;
	ptrdiff_t	 i;
	int		 r, rmax, dx, dy, lo, hi, step;

	sight_fov_see(fv, fv->origin, false);
	rmax = fv->from.x - box[0];
	if (box[2] - fv->from.x > rmax)
		rmax = box[2] - fv->from.x;
	if (fv->from.y - box[1] > rmax)
		rmax = fv->from.y - box[1];
	if (box[3] - fv->from.y > rmax)
		rmax = box[3] - fv->from.y;
	for (r = 1; r <= rmax; r++)
		for (dy = -r; dy <= r; dy++) {
			if (fv->from.y + dy < box[1] ||
			    fv->from.y + dy > box[3])
				continue;
			i = fv->origin + (ptrdiff_t)dy * fv->width;
			/* The ring's top and bottom rows whole, else ends. */
			lo = fv->from.x - r < box[0] ? box[0] - fv->from.x : -r;
			hi = fv->from.x + r > box[2] ? box[2] - fv->from.x : r;
			step = dy == -r || dy == r ? 1 : 2 * r;
			for (dx = step == 1 ? lo : -r; dx <= hi; dx += step)
				if (dx >= lo && !(fv->b[i + dx] & SIGHT_B_DONE))
					sight_fov_ray(fv, dx, dy, leaps);
		}
}

/* How many squares of level z in box (x0, y0, x1, y1) let sight through. */
static int32_t
sight_map_open(const struct sight_map *sm, int z, const int box[4])
{
	const struct map	*m = sm->field->map;
	const int32_t		*s = &sm->open[(size_t)z * (m->width + 1) *
				    (m->height + 1)];
	int			 w1 = m->width + 1;

	return s[(box[3] + 1) * w1 + box[2] + 1] - s[box[1] * w1 + box[2] +
	    1] - s[(box[3] + 1) * w1 + box[0]] + s[box[1] * w1 + box[0]];
}

/*
 * Whether a line inside box may get from level z0 to level z1: each floor
 * plane between them must have a square letting sight through in the box
 * (a line crosses each plane inside its own bounding box).
 */
bool
sight_map_reach(const struct sight_map *sm, const int box[4], int z0, int z1)
{
	int	z;

	if (z1 > z0) {
		for (z = z0 + 1; z <= z1; z++)
			if (sight_map_open(sm, z, box) == 0)
				return false;
	} else
		for (z = z1 + 1; z <= z0; z++)
			if (sight_map_open(sm, z, box) == 0)
				return false;
	return true;
}

/*
 * Other levels than the viewer's: the 3D walk to every square of the box,
 * over the bits the field of view reads (sight_fov).
 */
static void
sight_fov_levels(struct sight_fov *fv, struct sight_walk *w, int eye, int z0,
    int z1)
{
	const struct map	*m = w->field->map;
	const struct pos	 from = fv->from;
	const ptrdiff_t		 origin = fv->origin;
	int			 box[4];
	ptrdiff_t		 i, level = (ptrdiff_t)m->width * m->height;
	struct pos		 p;

	/* Locals: the compiler need not reload them after each mark. */
	memcpy(box, fv->box, sizeof box);
	for (p.z = z0; p.z <= z1; p.z++) {
		if (p.z == from.z)
			continue;
		for (p.y = box[1]; p.y <= box[3]; p.y++) {
			i = p.z * level + (ptrdiff_t)p.y * m->width + box[0];
			for (p.x = box[0]; p.x <= box[2]; p.x++, i++) {
				/* All that sight_fast reads of a new line. */
				w->at = from;
				w->idx = origin;
				w->to = p;
				if (sight_fast(w, eye, SIGHT_CENTRE, true))
					sight_fov_see(fv, i, false);
			}
		}
	}
}

void
sight_fov(const struct field *f, struct pos from, int eye, int radius,
    uint8_t *visible)
{
	const struct map	*m = f->map;
	struct pos		 p;
	struct sight_fov	 fv;
	struct sight_walk	 w;
	ptrdiff_t		 i, level = (ptrdiff_t)m->width * m->height;
	uint8_t			 clear[MAP_MAX_SIDE * MAP_MAX_SIDE];
	int			 box[4], z0, z1, x, y;

	sight_check(m, from, eye, from, SIGHT_CENTRE);
	if (radius < 0)
		fatal("sight_fov: negative radius %d", radius);
	memset(visible, 0, (size_t)level * m->levels);
	box[0] = from.x - radius < 0 ? 0 : from.x - radius;
	box[1] = from.y - radius < 0 ? 0 : from.y - radius;
	box[2] = from.x + radius >= m->width ? m->width - 1 : from.x + radius;
	box[3] = from.y + radius >= m->height ? m->height - 1 :
	    from.y + radius;
	z0 = from.z - radius < 0 ? 0 : from.z - radius;
	z1 = from.z + radius >= m->levels ? m->levels - 1 : from.z + radius;
	for (p.z = z0; p.z <= z1; p.z++)
		sight_fill_level(f, visible, box, p.z);

	/* The viewer's level, in two forms so that each is lean. */
	memset(&fv, 0, sizeof fv);
	fv.b = visible;
	fv.bits = visible;
	fv.clear = sight_fov_clear(visible, clear, m, from.z, box) ? clear :
	    NULL;
	fv.from = from;
	fv.lvl = from.z * level;
	fv.origin = fv.lvl + (ptrdiff_t)from.y * m->width + from.x;
	fv.width = m->width;
	memcpy(fv.box, box, sizeof fv.box);
	if (fv.clear != NULL)
		sight_fov_level(&fv, true);
	else
		sight_fov_level(&fv, false);

	/* Other levels: the 3D walk, over the stored bits. */
	sight_walk_init(&w, f, visible, from, from);
	sight_fov_levels(&fv, &w, eye, z0, z1);

	for (p.z = z0; p.z <= z1; p.z++)
		for (y = box[1]; y <= box[3]; y++) {
			i = p.z * level + (ptrdiff_t)y * m->width;
			for (x = box[0]; x <= box[2]; x++)
				visible[i + x] &= SIGHT_B_VISIBLE;
		}
}

/* --- from kept bits (struct sight_map) ----------------------------------- */

size_t
sight_fov_kept(struct sight_map *sm, struct pos from, int eye, int radius,
    uint32_t *out)
{
	return sight_fov_kept_reach(sm, from, eye, radius, out, NULL);
}

/*
 * What sight_fov_kept and sight_fov_kept_redo share: the bits synced, a
 * new call's marks, the box, the levels, fv for lines from `from`, and
 * how far out its rings go (returned).
 */
int
sight_fov_kept_begin(struct sight_map *sm, struct pos from, int eye,
    int radius, struct sight_fov *fv, int box[4], int *z0, int *z1)
{
	const struct map	*m = sm->field->map;
	ptrdiff_t		 level = (ptrdiff_t)m->width * m->height;
	int			 rmax;

	sight_check(m, from, eye, from, SIGHT_CENTRE);
	if (radius < 0)
		fatal("sight_fov_kept: negative radius %d", radius);
	sight_map_sync(sm);
	if (sm->call >= UINT32_MAX / 2 - 1) {
		/* Once in 2^31 calls: old marks could look new. */
		memset(sm->mark, 0, (size_t)level * m->levels *
		    sizeof *sm->mark);
		sm->call = 0;
	}
	sm->call++;
	box[0] = from.x - radius < 0 ? 0 : from.x - radius;
	box[1] = from.y - radius < 0 ? 0 : from.y - radius;
	box[2] = from.x + radius >= m->width ? m->width - 1 : from.x + radius;
	box[3] = from.y + radius >= m->height ? m->height - 1 :
	    from.y + radius;
	*z0 = from.z - radius < 0 ? 0 : from.z - radius;
	*z1 = from.z + radius >= m->levels ? m->levels - 1 : from.z + radius;

	memset(fv, 0, sizeof *fv);
	fv->bits = sm->bits;
	fv->mark = sm->mark;
	fv->base = 2 * sm->call;
	fv->from = from;
	fv->lvl = from.z * level;
	fv->origin = fv->lvl + (ptrdiff_t)from.y * m->width + from.x;
	fv->width = m->width;
	memcpy(fv->box, box, sizeof fv->box);
	fv->zlo = fv->zhi = from.z;
	rmax = from.x - box[0];
	if (box[2] - from.x > rmax)
		rmax = box[2] - from.x;
	if (from.y - box[1] > rmax)
		rmax = from.y - box[1];
	if (box[3] - from.y > rmax)
		rmax = box[3] - from.y;
	if (rmax > sm->rays_radius)
		rmax = sm->rays_radius;
	return rmax;
}

size_t
sight_fov_kept_reach(struct sight_map *sm, struct pos from, int eye,
    int radius, uint32_t *out, struct sight_reach *reach)
{
	struct sight_fov	 fv;
	int			 box[4], stops[4], z0, z1, rmax;

	rmax = sight_fov_kept_begin(sm, from, eye, radius, &fv, box, &z0, &z1);
	fv.out = out;
	if (reach != NULL) {
		stops[0] = stops[2] = from.x;
		stops[1] = stops[3] = from.y;
		fv.reach = stops;
	}
	/* Tables for the radius, not the box: the same for every origin. */
	if (rmax > 0)
		sight_fov_cast(&fv, &sm->cast, radius < sm->rays_radius ?
		    radius : sm->rays_radius, NULL, NULL, NULL);
	else
		sight_fov_see(&fv, fv.origin, true);

	sight_lq_fov(sm, &fv, eye, z0, z1);
	if (reach != NULL) {
		/* A line to another level may cross any square of the box. */
		if (fv.zlo != fv.zhi)
			memcpy(stops, box, sizeof stops);
		reach->lo[0] = stops[0];
		reach->lo[1] = stops[1];
		reach->lo[2] = fv.zlo;
		reach->hi[0] = stops[2];
		reach->hi[1] = stops[3];
		reach->hi[2] = fv.zhi;
	}
	return fv.nout;
}

bool
sight_map_visible(const struct sight_map *sm, struct pos p)
{
	const struct map	*m = sm->field->map;

	return map_contains(m, p) && sm->mark[((size_t)p.z * m->height +
	    p.y) * m->width + p.x] == 2 * sm->call + 1;
}

/*
 * A line on one level (both ends strictly inside it, so no floor plane is
 * crossed whatever the heights): sight_fov_ray's walk, without leaps, to
 * the target square itself.  Offsets need not be primitive: scaling both
 * by the same factor leaves every comparison of the walk as it was.
 */
static bool
sight_map_flat(const struct sight_map *sm, struct pos from, struct pos to)
{
	const struct map	*m = sm->field->map;
	const uint8_t		*b = sm->bits;
	ptrdiff_t		 c, goal, s_major, s_minor, ta, tb;
	int			 dx = to.x - from.x, dy = to.y - from.y;
	int			 ax = sight_abs(dx), ay = sight_abs(dy);
	int			 wx = dx > 0 ? SIGHT_B_WALL_W : SIGHT_B_WALL_E;
	int			 wy = dy > 0 ? SIGHT_B_WALL_N : SIGHT_B_WALL_S;
	int			 w_major, w_minor, a_major, a_minor, e;
	int			 count = 0;
	uint8_t			 v;

	c = ((ptrdiff_t)from.z * m->height + from.y) * m->width + from.x;
	goal = c + dx + (ptrdiff_t)dy * m->width;
	if (ax >= ay) {
		s_major = sight_sign(dx);
		s_minor = (ptrdiff_t)sight_sign(dy) * m->width;
		w_major = wx, w_minor = wy, a_major = ax, a_minor = ay;
	} else {
		s_major = (ptrdiff_t)sight_sign(dy) * m->width;
		s_minor = sight_sign(dx);
		w_major = wy, w_minor = wx, a_major = ay, a_minor = ax;
	}
	e = a_minor - a_major;
	while (c != goal) {
		if (e < 0) {
			c += s_major;
			e += 2 * a_minor;
			v = b[c];
			if (v & w_major)
				return false;
		} else if (e > 0) {
			c += s_minor;
			e -= 2 * a_major;
			v = b[c];
			if (v & w_minor)
				return false;
		} else {
			/* A corner: major then minor by ta, or the reverse. */
			ta = c + s_major;
			tb = c + s_minor;
			c = ta + s_minor;
			count += sight_corner2d(b, ta, tb, c, w_major,
			    w_minor);
			if (count > SIGHT_MAX_OBSTRUCTIONS)
				return false;
			e += 2 * (a_minor - a_major);
			v = b[c];
		}
		if (c == goal)
			return true;
		if (v & (SIGHT_B_SOLID | SIGHT_B_OBSTRUCT)) {
			if (v & SIGHT_B_SOLID)
				return false;
			if (++count > SIGHT_MAX_OBSTRUCTIONS)
				return false;
		}
	}
	return true;
}

bool
sight_map_line(struct sight_map *sm, struct pos from, int eye, struct pos to,
    int target)
{
	struct sight_walk	w;
	int			box[4];

	sight_check(sm->field->map, from, eye, to, target);
	if (!map_contains(sm->field->map, to))
		fatal("sight_map_line: target (%d,%d,%d) off the map", to.x,
		    to.y, to.z);
	sight_map_sync(sm);
	if (from.z == to.z)
		return sight_map_flat(sm, from, to);
	if (from.z != to.z) {
		box[0] = from.x < to.x ? from.x : to.x;
		box[1] = from.y < to.y ? from.y : to.y;
		box[2] = from.x < to.x ? to.x : from.x;
		box[3] = from.y < to.y ? to.y : from.y;
		if (!sight_map_reach(sm, box, from.z, to.z))
			return false;
	}
	sight_walk_init(&w, sm->field, sm->bits, from, to);
	return sight_fast(&w, eye, target, true);
}
