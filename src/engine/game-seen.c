/*
 * game-seen.c - the squares in sight (game_unit_sight, game_side_sight,
 * game_side_sight_changes; §4.3, RULINGS §4.3) and the words a side may read
 * of units it does not see (game_hide_unseen).  Fields of view run over
 * the sight bits game-vis.c keeps (game-vis.h).
 *
 * Each unit's field of view is kept (struct vis_fov) with the box of the
 * squares its lines read; game_vis_sync hands every changed square to
 * game_seen_touch, which marks the fields of view whose box holds it, and
 * only those, and those of units that moved, turned, knelt or fell, are
 * worked out again when next asked.  Per side, a count of its units
 * seeing each square is kept from them, the squares whose count is not 0
 * are listed (game_side_sight_list, game_side_sight), and the squares
 * whose count went to or from 0 are listed for the knowledge layer
 * (game_side_sight_changes): after a step that is the mover's field of
 * view and those that read its old or new square.  On a map of several
 * levels with open air above, lines to the other levels read the whole
 * box, so there a step reaches every field of view: each has the lines
 * through the mover's two squares decided again (sight_fov_kept_redo;
 * only those squares when no edge changed, sight_map_edges).  A blast
 * goes the same way: the lines through the block of its changed squares.
 * The changed squares that let more through than before (sight_map.opened:
 * a wall, a floor, an object, smoke gone) have every line through them
 * decided again; those that only block more (smoke, a door closed) can
 * only hide what was seen, so of the lines through them only those to
 * squares the field of view holds are (sight_fov_kept_thicken).  When a
 * floor changed (sight_map.floors), the boxes do not tell which fields of
 * view it reaches (a hole may open levels their lines never went to), so
 * every field of view has the lines through every square that opened
 * decided again, a square more around each.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "game-vis.h"
#include "xtac/util.h"

/* Past this many changed squares, every field of view is redone whole. */
#define VIS_SEEN_MANY	256
/* From this many squares that only block more, only lines to those seen. */
#define VIS_SEEN_CLOUD	4

