/*
 * load-catalog-refs.c - the catalog loader's second pass: with every unit
 * file read, ids are checked for duplicates and the references between
 * entries (a unit's built-in weapon, a weapon's ammunition, ammunition's
 * technology from its weapon) resolved, since they may cross files.  Each
 * problem is reported where the name is written.
 */
#include <stdlib.h>
#include <string.h>

#include "load-catalog-int.h"
#include "xtac/util.h"

static const char *
load_catalog_class_name(const struct item_type *it)
{
	switch (it->class) {
	case ITEM_WEAPON:
		return it->weapon_kind == WEAPON_INTERNAL ?
		    "built-in weapon" : "weapon";
	case ITEM_AMMO:
		return "ammunition type";
	case ITEM_GRENADE:
		return "grenade";
	case ITEM_ARMOUR:
		return "armour";
	case ITEM_EQUIPMENT:
		return "piece of equipment";
	}
	return "item";
}

/* "line 12" in the same file, else "units/x.yaml:12:7". */
static char *
load_catalog_where(const struct load_catalog *l,
    const struct load_catalog_src *here, const struct load_catalog_src *first)
{
	if (here->file == first->file)
		return xasprintf("line %d", first->id->line);
	return xasprintf("%s:%d:%d", l->diags[first->file].file,
	    first->id->line, first->id->col);
}

static void
load_catalog_duplicates(struct load_catalog *l)
{
	size_t	i, j;

	for (i = 0; i < l->nunits; i++) {
		struct load_catalog_src *a = &l->usrc[i];

		for (j = 0; a->id != NULL && j < i; j++) {
			struct load_catalog_src *b = &l->usrc[j];
			char *where;

			if (b->id == NULL || strcmp(l->units[i].id,
			    l->units[j].id) != 0)
				continue;
			where = load_catalog_where(l, a, b);
			diag_error(&l->diags[a->file], a->id->line,
			    a->id->col, "duplicate unit id '%s' (first at "
			    "%s)", l->units[i].id, where);
			free(where);
			break;
		}
	}
	for (i = 0; i < l->nitems; i++) {
		struct load_catalog_src *a = &l->isrc[i];

		for (j = 0; a->id != NULL && j < i; j++) {
			struct load_catalog_src *b = &l->isrc[j];
			char *where;

			if (b->id == NULL || strcmp(l->items[i].id,
			    l->items[j].id) != 0)
				continue;
			where = load_catalog_where(l, a, b);
			diag_error(&l->diags[a->file], a->id->line,
			    a->id->col, "duplicate item id '%s' (first at "
			    "%s)", l->items[i].id, where);
			a->dup = true;
			free(where);
			break;
		}
	}
}

