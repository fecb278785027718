/*
 * unit.c - derived figures of a unit in play: strength, load, movement
 * multiplier, flight, susceptibility (§5.3, §7.2.2, §7.2.3, RULINGS §3).
 */
#include "xtac/unit.h"

const char *const unit_status_names[3] = {
	"active", "unconscious", "dead"
};

int
unit_strength(const struct catalog *c, const struct unit *u)
{
	int	str = u->stats[STAT_STR];

	if (str == STAT_NONE)
		return 0;
	if (u->worn >= 0)
		str += c->items[u->worn].str_bonus;
	return str;
}

static int
unit_carried_weight(const struct catalog *c, const struct carried *k)
{
	int	w = 0;

	if (k->item >= 0 && !(c->items[k->item].class == ITEM_WEAPON &&
	    c->items[k->item].weapon_kind == WEAPON_INTERNAL))
		w += c->items[k->item].weight;
	if (k->ammo >= 0)
		w += c->items[k->ammo].weight;
	return w;
}

int
unit_weight(const struct catalog *c, const struct unit *u)
{
	int	w = 0, i;
	size_t	b;

	for (i = 0; i < HAND_COUNT; i++)
		w += unit_carried_weight(c, &u->hands[i]);
	for (b = 0; b < u->nbelt; b++)
		w += unit_carried_weight(c, &u->belt[b]);
	if (u->carrying >= 0)
		w += UNIT_BODY_WEIGHT;
	return w;
}

int
unit_move_multiplier(const struct catalog *c, const struct unit *u)
{
	int	m = 1, i;

	/* §5.3: only units that carry anything can be encumbered. */
	if (u->t->class == UNIT_SOLDIER && unit_weight(c, u) >
	    unit_strength(c, u))
		m *= 2;
	for (i = 0; i < u->crit_leg && m < (1 << 12); i++)
		m *= 2;
	return m;
}

bool
unit_flies(const struct catalog *c, const struct unit *u)
{
	return u->t->flying || (u->worn >= 0 && c->items[u->worn].flying);
}

struct susceptibility
unit_susceptibility(const struct catalog *c, const struct unit *u,
    enum damage_type type)
{
	/* RULINGS §3: worn armour's row replaces the unarmoured one. */
	if (u->worn >= 0)
		return c->items[u->worn].susceptibility[type];
	return u->t->susceptibility[type];
}

bool
unit_can_act(const struct unit *u)
{
	return u->status == UNIT_ACTIVE;
}
