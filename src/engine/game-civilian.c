/*
 * game-civilian.c - civilians act on their own (§3.4, RULINGS Special
 * units): they take no phase; at the end of each phase the engine looks at
 * every civilian that sees an alien and has not yet reacted this round.
 *
 * A reaction roll (opposed d100 + RET, ties re-rolled, against the nearest
 * alien it sees): won, it runs away from the aliens with all its TUs (to
 * the reachable square farthest from the nearest alien, or the farthest
 * one hidden from every alien when there is such a square);
 * lost, it is frozen with fear for the round, and runs as if it had won
 * the next time it is looked at, if it is still alive.
 * House rule civilians_steered (RULINGS Special units): a civilian that
 * is to run waits for X-Com instead, who may move it once during X-Com's
 * next phase; if X-Com does not, it runs by itself when that phase ends.
 * It stays a civilian throughout (it never counts for X-Com's victory).
 */
#include <stdlib.h>

#include "game-int.h"
#include "xtac/util.h"

static long
civilian_distance2(struct pos a, struct pos b)
{
	long	dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;

	return dx * dx + dy * dy + dz * dz;
}

/* The nearest alien the civilian sees, or -1. */
static int
civilian_threat(const struct game *g, int civ)
{
	const struct unit	*c = &g->units[civ];
	size_t			 i;
	int			 best = -1;
	long			 d, bestd = 0;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *a = &g->units[i];

		if (a->status != UNIT_ACTIVE || a->controller != SIDE_ALIEN ||
		    !game_unit_sees(g, civ, (int)i, NULL))
			continue;
		d = civilian_distance2(c->pos, a->pos);
		if (best < 0 || d < bestd) {
			best = (int)i;
			bestd = d;
		}
	}
	return best;
}

/* Whether any alien in play could see a civilian standing at p. */
static bool
civilian_exposed(const struct game *g, int civ, struct pos p)
{
	struct sight_result	 r;
	size_t			 i;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *a = &g->units[i];

		if ((int)i == civ || a->status != UNIT_ACTIVE ||
		    a->controller != SIDE_ALIEN)
			continue;
		if (sight_line(&g->field, a->pos, a->kneeling ?
		    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING, p, SIGHT_CENTRE,
		    &r))
			return true;
	}
	return false;
}

/*
 * §3.4: "It will move directly away from the alien, only deviating if it
 * will take them out of the aliens LOS": the flight square is the one
 * farthest from the aliens, unless some reachable square is hidden from
 * every alien, in which case the farthest such square.
 */
static int
civilian_square(struct game *g, int civ, struct pos *to)
{
	const struct map	*m = g->map;
	const struct unit	*c = &g->units[civ];
	size_t			 cells = (size_t)m->width * m->height *
				    m->levels, i, j;
	int			*cost, best = -1, away;
	long			 bestd = -1;

	away = game_flee_square(g, civ, to);
	if (away < 0)
		return away;
	cost = xcalloc(cells, sizeof *cost);
	game_reach(g, civ, cost);
	for (i = 0; i < cells; i++) {
		struct pos p = { (int)(i % (size_t)m->width),
		    (int)(i / (size_t)m->width % (size_t)m->height),
		    (int)(i / ((size_t)m->width * m->height)) };
		long d = -1;

		if (cost[i] <= 0 || cost[i] > c->tu ||
		    civilian_exposed(g, civ, p))
			continue;
		for (j = 0; j < g->nunits; j++) {
			const struct unit *a = &g->units[j];
			long dd;

			if (a->status != UNIT_ACTIVE ||
			    a->controller != SIDE_ALIEN)
				continue;
			dd = civilian_distance2(p, a->pos);
			if (d < 0 || dd < d)
				d = dd;
		}
		if (d > bestd || (d == bestd && cost[i] < best)) {
			bestd = d;
			best = cost[i];
			*to = p;
		}
	}
	free(cost);
	return best > 0 ? best : away;
}

static void
civilian_run(struct game *g, int civ)
{
	struct unit	*c = &g->units[civ];
	struct event	*e;
	struct pos	 to;
	int		 cost = civilian_square(g, civ, &to);

	e = event_push(g->ev, EV_PSI);
	event_str(e, "what", "civilian");
	event_str(e, "unit", c->id);
	event_str(e, "outcome", "runs");
	if (cost > 0) {
		event_pos(e, "to", to);
		game_walk_to(g, civ, to);
	} else
		event_str(e, "why", "nowhere farther to run");
	c->frightened = false;
}

/* Run now, or under the house rule wait for X-Com to steer the run. */
static void
civilian_flee(struct game *g, int civ)
{
	struct unit	*c = &g->units[civ];
	struct event	*e;

	if (!g->scenario->rules.civilians_steered) {
		civilian_run(g, civ);
		return;
	}
	c->steered = true;
	c->frightened = false;
	e = event_push(g->ev, EV_PSI);
	event_str(e, "what", "civilian");
	event_str(e, "unit", c->id);
	event_str(e, "outcome", "runs, steered by xcom");
}

void
game_civilians(struct game *g)
{
	size_t	i;
	bool	xcom_phase_ended = game_side_to_move(g) == SIDE_XCOM;

	for (i = 0; i < g->nunits; i++) {
		struct unit *c = &g->units[i];
		struct event *e;
		int alien;

		/* X-Com let its phase go by without steering: it runs itself. */
		if (c->steered && xcom_phase_ended && c->status == UNIT_ACTIVE) {
			c->steered = false;
			civilian_run(g, (int)i);
			continue;
		}
		if (c->controller != SIDE_CIVILIAN || c->status != UNIT_ACTIVE ||
		    c->civilian_round == g->round || g->over || c->steered)
			continue;
		if (c->frightened) {
			/* Still alive a turn later: it runs as if it had won. */
			c->civilian_round = g->round;
			civilian_flee(g, (int)i);
			continue;
		}
		if ((alien = civilian_threat(g, (int)i)) < 0)
			continue;	/* no alien in sight: it stays put */
		c->civilian_round = g->round;
		if (game_opposed_ret(g, "civilian", (int)i, alien)) {
			civilian_flee(g, (int)i);
			continue;
		}
		c->frightened = true;
		e = event_push(g->ev, EV_PSI);
		event_str(e, "what", "civilian");
		event_str(e, "unit", c->id);
		event_str(e, "outcome", "frozen");
	}
}
