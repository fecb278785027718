/*
 * ai-move.c - where a unit should stand: squares it can reach (one
 * path_reach over the field as its side knows it) scored by the shot it
 * could take from there with the TUs left, how many known enemies could
 * react to it there (threat_watchers(), honest unless omniscient), how
 * much nearer it gets to its goal, height, and whether it keeps a snap
 * shot's TUs for reaction fire while enemies are near.
 *
 * Exposure is judged twice: the enemies that could react now, and those
 * that could shoot it next phase, whatever TUs they have left now: every
 * known enemy with a line to a unit standing there, at an eighth of the
 * weight (more made games end in draws at the cap), in full for a badly
 * hurt unit (ai_hurt()).  A unit that stays in
 * sight of one keeps its snap shot's TUs; a move spends that reserve only
 * if staying would have kept it.
 *
 * Friends beside the square cost it (AI_CROWD): a squad bunched up feeds
 * the enemy's grenades, bursts and mind control, and fires through its own.
 *
 * The goal is the nearest known enemy (where it is seen, or was last
 * seen), else a lane of the enemy's deployment zone (the side's units
 * split over AI_LANES of them, so they sweep it side by side rather than
 * file to one square), else the map's centre; once the side has seen
 * that goal, the square connected to it the side has never seen (else
 * saw longest ago: ai_look() keeps the rounds) nearest it.  Its
 * distances are one more path_reach, from the goal (a few such maps are
 * kept for the phase).  Each phase the side begins seeing no enemy makes
 * nearing the goal worth more, so two cautious sides do not wait each
 * other out.  A badly hurt unit turns the goal round and hides (and one in
 * sight of a known enemy pulls back out of every one's line first:
 * ai_pull_back(), used by ai-play.c); a terror
 * unit or one that only strikes in melee rushes it.  Only the `sample`
 * squares nearest the goal (farthest, pulling back) are scored in full,
 * and who could react is asked only where it could change the choice.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

#define AI_APPROACH	12	/* value of a TU nearer the goal */
#define AI_HEIGHT	150	/* value of a level up */
#define AI_NO_RESERVE	500	/* no snap shot left with enemies near */
#define AI_NEAR		12	/* squares: an enemy this close is near */
#define AI_FAR		(INT_MAX / 4)
#define AI_QUIET_MAX	8	/* quiet phases that still add boldness */

#define AI_MOVE_TOP	3	/* moves offered to the menu, at most */
#define AI_CROWD	300	/* a friend on a square next to it */
#define AI_CROWD_NEAR	80	/* a friend two squares off */
#define AI_LANES	3	/* spread over a zone when no enemy is known */
#define AI_SPOT		8	/* enemies a spotter weighs keeping in sight */

/* Keep the best AI_MOVE_TOP scores, highest first. */
static void
ai_move_top(int *top, int score)
{
	int	i, j;

	for (i = 0; i < AI_MOVE_TOP && top[i] >= score; i++)
		continue;
	if (i == AI_MOVE_TOP)
		return;
	for (j = AI_MOVE_TOP - 1; j > i; j--)
		top[j] = top[j - 1];
	top[i] = score;
}

static int
ai_cand_cmp(const void *a, const void *b)
{
	const struct ai_cand	*x = a, *y = b;

	if (x->cheap != y->cheap)
		return x->cheap < y->cheap ? -1 : 1;
	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	if (x->tie != y->tie)
		return x->tie < y->tie ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

int
ai_nearest_enemy(const struct ai *ai, struct pos p, bool seen_only)
{
	size_t	i;
	int	best = -1, d, bd = 0;

	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->down || (seen_only && !e->seen))
			continue;
		d = ai_cheb(p, e->pos);
		if (best < 0 || d < bd) {
			best = (int)i;
			bd = d;
		}
	}
	return best;
}

static size_t
ai_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

