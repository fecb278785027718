/*
 * map.c - the grid of squares and edges (see map.h for the layout).  All
 * functions take 0-based coordinates; callers check map_contains() before
 * asking for a square, and map_square()/map_edge() treat a bad position as a
 * bug.
 */
#include <stdlib.h>
#include <string.h>

#include "xtac/map.h"
#include "xtac/util.h"

const int dir_dx[DIR_COUNT] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int dir_dy[DIR_COUNT] = { -1, -1, 0, 1, 1, 1, 0, -1 };
const char *const dir_names[DIR_COUNT] = {
	"n", "ne", "e", "se", "s", "sw", "w", "nw"
};

const char *const strength_names[STRENGTH_COUNT] = {
	"normal", "hardened", "super-tough", "indestructible"
};

const char *const edge_kind_names[EDGE_KIND_COUNT] = {
	"open", "wall", "window", "fence", "door"
};

/*
 * §4.4 "Map Interpretation": strength and unevenness per floor.  Level-1
 * dirt is indestructible (§4.2, §7.6); the engine applies that by level.
 */
const char *const floor_names[FLOOR_KIND_COUNT] = {
	"none", "grass", "dirt", "pavement", "tall-grass", "hay", "snow",
	"rubble", "building", "base", "elevator", "hull"
};

const struct floor_info floor_table[FLOOR_KIND_COUNT] = {
	[FLOOR_NONE] = { STRENGTH_NORMAL, false, false },
	[FLOOR_GRASS] = { STRENGTH_NORMAL, false, true },
	[FLOOR_DIRT] = { STRENGTH_NORMAL, false, true },
	[FLOOR_PAVEMENT] = { STRENGTH_NORMAL, false, true },
	[FLOOR_TALL_GRASS] = { STRENGTH_NORMAL, true, true },
	[FLOOR_HAY] = { STRENGTH_NORMAL, true, true },
	[FLOOR_SNOW] = { STRENGTH_NORMAL, true, true },
	[FLOOR_RUBBLE] = { STRENGTH_NORMAL, true, true },
	[FLOOR_BUILDING] = { STRENGTH_NORMAL, false, true },
	[FLOOR_BASE] = { STRENGTH_HARDENED, false, true },
	[FLOOR_ELEVATOR] = { STRENGTH_SUPER_TOUGH, false, false },
	[FLOOR_HULL] = { STRENGTH_SUPER_TOUGH, false, true },
};

/* §4.4 objects (strength, explosive) and RULINGS §4 solid/low split. */
const struct object_type object_builtins[] = {
	{ "tree", true, false, STRENGTH_NORMAL, false },
	{ "cactus", true, false, STRENGTH_NORMAL, false },
	{ "rock", true, false, STRENGTH_HARDENED, false },
	{ "soil-column", true, false, STRENGTH_NORMAL, false },
	{ "rock-column", true, false, STRENGTH_HARDENED, false },
	{ "skyranger-engine", true, false, STRENGTH_SUPER_TOUGH, true },
	{ "skyranger-cockpit", true, false, STRENGTH_SUPER_TOUGH, false },
	{ "skyranger-stabiliser", true, false, STRENGTH_SUPER_TOUGH, false },
	{ "ufo-navigation", false, false, STRENGTH_NORMAL, true },
	{ "ufo-chair", false, false, STRENGTH_NORMAL, false },
	{ "ufo-power-source", true, false, STRENGTH_HARDENED, true },
	{ "alien-equipment", false, false, STRENGTH_NORMAL, true },
	{ "crate", false, false, STRENGTH_NORMAL, false },
	{ "hay-bale", false, false, STRENGTH_NORMAL, false },
	{ "table", false, false, STRENGTH_NORMAL, false },
	{ "chair", false, false, STRENGTH_NORMAL, false },
	{ "console", false, false, STRENGTH_NORMAL, false },
	{ "bed", false, false, STRENGTH_NORMAL, false },
	{ "fuel-drum", false, false, STRENGTH_NORMAL, true },
};
const size_t object_nbuiltins = XTAC_NITEMS(object_builtins);

