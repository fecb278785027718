/*
 * load-catalog.c - reading the unit catalog (units/NAME.yaml, format in
 * xtac-map(5), UNIT FILES) into a struct catalog, reporting every problem at
 * its line and column.
 *
 * A file is a mapping of sections (units, weapons, ammo, grenades, armour,
 * equipment), each a list of entries.  The loader works in two passes:
 * every file is parsed and every entry read into growing unit and item
 * arrays, all value problems reported as they are met; then, with every
 * file read, ids are checked for duplicates and the references between
 * entries (a unit's built-in weapon, a weapon's ammunition) are resolved,
 * since they may cross files (load-catalog-refs.c).  The trees stay alive
 * until then so that a reference problem is reported where the name is
 * written.
 *
 * Invariant: units[i] came from usrc[i] and items[i] from isrc[i]; an entry
 * that is not even a mapping is not appended.  Nothing reaches the caller's
 * catalog unless no file had an error.
 */
#include <stdlib.h>
#include <string.h>

#include "load-catalog-int.h"
#include "ydoc.h"
#include "xtac/load.h"
#include "xtac/util.h"

/* Far beyond the rulebook; keeps a hostile file from using memory. */
#define LOAD_CATALOG_MAX_ENTRIES	4096

enum load_catalog_section {
	LOAD_CATALOG_UNITS,
	LOAD_CATALOG_WEAPONS,
	LOAD_CATALOG_AMMO,
	LOAD_CATALOG_GRENADES,
	LOAD_CATALOG_ARMOUR,
	LOAD_CATALOG_EQUIPMENT,
	LOAD_CATALOG_NSECTIONS
};

static const char *const load_catalog_sections[] = {
	"units", "weapons", "ammo", "grenades", "armour", "equipment", NULL
};

/* Index = enum weapon_kind; NULL where the section does not allow it. */
static const char *const load_catalog_weapon_kinds[] = {
	"small-arm", "support", "melee", "internal", NULL, NULL
};
static const char *const load_catalog_equipment_kinds[] = {
	NULL, NULL, NULL, NULL, "psi", "medical"
};
/* The same kinds as messages say them. */
static const char *const load_catalog_kind_names[] = {
	"small arm", "support weapon", "melee weapon", "built-in weapon",
	"psi amp", "medical kit"
};
static const char *const load_catalog_grenade_kinds[] = {
	"timed", "proximity", "smoke", "flare", "charge"
};
static const char *const load_catalog_unit_classes[] = {
	"soldier", "hwp", "terror", "civilian"
};
static const char *const load_catalog_unit_class_names[] = {
	"soldier", "HWP", "terror unit", "civilian"
};

/*
 * The shot modes each weapon kind may have, as bits of enum shot_mode:
 * guns auto/snap/aimed, hand weapons melee, and the internal attacks all
 * of those plus the Chrysalid's implant and the Cyberdisk's detonation.
 */
#define LOAD_CATALOG_BIT(m)	(1u << (m))
#define LOAD_CATALOG_GUN	(LOAD_CATALOG_BIT(SHOT_AUTO) | \
				 LOAD_CATALOG_BIT(SHOT_SNAP) | \
				 LOAD_CATALOG_BIT(SHOT_AIMED))
static const unsigned load_catalog_kind_shots[] = {
	LOAD_CATALOG_GUN,					/* small arm */
	LOAD_CATALOG_GUN,					/* support */
	LOAD_CATALOG_BIT(SHOT_MELEE),				/* melee */
	LOAD_CATALOG_GUN | LOAD_CATALOG_BIT(SHOT_MELEE) |
	    LOAD_CATALOG_BIT(SHOT_IMPLANT) |
	    LOAD_CATALOG_BIT(SHOT_DETONATE),			/* internal */
	LOAD_CATALOG_BIT(SHOT_PSI),				/* psi */
	LOAD_CATALOG_BIT(SHOT_HEAL),				/* medical */
};

/* --- values ------------------------------------------------------------- */

/* Every key of keys (NULL-terminated) present; reports each one missing. */
static bool
load_catalog_require(struct load_catalog *l, const struct ynode *map,
    const char *const *keys, const char *what)
{
	bool	ok = true;

	for (; *keys != NULL; keys++)
		ok &= ymap_require(map, *keys, l->d, what);
	return ok;
}

