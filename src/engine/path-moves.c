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
 *
 * Terrain components (path.h) answer "is there any way at all" before a
 * search that would otherwise settle everything it can reach to learn
 * there is none.  Their graph holds, among squares a walker may stand on,
 * a word's steps (a closed door's included, dearer), both ways round, the
 * two ends of every link and an elevator floor with the square below;
 * units are left out.  Every step a
 * search takes is one of those, so a path never leaves its component.  A
 * step gained (a wall blown away, a door opened: the diagonals past it)
 * joins two trees.  A step lost (the door shut again) parts nothing when
 * its two squares are still joined close by, which a search of the 7x7
 * squares round it shows; otherwise, or for an elevator's step or a square
 * walkers gain or lose, the forest is built afresh at the sync.
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

/*
 * The steps of the components' graph from square i whose word is w, if a
 * walker may stand there at all (PATH_OPEN_HERE: a floor, no object in
 * the way); else none, for the word's steps leave a square whatever is on
 * it, and a tree outside a door would join the house to the street.  Bit
 * d: the word's step in direction d; PATH_OPEN_UP: an elevator floor
 * above.
 */
#define PATH_OPEN_UP	(1u << DIR_COUNT)
#define PATH_OPEN_HERE	(1u << (DIR_COUNT + 1))

static uint16_t
path_moves_open(const struct path_ctx *c, size_t i, int z, uint32_t w)
{
	const struct map	*m = c->m;
	unsigned		 mask = PATH_OPEN_HERE;
	int			 d, o = m->squares[i].object;

	if (m->squares[i].floor == FLOOR_NONE || (o != OBJECT_NONE &&
	    (m->objects[o].solid || !m->objects[o].passable)))
		return 0;
	for (d = 0; d < DIR_COUNT; d++)
		if (PATH_MOVE_COST(w, d) != 0)
			mask |= 1u << d;
	if (z + 1 < c->levels &&
	    m->squares[i + c->level_size].floor == FLOOR_ELEVATOR)
		mask |= PATH_OPEN_UP;
	return (uint16_t)mask;
}

/* The root of square i's tree, halving the path on the way. */
static size_t
path_comp_find(int32_t *p, size_t i)
{
	while ((size_t)p[i] != i) {
		p[i] = p[p[i]];
		i = (size_t)p[i];
	}
	return i;
}

/* Join the trees of i and j; the lower root stays. */
static void
path_comp_join(int32_t *p, size_t i, size_t j)
{
	i = path_comp_find(p, i);
	j = path_comp_find(p, j);
	if (i < j)
		p[j] = (int32_t)i;
	else if (j < i)
		p[i] = (int32_t)j;
}

/* The steps in mask from square i, each joining i to where it leads. */
static void
path_comp_steps(const struct path_ctx *c, int32_t *p, size_t i,
    unsigned mask)
{
	int	d;

	for (d = 0; d < DIR_COUNT; d++)
		if (mask & (1u << d))
			path_comp_join(p, i, (size_t)((ptrdiff_t)i +
			    (ptrdiff_t)path_dy[d] * c->w + path_dx[d]));
	if (mask & PATH_OPEN_UP)
		path_comp_join(p, i, i + c->level_size);
}

/* A forest over open[]: every square, every step, every link. */
static void
path_comp_build(const struct path_ctx *c, const uint16_t *open, int32_t *p)
{
	const struct map	*m = c->m;
	size_t			 i, k, n = c->level_size * c->levels;

	for (i = 0; i < n; i++)
		p[i] = (int32_t)i;
	for (i = 0; i < n; i++)
		path_comp_steps(c, p, i, open[i]);
	for (k = 0; k < m->nlinks; k++) {
		size_t a = path_index(c, m->links[k].lower.x,
		    m->links[k].lower.y, m->links[k].lower.z);
		size_t b = path_index(c, m->links[k].upper.x,
		    m->links[k].upper.y, m->links[k].upper.z);

		if ((open[a] & open[b]) & PATH_OPEN_HERE)
			path_comp_join(p, a, b);
	}
}

