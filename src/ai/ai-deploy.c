/*
 * ai-deploy.c - where the computer places its units before round 1 (§4.1).
 *
 * It knows the map and both sides' deployment zones, never where the enemy
 * has put anyone: every square of the enemy's zones is a place a watcher
 * may stand.  Each unit in turn goes to the free square of its own zones
 * seen from the fewest of those watching places, then with the most cover
 * about it (walls on its edges, solid objects beside it), then farthest
 * from friends already placed (one grenade should not catch two).  Ties go
 * to the first square in reading order, so the choice is a function of the
 * game alone.  Units the scenario fixed (at:) are left alone; when every
 * other unit is placed, or none can be, the AI ends its deployment.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ai-int.h"
#include "xtac/util.h"

/* Watching places: at most this many, spread over the enemy's zones. */
#define AI_DEPLOY_WATCHERS	64
/* Searches for the ways out of a unit's zone, at most. */
#define AI_DEPLOY_REACHES	8

/* The squares of every enemy zone, thinned to AI_DEPLOY_WATCHERS. */
static size_t
ai_deploy_watchers(const struct game *g, enum side side, struct pos *out)
{
	const struct map	*m = game_map(g);
	struct pos		 p, *all;
	size_t			 n = 0, k, i, step;
	int			 enemy;

	all = xcalloc((size_t)m->width * m->height * m->levels, sizeof *all);
	for (enemy = SIDE_XCOM; enemy <= SIDE_ALIEN; enemy++) {
		if (enemy == (int)side ||
		    game_scenario(g)->sides[enemy].nzones == 0)
			continue;
		for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
		for (p.x = 0; p.x < m->width; p.x++)
			if (game_in_zone(g, (enum side)enemy, p) &&
			    map_square_standable(m, p))
				all[n++] = p;
	}
	step = n > AI_DEPLOY_WATCHERS ? (n + AI_DEPLOY_WATCHERS - 1) /
	    AI_DEPLOY_WATCHERS : 1;
	for (i = k = 0; i < n; i += step)
		out[k++] = all[i];
	free(all);
	return k;
}

/* Walls on the square's edges and solid objects next to it. */
static int
ai_deploy_cover(const struct map *m, struct pos p)
{
	int	cover = 0, d;

	for (d = 0; d < DIR_COUNT; d++) {
		struct pos q = { p.x + dir_dx[d], p.y + dir_dy[d], p.z };

		if (d % 2 == 0 && map_edge(m, p, (enum dir)d)->kind !=
		    EDGE_OPEN)
			cover++;
		if (map_contains(m, q) && map_square(m, q)->object !=
		    OBJECT_NONE && m->objects[map_square(m, q)->object].solid)
			cover++;
	}
	return cover;
}

/* Friends already placed within two squares. */
static int
ai_deploy_crowd(const struct game *g, int unit, struct pos p)
{
	const struct unit	*u = game_unit(g, unit);
	size_t			 i;
	int			 n = 0;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *o = game_unit(g, (int)i);

		if ((int)i == unit || o->side != u->side ||
		    !(game_deployed(g, (int)i) ||
		    game_deploy_fixed(g, (int)i)) || o->pos.z != p.z)
			continue;
		if (abs(o->pos.x - p.x) <= 2 && abs(o->pos.y - p.y) <= 2)
			n++;
	}
	return n;
}

/* How many squares of the side's zones cost[] reaches. */
static size_t
ai_deploy_in_zone(const struct game *g, enum side side, const int *cost)
{
	const struct map	*m = game_map(g);
	struct pos		 p;
	size_t			 n = 0, k = 0;

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++, k++)
		n += cost[k] >= 0 && game_in_zone(g, side, p);
	return n;
}

/*
 * The squares of the unit's zones it may be placed on, cost[] >= 0 there:
 * those from which it could walk (or fly) into the enemy's zones, as the
 * map stands with nobody on it.  A unit placed elsewhere can never come
 * out (a 2x2 Reaper in a barn with a narrow door, a crew shut in a hull):
 * hidden from every watcher, it scored best, and the game went to the
 * round cap.  Fences may cut the enemy's zones into pockets, so the ways
 * from up to AI_DEPLOY_REACHES watching places not yet joined are added
 * up.  False when no square of the unit's zones is linked.
 */