/* An optional whole number: absent leaves *out alone. */
static bool
load_catalog_int(struct load_catalog *l, const struct ynode *map,
    const char *key, int min, int max, int *out)
{
	const struct ynode	*v = ymap_get(map, key);

	return v == NULL || yscalar_int(v, l->d, min, max, key, out);
}

static bool
load_catalog_bool(struct load_catalog *l, const struct ynode *map,
    const char *key, bool *out)
{
	const struct ynode	*v = ymap_get(map, key);

	return v == NULL || yscalar_bool(v, l->d, key, out);
}

/* Ids are what scenario files write: lowercase words joined by hyphens. */
static bool
load_catalog_id(struct load_catalog *l, const struct ynode *n, char *buf,
    size_t size)
{
	size_t	i;

	if (!yscalar_name(n, l->d, "id", buf, size))
		return false;
	for (i = 0; i < n->len; i++) {
		char c = n->text[i];

		if ((c >= 'a' && c <= 'z') || (i > 0 && ((c >= '0' &&
		    c <= '9') || c == '-')))
			continue;
		diag_error(l->d, n->line, n->col, "id '%s' should be "
		    "lowercase letters, digits and hyphens, starting with a "
		    "letter (like laser-rifle)", n->text);
		buf[0] = '\0';
		return false;
	}
	return true;
}

static bool
load_catalog_side(struct load_catalog *l, const struct ynode *n,
    enum side *out)
{
	int	k;

	if ((k = yscalar_enum(n, side_names, SIDE_COUNT, l->d, "side")) < 0)
		return false;
	*out = (enum side)k;
	return true;
}

/*
 * "26 AP", "75 HE-1"; a bare "0" is no damage (the electro flare's).
 * HE must say its splash class (§7.3), the other types have none.
 */
static bool
load_catalog_damage(struct load_catalog *l, const struct ynode *n,
    const char *what, struct damage *out)
{
	static const char *const types[] = {
		"CC", "AC", "AP", "ST", "IN", "HE-1", "HE-2", "HE-3", "LB",
		"PB"
	};
	static const struct damage kinds[] = {
		{ 0, DMG_CC, 0 }, { 0, DMG_AC, 0 }, { 0, DMG_AP, 0 },
		{ 0, DMG_ST, 0 }, { 0, DMG_IN, 0 }, { 0, DMG_HE, 1 },
		{ 0, DMG_HE, 2 }, { 0, DMG_HE, 3 }, { 0, DMG_LB, 0 },
		{ 0, DMG_PB, 0 }
	};
	const char	*p, *type;
	long		 amount = 0;
	size_t		 i, digits = 0;

	if (!ynode_expect(n, YNODE_SCALAR, l->d, what))
		return false;
	for (p = n->text; *p >= '0' && *p <= '9'; p++) {
		if (amount <= 100000)
			amount = amount * 10 + (*p - '0');
		digits++;
	}
	type = p;
	while (*type == ' ')
		type++;
	if (digits == 0 || (type == p && *p != '\0') ||
	    (*type == '\0' && amount != 0)) {
		diag_error(l->d, n->line, n->col, "%s should be an amount and "
		    "a type like '26 AP' or '75 HE-1', not '%s'", what,
		    n->text);
		return false;
	}
	if (amount > 10000) {
		diag_error(l->d, n->line, n->col, "%s %ld is out of range "
		    "(0 to 10000)", what, amount);
		return false;
	}
	memset(out, 0, sizeof *out);
	out->amount = (int)amount;
	if (*type == '\0')
		return true;
	for (i = 0; i < XTAC_NITEMS(types); i++) {
		if (strcmp(type, types[i]) == 0) {
			out->type = kinds[i].type;
			out->he_class = kinds[i].he_class;
			return true;
		}
	}
	if (strcmp(type, "HE") == 0)
		diag_error(l->d, n->line, n->col, "%s '%s': HE needs its "
		    "splash class, HE-1, HE-2 or HE-3 (\xc2\xa7" "7.3)", what,
		    n->text);
	else
		diag_error(l->d, n->line, n->col, "unknown damage type '%s' in "
		    "'%s' (known: CC, AC, AP, ST, IN, HE-1, HE-2, HE-3, LB, "
		    "PB)", type, n->text);
	return false;
}