static size_t
vis_size(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

/*
 * The squares unit k sees, each handed to fn once ([z][y][x] index), and
 * the box of the squares its lines read (reach, if not NULL).  Each of a
 * 2x2 viewer's squares has its own field of view and answers for the
 * squares it is nearest (game_vis_nearest), exactly as game_unit_sees
 * picks the eye for a target.  Fields of view over the kept bits: the
 * cost follows what the unit sees, never the whole map.  Inline, so each
 * caller's fn is called directly, itself inline, for every square seen.
 */
static inline __attribute__((always_inline)) void
vis_unit_squares(const struct game *g, int k,
    void (*fn)(struct game_vis *, size_t, void *), void *ctx,
    struct sight_reach *reach)
{
	struct game_vis		*v = game_vis_get(g);
	const struct unit	*u = &g->units[k];
	const struct map	*m = g->field.map;
	struct sight_reach	 r;
	struct pos		 p, from, near;
	size_t			 j, n;
	int			 size = u->t->size, eye, radius, s, a;
	bool			 cone = g->scenario->rules.vision_cone;

	if (reach != NULL) {
		reach->lo[0] = 0;
		reach->hi[0] = -1;
	}
	eye = u->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	radius = m->width > m->height ? m->width : m->height;
	if (m->levels > radius)
		radius = m->levels;
	for (s = 0; s < size * size; s++) {
		from = (struct pos){ u->pos.x + s % size, u->pos.y + s / size,
		    u->pos.z };
		if (!map_contains(m, from))
			continue;
		n = sight_fov_kept_reach(&v->sm, from, eye, radius, v->list,
		    &r);
		if (reach != NULL && reach->lo[0] > reach->hi[0])
			*reach = r;
		else if (reach != NULL)
			for (a = 0; a < 3; a++) {
				if (r.lo[a] < reach->lo[a])
					reach->lo[a] = r.lo[a];
				if (r.hi[a] > reach->hi[a])
					reach->hi[a] = r.hi[a];
			}
		for (j = 0; j < n; j++) {
			/* The square's place only when a rule asks it. */
			if (size > 1 || cone) {
				p = game_vis_pos(m, v->list[j]);
				near = game_vis_nearest(u, u->pos, p);
				if (size > 1 && (near.x != from.x ||
				    near.y != from.y))
					continue;
				if (cone && !game_vis_in_cone(u, p))
					continue;
			}
			fn(v, v->list[j], ctx);
		}
	}
}

static void
vis_set(struct game_vis *v, size_t i, void *ctx)
{
	uint8_t	*seen = ctx;

	(void)v;
	seen[i] = 1;
}

void
game_unit_sight(const struct game *g, int unit, uint8_t *seen)
{
	if (unit < 0 || (size_t)unit >= g->nunits)
		fatal("game_unit_sight: no unit %d", unit);
	memset(seen, 0, vis_size(g->field.map));
	vis_unit_squares(g, unit, vis_set, seen, NULL);
}

/* --- each unit's field of view, kept -------------------------------------- */

/*
 * A side's count of square i went to or from 0: list it for
 * game_side_sight_changes, once.
 */
static void
vis_flip(struct game_vis *v, int side, uint32_t i)
{
	if (v->flipped[side][i])
		return;
	v->flipped[side][i] = 1;
	v->flips[side][v->nflips[side]++] = i;
}

/* Square i came into the side's sight (its count left 0): list it. */
static void
vis_inview_add(struct game_vis *v, int side, uint32_t i)
{
	v->inview_at[side][i] = (uint32_t)v->ninview[side];
	v->inview[side][v->ninview[side]++] = i;
}

/* Square i left the side's sight: the last listed takes its place. */
static void
vis_inview_drop(struct game_vis *v, int side, uint32_t i)
{
	uint32_t	last = v->inview[side][--v->ninview[side]];

	v->inview[side][v->inview_at[side][i]] = last;
	v->inview_at[side][last] = v->inview_at[side][i];
}

/* Take the unit's squares out of its side's counts. */
static void
vis_fov_uncount(struct game_vis *v, struct vis_fov *f)
{
	uint16_t	*count;
	uint64_t	 m;
	uint32_t	 i;
	size_t		 w;

	if (f->side < 0)
		return;
	count = v->count[f->side];
	for (w = 0; w < v->fov_words; w++) {
		for (m = f->bits[w]; m != 0; m &= m - 1) {
			i = (uint32_t)(64 * w + (size_t)__builtin_ctzll(m));
			if (--count[i] == 0) {
				vis_flip(v, f->side, i);
				vis_inview_drop(v, f->side, i);
			}
		}
		f->bits[w] = 0;
	}
	f->side = -1;
}

/*
 * Square i is seen by the unit or not, now: its side's count follows.
 * Inline: a redo hands over every square of the lines it decided again,
 * nearly all of them unchanged.
 */
static inline __attribute__((always_inline)) void
vis_fov_set(struct game_vis *v, struct vis_fov *f, uint32_t i, bool seen)
{
	uint64_t	bit = (uint64_t)1 << (i % 64), *w = &f->bits[i / 64];

	if (seen == ((*w & bit) != 0))
		return;
	*w ^= bit;
	if (seen ? v->count[f->side][i]++ == 0 :
	    --v->count[f->side][i] == 0) {
		vis_flip(v, f->side, i);
		if (seen)
			vis_inview_add(v, f->side, i);
		else
			vis_inview_drop(v, f->side, i);
	}
}

static inline void
vis_fov_add(struct game_vis *v, size_t i, void *ctx)
{
	vis_fov_set(v, ctx, (uint32_t)i, true);
}

/* Work unit k's field of view out again, into its side's counts. */
static void
vis_fov_redo(const struct game *g, size_t k)
{
	struct game_vis		*v = g->vis;
	struct vis_fov		*f = &v->fov[k];
	const struct unit	*u = &g->units[k];

	vis_fov_uncount(v, f);
	game_vis_snapshot(u, &f->was);
	f->floors = v->sm.floors;
	f->valid = true;
	f->reach.lo[0] = 0;
	f->reach.hi[0] = -1;
	/* Only the active see (as game_sees); only asked-for sides count. */
	if (u->status != UNIT_ACTIVE || !v->tracked[u->controller])
		return;
	f->side = (int)u->controller;
	vis_unit_squares(g, (int)k, vis_fov_add, f, &f->reach);
}

struct vis_redo {
	struct game_vis	*v;
	struct vis_fov	*f;
};

static void
vis_fov_redone(void *ctx, uint32_t i, bool seen)
{
	struct vis_redo	*r = ctx;

	vis_fov_set(r->v, r->f, i, seen);
}

/* Whether the change of square p can reach field of view f. */
static bool
vis_fov_reaches(const struct vis_fov *f, struct pos p)
{
	/* A square's bits hold its edges: p's neighbours' change too. */
	return p.z >= f->reach.lo[2] && p.z <= f->reach.hi[2] &&
	    p.x >= f->reach.lo[0] - 1 && p.x <= f->reach.hi[0] + 1 &&
	    p.y >= f->reach.lo[1] - 1 && p.y <= f->reach.hi[1] + 1;
}

/*
 * sight_fov_kept_redo of unit k's field of view, for the box `at` (or,
 * thicken, sight_fov_kept_thicken: the squares there only block more);
 * edges: whether a square's edges changed too.
 */
static bool
vis_fov_redo_box(const struct game *g, size_t k, const struct sight_reach *at,
    bool edges, bool thicken)
{
	struct game_vis		*v = g->vis;
	const struct unit	*u = &g->units[k];
	const struct map	*m = g->field.map;
	struct vis_redo		 r = { v, &v->fov[k] };
	int			 radius, eye;

	radius = m->width > m->height ? m->width : m->height;
	if (m->levels > radius)
		radius = m->levels;
	eye = u->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	if (thicken)
		return sight_fov_kept_thicken(&v->sm, u->pos, eye, radius, at,
		    edges, &v->fov[k].reach, v->fov[k].bits, vis_fov_redone,
		    &r);
	return sight_fov_kept_redo(&v->sm, u->pos, eye, radius, at, edges,
	    &v->fov[k].reach, v->fov[k].bits, vis_fov_redone, &r);
}

/* Whether p lies in box b. */
static bool
vis_in(const struct sight_reach *b, struct pos p)
{
	return p.x >= b->lo[0] && p.x <= b->hi[0] && p.y >= b->lo[1] &&
	    p.y <= b->hi[1] && p.z >= b->lo[2] && p.z <= b->hi[2];
}

/* Whether the changed square p let more through since `since`. */
static bool
vis_opened(const struct game *g, struct pos p, uint32_t since)
{
	const struct map	*m = g->field.map;

	return g->vis->sm.opened[((size_t)p.z * m->height + p.y) * m->width +
	    p.x] > since;
}

/*
 * Bring unit k's field of view up to the squares changed since it was
 * last brought up to date, touched[first] to touched[end - 1]: those that
 * opened (opened true: a wall, a floor, an object, smoke gone) or that
 * only block more (false): only the lines
 * through them are decided again, of all lines for the first
 * (sight_fov_kept_redo), of those to squares it sees for the others
 * (sight_fov_kept_thicken), for all of them at once when they lie
 * together (a step's two squares, a blast), else one by one.  false when
 * that cannot be done (a 2x2 unit, the vision cone, a change beside the
 * unit, a level its lines reached closed): then it must be redone whole.
 * floors: a floor changed, so every square that opened counts, inside the
 * kept box or not (one that only blocks more counts only inside it: a
 * line that reads it outside passes a square that opened).
 */
static inline __attribute__((always_inline)) bool
vis_fov_batch(const struct game *g, size_t k, bool opened, bool edges,
    bool floors, size_t first, size_t end, struct sight_reach *done)
{
	struct game_vis		*v = g->vis;
	struct vis_fov		*f = &v->fov[k];
	const struct unit	*u = &g->units[k];
	struct sight_reach	 box, one;
	struct pos		 p;
	size_t			 j, n = 0;

	floors = floors && opened;
	for (j = first; j < end; j++) {
		p = v->touched[j];
		if ((!floors && !vis_fov_reaches(f, p)) || vis_in(done, p))
			continue;
		if (u->t->size > 1 || g->scenario->rules.vision_cone)
			return false;
		game_vis_box_add(&box, p, n == 0);
		n++;
	}
	if (n == 0)
		return true;
	/* Together: the box of them is small beside how many there are. */
	if ((box.hi[0] - box.lo[0] + 1) * (box.hi[1] - box.lo[1] + 1) <=
	    (int)(4 * n) && vis_fov_redo_box(g, k, &box, edges, !opened)) {
		*done = box;
		return true;
	}
	for (j = first; j < end; j++) {
		p = v->touched[j];
		if ((!floors && !vis_fov_reaches(f, p)) || vis_in(done, p))
			continue;
		one.lo[0] = one.hi[0] = p.x;
		one.lo[1] = one.hi[1] = p.y;
		one.lo[2] = one.hi[2] = p.z;
		if (!vis_fov_redo_box(g, k, &one, edges, !opened))
			return false;
	}
	return true;
}

/*
 * The squares that opened first: their redo takes in the lines they let
 * further, which may read squares that only block more outside the box
 * the field of view read before.  Those inside the box redone (done) have
 * had every line through them decided again already.  A few squares that
 * only block more (a step's new square, a door closed) go with the others:
 * the sweep of a narrow wedge costs less than a line to each square seen
 * in it, row by row to the map's edge; a cloud's wide wedge holds more
 * squares than are seen through it.
 */
static bool
vis_fov_touched(const struct game *g, size_t k, bool edges, bool floors,
    size_t nopen)
{
	struct sight_reach	done;
	size_t			n = g->vis->ntouched;

	done.lo[0] = done.lo[1] = done.lo[2] = 0;
	done.hi[0] = done.hi[1] = done.hi[2] = -1;
	if (n - nopen < VIS_SEEN_CLOUD)
		return vis_fov_batch(g, k, true, edges, floors, 0, n, &done);
	return vis_fov_batch(g, k, true, edges, floors, 0, nopen, &done) &&
	    vis_fov_batch(g, k, false, edges, floors, nopen, n, &done);
}

void
game_seen_touch(struct game_vis *v, struct pos p)
{
	if (v->nfov == 0)
		return;
	if (v->ntouched == VIS_SEEN_MANY) {
		game_seen_touch_all(v);
		return;
	}
	if (v->ntouched == v->touched_cap) {
		v->touched_cap = v->touched_cap ? 2 * v->touched_cap : 16;
		v->touched = xreallocarray(v->touched, v->touched_cap,
		    sizeof *v->touched);
	}
	v->touched[v->ntouched++] = p;
}

void
game_seen_touch_all(struct game_vis *v)
{
	size_t	k;

	for (k = 0; k < v->nfov; k++)
		v->fov[k].valid = false;
	v->ntouched = 0;
}

void
game_seen_free(struct game_vis *v)
{
	size_t	k;
	int	s;

	for (k = 0; k < v->nfov; k++)
		free(v->fov[k].bits);
	free(v->fov);
	free(v->touched);
	for (s = 0; s < SIDE_COUNT; s++) {
		free(v->count[s]);
		free(v->flips[s]);
		free(v->flipped[s]);
		free(v->inview[s]);
		free(v->inview_at[s]);
	}
}

/*
 * Every field of view up to date with the state, for the sides asked
 * about: only those the last changes can have changed are worked out again.
 */
static struct game_vis *
vis_fov_sync(const struct game *g, enum side side)
{
	struct game_vis	*v = game_vis_get(g);
	struct vis_fov	*f;
	struct pos	 p;
	size_t		 k, j, nopen;
	uint32_t	 since;
	bool		 edges, floors;

	game_vis_sync(g);
	if (!v->tracked[side]) {
		v->tracked[side] = true;
		v->count[side] = xcalloc(v->nsquares, sizeof *v->count[side]);
		v->flips[side] = xmalloc(v->nsquares * sizeof *v->flips[side]);
		v->flipped[side] = xcalloc(v->nsquares, 1);
		v->inview[side] = xmalloc(v->nsquares *
		    sizeof *v->inview[side]);
		v->inview_at[side] = xmalloc(v->nsquares *
		    sizeof *v->inview_at[side]);
		v->ninview[side] = 0;
		/* Its units' fields of view, counted from now on. */
		for (k = 0; k < v->nfov; k++)
			if (g->units[k].controller == side)
				v->fov[k].valid = false;
	}
	if (v->nfov != g->nunits) {
		for (k = 0; k < v->nfov; k++) {
			vis_fov_uncount(v, &v->fov[k]);
			if (k >= g->nunits)
				free(v->fov[k].bits);
		}
		v->fov = xreallocarray(v->fov, g->nunits + 1,
		    sizeof *v->fov);
		v->fov_words = (v->nsquares + 63) / 64;
		for (k = v->nfov; k < g->nunits; k++) {
			memset(&v->fov[k], 0, sizeof v->fov[k]);
			v->fov[k].bits = xcalloc(v->fov_words,
			    sizeof *v->fov[k].bits);
			v->fov[k].side = -1;
		}
		for (k = 0; k < g->nunits; k++)
			v->fov[k].valid = false;
		v->nfov = g->nunits;
	}
	/* Only what is in the squares changed (a step): a narrower redo. */
	edges = sight_map_edges(&v->sm);
	/* The changed squares that opened first (nopen): the map is synced. */
	since = v->seen_opens;
	v->seen_opens = v->sm.opens;
	for (j = 0, nopen = 0; j < v->ntouched; j++)
		if (vis_opened(g, v->touched[j], since)) {
			p = v->touched[j];
			v->touched[j] = v->touched[nopen];
			v->touched[nopen++] = p;
		}
	for (k = 0; k < v->nfov; k++) {
		f = &v->fov[k];
		/*
		 * A changed floor may open levels the lines did not reach:
		 * every changed square is redone then, a square more around
		 * each (a neighbour's floor too).
		 */
		floors = f->floors != v->sm.floors;
		if (!f->valid || game_vis_changed(&g->units[k], &f->was) ||
		    (f->side >= 0 && !vis_fov_touched(g, k, edges || floors,
		    floors, nopen)))
			vis_fov_redo(g, k);
		f->floors = v->sm.floors;
	}
	v->ntouched = 0;
	return v;
}

void
game_side_sight(const struct game *g, enum side side, uint8_t *seen)
{
	const uint32_t	*in;
	size_t		 i, n = game_side_sight_list(g, side, &in);

	memset(seen, 0, vis_size(g->field.map));
	for (i = 0; i < n; i++)
		seen[in[i]] = 1;
}

size_t
game_side_sight_list(const struct game *g, enum side side,
    const uint32_t **out)
{
	struct game_vis	*v = vis_fov_sync(g, side);

	*out = v->inview[side];
	return v->ninview[side];
}

size_t
game_side_sight_changes(const struct game *g, enum side side,
    const uint32_t **out)
{
	struct game_vis	*v = vis_fov_sync(g, side);
	size_t		 i, n = v->nflips[side];

	/* Listed once until read: the marks go with the reading. */
	for (i = 0; i < n; i++)
		v->flipped[side][v->flips[side][i]] = 0;
	v->nflips[side] = 0;
	*out = v->flips[side];
	return n;
}

void
game_side_sight_fresh(const struct game *g, enum side side, uint8_t *seen)
{
	size_t	k;

	memset(seen, 0, vis_size(g->field.map));
	for (k = 0; k < g->nunits; k++)
		if (g->units[k].controller == side &&
		    g->units[k].status == UNIT_ACTIVE)
			vis_unit_squares(g, (int)k, vis_set, seen, NULL);
}

bool
game_side_sight_current(const struct game *g)
{
	const struct game_vis	*v = g->vis;
	const struct vis_fov	*f;
	size_t			 k;
	int			 s;

	if (v == NULL || v->all || v->ndirty > 0 || v->ntouched > 0 ||
	    v->nfov != g->nunits)
		return false;
	for (s = 0; s < SIDE_COUNT; s++)
		if (v->tracked[s] && v->nflips[s] > 0)
			return false;
	for (k = 0; k < v->nfov; k++) {
		f = &v->fov[k];
		if (!f->valid || f->floors != v->sm.floors ||
		    game_vis_changed(&g->units[k], &f->was))
			return false;
	}
	return true;
}

bool
game_side_sees_square(const struct game *g, enum side side, size_t i)
{
	const struct game_vis	*v = g->vis;

	return v != NULL && v->tracked[side] && v->count[side][i] != 0;
}

/* Whether c may be part of a unit's id or name. */
static bool
vis_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.';
}

char *
game_hide_unseen(const struct game *g, enum side side, const char *text)
{
	static const char	 hidden[] = "someone unseen";
	char			*out = xstrdup(text), *at, *next;
	size_t			 i, k, len;

	for (i = 0; i < g->nunits; i++) {
		const struct unit	*u = &g->units[i];
		const char		*names[2] = { u->id, u->name };

		if (u->side == side || u->controller == side ||
		    g->sees[side * g->nunits + i])
			continue;
		for (k = 0; k < 2; k++) {
			if (names[k] == NULL || *names[k] == '\0' ||
			    (k == 1 && strcmp(names[1], names[0]) == 0))
				continue;
			len = strlen(names[k]);
			for (at = strstr(out, names[k]); at != NULL;
			    at = strstr(at + 1, names[k])) {
				if ((at > out && vis_word_char(at[-1])) ||
				    vis_word_char(at[len]))
					continue;
				next = xasprintf("%.*s%s%s", (int)(at - out),
				    out, hidden, at + len);
				/* Go on after the words put in. */
				at = next + (at - out) + sizeof hidden - 2;
				free(out);
				out = next;
			}
		}
	}
	return out;
}
