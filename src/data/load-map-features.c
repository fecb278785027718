/*
 * load-map-features.c - what a map adds to its pictures: stairs and ramps
 * between levels (RULINGS §4), and named buildings.
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-map-int.h"
#include "xtac/util.h"

/* --- stairs, ramps, buildings --------------------------------------------- */

void
load_links(struct load *l, const struct ynode *n, bool ramp)
{
	static const char *const keys[] = { "from", "to", NULL };
	const char	*what = ramp ? "a ramp" : "a stair";
	struct map	*m = l->s->map;
	size_t		 i;

	if (!ynode_expect(n, YNODE_SEQ, l->d, ramp ? "ramps" : "stairs"))
		return;
	for (i = 0; i < n->n; i++) {
		const struct ynode *e = n->items[i], *from_node;
		struct map_link link;
		bool ok;

		if (!ynode_expect(e, YNODE_MAP, l->d, what))
			continue;
		ymap_check_keys(e, keys, l->d, what);
		if (!ymap_require(e, "from", l->d, what) ||
		    !ymap_require(e, "to", l->d, what))
			continue;
		memset(&link, 0, sizeof link);
		link.ramp = ramp;
		ok = load_pos(l, ymap_get(e, "from"), true, "from",
		    &link.lower);
		ok &= load_pos(l, ymap_get(e, "to"), true, "to", &link.upper);
		if (!ok || !load_pos_on_map(l, ymap_get(e, "from"), link.lower,
		    "from") || !load_pos_on_map(l, ymap_get(e, "to"),
		    link.upper, "to"))
			continue;
		from_node = ymap_get(e, "from");
		if (link.upper.z < link.lower.z) {
			struct pos t = link.lower;
			link.lower = link.upper;
			link.upper = t;
			from_node = ymap_get(e, "to");
		}
		/* RULINGS §4: a link joins level L to level L + 1. */
		if (link.upper.z != link.lower.z + 1 ||
		    abs(link.upper.x - link.lower.x) > 1 ||
		    abs(link.upper.y - link.lower.y) > 1) {
			diag_error(l->d, e->line, e->col, "%s joins a square "
			    "to one beside or above it, one level up", what);
			continue;
		}
		if (!map_square_standable(m, link.lower)) {
			diag_error(l->d, from_node->line, from_node->col,
			    "%s starts on %d,%d L%d, where nobody can stand",
			    what, link.lower.x + 1, link.lower.y + 1,
			    link.lower.z + 1);
			continue;
		}
		if (!map_square_standable(m, link.upper)) {
			diag_error(l->d, e->line, e->col, "%s has no landing: "
			    "nobody can stand on %d,%d L%d", what,
			    link.upper.x + 1, link.upper.y + 1,
			    link.upper.z + 1);
			continue;
		}
		if (m->nlinks >= LOAD_MAX_LINKS) {
			diag_error(l->d, e->line, e->col, "more than %d stairs "
			    "and ramps", LOAD_MAX_LINKS);
			return;
		}
		m->links = xreallocarray(m->links, m->nlinks + 1,
		    sizeof *m->links);
		m->links[m->nlinks++] = link;
	}
}

void
load_buildings(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = { "name", "from", "to", NULL };
	struct map	*m = l->s->map;
	size_t		 i, j;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "buildings"))
		return;
	for (i = 0; i < n->n; i++) {
		const struct ynode *e = n->items[i];
		struct building b;
		struct pos from, to;

		if (!ynode_expect(e, YNODE_MAP, l->d, "a building"))
			continue;
		ymap_check_keys(e, keys, l->d, "a building");
		memset(&b, 0, sizeof b);
		if (!ymap_require(e, "name", l->d, "a building") ||
		    !ymap_require(e, "from", l->d, "a building") ||
		    !ymap_require(e, "to", l->d, "a building") ||
		    !yscalar_name(ymap_get(e, "name"), l->d, "building name",
		    b.name, sizeof b.name))
			continue;
		if (!load_pos(l, ymap_get(e, "from"), false, "from", &from) ||
		    !load_pos(l, ymap_get(e, "to"), false, "to", &to))
			continue;
		from.z = to.z = 0;
		if (!load_pos_on_map(l, ymap_get(e, "from"), from, "from") ||
		    !load_pos_on_map(l, ymap_get(e, "to"), to, "to"))
			continue;
		for (j = 0; j < m->nbuildings; j++)
			if (strcmp(m->buildings[j].name, b.name) == 0)
				diag_error(l->d, e->line, e->col, "two "
				    "buildings are called '%s'", b.name);
		b.x0 = from.x < to.x ? from.x : to.x;
		b.x1 = from.x < to.x ? to.x : from.x;
		b.y0 = from.y < to.y ? from.y : to.y;
		b.y1 = from.y < to.y ? to.y : from.y;
		m->buildings = xreallocarray(m->buildings, m->nbuildings + 1,
		    sizeof *m->buildings);
		m->buildings[m->nbuildings++] = b;
	}
}

void
load_check_buildings(struct load *l, const struct ynode *n)
{
	const struct map	*m = l->s->map;
	size_t			 i;

	for (i = 0; i < m->nbuildings; i++) {
		const struct building *b = &m->buildings[i];
		struct pos p;
		int walls = 0;

		for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = b->y0; p.y <= b->y1; p.y++)
		for (p.x = b->x0; p.x <= b->x1; p.x++) {
			walls += map_edge(m, p, DIR_N)->kind != EDGE_OPEN;
			walls += map_edge(m, p, DIR_W)->kind != EDGE_OPEN;
			if (p.y == b->y1)
				walls += map_edge(m, p, DIR_S)->kind !=
				    EDGE_OPEN;
			if (p.x == b->x1)
				walls += map_edge(m, p, DIR_E)->kind !=
				    EDGE_OPEN;
		}
		if (walls == 0 && n != NULL && i < n->n)
			diag_warning(l->d, n->items[i]->line, n->items[i]->col,
			    "building '%s' has no walls in its box", b->name);
	}
}
