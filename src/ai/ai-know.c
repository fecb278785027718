/*
 * ai-know.c - what the AI's side knows, the one place honesty is kept.
 *
 * An honest AI knows a hostile unit only while its side sees it
 * (game_sees()) and otherwise where it was last seen (game_last_seen()),
 * until it was seen down.  Everything else the AI computes about enemies
 * (sight lines, hit chances, paths) goes through struct ai_know: the known
 * positions, and a copy of the field with every unseen hostile unit taken
 * out (game_side_field), so that a line or a path never bends around
 * someone the side has not seen.  The
 * omniscient AI (ai_options or the scenario's ai_omniscient) knows all.
 */
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/know.h"
#include "xtac/threat.h"
#include "xtac/util.h"

#define AI_LINES_MAX	(4u << 20)	/* bytes of cached lines, at most */

void
ai_know_init(struct ai_know *k)
{
	memset(k, 0, sizeof *k);
}

void
ai_know_free(struct ai_know *k)
{
	free(k->enemies);
	free(k->gone);
	free(k->field.flags);
	threat_view_free(k->threat_view);
}

static void
ai_know_grow(struct ai *ai, const struct game *g)
{
	struct ai_know		*k = &ai->know;
	const struct map	*m = game_map(g);
	size_t			 n = game_nunits(g);

	if (k->field.flags == NULL) {
		k->nsquares = (size_t)m->width * m->height * m->levels;
		k->field.map = m;
		k->field.flags = xmalloc(k->nsquares);
		ai->scratch.map = m;
		ai->scratch.flags = xmalloc(k->nsquares);
		ai->cost = xreallocarray(NULL, k->nsquares, sizeof *ai->cost);
	}
	if (k->cap < n) {
		k->enemies = xreallocarray(k->enemies, n, sizeof *k->enemies);
		k->cap = n;
	}
	if (k->ngone < n) {
		k->gone = xreallocarray(k->gone, n, sizeof *k->gone);
		memset(k->gone + k->ngone, 0, (n - k->ngone) * sizeof *k->gone);
		k->ngone = n;
	}
}

/* Mark the squares the side sees now with the round (ai->looked). */
void
ai_look(struct ai *ai, const struct game *g)
{
	const uint32_t	*in;
	size_t		i, n = ai->know.nsquares;
	uint16_t	round = (uint16_t)(game_round(g) > 0xffff ? 0xffff :
			    game_round(g));

	if (ai->looked == NULL)
		ai->looked = xcalloc(n, sizeof *ai->looked);
	/* The squares in sight, listed: not a pass over the map. */
	n = game_side_sight_list(g, ai->side, &in);
	for (i = 0; i < n; i++)
		ai->looked[in[i]] = round;
}

/*
 * A remembered enemy whose square the side now sees (know_in_sight(): its
 * units' real sight, a vision cone's included), empty, has gone
 * elsewhere: forget it until it is seen again, so the side stops
 * converging on an empty square.  A square within reach of a line but
 * out of every eye's cone is not looked at, and the enemy there stays
 * remembered (a blind grenade's target).
 */
static void
ai_know_stale(struct ai *ai, const struct game *g)
{
	struct ai_know		*k = &ai->know;
	size_t			 i, kept = 0;

	for (i = 0; i < k->nenemies; i++) {
		struct ai_enemy	*e = &k->enemies[i];

		if (!e->seen && know_in_sight(g, ai->side, e->pos))
			k->gone[e->unit] = true;
		else
			k->enemies[kept++] = *e;
	}
	k->nenemies = kept;
}

/*
 * A remembered enemy stands in the way as far as the side knows: its
 * squares are marked taken in the side's field, so no path is planned
 * onto or through where it was last seen.  Without this a walk planned
 * over an empty-looking square behind a shut door is stopped by the one
 * standing there, and planned again, phase after phase (a stand-off at a
 * door that ended games as draws at the round cap).  Honest: memory only.
 */
