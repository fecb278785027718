/*
 * sight.c - lines of sight and fields of view through the 3D grid
 * (sight.h; rulebook §4.2, §4.3, §6.1; RULINGS §4, §4.3, §7.4).
 *
 * Geometry.  Squares are unit cubes: square (x, y, z) spans x..x+1,
 * y..y+1 and levels z..z+1.  A line runs from the eye at
 * (x + 1/2, y + 1/2, z + eye/10) to the target point at
 * (tx + 1/2, ty + 1/2, tz + target/10).  Heights are 1..9 tenths, so
 * neither end lies on a plane of the grid.  Everything is measured in
 * tenths of a square, where both ends have integer coordinates, and the
 * walk is an Amanatides-Woo voxel traversal in exact 64-bit integers: along
 * axis a (|D_a| tenths long) the k-th plane crossed lies N = first_a +
 * 10 (k - 1) tenths from the eye (first_a is 5 for x and y, 10 - eye going
 * up, eye going down), at t = N / |D_a|.  Scaled by the product of the
 * other axes' |D| every such t is an integer on one common scale, so which
 * plane comes first, and whether two come at once, is decided exactly: a
 * replay walks the same squares on every machine.  Coordinates stay below
 * about 10^4 tenths (sight_check), so scaled times stay below 10^13.
 *
 * Rules, checked in the order the line meets things:
 *  - Crossing an x or y plane passes the edge between two squares
 *    (map_edge): a wall or a closed door stops the line (SIGHT_WALL,
 *    block_at the square before it, block_side the edge); windows, fences,
 *    open doors and bare edges do not (RULINGS §4).
 *  - Crossing a z plane upwards from level z passes the floor of the
 *    square above, (x, y, z + 1); downwards it passes the floor of the
 *    square it leaves, (x, y, z).  A floor stops the line (SIGHT_FLOOR)
 *    unless it is open air or an elevator: floor_table[].blocks_sight
 *    (§4.2 "All floors except elevators block line of sight").
 *  - Entering any square but the target's: a solid object stops the line
 *    (SIGHT_OBJECT); a standing or kneeling unit (FIELD_UNIT; prone bodies
 *    do not count), a low object, smoke or a day flare's glare (RULINGS
 *    §7.4) makes the square one obstruction, however many of them it
 *    holds; the 4th obstruction stops the line (SIGHT_OBSTRUCTED, §6.1
 *    "Four squares of obstruction block line-of-sight completely").  The
 *    viewer's and the target's squares never count.
 *  - Leaving the map stops the line (SIGHT_OFF_MAP, block_at the last
 *    square on the map).  An edge on the map's border is checked first, so
 *    a wall there stops the line before the end of the world does.
 *  - Ties.  Where the line crosses two or three planes at once it passes
 *    exactly through an edge line or a corner point of the grid, touching
 *    squares it does not enter.  Each order of those crossings is a way
 *    past; the line is blocked only if every order is blocked (its walls,
 *    floors, the squares it passes in between), and it takes the order
 *    with the fewest obstructions.  The common case is the vertical corner
 *    line between four squares: blocked only if both "x then y" and
 *    "y then x" are: the line slips between two diagonal trees only if one
 *    of them is missing, and an L of walls, or a straight wall whose two
 *    segments meet there, stops it.  Why permissive: a line through a
 *    corner touches both sides, and this choice keeps sight symmetric (the
 *    reverse line meets the same orders reversed).  When every order is
 *    blocked, the first order in x, y, z precedence is reported.
 *
 * Consequences the tests check: with equal eye and target heights the line
 * A->B and B->A agree on visibility and obstructions; and the roof effect
 * of §4.3 ("more than three tiles from the edge ... can not be seen",
 * RULINGS §4.3) needs no special case: from the ground near a one-storey
 * building, a line to a unit on the roof must rise through the roof's
 * plane before the roof begins, which the eye's low height allows only for
 * squares near the edge; the others meet the wall under the edge or the
 * roof's floor.
 *
 * Code.  sight_walk is the walk as described, step by step through
 * sight_cross, sight_enter and sight_corner; sight_line uses it for
 * targets off the map, the only lines that can leave it.  sight_fast is
 * the same walk with its state in locals, for sight_line's other targets
 * and sight_fov's lines to other levels; ties other than x-with-y it hands
 * to sight_corner.
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
 * (sight-map.c), whose bits and leap distances are kept for the whole map
 * and brought up to date only where something changed: it builds, clears
 * and masks nothing per call.  It walks a ray per primitive offset from a
 * table the sight_map keeps, so nothing has to be marked decided; its
 * marks of what is visible are numbered by call, so no output is cleared
 * either; and it skips a level when a
 * floor plane on the way has no square letting sight through inside the
 * box.  Its cost is the rays' walks and the ring's offsets: what it sees
 * and the edges of what it does not.  sight_map_line is sight_fov_ray's
 * walk on one level and sight_fast between levels, over the same bits.  The tests compare sight_line with an
 * independent exact reference, and sight_fov with sight_line square by
 * square, on random maps busy and sparse, of one level and several.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sight-int.h"
#include "xtac/sight.h"
#include "xtac/util.h"

const char *const sight_block_names[SIGHT_BLOCK_COUNT] = {
	"clear", "wall", "floor", "object", "obstructed", "off-map"
};

/* sight_fov_ray leaps at least this far, on maps this sparse or more. */
#define SIGHT_LEAP_MIN		2
#define SIGHT_LEAP_SPARSE	16

