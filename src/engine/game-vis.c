/*
 * game-vis.c - who sees whom (§4.3, RULINGS §4.3): unit to unit lines, each
 * side's current sight and memory of where it last saw each enemy.
 *
 * A side sees a unit when any of its standing units has a line to it.  A
 * 2x2 viewer looks from its square nearest the target; a 2x2 target is seen
 * if any of its squares is, and the line with fewest obstructions counts.
 *
 * Kept, not recomputed (struct game_vis): whether each unit sees each unit
 * of another controller, exactly game_unit_sees's answer, over kept sight
 * bits (struct sight_map).  A line depends on its two units (where they
 * stand, their size, facing, posture, status) and on the squares inside
 * the box of their squares, every square it can pass lying there.  So
 * game_vis_sync, before anyone reads the table, recomputes the lines of the
 * units that changed since (a snapshot of each tells) and the lines whose
 * box holds a square that changed: the field's changes, found when
 * game_field_refresh rebuilds it (game_vis_field_changed), and the map's,
 * which the code changing a door, a wall, a floor or an object reports
 * (game_vis_touch).  After a step that is the mover's lines and the few
 * crossing its old or new square.  Changed squares lying together (a
 * blast's cloud) are taken as one box, each pair tested against it once.
 * A change that only adds to what blocks (smoke, a door closed: no square
 * let more through, sight_map.opened says) cannot show what was hidden, so
 * for those squares only the pairs that see are looked at again.
 * game_vis_check compares everything with a fresh computation; the tests
 * run it after every command of long random games and after every one of
 * many random blasts (tests/test_vis_blast.c).  The squares in sight are
 * game-seen.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "game-vis.h"
#include "sight-int.h"
#include "xtac/util.h"

/* Past this many changed squares, every line is recomputed. */
#define VIS_MANY_DIRTY	256

/*
 * vis_square's bit sets of units, each `words` long: reaching up to and
 * down to a square on each axis (VIS_SETS of them), then one a controller
 * (VIS_SIDE), then the units whose lines game_vis_sync has just redone
 * (VIS_DONE).
 */
#define VIS_SETS	6
#define VIS_SIDE(v, s)	(&(v)->sets[(VIS_SETS + (size_t)(s)) * (v)->words])
#define VIS_DONE(v)	(&(v)->sets[(VIS_SETS + SIDE_COUNT) * (v)->words])

struct pos
game_vis_pos(const struct map *m, size_t i)
{
	struct pos	p;

	p.x = (int)(i % (size_t)m->width);
	p.y = (int)(i / (size_t)m->width % (size_t)m->height);
	p.z = (int)(i / ((size_t)m->width * m->height));
	return p;
}

static int
vis_clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

struct pos
game_vis_nearest(const struct unit *u, struct pos at, struct pos p)
{
	struct pos	q = at;

	q.x = vis_clamp(p.x, at.x, at.x + u->t->size - 1);
	q.y = vis_clamp(p.y, at.y, at.y + u->t->size - 1);
	return q;
}

/* RULINGS §4.3 house rule vision_cone: 90 degrees in front. */
bool
game_vis_in_cone(const struct unit *a, struct pos to)
{
	long	dx = to.x - a->pos.x, dy = to.y - a->pos.y;
	long	fx = dir_dx[a->facing], fy = dir_dy[a->facing];
	long	dot = dx * fx + dy * fy;

	if (dx == 0 && dy == 0)
		return true;
	/* angle <= 45 degrees  <=>  dot >= 0 and 2 dot^2 >= |d|^2 |f|^2 */
	return dot >= 0 && 2 * dot * dot >= (dx * dx + dy * dy) *
	    (fx * fx + fy * fy);
}

/*
 * Where unit a looks at unit b from (its eye height, its square nearest
 * b) and at which of b's squares (those in a's cone under vision_cone):
 * how many, in to[]; 0 when a is not standing.
 */
static int
vis_aim(const struct game *g, const struct unit *ua, const struct unit *ub,
    struct pos *from, int *eye, struct pos to[4])
{
	int	dx, dy, n = 0;

