/*
 * fixture.c - the test catalog and YAML scenario helpers (see fixture.h).
 * Figures follow the rulebook where they matter to a test (§3.5 Rifle,
 * Pistol, Personal Armour, Heavy Cannon; §3.3 units).
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "xtac/load.h"
#include "xtac/util.h"

enum {
	FX_RIFLE, FX_RIFLE_CLIP, FX_PISTOL, FX_PISTOL_CLIP, FX_ARMOUR,
	FX_GRENADE, FX_PLASMA_RIFLE, FX_PLASMA_CLIP, FX_HEAVY_CANNON,
	FX_HC_AP, FX_NITEMS
};

static struct unit_type fixture_units[5];
static struct item_type fixture_items[FX_NITEMS];
static struct catalog fixture_cat;

static void
fixture_unit(struct unit_type *u, const char *id, enum side side,
    enum unit_class class, int cost, int tech, const int stats[STAT_COUNT],
    int size, bool flying)
{
	int	i;

	memset(u, 0, sizeof *u);
	snprintf(u->id, sizeof u->id, "%s", id);
	snprintf(u->name, sizeof u->name, "%s", id);
	u->side = side;
	u->class = class;
	u->cost = cost;
	u->tech_level = tech;
	for (i = 0; i < STAT_COUNT; i++)
		u->stats[i] = stats[i];
	u->size = size;
	u->flying = flying;
	u->can_kneel = class == UNIT_SOLDIER;
	u->weapon = -1;
}

static struct item_type *
fixture_item(int index, const char *id, enum item_class class, int cost,
    int weight, int tech, enum side side)
{
	struct item_type	*it = &fixture_items[index];

	memset(it, 0, sizeof *it);
	snprintf(it->id, sizeof it->id, "%s", id);
	snprintf(it->name, sizeof it->name, "%s", id);
	it->class = class;
	it->cost = cost;
	it->weight = weight;
	it->tech_level = tech;
	it->tech_side = side;
	return it;
}

const struct catalog *
fixture_catalog(void)
{
	static const int troop[] = { 27, 35, 25, 75, 65, 30, 0, 15, 15 };
	static const int tank[] = { 35, 90, 30, STAT_NONE, STAT_NONE,
	    STAT_NONE, 0, STAT_NONE, STAT_NONE };
	static const int sectoid[] = { 27, 30, 25, 76, 60, 30, 15, 0, 0 };
	static const int floater[] = { 25, 35, 25, 70, 58, 40, 0, 0, 0 };
	static const int muton[] = { 28, 120, 25, 78, 62, 70, 10, 0, 0 };
	struct item_type	*it;

	if (fixture_cat.nunits > 0)
		return &fixture_cat;
	fixture_unit(&fixture_units[0], "troop", SIDE_XCOM, UNIT_SOLDIER, 100,
	    1, troop, 1, false);
	fixture_unit(&fixture_units[1], "tank", SIDE_XCOM, UNIT_HWP, 200, 1,
	    tank, 2, false);
	fixture_unit(&fixture_units[2], "sectoid", SIDE_ALIEN, UNIT_SOLDIER,
	    70, 1, sectoid, 1, false);
	fixture_unit(&fixture_units[3], "floater", SIDE_ALIEN, UNIT_SOLDIER,
	    75, 1, floater, 1, true);
	fixture_unit(&fixture_units[4], "muton", SIDE_ALIEN, UNIT_SOLDIER,
	    110, 2, muton, 1, false);
	it = fixture_item(FX_RIFLE, "rifle", ITEM_WEAPON, 10, 8, 1, SIDE_XCOM);
	it->weapon_kind = WEAPON_SMALL_ARM;
	it->ammo[it->nammo++] = FX_RIFLE_CLIP;
	it = fixture_item(FX_RIFLE_CLIP, "rifle-clip", ITEM_AMMO, 1, 3, 1,
	    SIDE_XCOM);
	it = fixture_item(FX_PISTOL, "pistol", ITEM_WEAPON, 5, 5, 1,
	    SIDE_XCOM);
	it->weapon_kind = WEAPON_SMALL_ARM;
	it->ammo[it->nammo++] = FX_PISTOL_CLIP;
	fixture_item(FX_PISTOL_CLIP, "pistol-clip", ITEM_AMMO, 1, 3, 1,
	    SIDE_XCOM);
	fixture_item(FX_ARMOUR, "personal-armour", ITEM_ARMOUR, 15, 0, 1,
	    SIDE_XCOM);
	fixture_item(FX_GRENADE, "grenade", ITEM_GRENADE, 3, 3, 1, SIDE_XCOM);
	it = fixture_item(FX_PLASMA_RIFLE, "plasma-rifle", ITEM_WEAPON, 25, 5,
	    2, SIDE_ALIEN);
	it->weapon_kind = WEAPON_SMALL_ARM;
	it->ammo[it->nammo++] = FX_PLASMA_CLIP;
	fixture_item(FX_PLASMA_CLIP, "plasma-rifle-clip", ITEM_AMMO, 1, 3, 2,
	    SIDE_ALIEN);
	it = fixture_item(FX_HEAVY_CANNON, "heavy-cannon", ITEM_WEAPON, 25, 18,
	    1, SIDE_XCOM);
	it->weapon_kind = WEAPON_SUPPORT;
	it->ammo[it->nammo++] = FX_HC_AP;
	fixture_item(FX_HC_AP, "hc-ap", ITEM_AMMO, 3, 6, 1, SIDE_XCOM);
	fixture_cat.units = fixture_units;
	fixture_cat.nunits = XTAC_NITEMS(fixture_units);
	fixture_cat.items = fixture_items;
	fixture_cat.nitems = FX_NITEMS;
	return &fixture_cat;
}

struct scenario *
fixture_parse(const char *yaml, struct diags *d)
{
	diags_init(d, "test.yaml", yaml, strlen(yaml));
	return scenario_parse(yaml, strlen(yaml), fixture_catalog(), d);
}

int
fixture_find_diag(const struct diags *d, const char *want)
{
	size_t	i;
	int	found = 0;

	for (i = 0; i < d->n && !found; i++) {
		char *s = diag_format(d, i);

		found = strcmp(s, want) == 0;
		free(s);
	}
	return found;
}

int
fixture_has_diag(const struct diags *d, const char *want)
{
	int	found = fixture_find_diag(d, want);

	if (!found) {
		fprintf(stderr, "expected: %s\ngot:\n", want);
		fixture_dump(d);
	}
	return found;
}

void
fixture_dump(const struct diags *d)
{
	size_t	i;

	for (i = 0; i < d->n; i++) {
		char *s = diag_format(d, i);

		fprintf(stderr, "  %s\n", s);
		free(s);
	}
}

struct catalog *
fixture_real_catalog(void)
{
	struct catalog	*cat = xcalloc(1, sizeof *cat);
	struct diags	*d;
	glob_t		 g;
	size_t		 i;
	bool		 ok;

	if (glob("units/*.yaml", 0, NULL, &g) != 0) {
		free(cat);
		return NULL;
	}
	d = xcalloc(g.gl_pathc, sizeof *d);
	for (i = 0; i < g.gl_pathc; i++)
		diags_init(&d[i], g.gl_pathv[i], NULL, 0);
	ok = catalog_load_files(cat, (const char *const *)g.gl_pathv,
	    g.gl_pathc, d);
	for (i = 0; i < g.gl_pathc; i++) {
		if (!ok)
			fixture_dump(&d[i]);
		diags_free(&d[i]);
	}
	free(d);
	globfree(&g);
	if (!ok) {
		free(cat);
		return NULL;
	}
	return cat;
}

void
fixture_real_catalog_free(struct catalog *cat)
{
	if (cat != NULL)
		catalog_free(cat);
	free(cat);
}

struct scenario *
fixture_scenario(const char *yaml, const struct catalog *cat)
{
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, "test.yaml", yaml, strlen(yaml));
	s = scenario_parse(yaml, strlen(yaml), cat, &d);
	if (s == NULL || d.errors > 0)
		fixture_dump(&d);
	diags_free(&d);
	return s;
}
