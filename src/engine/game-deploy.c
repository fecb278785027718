/*
 * game-deploy.c - the deployment step before round 1 (§4.1, §2.3).
 *
 * Units the scenario gives a square (`at:`) stand there for good; the rest
 * are placed by their side, one side after another, each in its own
 * deployment zones: `deploy UNIT X Y [LEVEL]` puts a unit on a square and
 * `end` closes the side's deployment.  Until a side moves a unit it stands
 * on the engine's square for it, the first free one of the side's zones in
 * reading order (level, row, column; for a side that may stand anywhere,
 * the first outside the other sides' zones), so a side that ends at once
 * keeps those.  The squares of a side still to deploy are known to nobody else,
 * so they block no one placing before it, and a unit whose square was
 * taken gets the engine's square again when its side begins.
 * Nobody sees anybody while units are placed: sight is first
 * worked out when the last side ends, just before round 1 (or a crashed
 * side's head start) begins.
 *
 * Order (RULINGS is silent; the rulebook says who places where): a crashed
 * side first, its crew already down (§2.3); in a base mission the
 * defenders first, anywhere, then the attackers on their landing pads;
 * otherwise X-Com, then the aliens.  Civilians are placed, never asked.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

/* Whether side places its units anywhere: a base's defenders (§2.3). */
static bool
deploy_anywhere(const struct game *g, enum side side)
{
	const struct scenario	*s = g->scenario;

	return s->sides[side].nzones == 0 && s->mission == MISSION_BASE &&
	    side != s->mission_side;
}

bool
game_in_zone(const struct game *g, enum side side, struct pos p)
{
	const struct side_setup	*ss = &g->scenario->sides[side];
	size_t			 i;

	if (!map_contains(g->map, p))
		return false;
	if (deploy_anywhere(g, side))
		return true;
	for (i = 0; i < ss->nzones; i++) {
		const struct zone *z = &ss->zones[i];
#define DEPLOY_BETWEEN(v, a, b) \
	((v) >= ((a) < (b) ? (a) : (b)) && (v) <= ((a) < (b) ? (b) : (a)))
		if (DEPLOY_BETWEEN(p.x, z->from.x, z->to.x) &&
		    DEPLOY_BETWEEN(p.y, z->from.y, z->to.y) &&
		    DEPLOY_BETWEEN(p.z, z->from.z, z->to.z))
			return true;
#undef DEPLOY_BETWEEN
	}
	return false;
}

bool
game_deploying(const struct game *g)
{
	return g->deploying;
}

bool
game_deploy_fixed(const struct game *g, int unit)
{
	return unit >= 0 && (size_t)unit < g->scenario->nunits &&
	    g->scenario->units[unit].fixed;
}

bool
game_deployed(const struct game *g, int unit)
{
	return unit >= 0 && (size_t)unit < g->nunits && g->deployed != NULL &&
	    g->deployed[unit];
}

/*
 * Whether the unit belongs to a side still to deploy after the one placing
 * now: its square is the engine's stand-in, unknown to the side placing,
 * so it blocks nobody (deploy_start_side moves it if it must).
 */
static bool
deploy_later(const struct game *g, int unit)
{
	int	k;

	if (g->scenario->units[unit].fixed)
		return false;
	for (k = g->deploy_phase + 1; k < g->ndeploy; k++)
		if (g->deploy_order[k] == (int)g->units[unit].side)
			return true;
	return false;
}

/* Whether another unit stands on any square of a size x size box at p. */
static bool
deploy_taken(const struct game *g, int unit, struct pos p, int size)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		int os = o->t->size;

		if ((int)i == unit || o->pos.z != p.z ||
		    (o->side != g->units[unit].side && deploy_later(g, (int)i)))
			continue;
		if (o->pos.x < p.x + size && p.x < o->pos.x + os &&
		    o->pos.y < p.y + size && p.y < o->pos.y + os)
			return true;
	}
	return false;
}