/* A count of shots or rounds, or "unlimited" (the rulebook's infinity). */
static bool
load_catalog_capacity(struct load_catalog *l, const struct ynode *n,
    int *out)
{
	if (n != NULL && n->kind == YNODE_SCALAR &&
	    strcmp(n->text, "unlimited") == 0) {
		*out = CLIP_UNLIMITED;
		return true;
	}
	if (n != NULL && n->kind == YNODE_SCALAR && n->len > 0 &&
	    (n->text[0] < '0' || n->text[0] > '9') && n->text[0] != '-' &&
	    n->text[0] != '+') {
		diag_error(l->d, n->line, n->col, "capacity should be a number "
		    "of shots or 'unlimited', not '%s'", n->text);
		return false;
	}
	return yscalar_int(n, l->d, 1, 10000, "capacity", out);
}

/* Five values: front, left, right, rear, under (§3.1.1). */
static bool
load_catalog_facings(struct load_catalog *l, const struct ynode *n,
    int out[ARMOUR_COUNT])
{
	size_t	i;
	bool	ok = true;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "armour"))
		return false;
	if (n->n != ARMOUR_COUNT) {
		diag_error(l->d, n->line, n->col, "armour should list %d "
		    "values, front, left, right, rear and under, not %zu",
		    ARMOUR_COUNT, n->n);
		return false;
	}
	for (i = 0; i < ARMOUR_COUNT; i++)
		ok &= yscalar_int(n->items[i], l->d, 0, 1000,
		    armour_facing_names[i], &out[i]);
	return ok;
}

/* {CC: +10, IN: immune}: types left out are unmodified. */
static bool
load_catalog_susceptibility(struct load_catalog *l, const struct ynode *n,
    struct susceptibility out[DMG_COUNT])
{
	const char	*keys[DMG_COUNT + 1];
	size_t		 i;
	int		 t;
	bool		 ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, "susceptibility"))
		return false;
	for (t = 0; t < DMG_COUNT; t++)
		keys[t] = damage_type_names[t];
	keys[DMG_COUNT] = NULL;
	for (i = 0; i < n->n; i++) {
		const struct ynode *v = n->items[i];

		for (t = 0; t < DMG_COUNT; t++)
			if (strcmp(n->keys[i]->text, keys[t]) == 0)
				break;
		if (t == DMG_COUNT)
			continue;	/* reported below */
		if (v != NULL && v->kind == YNODE_SCALAR &&
		    strcmp(v->text, "immune") == 0) {
			out[t].immune = true;
			out[t].modifier = 0;
			continue;
		}
		if (v != NULL && v->kind == YNODE_SCALAR && v->len > 0 &&
		    v->text[0] != '-' && v->text[0] != '+' &&
		    (v->text[0] < '0' || v->text[0] > '9')) {
			diag_error(l->d, v->line, v->col, "susceptibility to "
			    "%s should be a modifier like +10 or -15, or "
			    "'immune', not '%s'", keys[t], v->text);
			ok = false;
			continue;
		}
		ok &= yscalar_int(v, l->d, -1000, 1000, keys[t],
		    &out[t].modifier);
	}
	ymap_check_keys(n, keys, l->d, "susceptibility");
	return ok;
}

/* The unit's nine statistics; '-' is STAT_NONE (RULINGS §3). */
static bool
load_catalog_stats(struct load_catalog *l, const struct ynode *n,
    int out[STAT_COUNT])
{
	/* Wide enough for boosting and house rules, narrow enough to catch
	 * a slipped digit. */
	static const int lo[STAT_COUNT] = { 1, 1, 0, 0, 0, 0, -100, -100,
	    -100 };
	static const int hi[STAT_COUNT] = { 255, 1000, 200, 200, 200, 500,
	    100, 100, 100 };
	const char	*keys[STAT_COUNT + 1];
	int		 s;
	bool		 ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, "stats"))
		return false;
	for (s = 0; s < STAT_COUNT; s++)
		keys[s] = stat_names[s];
	keys[STAT_COUNT] = NULL;
	ymap_check_keys(n, keys, l->d, "stats");
	for (s = 0; s < STAT_COUNT; s++) {
		const struct ynode *v = ymap_get(n, stat_names[s]);

		if (v == NULL) {
			ok &= ymap_require(n, stat_names[s], l->d, "stats");
			continue;
		}
		if (v->kind == YNODE_SCALAR && strcmp(v->text, "-") == 0) {
			out[s] = STAT_NONE;
			continue;
		}
		ok &= yscalar_int(v, l->d, lo[s], hi[s], stat_names[s],
		    &out[s]);
	}
	return ok;
}

