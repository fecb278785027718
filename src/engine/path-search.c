/*
 * path-search.c - the cheapest path between two positions (A*,
 * path_find) and every position reachable within a budget (Dijkstra,
 * path_reach), over the steps of path-step.c; §5, RULINGS §5.
 *
 * Data: a struct path_search per call, on the stack, over arrays a
 * struct path_scratch owns and keeps between calls (or ones allocated per
 * call).  Invariants below; the same inputs always give the same path.
 *
 * Costs are searched in base TUs (straight 2, diagonal 3, and the
 * surcharges of path.h) and scaled only on the way out: the stand-up cost
 * and the multiplier apply alike to every step, so a path is cheapest in
 * base TUs exactly when it is cheapest in scaled ones, and a budget of
 * max_tu scaled TUs is max_tu / multiplier - stand base TUs.
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

#include "path-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

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
path_bucket_push(struct path_search *s, int cost, uint32_t sq)
{
	struct path_scratch	*sc = s->sc;
	int			 b = cost & (PATH_BUCKETS - 1);

	if (sc->nbucket[b] == sc->bucket_cap[b]) {
		sc->bucket_cap[b] = sc->bucket_cap[b] ? 2 * sc->bucket_cap[b] :
		    256;
		sc->bucket[b] = xreallocarray(sc->bucket[b], sc->bucket_cap[b],
		    sizeof *sc->bucket[b]);
	}
	sc->bucket[b][sc->nbucket[b]++] = sq;
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
		path_bucket_push(s, ng, (uint32_t)j);
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

/*
 * The step in direction d as the kept word w of square i says: no edges,
 * floors or border to read, only the neighbour's cost so far and units.
 */
static inline __attribute__((always_inline)) void
path_tryw(struct path_search *s, int x, int y, int z, size_t i, int gi,
    uint32_t w, int d)
{
	const struct path_ctx	*c = s->c;
	int			 cost = PATH_MOVE_COST(w, d);
	size_t			 j;

	if (cost == 0)
		return;
	j = i + c->off[d];
	if ((unsigned)s->g[j] <= (unsigned)(gi + cost) ||
	    ((c->flags[j] & FIELD_UNIT) && !path_own(c, j)))
		return;
	path_relax(s, i, gi + cost, x + path_dx[d], y + path_dy[d], z, j);
}

/* A 1x1 mover's eight steps on its level. */
static void
path_expand1(struct path_search *s, int x, int y, int z, size_t i, int gi)
{
	const struct path_ctx	*c = s->c;
	bool			 door;
	int			 d;

	if (c->moves != NULL) {
		uint32_t w = c->moves[i];

		path_tryw(s, x, y, z, i, gi, w, DIR_N);
		path_tryw(s, x, y, z, i, gi, w, DIR_NE);
		path_tryw(s, x, y, z, i, gi, w, DIR_E);
		path_tryw(s, x, y, z, i, gi, w, DIR_SE);
		path_tryw(s, x, y, z, i, gi, w, DIR_S);
		path_tryw(s, x, y, z, i, gi, w, DIR_SW);
		path_tryw(s, x, y, z, i, gi, w, DIR_W);
		path_tryw(s, x, y, z, i, gi, w, DIR_NW);
		return;
	}
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
 * The steps of position p (square i) off its level: straight up and down,
 * then the stairs and ramps that leave from its squares.
 */
static void
path_expand_climb(struct path_search *s, struct pos p, size_t i, int gi)
{
	const struct path_ctx	*c = s->c;
	bool			 door, linked = false;
	size_t			 k;
	int			 a, b;

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

/* Expand position p (square i): the eight steps on its level, then off. */
static void
path_expand(struct path_search *s, struct pos p, size_t i, int gi)
{
	const struct path_ctx	*c = s->c;
	bool			 door;
	int			 d;

	if (c->size == 1)
		path_expand1(s, p.x, p.y, p.z, i, gi);
	else
		for (d = 0; d < DIR_COUNT; d++)
			path_relax_step(s, i, gi, (struct pos){ p.x + dir_dx[d],
			    p.y + dir_dy[d], p.z }, path_step(c, p, dir_dx[d],
			    dir_dy[d], 0, &door));
	if (c->levels > 1 && (c->climb == NULL || c->climb[i]))
		path_expand_climb(s, p, i, gi);
}

/*
 * One step of path_run_words: square i's in direction d (a constant), to
 * j = i + off, as word w says.  Locals, not the search's fields, so the
 * compiler need not reload them after every store to g.
 */
#define PATH_WORD_STEP(d, off, check_zero, check_budget) do {		\
	int	 ng_ = cur + PATH_MOVE_COST(w, d);			\
	size_t	 j_ = i + (size_t)(off);				\
									\
	if ((check_zero && ng_ == cur) ||				\
	    (check_budget && ng_ > budget) ||				\
	    (unsigned)g[j_] <= (unsigned)ng_ ||				\
	    ((flags[j_] & FIELD_UNIT) && !path_own(c, j_)))		\
		break;							\
	if (g[j_] < 0)							\
		touched[nt++] = (uint32_t)j_;				\
	g[j_] = ng_;							\
	path_bucket_push(s, ng_, (uint32_t)j_);				\
} while (0)

/*
 * path_run_buckets' inner loop over kept words: every square within the
 * budget.  A square all of whose eight steps are allowed (no nibble of its
 * word is 0: open ground) and whose dearest step (5 base TUs) stays within
 * the budget skips those tests; any other takes them all.
 */
#define PATH_WORD_STEPS(check_zero, check_budget) do {			\
	PATH_WORD_STEP(DIR_N, on, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_NE, one, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_E, oe, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_SE, ose, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_S, os, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_SW, osw, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_W, ow, check_zero, check_budget);		\
	PATH_WORD_STEP(DIR_NW, onw, check_zero, check_budget);		\
} while (0)
#define PATH_WORD_ALL(w)						\
	((((w) - UINT32_C(0x11111111)) & ~(w) & UINT32_C(0x88888888)) == 0)

