/*
 * ui-squad-buy.c - what the squad builder's keys do to the squad: the
 * choices a row of a unit's sheet steps through (the side's unit types, the
 * catalog's armour and items, a weapon's ammunition, boosts up to one past
 * the cap so the reader says why), and adding, copying and deleting units.
 * Nothing here judges the squad: squad_parse does (ui-squad.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-squad.h"
#include "xtac/util.h"

/* Whether an item may fill the slot of this field (any technology). */
static bool
ui_squad_item_fits(const struct ui_squad *us, int field, int item)
{
	const struct item_type	*it = &us->cat->items[item];

	if (it->tech_level <= 0)
		return false;	/* not bought (§2.3's table has no place) */
	if (field == UI_SQUAD_ARMOUR)
		return it->class == ITEM_ARMOUR;
	if (it->class == ITEM_ARMOUR)
		return false;
	if (it->class == ITEM_WEAPON && it->weapon_kind == WEAPON_INTERNAL)
		return false;
	/* Hands hold weapons and equipment; clips and grenades go too. */
	return true;
}

/*
 * The next (dir 1) or previous (-1) value of an item slot: -1 (nothing),
 * then the items that fit, in catalog order, round.
 */
int
ui_squad_next_item(const struct ui_squad *us, int field, int now, int dir)
{
	int	n = (int)us->cat->nitems, v = now, k;

	for (k = 0; k <= n; k++) {
		v += dir;
		if (v >= n)
			v = -1;
		else if (v < -1)
			v = n - 1;
		if (v < 0 || ui_squad_item_fits(us, field, v))
			return v;
	}
	return now;
}

static int
ui_squad_next_ammo(const struct ui_squad *us, const struct hand *h, int dir)
{
	const struct item_type	*it;
	int			 k;

	if (h->item < 0 || (it = &us->cat->items[h->item])->nammo == 0)
		return -1;
	for (k = 0; k < it->nammo && it->ammo[k] != h->ammo; k++)
		;
	/* k == nammo: none loaded, between the last and the first. */
	k += dir;
	if (k > it->nammo)
		k = 0;
	else if (k < 0)
		k = it->nammo;
	return k == it->nammo ? -1 : it->ammo[k];
}

static int
ui_squad_next_type(const struct ui_squad *us, int now, int dir)
{
	int	n = (int)us->cat->nunits, v = now, k;

	for (k = 0; k < n; k++) {
		v = (v + dir + n) % n;
		if (us->cat->units[v].side == us->sq->side &&
		    us->cat->units[v].class != UNIT_CIVILIAN &&
		    us->cat->units[v].tech_level > 0)
			return v;
	}
	return now;
}

/* A unit id no other unit has: the type's, numbered. */
static void
ui_squad_new_id(const struct ui_squad *us, int type, char *id)
{
	size_t	i;
	int	n;

	for (n = 1;; n++) {
		snprintf(id, SCENARIO_ID_MAX, "%.20s%d",
		    us->cat->units[type].id, n);
		for (i = 0; i < us->sq->nunits; i++)
			if (strcmp(us->sq->units[i].id, id) == 0)
				break;
		if (i == us->sq->nunits)
			return;
	}
}

void
ui_squad_add(struct ui_squad *us, const struct unit_setup *like)
{
	struct squad		*sq = us->sq;
	struct unit_setup	*u, copy;
	int			 type;

	if (sq->nunits >= 64) {
		snprintf(us->status, sizeof us->status, "%s", "64 units is "
		    "as many as the builder holds");
		return;
	}
	/* like may be one of the units, which the growth moves. */
	if (like != NULL) {
		copy = *like;
		like = &copy;
	}
	type = like != NULL ? like->type : ui_squad_next_type(us, -1, 1);
	if (type < 0 || us->cat->units[type].side != sq->side) {
		snprintf(us->status, sizeof us->status, "the catalog has no "
		    "%s unit to buy", side_names[sq->side]);
		return;
	}
	sq->units = xreallocarray(sq->units, sq->nunits + 1,
	    sizeof *sq->units);
	u = &sq->units[sq->nunits];
	if (like != NULL)
		*u = *like;
	else {
		memset(u, 0, sizeof *u);
		u->type = type;
		u->side = sq->side;
		u->armour = -1;
		u->hands[HAND_RIGHT].item = u->hands[HAND_RIGHT].ammo = -1;
		u->hands[HAND_LEFT].item = u->hands[HAND_LEFT].ammo = -1;
	}
	u->name[0] = '\0';
	/* A copy is bought new: the veteran's record is its own (§3.1.2). */
	u->games = u->points = 0;
	memset(u->bonus, 0, sizeof u->bonus);
	ui_squad_new_id(us, type, u->id);
	us->sel = sq->nunits++;
	us->changed = true;
}

void
ui_squad_delete(struct ui_squad *us)
{
	struct squad	*sq = us->sq;

	if (sq->nunits == 0)
		return;
	memmove(&sq->units[us->sel], &sq->units[us->sel + 1],
	    (sq->nunits - us->sel - 1) * sizeof *sq->units);
	sq->nunits--;
	if (us->sel > 0 && us->sel >= sq->nunits)
		us->sel--;
	us->changed = true;
}