	if (ua->status != UNIT_ACTIVE)
		return 0;
	*eye = ua->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	*from = game_vis_nearest(ua, ua->pos, ub->pos);
	for (dy = 0; dy < ub->t->size; dy++)
		for (dx = 0; dx < ub->t->size; dx++) {
			to[n] = (struct pos){ ub->pos.x + dx, ub->pos.y + dy,
			    ub->pos.z };
			if (!g->scenario->rules.vision_cone ||
			    game_vis_in_cone(ua, to[n]))
				n++;
		}
	return n;
}

bool
game_unit_sees(const struct game *g, int a, int b, struct sight_result *out)
{
	const struct unit	*ua = &g->units[a], *ub = &g->units[b];
	struct sight_result	 best, r;
	struct pos		 from, to[4];
	int			 eye, k, n;
	bool			 any = false;

	if (ua->status != UNIT_ACTIVE)
		return false;
	n = vis_aim(g, ua, ub, &from, &eye, to);
	best.visible = false;
	best.obstructions = 0;
	best.blocked_by = SIGHT_CLEAR;
	for (k = 0; k < n; k++) {
		sight_line(&g->field, from, eye, to[k], SIGHT_CENTRE, &r);
		if (!any || (r.visible && (!best.visible ||
		    r.obstructions < best.obstructions))) {
			best = r;
			any = true;
		}
	}
	if (!any) {
		best.visible = false;
		best.blocked_by = SIGHT_CLEAR;
	}
	if (out != NULL)
		*out = best;
	return best.visible;
}

bool
game_line(const struct game *g, int a, int b, struct sight_result *out)
{
	return game_unit_sees(g, a, b, out);
}

/* --- the kept table ------------------------------------------------------ */

void
game_vis_snapshot(const struct unit *u, struct vis_was *w)
{
	/* Every byte set: game_vis_changed reads pos and facing whole. */
	memset(w, 0, sizeof *w);
	w->pos = u->pos;
	w->t = u->t;
	w->controller = u->controller;
	w->facing = u->facing;
	w->kneeling = u->kneeling;
	w->status = u->status;
}

/*
 * game_unit_sees's answer over the kept bits: the same eye, squares, cone
 * and lines (sight_map_line sees exactly what sight_line does).
 */
static bool
vis_line(const struct game *g, int a, int b)
{
	struct game_vis		*v = g->vis;
	struct sight_result	 r;
	struct pos		 from, to[4];
	int			 eye, k, n;

	n = vis_aim(g, &g->units[a], &g->units[b], &from, &eye, to);
	for (k = 0; k < n; k++)
		if (map_contains(g->map, to[k]) ? sight_map_line(&v->sm, from,
		    eye, to[k], SIGHT_CENTRE) : sight_line(&g->field, from,
		    eye, to[k], SIGHT_CENTRE, &r))
			return true;
	return false;
}

/* Only lines between controllers are kept: no rule asks about the rest. */
static void
vis_pair_update(const struct game *g, size_t a, size_t b)
{
	struct game_vis	*v = g->vis;
	uint8_t		 now;

	now = a != b && g->units[a].controller != g->units[b].controller &&
	    vis_line(g, (int)a, (int)b);
	if (now != v->pair[a * v->n + b]) {
		v->pair[a * v->n + b] = now;
		v->seers[b * v->n + a] = now;
		v->col[b] = 1;
	}
}

static void
vis_alloc(const struct game *g)
{
	struct game_vis	*v = g->vis;

	free(v->pair);
	free(v->seers);
	free(v->was);
	free(v->sets);
	free(v->row);
	free(v->col);
	v->n = g->nunits;
	v->col = xcalloc(v->n + 1, 1);
	v->col_all = true;
	v->words = (v->n + 63) / 64;
	v->pair = xcalloc(v->n * v->n + 1, 1);
	v->seers = xcalloc(v->n * v->n + 1, 1);
	v->was = xcalloc(v->n + 1, sizeof *v->was);
	v->sets = xcalloc((VIS_SETS + SIDE_COUNT + 1) * v->words + 1,
	    sizeof *v->sets);
	v->row = xcalloc(v->words + 1, sizeof *v->row);
}