/* snap: {accuracy: +0, tu: 5} ... in the order written. */
static bool
load_catalog_shots(struct load_catalog *l, const struct ynode *n,
    struct item_type *it, bool kind_ok)
{
	static const char *const keys[] = { "accuracy", "tu", "damage", NULL };
	/* Without a kind, check the rest and leave the modes be. */
	unsigned	allowed = kind_ok ?
			    load_catalog_kind_shots[it->weapon_kind] : ~0u;
	size_t		i;
	int		mode, m;
	bool		ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, "shots"))
		return false;
	if (n->n == 0) {
		diag_error(l->d, n->line, n->col, "%s", "shots should list at "
		    "least one shot, like snap: {accuracy: +0, tu: 8}");
		return false;
	}
	if (n->n > CATALOG_MAX_SHOTS) {
		diag_error(l->d, n->line, n->col, "a weapon has at most %d "
		    "shots, not %zu", CATALOG_MAX_SHOTS, n->n);
		return false;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *k = n->keys[i], *v = n->items[i], *dmg;
		struct shot *sh = &it->shots[it->nshots];

		if ((mode = yscalar_enum(k, shot_mode_names, SHOT_MODE_COUNT,
		    l->d, "shot")) < 0) {
			ok = false;
			continue;
		}
		if (!(allowed & LOAD_CATALOG_BIT(mode))) {
			struct strbuf sb;

			strbuf_init(&sb);
			for (m = 0; m < SHOT_MODE_COUNT; m++)
				if (allowed & LOAD_CATALOG_BIT(m))
					strbuf_printf(&sb, "%s%s", sb.len ?
					    ", " : "", shot_mode_names[m]);
			diag_error(l->d, k->line, k->col, "a %s has no %s shot "
			    "(it may have: %s)", load_catalog_kind_names[
			    it->weapon_kind], shot_mode_names[mode], sb.data);
			strbuf_free(&sb);
			ok = false;
			continue;
		}
		if (!ynode_expect(v, YNODE_MAP, l->d, "a shot")) {
			ok = false;
			continue;
		}
		ymap_check_keys(v, keys, l->d, "a shot");
		memset(sh, 0, sizeof *sh);
		sh->mode = (enum shot_mode)mode;
		if (!ymap_require(v, "tu", l->d, "a shot")) {
			ok = false;
			continue;
		}
		ok &= load_catalog_int(l, v, "accuracy", -100, 100,
		    &sh->accuracy);
		ok &= load_catalog_int(l, v, "tu", 0, 255, &sh->tu);
		if ((dmg = ymap_get(v, "damage")) != NULL) {
			ok &= load_catalog_damage(l, dmg, "damage",
			    &sh->damage);
			sh->has_damage = true;
		}
		it->nshots++;
	}
	return ok;
}

/* --- entries ------------------------------------------------------------ */

/* Room for one more entry of the catalog, or report that it is full. */
static bool
load_catalog_room(struct load_catalog *l, const struct ynode *n)
{
	if (l->nunits + l->nitems < LOAD_CATALOG_MAX_ENTRIES)
		return true;
	if (!l->full)
		diag_error(l->d, n->line, n->col, "the catalog holds at most "
		    "%d units and items", LOAD_CATALOG_MAX_ENTRIES);
	l->full = true;
	return false;
}

/* The id and name every entry has; returns whether both were fine. */
static bool
load_catalog_naming(struct load_catalog *l, const struct ynode *n,
    char *id, char *name, struct load_catalog_src *src)
{
	const struct ynode	*v;
	bool			 ok = true;

	if ((v = ymap_get(n, "id")) != NULL) {
		if (load_catalog_id(l, v, id, CATALOG_ID_MAX))
			src->id = v;
		else
			ok = false;
	}
	if ((v = ymap_get(n, "name")) != NULL)
		ok &= yscalar_name(v, l->d, "name", name, CATALOG_NAME_MAX);
	return ok;
}

