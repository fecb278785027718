/*
 * ai-grenade.c - grenades in hand (§6.2): where a throw from where the
 * unit stands would do most (a group of known enemies, one last seen
 * there for a blind throw, or the object its orders say to blow up), and
 * priming and throwing it, over two phases when the unit never has the
 * TUs for all at once.  Split out of ai-shoot.c, whose worth of a hit
 * and of a blast (ai_hit_value(), ai_blast_value()) it uses.
 */
#include <stdlib.h>

#include "ai-int.h"
#include "xtac/know.h"

#define AI_BLIND_ROUNDS	1	/* a blind throw: last seen this or last round */
#define AI_SABOTAGE	(2 * AI_KILL_BONUS)	/* a blast on the object to sabotage */
/* The grenade kept for the orders goes at enemies: three kills' worth. */
#define AI_SPEND_KEPT	(AI_SABOTAGE + AI_KILL_BONUS)

/*
 * What throwing a grenade of type `it` from where the unit stands is
 * worth (§6.2), and at which square: the known enemy whose square catches
 * most harm and where a throw can land, never where the blast could reach
 * one of ours, and only for a group or a sure kill.  Throws go astray:
 * counted at half.  A blind throw, at the square where the side last saw
 * an enemy it no longer sees (AI_BLIND_ROUNDS ago at most, as the
 * knowledge layer remembers it: know_unit()), counts half again: it may
 * have moved on.  The side's last grenade that can carry out its
 * sabotage (ai_mission_keeps()) goes at enemies only from a unit badly
 * hurt (about to be lost, grenade and all) or for a blast worth more
 * than the orders (AI_SPEND_KEPT: a third kill beyond what a blast on
 * the object counts).  0 when there is no such throw; *tu is what priming and
 * throwing cost either way.
 */
int
ai_grenade_worth(const struct ai *ai, const struct game *g, int unit,
    const struct item_type *it, struct pos *at, int *caught, int *tu)
{
	const struct unit	*u = game_unit(g, unit);
	struct know_unit	 ku;
	struct pos		 p;
	int			 range, best = 0, n, v;
	size_t			 i;
	bool			 kept;

	*at = u->pos;
	*caught = 0;
	*tu = AI_PRIME_TU + AI_THROW_TU;
	if (!ai->params->grenades || u->stats[STAT_TAC] == STAT_NONE ||
	    ai->nblasts == AI_MAX_BLASTS || it->class != ITEM_GRENADE ||
	    it->grenade_kind != GRENADE_TIMED ||
	    game_splash_step(&it->damage) == 0 || it->weight <= 0)
		return 0;
	range = game_arc_reach(g, unit, (int)(it - game_catalog(g)->items),
	    true);
	kept = ai_mission_keeps(ai, g, it) && !ai_badly_hurt(u);
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->down || ai_held(ai, g, e->unit) ||
		    ai_cheb(u->pos, e->pos) > range ||
		    !ai_throw_lands(ai, g, u->pos, e->pos))
			continue;
		if (!e->seen && (!know_unit(g, ai->side, e->unit, &ku) ||
		    game_round(g) - ku.round > AI_BLIND_ROUNDS))
			continue;
		v = ai_blast_value(ai, g, u, e->pos, &it->damage, &n);
		if (!e->seen)
			v /= 2;
		/*
		 * Grenades are for groups (or a sure kill); the one kept
		 * for the orders only for a blast worth them.
		 */
		if (v > best && (n >= 2 || v >= AI_KILL_BONUS) &&
		    (!kept || v >= AI_SPEND_KEPT)) {
			best = v;
			*caught = n;
			*at = e->pos;
		}
	}
	/*
	 * The object its orders say to blow up (§2.3 sabotage), within the
	 * throw, when the blast can destroy it (§7.6): a blast there wins
	 * the game, worth more than any group.
	 */
	if (ai_mission_sabotage(ai, g, &p) && ai_mission_blows_up(ai, it, p) &&
	    ai_cheb(u->pos, p) <= range &&
	    ai_cheb(u->pos, p) > 1 && ai_throw_lands(ai, g, u->pos, p) &&
	    ai_mission_spares(ai, g, it, p)) {
		/* Ours weighed over the walls between (ai-mission.c). */
		if ((v = ai_blast_value(ai, g, u, p, &it->damage, &n)) < 0)
			v = n = 0;
		if (v + AI_SABOTAGE > best) {
			best = v + AI_SABOTAGE;
			*caught = n;
			*at = p;
		}
	}
	*tu += game_turn_cost(u, game_direction(u->pos, *at));
	return best / 2;
}

