/*
 * new-zones.c - each side's deployment zones on a map of blocks `xtac new`
 * makes (new-map.c), as drawn cut to a fair start: where the sides can
 * walk to each other and neither sees the other's; and where the squads
 * allow it, where no 2x2 walker is shut in (a barn's one-square door, a
 * small scout's, a pocket of walls and trees).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "new.h"
#include "xtac/field.h"
#include "xtac/path.h"
#include "xtac/sight.h"
#include "xtac/util.h"

void
new_view_free(struct new_view *v)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++)
		free(v->seen[side]);
	free(v->cost);
	memset(v, 0, sizeof *v);
}

/*
 * The masks cut to a fair start on the loaded map: a square stays where
 * the sides can meet (a walker from the first square of X-Com's craft,
 * or zones, reaches it: a tree before a craft's door shuts nobody in) and
 * where it sees (a standing eye, RULINGS §4.3, doors closed, nobody in the
 * way) no square the other side may stand on.  Each side's is cut against
 * the other's as drawn, so neither side's deployment sees the other's.
 * Returns the fewest squares a side keeps.
 */
size_t
new_cut(const struct scenario *s, int levels, unsigned char *const *masks,
    struct new_view *v)
{
	const struct map	*m = s->map;
	const struct mover	 walker = { 1, false, false, 1 };
	struct field		 f;
	struct pos		 p, q, from = { -1, -1, -1 };
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i, keep[SIDE_CIVILIAN] = { 0, 0 };
	uint8_t			*seen, *cut;
	int			*cost, side, radius = m->width > m->height ?
				    m->width : m->height;

