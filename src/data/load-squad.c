/*
 * load-squad.c - reading a squad file (format in xtac-map(5)): one side's
 * units with their equipment and boosts, bought to a technology level and a
 * budget, apart from any map; and putting one on a scenario in place of
 * that side's own units.
 *
 * The units are read exactly as a map's (load-map.c), less 'at'; prices are
 * squad_unit_price()'s.  Every problem is reported at its line and column in
 * the squad file, worded as `xtac check` words a map's.
 */
#include <stdlib.h>
#include <string.h>

#include "load-int.h"
#include "load-map-int.h"
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/util.h"

static const char *const squad_keys[] = {
	"xtac-squad", "name", "side", "tech-level", "budget", "units", NULL
};

/* The key node of `key` in a mapping, for messages about the whole entry. */
static const struct ynode *
squad_key(const struct ynode *map, const char *key)
{
	size_t	i;

	for (i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->text, key) == 0)
			return map->keys[i];
	return map;
}

/*
 * §2.3 Missions against the units the squad brings in place of its side's:
 * a unit another side is to capture must be among them (or the map's
 * others), and the technology the side is to capture "can not be taken in
 * by any of your units".
 */
static void
squad_check_secrets(const struct ynode *units, const struct squad *sq,
    const struct scenario *s, struct diags *d)
{
	const struct secret_setup	*sc;
	size_t				 i;
	int				 side;
	bool				 found;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		sc = &s->sides[side].secret;
		if (!sc->present || sc->unit[0] == '\0' ||
		    side == (int)sq->side)
			continue;
		found = false;
		for (i = 0; i < s->nunits && !found; i++)
			found = s->units[i].side != sq->side &&
			    strcmp(s->units[i].id, sc->unit) == 0;
		for (i = 0; i < sq->nunits && !found; i++)
			found = strcmp(sq->units[i].id, sc->unit) == 0;
		if (!found)
			diag_error(d, units->line, units->col, "the map's %s "
			    "secret mission captures '%s', and this squad "
			    "fields no such unit (\xc2\xa7" "2.3)",
			    side_names[side], sc->unit);
	}
	sc = &s->sides[sq->side].secret;
	for (i = 0; sc->present && sc->technology >= 0 && i < sq->nunits;
	    i++)
		if (load_unit_has_item(&sq->units[i], sc->technology))
			diag_error(d, units->line, units->col, "%s carries %s, "
			    "the technology %s is to capture: it can not be "
			    "taken in (\xc2\xa7" "2.3)", sq->units[i].id,
			    s->catalog->items[sc->technology].id,
			    side_names[sq->side]);
}

/* §3.1.2, §2.3 (RULINGS §2.3) against a scenario's own limits, if any. */
static void
squad_check_scenario(const struct ynode *root, const struct squad *sq,
    const struct scenario *s, struct diags *d)
{
	const struct ynode	*units = squad_key(root, "units");
	int			 points, budget;
	size_t			 i, j;

	if (s->sides[sq->side].budget > 0) {
		points = squad_points(s->catalog, sq);
		budget = scenario_side_budget(s, sq->side);
		if (points > budget)
			diag_error(d, units->line, units->col, "%s spends %d "
			    "points, over the map's budget of %d%s "
			    "(\xc2\xa7" "3.1.2)", side_names[sq->side], points,
			    budget, budget != s->sides[sq->side].budget ?
			    " after the crash's 20 % loss" : "");
	}
	/* Ids name units in commands and saves: one unit each. */
	for (i = 0; i < sq->nunits; i++) {
		const struct ynode *n = ymap_get(root, "units");
		const struct ynode *id = ymap_get(n->items[i], "id");

		for (j = 0; j < s->nunits; j++)
			if (s->units[j].side != sq->side &&
			    strcmp(s->units[j].id, sq->units[i].id) == 0)
				diag_error(d, id->line, id->col, "unit id '%s' "
				    "is the map's %s unit's too",
				    sq->units[i].id,
				    side_names[s->units[j].side]);
	}
	squad_check_secrets(units, sq, s, d);
}

