/*
 * load-map-units.c - the units a map (or a squad file) fields: type, side,
 * square, gear and boosts, then the checks that need the whole map (walls,
 * company, deployment, technology level, load).
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-int.h"
#include "load-map-int.h"
#include "xtac/squad.h"
#include "xtac/util.h"

/* --- units -------------------------------------------------------------- */

static const char *const *
load_item_names(const struct catalog *cat, const char **buf)
{
	size_t	i;

	for (i = 0; i < cat->nitems; i++)
		buf[i] = cat->items[i].id;
	return buf;
}

int
load_item(struct load *l, const struct ynode *n, const char *what)
{
	const char	**names;
	int		  k;

	if (!ynode_expect(n, YNODE_SCALAR, l->d, what))
		return -1;
	if ((k = catalog_find_item(l->cat, n->text)) >= 0)
		return k;
	names = xcalloc(l->cat->nitems, sizeof *names);
	yscalar_enum(n, load_item_names(l->cat, names), l->cat->nitems, l->d,
	    what);
	free(names);
	return -2;
}

const char *
load_item_id(const struct load *l, int item)
{
	return l->cat->items[item].id;
}

/* right: rifle   or   right: {item: rifle, ammo: rifle-clip | none} */
static bool
load_hand(struct load *l, const struct ynode *n, struct hand *h)
{
	static const char *const keys[] = { "item", "ammo", NULL };
	const struct ynode	*item = n, *ammo = NULL;
	const struct item_type	*it;

	h->item = h->ammo = -1;
	if (yscalar_is_null(n))
		return true;
	if (n->kind == YNODE_MAP) {
		ymap_check_keys(n, keys, l->d, "a hand");
		if (!ymap_require(n, "item", l->d, "a hand"))
			return false;
		item = ymap_get(n, "item");
		ammo = ymap_get(n, "ammo");
	}
	if ((h->item = load_item(l, item, "item")) < 0) {
		h->item = -1;
		return false;
	}
	it = &l->cat->items[h->item];
	if (it->class == ITEM_ARMOUR) {
		diag_error(l->d, item->line, item->col, "%s is armour: wear "
		    "it with 'armour:'", it->id);
		return false;
	}
	if (it->class == ITEM_WEAPON && it->weapon_kind == WEAPON_INTERNAL) {
		diag_error(l->d, item->line, item->col, "%s is built into "
		    "its unit and cannot be carried", it->id);
		return false;
	}
	if (ammo == NULL) {
		/* A weapon written alone comes loaded with its first ammo. */
		if (it->class == ITEM_WEAPON && it->nammo > 0)
			h->ammo = it->ammo[0];
		return true;
	}
	if (!ynode_expect(ammo, YNODE_SCALAR, l->d, "ammo"))
		return false;
	if (strcmp(ammo->text, "none") == 0)
		return true;
	if ((h->ammo = load_item(l, ammo, "ammunition")) < 0) {
		h->ammo = -1;
		return false;
	}
	if (!catalog_ammo_fits(l->cat, h->item, h->ammo)) {
		diag_error(l->d, ammo->line, ammo->col, "%s does not fit %s",
		    load_item_id(l, h->ammo), it->id);
		h->ammo = -1;
		return false;
	}
	return true;
}

/*
 * Raises of statistics and alien armour, bought (boosts) or a veteran's
 * bonus (§3.1.2): stats[STAT_COUNT], then armour[ARMOUR_COUNT].
 */
