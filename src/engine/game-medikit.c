/*
 * game-medikit.c - the medikit (§7.2.5, RULINGS §3): for 10 TU a unit
 * holding one treats a unit in its own or an adjacent square; 70 % of the
 * time that restores 10 HTH or removes one critical effect of the kind
 * the user names.  A kit has 10 uses.
 *
 * The numbers are the catalog's (units/equipment.yaml): the heal shot's
 * accuracy is the chance, its tu the cost, the item's damage.amount the
 * HTH restored and its uses the count.  Uses spent are kept on the user
 * (unit.h medikit_used) because set-up leaves a medikit's carried rounds
 * at 0.
 *
 * Where the rules are silent (decisions):
 * - Any unit holding a medikit may use it, on itself, a friend or a foe;
 *   the target may be standing or unconscious, never dead, never an HWP
 *   (a machine: RULINGS §3 makes HWPs no living thing to heal).
 * - A use is spent on every attempt, like a round fired that misses.
 * - Nothing to treat (no HTH lost, no critical of that kind) is refused
 *   before anything is spent.
 * - A healed unconscious unit wakes at once if it meets the §7.2.1 test
 *   (damage below HTH, stun below the HTH left), as at a round's end
 *   (game_wake): off a square someone stands in to a free one beside it,
 *   and with none free it lies until the round's end finds room.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "game-int.h"
#include "xtac/util.h"

/* The criticals of a kind a unit carries (heal_kind other than hth). */
static int
medikit_criticals(const struct unit *u, enum heal_kind kind)
{
	switch (kind) {
	case HEAL_HEAD:
		return u->crit_head;
	case HEAL_TORSO:
		return u->crit_torso;
	case HEAL_ARM:
		return u->crit_arm;
	case HEAL_LEG:
		return u->crit_leg;
	case HEAL_HTH:
	case HEAL_KIND_COUNT:
		break;
	}
	return 0;
}

/* Take one critical of a kind away (the head's extra damage stays). */
static void
medikit_cure(struct unit *u, enum heal_kind kind)
{
	switch (kind) {
	case HEAL_HEAD:
		u->crit_head--;
		break;
	case HEAL_TORSO:
		u->crit_torso--;
		break;
	case HEAL_ARM:
		u->crit_arm--;
		break;
	case HEAL_LEG:
		u->crit_leg--;
		break;
	case HEAL_HTH:
	case HEAL_KIND_COUNT:
		break;
	}
}

/* Chebyshev distance, same level only, to the target's nearest square. */
static bool
medikit_within_reach(const struct unit *a, const struct unit *t)
{
	int	dx = 0, dy = 0;

	if (a->pos.z != t->pos.z)
		return false;
	if (a->pos.x < t->pos.x)
		dx = t->pos.x - a->pos.x;
	else if (a->pos.x > t->pos.x + t->t->size - 1)
		dx = a->pos.x - (t->pos.x + t->t->size - 1);
	if (a->pos.y < t->pos.y)
		dy = t->pos.y - a->pos.y;
	else if (a->pos.y > t->pos.y + t->t->size - 1)
		dy = a->pos.y - (t->pos.y + t->t->size - 1);
	return dx <= 1 && dy <= 1;
}

int
game_check_heal(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*a = &g->units[c->unit], *t;
	const struct item_type	*kit;
	const struct shot	*shot;
	int			 hand;

	if (c->kind < 0 || c->kind >= HEAL_KIND_COUNT)
		return cause_set(cause, "no such treatment");
	if (c->target < 0 || (size_t)c->target >= g->nunits)
		return cause_set(cause, "a medikit needs a unit to treat");
	t = &g->units[c->target];
	if ((hand = game_hand_with(g, a, WEAPON_MEDICAL, SHOT_HEAL)) < 0)
		return cause_set(cause, "%s holds no medikit", a->id);
	kit = &g->cat->items[a->hands[hand].item];
	shot = item_shot(kit, SHOT_HEAL);
	if (a->medikit_used >= kit->uses)
		return cause_set(cause, "%s's medikit is used up (%d uses, "
		    "RULINGS 3)", a->id, kit->uses);
	if (t->status == UNIT_DEAD)
		return cause_set(cause, "%s is dead", t->id);
	if (t->t->class == UNIT_HWP)
		return cause_set(cause, "a medikit cannot mend a %s",
		    t->t->id);
	if (!medikit_within_reach(a, t))
		return cause_set(cause, "%s is not in %s's square or next "
		    "to it (RULINGS 3)", t->id, a->id);
	if (c->kind == HEAL_HTH) {
		if (t->damage == 0)
			return cause_set(cause, "%s has lost no HTH", t->id);
	} else if (medikit_criticals(t, (enum heal_kind)c->kind) == 0)
		return cause_set(cause, "%s has no %s critical", t->id,
		    heal_kind_names[c->kind]);
	if (shot->tu > a->tu)
		return cause_set(cause, "the medikit costs %d TU; %s has %d",
		    shot->tu, a->id, a->tu);
	return 0;
}

int
game_do_heal(struct game *g, const struct command *c, char **cause)
{
	struct unit		*a = &g->units[c->unit];
	struct unit		*t = &g->units[c->target];
	int			 hand = game_hand_with(g, a, WEAPON_MEDICAL, SHOT_HEAL), roll, before;
	const struct item_type	*kit = &g->cat->items[a->hands[hand].item];
	const struct shot	*shot = item_shot(kit, SHOT_HEAL);
	struct event		*e;
	bool			 ok;

	(void)cause;
	a->tu -= shot->tu;
	a->acted = true;
	a->medikit_used++;
	roll = game_roll(g, 100, "medikit: %s treats %s (%s), %d or less "
	    "works", a->name, t->name, heal_kind_names[c->kind],
	    shot->accuracy);
	ok = roll <= shot->accuracy;
	e = event_push(g->ev, EV_ROLL);
	event_str(e, "what", "heal");
	event_str(e, "unit", a->id);
	event_str(e, "target", t->id);
	event_str(e, "treat", heal_kind_names[c->kind]);
	event_int(e, "chance", shot->accuracy);
	event_int(e, "roll", roll);
	event_bool(e, "success", ok);
	e = event_push(g->ev, EV_HEAL);
	event_str(e, "unit", a->id);
	event_str(e, "target", t->id);
	event_str(e, "treat", heal_kind_names[c->kind]);
	event_int(e, "tu", shot->tu);
	event_bool(e, "success", ok);
	event_int(e, "uses_left", kit->uses - a->medikit_used);
	if (ok && c->kind == HEAL_HTH) {
		before = t->damage;
		t->damage -= kit->damage.amount;
		if (t->damage < 0)
			t->damage = 0;
		event_int(e, "healed", before - t->damage);
		event_int(e, "hth_left", t->stats[STAT_HTH] - t->damage);
		if (game_wake(g, c->target))
			game_vis_update(g, true);
	} else if (ok) {
		medikit_cure(t, (enum heal_kind)c->kind);
		event_int(e, "criticals_left", medikit_criticals(t,
		    (enum heal_kind)c->kind));
	}
	return 0;
}
