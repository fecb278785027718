/*
 * scenario.c - what a scenario costs and weighs, by §3.1.2 and §5.3.  A
 * unit's points are squad_unit_price()'s (squad.c), the one pricing.
 */
#include <stdlib.h>

#include "xtac/scenario.h"
#include "xtac/squad.h"

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
		free(s->sides[i].squad);
		free(s->sides[i].squad_file);
		free(s->sides[i].squad_text);
		free(s->sides[i].secret.craft);
	}
	free(s->units);
	free(s);
}

int
scenario_unit_cost(const struct scenario *s, const struct unit_setup *u)
{
	return squad_unit_price(s->catalog, u, NULL);
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
	str += u->boosts[STAT_STR] + u->bonus[STAT_STR];
	if (u->armour >= 0)
		str += c->items[u->armour].str_bonus;
	return str;
}