static bool
squad_read(const struct ynode *root, const struct catalog *cat,
    const struct scenario *s, struct squad *sq, struct diags *d)
{
	const struct ynode	*v;
	int			 k, version, tech;

	memset(sq, 0, sizeof *sq);
	sq->tech_level = 4;
	if (!ynode_expect(root, YNODE_MAP, d, "a squad file"))
		return false;
	ymap_check_keys(root, squad_keys, d, "a squad file");
	if ((v = ymap_get(root, "xtac-squad")) != NULL &&
	    yscalar_int(v, d, 0, 1000, "xtac-squad", &version) &&
	    version != 1)
		diag_error(d, v->line, v->col, "this is xtac-squad format %d; "
		    "this xtac reads format 1", version);
	if (!ymap_require(root, "side", d, "a squad file") ||
	    !ymap_require(root, "units", d, "a squad file"))
		return false;
	v = ymap_get(root, "side");
	if ((k = yscalar_enum(v, side_names, SIDE_COUNT, d, "side")) < 0)
		return false;
	if (k == SIDE_CIVILIAN) {
		diag_error(d, v->line, v->col, "%s", "civilians are not bought "
		    "(\xc2\xa7" "3.4): a squad is xcom or alien");
		return false;
	}
	sq->side = (enum side)k;
	if (s != NULL && s->sides[k].present == false) {
		diag_error(d, v->line, v->col, "the map has no %s side",
		    side_names[k]);
		return false;
	}
	if ((v = ymap_get(root, "name")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, d, "name"))
		sq->name = xstrdup(v->text);
	if ((v = ymap_get(root, "tech-level")) != NULL)
		yscalar_int(v, d, 1, 4, "tech-level", &sq->tech_level);
	if ((v = ymap_get(root, "budget")) != NULL)
		yscalar_int(v, d, 0, 100000, "budget", &sq->budget);
	/* §2.3: a squad plays at the lower of its level and the map's. */
	tech = sq->tech_level;
	if (s != NULL && s->tech_level < tech)
		tech = s->tech_level;
	load_squad_units(ymap_get(root, "units"), cat, sq->side, tech, d,
	    &sq->units, &sq->nunits);
	if (d->errors > 0)
		return false;
	if (sq->nunits == 0) {
		v = squad_key(root, "units");
		diag_error(d, v->line, v->col, "%s", "a squad has at least one "
		    "unit");
		return false;
	}
	if (sq->budget > 0 && squad_points(cat, sq) > sq->budget) {
		v = ymap_get(root, "budget");
		diag_error(d, v->line, v->col, "%s spends %d points, over its "
		    "budget of %d (\xc2\xa7" "3.1.2)", side_names[sq->side],
		    squad_points(cat, sq), sq->budget);
	}
	if (s != NULL)
		squad_check_scenario(root, sq, s, d);
	return d->errors == 0;
}

bool
squad_parse(const char *text, size_t len, const struct catalog *cat,
    struct scenario *s, struct squad *sq, struct diags *d)
{
	struct ynode	*root;
	bool		 ok;

	memset(sq, 0, sizeof *sq);
	if ((root = ydoc_parse(text, len, d)) == NULL)
		return false;
	ok = squad_read(root, cat, s, sq, d);
	if (ok && s != NULL && squad_place(s, sq) > 0) {
		const struct ynode *u = squad_key(root, "units");

		char *what = sq->nunits == 1 ? xstrdup("this unit") :
		    xasprintf("these %zu units", sq->nunits);

		diag_error(d, u->line, u->col, "the map has no room for %s: "
		    "its %s units' squares and deployment zones are full",
		    what, side_names[sq->side]);
		free(what);
		ok = false;
	}
	ydoc_free(root);
	if (!ok)
		squad_free(sq);
	return ok;
}

bool
squad_load(const char *path, const struct catalog *cat, struct scenario *s,
    struct squad *sq, struct diags *d)
{
	char	*text;
	size_t	 len;
	bool	 ok;

	memset(sq, 0, sizeof *sq);
	if ((text = ydoc_read_file(path, &len, d)) == NULL)
		return false;
	ok = squad_parse(text, len, cat, s, sq, d);
	free(text);
	return ok;
}

bool
data_file_is_squad(const char *path)
{
	struct ynode	*root = ydoc_peek(path);
	bool		 squad;

	squad = root != NULL && root->kind == YNODE_MAP &&
	    ymap_get(root, "levels") == NULL &&
	    (ymap_get(root, "xtac-squad") != NULL ||
	    (ymap_get(root, "side") != NULL &&
	    ymap_get(root, "xtac-map") == NULL));
	ydoc_free(root);
	return squad;
}

/* --- writing ------------------------------------------------------------ */

