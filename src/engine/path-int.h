/*
 * path-int.h - what path-step.c, path-moves.c and the searches
 * (path-search.c, path-astar.c) share: the base costs, struct path_ctx (the
 * map as a search reads it) and the step functions, the common 1x1 one
 * inline so the searches' inner loop stays lean; the search itself (struct
 * path_search, its heap and keys).
 */
#ifndef XTAC_PATH_INT_H
#define XTAC_PATH_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "xtac/path.h"

#define PATH_STRAIGHT	2
#define PATH_DIAGONAL	3
#define PATH_UP		3
#define PATH_DOWN	2
#define PATH_UNEVEN	1
#define PATH_DOOR	2	/* §5.5 */
#define PATH_STAND	2	/* §5.4 */
#define PATH_HOVER	4

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
	const uint32_t		*moves;		/* kept path_moves words, or
						   NULL: read the map */
	const uint8_t		*climb;		/* with them: path_moves' */
};

/* A path_moves word: the base cost of the step in direction d, or 0. */
#define PATH_MOVE_COST(w, d)	((int)((w) >> (4 * (d))) & 15)

static inline size_t
path_index(const struct path_ctx *c, int x, int y, int z)
{
	return ((size_t)z * c->h + y) * c->w + x;
}

static inline enum path_edge_state
path_edge_judge(const struct edge *e)
{
	if (e->kind == EDGE_OPEN)
		return PATH_EDGE_OPEN;
	if (e->kind == EDGE_DOOR)
		return (e->flags & EDGE_OPENED) ? PATH_EDGE_OPEN :
		    PATH_EDGE_DOOR;
	return PATH_EDGE_BLOCKED;
}

/* Whether square i is one of the mover's own (path_find_with's own). */
static inline bool
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
 * The common case, a 1x1 mover stepping in direction d on one level to
 * square j (on the map: the caller checked), without the generic loops,
 * units aside: what the square and the edges allow.  It must agree with
 * path_step() (the tests compare the two); path_moves words hold it.
 */
static inline __attribute__((always_inline)) int
path_step1_ground(const struct path_ctx *c, int x, int y, int z, size_t j,
    int d, bool *door)
{
	const struct square	*sq = &c->m->squares[j];
	const struct edge	*ve, *he;
	size_t			 vrow = (size_t)c->w + 1;
	int			 dx = path_dx[d], dy = path_dy[d], cost, o;

	*door = false;
	o = sq->object;
	if (o != OBJECT_NONE && (c->m->objects[o].solid ||
	    !c->m->objects[o].passable))
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

/* path_step1_ground, and no unit in the way. */
static inline __attribute__((always_inline)) int
path_step1(const struct path_ctx *c, int x, int y, int z, size_t j, int d,
    bool *door)
{
	if ((c->flags[j] & FIELD_UNIT) && !path_own(c, j)) {
		*door = false;
		return PATH_UNREACHABLE;
	}
	return path_step1_ground(c, x, y, z, j, d, door);
}

/* path-step.c */
struct pos	 path_pos(const struct path_ctx *, size_t);
size_t		 path_lend_first(const struct path_ctx *, size_t);
void		 path_ctx_init(struct path_ctx *, const struct field *,
		     const struct mover *, const struct pos *);
struct path_lend *path_ctx_links(struct path_ctx *, struct path_scratch *);
bool		 path_contains(const struct path_ctx *, struct pos);
bool		 path_on_floor(const struct path_ctx *, struct pos);
int		 path_step(const struct path_ctx *, struct pos, int, int, int,
		     bool *);

/* --- the searches (path-search.c, path-astar.c) ------------------------ */

/* Heap keys: f << 32 | h << PATH_SQ_BITS | z << 16 | y << 8 | x. */
#define PATH_SQ_BITS	20	/* x, y < MAP_MAX_SIDE <= 256; z < 16 */
#define PATH_H_BITS	12	/* octile 597 + 3 x 7 levels < 2^12 */
#define PATH_SQ_MASK	((UINT64_C(1) << PATH_SQ_BITS) - 1)
#define PATH_H_MASK	((1u << PATH_H_BITS) - 1)

#if MAP_MAX_SIDE > 256 || MAP_MAX_LEVELS > 16
#error "heap keys hold x and y in 8 bits, z in 4"
#endif

struct path_heap {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

/* Admissible, consistent estimate of the base cost from (x,y,z) to goal. */
static inline int
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
static inline uint64_t
path_key(int f, int h, int x, int y, int z)
{
	return (uint64_t)f << 32 | (uint64_t)h << PATH_SQ_BITS |
	    (uint64_t)z << 16 | (uint64_t)y << 8 | (uint64_t)x;
}

/*
 * One search: a struct path_search per call, on the stack, over arrays a
 * struct path_scratch owns and keeps between calls (or ones allocated per
 * call).  Invariant: g[i] is the best base cost found so far (or -1).
 */
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

/* path-search.c */
void		 path_heap_push(struct path_heap *, uint64_t);
uint64_t	 path_heap_pop(struct path_heap *);
void		 path_expand(struct path_search *, struct pos, size_t, int);
void		 path_expand_climb(struct path_search *, struct pos, size_t,
		     int);
void		 path_ctx_moves(struct path_ctx *, const struct path_scratch *,
		     const struct mover *);
int		 path_budget(const struct mover *, int);
void		 path_scratch_fit(struct path_scratch *, const struct map *,
		     bool);

#endif
