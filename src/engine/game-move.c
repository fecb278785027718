/*
 * game-move.c - moving a unit step by step (§5, RULINGS §5), turning, and
 * the reaction fire every step can draw (§6.5, RULINGS §6.5).
 *
 * A move is validated whole (a path within the unit's TUs must exist) and
 * then walked one step at a time, so that the enemy can react after each
 * step; a unit shot down stops where it fell, its remaining steps unwalked.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

enum dir
game_direction(struct pos from, struct pos to)
{
	int	dx = to.x - from.x, dy = to.y - from.y, d;

	/* The octant of (dx, dy), ties going to the diagonal. */
	int	ax = abs(dx), ay = abs(dy);

	if (dx == 0 && dy == 0)
		return DIR_N;
	if (2 * ax < ay)	/* steep: north or south */
		return dy < 0 ? DIR_N : DIR_S;
	if (2 * ay < ax)
		return dx < 0 ? DIR_W : DIR_E;
	for (d = 0; d < DIR_COUNT; d++)
		if (dir_dx[d] == (dx > 0) - (dx < 0) &&
		    dir_dy[d] == (dy > 0) - (dy < 0))
			return (enum dir)d;
	return DIR_N;
}

/*
 * RULINGS §5: 45 degrees 0 TU, 90 degrees 1, 135 or 180 degrees 2; a second
 * 45-degree turn in the same turn costs 1 (§5 table note).
 */
int
game_turn_cost(const struct unit *u, enum dir to)
{
	int	d = abs((int)to - (int)u->facing);

	if (d > 4)
		d = 8 - d;
	switch (d) {
	case 0:
		return 0;
	case 1:
		return u->half_turned ? 1 : 0;
	case 2:
		return 1;
	default:
		return 2;
	}
}

void
game_face(struct game *g, int unit, enum dir to)
{
	struct unit	*u = &g->units[unit];
	int		 cost = game_turn_cost(u, to), d;
	struct event	*e;

	if (to == u->facing)
		return;
	d = abs((int)to - (int)u->facing);
	if (d == 1 || d == 7)
		u->half_turned = !u->half_turned;
	e = event_push(g->ev, EV_TURN);
	event_str(e, "unit", u->id);
	event_str(e, "from", dir_names[u->facing]);
	event_str(e, "to", dir_names[to]);
	event_int(e, "tu", cost);
	u->facing = to;
	u->tu -= cost;
	if (cost > 0)
		u->acted = true;
}

struct mover
game_mover(const struct game *g, int unit)
{
	const struct unit	*u = &g->units[unit];
	struct mover		 m;

	m.size = u->t->size;
	m.flying = unit_flies(g->cat, u);
	/* RULINGS §5: a prone unit stands first, as a kneeling one does. */
	m.kneeling = u->kneeling || u->prone;
	m.multiplier = unit_move_multiplier(g->cat, u);
	return m;
}

/*
 * The side's knowledge for planning, without the unit's own squares: paths
 * never bend round what the side has not seen.  (The walk reads the truth
 * itself, naming the unit's own squares: path_step_cost_with.)
 */
static void
move_field_known(const struct game *g, int unit, struct field *f)
{
	const struct unit	*u = &g->units[unit];
	size_t			 n = (size_t)g->map->width * g->map->height *
				    g->map->levels;
	int			 dx, dy;

	f->flags = xmalloc(n);
	know_field(g, u->controller, f);
	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++) {
			struct pos p = { u->pos.x + dx, u->pos.y + dy,
			    u->pos.z };
			if (map_contains(g->map, p))
				*field_at(f, p) &= (uint8_t)~FIELD_UNIT;
		}
}

/*
 * The path game_check_move found, kept for the game_do_move that follows
 * it (game_execute validates, then applies, changing nothing between):
 * the second search would find the same path.  It is taken only by a move
 * of the same unit, from the same square with the same TUs and posture,
 * to the same square, at the same point of the journal; used or not, the
 * next check replaces it.
 */
