/*
 * squad.c - the price of a unit and its kit (§3.1.2, §3.5), and a squad
 * placed on a map in place of a side's own units.
 *
 * Points: the unit's price; boosts at 1 per point (2 for RET, PSK and PST),
 * doubled for HWPs and terror units, alien armour at 2 per point (doubled
 * likewise); every item carried or worn at its price; for small arms the
 * loaded clip is included in the weapon's price (§3.5, RULINGS §3), for
 * every other weapon the loaded ammunition is bought apart.
 */
#include <stdlib.h>
#include <string.h>

#include "xtac/game.h"
#include "xtac/squad.h"
#include "xtac/util.h"

#define SQUAD_MIN(a, b)	((a) < (b) ? (a) : (b))
#define SQUAD_MAX(a, b)	((a) < (b) ? (b) : (a))

int
squad_boost_rate(const struct unit_type *t, int stat)
{
	int	factor, per;

	factor = (t->class == UNIT_HWP || t->class == UNIT_TERROR) ? 2 : 1;
	per = (stat == STAT_RET || stat == STAT_PSK || stat == STAT_PST ||
	    stat >= STAT_COUNT) ? 2 : 1;
	return per * factor;
}

static int
squad_item_cost(const struct catalog *c, int item)
{
	return item < 0 ? 0 : c->items[item].cost;
}

int
squad_unit_price(const struct catalog *c, const struct unit_setup *u,
    struct squad_price *price)
{
	const struct unit_type	*t = &c->units[u->type];
	struct squad_price	 p;
	int			 i;
	size_t			 b;

	memset(&p, 0, sizeof p);
	p.unit = t->cost;
	for (i = 0; i < STAT_COUNT; i++)
		p.boosts += u->boosts[i] * squad_boost_rate(t, i);
	for (i = 0; i < ARMOUR_COUNT; i++)
		p.boosts += u->armour_boosts[i] *
		    squad_boost_rate(t, STAT_COUNT + i);
	p.items += squad_item_cost(c, u->armour);
	for (i = 0; i < HAND_COUNT; i++) {
		const struct hand *h = &u->hands[i];

		p.items += squad_item_cost(c, h->item);
		if (h->item >= 0 && h->ammo >= 0 &&
		    c->items[h->item].weapon_kind != WEAPON_SMALL_ARM)
			p.items += squad_item_cost(c, h->ammo);
	}
	for (b = 0; b < u->nbelt; b++)
		p.items += squad_item_cost(c, u->belt[b]);
	p.total = p.unit + p.boosts + p.items;
	if (price != NULL)
		*price = p;
	return p.total;
}

int
squad_points(const struct catalog *c, const struct squad *sq)
{
	size_t	i;
	int	points = 0;

	for (i = 0; i < sq->nunits; i++)
		points += squad_unit_price(c, &sq->units[i], NULL);
	return points;
}

void
squad_free(struct squad *sq)
{
	if (sq == NULL)
		return;
	free(sq->name);
	free(sq->units);
	memset(sq, 0, sizeof *sq);
}

/* --- placing ------------------------------------------------------------- */

/* Whether a unit of type t may start with its top-left square at p. */
static bool
squad_fits(const struct scenario *s, const struct unit_setup *u,
    struct pos p, const bool *taken)
{
	const struct map	*m = s->map;
	const struct unit_type	*t = &s->catalog->units[u->type];
	bool			 flies, floor = false;
	int			 dx, dy;

	flies = t->flying || (u->armour >= 0 &&
	    s->catalog->items[u->armour].flying);
	for (dy = 0; dy < t->size; dy++)
	for (dx = 0; dx < t->size; dx++) {
		struct pos q = { p.x + dx, p.y + dy, p.z };
		const struct square *sq;

		if (!map_contains(m, q) || taken[((size_t)q.z * m->height +
		    q.y) * m->width + q.x])
			return false;
		sq = map_square(m, q);
		if (sq->object != OBJECT_NONE &&
		    (m->objects[sq->object].solid ||
		    !m->objects[sq->object].passable))
			return false;
		floor |= sq->floor != FLOOR_NONE;
	}
	if (!floor && !flies)
		return false;
	/* RULINGS §5: a 2x2 unit never straddles an inner wall. */
	if (t->size == 2) {
		struct pos below = { p.x, p.y + 1, p.z },
		    right = { p.x + 1, p.y, p.z };

		if (map_edge(m, p, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, p, DIR_S)->kind != EDGE_OPEN ||
		    map_edge(m, below, DIR_E)->kind != EDGE_OPEN ||
		    map_edge(m, right, DIR_S)->kind != EDGE_OPEN)
			return false;
	}
	return true;
}