/*
 * Square i's steps are now mask: join what it gains; note what it loses
 * (i << 3 | d) for path_comp_lost, or go stale.
 */
static void
path_moves_set_open(struct path_moves *pm, const struct path_ctx *c,
    size_t i, unsigned mask)
{
	unsigned	old = pm->open[i], gone = old & ~mask;
	int		d;

	pm->open[i] = (uint16_t)mask;
	if (pm->comp_stale || mask == old)
		return;
	/* A square walkers gain or lose, or an elevator's step: afresh. */
	if ((gone & PATH_OPEN_UP) || ((old ^ mask) & PATH_OPEN_HERE)) {
		pm->comp_stale = true;
		return;
	}
	path_comp_steps(c, pm->comp, i, mask & ~old);
	for (d = 0; d < DIR_COUNT; d++) {
		if ((gone & (1u << d)) == 0)
			continue;
		if (pm->nlost == pm->lost_cap) {
			pm->lost_cap = pm->lost_cap ? 2 * pm->lost_cap : 16;
			pm->lost = xreallocarray(pm->lost, pm->lost_cap,
			    sizeof *pm->lost);
		}
		pm->lost[pm->nlost++] = (uint32_t)(i << 3 | (unsigned)d);
	}
}

#define PATH_NEAR	3	/* the 7x7 squares round a lost step */
#define PATH_NEAR_SIDE	(2 * PATH_NEAR + 1)

/*
 * Whether square i still reaches its neighbour in direction d by steps
 * of the graph (either way round) among the squares within PATH_NEAR.
 */
static bool
path_comp_near(const struct path_moves *pm, const struct path_ctx *c,
    size_t i, int d)
{
	uint8_t		seen[PATH_NEAR_SIDE * PATH_NEAR_SIDE];
	int		queue[PATH_NEAR_SIDE * PATH_NEAR_SIDE];
	struct pos	o = path_pos(c, i);
	int		head = 0, tail = 0, goal, e;

	memset(seen, 0, sizeof seen);
	goal = (PATH_NEAR + path_dy[d]) * PATH_NEAR_SIDE + PATH_NEAR +
	    path_dx[d];
	seen[PATH_NEAR * PATH_NEAR_SIDE + PATH_NEAR] = 1;
	queue[tail++] = PATH_NEAR * PATH_NEAR_SIDE + PATH_NEAR;
	while (head < tail) {
		int a = queue[head++];
		int ax = a % PATH_NEAR_SIDE, ay = a / PATH_NEAR_SIDE;
		size_t ia = path_index(c, o.x + ax - PATH_NEAR,
		    o.y + ay - PATH_NEAR, o.z);

		if (a == goal)
			return true;
		for (e = 0; e < DIR_COUNT; e++) {
			int bx = ax + path_dx[e], by = ay + path_dy[e];
			int mx = o.x + bx - PATH_NEAR, my = o.y + by - PATH_NEAR;
			int b = by * PATH_NEAR_SIDE + bx;

			if ((unsigned)bx >= PATH_NEAR_SIDE ||
			    (unsigned)by >= PATH_NEAR_SIDE || seen[b] ||
			    (unsigned)mx >= (unsigned)c->w ||
			    (unsigned)my >= (unsigned)c->h)
				continue;
			if ((pm->open[ia] & (1u << e)) == 0 &&
			    (pm->open[path_index(c, mx, my, o.z)] &
			    (1u << ((e + 4) % DIR_COUNT))) == 0)
				continue;
			seen[b] = 1;
			queue[tail++] = b;
		}
	}
	return false;
}

/*
 * The steps lost since the last sync, now every square's steps are redone:
 * the forest stands if each lost step's squares are still joined close by.
 */
