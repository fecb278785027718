/*
 * fog-oracle.c - where the two games of a pair differ, and whether the
 * viewer could know of it (fog.h).  The oracle reads the engine's inside
 * (game-int.h), which a player never can.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../../src/engine/game-int.h"
#include "fog.h"
#include "xtac/know.h"
#include "xtac/sight.h"
#include "xtac/util.h"

/* --- where the two games differ ------------------------------------------- */

static bool
fog_unit_differs(const struct unit *a, const struct unit *b)
{
	return a->pos.x != b->pos.x || a->pos.y != b->pos.y ||
	    a->pos.z != b->pos.z || a->facing != b->facing ||
	    a->kneeling != b->kneeling || a->status != b->status ||
	    a->tu != b->tu || a->damage != b->damage || a->stun != b->stun ||
	    a->controller != b->controller ||
	    memcmp(a->hands, b->hands, sizeof a->hands) != 0 ||
	    a->nbelt != b->nbelt || a->t != b->t;
}

static void
fog_mark(uint8_t *d, const struct map *m, const struct unit *u)
{
	int	dx, dy;

	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++) {
			struct pos p = { u->pos.x + dx, u->pos.y + dy,
			    u->pos.z };

			if (map_contains(m, p))
				d[fog_index(m, p)] = 1;
		}
}

static bool
fog_edges_differ(const struct map *a, const struct map *b, struct pos p)
{
	static const enum dir	sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	size_t			k;

	for (k = 0; k < 4; k++)
		if (memcmp(map_edge(a, p, sides[k]), map_edge(b, p, sides[k]),
		    sizeof(struct edge)) != 0)
			return true;
	return false;
}

/*
 * The viewer's eyes: the squares its units would see with every unit,
 * smoke and glare taken away (sight_fov over a bare field, in every
 * direction: more, never less, than they see).  A unit it does not see
 * still darkens the squares behind it (RULINGS §4: units obstruct), so a
 * difference the viewer looks along, even unseen, may rightly change what
 * it sees.
 */
uint8_t *
fog_eyes(const struct game *g, enum side side)
{
	const struct map	*m = g->map;
	size_t			 n = fog_cells(m), i, k;
	uint8_t			*seen = xcalloc(n, 1), *one = xmalloc(n);
	struct field		 bare;
	int			 radius, s, size;

	/* The field with no unit, smoke or glare; every eye of the side. */
	field_init(&bare, m);
	for (i = 0; i < n; i++)
		bare.flags[i] = g->field.flags[i] & (uint8_t)~(FIELD_UNIT |
		    FIELD_SMOKE | FIELD_GLARE);
	radius = m->width > m->height ? m->width : m->height;
	for (k = 0; k < g->nunits; k++) {
		const struct unit *u = &g->units[k];

		if (u->controller != side || u->status != UNIT_ACTIVE)
			continue;
		size = u->t->size;
		for (s = 0; s < size * size; s++) {
			struct pos from = { u->pos.x + s % size,
			    u->pos.y + s / size, u->pos.z };

			if (!map_contains(m, from))
				continue;
			memset(one, 0, n);
			sight_fov(&bare, from, u->kneeling ?
			    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING,
			    radius + m->levels, one);
			for (i = 0; i < n; i++)
				seen[i] |= one[i];
		}
	}
	field_free(&bare);
	free(one);
	return seen;
}

/*
 * Whether p is in or beside eyes: a line through a corner counts what
 * stands on either side of it (sight.c, ties).
 */
bool
fog_near(const struct map *m, const uint8_t *eyes, struct pos p)
{
	int	dx, dy;

	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			struct pos q = { p.x + dx, p.y + dy, p.z };

			if (map_contains(m, q) && eyes[fog_index(m, q)])
				return true;
		}
	return false;
}

static bool
fog_looks_at(const struct game *g, enum side side, const uint8_t *d)
{
	const struct map	*m = g->map;
	uint8_t			*eyes = fog_eyes(g, side);
	size_t			 n = fog_cells(m), i;
	bool			 hit = false;

	for (i = 0; i < n && !hit; i++) {
		struct pos p = { (int)(i % (size_t)m->width),
		    (int)(i / (size_t)m->width % (size_t)m->height),
		    (int)(i / ((size_t)m->width * m->height)) };

		hit = d[i] && fog_near(m, eyes, p);
	}
	free(eyes);
	return hit;
}

/*
 * Whether the viewer could now know of the difference: it sees a square
 * where the games differ (terrain, smoke, fire, items, a unit that is not
 * the same) in either game, or looks along one, or the dice have
 * parted.
 */
bool
fog_revealed(const struct game *a, const struct game *b, enum side side,
    struct fog_diffs *acc)
{
	const struct map	*m = a->map;
	size_t			 n = fog_cells(m), i;
	uint8_t			*d = xcalloc(n, 1);
	struct pos		 p;
	bool			 seen = false;

