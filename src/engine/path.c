/*
 * path.c - movement: the TU cost of one step, the cheapest path between two
 * positions (A*) and every position reachable within a budget (Dijkstra);
 * §4.2, §5, §7.2.2, RULINGS §4 and §5.
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
 *
 * The search queue is a binary min-heap with lazy deletion over 64-bit
 * keys: f in the high half, then h, then the square as z, y, x, so ties go
 * to the position nearer the goal and then to the lower flat index.  The same
 * inputs therefore always give the same path.  Invariant: g[i] is the best
 * base cost found so far (or -1), and a popped key whose f - h differs from
 * g[i] is stale.  The heuristic (octile distance plus 3 a level up, 2 a
 * level down) never overestimates and is consistent, since every step pays
 * at least the octile distance it covers and every level change at least
 * +3 up or +2 down; so a position is final when first popped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/path.h"
#include "xtac/util.h"

#define PATH_STRAIGHT	2
#define PATH_DIAGONAL	3
#define PATH_UP		3
#define PATH_DOWN	2
#define PATH_UNEVEN	1
#define PATH_DOOR	2	/* §5.5 */
#define PATH_STAND	2	/* §5.4 */
#define PATH_HOVER	4

/* Heap keys: f << 32 | h << PATH_SQ_BITS | z << 16 | y << 8 | x. */
#define PATH_SQ_BITS	20	/* x, y < MAP_MAX_SIDE <= 256; z < 16 */
#define PATH_H_BITS	12	/* octile 597 + 3 x 7 levels < 2^12 */
#define PATH_SQ_MASK	((UINT64_C(1) << PATH_SQ_BITS) - 1)
#define PATH_H_MASK	((1u << PATH_H_BITS) - 1)

#if MAP_MAX_SIDE > 256 || MAP_MAX_LEVELS > 16
#error "heap keys hold x and y in 8 bits, z in 4"
#endif

/*
 * map.h's dir_dx and dir_dy, again: those are defined in map.c, where the
 * compiler cannot see them to fold them into the unrolled neighbour loop.
 */
static const int path_dx[DIR_COUNT] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int path_dy[DIR_COUNT] = { -1, -1, 0, 1, 1, 1, 0, -1 };

enum path_edge_state {
	PATH_EDGE_OPEN,		/* open, or a door standing open */
	PATH_EDGE_DOOR,		/* a closed door: 2 TU to open straight on */
	PATH_EDGE_BLOCKED	/* wall, window, fence */
};

/* A link end, sorted by square so a search finds a square's links fast. */
struct path_lend {
	int32_t	sq;
	int32_t	other;
};

struct path_ctx {
	const struct map	*m;
	const uint8_t		*flags;		/* field, [z][y][x] */
	int			 w, h, levels;
	size_t			 level_size;	/* w * h */
	int			 size;
	bool			 flying;
	const struct path_lend	*lends;		/* NULL: scan map->links */
	size_t			 nlends;
	ptrdiff_t		 off[DIR_COUNT];	/* to the neighbour */
	uint64_t		 lfilter[16];	/* bit sq % 1024: links? */
	size_t			 own[4];	/* the mover's squares */
	int			 nown;		/* 0 unless given one */
};