/* The new type keeps what it may: HWPs and terror units carry nothing. */
static void
ui_squad_set_type(struct ui_squad *us, struct unit_setup *u, int type)
{
	int	k;

	u->type = type;
	if (us->cat->units[type].class != UNIT_SOLDIER) {
		u->armour = -1;
		for (k = 0; k < HAND_COUNT; k++)
			u->hands[k].item = u->hands[k].ammo = -1;
		u->nbelt = 0;
		u->kneeling = false;
	}
}

/* Left or right on the sheet's row. */
void
ui_squad_change(struct ui_squad *us, int dir)
{
	struct unit_setup	*u;
	struct hand		*h;
	int			 f = us->field, k, *v;

	if (us->sq->nunits == 0)
		return;
	u = &us->sq->units[us->sel];
	switch (f) {
	case UI_SQUAD_TYPE:
		if (u->games > 0) {
			snprintf(us->status, sizeof us->status, "a veteran "
			    "stays a %s (\xc2\xa7" "3.1.2)",
			    us->cat->units[u->type].id);
			return;
		}
		ui_squad_set_type(us, u, ui_squad_next_type(us, u->type, dir));
		break;
	case UI_SQUAD_NAME:
		return;
	case UI_SQUAD_ARMOUR:
		u->armour = ui_squad_next_item(us, f, u->armour, dir);
		break;
	case UI_SQUAD_RIGHT:
	case UI_SQUAD_LEFT:
		h = &u->hands[f == UI_SQUAD_RIGHT ? HAND_RIGHT : HAND_LEFT];
		h->item = ui_squad_next_item(us, f, h->item, dir);
		/* A weapon comes loaded with its first ammunition. */
		h->ammo = h->item >= 0 && us->cat->items[h->item].class ==
		    ITEM_WEAPON && us->cat->items[h->item].nammo > 0 ?
		    us->cat->items[h->item].ammo[0] : -1;
		break;
	case UI_SQUAD_RIGHT_AMMO:
	case UI_SQUAD_LEFT_AMMO:
		h = &u->hands[f == UI_SQUAD_RIGHT_AMMO ? HAND_RIGHT :
		    HAND_LEFT];
		h->ammo = ui_squad_next_ammo(us, h, dir);
		break;
	case UI_SQUAD_BELT:
		us->belt_pick = ui_squad_next_item(us, f, us->belt_pick, dir);
		return;
	default:
		k = f - UI_SQUAD_BOOST;
		v = k < STAT_COUNT ? &u->boosts[k] :
		    &u->armour_boosts[k - STAT_COUNT];
		/* The cap is the reader's to enforce: one past it shows why. */
		if (*v + dir < 0 || *v + dir > SQUAD_BOOST_MAX + 1)
			return;
		*v += dir;
		break;
	}
	us->changed = true;
}

void
ui_squad_belt(struct ui_squad *us, bool add)
{
	struct unit_setup	*u;

	if (us->sq->nunits == 0)
		return;
	u = &us->sq->units[us->sel];
	if (add && us->belt_pick >= 0 && u->nbelt < SCENARIO_BELT_MAX)
		u->belt[u->nbelt++] = us->belt_pick;
	else if (!add && u->nbelt > 0)
		u->nbelt--;
	else
		return;
	us->changed = true;
}

void
ui_squad_bonus(struct ui_squad *us, int dir)
{
	struct unit_setup	*u;
	const struct unit_type	*t;
	const char		*name;
	int			 k, rate, raise;

	if (us->sq->nunits == 0 || !us->on_sheet ||
	    us->field < UI_SQUAD_BOOST)
		return;
	u = &us->sq->units[us->sel];
	t = &us->cat->units[u->type];
	k = us->field - UI_SQUAD_BOOST;
	name = k < STAT_COUNT ? stat_names[k] :
	    armour_facing_names[k - STAT_COUNT];
	rate = squad_boost_rate(t, k);
	raise = u->bonus[k] + (k < STAT_COUNT ? u->boosts[k] :
	    u->armour_boosts[k - STAT_COUNT]);
	if (u->games == 0)
		snprintf(us->status, sizeof us->status, "%s", "only a veteran "
		    "(a roster's unit) has bonus points (\xc2\xa7" "3.1.2)");
	else if (dir < 0 && u->bonus[k] == 0)
		snprintf(us->status, sizeof us->status, "no bonus on %s to "
		    "take back", name);
	else if (dir > 0 && ((k < STAT_COUNT && t->stats[k] == STAT_NONE) ||
	    (k >= STAT_COUNT && t->side != SIDE_ALIEN)))
		snprintf(us->status, sizeof us->status, "a %s has no %s to "
		    "raise", t->id, name);
	else if (dir > 0 && u->points < rate)
		snprintf(us->status, sizeof us->status, "%d bonus point%s "
		    "left; %s takes %d a point", u->points, u->points == 1 ?
		    "" : "s", name, rate);
	else if (dir > 0 && raise >= SQUAD_BOOST_MAX)
		snprintf(us->status, sizeof us->status, "%s is %d above its "
		    "base, boosts and bonus together: +%d at most "
		    "(\xc2\xa7" "3.1.2)", name, raise, SQUAD_BOOST_MAX);
	else {
		/* §3.1.2: the bonus is spent at the boost rates, free. */
		u->bonus[k] += dir;
		u->points -= dir * rate;
		us->changed = true;
	}
}
