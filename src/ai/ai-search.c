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
 * of its cheapest attack for whoever it finds: it may draw a reaction shot, but
 * its side sees in, and it and its friends can fire through the doorway
 * for the rest of the phase.
 */
#include <stdlib.h>

#include "ai-int.h"

#define AI_DOOR_TU	2	/* §4.2: opening a door */
#define AI_BREACH	350	/* opening a door on a remembered enemy */
#define AI_BREACH_BOLD	40	/* more per phase the side has seen nobody */
#define AI_BREACH_NEAR	8	/* squares past the door an enemy may be */

static int
ai_search_cheb(struct pos a, struct pos b)
{
	int	dx = abs(a.x - b.x), dy = abs(a.y - b.y);

	return a.z != b.z ? AI_BREACH_NEAR + 1 : dx > dy ? dx : dy;
}

/*
 * The remembered enemies past the door from `here` to `beyond`: on the
 * same level, within AI_BREACH_NEAR squares of the doorway, and nearer
 * its far side than its near one.  Returns how many; *first, the nearest.
 */
static int
ai_search_beyond(const struct ai *ai, struct pos here, struct pos beyond,
    int *first)
{
	size_t	i;
	int	n = 0, d, best = 0;

	*first = -1;
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->seen || e->down)
			continue;
		d = ai_search_cheb(beyond, e->pos);
		if (d > AI_BREACH_NEAR || d >= ai_search_cheb(here, e->pos))
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

void
ai_door_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct map	*m = ai->know.field.map;
	static const enum dir	 sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct command		 c;
	struct pos		 beyond;
	size_t			 i;
	int			 tu = ai_search_attack_tu(g, u), n, first;
	int			 bold;

	/* §4.2: a 2x2 unit opens doors only by moving through them. */
	if (u->t->size > 1 || tu == 0 || u->tu < AI_DOOR_TU + tu)
		return;
	bold = ai->quiet < 8 ? ai->quiet : 8;
	for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		const struct edge *e = map_edge(m, u->pos, sides[i]);

		if (e->kind != EDGE_DOOR || (e->flags & EDGE_OPENED))
			continue;
		beyond = (struct pos){ u->pos.x + dir_dx[sides[i]],
		    u->pos.y + dir_dy[sides[i]], u->pos.z };
		if (!map_contains(m, beyond) ||
		    (n = ai_search_beyond(ai, u->pos, beyond, &first)) == 0)
			continue;
		ai_command_init(&c, CMD_OPEN, unit);
		c.dir = sides[i];
		ai_menu_add(ai, menu, AI_BREACH + AI_BREACH_BOLD * bold +
		    100 * (n - 1), &c, "open the door to the %s: %s was last "
		    "seen past it%s, an attack's TUs kept for whoever is "
		    "there", dir_names[sides[i]], game_unit(g, first)->id,
		    n > 1 ? " with others" : "");
	}
}
