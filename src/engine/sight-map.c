/*
 * sight-map.c - kept sight bits (sight.h, struct sight_map): built once for
 * the whole map, then brought up to date only around the squares touched.
 *
 * bits[i] holds the square's SIGHT_B_* (sight-int.h): what sight_fov would
 * build for it from the map and field, plus SIGHT_B_FLOOR.  An edge shows
 * on both squares beside it, so touching a square recomputes it and its
 * four neighbours.  A square whose bits lose one (it lets more through
 * than before) is stamped in opened[] with the sync's number (opens), so
 * its readers can tell a change that only blocks more (sight.h).
 *
 * open[z] are summed-area sums of the squares of level z whose floor lets
 * sight through: a line between levels crosses each floor plane between
 * them inside its own bounding box, so when a box holds no such square on
 * a plane, nothing beyond that plane is seen from inside the box.  Floors
 * change seldom (a blast): a level's sums are rebuilt whole when one does.
 */
#include <stdlib.h>
#include <string.h>

#include "sight-int.h"
#include "xtac/util.h"

/* Past this many touched squares, rebuild everything at once. */
#define SIGHT_MAP_MANY	256

static size_t
sight_map_size(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

static uint8_t
sight_map_square(const struct field *f, struct pos p)
{
	const struct map	*m = f->map;
	ptrdiff_t		 i;
	const struct edge	*v, *h;
	uint8_t			 b;

	i = ((ptrdiff_t)p.z * m->height + p.y) * m->width + p.x;
	v = &m->vedges[((size_t)p.z * m->height + p.y) * (m->width + 1) +
	    p.x];
	h = &m->hedges[((size_t)p.z * (m->height + 1) + p.y) * m->width +
	    p.x];
	b = sight_content(f, i);
	if (sight_edge_blocks(&v[0]))
		b |= SIGHT_B_WALL_W;
	if (sight_edge_blocks(&v[1]))
		b |= SIGHT_B_WALL_E;
	if (sight_edge_blocks(&h[0]))
		b |= SIGHT_B_WALL_N;
	if (sight_edge_blocks(&h[m->width]))
		b |= SIGHT_B_WALL_S;
	if (floor_table[m->squares[i].floor].blocks_sight)
		b |= SIGHT_B_FLOOR;
	return b;
}

static void
sight_map_open_level(struct sight_map *sm, int z)
{
	const struct map	*m = sm->field->map;
	int32_t			*s = &sm->open[(size_t)z * (m->width + 1) *
				    (m->height + 1)];
	ptrdiff_t		 lvl = (ptrdiff_t)z * m->width * m->height;
	int			 x, y, w1 = m->width + 1;

	memset(s, 0, (size_t)w1 * sizeof *s);
	for (y = 0; y < m->height; y++) {
		s[(y + 1) * w1] = 0;
		for (x = 0; x < m->width; x++)
			s[(y + 1) * w1 + x + 1] = s[y * w1 + x + 1] +
			    s[(y + 1) * w1 + x] - s[y * w1 + x] +
			    !(sm->bits[lvl + (ptrdiff_t)y * m->width + x] &
			    SIGHT_B_FLOOR);
	}
	sm->open_dirty[z] = false;
}

/* Square i's bits are b now: whether that lets more through. */
static bool
sight_map_set(struct sight_map *sm, ptrdiff_t i, uint8_t b)
{
	bool	opens = (sm->bits[i] & ~b) != 0;

	if (opens)
		sm->opened[i] = sm->opens + 1;
	sm->bits[i] = b;
	return opens;
}

static void
sight_map_rebuild(struct sight_map *sm)
{
	const struct map	*m = sm->field->map;
	struct pos		 p;
	ptrdiff_t		 i = 0;
	bool			 opens = false;

	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++)
				opens |= sight_map_set(sm, i,
				    sight_map_square(sm->field, p));
	sm->opens += opens;
	for (p.z = 0; p.z < m->levels; p.z++)
		sight_map_open_level(sm, p.z);
	sm->all = false;
	sm->ndirty = 0;
	/* Whatever read the old bits must look again. */
	sm->floors++;
	sm->edges = true;
}

void
sight_map_init(struct sight_map *sm, const struct field *f)
{
	const struct map	*m = f->map;
	size_t			 n = sight_map_size(m);

	memset(sm, 0, sizeof *sm);
	sm->field = f;
	sm->bits = xcalloc(n, 1);
	sm->opened = xcalloc(n, sizeof *sm->opened);
	sm->mark = xcalloc(n, sizeof *sm->mark);
	sm->open = xcalloc((size_t)m->levels * (m->width + 1) *
	    (m->height + 1), sizeof *sm->open);
	sm->open_dirty = xcalloc((size_t)m->levels, sizeof *sm->open_dirty);
	sight_map_rebuild(sm);
	/* Fields of view go no further than the map's larger side. */
	sm->rays_radius = m->width > m->height ? m->width : m->height;
}

void
sight_map_free(struct sight_map *sm)
{
	free(sm->bits);
	free(sm->opened);
	free(sm->mark);
	free(sm->open);
	free(sm->open_dirty);
	free(sm->dirty);
	sight_cast_free(sm->cast);
	memset(sm, 0, sizeof *sm);
}

void
sight_map_touch(struct sight_map *sm, struct pos p)
{
	if (sm->all || !map_contains(sm->field->map, p))
		return;
	if (sm->ndirty == SIGHT_MAP_MANY) {
		sm->all = true;
		return;
	}
	if (sm->ndirty == sm->dirty_cap) {
		sm->dirty_cap = sm->dirty_cap ? 2 * sm->dirty_cap : 8;
		sm->dirty = xreallocarray(sm->dirty, sm->dirty_cap,
		    sizeof *sm->dirty);
	}
	sm->dirty[sm->ndirty++] = p;
}

void
sight_map_touch_all(struct sight_map *sm)
{
	sm->all = true;
}

void
sight_map_sync(struct sight_map *sm)
{
	const struct map	*m = sm->field->map;
	static const int	 dx[5] = { 0, 1, -1, 0, 0 };
	static const int	 dy[5] = { 0, 0, 0, 1, -1 };
	struct pos		 p, q;
	ptrdiff_t		 i;
	size_t			 k;
	int			 d;
	uint8_t			 b;
	bool			 opens = false;

	if (sm->all) {
		sight_map_rebuild(sm);
		return;
	}
	if (sm->ndirty == 0)
		return;
	for (k = 0; k < sm->ndirty; k++) {
		p = sm->dirty[k];
		for (d = 0; d < 5; d++) {
			q = (struct pos){ p.x + dx[d], p.y + dy[d], p.z };
			if (!map_contains(m, q))
				continue;
			i = ((ptrdiff_t)q.z * m->height + q.y) * m->width +
			    q.x;
			b = sight_map_square(sm->field, q);
			if ((b ^ sm->bits[i]) & SIGHT_B_WALLS)
				sm->edges = true;
			if ((b ^ sm->bits[i]) & SIGHT_B_FLOOR) {
				sm->open_dirty[q.z] = true;
				sm->floors++;
			}
			opens |= sight_map_set(sm, i, b);
		}
	}
	sm->opens += opens;
	for (d = 0; d < m->levels; d++)
		if (sm->open_dirty[d])
			sight_map_open_level(sm, d);
	sm->ndirty = 0;
}

bool
sight_map_edges(struct sight_map *sm)
{
	bool	edges;

	sight_map_sync(sm);
	edges = sm->edges;
	sm->edges = false;
	return edges;
}
