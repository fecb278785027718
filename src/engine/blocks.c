/*
 * blocks.c - laying blocks on a map, turned (rulebook §4.1).
 *
 * Turning clockwise by a quarter takes square (x, y) of an n x n block to
 * (n - 1 - y, x), and a north side to east, east to south, and so on; the
 * directions are spaced two apart in enum dir, so a quarter turn adds 2.
 */
#include <string.h>

#include "xtac/blocks.h"
#include "xtac/util.h"

void
block_turn_pos(int w, int h, int quarters, int x, int y, int *tx, int *ty)
{
	int	q, t;

	for (q = 0; q < (quarters % 4 + 4) % 4; q++) {
		t = x;
		x = h - 1 - y;
		y = t;
		t = w;
		w = h;
		h = t;
	}
	*tx = x;
	*ty = y;
}

enum dir
block_turn_dir(enum dir d, int quarters)
{
	return (enum dir)(((int)d + 2 * ((quarters % 4 + 4) % 4)) % DIR_COUNT);
}

static struct pos
block_turn(const struct map *src, int x0, int y0, int quarters, struct pos p)
{
	struct pos	t = { 0, 0, p.z };

	block_turn_pos(src->width, src->height, quarters, p.x, p.y, &t.x,
	    &t.y);
	t.x += x0;
	t.y += y0;
	return t;
}

/* dst's object just like o (a block may redefine a name), or a new one. */
static int16_t
block_object(struct map *dst, const struct object_type *o)
{
	size_t	i;

	for (i = 0; i < dst->nobjects; i++) {
		const struct object_type *d = &dst->objects[i];

		if (strcmp(d->name, o->name) == 0 && d->solid == o->solid &&
		    d->passable == o->passable && d->strength == o->strength &&
		    d->explosive == o->explosive)
			return (int16_t)i;
	}
	return (int16_t)map_add_object(dst, o);
}

/* Whether template square (x, y) is ground around a craft, not craft. */
static bool
block_outside(const struct map *craft, int x, int y)
{
	struct pos	p = { x, y, 0 };

	for (p.z = 0; p.z < craft->levels; p.z++) {
		const struct square *sq = map_square(craft, p);

		if (sq->object != OBJECT_NONE || sq->floor != (p.z == 0 ?
		    FLOOR_GRASS : FLOOR_NONE))
			return false;
	}
	return true;
}

static void
block_lay(struct map *dst, const struct map *src, int x0, int y0,
    int quarters, bool craft)
{
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct pos		 p;
	size_t			 i, k;

	for (p.z = 0; p.z < src->levels && p.z < dst->levels; p.z++)
	for (p.y = 0; p.y < src->height; p.y++)
	for (p.x = 0; p.x < src->width; p.x++) {
		const struct square *s = map_square(src, p);
		struct pos t = block_turn(src, x0, y0, quarters, p);
		struct square *d = map_square(dst, t);

		if (craft && block_outside(src, p.x, p.y))
			goto edges;
		d->floor = s->floor;
		d->object = OBJECT_NONE;
		if (s->object != OBJECT_NONE)
			d->object = block_object(dst,
			    &src->objects[s->object]);
edges:
		for (k = 0; k < XTAC_NITEMS(sides); k++) {
			const struct edge *e = map_edge(src, p, sides[k]);

			if (e->kind != EDGE_OPEN)
				*map_edge(dst, t, block_turn_dir(sides[k],
				    quarters)) = *e;
		}
	}
	for (i = 0; i < src->nlinks; i++) {
		struct map_link l = src->links[i];

		l.lower = block_turn(src, x0, y0, quarters, l.lower);
		l.upper = block_turn(src, x0, y0, quarters, l.upper);
		dst->links = xreallocarray(dst->links, dst->nlinks + 1,
		    sizeof *dst->links);
		dst->links[dst->nlinks++] = l;
	}
	for (i = 0; i < src->nbuildings; i++) {
		struct building b = src->buildings[i];
		struct pos a = { b.x0, b.y0, 0 }, c = { b.x1, b.y1, 0 };

		a = block_turn(src, x0, y0, quarters, a);
		c = block_turn(src, x0, y0, quarters, c);
		b.x0 = a.x < c.x ? a.x : c.x;
		b.x1 = a.x < c.x ? c.x : a.x;
		b.y0 = a.y < c.y ? a.y : c.y;
		b.y1 = a.y < c.y ? c.y : a.y;
		dst->buildings = xreallocarray(dst->buildings,
		    dst->nbuildings + 1, sizeof *dst->buildings);
		dst->buildings[dst->nbuildings++] = b;
	}
}

