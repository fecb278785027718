/*
 * know.c - what each side knows (know.h): its memory of the map and of the
 * units, updated from what it sees whenever game_vis_update() works sight
 * out afresh, and the seen-by stamp on every event.
 *
 * The squares a side sees come from game_side_sight(); know_observe() is
 * the one place that takes them in, so an incremental sight can feed it
 * the same way.  Memory is written only for squares in sight, never by a
 * pass over what is hidden.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

_Static_assert(SIDE_COUNT <= EVENT_MAX_SIDES,
    "event.h: EVENT_MAX_SIDES is smaller than SIDE_COUNT");

struct know_side {
	struct map		*map;		/* terrain as last seen */
	uint8_t			*vis;		/* [cell] in sight now */
	size_t			*inview;	/* the cells in sight, listed */
	size_t			 ninview;
	int			*round;		/* [cell] last seen, -1 never */
	uint8_t			*smoke;		/* [cell] as last seen */
	uint8_t			*fire;
	struct know_item	*ground;
	size_t			 nground;
	size_t			 ground_cap;
	int			*unit_round;	/* [unit] when last seen */
	enum dir		*unit_facing;
	const struct unit_type	**unit_t;
};

/* What a unit brings to everyone's sight: its eyes, its body. */
struct know_body {
	struct pos		 pos;
	enum dir		 facing;
	bool			 kneeling;
	bool			 prone;
	enum unit_status	 status;
	enum side		 controller;
	const struct unit_type	*t;
};

/*
 * The world sight was last worked out in: while it is the same, what
 * every side sees is too, and no sight need be worked out again.
 */
struct know_world {
	bool			 valid;
	size_t			 nunits;
	struct know_body	*bodies;	/* [units_cap] */
	uint8_t			*flags;		/* the field's */
	struct map		*map;		/* squares and edges */
};

struct know {
	struct know_side	 sides[SIDE_COUNT];
	size_t			 cells;
	struct know_world	 world;
};

static size_t
know_cells(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

static size_t
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

/* --- taking in what a side sees ------------------------------------------ */

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
static void
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
know_touch(struct game *g, enum side side, struct pos p)
{
	if (g->know == NULL || !map_contains(g->map, p))
		return;
	know_copy_square(g, &g->know->sides[side], p, know_index(g->map, p));
}

/* --- stamping events ---------------------------------------------------- */

static unsigned
know_unit_mask(const struct game *g, int unit)
{
	const struct unit	*u = &g->units[unit];
	unsigned		 mask = 1u << u->side | 1u << u->controller;
	size_t			 s;

	for (s = 0; s < SIDE_COUNT; s++)
		if (g->sees[s * g->nunits + (size_t)unit])
			mask |= 1u << s;
	return mask;
}

static unsigned
know_pos_mask(const struct game *g, struct pos p)
{
	unsigned	mask = 0;
	size_t		s;

	if (!map_contains(g->map, p))
		return 0;
	for (s = 0; s < SIDE_COUNT; s++)
		if (g->know->sides[s].vis[know_index(g->map, p)])
			mask |= 1u << s;
	return mask;
}

/*
 * The sides that see every square on the line from one square to another:
 * who may follow a shot all the way to where it stopped.
 */
static unsigned
know_line_mask(const struct game *g, struct pos from, struct pos to)
{
	unsigned	mask = (1u << SIDE_COUNT) - 1;
	int		n, k, dx = to.x - from.x, dy = to.y - from.y,
			dz = to.z - from.z;

	n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	if (abs(dz) > n)
		n = abs(dz);
	for (k = 1; k <= n && mask != 0; k++)
		mask &= know_pos_mask(g, (struct pos){
		    from.x + (2 * dx * k + n) / (2 * n) - (dx < 0 &&
		    (2 * dx * k + n) % (2 * n) != 0 ? 1 : 0),
		    from.y + (2 * dy * k + n) / (2 * n) - (dy < 0 &&
		    (2 * dy * k + n) % (2 * n) != 0 ? 1 : 0),
		    from.z + (2 * dz * k + n) / (2 * n) - (dz < 0 &&
		    (2 * dz * k + n) % (2 * n) != 0 ? 1 : 0) });
	return mask;
}

static int
know_unit_named(const struct game *g, const char *s)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (s == g->units[i].id || s == g->units[i].name)
			return (int)i;
	return -1;
}