static void
path_comp_lost(struct path_moves *pm, const struct path_ctx *c)
{
	size_t	k;

	for (k = 0; k < pm->nlost && !pm->comp_stale; k++)
		if (!path_comp_near(pm, c, pm->lost[k] >> 3,
		    (int)(pm->lost[k] & 7)))
			pm->comp_stale = true;
	pm->nlost = 0;
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
			for (x = 0; x < c.w; x++, i++) {
				pm->w[i] = path_moves_word(&c, x, y, z);
				pm->open[i] = path_moves_open(&c, i, z,
				    pm->w[i]);
			}
	path_comp_build(&c, pm->open, pm->comp);
	pm->comp_stale = false;
	pm->nlost = 0;
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
	pm->open = xreallocarray(NULL, n, sizeof *pm->open);
	pm->comp = xreallocarray(NULL, n, sizeof *pm->comp);
	path_moves_build(pm);
}

void
path_moves_free(struct path_moves *pm)
{
	free(pm->w);
	free(pm->climb);
	free(pm->open);
	free(pm->comp);
	free(pm->lost);
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
			    (unsigned)y < (unsigned)c->h) {
				size_t i = path_index(c, x, y, p.z);

				pm->w[i] = path_moves_word(c, x, y, p.z);
				path_moves_set_open(pm, c, i,
				    path_moves_open(c, i, p.z, pm->w[i]));
			}
	/* The elevator step up from below leads onto p's floor. */
	if (p.z > 0) {
		size_t i = path_index(c, p.x, p.y, p.z - 1);

		path_moves_set_open(pm, c, i, path_moves_open(c, i, p.z - 1,
		    pm->w[i]));
	}
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
		path_comp_lost(pm, &c);
		if (pm->comp_stale) {
			path_comp_build(&c, pm->open, pm->comp);
			pm->comp_stale = false;
		}
	}
	pm->all = false;
	pm->ndirty = 0;
}

bool
path_moves_joined(struct path_moves *pm, size_t i, size_t j)
{
	/* A mover where none could walk: its steps are not the graph's. */
	if ((pm->open[i] & PATH_OPEN_HERE) == 0)
		return true;
	return path_comp_find(pm->comp, i) == path_comp_find(pm->comp, j);
}

/*
 * Whether forests a and b part the n squares alike: each root of one
 * answers to a single root of the other, both ways.
 */
static bool
path_comp_same(int32_t *a, int32_t *b, size_t n)
{
	int32_t	*ab = xreallocarray(NULL, 2 * n, sizeof *ab), *ba = ab + n;
	size_t	 i, ra, rb;
	bool	 ok = true;

	for (i = 0; i < 2 * n; i++)
		ab[i] = -1;
	for (i = 0; i < n && ok; i++) {
		ra = path_comp_find(a, i);
		rb = path_comp_find(b, i);
		if (ab[ra] < 0 && ba[rb] < 0) {
			ab[ra] = (int32_t)rb;
			ba[rb] = (int32_t)ra;
		} else
			ok = ab[ra] == (int32_t)rb && ba[rb] == (int32_t)ra;
	}
	free(ab);
	return ok;
}

bool
path_moves_check(struct path_moves *pm)
{
	struct path_ctx	 c;
	size_t		 i = 0, n;
	uint16_t	*open;
	int32_t		*comp;
	int		 x, y, z;
	bool		 ok;

	path_moves_sync(pm);
	path_moves_ctx(&c, pm->map);
	for (z = 0; z < c.levels; z++)
		for (y = 0; y < c.h; y++)
			for (x = 0; x < c.w; x++)
				if (pm->w[i] != path_moves_word(&c, x, y, z) ||
				    pm->open[i] != path_moves_open(&c, i, z,
				    pm->w[i]) || pm->climb[i] !=
				    path_moves_climb(&c,
				    i, path_moves_linked(&c, i)))
					return false;
				else
					i++;
	/* The kept forest parts the squares as one built afresh does. */
	n = i;
	open = xreallocarray(NULL, n, sizeof *open);
	comp = xreallocarray(NULL, n, sizeof *comp);
	for (i = 0; i < n; i++)
		open[i] = path_moves_open(&c, i, (int)(i / c.level_size),
		    pm->w[i]);
	path_comp_build(&c, open, comp);
	ok = path_comp_same(pm->comp, comp, n);
	free(open);
	free(comp);
	return ok;
}