/* How far off the map a target may lie: keeps the arithmetic small. */
#define SIGHT_FAR		(4 * MAP_MAX_SIDE)

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

/* What the lines of one sight_fov share. */
struct sight_fov {
	uint8_t		*b;	/* sight_fov: the output, holding SIGHT_B_* */
	const uint8_t	*bits;	/* the bits read: b, or a sight_map's */
	uint32_t	*mark;	/* sight_fov_kept: a sight_map's marks */
	uint32_t	 base;	/* mark: base decided, base + 1 visible */
	uint32_t	*out;	/* sight_fov_kept: visible squares, or NULL */
	size_t		 nout;
	const uint8_t	*clear;	/* sight_fov_clear's, a sight_map's, or NULL */
	struct pos	 from;
	ptrdiff_t	 origin;	/* the viewer's square index */
	ptrdiff_t	 lvl;	/* index of the level's first square */
	ptrdiff_t	 width;
	int		 box[4];	/* x0, y0, x1, y1, inclusive */
};

/* Orders to try when the line crosses three planes at once. */
static const int sight_orders3[6][SIGHT_NAXES] = {
	{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
	{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
};

static int
sight_abs(int v)
{
	return v < 0 ? -v : v;
}

static int
sight_sign(int v)
{
	return (v > 0) - (v < 0);
}

/* Whether the floor of the square at index i blocks sight. */
static bool
sight_floor_blocks(const struct map *m, ptrdiff_t i)
{
	return floor_table[m->squares[i].floor].blocks_sight;
}

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

static bool
sight_stop(struct sight_walk *w, enum sight_block why, enum dir side)
{
	w->block = why;
	w->block_at = w->at;
	w->block_side = side;
	return false;
}

/*
 * Cross one plane along `axis` into the next square; false if the line
 * stops there.  The square the line is in is always on the map.
 */
static bool
sight_cross(struct sight_walk *w, enum sight_axis axis)
{
	const struct map	*m = w->field->map;
	ptrdiff_t		 owner;
	enum dir		 side;
	int			 s = w->step[axis];

	switch (axis) {
	case SIGHT_X:
		side = s > 0 ? DIR_E : DIR_W;
		if (w->bits != NULL) {
			owner = s > 0 ? w->idx + 1 : w->idx;
			if (w->bits[owner] & SIGHT_B_WALL_W)
				return sight_stop(w, SIGHT_WALL, side);
		} else if (sight_edge_blocks(&m->vedges[((ptrdiff_t)w->at.z *
		    m->height + w->at.y) * (m->width + 1) + w->at.x +
		    (s > 0)]))
			return sight_stop(w, SIGHT_WALL, side);
		if (w->at.x + s < 0 || w->at.x + s >= m->width)
			return sight_stop(w, SIGHT_OFF_MAP, side);
		w->at.x += s;
		break;
	case SIGHT_Y:
		side = s > 0 ? DIR_S : DIR_N;
		if (w->bits != NULL) {
			owner = s > 0 ? w->idx + w->stride[SIGHT_Y] : w->idx;
			if (w->bits[owner] & SIGHT_B_WALL_N)
				return sight_stop(w, SIGHT_WALL, side);
		} else if (sight_edge_blocks(&m->hedges[((ptrdiff_t)w->at.z *
		    (m->height + 1) + w->at.y + (s > 0)) * m->width +
		    w->at.x]))
			return sight_stop(w, SIGHT_WALL, side);
		if (w->at.y + s < 0 || w->at.y + s >= m->height)
			return sight_stop(w, SIGHT_OFF_MAP, side);
		w->at.y += s;
		break;
	default:
		/* The floor passed is the upper square's: above, or here. */
		if (w->at.z + s >= m->levels)
			return sight_stop(w, SIGHT_OFF_MAP, DIR_COUNT);
		owner = s > 0 ? w->idx + w->stride[SIGHT_Z] : w->idx;
		if (sight_floor_blocks(m, owner))
			return sight_stop(w, SIGHT_FLOOR, DIR_COUNT);
		if (w->at.z + s < 0)
			return sight_stop(w, SIGHT_OFF_MAP, DIR_COUNT);
		w->at.z += s;
		break;
	}
	w->idx += w->stride[axis];
	return true;
}

/* Enter the square crossed into; false if the line stops there. */
static bool
sight_enter(struct sight_walk *w)
{
	uint8_t	b;

	if (w->at.x == w->to.x && w->at.y == w->to.y && w->at.z == w->to.z)
		return true;
	b = w->bits != NULL ? w->bits[w->idx] : sight_content(w->field,
	    w->idx);
	if (b & SIGHT_B_SOLID)
		return sight_stop(w, SIGHT_OBJECT, DIR_COUNT);
	if ((b & SIGHT_B_OBSTRUCT) && ++w->count > SIGHT_MAX_OBSTRUCTIONS)
		return sight_stop(w, SIGHT_OBSTRUCTED, DIR_COUNT);
	return true;
}

/*
 * The line passes planes of `n` axes at once (2 or 3): try every order
 * (see the top of the file), leave *w as the best that passes, or as the
 * first if none does.  The square reached is the same for every order;
 * sight_enter() judges it afterwards.
 */
static bool
sight_corner(struct sight_walk *w, const enum sight_axis *axes, int n)
{
	struct sight_walk	 t, best, first;
	const int		*order;
	int			 o, norders = n == 2 ? 2 : 6, i;
	static const int	 two[2][2] = { { 0, 1 }, { 1, 0 } };
	bool			 found = false, ok;

	for (o = 0; o < norders; o++) {
		order = n == 2 ? two[o] : sight_orders3[o];
		t = *w;
		ok = true;
		for (i = 0; i < n && ok; i++) {
			ok = sight_cross(&t, axes[order[i]]);
			if (ok && i + 1 < n)
				ok = sight_enter(&t);
		}
		if (o == 0)
			first = t;
		if (ok && (!found || t.count < best.count)) {
			best = t;
			found = true;
		}
	}
	*w = found ? best : first;
	return found;
}

/*
 * Set up the walk of the line from w->at to w->to (heights in tenths):
 * steps and strides, each axis's scaled time of its first plane, the
 * increment to its next, and how many planes it crosses; returns the
 * total.  See the top of the file for the arithmetic.
 */
static int
sight_walk_setup(struct sight_walk *w, int eye, int target,
    int64_t t[SIGHT_NAXES], int64_t inc[SIGHT_NAXES], int left[SIGHT_NAXES])
{
	const struct map	*m = w->field->map;
	int64_t			 len[SIGHT_NAXES], mult;
	int			 first[SIGHT_NAXES], a, b;

	len[SIGHT_X] = 10 * (int64_t)(w->to.x - w->at.x);
	len[SIGHT_Y] = 10 * (int64_t)(w->to.y - w->at.y);
	len[SIGHT_Z] = 10 * (int64_t)(w->to.z - w->at.z) + target - eye;
	left[SIGHT_X] = sight_abs(w->to.x - w->at.x);
	left[SIGHT_Y] = sight_abs(w->to.y - w->at.y);
	left[SIGHT_Z] = sight_abs(w->to.z - w->at.z);
	first[SIGHT_X] = first[SIGHT_Y] = 5;
	first[SIGHT_Z] = len[SIGHT_Z] > 0 ? 10 - eye : eye;
	for (a = 0; a < SIGHT_NAXES; a++)
		if (len[a] < 0)
			len[a] = -len[a];
	/* Heights 1..9: len[SIGHT_Z] has the sign of the level change. */
	w->step[SIGHT_X] = sight_sign(w->to.x - w->at.x);
	w->step[SIGHT_Y] = sight_sign(w->to.y - w->at.y);
	w->step[SIGHT_Z] = sight_sign(w->to.z - w->at.z);
	w->stride[SIGHT_X] = w->step[SIGHT_X];
	w->stride[SIGHT_Y] = (ptrdiff_t)w->step[SIGHT_Y] * m->width;
	w->stride[SIGHT_Z] = (ptrdiff_t)w->step[SIGHT_Z] * m->width *
	    m->height;
	for (a = 0; a < SIGHT_NAXES; a++) {
		mult = 1;
		for (b = 0; b < SIGHT_NAXES; b++)
			if (b != a && len[b] != 0)
				mult *= len[b];
		t[a] = first[a] * mult;
		inc[a] = 10 * mult;
	}
	return left[SIGHT_X] + left[SIGHT_Y] + left[SIGHT_Z];
}

/* Walk the line from w->at to w->to; eye and target heights in tenths. */
static bool
sight_walk(struct sight_walk *w, int eye, int target)
{
	int64_t			 t[SIGHT_NAXES], inc[SIGHT_NAXES], tmin;
	int			 left[SIGHT_NAXES], a, n, total;
	enum sight_axis		 tied[SIGHT_NAXES];

	total = sight_walk_setup(w, eye, target, t, inc, left);
	/* An axis with no planes left never comes first. */
	for (a = 0; a < SIGHT_NAXES; a++)
		if (left[a] == 0)
			t[a] = INT64_MAX;
	while (total > 0) {
		tmin = t[SIGHT_X] < t[SIGHT_Y] ? t[SIGHT_X] : t[SIGHT_Y];
		if (t[SIGHT_Z] < tmin)
			tmin = t[SIGHT_Z];
		n = 0;
		for (a = 0; a < SIGHT_NAXES; a++)
			if (t[a] == tmin)
				tied[n++] = (enum sight_axis)a;
		if (n == 1) {
			if (!sight_cross(w, tied[0]))
				return false;
		} else if (!sight_corner(w, tied, n))
			return false;
		if (!sight_enter(w))
			return false;
		for (a = 0; a < n; a++)
			t[tied[a]] = --left[tied[a]] > 0 ?
			    t[tied[a]] + inc[tied[a]] : INT64_MAX;
		total -= n;
	}
	w->block = SIGHT_CLEAR;
	w->block_at = w->at;
	w->block_side = DIR_COUNT;
	return true;
}

/* Bad heights or absurd positions are the caller's bug. */
static void
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

static void
sight_walk_init(struct sight_walk *w, const struct field *f,
    const uint8_t *bits, struct pos from, struct pos to)
{
	const struct map	*m = f->map;

	memset(w, 0, sizeof *w);
	w->field = f;
	w->bits = bits;
	w->at = from;
	w->idx = ((ptrdiff_t)from.z * m->height + from.y) * m->width + from.x;
	w->to = to;
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

static inline __attribute__((always_inline)) void
sight_fov_decide(struct sight_fov *fv, ptrdiff_t i, bool kept)
{
	if (!kept)
		fv->b[i] |= SIGHT_B_DONE;
	else if (fv->mark[i] < fv->base)
		fv->mark[i] = fv->base;
}

static inline __attribute__((always_inline)) bool
sight_fov_decided(const struct sight_fov *fv, ptrdiff_t i, bool kept)
{
	return kept ? fv->mark[i] >= fv->base :
	    (fv->b[i] & SIGHT_B_DONE) != 0;
}

static inline int
sight_fov_minor(int k, int a_minor, int a_major)
{
	return ((2 * k - 1) * a_minor + a_major) / (2 * a_major);
}

static inline bool
sight_fov_in_box(const struct sight_fov *v, int x, int y)
{
	return x >= v->box[0] && x <= v->box[2] && y >= v->box[1] &&
	    y <= v->box[3];
}

/*
 * A 2D line passing exactly through the corner of square c (index) to the
 * square `to` diagonally beyond it, by way of ta (crossing wa's edge first,
 * then wb's) or tb (the reverse): the obstructions of the cheaper way
 * through, or more than SIGHT_MAX_OBSTRUCTIONS when both are walled or
 * solid.  b holds SIGHT_B_* bits; see the top of the file for ties.
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

bool
sight_line(const struct field *f, struct pos from, int eye, struct pos to,
    int target, struct sight_result *r)
{
	struct sight_walk	w;

	sight_check(f->map, from, eye, to, target);
	sight_walk_init(&w, f, NULL, from, to);
	/* Off the map, only sight_walk checks the bounds. */
	if (map_contains(f->map, to))
		r->visible = sight_fast(&w, eye, target, false);
	else
		r->visible = sight_walk(&w, eye, target);
	r->obstructions = w.count;
	r->blocked_by = w.block;
	r->block_at = w.block_at;
	r->block_side = w.block_side;
	return r->visible;
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
sight_fov_ray(struct sight_fov *fv, int dx, int dy, bool leaps, bool kept)
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
			sight_fov_see(fv, c, kept);
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
			sight_fov_see(fv, next, kept);
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
	 * sight_fov_kept walks primitive offsets alone: nothing to decide.
	 */
	if (kept)
		return;
	if (next == fv->origin + tstep) {
		next += tstep;
		tx += dx;
		ty += dy;
	}
	for (; sight_fov_in_box(fv, tx, ty); tx += dx, ty += dy) {
		sight_fov_decide(fv, next, kept);
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
sight_fov_level(struct sight_fov *fv, bool leaps, bool kept)
{
	const int	*box = fv->box;
	ptrdiff_t	 i;
	int		 r, rmax, dx, dy, lo, hi, step;

	sight_fov_see(fv, fv->origin, kept);
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
				if (dx >= lo && !sight_fov_decided(fv, i + dx,
				    kept))
					sight_fov_ray(fv, dx, dy, leaps, kept);
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
static bool
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
 * over the bits the field of view reads; with a sight_map, levels behind
 * a floor plane closed across the box are skipped.
 */
static inline __attribute__((always_inline)) void
sight_fov_levels(struct sight_fov *fv, struct sight_walk *w, int eye, int z0,
    int z1, const struct sight_map *sm, bool kept)
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
		if (p.z == from.z || (sm != NULL &&
		    !sight_map_reach(sm, box, from.z, p.z)))
			continue;
		for (p.y = box[1]; p.y <= box[3]; p.y++) {
			i = p.z * level + (ptrdiff_t)p.y * m->width + box[0];
			for (p.x = box[0]; p.x <= box[2]; p.x++, i++) {
				/* All that sight_fast reads of a new line. */
				w->at = from;
				w->idx = origin;
				w->to = p;
				if (sight_fast(w, eye, SIGHT_CENTRE, true))
					sight_fov_see(fv, i, kept);
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
		sight_fov_level(&fv, true, false);
	else
		sight_fov_level(&fv, false, false);

	/* Other levels: the 3D walk, over the stored bits. */
	sight_walk_init(&w, f, visible, from, from);
	sight_fov_levels(&fv, &w, eye, z0, z1, NULL, false);

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
	const struct map	*m = sm->field->map;
	struct sight_fov	 fv;
	struct sight_walk	 w;
	ptrdiff_t		 level = (ptrdiff_t)m->width * m->height;
	size_t			 k, nrays;
	int			 box[4], z0, z1, rmax;

	sight_check(m, from, eye, from, SIGHT_CENTRE);
	if (radius < 0)
		fatal("sight_fov_kept: negative radius %d", radius);
	sight_map_sync_leaps(sm);
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
	z0 = from.z - radius < 0 ? 0 : from.z - radius;
	z1 = from.z + radius >= m->levels ? m->levels - 1 : from.z + radius;

	memset(&fv, 0, sizeof fv);
	fv.bits = sm->bits;
	fv.mark = sm->mark;
	fv.base = 2 * sm->call;
	fv.out = out;
	fv.from = from;
	fv.lvl = from.z * level;
	fv.clear = sm->clear + fv.lvl;
	fv.origin = fv.lvl + (ptrdiff_t)from.y * m->width + from.x;
	fv.width = m->width;
	memcpy(fv.box, box, sizeof fv.box);
	sight_fov_see(&fv, fv.origin, true);
	rmax = from.x - box[0];
	if (box[2] - from.x > rmax)
		rmax = box[2] - from.x;
	if (from.y - box[1] > rmax)
		rmax = from.y - box[1];
	if (box[3] - from.y > rmax)
		rmax = box[3] - from.y;
	if (rmax > sm->rays_radius)
		rmax = sm->rays_radius;
	nrays = rmax > 0 ? sm->ring_end[rmax] : 0;
	for (k = 0; k < nrays; k++) {
		int dx = sm->rays[2 * k], dy = sm->rays[2 * k + 1];

		if (sight_fov_in_box(&fv, from.x + dx, from.y + dy))
			sight_fov_ray(&fv, dx, dy, true, true);
	}

	sight_walk_init(&w, sm->field, sm->bits, from, from);
	sight_fov_levels(&fv, &w, eye, z0, z1, sm, true);
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
