/*
 * game.c - a game's life: the dice (forced, a dice source's, or the rules
 * stream's), setting up from a scenario, victory (RULINGS §2.3), units
 * joining the battle.  Rounds and phases live in game-round.c, attacks in
 * game-shoot.c, game-flight.c, game-risk.c and game-combat.c, movement
 * and reactions in game-move.c, sight in game-vis.c, the state hash in
 * game-hash.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

/* --- dice ------------------------------------------------------------ */

int
game_roll(struct game *g, int sides, const char *what, ...)
{
	va_list	 ap;
	char	*text;
	int	 v;

	if (g->nforced > 0) {
		v = g->forced[0];
		memmove(g->forced, g->forced + 1, --g->nforced *
		    sizeof *g->forced);
		/* A forced value larger than the die wraps round it. */
		return 1 + (v - 1) % sides;
	}
	if (g->dice_fn == NULL)
		return rng_die(&g->rules, sides);
	va_start(ap, what);
	text = xvasprintf(what, ap);
	va_end(ap);
	v = g->dice_fn(g->dice_ctx, sides, text);
	free(text);
	if (v < 1 || v > sides)
		fatal("game_roll: the dice source gave %d for a d%d", v, sides);
	if (g->ndrawn == g->drawn_cap) {
		g->drawn_cap = g->drawn_cap == 0 ? 16 : g->drawn_cap * 2;
		g->drawn = xreallocarray(g->drawn, g->drawn_cap,
		    sizeof *g->drawn);
	}
	g->drawn[g->ndrawn++] = v;
	return v;
}

