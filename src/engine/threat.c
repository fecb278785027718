/*
 * threat.c - who could react to a unit standing on a square (§6.5): see
 * threat.h.
 *
 * First the watchers are gathered with what the asking side may know of
 * them (where they stand, how high their eye is, whether their facing is
 * known; their TUs only to the omniscient); then each square is judged
 * for each watcher: a line from the watcher's eye to the centre of a unit
 * standing there (as game_unit_sees draws it), the vision cone if the
 * house rule is on, and TUs for a snap shot after turning that way
 * (assumed when the side cannot know them).  threat_map runs one field of
 * view per watcher square instead of a line per square: sight_fov gives
 * exactly sight_line's answers.  Honest lines run over the field as the
 * side knows it (game_side_field): no unseen unit obstructs them.  A
 * view (threat_view_new) gathers the watchers and that field once, for
 * a caller asking about many squares while the game stands still.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/threat.h"
#include "xtac/util.h"

/* A watcher as the asking side pictures it. */
struct threat_watcher {
	int		unit;
	struct pos	at;		/* top-left square */
	int		eye;		/* SIGHT_EYE_* */
	bool		known;		/* seen now: facing, what it holds */
	bool		tu_known;	/* its TUs and rounds (omniscient) */
};

/* The field lines run over: the game's, or the side's knowledge of it. */
static void
threat_field(const struct game *g, enum side side, bool honest,
    struct field *f)
{
	if (!honest) {
		*f = g->field;
		return;
	}
	f->flags = xmalloc((size_t)g->map->width * g->map->height *
	    g->map->levels);
	game_side_field(g, side, f);
}

static void
threat_field_free(const struct game *g, struct field *f)
{
	if (f->flags != g->field.flags)
		free(f->flags);
}

/* Enemies: not the side, not civilians (§3.4: they never fire). */
static bool
threat_enemy(const struct unit *u, enum side side)
{
	return u->controller != side && u->controller != SIDE_CIVILIAN;
}

/* The watchers of side's units, as side may know them; returns how many. */
static size_t
threat_gather(const struct game *g, enum side side, bool honest,
    struct threat_watcher *out)
{
	size_t		 i, n = 0;
	struct pos	 at;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		if (!threat_enemy(u, side) || u->stats[STAT_ACC] == STAT_NONE)
			continue;
		if (!honest || game_sees(g, side, (int)i)) {
			if (u->status != UNIT_ACTIVE)
				continue;
			out[n++] = (struct threat_watcher){ (int)i, u->pos,
			    u->kneeling ? SIGHT_EYE_KNEELING :
			    SIGHT_EYE_STANDING, true, !honest };
			continue;
		}
		if (!game_last_seen(g, side, (int)i, &at))
			continue;
		/* Seen lying where it fell: the side knows it is down. */
		if (game_seen_down(g, side, (int)i))
			continue;
		out[n++] = (struct threat_watcher){ (int)i, at,
		    SIGHT_EYE_STANDING, false, false };
	}
	return n;
}

static bool
threat_covers(const struct threat_watcher *w, int size, struct pos p)
{
	return p.z == w->at.z && p.x >= w->at.x && p.x < w->at.x + size &&
	    p.y >= w->at.y && p.y < w->at.y + size;
}

/* Whether a hand holds a weapon with a snap shot (§6.5), loaded or not. */
static bool
threat_armed(const struct game *g, const struct unit *u)
{
	const struct item_type	*it;
	int			 h;

	for (h = 0; h < HAND_COUNT; h++) {
		if (u->hands[h].item < 0)
			continue;
		it = &g->cat->items[u->hands[h].item];
		if (it->class == ITEM_WEAPON &&
		    item_shot(it, SHOT_SNAP) != NULL)
			return true;
	}
	return false;
}

/*
 * Whether the watcher, having seen a unit on p, could snap-fire at it.
 * A remembered watcher is assumed facing that way with TUs to spare.  One
 * seen now shows its facing and what it holds, not its TUs nor what is
 * left in its clip (the client shows those of one's own units only): it
 * is assumed to have the TUs and rounds for the shot.
 */
static bool
threat_ready(const struct game *g, const struct threat_watcher *w,
    struct pos p)
{
	const struct unit	*u = &g->units[w->unit];

