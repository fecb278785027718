/*
 * load-map.c - reading a scenario file (maps/NAME.yaml, format in
 * xtac-map(5)) into a struct scenario, reporting every problem at its line
 * and column.
 *
 * Each level is a picture: a doubled grid of 2 x height + 1 lines by
 * 2 x width + 1 columns, where squares sit at odd (line, column) and the
 * edges between them at the odd/even mixed places:
 *
 *	+-+-+      row 0: corners and the north edges of row-0 squares
 *	|. .|      row 1: west edge, square, edge, square, east edge
 *	+ +-+      row 2: edges between squares of rows 0 and 1
 *
 * Characters mean what the legend says; a built-in legend covers common
 * floors, objects and edges and the file may add to it or override it.
 * The loader works in passes: structure and values first (so all such
 * problems are reported together), then the semantic checks that need the
 * whole scenario (units in walls, budgets, landings ...).  File coordinates
 * are 1-based; everything stored is 0-based.
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-int.h"
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/util.h"

#define LOAD_MAX_UNITS		512
#define LOAD_MAX_LINKS		1024
#define LOAD_MAX_ZONES		64

struct load_square_glyph {
	bool	set;
	int	floor;		/* enum floor_kind */
	int	object;		/* map object index or OBJECT_NONE */
};

struct load_edge_glyph {
	bool		set;
	struct edge	edge;
};

/* Where a unit was written, for the semantic checks' messages. */
struct load_unit_src {
	const struct ynode	*node;
	const struct ynode	*at;	/* NULL: placed when deployed */
	bool			 read;	/* got as far as its square */
	bool			 ok;	/* parsed cleanly: check it further */
};

struct load_picture {
	const struct ynode	*node;
	char			**lines;
	size_t			 nlines;
	int			 first_line;	/* file line of lines[0] */
	int			 indent;	/* file column of char 0, less 1 */
};

struct load {
	struct diags			*d;
	const struct catalog		*cat;
	const char			*text;
	size_t				 len;
	struct scenario			*s;
	struct load_square_glyph	 squares[256];
	struct load_edge_glyph		 edges[256];
	struct load_unit_src		*unit_src;
	bool				 sides_declared;
	bool				 map_ok;
	struct load_picture		*pics;	/* one a level, kept for */
	size_t				 npics;	/* positions in messages */
	/* The file's directory, for blocks; NULL in a block. */
	const char			*dir;
	/* A squad file's units: no 'at', all of squad_side. */
	bool				 squad;
	enum side			 squad_side;
};

static const char *const load_top_keys[] = {
	"xtac-map", "name", "description", "size", "legend", "levels",
	"stairs", "ramps", "buildings", "scenario", "rules", "sides", "units",
	"blocks",
	NULL
};

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

static void
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

/* --- small readers ------------------------------------------------------ */


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

/* [x, y] or [x, y, level] (1-based in the file) into a 0-based pos. */
static bool
load_pos(struct load *l, const struct ynode *n, bool want_level,
    const char *what, struct pos *out)
{
	size_t	want = want_level ? 3 : 2;
	int	v[3] = { 1, 1, 1 };
	size_t	i;
	bool	ok = true;

	if (!ynode_expect(n, YNODE_SEQ, l->d, what))
		return false;
	if (n->n != want) {
		diag_error(l->d, n->line, n->col, "%s should be [x, y%s], "
		    "1-based", what, want_level ? ", level" : "");
		return false;
	}
	for (i = 0; i < want; i++)
		ok &= yscalar_int(n->items[i], l->d, 1, MAP_MAX_SIDE, what,
		    &v[i]);
	out->x = v[0] - 1;
	out->y = v[1] - 1;
	out->z = v[2] - 1;
	return ok;
}