static bool
load_raises(struct load *l, const struct ynode *n, struct unit_setup *u,
    const char *what, int *stats, int *facings)
{
	const struct unit_type	*t = &l->cat->units[u->type];
	size_t			 i;
	bool			 ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, what))
		return false;
	for (i = 0; i < n->n; i++) {
		const struct ynode *k = n->keys[i];
		int v, which;
		bool armour;

		which = -1;
		armour = false;
		for (v = 0; v < STAT_COUNT && which < 0; v++)
			if (strcmp(k->text, stat_names[v]) == 0)
				which = v;
		for (v = 0; v < ARMOUR_COUNT && which < 0; v++)
			if (strcmp(k->text, armour_facing_names[v]) == 0) {
				which = v;
				armour = true;
			}
		if (which < 0) {
			diag_error(l->d, k->line, k->col, "unknown %s '%s' "
			    "(known: tu, hth, acc, mac, tac, str, ret, psk, "
			    "pst, front, left, right, rear, under)",
			    stats == u->boosts ? "boost" : "bonus", k->text);
			ok = false;
			continue;
		}
		/* §3.1.2: at most 20 points above the base value. */
		if (!yscalar_int(n->items[i], l->d, 0, SQUAD_BOOST_MAX,
		    k->text, &v)) {
			ok = false;
			continue;
		}
		if (armour) {
			if (t->side != SIDE_ALIEN) {
				diag_error(l->d, k->line, k->col, "%s",
				    "only alien armour can be boosted "
				    "(\xc2\xa7" "3.1.2)");
				ok = false;
			}
			facings[which] = v;
			continue;
		}
		if (t->stats[which] == STAT_NONE && v > 0 &&
		    !(t->class == UNIT_TERROR &&
		    (which == STAT_PSK || which == STAT_PST))) {
			diag_error(l->d, k->line, k->col, "a %s has no %s to "
			    "boost", t->id, stat_names[which]);
			ok = false;
		}
		stats[which] = v;
	}
	return ok;
}

/*
 * A veteran's record (§3.1.2): each game survived gave 20 points to raise
 * statistics at the boost rates; spent and unspent add up to them, and a
 * statistic rises at most 20 above its base, bought and bonus together.
 */
static bool
load_roster(struct load *l, const struct ynode *n, struct unit_setup *u)
{
	static const char *const keys[] = { "games", "points", "bonus",
	    NULL };
	const struct unit_type	*t = &l->cat->units[u->type];
	const struct ynode	*v;
	int			 i, spent = 0, raise;
	bool			 ok = true;

	if (!ynode_expect(n, YNODE_MAP, l->d, "roster"))
		return false;
	ymap_check_keys(n, keys, l->d, "a roster entry");
	if (!ymap_require(n, "games", l->d, "a roster entry") ||
	    !yscalar_int(ymap_get(n, "games"), l->d, 1, SQUAD_GAMES_MAX,
	    "games", &u->games))
		return false;
	if ((v = ymap_get(n, "points")) != NULL)
		ok &= yscalar_int(v, l->d, 0, SQUAD_BONUS * SQUAD_GAMES_MAX,
		    "points", &u->points);
	if ((v = ymap_get(n, "bonus")) != NULL)
		ok &= load_raises(l, v, u, "bonus", u->bonus,
		    u->bonus + STAT_COUNT);
	if (!ok)
		return false;
	for (i = 0; i < STAT_COUNT + ARMOUR_COUNT; i++) {
		raise = u->bonus[i] + (i < STAT_COUNT ? u->boosts[i] :
		    u->armour_boosts[i - STAT_COUNT]);
		spent += u->bonus[i] * squad_boost_rate(t, i);
		if (raise > SQUAD_BOOST_MAX) {
			diag_error(l->d, n->line, n->col, "%s rises %d above "
			    "its base, boosts and bonus together; at most %d "
			    "(\xc2\xa7" "3.1.2)", i < STAT_COUNT ?
			    stat_names[i] : armour_facing_names[i - STAT_COUNT],
			    raise, SQUAD_BOOST_MAX);
			ok = false;
		}
	}
	if (ok && spent + u->points != SQUAD_BONUS * u->games) {
		diag_error(l->d, n->line, n->col, "%d game%s survived give %d "
		    "bonus points; this spends %d and keeps %d "
		    "(\xc2\xa7" "3.1.2)", u->games, u->games == 1 ? "" : "s",
		    SQUAD_BONUS * u->games, spent, u->points);
		ok = false;
	}
	return ok;
}

static bool
load_unit_type(struct load *l, const struct ynode *n, int *out)
{
	const char	**names;
	size_t		  i;

	if (!ynode_expect(n, YNODE_SCALAR, l->d, "type"))
		return false;
	if ((*out = catalog_find_unit(l->cat, n->text)) >= 0)
		return true;
	names = xcalloc(l->cat->nunits, sizeof *names);
	for (i = 0; i < l->cat->nunits; i++)
		names[i] = l->cat->units[i].id;
	yscalar_enum(n, names, l->cat->nunits, l->d, "unit type");
	free(names);
	return false;
}