static void
load_catalog_unit(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "side", "class", "cost", "tech", "stats",
		"armour", "susceptibility", "size", "flying", "kneel",
		"weapon", NULL
	};
	static const char *const required[] = {
		"id", "name", "side", "class", "cost", "tech", "stats",
		"armour", NULL
	};
	struct unit_type	*u;
	struct load_catalog_src	*src;
	const struct ynode	*v;
	int			 k = -1;

	if (!ynode_expect(n, YNODE_MAP, l->d, "a unit") ||
	    !load_catalog_room(l, n))
		return;
	if (l->nunits == l->capunits) {
		l->capunits = l->capunits ? l->capunits * 2 : 32;
		l->units = xreallocarray(l->units, l->capunits,
		    sizeof *l->units);
		l->usrc = xreallocarray(l->usrc, l->capunits, sizeof *l->usrc);
	}
	u = &l->units[l->nunits];
	src = &l->usrc[l->nunits++];
	memset(u, 0, sizeof *u);
	memset(src, 0, sizeof *src);
	src->file = l->file;
	src->node = n;
	u->size = 1;
	u->weapon = -1;
	ymap_check_keys(n, keys, l->d, "a unit");
	load_catalog_require(l, n, required, "a unit");
	load_catalog_naming(l, n, u->id, u->name, src);
	if ((v = ymap_get(n, "side")) != NULL)
		load_catalog_side(l, v, &u->side);
	if ((v = ymap_get(n, "class")) != NULL &&
	    (k = yscalar_enum(v, load_catalog_unit_classes,
	    XTAC_NITEMS(load_catalog_unit_classes), l->d, "unit class")) >= 0)
		u->class = (enum unit_class)k;
	load_catalog_int(l, n, "cost", 0, 10000, &u->cost);
	load_catalog_int(l, n, "tech", 0, 4, &u->tech_level);
	if ((v = ymap_get(n, "stats")) != NULL)
		load_catalog_stats(l, v, u->stats);
	if ((v = ymap_get(n, "armour")) != NULL)
		load_catalog_facings(l, v, u->armour);
	if ((v = ymap_get(n, "susceptibility")) != NULL)
		load_catalog_susceptibility(l, v, u->susceptibility);
	load_catalog_int(l, n, "size", 1, 2, &u->size);
	load_catalog_bool(l, n, "flying", &u->flying);
	/* RULINGS §3: only soldiers kneel, unless a file says otherwise. */
	u->can_kneel = u->class == UNIT_SOLDIER;
	load_catalog_bool(l, n, "kneel", &u->can_kneel);
	/*
	 * §3.2.2, §3.3.2: HWPs and terror units fight with what is built in;
	 * soldiers and civilians with what they carry.  Without a class
	 * only the weapon's name can be checked.
	 */
	v = ymap_get(n, "weapon");
	if (v != NULL && ynode_expect(v, YNODE_SCALAR, l->d, "weapon")) {
		if (k >= 0 && (u->class == UNIT_SOLDIER ||
		    u->class == UNIT_CIVILIAN)) {
			diag_error(l->d, v->line, v->col, "a %s carries its "
			    "weapons; only HWPs and terror units have a "
			    "built-in 'weapon'", load_catalog_unit_class_names[
			    u->class]);
		} else
			src->ref = v;
	} else if (v == NULL && k >= 0 &&
	    (u->class == UNIT_HWP || u->class == UNIT_TERROR))
		diag_error(l->d, n->line, n->col, "%s %s needs its built-in "
		    "'weapon' (an internal attack)", u->class == UNIT_HWP ?
		    "an" : "a", load_catalog_unit_class_names[u->class]);
}

static struct item_type *
load_catalog_new_item(struct load_catalog *l, const struct ynode *n,
    enum item_class class, struct load_catalog_src **srcp)
{
	struct item_type	*it;
	struct load_catalog_src	*src;

	if (l->nitems == l->capitems) {
		l->capitems = l->capitems ? l->capitems * 2 : 64;
		l->items = xreallocarray(l->items, l->capitems,
		    sizeof *l->items);
		l->isrc = xreallocarray(l->isrc, l->capitems, sizeof *l->isrc);
	}
	it = &l->items[l->nitems];
	src = &l->isrc[l->nitems++];
	memset(it, 0, sizeof *it);
	memset(src, 0, sizeof *src);
	src->file = l->file;
	src->node = n;
	it->class = class;
	*srcp = src;
	return it;
}

/* The side and technology level of the §2.3 table (side and tech keys). */
static void
load_catalog_tech(struct load_catalog *l, const struct ynode *n,
    struct item_type *it, struct load_catalog_src *src)
{
	const struct ynode	*v;

	/* Written counts as given even when wrong: it is reported once. */
	if ((v = ymap_get(n, "side")) != NULL) {
		src->has_side = true;
		load_catalog_side(l, v, &it->tech_side);
	}
	if ((v = ymap_get(n, "tech")) != NULL) {
		src->has_tech = true;
		yscalar_int(v, l->d, 0, 4, "tech", &it->tech_level);
	}
}