struct path_heap {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

/* --- the map, square by square ------------------------------------------ */

static size_t
path_index(const struct path_ctx *c, int x, int y, int z)
{
	return ((size_t)z * c->h + y) * c->w + x;
}

static struct pos
path_pos(const struct path_ctx *c, size_t i)
{
	struct pos	p;

	p.x = (int)(i % c->w);
	i /= c->w;
	p.y = (int)(i % c->h);
	p.z = (int)(i / c->h);
	return p;
}

static enum path_edge_state
path_edge_judge(const struct edge *e)
{
	if (e->kind == EDGE_OPEN)
		return PATH_EDGE_OPEN;
	if (e->kind == EDGE_DOOR)
		return (e->flags & EDGE_OPENED) ? PATH_EDGE_OPEN :
		    PATH_EDGE_DOOR;
	return PATH_EDGE_BLOCKED;
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

/* Whether square i is one of the mover's own (path_find_with's own). */
static bool
path_own(const struct path_ctx *c, size_t i)
{
	int	k;

	for (k = 0; k < c->nown; k++)
		if (c->own[k] == i)
			return true;
	return false;
}

/* A unit or an object that stops movement fills the square (§4.2). */
static inline bool
path_square_blocked(const struct path_ctx *c, size_t i)
{
	int	o = c->m->squares[i].object;

	if ((c->flags[i] & FIELD_UNIT) && !path_own(c, i))
		return true;
	return o != OBJECT_NONE && (c->m->objects[o].solid ||
	    !c->m->objects[o].passable);
}

/*
 * The first of square sq's link ends, or nlends if it has none.  Most
 * squares have none, and the filter says so without a search.
 */
static size_t
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

static void
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
static struct path_lend *
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

static bool
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
static bool
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
static int
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

/*
 * The common case, a 1x1 mover stepping in direction d on one level to
 * square j (on the map: the caller checked), without the generic loops; it
 * must agree with path_step() (the tests compare the two).
 */
static inline __attribute__((always_inline)) int
path_step1(const struct path_ctx *c, int x, int y, int z, size_t j, int d,
    bool *door)
{
	const struct square	*sq = &c->m->squares[j];
	const struct edge	*ve, *he;
	size_t			 vrow = (size_t)c->w + 1;
	int			 dx = path_dx[d], dy = path_dy[d], cost;

	*door = false;
	if (path_square_blocked(c, j))
		return PATH_UNREACHABLE;
	if (sq->floor == FLOOR_NONE && (!c->flying || z > PATH_MAX_HOVER))
		return PATH_UNREACHABLE;
	/* This level's edges; vertical rows are w + 1 long. */
	ve = c->m->vedges + (size_t)z * c->h * vrow;
	he = c->m->hedges + (size_t)z * (c->h + 1) * c->w;
	if (dx != 0 && dy != 0) {
		size_t X = (size_t)(x + (dx > 0)), Y = (size_t)(y + (dy > 0));

		/* Any edge at the corner, closed doors included. */
		if (path_edge_judge(&ve[(Y - 1) * vrow + X]) !=
		    PATH_EDGE_OPEN ||
		    path_edge_judge(&ve[Y * vrow + X]) != PATH_EDGE_OPEN ||
		    path_edge_judge(&he[Y * c->w + X - 1]) != PATH_EDGE_OPEN ||
		    path_edge_judge(&he[Y * c->w + X]) != PATH_EDGE_OPEN)
			return PATH_UNREACHABLE;
		cost = PATH_DIAGONAL;
	} else {
		enum path_edge_state e = path_edge_judge(dx != 0 ?
		    &ve[(size_t)y * vrow + (size_t)(x + (dx > 0))] :
		    &he[(size_t)(y + (dy > 0)) * c->w + (size_t)x]);

		if (e == PATH_EDGE_BLOCKED)
			return PATH_UNREACHABLE;
		cost = PATH_STRAIGHT;
		if (e == PATH_EDGE_DOOR) {
			*door = true;
			cost += PATH_DOOR;
		}
	}
	return cost + (floor_table[sq->floor].uneven ? PATH_UNEVEN : 0);
}

int
path_step_cost(const struct field *f, const struct mover *mv, struct pos from,
    struct pos to, bool *opens_door)
{
	struct path_ctx	c;
	bool		door;
	int		cost;

	if (opens_door != NULL)
		*opens_door = false;
	path_ctx_init(&c, f, mv, NULL);
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

/* --- the search ---------------------------------------------------------- */

/*
 * The heap keeps one spare slot past its last key: popping parks a
 * sentinel there so the descent below never tests for a lone last child.
 */
static void
path_heap_push(struct path_heap *hp, uint64_t key)
{
	size_t	i;

	if (hp->n + 1 >= hp->cap) {
		hp->cap = hp->cap == 0 ? 256 : hp->cap * 2;
		hp->v = xreallocarray(hp->v, hp->cap, sizeof *hp->v);
	}
	i = hp->n++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (hp->v[parent] <= key)
			break;
		hp->v[i] = hp->v[parent];
		i = parent;
	}
	hp->v[i] = key;
}

/*
 * Pop the least key.  Bottom-up (Wegener): walk the hole down to a leaf
 * taking the lesser child each time, then sift the last key up from there;
 * half the comparisons of the textbook descent, whose "stop here?" branch
 * the processor cannot predict.
 */
static uint64_t
path_heap_pop(struct path_heap *hp)
{
	uint64_t	*v = hp->v, top = v[0], last;
	size_t		 i = 0, child, n;

	n = --hp->n;
	last = v[n];
	v[n] = UINT64_MAX;
	while ((child = 2 * i + 1) < n) {
		child += v[child + 1] < v[child];
		v[i] = v[child];
		i = child;
	}
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (v[parent] <= last)
			break;
		v[i] = v[parent];
		i = parent;
	}
	v[i] = last;
	return top;
}

/* Admissible, consistent estimate of the base cost from (x,y,z) to goal. */
static int
path_heuristic(struct pos goal, int x, int y, int z)
{
	int	dx = abs(goal.x - x), dy = abs(goal.y - y), dz = goal.z - z;
	int	lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	return PATH_STRAIGHT * hi + (PATH_DIAGONAL - PATH_STRAIGHT) * lo +
	    (dz > 0 ? PATH_UP * dz : -PATH_DOWN * dz);
}

/*
 * The square in a heap key: z, y, x in that order, so keys of equal f and
 * h sort as the flat index does, and popping needs no division.
 */
static uint64_t
path_key(int f, int h, int x, int y, int z)
{
	return (uint64_t)f << 32 | (uint64_t)h << PATH_SQ_BITS |
	    (uint64_t)z << 16 | (uint64_t)y << 8 | (uint64_t)x;
}

struct path_search {
	const struct path_ctx	*c;
	struct pos		 goal;
	bool			 has_goal;
	int			 budget;	/* base TUs */
	int			*g;		/* base cost, or -1 */
	int32_t			*parent;	/* or NULL */
	struct path_heap	 heap;
	struct path_scratch	*sc;
	bool			 track;		/* note squares in sc->touched */
	bool			 buckets;	/* sc's bucket queue, not heap */
	size_t			 queued;	/* in the buckets */
};

/*
 * The bucket queue of path_reach (no goal, so no heuristic): a key's cost
 * picks one of 16 buckets round a circle.  Every step costs 2 to 7 base
 * TUs, so the keys waiting all lie within 7 of the cost being settled and
 * never share a bucket with a key of another cost.  Within a bucket the
 * order does not matter: costs settled are exact whatever order ties go.
 */
#define PATH_BUCKETS	16

static inline void
path_bucket_push(struct path_search *s, int cost, uint32_t code)
{
	struct path_scratch	*sc = s->sc;
	int			 b = cost & (PATH_BUCKETS - 1);

	if (sc->nbucket[b] == sc->bucket_cap[b]) {
		sc->bucket_cap[b] = sc->bucket_cap[b] ? 2 * sc->bucket_cap[b] :
		    256;
		sc->bucket[b] = xreallocarray(sc->bucket[b], sc->bucket_cap[b],
		    sizeof *sc->bucket[b]);
	}
	sc->bucket[b][sc->nbucket[b]++] = code;
	s->queued++;
}

/* Reach square j at (x, y, z) from square `from` for ng base TUs. */
static inline __attribute__((always_inline)) void
path_relax(struct path_search *s, size_t from, int ng, int x, int y, int z,
    size_t j)
{
	int	h = 0;

	if (ng > s->budget)
		return;
	if (s->has_goal) {
		h = path_heuristic(s->goal, x, y, z);
		if (ng + h > s->budget)
			return;
	}
	/* Unreached squares hold -1: as unsigned, more than any cost. */
	if ((unsigned)s->g[j] <= (unsigned)ng)
		return;
	if (s->track && s->g[j] < 0)
		s->sc->touched[s->sc->ntouched++] = (uint32_t)j;
	s->g[j] = ng;
	if (s->parent != NULL)
		s->parent[j] = (int32_t)from;
	if (s->buckets)
		path_bucket_push(s, ng, (uint32_t)z << 16 | (uint32_t)y << 8 |
		    (uint32_t)x);
	else
		path_heap_push(&s->heap, path_key(ng + h, h, x, y, z));
}

static void
path_relax_step(struct path_search *s, size_t from, int gfrom, struct pos q,
    int cost)
{
	if (cost == PATH_UNREACHABLE)
		return;
	path_relax(s, from, gfrom + cost, q.x, q.y, q.z,
	    path_index(s->c, q.x, q.y, q.z));
}

/*
 * Try the step in direction d from an inner square (no map edge near).  A
 * neighbour already reached as cheaply as the least this step could cost
 * is skipped before its square and edges are looked at: on open ground
 * that is nearly all of them.
 */
static inline __attribute__((always_inline)) void
path_try1(struct path_search *s, int x, int y, int z, size_t i, int gi,
    int d)
{
	const struct path_ctx	*c = s->c;
	size_t			 j = i + c->off[d];
	bool			 door;
	int			 cost;

	/* Odd directions are the diagonals (map.h). */
	if ((unsigned)s->g[j] <= (unsigned)gi + (d & 1 ? PATH_DIAGONAL :
	    PATH_STRAIGHT))
		return;
	cost = path_step1(c, x, y, z, j, d, &door);
	if (cost != PATH_UNREACHABLE)
		path_relax(s, i, gi + cost, x + path_dx[d], y + path_dy[d], z,
		    j);
}

/* A 1x1 mover's eight steps on its level. */
static void
path_expand1(struct path_search *s, int x, int y, int z, size_t i, int gi)
{
	const struct path_ctx	*c = s->c;
	bool			 door;
	int			 d;

	if (x > 0 && y > 0 && x < c->w - 1 && y < c->h - 1) {
		/* Spelt out: constant directions let the compiler fold. */
		path_try1(s, x, y, z, i, gi, DIR_N);
		path_try1(s, x, y, z, i, gi, DIR_NE);
		path_try1(s, x, y, z, i, gi, DIR_E);
		path_try1(s, x, y, z, i, gi, DIR_SE);
		path_try1(s, x, y, z, i, gi, DIR_S);
		path_try1(s, x, y, z, i, gi, DIR_SW);
		path_try1(s, x, y, z, i, gi, DIR_W);
		path_try1(s, x, y, z, i, gi, DIR_NW);
		return;
	}
	/* A border square: some neighbours are off the map. */
	for (d = 0; d < DIR_COUNT; d++) {
		int nx = x + path_dx[d], ny = y + path_dy[d], cost;
		size_t j = i + c->off[d];

		if ((unsigned)nx >= (unsigned)c->w ||
		    (unsigned)ny >= (unsigned)c->h ||
		    (unsigned)s->g[j] <= (unsigned)gi + (d & 1 ?
		    PATH_DIAGONAL : PATH_STRAIGHT))
			continue;
		cost = path_step1(c, x, y, z, j, d, &door);
		if (cost != PATH_UNREACHABLE)
			path_relax(s, i, gi + cost, nx, ny, z, j);
	}
}

/*
 * Whether a 1x1 mover could go straight up or down from square i at all:
 * a cheap test that spares path_step() on most squares of a building.
 */
static bool
path_may_climb(const struct path_ctx *c, size_t i, int dz, bool linked)
{
	int	fl = c->m->squares[dz > 0 ? i + c->level_size : i].floor;

	return linked || fl == FLOOR_ELEVATOR ||
	    (c->flying && fl == FLOOR_NONE);
}

/*
 * Expand position p (square i): the eight steps on its level, then
 * straight up and down, then the stairs and ramps that leave from its
 * squares.
 */
static void
path_expand(struct path_search *s, struct pos p, size_t i, int gi)
{
	const struct path_ctx	*c = s->c;
	bool			 door, linked = false;
	size_t			 k;
	int			 d, a, b;

	if (c->size == 1)
		path_expand1(s, p.x, p.y, p.z, i, gi);
	else
		for (d = 0; d < DIR_COUNT; d++)
			path_relax_step(s, i, gi, (struct pos){ p.x + dir_dx[d],
			    p.y + dir_dy[d], p.z }, path_step(c, p, dir_dx[d],
			    dir_dy[d], 0, &door));
	if (c->levels == 1)
		return;
	if (c->size == 1 && c->nlends > 0)
		linked = path_lend_first(c, i) < c->nlends;
	if (p.z + 1 < c->levels && (c->size == 2 ||
	    path_may_climb(c, i, 1, linked)))
		path_relax_step(s, i, gi, (struct pos){ p.x, p.y, p.z + 1 },
		    path_step(c, p, 0, 0, 1, &door));
	if (p.z > 0 && (c->size == 2 || path_may_climb(c, i, -1, linked)))
		path_relax_step(s, i, gi, (struct pos){ p.x, p.y, p.z - 1 },
		    path_step(c, p, 0, 0, -1, &door));
	if (c->nlends == 0 || (c->size == 1 && !linked))
		return;
	for (b = p.y; b < p.y + c->size; b++)
		for (a = p.x; a < p.x + c->size; a++) {
			size_t sq = path_index(c, a, b, p.z);

			for (k = path_lend_first(c, sq); k < c->nlends &&
			    (size_t)c->lends[k].sq == sq; k++) {
				struct pos o = path_pos(c,
				    (size_t)c->lends[k].other);
				int dx = o.x - a, dy = o.y - b, dz = o.z - p.z;
				struct pos q = { p.x + dx, p.y + dy, p.z + dz };

				/* Stacked links went with up and down. */
				if (dx == 0 && dy == 0)
					continue;
				path_relax_step(s, i, gi, q,
				    path_step(c, p, dx, dy, dz, &door));
			}
		}
}

/* path_run over the bucket queue: every square within the budget. */
static void
path_run_buckets(struct path_search *s, struct pos from)
{
	const struct path_ctx	*c = s->c;
	struct path_scratch	*sc = s->sc;
	uint32_t		 code;
	struct pos		 p;
	size_t			 i;
	int			 cur = 0, b;

	s->g[path_index(c, from.x, from.y, from.z)] = 0;
	path_bucket_push(s, 0, (uint32_t)from.z << 16 |
	    (uint32_t)from.y << 8 | (uint32_t)from.x);
	while (s->queued > 0) {
		b = cur & (PATH_BUCKETS - 1);
		if (sc->nbucket[b] == 0) {
			cur++;
			continue;
		}
		code = sc->bucket[b][--sc->nbucket[b]];
		s->queued--;
		p = (struct pos){ (int)(code & 0xff),
		    (int)((code >> 8) & 0xff), (int)(code >> 16) };
		i = path_index(c, p.x, p.y, p.z);
		if (s->g[i] != cur)
			continue;	/* stale: settled cheaper already */
		path_expand(s, p, i, cur);
	}
}

/* Run the search from `from` until the goal (if any) is final. */
static void
path_run(struct path_search *s, struct pos from)
{
	const struct path_ctx	*c = s->c;
	int			 h = s->has_goal ? path_heuristic(s->goal,
				    from.x, from.y, from.z) : 0;
	uint64_t		 goal = s->has_goal ? path_key(0, 0,
				    s->goal.x, s->goal.y, s->goal.z) :
				    UINT64_MAX;

	if (s->track)
		s->sc->touched[s->sc->ntouched++] = (uint32_t)path_index(c,
		    from.x, from.y, from.z);
	s->g[path_index(c, from.x, from.y, from.z)] = 0;
	path_heap_push(&s->heap, path_key(h, h, from.x, from.y, from.z));
	while (s->heap.n > 0) {
		uint64_t key = path_heap_pop(&s->heap);
		struct pos p = { (int)(key & 0xff), (int)((key >> 8) & 0xff),
		    (int)((key >> 16) & 0xf) };
		size_t i = path_index(c, p.x, p.y, p.z);
		int g = (int)(key >> 32) -
		    (int)((key >> PATH_SQ_BITS) & PATH_H_MASK);

		if (g != s->g[i])
			continue;	/* stale: a cheaper entry came first */
		if ((key & PATH_SQ_MASK) == goal)
			return;
		path_expand(s, p, i, g);
	}
}

/*
 * The necessary conditions of path_step() that depend on the squares of
 * the footprint at q alone: free of units and blocking objects, and for a
 * walker a floor under one of them.
 */
static bool
path_enterable(const struct path_ctx *c, struct pos q)
{
	int	a, b;

	for (b = q.y; b < q.y + c->size; b++)
		for (a = q.x; a < q.x + c->size; a++)
			if (path_square_blocked(c, path_index(c, a, b, q.z)))
				return false;
	return c->flying || path_on_floor(c, q);
}

/* The budget in base TUs; every step costs 2 or more. */
static int
path_budget(const struct mover *mv, int max_tu)
{
	if (max_tu < 0)
		return -1;
	return max_tu / mv->multiplier - (mv->kneeling ? PATH_STAND : 0);
}

void
path_scratch_init(struct path_scratch *sc)
{
	memset(sc, 0, sizeof *sc);
}

void
path_scratch_free(struct path_scratch *sc)
{
	int	b;

	free(sc->g);
	free(sc->touched);
	free(sc->heap);
	free(sc->lends);
	free(sc->links);
	for (b = 0; b < PATH_BUCKETS; b++)
		free(sc->bucket[b]);
	memset(sc, 0, sizeof *sc);
}

/*
 * Fit the scratch to map m: the list of touched squares of its size and,
 * for path_find (with_g), g and parent too, g all -1.
 */
static void
path_scratch_fit(struct path_scratch *sc, const struct map *m, bool with_g)
{
	size_t	n = (size_t)m->width * m->height * m->levels;

	if (sc->n != n) {
		free(sc->g);
		free(sc->touched);
		sc->g = NULL;
		sc->parent = NULL;
		sc->n = n;
		sc->touched = xreallocarray(NULL, n, sizeof *sc->touched);
		sc->ntouched = 0;
	}
	if (with_g && sc->g == NULL) {
		sc->g = xreallocarray(NULL, n, sizeof *sc->g +
		    sizeof *sc->parent);
		sc->parent = (int32_t *)(void *)(sc->g + n);
		memset(sc->g, 0xff, n * sizeof *sc->g);	/* all -1 */
	}
}

int
path_find_with(struct path_scratch *sc, const struct field *f,
    const struct mover *mv, const struct pos *own, struct pos from,
    struct pos to, int max_tu, struct path *out)
{
	struct path_ctx		 c;
	struct path_search	 s;
	size_t			 i, k, start, goal;
	int			 stand = mv->kneeling ? PATH_STAND : 0;