static struct event_field *
know_field_named(struct event *e, const char *key)
{
	size_t	i;

	for (i = 0; i < e->nfields; i++)
		if (strcmp(e->fields[i].key, key) == 0)
			return &e->fields[i];
	return NULL;
}

/* The unit doing what the event reports, or NULL. */
static const struct event_field *
know_actor(const struct event *e)
{
	static const char *const	 keys[] = { "unit", "watcher",
					     "attacker" };
	size_t				 i, k;

	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		for (i = 0; i < e->nfields; i++)
			if (e->fields[i].unit >= 0 &&
			    strcmp(e->fields[i].key, keys[k]) == 0)
				return &e->fields[i];
	return NULL;
}

static void
know_stamp_event(struct game *g, struct event *e)
{
	const struct event_field	*actor;
	struct event_field		*f;
	unsigned			 all = (1u << SIDE_COUNT) - 1, mask;
	size_t				 i;
	int				 s, side;

	for (i = 0; i < e->nfields; i++) {
		f = &e->fields[i];
		if (f->kind == EVV_STR && f->s != NULL &&
		    (f->unit = know_unit_named(g, f->s)) >= 0)
			f->seen_by = know_unit_mask(g, f->unit);
		else if (f->kind == EVV_POS)
			f->seen_by = know_pos_mask(g, f->pos);
		else
			f->seen_by = all;
	}
	/* A door is seen from either square it stands between. */
	if ((e->type == EV_DOOR_OPEN || e->type == EV_DOOR_CLOSE ||
	    e->type == EV_DESTROYED) && (f = know_field_named(e, "at")) &&
	    f->kind == EVV_POS && event_get(e, "side") != NULL &&
	    (side = dir_from_name(event_get(e, "side")->s)) >= 0)
		f->seen_by |= know_pos_mask(g, (struct pos){
		    f->pos.x + dir_dx[side], f->pos.y + dir_dy[side],
		    f->pos.z });
	actor = know_actor(e);
	/* A unit stepping out of sight is not followed into the dark. */
	if (e->type == EV_STEP && actor != NULL &&
	    (f = know_field_named(e, "to")) != NULL && f->kind == EVV_POS)
		f->seen_by |= 1u << g->units[actor->unit].side |
		    1u << g->units[actor->unit].controller;
	/* Where a miss stopped: seen by who saw it fly all the way there. */
	if (e->type == EV_MISSED && actor != NULL &&
	    (f = know_field_named(e, "at")) != NULL && f->kind == EVV_POS)
		f->seen_by &= know_line_mask(g, g->units[actor->unit].pos,
		    f->pos);
	switch (e->type) {
	case EV_GAME_START:
	case EV_ROUND_START:
	case EV_INITIATIVE:
	case EV_PHASE_START:
	case EV_PHASE_END:
	case EV_VICTORY:
	case EV_QUERY:
		mask = all;
		break;
	case EV_SPOTTED:
	case EV_LOST_SIGHT:
		mask = 0;
		for (s = 0; s < SIDE_COUNT; s++)
			if (event_get(e, "side") != NULL &&
			    strcmp(event_get(e, "side")->s, side_names[s]) == 0)
				mask = 1u << s;
		/*
		 * The side reads whom it spots, and where; of one it lost
		 * sight of, where that is only if it still sees the square.
		 */
		for (i = 0; i < e->nfields; i++)
			if (e->type == EV_SPOTTED ||
			    e->fields[i].kind != EVV_POS)
				e->fields[i].seen_by |= mask;
		break;
	case EV_SELECT:
	case EV_TU_RESTORED:
		/* Whom a player picks is that player's business. */
		mask = actor != NULL ? 1u << g->units[actor->unit].controller :
		    all;
		break;
	case EV_STEP:
	case EV_TURN:
	case EV_KNEEL:
	case EV_STAND:
	case EV_REACTION_CHECK:
	case EV_RELOAD:
	case EV_UNLOAD:
	case EV_SWAP:
	case EV_DRAW:
	case EV_STOW:
	case EV_PRIME:
	case EV_ITEM_PICKED:
		/* Seen only by who sees the unit doing it. */
		mask = actor != NULL ? actor->seen_by : all;
		break;
	case EV_OPPOSED:
		/* A reaction roll is the watcher's; psi is read by both. */
		if (event_get(e, "watcher") != NULL) {
			mask = actor != NULL ? actor->seen_by : all;
			break;
		}
		/* FALLTHROUGH */
	default:
		/* Done by, or to, a unit or square the side saw. */
		mask = 0;
		for (i = 0; i < e->nfields; i++)
			if (e->fields[i].unit >= 0 ||
			    e->fields[i].kind == EVV_POS)
				mask |= e->fields[i].seen_by;
		if (mask == 0 && actor == NULL)
			mask = all;
		break;
	}
	e->seen_by = mask;
	if (e->type == EV_ROUND_START)
		for (s = 0; s < SIDE_COUNT; s++) {
			/* What is in sight as a round begins is seen in it. */
			know_sync(g, (size_t)s);
			snprintf(e->side_hash[s], sizeof e->side_hash[s],
			    "%016llx", (unsigned long long)know_hash(g,
			    (enum side)s));
		}
	e->stamped = true;
}

