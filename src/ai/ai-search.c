/*
 * ai-search.c - going after enemies the side does not see: breaching a
 * shut door with a remembered enemy behind it.
 *
 * A door shuts at the end of every phase (§4.2), so two squads that met at
 * one lose sight of each other and each side remembers the other just
 * beyond it.  Walking through is no way in: the square past the door is
 * taken (ai-know.c marks it), and kneeling to wait for the other side to
 * come through makes a stand-off that lasts to the round cap.  A unit
 * beside the door opens it itself, from where it stands, keeping the TUs
 * of its cheapest attack for whoever it finds: it may draw a reaction
 * shot, but its side sees in, and it and its friends can fire through the
 * doorway for the rest of the phase.  A square beside such a door is
 * worth walking to (ai-move.c), more than the friends near it cost.
 */
#include <stdlib.h>

#include "ai-int.h"

#define AI_DOOR_TU	2	/* §4.2: opening a door */
#define AI_BREACH	350	/* opening a door on a remembered enemy */
#define AI_BREACH_BOLD	40	/* more per phase the side has seen nobody */
#define AI_BREACH_NEAR	8	/* squares past the door an enemy may be */
#define AI_BREACH_STAND	800	/* a square beside such a door, to open it */

/*
 * Squares from a to the nearest square of a unit of `size` at b (its
 * top-left), on one level; another level is out of reach.
 */
static int
ai_search_cheb(struct pos a, struct pos b, int size)
{
	int	dx = a.x < b.x ? b.x - a.x : a.x >= b.x + size ?
		    a.x - b.x - size + 1 : 0;
	int	dy = a.y < b.y ? b.y - a.y : a.y >= b.y + size ?
		    a.y - b.y - size + 1 : 0;

	return a.z != b.z ? AI_BREACH_NEAR + 1 : dx > dy ? dx : dy;
}

/*
 * The remembered enemies past the door from `here` to `beyond`: on the
 * same level, within AI_BREACH_NEAR squares of the doorway, and nearer
 * its far side than its near one (counted to the nearest of its
 * squares).  Returns how many; *first, the nearest.
 */
static int
ai_search_beyond(const struct ai *ai, const struct game *g, struct pos here,
    struct pos beyond, int *first)
{
	size_t	i;
	int	n = 0, d, best = 0, size;

	*first = -1;
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->seen || e->down)
			continue;
		size = game_unit(g, e->unit)->t->size;
		d = ai_search_cheb(beyond, e->pos, size);
		if (d > AI_BREACH_NEAR ||
		    d >= ai_search_cheb(here, e->pos, size))
			continue;
		if (*first < 0 || d < best) {
			*first = e->unit;
			best = d;
		}
		n++;
	}
	return n;
}

/* The TUs of the unit's cheapest attack with what it holds, or 0. */
static int
ai_search_attack_tu(const struct game *g, const struct unit *u)
{
	static const enum shot_mode modes[] = { SHOT_AUTO, SHOT_SNAP,
	    SHOT_AIMED, SHOT_MELEE };
	const struct catalog	*cat = game_catalog(g);
	const struct shot	*s;
	size_t			 i;
	int			 hand, best = 0;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		if (u->hands[hand].item < 0)
			continue;
		for (i = 0; i < sizeof modes / sizeof modes[0]; i++)
			if ((s = item_shot(&cat->items[u->hands[hand].item],
			    modes[i])) != NULL && (best == 0 || s->tu < best))
				best = s->tu;
	}
	return best;
}

/*
 * Whether a unit standing on `at` would be beside a shut door with a
 * remembered enemy past it, and the door's side (*dir) and who (*first).
 * Returns how many are past it.
 */
static int
ai_search_door(const struct ai *ai, const struct game *g, struct pos at,
    enum dir *dir, int *first)
{
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	const struct map	*m = ai->know.field.map;
	struct pos		 beyond;
	size_t			 i;
	int			 n;

	for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		const struct edge *e = map_edge(m, at, sides[i]);

		if (e->kind != EDGE_DOOR || (e->flags & EDGE_OPENED))
			continue;
		beyond = (struct pos){ at.x + dir_dx[sides[i]],
		    at.y + dir_dy[sides[i]], at.z };
		if (map_contains(m, beyond) &&
		    (n = ai_search_beyond(ai, g, at, beyond, first)) > 0) {
			*dir = sides[i];
			return n;
		}
	}
	return 0;
}

/*
 * A square to breach from (ai-move.c): beside a shut door with an enemy
 * remembered past it, for a unit that could open it.  Worth more than
 * the friends beside it cost: two units one square either side of the
 * door, each waiting for the other to stand in front of it, made a
 * stand-off to the round cap.
 */
int
ai_breach_stand(const struct ai *ai, const struct game *g, int unit,
    struct pos at)
{
	const struct unit	*u = game_unit(g, unit);
	enum dir		 dir;
	int			 first;

	if (u->t->size > 1 || ai_search_attack_tu(g, u) == 0 ||
	    ai_search_door(ai, g, at, &dir, &first) == 0)
		return 0;
	return AI_BREACH_STAND;
}

void
ai_door_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	struct command		 c;
	enum dir		 dir;
	int			 tu = ai_search_attack_tu(g, u), n, first;
	int			 bold;

	/* §4.2: a 2x2 unit opens doors only by moving through them. */
	if (u->t->size > 1 || tu == 0 || u->tu < AI_DOOR_TU + tu ||
	    (n = ai_search_door(ai, g, u->pos, &dir, &first)) == 0)
		return;
	bold = ai->quiet < 8 ? ai->quiet : 8;
	ai_command_init(&c, CMD_OPEN, unit);
	c.dir = dir;
	ai_menu_add(ai, menu, AI_BREACH + AI_BREACH_BOLD * bold +
	    100 * (n - 1), &c, "open the door to the %s: %s was last seen "
	    "past it%s, an attack's TUs kept for whoever is there",
	    dir_names[dir], game_unit(g, first)->id,
	    n > 1 ? " with others" : "");
}