	memset(out, 0, sizeof *out);
	out->tu = PATH_UNREACHABLE;
	path_ctx_init(&c, f, mv, own);
	if (!path_contains(&c, from))
		fatal("path_find: mover off the map at (%d,%d,%d)", from.x,
		    from.y, from.z);
	if (max_tu < 0 || !path_contains(&c, to))
		return PATH_UNREACHABLE;
	if (from.x == to.x && from.y == to.y && from.z == to.z)
		return out->tu = 0;
	/*
	 * Every step into `to` would fail on its squares alone: say so now,
	 * rather than after searching everything within reach.
	 */
	if (!path_enterable(&c, to))
		return PATH_UNREACHABLE;
	memset(&s, 0, sizeof s);
	s.c = &c;
	s.goal = to;
	s.has_goal = true;
	s.budget = path_budget(mv, max_tu);
	if (s.budget <= 0)
		return PATH_UNREACHABLE;
	path_scratch_fit(sc, c.m, true);
	s.sc = sc;
	s.track = true;
	s.g = sc->g;
	s.parent = sc->parent;
	s.heap.v = sc->heap;
	s.heap.cap = sc->heap_cap;
	path_ctx_links(&c, sc);
	start = path_index(&c, from.x, from.y, from.z);
	path_run(&s, from);
	goal = path_index(&c, to.x, to.y, to.z);
	if (s.g[goal] >= 0) {
		/* Count the steps, then fill them from the goal back. */
		for (out->n = 0, i = goal; i != start; out->n++)
			i = (size_t)s.parent[i];
		out->steps = xreallocarray(NULL, out->n, sizeof *out->steps);
		for (k = out->n, i = goal; k-- > 0; i = (size_t)s.parent[i]) {
			struct pos q = path_pos(&c, i);
			struct pos p = path_pos(&c, (size_t)s.parent[i]);
			bool door;

			/* Recomputed for the door; the cost must agree. */
			if (path_step(&c, p, q.x - p.x, q.y - p.y, q.z - p.z,
			    &door) != s.g[i] - s.g[s.parent[i]])
				fatal("path_find: step cost disagrees");
			out->steps[k].pos = q;
			out->steps[k].tu = (s.g[i] + stand) * mv->multiplier;
			out->steps[k].opens_door = door;
		}
		out->tu = (s.g[goal] + stand) * mv->multiplier;
	}
	/* Leave g all -1 again, touching only what was touched. */
	for (k = 0; k < sc->ntouched; k++)
		sc->g[sc->touched[k]] = -1;
	sc->ntouched = 0;
	sc->heap = s.heap.v;
	sc->heap_cap = s.heap.cap;
	return out->tu;
}

int
path_find(const struct field *f, const struct mover *mv, struct pos from,
    struct pos to, int max_tu, struct path *out)
{
	struct path_scratch	sc;
	int			cost;