struct game_vis *
game_vis_get(const struct game *g)
{
	struct game	*mg = (struct game *)g;
	struct game_vis	*v;
	size_t		 i;

	/* The table is a cache of the state: keeping it is not a change. */
	if (g->vis != NULL)
		return g->vis;
	v = mg->vis = xcalloc(1, sizeof *v);
	sight_map_init(&v->sm, &g->field);
	v->nsquares = (size_t)g->map->width * g->map->height *
	    g->map->levels;
	v->field_was = xmalloc(v->nsquares);
	v->list = xmalloc(v->nsquares * sizeof *v->list);
	for (i = 0; i < v->nsquares; i++)
		v->field_was[i] = g->field.flags[i] & FIELD_SIGHT;
	vis_alloc(g);
	v->all = true;
	return v;
}

void
game_vis_free(struct game *g)
{
	struct game_vis	*v = g->vis;

	if (v == NULL)
		return;
	sight_map_free(&v->sm);
	free(v->field_was);
	free(v->pair);
	free(v->seers);
	free(v->was);
	free(v->dirty);
	free(v->sets);
	free(v->row);
	free(v->list);
	free(v->col);
	game_seen_free(v);
	free(v);
	g->vis = NULL;
}

void
game_vis_touch(struct game *g, struct pos p)
{
	struct game_vis	*v = g->vis;

	game_move_touch(g, p);	/* the step words read the same squares */
	if (!map_contains(g->map, p))
		return;
	/* What changes sight changes what the side sees there. */
	know_changed(g, ((size_t)p.z * g->map->height + p.y) * g->map->width +
	    p.x);
	if (v == NULL)
		return;
	sight_map_touch(&v->sm, p);
	if (v->all)
		return;
	if (v->ndirty == VIS_MANY_DIRTY) {
		v->all = true;
		return;
	}
	if (v->ndirty == v->dirty_cap) {
		v->dirty_cap = v->dirty_cap ? 2 * v->dirty_cap : 16;
		v->dirty = xreallocarray(v->dirty, v->dirty_cap,
		    sizeof *v->dirty);
	}
	v->dirty[v->ndirty++] = p;
}

void
game_vis_field_square(struct game *g, size_t i)
{
	struct game_vis	*v = g->vis;
	uint8_t		 f;

	if (v == NULL)
		return;
	f = g->field.flags[i] & FIELD_SIGHT;
	if (f != v->field_was[i]) {
		v->field_was[i] = f;
		game_vis_touch(g, game_vis_pos(g->map, i));
	}
}

void
game_vis_field_changed(struct game *g)
{
	struct game_vis	*v = g->vis;
	uint64_t	 a, b;
	size_t		 i, k, words;

	if (v == NULL)
		return;
	/* Word by word: most of the field is as it was. */
	words = v->nsquares / 8;
	for (i = 0; i < words; i++) {
		memcpy(&a, g->field.flags + 8 * i, sizeof a);
		memcpy(&b, v->field_was + 8 * i, sizeof b);
		if (((a ^ b) & 0x0101010101010101ULL * FIELD_SIGHT) == 0)
			continue;
		for (k = 8 * i; k < 8 * i + 8; k++)
			game_vis_field_square(g, k);
	}
	for (k = 8 * words; k < v->nsquares; k++)
		game_vis_field_square(g, k);
}

/*
 * The units whose squares' box, on each axis, reaches up to the changed
 * box at's far side (lo) and down to its near side (hi): a pair's box
 * meets at's when, on every axis, one of the two reaches up to it and
 * one down to it.
 */
