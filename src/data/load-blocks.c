/*
 * load-blocks.c - a map composed of blocks (xtac-map(5), rulebook §4.1):
 *
 *	blocks:
 *	  rows:
 *	    - [farmland/field, farmland/barn 90]
 *	    - [farmland/orchard 180, farmland/field]
 *	  craft:
 *	    - {template: small-scout, at: [1, 1], turn: 90}
 *
 * Each row lists blocks west to east, rows north to south; a block is
 * named by its file under the map's blocks/ directory, less ".yaml", and
 * may be followed by a clockwise turn of 90, 180 or 270 degrees.  A block
 * file is a map file of 5x5 squares (it is checked as one, so its own
 * problems are found where they are); the composed map is as wide and high
 * as the grid of blocks and as tall as its tallest block or craft.
 *
 * Craft templates (maps/craft/NAME.yaml, any size) land on the composed
 * map where 'craft' says, flattening what the rulebook lets them (§4.1,
 * block_land_craft()).  'outside: OBJECT' then seals the craft in (ship
 * boarding, §2.3: all combat takes place within the craft): every square
 * no craft takes becomes hull holding that object (block_seal()).
 *
 * 'from: DIR' reads the blocks and templates from DIR/blocks and
 * DIR/craft instead (DIR absolute, or from the map's directory), and
 * 'from: data:PATH' from PATH in the data directory the program found
 * (wherever it is installed): a map made by `xtac new` anywhere uses the
 * shipped ones so, and still does when copied to another machine.
 */
#include <stdlib.h>
#include <string.h>

#include "load-int.h"
#include "xtac/blocks.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define LOAD_BLOCKS_MAX	(MAP_MAX_SIDE / BLOCK_SIDE)

struct load_block_ref {
	const struct ynode	*node;
	struct scenario		*block;	/* owned; its map: the block */
	int			 quarters;
};

/*
 * Read dir/SUB/NAME.yaml as a map with no units (a block or a craft
 * template); at n, report why not.  The scenario's map is the piece.
 */
static struct scenario *
load_piece(const struct ynode *n, const char *dir, const char *sub,
    const char *what, const char *name, const struct catalog *cat,
    struct diags *d)
{
	struct scenario	*s = NULL;
	struct diags	 bd;
	char		*path, *text, *first;
	size_t		 len;

	path = xasprintf("%s/%s/%s.yaml", dir, sub, name);
	diags_init(&bd, path, NULL, 0);
	if ((text = ydoc_read_file(path, &len, &bd)) != NULL) {
		diags_set_text(&bd, text, len);
		s = scenario_parse(text, len, cat, &bd);
		free(text);
	}
	if (s != NULL && s->nunits > 0) {
		diag_error(d, n->line, n->col, "%s %s has units: it is "
		    "ground, the map places units", what, name);
		scenario_free(s);
		s = NULL;
	} else if (s == NULL && bd.n > 0) {
		first = diag_format(&bd, 0);
		diag_error(d, n->line, n->col, "%s %s cannot be used: %s%s",
		    what, name, first, bd.errors > 1 ? " (and more)" : "");
		free(first);
	}
	diags_free(&bd);
	free(path);
	return s;
}

/* A turn in degrees clockwise (0, 90, 180, 270) as quarters. */
static bool
load_turn(const char *text, int *quarters)
{
	if (strcmp(text, "0") != 0 && strcmp(text, "90") != 0 &&
	    strcmp(text, "180") != 0 && strcmp(text, "270") != 0)
		return false;
	*quarters = atoi(text) / 90;
	return true;
}

/* "NAME" or "NAME DEGREES": the block's file and its turn. */
static bool
load_block_ref(const struct ynode *n, const char *dir,
    const struct catalog *cat, struct diags *d, struct load_block_ref *r)
{
	const char	*sp;
	char		*name;

	r->node = n;
	if (!ynode_expect(n, YNODE_SCALAR, d, "a block"))
		return false;
	if ((sp = strchr(n->text, ' ')) != NULL &&
	    !load_turn(sp + 1, &r->quarters)) {
		diag_error(d, n->line, n->col, "a block turns by 0, 90, 180 "
		    "or 270 degrees clockwise, not '%s'", sp + 1);
		return false;
	}
	name = sp != NULL ? xstrndup(n->text, (size_t)(sp - n->text)) :
	    xstrdup(n->text);
	r->block = load_piece(n, dir, "blocks", "block", name, cat, d);
	if (r->block != NULL && (r->block->map->width != BLOCK_SIDE ||
	    r->block->map->height != BLOCK_SIDE)) {
		diag_error(d, n->line, n->col, "block %s is %dx%d squares, "
		    "not %dx%d", name, r->block->map->width,
		    r->block->map->height, BLOCK_SIDE, BLOCK_SIDE);
		scenario_free(r->block);
		r->block = NULL;
	}
	free(name);
	return r->block != NULL;
}

/*
 * The most levels among levels and the templates 'craft:' names: a craft
 * with an upper deck makes the map that tall.  What does not load here is
 * reported where the craft lands (load_craft()).
 */
