/*
 * know.c - what each side knows (know.h): its memory of the map and of the
 * units, updated from what it sees whenever game_vis_update() works sight
 * out afresh, and read back for the side.  The seen-by stamps and the
 * views of events are know-event.c's, its hash know-hash.c's.
 *
 * The squares a side sees are kept by game-seen.c, each unit's field of
 * view worked out again only when a change can have changed it; it tells
 * know_observe() the squares that came into or left the side's sight,
 * and only those are looked at.  A square in sight is memory kept equal
 * to the truth: the code changing a square says so (know_changed), and
 * know_stamp() copies it for each side that sees it, before sight moves
 * on.  No pass over the map, seen or hidden, happens per event.
 */
#include <stdlib.h>
#include <string.h>

#include "know-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

static size_t
know_cells(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

size_t
know_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

struct know *
know_new(const struct game *g)
{
	struct know	*k = xcalloc(1, sizeof *k);
	size_t		 s, i;

	k->cells = know_cells(g->map);
	for (s = 0; s < SIDE_COUNT; s++) {
		struct know_side *ks = &k->sides[s];

		/* The briefing: every side starts from the map on the table. */
		ks->map = game_copy_map(g->map);
		ks->vis = xcalloc(k->cells, 1);
		ks->inview = xcalloc(k->cells, sizeof *ks->inview);
		ks->inview_at = xcalloc(k->cells, sizeof *ks->inview_at);
		ks->round = xcalloc(k->cells, sizeof *ks->round);
		for (i = 0; i < k->cells; i++)
			ks->round[i] = -1;
		ks->smoke = xcalloc(k->cells, 1);
		ks->fire = xcalloc(k->cells, 1);
		ks->flags = xcalloc(k->cells, 1);
		ks->unit_round = xcalloc(g->units_cap, sizeof *ks->unit_round);
		ks->unit_facing = xcalloc(g->units_cap,
		    sizeof *ks->unit_facing);
		ks->unit_t = xcalloc(g->units_cap, sizeof *ks->unit_t);
	}
	return k;
}

void
know_side_free(struct know_side *ks)
{
	if (ks->moves != NULL)
		path_moves_free(ks->moves);
	free(ks->moves);
	map_free(ks->map);
	free(ks->vis);
	free(ks->inview);
	free(ks->inview_at);
	free(ks->round);
	free(ks->smoke);
	free(ks->fire);
	free(ks->flags);
	free(ks->ground);
	free(ks->unit_round);
	free(ks->unit_facing);
	free(ks->unit_t);
}

void
know_free(struct know *k)
{
	size_t	s;

	if (k == NULL)
		return;
	free(k->changed);
	free(k->words);
	free(k->rounds);
	for (s = 0; s < SIDE_COUNT; s++)
		know_side_free(&k->sides[s]);
	free(k->fault);
	free(k);
}

/* --- taking in what a side sees ------------------------------------------- */

/* know_field's flags of a square but for units (know_side's flags). */
static uint8_t
know_ground_flags(uint8_t glare, int smoke, int fire)
{
	return (uint8_t)(glare | (smoke > 0 ? FIELD_SMOKE : 0) |
	    (fire > 0 ? FIELD_FIRE : 0));
}

/*
 * Whether map k holds square i ([z][y][x]) and its four edges as m does.
 * The edges are found from i alone: a row r = z * height + y holds width
 * squares and width + 1 west/east edges; a level holds one more row of
 * north/south edges than of squares.
 */
static bool
know_terrain_same(const struct map *m, const struct map *k, size_t i)
{
	size_t	w = (size_t)m->width, r = i / w;
	size_t	vi = i + r, hi = i + r / (size_t)m->height * w;

	return memcmp(&k->squares[i], &m->squares[i], sizeof *k->squares) ==
	    0 && memcmp(&k->vedges[vi], &m->vedges[vi], 2 *
	    sizeof *k->vedges) == 0 && memcmp(&k->hedges[hi], &m->hedges[hi],
	    sizeof *k->hedges) == 0 && memcmp(&k->hedges[hi + w],
	    &m->hedges[hi + w], sizeof *k->hedges) == 0;
}

/*
 * The side's step words (know_path_moves), told that square i or one of
 * its edges changed: the square and the four beyond its edges.
 */
static void
know_moves_touch(struct know_side *ks, size_t i)
{
	const struct map	*k = ks->map;
	size_t			 w = (size_t)k->width, h = (size_t)k->height;
	struct pos		 p = { (int)(i % w), (int)(i / w % h),
				    (int)(i / (w * h)) };
	int			 d;

	path_moves_touch(ks->moves, p);
	for (d = 0; d < DIR_COUNT; d += 2)
		path_moves_touch(ks->moves, (struct pos){ p.x + dir_dx[d],
		    p.y + dir_dy[d], p.z });
}

/*
 * The square at [z][y][x] index i, copied from the truth (edges as in
 * know_terrain_same).  It runs for every square coming into sight, so it
 * does no more than copy, and compare when the side keeps step words.
 */
static void
know_copy_square(const struct game *g, struct know_side *ks, size_t i)
{
	const struct map	*m = g->map;
	struct map		*k = ks->map;
	size_t			 w = (size_t)m->width, r = i / w;
	size_t			 vi = i + r, hi = i + r / (size_t)m->height * w;

	if (ks->moves != NULL && !know_terrain_same(m, k, i))
		know_moves_touch(ks, i);
	k->squares[i] = m->squares[i];
	k->vedges[vi] = m->vedges[vi];
	k->vedges[vi + 1] = m->vedges[vi + 1];
	k->hedges[hi] = m->hedges[hi];
	k->hedges[hi + w] = m->hedges[hi + w];
	ks->smoke[i] = g->smoke[i];
	ks->fire[i] = g->fire[i];
	ks->flags[i] = know_ground_flags(ks->flags[i] & FIELD_GLARE,
	    ks->smoke[i], ks->fire[i]);
}

/* Items in sight replace what the side remembered lying there. */
static void
know_see_ground(const struct game *g, struct know_side *ks)
{
	const struct map	*m = g->map;
	size_t			 i, n = 0;

	for (i = 0; i < ks->nground; i++)
		if (!ks->vis[know_index(m, ks->ground[i].pos)])
			ks->ground[n++] = ks->ground[i];
	ks->nground = n;
	for (i = 0; i < g->nground; i++) {
		if (!map_contains(m, g->ground[i].pos) ||
		    !ks->vis[know_index(m, g->ground[i].pos)])
			continue;
		if (ks->nground == ks->ground_cap) {
			ks->ground_cap = ks->ground_cap ? ks->ground_cap * 2 :
			    16;
			ks->ground = xreallocarray(ks->ground, ks->ground_cap,
			    sizeof *ks->ground);
		}
		ks->ground[ks->nground].pos = g->ground[i].pos;
		ks->ground[ks->nground++].item = g->ground[i].c.item;
	}
}

/* The units the side sees, as they are now. */
static void
know_sync_units(struct game *g, size_t s)
{
	struct know_side	*ks = &g->know->sides[s];
	size_t			 u;

	for (u = 0; u < g->nunits; u++)
		if (g->sees[s * g->nunits + u]) {
			ks->unit_round[u] = g->round;
			ks->unit_facing[u] = g->units[u].facing;
			ks->unit_t[u] = g->units[u].t;
		}
}

void
know_lit(struct game *g, size_t i)
{
	size_t	s;

	/* Glare is light a side sees wherever it is, by day (§7.4). */
	if (g->know == NULL || g->scenario->night)
		return;
	for (s = 0; s < SIDE_COUNT; s++)
		g->know->sides[s].flags[i] |= FIELD_GLARE;
}

void
know_changed(struct game *g, size_t i)
{
	struct know	*k = g->know;

	if (k == NULL || k->changed_all)
		return;
	if (k->nchanged == k->cells) {
		k->changed_all = true;
		return;
	}
	if (k->nchanged == k->changed_cap) {
		k->changed_cap = k->changed_cap ? 2 * k->changed_cap : 16;
		k->changed = xreallocarray(k->changed, k->changed_cap,
		    sizeof *k->changed);
	}
	k->changed[k->nchanged++] = i;
}

void
know_take_changes(struct game *g)
{
	struct know		*k = g->know;
	struct know_side	*ks;
	size_t			 s, i;

	for (s = 0; s < SIDE_COUNT; s++) {
		if (s == SIDE_CIVILIAN)
			continue;
		ks = &k->sides[s];
		if (k->changed_all)
			for (i = 0; i < ks->ninview; i++)
				know_copy_square(g, ks, ks->inview[i]);
		else
			for (i = 0; i < k->nchanged; i++)
				if (ks->vis[k->changed[i]])
					know_copy_square(g, ks,
					    k->changed[i]);
	}
	k->nchanged = 0;
	k->changed_all = false;
}

/*
 * Bring the side's memory of what it sees up to the truth: the units it
 * sees, the items on the squares it sees (its squares are kept true as
 * they change: know_take_changes).  Run before sight changes
 * (know_stamp), so memory holds what the side last saw whenever a unit
 * leaves its sight, however often sight happens to be worked out.
 */
void
know_sync(struct game *g, size_t s)
{
	know_sync_units(g, s);
	/* Civilians play no phases: nobody reads what they see. */
	if (s == SIDE_CIVILIAN)
		return;
	know_see_ground(g, &g->know->sides[s]);
}

static bool	know_check_sides(const struct game *, bool, char **);

/*
 * The side's sight now: the squares game-seen.c says came into or left it
 * since the side last looked, and no others.  One that came in is copied
 * from the truth; one that left keeps what was last seen (kept true while
 * it was in sight), and the round it was seen in.
 */
static void
know_look(struct game *g, size_t s)
{
	struct know_side	*ks = &g->know->sides[s];
	const uint32_t		*changes;
	size_t			 i, n, c, last;
	bool			 now;

	n = game_side_sight_changes(g, (enum side)s, &changes);
	for (i = 0; i < n; i++) {
		c = changes[i];
		now = game_side_sees_square(g, (enum side)s, c);
		if (now == (ks->vis[c] != 0))
			continue;
		if (now) {
			ks->vis[c] = 1;
			ks->inview_at[c] = ks->ninview;
			ks->inview[ks->ninview++] = c;
			know_copy_square(g, ks, c);
			continue;
		}
		ks->vis[c] = 0;
		ks->round[c] = g->round;
		last = ks->inview[--ks->ninview];
		ks->inview[ks->inview_at[c]] = last;
		ks->inview_at[last] = ks->inview_at[c];
	}
}

void
know_observe(struct game *g)
{
	size_t	s;

	if (g->know == NULL)
		return;
	know_take_changes(g);
	for (s = 0; s < SIDE_COUNT; s++) {
		know_sync_units(g, s);
		if (s == SIDE_CIVILIAN)
			continue;
		know_look(g, s);
		know_see_ground(g, &g->know->sides[s]);
	}
	/* Debugging: what was kept is what a fresh sight would give. */
	if (g->know->debug && g->know->fault == NULL)
		(void)know_check_sides(g, true, &g->know->fault);
}

void
know_met(struct game *g, enum side side, int unit)
{
	size_t			 i = side * g->nunits + (size_t)unit;
	const struct unit	*u = &g->units[unit];
	struct know_side	*ks;

	g->seen[i] = true;
	g->last_seen[i] = u->pos;
	g->seen_down[i] = u->status != UNIT_ACTIVE;
	if (g->know == NULL)
		return;
	ks = &g->know->sides[side];
	ks->unit_round[unit] = g->round;
	ks->unit_facing[unit] = u->facing;
	ks->unit_t[unit] = u->t;
}

void
know_touch(struct game *g, enum side side, struct pos p)
{
	struct know_side	*ks;
	size_t			 i;

	if (g->know == NULL || !map_contains(g->map, p))
		return;
	ks = &g->know->sides[side];
	i = know_index(g->map, p);
	know_copy_square(g, ks, i);
	if (!ks->vis[i])
		ks->round[i] = g->round;
}

/* The side's memory of the edge on `side` of p made true. */
static void
know_touch_edge(struct game *g, struct know_side *ks, struct pos p,
    enum dir side)
{
	struct edge		*k = map_edge(ks->map, p, side);
	const struct edge	*t = map_edge(g->map, p, side);

	if (memcmp(k, t, sizeof *k) == 0)
		return;
	*k = *t;
	if (ks->moves != NULL)
		know_moves_touch(ks, know_index(g->map, p));
}

/* The side's memory of p's floor made true. */
static void
know_touch_floor(struct game *g, struct know_side *ks, struct pos p)
{
	size_t	i = know_index(g->map, p);

	if (ks->map->squares[i].floor == g->map->squares[i].floor)
		return;
	ks->map->squares[i].floor = g->map->squares[i].floor;
	if (ks->moves != NULL)
		know_moves_touch(ks, i);
}

void
know_touch_crossing(struct game *g, enum side side, struct pos p,
    enum dir d)
{
	struct know_side	*ks;
	struct pos		 up = { p.x, p.y, p.z + 1 };
	struct pos		 over = { p.x + dir_dx[d], p.y + dir_dy[d],
				    p.z + 1 };

	if (g->know == NULL || side == SIDE_CIVILIAN ||
	    !map_contains(g->map, p))
		return;
	ks = &g->know->sides[side];
	/* The edge it struck; and the level above, that it could not clear. */
	know_touch_edge(g, ks, p, d);
	if (!map_contains(g->map, up))
		return;
	know_touch_edge(g, ks, up, d);
	know_touch_floor(g, ks, up);
	if (map_contains(g->map, over))
		know_touch_floor(g, ks, over);
}

/* --- the check of what is kept ------------------------------------------ */

static bool
know_same_pos(struct pos a, struct pos b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

static struct pos
know_pos(const struct map *m, size_t i)
{
	size_t	w = (size_t)m->width, h = (size_t)m->height;

	return (struct pos){ (int)(i % w), (int)(i / w % h),
	    (int)(i / (w * h)) };
}

/* Whether the side's memory of square i is the truth, seen this round. */
static bool
know_square_true(const struct game *g, const struct know_side *ks, size_t i)
{
	return know_terrain_same(g->map, ks->map, i) &&
	    know_round(g, ks, i) == g->round && ks->smoke[i] == g->smoke[i] &&
	    ks->fire[i] == g->fire[i];
}

/* How many of the items are at p (and are item), of list or of the truth. */
static size_t
know_count_items(const struct game *g, const struct know_side *ks,
    struct pos p, int item)
{
	size_t	i, n = 0;

	if (ks != NULL) {
		for (i = 0; i < ks->nground; i++)
			n += know_same_pos(ks->ground[i].pos, p) &&
			    ks->ground[i].item == item;
		return n;
	}
	for (i = 0; i < g->nground; i++)
		n += know_same_pos(g->ground[i].pos, p) &&
		    g->ground[i].c.item == item;
	return n;
}

/*
 * The body of know_check(); with fresh, the side's sight is compared with
 * a new one, else only its memory of what it sees with the truth.
 */
static bool
know_check_sides(const struct game *g, bool fresh, char **cause)
{
	const struct map	*m = g->map;
	const struct know_side	*ks;
	uint8_t			*want;
	size_t			 s, i, u, n;
	bool			 ok = true;

	want = xmalloc(g->know->cells);
	for (s = 0; s < SIDE_COUNT && ok; s++) {
		ks = &g->know->sides[s];
		for (u = 0; u < g->nunits && ok; u++)
			if (g->sees[s * g->nunits + u] &&
			    (ks->unit_round[u] != g->round ||
			    ks->unit_facing[u] != g->units[u].facing ||
			    ks->unit_t[u] != g->units[u].t))
				ok = cause_set(cause, "side %s remembers %s "
				    "otherwise than it sees it",
				    side_names[s], g->units[u].id) == 0;
		if (s == SIDE_CIVILIAN || !ok)
			continue;
		if (fresh)
			game_side_sight_fresh(g, (enum side)s, want);
		else
			memcpy(want, ks->vis, g->know->cells);
		n = 0;
		for (i = 0; i < g->know->cells && ok; i++) {
			struct pos p = know_pos(m, i);

			n += want[i] != 0;
			if (want[i] != ks->vis[i])
				ok = cause_set(cause, "side %s %s %d,%d L%d, "
				    "a fresh sight says otherwise",
				    side_names[s], ks->vis[i] ? "sees" :
				    "does not see", p.x + 1, p.y + 1,
				    p.z + 1) == 0;
			else if (want[i] && !know_square_true(g, ks, i))
				ok = cause_set(cause, "side %s sees %d,%d L%d "
				    "but remembers it otherwise",
				    side_names[s], p.x + 1, p.y + 1,
				    p.z + 1) == 0;
			else if (ks->flags[i] != know_ground_flags(
			    g->field.flags[i] & FIELD_GLARE, ks->smoke[i],
			    ks->fire[i]))
				ok = cause_set(cause, "side %s keeps other "
				    "smoke, fire or glare at %d,%d L%d than "
				    "it remembers", side_names[s], p.x + 1,
				    p.y + 1, p.z + 1) == 0;
		}
		if (ok && n != ks->ninview)
			ok = cause_set(cause, "side %s lists %zu squares in "
			    "sight, not %zu", side_names[s], ks->ninview,
			    n) == 0;
		for (i = 0; i < ks->ninview && ok; i++)
			if (!want[ks->inview[i]])
				ok = cause_set(cause, "side %s lists a square "
				    "out of sight", side_names[s]) == 0;
		for (i = 0; i < g->nground && ok; i++) {
			struct pos p = g->ground[i].pos;
			int item = g->ground[i].c.item;

			if (map_contains(m, p) && want[know_index(m, p)] &&
			    know_count_items(g, ks, p, item) !=
			    know_count_items(g, NULL, p, item))
				ok = cause_set(cause, "side %s sees items at "
				    "%d,%d L%d but remembers others",
				    side_names[s], p.x + 1, p.y + 1,
				    p.z + 1) == 0;
		}
		for (i = 0; i < ks->nground && ok; i++) {
			struct pos p = ks->ground[i].pos;

			if (want[know_index(m, p)] && know_count_items(g,
			    ks, p, ks->ground[i].item) != know_count_items(g,
			    NULL, p, ks->ground[i].item))
				ok = cause_set(cause, "side %s remembers items "
				    "at %d,%d L%d it sees are not there",
				    side_names[s], p.x + 1, p.y + 1,
				    p.z + 1) == 0;
		}
	}
	free(want);
	return ok;
}

bool
know_check(const struct game *g, char **cause)
{
	if (g->know == NULL)
		return true;
	if (g->know->fault != NULL)
		return cause_set(cause, "%s", g->know->fault) == 0;
	/*
	 * Sight is worked out again only when game_vis_update() runs; a
	 * command may change the world after its last one (sight is then as
	 * it was), so sight is compared with a fresh one only while the
	 * world is as sight last saw it.
	 */
	return know_check_sides(g, game_side_sight_current(g), cause);
}

void
know_debug(struct game *g, bool on)
{
	if (g->know != NULL)
		g->know->debug = on;
}

/* --- reading what a side knows -------------------------------------------- */

const struct know_side *
know_side_of(const struct game *g, enum side side)
{
	if ((int)side < 0 || side >= SIDE_COUNT || g->know == NULL)
		fatal("know: no side %d", (int)side);
	return &g->know->sides[side];
}

bool
know_in_sight(const struct game *g, enum side side, struct pos p)
{
	return map_contains(g->map, p) &&
	    know_side_of(g, side)->vis[know_index(g->map, p)];
}

void
know_square(const struct game *g, enum side side, struct pos p,
    struct know_square *out)
{
	const struct know_side	*ks = know_side_of(g, side);
	size_t			 i;

	memset(out, 0, sizeof *out);
	out->round = -1;
	if (!map_contains(g->map, p))
		return;
	i = know_index(g->map, p);
	out->in_sight = ks->vis[i];
	out->round = know_round(g, ks, i);
	out->smoke = ks->smoke[i];
	out->fire = ks->fire[i];
}

const struct map *
know_map(const struct game *g, enum side side)
{
	return know_side_of(g, side)->map;
}

bool
know_unit(const struct game *g, enum side side, int unit,
    struct know_unit *out)
{
	const struct know_side	*ks = know_side_of(g, side);
	const struct unit	*u;

	if (unit < 0 || (size_t)unit >= g->nunits)
		return false;
	u = &g->units[unit];
	memset(out, 0, sizeof *out);
	if (u->side == side || u->controller == side) {
		out->sees = true;
		out->at = u->pos;
		out->round = g->round;
		out->down = u->status != UNIT_ACTIVE;
		out->facing = u->facing;
		out->t = u->t;
		return true;
	}
	if (!game_last_seen(g, side, unit, &out->at))
		return false;
	out->sees = game_sees(g, side, unit);
	out->round = ks->unit_round[unit];
	out->down = game_seen_down(g, side, unit);
	out->facing = ks->unit_facing[unit];
	out->t = ks->unit_t[unit] != NULL ? ks->unit_t[unit] : u->t;
	return true;
}

size_t
know_nground(const struct game *g, enum side side)
{
	return know_side_of(g, side)->nground;
}

const struct know_item *
know_ground(const struct game *g, enum side side, size_t i)
{
	const struct know_side	*ks = know_side_of(g, side);

	return i < ks->nground ? &ks->ground[i] : NULL;
}

struct path_moves *
know_path_moves(const struct game *g, enum side side)
{
	struct know_side	*ks;

	know_side_of(g, side);
	ks = &g->know->sides[side];
	if (ks->moves == NULL) {
		ks->moves = xmalloc(sizeof *ks->moves);
		path_moves_init(ks->moves, ks->map);
	}
	return ks->moves;
}

void
know_field(const struct game *g, enum side side, struct field *out)
{
	const struct know_side	*ks = know_side_of(g, side);
	size_t			 i, n = g->know->cells;
	int			 dx, dy;

	out->map = ks->map;
	/* Kept as they change: know_copy_square, know_lit. */
	memcpy(out->flags, ks->flags, n);
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		/* As game_field_refresh() marks it. */
		uint8_t bit = u->status == UNIT_ACTIVE && !u->prone ?
		    FIELD_UNIT : FIELD_PRONE;

		if (u->controller != side && u->side != side &&
		    !g->sees[side * g->nunits + i])
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos p = { u->pos.x + dx, u->pos.y + dy,
				    u->pos.z };

				if (map_contains(g->map, p))
					*field_at(out, p) |= bit;
			}
	}
}
