/*
 * scenario.c - what a scenario costs and weighs, by §3.1.2 and §5.3.
 *
 * Points: the unit's price; boosts at 1 per point (2 for RET, PSK and PST),
 * doubled for HWPs and terror units, alien armour at 2 per point (doubled
 * likewise); every item carried or worn at its price; for small arms the
 * loaded clip is included in the weapon's price (§3.5), for every other
 * weapon the loaded ammunition is bought apart.
 */
#include <stdlib.h>

#include "xtac/scenario.h"

const char *const mission_names[MISSION_COUNT] = {
	"assault", "crashed", "base", "terror", "boarding", "sabotage",
	"capture-unit", "capture-ship", "capture-technology"
};

const char *const crash_roll_names[CRASH_COUNT] = {
	"none", "ground", "flight"
};

const char *const control_names[CONTROL_COUNT] = {
	"human", "ai", "engine"
};

bool
scenario_mission_secret(enum mission m)
{
	return m == MISSION_SABOTAGE || m == MISSION_CAPTURE_UNIT ||
	    m == MISSION_CAPTURE_SHIP || m == MISSION_CAPTURE_TECH;
}

void
scenario_free(struct scenario *s)
{
	int	i;

	if (s == NULL)
		return;
	free(s->name);
	free(s->description);
	map_free(s->map);
	for (i = 0; i < SIDE_COUNT; i++) {
		free(s->sides[i].zones);
		free(s->sides[i].objective);
		free(s->sides[i].secret.craft);
	}
	free(s->units);
	free(s);
}

static int
scenario_item_cost(const struct catalog *c, int item)
{
	return item < 0 ? 0 : c->items[item].cost;
}

int
scenario_unit_cost(const struct scenario *s, const struct unit_setup *u)
{
	const struct catalog	*c = s->catalog;
	const struct unit_type	*t = &c->units[u->type];
	int			 points = t->cost, factor, i;
	size_t			 b;

	factor = (t->class == UNIT_HWP || t->class == UNIT_TERROR) ? 2 : 1;
	for (i = 0; i < STAT_COUNT; i++) {
		int per = (i == STAT_RET || i == STAT_PSK || i == STAT_PST) ?
		    2 : 1;
		points += u->boosts[i] * per * factor;
	}
	for (i = 0; i < ARMOUR_COUNT; i++)
		points += u->armour_boosts[i] * 2 * factor;
	points += scenario_item_cost(c, u->armour);
	for (i = 0; i < HAND_COUNT; i++) {
		const struct hand *h = &u->hands[i];

		points += scenario_item_cost(c, h->item);
		if (h->item >= 0 && h->ammo >= 0 &&
		    c->items[h->item].weapon_kind != WEAPON_SMALL_ARM)
			points += scenario_item_cost(c, h->ammo);
	}
	for (b = 0; b < u->nbelt; b++)
		points += scenario_item_cost(c, u->belt[b]);
	return points;
}

int
scenario_side_points(const struct scenario *s, enum side side)
{
	size_t	i;
	int	points = 0;

	for (i = 0; i < s->nunits; i++)
		if (s->units[i].side == side)
			points += scenario_unit_cost(s, &s->units[i]);
	return points;
}

int
scenario_side_budget(const struct scenario *s, enum side side)
{
	int	budget = s->sides[side].budget;

	if (s->mission == MISSION_CRASHED && s->mission_side == side)
		budget -= budget / 5;
	return budget;
}

int
scenario_unit_weight(const struct scenario *s, const struct unit_setup *u)
{
	const struct catalog	*c = s->catalog;
	int			 weight = 0, i;
	size_t			 b;

	for (i = 0; i < HAND_COUNT; i++) {
		if (u->hands[i].item >= 0)
			weight += c->items[u->hands[i].item].weight;
		if (u->hands[i].ammo >= 0)
			weight += c->items[u->hands[i].ammo].weight;
	}
	for (b = 0; b < u->nbelt; b++)
		weight += c->items[u->belt[b]].weight;
	return weight;
}

int
scenario_unit_strength(const struct scenario *s, const struct unit_setup *u)
{
	const struct catalog	*c = s->catalog;
	int			 str = c->units[u->type].stats[STAT_STR];

	if (str == STAT_NONE)
		return 0;
	str += u->boosts[STAT_STR];
	if (u->armour >= 0)
		str += c->items[u->armour].str_bonus;
	return str;
}