/*
 * The middle of [from, to] rounded toward `near`, not down: rounding down
 * puts the goal of a map with an even side on the south (or east) half,
 * nearer one end than the other, and a side starting there then meets the
 * enemy sooner (a measured bias on sim-mirror).  Rounding toward the unit
 * is the same rule seen from either end.
 */
static int
ai_middle(int from, int to, int near)
{
	int	sum = from + to;

	return 2 * near < sum ? sum / 2 : (sum + 1) / 2;
}

/*
 * The unit's lane, 0 to AI_LANES - 1: its rank among its side's living
 * units, so neighbours in the order of battle take different lanes.
 */
static int
ai_lane(const struct ai *ai, const struct game *g, int unit)
{
	int	i, rank = 0;

	for (i = 0; i < unit; i++) {
		const struct unit *o = game_unit(g, i);

		if (o->controller == ai->side && o->status != UNIT_DEAD)
			rank++;
	}
	return rank % AI_LANES;
}

/*
 * The lane's point of [from, to]: its middle for the middle lane (as
 * ai_middle rounds it), a sixth in from either end for the others.  A
 * span too short for lanes gives its middle.
 */
static int
ai_lane_at(int from, int to, int near, int lane)
{
	int	span = to - from;

	if (span < 2 * AI_LANES || lane == AI_LANES / 2)
		return ai_middle(from, to, near);
	return lane < AI_LANES / 2 ? from + span / 6 : to - span / 6;
}

/*
 * Where to head when no enemy is known: the unit's lane of their zone
 * (across its longer side), else the centre.
 */
static struct pos
ai_explore_goal(const struct ai *ai, const struct game *g, int unit,
    struct pos at)
{
	const struct scenario	*s = game_scenario(g);
	const struct map	*m = game_map(g);
	struct pos		 p;
	int			 side, lane = ai_lane(ai, g, unit);

	p.x = ai_middle(0, m->width - 1, at.x);
	p.y = ai_middle(0, m->height - 1, at.y);
	p.z = 0;
	for (side = 0; side < SIDE_COUNT; side++) {
		const struct side_setup *ss = &s->sides[side];

		if (side == (int)ai->side || side == SIDE_CIVILIAN ||
		    !ss->present || ss->nzones == 0)
			continue;
		p.x = ai_middle(ss->zones[0].from.x, ss->zones[0].to.x, at.x);
		p.y = ai_middle(ss->zones[0].from.y, ss->zones[0].to.y, at.y);
		if (ss->zones[0].to.x - ss->zones[0].from.x >=
		    ss->zones[0].to.y - ss->zones[0].from.y)
			p.x = ai_lane_at(ss->zones[0].from.x,
			    ss->zones[0].to.x, at.x, lane);
		else
			p.y = ai_lane_at(ss->zones[0].from.y,
			    ss->zones[0].to.y, at.y, lane);
		p.z = ss->zones[0].from.z;
		break;
	}
	if (!map_contains(m, p))
		p = (struct pos){ ai_middle(0, m->width - 1, at.x),
		    ai_middle(0, m->height - 1, at.y), 0 };
	return p;
}

