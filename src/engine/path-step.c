/*
 * path-step.c - movement, one step at a time: the TU cost of a step
 * between two positions (path_step_cost), and the map as the searches of
 * path-search.c and path-astar.c read it (struct path_ctx, path-int.h);
 * §4.2, §5, §7.2.2, RULINGS §4 and §5.
 *
 * Data: a struct path_ctx per search, on the caller's stack, pointing into
 * the map and field it reads (owning nothing but the sorted link ends a
 * path_scratch keeps).  Invariant: a step's cost depends on its two
 * positions alone; path_step1 (path-int.h) must agree with path_step.
 *
 * Coordinates are 0-based map coordinates (map.h).  A mover's position is
 * its top-left square; a 2x2 mover covers x..x+1, y..y+1 on one level (its
 * footprint).  The searches index positions flat as the map does,
 * i = (z * height + y) * width + x, in arrays allocated per call.
 *
 * Costs are searched in base TUs (straight 2, diagonal 3, and the
 * surcharges of path.h) and scaled only on the way out: the stand-up cost
 * and the multiplier apply alike to every step, so a path is cheapest in
 * base TUs exactly when it is cheapest in scaled ones, and a budget of
 * max_tu scaled TUs is max_tu / multiplier - stand base TUs.
 *
 * Every step's cost depends on the two positions alone, never on the path
 * before it; that is what lets A* and Dijkstra be exact.  The one rule that
 * could depend on history, "a door opened earlier on the path is not paid
 * twice", is made local: an edge inside the mover's current footprint
 * counts as open, because the mover stands astride it and so opened it.
 * That covers the only repeat crossing a cheapest path makes (a 2x2 unit's
 * rear half following its front half through a doorway); a 1x1 mover that
 * crossed an edge twice would have visited a square twice.
 *
 * Where the rulebook is silent (each ruling is repeated where it is made):
 * only edges stop a diagonal step, not objects or units in the two squares
 * beside it (RULINGS §5 speaks of walls alone); a stair or ramp is a
 * passage in its own right, its ends' edges not consulted; a 2x2 unit
 * climbs a ramp only as wide as itself and rides an elevator only four
 * squares wide; an elevator carries from floor to floor; a flyer standing on
 * a floor walks, paying for uneven ground; a door costs 2 once per step
 * however many door edges a 2x2 unit opens together (§4.2: a wide door
 * opens as one); all of it is multiplied by encumbrance and leg wounds,
 * standing and door-opening included (§5.1 counts them all as movement).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "path-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

/* --- the map, square by square ------------------------------------------ */

struct pos
path_pos(const struct path_ctx *c, size_t i)
{
	struct pos	p;

	p.x = (int)(i % c->w);
	i /= c->w;
	p.y = (int)(i % c->h);
	p.z = (int)(i / c->h);
	return p;
}

/* Vertical edge X lies west of column X (X in 0..w); row Y, level z. */
static enum path_edge_state
path_vedge(const struct path_ctx *c, int X, int Y, int z)
{
	return path_edge_judge(&c->m->vedges[((size_t)z * c->h + Y) *
	    (c->w + 1) + X]);
}

/* Horizontal edge Y lies north of row Y (Y in 0..h); column X, level z. */
static enum path_edge_state
path_hedge(const struct path_ctx *c, int X, int Y, int z)
{
	return path_edge_judge(&c->m->hedges[((size_t)z * (c->h + 1) + Y) *
	    c->w + X]);
}

/*
 * The first of square sq's link ends, or nlends if it has none.  Most
 * squares have none, and the filter says so without a search.
 */