static void
load_catalog_weapon(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "kind", "side", "tech", "cost", "weight",
		"shots", "damage", "capacity", "ammo", "guided", "launched",
		"thrown", "throw-weight", NULL
	};
	static const char *const required[] = {
		"id", "name", "kind", "side", "tech", "shots", NULL
	};
	struct item_type	*it;
	struct load_catalog_src	*src;
	const struct ynode	*v, *ammo;
	int			 k;
	size_t			 i;
	bool			 kind_ok = false;

	if (!ynode_expect(n, YNODE_MAP, l->d, "a weapon") ||
	    !load_catalog_room(l, n))
		return;
	it = load_catalog_new_item(l, n, ITEM_WEAPON, &src);
	ymap_check_keys(n, keys, l->d, "a weapon");
	load_catalog_require(l, n, required, "a weapon");
	load_catalog_naming(l, n, it->id, it->name, src);
	if ((v = ymap_get(n, "kind")) != NULL &&
	    (k = yscalar_enum(v, load_catalog_weapon_kinds,
	    XTAC_NITEMS(load_catalog_weapon_kinds), l->d,
	    "weapon kind")) >= 0) {
		it->weapon_kind = (enum weapon_kind)k;
		kind_ok = true;
	}
	load_catalog_tech(l, n, it, src);
	/* Built-in weapons are neither bought nor carried. */
	if (!kind_ok || it->weapon_kind != WEAPON_INTERNAL) {
		ymap_require(n, "cost", l->d, "a weapon");
		ymap_require(n, "weight", l->d, "a weapon");
	}
	load_catalog_int(l, n, "cost", 0, 10000, &it->cost);
	load_catalog_int(l, n, "weight", 0, 100, &it->weight);
	if ((v = ymap_get(n, "shots")) != NULL)
		load_catalog_shots(l, v, it, kind_ok);
	ammo = ymap_get(n, "ammo");
	if (ammo == NULL) {
		/* No clips: the weapon holds its own damage and rounds. */
		ymap_require(n, "damage", l->d, "a weapon without 'ammo'");
		ymap_require(n, "capacity", l->d, "a weapon without 'ammo'");
	} else if ((v = ymap_get(n, "damage")) != NULL) {
		diag_error(l->d, v->line, v->col, "%s", "a weapon with 'ammo' "
		    "deals the damage of the ammunition loaded; remove "
		    "'damage'");
	}
	if ((v = ymap_get(n, "damage")) != NULL && ammo == NULL)
		load_catalog_damage(l, v, "damage", &it->damage);
	if ((v = ymap_get(n, "capacity")) != NULL) {
		src->has_capacity = true;
		load_catalog_capacity(l, v, &it->capacity);
	}
	if (ammo != NULL && ynode_expect(ammo, YNODE_SEQ, l->d, "ammo")) {
		if (ammo->n == 0 || ammo->n > CATALOG_MAX_AMMO)
			diag_error(l->d, ammo->line, ammo->col, "ammo should "
			    "list 1 to %d ammunition types, not %zu",
			    CATALOG_MAX_AMMO, ammo->n);
		else {
			bool names = true;

			for (i = 0; i < ammo->n; i++)
				names &= ynode_expect(ammo->items[i],
				    YNODE_SCALAR, l->d, "an ammunition type");
			if (names)
				src->ref = ammo;
		}
	}
	load_catalog_bool(l, n, "guided", &it->guided);
	load_catalog_bool(l, n, "launched", &it->launched);
	load_catalog_bool(l, n, "thrown", &it->thrown);
	if ((v = ymap_get(n, "throw-weight")) != NULL) {
		if (!it->thrown)
			diag_error(l->d, v->line, v->col, "%s", "throw-weight "
			    "is for a weapon with 'thrown: true'");
		else
			yscalar_int(v, l->d, 1, 100, "throw-weight",
			    &it->throw_weight);
	}
}

