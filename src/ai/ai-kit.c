/*
 * ai-kit.c - the unit's kit beyond its weapons: a medikit in hand used on
 * a hurt friend or on itself (RULINGS §3), and the belt.  An item on the
 * belt is good for nothing until drawn (4 TU, into an empty hand; a full
 * hand is stowed first, 4 TU more), so a grenade, a medikit or a Psi Amp
 * there is weighed as what using it would be worth (ai_grenade_worth(),
 * ai_kit_heal_worth(), ai_psi_worth()) over every TU it takes: the stow,
 * the draw and the use.  The option proposed is the first step: the stow,
 * or the draw; the next decision finds the item in hand and weighs its use
 * the ordinary way, so a plan abandoned costs only the TUs spent.
 *
 * Invariants: nothing is drawn that the unit could not then use with the
 * TUs it has; a medikit is drawn only for a badly hurt friend (half its
 * HTH lost); a primed grenade or a built-in weapon is never stowed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"

#define AI_WAKE_VALUE	AI_KILL_BONUS	/* a friend back on its feet */

enum ai_kit_use {
	AI_KIT_NONE,
	AI_KIT_GRENADE,
	AI_KIT_MEDIKIT,
	AI_KIT_PSI
};

/* What a carried item is good for, to the AI. */
static enum ai_kit_use
ai_kit_use(const struct item_type *it)
{
	if (it->class == ITEM_GRENADE)
		return AI_KIT_GRENADE;
	if (it->weapon_kind == WEAPON_MEDICAL && item_shot(it, SHOT_HEAL) !=
	    NULL)
		return AI_KIT_MEDIKIT;
	if (it->weapon_kind == WEAPON_PSI && item_shot(it, SHOT_PSI) != NULL)
		return AI_KIT_PSI;
	return AI_KIT_NONE;
}

/* The hand holding an item of that use, or -1. */
static int
ai_kit_hand(const struct game *g, const struct unit *u, enum ai_kit_use use)
{
	const struct catalog	*cat = game_catalog(g);
	int			 hand;

	for (hand = 0; hand < HAND_COUNT; hand++)
		if (u->hands[hand].item >= 0 &&
		    ai_kit_use(&cat->items[u->hands[hand].item]) == use)
			return hand;
	return -1;
}

/* Whether the medikit user can reach t: its square or next to it. */
static bool
ai_kit_within_reach(const struct unit *a, const struct unit *t)
{
	int	nx, ny;

	if (a->pos.z != t->pos.z)
		return false;
	nx = a->pos.x < t->pos.x ? t->pos.x : a->pos.x > t->pos.x +
	    t->t->size - 1 ? t->pos.x + t->t->size - 1 : a->pos.x;
	ny = a->pos.y < t->pos.y ? t->pos.y : a->pos.y > t->pos.y +
	    t->t->size - 1 ? t->pos.y + t->t->size - 1 : a->pos.y;
	return abs(nx - a->pos.x) <= 1 && abs(ny - a->pos.y) <= 1;
}

/*
 * The best use of medikit `kit` by the unit, not yet per TU, and on whom
 * (*target): the chance times the HTH it would restore, twice over for a
 * friend who has lost half its HTH (the next hit may kill it), and a
 * friend woken counting as much as a kill.  Only HTH is treated: the AI
 * leaves criticals alone.  With `badly`, only badly hurt friends count.
 */
static int
ai_kit_heal_worth(const struct ai *ai, const struct game *g, int unit,
    const struct item_type *kit, bool badly, int *target)
{
	const struct unit	*a = game_unit(g, unit);
	const struct shot	*s = item_shot(kit, SHOT_HEAL);
	size_t			 i, n = game_nunits(g);
	int			 best = 0, v, healed, left, hth;

	*target = -1;
	if (s == NULL || a->medikit_used >= kit->uses || s->accuracy <= 0)
		return 0;
	for (i = 0; i < n; i++) {
		const struct unit *t = game_unit(g, (int)i);

		/* Ours and fighting for us: not an enemy we control. */
		if (t->side != ai->side || t->controller != ai->side ||
		    t->status == UNIT_DEAD ||
		    t->t->class == UNIT_HWP || t->damage <= 0 ||
		    !ai_kit_within_reach(a, t))
			continue;
		hth = t->stats[STAT_HTH];
		if (badly && t->damage * 2 < hth)
			continue;
		healed = kit->damage.amount < t->damage ?
		    kit->damage.amount : t->damage;
		v = healed * 100;
		if (t->damage * 2 >= hth)
			v *= 2;
		left = t->damage - healed;
		if (t->status == UNIT_UNCONSCIOUS && left < hth &&
		    t->stun < hth - left)
			v += AI_WAKE_VALUE;
		v = v * (s->accuracy > 100 ? 100 : s->accuracy) / 100;
		if (v > best) {
			best = v;
			*target = (int)i;
		}
	}
	return best;
}