size_t
path_lend_first(const struct path_ctx *c, size_t sq)
{
	size_t	lo = 0, hi = c->nlends;

	if ((c->lfilter[(sq >> 6) & 15] & (UINT64_C(1) << (sq & 63))) == 0)
		return c->nlends;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((size_t)c->lends[mid].sq < sq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nlends && (size_t)c->lends[lo].sq == sq ? lo :
	    c->nlends;
}

/* Whether a link joins squares a and b (either way round). */
static bool
path_linked(const struct path_ctx *c, size_t a, size_t b)
{
	size_t	i;

	if (c->lends == NULL) {
		const struct map *m = c->m;

		for (i = 0; i < m->nlinks; i++) {
			const struct map_link *l = &m->links[i];
			size_t u = path_index(c, l->lower.x, l->lower.y,
			    l->lower.z), v = path_index(c, l->upper.x,
			    l->upper.y, l->upper.z);

			if ((u == a && v == b) || (u == b && v == a))
				return true;
		}
		return false;
	}
	for (i = path_lend_first(c, a); i < c->nlends &&
	    (size_t)c->lends[i].sq == a; i++)
		if ((size_t)c->lends[i].other == b)
			return true;
	return false;
}

static int
path_lend_cmp(const void *va, const void *vb)
{
	const struct path_lend	*a = va, *b = vb;

	if (a->sq != b->sq)
		return a->sq < b->sq ? -1 : 1;
	if (a->other != b->other)
		return a->other < b->other ? -1 : 1;
	return 0;
}

void
path_ctx_init(struct path_ctx *c, const struct field *f,
    const struct mover *mv, const struct pos *own)
{
	const struct map	*m = f->map;
	int			 d;

	if (mv->size != 1 && mv->size != 2)
		fatal("path: mover of size %d", mv->size);
	if (mv->multiplier < 1)
		fatal("path: movement multiplier %d", mv->multiplier);
	memset(c, 0, sizeof *c);
	c->m = m;
	c->flags = f->flags;
	c->w = m->width;
	c->h = m->height;
	c->levels = m->levels;
	c->level_size = (size_t)m->width * m->height;
	c->size = mv->size;
	c->flying = mv->flying;
	for (d = 0; d < DIR_COUNT; d++)
		c->off[d] = (ptrdiff_t)dir_dy[d] * m->width + dir_dx[d];
	if (own != NULL)
		for (d = 0; d < mv->size * mv->size; d++) {
			struct pos p = { own->x + d % mv->size,
			    own->y + d / mv->size, own->z };

			if (map_contains(m, p))
				c->own[c->nown++] = path_index(c, p.x, p.y,
				    p.z);
		}
}

/*
 * Sort the link ends once per search, or once per scratch (which keeps
 * them and the filter); path_linked() then bisects.
 */
struct path_lend *
path_ctx_links(struct path_ctx *c, struct path_scratch *sc)
{
	const struct map	*m = c->m;
	struct path_lend	*v;
	size_t			 i;

	if (m->nlinks == 0)
		return NULL;
	if (sc != NULL && sc->lends != NULL && sc->nlinks == m->nlinks &&
	    memcmp(sc->links, m->links, m->nlinks * sizeof *m->links) == 0 &&
	    sc->nlends == 2 * m->nlinks) {
		c->lends = sc->lends;
		c->nlends = sc->nlends;
		memcpy(c->lfilter, sc->lfilter, sizeof c->lfilter);
		return NULL;
	}
	v = xreallocarray(NULL, 2 * m->nlinks, sizeof *v);
	for (i = 0; i < m->nlinks; i++) {
		const struct map_link *l = &m->links[i];
		int32_t lo = (int32_t)path_index(c, l->lower.x, l->lower.y,
		    l->lower.z), up = (int32_t)path_index(c, l->upper.x,
		    l->upper.y, l->upper.z);

		v[2 * i] = (struct path_lend){ lo, up };
		v[2 * i + 1] = (struct path_lend){ up, lo };
		c->lfilter[(lo >> 6) & 15] |= UINT64_C(1) << (lo & 63);
		c->lfilter[(up >> 6) & 15] |= UINT64_C(1) << (up & 63);
	}
	qsort(v, 2 * m->nlinks, sizeof *v, path_lend_cmp);
	c->lends = v;
	c->nlends = 2 * m->nlinks;
	if (sc == NULL)
		return v;
	free(sc->lends);
	free(sc->links);
	sc->lends = v;
	sc->nlends = c->nlends;
	memcpy(sc->lfilter, c->lfilter, sizeof sc->lfilter);
	sc->links = xreallocarray(NULL, m->nlinks, sizeof *sc->links);
	memcpy(sc->links, m->links, m->nlinks * sizeof *m->links);
	sc->nlinks = m->nlinks;
	return NULL;
}

bool
path_contains(const struct path_ctx *c, struct pos p)
{
	return p.x >= 0 && p.y >= 0 && p.z >= 0 && p.x + c->size <= c->w &&
	    p.y + c->size <= c->h && p.z < c->levels;
}

/* --- one step ------------------------------------------------------------ */

/*
 * Whether an edge lies inside the footprint at p: the mover stands astride
 * it, so any door there is one it opened (see the top of this file).
 */
static bool
path_internal_v(const struct path_ctx *c, struct pos p, int X, int Y)
{
	return c->size == 2 && X == p.x + 1 && (Y == p.y || Y == p.y + 1);
}

static bool
path_internal_h(const struct path_ctx *c, struct pos p, int X, int Y)
{
	return c->size == 2 && Y == p.y + 1 && (X == p.x || X == p.x + 1);
}

/*
 * Judge one edge of a step on level z.  A closed door inside the old
 * footprint is open; elsewhere it opens (+2) when the step goes straight
 * through it, and blocks a diagonal step: a door is not opened across a
 * corner (§4.2).
 */
static bool
path_edge_ok(enum path_edge_state s, bool internal, bool diagonal,
    bool *door)
{
	if (s == PATH_EDGE_OPEN)
		return true;
	if (s == PATH_EDGE_BLOCKED)
		return false;
	if (internal)
		return true;
	if (diagonal)
		return false;
	*door = true;
	return true;
}

/*
 * The edges of a step on one level (§4.2, RULINGS §5): straight, the edge
 * each square crosses; diagonal, all four edges touching the corner each
 * square passes; for a 2x2 unit, also the internal edges of the new
 * footprint, which it may never straddle while they block.
 */
static bool
path_edges_level(const struct path_ctx *c, struct pos p, int dx, int dy,
    bool *door)
{
	bool	diagonal = dx != 0 && dy != 0;
	int	a, b, z = p.z;

	for (b = p.y; b < p.y + c->size; b++)
		for (a = p.x; a < p.x + c->size; a++) {
			if (diagonal) {
				int X = a + (dx > 0), Y = b + (dy > 0);

				if (!path_edge_ok(path_vedge(c, X, Y - 1, z),
				    path_internal_v(c, p, X, Y - 1), true,
				    door) ||
				    !path_edge_ok(path_vedge(c, X, Y, z),
				    path_internal_v(c, p, X, Y), true, door) ||
				    !path_edge_ok(path_hedge(c, X - 1, Y, z),
				    path_internal_h(c, p, X - 1, Y), true,
				    door) ||
				    !path_edge_ok(path_hedge(c, X, Y, z),
				    path_internal_h(c, p, X, Y), true, door))
					return false;
			} else if (dx != 0) {
				int X = a + (dx > 0);

				if (!path_edge_ok(path_vedge(c, X, b, z),
				    path_internal_v(c, p, X, b), false, door))
					return false;
			} else {
				int Y = b + (dy > 0);

				if (!path_edge_ok(path_hedge(c, a, Y, z),
				    path_internal_h(c, p, a, Y), false, door))
					return false;
			}
		}
	if (c->size == 2) {
		struct pos q = { p.x + dx, p.y + dy, z };

		if (!path_edge_ok(path_vedge(c, q.x + 1, q.y, z),
		    path_internal_v(c, p, q.x + 1, q.y), diagonal, door) ||
		    !path_edge_ok(path_vedge(c, q.x + 1, q.y + 1, z),
		    path_internal_v(c, p, q.x + 1, q.y + 1), diagonal, door) ||
		    !path_edge_ok(path_hedge(c, q.x, q.y + 1, z),
		    path_internal_h(c, p, q.x, q.y + 1), diagonal, door) ||
		    !path_edge_ok(path_hedge(c, q.x + 1, q.y + 1, z),
		    path_internal_h(c, p, q.x + 1, q.y + 1), diagonal, door))
			return false;
	}
	return true;
}

/* Whether any square of the footprint at p has a floor. */
bool
path_on_floor(const struct path_ctx *c, struct pos p)
{
	int	a, b;

	for (b = p.y; b < p.y + c->size; b++)
		for (a = p.x; a < p.x + c->size; a++)
			if (c->m->squares[path_index(c, a, b, p.z)].floor !=
			    FLOOR_NONE)
				return true;
	return false;
}

/*
 * Straight up or down (§5.1, §5.2): walking, from a floor to a floor, when
 * every square of the footprint has a stacked stair or the upper square's
 * floor is an elevator (+3 up, +2 down); else hovering, for a flyer,
 * through open air or an elevator floor (4), never above PATH_MAX_HOVER.
 */
static int
path_vertical(const struct path_ctx *c, struct pos p, int dz)
{
	bool	walk, hover;
	int	a, b, lz = dz > 0 ? p.z : p.z - 1;

	walk = path_on_floor(c, p) && path_on_floor(c, (struct pos){ p.x, p.y,
	    p.z + dz });
	hover = c->flying && (dz < 0 || p.z + 1 <= PATH_MAX_HOVER);
	for (b = p.y; b < p.y + c->size; b++)
		for (a = p.x; a < p.x + c->size; a++) {
			size_t lo = path_index(c, a, b, lz);
			size_t hi = lo + c->level_size;
			int fl = c->m->squares[hi].floor;

			if (fl != FLOOR_ELEVATOR && walk &&
			    !path_linked(c, lo, hi))
				walk = false;
			if (fl != FLOOR_NONE && fl != FLOOR_ELEVATOR)
				hover = false;
		}
	if (walk)
		return dz > 0 ? PATH_UP : PATH_DOWN;
	return hover ? PATH_HOVER : PATH_UNREACHABLE;
}

/*
 * Up or down a stair or ramp to a square beside (§5.1, RULINGS §4): the
 * horizontal step plus +3 up or +2 down.  A link is a passage the map
 * declares, so the edges between its two ends are not consulted.  A 2x2
 * unit needs a link under each square that its move carries beyond its old
 * footprint (a ramp as wide as the unit), and must not straddle a wall or
 * closed door where it arrives.
 */
static int
path_link_step(const struct path_ctx *c, struct pos p, int dx, int dy,
    int dz)
{
	struct pos	q = { p.x + dx, p.y + dy, p.z + dz };
	int		a, b;

	if (!path_on_floor(c, p))
		return PATH_UNREACHABLE;
	for (b = q.y; b < q.y + c->size; b++)
		for (a = q.x; a < q.x + c->size; a++) {
			if (c->size == 2 && a - p.x >= 0 && a - p.x < 2 &&
			    b - p.y >= 0 && b - p.y < 2)
				continue;
			if (!path_linked(c, path_index(c, a - dx, b - dy, p.z),
			    path_index(c, a, b, q.z)))
				return PATH_UNREACHABLE;
		}
	if (c->size == 2 && (path_vedge(c, q.x + 1, q.y, q.z) !=
	    PATH_EDGE_OPEN || path_vedge(c, q.x + 1, q.y + 1, q.z) !=
	    PATH_EDGE_OPEN || path_hedge(c, q.x, q.y + 1, q.z) !=
	    PATH_EDGE_OPEN || path_hedge(c, q.x + 1, q.y + 1, q.z) !=
	    PATH_EDGE_OPEN))
		return PATH_UNREACHABLE;
	return (dx != 0 && dy != 0 ? PATH_DIAGONAL : PATH_STRAIGHT) +
	    (dz > 0 ? PATH_UP : PATH_DOWN);
}

/*
 * Base cost of moving the mover at p by (dx, dy, dz), each -1..1, or
 * PATH_UNREACHABLE: no kneeling, no multiplier.  Every square of the new
 * footprint must be free of units and blocking objects; a walker needs a
 * floor under at least one of them (§4.2: a 2x2 unit stands while any of
 * its squares has one), a flyer in open air stays at or below
 * PATH_MAX_HOVER (§5.2) unless it is coming down.  Entering an uneven
 * floor costs +1, once however many of the new squares are uneven (§5.1).
 */
int
path_step(const struct path_ctx *c, struct pos p, int dx, int dy, int dz,
    bool *door)
{
	struct pos	q = { p.x + dx, p.y + dy, p.z + dz };
	bool		floored = false, uneven = false;
	int		a, b, cost;

	*door = false;
	if ((dx == 0 && dy == 0 && dz == 0) || !path_contains(c, q))
		return PATH_UNREACHABLE;
	for (b = q.y; b < q.y + c->size; b++)
		for (a = q.x; a < q.x + c->size; a++) {
			size_t i = path_index(c, a, b, q.z);
			int fl = c->m->squares[i].floor;

			if (path_square_blocked(c, i))
				return PATH_UNREACHABLE;
			floored |= fl != FLOOR_NONE;
			/* Squares the mover already covers are not new. */
			if (dz == 0 && a - p.x >= 0 && a - p.x < c->size &&
			    b - p.y >= 0 && b - p.y < c->size)
				continue;
			uneven |= floor_table[fl].uneven;
		}
	/* Sinking is always allowed: a flyer above the limit comes down. */
	if (!floored && (!c->flying || (q.z > PATH_MAX_HOVER && dz >= 0)))
		return PATH_UNREACHABLE;
	if (dz == 0) {
		if (!path_edges_level(c, p, dx, dy, door))
			return PATH_UNREACHABLE;
		cost = dx != 0 && dy != 0 ? PATH_DIAGONAL : PATH_STRAIGHT;
		if (*door)
			cost += PATH_DOOR;
	} else if (dx == 0 && dy == 0)
		cost = path_vertical(c, p, dz);
	else
		cost = path_link_step(c, p, dx, dy, dz);
	if (cost == PATH_UNREACHABLE)
		return PATH_UNREACHABLE;
	return cost + (uneven ? PATH_UNEVEN : 0);
}


int
path_step_cost(const struct field *f, const struct mover *mv, struct pos from,
    struct pos to, bool *opens_door)
{
	return path_step_cost_with(f, mv, NULL, from, to, opens_door);
}

int
path_step_cost_with(const struct field *f, const struct mover *mv,
    const struct pos *own, struct pos from, struct pos to, bool *opens_door)
{
	struct path_ctx	c;
	bool		door;
	int		cost;

	if (opens_door != NULL)
		*opens_door = false;
	path_ctx_init(&c, f, mv, own);
	if (!path_contains(&c, from))
		fatal("path_step_cost: mover off the map at (%d,%d,%d)",
		    from.x, from.y, from.z);
	if (abs(to.x - from.x) > 1 || abs(to.y - from.y) > 1 ||
	    abs(to.z - from.z) > 1)
		return PATH_UNREACHABLE;
	cost = path_step(&c, from, to.x - from.x, to.y - from.y,
	    to.z - from.z, &door);
	if (cost == PATH_UNREACHABLE)
		return PATH_UNREACHABLE;
	if (opens_door != NULL)
		*opens_door = door;
	/* §5.4: a kneeling unit stands before it moves. */
	if (mv->kneeling)
		cost += PATH_STAND;
	return cost * mv->multiplier;
}
