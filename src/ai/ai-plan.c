/*
 * ai-plan.c - the hard level's search: the unit's attack planned whole
 * before its first shot.  With an enemy in sight and a shot from where it
 * stands, it weighs every way of spending its TUs there: each target,
 * hand and mode, standing or first kneeling (§6.1: +15), and how many
 * shots, from all it can pay for down to one.  A plan is worth
 *
 *	its shots: the engine's own hit chance (game_hit_chance()) times
 *	what a hit does (ai_hit_value()), a kill counted once however many
 *	rounds are fired after it;
 *	less where the unit ends: the enemies that could react to it there
 *	(threat_watchers()), those with a line to it next phase, friends
 *	beside it and a blast of ours to come;
 *	plus a snap shot's TUs kept when it ends (AI_PLAN_RESERVE): with
 *	them it fires on whoever comes into its sight in the enemy's phase
 *	(§6.5), and measured with `xtac sim` that reserve is worth more
 *	than a last shot at long odds.
 *
 * Only enemies the side sees are targets and only squares of the field as
 * it knows them are weighed, so the search is as honest as ai-know.c.
 * Plans that move (step up and fire, fire and step back into cover, peek)
 * were weighed the same way and measured: over 480 games on four maps
 * each lost the hard level 4 to 12 points against normal, so moving is
 * left to the menu (ai-move.c), which weighs the goal, the lanes, the
 * crowd and the reserve together.
 *
 * The plan is kept while what the side knows is unchanged (know.sig) and
 * followed step by step; a kill, a new sighting or a refusal plans afresh.
 * It costs one ai_attack_from() and one exposure per decision: far inside
 * the AI's budget.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

#define AI_PLAN_SEEN	900	/* an enemy with a line to it, next phase */
#define AI_PLAN_RESERVE	2000	/* a snap shot's TUs kept */
#define AI_PLAN_KNEEL	15	/* §6.1: kneeling */
#define AI_PLAN_MAX_HIT	95

/*
 * What ending the phase on p costs the unit: the enemies that could react
 * to it now, those with a line to it next phase (half for one only
 * remembered), friends beside it (one grenade, burst or mind taken hurts
 * both) and a blast of ours to come.
 */
static int
ai_plan_exposure(struct ai *ai, const struct game *g, int unit, struct pos p)
{
	size_t	i;
	int	cost;

	cost = ai_know_threat(ai, g, p) * ai->params->expose +
	    ai_crowd(ai, g, unit, p) + (ai_in_blast(ai, p) ? AI_KILL_BONUS :
	    0);
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (!e->down && !ai_held(ai, g, e->unit) &&
		    ai_know_line(ai, g, p, e) >= 0)
			cost += e->seen ? AI_PLAN_SEEN : AI_PLAN_SEEN / 2;
	}
	return cost;
}

/* Squares less exposed than where the unit stands: TUs to go, exposure. */
struct ai_plan_cover {
	int	*cost;
	int	*exposure;
	size_t	 n;
};

static void
ai_plan_covers(struct ai *ai, const struct game *g, int unit, int here,
    struct ai_plan_cover *cv)
{
	const struct map	*m = game_map(g);
	size_t			 i;
	int			 e;

	cv->n = 0;
	cv->cost = xreallocarray(NULL, ai->know.nsquares, sizeof *cv->cost);
	cv->exposure = xreallocarray(NULL, ai->know.nsquares,
	    sizeof *cv->exposure);
	for (i = 0; i < ai->know.nsquares; i++) {
		struct pos p;

		if (ai->cost[i] <= 0)
			continue;
		p.x = (int)(i % (size_t)m->width);
		p.y = (int)(i / (size_t)m->width % (size_t)m->height);
		p.z = (int)(i / ((size_t)m->width * m->height));
		if (ai_own_near(ai, g, p, 0) ||
		    (e = ai_plan_exposure(ai, g, unit, p)) >= here)
			continue;
		cv->cost[cv->n] = ai->cost[i];
		cv->exposure[cv->n++] = e;
	}
}

/*
 * Whether, with `left` TUs after its shots, the unit would end better on
 * another square than where it stands: less exposed, the snap reserve
 * counted where each leaves it.  Then the plan is not made: the menu
 * moves the unit to better ground first, and the plan is made there.
 */
static bool
ai_plan_better_end(const struct ai_plan_cover *cv, int here, int left,
    int snap)
{
	size_t	i;
	int	stay = -here + (snap > 0 && left >= snap ? AI_PLAN_RESERVE : 0);

	for (i = 0; i < cv->n; i++)
		if (cv->cost[i] <= left && -cv->exposure[i] + (snap > 0 &&
		    left - cv->cost[i] >= snap ? AI_PLAN_RESERVE : 0) > stay)
			return true;
	return false;
}

/*
 * What n shots of pick are worth: each round's expected harm, but a kill
 * only once (the rounds after it have nothing to hit).
 */
static int
ai_plan_shots(const struct ai_pick *pick, int n)
{
	double	miss = 1, p = pick->chance / 100.0;
	int	k;

	if (n <= 0 || pick->tu == 0)
		return 0;
	if (pick->hit < AI_KILL_BONUS)
		return pick->hit * pick->shots / 100 * pick->chance * n;
	for (k = 0; k < n * pick->shots; k++)
		miss *= 1 - p;
	return (int)(pick->hit * (1 - miss));
}

static void
ai_plan_add(struct ai_plan *plan, const struct command *c)
{
	if (plan->n < AI_PLAN_STEPS)
		plan->step[plan->n++] = *c;
}