static int
load_craft_levels(const struct ynode *n, const char *dir,
    const struct catalog *cat, int levels)
{
	const struct ynode	*tn;
	struct scenario		*t;
	struct diags		 quiet;
	size_t			 i;

	if (n->kind != YNODE_SEQ)
		return levels;
	for (i = 0; i < n->n; i++) {
		if (n->items[i]->kind != YNODE_MAP || (tn = ymap_get(
		    n->items[i], "template")) == NULL ||
		    tn->kind != YNODE_SCALAR)
			continue;
		diags_init(&quiet, tn->text, NULL, 0);
		t = load_piece(tn, dir, "craft", "craft", tn->text, cat,
		    &quiet);
		diags_free(&quiet);
		if (t != NULL && t->map->levels > levels)
			levels = t->map->levels;
		scenario_free(t);
	}
	return levels;
}

/*
 * §4.1: each craft of 'craft:' landed on the composed map m; the squares
 * each takes marked in cover (m's ground squares).
 */
static bool
load_craft(const struct ynode *n, const char *dir, const struct catalog *cat,
    struct map *m, unsigned char *cover, struct diags *d)
{
	static const char *const keys[] = { "template", "at", "turn", NULL };
	size_t	i;
	bool	ok = true;

	if (!ynode_expect(n, YNODE_SEQ, d, "craft"))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ynode *c = n->items[i], *tn, *at, *v;
		struct scenario *t;
		struct pos clash;
		int q = 0, x, y, w, h;

		if (!ynode_expect(c, YNODE_MAP, d, "a craft") ||
		    !ymap_require(c, "template", d, "a craft") ||
		    !ymap_require(c, "at", d, "a craft")) {
			ok = false;
			continue;
		}
		ymap_check_keys(c, keys, d, "a craft");
		tn = ymap_get(c, "template");
		at = ymap_get(c, "at");
		if ((v = ymap_get(c, "turn")) != NULL &&
		    (v->kind != YNODE_SCALAR || !load_turn(v->text, &q))) {
			diag_error(d, v->line, v->col, "%s", "a craft turns by "
			    "0, 90, 180 or 270 degrees clockwise");
			ok = false;
			continue;
		}
		if (!ynode_expect(tn, YNODE_SCALAR, d, "template") ||
		    !ynode_expect(at, YNODE_SEQ, d, "at")) {
			ok = false;
			continue;
		}
		if (at->n != 2 || !yscalar_int(at->items[0], d, 1,
		    MAP_MAX_SIDE, "at", &x) || !yscalar_int(at->items[1], d, 1,
		    MAP_MAX_SIDE, "at", &y)) {
			if (at->n != 2)
				diag_error(d, at->line, at->col, "%s",
				    "a craft is at [x, y], its top-left "
				    "square, 1-based");
			ok = false;
			continue;
		}
		if ((t = load_piece(tn, dir, "craft", "craft", tn->text, cat,
		    d)) == NULL) {
			ok = false;
			continue;
		}
		w = q % 2 ? t->map->height : t->map->width;
		h = q % 2 ? t->map->width : t->map->height;
		if (x - 1 + w > m->width || y - 1 + h > m->height ||
		    t->map->levels > m->levels) {
			diag_error(d, at->line, at->col, "the %s (%dx%d, %d "
			    "level%s) does not fit on the %dx%d map of %d "
			    "level%s at %d,%d", tn->text, w, h, t->map->levels,
			    t->map->levels == 1 ? "" : "s", m->width, m->height,
			    m->levels, m->levels == 1 ? "" : "s", x, y);
			ok = false;
		} else if (!block_land_craft(m, t->map, x - 1, y - 1, q,
		    &clash)) {
			diag_error(d, tn->line, tn->col, "the %s would cross a "
			    "building at %d,%d (\xc2\xa7" "4.1: a craft "
			    "flattens only fences, vegetation and mounds)",
			    tn->text, clash.x + 1, clash.y + 1);
			ok = false;
		} else
			block_craft_cover(m, t->map, x - 1, y - 1, q, cover);
		scenario_free(t);
	}
	return ok;
}

/*
 * 'outside: OBJECT': the squares no craft takes sealed with the object (a
 * built-in one or the legend's), which nobody may enter.
 */
static bool
load_seal(const struct ynode *n, struct map *m, const unsigned char *cover,
    struct diags *d)
{
	int	obj = map_find_object(m, n->text);

	if (obj < 0) {
		diag_error(d, n->line, n->col, "no object '%s' to seal the "
		    "craft in (a built-in object, or one the legend defines)",
		    n->text);
		return false;
	}
	if (!m->objects[obj].solid || m->objects[obj].passable ||
	    m->objects[obj].strength != STRENGTH_INDESTRUCTIBLE) {
		diag_error(d, n->line, n->col, "'%s' seals the craft in only "
		    "if it is solid, not passable and indestructible (\xc2\xa7"
		    "2.3: all combat takes place within the craft)", n->text);
		return false;
	}
	block_seal(m, cover, (int16_t)obj);
	return true;
}