/* A medikit in hand: treat the friend it helps most (§7.2.5). */
static void
ai_kit_heal_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct item_type	*kit;
	const struct shot	*s;
	struct command		 c;
	int			 hand, v, target;

	if ((hand = ai_kit_hand(g, u, AI_KIT_MEDIKIT)) < 0)
		return;
	kit = &game_catalog(g)->items[u->hands[hand].item];
	s = item_shot(kit, SHOT_HEAL);
	if (s->tu > u->tu || (v = ai_kit_heal_worth(ai, g, unit, kit, false,
	    &target)) <= 0)
		return;
	ai_command_init(&c, CMD_HEAL, unit);
	c.target = target;
	c.kind = HEAL_HTH;
	ai_menu_add(ai, menu, ai_scale(v, u->tu, s->tu), &c,
	    "treat %s with the medikit (%d%%, %d TU), %d HTH lost",
	    game_unit(g, target)->id, s->accuracy, s->tu,
	    game_unit(g, target)->damage);
}

/*
 * The hand to put an item in: an empty one (*stow false), else the one
 * whose item is least use to the unit, to be stowed first (*stow true);
 * -1 when neither hand can be freed.
 */
static int
ai_kit_free_hand(const struct ai *ai, const struct game *g,
    const struct unit *u, bool *stow)
{
	const struct catalog	*cat = game_catalog(g);
	int			 hand, best = -1, keep, best_keep = 0;

	*stow = false;
	for (hand = 0; hand < HAND_COUNT; hand++)
		if (u->hands[hand].item < 0)
			return hand;
	*stow = true;
	if (u->nbelt >= SCENARIO_BELT_MAX)
		return -1;
	/* Left first: of two equal items, the right keeps its own. */
	for (hand = HAND_COUNT - 1; hand >= 0; hand--) {
		const struct carried	*h = &u->hands[hand];
		const struct item_type	*it = &cat->items[h->item];

		if (h->primed >= 0 || (it->class == ITEM_WEAPON &&
		    it->weapon_kind == WEAPON_INTERNAL))
			continue;
		/* A loaded gun most, a usable Psi Amp next, the rest least. */
		if (it->class == ITEM_WEAPON && item_shot(it, SHOT_SNAP) !=
		    NULL && (it->nammo == 0 || (h->ammo >= 0 && h->rounds != 0)))
			keep = 2;
		else if (ai_kit_use(it) == AI_KIT_PSI && ai->params->psi &&
		    u->side != SIDE_ALIEN && u->stats[STAT_PSK] != STAT_NONE)
			keep = 1;
		else
			keep = 0;
		if (best < 0 || keep < best_keep) {
			best = hand;
			best_keep = keep;
		}
	}
	return best;
}

/* What using belt item `it` would be worth, its TUs, and words for it. */
static int
ai_kit_belt_worth(struct ai *ai, const struct game *g, int unit,
    const struct item_type *it, int *tu, char *what, size_t len)
{
	const struct unit	*u = game_unit(g, unit);
	struct pos		 at;
	const struct shot	*s;
	int			 v = 0, best, caught, target;
	size_t			 i;

	switch (ai_kit_use(it)) {
	case AI_KIT_GRENADE:
		/* One grenade at a time: the one in hand goes first. */
		if (ai_kit_hand(g, u, AI_KIT_GRENADE) >= 0)
			return 0;
		v = ai_grenade_worth(ai, g, unit, it, &at, &caught, tu);
		snprintf(what, len, "throw it at %d,%d L%d (%d enemies)",
		    at.x + 1, at.y + 1, at.z + 1, caught);
		break;
	case AI_KIT_MEDIKIT:
		if (ai_kit_hand(g, u, AI_KIT_MEDIKIT) >= 0 ||
		    (s = item_shot(it, SHOT_HEAL)) == NULL)
			return 0;
		*tu = s->tu;
		v = ai_kit_heal_worth(ai, g, unit, it, true, &target);
		if (v > 0)
			snprintf(what, len, "treat %s, %d HTH lost",
			    game_unit(g, target)->id,
			    game_unit(g, target)->damage);
		break;
	case AI_KIT_PSI:
		/* §6.4: aliens need no amp; one in hand is enough. */
		if (u->side == SIDE_ALIEN || ai_kit_hand(g, u, AI_KIT_PSI) >= 0 ||
		    (s = item_shot(it, SHOT_PSI)) == NULL)
			return 0;
		*tu = s->tu;
		target = -1;
		for (i = 0; i < ai->know.nenemies; i++) {
			best = ai_psi_worth(ai, g, unit, &ai->know.enemies[i]);
			if (best > v) {
				v = best;
				target = ai->know.enemies[i].unit;
			}
		}
		if (v > 0)
			snprintf(what, len, "a psi attack on %s",
			    game_unit(g, target)->id);
		break;
	case AI_KIT_NONE:
		break;
	}
	return v;
}