static bool
load_pos_on_map(struct load *l, const struct ynode *n, struct pos p,
    const char *what)
{
	const struct map	*m = l->s->map;

	if (!l->map_ok || map_contains(m, p))
		return true;	/* (no map to check against: said already) */
	diag_error(l->d, n->line, n->col, "%s %d,%d L%d is off the map "
	    "(%dx%d, %d level%s)", what, p.x + 1, p.y + 1, p.z + 1, m->width,
	    m->height, m->levels, m->levels == 1 ? "" : "s");
	return false;
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

static void
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

/* --- pictures ----------------------------------------------------------- */


static void
load_picture_free(struct load_picture *p)
{
	size_t	i;

	for (i = 0; i < p->nlines; i++)
		free(p->lines[i]);
	free(p->lines);
	p->lines = NULL;
	p->nlines = 0;
}

/*
 * Where the picture's characters are in the file.  A block scalar's text
 * starts on the line after its indicator, at that line's indentation; any
 * other scalar style has no stable mapping, so we point at the value.
 */
static void
load_picture_origin(struct load *l, struct load_picture *p)
{
	const char	*t = l->text, *end = l->text + l->len;
	int		 line = 1, want;

	p->first_line = p->node->line;
	p->indent = p->node->col - 1;
	if (t == NULL)
		return;
	want = p->node->line + 1;
	while (line < want && t < end) {
		const char *nl = memchr(t, '\n', (size_t)(end - t));
		if (nl == NULL)
			return;
		t = nl + 1;
		line++;
	}
	/* Skip blank lines before the first picture line. */
	while (t < end) {
		const char *s = t;
		while (s < end && *s == ' ')
			s++;
		if (s < end && *s != '\n') {
			p->first_line = line;
			p->indent = (int)(s - t);
			return;
		}
		if (s >= end)
			return;
		t = s + 1;
		line++;
	}
}

static bool
load_picture_split(struct load *l, const struct ynode *n,
    struct load_picture *p)
{
	const char	*t, *nl;
	size_t		 len;

	memset(p, 0, sizeof *p);
	p->node = n;
	if (!ynode_expect(n, YNODE_SCALAR, l->d, "a picture"))
		return false;
	load_picture_origin(l, p);
	for (t = n->text; *t != '\0'; t = nl + 1) {
		nl = strchr(t, '\n');
		len = nl ? (size_t)(nl - t) : strlen(t);
		if (p->nlines >= 2 * MAP_MAX_SIDE + 1) {
			diag_error(l->d, n->line, n->col, "picture is taller "
			    "than %d squares", MAP_MAX_SIDE);
			load_picture_free(p);
			return false;
		}
		p->lines = xreallocarray(p->lines, p->nlines + 1,
		    sizeof *p->lines);
		p->lines[p->nlines++] = xstrndup(t, len);
		if (nl == NULL)
			break;
	}
	/*
	 * Blank lines before the first line are not part of the grid (and
	 * load_picture_origin skipped them too); blank trailing lines are a
	 * block scalar's padding.
	 */
	while (p->nlines > 0 && p->lines[0][strspn(p->lines[0], " ")] ==
	    '\0') {
		free(p->lines[0]);
		memmove(p->lines, p->lines + 1, --p->nlines *
		    sizeof *p->lines);
	}
	while (p->nlines > 0 && p->lines[p->nlines - 1][strspn(
	    p->lines[p->nlines - 1], " ")] == '\0') {
		free(p->lines[--p->nlines]);
	}
	if (p->nlines == 0) {
		diag_error(l->d, n->line, n->col, "%s", "picture is empty");
		return false;
	}
	return true;
}

/* Picture dimensions in squares, checking the doubled-grid shape. */
static bool
load_picture_size(struct load *l, const struct load_picture *p, int *w,
    int *h)
{
	size_t	i, longest = 0;

	/*
	 * The width comes from the edge rows (corners and edges, drawn the
	 * whole width by convention); a square row that sticks out beyond
	 * them is most likely shifted, and is reported as such rather than
	 * widening the map.  Pictures without drawn edge rows use every line.
	 */
	for (i = 0; i < p->nlines; i += 2) {
		size_t len = strlen(p->lines[i]);

		while (len > 0 && p->lines[i][len - 1] == ' ')
			len--;
		if (len > longest)
			longest = len;
	}
	for (i = 0; longest < 3 && i < p->nlines; i++) {
		size_t len = strlen(p->lines[i]);

		while (len > 0 && p->lines[i][len - 1] == ' ')
			len--;
		if (len > longest)
			longest = len;
	}
	if (p->nlines % 2 == 0 || p->nlines < 3) {
		diag_error(l->d, p->first_line + (int)p->nlines - 1,
		    p->indent + 1, "picture has %zu lines; it needs an odd "
		    "number, 2 x height + 1 (edges, squares, edges ...)",
		    p->nlines);
		return false;
	}
	*h = (int)(p->nlines - 1) / 2;
	*w = (int)(longest / 2);
	if (*w < 1) {
		diag_error(l->d, p->first_line, p->indent + 1, "%s",
		    "picture has no squares");
		return false;
	}
	if (*w > MAP_MAX_SIDE || *h > MAP_MAX_SIDE) {
		diag_error(l->d, p->first_line, p->indent + 1, "picture is "
		    "larger than %dx%d squares", MAP_MAX_SIDE, MAP_MAX_SIDE);
		return false;
	}
	return true;
}

static char
load_picture_at(const struct load_picture *p, int row, int col)
{
	const char	*s = p->lines[row];
	size_t		 len = strlen(s);

	return (size_t)col < len ? s[col] : ' ';
}

/*
 * An unknown character.  When it belongs to the other kind (an edge glyph
 * where a square goes) the line is most likely shifted by a column, and
 * every later character of the line would be wrong too: say so once and
 * stop reporting that line.
 */
static void
load_picture_unknown(struct load *l, int line, int col, const char *what,
    unsigned char c, bool other_kind, int *line_errors)
{
	if (*line_errors < 0)
		return;
	if (other_kind) {
		diag_error(l->d, line, col, "'%c' is %s where %s goes: is "
		    "the line shifted? squares sit at odd columns (1, 3, "
		    "5 ...), edges between them", c, strcmp(what, "square") ==
		    0 ? "an edge" : "a square", strcmp(what, "square") == 0 ?
		    "a square" : "an edge");
		*line_errors = -1;
		return;
	}
	diag_error(l->d, line, col, "unknown %s '%c' (not in the legend)",
	    what, c);
	if (++*line_errors >= 4) {
		diag_error(l->d, line, col, "%s", "too many unknown "
		    "characters on this line; the rest is not checked");
		*line_errors = -1;
	}
}

/* Fill level z of the map from its picture. */
static void
load_picture_apply(struct load *l, const struct load_picture *p, int z)
{
	struct map	*m = l->s->map;
	int		 row, col, rows = 2 * m->height + 1,
			 cols = 2 * m->width + 1;

	for (row = 0; row < rows; row++) {
		int line = p->first_line + row, line_errors = 0;
		size_t len = strlen(p->lines[row]);

		for (col = 0; col < cols || (size_t)col < len; col++) {
			unsigned char c = (unsigned char)load_picture_at(p,
			    row, col);
			int fcol = p->indent + col + 1;
			struct pos q = { col / 2, row / 2, z };

			if (line_errors < 0)
				break;	/* a shifted line: reported once */

			if (col >= cols) {
				if (c != ' ')
					diag_error(l->d, line, fcol, "'%c' "
					    "is beyond the map's east edge",
					    c);
				continue;
			}
			if (row % 2 == 0 && col % 2 == 0) {
				if (c != ' ' && c != '+' && !l->edges[c].set)
					diag_error(l->d, line, fcol, "corner "
					    "'%c' should be '+' or blank", c);
				continue;
			}
			if (row % 2 == 1 && col % 2 == 1) {
				struct square *sq;

				q.x = (col - 1) / 2;
				q.y = (row - 1) / 2;
				if (!l->squares[c].set) {
					load_picture_unknown(l, line, fcol,
					    "square", c, l->edges[c].set,
					    &line_errors);
					continue;
				}
				sq = map_square(m, q);
				sq->floor = (uint8_t)l->squares[c].floor;
				sq->object = (int16_t)l->squares[c].object;
				if (z == 0 && sq->floor == FLOOR_NONE)
					diag_error(l->d, line, fcol, "%s",
					    "ground-level square with no floor "
					    "(every level-1 square has one, "
					    "\xc2\xa7" "4.2)");
				if (sq->floor == FLOOR_NONE &&
				    sq->object != OBJECT_NONE)
					diag_error(l->d, line, fcol, "%s",
					    "object in open air: give its "
					    "square a floor");
				continue;
			}
			if (c == ' ')
				continue;
			if (c == '+') {
				diag_error(l->d, line, fcol, "%s", "'+' "
				    "belongs at corners; this is an edge");
				continue;
			}
			if (!l->edges[c].set) {
				load_picture_unknown(l, line, fcol, "edge", c,
				    l->squares[c].set, &line_errors);
				continue;
			}
			if (row % 2 == 0) {
				/* Horizontal edge north of square row/2. */
				q.x = (col - 1) / 2;
				if (q.y < m->height)
					*map_edge(m, q, DIR_N) =
					    l->edges[c].edge;
				else {
					q.y = m->height - 1;
					*map_edge(m, q, DIR_S) =
					    l->edges[c].edge;
				}
			} else {
				q.y = (row - 1) / 2;
				if (q.x < m->width)
					*map_edge(m, q, DIR_W) =
					    l->edges[c].edge;
				else {
					q.x = m->width - 1;
					*map_edge(m, q, DIR_E) =
					    l->edges[c].edge;
				}
			}
		}
	}
}

static void
load_levels(struct load *l, const struct ynode *n, const struct ynode *size)
{
	static const char *const keys[] = { "picture", "name", NULL };
	struct load_picture	*pics;
	size_t			 i, npics;
	int			 w = 0, h = 0, want_w = 0, want_h = 0;
	bool			 ok = true;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "levels"))
		return;
	if (n->n == 0 || n->n > MAP_MAX_LEVELS) {
		diag_error(l->d, n->line, n->col, "a map has 1 to %d levels, "
		    "not %zu", MAP_MAX_LEVELS, n->n);
		return;
	}
	npics = n->n;
	pics = xcalloc(npics, sizeof *pics);
	for (i = 0; i < npics; i++) {
		const struct ynode *lv = n->items[i], *pic;
		int pw, ph;

		pic = lv;
		if (lv->kind == YNODE_MAP) {
			ymap_check_keys(lv, keys, l->d, "a level");
			if (!ymap_require(lv, "picture", l->d, "a level")) {
				ok = false;
				continue;
			}
			pic = ymap_get(lv, "picture");
		}
		if (!load_picture_split(l, pic, &pics[i]) ||
		    !load_picture_size(l, &pics[i], &pw, &ph)) {
			ok = false;
			continue;
		}
		if (w == 0) {
			w = pw;
			h = ph;
		} else if (pw != w || ph != h) {
			diag_error(l->d, pics[i].first_line, pics[i].indent + 1,
			    "level %zu is %dx%d squares but level 1 is %dx%d",
			    i + 1, pw, ph, w, h);
			ok = false;
		}
	}
	if (size != NULL && ynode_expect(size, YNODE_SEQ, l->d, "size")) {
		if (size->n != 2 ||
		    !yscalar_int(size->items[0], l->d, 1, MAP_MAX_SIDE,
		    "width", &want_w) ||
		    !yscalar_int(size->items[1], l->d, 1, MAP_MAX_SIDE,
		    "height", &want_h)) {
			if (size->n != 2)
				diag_error(l->d, size->line, size->col, "%s",
				    "size should be [width, height]");
		} else if (ok && w != 0 && (want_w != w || want_h != h)) {
			diag_error(l->d, size->line, size->col, "size says "
			    "%dx%d but the pictures are %dx%d squares", want_w,
			    want_h, w, h);
			ok = false;
		}
	}
	l->pics = pics;
	l->npics = npics;
	if (ok && w > 0) {
		struct map *old = l->s->map;

		/* Keep the legend's objects; the grid gets its real size. */
		l->s->map = map_new(w, h, (int)npics);
		l->s->map->objects = old->objects;
		l->s->map->nobjects = old->nobjects;
		old->objects = NULL;
		map_free(old);
		for (i = 0; i < npics; i++)
			load_picture_apply(l, &pics[i], (int)i);
		l->map_ok = true;
	}
}

/* --- stairs, ramps, buildings --------------------------------------------- */

static void
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

static void
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