static void
load_catalog_ammo(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "side", "tech", "cost", "weight", "capacity",
		"damage", NULL
	};
	static const char *const required[] = {
		"id", "name", "cost", "weight", "capacity", "damage", NULL
	};
	struct item_type	*it;
	struct load_catalog_src	*src;
	const struct ynode	*v;

	if (!ynode_expect(n, YNODE_MAP, l->d, "an ammunition type") ||
	    !load_catalog_room(l, n))
		return;
	it = load_catalog_new_item(l, n, ITEM_AMMO, &src);
	ymap_check_keys(n, keys, l->d, "an ammunition type");
	load_catalog_require(l, n, required, "an ammunition type");
	load_catalog_naming(l, n, it->id, it->name, src);
	load_catalog_tech(l, n, it, src);
	load_catalog_int(l, n, "cost", 0, 10000, &it->cost);
	load_catalog_int(l, n, "weight", 0, 100, &it->weight);
	if ((v = ymap_get(n, "capacity")) != NULL)
		load_catalog_capacity(l, v, &it->capacity);
	if ((v = ymap_get(n, "damage")) != NULL)
		load_catalog_damage(l, v, "damage", &it->damage);
}

static void
load_catalog_grenade(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "kind", "side", "tech", "cost", "weight",
		"damage", NULL
	};
	struct item_type	*it;
	struct load_catalog_src	*src;
	const struct ynode	*v;
	int			 k;

	if (!ynode_expect(n, YNODE_MAP, l->d, "a grenade") ||
	    !load_catalog_room(l, n))
		return;
	it = load_catalog_new_item(l, n, ITEM_GRENADE, &src);
	ymap_check_keys(n, keys, l->d, "a grenade");
	load_catalog_require(l, n, keys, "a grenade");
	load_catalog_naming(l, n, it->id, it->name, src);
	if ((v = ymap_get(n, "kind")) != NULL &&
	    (k = yscalar_enum(v, load_catalog_grenade_kinds,
	    XTAC_NITEMS(load_catalog_grenade_kinds), l->d,
	    "grenade kind")) >= 0)
		it->grenade_kind = (enum grenade_kind)k;
	load_catalog_tech(l, n, it, src);
	load_catalog_int(l, n, "cost", 0, 10000, &it->cost);
	load_catalog_int(l, n, "weight", 1, 100, &it->weight);
	if ((v = ymap_get(n, "damage")) != NULL)
		load_catalog_damage(l, v, "damage", &it->damage);
	/* Loaded into a grenade launcher, a grenade is one shot. */
	it->capacity = 1;
}

static void
load_catalog_armour(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "side", "tech", "cost", "weight", "armour",
		"susceptibility", "str-bonus", "flying", NULL
	};
	static const char *const required[] = {
		"id", "name", "side", "tech", "cost", "armour", NULL
	};
	struct item_type	*it;
	struct load_catalog_src	*src;
	const struct ynode	*v;

	if (!ynode_expect(n, YNODE_MAP, l->d, "an armour") ||
	    !load_catalog_room(l, n))
		return;
	it = load_catalog_new_item(l, n, ITEM_ARMOUR, &src);
	ymap_check_keys(n, keys, l->d, "an armour");
	load_catalog_require(l, n, required, "an armour");
	load_catalog_naming(l, n, it->id, it->name, src);
	load_catalog_tech(l, n, it, src);
	load_catalog_int(l, n, "cost", 0, 10000, &it->cost);
	load_catalog_int(l, n, "weight", 0, 100, &it->weight);
	if ((v = ymap_get(n, "armour")) != NULL)
		load_catalog_facings(l, v, it->armour);
	if ((v = ymap_get(n, "susceptibility")) != NULL)
		load_catalog_susceptibility(l, v, it->susceptibility);
	load_catalog_int(l, n, "str-bonus", 0, 100, &it->str_bonus);
	load_catalog_bool(l, n, "flying", &it->flying);
}