static void
squad_format_hand(struct strbuf *sb, const struct catalog *cat,
    const char *key, const struct hand *h)
{
	const struct item_type	*it;

	if (h->item < 0)
		return;
	it = &cat->items[h->item];
	/* A weapon written alone comes loaded with its first ammunition. */
	if (it->nammo == 0 || (h->ammo >= 0 && h->ammo == it->ammo[0]))
		strbuf_printf(sb, ", %s: %s", key, it->id);
	else
		strbuf_printf(sb, ", %s: {item: %s, ammo: %s}", key, it->id,
		    h->ammo < 0 ? "none" : cat->items[h->ammo].id);
}

/* A veteran's record (§3.1.2), as load_roster() reads it. */
static void
squad_format_roster(struct strbuf *sb, const struct unit_setup *u)
{
	const char	*sep = ", bonus: {";
	int		 k;

	if (u->games == 0)
		return;
	strbuf_printf(sb, ", roster: {games: %d, points: %d", u->games,
	    u->points);
	for (k = 0; k < STAT_COUNT + ARMOUR_COUNT; k++) {
		if (u->bonus[k] == 0)
			continue;
		strbuf_printf(sb, "%s%s: %d", sep, k < STAT_COUNT ?
		    stat_names[k] : armour_facing_names[k - STAT_COUNT],
		    u->bonus[k]);
		sep = ", ";
	}
	strbuf_puts(sb, sep[0] == ',' && sep[1] == ' ' && sep[2] == '\0' ?
	    "}}" : "}");
}

char *
squad_format(const struct catalog *cat, const struct squad *sq,
    size_t *first)
{
	struct strbuf		 sb;
	const struct unit_setup	*u;
	const char		*sep;
	size_t			 i, b, lines = 5;
	int			 k;

	strbuf_init(&sb);
	strbuf_puts(&sb, "xtac-squad: 1\n");
	if (sq->name != NULL) {
		strbuf_puts(&sb, "name: ");
		ydoc_quoted(&sb, sq->name);
		strbuf_puts(&sb, "\n");
		lines++;
	}
	strbuf_printf(&sb, "side: %s\ntech-level: %d\n", side_names[sq->side],
	    sq->tech_level);
	if (sq->budget > 0) {
		strbuf_printf(&sb, "budget: %d\n", sq->budget);
		lines++;
	}
	/* None is the reader's to refuse, as it refuses a file's. */
	strbuf_puts(&sb, sq->nunits == 0 ? "units: []\n" : "units:\n");
	for (i = 0; i < sq->nunits; i++) {
		u = &sq->units[i];
		strbuf_printf(&sb, "  - {id: %s", u->id);
		if (u->name[0] != '\0') {
			strbuf_puts(&sb, ", name: ");
			ydoc_quoted(&sb, u->name);
		}
		strbuf_printf(&sb, ", type: %s", cat->units[u->type].id);
		if (u->armour >= 0)
			strbuf_printf(&sb, ", armour: %s",
			    cat->items[u->armour].id);
		squad_format_hand(&sb, cat, "right", &u->hands[HAND_RIGHT]);
		squad_format_hand(&sb, cat, "left", &u->hands[HAND_LEFT]);
		if (u->nbelt > 0) {
			strbuf_puts(&sb, ", belt: [");
			for (b = 0; b < u->nbelt; b++)
				strbuf_printf(&sb, "%s%s", b > 0 ? ", " : "",
				    cat->items[u->belt[b]].id);
			strbuf_puts(&sb, "]");
		}
		if (u->facing_set)
			strbuf_printf(&sb, ", facing: %s",
			    dir_names[u->facing]);
		if (u->kneeling)
			strbuf_puts(&sb, ", kneeling: true");
		sep = ", boosts: {";
		for (k = 0; k < STAT_COUNT + ARMOUR_COUNT; k++) {
			int v = k < STAT_COUNT ? u->boosts[k] :
			    u->armour_boosts[k - STAT_COUNT];

			if (v == 0)
				continue;
			strbuf_printf(&sb, "%s%s: %d", sep, k < STAT_COUNT ?
			    stat_names[k] : armour_facing_names[k -
			    STAT_COUNT], v);
			sep = ", ";
		}
		strbuf_printf(&sb, "%s", sep[1] == ' ' && sep[2] == '\0' ?
		    "}" : "");
		squad_format_roster(&sb, u);
		strbuf_puts(&sb, "}\n");
	}
	if (first != NULL)
		*first = lines;
	return strbuf_steal(&sb);
}
