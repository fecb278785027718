/*
 * know.c - what each side knows (know.h): its memory of the map and of the
 * units, updated from what it sees whenever game_vis_update() works sight
 * out afresh, and read back for the side.  The seen-by stamps and the
 * views of events are know-event.c's.
 *
 * The squares a side sees come from game_side_sight(); know_observe() is
 * the one place that takes them in, so an incremental sight can feed it
 * the same way.  Memory is written only for squares in sight, never by a
 * pass over what is hidden.
 */
#include <stdlib.h>
#include <string.h>

#include "know-int.h"
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
	k->world.bodies = xcalloc(g->units_cap, sizeof *k->world.bodies);
	k->world.flags = xcalloc(k->cells, 1);
	k->world.map = game_copy_map(g->map);
	for (s = 0; s < SIDE_COUNT; s++) {
		struct know_side *ks = &k->sides[s];

		/* The briefing: every side starts from the map on the table. */
		ks->map = game_copy_map(g->map);
		ks->vis = xcalloc(k->cells, 1);
		ks->inview = xcalloc(k->cells, sizeof *ks->inview);
		ks->round = xcalloc(k->cells, sizeof *ks->round);
		for (i = 0; i < k->cells; i++)
			ks->round[i] = -1;
		ks->smoke = xcalloc(k->cells, 1);
		ks->fire = xcalloc(k->cells, 1);
		ks->unit_round = xcalloc(g->units_cap, sizeof *ks->unit_round);
		ks->unit_facing = xcalloc(g->units_cap,
		    sizeof *ks->unit_facing);
		ks->unit_t = xcalloc(g->units_cap, sizeof *ks->unit_t);
	}
	return k;
}

void
know_free(struct know *k)
{
	size_t	s;

	if (k == NULL)
		return;
	free(k->world.bodies);
	free(k->world.flags);
	map_free(k->world.map);
	for (s = 0; s < SIDE_COUNT; s++) {
		struct know_side *ks = &k->sides[s];

		map_free(ks->map);
		free(ks->vis);
		free(ks->inview);
		free(ks->round);
		free(ks->smoke);
		free(ks->fire);
		free(ks->ground);
		free(ks->unit_round);
		free(ks->unit_facing);
		free(ks->unit_t);
	}
	free(k);
}

/* --- taking in what a side sees ------------------------------------------- */