void
block_place(struct map *dst, const struct map *src, int x0, int y0,
    int quarters)
{
	block_lay(dst, src, x0, y0, quarters, false);
}

/* --- craft (§4.1) -------------------------------------------------------- */

static bool
block_flattens(const struct object_type *o)
{
	return strcmp(o->name, "tree") == 0 || strcmp(o->name, "cactus") == 0 ||
	    strcmp(o->name, "soil-column") == 0;
}

/* Whether dst square t (a craft square) may be flattened; else a clash. */
static bool
block_clear(const struct map *dst, struct pos t)
{
	size_t	i;

	for (i = 0; i < dst->nbuildings; i++) {
		const struct building *b = &dst->buildings[i];

		if (t.x >= b->x0 && t.x <= b->x1 && t.y >= b->y0 &&
		    t.y <= b->y1)
			return false;
	}
	for (t.z = 0; t.z < dst->levels; t.z++) {
		const struct square *sq = map_square(dst, t);

		if (sq->object != OBJECT_NONE &&
		    !block_flattens(&dst->objects[sq->object]))
			return false;
	}
	return true;
}

static bool
block_link_at(const struct map_link *l, struct pos t)
{
	return (l->lower.x == t.x && l->lower.y == t.y) ||
	    (l->upper.x == t.x && l->upper.y == t.y);
}

static void
block_flatten(struct map *dst, struct pos t)
{
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	size_t			 i, k;

	for (t.z = 0; t.z < dst->levels; t.z++) {
		struct square *sq = map_square(dst, t);

		sq->object = OBJECT_NONE;
		if (t.z > 0)
			sq->floor = FLOOR_NONE;	/* a mound's top */
		else if (sq->floor == FLOOR_TALL_GRASS ||
		    sq->floor == FLOOR_HAY)
			sq->floor = FLOOR_GRASS;
		for (k = 0; k < XTAC_NITEMS(sides); k++)
			if (map_edge(dst, t, sides[k])->kind == EDGE_FENCE)
				memset(map_edge(dst, t, sides[k]), 0,
				    sizeof(struct edge));
	}
	for (i = 0; i < dst->nlinks; i++)
		if (block_link_at(&dst->links[i], t))
			dst->links[i--] = dst->links[--dst->nlinks];
}

bool
block_land_craft(struct map *dst, const struct map *craft, int x0, int y0,
    int quarters, struct pos *clash)
{
	static const enum dir	 inner[] = { DIR_E, DIR_S };
	struct pos		 p = { 0, 0, 0 }, t, q;
	size_t			 k;

	/* Check everything first: a refused craft changes nothing. */
	for (p.y = 0; p.y < craft->height; p.y++)
	for (p.x = 0; p.x < craft->width; p.x++) {
		if (block_outside(craft, p.x, p.y))
			continue;
		t = block_turn(craft, x0, y0, quarters, p);
		*clash = t;
		if (!block_clear(dst, t))
			return false;
		/* A wall between two craft squares is a building's. */
		for (k = 0; k < XTAC_NITEMS(inner); k++) {
			q = (struct pos){ p.x + dir_dx[inner[k]],
			    p.y + dir_dy[inner[k]], 0 };
			if (!map_contains(craft, q) ||
			    block_outside(craft, q.x, q.y))
				continue;
			for (t.z = 0; t.z < dst->levels; t.z++) {
				const struct edge *e = map_edge(dst, t,
				    block_turn_dir(inner[k], quarters));

				if (e->kind != EDGE_OPEN &&
				    e->kind != EDGE_FENCE)
					return false;
			}
			t.z = 0;
		}
	}
	for (p.y = 0; p.y < craft->height; p.y++)
	for (p.x = 0; p.x < craft->width; p.x++)
		if (!block_outside(craft, p.x, p.y))
			block_flatten(dst, block_turn(craft, x0, y0,
			    quarters, p));
	block_lay(dst, craft, x0, y0, quarters, true);
	return true;
}

void
block_craft_cover(const struct map *dst, const struct map *craft, int x0,
    int y0, int quarters, unsigned char *cover)
{
	struct pos	p = { 0, 0, 0 }, t;

	for (p.y = 0; p.y < craft->height; p.y++)
	for (p.x = 0; p.x < craft->width; p.x++) {
		if (block_outside(craft, p.x, p.y))
			continue;
		t = block_turn(craft, x0, y0, quarters, p);
		if (map_contains(dst, t))
			cover[(size_t)t.y * dst->width + t.x] = 1;
	}
}