/*
 * Whether the unit may stand at p: every square on the map, in its side's
 * zones and free, one with a floor unless it flies, nothing solid in the
 * way, and a 2x2 unit not across a wall (RULINGS §5).  No zone check when
 * zoned is false (civilians, and room sought past full zones).
 */
static int
deploy_fits(const struct game *g, int unit, struct pos p, bool zoned,
    char **cause)
{
	const struct unit	*u = &g->units[unit];
	int			 size = u->t->size, dx, dy, floors = 0;

	for (dy = 0; dy < size; dy++)
		for (dx = 0; dx < size; dx++) {
			struct pos q = { p.x + dx, p.y + dy, p.z };
			const struct square *sq;

			if (!map_contains(g->map, q))
				return cause_set(cause, "%d,%d L%d is off the "
				    "map", q.x + 1, q.y + 1, q.z + 1);
			if (zoned && !game_in_zone(g, u->side, q))
				return cause_set(cause, "%d,%d L%d is outside "
				    "the %s deployment zones (\xc2\xa7" "4.1)",
				    q.x + 1, q.y + 1, q.z + 1,
				    side_names[u->side]);
			sq = map_square(g->map, q);
			floors += sq->floor != FLOOR_NONE;
			if (sq->object != OBJECT_NONE &&
			    (g->map->objects[sq->object].solid ||
			    !g->map->objects[sq->object].passable))
				return cause_set(cause, "a %s stands on %d,%d "
				    "L%d", g->map->objects[sq->object].name,
				    q.x + 1, q.y + 1, q.z + 1);
		}
	if (floors == 0 && !unit_flies(g->cat, u))
		return cause_set(cause, "%d,%d L%d has no floor and %s cannot "
		    "fly", p.x + 1, p.y + 1, p.z + 1, u->id);
	if (size == 2) {
		struct pos below = { p.x, p.y + 1, p.z },
		    right = { p.x + 1, p.y, p.z };

		if (map_edge(g->map, p, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(g->map, p, DIR_S)->kind != EDGE_OPEN ||
		    map_edge(g->map, below, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(g->map, right, DIR_S)->kind != EDGE_OPEN)
			return cause_set(cause, "a 2x2 unit may not straddle "
			    "the wall at %d,%d L%d (RULINGS 5)", p.x + 1,
			    p.y + 1, p.z + 1);
	}
	if (deploy_taken(g, unit, p, size))
		return cause_set(cause, "someone already stands on %d,%d L%d",
		    p.x + 1, p.y + 1, p.z + 1);
	return 0;
}

/* Whether p lies in a zone of a side other than side (a zoned one). */
static bool
deploy_in_others_zone(const struct game *g, enum side side, struct pos p)
{
	int	s;

	for (s = 0; s < SIDE_COUNT; s++)
		if ((enum side)s != side &&
		    g->scenario->sides[s].nzones > 0 &&
		    game_in_zone(g, (enum side)s, p))
			return true;
	return false;
}

/*
 * The engine's square for a unit: the first that fits, in reading order.
 * A side that may stand anywhere (a base's defenders) is kept off the
 * other sides' zones while it can be: its defaults are not on the
 * attackers' landing pads.
 */
static void
deploy_default(struct game *g, int unit)
{
	const struct map	*m = g->map;
	struct pos		 p;
	enum side		 side = g->units[unit].side;
	int			 pass;

	/* Full zones (a scenario's mistake) spill onto the rest of the map. */
	for (pass = 0; pass < 3; pass++)
		for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++) {
			if (pass == 0 && (!deploy_anywhere(g, side) ||
			    deploy_in_others_zone(g, side, p)))
				continue;
			if (deploy_fits(g, unit, p, pass < 2, NULL) == 0) {
				g->units[unit].pos = p;
				return;
			}
		}
	g->units[unit].pos = (struct pos){ 0, 0, 0 };	/* no room at all */
}

/*
 * A side begins to place its units: any of them whose stand-in square an
 * earlier side has since taken gets the engine's square again.
 */
static void
deploy_start_side(struct game *g)
{
	int		 side = g->deploy_order[g->deploy_phase];
	struct event	*e = event_push(g->ev, EV_DEPLOY_START);
	size_t		 i;

	event_str(e, "side", side_names[side]);
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].side == (enum side)side &&
		    !g->scenario->units[i].fixed && deploy_taken(g, (int)i,
		    g->units[i].pos, g->units[i].t->size))
			deploy_default(g, (int)i);
	game_field_refresh(g);
}

