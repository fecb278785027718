/*
 * ai-mission.c - the side's secret mission (§2.3): sabotage (blow up a
 * named object), capture a unit (stunned or under mind control, in the
 * side's craft zones), capture the ship (hold its building with nobody of
 * another side standing in it), capture a technology (an item the enemy
 * carries, carried by one of ours into the craft zones: mission.c says
 * exactly what counts).  The side knows its own orders, the map it was
 * briefed with and its craft zones; of the target, only what it has seen
 * (know_unit(), know_ground()); nothing here reads the other side's
 * mission.
 *
 * The orders give each unit a goal (ai-move.c): while it sees no enemy,
 * every unit heads for the target instead of hunting every enemy first;
 * the unit the orders need now keeps to it with enemies in sight too
 * (ai_mission_goal()'s *insist), its exposure and its shots weighed as
 * ever, and a badly hurt one fights or pulls back as any other:
 * - sabotage: the unit carrying a grenade that can destroy the object
 *   (§7.6).  It throws from a square out of the blast as the side knows
 *   the walls, the likelier throw the better; right before the throw it
 *   opens a shut door beside it that shows the object, and kneels
 *   (ai-mission-throw.c).  A grenade landing on the object is worth a
 *   game won (ai-grenade.c), and the side's last one is kept for it;
 * - capture a unit: once the target is seen down, the nearest soldier
 *   free to carry it goes to it and lifts it (CMD_CARRY, §5.3), then
 *   carries it to the craft; the target under the side's mind control
 *   walks there itself; an attack that stuns it or takes its mind counts
 *   twice, and a stun weapon on the belt is drawn when it is near
 *   (ai_mission_options());
 * - capture the ship: the unit nearest its building walks aboard; with
 *   nobody of the enemy's conscious inside, it is captured;
 * - capture a technology: once the item is seen lying on the floor (its
 *   carrier killed, §7.2.1), the nearest soldier with a free hand or
 *   belt slot goes and picks it up (no cost), then carries it home.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/know.h"
#include "xtac/mission.h"

/* A step the orders need (a lift, a pick-up): half a game won. */
#define AI_ORDERS_STEP		(3 * AI_KILL_BONUS)
#define AI_STUN_DRAW_TU		8	/* the draw, and a blow to follow */

/* The side's own orders, while they can still be carried out. */
static const struct mission_secret *
ai_mission_live(const struct ai *ai, const struct game *g)
{
	const struct mission_secret *ms = mission_secret(g, ai->side);

	if (ms == NULL || ms->reverted || ms->achieved)
		return NULL;
	return ms;
}

/*
 * Whether the object to sabotage is still there as far as the side knows
 * (its memory of the map), and where: *at.
 */
bool
ai_mission_sabotage(const struct ai *ai, const struct game *g,
    struct pos *at)
{
	const struct mission_secret	*ms = ai_mission_live(ai, g);
	const struct secret_setup	*sc;

	if (ms == NULL || ms->mission != MISSION_SABOTAGE)
		return false;
	sc = &game_scenario(g)->sides[ai->side].secret;
	*at = sc->sabotage_at;
	return map_contains(ai->know.field.map, *at) &&
	    map_square(ai->know.field.map, *at)->object != OBJECT_NONE;
}

/* The side's own unit in play, free to act for it. */
static bool
ai_mission_ours(const struct ai *ai, const struct unit *u)
{
	return u->side == ai->side && u->controller == ai->side &&
	    u->status == UNIT_ACTIVE;
}

/*
 * The square of the side's craft zones (where captives and loot count,
 * mission.c) nearest to p, on the zone's levels.
 */
static bool
ai_mission_craft(const struct ai *ai, const struct game *g, struct pos p,
    struct pos *at)
{
	const struct secret_setup	*sc;
	const struct map		*m = game_map(g);
	struct pos			 q;
	size_t				 i;
	int				 d, best = -1;

	sc = &game_scenario(g)->sides[ai->side].secret;
	for (i = 0; i < sc->ncraft; i++) {
		const struct zone *z = &sc->craft[i];

		for (q.z = z->from.z < z->to.z ? z->from.z : z->to.z;
		    q.z <= (z->from.z < z->to.z ? z->to.z : z->from.z); q.z++)
			for (q.y = z->from.y < z->to.y ? z->from.y : z->to.y;
			    q.y <= (z->from.y < z->to.y ? z->to.y :
			    z->from.y); q.y++)
				for (q.x = z->from.x < z->to.x ? z->from.x :
				    z->to.x; q.x <= (z->from.x < z->to.x ?
				    z->to.x : z->from.x); q.x++) {
					if (!map_contains(m, q) ||
					    !map_square_standable(
					    ai->know.field.map, q))
						continue;
					d = ai_cheb(p, q) + 4 * abs(p.z - q.z);
					if (best < 0 || d < best) {
						best = d;
						*at = q;
					}
				}
	}
	return best >= 0;
}