/* --- ship boarding (§2.3) ----------------------------------------------- */

bool
block_craft_door(const struct map *craft, int *x0, int *x1)
{
	struct pos	p = { 0, 0, 0 };
	bool		found = false;

	for (p.y = 0; p.y + 1 < craft->height; p.y++)
	for (p.x = 0; p.x < craft->width; p.x++) {
		if (block_outside(craft, p.x, p.y) ||
		    !block_outside(craft, p.x, p.y + 1) ||
		    map_edge(craft, p, DIR_S)->kind != EDGE_DOOR)
			continue;
		if (!found)
			*x0 = *x1 = p.x;
		if (p.x < *x0)
			*x0 = p.x;
		if (p.x > *x1)
			*x1 = p.x;
		found = true;
	}
	return found;
}

/* Whether a template's last row is all ground around it. */
static bool
block_ground_row(const struct map *craft)
{
	int	x;

	for (x = 0; x < craft->width; x++)
		if (!block_outside(craft, x, craft->height - 1))
			return false;
	return true;
}

bool
block_dock(const struct map *north, const struct map *south,
    struct block_dock *d)
{
	int	nx0, nx1, sx0, sx1, twice, dx;

	if (!block_craft_door(north, &nx0, &nx1) ||
	    !block_craft_door(south, &sx0, &sx1) ||
	    !block_ground_row(north) || !block_ground_row(south))
		return false;
	/*
	 * Twice the column of each door's centre; the south one's turned
	 * 180 degrees (column x to width - 1 - x).  dx is how far east of the
	 * north craft the south one stands, rounded down.
	 */
	twice = (nx0 + nx1) - (2 * (south->width - 1) - sx0 - sx1);
	dx = twice >= 0 ? twice / 2 : -((1 - twice) / 2);
	d->x[0] = dx < 0 ? -dx : 0;
	d->x[1] = d->x[0] + dx;
	d->y[0] = 0;
	d->y[1] = north->height - 2;
	d->width = d->x[0] + north->width > d->x[1] + south->width ?
	    d->x[0] + north->width : d->x[1] + south->width;
	d->height = d->y[1] + south->height;
	return true;
}

void
block_seal(struct map *dst, const unsigned char *cover, int16_t object)
{
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct pos		 p, q;
	size_t			 i, k;
	int			 x, y;
	bool			 held;

#define BLOCK_COVERED(p)	(map_contains(dst, (p)) && \
				    cover[(size_t)(p).y * dst->width + (p).x])
	for (p.z = 0; p.z < dst->levels; p.z++)
	for (p.y = 0; p.y < dst->height; p.y++)
	for (p.x = 0; p.x < dst->width; p.x++) {
		struct square *sq = map_square(dst, p);

		if (BLOCK_COVERED(p))
			continue;
		sq->floor = p.z == 0 ? FLOOR_HULL : FLOOR_NONE;
		sq->object = p.z == 0 ? object : OBJECT_NONE;
		for (k = 0; k < XTAC_NITEMS(sides); k++) {
			q = (struct pos){ p.x + dir_dx[sides[k]],
			    p.y + dir_dy[sides[k]], p.z };
			if (!BLOCK_COVERED(q))
				memset(map_edge(dst, p, sides[k]), 0,
				    sizeof(struct edge));
		}
	}
	for (i = 0; i < dst->nlinks; i++)
		if (!BLOCK_COVERED(dst->links[i].lower) ||
		    !BLOCK_COVERED(dst->links[i].upper))
			dst->links[i--] = dst->links[--dst->nlinks];
	for (i = 0; i < dst->nbuildings; i++) {
		const struct building *b = &dst->buildings[i];

		held = false;
		for (y = b->y0; y <= b->y1 && !held; y++)
			for (x = b->x0; x <= b->x1 && !held; x++)
				held = BLOCK_COVERED(((struct pos){ x, y, 0 }));
		if (held)
			continue;
		memmove(&dst->buildings[i], &dst->buildings[i + 1],
		    (dst->nbuildings - i - 1) * sizeof *dst->buildings);
		dst->nbuildings--;
		i--;
	}
#undef BLOCK_COVERED
}