static bool
load_unit(struct load *l, const struct ynode *n, struct unit_setup *u,
    struct load_unit_src *src)
{
	static const char *const keys[] = {
		"id", "name", "side", "type", "at", "facing", "kneeling",
		"armour", "right", "left", "belt", "boosts", "roster", NULL
	};
	const struct ynode	*v;
	const struct unit_type	*t;
	bool			 ok = true;
	int			 k;
	size_t			 i;

	memset(u, 0, sizeof *u);
	u->armour = -1;
	u->hands[HAND_RIGHT].item = u->hands[HAND_LEFT].item = -1;
	u->hands[HAND_RIGHT].ammo = u->hands[HAND_LEFT].ammo = -1;
	src->node = n;
	if (!ynode_expect(n, YNODE_MAP, l->d, "a unit"))
		return false;
	ymap_check_keys(n, keys, l->d, "a unit");
	if (!ymap_require(n, "id", l->d, "a unit") ||
	    (!l->squad && !ymap_require(n, "side", l->d, "a unit")) ||
	    !ymap_require(n, "type", l->d, "a unit"))
		return false;
	ok &= yscalar_name(ymap_get(n, "id"), l->d, "unit id", u->id,
	    sizeof u->id);
	if ((v = ymap_get(n, "name")) != NULL)
		ok &= yscalar_name(v, l->d, "unit name", u->name,
		    sizeof u->name);
	if (l->squad && (v = ymap_get(n, "at")) != NULL) {
		diag_error(l->d, v->line, v->col, "%s", "a squad's units have "
		    "no 'at': the map places them");
		ok = false;
	}
	if (l->squad && ymap_get(n, "side") == NULL)
		k = (int)l->squad_side;
	else if ((k = load_side(l, ymap_get(n, "side"))) < 0)
		return false;
	else if (l->squad && k != (int)l->squad_side) {
		v = ymap_get(n, "side");
		diag_error(l->d, v->line, v->col, "this squad fights for %s",
		    side_names[l->squad_side]);
		return false;
	}
	u->side = (enum side)k;
	if (!load_unit_type(l, ymap_get(n, "type"), &u->type))
		return false;
	t = &l->cat->units[u->type];
	if (t->side != u->side) {
		v = ymap_get(n, "type");
		diag_error(l->d, v->line, v->col, "a %s fights for %s, not "
		    "%s", t->id, side_names[t->side], side_names[u->side]);
		ok = false;
	}
	src->read = true;
	/*
	 * §4.1: a unit without a fixed square is deployed before round 1; a
	 * squad's units never have one (squad_place() finds them squares).
	 */
	if (!l->squad && (src->at = ymap_get(n, "at")) != NULL) {
		u->fixed = true;
		ok &= load_pos(l, src->at, true, "at", &u->pos);
	}
	u->facing = DIR_N;
	if ((v = ymap_get(n, "facing")) != NULL) {
		if ((k = yscalar_enum(v, dir_names, DIR_COUNT, l->d,
		    "facing")) < 0)
			ok = false;
		else {
			u->facing = (enum dir)k;
			u->facing_set = true;
		}
	}
	if ((v = ymap_get(n, "kneeling")) != NULL) {
		ok &= yscalar_bool(v, l->d, "kneeling", &u->kneeling);
		if (u->kneeling && !t->can_kneel) {
			diag_error(l->d, v->line, v->col, "a %s cannot kneel "
			    "(only soldiers do, \xc2\xa7" "5.4)", t->id);
			ok = false;
		}
	}
	/* §3.2.2, §3.3.2: HWPs and terror units carry nothing. */
	if (t->class != UNIT_SOLDIER) {
		static const char *const gear[] = {
			"armour", "right", "left", "belt"
		};
		for (i = 0; i < XTAC_NITEMS(gear); i++) {
			if ((v = ymap_get(n, gear[i])) == NULL ||
			    yscalar_is_null(v))
				continue;
			diag_error(l->d, v->line, v->col, "a %s carries no "
			    "equipment", t->id);
			ok = false;
		}
	} else {
		if ((v = ymap_get(n, "armour")) != NULL &&
		    !yscalar_is_null(v)) {
			if ((u->armour = load_item(l, v, "armour")) < 0) {
				u->armour = -1;
				ok = false;
			} else if (l->cat->items[u->armour].class !=
			    ITEM_ARMOUR) {
				diag_error(l->d, v->line, v->col, "%s is not "
				    "armour", load_item_id(l, u->armour));
				u->armour = -1;
				ok = false;
			}
		}
		if ((v = ymap_get(n, "right")) != NULL)
			ok &= load_hand(l, v, &u->hands[HAND_RIGHT]);
		if ((v = ymap_get(n, "left")) != NULL)
			ok &= load_hand(l, v, &u->hands[HAND_LEFT]);
		if ((v = ymap_get(n, "belt")) != NULL &&
		    ynode_expect(v, YNODE_SEQ, l->d, "belt")) {
			if (v->n > SCENARIO_BELT_MAX) {
				diag_error(l->d, v->line, v->col, "a belt holds "
				    "at most %d items", SCENARIO_BELT_MAX);
				ok = false;
			}
			for (i = 0; i < v->n && i < SCENARIO_BELT_MAX; i++) {
				int it = load_item(l, v->items[i], "item");

				if (it < 0) {
					ok = false;
					continue;
				}
				if (l->cat->items[it].class == ITEM_ARMOUR ||
				    (l->cat->items[it].class == ITEM_WEAPON &&
				    l->cat->items[it].weapon_kind ==
				    WEAPON_INTERNAL)) {
					diag_error(l->d, v->items[i]->line,
					    v->items[i]->col, "%s cannot go "
					    "on a belt", load_item_id(l, it));
					ok = false;
					continue;
				}
				u->belt[u->nbelt++] = it;
			}
		}
	}
	if ((v = ymap_get(n, "boosts")) != NULL)
		ok &= load_raises(l, v, u, "boosts", u->boosts,
		    u->armour_boosts);
	if ((v = ymap_get(n, "roster")) != NULL) {
		if (!l->squad) {
			diag_error(l->d, v->line, v->col, "%s", "a map's units "
			    "have no 'roster': veterans come in a squad file "
			    "(--squad)");
			ok = false;
		} else if (ok)
			ok &= load_roster(l, v, u);
	}
	return ok;
}