/* TU distances from the goal over the known field (ai->scratch). */
static void
ai_goal_distances(struct ai *ai, const struct game *g, int unit,
    struct pos goal)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct mover		 mv;
	size_t			 i, n = game_nunits(g);

	mv.size = u->t->size;
	mv.flying = unit_flies(cat, u);
	mv.kneeling = false;
	/* A 2x2 mover's footprint must fit: its top-left square, clamped. */
	if (goal.x > game_map(g)->width - mv.size)
		goal.x = game_map(g)->width - mv.size;
	if (goal.y > game_map(g)->height - mv.size)
		goal.y = game_map(g)->height - mv.size;
	mv.multiplier = 1;
	/*
	 * A walker heads for the ground under a goal in the air (a flier
	 * seen or remembered aloft): the square itself it could never reach,
	 * and every square would be as far from it (the side milled about
	 * the field for rounds, a draw at the cap).
	 */
	while (!mv.flying && goal.z > 0 &&
	    !map_square_standable(ai->know.field.map, goal))
		goal.z--;
	struct ai_goal		*slot = &ai->goals[0];

	for (i = 0; i < AI_GOALS; i++) {
		struct ai_goal *k = &ai->goals[i];

		if (k->valid && k->goal.x == goal.x && k->goal.y == goal.y &&
		    k->goal.z == goal.z && k->size == mv.size &&
		    k->flying == mv.flying) {
			k->used = ++ai->goal_clock;
			ai->goal_cost = k->cost;
			return;
		}
		if (!k->valid || k->used < slot->used)
			slot = k;
	}
	if (slot->cost == NULL)
		slot->cost = xreallocarray(NULL, ai->know.nsquares,
		    sizeof *slot->cost);
	/*
	 * The side's own units step aside in time: leave them out, so every
	 * one of them has a distance, whoever the map was drawn for.
	 */
	for (i = 0; i < n; i++) {
		const struct unit	*o = game_unit(g, (int)i);
		int			 dx, dy;

		if (o->controller != ai->side || o->status == UNIT_DEAD)
			continue;
		for (dy = 0; dy < o->t->size; dy++)
			for (dx = 0; dx < o->t->size; dx++) {
				struct pos q = { o->pos.x + dx, o->pos.y + dy,
				    o->pos.z };
				if (map_contains(game_map(g), q))
					*field_at(&ai->scratch, q) &=
					    (uint8_t)~FIELD_UNIT;
			}
	}
	/*
	 * Nor does a remembered enemy at the goal (ai-know.c marks it): the
	 * way to it is the way to its squares, a door into its room.
	 */
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy	*e = &ai->know.enemies[i];
		int			 dx, dy, size;

		if (e->seen || e->pos.x != goal.x || e->pos.y != goal.y ||
		    e->pos.z != goal.z)
			continue;
		size = game_unit(g, e->unit)->t->size;
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				struct pos q = { goal.x + dx, goal.y + dy,
				    goal.z };
				if (map_contains(game_map(g), q))
					*field_at(&ai->scratch, q) &=
					    (uint8_t)~FIELD_UNIT;
			}
	}
	path_reach_with(&ai->paths, &ai->scratch, &mv, NULL, goal, AI_FAR,
	    slot->cost);
	slot->goal = goal;
	slot->size = mv.size;
	slot->flying = mv.flying;
	slot->valid = true;
	slot->used = ++ai->goal_clock;
	ai->goal_cost = slot->cost;
}

static int
ai_goal_at(const struct ai *ai, size_t i)
{
	return ai->goal_cost[i] < 0 ? AI_FAR / 1024 : ai->goal_cost[i];
}

bool
ai_in_blast(const struct ai *ai, struct pos p)
{
	size_t	i;

	for (i = 0; i < ai->nblasts; i++)
		if (ai_cheb(p, ai->blasts[i].centre) <= ai->blasts[i].radius +
		    1)
			return true;
	return false;
}

/*
 * The square to search instead of `*goal` (a lane's goal with no enemy
 * known, or a goal the unit has no way to), among the squares the unit
 * can walk to at all: a goal nobody can reach made every square as far
 * as any other, and the unit milled about for the rest of the game (a
 * draw at the round cap; a 2x2 Reaper penned behind a narrow door, a
 * lane's goal in a walled yard).
 *
 * Searching: once the lane's goal is looked at, the square the side has
 * never seen, else saw longest ago, and not in sight now; of those, the
 * nearest to the lane's goal, so the lanes stay apart, and to the unit.
 * Toward a goal out of reach: the square nearest to it.  Leaves the
 * unit's own distances in ai->goal_cost; false if no square qualifies.
 */
