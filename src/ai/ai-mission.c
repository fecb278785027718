/*
 * ai-mission.c - the side's secret mission (§2.3), when the scenario gives
 * it one the AI can pursue: sabotage (blow up a named object) and capture
 * the ship (hold its building with nobody of another side standing in
 * it).  The side knows its own orders and the map it was briefed with;
 * nothing here reads the other side's mission or its units.
 *
 * The mission gives the units a goal while no enemy is in sight (ai-move.c:
 * in place of the enemy's zone or a remembered enemy), so the side heads
 * for its target instead of hunting every enemy first, and a grenade that
 * lands on the object to sabotage is worth a game won (ai-shoot.c).  The
 * other two missions, capturing a unit or an item and carrying it back to
 * the craft, are not pursued: the side plays for elimination there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ai-int.h"
#include "xtac/know.h"
#include "xtac/mission.h"

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

bool
ai_mission_goal(const struct ai *ai, const struct game *g, struct pos *goal,
    char *words, size_t len)
{
	const struct mission_secret	*ms = ai_mission_live(ai, g);
	const struct secret_setup	*sc;
	const struct building		*b;
	char				*target;

	if (ms == NULL)
		return false;
	sc = &game_scenario(g)->sides[ai->side].secret;
	if (ms->mission == MISSION_SABOTAGE) {
		if (!ai_mission_sabotage(ai, g, goal))
			return false;
	} else if (ms->mission == MISSION_CAPTURE_SHIP && sc->ship >= 0 &&
	    (size_t)sc->ship < game_map(g)->nbuildings) {
		b = &game_map(g)->buildings[sc->ship];
		goal->x = (b->x0 + b->x1) / 2;
		goal->y = (b->y0 + b->y1) / 2;
		goal->z = 0;
	} else
		return false;
	target = mission_target(g, ai->side);
	snprintf(words, len, "its orders (%s %s)", mission_names[ms->mission],
	    target != NULL ? target : "");
	free(target);
	return true;
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
 * Sabotage by hand: the unit carries (in hand or on its belt) a grenade
 * that can destroy the object.  Squares at *lo to *hi squares from it
 * are where to throw it from: within the throw, and out of the blast
 * (the grenade's, and the object's own if it explodes, a square more).
 */
bool
ai_mission_throw_from(const struct ai *ai, const struct game *g, int unit,
    int *lo, int *hi)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct pos		 at;
	int			 k, item = -1, n = HAND_COUNT + (int)u->nbelt;

	if (!ai->params->grenades || !ai_mission_sabotage(ai, g, &at))
		return false;
	for (k = 0; k < n && item < 0; k++) {
		int i = k < HAND_COUNT ? u->hands[k].item :
		    u->belt[k - HAND_COUNT].item;

		if (i >= 0 && ai_mission_blows_up(ai, &cat->items[i], at))
			item = i;
	}
	if (item < 0)
		return false;
	*hi = game_arc_reach(g, unit, item, true);
	*lo = cat->items[item].damage.amount /
	    game_splash_step(&cat->items[item].damage) + 2;
	return *lo <= *hi;
}