static void
vis_sides(const struct game *g, const struct sight_reach *at, uint64_t *sets)
{
	struct game_vis	*v = g->vis;
	size_t		 i;
	int		 s;

	memset(sets, 0, VIS_SETS * v->words * sizeof *sets);
	for (i = 0; i < v->n; i++) {
		const struct unit *u = &g->units[i];
		uint64_t bit = (uint64_t)1 << (i % 64);
		size_t w = i / 64;

		s = u->t->size - 1;
		if (u->pos.x <= at->hi[0])
			sets[0 * v->words + w] |= bit;
		if (u->pos.x + s >= at->lo[0])
			sets[1 * v->words + w] |= bit;
		if (u->pos.y <= at->hi[1])
			sets[2 * v->words + w] |= bit;
		if (u->pos.y + s >= at->lo[1])
			sets[3 * v->words + w] |= bit;
		if (u->pos.z <= at->hi[2])
			sets[4 * v->words + w] |= bit;
		if (u->pos.z >= at->lo[2])
			sets[5 * v->words + w] |= bit;
	}
}

static bool
vis_has(const uint64_t *set, size_t i)
{
	return (set[i / 64] >> (i % 64)) & 1;
}

/*
 * Whether the line between 1x1 units a and b may pass a square of the
 * box at, which their box meets: the line's squares on each level are the
 * squares its ground plan touches, and a unit square around p touches the
 * segment between the centres, inside their box, exactly when its
 * distance from the line is at most half its width across the line:
 * 2 |cross| <= |dx| + |dy| (equal: through a corner, which a tie's other
 * order passes).  Over a box, cross is linear, so the box's squares all
 * lie off the line on one side when its four corners' do.  Larger units
 * keep the box alone.
 */
static bool
vis_crosses(const struct unit *a, const struct unit *b,
    const struct sight_reach *at)
{
	long	dx = b->pos.x - a->pos.x, dy = b->pos.y - a->pos.y;
	long	c, lo, hi, w = labs(dx) + labs(dy);
	int	k;

	if (a->t->size > 1 || b->t->size > 1)
		return true;
	lo = hi = dx * (at->lo[1] - a->pos.y) - dy * (at->lo[0] - a->pos.x);
	for (k = 1; k < 4; k++) {
		c = dx * ((k & 2 ? at->hi[1] : at->lo[1]) - a->pos.y) -
		    dy * ((k & 1 ? at->hi[0] : at->lo[0]) - a->pos.x);
		lo = c < lo ? c : lo;
		hi = c > hi ? c : hi;
	}
	return 2 * lo <= w && 2 * hi >= -w;
}

/*
 * Recompute the lines that may pass a square of the box at, but those
 * between units of one controller (never kept) and those of units just
 * redone (VIS_DONE).  closing: what changed there only blocks more (no
 * square of it let more through, sight_map.opened), so a line that was
 * blocked stays so: only the pairs that see are looked at again.
 */
static void
vis_square(const struct game *g, const struct sight_reach *at, bool closing)
{
	struct game_vis	*v = g->vis;
	uint64_t	*s = v->sets, m, all = ~(uint64_t)0;
	const uint64_t	*done = VIS_DONE(v), *mine;
	size_t		 a, w, b, W = v->words;
	int		 axis;

	vis_sides(g, at, s);
	for (a = 0; a < v->n; a++) {
		if (vis_has(done, a))
			continue;
		mine = VIS_SIDE(v, g->units[a].controller);
		for (w = 0; w < W; w++)
			v->row[w] = ~(done[w] | mine[w]);
		for (axis = 0; axis < 3; axis++) {
			const uint64_t *lo = &s[2 * axis * W];
			const uint64_t *hi = &s[(2 * axis + 1) * W];
			bool alo = vis_has(lo, a), ahi = vis_has(hi, a);

			for (w = 0; w < W; w++)
				v->row[w] &= (alo ? all : lo[w]) &
				    (ahi ? all : hi[w]);
		}
		for (w = 0; w < W; w++)
			for (m = v->row[w]; m != 0; m &= m - 1) {
				b = 64 * w + (size_t)__builtin_ctzll(m);
				if (b < v->n && (!closing ||
				    v->pair[a * v->n + b]) &&
				    vis_crosses(&g->units[a], &g->units[b], at))
					vis_pair_update(g, a, b);
			}
	}
}