static bool
ai_search_goal(struct ai *ai, const struct game *g, int unit, bool toward,
    struct pos *goal)
{
	const struct map	*m = game_map(g);
	const struct unit	*u = game_unit(g, unit);
	size_t			 i, best = 0, here = ai_index(m, u->pos);
	int			 round = game_round(g), d, bd = 0;
	bool			 found = false, reach;
	struct pos		 at, lane = *goal;

	reach = ai->goal_cost[here] >= 0;
	if (ai->looked == NULL || (!toward && reach &&
	    ai->looked[ai_index(m, lane)] == 0))
		return false;
	ai_goal_distances(ai, g, unit, u->pos);
	for (i = 0; i < ai->know.nsquares; i++) {
		if (ai->goal_cost[i] < 0 || i == here ||
		    (!toward && ai->looked[i] == round))
			continue;
		at.x = (int)(i % (size_t)m->width);
		at.y = (int)(i / (size_t)m->width % (size_t)m->height);
		at.z = (int)(i / ((size_t)m->width * m->height));
		/*
		 * Searching, the walk there counts too (about four TUs a
		 * square): the nearer of two unsearched places first, or the
		 * squad criss-crosses the map while a corner stays unseen.
		 */
		d = ai_cheb(at, lane) + (toward ? 0 : ai->goal_cost[i] / 4);
		if (found && !toward && ai->looked[i] != ai->looked[best]) {
			if (ai->looked[i] > ai->looked[best])
				continue;
		} else if (found && (d > bd || (d == bd &&
		    ai->goal_cost[i] >= ai->goal_cost[best])))
			continue;
		best = i;
		bd = d;
		found = true;
	}
	if (!found)
		return false;
	goal->x = (int)(best % (size_t)m->width);
	goal->y = (int)(best / (size_t)m->width % (size_t)m->height);
	goal->z = (int)(best / ((size_t)m->width * m->height));
	return true;
}

/*
 * How crowded a square is for the unit: AI_CROWD for each friend next to
 * it, AI_CROWD_NEAR for each two squares off, on the same level.
 */
int
ai_crowd(const struct ai *ai, const struct game *g, int unit, struct pos at)
{
	size_t	i, n = game_nunits(g);
	int	d, crowd = 0;

	for (i = 0; i < n; i++) {
		const struct unit *o = game_unit(g, (int)i);

		if ((int)i == unit || o->controller != ai->side ||
		    o->status != UNIT_ACTIVE || o->pos.z != at.z)
			continue;
		d = ai_cheb(at, o->pos);
		if (d <= 1)
			crowd += AI_CROWD;
		else if (d == 2)
			crowd += AI_CROWD_NEAR;
	}
	return crowd;
}

/*
 * Known enemies, up and about, with a line to a unit standing on p: those
 * that could shoot it there next phase.
 */
static int
ai_next_exposure(struct ai *ai, const struct game *g, struct pos p)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (!e->down && ai_know_line(ai, g, p, e) >= 0)
			n++;
	}
	return n;
}

/*
 * Enemies only the unit sees, whose minds friends yet to act could take
 * while they stay seen (ai_psi_spot()): at most AI_SPOT of them, each
 * with what losing sight of it throws away.  Their number.  None under
 * house rule psi-own-sight, where each attacker must see its target.
 */
static size_t
ai_spotted(struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy **who, int *worth)
{
	size_t	i, j, n = game_nunits(g), k = 0;

	if (!ai->params->minds || game_scenario(g)->rules.psi_own_sight)
		return 0;
	for (i = 0; i < ai->know.nenemies && k < AI_SPOT; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (!e->seen || e->down || !game_line(g, unit, e->unit, NULL))
			continue;
		for (j = 0; j < n; j++)
			if ((int)j != unit && game_unit(g, (int)j)->controller ==
			    ai->side && game_line(g, (int)j, e->unit, NULL))
				break;
		if (j < n || (worth[k] = ai_psi_spot(ai, g, unit, e)) <= 0)
			continue;
		who[k++] = e;
	}
	return k;
}

