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
block_turn_pos(int n, int quarters, int x, int y, int *tx, int *ty)
{
	int	q, t;

	for (q = 0; q < (quarters % 4 + 4) % 4; q++) {
		t = x;
		x = n - 1 - y;
		y = t;
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

	block_turn_pos(src->width, quarters, p.x, p.y, &t.x, &t.y);
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

void
block_place(struct map *dst, const struct map *src, int x0, int y0,
    int quarters)
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

		d->floor = s->floor;
		d->object = OBJECT_NONE;
		if (s->object != OBJECT_NONE)
			d->object = block_object(dst,
			    &src->objects[s->object]);
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
