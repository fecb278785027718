/*
 * path-astar.c - the cheapest path between two positions (A*, path_find),
 * over the steps of path-step.c and the searches' machinery of
 * path-search.c; §5, RULINGS §5.
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