/* Whether an enemy the side sees now stands on p. */
static bool
ai_seen_at(const struct ai *ai, struct pos p)
{
	size_t	i;

	for (i = 0; i < ai->know.nenemies; i++)
		if (ai->know.enemies[i].seen && ai->know.enemies[i].pos.x ==
		    p.x && ai->know.enemies[i].pos.y == p.y &&
		    ai->know.enemies[i].pos.z == p.z)
			return true;
	return false;
}

/* Whether p is the object the side's orders say to blow up. */
static bool
ai_grenade_orders(const struct ai *ai, const struct game *g, struct pos p)
{
	struct pos	t;

	return ai_mission_sabotage(ai, g, &t) && t.x == p.x && t.y == p.y &&
	    t.z == p.z;
}

/*
 * Words for a throw of the grenade kept for the orders (ai_mission_keeps())
 * anywhere but on the object to sabotage: why it is spent.
 */
static const char *
ai_grenade_spent(const struct ai *ai, const struct game *g,
    const struct unit *u, const struct item_type *it, struct pos at)
{
	if (!ai_mission_keeps(ai, g, it) || ai_grenade_orders(ai, g, at))
		return "";
	return ai_badly_hurt(u) ? "; the grenade kept for its orders, spent: "
	    "badly hurt, it may not live to throw it" : "; the grenade kept "
	    "for its orders, spent: a blast worth more than the orders";
}

/*
 * A grenade in hand (§6.2): prime it for the end of this phase, then throw
 * it where ai_grenade_worth() says.
 */
void
ai_grenade_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct command		 c;
	int			 hand, best, most, tu;
	struct pos		 at;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct carried	*h = &u->hands[hand];
		const struct item_type	*it;

		if (h->item < 0)
			continue;
		it = &cat->items[h->item];
		if ((best = ai_grenade_worth(ai, g, unit, it, &at, &most,
		    &tu)) == 0)
			continue;
		if (h->primed < 0) {
			/*
			 * Primed, it must be thrown: TUs for both, and a
			 * turn; a controlled unit's kit is not its to prime.
			 */
			if (u->controller != u->side)
				continue;
			ai_command_init(&c, CMD_PRIME, unit);
			c.hand = hand;
			c.kind = 0;	/* goes off as the phase thrown ends */
			if (tu <= u->tu)
				ai_menu_add(ai, menu, ai_scale(best, u->tu,
				    AI_PRIME_TU + AI_THROW_TU), &c, "prime the "
				    "%s to throw at %d enemies", it->id, most);
			else if (ai_two_phases(u, AI_PRIME_TU, tu +
			    u->stats[STAT_TU] - u->tu))
				/* The throw next phase (ai-kit.c). */
				ai_menu_add(ai, menu, ai_scale(best, u->tu,
				    AI_PRIME_TU) / 2, &c, "prime the %s now, "
				    "too few TUs to throw it this phase, to throw "
				    "at %d enemies next phase", it->id, most);
			continue;
		}
		tu = AI_THROW_TU + game_turn_cost(u, game_direction(u->pos, at));
		if (tu > u->tu)
			continue;
		ai_command_init(&c, CMD_THROW, unit);
		c.hand = hand;
		c.pos = at;
		ai_menu_add(ai, menu, ai_scale(best, u->tu, tu), &c,
		    "throw the %s at %d,%d L%d, %d enemies in the blast%s, "
		    "none of ours%s", it->id, at.x + 1, at.y + 1, at.z + 1,
		    most, ai_seen_at(ai, at) ? "" : ai_grenade_orders(ai, g,
		    at) ? " (the object its orders say to blow up)" :
		    " as last seen (a blind throw)", ai_grenade_spent(ai, g, u,
		    it, at));
	}
}