/* Whether the unit carries (hand or belt) an item of this type. */
static bool
ai_mission_has(const struct unit *u, int item)
{
	int	k;

	for (k = 0; k < HAND_COUNT + (int)u->nbelt; k++)
		if ((k < HAND_COUNT ? u->hands[k].item :
		    u->belt[k - HAND_COUNT].item) == item)
			return true;
	return false;
}

/* Whether the unit has a free hand or belt slot: it can pick up. */
static bool
ai_mission_room(const struct unit *u)
{
	return u->t->class == UNIT_SOLDIER && (u->hands[HAND_RIGHT].item < 0 ||
	    u->hands[HAND_LEFT].item < 0 || u->nbelt < SCENARIO_BELT_MAX);
}

/*
 * Whether `unit` is the one of the side's units nearest to `at` among
 * those `able` to take it there (a soldier with room, one free to carry):
 * one goes, the others fight on.
 */
static bool
ai_mission_nearest(const struct ai *ai, const struct game *g, int unit,
    struct pos at, bool (*able)(const struct unit *))
{
	const struct unit	*u = game_unit(g, unit);
	size_t			 i, n = game_nunits(g);
	int			 d;

	d = ai_cheb(u->pos, at) + 4 * abs(u->pos.z - at.z);
	if (!able(u))
		return false;
	for (i = 0; i < n; i++) {
		const struct unit	*o = game_unit(g, (int)i);
		int			 e;

		if ((int)i == unit || !ai_mission_ours(ai, o) || !able(o))
			continue;
		e = ai_cheb(o->pos, at) + 4 * abs(o->pos.z - at.z);
		if (e < d || (e == d && (int)i < unit))
			return false;
	}
	return true;
}

/* Any unit that can go where the others go. */
static bool
ai_mission_walks(const struct unit *u)
{
	return u->status == UNIT_ACTIVE;
}

/* A soldier whose hands are free to lift a body (game-carry.c). */
static bool
ai_mission_lifts(const struct unit *u)
{
	return u->t->class == UNIT_SOLDIER && u->carrying < 0;
}

/*
 * The unit to capture as the side knows it (know_unit(): where it last
 * saw it, and whether down then), or false while it has never seen it.
 * One of its own units carrying it, or the target under its control, it
 * knows whole.
 */
static bool
ai_mission_captive(const struct ai *ai, const struct game *g,
    const struct mission_secret *ms, struct know_unit *ku)
{
	const struct unit	*t;

	if (ms->mission != MISSION_CAPTURE_UNIT || ms->unit < 0)
		return false;
	t = game_unit(g, ms->unit);
	if (t->controller == ai->side || (t->carried_by >= 0 &&
	    game_unit(g, t->carried_by)->controller == ai->side)) {
		ku->sees = true;
		ku->at = t->pos;
		ku->down = t->status != UNIT_ACTIVE;
		return true;
	}
	return know_unit(g, ai->side, ms->unit, ku);
}

/* The item to capture as last seen on the floor nearest to p. */
static bool
ai_mission_loot(const struct ai *ai, const struct game *g, int item,
    struct pos p, struct pos *at)
{
	size_t	i, n = know_nground(g, ai->side);
	int	d, best = -1;

	for (i = 0; i < n; i++) {
		const struct know_item *k = know_ground(g, ai->side, i);

		d = ai_cheb(p, k->pos) + 4 * abs(p.z - k->pos.z);
		if (k->item == item && (best < 0 || d < best)) {
			best = d;
			*at = k->pos;
		}
	}
	return best >= 0;
}

bool
ai_mission_goal(struct ai *ai, const struct game *g, int unit,
    struct pos *goal, char *words, size_t len, bool *insist)
{
	const struct mission_secret	*ms = ai_mission_live(ai, g);
	const struct secret_setup	*sc;
	const struct building		*b;
	const struct unit		*u = game_unit(g, unit);
	struct know_unit		 ku;
	const char			*task = "";
	char				*target;