/*
 * Items on the belt worth drawing: each kind once (the first of it), its
 * use's worth per TU counting the draw and, with no empty hand, the stow.
 */
static void
ai_kit_belt_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct command		 c;
	char			 what[128];
	size_t			 b, k;
	int			 hand, tu, v, cost;
	bool			 stow;

	/* §3.5: a mind-controlled unit's equipment stays as it is. */
	if (u->t->class != UNIT_SOLDIER || u->nbelt == 0 ||
	    u->controller != u->side ||
	    (hand = ai_kit_free_hand(ai, g, u, &stow)) < 0)
		return;
	for (b = 0; b < u->nbelt; b++) {
		const struct item_type *it = &cat->items[u->belt[b].item];

		for (k = 0; k < b; k++)
			if (u->belt[k].item == u->belt[b].item)
				break;
		if (k < b || ai_kit_use(it) == AI_KIT_NONE)
			continue;
		tu = 0;
		if ((v = ai_kit_belt_worth(ai, g, unit, it, &tu, what,
		    sizeof what)) <= 0)
			continue;
		cost = AI_BELT_TU + (stow ? AI_BELT_TU : 0) + tu;
		/*
		 * A grenade it cannot draw, prime and throw in one phase
		 * (a Snakeman's 20 TU): drawn and primed now, thrown next
		 * phase (a primed grenade in hand does not count down,
		 * §6.2), at half the worth: the target may move.
		 */
		if (cost > u->tu && ai_kit_use(it) == AI_KIT_GRENADE &&
		    ai_two_phases(u, cost - tu + AI_PRIME_TU, cost)) {
			v /= 2;
			cost -= tu - AI_PRIME_TU;
			strncat(what, ", primed now and thrown next phase",
			    sizeof what - strlen(what) - 1);
		}
		if (cost > u->tu)
			continue;
		if (stow) {
			ai_command_init(&c, CMD_STOW, unit);
			c.hand = hand;
			ai_menu_add(ai, menu, ai_scale(v, u->tu, cost), &c,
			    "stow the %s to draw the %s and %s (%d TU in "
			    "all)", cat->items[u->hands[hand].item].id, it->id,
			    what, cost);
		} else {
			ai_command_init(&c, CMD_DRAW, unit);
			c.hand = hand;
			c.item = u->belt[b].item;
			ai_menu_add(ai, menu, ai_scale(v, u->tu, cost), &c,
			    "draw the %s to %s (%d TU in all)", it->id, what,
			    cost);
		}
	}
}

/*
 * Whether a grenade's use (`all` TUs) can be split over two phases: `now`
 * TUs this phase (its drawing and priming), the throw out of the next.
 */
bool
ai_two_phases(const struct unit *u, int now, int all)
{
	/*
	 * Only for a unit that never has `all` in one phase: one short of
	 * TUs now waits for a phase with all of them.  Next phase's TUs for
	 * the throw and a turn to face the target.
	 */
	return now <= u->tu && all > u->stats[STAT_TU] &&
	    u->stats[STAT_TU] >= AI_THROW_TU + 4 && u->controller == u->side;
}

int
ai_kit_self_tu(const struct game *g, const struct unit *u)
{
	const struct catalog	*cat = game_catalog(g);
	const struct shot	*s;
	size_t			 i;
	int			 hand, empty = 0;

	if ((hand = ai_kit_hand(g, u, AI_KIT_MEDIKIT)) >= 0) {
		const struct item_type *kit = &cat->items[u->hands[hand].item];

		s = item_shot(kit, SHOT_HEAL);
		return u->medikit_used < kit->uses ? s->tu : 0;
	}
	/* As ai_kit_belt_options: soldiers draw, and not under control. */
	if (u->t->class != UNIT_SOLDIER || u->controller != u->side)
		return 0;
	for (hand = 0; hand < HAND_COUNT; hand++)
		empty += u->hands[hand].item < 0;
	for (i = 0; i < u->nbelt; i++) {
		const struct item_type *kit = &cat->items[u->belt[i].item];

		if (ai_kit_use(kit) == AI_KIT_MEDIKIT &&
		    u->medikit_used < kit->uses) {
			s = item_shot(kit, SHOT_HEAL);
			return s->tu + AI_BELT_TU + (empty ? 0 : AI_BELT_TU);
		}
	}
	return 0;
}

void
ai_kit_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	ai_kit_heal_options(ai, g, unit, menu);
	ai_kit_belt_options(ai, g, unit, menu);
	/* Last: it weighs up the attacks already offered (ai-mission.c). */
	ai_mission_options(ai, g, unit, menu);
}
