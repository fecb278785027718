/*
 * ai-mission-throw.c - sabotage by hand (§2.3 Missions, §6.2, §7.6), for
 * ai-mission.c: which grenades can destroy the object, the side's last
 * one kept for it, where to throw it from and the steps before the throw.
 *
 * The throw squares: within the unit's throw, the arc landing on the
 * object over the walls as the side knows them, and out of the blast as
 * the side knows the walls (game_side_grenade_reach(), a burst on the
 * object or a square beside it): walls that hold shelter the thrower,
 * where the old rule kept five squares off in the open (the power room
 * of desert-landing has hardened walls: from two squares behind them,
 * its door opened, the throw is a kneeling 78 % against 40 % blind from
 * five squares out).  Each is worth the chance of the throw from there.
 */
#include <stdlib.h>

#include "ai-int.h"
#include "xtac/mission.h"
#include "xtac/sight.h"
#include "xtac/util.h"

#define AI_THROW_STAND		3000	/* a square to throw from, at best */
#define AI_OBJECT_BLAST		90	/* §7.6: an explosive object, HE-2 */
#define AI_OPEN_TU		2	/* §4.2: opening a door */

/* The grenade (catalog item) the unit carries that destroys `at`, or -1. */
int
ai_mission_grenade(const struct ai *ai, const struct game *g,
    const struct unit *u, struct pos at)
{
	const struct catalog	*cat = game_catalog(g);
	int			 k, i;

	for (k = 0; k < HAND_COUNT + (int)u->nbelt; k++) {
		i = k < HAND_COUNT ? u->hands[k].item :
		    u->belt[k - HAND_COUNT].item;
		if (i >= 0 && ai_mission_blows_up(ai, &cat->items[i], at))
			return i;
	}
	return -1;
}

/* Whether a grenade of this type destroys the object at `at` (§7.6). */
bool
ai_mission_blows_up(const struct ai *ai, const struct item_type *it,
    struct pos at)
{
	const struct map	*m = ai->know.field.map;

	return it->class == ITEM_GRENADE &&
	    it->grenade_kind == GRENADE_TIMED &&
	    game_splash_step(&it->damage) > 0 &&
	    game_destroys(m->objects[map_square(m, at)->object].strength,
	    it->damage.type, it->damage.amount);
}

/*
 * The side's last grenade that can destroy the object to sabotage, while
 * it stands, is kept for it: thrown at a group of enemies on the way, it
 * leaves the orders beyond reach (ai-grenade.c weighs when to spend it
 * all the same).  Counted over the grenades the side's own units in play
 * hold in hand or on the belt.
 */
bool
ai_mission_keeps(const struct ai *ai, const struct game *g,
    const struct item_type *it)
{
	const struct catalog	*cat = game_catalog(g);
	struct pos		 at;
	size_t			 i, n = game_nunits(g);
	int			 k, held = 0;

	if (!ai_mission_sabotage(ai, g, &at) ||
	    !ai_mission_blows_up(ai, it, at))
		return false;
	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->side != ai->side || u->controller != ai->side ||
		    u->status != UNIT_ACTIVE)
			continue;
		for (k = 0; k < HAND_COUNT + (int)u->nbelt; k++) {
			int item = k < HAND_COUNT ? u->hands[k].item :
			    u->belt[k - HAND_COUNT].item;

			if (item >= 0 &&
			    ai_mission_blows_up(ai, &cat->items[item], at))
				held++;
		}
	}
	return held <= 1;
}

/*
 * Where grenade `item` thrown at t would reach, as the side knows the
 * walls, into reach ([z][y][x], -1 where not): a burst on t, or on a
 * square beside it that such a burst reaches (a throw may land a square
 * off; a scattered throw stops short of walls, RULINGS §7.5), whichever
 * reaches farther.  False for an item that is no grenade.
 */
static bool
ai_mission_reach(const struct ai *ai, const struct game *g, int item,
    struct pos t, int *reach)
{
	const struct map	*m = game_map(g);
	int			*off;
	struct pos		 q;
	size_t			 i, n = ai->know.nsquares;
	int			 dx, dy;