/* --- scenario, rules, sides ----------------------------------------------- */

static int
load_side(struct load *l, const struct ynode *n)
{
	return yscalar_enum(n, side_names, SIDE_COUNT, l->d, "side");
}

/*
 * RULINGS §2.3: "the map's craft loses walls as the scenario lists them".
 *   lost-walls: [{at: [x, y, level], side: n}, ...]
 * Each must be a wall, window or door on that side of the square: it is
 * open ground from the start.
 */
static void
load_lost_walls(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = { "at", "side", NULL };
	static const char *const sides[] = { "n", "e", "s", "w" };
	static const enum dir dirs[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct map	*m = l->s->map;
	struct edge	*e;
	struct pos	 p;
	size_t		 i;
	int		 k;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "lost-walls"))
		return;
	if (l->s->mission != MISSION_CRASHED) {
		diag_error(l->d, n->line, n->col, "%s", "only a crashed craft "
		    "loses walls (mission: crashed)");
		return;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *w = n->items[i];

		if (!ynode_expect(w, YNODE_MAP, l->d, "a lost wall"))
			continue;
		ymap_check_keys(w, keys, l->d, "a lost wall");
		if (!ymap_require(w, "at", l->d, "a lost wall") ||
		    !ymap_require(w, "side", l->d, "a lost wall") ||
		    !load_pos(l, ymap_get(w, "at"), true, "at", &p) ||
		    !load_pos_on_map(l, ymap_get(w, "at"), p, "at") ||
		    (k = yscalar_enum(ymap_get(w, "side"), sides, 4, l->d,
		    "side")) < 0)
			continue;
		e = map_edge(m, p, dirs[k]);
		if (e->kind == EDGE_OPEN) {
			diag_error(l->d, w->line, w->col, "no wall stands on "
			    "the %s side of %d,%d L%d to lose", sides[k],
			    p.x + 1, p.y + 1, p.z + 1);
			continue;
		}
		memset(e, 0, sizeof *e);
		e->kind = EDGE_OPEN;
	}
}

static void
load_scenario_options(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"mission", "night", "tech-level", "side", "crash-roll",
		"lost-walls", "deployment", NULL
	};
	struct scenario		*s = l->s;
	const struct ynode	*v;
	int			 k;

	if (!ynode_expect(n, YNODE_MAP, l->d, "scenario"))
		return;
	ymap_check_keys(n, keys, l->d, "scenario");
	if ((v = ymap_get(n, "mission")) != NULL &&
	    (k = yscalar_enum(v, mission_names, MISSION_COUNT, l->d,
	    "mission")) >= 0)
		s->mission = (enum mission)k;
	if ((v = ymap_get(n, "night")) != NULL)
		yscalar_bool(v, l->d, "night", &s->night);
	if ((v = ymap_get(n, "tech-level")) != NULL)
		yscalar_int(v, l->d, 1, 4, "tech-level", &s->tech_level);
	if ((v = ymap_get(n, "deployment")) != NULL)
		yscalar_bool(v, l->d, "deployment", &s->deployment);
	if ((v = ymap_get(n, "side")) != NULL) {
		if ((k = load_side(l, v)) >= 0)
			s->mission_side = (enum side)k;
	} else if (s->mission == MISSION_CRASHED)
		diag_error(l->d, n->line, n->col, "%s", "a crashed-craft "
		    "mission names the side that crashed (side: xcom or "
		    "alien)");
	else if (scenario_mission_secret(s->mission))
		diag_error(l->d, n->line, n->col, "a %s mission names the "
		    "side that has it (side: xcom or alien)",
		    mission_names[s->mission]);
	if ((v = ymap_get(n, "lost-walls")) != NULL && l->map_ok)
		load_lost_walls(l, v);
	if ((v = ymap_get(n, "crash-roll")) != NULL &&
	    (k = yscalar_enum(v, crash_roll_names, CRASH_COUNT, l->d,
	    "crash-roll")) >= 0) {
		if (s->mission != MISSION_CRASHED && k != CRASH_NONE)
			diag_error(l->d, v->line, v->col, "%s", "a crash roll "
			    "needs a crashed-craft mission (mission: crashed)");
		else
			s->crash_roll = (enum crash_roll)k;
	}
}

static void
load_rules(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"free-unit-switching", "vision-cone", "melee-flat-tu",
		"ai-omniscient", "civilians-steered", "psi-own-sight",
		"walk-on-sighting", NULL
	};
	struct house_rules	*r = &l->s->rules;
	bool			*flags[] = {
		&r->free_unit_switching, &r->vision_cone, &r->melee_flat_tu,
		&r->ai_omniscient, &r->civilians_steered, &r->psi_own_sight,
		&r->walk_on_sighting
	};
	size_t			 i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "rules"))
		return;
	ymap_check_keys(n, keys, l->d, "rules");
	for (i = 0; i < XTAC_NITEMS(flags); i++) {
		const struct ynode *v = ymap_get(n, keys[i]);

		if (v != NULL)
			yscalar_bool(v, l->d, keys[i], flags[i]);
	}
}

static void
load_zones(struct load *l, const struct ynode *n, const char *what,
    struct zone **zones, size_t *nzones)
{
	static const char *const keys[] = { "from", "to", NULL };
	size_t	i;

	if (!ynode_expect(n, YNODE_SEQ, l->d, what))
		return;
	if (n->n > LOAD_MAX_ZONES) {
		diag_error(l->d, n->line, n->col, "more than %d deployment "
		    "zones", LOAD_MAX_ZONES);
		return;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *e = n->items[i];
		struct zone z;

		if (!ynode_expect(e, YNODE_MAP, l->d, "a deployment zone"))
			continue;
		ymap_check_keys(e, keys, l->d, "a deployment zone");
		if (!ymap_require(e, "from", l->d, "a deployment zone") ||
		    !ymap_require(e, "to", l->d, "a deployment zone") ||
		    !load_pos(l, ymap_get(e, "from"), true, "from", &z.from) ||
		    !load_pos(l, ymap_get(e, "to"), true, "to", &z.to))
			continue;
		if (!load_pos_on_map(l, ymap_get(e, "from"), z.from,
		    "deployment zone corner") || !load_pos_on_map(l,
		    ymap_get(e, "to"), z.to, "deployment zone corner"))
			continue;
		*zones = xreallocarray(*zones, *nzones + 1, sizeof **zones);
		(*zones)[(*nzones)++] = z;
	}
}

static int	load_item(struct load *, const struct ynode *, const char *);

/*
 * §2.3 Missions: a side's secret mission and its targets.
 *   secret: {mission: random, sabotage: [x, y, level], capture-unit: ID,
 *            capture-ship: BUILDING, capture-technology: ITEM,
 *            craft: [{from: ..., to: ...}]}
 * Checks that need the units come later (load_check_missions).
 */
static void
load_secret(struct load *l, const struct ynode *n, enum side side,
    struct secret_setup *sec)
{
	static const char *const keys[] = {
		"mission", "sabotage", "capture-unit", "capture-ship",
		"capture-technology", "craft", NULL
	};
	static const char *const choices[] = {
		"random", "sabotage", "capture-unit", "capture-ship",
		"capture-technology"
	};
	static const enum mission chosen[] = {
		MISSION_ASSAULT, MISSION_SABOTAGE, MISSION_CAPTURE_UNIT,
		MISSION_CAPTURE_SHIP, MISSION_CAPTURE_TECH
	};
	const struct scenario	*s = l->s;
	const struct map	*m = s->map;
	const struct ynode	*v, *mn;
	const char		**names;
	size_t			 i;
	int			 k;