/*
 * A square to throw at the object to sabotage from (ai-mission.c): worth
 * more than walking up to it, where the blast would catch the thrower.
 */
static int
ai_throw_stand(const struct ai *ai, const struct game *g, int unit,
    struct pos at, int lo, int hi)
{
	return lo < 0 ? 0 : ai_mission_stand(ai, g, unit, at, hi);
}

/* A terror unit, or one that can only strike in melee: it rushes. */
static bool
ai_rushes(const struct unit *u)
{
	return u->t->class == UNIT_TERROR || (u->stats[STAT_ACC] ==
	    STAT_NONE && u->stats[STAT_TAC] == STAT_NONE);
}

/* Half its HTH lost, or stunned to half of what it has left. */
bool
ai_badly_hurt(const struct unit *u)
{
	int	hth = u->stats[STAT_HTH];

	return u->damage * 2 >= hth || u->stun * 2 >= hth - u->damage;
}

/*
 * The last fit unit of its side fights on: one hiding from a searcher
 * until the round cap is a draw nobody wanted.
 */
bool
ai_hurt(const struct ai *ai, const struct game *g, int unit)
{
	const struct unit	*u = game_unit(g, unit);
	size_t			 i, n = game_nunits(g);

	if (!ai->params->retreat || ai_rushes(u) || !ai_badly_hurt(u))
		return false;
	for (i = 0; i < n; i++) {
		const struct unit *o = game_unit(g, (int)i);

		if ((int)i != unit && o->controller == ai->side &&
		    o->side == ai->side && o->status == UNIT_ACTIVE &&
		    !ai_badly_hurt(o))
			return true;
	}
	return false;
}

int
ai_pull_back(struct ai *ai, const struct game *g, int unit, struct pos *to,
    int *exposed)
{
	const struct unit	*u = game_unit(g, unit);
	const struct map	*m = game_map(g);
	struct pos		 at;
	size_t			 i;
	int			 best = -1;

	if (!ai_hurt(ai, g, unit) ||
	    (*exposed = ai_next_exposure(ai, g, u->pos)) == 0)
		return -1;
	ai_know_reach(ai, g, unit);
	for (i = 0; i < ai->know.nsquares; i++) {
		if (ai->cost[i] <= 0 || (best >= 0 && ai->cost[i] >= best))
			continue;
		at.x = (int)(i % (size_t)m->width);
		at.y = (int)(i / (size_t)m->width % (size_t)m->height);
		at.z = (int)(i / ((size_t)m->width * m->height));
		if (ai_in_blast(ai, at) || ai_next_exposure(ai, g, at) > 0)
			continue;
		best = ai->cost[i];
		*to = at;
	}
	return best;
}

/* The TUs of the unit's cheapest snap shot, or 0 if it has none. */
int
ai_snap_tu(const struct game *g, const struct unit *u)
{
	const struct catalog	*cat = game_catalog(g);
	int			 hand, best = 0;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct shot *s;

		if (u->hands[hand].item < 0 || (s = item_shot(
		    &cat->items[u->hands[hand].item], SHOT_SNAP)) == NULL)
			continue;
		if (best == 0 || s->tu < best)
			best = s->tu;
	}
	return best;
}

