/*
 * load-map-legend.c - a map file's legend (xtac-map(5)): the built-in
 * characters for floors, objects and edges, and the file's own, which add
 * to them or override them.
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-map-int.h"
#include "xtac/util.h"

/* --- built-in legend ------------------------------------------------- */

static const struct {
	char		 glyph;
	int		 floor;
	const char	*object;
} load_default_squares[] = {
	{ ' ', FLOOR_NONE, NULL },
	{ '.', FLOOR_GRASS, NULL },
	{ ',', FLOOR_DIRT, NULL },
	{ '=', FLOOR_PAVEMENT, NULL },
	{ '"', FLOOR_TALL_GRASS, NULL },
	{ ';', FLOOR_HAY, NULL },
	{ '~', FLOOR_SNOW, NULL },
	{ '%', FLOOR_RUBBLE, NULL },
	{ '_', FLOOR_BUILDING, NULL },
	{ ':', FLOOR_BASE, NULL },
	{ 'e', FLOOR_ELEVATOR, NULL },
	{ '#', FLOOR_HULL, NULL },
	{ 'T', FLOOR_GRASS, "tree" },
	{ 'R', FLOOR_GRASS, "rock" },
};

static const struct {
	char		glyph;
	int		kind;
	int		strength;
} load_default_edges[] = {
	{ '|', EDGE_WALL, STRENGTH_NORMAL },
	{ '-', EDGE_WALL, STRENGTH_NORMAL },
	{ 'H', EDGE_WALL, STRENGTH_HARDENED },
	{ '#', EDGE_WALL, STRENGTH_SUPER_TOUGH },
	{ ':', EDGE_WINDOW, STRENGTH_NORMAL },
	{ 'x', EDGE_FENCE, STRENGTH_NORMAL },
	{ '/', EDGE_DOOR, STRENGTH_NORMAL },
};

static const char *const load_edge_kinds[] = {
	"open", "wall", "window", "fence", "door", "hull"
};

void
load_default_legend(struct load *l)
{
	size_t	i;

	for (i = 0; i < object_nbuiltins; i++)
		map_add_object(l->s->map, &object_builtins[i]);
	for (i = 0; i < XTAC_NITEMS(load_default_squares); i++) {
		struct load_square_glyph *g =
		    &l->squares[(unsigned char)load_default_squares[i].glyph];

		g->set = true;
		g->floor = load_default_squares[i].floor;
		g->object = load_default_squares[i].object == NULL ?
		    OBJECT_NONE : map_find_object(l->s->map,
		    load_default_squares[i].object);
	}
	for (i = 0; i < XTAC_NITEMS(load_default_edges); i++) {
		struct load_edge_glyph *g =
		    &l->edges[(unsigned char)load_default_edges[i].glyph];

		g->set = true;
		g->edge.kind = (uint8_t)load_default_edges[i].kind;
		g->edge.strength = (uint8_t)load_default_edges[i].strength;
		g->edge.flags = 0;
	}
}

/* One legend character: a one-character key. */
static int
load_glyph(struct load *l, const struct ynode *key)
{
	unsigned char	c;

	if (key->len != 1 || (unsigned char)key->text[0] < 0x20 ||
	    (unsigned char)key->text[0] > 0x7e) {
		diag_error(l->d, key->line, key->col, "legend key '%s' should "
		    "be one printable ASCII character", key->text);
		return -1;
	}
	c = (unsigned char)key->text[0];
	if (c == '+') {
		diag_error(l->d, key->line, key->col, "%s", "'+' marks "
		    "corners in pictures and cannot be a legend character");
		return -1;
	}
	return c;
}

/* --- legend ------------------------------------------------------------- */

static int
load_object_def(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"name", "solid", "passable", "strength", "explosive", NULL
	};
	struct object_type	 o;
	const struct ynode	*v;
	int			 idx;

	if (n->kind == YNODE_SCALAR) {
		if ((idx = map_find_object(l->s->map, n->text)) >= 0)
			return idx;
		{
			const char **names = xcalloc(l->s->map->nobjects,
			    sizeof *names);
			size_t i;

			for (i = 0; i < l->s->map->nobjects; i++)
				names[i] = l->s->map->objects[i].name;
			yscalar_enum(n, names, l->s->map->nobjects, l->d,
			    "object");
			free(names);
		}
		return -1;
	}
	if (!ynode_expect(n, YNODE_MAP, l->d, "an object"))
		return -1;
	ymap_check_keys(n, keys, l->d, "an object");
	memset(&o, 0, sizeof o);
	if (!ymap_require(n, "name", l->d, "an object") ||
	    !yscalar_name(ymap_get(n, "name"), l->d, "object name", o.name,
	    sizeof o.name))
		return -1;
	o.solid = true;
	if ((v = ymap_get(n, "solid")) != NULL)
		yscalar_bool(v, l->d, "solid", &o.solid);
	if ((v = ymap_get(n, "passable")) != NULL) {
		yscalar_bool(v, l->d, "passable", &o.passable);
		if (o.solid && o.passable)
			diag_error(l->d, v->line, v->col, "%s", "a solid "
			    "object cannot be passable (RULINGS 4)");
	}
	if ((v = ymap_get(n, "strength")) != NULL) {
		int s = yscalar_enum(v, strength_names, STRENGTH_COUNT, l->d,
		    "strength");
		if (s >= 0)
			o.strength = (enum strength)s;
	}
	if ((v = ymap_get(n, "explosive")) != NULL)
		yscalar_bool(v, l->d, "explosive", &o.explosive);
	if ((idx = map_find_object(l->s->map, o.name)) >= 0) {
		l->s->map->objects[idx] = o;	/* the file redefines it */
		return idx;
	}
	return map_add_object(l->s->map, &o);
}