static void
squad_take(const struct scenario *s, const struct unit_setup *u,
    bool *taken)
{
	const struct map	*m = s->map;
	int			 size, dx, dy;

	size = s->catalog->units[u->type].size;
	for (dy = 0; dy < size; dy++)
	for (dx = 0; dx < size; dx++) {
		struct pos q = { u->pos.x + dx, u->pos.y + dy, u->pos.z };

		if (map_contains(m, q))
			taken[((size_t)q.z * m->height + q.y) * m->width +
			    q.x] = true;
	}
}

/*
 * Whether every square of u standing at p lies in the side's zones, as the
 * deployment step asks of a unit it places (game-deploy.c): a 2x2 unit's
 * corner in a zone is not enough.
 */
static bool
squad_in_zones(const struct scenario *s, enum side side,
    const struct unit_setup *u, struct pos p)
{
	const struct side_setup	*ss = &s->sides[side];
	int			 size = s->catalog->units[u->type].size;
	int			 dx, dy;
	size_t			 i;

	for (dy = 0; dy < size; dy++)
	for (dx = 0; dx < size; dx++) {
		struct pos q = { p.x + dx, p.y + dy, p.z };

		for (i = 0; i < ss->nzones; i++) {
			const struct zone *z = &ss->zones[i];

			if (q.x >= SQUAD_MIN(z->from.x, z->to.x) &&
			    q.x <= SQUAD_MAX(z->from.x, z->to.x) &&
			    q.y >= SQUAD_MIN(z->from.y, z->to.y) &&
			    q.y <= SQUAD_MAX(z->from.y, z->to.y) &&
			    q.z >= SQUAD_MIN(z->from.z, z->to.z) &&
			    q.z <= SQUAD_MAX(z->from.z, z->to.z))
				break;
		}
		if (i == ss->nzones)
			return false;
	}
	return true;
}

/* The first free square for u, trying the old units' then the zones'. */
static bool
squad_find(const struct scenario *s, enum side side, struct unit_setup *u,
    const bool *taken)
{
	const struct side_setup	*ss = &s->sides[side];
	size_t			 i;
	struct pos		 p;

	for (i = 0; i < s->nunits; i++) {
		if (s->units[i].side != side ||
		    !squad_fits(s, u, s->units[i].pos, taken))
			continue;
		u->pos = s->units[i].pos;
		if (!u->facing_set)
			u->facing = s->units[i].facing;
		return true;
	}
	for (i = 0; i < ss->nzones; i++) {
		const struct zone *z = &ss->zones[i];
		int x0 = SQUAD_MIN(z->from.x, z->to.x);
		int x1 = SQUAD_MAX(z->from.x, z->to.x);
		int y0 = SQUAD_MIN(z->from.y, z->to.y);
		int y1 = SQUAD_MAX(z->from.y, z->to.y);
		int z0 = SQUAD_MIN(z->from.z, z->to.z);
		int z1 = SQUAD_MAX(z->from.z, z->to.z);

		for (p.z = z0; p.z <= z1; p.z++)
		for (p.y = y0; p.y <= y1; p.y++)
		for (p.x = x0; p.x <= x1; p.x++) {
			if (!squad_fits(s, u, p, taken) ||
			    !squad_in_zones(s, side, u, p))
				continue;
			u->pos = p;
			return true;
		}
	}
	return false;
}