static void
know_copy_square(const struct game *g, struct know_side *ks, struct pos p,
    size_t i)
{
	static const enum dir	 edges[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	size_t			 e;

	*map_square(ks->map, p) = *map_square(g->map, p);
	for (e = 0; e < sizeof edges / sizeof edges[0]; e++)
		*map_edge(ks->map, p, edges[e]) = *map_edge(g->map, p,
		    edges[e]);
	ks->round[i] = g->round;
	ks->smoke[i] = g->smoke[i];
	ks->fire[i] = g->fire[i];
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

/*
 * Bring the side's memory of what it sees up to the truth: the squares in
 * sight, the items on them, the units it sees.  Run before sight changes
 * (know_stamp) and after (know_observe), so memory holds what the side
 * last saw whenever a square or unit leaves its sight, however often sight
 * happens to be worked out.
 */
void
know_sync(struct game *g, size_t s)
{
	struct know_side	*ks = &g->know->sides[s];
	const struct map	*m = g->map;
	struct pos		 p;
	size_t			 i, u;

	for (u = 0; u < g->nunits; u++)
		if (g->sees[s * g->nunits + u]) {
			ks->unit_round[u] = g->round;
			ks->unit_facing[u] = g->units[u].facing;
			ks->unit_t[u] = g->units[u].t;
		}
	/* Civilians play no phases: nobody reads what they see. */
	if (s == SIDE_CIVILIAN)
		return;
	for (u = 0; u < ks->ninview; u++) {
		i = ks->inview[u];
		p.x = (int)(i % (size_t)m->width);
		p.y = (int)(i / (size_t)m->width % (size_t)m->height);
		p.z = (int)(i / ((size_t)m->width * m->height));
		know_copy_square(g, ks, p, i);
	}
	know_see_ground(g, ks);
}

/*
 * Whether the world is as when sight was last worked out (and remember it
 * as it is now).  Comparing the field and the map is a pass of memcmp, far
 * cheaper than the sight it saves; an incremental sight would say which
 * squares changed instead.
 */
static bool
know_same_world(struct know *k, const struct game *g)
{
	struct know_world	*w = &k->world;
	const struct map	*m = g->map;
	size_t			 ve = (size_t)(m->width + 1) * m->height *
				    m->levels * sizeof *m->vedges;
	size_t			 he = (size_t)m->width * (m->height + 1) *
				    m->levels * sizeof *m->hedges;
	size_t			 i;
	bool			 same;

	same = w->valid && w->nunits == g->nunits &&
	    memcmp(w->flags, g->field.flags, k->cells) == 0 &&
	    memcmp(w->map->squares, m->squares, k->cells *
	    sizeof *m->squares) == 0 &&
	    memcmp(w->map->vedges, m->vedges, ve) == 0 &&
	    memcmp(w->map->hedges, m->hedges, he) == 0;
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct know_body b;

		memset(&b, 0, sizeof b);
		b.pos = u->pos;
		b.facing = u->facing;
		b.kneeling = u->kneeling;
		b.prone = u->prone;
		b.status = u->status;
		b.controller = u->controller;
		b.t = u->t;
		if (same && memcmp(&b, &w->bodies[i], sizeof b) != 0)
			same = false;
		w->bodies[i] = b;
	}
	if (same)
		return true;
	w->valid = true;
	w->nunits = g->nunits;
	memcpy(w->flags, g->field.flags, k->cells);
	memcpy(w->map->squares, m->squares, k->cells * sizeof *m->squares);
	memcpy(w->map->vedges, m->vedges, ve);
	memcpy(w->map->hedges, m->hedges, he);
	return false;
}

void
know_observe(struct game *g)
{
	struct know_side	*ks;
	size_t			 s, i;

	if (g->know == NULL)
		return;
	if (know_same_world(g->know, g)) {
		for (s = 0; s < SIDE_COUNT; s++)
			know_sync(g, s);
		return;
	}
	for (s = 0; s < SIDE_COUNT; s++) {
		ks = &g->know->sides[s];
		if (s != SIDE_CIVILIAN) {
			game_side_sight(g, (enum side)s, ks->vis);
			ks->ninview = 0;
			for (i = 0; i < g->know->cells; i++)
				if (ks->vis[i])
					ks->inview[ks->ninview++] = i;
		}
		know_sync(g, s);
	}
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
	if (g->know == NULL || !map_contains(g->map, p))
		return;
	know_copy_square(g, &g->know->sides[side], p, know_index(g->map, p));
}

/* --- reading what a side knows -------------------------------------------- */

static const struct know_side *
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
	out->round = ks->round[i];
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

void
know_field(const struct game *g, enum side side, struct field *out)
{
	const struct know_side	*ks = know_side_of(g, side);
	size_t			 i, n = g->know->cells;
	int			 dx, dy;

	out->map = ks->map;
	for (i = 0; i < n; i++) {
		/* Glare is light the side sees wherever it is (§7.4). */
		out->flags[i] = g->field.flags[i] & FIELD_GLARE;
		if (ks->smoke[i] > 0)
			out->flags[i] |= FIELD_SMOKE;
		if (ks->fire[i] > 0)
			out->flags[i] |= FIELD_FIRE;
	}
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

/* --- the hash of a side's knowledge --------------------------------------- */

static void
know_mix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char	*b = p;

	while (n-- > 0) {
		*h ^= *b++;
		*h *= 1099511628211ull;
	}
}

static void
know_mix_int(uint64_t *h, long v)
{
	know_mix(h, &v, sizeof v);
}

uint64_t
know_hash(const struct game *g, enum side side)
{
	const struct know_side	*ks = know_side_of(g, side);
	const struct map	*m = ks->map;
	struct know_unit	 ku;
	uint64_t		 h = 14695981039346656037ull;
	size_t			 i, n = g->know->cells;
	int			 k;

	know_mix_int(&h, g->round);
	know_mix_int(&h, game_side_to_move(g));
	know_mix_int(&h, g->over);
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		know_mix_int(&h, (long)i);
		if (u->side == side || u->controller == side) {
			/* Its own units, whole. */
			know_mix(&h, u->id, strlen(u->id));
			know_mix_int(&h, u->pos.x);
			know_mix_int(&h, u->pos.y);
			know_mix_int(&h, u->pos.z);
			know_mix_int(&h, u->facing);
			know_mix_int(&h, u->kneeling);
			know_mix_int(&h, u->status);
			know_mix_int(&h, u->tu);
			know_mix_int(&h, u->damage);
			know_mix_int(&h, u->stun);
			for (k = 0; k < ARMOUR_COUNT; k++)
				know_mix_int(&h, u->armour[k]);
			for (k = 0; k < HAND_COUNT; k++) {
				know_mix_int(&h, u->hands[k].item);
				know_mix_int(&h, u->hands[k].ammo);
				know_mix_int(&h, u->hands[k].rounds);
			}
			know_mix_int(&h, (long)u->nbelt);
			continue;
		}
		if (!know_unit(g, side, (int)i, &ku)) {
			know_mix_int(&h, -1);
			continue;
		}
		know_mix_int(&h, ku.sees);
		know_mix_int(&h, ku.at.x);
		know_mix_int(&h, ku.at.y);
		know_mix_int(&h, ku.at.z);
		know_mix_int(&h, ku.round);
		know_mix_int(&h, ku.down);
		know_mix_int(&h, ku.facing);
		know_mix(&h, ku.t->id, strlen(ku.t->id));
	}
	know_mix(&h, m->squares, n * sizeof *m->squares);
	know_mix(&h, m->vedges, (size_t)(m->width + 1) * m->height *
	    m->levels * sizeof *m->vedges);
	know_mix(&h, m->hedges, (size_t)m->width * (m->height + 1) *
	    m->levels * sizeof *m->hedges);
	know_mix(&h, ks->vis, n);
	know_mix(&h, ks->round, n * sizeof *ks->round);
	know_mix(&h, ks->smoke, n);
	know_mix(&h, ks->fire, n);
	for (i = 0; i < ks->nground; i++) {
		know_mix_int(&h, ks->ground[i].pos.x);
		know_mix_int(&h, ks->ground[i].pos.y);
		know_mix_int(&h, ks->ground[i].pos.z);
		know_mix_int(&h, ks->ground[i].item);
	}
	return h;
}