	*insist = false;
	if (ms == NULL)
		return false;
	sc = &game_scenario(g)->sides[ai->side].secret;
	switch (ms->mission) {
	case MISSION_SABOTAGE:
		if (!ai_mission_sabotage(ai, g, goal))
			return false;
		if (ai->params->grenades && u->controller == u->side &&
		    ai_mission_grenade(ai, g, u, *goal) >= 0) {
			*insist = true;
			task = ", carrying the grenade for it";
		}
		break;
	case MISSION_CAPTURE_SHIP:
		if (sc->ship < 0 || (size_t)sc->ship >= game_map(g)->nbuildings)
			return false;
		b = &game_map(g)->buildings[sc->ship];
		goal->x = (b->x0 + b->x1) / 2;
		goal->y = (b->y0 + b->y1) / 2;
		goal->z = 0;
		/* One goes in whatever it sees, the nearest: held, it is won. */
		if (ai_mission_nearest(ai, g, unit, *goal, ai_mission_walks)) {
			*insist = true;
			task = ", the nearest to it: to board it";
		}
		break;
	case MISSION_CAPTURE_UNIT:
		if (!ai_mission_captive(ai, g, ms, &ku))
			return false;
		if (unit == ms->unit || u->carrying == ms->unit) {
			/* Taken: to the craft with it. */
			if (!ai_mission_craft(ai, g, u->pos, goal))
				return false;
			*insist = true;
			task = unit == ms->unit ? ", walking there under "
			    "control, to the craft" : ", carrying it to the "
			    "craft";
			break;
		}
		*goal = ku.at;
		/* Lifted by another already (as the side sees it): no. */
		if (ku.down && (!ku.sees || game_unit(g,
		    ms->unit)->carried_by < 0) && ai_mission_nearest(ai, g,
		    unit, ku.at, ai_mission_lifts)) {
			*insist = true;
			task = ", down: to lift it";
		}
		break;
	case MISSION_CAPTURE_TECH:
		if (ai_mission_has(u, sc->technology) && u->controller ==
		    u->side) {
			if (!ai_mission_craft(ai, g, u->pos, goal))
				return false;
			*insist = true;
			task = ", carrying it to the craft";
			break;
		}
		if (!ai_mission_loot(ai, g, sc->technology, u->pos, goal))
			return false;
		if (ai_mission_nearest(ai, g, unit, *goal, ai_mission_room)) {
			*insist = true;
			task = ", lying there: to pick it up";
		}
		break;
	default:
		return false;
	}
	/* Not a unit too hurt to fight: it pulls back as any other. */
	if (*insist && ai_hurt(ai, g, unit) && unit != ms->unit)
		*insist = false;
	target = mission_target(g, ai->side);
	snprintf(words, len, "its orders (%s %s)%s",
	    mission_names[ms->mission], target != NULL ? target : "",
	    *insist ? task : "");
	free(target);
	return true;
}

/* Whether an attack from the unit's hand stuns (ST damage, §7.2). */
static bool
ai_mission_stuns(const struct game *g, const struct unit *u,
    const struct command *c)
{
	const struct catalog	*cat = game_catalog(g);
	const struct shot	*s;
	int			 hand;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct item_type *it;

		if (u->hands[hand].item < 0 || (c->type == CMD_SHOOT &&
		    c->hand != hand && c->hand != CMD_HAND_BOTH))
			continue;
		it = &cat->items[u->hands[hand].item];
		if ((s = item_shot(it, c->type == CMD_MELEE ? SHOT_MELEE :
		    c->mode)) == NULL)
			continue;
		/* The engine strikes with the first hand holding one. */
		if (c->type == CMD_MELEE)
			return it->damage.type == DMG_ST;
		if (ai_shot_damage(g, u, hand, s)->type == DMG_ST)
			return true;
	}
	return false;
}

/*
 * The stun weapon for hand to hand (a stun rod) on the unit's belt, drawn
 * into an empty hand when the unit to capture stands, seen, within a step
 * or two: the blow that takes it alive (ai-shoot.c weighs it in hand).
 */