struct map *
map_new(int width, int height, int levels)
{
	struct map	*m;
	size_t		 i;

	if (width < 1 || height < 1 || levels < 1 || width > MAP_MAX_SIDE ||
	    height > MAP_MAX_SIDE || levels > MAP_MAX_LEVELS)
		fatal("map_new: bad size %dx%dx%d", width, height, levels);
	m = xcalloc(1, sizeof *m);
	m->width = width;
	m->height = height;
	m->levels = levels;
	m->squares = xcalloc((size_t)width * height * levels,
	    sizeof *m->squares);
	for (i = 0; i < (size_t)width * height * levels; i++)
		m->squares[i].object = OBJECT_NONE;
	m->vedges = xcalloc((size_t)(width + 1) * height * levels,
	    sizeof *m->vedges);
	m->hedges = xcalloc((size_t)width * (height + 1) * levels,
	    sizeof *m->hedges);
	return m;
}

void
map_free(struct map *m)
{
	if (m == NULL)
		return;
	free(m->squares);
	free(m->vedges);
	free(m->hedges);
	free(m->objects);
	free(m->links);
	free(m->buildings);
	free(m);
}

void
map_off(const char *what, struct pos p)
{
	fatal("%s: (%d,%d,%d) off the map", what, p.x, p.y, p.z);
}

void
map_no_edge(enum dir side)
{
	fatal("map_edge: diagonal side %d", (int)side);
}

int
map_find_object(const struct map *m, const char *name)
{
	size_t	i;

	for (i = 0; i < m->nobjects; i++)
		if (strcmp(m->objects[i].name, name) == 0)
			return (int)i;
	return -1;
}

int
map_add_object(struct map *m, const struct object_type *o)
{
	m->objects = xreallocarray(m->objects, m->nobjects + 1,
	    sizeof *m->objects);
	m->objects[m->nobjects] = *o;
	return (int)m->nobjects++;
}

bool
map_square_standable(const struct map *m, struct pos p)
{
	const struct square	*sq = map_square(m, p);

	if (sq->floor == FLOOR_NONE)
		return false;
	if (sq->object == OBJECT_NONE)
		return true;
	return !m->objects[sq->object].solid &&
	    m->objects[sq->object].passable;
}

int
map_door_segments(const struct map *m, struct pos p, enum dir side,
    struct pos *out)
{
	const struct edge	*e;
	struct pos		 q;
	int			 dx = side == DIR_N || side == DIR_S, dy = !dx;
	int			 n = 0;

	if (!map_contains(m, p) || (e = map_edge(m, p, side))->kind !=
	    EDGE_DOOR)
		return 0;
	if (!(e->flags & EDGE_WIDE)) {
		out[0] = p;
		return 1;
	}
	/* Back to the first segment along the wall, then forward. */
	q = p;
	for (;;) {
		struct pos b = { q.x - dx, q.y - dy, q.z };

		if (!map_contains(m, b) || (e = map_edge(m, b, side))->kind !=
		    EDGE_DOOR || !(e->flags & EDGE_WIDE))
			break;
		q = b;
	}
	while (n < MAP_MAX_SIDE && map_contains(m, q) &&
	    (e = map_edge(m, q, side))->kind == EDGE_DOOR &&
	    (e->flags & EDGE_WIDE)) {
		out[n++] = q;
		q.x += dx;
		q.y += dy;
	}
	return n;
}

bool
map_edge_blocks_move(const struct edge *e)
{
	if (e->kind == EDGE_OPEN)
		return false;
	if (e->kind == EDGE_DOOR)
		return (e->flags & EDGE_OPENED) == 0;
	return true;
}

int
dir_from_name(const char *name)
{
	int	d;

	for (d = 0; d < DIR_COUNT; d++)
		if (strcmp(dir_names[d], name) == 0)
			return d;
	return -1;
}