static void
load_legend_squares(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = { "floor", "object", NULL };
	size_t	i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "legend squares"))
		return;
	for (i = 0; i < n->n; i++) {
		const struct ynode *v = n->items[i], *f, *o;
		struct load_square_glyph g = { true, FLOOR_GRASS, OBJECT_NONE };
		int c = load_glyph(l, n->keys[i]), k;

		if (c < 0 || v == NULL)
			continue;
		if (v->kind == YNODE_SCALAR) {
			/* 'c': dirt   is short for   'c': {floor: dirt} */
			if ((k = yscalar_enum(v, floor_names,
			    FLOOR_KIND_COUNT, l->d, "floor")) >= 0)
				g.floor = k;
			l->squares[c] = g;
			continue;
		}
		if (!ynode_expect(v, YNODE_MAP, l->d, "a square"))
			continue;
		ymap_check_keys(v, keys, l->d, "a square");
		/*
		 * A bad floor is reported here and the character still
		 * defined (as grass), so the pictures do not repeat the error
		 * at every square that uses it.
		 */
		if ((f = ymap_get(v, "floor")) != NULL &&
		    (k = yscalar_enum(f, floor_names, FLOOR_KIND_COUNT,
		    l->d, "floor")) >= 0)
			g.floor = k;
		if ((o = ymap_get(v, "object")) != NULL) {
			if ((k = load_object_def(l, o)) < 0)
				continue;
			g.object = k;
		}
		l->squares[c] = g;
	}
}

static void
load_legend_edges(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"kind", "strength", "explosive", NULL
	};
	size_t	i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "legend edges"))
		return;
	for (i = 0; i < n->n; i++) {
		const struct ynode *v = n->items[i], *k, *s, *x;
		struct load_edge_glyph g;
		int c = load_glyph(l, n->keys[i]), kind;
		bool explosive = false;

		if (c < 0 || v == NULL)
			continue;
		if (c == ' ') {
			diag_error(l->d, n->keys[i]->line, n->keys[i]->col,
			    "%s", "a blank edge is always open");
			continue;
		}
		memset(&g, 0, sizeof g);
		g.set = true;
		k = v->kind == YNODE_SCALAR ? v : NULL;
		if (k == NULL) {
			if (!ynode_expect(v, YNODE_MAP, l->d, "an edge"))
				continue;
			ymap_check_keys(v, keys, l->d, "an edge");
			if (!ymap_require(v, "kind", l->d, "an edge"))
				continue;
			k = ymap_get(v, "kind");
		}
		kind = yscalar_enum(k, load_edge_kinds,
		    XTAC_NITEMS(load_edge_kinds), l->d, "edge kind");
		if (kind < 0)
			continue;
		/* A hull is a super-tough wall (§4.2). */
		g.edge.kind = (uint8_t)(kind == 5 ? EDGE_WALL : kind);
		g.edge.strength = kind == 5 ? STRENGTH_SUPER_TOUGH :
		    STRENGTH_NORMAL;
		if (v->kind == YNODE_MAP) {
			if ((s = ymap_get(v, "strength")) != NULL) {
				int st = yscalar_enum(s, strength_names,
				    STRENGTH_COUNT, l->d, "strength");
				if (st >= 0)
					g.edge.strength = (uint8_t)st;
			}
			if ((x = ymap_get(v, "explosive")) != NULL &&
			    yscalar_bool(x, l->d, "explosive", &explosive) &&
			    explosive)
				g.edge.flags |= EDGE_EXPLOSIVE;
		}
		if (g.edge.kind == EDGE_OPEN) {
			diag_error(l->d, k->line, k->col, "%s", "an open edge "
			    "is written as a blank; it needs no legend entry");
			continue;
		}
		l->edges[c] = g;
	}
}

void
load_legend(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = { "squares", "edges", NULL };
	const struct ynode	*v;

	if (!ynode_expect(n, YNODE_MAP, l->d, "legend"))
		return;
	ymap_check_keys(n, keys, l->d, "legend");
	if ((v = ymap_get(n, "squares")) != NULL)
		load_legend_squares(l, v);
	if ((v = ymap_get(n, "edges")) != NULL)
		load_legend_edges(l, v);
}