	sec->present = true;
	sec->ship = sec->technology = -1;
	/* A scenario-wide secret mission is the named side's (§2.3). */
	if (scenario_mission_secret(s->mission) && s->mission_side == side)
		sec->mission = s->mission;
	if (!ynode_expect(n, YNODE_MAP, l->d, "secret"))
		return;
	ymap_check_keys(n, keys, l->d, "secret");
	k = 0;
	if ((mn = ymap_get(n, "mission")) != NULL &&
	    (k = yscalar_enum(mn, choices, XTAC_NITEMS(choices), l->d,
	    "secret mission")) >= 0) {
		if (scenario_mission_secret(s->mission) &&
		    s->mission_side == side && chosen[k] != s->mission)
			diag_error(l->d, mn->line, mn->col, "the scenario "
			    "gives %s the %s mission; this says %s",
			    side_names[side], mission_names[s->mission],
			    choices[k]);
		else
			sec->mission = chosen[k];
	}
	if ((v = ymap_get(n, "sabotage")) != NULL &&
	    load_pos(l, v, true, "sabotage", &sec->sabotage_at) &&
	    load_pos_on_map(l, v, sec->sabotage_at, "sabotage")) {
		if (l->map_ok && map_square(m, sec->sabotage_at)->object ==
		    OBJECT_NONE)
			diag_error(l->d, v->line, v->col, "no object stands "
			    "at %d,%d L%d to sabotage", sec->sabotage_at.x + 1,
			    sec->sabotage_at.y + 1, sec->sabotage_at.z + 1);
		else
			sec->sabotage = true;
	}
	if ((v = ymap_get(n, "capture-unit")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, l->d, "capture-unit")) {
		if (strlen(v->text) >= sizeof sec->unit)
			diag_error(l->d, v->line, v->col, "unit id '%s' is "
			    "longer than %zu characters", v->text,
			    sizeof sec->unit - 1);
		else
			snprintf(sec->unit, sizeof sec->unit, "%s", v->text);
	}
	if ((v = ymap_get(n, "capture-ship")) != NULL && l->map_ok) {
		names = xcalloc(m->nbuildings + 1, sizeof *names);
		for (i = 0; i < m->nbuildings; i++)
			names[i] = m->buildings[i].name;
		if (m->nbuildings == 0)
			diag_error(l->d, v->line, v->col, "%s", "capture-ship "
			    "names a building, and this map has none");
		else
			sec->ship = yscalar_enum(v, names, m->nbuildings,
			    l->d, "capture-ship");
		free(names);
	}
	if ((v = ymap_get(n, "capture-technology")) != NULL &&
	    (k = load_item(l, v, "capture-technology")) >= 0)
		sec->technology = k;
	if ((v = ymap_get(n, "craft")) != NULL)
		load_zones(l, v, "craft", &sec->craft, &sec->ncraft);
	/* The mission named needs its target; a draw needs one at least. */
	v = mn != NULL ? mn : n;
	if ((sec->mission == MISSION_SABOTAGE && !sec->sabotage) ||
	    (sec->mission == MISSION_CAPTURE_UNIT && sec->unit[0] == '\0') ||
	    (sec->mission == MISSION_CAPTURE_SHIP && sec->ship < 0 &&
	    ymap_get(n, "capture-ship") == NULL) ||
	    (sec->mission == MISSION_CAPTURE_TECH && sec->technology < 0 &&
	    ymap_get(n, "capture-technology") == NULL))
		diag_error(l->d, v->line, v->col, "a %s mission needs its "
		    "target: '%s: ...' in the secret block",
		    mission_names[sec->mission], mission_names[sec->mission]);
	else if (sec->mission == MISSION_ASSAULT && k >= 0 &&
	    ymap_get(n, "sabotage") == NULL &&
	    ymap_get(n, "capture-unit") == NULL &&
	    ymap_get(n, "capture-ship") == NULL &&
	    ymap_get(n, "capture-technology") == NULL)
		diag_error(l->d, v->line, v->col, "%s", "a secret mission "
		    "drawn at random needs at least one target (sabotage, "
		    "capture-unit, capture-ship or capture-technology)");
}

static void
load_sides(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"control", "budget", "deploy", "objective", "secret",
		"squad", NULL
	};
	size_t	i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "sides"))
		return;
	l->sides_declared = true;
	for (i = 0; i < n->n; i++) {
		const struct ynode *v = n->items[i], *f;
		struct side_setup *side;
		int k = load_side(l, n->keys[i]), c;

		if (k < 0 || v == NULL)
			continue;
		side = &l->s->sides[k];
		side->present = true;
		side->control = k == SIDE_CIVILIAN ? CONTROL_ENGINE :
		    CONTROL_HUMAN;
		if (yscalar_is_null(v))
			continue;
		if (!ynode_expect(v, YNODE_MAP, l->d, "a side"))
			continue;
		ymap_check_keys(v, keys, l->d, "a side");
		if ((f = ymap_get(v, "control")) != NULL &&
		    (c = yscalar_enum(f, control_names, CONTROL_COUNT, l->d,
		    "control")) >= 0) {
			if ((c == CONTROL_ENGINE) != (k == SIDE_CIVILIAN))
				diag_error(l->d, f->line, f->col, "%s",
				    "only civilians are engine-controlled "
				    "(\xc2\xa7" "3.4), and they always are");
			else
				side->control = (enum control)c;
		}
		if ((f = ymap_get(v, "budget")) != NULL)
			yscalar_int(f, l->d, 0, 100000, "budget",
			    &side->budget);
		if ((f = ymap_get(v, "deploy")) != NULL)
			load_zones(l, f, "deploy", &side->zones,
			    &side->nzones);
		if ((f = ymap_get(v, "secret")) != NULL)
			load_secret(l, f, (enum side)k, &side->secret);
		if ((f = ymap_get(v, "objective")) != NULL &&
		    ynode_expect(f, YNODE_SCALAR, l->d, "objective")) {
			/* A side given twice: the last one says. */
			free(side->objective);
			side->objective = xstrdup(f->text);
		}
		if ((f = ymap_get(v, "squad")) != NULL &&
		    ynode_expect(f, YNODE_SCALAR, l->d, "squad")) {
			free(side->squad);
			side->squad = xstrdup(f->text);
		}
	}
}

/* --- units -------------------------------------------------------------- */

static const char *const *
load_item_names(const struct catalog *cat, const char **buf)
{
	size_t	i;

	for (i = 0; i < cat->nitems; i++)
		buf[i] = cat->items[i].id;
	return buf;
}

static int
load_item(struct load *l, const struct ynode *n, const char *what)
{
	const char	**names;
	int		  k;

	if (!ynode_expect(n, YNODE_SCALAR, l->d, what))
		return -1;
	if ((k = catalog_find_item(l->cat, n->text)) >= 0)
		return k;
	names = xcalloc(l->cat->nitems, sizeof *names);
	yscalar_enum(n, load_item_names(l->cat, names), l->cat->nitems, l->d,
	    what);
	free(names);
	return -2;
}

static const char *
load_item_id(const struct load *l, int item)
{
	return l->cat->items[item].id;
}

/* right: rifle   or   right: {item: rifle, ammo: rifle-clip | none} */
static bool
load_hand(struct load *l, const struct ynode *n, struct hand *h)
{
	static const char *const keys[] = { "item", "ammo", NULL };
	const struct ynode	*item = n, *ammo = NULL;
	const struct item_type	*it;

	h->item = h->ammo = -1;
	if (yscalar_is_null(n))
		return true;
	if (n->kind == YNODE_MAP) {
		ymap_check_keys(n, keys, l->d, "a hand");
		if (!ymap_require(n, "item", l->d, "a hand"))
			return false;
		item = ymap_get(n, "item");
		ammo = ymap_get(n, "ammo");
	}
	if ((h->item = load_item(l, item, "item")) < 0) {
		h->item = -1;
		return false;
	}
	it = &l->cat->items[h->item];
	if (it->class == ITEM_ARMOUR) {
		diag_error(l->d, item->line, item->col, "%s is armour: wear "
		    "it with 'armour:'", it->id);
		return false;
	}
	if (it->class == ITEM_WEAPON && it->weapon_kind == WEAPON_INTERNAL) {
		diag_error(l->d, item->line, item->col, "%s is built into "
		    "its unit and cannot be carried", it->id);
		return false;
	}
	if (ammo == NULL) {
		/* A weapon written alone comes loaded with its first ammo. */
		if (it->class == ITEM_WEAPON && it->nammo > 0)
			h->ammo = it->ammo[0];
		return true;
	}
	if (!ynode_expect(ammo, YNODE_SCALAR, l->d, "ammo"))
		return false;
	if (strcmp(ammo->text, "none") == 0)
		return true;
	if ((h->ammo = load_item(l, ammo, "ammunition")) < 0) {
		h->ammo = -1;
		return false;
	}
	if (!catalog_ammo_fits(l->cat, h->item, h->ammo)) {
		diag_error(l->d, ammo->line, ammo->col, "%s does not fit %s",
		    load_item_id(l, h->ammo), it->id);
		h->ammo = -1;
		return false;
	}
	return true;
}

