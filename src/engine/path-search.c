/*
 * path-search.c - what the searches share, and every position reachable
 * within a budget (Dijkstra, path_reach), over the steps of path-step.c;
 * §5, RULINGS §5.  The cheapest path between two positions (A*,
 * path_find) is path-astar.c's.
 *
 * Data: a struct path_search per call (path-int.h), over a struct
 * path_scratch's arrays.  The same inputs always give the same result.
 *
 * Costs are searched in base TUs (straight 2, diagonal 3, and the
 * surcharges of path.h) and scaled only on the way out: the stand-up cost
 * and the multiplier apply alike to every step, so a path is cheapest in
 * base TUs exactly when it is cheapest in scaled ones, and a budget of
 * max_tu scaled TUs is max_tu / multiplier - stand base TUs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "path-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

/* --- the search ---------------------------------------------------------- */

/*
 * The heap keeps one spare slot past its last key: popping parks a
 * sentinel there so the descent below never tests for a lone last child.
 */
void
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
uint64_t
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
void
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
void
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
void
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

/* The budget in base TUs; every step costs 2 or more. */
int
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
void
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
