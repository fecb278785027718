/*
 * load-catalog-int.h - what the two passes of the catalog loader share: the
 * entries read so far and where each was written (load-catalog.c reads,
 * load-catalog-refs.c checks ids and resolves the references between them).
 */
#ifndef XTAC_LOAD_CATALOG_INT_H
#define XTAC_LOAD_CATALOG_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "ydoc.h"
#include "xtac/catalog.h"
#include "xtac/diag.h"

/* Where an entry was written, for the messages of the second pass. */
struct load_catalog_src {
	size_t			 file;
	const struct ynode	*node;	/* the entry's mapping */
	const struct ynode	*id;	/* NULL when it had no usable id */
	const struct ynode	*ref;	/* unit: weapon; weapon: ammo list */
	bool			 has_tech;	/* ammo: else from its weapon */
	bool			 has_side;
	bool			 has_capacity;
	bool			 dup;	/* its id was used before */
};

struct load_catalog {
	struct diags		*diags;	/* one per file */
	struct diags		*d;	/* the file being read */
	size_t			 file;
	struct unit_type	*units;
	struct load_catalog_src	*usrc;
	size_t			 nunits, capunits;
	struct item_type	*items;
	struct load_catalog_src	*isrc;
	size_t			 nitems, capitems;
	bool			 full;	/* the entry cap was reported */
	bool			 unresolved;	/* some reference failed */
};

/*
 * The second pass, once every file is read: duplicate ids, a unit's
 * built-in weapon, a weapon's ammunition, and the side and technology
 * ammunition takes from its weapon; every problem reported where written.
 */
void	load_catalog_resolve(struct load_catalog *);

#endif