	if (a->rules.state != b->rules.state || a->nforced != b->nforced ||
	    a->nunits != b->nunits || a->over || b->over) {
		free(d);
		return true;
	}
	for (i = 0; i < a->nunits; i++)
		if (fog_unit_differs(&a->units[i], &b->units[i])) {
			acc->units[i] = true;
			if (game_sees(a, side, (int)i) ||
			    game_sees(b, side, (int)i))
				seen = true;
			fog_mark(d, m, &a->units[i]);
			fog_mark(d, m, &b->units[i]);
		}
	i = 0;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++)
				if (fog_edges_differ(a->map, b->map, p))
					d[i] = 1, acc->edges = true;
				else if (memcmp(map_square(a->map, p),
				    map_square(b->map, p),
				    sizeof(struct square)) != 0 ||
				    a->smoke[i] != b->smoke[i] ||
				    a->fire[i] != b->fire[i] ||
				    a->lit[i] != b->lit[i] ||
				    a->field.flags[i] != b->field.flags[i])
					d[i] = 1;
	for (i = 0; i < a->nground || i < b->nground; i++) {
		if (i < a->nground && (i >= b->nground ||
		    memcmp(&a->ground[i], &b->ground[i],
		    sizeof a->ground[i]) != 0)) {
			d[fog_index(m, a->ground[i].pos)] = 1;
			if (i < b->nground)
				d[fog_index(m, b->ground[i].pos)] = 1;
		} else if (i >= a->nground)
			d[fog_index(m, b->ground[i].pos)] = 1;
	}
	if (!seen)
		seen = fog_looks_at(a, side, d) || fog_looks_at(b, side, d);
	for (i = 0; i < n; i++)
		acc->cells[i] |= d[i];
	free(d);
	return seen;
}

/*
 * Whether a line of the view tells of a square or unit where the games
 * differed: the viewer read of the difference itself, as it happened
 * (a door it saw close while its sight swept past), which is no leak.
 */
static bool
fog_line_touches(const char *line, const struct game *g,
    const struct fog_diffs *acc)
{
	const char	*at, *end;
	struct pos	 p;
	size_t		 i, len;

	for (at = strchr(line, '='); at != NULL && *at != '\n';
	    at = strchr(at + 1, '=')) {
		at++;
		for (end = at; *end != ' ' && *end != '\n' && *end != '\0';
		    end++)
			;
		len = (size_t)(end - at);
		if (sscanf(at, "%d,%d,%d", &p.x, &p.y, &p.z) == 3 &&
		    map_contains(g->map, p) &&
		    acc->cells[fog_index(g->map, p)])
			return true;
		for (i = 0; i < g->nunits; i++)
			if (acc->units[i] && strlen(g->units[i].id) == len &&
			    strncmp(at, g->units[i].id, len) == 0)
				return true;
	}
	return false;
}

/*
 * Whether the viewer's memory of the map differs, between the games, on
 * or beside a square where the games have differed: its sight swept past
 * the difference in the middle of a command (a walk looking through a
 * door that stood open in one game only), a sighting as real as any.
 * Where a wall or door differs, a line through it reaches farther in one
 * game: a square seen this round in one game only is such a sighting too.
 */
bool
fog_memory_near(const struct game *a, const struct game *b, enum side side,
    const struct fog_diffs *acc)
{
	const struct map	*ma = know_map(a, side), *mb = know_map(b, side);
	struct know_square	 ka, kb;
	struct pos		 p, q;
	int			 dx, dy;

	for (p.z = 0; p.z < ma->levels; p.z++)
		for (p.y = 0; p.y < ma->height; p.y++)
			for (p.x = 0; p.x < ma->width; p.x++) {
				know_square(a, side, p, &ka);
				know_square(b, side, p, &kb);
				if (memcmp(&ka, &kb, sizeof ka) == 0 &&
				    memcmp(map_square(ma, p), map_square(mb, p),
				    sizeof(struct square)) == 0 &&
				    !fog_edges_differ(ma, mb, p))
					continue;
				if (acc->edges && ka.round != kb.round &&
				    (ka.round == game_round(a) ||
				    kb.round == game_round(b)))
					return true;
				for (dy = -1; dy <= 1; dy++)
					for (dx = -1; dx <= 1; dx++) {
						q = (struct pos){ p.x + dx,
						    p.y + dy, p.z };
						if (map_contains(ma, q) &&
						    acc->cells[fog_index(ma, q)])
							return true;
					}
			}
	return false;
}

/*
 * Whether an item the viewer knows lies on the floor in one game and not
 * the other lies where the games have differed, on a square it saw this
 * round: it swept past it in the middle of a command (a walk), a sighting
 * like any other.  An item known on a square not seen this round is no
 * sighting.
 */
