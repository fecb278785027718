/*
 * game-vis.c - who sees whom (§4.3, RULINGS §4.3): unit to unit lines, each
 * side's current sight and memory of where it last saw each enemy.
 *
 * A side sees a unit when any of its standing units has a line to it.  A
 * 2x2 viewer looks from its square nearest the target; a 2x2 target is seen
 * if any of its squares is, and the line with fewest obstructions counts.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

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

bool
game_unit_sees(const struct game *g, int a, int b, struct sight_result *out)
{
	const struct unit	*ua = &g->units[a], *ub = &g->units[b];
	struct sight_result	 best, r;
	struct pos		 from, to;
	int			 eye, dx, dy;
	bool			 any = false;

	if (ua->status != UNIT_ACTIVE)
		return false;
	eye = ua->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	from = game_vis_nearest(ua, ua->pos, ub->pos);
	best.visible = false;
	best.obstructions = 0;
	best.blocked_by = SIGHT_CLEAR;
	for (dy = 0; dy < ub->t->size; dy++)
		for (dx = 0; dx < ub->t->size; dx++) {
			to = (struct pos){ ub->pos.x + dx, ub->pos.y + dy,
			    ub->pos.z };
			if (g->scenario->rules.vision_cone &&
			    !game_vis_in_cone(ua, to))
				continue;
			sight_line(&g->field, from, eye, to, SIGHT_CENTRE, &r);
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

void
game_vis_update(struct game *g, bool report)
{
	size_t	n = g->nunits, side, t, v;

	/* Events so far were seen with the sight they happened in. */
	know_stamp(g);
	for (side = 0; side < SIDE_COUNT; side++)
		for (t = 0; t < n; t++) {
			const struct unit *target = &g->units[t];
			bool *sees = &g->sees[side * n + t], now = false;
			struct event *e;

			if (target->controller == (enum side)side)
				now = true;
			for (v = 0; v < n && !now; v++)
				if (g->units[v].controller == (enum side)side &&
				    game_unit_sees(g, (int)v, (int)t, NULL))
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
	know_observe(g);
}

/* --- squares in sight (game_unit_sight, game_side_sight) ---------------- */

static size_t
vis_size(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

/*
 * OR into seen[] the squares unit k sees.  Each of a 2x2 viewer's squares
 * has its own field of view, and answers for the squares it is nearest
 * (vis_nearest), exactly as game_unit_sees picks the eye for a target.
 */
static void
vis_unit_field(const struct game *g, int k, uint8_t *seen)
{
	const struct unit	*u = &g->units[k];
	const struct map	*m = g->field.map;
	size_t			 n = vis_size(m), i;
	uint8_t			*fov[4];
	struct pos		 p, from;
	int			 size = u->t->size, eye, radius, s;

	eye = u->kneeling ? SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING;
	radius = m->width > m->height ? m->width : m->height;
	if (m->levels > radius)
		radius = m->levels;
	for (s = 0; s < size * size; s++) {
		from = (struct pos){ u->pos.x + s % size, u->pos.y + s / size,
		    u->pos.z };
		fov[s] = xcalloc(n, 1);
		if (map_contains(m, from))
			sight_fov(&g->field, from, eye, radius, fov[s]);
	}
	i = 0;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++) {
				from = game_vis_nearest(u, u->pos, p);
				s = (from.y - u->pos.y) * size +
				    (from.x - u->pos.x);
				if (!fov[s][i])
					continue;
				if (g->scenario->rules.vision_cone &&
				    !game_vis_in_cone(u, p))
					continue;
				seen[i] = 1;
			}
	for (s = 0; s < size * size; s++)
		free(fov[s]);
}

void
game_unit_sight(const struct game *g, int unit, uint8_t *seen)
{
	if (unit < 0 || (size_t)unit >= g->nunits)
		fatal("game_unit_sight: no unit %d", unit);
	memset(seen, 0, vis_size(g->field.map));
	vis_unit_field(g, unit, seen);
}

void
game_side_sight(const struct game *g, enum side side, uint8_t *seen)
{
	size_t	k;

	memset(seen, 0, vis_size(g->field.map));
	for (k = 0; k < g->nunits; k++)
		if (g->units[k].controller == side &&
		    g->units[k].status == UNIT_ACTIVE)
			vis_unit_field(g, (int)k, seen);
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