static bool
load_boosts(struct load *l, const struct ynode *n, struct unit_setup *u)
{
	const struct unit_type	*t = &l->cat->units[u->type];
	size_t			 i;
	bool			 ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, "boosts"))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ynode *k = n->keys[i];
		int v, which;
		bool armour;

		which = -1;
		armour = false;
		for (v = 0; v < STAT_COUNT && which < 0; v++)
			if (strcmp(k->text, stat_names[v]) == 0)
				which = v;
		for (v = 0; v < ARMOUR_COUNT && which < 0; v++)
			if (strcmp(k->text, armour_facing_names[v]) == 0) {
				which = v;
				armour = true;
			}
		if (which < 0) {
			diag_error(l->d, k->line, k->col, "unknown boost '%s' "
			    "(known: tu, hth, acc, mac, tac, str, ret, psk, "
			    "pst, front, left, right, rear, under)", k->text);
			ok = false;
			continue;
		}
		/* §3.1.2: at most 20 points above the base value. */
		if (!yscalar_int(n->items[i], l->d, 0, SQUAD_BOOST_MAX,
		    k->text, &v)) {
			ok = false;
			continue;
		}
		if (armour) {
			if (t->side != SIDE_ALIEN) {
				diag_error(l->d, k->line, k->col, "%s",
				    "only alien armour can be boosted "
				    "(\xc2\xa7" "3.1.2)");
				ok = false;
			}
			u->armour_boosts[which] = v;
			continue;
		}
		if (t->stats[which] == STAT_NONE && v > 0 &&
		    !(t->class == UNIT_TERROR &&
		    (which == STAT_PSK || which == STAT_PST))) {
			diag_error(l->d, k->line, k->col, "a %s has no %s to "
			    "boost", t->id, stat_names[which]);
			ok = false;
		}
		u->boosts[which] = v;
	}
	return ok;
}

static bool
load_unit_type(struct load *l, const struct ynode *n, int *out)
{
	const char	**names;
	size_t		  i;

	if (!ynode_expect(n, YNODE_SCALAR, l->d, "type"))
		return false;
	if ((*out = catalog_find_unit(l->cat, n->text)) >= 0)
		return true;
	names = xcalloc(l->cat->nunits, sizeof *names);
	for (i = 0; i < l->cat->nunits; i++)
		names[i] = l->cat->units[i].id;
	yscalar_enum(n, names, l->cat->nunits, l->d, "unit type");
	free(names);
	return false;
}

static bool
load_unit(struct load *l, const struct ynode *n, struct unit_setup *u,
    struct load_unit_src *src)
{
	static const char *const keys[] = {
		"id", "name", "side", "type", "at", "facing", "kneeling",
		"armour", "right", "left", "belt", "boosts", NULL
	};
	const struct ynode	*v;
	const struct unit_type	*t;
	bool			 ok = true;
	int			 k;
	size_t			 i;

	memset(u, 0, sizeof *u);
	u->armour = -1;
	u->hands[HAND_RIGHT].item = u->hands[HAND_LEFT].item = -1;
	u->hands[HAND_RIGHT].ammo = u->hands[HAND_LEFT].ammo = -1;
	src->node = n;
	if (!ynode_expect(n, YNODE_MAP, l->d, "a unit"))
		return false;
	ymap_check_keys(n, keys, l->d, "a unit");
	if (!ymap_require(n, "id", l->d, "a unit") ||
	    (!l->squad && !ymap_require(n, "side", l->d, "a unit")) ||
	    !ymap_require(n, "type", l->d, "a unit"))
		return false;
	ok &= yscalar_name(ymap_get(n, "id"), l->d, "unit id", u->id,
	    sizeof u->id);
	if ((v = ymap_get(n, "name")) != NULL)
		ok &= yscalar_name(v, l->d, "unit name", u->name,
		    sizeof u->name);
	if (l->squad && (v = ymap_get(n, "at")) != NULL) {
		diag_error(l->d, v->line, v->col, "%s", "a squad's units have "
		    "no 'at': the map places them");
		ok = false;
	}
	if (l->squad && ymap_get(n, "side") == NULL)
		k = (int)l->squad_side;
	else if ((k = load_side(l, ymap_get(n, "side"))) < 0)
		return false;
	else if (l->squad && k != (int)l->squad_side) {
		v = ymap_get(n, "side");
		diag_error(l->d, v->line, v->col, "this squad fights for %s",
		    side_names[l->squad_side]);
		return false;
	}
	u->side = (enum side)k;
	if (!load_unit_type(l, ymap_get(n, "type"), &u->type))
		return false;
	t = &l->cat->units[u->type];
	if (t->side != u->side) {
		v = ymap_get(n, "type");
		diag_error(l->d, v->line, v->col, "a %s fights for %s, not "
		    "%s", t->id, side_names[t->side], side_names[u->side]);
		ok = false;
	}
	src->read = true;
	/*
	 * §4.1: a unit without a fixed square is deployed before round 1; a
	 * squad's units never have one (squad_place() finds them squares).
	 */
	if (!l->squad && (src->at = ymap_get(n, "at")) != NULL) {
		u->fixed = true;
		ok &= load_pos(l, src->at, true, "at", &u->pos);
	}
	u->facing = DIR_N;
	if ((v = ymap_get(n, "facing")) != NULL) {
		if ((k = yscalar_enum(v, dir_names, DIR_COUNT, l->d,
		    "facing")) < 0)
			ok = false;
		else
			u->facing = (enum dir)k;
	}
	if ((v = ymap_get(n, "kneeling")) != NULL) {
		ok &= yscalar_bool(v, l->d, "kneeling", &u->kneeling);
		if (u->kneeling && !t->can_kneel) {
			diag_error(l->d, v->line, v->col, "a %s cannot kneel "
			    "(only soldiers do, \xc2\xa7" "5.4)", t->id);
			ok = false;
		}
	}
	/* §3.2.2, §3.3.2: HWPs and terror units carry nothing. */
	if (t->class != UNIT_SOLDIER) {
		static const char *const gear[] = {
			"armour", "right", "left", "belt"
		};
		for (i = 0; i < XTAC_NITEMS(gear); i++) {
			if ((v = ymap_get(n, gear[i])) == NULL ||
			    yscalar_is_null(v))
				continue;
			diag_error(l->d, v->line, v->col, "a %s carries no "
			    "equipment", t->id);
			ok = false;
		}
	} else {
		if ((v = ymap_get(n, "armour")) != NULL &&
		    !yscalar_is_null(v)) {
			if ((u->armour = load_item(l, v, "armour")) < 0) {
				u->armour = -1;
				ok = false;
			} else if (l->cat->items[u->armour].class !=
			    ITEM_ARMOUR) {
				diag_error(l->d, v->line, v->col, "%s is not "
				    "armour", load_item_id(l, u->armour));
				u->armour = -1;
				ok = false;
			}
		}
		if ((v = ymap_get(n, "right")) != NULL)
			ok &= load_hand(l, v, &u->hands[HAND_RIGHT]);
		if ((v = ymap_get(n, "left")) != NULL)
			ok &= load_hand(l, v, &u->hands[HAND_LEFT]);
		if ((v = ymap_get(n, "belt")) != NULL &&
		    ynode_expect(v, YNODE_SEQ, l->d, "belt")) {
			if (v->n > SCENARIO_BELT_MAX) {
				diag_error(l->d, v->line, v->col, "a belt holds "
				    "at most %d items", SCENARIO_BELT_MAX);
				ok = false;
			}
			for (i = 0; i < v->n && i < SCENARIO_BELT_MAX; i++) {
				int it = load_item(l, v->items[i], "item");

				if (it < 0) {
					ok = false;
					continue;
				}
				if (l->cat->items[it].class == ITEM_ARMOUR ||
				    (l->cat->items[it].class == ITEM_WEAPON &&
				    l->cat->items[it].weapon_kind ==
				    WEAPON_INTERNAL)) {
					diag_error(l->d, v->items[i]->line,
					    v->items[i]->col, "%s cannot go "
					    "on a belt", load_item_id(l, it));
					ok = false;
					continue;
				}
				u->belt[u->nbelt++] = it;
			}
		}
	}
	if ((v = ymap_get(n, "boosts")) != NULL)
		ok &= load_boosts(l, v, u);
	return ok;
}

