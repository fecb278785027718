/*
 * sight-line.c - one line of sight through the 3D grid (sight.h;
 * rulebook §4.2, §4.3, §6.1; RULINGS §4, §4.3, §7.4): the exact walk
 * every field of view (sight-fov.c) must agree with.
 *
 * Data: a struct sight_walk (sight-int.h) per line, on the caller's stack;
 * squares and edges are read from the map and field, or from SIGHT_B_*
 * bits a field of view built or a sight_map keeps.  Invariants: a line
 * walks the same squares in the same order on every machine (exact
 * integer times), and A->B and B->A agree with equal heights.
 *
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
 * targets off the map, the only lines that can leave it.  sight_fast
 * (sight-int.h, so that it is inlined into both files) is the same walk
 * with its state in locals, for sight_line's targets on other levels and
 * the field of view's lines to other levels (sight-fov.c); ties other
 * than x-with-y it hands to sight_corner.  sight_flat is the walk again
 * for a target on the map on the same level, the common line (threat
 * views, the AI): no floor is crossed, so the heights drop out, and the
 * edges crossed are stepped to rather than found each time.  The tests
 * compare sight_line with an independent exact reference.
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

/* Orders to try when the line crosses three planes at once. */
static const int sight_orders3[6][SIGHT_NAXES] = {
	{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
	{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
};

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

/* What a way past a corner changes of a walk. */
struct sight_way {
	struct pos		 at;
	ptrdiff_t		 idx;
	int			 count;
	enum sight_block	 block;
	struct pos		 block_at;
	enum dir		 block_side;
};

static inline void
sight_way_save(const struct sight_walk *w, struct sight_way *s)
{
	s->at = w->at;
	s->idx = w->idx;
	s->count = w->count;
	s->block = w->block;
	s->block_at = w->block_at;
	s->block_side = w->block_side;
}

static inline void
sight_way_load(struct sight_walk *w, const struct sight_way *s)
{
	w->at = s->at;
	w->idx = s->idx;
	w->count = s->count;
	w->block = s->block;
	w->block_at = s->block_at;
	w->block_side = s->block_side;
}

/*
 * The line passes planes of `n` axes at once (2 or 3): try every order
 * (see the top of the file), leave *w as the best that passes, or as the
 * first if none does.  The square reached is the same for every order;
 * sight_enter() judges it afterwards.  Only what a way changes is kept
 * between the orders.
 */
bool
sight_corner(struct sight_walk *w, const enum sight_axis *axes, int n)
{
	struct sight_way	 start, t, best, first;
	const int		*order;
	int			 o, norders = n == 2 ? 2 : 6, i;
	static const int	 two[2][2] = { { 0, 1 }, { 1, 0 } };
	bool			 found = false, ok;

	sight_way_save(w, &start);
	for (o = 0; o < norders; o++) {
		order = n == 2 ? two[o] : sight_orders3[o];
		if (o > 0)
			sight_way_load(w, &start);
		ok = true;
		for (i = 0; i < n && ok; i++) {
			ok = sight_cross(w, axes[order[i]]);
			if (ok && i + 1 < n)
				ok = sight_enter(w);
		}
		sight_way_save(w, &t);
		if (o == 0)
			first = t;
		if (ok && (!found || t.count < best.count)) {
			best = t;
			found = true;
		}
	}
	sight_way_load(w, found ? &best : &first);
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

void
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
 * sight_fast's walk (map mode) for a line within one level to a square
 * on the map: no floor is crossed, so the heights drop out, and the
 * edges' places follow the line instead of being worked out each step.
 * The same squares in the same order, the same stop; a corner of x and
 * y tries both ways as sight_corner does, the first kept on a tie.
 */

static bool
sight_flat(struct sight_walk *w)
{
	const struct map	*m = w->field->map;
	const struct edge	*ve, *he;
	struct pos		 at = w->at, to = w->to, ata = at;
	int64_t			 tx, ty, ix, iy;
	ptrdiff_t		 c = w->idx, sx, sy;
	int			 lx, ly, ux, uy, total, ca, cb;
	enum sight_block	 sa, sb;
	enum dir		 sida = DIR_COUNT;
	uint8_t			 v;

	lx = sight_abs(to.x - at.x);
	ly = sight_abs(to.y - at.y);
	total = lx + ly;
	ux = sight_sign(to.x - at.x);
	uy = sight_sign(to.y - at.y);
	sx = ux;
	sy = (ptrdiff_t)uy * m->width;
	/* sight_walk_setup's times over the common factor of z. */
	ix = 10 * (int64_t)(ly > 0 ? 10 * ly : 1);
	iy = 10 * (int64_t)(lx > 0 ? 10 * lx : 1);
	tx = lx > 0 ? ix / 2 : INT64_MAX;
	ty = ly > 0 ? iy / 2 : INT64_MAX;
	ve = &m->vedges[((ptrdiff_t)at.z * m->height + at.y) * (m->width + 1) +
	    at.x + (ux > 0)];
	he = &m->hedges[((ptrdiff_t)at.z * (m->height + 1) + at.y +
	    (uy > 0)) * m->width + at.x];
	while (total > 0) {
		if (tx < ty) {
			if (sight_edge_blocks(ve)) {
				w->block = SIGHT_WALL;
				w->block_side = ux > 0 ? DIR_E : DIR_W;
				goto stop;
			}
			c += sx;
			at.x += ux;
			ve += ux;
			he += ux;
			tx = --lx > 0 ? tx + ix : INT64_MAX;
			total--;
		} else if (ty < tx) {
			if (sight_edge_blocks(he)) {
				w->block = SIGHT_WALL;
				w->block_side = uy > 0 ? DIR_S : DIR_N;
				goto stop;
			}
			c += sy;
			at.y += uy;
			ve += (ptrdiff_t)uy * (m->width + 1);
			he += (ptrdiff_t)uy * m->width;
			ty = --ly > 0 ? ty + iy : INT64_MAX;
			total--;
		} else {
			/*
			 * Through a corner: both ways, as sight_corner (the
			 * squares between lie on the map, short of the
			 * target).  Way a: across x, then y.
			 */
			ca = cb = w->count;
			if (sight_edge_blocks(ve)) {
				sa = SIGHT_WALL;
				sida = ux > 0 ? DIR_E : DIR_W;
				ata = at;
			} else if ((v = sight_content(w->field, c + sx)) &
			    SIGHT_B_SOLID || ((v & SIGHT_B_OBSTRUCT) &&
			    ++ca > SIGHT_MAX_OBSTRUCTIONS)) {
				sa = v & SIGHT_B_SOLID ? SIGHT_OBJECT :
				    SIGHT_OBSTRUCTED;
				sida = DIR_COUNT;
				ata = (struct pos){ at.x + ux, at.y, at.z };
			} else if (sight_edge_blocks(he + ux)) {
				sa = SIGHT_WALL;
				sida = uy > 0 ? DIR_S : DIR_N;
				ata = (struct pos){ at.x + ux, at.y, at.z };
			} else
				sa = SIGHT_CLEAR;
			/* Way b: across y, then x. */
			if (sight_edge_blocks(he))
				sb = SIGHT_WALL;
			else if ((v = sight_content(w->field, c + sy)) &
			    SIGHT_B_SOLID || ((v & SIGHT_B_OBSTRUCT) &&
			    ++cb > SIGHT_MAX_OBSTRUCTIONS))
				sb = SIGHT_OBJECT;
			else if (sight_edge_blocks(ve + (ptrdiff_t)uy *
			    (m->width + 1)))
				sb = SIGHT_WALL;
			else
				sb = SIGHT_CLEAR;
			if (sa != SIGHT_CLEAR && sb != SIGHT_CLEAR) {
				/* Both stop: the first way is told. */
				w->count = ca;
				w->block = sa;
				w->block_at = ata;
				w->block_side = sida;
				return false;
			}
			w->count = sa == SIGHT_CLEAR && (sb != SIGHT_CLEAR ||
			    ca <= cb) ? ca : cb;
			c += sx + sy;
			at.x += ux;
			at.y += uy;
			ve += ux + (ptrdiff_t)uy * (m->width + 1);
			he += ux + (ptrdiff_t)uy * m->width;
			tx = --lx > 0 ? tx + ix : INT64_MAX;
			ty = --ly > 0 ? ty + iy : INT64_MAX;
			total -= 2;
		}
		if (total == 0)
			break;
		v = sight_content(w->field, c);
		if (v & (SIGHT_B_SOLID | SIGHT_B_OBSTRUCT)) {
			if (v & SIGHT_B_SOLID) {
				w->block = SIGHT_OBJECT;
				w->block_side = DIR_COUNT;
				goto stop;
			}
			if (++w->count > SIGHT_MAX_OBSTRUCTIONS) {
				w->block = SIGHT_OBSTRUCTED;
				w->block_side = DIR_COUNT;
				goto stop;
			}
		}
	}
	w->block = SIGHT_CLEAR;
	w->block_at = at;
	w->block_side = DIR_COUNT;
	return true;
stop:
	w->at = w->block_at = at;
	w->idx = c;
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
		r->visible = from.z == to.z ? sight_flat(&w) :
		    sight_fast(&w, eye, target, false);
	else
		r->visible = sight_walk(&w, eye, target);
	r->obstructions = w.count;
	r->blocked_by = w.block;
	r->block_at = w.block_at;
	r->block_side = w.block_side;
	return r->visible;
}