void
load_units(struct load *l, const struct ynode *n)
{
	struct scenario	*s = l->s;
	size_t		 i, j;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "units"))
		return;
	if (n->n > LOAD_MAX_UNITS) {
		diag_error(l->d, n->line, n->col, "more than %d units",
		    LOAD_MAX_UNITS);
		return;
	}
	s->units = xcalloc(n->n, sizeof *s->units);
	l->unit_src = xcalloc(n->n, sizeof *l->unit_src);
	for (i = 0; i < n->n; i++) {
		struct unit_setup *u = &s->units[s->nunits];
		struct load_unit_src *src = &l->unit_src[s->nunits];

		src->ok = load_unit(l, n->items[i], u, src);
		if (src->node == NULL || !src->read)
			continue;
		for (j = 0; j < s->nunits; j++) {
			if (u->id[0] != '\0' &&
			    strcmp(s->units[j].id, u->id) == 0) {
				const struct ynode *id = ymap_get(n->items[i],
				    "id");
				diag_error(l->d, id->line, id->col, "unit id "
				    "'%s' is used twice (first at line %d)",
				    u->id, l->unit_src[j].node->line);
			}
		}
		s->nunits++;
	}
}

static bool
load_in_zone(const struct side_setup *side, const struct unit_setup *u)
{
	size_t	i;

	for (i = 0; i < side->nzones; i++) {
		const struct zone *z = &side->zones[i];
#define LOAD_BETWEEN(v, a, b) \
	((v) >= ((a) < (b) ? (a) : (b)) && (v) <= ((a) < (b) ? (b) : (a)))
		if (LOAD_BETWEEN(u->pos.x, z->from.x, z->to.x) &&
		    LOAD_BETWEEN(u->pos.y, z->from.y, z->to.y) &&
		    LOAD_BETWEEN(u->pos.z, z->from.z, z->to.z))
			return true;
#undef LOAD_BETWEEN
	}
	return false;
}

/*
 * A unit with no `at:` is placed in the deployment step (§4.1): its side
 * needs somewhere to put it, and the scenario must not have turned the
 * step off.  A base's defenders may start anywhere (§2.3).
 */
