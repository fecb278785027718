/*
 * load-blocks.c - a map composed of blocks (xtac-map(5), rulebook §4.1):
 *
 *	blocks:
 *	  - [farmland/field, farmland/barn 90]
 *	  - [farmland/orchard 180, farmland/field]
 *
 * Each row lists blocks west to east, rows north to south; a block is
 * named by its file under the map's blocks/ directory, less ".yaml", and
 * may be followed by a clockwise turn of 90, 180 or 270 degrees.  A block
 * file is a map file of 5x5 squares (it is checked as one, so its own
 * problems are found where they are); the composed map is as wide and high
 * as the grid of blocks and as tall as its tallest block.
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
	struct scenario		*block;	/* owned; its map is the block */
	int			 quarters;
};

/* "NAME" or "NAME DEGREES": the block's file and its turn. */
static bool
load_block_ref(const struct ynode *n, const char *dir,
    const struct catalog *cat, struct diags *d, struct load_block_ref *r)
{
	const char	*sp;
	char		*name, *path, *text, *first;
	struct diags	 bd;
	size_t		 len;
	int		 degrees = 0;

	r->node = n;
	if (!ynode_expect(n, YNODE_SCALAR, d, "a block"))
		return false;
	if ((sp = strchr(n->text, ' ')) != NULL) {
		degrees = atoi(sp + 1);
		if (strcmp(sp + 1, "90") != 0 && strcmp(sp + 1, "180") != 0 &&
		    strcmp(sp + 1, "270") != 0 && strcmp(sp + 1, "0") != 0) {
			diag_error(d, n->line, n->col, "a block turns by 0, "
			    "90, 180 or 270 degrees clockwise, not '%s'",
			    sp + 1);
			return false;
		}
	}
	name = sp != NULL ? xstrndup(n->text, (size_t)(sp - n->text)) :
	    xstrdup(n->text);
	r->quarters = degrees / 90;
	path = xasprintf("%s/blocks/%s.yaml", dir, name);
	diags_init(&bd, path, NULL, 0);
	if ((text = ydoc_read_file(path, &len, &bd)) != NULL) {
		diags_set_text(&bd, text, len);
		r->block = scenario_parse(text, len, cat, &bd);
		free(text);
	}
	if (r->block != NULL && (r->block->map->width != BLOCK_SIDE ||
	    r->block->map->height != BLOCK_SIDE)) {
		diag_error(d, n->line, n->col, "block %s is %dx%d squares, "
		    "not %dx%d", name, r->block->map->width,
		    r->block->map->height, BLOCK_SIDE, BLOCK_SIDE);
		scenario_free(r->block);
		r->block = NULL;
	} else if (r->block != NULL && r->block->nunits > 0) {
		diag_error(d, n->line, n->col, "block %s has units: a block "
		    "is ground, the map places units", name);
		scenario_free(r->block);
		r->block = NULL;
	} else if (r->block == NULL && bd.n > 0) {
		first = diag_format(&bd, 0);
		diag_error(d, n->line, n->col, "block %s cannot be used: %s%s",
		    name, first, bd.errors > 1 ? " (and more)" : "");
		free(first);
	}
	diags_free(&bd);
	free(path);
	free(name);
	return r->block != NULL;
}

struct map *
load_blocks(const struct ynode *n, const char *dir, const struct catalog *cat,
    const struct map *legend, struct diags *d)
{
	struct load_block_ref	*refs;
	struct map		*m = NULL;
	size_t			 rows, cols = 0, i, j, nrefs;
	int			 levels = 1;
	bool			 ok = true;

	if (!ynode_expect(n, YNODE_SEQ, d, "blocks"))
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
	}
	for (i = 0; i < nrefs; i++)
		scenario_free(refs[i].block);
	free(refs);
	return m;
}
