/*
 * ai-hard.c - what the hard level weighs beyond the normal level: the
 * enemy's answer.  Most of a side's losses are the enemy's shots and
 * blows in its own phase at the units it can reach (counted in `xtac sim
 * --log` traces of 8 games: 66 of 79 on sim-mirror, 56 of 64 on the
 * farmhouse), and an enemy put down now fires none.  So:
 *
 *	a shot that may put down an enemy the side sees gains, for each of
 *	the side's units that enemy has a line to, a share of the shot's
 *	worth (ai_hard_targets()): fire first at the enemy that would fire
 *	on most of ours;
 *	the unit with the best shot from where it stands acts first
 *	(ai_hard_pick()): the surest shots are fired before the others
 *	move or aim, and those after them fire at what is left.
 *
 * The plan of ai-plan.c fires at the best shot from where the unit
 * stands; a shot at another enemy, one with a line to ours, is set
 * against it at its worth (ai_hard_rival()).
 *
 * Tried and measured with `xtac sim` (200 games a cell, both seats,
 * points of the seat's share of decided games against normal), not kept:
 * moves weighed by the lines to them from the enemies the side does not
 * see, placed by worlds drawn from its knowledge (game_copy_known()): as
 * a cost the level turned passive (-14 and -17 on sim-mirror), as a gain
 * it did nothing; each move played out with the engine in such worlds
 * cost 76-160 ms a phase, over the 50 ms budget; units that cannot shoot
 * moving first to spot for the others: -7 on two maps, +28 on one;
 * leaving out the cost of squares where known enemies could react: +20
 * from both seats on sim-mirror, but -19 for X-Com boarding and -9 on
 * sim-town.
 *
 * A search choosing that lever phase by phase (the experiment and its
 * revert in the history, ai-lookahead.c): as the phase begins, the level's
 * own play and the bold one (no such cost) each played in two worlds
 * drawn from the side's knowledge, the side's phase and the enemy's
 * answering phase (normal, knowing where ours stand in the world), scored
 * by units down, hurt and taken; the bold way kept when it beat the
 * level's own by more than 0.3 units a world.  On sim-mirror, boarding and
 * sim-town (X-Com / aliens) it scored +3.0/+11.5, -5.5/+0.2, -2.0/+6.0
 * against this level's +3.5/+11.5, +1.0/+5.5, +7.0/+5.5 (on all twelve
 * maps +1.6 a cell on average against +3.6, better in 7 cells of 24);
 * with a careful way too (exposure x2), a holding one (nobody walks but
 * as the plan says: +0.5/+10.0, -1.5/+4.0, -6.9/+7.0), or only the side's
 * phase played and the answer worked out from snap-shot chances in three
 * worlds, alike; the enemy in the world not knowing where ours stand
 * made bold look safe.  The search run with this level's play always
 * kept (only the AI's own dice differ) scored +2.5/+10.0, -7.0/+3.7,
 * +5.5/+5.0: as far from this level as every variant, so a cell's noise
 * (about 7 points) hides whatever choosing the way gains, and one phase
 * and its answer do not show what bold wins on sim-mirror (it rarely
 * chose it there).  Four world phases cost 84 ms a phase on sim-town
 * (median, a loaded machine), over the budget.
 *
 * Honesty: only enemies the side sees are weighed, where they stand, and
 * lines are drawn over the field as the side knows it (ai-know.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

/*
 * A shot that may put an enemy down gains, per unit of ours the enemy has
 * a line to, its worth times AI_HARD_THREAT over what the hit is worth (a
 * kill's AI_KILL_BONUS and the HTH it takes, about 6,000 for a Sectoid):
 * about a tenth.
 */
#define AI_HARD_THREAT		600
#define AI_HARD_RANGE		20	/* squares: farther lines are not counted */

/*
 * Of the side's units standing, those an enemy standing at p has a line
 * to over the field as known: whom it may shoot in its phase.
 */