static void
load_check_deployed(struct load *l, size_t ui)
{
	const struct scenario	*s = l->s;
	const struct unit_setup	*u = &s->units[ui];
	const struct ynode	*node = l->unit_src[ui].node;

	if (!s->deployment)
		diag_error(l->d, node->line, node->col, "%s has no square "
		    "(at:) and this scenario has no deployment step "
		    "(deployment: false)", u->id);
	else if (s->sides[u->side].nzones == 0 &&
	    !(s->mission == MISSION_BASE && u->side != s->mission_side))
		diag_error(l->d, node->line, node->col, "%s has no square "
		    "(at:) and %s has no deployment zone (deploy:) to place "
		    "it in", u->id, side_names[u->side]);
}

/* §2.3 for one item; true if it is allowed. */
static bool
load_check_tech(struct load *l, const struct unit_setup *u,
    const struct ynode *at, int item)
{
	const struct item_type	*it;

	if (item < 0)
		return true;
	it = &l->cat->items[item];
	if (catalog_tech_allows(l->s->tech_level, u->side, it->tech_level,
	    it->tech_side))
		return true;
	diag_error(l->d, at->line, at->col, "%s is technology level %d "
	    "(%s); this level-%d scenario does not allow it to %s "
	    "(\xc2\xa7" "2.3)", it->id, it->tech_level,
	    side_names[it->tech_side], l->s->tech_level, side_names[u->side]);
	return false;
}

/* §2.3: what the technology level allows this unit's side. */
static void
load_check_unit_tech(struct load *l, size_t ui)
{
	const struct scenario	*s = l->s;
	const struct unit_setup	*u = &s->units[ui];
	const struct unit_type	*t = &l->cat->units[u->type];
	const struct ynode	*node = l->unit_src[ui].node;
	int			 i;
	size_t			 b;

	if (!catalog_tech_allows(s->tech_level, u->side, t->tech_level,
	    t->side)) {
		const struct ynode *tn = ymap_get(node, "type");
		diag_error(l->d, tn->line, tn->col, "a %s is technology level "
		    "%d; this level-%d scenario does not allow it "
		    "(\xc2\xa7" "2.3)", t->id, t->tech_level, s->tech_level);
	}
	if (u->armour >= 0)
		load_check_tech(l, u, ymap_get(node, "armour"), u->armour);
	for (i = 0; i < HAND_COUNT; i++) {
		const struct ynode *hn = ymap_get(node, i == HAND_RIGHT ?
		    "right" : "left");

		/* A clip that came with a refused weapon adds nothing. */
		if (hn != NULL && u->hands[i].item >= 0 &&
		    load_check_tech(l, u, hn, u->hands[i].item))
			load_check_tech(l, u, hn, u->hands[i].ammo);
	}
	for (b = 0; b < u->nbelt; b++) {
		const struct ynode *belt = ymap_get(node, "belt");

		load_check_tech(l, u, belt != NULL && belt->kind == YNODE_SEQ &&
		    b < belt->n ? belt->items[b] : node, u->belt[b]);
	}
}