	if (!(ai->omniscient ? game_grenade_reach(g, item, t, reach) :
	    game_side_grenade_reach(g, ai->side, item, t, reach)))
		return false;
	off = xreallocarray(NULL, n, sizeof *off);
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			q = (struct pos){ t.x + dx, t.y + dy, t.z };
			if ((dx == 0 && dy == 0) || !map_contains(m, q) ||
			    reach[((size_t)q.z * m->height + q.y) * m->width +
			    q.x] < 0)
				continue;
			if (ai->omniscient)
				game_grenade_reach(g, item, q, off);
			else
				game_side_grenade_reach(g, ai->side, item, q,
				    off);
			for (i = 0; i < n; i++)
				if (off[i] > reach[i])
					reach[i] = off[i];
		}
	free(off);
	return true;
}

/*
 * Whether a unit on s is out of the blast of grenade `it` thrown at the
 * object on t (reach: ai_mission_reach()), walls that hold sheltering it;
 * and out of the object's own blast if it explodes (90 HE-2, §7.6),
 * which walls that stop a weaker grenade may not stop: then beyond its
 * reach in the open.
 */
static bool
ai_mission_clear(const struct game *g, const int *reach,
    const struct item_type *it, struct pos t, struct pos s)
{
	const struct map	*m = game_map(g);
	const struct damage	 own = { AI_OBJECT_BLAST, DMG_HE, 2 };

	if (reach[((size_t)s.z * m->height + s.y) * m->width + s.x] >= 0)
		return false;
	return !m->objects[map_square(m, t)->object].explosive ||
	    it->damage.amount >= own.amount ||
	    ai_cheb(s, t) > own.amount / game_splash_step(&own) + 1;
}

/*
 * Whether a grenade of type `it` thrown at the object on t spares the
 * side's own units (and, for X-Com, the civilians it sees, §3.4), as the
 * side knows the walls between: so thrown, it blows up nobody of ours
 * (ai-grenade.c).
 */
bool
ai_mission_spares(const struct ai *ai, const struct game *g,
    const struct item_type *it, struct pos t)
{
	const struct catalog	*cat = game_catalog(g);
	size_t			 i, n = game_nunits(g);
	int			*reach;
	bool			 ok;

	reach = xreallocarray(NULL, ai->know.nsquares, sizeof *reach);
	ok = ai_mission_reach(ai, g, (int)(it - cat->items), t, reach);
	for (i = 0; i < n && ok; i++) {
		const struct unit *o = game_unit(g, (int)i);

		if (o->status == UNIT_DEAD || !(o->controller == ai->side ||
		    (ai->side == SIDE_XCOM && o->controller == SIDE_CIVILIAN &&
		    (ai->omniscient || game_sees(g, ai->side, (int)i)))))
			continue;
		ok = ai_mission_clear(g, reach, it, t, o->pos);
	}
	free(reach);
	return ok;
}

/*
 * Sabotage by hand: the unit carries (in hand or on its belt) a grenade
 * that can destroy the object; *hi is how far it throws it, and
 * ai->orders_reach where that grenade thrown there would reach, for
 * ai_mission_stand() to weigh the unit's squares by.
 */
bool
ai_mission_throw_from(struct ai *ai, const struct game *g, int unit,
    int *lo, int *hi)
{
	struct pos	at;
	int		item;

	if (!ai->params->grenades || !ai_mission_sabotage(ai, g, &at) ||
	    (item = ai_mission_grenade(ai, g, game_unit(g, unit), at)) < 0)
		return false;
	if (ai->orders_reach == NULL)
		ai->orders_reach = xreallocarray(NULL, ai->know.nsquares,
		    sizeof *ai->orders_reach);
	if (!ai_mission_reach(ai, g, item, at, ai->orders_reach))
		return false;
	*hi = game_arc_reach(g, unit, item, true);
	*lo = 1;
	return *hi >= *lo;
}