	if (!w->known)
		return true;
	if (g->scenario->rules.vision_cone && !game_vis_in_cone(u, p))
		return false;
	if (!w->tu_known)
		return u->status == UNIT_ACTIVE &&
		    u->stats[STAT_ACC] != STAT_NONE && threat_armed(g, u);
	return game_can_react_toward(g, w->unit, &p);
}

/* The watchers and the field, gathered once for many squares. */
struct threat_view {
	const struct game	*g;
	struct threat_watcher	*w;
	size_t			 n;
	struct field		 f;
};

struct threat_view *
threat_view_new(const struct game *g, enum side side, bool honest)
{
	struct threat_view	*tv = xcalloc(1, sizeof *tv);

	tv->g = g;
	tv->w = xcalloc(g->nunits + 1, sizeof *tv->w);
	tv->n = threat_gather(g, side, honest, tv->w);
	threat_field(g, side, honest, &tv->f);
	return tv;
}

void
threat_view_free(struct threat_view *tv)
{
	if (tv == NULL)
		return;
	threat_field_free(tv->g, &tv->f);
	free(tv->w);
	free(tv);
}

const struct game *
threat_view_game(const struct threat_view *tv)
{
	return tv->g;
}

int
threat_view_watchers(const struct threat_view *tv, struct pos p, int *out,
    int max)
{
	const struct game	*g = tv->g;
	const struct threat_watcher *w = tv->w;
	struct sight_result	 r;
	size_t			 i;
	int			 count = 0;

	if (!map_contains(g->map, p))
		return 0;
	for (i = 0; i < tv->n; i++) {
		const struct unit *u = &g->units[w[i].unit];
		struct pos from;

		if (threat_covers(&w[i], u->t->size, p) ||
		    !threat_ready(g, &w[i], p))
			continue;
		from = game_vis_nearest(u, w[i].at, p);
		if (!sight_line(&tv->f, from, w[i].eye, p, SIGHT_CENTRE, &r))
			continue;
		if (out != NULL && count < max)
			out[count] = w[i].unit;
		count++;
	}
	return count;
}

int
threat_watchers(const struct game *g, enum side side, struct pos p,
    bool honest, int *out, int max)
{
	struct threat_view	*tv;
	int			 count;

	if (!map_contains(g->map, p))
		return 0;
	tv = threat_view_new(g, side, honest);
	count = threat_view_watchers(tv, p, out, max);
	threat_view_free(tv);
	return count;
}

void
threat_map(const struct game *g, enum side side, bool honest,
    uint8_t *counts)
{
	const struct map	*m = g->map;
	struct threat_watcher	*w;
	uint8_t			*fov[4];
	struct field		 f;
	size_t			 area = (size_t)m->width * m->height;
	size_t			 cells = area * m->levels, i, n, k;
	int			 radius = m->width > m->height ? m->width :
				    m->height;
	struct pos		 p, from;

	memset(counts, 0, cells);
	w = xcalloc(g->nunits + 1, sizeof *w);
	n = threat_gather(g, side, honest, w);
	threat_field(g, side, honest, &f);
	for (k = 0; k < 4; k++)
		fov[k] = xmalloc(cells);
	for (i = 0; i < n; i++) {
		const struct unit *u = &g->units[w[i].unit];
		int size = u->t->size, dx, dy;

		/* One view from each square the watcher may look from. */
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				from = (struct pos){ w[i].at.x + dx,
				    w[i].at.y + dy, w[i].at.z };
				if (map_contains(m, from))
					sight_fov(&f, from, w[i].eye,
					    radius, fov[dy * 2 + dx]);
				else
					memset(fov[dy * 2 + dx], 0, cells);
			}
		for (p.z = 0; p.z < m->levels; p.z++)
			for (p.y = 0; p.y < m->height; p.y++)
				for (p.x = 0; p.x < m->width; p.x++) {
					size_t at = (size_t)p.z * area +
					    (size_t)p.y * m->width + p.x;

					from = game_vis_nearest(u, w[i].at, p);
					k = (size_t)(from.y - w[i].at.y) * 2 +
					    (size_t)(from.x - w[i].at.x);
					if (fov[k][at] == 0 ||
					    threat_covers(&w[i], size, p) ||
					    counts[at] == 255 ||
					    !threat_ready(g, &w[i], p))
						continue;
					counts[at]++;
				}
	}
	for (k = 0; k < 4; k++)
		free(fov[k]);
	threat_field_free(g, &f);
	free(w);
}
