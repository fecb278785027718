/*
 * catalog.c - lookups over the unit and item tables, and the §2.3
 * technology rule.  The tables themselves come from units/NAME.yaml.
 */
#include <stdlib.h>
#include <string.h>

#include "xtac/catalog.h"

const char *const damage_type_names[DMG_COUNT] = {
	"CC", "AC", "AP", "ST", "IN", "HE", "LB", "PB"
};
const char *const stat_names[STAT_COUNT] = {
	"tu", "hth", "acc", "mac", "tac", "str", "ret", "psk", "pst"
};
const char *const armour_facing_names[ARMOUR_COUNT] = {
	"front", "left", "right", "rear", "under"
};
const char *const shot_mode_names[SHOT_MODE_COUNT] = {
	"auto", "snap", "aimed", "melee", "implant", "psi", "heal", "detonate"
};
const char *const side_names[SIDE_COUNT] = {
	"xcom", "alien", "civilian"
};

void
catalog_free(struct catalog *c)
{
	free(c->units);
	free(c->items);
	c->units = NULL;
	c->items = NULL;
	c->nunits = c->nitems = 0;
}

int
catalog_find_unit(const struct catalog *c, const char *id)
{
	size_t	i;

	for (i = 0; i < c->nunits; i++)
		if (strcmp(c->units[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
catalog_find_item(const struct catalog *c, const char *id)
{
	size_t	i;

	for (i = 0; i < c->nitems; i++)
		if (strcmp(c->items[i].id, id) == 0)
			return (int)i;
	return -1;
}

const struct shot *
item_shot(const struct item_type *it, enum shot_mode mode)
{
	int	i;

	for (i = 0; i < it->nshots; i++)
		if (it->shots[i].mode == mode)
			return &it->shots[i];
	return NULL;
}

bool
item_launched(const struct item_type *it)
{
	return it->class == ITEM_WEAPON && (it->launched || it->thrown);
}

bool
catalog_ammo_fits(const struct catalog *c, int weapon, int ammo)
{
	const struct item_type	*w;
	int			 i;

	if (weapon < 0 || (size_t)weapon >= c->nitems)
		return false;
	w = &c->items[weapon];
	for (i = 0; i < w->nammo; i++)
		if (w->ammo[i] == ammo)
			return true;
	return false;
}

bool
catalog_tech_allows(int level, enum side side, int item_level,
    enum side item_side)
{
	if (level >= 4 || item_level <= 0)
		return true;
	if (item_side == side || item_side == SIDE_CIVILIAN)
		return item_level <= level;
	return item_level < level;
}