bool
game_journal_check(const struct game *g, size_t i, int *round,
    uint64_t *hash)
{
	size_t	lo = 0, hi = g->nchecks, mid;

	/* Checks are in journal order: a binary search. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (g->checks[mid].after < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == g->nchecks || g->checks[lo].after != i)
		return false;
	*round = g->checks[lo].round;
	*hash = g->checks[lo].hash;
	return true;
}

void
game_set_dice(struct game *g, game_dice_fn *fn, void *ctx)
{
	g->dice_fn = fn;
	g->dice_ctx = ctx;
}

const int *
game_setup_dice(const struct game *g, size_t *n)
{
	*n = g->nsetup_dice;
	return g->setup_dice;
}

/* --- set-up ------------------------------------------------------------ */

/* Room for units that join during the battle (Celatid clones). */
#define GAME_SPARE_UNITS	64

struct map *
game_copy_map(const struct map *src)
{
	struct map	*m = map_new(src->width, src->height, src->levels);
	size_t		 cells = (size_t)src->width * src->height * src->levels;

	memcpy(m->squares, src->squares, cells * sizeof *m->squares);
	memcpy(m->vedges, src->vedges, (size_t)(src->width + 1) *
	    src->height * src->levels * sizeof *m->vedges);
	memcpy(m->hedges, src->hedges, (size_t)src->width *
	    (src->height + 1) * src->levels * sizeof *m->hedges);
	/* memcpy from a NULL array is undefined even for 0 bytes. */
	m->objects = xcalloc(src->nobjects, sizeof *m->objects);
	if (src->nobjects > 0)
		memcpy(m->objects, src->objects, src->nobjects *
		    sizeof *m->objects);
	m->nobjects = src->nobjects;
	m->links = xcalloc(src->nlinks, sizeof *m->links);
	if (src->nlinks > 0)
		memcpy(m->links, src->links, src->nlinks * sizeof *m->links);
	m->nlinks = src->nlinks;
	m->buildings = xcalloc(src->nbuildings, sizeof *m->buildings);
	if (src->nbuildings > 0)
		memcpy(m->buildings, src->buildings, src->nbuildings *
		    sizeof *m->buildings);
	m->nbuildings = src->nbuildings;
	return m;
}

static int
game_capacity(const struct catalog *c, int weapon, int ammo)
{
	if (ammo >= 0)
		return c->items[ammo].capacity;
	if (weapon >= 0 && c->items[weapon].class == ITEM_WEAPON &&
	    c->items[weapon].nammo == 0)
		return c->items[weapon].capacity;
	return 0;
}

struct carried
game_carried(const struct catalog *c, int item, int ammo)
{
	struct carried	k;

	k.item = item;
	k.ammo = ammo;
	k.primed = -1;
	k.rounds = item >= 0 && c->items[item].class == ITEM_AMMO ?
	    c->items[item].capacity : game_capacity(c, item, ammo);
	return k;
}

void
game_setup_unit(struct game *g, struct unit *u, const struct unit_setup *s)
{
	const struct catalog	*c = g->cat;
	const struct unit_type	*t = &c->units[s->type];
	int			 i;
	size_t			 b;

	memset(u, 0, sizeof *u);
	memcpy(u->id, s->id, sizeof u->id);
	/* Names point into the scenario: stable when units are added. */
	u->name = s->name[0] != '\0' ? s->name : s->id;
	u->type = s->type;
	u->t = t;
	u->side = u->controller = s->side;
	u->pos = s->pos;
	u->facing = s->facing;
	u->kneeling = s->kneeling;
	u->status = UNIT_ACTIVE;
	for (i = 0; i < STAT_COUNT; i++) {
		int raise = s->boosts[i] + s->bonus[i];	/* §3.1.2 */

		if (t->stats[i] == STAT_NONE)
			u->stats[i] = raise > 0 ? raise : STAT_NONE;
		else
			u->stats[i] = t->stats[i] + raise;
	}
	u->worn = s->armour;
	for (i = 0; i < ARMOUR_COUNT; i++) {
		u->armour_max[i] = t->armour[i] + s->armour_boosts[i] +
		    s->bonus[STAT_COUNT + i];
		if (u->worn >= 0)
			u->armour_max[i] += c->items[u->worn].armour[i];
		u->armour[i] = u->armour_max[i];
	}
	for (i = 0; i < HAND_COUNT; i++)
		u->hands[i] = game_carried(c, s->hands[i].item,
		    s->hands[i].ammo);
	if (t->weapon >= 0)
		u->hands[HAND_RIGHT] = game_carried(c, t->weapon, -1);
	for (b = 0; b < s->nbelt; b++)
		u->belt[b] = game_carried(c, s->belt[b], -1);
	u->nbelt = s->nbelt;
	u->tu = u->stats[STAT_TU];
	u->last_weapon = -1;
	u->zombie_rounds = -1;
	u->react_min = UNIT_REACT_MIN;
	u->react_friends = UNIT_REACT_NEVER;
	u->carrying = u->carried_by = -1;
}


struct game *
game_new(const struct scenario *s, uint64_t seed, struct event_list *ev)
{
	return game_new_dice(s, seed, NULL, NULL, ev);
}

struct game *
game_new_dice(const struct scenario *s, uint64_t seed, game_dice_fn *fn,
    void *ctx, struct event_list *ev)
{
	struct game	*g = xcalloc(1, sizeof *g);
	struct event	*e;
	size_t		 i;

	g->scenario = s;
	g->cat = s->catalog;
	g->map = game_copy_map(s->map);
	field_init(&g->field, g->map);
	g->seed = seed;
	rng_seed(&g->rules, seed, RNG_STREAM_RULES);
	rng_seed(&g->cosmetic, seed, RNG_STREAM_COSMETIC);
	g->nunits = s->nunits;
	g->units_cap = s->nunits + GAME_SPARE_UNITS;
	g->units = xcalloc(g->units_cap, sizeof *g->units);
	for (i = 0; i < s->nunits; i++)
		game_setup_unit(g, &g->units[i], &s->units[i]);
	g->sees = xcalloc(SIDE_COUNT * (s->nunits + 1), sizeof *g->sees);
	g->seen = xcalloc(SIDE_COUNT * (s->nunits + 1), sizeof *g->seen);
	g->last_seen = xcalloc(SIDE_COUNT * (s->nunits + 1),
	    sizeof *g->last_seen);
	g->seen_down = xcalloc(SIDE_COUNT * (s->nunits + 1),
	    sizeof *g->seen_down);
	g->smoke = xcalloc((size_t)g->map->width * g->map->height *
	    g->map->levels, 1);
	g->fire = xcalloc((size_t)g->map->width * g->map->height *
	    g->map->levels, 1);
	g->lit = xcalloc((size_t)g->map->width * g->map->height *
	    g->map->levels, 1);
	game_doors_find(g);
	g->building_walls = xcalloc(g->map->nbuildings, sizeof *g->building_walls);
	g->collapsed = xcalloc(g->map->nbuildings, sizeof *g->collapsed);
	for (i = 0; i < g->map->nbuildings; i++)
		g->building_walls[i] = game_building_walls(g, i);
	g->selected = -1;
	g->winner = GAME_NO_SIDE;
	g->dice_fn = fn;
	g->dice_ctx = ctx;
	g->ev = ev;
	g->ev_stamped = ev->n;
	e = event_push(ev, EV_GAME_START);
	event_str(e, "map", s->name);
	{
		/* 64-bit seeds do not fit an int field: show them as text. */
		char *text = xasprintf("%llu", (unsigned long long)seed);
		event_text(e, "seed", text);
		free(text);
	}
	game_field_refresh(g);
	/* §2.3: secret missions written down, a crash rolled, first. */
	mission_start(g);
	/* The briefing: the map on the table, after any crash roll. */
	g->know = know_new(g);
	if (!game_deploy_begin(g)) {
		game_vis_update(g, true);
		game_start_round(g);
	}
	know_stamp(g);
	/* Dice asked before any command: kept apart, not journalled. */
	g->setup_dice = g->drawn;
	g->nsetup_dice = g->ndrawn;
	g->drawn = NULL;
	g->ndrawn = g->drawn_cap = 0;
	g->ev = NULL;
	return g;
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	know_free(g->know);
	game_vis_free(g);
	game_move_free(g);
	map_free(g->map);
	field_free(&g->field);
	free(g->units);
	free(g->ground);
	free(g->sees);
	free(g->seen);
	free(g->last_seen);
	free(g->seen_down);
	free(g->smoke);
	free(g->fire);
	free(g->lit);
	free(g->building_walls);
	free(g->collapsed);
	free(g->journal);
	free(g->drawn);
	free(g->setup_dice);
	free(g->checks);
	free(g->deployed);
	free(g->doors);
	free(g);
}

/* --- victory (RULINGS §2.3) ---------------------------------------------- */

void
game_check_victory(struct game *g)
{
	/* Nothing is decided while units are still being placed (§4.1). */
	if (g->over || g->deploying ||
	    !g->scenario->sides[SIDE_XCOM].present ||
	    !g->scenario->sides[SIDE_ALIEN].present)
		return;
	mission_check(g);
}

/* The hand holding equipment of this kind with this use, or -1. */
int
game_hand_with(const struct game *g, const struct unit *u,
    enum weapon_kind kind, enum shot_mode use)
{
	const struct item_type	*it;
	int			 h;

	for (h = 0; h < HAND_COUNT; h++) {
		if (u->hands[h].item < 0)
			continue;
		it = &g->cat->items[u->hands[h].item];
		if ((it->class == ITEM_EQUIPMENT || it->class == ITEM_WEAPON) &&
		    it->weapon_kind == kind && item_shot(it, use) != NULL)
			return h;
	}
	return -1;
}

/* --- units joining the battle ---------------------------------------------- */

/*
 * Add a unit (a Celatid's clone) in the room kept for it; -1 when the
 * room is used up.  The per-side sight arrays are indexed [side * nunits +
 * unit], so they are rebuilt with the new stride.
 */
int
game_add_unit(struct game *g, const struct unit *u)
{
	size_t		 n = g->nunits, side, i;
	bool		*sees, *seen, *down;
	struct pos	*last;

	if (n >= g->units_cap)
		return -1;
	g->units[n] = *u;
	g->units[n].carrying = g->units[n].carried_by = -1;
	sees = xcalloc(SIDE_COUNT * (n + 2), sizeof *sees);
	seen = xcalloc(SIDE_COUNT * (n + 2), sizeof *seen);
	last = xcalloc(SIDE_COUNT * (n + 2), sizeof *last);
	down = xcalloc(SIDE_COUNT * (n + 2), sizeof *down);
	for (side = 0; side < SIDE_COUNT; side++)
		for (i = 0; i < n; i++) {
			sees[side * (n + 1) + i] = g->sees[side * n + i];
			seen[side * (n + 1) + i] = g->seen[side * n + i];
			last[side * (n + 1) + i] = g->last_seen[side * n + i];
			down[side * (n + 1) + i] = g->seen_down[side * n + i];
		}
	free(g->sees);
	free(g->seen);
	free(g->last_seen);
	free(g->seen_down);
	g->sees = sees;
	g->seen = seen;
	g->last_seen = last;
	g->seen_down = down;
	g->nunits = n + 1;
	game_field_refresh(g);
	return (int)n;
}

/*
 * RULINGS Special units: a Celatid that survives each 4 full rounds brings
 * a new one into a free adjacent square.  The catalog has no "clones"
 * flag; the Celatid is the only unit that does.
 */
void
game_celatids_round_end(struct game *g)
{
	size_t	i, n = g->nunits;
	int	d;

	for (i = 0; i < n; i++) {
		struct unit *u = &g->units[i], clone;
		struct event *e;
		int age = g->round - u->born_round;

		if (u->status != UNIT_ACTIVE || strcmp(u->t->id, "celatid") != 0
		    || age <= 0 || age % 4 != 0)
			continue;
		for (d = 0; d < DIR_COUNT; d++) {
			struct pos p = { u->pos.x + dir_dx[d],
			    u->pos.y + dir_dy[d], u->pos.z };

			if (!map_contains(g->map, p) ||
			    (*field_at(&g->field, p) & FIELD_UNIT))
				continue;
			if (map_square(g->map, p)->floor == FLOOR_NONE ||
			    !map_square_standable(g->map, p))
				continue;
			break;
		}
		if (d == DIR_COUNT)
			continue;	/* nowhere to appear */
		clone = *u;
		snprintf(clone.id, sizeof clone.id, "%.19s.%d", u->id,
		    ++u->clones);
		clone.name = u->name;	/* the scenario's, stable */
		clone.pos = (struct pos){ u->pos.x + dir_dx[d],
		    u->pos.y + dir_dy[d], u->pos.z };
		for (d = 0; d < STAT_COUNT; d++)
			clone.stats[d] = u->t->stats[d];
		for (d = 0; d < ARMOUR_COUNT; d++)
			clone.armour[d] = clone.armour_max[d] =
			    u->t->armour[d];
		clone.damage = clone.stun = 0;
		clone.prone = false;
		clone.crit_head = clone.crit_torso = clone.crit_arm =
		    clone.crit_leg = 0;
		clone.tu = clone.stats[STAT_TU];
		clone.born_round = g->round;
		clone.clones = 0;
		clone.hands[HAND_RIGHT].rounds = u->t->weapon >= 0 ?
		    g->cat->items[u->t->weapon].capacity : 0;
		if (game_add_unit(g, &clone) < 0)
			break;	/* the battle is full of them */
		e = event_push(g->ev, EV_TRANSFORM);
		event_str(e, "unit", u->id);
		event_str(e, "into", "clone");
		event_pos(e, "at", clone.pos);
		event_str(e, "clone", g->units[g->nunits - 1].id);
	}
}

/* --- accessors ---------------------------------------------------------- */

const struct scenario *game_scenario(const struct game *g) { return g->scenario; }
const struct catalog *game_catalog(const struct game *g) { return g->cat; }
const struct map *game_map(const struct game *g) { return g->map; }
const struct field *game_field(const struct game *g) { return &g->field; }
uint64_t game_seed(const struct game *g) { return g->seed; }
size_t game_nunits(const struct game *g) { return g->nunits; }
int game_round(const struct game *g) { return g->round; }
int game_selected(const struct game *g) { return g->selected; }
bool game_over(const struct game *g) { return g->over; }
int game_winner(const struct game *g) { return g->winner; }
size_t game_journal_length(const struct game *g) { return g->njournal; }

const struct unit *
game_unit(const struct game *g, int i)
{
	if (i < 0 || (size_t)i >= g->nunits)
		fatal("game_unit: no unit %d", i);
	return &g->units[i];
}

size_t game_nground(const struct game *g) { return g->nground; }

const struct carried *
game_ground(const struct game *g, size_t i, struct pos *at)
{
	if (i >= g->nground)
		fatal("game_ground: no item %zu", i);
	if (at != NULL)
		*at = g->ground[i].pos;
	return &g->ground[i].c;
}

int
game_find_unit(const struct game *g, const char *id)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (strcmp(g->units[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
game_side_to_move(const struct game *g)
{
	if (g->deploying)
		return g->deploy_order[g->deploy_phase];
	if (g->over || g->norder == 0)
		return GAME_NO_SIDE;
	return g->order[g->phase];
}

const struct command *
game_journal(const struct game *g, size_t i)
{
	return i < g->njournal ? &g->journal[i] : NULL;
}

bool
game_sees(const struct game *g, enum side side, int unit)
{
	return g->sees[side * g->nunits + (size_t)unit];
}

bool
game_last_seen(const struct game *g, enum side side, int unit,
    struct pos *p)
{
	size_t	i = side * g->nunits + (size_t)unit;

	if (!g->seen[i])
		return false;
	*p = g->last_seen[i];
	return true;
}

bool
game_seen_down(const struct game *g, enum side side, int unit)
{
	size_t	i = side * g->nunits + (size_t)unit;

	return g->seen[i] && g->seen_down[i];
}

const struct map *
game_known_map(const struct game *g, int as)
{
	/* As game_side_field() plans: civilians keep no memory. */
	if (as < 0 || g->know == NULL || as == SIDE_CIVILIAN)
		return g->map;
	return know_map(g, (enum side)as);
}

const struct field *
game_known_field(const struct game *g, int as, struct field *scratch)
{
	scratch->flags = NULL;
	scratch->map = g->map;
	if (as < 0)
		return &g->field;
	scratch->flags = xmalloc((size_t)g->map->width * g->map->height *
	    g->map->levels);
	game_side_field(g, (enum side)as, scratch);
	return scratch;
}

void
game_side_field(const struct game *g, enum side side, struct field *out)
{
	size_t	i;
	int	dx, dy;

	/*
	 * The side's memory of walls, doors and smoke, not the truth.
	 * Civilians play no phases and keep no memory (know.c).
	 */
	if (g->know != NULL && side != SIDE_CIVILIAN) {
		know_field(g, side, out);
		return;
	}
	memcpy(out->flags, g->field.flags, (size_t)g->map->width *
	    g->map->height * g->map->levels);
	out->map = g->map;
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		if (u->controller == side || g->sees[side * g->nunits + i])
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos p = { u->pos.x + dx, u->pos.y + dy,
				    u->pos.z };

				if (map_contains(g->map, p))
					*field_at(out, p) &= (uint8_t)
					    ~(FIELD_UNIT | FIELD_PRONE);
			}
	}
}

/* The flags of square i but for units: smoke, fire, glare. */
static uint8_t
game_field_ground(const struct game *g, size_t i, uint8_t was)
{
	uint8_t	f = was & (uint8_t)~(FIELD_UNIT | FIELD_PRONE | FIELD_SMOKE |
		    FIELD_FIRE | FIELD_GLARE);

	/* RULINGS §7.4: by day a flare's glare counts as smoke. */
	if (g->lit[i] && !g->scenario->night)
		f |= FIELD_GLARE;
	if (g->smoke[i] > 0)
		f |= FIELD_SMOKE;
	if (g->fire[i] > 0)
		f |= FIELD_FIRE;
	return f;
}

/* OR each unit's bit into the squares it covers. */
static void
game_field_units(const struct game *g, uint8_t *flags)
{
	size_t	i;
	int	dx, dy;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		uint8_t bit = u->status == UNIT_ACTIVE && !u->prone ?
		    FIELD_UNIT : FIELD_PRONE;

		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos p = { u->pos.x + dx, u->pos.y + dy,
				    u->pos.z };

				if (map_contains(g->map, p))
					flags[((size_t)p.z * g->map->height +
					    p.y) * g->map->width + p.x] |= bit;
			}
	}
}