void
know_stamp_error(const struct game *g, struct event *e,
    const struct command *c)
{
	int	side = game_side_to_move(g);

	if (c->unit >= 0 && (size_t)c->unit < g->nunits)
		side = g->units[c->unit].controller;
	e->seen_by = side == GAME_NO_SIDE ? (1u << SIDE_COUNT) - 1 :
	    1u << side;
	e->stamped = true;
}

void
know_stamp(struct game *g)
{
	size_t	s;

	if (g->know == NULL)
		return;
	for (s = 0; s < SIDE_COUNT; s++)
		know_sync(g, s);
	if (g->ev == NULL)
		return;
	for (; g->ev_stamped < g->ev->n; g->ev_stamped++)
		if (!g->ev->v[g->ev_stamped].stamped)
			know_stamp_event(g, &g->ev->v[g->ev_stamped]);
}

/* --- reading what a side knows --------------------------------------------- */

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

/* --- the hash of a side's knowledge ----------------------------------------- */

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

/* --- events as a side reads them ------------------------------------------ */

bool
know_event_seen(const struct event *e, enum side side)
{
	return (e->seen_by & (1u << side)) != 0;
}

/* What would place or name an unseen actor: left out of its events. */
static bool
know_identifies(const char *key)
{
	static const char *const	 keys[] = { "weapon", "tu", "tu_left",
					     "from", "hand", "ammo", "aim",
					     "waypoint" };
	size_t				 i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(key, keys[i]) == 0)
			return true;
	return false;
}

/*
 * Where a miss ends up is seen only by who sees that square: a shot into
 * the dark does not tell what it struck there.
 */
static bool
know_remote(const struct event *e, const char *key, unsigned bit)
{
	const struct event_field	*at;

	if (e->type != EV_MISSED || (at = event_get(e, "at")) == NULL ||
	    (at->seen_by & bit))
		return false;
	return strcmp(key, "at") == 0 || strcmp(key, "hit") == 0 ||
	    strcmp(key, "struck") == 0;
}

void
know_event_view(const struct event *e, enum side side, struct event *out)
{
	const struct event_field	*actor = know_actor(e), *f;
	unsigned			 bit = 1u << side;
	bool				 hidden;
	size_t				 i;

	hidden = actor != NULL && !(actor->seen_by & bit);
	memset(out, 0, sizeof *out);
	out->type = e->type;
	out->seen_by = e->seen_by;
	out->stamped = e->stamped;
	for (i = 0; i < e->nfields; i++) {
		struct event_field *o;

		f = &e->fields[i];
		if (know_remote(e, f->key, bit))
			continue;
		if (hidden && know_identifies(f->key))
			continue;
		if (f->kind == EVV_POS && !(f->seen_by & bit) && (hidden ||
		    e->type == EV_STEP || e->type == EV_LOST_SIGHT))
			continue;
		o = &out->fields[out->nfields++];
		*o = *f;
		if (f->unit >= 0 && !(f->seen_by & bit))
			o->s = KNOW_UNSEEN;
		else if (e->type == EV_ROUND_START && e->stamped &&
		    strcmp(f->key, "hash") == 0)
			o->s = e->side_hash[side];
	}
	/* The terms of an unseen unit's roll say where it stands. */
	if (!hidden) {
		out->nterms = e->nterms;
		memcpy(out->terms, e->terms, sizeof out->terms);
	}
}
