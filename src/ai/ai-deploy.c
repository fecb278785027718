/*
 * ai-deploy.c - where the computer places its units before round 1 (§4.1).
 *
 * It knows the map, both sides' deployment zones and what the enemy
 * fields, never where the enemy has put anyone: every square of the
 * enemy's zones is a place a watcher may stand, and so is every square
 * the enemy could walk to in its first phase (its fastest unit's TUs,
 * opening doors on the way).  A shut door is no cover: the enemy opens
 * it (a defender against a hangar wall was shot down the corridor behind
 * the door the raiders opened), so every line is drawn as if each door
 * of the map stood open.  Each unit in turn goes to the free square of
 * its own zones seen from the fewest watching places in the enemy's
 * zones, then out of sight of every square the enemy could reach in its
 * first phase (or from the fewest), then with the most cover about it
 * (walls on its edges, solid objects beside it; doors, windows and
 * fences are none), then farthest from friends already placed (one
 * grenade should not catch two).  Ties go to the first square in reading
 * order, so the choice is a function of the game alone.  Units the
 * scenario fixed (at:) are left alone; when every other unit is placed,
 * or none can be, the AI ends its deployment.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

/* Watching places in the enemy's zones: at most this many, spread out. */
#define AI_DEPLOY_WATCHERS	64
/* Squares the enemy reaches in its first phase, watched from: at most. */
#define AI_DEPLOY_REACHED	128
/* Searches for the ways out of a unit's zone, at most. */
#define AI_DEPLOY_REACHES	8

/*
 * What the side fears, the same for each of its units (nobody sees
 * anybody while units are placed, so the side learns nothing new): the
 * map with every door open, and for each square how many
 * watching places in the enemy's zones (seen_zone) and how many squares
 * the enemy reaches in its first phase (seen_reach) have a line to it.
 */
struct ai_deploy_view {
	const struct map *known;	/* the map as the side knows it */
	struct map	 open;		/* the map's, every door open */
	struct field	 f;		/* over open, no unit in the way */
	struct pos	*watch;		/* places in the enemy's zones */
	size_t		 nwatch;
	int		*seen_zone;	/* [z][y][x] */
	int		*seen_reach;	/* [z][y][x] */
	size_t		 nreached;	/* squares watched from, thinned */
};

static size_t
ai_deploy_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

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

/* A copy of m sharing all but its edges, with every door standing open. */
static void
ai_deploy_open_doors(const struct map *m, struct map *out)
{
	size_t	nv = (size_t)(m->width + 1) * m->height * m->levels;
	size_t	nh = (size_t)m->width * (m->height + 1) * m->levels, i;

	*out = *m;
	out->vedges = xreallocarray(NULL, nv, sizeof *out->vedges);
	memcpy(out->vedges, m->vedges, nv * sizeof *out->vedges);
	out->hedges = xreallocarray(NULL, nh, sizeof *out->hedges);
	memcpy(out->hedges, m->hedges, nh * sizeof *out->hedges);
	for (i = 0; i < nv; i++)
		if (out->vedges[i].kind == EDGE_DOOR)
			out->vedges[i].flags |= EDGE_OPENED;
	for (i = 0; i < nh; i++)
		if (out->hedges[i].kind == EDGE_DOOR)
			out->hedges[i].flags |= EDGE_OPENED;
}

/*
 * The most TUs any active enemy unit has in a phase: how far the enemy's
 * first phase can carry it.  Zero when the enemy has no zones to start
 * from (a base's defenders may stand anywhere: nothing to reckon from).
 */
static int
ai_deploy_enemy_tu(const struct game *g, enum side side)
{
	size_t	i;
	int	tu = 0;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->side == side || u->side == SIDE_CIVILIAN ||
		    u->status != UNIT_ACTIVE ||
		    game_scenario(g)->sides[u->side].nzones == 0)
			continue;
		if (u->stats[STAT_TU] > tu)
			tu = u->stats[STAT_TU];
	}
	return tu;
}

/* Adds one to count[] at every square the eye at `from` sees. */
static void
ai_deploy_count_seen(const struct ai_deploy_view *v, struct pos from,
    uint8_t *vis, int *count)
{
	const struct map	*m = &v->open;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 k;
	int			 radius = m->width > m->height ? m->width :
				    m->height;

	sight_fov(&v->f, from, SIGHT_EYE_STANDING, radius, vis);
	for (k = 0; k < n; k++)
		count[k] += vis[k] != 0;
}