static void
load_catalog_equipment(struct load_catalog *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"id", "name", "kind", "side", "tech", "cost", "weight",
		"shots", "capacity", "heal", "uses", NULL
	};
	static const char *const required[] = {
		"id", "name", "kind", "side", "tech", "cost", "weight",
		"shots", NULL
	};
	static const char *const medical[] = { "heal", "uses", NULL };
	struct item_type	*it;
	struct load_catalog_src	*src;
	const struct ynode	*v;
	int			 k;
	size_t			 i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "an equipment item") ||
	    !load_catalog_room(l, n))
		return;
	it = load_catalog_new_item(l, n, ITEM_EQUIPMENT, &src);
	ymap_check_keys(n, keys, l->d, "an equipment item");
	load_catalog_require(l, n, required, "an equipment item");
	load_catalog_naming(l, n, it->id, it->name, src);
	load_catalog_tech(l, n, it, src);
	load_catalog_int(l, n, "cost", 0, 10000, &it->cost);
	load_catalog_int(l, n, "weight", 0, 100, &it->weight);
	k = (v = ymap_get(n, "kind")) == NULL ? -1 : yscalar_enum(v,
	    load_catalog_equipment_kinds,
	    XTAC_NITEMS(load_catalog_equipment_kinds), l->d, "equipment kind");
	if (k >= 0)
		it->weapon_kind = (enum weapon_kind)k;
	if ((v = ymap_get(n, "shots")) != NULL)
		load_catalog_shots(l, v, it, k >= 0);
	if (k < 0)
		return;
	if (it->weapon_kind == WEAPON_MEDICAL) {
		load_catalog_require(l, n, medical, "a medical kit");
		load_catalog_int(l, n, "heal", 1, 1000, &it->damage.amount);
		load_catalog_int(l, n, "uses", 1, 1000, &it->uses);
		if ((v = ymap_get(n, "capacity")) != NULL)
			diag_error(l->d, v->line, v->col, "%s", "a medical kit "
			    "counts 'uses', not 'capacity'");
		return;
	}
	for (i = 0; medical[i] != NULL; i++)
		if ((v = ymap_get(n, medical[i])) != NULL)
			diag_error(l->d, v->line, v->col, "only a medical kit "
			    "has '%s'", medical[i]);
	if (ymap_require(n, "capacity", l->d, "a psi amp"))
		load_catalog_capacity(l, ymap_get(n, "capacity"),
		    &it->capacity);
}

static void
load_catalog_file(struct load_catalog *l, const struct ynode *root)
{
	size_t	i, j;
	int	s;

	if (!ynode_expect(root, YNODE_MAP, l->d, "a unit file"))
		return;
	ymap_check_keys(root, load_catalog_sections, l->d, "a unit file");
	for (i = 0; i < root->n; i++) {
		const struct ynode *list = root->items[i];

		for (s = 0; s < LOAD_CATALOG_NSECTIONS; s++)
			if (strcmp(root->keys[i]->text,
			    load_catalog_sections[s]) == 0)
				break;
		if (s == LOAD_CATALOG_NSECTIONS || yscalar_is_null(list) ||
		    !ynode_expect(list, YNODE_SEQ, l->d,
		    load_catalog_sections[s]))
			continue;
		for (j = 0; j < list->n; j++) {
			const struct ynode *e = list->items[j];

			switch (s) {
			case LOAD_CATALOG_UNITS:
				load_catalog_unit(l, e);
				break;
			case LOAD_CATALOG_WEAPONS:
				load_catalog_weapon(l, e);
				break;
			case LOAD_CATALOG_AMMO:
				load_catalog_ammo(l, e);
				break;
			case LOAD_CATALOG_GRENADES:
				load_catalog_grenade(l, e);
				break;
			case LOAD_CATALOG_ARMOUR:
				load_catalog_armour(l, e);
				break;
			case LOAD_CATALOG_EQUIPMENT:
				load_catalog_equipment(l, e);
				break;
			}
		}
	}
}

/* --- entry point -------------------------------------------------------- */

bool
catalog_load_files(struct catalog *c, const char *const *paths,
    size_t npaths, struct diags *diags)
{
	struct load_catalog	 l;
	struct ynode		**trees;
	size_t			 i;
	int			 before = 0, after = 0;

	memset(c, 0, sizeof *c);
	memset(&l, 0, sizeof l);
	l.diags = diags;
	for (i = 0; i < npaths; i++)
		before += diags[i].errors;
	trees = xcalloc(npaths + 1, sizeof *trees);
	for (i = 0; i < npaths; i++) {
		char	*text;
		size_t	 len;

		l.file = i;
		l.d = &diags[i];
		if ((text = ydoc_read_file(paths[i], &len, l.d)) == NULL)
			continue;
		trees[i] = ydoc_parse(text, len, l.d);
		free(text);
		if (trees[i] != NULL)
			load_catalog_file(&l, trees[i]);
	}
	load_catalog_resolve(&l);
	for (i = 0; i < npaths; i++) {
		after += diags[i].errors;
		ydoc_free(trees[i]);
	}
	free(trees);
	free(l.usrc);
	free(l.isrc);
	if (after > before || l.nunits == 0 || l.nitems == 0) {
		if (after == before && npaths > 0)
			diag_error(&diags[0], 0, 0, "%s", "the catalog has no "
			    "units or no items");
		free(l.units);
		free(l.items);
		return false;
	}
	c->units = l.units;
	c->nunits = l.nunits;
	c->items = l.items;
	c->nitems = l.nitems;
	return true;
}