/* Squares, walls and company for one unit; occupancy records who is where. */
void
load_check_unit(struct load *l, size_t ui, int *occupancy)
{
	const struct scenario	*s = l->s;
	const struct map	*m = s->map;
	const struct unit_setup	*u = &s->units[ui];
	const struct unit_type	*t = &l->cat->units[u->type];
	const struct ynode	*at = l->unit_src[ui].at, *node;
	int			 size = t->size, dx, dy, floors = 0;

	if (at == NULL) {
		load_check_deployed(l, ui);
		goto gear;
	}
	for (dy = 0; dy < size; dy++)
	for (dx = 0; dx < size; dx++) {
		struct pos p = { u->pos.x + dx, u->pos.y + dy, u->pos.z };
		const struct square *sq;
		int *who;

		if (!map_contains(m, p)) {
			diag_error(l->d, at->line, at->col, "%s is off the map "
			    "at %d,%d L%d%s", u->id, p.x + 1, p.y + 1, p.z + 1,
			    size > 1 ? " (a 2x2 unit fills x+1 and y+1)" : "");
			return;
		}
		sq = map_square(m, p);
		floors += sq->floor != FLOOR_NONE;
		if (sq->object != OBJECT_NONE &&
		    (m->objects[sq->object].solid ||
		    !m->objects[sq->object].passable))
			diag_error(l->d, at->line, at->col, "%s stands inside "
			    "a %s at %d,%d L%d", u->id,
			    m->objects[sq->object].name, p.x + 1, p.y + 1,
			    p.z + 1);
		who = &occupancy[((size_t)p.z * m->height + p.y) * m->width +
		    p.x];
		if (*who >= 0)
			diag_error(l->d, at->line, at->col, "%s and %s both "
			    "stand on %d,%d L%d", s->units[*who].id, u->id,
			    p.x + 1, p.y + 1, p.z + 1);
		else
			*who = (int)ui;
	}
	/* §7.2.4: a 2x2 unit stands while any of its squares has a floor. */
	if (floors == 0 && !t->flying && (u->armour < 0 ||
	    !l->cat->items[u->armour].flying))
		diag_error(l->d, at->line, at->col, "%s stands in open air at "
		    "%d,%d L%d and cannot fly", u->id, u->pos.x + 1,
		    u->pos.y + 1, u->pos.z + 1);
	if (size == 2) {
		struct pos p = u->pos, below = { p.x, p.y + 1, p.z },
		    right = { p.x + 1, p.y, p.z };

		/* RULINGS §5: never straddle an internal wall. */
		if (map_edge(m, p, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, p, DIR_S)->kind != EDGE_OPEN ||
		    map_edge(m, below, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, right, DIR_S)->kind != EDGE_OPEN)
			diag_error(l->d, at->line, at->col, "2x2 unit %s "
			    "straddles a wall at %d,%d L%d", u->id, p.x + 1,
			    p.y + 1, p.z + 1);
	}
gear:
	node = l->unit_src[ui].node;
	if (l->sides_declared && !s->sides[u->side].present) {
		const struct ynode *sn = ymap_get(node, "side");
		diag_error(l->d, sn->line, sn->col, "%s fights for %s, which "
		    "is not among the sides", u->id, side_names[u->side]);
	}
	if (at != NULL && s->sides[u->side].nzones > 0 &&
	    !load_in_zone(&s->sides[u->side], u))
		diag_warning(l->d, at->line, at->col, "%s starts outside the "
		    "%s deployment zones", u->id, side_names[u->side]);
	load_check_unit_tech(l, ui);
	/* §5.3: overloading is allowed but slows the unit down. */
	if (t->class == UNIT_SOLDIER && scenario_unit_weight(s, u) >
	    scenario_unit_strength(s, u))
		diag_warning(l->d, node->line, node->col, "%s carries %d, more "
		    "than its strength %d: encumbered, every move costs "
		    "double (\xc2\xa7" "5.3)", u->id, scenario_unit_weight(s, u),
		    scenario_unit_strength(s, u));
}

/* Whether a unit of the side takes the item in (hands, belt, armour). */
bool
load_unit_has_item(const struct unit_setup *u, int item)
{
	size_t	i;

	if (u->armour == item)
		return true;
	for (i = 0; i < HAND_COUNT; i++)
		if (u->hands[i].item == item || u->hands[i].ammo == item)
			return true;
	for (i = 0; i < u->nbelt; i++)
		if (u->belt[i] == item)
			return true;
	return false;
}

bool
load_squad_units(const struct ynode *n, const struct catalog *cat,
    enum side side, int tech_level, struct diags *d,
    struct unit_setup **units, size_t *nunits)
{
	struct load	l;
	struct scenario	s;
	size_t		i;
	bool		ok = true;

	memset(&l, 0, sizeof l);
	memset(&s, 0, sizeof s);
	l.d = d;
	l.cat = cat;
	l.s = &s;
	l.squad = true;
	l.squad_side = side;
	s.catalog = cat;
	s.tech_level = tech_level;
	load_units(&l, n);
	for (i = 0; i < s.nunits; i++) {
		if (l.unit_src[i].ok)
			load_check_unit_tech(&l, i);
		ok &= l.unit_src[i].ok;
	}
	free(l.unit_src);
	*units = s.units;
	*nunits = s.nunits;
	return ok;
}