bool
fog_items_seen(const struct game *a, const struct game *b, enum side side,
    const struct fog_diffs *acc)
{
	const struct game	*g[2] = { a, b }, *o;
	const struct know_item	*k, *l;
	struct know_square	 sq;
	size_t			 i, j, w;
	bool			 any = false, found;

	for (w = 0; w < 2; w++) {
		o = g[1 - w];
		for (i = 0; i < know_nground(g[w], side); i++) {
			k = know_ground(g[w], side, i);
			found = false;
			for (j = 0; j < know_nground(o, side) && !found; j++) {
				l = know_ground(o, side, j);
				found = l->item == k->item && l->pos.x ==
				    k->pos.x && l->pos.y == k->pos.y &&
				    l->pos.z == k->pos.z;
			}
			if (found)
				continue;
			know_square(g[w], side, k->pos, &sq);
			if (!acc->cells[fog_index(g[w]->map, k->pos)] ||
			    sq.round != game_round(g[w]))
				return false;
			any = true;
		}
	}
	return any;
}

/* Whether the first line where two views part touches a difference. */
bool
fog_explained(const char *va, const char *vb, const struct game *g,
    const struct fog_diffs *acc)
{
	size_t	n = 0, line = 0;

	if (va == NULL)
		va = "";
	if (vb == NULL)
		vb = "";
	for (; va[n] != '\0' && va[n] == vb[n]; n++)
		if (va[n] == '\n')
			line = n + 1;
	return fog_line_touches(va + line, g, acc) ||
	    fog_line_touches(vb + line, g, acc);
}

/* The first line where two views part, and what follows in each. */
void
fog_diff(const char *a, const char *b)
{
	size_t	n = 0, line = 0;

	if (a == NULL)
		a = "";
	if (b == NULL)
		b = "";
	for (; a[n] != '\0' && a[n] == b[n]; n++)
		if (a[n] == '\n')
			line = n + 1;
	fprintf(stderr, "--- one game, from the first line that differs\n"
	    "%.600s\n--- the other\n%.600s\n", a + line, b + line);
}

/* Where two sides' knowledge differs, for a failing test's log. */
void
fog_know_diff(const struct game *a, const struct game *b, enum side side)
{
	const struct map	*ma = know_map(a, side), *mb = know_map(b, side);
	struct know_square	 ka, kb;
	struct know_unit	 ua, ub;
	struct pos		 p;
	size_t			 i, shown = 0;
	bool			 sa, sb;

	for (p.z = 0; p.z < ma->levels; p.z++)
		for (p.y = 0; p.y < ma->height; p.y++)
			for (p.x = 0; p.x < ma->width && shown < 8; p.x++) {
				know_square(a, side, p, &ka);
				know_square(b, side, p, &kb);
				if (memcmp(&ka, &kb, sizeof ka) == 0 &&
				    memcmp(map_square(ma, p), map_square(mb, p),
				    sizeof(struct square)) == 0 &&
				    !fog_edges_differ(ma, mb, p))
					continue;
				fprintf(stderr, "square %d,%d,%d: in sight %d/%d "
				    "round %d/%d smoke %d/%d\n", p.x, p.y, p.z,
				    ka.in_sight, kb.in_sight, ka.round, kb.round,
				    ka.smoke, kb.smoke);
				shown++;
			}
	for (i = 0; i < game_nunits(a) && i < game_nunits(b); i++) {
		memset(&ua, 0, sizeof ua);
		memset(&ub, 0, sizeof ub);
		sa = know_unit(a, side, (int)i, &ua);
		sb = know_unit(b, side, (int)i, &ub);
		if (sa != sb || memcmp(&ua, &ub, sizeof ua) != 0)
			fprintf(stderr, "unit %s: known %d/%d sees %d/%d at "
			    "%d,%d,%d/%d,%d,%d round %d/%d\n",
			    game_unit(a, (int)i)->id, sa, sb, ua.sees, ub.sees,
			    ua.at.x, ua.at.y, ua.at.z, ub.at.x, ub.at.y,
			    ub.at.z, ua.round, ub.round);
	}
	for (i = 0; i < game_nunits(a); i++)
		fprintf(stderr, "  %s %d,%d,%d f%d k%d s%d / %d,%d,%d f%d k%d s%d "
		    "sees %d/%d\n", game_unit(a, (int)i)->id,
		    game_unit(a, (int)i)->pos.x, game_unit(a, (int)i)->pos.y,
		    game_unit(a, (int)i)->pos.z, game_unit(a, (int)i)->facing,
		    game_unit(a, (int)i)->kneeling,
		    game_unit(a, (int)i)->status,
		    game_unit(b, (int)i)->pos.x, game_unit(b, (int)i)->pos.y,
		    game_unit(b, (int)i)->pos.z, game_unit(b, (int)i)->facing,
		    game_unit(b, (int)i)->kneeling,
		    game_unit(b, (int)i)->status, game_sees(a, side, (int)i),
		    game_sees(b, side, (int)i));
	if (know_nground(a, side) != know_nground(b, side))
		fprintf(stderr, "floor items %zu/%zu\n", know_nground(a, side),
		    know_nground(b, side));
	for (i = 0; i < know_nground(a, side); i++) {
		const struct know_item *k = know_ground(a, side, i);

		fprintf(stderr, "  known item %d at %d,%d,%d\n", k->item,
		    k->pos.x, k->pos.y, k->pos.z);
	}
}