static bool
ai_deploy_linked(const struct game *g, int unit, const struct field *f,
    const struct pos *watch, size_t nwatch, int *cost)
{
	const struct unit	*u = game_unit(g, unit);
	const struct map	*m = game_map(g);
	size_t			 n = (size_t)m->width * m->height * m->levels;
	struct field		 open;
	struct mover		 mv;
	size_t			 i, k, w;
	int			*one, pass;
	unsigned		 reaches;

	open.map = f->map;
	open.flags = xmalloc(n);
	for (k = 0; k < n; k++)
		open.flags[k] = f->flags[k] & (uint8_t)~FIELD_UNIT;
	one = xreallocarray(NULL, n, sizeof *one);
	for (k = 0; k < n; k++)
		cost[k] = PATH_UNREACHABLE;
	mv.size = u->t->size;
	mv.flying = unit_flies(game_catalog(g), u);
	mv.kneeling = false;
	mv.multiplier = 1;
	/*
	 * Then, if it has no way out (fences everywhere for a 2x2 unit):
	 * where the enemy's soldiers can come to it, or it waits out the
	 * game where nobody can reach it.
	 */
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (mv.size == 1 && !mv.flying)
				break;
			mv.size = 1;
			mv.flying = false;
		}
		for (i = 0, reaches = 0; i < nwatch &&
		    reaches < AI_DEPLOY_REACHES; i++) {
			w = ((size_t)watch[i].z * m->height + watch[i].y) *
			    m->width + watch[i].x;
			if (cost[w] >= 0 || watch[i].x + mv.size > m->width ||
			    watch[i].y + mv.size > m->height)
				continue;
			path_reach(&open, &mv, watch[i], INT32_MAX / 4, one);
			reaches++;
			for (k = 0; k < n; k++)
				if (one[k] >= 0 && cost[k] < 0)
					cost[k] = one[k];
		}
		if (ai_deploy_in_zone(g, u->side, cost) > 0)
			break;
	}
	free(one);
	free(open.flags);
	return ai_deploy_in_zone(g, u->side, cost) > 0;
}

/* The best square for the unit, or false when none will take it. */
static bool
ai_deploy_square(const struct game *g, int unit, const struct pos *watch,
    size_t nwatch, struct pos *best, int *best_seen)
{
	const struct map	*m = game_map(g);
	enum side		 side = game_unit(g, unit)->side;
	struct field		 f;
	struct command		 c;
	struct pos		 p;
	long			 score, top = 0;
	bool			 found = false;
	size_t			 i;
	int			 seen, pass, *cost;
	bool			 linked;

	/* Only what the side knows stands in the way of a line. */
	f.flags = xcalloc((size_t)m->width * m->height * m->levels, 1);
	cost = xreallocarray(NULL, (size_t)m->width * m->height * m->levels,
	    sizeof *cost);
	game_side_field(g, side, &f);
	linked = ai_deploy_linked(g, unit, &f, watch, nwatch, cost);
	ai_command_init(&c, CMD_DEPLOY, unit);
	/* A square with a way out if there is one, else any. */
	for (pass = linked ? 0 : 1; pass < 2 && !found; pass++)
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		if (!game_in_zone(g, side, p) || (pass == 0 &&
		    cost[((size_t)p.z * m->height + p.y) * m->width + p.x] <
		    0))
			continue;
		c.pos = p;
		if (game_check(g, &c, NULL) != 0)
			continue;
		seen = 0;
		for (i = 0; i < nwatch; i++) {
			struct sight_result r;

			if (sight_line(&f, watch[i], SIGHT_EYE_STANDING, p,
			    SIGHT_CENTRE, &r))
				seen++;
		}
		score = -1000L * seen + 10L * ai_deploy_cover(m, p) -
		    15L * ai_deploy_crowd(g, unit, p);
		if (!found || score > top) {
			found = true;
			top = score;
			*best = p;
			*best_seen = seen;
		}
	}
	free(f.flags);
	free(cost);
	return found;
}

void
ai_deploy_next(struct ai *ai, const struct game *g, struct command *out)
{
	struct pos	*watch, at;
	size_t		 nwatch, i;
	int		 seen;
	const struct map *m = game_map(g);

	watch = xcalloc((size_t)m->width * m->height * m->levels,
	    sizeof *watch);
	nwatch = ai_deploy_watchers(g, ai->side, watch);
	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->side != ai->side || game_deploy_fixed(g, (int)i) ||
		    game_deployed(g, (int)i) || u->status != UNIT_ACTIVE)
			continue;
		if (!ai_deploy_square(g, (int)i, watch, nwatch, &at, &seen))
			continue;
		ai_command_init(out, CMD_DEPLOY, (int)i);
		out->pos = at;
		ai_say(ai, "deploy %s at %d,%d L%d: seen from %d of %zu "
		    "places in the enemy's zones, cover %d", u->id, at.x + 1,
		    at.y + 1, at.z + 1, seen, nwatch,
		    ai_deploy_cover(m, at));
		free(watch);
		return;
	}
	free(watch);
	ai_command_init(out, CMD_END, -1);
	ai_say(ai, "%s", "end: every unit is placed");
}