static struct map *
load_blocks_in(const struct ynode *blocks, const char *dir,
    const struct catalog *cat, const struct map *legend, struct diags *d)
{
	static const char *const keys[] = {
		"rows", "craft", "from", "outside", NULL
	};
	const struct ynode	*n, *craft, *outside;
	unsigned char		*cover;
	struct load_block_ref	*refs;
	struct map		*m = NULL;
	size_t			 rows, cols = 0, i, j, nrefs;
	int			 levels = 1;
	bool			 ok = true;

	if (!ynode_expect(blocks, YNODE_MAP, d, "blocks"))
		return NULL;
	ymap_check_keys(blocks, keys, d, "blocks");
	if (!ymap_require(blocks, "rows", d, "blocks"))
		return NULL;

	n = ymap_get(blocks, "rows");
	craft = ymap_get(blocks, "craft");
	outside = ymap_get(blocks, "outside");
	if (outside != NULL && !ynode_expect(outside, YNODE_SCALAR, d,
	    "outside"))
		return NULL;
	if (!ynode_expect(n, YNODE_SEQ, d, "rows"))
		return NULL;
	rows = n->n;
	if (rows == 0 || rows > LOAD_BLOCKS_MAX) {
		diag_error(d, n->line, n->col, "a map has 1 to %d rows of "
		    "blocks, not %zu", LOAD_BLOCKS_MAX, rows);
		return NULL;
	}
	for (i = 0; i < rows; i++) {
		const struct ynode *row = n->items[i];

		if (!ynode_expect(row, YNODE_SEQ, d, "a row of blocks"))
			return NULL;
		if (i == 0)
			cols = row->n;
		if (row->n == 0 || row->n > LOAD_BLOCKS_MAX) {
			diag_error(d, row->line, row->col, "a row has 1 to %d "
			    "blocks, not %zu", LOAD_BLOCKS_MAX, row->n);
			return NULL;
		}
		if (row->n != cols) {
			diag_error(d, row->line, row->col, "row %zu has %zu "
			    "blocks but row 1 has %zu", i + 1, row->n, cols);
			return NULL;
		}
	}
	nrefs = rows * cols;
	refs = xcalloc(nrefs, sizeof *refs);
	for (i = 0; i < rows; i++)
	for (j = 0; j < cols; j++) {
		struct load_block_ref *r = &refs[i * cols + j];

		if (!load_block_ref(n->items[i]->items[j], dir, cat, d, r))
			ok = false;
		else if (r->block->map->levels > levels)
			levels = r->block->map->levels;
	}
	if (ok && craft != NULL)
		levels = load_craft_levels(craft, dir, cat, levels);
	if (ok) {
		m = map_new((int)cols * BLOCK_SIDE, (int)rows * BLOCK_SIDE,
		    levels);
		/* The built-in objects keep their indices. */
		for (i = 0; i < legend->nobjects; i++)
			map_add_object(m, &legend->objects[i]);
		for (i = 0; i < rows; i++)
		for (j = 0; j < cols; j++)
			block_place(m, refs[i * cols + j].block->map,
			    (int)j * BLOCK_SIDE, (int)i * BLOCK_SIDE,
			    refs[i * cols + j].quarters);
		cover = xcalloc((size_t)m->width * m->height, 1);
		if (craft != NULL && !load_craft(craft, dir, cat, m, cover,
		    d)) {
			map_free(m);
			m = NULL;
		} else if (outside != NULL && !load_seal(outside, m, cover,
		    d)) {
			map_free(m);
			m = NULL;
		}
		free(cover);
	}
	for (i = 0; i < nrefs; i++)
		scenario_free(refs[i].block);
	free(refs);
	return m;
}

/* The prefix of a 'from' in the data directory. */
#define LOAD_DATA_PREFIX	"data:"

struct map *
load_blocks(const struct ynode *blocks, const char *dir, const char *datadir,
    const struct catalog *cat, const struct map *legend, struct diags *d)
{
	size_t			 plen = strlen(LOAD_DATA_PREFIX);
	const struct ynode	*from;
	struct map		*m;
	char			*where;

	if (blocks->kind != YNODE_MAP || (from = ymap_get(blocks,
	    "from")) == NULL)
		return load_blocks_in(blocks, dir, cat, legend, d);
	if (!ynode_expect(from, YNODE_SCALAR, d, "from"))
		return NULL;
	if (strncmp(from->text, LOAD_DATA_PREFIX, plen) == 0) {
		if (datadir == NULL) {
			diag_error(d, from->line, from->col, "'%s' is in the "
			    "data directory, which is not known here",
			    from->text);
			return NULL;
		}
		if (from->text[plen] == '/' || strstr(from->text + plen,
		    "..") != NULL) {
			diag_error(d, from->line, from->col, "'%s': a path in "
			    "the data directory is relative and stays in it, "
			    "as data:maps", from->text);
			return NULL;
		}
		where = from->text[plen] == '\0' ? xstrdup(datadir) :
		    xasprintf("%s/%s", datadir, from->text + plen);
	} else
		where = from->text[0] == '/' ? xstrdup(from->text) :
		    xasprintf("%s/%s", dir, from->text);
	m = load_blocks_in(blocks, where, cat, legend, d);
	free(where);
	return m;
}