static int
ai_hard_threat(const struct ai *ai, const struct game *g, struct pos p)
{
	struct sight_result	 r;
	size_t			 i, n = game_nunits(g);
	int			 k = 0;

	for (i = 0; i < n; i++) {
		const struct unit *o = game_unit(g, (int)i);

		if (o->controller != ai->side || o->status != UNIT_ACTIVE ||
		    ai_cheb(o->pos, p) > AI_HARD_RANGE)
			continue;
		if (sight_line(&ai->know.field, p, SIGHT_EYE_STANDING, o->pos,
		    o->kneeling ? SIGHT_EYE_KNEELING : SIGHT_CENTRE, &r))
			k++;
	}
	return k;
}

void
ai_hard_targets(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	size_t			 i, len;
	int			 threat, hit, gain;

	for (i = 0; i < menu->n; i++) {
		struct ai_choice	*ch = &menu->v[i];
		const struct ai_enemy	*e;
		const struct shot	*s;

		if (ch->c.type != CMD_SHOOT || ch->c.hand < 0 ||
		    ch->c.hand >= HAND_COUNT || u->hands[ch->c.hand].item < 0 ||
		    (e = ai_know_enemy(ai, ch->c.target)) == NULL || !e->seen ||
		    e->down)
			continue;
		/* Only a hit that puts it down stops its shots. */
		s = item_shot(&cat->items[u->hands[ch->c.hand].item],
		    ch->c.mode);
		if (s == NULL || (hit = ai_hit_value(ai, g, u, u->pos,
		    ch->c.target, ai_shot_damage(g, u, ch->c.hand, s))) <
		    AI_KILL_BONUS ||
		    (threat = ai_hard_threat(ai, g, e->pos)) == 0)
			continue;
		/* The shot's worth is its chance times the hit's, per TU. */
		gain = (int)((long)ch->value * threat * AI_HARD_THREAT / hit);
		ch->value += gain;
		ch->gain += gain;
		len = strlen(ch->what);
		snprintf(ch->what + len, sizeof ch->what - len, "; %s has a "
		    "line to %d of ours (+%d)", game_unit(g, e->unit)->id,
		    threat, gain);
	}
}

/* A unit's best shot from where it stands, worked out again on change. */
static int
ai_hard_rank(struct ai *ai, const struct game *g, int unit)
{
	const struct unit	*u = game_unit(g, unit);
	struct ai_rank		*r = &ai->rank[unit];
	int			 target;

	if (r->valid && r->sig == ai->know.sig && r->tu == u->tu &&
	    r->pos.x == u->pos.x && r->pos.y == u->pos.y &&
	    r->pos.z == u->pos.z)
		return r->value;
	ai_sort_enemies(ai, u->pos);
	r->value = ai_attack_from(ai, g, unit, u->pos, u->tu, &target, NULL);
	r->valid = true;
	r->sig = ai->know.sig;
	r->tu = u->tu;
	r->pos = u->pos;
	return r->value;
}

int
ai_hard_pick(struct ai *ai, const struct game *g)
{
	size_t	i, n = game_nunits(g);
	int	best = -1, best_v = 0, v;

	if (ai->nrank < n) {
		ai->rank = xreallocarray(ai->rank, n, sizeof *ai->rank);
		memset(ai->rank + ai->nrank, 0, (n - ai->nrank) *
		    sizeof *ai->rank);
		ai->nrank = n;
	}
	for (i = 0; i < n; i++) {
		if (ai->done[i] || !ai_own(ai, g, (int)i))
			continue;
		/* An enemy held by our mind: the side's order decides. */
		if (game_unit(g, (int)i)->side != ai->side)
			return -1;
		if ((v = ai_hard_rank(ai, g, (int)i)) > best_v) {
			best = (int)i;
			best_v = v;
		}
	}
	return best;
}

int
ai_hard_rival(struct ai *ai, const struct game *g, int unit,
    const struct ai_choice *best)
{
	struct ai_pick	pick;
	int		target;

	if (best->gain == 0)
		return 0;
	/* The plan's target is the best shot's from here (ai-plan.c). */
	ai_attack_from(ai, g, unit, game_unit(g, unit)->pos,
	    game_unit(g, unit)->tu, &target, &pick);
	return pick.tu > 0 && pick.c.target == best->c.target ? 0 :
	    best->value;
}