void
ai_move_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct map	*m = game_map(g);
	const struct ai_params	*p = ai->params;
	struct ai_cand		*cand;
	struct command		 c;
	struct pos		 goal, at;
	size_t			 i, n = 0, here = ai_index(m, u->pos);
	int			 near, hurt, rush, snap, here_goal, here_expo;
	int			 target, att, expo, score, approach, expose;
	int			 here_att, top[AI_MOVE_TOP] = { 0 };
	int			 nk, next_weight;
	int			 here_crowd, crowd, nearer, here_next, next;
	int			 throw_lo, throw_hi, here_breach, here_throw;
	int			 spot_worth[AI_SPOT], lost;
	const struct ai_enemy	*spot[AI_SPOT];
	size_t			 nspot, k;
	bool			 searching, orders, insist;
	char			 whither[224], orders_words[128];
	const char		*how;

	ai_know_reach(ai, g, unit);
	near = ai_nearest_enemy(ai, u->pos, false);
	/*
	 * Its orders first, while it sees nobody to fight; the unit they
	 * need now keeps to them in sight of enemies too (ai-mission.c).
	 */
	orders = ai_mission_goal(ai, g, unit, &goal, orders_words,
	    sizeof orders_words, &insist) && (insist ||
	    ai_nearest_enemy(ai, u->pos, true) < 0);
	if (!orders)
		goal = near >= 0 ? ai->know.enemies[near].pos :
		    ai_explore_goal(ai, g, unit, u->pos);
	ai_goal_distances(ai, g, unit, goal);
	searching = ((near < 0 && !orders) || ai->goal_cost[here] < 0) &&
	    ai_search_goal(ai, g, unit, near >= 0 || orders, &goal);
	if (searching) {
		ai_goal_distances(ai, g, unit, goal);
		if (near >= 0 || orders)
			snprintf(whither, sizeof whither, "%d,%d L%d, as near "
			    "as it can get to %s", goal.x + 1, goal.y + 1,
			    goal.z + 1, orders ? orders_words : game_unit(g,
			    ai->know.enemies[near].unit)->id);
		else
			snprintf(whither, sizeof whither, "the unsearched %d,%d "
			    "L%d", goal.x + 1, goal.y + 1, goal.z + 1);
	} else
		snprintf(whither, sizeof whither, "%s", orders ? orders_words :
		    near >= 0 ? game_unit(g, ai->know.enemies[near].unit)->id :
		    "the enemy's zone");
	rush = p->charge && ai_rushes(u);
	hurt = near >= 0 && ai_hurt(ai, g, unit);
	snap = ai_snap_tu(g, u);
	/* Phases without an enemy in sight make the side bolder. */
	approach = rush ? 3 * AI_APPROACH : hurt ? -2 * AI_APPROACH :
	    AI_APPROACH * (1 + (ai->quiet < AI_QUIET_MAX ? ai->quiet :
	    AI_QUIET_MAX));
	expose = rush ? 0 : hurt ? 3 * p->expose : p->expose;
	/* One more hit may kill the hurt: next phase's shots count whole. */
	next_weight = !p->ahead ? 0 : hurt ? expose : expose / 8;
	/* Sabotage by hand: squares to throw from hold it (ai-mission.c). */
	if (!orders || !ai_mission_throw_from(ai, g, unit, &throw_lo,
	    &throw_hi))
		throw_lo = throw_hi = -1;
	here_breach = rush ? 0 : ai_breach_stand(ai, g, unit, u->pos);
	here_throw = ai_throw_stand(ai, g, unit, u->pos, throw_lo, throw_hi);
	here_goal = ai_goal_at(ai, here);
	here_expo = expose ? ai_know_threat(ai, g, u->pos) : 0;
	here_next = expose ? ai_next_exposure(ai, g, u->pos) : 0;
	/* Staying is judged the same way: a move must do better. */
	here_att = ai_attack_from(ai, g, unit, u->pos, u->tu, &target, NULL);
	here_crowd = ai_crowd(ai, g, unit, u->pos);
	nspot = rush ? 0 : ai_spotted(ai, g, unit, spot, spot_worth);

	if (ai->cand == NULL)
		ai->cand = xreallocarray(NULL, ai->know.nsquares,
		    sizeof *ai->cand);
	cand = ai->cand;
	for (i = 0; i < ai->know.nsquares; i++) {
		if (ai->cost[i] <= 0)
			continue;
		at.x = (int)(i % (size_t)m->width);
		at.y = (int)(i / (size_t)m->width % (size_t)m->height);
		at.z = (int)(i / ((size_t)m->width * m->height));
		if (ai_in_blast(ai, at))
			continue;
		cand[n].index = (int)i;
		cand[n].cheap = hurt ? -ai_goal_at(ai, i) : ai_goal_at(ai, i);
		cand[n].cost = ai->cost[i];
		cand[n].tie = rng_next(&ai->rng);
		n++;
	}
	qsort(cand, n, sizeof *cand, ai_cand_cmp);
	nk = (int)n < p->sample ? (int)n : p->sample;
	for (i = 0; i < (size_t)nk; i++) {
		int tu_left;

		at.x = cand[i].index % m->width;
		at.y = cand[i].index / m->width % m->height;
		at.z = cand[i].index / (m->width * m->height);
		tu_left = u->tu - ai->cost[cand[i].index];
		att = ai_attack_from(ai, g, unit, at, tu_left, &target,
		    NULL);
		nearer = here_goal - ai_goal_at(ai, (size_t)cand[i].index);
		crowd = rush ? 0 : ai_crowd(ai, g, unit, at);
		score = ai_throw_stand(ai, g, unit, at, throw_lo, throw_hi) -
		    here_throw +
		    (rush ? 0 : ai_breach_stand(ai, g, unit, at) -
		    here_breach) +
		    (hurt ? (att - here_att) / 2 : att - here_att) +
		    nearer * approach + (hurt ? 0 : AI_HEIGHT * (at.z -
		    u->pos.z)) + (rush ? 0 : here_crowd - crowd);
		if (p->noise > 0)
			score += (int)rng_below(&ai->rng,
			    (uint32_t)p->noise + 1);
		/*
		 * Asking who could react, or shoot next phase, costs sight
		 * lines: not for a square that could not make the top three
		 * even if none could.
		 */
		if (score + here_expo * expose + here_next * next_weight <=
		    top[AI_MOVE_TOP - 1])
			continue;
		expo = expose ? ai_know_threat(ai, g, at) : 0;
		next = expose ? ai_next_exposure(ai, g, at) : 0;
		score += (here_expo - expo) * expose +
		    (here_next - next) * next_weight;
		/* Out of its line, what only it sees is lost to the side. */
		for (k = 0, lost = 0; k < nspot; k++)
			if (ai_know_line(ai, g, at, spot[k]) < 0)
				lost += spot_worth[k];
		score -= lost;
		/* A reserve staying would keep, spent (none to lose: none). */
		if (p->reserve && !rush && near >= 0 && att == 0 &&
		    (ai_cheb(at, goal) <= AI_NEAR || next > 0) &&
		    tu_left < snap && u->tu >= snap)
			score -= AI_NO_RESERVE;
		ai_move_top(top, score);
		if (score <= 0)
			continue;
		ai_command_init(&c, CMD_MOVE, unit);
		c.pos = at;
		if (target >= 0)
			ai_menu_add(ai, menu, score, &c, "move to %d,%d L%d "
			    "(%d TU): a shot at %s from there, %d could "
			    "react, %d in sight", at.x + 1, at.y + 1,
			    at.z + 1, ai->cost[cand[i].index],
			    game_unit(g, target)->id, expo, next);
		else {
			/* Words for what the move does, and only that. */
			if (nearer > 0)
				how = rush ? "rushing" : "nearer";
			else if (nearer < 0 && hurt)
				how = "pulling back from";
			else if (crowd < here_crowd)
				how = nearer < 0 ? "spreading out, farther "
				    "from" : "spreading out, as near";
			else
				how = nearer < 0 ? "farther from" :
				    "as near";
			ai_menu_add(ai, menu, score, &c, "move to %d,%d L%d "
			    "(%d TU): %s %s, %d could react, %d in sight%s",
			    at.x + 1, at.y + 1, at.z + 1,
			    ai->cost[cand[i].index], how, whither, expo,
			    next, crowd == 0 ? "" :
			    crowd >= AI_CROWD ? ", beside a friend" :
			    ", a friend near");
		}
	}
}