/*
 * vis_square for the changed squares that opened (or, opened false, for
 * the others): all at once, over their box, when they lie together (a
 * blast's cloud), else one by one.
 */
static void
vis_squares(const struct game *g, bool opened, uint32_t since)
{
	struct game_vis		*v = g->vis;
	const struct map	*m = g->map;
	struct sight_reach	 box, one;
	struct pos		 p;
	size_t			 k, n = 0;

	for (k = 0; k < v->ndirty; k++) {
		p = v->dirty[k];
		if ((v->sm.opened[((size_t)p.z * m->height + p.y) * m->width +
		    p.x] > since) != opened)
			continue;
		game_vis_box_add(&box, p, n == 0);
		n++;
	}
	if (n == 0)
		return;
	if ((box.hi[0] - box.lo[0] + 1) * (box.hi[1] - box.lo[1] + 1) *
	    (box.hi[2] - box.lo[2] + 1) <= (int)(4 * n)) {
		vis_square(g, &box, !opened);
		return;
	}
	for (k = 0; k < v->ndirty; k++) {
		p = v->dirty[k];
		if ((v->sm.opened[((size_t)p.z * m->height + p.y) * m->width +
		    p.x] > since) != opened)
			continue;
		one.lo[0] = one.hi[0] = p.x;
		one.lo[1] = one.hi[1] = p.y;
		one.lo[2] = one.hi[2] = p.z;
		vis_square(g, &one, !opened);
	}
}

/* Bring the table up to date with the state. */
void
game_vis_sync(const struct game *g)
{
	struct game_vis	*v = game_vis_get(g);
	uint64_t	*done;
	uint32_t	 since;
	size_t		 i, k;
	int		 s;

	if (v->n != g->nunits) {
		vis_alloc(g);
		v->all = true;
	}
	if (v->all) {
		game_seen_touch_all(v);
		for (i = 0; i < v->n; i++) {
			game_vis_snapshot(&g->units[i], &v->was[i]);
			for (k = 0; k < v->n; k++)
				vis_pair_update(g, i, k);
		}
		v->all = false;
		v->col_all = true;
		v->ndirty = 0;
		/* Every line read the bits as they are now. */
		sight_map_sync(&v->sm);
		v->opens = v->sm.opens;
		return;
	}
	/* The units that changed: all their lines, once. */
	done = VIS_DONE(v);
	memset(done, 0, v->words * sizeof *done);
	for (i = 0; i < v->n; i++) {
		if (!game_vis_changed(&g->units[i], &v->was[i]))
			continue;
		/* Whose lines count for a side: every column may change. */
		if (g->units[i].controller != v->was[i].controller)
			v->col_all = true;
		v->col[i] = 1;
		game_vis_snapshot(&g->units[i], &v->was[i]);
		done[i / 64] |= (uint64_t)1 << (i % 64);
		for (k = 0; k < v->n; k++) {
			vis_pair_update(g, i, k);
			vis_pair_update(g, k, i);
		}
	}
	if (v->ndirty == 0)
		return;
	/* Then the other lines that pass a changed square. */
	for (s = 0; s < SIDE_COUNT; s++)
		memset(VIS_SIDE(v, s), 0, v->words * sizeof *done);
	for (i = 0; i < v->n; i++)
		VIS_SIDE(v, g->units[i].controller)[i / 64] |=
		    (uint64_t)1 << (i % 64);
	/* What each changed square did to its bits: the map's sync tells. */
	sight_map_sync(&v->sm);
	since = v->opens;
	v->opens = v->sm.opens;
	vis_squares(g, true, since);
	vis_squares(g, false, since);
	for (k = 0; k < v->ndirty; k++)
		game_seen_touch(v, v->dirty[k]);
	v->ndirty = 0;
}

bool
game_vis_sees(const struct game *g, int a, int b)
{
	game_vis_sync(g);
	return g->vis->pair[(size_t)a * g->vis->n + (size_t)b];
}

