/*
 * load-map-picture.c - a map's levels, each drawn as a picture on the
 * doubled grid (see load-map.c), into the map's squares and edges; and the
 * checks that point back into the pictures (doors).
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-map-int.h"
#include "xtac/util.h"

/* --- pictures ----------------------------------------------------------- */

void
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

/*
 * The edge a picture's character at (row, col) of level z draws: row even
 * and col odd a horizontal edge, row odd and col even a vertical one;
 * NULL off the grid.
 */
static struct edge *
load_picture_edge(const struct map *m, int row, int col, int z)
{
	struct pos	q = { (col - 1) / 2, row / 2, z };

	if (row < 0 || col < 0 || row > 2 * m->height || col > 2 * m->width)
		return NULL;
	if (row % 2 == 0) {
		if (q.y < m->height)
			return map_edge(m, q, DIR_N);
		q.y = m->height - 1;
		return map_edge(m, q, DIR_S);
	}
	q.x = col / 2;
	q.y = (row - 1) / 2;
	if (q.x < m->width)
		return map_edge(m, q, DIR_W);
	q.x = m->width - 1;
	return map_edge(m, q, DIR_E);
}

/* Whether both edges are doors; if wide, whether both are wide too. */
static bool
load_doors_pair(const struct edge *a, const struct edge *b, bool wide)
{
	return a != NULL && b != NULL && a->kind == EDGE_DOOR &&
	    b->kind == EDGE_DOOR && (!wide || ((a->flags & EDGE_WIDE) &&
	    (b->flags & EDGE_WIDE)));
}

/*
 * §4.2: a door spanning several squares.  A door's character at a corner
 * joins the doors on either side of it, in line, into one wide door
 * (EDGE_WIDE on each); '+' there keeps two doors apart.  A wide door is
 * the whole run of wide doors along its wall (map_door_segments), so two
 * wide doors may not touch end to end: they would open as one.
 */
static void
load_picture_joins(struct load *l, const struct load_picture *p, int z)
{
	const struct map	*m = l->s->map;
	int			 row, col, pass;

	for (pass = 0; pass < 2; pass++)
	for (row = 0; row <= 2 * m->height; row += 2)
	for (col = 0; col <= 2 * m->width; col += 2) {
		unsigned char c = (unsigned char)load_picture_at(p, row, col);
		struct edge *w = load_picture_edge(m, row, col - 1, z),
		    *e = load_picture_edge(m, row, col + 1, z),
		    *n = load_picture_edge(m, row - 1, col, z),
		    *s = load_picture_edge(m, row + 1, col, z);
		bool door = l->edges[c].set &&
		    l->edges[c].edge.kind == EDGE_DOOR;
		bool across = load_doors_pair(w, e, pass == 1),
		    down = load_doors_pair(n, s, pass == 1);
		int line = p->first_line + row, fcol = p->indent + col + 1;

		if (pass == 1) {
			if (!door && (across || down))
				diag_error(l->d, line, fcol, "%s", "two wide "
				    "doors meet here and would open as one: "
				    "put a wall between them (\xc2\xa7" "4.2)");
			continue;
		}
		if (!door)
			continue;
		if (across && down) {
			diag_error(l->d, line, fcol, "%s", "doors cross at "
			    "this corner: a door corner joins the two doors "
			    "in one line");
			continue;
		}
		if (!across && !down) {
			diag_error(l->d, line, fcol, "'%c' at a corner joins "
			    "the doors on either side into one wide door "
			    "(\xc2\xa7" "4.2): it needs a door on both sides, "
			    "in line", c);
			continue;
		}
		(across ? w : n)->flags |= EDGE_WIDE;
		(across ? e : s)->flags |= EDGE_WIDE;
	}
}

void
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
		for (i = 0; i < npics; i++) {
			load_picture_apply(l, &pics[i], (int)i);
			load_picture_joins(l, &pics[i], (int)i);
		}
		l->map_ok = true;
	}
}

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

void
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
