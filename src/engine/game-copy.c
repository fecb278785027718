/*
 * game-copy.c - private worlds for planning (game-copy.h): a deep copy of
 * the game, and the game as one side knows it with what it does not know
 * sampled.
 *
 * What a game keeps only to go faster (who sees whom, step words, search
 * scratch, a checked path) is not copied: the copy works it out again
 * when first asked, from its own state, so nothing of the original's
 * caches can leak into a world built from a side's knowledge.
 */
#include <stdlib.h>
#include <string.h>

#include "know-int.h"
#include "xtac/game-copy.h"
#include "xtac/util.h"

/* A world's draws: not the rules' nor the cosmetic stream. */
#define COPY_RNG_STREAM		((enum rng_stream)11)
/* How far a unit not seen may have gone: rounds of its TUs, at most. */
#define COPY_MAX_ROUNDS		3

static void *
copy_bytes(const void *src, size_t n, size_t size)
{
	void	*p = xcalloc(n > 0 ? n : 1, size);

	if (n > 0)
		memcpy(p, src, n * size);
	return p;
}

static size_t
copy_cells(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

/*
 * Everything but the knowledge layer and the caches, over a copy of map
 * `m` (the truth, or a side's memory of it).
 */
static struct game *
copy_state(const struct game *g, const struct map *m)
{
	struct game	*c = xcalloc(1, sizeof *c);
	size_t		 cells = copy_cells(g->map);
	size_t		 seen = SIDE_COUNT * (g->nunits + 1);

	c->scenario = g->scenario;
	c->cat = g->cat;
	c->map = game_copy_map(m);
	field_init(&c->field, c->map);
	memcpy(c->field.flags, g->field.flags, cells);
	c->seed = g->seed;
	c->rules = g->rules;
	c->cosmetic = g->cosmetic;
	memcpy(c->forced, g->forced, g->nforced * sizeof *g->forced);
	c->nforced = g->nforced;
	c->units_cap = g->units_cap;
	c->nunits = g->nunits;
	c->units = xcalloc(c->units_cap, sizeof *c->units);
	memcpy(c->units, g->units, g->nunits * sizeof *g->units);
	c->ground = copy_bytes(g->ground, g->nground, sizeof *g->ground);
	c->nground = g->nground;
	c->round = g->round;
	memcpy(c->order, g->order, sizeof c->order);
	c->norder = g->norder;
	c->phase = g->phase;
	c->head_start = g->head_start;
	c->deploying = g->deploying;
	memcpy(c->deploy_order, g->deploy_order, sizeof c->deploy_order);
	c->ndeploy = g->ndeploy;
	c->deploy_phase = g->deploy_phase;
	if (g->deployed != NULL)
		c->deployed = copy_bytes(g->deployed, g->units_cap,
		    sizeof *g->deployed);
	c->selected = g->selected;
	c->over = g->over;
	c->winner = g->winner;
	c->end_reason = g->end_reason;
	memcpy(c->missions, g->missions, sizeof c->missions);
	c->sees = copy_bytes(g->sees, seen, sizeof *g->sees);
	c->seen = copy_bytes(g->seen, seen, sizeof *g->seen);
	c->last_seen = copy_bytes(g->last_seen, seen, sizeof *g->last_seen);
	c->seen_down = copy_bytes(g->seen_down, seen, sizeof *g->seen_down);
	c->smoke = copy_bytes(g->smoke, cells, 1);
	c->fire = copy_bytes(g->fire, cells, 1);
	c->lit = copy_bytes(g->lit, cells, 1);
	c->building_walls = copy_bytes(g->building_walls, g->map->nbuildings,
	    sizeof *g->building_walls);
	c->collapsed = copy_bytes(g->collapsed, g->map->nbuildings,
	    sizeof *g->collapsed);	/* game_copy_known: its own */
	memcpy(c->blasts, g->blasts, g->nblasts * sizeof *g->blasts);
	c->nblasts = g->nblasts;
	return c;
}

static void
copy_side_memory(struct know_side *to, const struct know_side *from,
    size_t cells, size_t units)
{
	to->map = game_copy_map(from->map);
	to->vis = copy_bytes(from->vis, cells, 1);
	to->inview = copy_bytes(from->inview, cells, sizeof *to->inview);
	to->ninview = from->ninview;
	to->inview_at = copy_bytes(from->inview_at, cells,
	    sizeof *to->inview_at);
	to->round = copy_bytes(from->round, cells, sizeof *to->round);
	to->smoke = copy_bytes(from->smoke, cells, 1);
	to->fire = copy_bytes(from->fire, cells, 1);
	to->flags = copy_bytes(from->flags, cells, 1);
	to->moves = NULL;
	to->ground = copy_bytes(from->ground, from->nground,
	    sizeof *to->ground);
	to->nground = to->ground_cap = from->nground;
	to->unit_round = copy_bytes(from->unit_round, units,
	    sizeof *to->unit_round);
	to->unit_facing = copy_bytes(from->unit_facing, units,
	    sizeof *to->unit_facing);
	to->unit_t = copy_bytes(from->unit_t, units, sizeof *to->unit_t);
}

struct game *
game_copy(const struct game *g)
{
	struct game	*c = copy_state(g, g->map);
	size_t		 cells = copy_cells(g->map), s;

	c->doors = copy_bytes(g->doors, g->ndoors, sizeof *g->doors);
	c->ndoors = c->doors_cap = g->ndoors;
	if (g->know != NULL) {
		c->know = xcalloc(1, sizeof *c->know);
		c->know->cells = g->know->cells;
		for (s = 0; s < SIDE_COUNT; s++)
			copy_side_memory(&c->know->sides[s],
			    &g->know->sides[s], cells, g->units_cap);
		if (g->know->nchanged > 0) {
			c->know->changed = copy_bytes(g->know->changed,
			    g->know->nchanged, sizeof *g->know->changed);
			c->know->nchanged = c->know->changed_cap =
			    g->know->nchanged;
		}
		c->know->changed_all = g->know->changed_all;
	}
	/*
	 * The copy's sight is worked out afresh when asked: what each side
	 * sees now comes in again, as it is.
	 */
	if (c->know != NULL)
		for (s = 0; s < SIDE_COUNT; s++) {
			struct know_side *ks = &c->know->sides[s];

			memset(ks->vis, 0, cells);
			ks->ninview = 0;
		}
	game_vis_update(c, false);
	return c;
}

void
game_copy_reseed(struct game *c, uint64_t seed)
{
	c->seed = seed;
	rng_seed(&c->rules, seed, RNG_STREAM_RULES);
	rng_seed(&c->cosmetic, seed, RNG_STREAM_COSMETIC);
	c->nforced = 0;
}

/* --- the game as a side knows it ------------------------------------------ */

/* Whether side sees p now, or any square of a 2x2 unit standing there. */
static bool
copy_in_sight(const struct game *g, enum side side, struct pos p, int size)
{
	struct pos	q;
	int		dx, dy;

	for (dy = 0; dy < size; dy++)
		for (dx = 0; dx < size; dx++) {
			q = (struct pos){ p.x + dx, p.y + dy, p.z };
			if (map_contains(g->map, q) &&
			    know_in_sight(g, side, q))
				return true;
		}
	return false;
}

/*
 * Whether a unit `size` squares a side, standing at p (its north-west
 * square) is on the map with a floor under each of its squares.
 */
static bool
copy_fits(const struct map *m, struct pos p, int size)
{
	struct pos	q;
	int		dx, dy;

	for (dy = 0; dy < size; dy++)
		for (dx = 0; dx < size; dx++) {
			q = (struct pos){ p.x + dx, p.y + dy, p.z };
			if (!map_contains(m, q) ||
			    map_square(m, q)->floor == FLOOR_NONE)
				return false;
		}
	return true;
}

/*
 * A square of side's deployment zones where a unit of `size` fits (a 2x2
 * one on a zone along the map's edge: not on its last row or column),
 * drawn at random (the scenario's zones, known to every side), or false
 * if it has none.
 */
static bool
copy_zone_square(const struct game *c, enum side side, int size,
    struct rng *r, struct pos *out)
{
	const struct map	*m = c->map;
	struct pos		 p;
	size_t			 n = 0, k;

	for (k = 0; k < 2; k++) {
		size_t pick = k == 0 ? 0 : rng_below(r, (uint32_t)n), i = 0;

		if (k == 1 && n == 0)
			return false;
		for (p.z = 0; p.z < m->levels; p.z++)
			for (p.y = 0; p.y < m->height; p.y++)
				for (p.x = 0; p.x < m->width; p.x++) {
					if (!game_in_zone(c, side, p) ||
					    !copy_fits(m, p, size))
						continue;
					if (k == 0)
						n++;
					else if (i++ == pick) {
						*out = p;
						return true;
					}
				}
	}
	return false;
}

/*
 * Put unit u, whose square the side does not see, somewhere it may be:
 * reachable from `from` within `tu` over the world's field (the units
 * placed so far in the way), out of the side's sight.  Stays at `from`
 * when nowhere is.
 */
static void
copy_spread(struct game *c, const struct game *g, enum side side, int unit,
    struct pos from, int tu, struct rng *r, int *cost)
{
	struct unit	*u = &c->units[unit];
	struct mover	 m = game_mover(c, unit);
	size_t		 cells = copy_cells(c->map), i, n = 0, pick;
	int		 k;

	u->pos = from;
	if (!map_contains(c->map, from))
		return;
	m.kneeling = false;
	path_reach(&c->field, &m, from, tu, cost);
	for (k = 0; k < 2; k++) {
		pick = k == 0 ? 0 : rng_below(r, (uint32_t)n);
		for (i = 0; i < cells; i++) {
			struct pos p = { (int)(i % (size_t)c->map->width),
			    (int)(i / (size_t)c->map->width %
			    (size_t)c->map->height), (int)(i /
			    ((size_t)c->map->width * c->map->height)) };

			if (cost[i] < 0 || copy_in_sight(g, side, p,
			    u->t->size))
				continue;
			if (k == 0)
				n++;
			else if (pick-- == 0) {
				u->pos = p;
				return;
			}
		}
		/*
		 * Nowhere: where it was last seen, unless the side sees that
		 * square now (then it is not there, and is left out).
		 */
		if (n == 0) {
			if (copy_in_sight(g, side, from, u->t->size))
				u->pos = (struct pos){ -1, -1, -1 };
			return;
		}
	}
}

/*
 * A unit the side does not see, made from what it knows: fresh from the
 * scenario (or, joined later, from its type), with the type and facing it
 * was last seen with; down if it was down then.  False for a unit the
 * side cannot know of (joined later and never seen): it is left out.
 */
static bool
copy_unknown_unit(struct game *c, const struct game *g, enum side side,
    int unit, struct know_unit *ku, bool *known)
{
	const struct scenario	*s = g->scenario;
	struct unit		*u = &c->units[unit];
	struct unit_setup	 setup;

	*known = know_unit(g, side, unit, ku);
	if ((size_t)unit < s->nunits)
		setup = s->units[unit];
	else if (*known) {
		memset(&setup, 0, sizeof setup);
		memcpy(setup.id, g->units[unit].id, sizeof setup.id);
		setup.side = g->units[unit].side;
		setup.type = (int)(ku->t - g->cat->units);
		for (size_t h = 0; h < HAND_COUNT; h++)
			setup.hands[h].item = setup.hands[h].ammo = -1;
		setup.armour = -1;
	} else
		return false;
	game_setup_unit(c, u, &setup);
	u->name = g->units[unit].name;	/* the scenario's, not setup's */
	if (*known) {
		u->t = ku->t;
		u->type = (int)(ku->t - g->cat->units);
		u->facing = ku->facing;
		u->pos = ku->at;
		if (ku->down)
			u->status = UNIT_DEAD;
	}
	return true;
}

/* The side's memory of the floor's items, as carried fresh. */
static void
copy_known_ground(struct game *c, const struct know_side *ks)
{
	size_t	i;

	free(c->ground);
	c->ground = xcalloc(ks->nground > 0 ? ks->nground : 1,
	    sizeof *c->ground);
	for (i = 0; i < ks->nground; i++) {
		c->ground[i].pos = ks->ground[i].pos;
		c->ground[i].c = game_carried(c->cat, ks->ground[i].item, -1);
	}
	c->nground = ks->nground;
}

/*
 * Every side but `side` starts from the briefing (the world's map, which
 * is the side's memory), knowing none of the units; `side` keeps its own
 * memory.
 */
static void
copy_known_memory(struct game *c, const struct game *g, enum side side)
{
	struct know_side	*ks;
	size_t			 cells = copy_cells(c->map), i;

	c->know = know_new(c);
	ks = &c->know->sides[side];
	know_side_free(ks);
	copy_side_memory(ks, know_side_of(g, side), cells, g->units_cap);
	/* What it sees now comes in again as sight is worked out. */
	for (i = 0; i < cells; i++)
		if (ks->vis[i])
			ks->round[i] = g->round;
	memset(ks->vis, 0, cells);
	ks->ninview = 0;
}

struct game *
game_copy_known(const struct game *g, enum side side, uint64_t seed)
{
	const struct know_side	*ks = know_side_of(g, side);
	struct game		*c = copy_state(g, know_map(g, side));
	size_t			 cells = copy_cells(g->map), n = g->nunits, i;
	size_t			 s, *order;
	struct rng		 r;
	int			*cost;

	rng_seed(&r, seed, COPY_RNG_STREAM);
	game_copy_reseed(c, seed);
	for (i = 0; i < cells; i++) {
		c->smoke[i] = ks->smoke[i];
		c->fire[i] = ks->fire[i];
		c->lit[i] = (ks->flags[i] & FIELD_GLARE) != 0 ||
		    (ks->vis[i] && g->lit[i]);
	}
	for (s = 0; s < SIDE_COUNT; s++)
		if (s != (size_t)side) {
			c->missions[s].mission = MISSION_ASSAULT;
			c->missions[s].achieved = c->missions[s].reverted =
			    false;
			c->missions[s].unit = c->missions[s].object = -1;
		}
	copy_known_ground(c, ks);
	/* A building's fall out of sight is not known: none has fallen. */
	memset(c->collapsed, 0, c->map->nbuildings * sizeof *c->collapsed);
	/* Others' memory is theirs: in the world they know what they see. */
	for (s = 0; s < SIDE_COUNT; s++)
		if (s != (size_t)side)
			for (i = 0; i < n; i++) {
				c->sees[s * n + i] = c->seen[s * n + i] =
				    c->seen_down[s * n + i] = false;
				c->last_seen[s * n + i] = (struct pos){ 0, 0,
				    0 };
			}

	/*
	 * Units the side does not see: made from what it knows, first all
	 * out of the way, then put one by one (the last seen first) where
	 * they may be, each in the way of the next.
	 */
	order = xcalloc(n > 0 ? n : 1, sizeof *order);
	cost = xcalloc(cells, sizeof *cost);
	for (i = 0; i < n; i++) {
		struct know_unit ku;
		bool known;

		c->sees[side * n + i] = g->sees[side * n + i];
		if (g->sees[side * n + i])
			continue;
		if (!copy_unknown_unit(c, g, side, (int)i, &ku, &known)) {
			/* Never seen, joined later: no such unit to it. */
			c->units[i].status = UNIT_DEAD;
			c->units[i].pos = (struct pos){ -1, -1, -1 };
			continue;
		}
		order[i] = known ? 1 : 2;
		if (c->units[i].status == UNIT_ACTIVE)
			c->units[i].pos = (struct pos){ -1, -1, -1 };
	}
	game_field_refresh(c);
	for (s = 1; s <= 2; s++)
		for (i = 0; i < n; i++) {
			struct unit *u = &c->units[i];
			struct know_unit ku;
			struct pos from;
			int rounds;

			if (order[i] != s || u->status != UNIT_ACTIVE)
				continue;
			if (s == 1) {
				(void)know_unit(g, side, (int)i, &ku);
				from = ku.at;
				rounds = g->round - ku.round + 1;
			} else {
				from = g->scenario->units[i].pos;
				if (!g->scenario->units[i].fixed &&
				    !copy_zone_square(c, u->side, u->t->size,
				    &r, &from))
					continue;	/* nowhere: left out */
				rounds = g->round > 0 ? g->round : 1;
			}
			if (rounds > COPY_MAX_ROUNDS)
				rounds = COPY_MAX_ROUNDS;
			copy_spread(c, g, side, (int)i, from,
			    rounds * u->stats[STAT_TU], &r, cost);
			game_field_refresh(c);
		}
	/* Anyone left with nowhere to be is no part of this world. */
	for (i = 0; i < n; i++)
		if (!map_contains(c->map, c->units[i].pos)) {
			c->units[i].status = UNIT_DEAD;
			c->units[i].pos = (struct pos){ 0, 0, 0 };
		}
	game_field_refresh(c);
	free(cost);
	free(order);
	game_doors_find(c);
	copy_known_memory(c, g, side);
	game_vis_update(c, false);
	return c;
}