/*
 * The squares the enemy could reach in its first phase from its zones,
 * doors opened on the way, as a 1x1 walker with its fastest unit's TUs
 * (from up to AI_DEPLOY_REACHES of the watching places, which spread
 * over its zones): each one, thinned to AI_DEPLOY_REACHED, counted into
 * seen_reach.  Squares of the enemy's zones are the watchers' already.
 */
static void
ai_deploy_reach(const struct game *g, enum side side,
    struct ai_deploy_view *v, uint8_t *vis)
{
	const struct map	*m = v->known;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	struct mover		 mv = { 1, false, false, 1 };
	struct field		 walk;
	struct pos		 p, *reached;
	size_t			 i, k, nr = 0, step, every;
	int			*best, *one, tu;

	if ((tu = ai_deploy_enemy_tu(g, side)) <= 0 || v->nwatch == 0)
		return;
	walk.map = m;
	walk.flags = xcalloc(n, 1);
	best = xreallocarray(NULL, n, sizeof *best);
	one = xreallocarray(NULL, n, sizeof *one);
	for (k = 0; k < n; k++)
		best[k] = PATH_UNREACHABLE;
	every = v->nwatch > AI_DEPLOY_REACHES ? (v->nwatch +
	    AI_DEPLOY_REACHES - 1) / AI_DEPLOY_REACHES : 1;
	for (i = 0; i < v->nwatch; i += every) {
		path_reach(&walk, &mv, v->watch[i], tu, one);
		for (k = 0; k < n; k++)
			if (one[k] >= 0 && (best[k] < 0 || one[k] < best[k]))
				best[k] = one[k];
	}
	reached = xcalloc(n, sizeof *reached);
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		bool zone = false;
		int e;

		for (e = SIDE_XCOM; e <= SIDE_ALIEN; e++)
			if (e != (int)side && game_in_zone(g, (enum side)e, p))
				zone = true;
		if (best[ai_deploy_index(m, p)] >= 0 && !zone &&
		    map_square_standable(m, p))
			reached[nr++] = p;
	}
	step = nr > AI_DEPLOY_REACHED ? (nr + AI_DEPLOY_REACHED - 1) /
	    AI_DEPLOY_REACHED : 1;
	for (i = 0; i < nr; i += step) {
		ai_deploy_count_seen(v, reached[i], vis, v->seen_reach);
		v->nreached++;
	}
	free(reached);
	free(one);
	free(best);
	free(walk.flags);
}

static void
ai_deploy_view_init(const struct game *g, enum side side,
    struct ai_deploy_view *v)
{
	const struct map	*m = game_map(g);
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i;
	uint8_t			*vis;

	memset(v, 0, sizeof *v);
	v->f.flags = xcalloc(n, 1);
	/* The map and smoke as the side knows them; units hide nobody. */
	game_side_field(g, side, &v->f);
	v->known = v->f.map;
	ai_deploy_open_doors(v->known, &v->open);
	v->f.map = &v->open;
	for (i = 0; i < n; i++)
		v->f.flags[i] &= (uint8_t)~(FIELD_UNIT | FIELD_PRONE);
	v->watch = xcalloc(n, sizeof *v->watch);
	v->nwatch = ai_deploy_watchers(g, side, v->watch);
	v->seen_zone = xcalloc(n, sizeof *v->seen_zone);
	v->seen_reach = xcalloc(n, sizeof *v->seen_reach);
	vis = xmalloc(n);
	for (i = 0; i < v->nwatch; i++)
		ai_deploy_count_seen(v, v->watch[i], vis, v->seen_zone);
	ai_deploy_reach(g, side, v, vis);
	free(vis);
}

void
ai_deploy_free(struct ai *ai)
{
	struct ai_deploy_view	*v = ai->deploy;

	if (v == NULL)
		return;
	free(v->open.vedges);
	free(v->open.hedges);
	free(v->f.flags);
	free(v->watch);
	free(v->seen_zone);
	free(v->seen_reach);
	free(v);
	ai->deploy = NULL;
	ai->deploy_game = NULL;
}