static void
ai_know_block(struct ai *ai, const struct game *g)
{
	const struct map	*m = game_map(g);
	size_t			 i;
	int			 dx, dy, size;

	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->seen || e->down)
			continue;
		size = game_unit(g, e->unit)->t->size;
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				struct pos p = { e->pos.x + dx, e->pos.y + dy,
				    e->pos.z };

				if (map_contains(m, p))
					*field_at(&ai->know.field, p) |=
					    FIELD_UNIT;
			}
	}
}

void
ai_know_refresh(struct ai *ai, const struct game *g)
{
	struct ai_know		*k = &ai->know;
	size_t			 n = game_nunits(g), i;

	ai_know_grow(ai, g);
	/* The game has moved on since the last decision. */
	threat_view_free(k->threat_view);
	k->threat_view = NULL;
	if (ai->omniscient)
		memcpy(k->field.flags, game_field(g)->flags, k->nsquares);
	else
		game_side_field(g, ai->side, &k->field);
	/* Paths run over the same walls and doors: the side's memory. */
	ai->scratch.map = k->field.map;
	/*
	 * With the step words kept over that map: a search reads one word a
	 * square (path_ctx_moves takes them only when they are the map's).
	 */
	ai->paths.moves = k->field.map == game_map(g) ? game_path_moves(g) :
	    know_path_moves(g, ai->side);
	k->nenemies = 0;
	for (i = 0; i < n; i++) {
		const struct unit	*u = game_unit(g, (int)i);
		struct ai_enemy		*e = &k->enemies[k->nenemies];
		bool			 seen;

		if (u->controller == ai->side)
			continue;
		seen = ai->omniscient || game_sees(g, ai->side, (int)i);
		if (!ai_hostile(ai, g, (int)i))
			continue;
		e->unit = (int)i;
		if (seen) {
			e->seen = true;
			e->pos = u->pos;
			e->down = u->status != UNIT_ACTIVE;
			k->gone[i] = e->down;
			k->nenemies++;
			continue;
		}
		if (k->gone[i] || !game_last_seen(g, ai->side, (int)i,
		    &e->pos))
			continue;
		e->seen = false;
		e->down = false;
		k->nenemies++;
	}
	ai_know_stale(ai, g);
	ai_know_block(ai, g);
	k->sig = 14695981039346656037ULL;
	for (i = 0; i < k->nenemies; i++) {
		const struct ai_enemy	*e = &k->enemies[i];
		uint64_t		 v[5] = { (uint64_t)e->unit,
				    (uint64_t)e->pos.x, (uint64_t)e->pos.y,
				    (uint64_t)e->pos.z,
				    (uint64_t)(e->seen | e->down << 1) };
		size_t			 j;

		for (j = 0; j < 5; j++)
			k->sig = (k->sig ^ v[j]) * 1099511628211ULL;
	}
}

/* Start the caches afresh when what the side knows has changed. */
static void
ai_know_cache(struct ai *ai, const struct game *g)
{
	size_t	n = game_nunits(g), sq = ai->know.nsquares;

	if (ai->threat == NULL)
		ai->threat = xmalloc(sq);
	/* Lines are kept only while that stays small (AI_LINES_MAX). */
	if (ai->lines_units < n && n * sq <= AI_LINES_MAX) {
		free(ai->lines);
		free(ai->lines_at);
		ai->lines = xcalloc(n, sq);
		ai->lines_at = xcalloc(n, sizeof *ai->lines_at);
		ai->lines_units = n;
		ai->cache_sig = ai->know.sig + 1;
	} else if (ai->lines_units < n) {
		free(ai->lines);
		free(ai->lines_at);
		ai->lines = NULL;
		ai->lines_at = NULL;
		ai->lines_units = 0;
	}
	if (ai->cache_sig == ai->know.sig)
		return;
	memset(ai->threat, 0xff, sq);
	ai->cache_sig = ai->know.sig;
}