static void
path_run_words(struct path_search *s)
{
	const struct path_ctx	*c = s->c;
	struct path_scratch	*sc = s->sc;
	const uint32_t		*moves = c->moves;
	const uint8_t		*flags = c->flags;
	uint32_t		*touched = sc->touched;
	int			*g = s->g;
	const ptrdiff_t		 on = c->off[DIR_N], one = c->off[DIR_NE];
	const ptrdiff_t		 oe = c->off[DIR_E], ose = c->off[DIR_SE];
	const ptrdiff_t		 os = c->off[DIR_S], osw = c->off[DIR_SW];
	const ptrdiff_t		 ow = c->off[DIR_W], onw = c->off[DIR_NW];
	const int		 budget = s->budget;
	size_t			 nt = sc->ntouched, i;
	uint32_t		 w;
	int			 cur = 0, b;
	bool			 deep;

	while (s->queued > 0) {
		b = cur & (PATH_BUCKETS - 1);
		if (sc->nbucket[b] == 0) {
			cur++;
			continue;
		}
		i = sc->bucket[b][--sc->nbucket[b]];
		s->queued--;
		if (g[i] != cur)
			continue;	/* stale: settled cheaper already */
		w = moves[i];
		deep = cur + PATH_STRAIGHT + PATH_DOOR + PATH_UNEVEN <= budget;
		if (deep && PATH_WORD_ALL(w)) {
			PATH_WORD_STEPS(false, false);
		} else if (deep) {
			PATH_WORD_STEPS(true, false);
		} else {
			PATH_WORD_STEPS(true, true);
		}
		if (c->levels > 1 && c->climb[i]) {
			sc->ntouched = nt;
			path_expand_climb(s, path_pos(c, i), i, cur);
			nt = sc->ntouched;
		}
	}
	sc->ntouched = nt;
}

#undef PATH_WORD_STEP
#undef PATH_WORD_STEPS
#undef PATH_WORD_ALL

/* The scratch's kept words, when they are of this map and fit the mover. */
static void
path_ctx_moves(struct path_ctx *c, const struct path_scratch *sc,
    const struct mover *mv)
{
	if (sc->moves != NULL && sc->moves->map == c->m &&
	    sc->moves->w != NULL && mv->size == 1 && !mv->flying) {
		path_moves_sync(sc->moves);
		c->moves = sc->moves->w;
		c->climb = sc->moves->climb;
	}
}

