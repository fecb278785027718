/*
 * game-seen.c - the squares in sight (game_unit_sight, game_side_sight,
 * game_side_sight_new; §4.3, RULINGS §4.3) and the words a side may read
 * of units it does not see (game_hide_unseen).  Fields of view run over
 * the sight bits game-vis.c keeps (game-vis.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "game-vis.h"
#include "xtac/util.h"

static size_t
vis_size(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

/*
 * The squares unit k sees, each handed to fn once ([z][y][x] index).  Each
 * of a 2x2 viewer's squares has its own field of view and answers for the
 * squares it is nearest (game_vis_nearest), exactly as game_unit_sees
 * picks the eye for a target.  Fields of view over the kept bits: the
 * cost follows what the unit sees, never the whole map.
 */
static void
vis_unit_squares(const struct game *g, int k,
    void (*fn)(struct game_vis *, size_t, void *), void *ctx)
{
	struct game_vis		*v = game_vis_get(g);
	const struct unit	*u = &g->units[k];
	const struct map	*m = g->field.map;
	struct pos		 p, from, near;
	size_t			 j, n;
	int			 size = u->t->size, eye, radius, s;

	eye = u->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	radius = m->width > m->height ? m->width : m->height;
	if (m->levels > radius)
		radius = m->levels;
	for (s = 0; s < size * size; s++) {
		from = (struct pos){ u->pos.x + s % size, u->pos.y + s / size,
		    u->pos.z };
		if (!map_contains(m, from))
			continue;
		n = sight_fov_kept(&v->sm, from, eye, radius, v->list);
		for (j = 0; j < n; j++) {
			p = game_vis_pos(m, v->list[j]);
			if (size > 1) {
				near = game_vis_nearest(u, u->pos, p);
				if (near.x != from.x || near.y != from.y)
					continue;
			}
			if (g->scenario->rules.vision_cone &&
			    !game_vis_in_cone(u, p))
				continue;
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
	vis_unit_squares(g, unit, vis_set, seen);
}

void
game_side_sight(const struct game *g, enum side side, uint8_t *seen)
{
	size_t	k;

	memset(seen, 0, vis_size(g->field.map));
	for (k = 0; k < g->nunits; k++)
		if (g->units[k].controller == side &&
		    g->units[k].status == UNIT_ACTIVE)
			vis_unit_squares(g, (int)k, vis_set, seen);
}

/*
 * game_side_sight_new: mark[i] is the number of the side's last call that
 * saw square i; a square seen now whose mark is older than the previous
 * call is new.
 */
struct vis_news {
	uint32_t	*mark;
	uint32_t	 now;
};

static void
vis_new(struct game_vis *v, size_t i, void *ctx)
{
	struct vis_news	*n = ctx;

	if (n->mark[i] == n->now)
		return;		/* seen by another unit this call */
	if (n->mark[i] != n->now - 1)
		v->news[v->nnews++] = (uint32_t)i;
	n->mark[i] = n->now;
}

size_t
game_side_sight_new(const struct game *g, enum side side,
    const uint32_t **out)
{
	struct game_vis	*v = game_vis_get(g);
	struct vis_news	 n;
	size_t		 k;

	if (v->side_mark[side] == NULL) {
		v->side_mark[side] = xcalloc(v->nsquares,
		    sizeof *v->side_mark[side]);
		/* Marks start at 0: the first call's 2 makes all new. */
		v->side_call[side] = 1;
	}
	n.mark = v->side_mark[side];
	n.now = ++v->side_call[side];
	v->nnews = 0;
	for (k = 0; k < g->nunits; k++)
		if (g->units[k].controller == side &&
		    g->units[k].status == UNIT_ACTIVE)
			vis_unit_squares(g, (int)k, vis_new, &n);
	*out = v->news;
	return v->nnews;
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