static void
ai_mission_draw_stun(struct ai *ai, const struct game *g, int unit,
    const struct mission_secret *ms, struct ai_menu *menu, const char *why)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	const struct ai_enemy	*e = ai_know_enemy(ai, ms->unit);
	struct command		 c;
	size_t			 b;
	int			 hand;

	if (e == NULL || !e->seen || e->down || u->t->class != UNIT_SOLDIER ||
	    u->controller != u->side || e->pos.z != u->pos.z ||
	    ai_cheb(u->pos, e->pos) > 2 || u->tu < AI_STUN_DRAW_TU)
		return;
	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct shot *s;

		if (u->hands[hand].item >= 0 && (s = item_shot(&cat->items[
		    u->hands[hand].item], SHOT_MELEE)) != NULL &&
		    cat->items[u->hands[hand].item].damage.type == DMG_ST)
			return;
	}
	for (hand = 0; hand < HAND_COUNT && u->hands[hand].item >= 0; hand++)
		continue;
	if (hand == HAND_COUNT)
		return;
	for (b = 0; b < u->nbelt; b++) {
		const struct item_type *it = &cat->items[u->belt[b].item];

		if (item_shot(it, SHOT_MELEE) == NULL ||
		    it->damage.type != DMG_ST)
			continue;
		ai_command_init(&c, CMD_DRAW, unit);
		c.hand = hand;
		c.item = u->belt[b].item;
		ai_menu_add(ai, menu, AI_KILL_BONUS, &c, "draw the %s: %s, "
		    "%s within reach, to be stunned", it->id, why,
		    game_unit(g, ms->unit)->id);
		return;
	}
}

void
ai_mission_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct mission_secret	*ms = ai_mission_live(ai, g);
	const struct secret_setup	*sc;
	const struct unit		*u = game_unit(g, unit);
	struct know_unit		 ku;
	struct command			 c;
	struct pos			 at;
	size_t				 i;
	char				 why[96], *target;

	if (ms == NULL || !ai_mission_ours(ai, u) ||
	    (ms->mission != MISSION_SABOTAGE &&
	    ms->mission != MISSION_CAPTURE_UNIT &&
	    ms->mission != MISSION_CAPTURE_TECH))
		return;
	sc = &game_scenario(g)->sides[ai->side].secret;
	target = mission_target(g, ai->side);
	snprintf(why, sizeof why, "orders (%s %s)", mission_names[ms->mission],
	    target != NULL ? target : "");
	free(target);
	if (ms->mission == MISSION_SABOTAGE)
		ai_mission_ready(ai, g, unit, menu, why);
	if (ms->mission == MISSION_CAPTURE_TECH) {
		/* Lying where it stands, as the side sees it: take it. */
		if (ai_mission_loot(ai, g, sc->technology, u->pos, &at) &&
		    unit_covers(u, at)) {
			ai_command_init(&c, CMD_PICKUP, unit);
			c.item = sc->technology;
			if (game_check(g, &c, NULL) == 0)
				ai_menu_add(ai, menu, AI_ORDERS_STEP, &c,
				    "pick up the %s: %s, to carry it to the "
				    "craft", game_catalog(g)->items[
				    sc->technology].id, why);
		}
		return;
	}
	/* Down where it lies, here or beside: lift it (game-carry.c). */
	if (ai_mission_captive(ai, g, ms, &ku) && ku.sees && ku.down &&
	    ai_mission_lifts(u)) {
		ai_command_init(&c, CMD_CARRY, unit);
		c.target = ms->unit;
		if (game_check(g, &c, NULL) == 0)
			ai_menu_add(ai, menu, AI_ORDERS_STEP, &c, "lift %s, "
			    "unconscious: %s, to carry it to the craft",
			    game_unit(g, ms->unit)->id, why);
	}
	ai_mission_draw_stun(ai, g, unit, ms, menu, why);
	/*
	 * Attacks on it that take it alive (stun, its mind) are worth twice
	 * theirs: a step toward a game won, where a kill reverts the orders.
	 */
	for (i = 0; i < menu->n; i++) {
		struct ai_choice *ch = &menu->v[i];

		if (ch->c.target != ms->unit || ch->c.unit != unit ||
		    !((ch->c.type == CMD_PSI && ch->c.kind == PSI_CONTROL) ||
		    ((ch->c.type == CMD_MELEE || ch->c.type == CMD_SHOOT) &&
		    ai_mission_stuns(g, u, &ch->c))))
			continue;
		ch->value = ch->value > INT_MAX / 2 ? INT_MAX : ch->value * 2;
		strncat(ch->what, "; ", sizeof ch->what - strlen(ch->what) - 1);
		strncat(ch->what, why, sizeof ch->what - strlen(ch->what) - 1);
		strncat(ch->what, ": taken alive", sizeof ch->what -
		    strlen(ch->what) - 1);
	}
}