/* path_run over the bucket queue: every square within the budget. */
static void
path_run_buckets(struct path_search *s, struct pos from)
{
	const struct path_ctx	*c = s->c;
	struct path_scratch	*sc = s->sc;
	struct pos		 p;
	size_t			 i;
	int			 cur = 0, b;

	s->g[path_index(c, from.x, from.y, from.z)] = 0;
	path_bucket_push(s, 0, (uint32_t)path_index(c, from.x, from.y,
	    from.z));
	if (c->moves != NULL) {
		path_run_words(s);
		return;
	}
	while (s->queued > 0) {
		b = cur & (PATH_BUCKETS - 1);
		if (sc->nbucket[b] == 0) {
			cur++;
			continue;
		}
		i = sc->bucket[b][--sc->nbucket[b]];
		s->queued--;
		if (s->g[i] != cur)
			continue;	/* stale: settled cheaper already */
		p = path_pos(c, i);
		path_expand(s, p, i, cur);
	}
}

/*
 * One step of path_run_astar_words: square i's in direction d (a
 * constant) to j = i + off at (nx, ny), as word w says; path_tryw and
 * path_relax over locals.
 */
#define PATH_ASTAR_STEP(d, off) do {					\
	int	 ng_ = gi + PATH_MOVE_COST(w, d), h_, lo_, hi_, ax_, ay_;	\
	size_t	 j_ = i + (size_t)(off);				\
									\
	if (ng_ == gi || ng_ > budget ||				\
	    (unsigned)g[j_] <= (unsigned)ng_ ||				\
	    ((flags[j_] & FIELD_UNIT) && !path_own(c, j_)))		\
		break;							\
	ax_ = gx - (x + path_dx[d]);					\
	ay_ = gy - (y + path_dy[d]);					\
	ax_ = ax_ < 0 ? -ax_ : ax_;					\
	ay_ = ay_ < 0 ? -ay_ : ay_;					\
	lo_ = ax_ < ay_ ? ax_ : ay_;					\
	hi_ = ax_ < ay_ ? ay_ : ax_;					\
	h_ = PATH_STRAIGHT * hi_ + (PATH_DIAGONAL - PATH_STRAIGHT) *	\
	    lo_ + hz;							\
	if (ng_ + h_ > budget)						\
		break;							\
	if (g[j_] < 0)							\
		touched[nt++] = (uint32_t)j_;				\
	g[j_] = ng_;							\
	parent[j_] = (int32_t)i;					\
	path_heap_push(&s->heap, path_key(ng_ + h_, h_, x + path_dx[d],	\
	    y + path_dy[d], z));					\
} while (0)

/*
 * path_run for a 1x1 walker over kept words: the same search, key for
 * key (keys are unique, so the order they leave the heap is theirs
 * alone), with the map, the scratch and the goal in locals.  Steps off
 * the level go through path_expand_climb.
 */
static void
path_run_astar_words(struct path_search *s, struct pos from)
{
	const struct path_ctx	*c = s->c;
	struct path_scratch	*sc = s->sc;
	const uint32_t		*moves = c->moves;
	const uint8_t		*flags = c->flags, *climb = c->climb;
	const ptrdiff_t		 on = c->off[DIR_N], one = c->off[DIR_NE];
	const ptrdiff_t		 oe = c->off[DIR_E], ose = c->off[DIR_SE];
	const ptrdiff_t		 os = c->off[DIR_S], osw = c->off[DIR_SW];
	const ptrdiff_t		 ow = c->off[DIR_W], onw = c->off[DIR_NW];
	const int		 budget = s->budget, gx = s->goal.x;
	const int		 gy = s->goal.y, gz = s->goal.z;
	const uint64_t		 goal = path_key(0, 0, gx, gy, gz);
	uint32_t		*touched = sc->touched;
	int32_t			*parent = s->parent;
	int			*g = s->g;
	size_t			 nt = sc->ntouched, i;
	uint32_t		 w;
	int			 h, gi, x, y, z, hz;

	h = path_heuristic(s->goal, from.x, from.y, from.z);
	i = path_index(c, from.x, from.y, from.z);
	touched[nt++] = (uint32_t)i;
	g[i] = 0;
	path_heap_push(&s->heap, path_key(h, h, from.x, from.y, from.z));
	while (s->heap.n > 0) {
		uint64_t key = path_heap_pop(&s->heap);

		x = (int)(key & 0xff);
		y = (int)((key >> 8) & 0xff);
		z = (int)((key >> 16) & 0xf);
		i = path_index(c, x, y, z);
		gi = (int)(key >> 32) -
		    (int)((key >> PATH_SQ_BITS) & PATH_H_MASK);
		if (gi != g[i])
			continue;	/* stale: a cheaper entry came first */
		if ((key & PATH_SQ_MASK) == goal)
			break;
		hz = gz > z ? PATH_UP * (gz - z) : PATH_DOWN * (z - gz);
		w = moves[i];
		PATH_ASTAR_STEP(DIR_N, on);
		PATH_ASTAR_STEP(DIR_NE, one);
		PATH_ASTAR_STEP(DIR_E, oe);
		PATH_ASTAR_STEP(DIR_SE, ose);
		PATH_ASTAR_STEP(DIR_S, os);
		PATH_ASTAR_STEP(DIR_SW, osw);
		PATH_ASTAR_STEP(DIR_W, ow);
		PATH_ASTAR_STEP(DIR_NW, onw);
		if (c->levels > 1 && climb[i]) {
			sc->ntouched = nt;
			path_expand_climb(s, (struct pos){ x, y, z }, i, gi);
			nt = sc->ntouched;
		}
	}
	sc->ntouched = nt;
}