static size_t
ai_know_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

/*
 * How many known enemies could react to one of the side's units on p
 * (threat.h: honest unless omniscient); the same for every unit of the
 * side, so kept until the side learns something.
 */
int
ai_know_threat(struct ai *ai, const struct game *g, struct pos p)
{
	size_t	i = ai_know_index(game_map(g), p);
	int	n;

	ai_know_cache(ai, g);
	if (ai->threat[i] == 0xff) {
		/*
		 * The watchers and the field gathered once a decision (the
		 * game stands still while the AI decides), not per square.
		 */
		if (ai->know.threat_view == NULL ||
		    threat_view_game(ai->know.threat_view) != g) {
			threat_view_free(ai->know.threat_view);
			ai->know.threat_view = threat_view_new(g, ai->side,
			    !ai->omniscient);
		}
		n = threat_view_watchers(ai->know.threat_view, p, NULL, 0);
		ai->threat[i] = (uint8_t)(n > 254 ? 254 : n);
	}
	return ai->threat[i];
}

/*
 * The line a standing unit on p would have to a known enemy's square,
 * over the field as known: its obstructions, or -1 when blocked.
 */
int
ai_know_line(struct ai *ai, const struct game *g, struct pos p,
    const struct ai_enemy *e)
{
	size_t			 i = ai_know_index(game_map(g), p);
	uint8_t			*at;
	struct sight_result	 r;

	ai_know_cache(ai, g);
	if (ai->lines == NULL)
		return sight_line(&ai->know.field, p, SIGHT_EYE_STANDING,
		    e->pos, SIGHT_CENTRE, &r) ? r.obstructions : -1;
	at = &ai->lines[(size_t)e->unit * ai->know.nsquares];
	if (ai->lines_at[e->unit].x != e->pos.x + 1 ||
	    ai->lines_at[e->unit].y != e->pos.y ||
	    ai->lines_at[e->unit].z != e->pos.z) {
		/* Stored one off in x: all zero means never drawn. */
		memset(at, 0, ai->know.nsquares);
		ai->lines_at[e->unit] = (struct pos){ e->pos.x + 1, e->pos.y,
		    e->pos.z };
	}
	at += i;
	if (*at == 0)
		*at = sight_line(&ai->know.field, p, SIGHT_EYE_STANDING,
		    e->pos, SIGHT_CENTRE, &r) ? (uint8_t)(2 +
		    r.obstructions) : 1;
	return *at == 1 ? -1 : *at - 2;
}

const struct ai_enemy *
ai_know_enemy(const struct ai *ai, int unit)
{
	size_t	i;

	for (i = 0; i < ai->know.nenemies; i++)
		if (ai->know.enemies[i].unit == unit)
			return &ai->know.enemies[i];
	return NULL;
}

/*
 * Reachable squares for one of the side's units over the field as known,
 * into ai->cost ([z][y][x], PATH_UNREACHABLE where not): game_reach() but
 * blind to unseen enemies, and without allocating.
 */
void
ai_know_reach(struct ai *ai, const struct game *g, int unit)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	const struct map	*m = game_map(g);
	struct mover		 mv;
	int			 dx, dy;

	memcpy(ai->scratch.flags, ai->know.field.flags, ai->know.nsquares);
	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++) {
			struct pos p = { u->pos.x + dx, u->pos.y + dy,
			    u->pos.z };
			if (map_contains(m, p))
				*field_at(&ai->scratch, p) &=
				    (uint8_t)~FIELD_UNIT;
		}
	mv.size = u->t->size;
	mv.flying = unit_flies(cat, u);
	mv.kneeling = u->kneeling;
	mv.multiplier = unit_move_multiplier(cat, u);
	path_reach_with(&ai->paths, &ai->scratch, &mv, NULL, u->pos, u->tu,
	    ai->cost);
}