static void
load_units(struct load *l, const struct ynode *n)
{
	struct scenario	*s = l->s;
	size_t		 i, j;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "units"))
		return;
	if (n->n > LOAD_MAX_UNITS) {
		diag_error(l->d, n->line, n->col, "more than %d units",
		    LOAD_MAX_UNITS);
		return;
	}
	s->units = xcalloc(n->n, sizeof *s->units);
	l->unit_src = xcalloc(n->n, sizeof *l->unit_src);
	for (i = 0; i < n->n; i++) {
		struct unit_setup *u = &s->units[s->nunits];
		struct load_unit_src *src = &l->unit_src[s->nunits];

		src->ok = load_unit(l, n->items[i], u, src);
		if (src->node == NULL || !src->read)
			continue;
		for (j = 0; j < s->nunits; j++) {
			if (u->id[0] != '\0' &&
			    strcmp(s->units[j].id, u->id) == 0) {
				const struct ynode *id = ymap_get(n->items[i],
				    "id");
				diag_error(l->d, id->line, id->col, "unit id "
				    "'%s' is used twice (first at line %d)",
				    u->id, l->unit_src[j].node->line);
			}
		}
		s->nunits++;
	}
}

/* --- checks that need the whole scenario ---------------------------------- */

/* The file position of an edge's character in its level's picture. */
static void
load_edge_position(const struct load *l, struct pos p, enum dir side,
    int *line, int *col)
{
	const struct load_picture	*pic = &l->pics[p.z];
	int				 row = 2 * p.y + 1, c = 2 * p.x + 1;

	switch (side) {
	case DIR_N: row--; break;
	case DIR_S: row++; break;
	case DIR_W: c--; break;
	default: c++; break;
	}
	*line = pic->first_line + row;
	*col = pic->indent + c + 1;
}

static void
load_check_doors(struct load *l)
{
	const struct map	*m = l->s->map;
	static const enum dir	 sides[] = { DIR_N, DIR_W, DIR_S, DIR_E };
	struct pos		 p;
	size_t			 i;

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
	for (i = 0; i < XTAC_NITEMS(sides); i++) {
		const struct edge *e = map_edge(m, p, sides[i]);
		struct pos q = { p.x + dir_dx[sides[i]], p.y + dir_dy[sides[i]],
		    p.z };
		int line, col;

		if (e->kind != EDGE_DOOR)
			continue;
		/* Each inner edge is seen from both squares: report once. */
		if (map_contains(m, q) && (sides[i] == DIR_S ||
		    sides[i] == DIR_E))
			continue;
		load_edge_position(l, p, sides[i], &line, &col);
		if (!map_contains(m, q))
			diag_error(l->d, line, col, "%s", "door on the map's "
			    "edge leads nowhere");
		else if (map_square(m, p)->floor == FLOOR_NONE &&
		    map_square(m, q)->floor == FLOOR_NONE)
			diag_error(l->d, line, col, "%s", "door in open air: "
			    "no floor on either side");
	}
}

static void
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

static bool
load_in_zone(const struct side_setup *side, const struct unit_setup *u)
{
	size_t	i;

	for (i = 0; i < side->nzones; i++) {
		const struct zone *z = &side->zones[i];
#define LOAD_BETWEEN(v, a, b) \
	((v) >= ((a) < (b) ? (a) : (b)) && (v) <= ((a) < (b) ? (b) : (a)))
		if (LOAD_BETWEEN(u->pos.x, z->from.x, z->to.x) &&
		    LOAD_BETWEEN(u->pos.y, z->from.y, z->to.y) &&
		    LOAD_BETWEEN(u->pos.z, z->from.z, z->to.z))
			return true;
#undef LOAD_BETWEEN
	}
	return false;
}

/*
 * A unit with no `at:` is placed in the deployment step (§4.1): its side
 * needs somewhere to put it, and the scenario must not have turned the
 * step off.  A base's defenders may start anywhere (§2.3).
 */
static void
load_check_deployed(struct load *l, size_t ui)
{
	const struct scenario	*s = l->s;
	const struct unit_setup	*u = &s->units[ui];
	const struct ynode	*node = l->unit_src[ui].node;

	if (!s->deployment)
		diag_error(l->d, node->line, node->col, "%s has no square "
		    "(at:) and this scenario has no deployment step "
		    "(deployment: false)", u->id);
	else if (s->sides[u->side].nzones == 0 &&
	    !(s->mission == MISSION_BASE && u->side != s->mission_side))
		diag_error(l->d, node->line, node->col, "%s has no square "
		    "(at:) and %s has no deployment zone (deploy:) to place "
		    "it in", u->id, side_names[u->side]);
}

/* §2.3 for one item; true if it is allowed. */
static bool
load_check_tech(struct load *l, const struct unit_setup *u,
    const struct ynode *at, int item)
{
	const struct item_type	*it;

	if (item < 0)
		return true;
	it = &l->cat->items[item];
	if (catalog_tech_allows(l->s->tech_level, u->side, it->tech_level,
	    it->tech_side))
		return true;
	diag_error(l->d, at->line, at->col, "%s is technology level %d "
	    "(%s); this level-%d scenario does not allow it to %s "
	    "(\xc2\xa7" "2.3)", it->id, it->tech_level,
	    side_names[it->tech_side], l->s->tech_level, side_names[u->side]);
	return false;
}

/* §2.3: what the technology level allows this unit's side. */
static void
load_check_unit_tech(struct load *l, size_t ui)
{
	const struct scenario	*s = l->s;
	const struct unit_setup	*u = &s->units[ui];
	const struct unit_type	*t = &l->cat->units[u->type];
	const struct ynode	*node = l->unit_src[ui].node;
	int			 i;
	size_t			 b;

	if (!catalog_tech_allows(s->tech_level, u->side, t->tech_level,
	    t->side)) {
		const struct ynode *tn = ymap_get(node, "type");
		diag_error(l->d, tn->line, tn->col, "a %s is technology level "
		    "%d; this level-%d scenario does not allow it "
		    "(\xc2\xa7" "2.3)", t->id, t->tech_level, s->tech_level);
	}
	if (u->armour >= 0)
		load_check_tech(l, u, ymap_get(node, "armour"), u->armour);
	for (i = 0; i < HAND_COUNT; i++) {
		const struct ynode *hn = ymap_get(node, i == HAND_RIGHT ?
		    "right" : "left");

		/* A clip that came with a refused weapon adds nothing. */
		if (hn != NULL && u->hands[i].item >= 0 &&
		    load_check_tech(l, u, hn, u->hands[i].item))
			load_check_tech(l, u, hn, u->hands[i].ammo);
	}
	for (b = 0; b < u->nbelt; b++) {
		const struct ynode *belt = ymap_get(node, "belt");

		load_check_tech(l, u, belt != NULL && belt->kind == YNODE_SEQ &&
		    b < belt->n ? belt->items[b] : node, u->belt[b]);
	}
}