/* Index of the item with this id, or -1; the first one when duplicated. */
static int
load_catalog_find(const struct load_catalog *l, const char *id)
{
	size_t	i;

	for (i = 0; i < l->nitems; i++)
		if (l->isrc[i].id != NULL && strcmp(l->items[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* Report an unknown reference with the ids that would have fitted. */
static void
load_catalog_unknown(struct load_catalog *l, struct diags *d,
    const struct ynode *n, const char *what, bool (*fits)(const struct
    item_type *))
{
	const char	**names = xcalloc(l->nitems + 1, sizeof *names);
	size_t		  i, count = 0;

	/* A duplicated id is listed once (it is reported on its own). */
	for (i = 0; i < l->nitems; i++)
		if (l->isrc[i].id != NULL && !l->isrc[i].dup &&
		    fits(&l->items[i]))
			names[count++] = l->items[i].id;
	yscalar_enum(n, names, count, d, what);
	free(names);
}

static bool
load_catalog_is_internal(const struct item_type *it)
{
	return it->class == ITEM_WEAPON && it->weapon_kind == WEAPON_INTERNAL;
}

static bool
load_catalog_is_loadable(const struct item_type *it)
{
	return it->class == ITEM_AMMO || it->class == ITEM_GRENADE;
}

static void
load_catalog_resolve_units(struct load_catalog *l)
{
	size_t	i;
	int	k;

	for (i = 0; i < l->nunits; i++) {
		const struct ynode *ref = l->usrc[i].ref;
		struct diags *d = &l->diags[l->usrc[i].file];

		if (ref == NULL)
			continue;
		if ((k = load_catalog_find(l, ref->text)) < 0) {
			load_catalog_unknown(l, d, ref, "built-in weapon",
			    load_catalog_is_internal);
			continue;
		}
		if (!load_catalog_is_internal(&l->items[k])) {
			diag_error(d, ref->line, ref->col, "%s is a %s, not a "
			    "built-in weapon (kind: internal)", ref->text,
			    load_catalog_class_name(&l->items[k]));
			continue;
		}
		l->units[i].weapon = k;
	}
}

static void
load_catalog_resolve_ammo(struct load_catalog *l, size_t w)
{
	struct item_type	*it = &l->items[w];
	const struct load_catalog_src *src = &l->isrc[w];
	const struct ynode	*list = src->ref;
	struct diags		*d = &l->diags[src->file];
	size_t			 i, j, grenades = 0, clips = 0;
	int			 k;

	for (i = 0; i < list->n; i++) {
		const struct ynode *n = list->items[i];

		if ((k = load_catalog_find(l, n->text)) < 0) {
			load_catalog_unknown(l, d, n, "ammunition",
			    load_catalog_is_loadable);
			l->unresolved = true;
			continue;
		}
		if (!load_catalog_is_loadable(&l->items[k])) {
			l->unresolved = true;
			diag_error(d, n->line, n->col, "%s is a %s, not "
			    "ammunition or a grenade", n->text,
			    load_catalog_class_name(&l->items[k]));
			continue;
		}
		for (j = 0; j < i; j++)
			if (strcmp(list->items[j]->text, n->text) == 0)
				break;
		if (j < i) {
			diag_error(d, n->line, n->col, "%s is listed twice",
			    n->text);
			continue;
		}
		if (l->items[k].class == ITEM_GRENADE)
			grenades++;
		else
			clips++;
		it->ammo[it->nammo++] = k;
	}
	if (grenades > 0 && clips > 0)
		diag_error(d, list->line, list->col, "%s", "a weapon loads "
		    "either clips or grenades, not both");
	/* A clip holds its rounds; a grenade is one shot, so the launcher
	 * says how many it holds. */
	else if (grenades > 0 && !src->has_capacity)
		diag_error(d, src->node->line, src->node->col, "%s", "a weapon "
		    "that loads grenades needs 'capacity' (how many it holds)");
	else if (clips > 0 && src->has_capacity) {
		const struct ynode *v = ymap_get(src->node, "capacity");

		diag_error(d, v->line, v->col, "%s", "a weapon that loads "
		    "clips takes its capacity from the clip; remove "
		    "'capacity'");
	}
}

/*
 * Clips follow the technology of the weapon that fires them (§2.3 lists
 * only weapons); ammunition no weapon fires must say its own.
 */
static void
load_catalog_inherit(struct load_catalog *l)
{
	size_t	i, w;
	int	a;

	for (i = 0; i < l->nitems; i++) {
		struct item_type *it = &l->items[i];
		struct load_catalog_src *src = &l->isrc[i];
		struct diags *d = &l->diags[src->file];
		const struct item_type *weapon = NULL;

		if (it->class != ITEM_AMMO)
			continue;
		for (w = 0; w < l->nitems && weapon == NULL; w++)
			for (a = 0; a < l->items[w].nammo; a++)
				if (l->items[w].ammo[a] == (int)i &&
				    l->items[w].class == ITEM_WEAPON)
					weapon = &l->items[w];
		/* After a reference failed, "fits no weapon" only echoes it. */
		if (weapon == NULL && l->unresolved)
			continue;
		if (weapon == NULL) {
			if (!src->has_tech || !src->has_side)
				diag_error(d, src->node->line, src->node->col,
				    "%s fits no weapon, so it needs its own "
				    "'side' and 'tech'", it->id[0] ? it->id :
				    "ammunition");
			else
				diag_warning(d, src->node->line,
				    src->node->col, "%s fits no weapon",
				    it->id);
			continue;
		}
		if (!src->has_tech)
			it->tech_level = weapon->tech_level;
		if (!src->has_side)
			it->tech_side = weapon->tech_side;
	}
}

void
load_catalog_resolve(struct load_catalog *l)
{
	size_t	i;

	load_catalog_duplicates(l);
	load_catalog_resolve_units(l);
	for (i = 0; i < l->nitems; i++)
		if (l->items[i].class == ITEM_WEAPON && l->isrc[i].ref != NULL)
			load_catalog_resolve_ammo(l, i);
	load_catalog_inherit(l);
}