void
game_field_refresh(struct game *g)
{
	size_t		n = (size_t)g->map->width * g->map->height *
			    g->map->levels, i, k;
	const uint64_t	ones = 0x0101010101010101ULL;
	const uint64_t	kept = ones * (FIELD_UNIT | FIELD_PRONE | FIELD_SMOKE |
			    FIELD_FIRE | FIELD_GLARE);
	uint64_t	smoke, fire, lit, flags;

	/*
	 * Eight squares at a time: where none has smoke, fire, light or a
	 * ground flag set, there is nothing to clear or set (most squares).
	 */
	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&smoke, g->smoke + i, sizeof smoke);
		memcpy(&fire, g->fire + i, sizeof fire);
		memcpy(&lit, g->lit + i, sizeof lit);
		memcpy(&flags, g->field.flags + i, sizeof flags);
		if ((smoke | fire | lit | (flags & kept)) == 0)
			continue;
		for (k = i; k < i + 8; k++)
			g->field.flags[k] = game_field_ground(g, k,
			    g->field.flags[k]);
	}
	for (; i < n; i++)
		g->field.flags[i] = game_field_ground(g, i,
		    g->field.flags[i]);
	game_field_units(g, g->field.flags);
	game_vis_field_changed(g);
}

void
game_field_moved(struct game *g, int unit, struct pos from)
{
	const struct unit	*u = &g->units[unit];
	struct pos		 at[2] = { from, u->pos }, p;
	size_t			 k, j, i;
	int			 dx, dy, size = u->t->size;

	/* Clear both footprints of units, then let every unit there back. */
	for (k = 0; k < 2; k++)
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				p = (struct pos){ at[k].x + dx, at[k].y + dy,
				    at[k].z };
				if (map_contains(g->map, p))
					*field_at(&g->field, p) &= (uint8_t)
					    ~(FIELD_UNIT | FIELD_PRONE);
			}
	for (j = 0; j < g->nunits; j++) {
		const struct unit *v = &g->units[j];
		uint8_t bit = v->status == UNIT_ACTIVE ? FIELD_UNIT :
		    FIELD_PRONE;

		for (k = 0; k < 2; k++)
			for (dy = 0; dy < size; dy++)
				for (dx = 0; dx < size; dx++) {
					p = (struct pos){ at[k].x + dx,
					    at[k].y + dy, at[k].z };
					if (map_contains(g->map, p) &&
					    p.z == v->pos.z &&
					    p.x >= v->pos.x && p.x < v->pos.x +
					    v->t->size && p.y >= v->pos.y &&
					    p.y < v->pos.y + v->t->size)
						*field_at(&g->field, p) |= bit;
				}
	}
	for (k = 0; k < 2; k++)
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				p = (struct pos){ at[k].x + dx, at[k].y + dy,
				    at[k].z };
				if (!map_contains(g->map, p))
					continue;
				i = ((size_t)p.z * g->map->height + p.y) *
				    g->map->width + p.x;
				game_vis_field_square(g, i);
			}
}

bool
game_field_ok(const struct game *g)
{
	size_t	 n = (size_t)g->map->width * g->map->height * g->map->levels;
	size_t	 i;
	uint8_t	*want = xmalloc(n);
	bool	 ok;

	for (i = 0; i < n; i++)
		want[i] = game_field_ground(g, i, g->field.flags[i]);
	game_field_units(g, want);
	ok = memcmp(want, g->field.flags, n) == 0;
	free(want);
	return ok;
}