struct move_check {
	int		unit;
	struct pos	from, to;
	int		tu;
	bool		kneeling;
	size_t		njournal;
	int		cost;
	struct path	path;
};

static bool
move_same_pos(struct pos a, struct pos b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

static void
move_check_drop(struct game *g)
{
	if (g->move_check == NULL)
		return;
	path_free(&g->move_check->path);
	free(g->move_check);
	g->move_check = NULL;
}

void
game_move_free(struct game *g)
{
	move_check_drop(g);
	if (g->paths != NULL) {
		path_scratch_free(g->paths);
		free(g->paths);
		g->paths = NULL;
	}
	if (g->moves != NULL) {
		path_moves_free(g->moves);
		free(g->moves);
		g->moves = NULL;
	}
}

/*
 * The game's search scratch: kept, so a search clears only what it used.
 * Its searches run over what a side knows, with that side's step words
 * (move_scratch_known); the true map's (game_path_moves, kept by
 * game_move_touch) are made when a player first asks for them.
 */
static struct path_scratch *
move_scratch(const struct game *g)
{
	struct game	*mg = (struct game *)g;

	if (g->paths == NULL) {
		mg->paths = xmalloc(sizeof *mg->paths);
		path_scratch_init(mg->paths);
	}
	return g->paths;
}

/*
 * The scratch for a search over what the unit's side knows
 * (move_field_known): with that side's step words, kept over its memory.
 */
static struct path_scratch *
move_scratch_known(const struct game *g, int unit)
{
	struct path_scratch	*sc = move_scratch(g);

	sc->moves = know_path_moves(g, g->units[unit].controller);
	return sc;
}

struct path_moves *
game_path_moves(const struct game *g)
{
	struct game	*mg = (struct game *)g;

	if (g->moves == NULL) {
		mg->moves = xmalloc(sizeof *mg->moves);
		path_moves_init(mg->moves, g->map);
	}
	return g->moves;
}

void
game_move_touch(struct game *g, struct pos p)
{
	if (g->moves != NULL)
		path_moves_touch(g->moves, p);
}

bool
game_move_check(const struct game *g)
{
	return g->moves == NULL || path_moves_check(g->moves);
}

int
game_path(const struct game *g, int unit, struct pos to, struct path *out,
    char **cause)
{
	const struct unit	*u = &g->units[unit];
	struct mover		 m = game_mover(g, unit);
	struct field		 f;
	int			 cost;

	memset(out, 0, sizeof *out);
	if (!map_contains(g->map, to))
		return cause_set(cause, "%d,%d L%d is off the map", to.x + 1,
		    to.y + 1, to.z + 1);
	if (to.x == u->pos.x && to.y == u->pos.y && to.z == u->pos.z)
		return cause_set(cause, "%s is already there", u->id);
	/* Planned over what its side knows; its own squares are free. */
	move_field_known(g, unit, &f);
	cost = path_find_with(move_scratch_known(g, unit), &f, &m, &u->pos,
	    u->pos, to, 100000, out);
	field_free(&f);
	if (cost == PATH_UNREACHABLE)
		return cause_set(cause, "%s cannot get to %d,%d L%d from "
		    "where it is", u->id, to.x + 1, to.y + 1, to.z + 1);
	return cost;
}

void
game_reach(const struct game *g, int unit, int *cost)
{
	struct field	f;
	struct mover	m = game_mover(g, unit);

	move_field_known(g, unit, &f);
	path_reach_with(move_scratch_known(g, unit), &f, &m,
	    &g->units[unit].pos, g->units[unit].pos, g->units[unit].tu, cost);
	field_free(&f);
}

int
game_check_move(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*u = &g->units[c->unit];
	struct game		*mg = (struct game *)g;
	struct move_check	*k;
	struct path		 p;
	int			 cost;

	if ((cost = game_path(g, c->unit, c->pos, &p, cause)) < 0)
		return -1;
	if (cost > u->tu) {
		path_free(&p);
		return cause_set(cause, "the way to %d,%d L%d costs %d TU; %s "
		    "has %d", c->pos.x + 1, c->pos.y + 1, c->pos.z + 1, cost,
		    u->id, u->tu);
	}
	/* Keeping the path found is a cache, not a change of the game. */
	move_check_drop(mg);
	k = mg->move_check = xcalloc(1, sizeof *k);
	k->unit = c->unit;
	k->from = u->pos;
	k->to = c->pos;
	k->tu = u->tu;
	k->kneeling = u->kneeling;
	k->njournal = g->njournal;
	k->cost = cost;
	k->path = p;
	return 0;
}

/* game_path, or the path the check just before found. */
static int
move_checked_path(struct game *g, const struct command *c, struct path *out,
    char **cause)
{
	const struct unit	*u = &g->units[c->unit];
	struct move_check	*k = g->move_check;
	int			 cost;

	if (k != NULL && k->unit == c->unit && move_same_pos(k->from,
	    u->pos) && move_same_pos(k->to, c->pos) && k->tu == u->tu &&
	    k->kneeling == u->kneeling && k->njournal == g->njournal) {
		*out = k->path;
		cost = k->cost;
		memset(&k->path, 0, sizeof k->path);
		move_check_drop(g);
		return cost;
	}
	move_check_drop(g);
	return game_path(g, c->unit, c->pos, out, cause);
}

/* --- reactions (RULINGS §6.5) ------------------------------------------ */

static bool
move_enemies(const struct unit *a, const struct unit *b)
{
	return a->controller != b->controller &&
	    a->controller != SIDE_CIVILIAN && b->controller != SIDE_CIVILIAN;
}

/*
 * Which units see the mover now: before[] for the next comparison.  Kept
 * out of line: make bench counts it as the reaction check.
 */
static __attribute__((noinline)) void
move_watchers(const struct game *g, int mover, bool *sees)
{
	/* Only enemies react: the kept table has their lines. */
	game_vis_watchers(g, mover, sees);
}

static int
move_reaction_order(const void *a, const void *b, void *ctx)
{
	const struct game	*g = ctx;
	int			 x = *(const int *)a, y = *(const int *)b;
	int			 rx = g->units[x].stats[STAT_RET];
	int			 ry = g->units[y].stats[STAT_RET];

	if (rx != ry)
		return rx > ry ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * Opposed d100 + RET, ties re-rolled (§6.5, §3.4); true if the watcher
 * wins.  `what` names the roll in its events (reaction, civilian).
 */
bool
game_opposed_ret(struct game *g, const char *what, int watcher, int mover)
{
	const struct unit	*w = &g->units[watcher], *m = &g->units[mover];
	int			 rw, rm, tries = 0;
	struct event		*e;

	do {
		rw = game_roll(g, 100, "%s: %s's d100 + RET %d against %s%s",
		    what, w->name, w->stats[STAT_RET], m->name,
		    tries > 0 ? " (a tie re-rolled)" : "");
		rm = game_roll(g, 100, "%s: %s's d100 + RET %d against %s",
		    what, m->name, m->stats[STAT_RET], w->name);
		e = event_push(g->ev, EV_OPPOSED);
		event_str(e, "what", what);
		event_str(e, "watcher", w->id);
		event_int(e, "watcher_roll", rw);
		event_int(e, "watcher_ret", w->stats[STAT_RET]);
		event_str(e, "mover", m->id);
		event_int(e, "mover_roll", rm);
		event_int(e, "mover_ret", m->stats[STAT_RET]);
		event_str(e, "winner", rw + w->stats[STAT_RET] >
		    rm + m->stats[STAT_RET] ? w->id : rw + w->stats[STAT_RET] <
		    rm + m->stats[STAT_RET] ? m->id : "tie");
	} while (rw + w->stats[STAT_RET] == rm + m->stats[STAT_RET] &&
	    ++tries < 100);
	return rw + w->stats[STAT_RET] > rm + m->stats[STAT_RET];
}

/* Every enemy that could not see the mover before and can now may react. */
static void
move_reactions(struct game *g, int mover, const bool *before)
{
	int	*order, n = 0, i;
	bool	*now;

	now = xcalloc(g->nunits, sizeof *now);
	order = xcalloc(g->nunits, sizeof *order);
	move_watchers(g, mover, now);
	for (i = 0; i < (int)g->nunits; i++)
		if (now[i] && !before[i] &&
		    move_enemies(&g->units[i], &g->units[mover]))
			order[n++] = i;
	/* Quickest reflexes first; the unit list breaks ties. */
	for (i = 1; i < n; i++) {
		int j, t;
		for (j = i; j > 0 && move_reaction_order(&order[j],
		    &order[j - 1], g) < 0; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
		}
	}
	for (i = 0; i < n && g->units[mover].status == UNIT_ACTIVE; i++) {
		int w = order[i];
		struct event *e;

		if (g->units[w].status != UNIT_ACTIVE)
			continue;
		e = event_push(g->ev, EV_REACTION_CHECK);
		event_str(e, "watcher", g->units[w].id);
		event_str(e, "target", g->units[mover].id);
		if (g->units[w].prone) {
			/* RULINGS §5: it stands before it fires. */
			event_bool(e, "able", false);
			event_str(e, "why", "prone: it must stand first");
			continue;
		}
		if (!game_can_react(g, w)) {
			event_bool(e, "able", false);
			event_str(e, "why", "no snap shot ready: weapon, "
			    "ammunition or TUs");
			continue;
		}
		event_bool(e, "able", true);
		event_str(e, "why", "came into view");
		if (game_opposed_ret(g, "reaction", w, mover))
			game_reaction_shot(g, w, mover);
	}
	free(order);
	free(now);
}

bool *
game_watch_begin(const struct game *g, int mover)
{
	bool	*before = xcalloc(g->nunits, sizeof *before);

	move_watchers(g, mover, before);
	return before;
}

void
game_watch_end(struct game *g, int mover, bool *before)
{
	move_reactions(g, mover, before);
	free(before);
}

/* --- walking ------------------------------------------------------------- */

/* Open the closed doors a step crosses (the path already paid for them). */
static void
move_open_doors(struct game *g, const struct unit *u, struct pos from,
    struct pos to)
{
	int	dx = to.x - from.x, dy = to.y - from.y, sx, sy;

	if (to.z != from.z || (dx != 0 && dy != 0))
		return;	/* doors are crossed straight, on one level */
	for (sy = 0; sy < u->t->size; sy++)
		for (sx = 0; sx < u->t->size; sx++) {
			struct pos p = { from.x + sx, from.y + sy, from.z };
			enum dir side = dx > 0 ? DIR_E : dx < 0 ? DIR_W :
			    dy > 0 ? DIR_S : DIR_N;
			const struct edge *e;

			if (!map_contains(g->map, p))
				continue;
			e = map_edge(g->map, p, side);
			/* A wide door's other segments open with it (§4.2). */
			if (e->kind == EDGE_DOOR && !(e->flags & EDGE_OPENED))
				game_door_open(g, u, p, side, 2);
		}
}

/* §6.2: movement sets off proximity grenades around every square it fills. */
static void
move_stir(struct game *g, int unit)
{
	const struct unit	*u = &g->units[unit];
	int			 dx, dy;

	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++)
			game_proximity(g, (struct pos){ u->pos.x + dx,
			    u->pos.y + dy, u->pos.z });
}

/* Whether the side sees an enemy it did not see before (seen[] then). */
static bool
move_new_enemy(const struct game *g, enum side side, const bool *seen)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *t = &g->units[i];

		if (t->controller != side && t->controller != SIDE_CIVILIAN &&
		    t->status == UNIT_ACTIVE && !seen[i] &&
		    game_sees(g, side, (int)i))
			return true;
	}
	return false;
}