void
game_vis_watchers(const struct game *g, int target, bool *sees)
{
	size_t	n;

	game_vis_sync(g);
	n = g->vis->n;
	/* The target's column, kept as a row: one copy (it holds 0 and 1). */
	memcpy(sees, &g->vis->seers[(size_t)target * n], n);
}

void
game_vis_update(struct game *g, bool report)
{
	size_t	n = g->nunits, side, t, v;
	uint8_t	*pair, *col;
	bool	 all;

	/* Events so far were seen with the sight they happened in. */
	know_stamp(g);
	game_vis_sync(g);
	pair = g->vis->pair;
	col = g->vis->col;
	all = g->vis->col_all;
	/* A column that did not change leaves every side's answer as it was. */
	for (side = 0; side < SIDE_COUNT; side++)
		for (t = 0; t < n; t++) {
			const struct unit *target = &g->units[t];
			bool *sees = &g->sees[side * n + t], now = false;
			struct event *e;

			if (!all && !col[t])
				continue;
			if (target->controller == (enum side)side)
				now = true;
			for (v = 0; v < n && !now; v++)
				if (g->units[v].controller == (enum side)side &&
				    pair[v * n + t])
					now = true;
			if (now) {
				g->seen[side * n + t] = true;
				g->last_seen[side * n + t] = target->pos;
				g->seen_down[side * n + t] =
				    target->status != UNIT_ACTIVE;
			}
			if (report && g->ev != NULL && now != *sees &&
			    target->controller != (enum side)side &&
			    target->status == UNIT_ACTIVE &&
			    side != SIDE_CIVILIAN) {
				e = event_push(g->ev, now ? EV_SPOTTED :
				    EV_LOST_SIGHT);
				event_str(e, "side", side_names[side]);
				event_str(e, "unit", target->id);
				event_pos(e, "at", target->pos);
			}
			*sees = now;
		}
	memset(col, 0, n);
	g->vis->col_all = false;
	know_observe(g);
}

bool
game_vis_check(const struct game *g, char **cause)
{
	struct sight_map	 fresh;
	size_t			 n = g->nunits, a, b, side, i;
	uint8_t			*want;
	bool			 now, ok = true;

	if (!game_field_ok(g))
		return cause_set(cause, "the field is not what the units, "
		    "smoke and light make") == 0;
	game_vis_sync(g);
	want = xcalloc(n * n + 1, 1);
	for (a = 0; a < n && ok; a++)
		for (b = 0; b < n && ok; b++) {
			want[a * n + b] = game_unit_sees(g, (int)a, (int)b,
			    NULL);
			if (a != b && g->units[a].controller !=
			    g->units[b].controller &&
			    g->vis->pair[a * n + b] != want[a * n + b])
				ok = cause_set(cause, "kept: %s %s %s, a fresh "
				    "line says otherwise", g->units[a].id,
				    want[a * n + b] ? "does not see" : "sees",
				    g->units[b].id) == 0;
		}
	for (side = 0; side < SIDE_COUNT && ok; side++)
		for (b = 0; b < n && ok; b++) {
			now = g->units[b].controller == (enum side)side;
			for (a = 0; a < n && !now; a++)
				now = g->units[a].controller ==
				    (enum side)side && want[a * n + b];
			if (g->sees[side * n + b] != now)
				ok = cause_set(cause, "side %s %s %s, a fresh "
				    "pass says otherwise", side_names[side],
				    now ? "does not see" : "sees",
				    g->units[b].id) == 0;
		}
	free(want);
	if (!ok)
		return false;
	sight_map_init(&fresh, &g->field);
	sight_map_sync(&g->vis->sm);
	for (i = 0; i < g->vis->nsquares && ok; i++)
		if (fresh.bits[i] != g->vis->sm.bits[i]) {
			struct pos p = game_vis_pos(g->map, i);

			ok = cause_set(cause, "kept sight bits of %d,%d L%d "
			    "are stale", p.x + 1, p.y + 1, p.z + 1) == 0;
		}
	sight_map_free(&fresh);
	return ok;
}