#undef PATH_ASTAR_STEP

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
	free(sc->reached);
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
		free(sc->reached);
		sc->g = NULL;
		sc->parent = NULL;
		sc->n = n;
		sc->touched = xreallocarray(NULL, n, sizeof *sc->touched);
		sc->ntouched = 0;
		sc->reached = NULL;
		sc->last_cost = NULL;
	}
	if (with_g && sc->g == NULL) {
		sc->g = xreallocarray(NULL, n, sizeof *sc->g +
		    sizeof *sc->parent);
		sc->parent = (int32_t *)(void *)(sc->g + n);
		memset(sc->g, 0xff, n * sizeof *sc->g);	/* all -1 */
	}
}

/*
 * The base cost of the step from p to q that a search took, and whether
 * it opens a door.  A step on the level reads its kept word when there is
 * one: a straight step dearer than 3 (2, +1 uneven) goes through a door.
 */
static int
path_step_again(const struct path_ctx *c, struct pos p, struct pos q,
    bool *door)
{
	int	d, cost;

	if (c->moves == NULL || p.z != q.z)
		return path_step(c, p, q.x - p.x, q.y - p.y, q.z - p.z, door);
	for (d = 0; path_dx[d] != q.x - p.x || path_dy[d] != q.y - p.y; d++)
		;
	cost = PATH_MOVE_COST(c->moves[path_index(c, p.x, p.y, p.z)], d);
	*door = (d & 1) == 0 && cost > PATH_STRAIGHT + PATH_UNEVEN;
	return cost != 0 ? cost : PATH_UNREACHABLE;
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
	path_ctx_moves(&c, sc, mv);
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
	/* Nor a goal no step of the terrain could join (path-moves.c). */
	if (c.moves != NULL && !path_moves_joined(sc->moves,
	    path_index(&c, from.x, from.y, from.z),
	    path_index(&c, to.x, to.y, to.z)))
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
	if (c.moves != NULL)
		path_run_astar_words(&s, from);
	else
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
			if (path_step_again(&c, p, q, &door) !=
			    s.g[i] - s.g[s.parent[i]])
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
	path_ctx_moves(&c, sc, mv);
	n = c.level_size * c.levels;
	path_scratch_fit(sc, c.m, false);
	if (sc->keep_cost && sc->last_cost == cost)
		for (k = 0; k < sc->nreached; k++)
			cost[sc->reached[k]] = PATH_UNREACHABLE;
	else
		for (i = 0; i < n; i++)
			cost[i] = PATH_UNREACHABLE;
	sc->last_cost = NULL;
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
	s.track = true;
	path_ctx_links(&c, sc);
	path_run_buckets(&s, from);
	/* Scale the squares reached, noted as they were: not the map. */
	for (k = 0; (stand != 0 || mv->multiplier != 1) && k < sc->ntouched;
	    k++) {
		i = sc->touched[k];
		if (cost[i] > 0)
			cost[i] = (cost[i] + stand) * mv->multiplier;
	}
	if (sc->keep_cost) {
		/* The squares set, kept for the next call's clearing. */
		uint32_t *t = sc->reached != NULL ? sc->reached :
		    xreallocarray(NULL, n, sizeof *sc->reached);

		sc->reached = sc->touched;
		sc->touched = t;
		sc->nreached = sc->ntouched;
		sc->reached[sc->nreached++] = (uint32_t)start;
		sc->last_cost = cost;
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