/* The unit standing where the mover would step (its footprint at to). */
static int
move_blocker(const struct game *g, int mover, struct pos to)
{
	const struct unit	*m = &g->units[mover];
	size_t			 i;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		if ((int)i == mover || u->status != UNIT_ACTIVE ||
		    u->pos.z != to.z)
			continue;
		if (u->pos.x < to.x + m->t->size &&
		    to.x < u->pos.x + u->t->size &&
		    u->pos.y < to.y + m->t->size &&
		    to.y < u->pos.y + u->t->size)
			return (int)i;
	}
	return -1;
}

/* The walk ends here; `by` names the unit in the way, or is -1. */
static void
move_stopped(struct game *g, const struct unit *u, struct pos to,
    const char *why, int by)
{
	struct event	*e = event_push(g->ev, EV_WALK_STOP);

	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	event_pos(e, "next", to);
	event_str(e, "why", why);
	if (by >= 0)
		event_str(e, "by", g->units[by].id);
	event_int(e, "tu_left", u->tu);
}

/*
 * RULINGS §5: the walk follows the path the side planned over what it
 * knows, each step paid as taken.  It stops where the truth parts from the
 * plan (a unit it did not know of in the way, which it then knows of; a door
 * that no longer lets it through; a step dearer than the TUs left: the
 * refused step costs nothing, the side learns that square), and, unless
 * the house rule walk-on-sighting is on, after the step on which an enemy
 * comes into view.
 */
