/*
 * path-moves.c - kept step words (path.h, struct path_moves): for every
 * square, the base cost of each of a 1x1 walker's eight steps on its
 * level, built once for the map and then brought up to date round the
 * squares touched, as the sight bits are.
 *
 * A word is what path_step1_ground (path-int.h) says of each direction,
 * 4 bits a direction, 0 where the step is off the map or not allowed: so
 * the searches' inner loop reads one word a square instead of four edges,
 * a floor and an object a neighbour, and never tests the map's border.
 * A step from i to j reads i's and j's edges and j's square, so a change
 * to a square or to one of its edges moves only the words of the square
 * and its eight neighbours (the caller touches both squares beside an
 * edge).  Touches are noted and the words redone at the next read, so a
 * caller may touch before it changes the map as well as after.
 *
 * climb[i] says whether a walker on square i could leave its level at all:
 * a stair or ramp ends there, or its floor or the floor above is an
 * elevator; most squares have none, and the searches then skip the steps
 * up and down.  Links are the map's own and do not change; a floor change
 * moves the square's and the one's below.
 */
#include <stdlib.h>
#include <string.h>

#include "path-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

/* A context that reads the map alone, as for a 1x1 walker. */
static void
path_moves_ctx(struct path_ctx *c, const struct map *m)
{
	memset(c, 0, sizeof *c);
	c->m = m;
	c->w = m->width;
	c->h = m->height;
	c->levels = m->levels;
	c->level_size = (size_t)m->width * m->height;
	c->size = 1;
}

static uint32_t
path_moves_word(const struct path_ctx *c, int x, int y, int z)
{
	uint32_t	w = 0;
	bool		door;
	int		d, cost;

	for (d = 0; d < DIR_COUNT; d++) {
		int nx = x + path_dx[d], ny = y + path_dy[d];

		if ((unsigned)nx >= (unsigned)c->w ||
		    (unsigned)ny >= (unsigned)c->h)
			continue;
		cost = path_step1_ground(c, x, y, z, path_index(c, nx, ny, z),
		    d, &door);
		if (cost != PATH_UNREACHABLE)
			w |= (uint32_t)cost << (4 * d);
	}
	return w;
}

/* Whether square i is an end of one of the map's links. */
static bool
path_moves_linked(const struct path_ctx *c, size_t i)
{
	const struct map	*m = c->m;
	size_t			 k;

	for (k = 0; k < m->nlinks; k++)
		if (path_index(c, m->links[k].lower.x, m->links[k].lower.y,
		    m->links[k].lower.z) == i || path_index(c,
		    m->links[k].upper.x, m->links[k].upper.y,
		    m->links[k].upper.z) == i)
			return true;
	return false;
}

static uint8_t
path_moves_climb(const struct path_ctx *c, size_t i, bool linked)
{
	const struct square	*sq = c->m->squares;

	return linked || sq[i].floor == FLOOR_ELEVATOR ||
	    (i + c->level_size < c->level_size * c->levels &&
	    sq[i + c->level_size].floor == FLOOR_ELEVATOR);
}

/* Every word and climb of the map, afresh. */
static void
path_moves_build(struct path_moves *pm)
{
	const struct map	*m = pm->map;
	struct path_ctx		 c;
	size_t			 i = 0, n, k;
	int			 x, y, z;

	path_moves_ctx(&c, m);
	n = c.level_size * c.levels;
	memset(pm->climb, 0, n);
	for (z = 0; z < c.levels; z++)
		for (y = 0; y < c.h; y++)
			for (x = 0; x < c.w; x++)
				pm->w[i++] = path_moves_word(&c, x, y, z);
	for (k = 0; k < m->nlinks; k++) {
		pm->climb[path_index(&c, m->links[k].lower.x,
		    m->links[k].lower.y, m->links[k].lower.z)] = 1;
		pm->climb[path_index(&c, m->links[k].upper.x,
		    m->links[k].upper.y, m->links[k].upper.z)] = 1;
	}
	for (i = 0; i < n; i++)
		pm->climb[i] |= path_moves_climb(&c, i, false);
}

void
path_moves_init(struct path_moves *pm, const struct map *m)
{
	size_t	n = (size_t)m->width * m->height * m->levels;

	memset(pm, 0, sizeof *pm);
	pm->map = m;
	pm->w = xreallocarray(NULL, n, sizeof *pm->w);
	pm->climb = xcalloc(n, 1);
	path_moves_build(pm);
}

void
path_moves_free(struct path_moves *pm)
{
	free(pm->w);
	free(pm->climb);
	free(pm->dirty);
	memset(pm, 0, sizeof *pm);
}

/* Past this many squares touched, build everything afresh. */
#define PATH_MOVES_MANY	1024

void
path_moves_touch(struct path_moves *pm, struct pos p)
{
	if (pm->w == NULL || pm->all || !map_contains(pm->map, p))
		return;
	if (pm->ndirty == PATH_MOVES_MANY) {
		pm->all = true;
		return;
	}
	if (pm->ndirty == pm->dirty_cap) {
		pm->dirty_cap = pm->dirty_cap ? 2 * pm->dirty_cap : 16;
		pm->dirty = xreallocarray(pm->dirty, pm->dirty_cap,
		    sizeof *pm->dirty);
	}
	pm->dirty[pm->ndirty++] = p;
}

/* Redo the words round square p. */
static void
path_moves_redo(struct path_moves *pm, const struct path_ctx *c,
    struct pos p)
{
	int	x, y, z;

	for (y = p.y - 1; y <= p.y + 1; y++)
		for (x = p.x - 1; x <= p.x + 1; x++)
			if ((unsigned)x < (unsigned)c->w &&
			    (unsigned)y < (unsigned)c->h)
				pm->w[path_index(c, x, y, p.z)] =
				    path_moves_word(c, x, y, p.z);
	for (z = p.z - 1; z <= p.z; z++)
		if (z >= 0) {
			size_t i = path_index(c, p.x, p.y, z);

			pm->climb[i] = path_moves_climb(c, i,
			    path_moves_linked(c, i));
		}
}

void
path_moves_sync(struct path_moves *pm)
{
	struct path_ctx	c;
	size_t		k;

	if (pm->all)
		path_moves_build(pm);
	else if (pm->ndirty > 0) {
		path_moves_ctx(&c, pm->map);
		for (k = 0; k < pm->ndirty; k++)
			path_moves_redo(pm, &c, pm->dirty[k]);
	}
	pm->all = false;
	pm->ndirty = 0;
}

bool
path_moves_check(struct path_moves *pm)
{
	struct path_ctx	c;
	size_t		i = 0;
	int		x, y, z;

	path_moves_sync(pm);
	path_moves_ctx(&c, pm->map);
	for (z = 0; z < c.levels; z++)
		for (y = 0; y < c.h; y++)
			for (x = 0; x < c.w; x++)
				if (pm->w[i] != path_moves_word(&c, x, y, z) ||
				    pm->climb[i] != path_moves_climb(&c, i,
				    path_moves_linked(&c, i)))
					return false;
				else
					i++;
	return true;
}