/*
 * Whether a unit on s would see the object's square t (the throw's sight
 * term, §6.2): 1 over the field as known, 2 once it opens the shut door
 * on one of its square's sides (*dir) into a square beside t that sees
 * it, 0 not.
 */
static int
ai_mission_sees(const struct ai *ai, struct pos s, struct pos t,
    enum dir *dir)
{
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	const struct map	*m = ai->know.field.map;
	struct sight_result	 r;
	struct pos		 b;
	size_t			 i;

	if (sight_line(&ai->know.field, s, SIGHT_EYE_STANDING, t,
	    SIGHT_SQUARE, &r))
		return 1;
	for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		const struct edge *e = map_edge(m, s, sides[i]);

		b = (struct pos){ s.x + dir_dx[sides[i]],
		    s.y + dir_dy[sides[i]], s.z };
		if (e->kind == EDGE_DOOR && !(e->flags & EDGE_OPENED) &&
		    map_contains(m, b) && ai_cheb(b, t) <= 1 &&
		    sight_line(&ai->know.field, b, SIGHT_EYE_STANDING, t,
		    SIGHT_SQUARE, &r)) {
			*dir = sides[i];
			return 2;
		}
	}
	return 0;
}

/*
 * What standing on s is worth to the unit carrying the grenade for the
 * object, after ai_mission_throw_from(): a square within its throw (hi),
 * the arc landing on the object over the walls as known, out of the
 * blast (ai_mission_clear()), worth AI_THROW_STAND times the chance the
 * throw would have from there by the §6.1 and §6.2 terms the side can
 * work out (TAC, range, -20 without a line of sight to the object's
 * square), kneeling (+15) where the unit can.  0 elsewhere.
 */
int
ai_mission_stand(const struct ai *ai, const struct game *g, int unit,
    struct pos s, int hi)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct pos		 t;
	enum dir		 dir;
	int			 item, d, chance;

	if (ai->orders_reach == NULL || !ai_mission_sabotage(ai, g, &t) ||
	    (item = ai_mission_grenade(ai, g, u, t)) < 0 ||
	    (d = ai_cheb(s, t)) > hi || d <= 1 ||
	    !ai_throw_lands(ai, g, s, t) ||
	    !ai_mission_clear(g, ai->orders_reach, &cat->items[item], t, s))
		return 0;
	chance = u->stats[STAT_TAC] - d + (u->t->can_kneel &&
	    ai->params->kneel ? 15 : 0) - (ai_mission_sees(ai, s, t,
	    &dir) > 0 ? 0 : 20);
	chance = chance < 5 ? 5 : chance > 95 ? 95 : chance;
	return AI_THROW_STAND / 2 + AI_THROW_STAND * chance / 200;
}

/* The square of index i ([z][y][x]). */
static struct pos
ai_mission_square(const struct map *m, size_t i)
{
	struct pos	p;

	p.x = (int)(i % (size_t)m->width);
	p.y = (int)(i / (size_t)m->width % (size_t)m->height);
	p.z = (int)(i / ((size_t)m->width * m->height));
	return p;
}

/*
 * The throw at the object made ready (§6.1, §6.2), when the unit's best
 * option is a step of it (drawing the grenade for it, priming it,
 * throwing it there) and the TUs allow the rest after: first a square
 * within this phase's reach the throw is likelier from (nearer, in
 * sight of the object) and no more enemies could react on than here,
 * where the rest can be done this phase, or, the grenade primed in hand
 * (it does not count down, §6.2) and no enemy in sight, next phase;
 * there, right before the throw, a shut door beside it opened (2 TU,
 * §4.2) if that shows the object (no -20); then kneeling (+15).
 */