	field_init(&f, m);
	seen = xcalloc(n, 1);
	cut = xcalloc(n * SIDE_CIVILIAN, 1);
	cost = xcalloc(n, sizeof *cost);
	for (i = 0; i < n; i++)
		cost[i] = PATH_UNREACHABLE;
	new_view_free(v);
	v->w = m->width;
	v->h = m->height;
	v->levels = m->levels;
	for (side = 0; side < SIDE_CIVILIAN; side++)
		v->seen[side] = xcalloc(n, 1);
#define NEW_I(p)	(((size_t)(p).z * m->height + (p).y) * m->width + (p).x)
	/* Only what stands on the map's levels and on a square counts. */
	for (side = 0; side < SIDE_CIVILIAN; side++)
	for (p.z = 0; p.z < levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
		if (p.z >= m->levels || !map_square_standable(m, p))
			masks[side][NEW_I(p)] = 0;
		else if (masks[side][NEW_I(p)] && from.x < 0 &&
		    side == SIDE_XCOM)
			from = p;
	if (from.x >= 0)
		path_reach(&f, &walker, from, NEW_WALK, cost);
	for (side = 0; side < SIDE_CIVILIAN; side++)
	for (p.z = 0; p.z < levels && p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		if (!masks[side][NEW_I(p)])
			continue;
		if (from.x < 0 || cost[NEW_I(p)] == PATH_UNREACHABLE) {
			cut[side * n + NEW_I(p)] = 1;
			continue;
		}
		sight_fov(&f, p, SIGHT_EYE_STANDING, radius, seen);
		for (i = 0; i < n; i++)
			v->seen[side][i] |= seen[i];
		for (q.z = 0; q.z < levels && q.z < m->levels; q.z++)
		for (q.y = 0; q.y < m->height; q.y++)
		for (q.x = 0; q.x < m->width; q.x++)
			if (seen[NEW_I(q)] && masks[1 - side][NEW_I(q)])
				cut[side * n + NEW_I(p)] = 1;
	}
	for (side = 0; side < SIDE_CIVILIAN; side++)
		for (i = 0; i < (size_t)m->width * m->height * levels &&
		    i < n; i++) {
			if (cut[side * n + i])
				masks[side][i] = 0;
			keep[side] += masks[side][i];
		}
#undef NEW_I
	v->cost = cost;
	free(cut);
	free(seen);
	field_free(&f);
	return keep[0] < keep[1] ? keep[0] : keep[1];
}

/* Whether the side's squad has a 2x2 unit that walks. */
bool
new_big_walker(const struct catalog *cat, const struct new_squads *sq,
    int side)
{
	const struct unit_setup	*u;
	size_t			 i;

	for (i = 0; sq->have[side] && i < sq->sq[side].nunits; i++) {
		u = &sq->sq[side].units[i];
		if (cat->units[u->type].size == 2 &&
		    !cat->units[u->type].flying && !(u->armour >= 0 &&
		    cat->items[u->armour].flying))
			return true;
	}
	return false;
}

/*
 * Whether a 2x2 walker may stand with its top-left square at p: nothing
 * in its way, a floor under it, no wall across it (RULINGS §5).
 */
static bool
new_fits_big(const struct map *m, struct pos p)
{
	struct pos	q;
	bool		floor = false;
	int		dx, dy;

	for (dy = 0; dy < 2; dy++)
		for (dx = 0; dx < 2; dx++) {
			const struct square *sq;

			q = (struct pos){ p.x + dx, p.y + dy, p.z };
			if (!map_contains(m, q))
				return false;
			sq = map_square(m, q);
			if (sq->object != OBJECT_NONE &&
			    (m->objects[sq->object].solid ||
			    !m->objects[sq->object].passable))
				return false;
			floor |= sq->floor != FLOOR_NONE;
		}
	return floor && map_edge(m, p, DIR_E)->kind == EDGE_OPEN &&
	    map_edge(m, p, DIR_S)->kind == EDGE_OPEN &&
	    map_edge(m, (struct pos){ p.x, p.y + 1, p.z }, DIR_E)->kind ==
	    EDGE_OPEN && map_edge(m, (struct pos){ p.x + 1, p.y, p.z },
	    DIR_S)->kind == EDGE_OPEN;
}

/*
 * The masks cut where a 2x2 walker of the side would be shut in: every
 * square of a 2x2 standing wholly in its zones from which it cannot walk
 * to the map's middle row (a barn's one-square door, a pasture fenced
 * and walled by an orchard's trees, whose gaps are a square wide).  A
 * boarding's crafts are left as they are: its fight is aboard.  Returns
 * the fewest squares a side keeps.
 */
size_t
new_cut_traps(const struct scenario *s, const struct new_squads *sq,
    int levels, unsigned char *const *masks)
{
	const struct map	*m = s->map;
	const struct mover	 big = { 2, false, false, 1 };
	struct field		 f;
	struct pos		 p, q;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i, keep[SIDE_CIVILIAN] = { 0, 0 };
	size_t			 zn = (size_t)m->width * m->height * levels;
	int			*cost, mid = m->height / 2, side, dx, dy;
	uint8_t			*free_, *trap;
	bool			 out;

	field_init(&f, m);
	cost = xcalloc(n, sizeof *cost);
	free_ = xcalloc(n, 1);
	trap = xcalloc(zn, 1);
#define NEW_I(p)	(((size_t)(p).z * m->height + (p).y) * m->width + (p).x)
#define NEW_WHOLE(p)	((p).x + 1 < m->width && (p).y + 1 < m->height && \
			    masks[side][NEW_I(p)] && \
			    masks[side][NEW_I(p) + 1] && \
			    masks[side][NEW_I(p) + m->width] && \
			    masks[side][NEW_I(p) + m->width + 1])
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (!new_big_walker(s->catalog, sq, side))
			continue;
		memset(trap, 0, zn);
		for (p.z = 0; p.z < levels && p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++) {
			if (!NEW_WHOLE(p) || free_[NEW_I(p)] ||
			    !new_fits_big(m, p))
				continue;
			/* Where it walks, and whether that reaches the middle. */
			path_reach(&f, &big, p, NEW_WALK, cost);
			out = false;
			for (q.z = 0; q.z < m->levels && !out; q.z++)
				for (q.x = 0; q.x < m->width && !out; q.x++)
					out = (mid - 1 >= 0 && cost[NEW_I(((
					    struct pos){ q.x, mid - 1, q.z }))] !=
					    PATH_UNREACHABLE) || cost[NEW_I(((
					    struct pos){ q.x, mid, q.z }))] !=
					    PATH_UNREACHABLE;
			for (i = 0; i < n && out; i++)
				free_[i] |= cost[i] != PATH_UNREACHABLE;
			if (!out)
				trap[NEW_I(p)] = 1;
		}
		for (p.z = 0; p.z < levels && p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++)
			for (dy = 0; dy < 2 && trap[NEW_I(p)]; dy++)
				for (dx = 0; dx < 2; dx++)
					masks[side][NEW_I(p) + (size_t)dy *
					    m->width + dx] = 0;
		memset(free_, 0, n);
	}
#undef NEW_WHOLE
	for (side = 0; side < SIDE_CIVILIAN; side++)
		for (i = 0; i < zn && i < n; i++)
			keep[side] += masks[side][i];
#undef NEW_I
	free(trap);
	free(free_);
	free(cost);
	field_free(&f);
	return keep[0] < keep[1] ? keep[0] : keep[1];
}
