/*
 * load-int.h - what the loaders of src/data share among themselves.
 */
#ifndef XTAC_LOAD_INT_H
#define XTAC_LOAD_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "ydoc.h"
#include "xtac/catalog.h"
#include "xtac/diag.h"
#include "xtac/scenario.h"

/*
 * A squad file's units (load-map.c reads them as a map's units, less 'at',
 * all for `side`), each checked against technology level `tech_level`.
 * *units (owned by the caller) holds every unit read; false on any error.
 */
bool	load_squad_units(const struct ynode *, const struct catalog *,
	    enum side side, int tech_level, struct diags *,
	    struct unit_setup **units, size_t *nunits);

/*
 * The map of a 'blocks:' entry (load-blocks.c): its rows of blocks read
 * from dir/blocks/, its craft landed from dir/craft/ ('from' may name
 * another directory, "data:PATH" one in datadir); legend's objects come
 * first, at the same indices.  NULL after reporting why.
 */
struct map *load_blocks(const struct ynode *blocks, const char *dir,
	    const char *datadir, const struct catalog *,
	    const struct map *legend, struct diags *);

#endif