void
ai_mission_ready(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu, const char *why)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	const struct map	*m = game_map(g);
	const struct ai_choice	*best = NULL;
	struct command		 c;
	struct pos		 t, at, to;
	enum dir		 dir;
	size_t			 i;
	int			 kneel, rest, lo, hi, here, v, threat;
	int			 top = 0, cost = 0;
	int			 item;
	bool			 primed = false, wait;

	if (!ai_mission_sabotage(ai, g, &t) ||
	    (item = ai_mission_grenade(ai, g, u, t)) < 0)
		return;
	for (i = 0; i < menu->n; i++)
		if (best == NULL || menu->v[i].value > best->value)
			best = &menu->v[i];
	if (best == NULL || best->c.unit != unit)
		return;
	/* The TUs the throw still needs from this step on, a turn too. */
	rest = AI_THROW_TU + 2;
	if (best->c.type == CMD_THROW && best->c.pos.x == t.x &&
	    best->c.pos.y == t.y && best->c.pos.z == t.z)
		primed = true;
	else if (best->c.type == CMD_PRIME && u->hands[best->c.hand].item ==
	    item)
		rest += AI_PRIME_TU;
	else if (best->c.type == CMD_DRAW && best->c.item == item)
		rest += AI_PRIME_TU + AI_BELT_TU;
	else
		return;
	/* Thrown next phase, from there: only while it sees no enemy. */
	wait = primed && ai_nearest_enemy(ai, u->pos, true) < 0;
	kneel = ai->params->kneel && u->t->can_kneel && !u->kneeling ?
	    2 * unit_move_multiplier(cat, u) : 0;
	if (ai_mission_throw_from(ai, g, unit, &lo, &hi)) {
		here = ai_mission_stand(ai, g, unit, u->pos, hi);
		/* Not into the sight of more enemies that could react. */
		threat = ai_know_threat(ai, g, u->pos);
		ai_know_reach(ai, g, unit);
		for (i = 0; i < ai->know.nsquares; i++) {
			if (ai->cost[i] <= 0)
				continue;
			at = ai_mission_square(m, i);
			if ((!wait && ai->cost[i] + rest + (ai_mission_sees(
			    ai, at, t, &dir) == 2 ? AI_OPEN_TU : 0) +
			    (ai->params->kneel && u->t->can_kneel ? 2 *
			    unit_move_multiplier(cat, u) : 0) > u->tu) ||
			    ai_in_blast(ai, at) ||
			    (v = ai_mission_stand(ai, g, unit, at, hi)) <=
			    top || (v == top && ai->cost[i] >= cost) ||
			    ai_know_threat(ai, g, at) > threat)
				continue;
			top = v;
			cost = ai->cost[i];
			to = at;
		}
		/* Five points of chance or more: worth the walk. */
		if (top > here + AI_THROW_STAND / 20) {
			ai_command_init(&c, CMD_MOVE, unit);
			c.pos = to;
			ai_menu_add(ai, menu, best->value + 3, &c, "move to "
			    "%d,%d L%d (%d TU) to throw at the %s from there "
			    "(%d%% against %d%% here): %s", to.x + 1, to.y + 1,
			    to.z + 1, cost, m->objects[map_square(m,
			    t)->object].name, top * 100 / AI_THROW_STAND,
			    here * 100 / AI_THROW_STAND, why);
			return;
		}
	}
	/* The last steps, right before the throw (doors shut at phase end). */
	if (!primed)
		return;
	if (ai_mission_sees(ai, u->pos, t, &dir) == 2 &&
	    AI_OPEN_TU + kneel + rest <= u->tu) {
		ai_command_init(&c, CMD_OPEN, unit);
		c.dir = dir;
		if (game_check(g, &c, NULL) == 0) {
			ai_menu_add(ai, menu, best->value + 2, &c, "open the "
			    "door to the %s, to see the %s it throws at: %s",
			    dir_names[dir], m->objects[map_square(m,
			    t)->object].name, why);
			return;
		}
	}
	if (kneel > 0 && kneel + rest <= u->tu) {
		ai_command_init(&c, CMD_KNEEL, unit);
		ai_menu_add(ai, menu, best->value + 1, &c, "kneel to throw at "
		    "the %s (+15 to hit): %s", m->objects[map_square(m,
		    t)->object].name, why);
	}
}