/* Squares, walls and company for one unit; occupancy records who is where. */
static void
load_check_unit(struct load *l, size_t ui, int *occupancy)
{
	const struct scenario	*s = l->s;
	const struct map	*m = s->map;
	const struct unit_setup	*u = &s->units[ui];
	const struct unit_type	*t = &l->cat->units[u->type];
	const struct ynode	*at = l->unit_src[ui].at, *node;
	int			 size = t->size, dx, dy, floors = 0;

	if (at == NULL) {
		load_check_deployed(l, ui);
		goto gear;
	}
	for (dy = 0; dy < size; dy++)
	for (dx = 0; dx < size; dx++) {
		struct pos p = { u->pos.x + dx, u->pos.y + dy, u->pos.z };
		const struct square *sq;
		int *who;

		if (!map_contains(m, p)) {
			diag_error(l->d, at->line, at->col, "%s is off the map "
			    "at %d,%d L%d%s", u->id, p.x + 1, p.y + 1, p.z + 1,
			    size > 1 ? " (a 2x2 unit fills x+1 and y+1)" : "");
			return;
		}
		sq = map_square(m, p);
		floors += sq->floor != FLOOR_NONE;
		if (sq->object != OBJECT_NONE &&
		    (m->objects[sq->object].solid ||
		    !m->objects[sq->object].passable))
			diag_error(l->d, at->line, at->col, "%s stands inside "
			    "a %s at %d,%d L%d", u->id,
			    m->objects[sq->object].name, p.x + 1, p.y + 1,
			    p.z + 1);
		who = &occupancy[((size_t)p.z * m->height + p.y) * m->width +
		    p.x];
		if (*who >= 0)
			diag_error(l->d, at->line, at->col, "%s and %s both "
			    "stand on %d,%d L%d", s->units[*who].id, u->id,
			    p.x + 1, p.y + 1, p.z + 1);
		else
			*who = (int)ui;
	}
	/* §7.2.4: a 2x2 unit stands while any of its squares has a floor. */
	if (floors == 0 && !t->flying && (u->armour < 0 ||
	    !l->cat->items[u->armour].flying))
		diag_error(l->d, at->line, at->col, "%s stands in open air at "
		    "%d,%d L%d and cannot fly", u->id, u->pos.x + 1,
		    u->pos.y + 1, u->pos.z + 1);
	if (size == 2) {
		struct pos p = u->pos, below = { p.x, p.y + 1, p.z },
		    right = { p.x + 1, p.y, p.z };

		/* RULINGS §5: never straddle an internal wall. */
		if (map_edge(m, p, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, p, DIR_S)->kind != EDGE_OPEN ||
		    map_edge(m, below, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, right, DIR_S)->kind != EDGE_OPEN)
			diag_error(l->d, at->line, at->col, "2x2 unit %s "
			    "straddles a wall at %d,%d L%d", u->id, p.x + 1,
			    p.y + 1, p.z + 1);
	}
gear:
	node = l->unit_src[ui].node;
	if (l->sides_declared && !s->sides[u->side].present) {
		const struct ynode *sn = ymap_get(node, "side");
		diag_error(l->d, sn->line, sn->col, "%s fights for %s, which "
		    "is not among the sides", u->id, side_names[u->side]);
	}
	if (at != NULL && s->sides[u->side].nzones > 0 &&
	    !load_in_zone(&s->sides[u->side], u))
		diag_warning(l->d, at->line, at->col, "%s starts outside the "
		    "%s deployment zones", u->id, side_names[u->side]);
	load_check_unit_tech(l, ui);
	/* §5.3: overloading is allowed but slows the unit down. */
	if (t->class == UNIT_SOLDIER && scenario_unit_weight(s, u) >
	    scenario_unit_strength(s, u))
		diag_warning(l->d, node->line, node->col, "%s carries %d, more "
		    "than its strength %d: encumbered, every move costs "
		    "double (\xc2\xa7" "5.3)", u->id, scenario_unit_weight(s, u),
		    scenario_unit_strength(s, u));
}

static void
load_check_budgets(struct load *l, const struct ynode *sides)
{
	int	side;

	for (side = 0; side < SIDE_COUNT; side++) {
		const struct side_setup *ss = &l->s->sides[side];
		const struct ynode *sn, *bn;
		int points, budget;

		if (!ss->present || ss->budget <= 0)
			continue;
		points = scenario_side_points(l->s, (enum side)side);
		budget = scenario_side_budget(l->s, (enum side)side);
		if (points <= budget)
			continue;
		sn = ymap_get(sides, side_names[side]);
		bn = ymap_get(sn, "budget");
		if (bn == NULL)
			bn = sides;
		diag_error(l->d, bn->line, bn->col, "%s spends %d points, "
		    "over its budget of %d%s (\xc2\xa7" "3.1.2)",
		    side_names[side], points, budget,
		    budget != ss->budget ? " after the crash's 20 % loss" :
		    "");
	}
}

/* Whether a unit of the side takes the item in (hands, belt, armour). */
static bool
load_unit_has_item(const struct unit_setup *u, int item)
{
	size_t	i;

	if (u->armour == item)
		return true;
	for (i = 0; i < HAND_COUNT; i++)
		if (u->hands[i].item == item || u->hands[i].ammo == item)
			return true;
	for (i = 0; i < u->nbelt; i++)
		if (u->belt[i] == item)
			return true;
	return false;
}

/*
 * §2.3 and RULINGS §2.3: what a mission needs of the units: civilians for
 * a terror site; for a secret mission, an enemy to capture, no unit of its
 * own side taking the technology in, and a craft to bring things back to
 * (its deployment zones unless it names one).
 */
/*
 * Where to point a message: the node, or (a duplicate key having hidden
 * it; that was reported already) the fallback.
 */
static const struct ynode *
load_node_or(const struct ynode *n, const struct ynode *fallback)
{
	return n != NULL ? n : fallback;
}

static void
load_check_missions(struct load *l, const struct ynode *root)
{
	struct scenario		*s = l->s;
	const struct ynode	*sides = ymap_get(root, "sides"), *sn, *sec;
	const struct ynode	*v, *cr;
	size_t			 i;
	int			 side, n;

	v = load_node_or(ymap_get(ymap_get(root, "scenario"), "mission"),
	    root);
	if (s->mission == MISSION_TERROR) {
		for (i = 0, n = 0; i < s->nunits; i++)
			n += s->units[i].side == SIDE_CIVILIAN;
		if (n == 0)
			diag_error(l->d, v->line, v->col, "%s", "a terror "
			    "mission needs civilians on the map (\xc2\xa7"
			    "2.3): units of side civilian");
	}
	/*
	 * The crash strikes before anyone deploys, so it needs every unit on
	 * its square already.
	 */
	for (i = 0; s->crash_roll != CRASH_NONE && i < s->nunits; i++)
		if (!s->units[i].fixed) {
			cr = load_node_or(ymap_get(ymap_get(root, "scenario"),
			    "crash-roll"), root);
			diag_error(l->d, cr->line, cr->col, "a crash roll needs "
			    "every unit at its square (at:): %s is deployed",
			    s->units[i].id);
			break;
		}
	if (scenario_mission_secret(s->mission) &&
	    !s->sides[s->mission_side].secret.present)
		diag_error(l->d, v->line, v->col, "the %s mission's target "
		    "goes in sides: %s: secret:", mission_names[s->mission],
		    side_names[s->mission_side]);
	for (side = 0; side < SIDE_COUNT; side++) {
		struct side_setup	*ss = &s->sides[side];
		struct secret_setup	*sc = &ss->secret;

		if (!sc->present)
			continue;
		sn = load_node_or(ymap_get(sides, side_names[side]), root);
		sec = load_node_or(ymap_get(sn, "secret"), sn);
		if (side == SIDE_CIVILIAN) {
			diag_error(l->d, sec->line, sec->col, "%s", "civilians "
			    "have no secret mission (\xc2\xa7" "2.3)");
			continue;
		}
		if (sc->unit[0] != '\0') {
			v = load_node_or(ymap_get(sec, "capture-unit"), sec);
			for (i = 0; i < s->nunits; i++)
				if (strcmp(s->units[i].id, sc->unit) == 0)
					break;
			if (i == s->nunits)
				diag_error(l->d, v->line, v->col, "no unit "
				    "'%s' to capture", sc->unit);
			else if (s->units[i].side == (enum side)side ||
			    s->units[i].side == SIDE_CIVILIAN)
				diag_error(l->d, v->line, v->col, "%s is not "
				    "an enemy of %s: capture an enemy unit "
				    "(\xc2\xa7" "2.3)", sc->unit,
				    side_names[side]);
		}
		if (sc->technology >= 0) {
			v = load_node_or(ymap_get(sec, "capture-technology"),
			    sec);
			for (i = 0; i < s->nunits; i++)
				if (s->units[i].side == (enum side)side &&
				    load_unit_has_item(&s->units[i],
				    sc->technology))
					diag_error(l->d, v->line, v->col, "%s "
					    "carries %s, the technology %s is "
					    "to capture: it can not be taken "
					    "in (\xc2\xa7" "2.3)",
					    s->units[i].id, load_item_id(l,
					    sc->technology), side_names[side]);
		}
		if (sc->ncraft == 0 && ss->nzones > 0) {
			sc->craft = xcalloc(ss->nzones, sizeof *sc->craft);
			memcpy(sc->craft, ss->zones, ss->nzones *
			    sizeof *sc->craft);
			sc->ncraft = ss->nzones;
		}
		if (sc->ncraft == 0 && (sc->unit[0] != '\0' ||
		    sc->technology >= 0))
			diag_error(l->d, sec->line, sec->col, "%s", "capturing "
			    "a unit or technology needs a craft to bring it "
			    "back to: 'craft:' zones, or the side's 'deploy:'");
	}
}