/* The side's view, worked out when its first unit is placed. */
static const struct ai_deploy_view *
ai_deploy_view(struct ai *ai, const struct game *g)
{
	if (ai->deploy != NULL && ai->deploy_game == g)
		return ai->deploy;
	ai_deploy_free(ai);
	ai->deploy = xcalloc(1, sizeof *ai->deploy);
	ai->deploy_game = g;
	ai_deploy_view_init(g, ai->side, ai->deploy);
	return ai->deploy;
}

/*
 * Walls on the square's edges and solid objects next to it: what stops a
 * shot.  A door opens, windows and fences let sight and fire through
 * (RULINGS §4): none of them is cover.
 */
static int
ai_deploy_cover(const struct map *m, struct pos p)
{
	int	cover = 0, d;

	for (d = 0; d < DIR_COUNT; d++) {
		struct pos q = { p.x + dir_dx[d], p.y + dir_dy[d], p.z };

		if (d % 2 == 0 && map_edge(m, p, (enum dir)d)->kind ==
		    EDGE_WALL)
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

/*
 * How a square scores for a unit: out of sight of the enemy's zones
 * first, then of the squares it reaches in its first phase (out of sight
 * of all of them above all, then of the fewest), then cover, then room.
 */
static long
ai_deploy_score(const struct game *g, int unit,
    const struct ai_deploy_view *v, struct pos p)
{
	size_t	k = ai_deploy_index(v->known, p);

	return -1000L * v->seen_zone[k] - (v->seen_reach[k] > 0 ? 300L : 0) -
	    5L * v->seen_reach[k] + 10L * ai_deploy_cover(v->known, p) -
	    15L * ai_deploy_crowd(g, unit, p);
}

/* The best square for the unit, or false when none will take it. */
static bool
ai_deploy_square(const struct game *g, int unit,
    const struct ai_deploy_view *v, struct pos *best)
{
	const struct map	*m = game_map(g);
	enum side		 side = game_unit(g, unit)->side;
	struct field		 f;
	struct command		 c;
	struct pos		 p;
	long			 score, top = 0;
	bool			 found = false;
	int			 pass, *cost;
	bool			 linked;

	f.flags = xcalloc((size_t)m->width * m->height * m->levels, 1);
	cost = xreallocarray(NULL, (size_t)m->width * m->height * m->levels,
	    sizeof *cost);
	game_side_field(g, side, &f);
	linked = ai_deploy_linked(g, unit, &f, v->watch, v->nwatch, cost);
	ai_command_init(&c, CMD_DEPLOY, unit);
	/* A square with a way out if there is one, else any. */
	for (pass = linked ? 0 : 1; pass < 2 && !found; pass++)
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		if (!game_in_zone(g, side, p) || (pass == 0 &&
		    cost[ai_deploy_index(m, p)] < 0))
			continue;
		c.pos = p;
		if (game_check(g, &c, NULL) != 0)
			continue;
		score = ai_deploy_score(g, unit, v, p);
		if (!found || score > top) {
			found = true;
			top = score;
			*best = p;
		}
	}
	free(f.flags);
	free(cost);
	return found;
}

void
ai_deploy_next(struct ai *ai, const struct game *g, struct command *out)
{
	const struct ai_deploy_view *v = ai_deploy_view(ai, g);
	struct pos		 at;
	size_t			 i, k;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->side != ai->side || game_deploy_fixed(g, (int)i) ||
		    game_deployed(g, (int)i) || u->status != UNIT_ACTIVE)
			continue;
		if (!ai_deploy_square(g, (int)i, v, &at))
			continue;
		ai_command_init(out, CMD_DEPLOY, (int)i);
		out->pos = at;
		k = ai_deploy_index(v->known, at);
		ai_say(ai, "deploy %s at %d,%d L%d: seen from %d of %zu "
		    "places in the enemy's zones (doors open), from %d of "
		    "%zu it reaches in a phase, cover %d", u->id, at.x + 1,
		    at.y + 1, at.z + 1, v->seen_zone[k], v->nwatch,
		    v->seen_reach[k], v->nreached,
		    ai_deploy_cover(v->known, at));
		return;
	}
	ai_deploy_free(ai);
	ai_command_init(out, CMD_END, -1);
	ai_say(ai, "%s", "end: every unit is placed");
}