/*
 * Plan the unit's phase where it stands.  Returns false when no plan
 * beats standing still: no shot, or none worth its TUs.
 */
static bool
ai_plan_search(struct ai *ai, const struct game *g, int unit,
    struct ai_plan *best)
{
	const struct unit	*u = game_unit(g, unit);
	struct ai_pick		 pick, at;
	struct command		 c;
	int			 target, n, k, kneel, left, v, stay, snap;
	int			 cost, turn;
	struct ai_plan_cover	 cv;

	ai_know_reach(ai, g, unit);
	stay = -ai_plan_exposure(ai, g, unit, u->pos);
	snap = ai_snap_tu(g, u);
	best->value = stay + (snap > 0 && u->tu >= snap ? AI_PLAN_RESERVE : 0);
	best->n = 0;
	best->gain = 0;
	ai_attack_from(ai, g, unit, u->pos, u->tu, &target, &pick);
	if (pick.tu == 0)
		return false;
	ai_plan_covers(ai, g, unit, -stay, &cv);
	/* The engine's own chance from here (kneeling or not, as it is). */
	if ((k = game_hit_chance(g, unit, pick.c.target, pick.c.mode,
	    pick.c.hand, NULL, NULL)) >= 0)
		pick.chance = k;
	turn = game_turn_cost(u, game_direction(u->pos,
	    game_unit(g, pick.c.target)->pos));
	for (kneel = 0; kneel <= 1; kneel++) {
		at = pick;
		cost = turn;
		if (kneel) {
			if (u->kneeling || !u->t->can_kneel ||
			    !ai->params->kneel)
				break;
			cost += 2 * unit_move_multiplier(game_catalog(g), u);
			at.chance = at.chance + AI_PLAN_KNEEL > AI_PLAN_MAX_HIT ?
			    AI_PLAN_MAX_HIT : at.chance + AI_PLAN_KNEEL;
		}
		for (n = (u->tu - cost) / at.tu; n >= 1; n--) {
			left = u->tu - cost - n * at.tu;
			v = ai_plan_shots(&at, n) + stay + (snap > 0 &&
			    left >= snap ? AI_PLAN_RESERVE : 0);
			if (v <= best->value || ai_plan_better_end(&cv, -stay,
			    left, snap))
				continue;
			best->unit = unit;
			best->value = v;
			best->worth = ai_plan_shots(&at, n);
			best->shots = n;
			best->reserve = snap > 0 && left >= snap;
			best->n = best->next = 0;
			if (kneel) {
				ai_command_init(&c, CMD_KNEEL, unit);
				ai_plan_add(best, &c);
			}
			for (k = 0; k < n; k++)
				ai_plan_add(best, &at.c);
		}
	}
	free(cv.cost);
	free(cv.exposure);
	best->gain = best->value - stay;
	best->sig = ai->know.sig;
	return best->n > 0;
}

/* Words for the plan, for the reason. */
static void
ai_plan_words(const struct game *g, const struct ai_plan *plan, char *buf,
    size_t len)
{
	size_t	i, o = 0;
	int	shots = 0;

	buf[0] = '\0';
	for (i = 0; i < plan->n && o < len; i++) {
		const struct command *c = &plan->step[i];

		if (c->type == CMD_KNEEL)
			o += (size_t)snprintf(buf + o, len - o, "kneel, ");
		else if (c->type == CMD_SHOOT && shots++ == 0)
			o += (size_t)snprintf(buf + o, len - o, "%d %s at %s",
			    plan->shots, plan->shots > 1 ? "shots" : "shot",
			    game_unit(g, c->target)->id);
	}
}

/*
 * The next step of the unit's plan (planning it when there is none, or
 * the side has learnt something since), or false to leave the unit to
 * the menu: no enemy in sight, or no plan beats standing still.  The
 * menu then plays it as at normal: measured, holding fire there whenever
 * the plan would not shoot made the hard level too passive.
 */
bool
ai_plan_next(struct ai *ai, const struct game *g, int unit, int rival,
    struct command *out)
{
	struct ai_plan	*plan = &ai->plan;
	const struct command *c;
	char		 words[160];

	/* One held by our mind control fights for us, and comes back. */
	if (ai_nearest_enemy(ai, game_unit(g, unit)->pos, true) < 0 ||
	    game_unit(g, unit)->side != ai->side)
		return false;
	if (plan->unit != unit || plan->sig != ai->know.sig ||
	    plan->round != game_round(g) || plan->next >= plan->n) {
		plan->round = game_round(g);
		if (!ai_plan_search(ai, g, unit, plan)) {
			plan->n = plan->next = 0;
			plan->unit = unit;
			return false;
		}
	}
	/* A blow, a grenade, a mind or a kit, when worth more than the shots. */
	if (rival > plan->worth) {
		plan->n = plan->next = 0;
		return false;
	}
	c = &plan->step[plan->next];
	if (ai_was_refused(ai, c) || game_check(g, c, NULL) != 0 ||
	    !ai_shot_vet(ai, g, c)) {
		plan->n = plan->next = 0;
		return false;
	}
	*out = *c;
	ai_plan_words(g, plan, words, sizeof words);
	ai_say(ai, "%s: step %zu of %zu of the best plan for its phase (%s%s; "
	    "worth %d more than standing still)", game_unit(g, unit)->id,
	    plan->next + 1, plan->n, words, plan->reserve ? ", a snap shot's "
	    "TUs kept" : "", plan->gain);
	plan->next++;
	return true;
}