static void
load_check(struct load *l, const struct ynode *root)
{
	struct scenario	*s = l->s;
	const struct map *m = s->map;
	int		*occupancy;
	size_t		 i, n = (size_t)m->width * m->height * m->levels;

	if (l->npics > 0)	/* a block's doors were checked in the block */
		load_check_doors(l);
	load_check_buildings(l, ymap_get(root, "buildings"));
	occupancy = xmalloc(n * sizeof *occupancy);
	for (i = 0; i < n; i++)
		occupancy[i] = -1;
	for (i = 0; i < s->nunits; i++)
		if (l->unit_src[i].ok)
			load_check_unit(l, i, occupancy);
	free(occupancy);
	if (ymap_get(root, "sides") != NULL)
		load_check_budgets(l, ymap_get(root, "sides"));
	load_check_missions(l, root);
}

/* --- entry points ------------------------------------------------------- */

/* A map of blocks instead of pictures (load-blocks.c). */
static void
load_block_map(struct load *l, const struct ynode *root)
{
	const struct ynode	*n = ymap_get(root, "blocks"), *v;
	struct map		*m;

	if ((v = ymap_get(root, "levels")) != NULL) {
		diag_error(l->d, v->line, v->col, "%s", "a map is drawn in "
		    "'levels' or built of 'blocks', not both");
		return;
	}
	if (l->dir == NULL) {
		diag_error(l->d, n->line, n->col, "%s", "'blocks' are read "
		    "only in a map file, not in a block");
		return;
	}
	if ((m = load_blocks(n, l->dir, l->cat, l->s->map, l->d)) == NULL)
		return;
	map_free(l->s->map);
	l->s->map = m;
	l->map_ok = true;
}

static struct scenario *
load_parse(const char *text, size_t len, const struct catalog *cat,
    struct diags *d, const char *dir)
{
	struct load		 l;
	struct ynode		*root;
	const struct ynode	*v;
	struct scenario		*s;
	int			 version;
	size_t			 i;

	if ((root = ydoc_parse(text, len, d)) == NULL)
		return NULL;
	if (!ynode_expect(root, YNODE_MAP, d, "a map file")) {
		ydoc_free(root);
		return NULL;
	}
	memset(&l, 0, sizeof l);
	l.d = d;
	l.cat = cat;
	l.text = text;
	l.len = len;
	l.dir = dir;
	l.s = s = xcalloc(1, sizeof *s);
	s->catalog = cat;
	s->tech_level = 4;
	s->deployment = true;
	s->map = map_new(1, 1, 1);	/* holds the legend until the size */
	ymap_check_keys(root, load_top_keys, d, "a map file");
	if ((v = ymap_get(root, "xtac-map")) != NULL &&
	    yscalar_int(v, d, 0, 1000, "xtac-map", &version) && version != 1)
		diag_error(d, v->line, v->col, "this is xtac-map format %d; "
		    "this xtac reads format 1", version);
	if (ymap_require(root, "name", d, "a map file") &&
	    ynode_expect(ymap_get(root, "name"), YNODE_SCALAR, d, "name"))
		s->name = xstrdup(ymap_get(root, "name")->text);
	if ((v = ymap_get(root, "description")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, d, "description"))
		s->description = xstrdup(v->text);
	load_default_legend(&l);
	if ((v = ymap_get(root, "legend")) != NULL)
		load_legend(&l, v);
	if (ymap_get(root, "blocks") != NULL)
		load_block_map(&l, root);
	else if (ymap_require(root, "levels", d, "a map file"))
		load_levels(&l, ymap_get(root, "levels"),
		    ymap_get(root, "size"));
	if ((v = ymap_get(root, "scenario")) != NULL)
		load_scenario_options(&l, v);
	if ((v = ymap_get(root, "rules")) != NULL)
		load_rules(&l, v);
	if (l.map_ok) {
		if ((v = ymap_get(root, "stairs")) != NULL)
			load_links(&l, v, false);
		if ((v = ymap_get(root, "ramps")) != NULL)
			load_links(&l, v, true);
		if ((v = ymap_get(root, "buildings")) != NULL)
			load_buildings(&l, v);
	}
	/*
	 * Sides and units are read even when the pictures failed, so their
	 * own mistakes are reported too; only the checks against the map
	 * need a map.
	 */
	if ((v = ymap_get(root, "sides")) != NULL)
		load_sides(&l, v);
	if ((v = ymap_get(root, "units")) != NULL)
		load_units(&l, v);
	if (l.map_ok)
		load_check(&l, root);
	for (i = 0; i < l.npics; i++)
		load_picture_free(&l.pics[i]);
	free(l.pics);
	free(l.unit_src);
	ydoc_free(root);
	if (d->errors > 0 || !l.map_ok) {
		scenario_free(s);
		return NULL;
	}
	for (i = 0; i < SIDE_COUNT; i++)
		if (!l.sides_declared && i != SIDE_CIVILIAN)
			s->sides[i].present = true;
	return s;
}

struct scenario *
scenario_parse(const char *text, size_t len, const struct catalog *cat,
    struct diags *d)
{
	return load_parse(text, len, cat, d, NULL);
}

struct scenario *
scenario_load(const char *path, const struct catalog *cat, struct diags *d)
{
	struct scenario	*s;
	const char	*slash = strrchr(path, '/');
	char		*text, *dir;
	size_t		 len;

	if ((text = ydoc_read_file(path, &len, d)) == NULL)
		return NULL;
	dir = slash == NULL ? xstrdup(".") :
	    xstrndup(path, (size_t)(slash - path));
	s = load_parse(text, len, cat, d, dir);
	free(dir);
	free(text);
	return s;
}

bool
data_file_is_map(const char *path)
{
	struct ynode	*root = ydoc_peek(path);
	bool		 map;

	if (root != NULL && root->kind == YNODE_MAP &&
	    ymap_get(root, "levels") == NULL &&
	    ymap_get(root, "xtac-map") == NULL &&
	    ymap_get(root, "name") == NULL) {
		static const char *const sections[] = {
			"units", "weapons", "ammo", "grenades", "armour",
			"equipment"
		};
		size_t i;

		/* A unit file: catalog sections and nothing a map needs. */
		map = true;
		for (i = 0; i < XTAC_NITEMS(sections); i++)
			if (ymap_get(root, sections[i]) != NULL)
				map = false;
	} else if (root == NULL)
		/* Unreadable: let the map loader explain, unless in units/. */
		map = strstr(path, "units/") == NULL;
	else
		map = true;
	ydoc_free(root);
	return map;
}

bool
load_squad_units(const struct ynode *n, const struct catalog *cat,
    enum side side, int tech_level, struct diags *d,
    struct unit_setup **units, size_t *nunits)
{
	struct load	l;
	struct scenario	s;
	size_t		i;
	bool		ok = true;

	memset(&l, 0, sizeof l);
	memset(&s, 0, sizeof s);
	l.d = d;
	l.cat = cat;
	l.s = &s;
	l.squad = true;
	l.squad_side = side;
	s.catalog = cat;
	s.tech_level = tech_level;
	load_units(&l, n);
	for (i = 0; i < s.nunits; i++) {
		if (l.unit_src[i].ok)
			load_check_unit_tech(&l, i);
		ok &= l.unit_src[i].ok;
	}
	free(l.unit_src);
	*units = s.units;
	*nunits = s.nunits;
	return ok;
}