bool
game_deploy_begin(struct game *g)
{
	const struct scenario	*s = g->scenario;
	int			 order[SIDE_COUNT], n = 0, k, side;
	size_t			 i;
	bool			 any[SIDE_COUNT] = { false };

	g->deployed = xcalloc(g->units_cap, sizeof *g->deployed);
	for (i = 0; i < g->nunits; i++)
		if (!s->units[i].fixed)
			any[g->units[i].side] = true;
	if (s->mission == MISSION_CRASHED)
		order[n++] = s->mission_side;
	else if (s->mission == MISSION_BASE)
		order[n++] = s->mission_side == SIDE_XCOM ? SIDE_ALIEN :
		    SIDE_XCOM;
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		if (n == 0 || order[0] != side)
			order[n++] = side;
	for (k = 0; k < n; k++)
		if (any[order[k]] && s->sides[order[k]].present)
			g->deploy_order[g->ndeploy++] = order[k];
	/* Off the map until placed: no unplaced unit takes a square. */
	for (i = 0; i < g->nunits; i++)
		if (!s->units[i].fixed)
			g->units[i].pos = (struct pos){ -9, -9, -9 };
	for (i = 0; i < g->nunits; i++)
		if (!s->units[i].fixed)
			deploy_default(g, (int)i);
	game_field_refresh(g);
	if (g->ndeploy == 0)
		return false;
	g->deploying = true;
	g->deploy_phase = 0;
	deploy_start_side(g);
	return true;
}

int
game_deploy_check(const struct game *g, const struct command *c,
    char **cause)
{
	int	side = g->deploy_order[g->deploy_phase];

	if (c->type == CMD_END || c->type == CMD_DICE)
		return 0;
	if (c->type != CMD_DEPLOY)
		return cause_set(cause, "%s is deploying its units: deploy "
		    "them, or end to finish (\xc2\xa7" "4.1)",
		    side_names[side]);
	if (c->unit < 0 || (size_t)c->unit >= g->nunits)
		return cause_set(cause, "no such unit");
	if (g->units[c->unit].side != (enum side)side)
		return cause_set(cause, "%s fights for %s, and %s is "
		    "deploying", g->units[c->unit].id,
		    side_names[g->units[c->unit].side], side_names[side]);
	if (g->scenario->units[c->unit].fixed)
		return cause_set(cause, "%s stands where the scenario put it "
		    "(at:) and cannot be moved", g->units[c->unit].id);
	return deploy_fits(g, c->unit, c->pos, true, cause);
}

int
game_deploy_apply(struct game *g, const struct command *c)
{
	struct event	*e;

	if (c->type == CMD_END) {
		e = event_push(g->ev, EV_DEPLOY_END);
		event_str(e, "side",
		    side_names[g->deploy_order[g->deploy_phase]]);
		if (++g->deploy_phase < g->ndeploy) {
			deploy_start_side(g);
			return 0;
		}
		/* Everyone is down: sight, then round 1. */
		g->deploying = false;
		game_field_refresh(g);
		game_vis_update(g, true);
		game_start_round(g);
		return 0;
	}
	if (c->type != CMD_DEPLOY)
		return 0;
	g->units[c->unit].pos = c->pos;
	g->deployed[c->unit] = true;
	game_field_refresh(g);
	e = event_push(g->ev, EV_DEPLOY);
	event_str(e, "unit", g->units[c->unit].id);
	event_str(e, "side", side_names[g->units[c->unit].side]);
	event_pos(e, "at", c->pos);
	return 0;
}