	path_scratch_init(&sc);
	cost = path_find_with(&sc, f, mv, NULL, from, to, max_tu, out);
	path_scratch_free(&sc);
	return cost;
}

void
path_free(struct path *p)
{
	free(p->steps);
	p->steps = NULL;
	p->n = 0;
}

void
path_reach_with(struct path_scratch *sc, const struct field *f,
    const struct mover *mv, const struct pos *own, struct pos from,
    int max_tu, int *cost)
{
	struct path_ctx		 c;
	struct path_search	 s;
	size_t			 n, i, k, start;
	int			 stand = mv->kneeling ? PATH_STAND : 0, b;

	path_ctx_init(&c, f, mv, own);
	n = c.level_size * c.levels;
	for (i = 0; i < n; i++)
		cost[i] = PATH_UNREACHABLE;
	if (!path_contains(&c, from))
		fatal("path_reach: mover off the map at (%d,%d,%d)", from.x,
		    from.y, from.z);
	if (max_tu < 0)
		return;
	start = path_index(&c, from.x, from.y, from.z);
	cost[start] = 0;
	memset(&s, 0, sizeof s);
	s.c = &c;
	s.budget = path_budget(mv, max_tu);
	if (s.budget <= 0)
		return;
	/* The caller's array holds the base costs while searching. */
	s.g = cost;
	s.sc = sc;
	s.buckets = true;
	for (b = 0; b < PATH_BUCKETS; b++)
		sc->nbucket[b] = 0;
	path_scratch_fit(sc, c.m, false);
	s.track = true;
	path_ctx_links(&c, sc);
	path_run_buckets(&s, from);
	/* Scale the squares reached, noted as they were: not the map. */
	for (k = 0; k < sc->ntouched; k++) {
		i = sc->touched[k];
		if (cost[i] > 0)
			cost[i] = (cost[i] + stand) * mv->multiplier;
	}
	sc->ntouched = 0;
}

void
path_reach(const struct field *f, const struct mover *mv, struct pos from,
    int max_tu, int *cost)
{
	struct path_scratch	sc;

	path_scratch_init(&sc);
	path_reach_with(&sc, f, mv, NULL, from, max_tu, cost);
	path_scratch_free(&sc);
}