int
game_do_move(struct game *g, const struct command *c, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	enum side	 side = u->controller;
	struct path	 p;
	struct mover	 m = game_mover(g, c->unit);
	bool		*seen, opens;
	int		 cost;
	size_t		 i, k;
	struct event	*e;

	if (move_checked_path(g, c, &p, cause) < 0)
		return -1;
	if (u->kneeling || u->prone) {
		/* path.h: the path's first cost includes standing up. */
		u->kneeling = u->prone = false;
		e = event_push(g->ev, EV_STAND);
		event_str(e, "unit", u->id);
		event_int(e, "tu", 2 * unit_move_multiplier(g->cat, u));
	}
	seen = xcalloc(g->nunits + 1, sizeof *seen);
	for (i = 0; i < p.n && u->status == UNIT_ACTIVE; i++) {
		struct pos from = u->pos, to = p.steps[i].pos;
		bool *before;

		/* The truth, its own squares not in its way. */
		cost = path_step_cost_with(&g->field, &m, &from, from, to,
		    &opens);
		if (cost == PATH_UNREACHABLE) {
			int who = move_blocker(g, c->unit, to);

			know_touch(g, side, to);
			if (who >= 0) {
				know_met(g, side, who);
				move_stopped(g, u, to, "someone it did not know "
				    "of is in the way", who);
			} else
				move_stopped(g, u, to, "the way is blocked",
				    -1);
			break;
		}
		if (cost > u->tu) {
			move_stopped(g, u, to, "not enough TUs for the way as "
			    "it is", -1);
			break;
		}
		m.kneeling = false;
		for (k = 0; k < g->nunits; k++)
			seen[k] = game_sees(g, side, (int)k);
		before = game_watch_begin(g, c->unit);
		if (opens)
			move_open_doors(g, u, from, to);
		u->tu -= cost;
		u->acted = true;
		if (to.x != from.x || to.y != from.y)
			u->facing = game_direction(from, to);
		u->pos = to;
		game_carry_follow(g, c->unit);
		game_field_moved(g, c->unit, from);
		e = event_push(g->ev, EV_STEP);
		event_str(e, "unit", u->id);
		event_pos(e, "to", to);
		event_int(e, "tu_left", u->tu);
		game_vis_update(g, true);
		game_watch_end(g, c->unit, before);
		move_stir(g, c->unit);
		if (i + 1 < p.n && u->status == UNIT_ACTIVE &&
		    !g->scenario->rules.walk_on_sighting &&
		    move_new_enemy(g, side, seen)) {
			move_stopped(g, u, p.steps[i + 1].pos,
			    "an enemy comes into view", -1);
			break;
		}
	}
	free(seen);
	path_free(&p);
	return 0;
}