size_t
squad_place(struct scenario *s, const struct squad *sq)
{
	const struct map	*m = s->map;
	struct unit_setup	*units, *placed;
	bool			*taken;
	size_t			 i, n = 0, missing = 0;
	enum dir		 facing = DIR_N;

	taken = xcalloc((size_t)m->width * m->height * m->levels,
	    sizeof *taken);
	for (i = 0; i < s->nunits; i++) {
		if (s->units[i].side != sq->side)
			squad_take(s, &s->units[i], taken);
		else if (n++ == 0)
			facing = s->units[i].facing;
	}
	placed = xcalloc(sq->nunits + 1, sizeof *placed);
	for (i = 0; i < sq->nunits; i++) {
		placed[i] = sq->units[i];
		placed[i].side = sq->side;
		if (!placed[i].facing_set)
			placed[i].facing = facing;
		/* §4.1: with a deployment step the side places them itself. */
		placed[i].fixed = !(s->deployment &&
		    s->sides[sq->side].nzones > 0);
		if (squad_find(s, sq->side, &placed[i], taken))
			squad_take(s, &placed[i], taken);
		else
			missing++;
	}
	free(taken);
	if (missing > 0) {
		free(placed);
		return missing;
	}
	units = xcalloc(s->nunits - n + sq->nunits + 1, sizeof *units);
	for (i = 0, n = 0; i < s->nunits; i++)
		if (s->units[i].side != sq->side)
			units[n++] = s->units[i];
	for (i = 0; i < sq->nunits; i++)
		units[n++] = placed[i];
	free(placed);
	free(s->units);
	s->units = units;
	s->nunits = n;
	return 0;
}

/* --- survivors (campaigns) ------------------------------------------------ */

/*
 * Whether unit i came through the game for its side (§3.1.2 "surviving
 * units"; where the rulebook and RULINGS are silent, xtac-map(5)): one the
 * scenario fielded (not a clone born in the battle, which no one bought),
 * alive, not implanted or turned, and not carried off by another side.
 * Stunned, wounded or under another's mind control, it comes home.
 */
static bool
squad_survived(const struct game *g, size_t i, enum side side)
{
	const struct scenario	*s = game_scenario(g);
	const struct unit	*u = game_unit(g, (int)i);

	if (i >= s->nunits || s->units[i].side != side || u->side != side ||
	    u->status == UNIT_DEAD || u->zombie_rounds >= 0)
		return false;
	return u->carried_by < 0 || game_unit(g, u->carried_by)->side == side;
}

/* What a soldier brings home: its armour, hands and belt as they are. */
static void
squad_kit(const struct catalog *c, const struct unit *u,
    struct unit_setup *v)
{
	size_t	b;
	int	h;

	if (u->t->class != UNIT_SOLDIER)
		return;
	v->armour = u->worn;
	for (h = 0; h < HAND_COUNT; h++) {
		const struct carried *k = &u->hands[h];

		v->hands[h].item = k->item;
		/* A clip shot empty is left behind; one with rounds comes. */
		v->hands[h].ammo = k->item >= 0 && k->ammo >= 0 &&
		    k->rounds != 0 && c->items[k->item].nammo > 0 ?
		    k->ammo : -1;
	}
	v->nbelt = 0;
	for (b = 0; b < u->nbelt; b++)
		if (u->belt[b].item >= 0)
			v->belt[v->nbelt++] = u->belt[b].item;
}

size_t
squad_survivors(const struct game *g, enum side side, struct squad *out)
{
	const struct scenario	*s = game_scenario(g);
	size_t			 i, n = game_nunits(g);

	memset(out, 0, sizeof *out);
	out->side = side;
	out->tech_level = s->tech_level;
	out->units = xcalloc(n + 1, sizeof *out->units);
	for (i = 0; i < n; i++) {
		struct unit_setup *v = &out->units[out->nunits];

		if (!squad_survived(g, i, side))
			continue;
		*v = s->units[i];
		v->fixed = v->kneeling = false;
		v->facing = DIR_N;
		squad_kit(game_catalog(g), game_unit(g, (int)i), v);
		/* §3.1.2: 20 points more for each game survived. */
		v->games++;
		v->points += SQUAD_BONUS;
		out->nunits++;
	}
	return out->nunits;
}
