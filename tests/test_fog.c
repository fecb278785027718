/*
 * test_fog.c - non-interference: what a side is shown never depends on
 * what it has not seen (know.h).
 *
 * Pairs of games on the shipped maps, past deployment (every side taking
 * the default), differ only in something hidden from the viewing side: an
 * enemy standing here or elsewhere out of its sight, a door opened out of
 * its sight or not, a grenade thrown out of its sight or not, a wall blown
 * away out of its sight or not.  Both are played with the same random
 * commands, the viewer's chosen from what it knows.  While the difference
 * stays out of the viewer's sight, everything it reads must be the same
 * byte for byte: the events as it reads them (what `xtac script --as`
 * prints), its knowledge hash, the paths it plans, in its phase the
 * forecasts it may ask for (who a shot puts at risk, where an arc lands, a
 * blast's reach) and whether its next command would be accepted, with the
 * same reason.  Once the difference comes into its sight, or the dice the
 * two games roll part, the pair is done: from there on the side may
 * rightly read something else.
 *
 * Played again with the viewer's side in the hands of the honest AI (one
 * per game, the same seed), its proposals join the view: the commands it
 * chooses must be the same in both games while the difference stays out
 * of its side's sight (ai.h: honesty).
 *
 * The oracle reads the engine's inside (game-int.h), which a player never
 * can, to say where the two games differ.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/engine/game-int.h"
#include "fixture.h"
#include "xtac/ai.h"
#include "xtac/diag.h"
#include "xtac/know.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

/*
 * Seeds per map, pair kind and viewer.  The sanitized build runs fewer:
 * it is there for memory safety, the plain build for the property.
 */
#ifdef __SANITIZE_ADDRESS__
#define FOG_SEEDS	2
#define FOG_AI_SEEDS	1
#else
#define FOG_SEEDS	10
#define FOG_AI_SEEDS	4
#endif
#define FOG_COMMANDS	80	/* per game */

enum fog_kind {
	FOG_PLACED,		/* an enemy here or elsewhere */
	FOG_DOOR,		/* a door opened or not */
	FOG_GRENADE,		/* a grenade thrown or not */
	FOG_WALL,		/* a wall blown away or not */
	FOG_KIND_COUNT
};
static const char *const fog_kind_names[FOG_KIND_COUNT] = {
	"placed", "door", "grenade", "wall"
};

/*
 * The shipped maps that hold their units (homestead names squad files,
 * which the program's loading of a map reads: src/cli/data.c).
 */
static const char *const fog_maps[] = {
	"maps/tutorial.yaml", "maps/farmhouse.yaml", "maps/crashed-scout.yaml",
	"maps/base-defence.yaml", "maps/boarding.yaml",
	"maps/desert-landing.yaml", "maps/terror-landing.yaml",
	"maps/terror-street.yaml"
};

struct fog_stats {
	size_t	pairs;		/* pairs played */
	size_t	compared;	/* commands whose views were compared */
	size_t	revealed;	/* pairs ended by a sighting or the dice */
	size_t	chosen;		/* commands the AI chose in both games */
};

static struct catalog	*fog_catalog;

static int
fog_setup(void **state)
{
	(void)state;
	fog_catalog = fixture_real_catalog();
	return fog_catalog == NULL ? -1 : 0;
}

static int
fog_teardown(void **state)
{
	(void)state;
	fixture_real_catalog_free(fog_catalog);
	return 0;
}

static struct scenario *
fog_load(const char *path)
{
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, fog_catalog, &d);
	if (s == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(s);
	return s;
}

static size_t
fog_cells(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

static size_t
fog_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

static struct pos
fog_random_pos(struct rng *r, const struct map *m)
{
	struct pos	p;

	p.x = (int)rng_below(r, (uint32_t)m->width);
	p.y = (int)rng_below(r, (uint32_t)m->height);
	p.z = (int)rng_below(r, (uint32_t)m->levels);
	return p;
}

/* --- the view: what the side reads ---------------------------------------- */

/* One event, every field and term, a line. */
static void
fog_print_event(struct strbuf *sb, const struct event *v)
{
	size_t	f;

	strbuf_puts(sb, event_type_names[v->type]);
	for (f = 0; f < v->nfields; f++) {
		const struct event_field *fl = &v->fields[f];

		strbuf_printf(sb, " %s=", fl->key);
		if (fl->kind == EVV_STR)
			strbuf_puts(sb, fl->s != NULL ? fl->s : "");
		else if (fl->kind == EVV_POS)
			strbuf_printf(sb, "%d,%d,%d", fl->pos.x, fl->pos.y,
			    fl->pos.z);
		else
			strbuf_printf(sb, "%d", fl->i);
	}
	for (f = 0; f < v->nterms; f++)
		strbuf_printf(sb, " [%s %d]", v->terms[f].name,
		    v->terms[f].value);
	strbuf_puts(sb, "\n");
}

static void
fog_view_events(struct strbuf *sb, const struct event_list *ev,
    enum side side)
{
	struct event	v;
	size_t		i;

	for (i = 0; i < ev->n; i++) {
		if (!know_event_seen(&ev->v[i], side))
			continue;
		know_event_view(&ev->v[i], side, &v);
		fog_print_event(sb, &v);
	}
}

/*
 * The forecasts the side may ask for (game.h): each of its units' shot at
 * each enemy it sees, from where it stands, a miss weighed in (who it puts
 * at risk: game_side_shot_risk); whether an arc from it lands on `to`
 * (game_side_throw_lands); and a grenade's blast on `to`, summed
 * (game_side_grenade_reach).
 */
static void
fog_view_forecasts(struct strbuf *sb, const struct game *g, enum side side,
    struct pos to)
{
	const struct map	*m = game_map(g);
	struct game_shot_risk	 r;
	size_t			 i, k, n = fog_cells(m);
	long			 sum = 0;
	int			*reach, hand;

	for (i = 0; i < game_nunits(g); i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->controller != side || u->status != UNIT_ACTIVE)
			continue;
		strbuf_printf(sb, "lands %zu %d\n", i,
		    game_side_throw_lands(g, side, u->pos, to));
		hand = u->hands[HAND_RIGHT].item >= 0 ? HAND_RIGHT : HAND_LEFT;
		for (k = 0; k < game_nunits(g); k++) {
			if (game_unit(g, (int)k)->controller == side ||
			    !game_sees(g, side, (int)k))
				continue;
			game_side_shot_risk(g, side, (int)i, u->pos, (int)k,
			    hand, 50, &r);
			strbuf_printf(sb, "risk %zu %zu line %d blast %d/%d "
			    "stray %d struck %d held %d\n", i, k, r.line,
			    r.blast, r.nblast, r.stray, r.struck, r.held);
		}
	}
	reach = xmalloc(n * sizeof *reach);
	if (game_side_grenade_reach(g, side, catalog_find_item(fog_catalog,
	    "grenade"), to, reach))
		for (i = 0; i < n; i++)
			sum += (long)(i + 1) * (reach[i] + 1);
	strbuf_printf(sb, "blast %ld\n", sum);
	free(reach);
}

/* After a command: its knowledge, a path it plans, its next command. */
static void
fog_view_state(struct strbuf *sb, const struct game *g, enum side side,
    struct pos to, const struct command *next)
{
	struct path	 p;
	char		*cause = NULL;
	size_t		 i;
	int		 cost;

	strbuf_printf(sb, "know %016llx\n",
	    (unsigned long long)know_hash(g, side));
	for (i = 0; i < game_nunits(g); i++) {
		if (game_unit(g, (int)i)->controller != side ||
		    game_unit(g, (int)i)->status != UNIT_ACTIVE)
			continue;
		cost = game_path(g, (int)i, to, &p, &cause);
		strbuf_printf(sb, "path %zu %d %s\n", i, cost,
		    cause != NULL ? cause : "");
		free(cause);
		cause = NULL;
		path_free(&p);
	}
	if (game_side_to_move(g) == (int)side)
		fog_view_forecasts(sb, g, side, to);
	if (next != NULL && game_side_to_move(g) == (int)side) {
		cost = game_check(g, next, &cause);
		strbuf_printf(sb, "check %d %s\n", cost,
		    cause != NULL ? cause : "");
		free(cause);
	}
}

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
static uint8_t *
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
static bool
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
/* Where the games have differed so far, around the command under test. */
struct fog_diffs {
	uint8_t	*cells;		/* [cell] */
	bool	*units;		/* [unit] */
	bool	 edges;		/* a wall or door differs: lines do */
};

static bool
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
static bool
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
static bool
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
static bool
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

/* --- random commands ------------------------------------------------------ */

/* A unit of the side to move, active, chosen at random; -1 if none. */
static int
fog_pick_unit(struct rng *r, const struct game *g, int side)
{
	int	v[256], n = 0;
	size_t	i;

	for (i = 0; i < game_nunits(g) && n < 256; i++)
		if (game_unit(g, (int)i)->controller == (enum side)side &&
		    game_unit(g, (int)i)->status == UNIT_ACTIVE)
			v[n++] = (int)i;
	return n == 0 ? -1 : v[rng_below(r, (uint32_t)n)];
}

/* An enemy the side sees now, at random; -1 if none. */
static int
fog_pick_target(struct rng *r, const struct game *g, int side)
{
	int	v[256], n = 0;
	size_t	i;

	for (i = 0; i < game_nunits(g) && n < 256; i++)
		if (game_unit(g, (int)i)->controller != (enum side)side &&
		    game_sees(g, (enum side)side, (int)i) &&
		    game_unit(g, (int)i)->status == UNIT_ACTIVE)
			v[n++] = (int)i;
	return n == 0 ? -1 : v[rng_below(r, (uint32_t)n)];
}

/*
 * A command line for the side to move, from what that side knows: its
 * own units, enemies in sight, squares of the map.  `busy` in 0..100 is
 * how often it does something rather than end its phase.
 */
static char *
fog_command(struct rng *r, const struct game *g, int busy)
{
	static const char *const modes[] = { "snap", "aimed", "auto" };
	int			 side = game_side_to_move(g), u, t;
	const struct map	*m = game_map(g);
	struct pos		 p;
	const char		*id;

	if ((int)rng_below(r, 100) >= busy ||
	    (u = fog_pick_unit(r, g, side)) < 0)
		return xstrdup("end");
	id = game_unit(g, u)->id;
	switch (rng_below(r, 10)) {
	case 0:
		return xasprintf("turn %s %s", id, dir_names[rng_below(r,
		    DIR_COUNT)]);
	case 1:
		return xasprintf("%s %s", rng_below(r, 2) ? "kneel" : "stand",
		    id);
	case 2:
		return xasprintf("open %s %s", id, dir_names[2 *
		    rng_below(r, 4)]);
	case 3:
	case 4:
		if ((t = fog_pick_target(r, g, side)) >= 0)
			return xasprintf("shoot %s %s %s", id,
			    game_unit(g, t)->id, modes[rng_below(r, 3)]);
		/* FALLTHROUGH */
	default:
		p = fog_random_pos(r, m);
		if (rng_below(r, 2)) {
			/* Somewhere near, more often reachable. */
			p = game_unit(g, u)->pos;
			p.x += (int)rng_below(r, 9) - 4;
			p.y += (int)rng_below(r, 9) - 4;
			if (!map_contains(m, p))
				p = game_unit(g, u)->pos;
		}
		return xasprintf("move %s %d %d %d", id, p.x + 1, p.y + 1,
		    p.z + 1);
	}
}

/* Run a line in a game; its events into ev (cleared first). */
static void
fog_run(struct game *g, const char *line, struct event_list *ev)
{
	struct command	 c;
	char		*cause = NULL;

	event_list_clear(ev);
	if (cmd_parse(g, line, &c, &cause) < 0) {
		free(cause);
		return;
	}
	game_execute(g, &c, ev);
}

/*
 * The AI's next command for the viewer's side in g, into the view as the
 * side would read it, then run: the command it proposes is its own to
 * know.  A refusal is told to the AI, as its drivers do.
 */
static void
fog_run_ai(struct ai *ai, struct game *g, struct event_list *ev,
    struct strbuf *sb)
{
	struct command	 c;
	char		*text;

	event_list_clear(ev);
	assert_int_equal(ai_next(ai, g, &c), 0);
	text = cmd_format(g, &c);
	strbuf_printf(sb, "ai %s\n", text);
	free(text);
	if (game_execute(g, &c, ev) != 0)
		ai_refused(ai, &c);
}

/* --- the differences ------------------------------------------------------ */

/* An enemy of the viewer it does not see, 1x1; -1 if none. */
static int
fog_hidden_enemy(struct rng *r, const struct game *g, enum side viewer)
{
	uint8_t	*eyes = fog_eyes(g, viewer);
	int	 v[256], n = 0;
	size_t	 i;

	for (i = 0; i < game_nunits(g) && n < 256; i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->controller != viewer && u->side != SIDE_CIVILIAN &&
		    u->status == UNIT_ACTIVE && u->t->size == 1 &&
		    !game_sees(g, viewer, (int)i) &&
		    !fog_near(g->map, eyes, u->pos))
			v[n++] = (int)i;
	}
	free(eyes);
	return n == 0 ? -1 : v[rng_below(r, (uint32_t)n)];
}

/*
 * FOG_PLACED: in game b the hidden enemy stands on another square out of
 * the viewer's eyes, as if it had been deployed there.
 */
static bool
fog_place(struct rng *r, struct game *b, enum side viewer, int unit)
{
	const struct map	*m = game_map(b);
	uint8_t			*eyes = fog_eyes(b, viewer);
	struct pos		 p;
	int			 tries;

	/* Out of the viewer's eyes, not merely out of its sight. */
	for (tries = 0; tries < 500; tries++) {
		p = fog_random_pos(r, m);
		if (!map_square_standable(m, p) ||
		    (*field_at(game_field(b), p) & (FIELD_UNIT |
		    FIELD_PRONE)) || fog_near(m, eyes, p))
			continue;
		/* Standing on a floor, not in the air. */
		if (map_square(m, p)->floor == FLOOR_NONE)
			continue;
		b->units[unit].pos = p;
		game_field_refresh(b);
		game_vis_update(b, false);
		free(eyes);
		return true;
	}
	free(eyes);
	return false;
}

/* Both games past deployment (§4.1), every side taking the default. */
static void
fog_deployed(struct game *a, struct game *b, struct event_list *eva,
    struct event_list *evb, struct strbuf *va, struct strbuf *vb,
    enum side viewer)
{
	int	k;

	for (k = 0; k < 4 && a->deploying; k++) {
		fog_run(a, "end", eva);
		fog_run(b, "end", evb);
		fog_view_events(va, eva, viewer);
		fog_view_events(vb, evb, viewer);
	}
}

/* FOG_DOOR: a closed door out of the viewer's sight, opened in a. */
static bool
fog_open_door(struct rng *r, struct game *a, enum side viewer)
{
	const struct map	*m = a->map;
	uint8_t			*eyes = fog_eyes(a, viewer);
	struct pos		 p, q;
	struct edge		*e;
	int			 tries, side;
	bool			 done = false;

	for (tries = 0; tries < 4000 && !done; tries++) {
		p = fog_random_pos(r, m);
		side = (int)rng_below(r, 2) ? DIR_E : DIR_S;
		q = (struct pos){ p.x + dir_dx[side], p.y + dir_dy[side],
		    p.z };
		e = map_edge(m, p, (enum dir)side);
		if (e->kind != EDGE_DOOR || (e->flags & EDGE_OPENED) ||
		    fog_near(m, eyes, p) ||
		    (map_contains(m, q) && fog_near(m, eyes, q)))
			continue;
		/* As if someone unseen opened it: the game takes it in. */
		e->flags |= EDGE_OPENED;
		game_door_opened(a, p, (enum dir)side);
		game_vis_touch(a, p);
		game_vis_update(a, false);
		done = true;
	}
	free(eyes);
	return done;
}

/*
 * FOG_WALL: a wall out of the viewer's sight, blown away in a as a blast
 * would (game_damage_edge), its events into ev.
 */
static bool
fog_blow_wall(struct rng *r, struct game *a, enum side viewer,
    struct event_list *ev)
{
	const struct map	*m = a->map;
	uint8_t			*eyes = fog_eyes(a, viewer);
	struct pos		 p, q;
	struct edge		*e;
	int			 tries, side;
	bool			 done = false;

	for (tries = 0; tries < 4000 && !done; tries++) {
		p = fog_random_pos(r, m);
		side = (int)rng_below(r, 2) ? DIR_E : DIR_S;
		q = (struct pos){ p.x + dir_dx[side], p.y + dir_dy[side],
		    p.z };
		e = map_edge(m, p, (enum dir)side);
		if (e->kind != EDGE_WALL || (e->flags & EDGE_EXPLOSIVE) ||
		    !map_contains(m, q) || fog_near(m, eyes, p) ||
		    fog_near(m, eyes, q) ||
		    !game_destroys((enum strength)e->strength, DMG_HE, 200))
			continue;
		/* As game_execute hands the game its list. */
		a->ev = ev;
		a->ev_stamped = ev->n;
		done = game_damage_edge(a, p, (enum dir)side, DMG_HE, 200);
		game_vis_update(a, false);
		a->ev = NULL;
	}
	free(eyes);
	return done;
}

/*
 * FOG_GRENADE: in a, the hidden enemy draws a grenade, primes it to go
 * off as the phase ends and throws it at a square out of the viewer's
 * sight, its dice forced so that a's dice do not part from b's.
 */
static void
fog_throw(struct rng *r, struct game *a, enum side viewer, int unit,
    struct event_list *ev, struct strbuf *sb)
{
	const struct unit	*u = game_unit(a, unit);
	const struct map	*m = game_map(a);
	struct pos		 p;
	char			*line;
	size_t			 b;
	int			 tries;

	for (b = 0; b < u->nbelt; b++) {
		const char *id = game_catalog(a)->items[u->belt[b].item].id;

		if (strstr(id, "grenade") == NULL)
			continue;
		line = xasprintf("draw %s %s right", u->id, id);
		fog_run(a, line, ev);
		fog_view_events(sb, ev, viewer);
		free(line);
		break;
	}
	line = xasprintf("prime %s right 0", u->id);
	fog_run(a, line, ev);
	fog_view_events(sb, ev, viewer);
	free(line);
	for (tries = 0; tries < 200; tries++) {
		p = u->pos;
		p.x += (int)rng_below(r, 9) - 4;
		p.y += (int)rng_below(r, 9) - 4;
		if (map_contains(m, p) && !know_in_sight(a, viewer, p))
			break;
	}
	fog_run(a, "dice 1", ev);
	fog_view_events(sb, ev, viewer);
	line = xasprintf("throw %s %d %d %d", u->id, p.x + 1, p.y + 1,
	    p.z + 1);
	fog_run(a, line, ev);
	fog_view_events(sb, ev, viewer);
	free(line);
}

/* The first line where two views part, and what follows in each. */
static void
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
static void
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

/* --- one pair ------------------------------------------------------------- */

/*
 * One pair.  With `played`, the viewer's side is played by the honest AI
 * of that level in both games, and the random commands are the other
 * sides'.
 */
static void
fog_pair(const char *map, enum fog_kind kind, enum side viewer,
    uint64_t seed, const enum ai_level *played, struct fog_stats *st)
{
	struct scenario		*sa = fog_load(map), *sb = fog_load(map);
	struct event_list	 eva, evb;
	struct ai		*aia = NULL, *aib = NULL;
	struct ai_options	 opt;
	struct game		*a, *b;
	struct strbuf		 va, vb;
	struct rng		 r;
	struct command		 next;
	char			*line, *nline, *cause = NULL;
	struct pos		 to;
	struct fog_diffs	 acc;
	int			 hidden, i;
	bool			 differ = false;

	rng_seed(&r, seed, RNG_STREAM_COSMETIC);
	event_list_init(&eva);
	event_list_init(&evb);
	a = game_new(sa, seed, &eva);
	b = game_new(sb, seed, &evb);
	strbuf_init(&va);
	strbuf_init(&vb);
	fog_view_events(&va, &eva, viewer);
	fog_view_events(&vb, &evb, viewer);
	fog_deployed(a, b, &eva, &evb, &va, &vb, viewer);
	hidden = fog_hidden_enemy(&r, a, viewer);
	if (a->deploying || (kind == FOG_PLACED && (hidden < 0 ||
	    !fog_place(&r, b, viewer, hidden)))) {
		strbuf_free(&va);
		strbuf_free(&vb);
		game_free(a);
		game_free(b);
		goto out;
	}
	st->pairs++;
	acc.cells = xcalloc(fog_cells(game_map(a)), 1);
	acc.units = xcalloc(a->units_cap, sizeof *acc.units);
	acc.edges = false;
	if (played != NULL) {
		memset(&opt, 0, sizeof opt);
		opt.level = *played;
		opt.seed = seed;
		aia = ai_new(a, viewer, &opt);
		aib = ai_new(b, viewer, &opt);
	}
	line = fog_command(&r, a, 50);
	for (i = 0; i < FOG_COMMANDS && !game_over(a); i++) {
		int mover = game_side_to_move(a);

		if (fog_revealed(a, b, viewer, &acc)) {
			st->revealed++;
			break;
		}
		/* The hidden change, once, in the hidden side's phase. */
		if (!differ && mover != (int)viewer && i > 0) {
			if (kind == FOG_PLACED)
				differ = true;
			else if (kind == FOG_DOOR)
				differ = fog_open_door(&r, a, viewer);
			else if (kind == FOG_WALL) {
				event_list_clear(&eva);
				differ = fog_blow_wall(&r, a, viewer, &eva);
				fog_view_events(&va, &eva, viewer);
			}
			else if (hidden >= 0 && !game_sees(a, viewer, hidden)) {
				fog_throw(&r, a, viewer, hidden, &eva, &va);
				differ = true;
			}
			if (fog_revealed(a, b, viewer, &acc)) {
				st->revealed++;
				break;
			}
		}
		if (played != NULL && mover == (int)viewer) {
			/* The AI's own choice, game by game. */
			fog_run_ai(aia, a, &eva, &va);
			fog_run_ai(aib, b, &evb, &vb);
			st->chosen++;
		} else {
			fog_run(a, line, &eva);
			fog_run(b, line, &evb);
		}
		fog_view_events(&va, &eva, viewer);
		fog_view_events(&vb, &evb, viewer);
		/* The viewer's next command, from what it knows. */
		nline = fog_command(&r, a, game_side_to_move(a) ==
		    (int)viewer ? 85 : 10);
		to = fog_random_pos(&r, game_map(a));
		if (game_side_to_move(a) != (int)viewer || played != NULL ||
		    cmd_parse(a, nline, &next, &cause) < 0) {
			free(cause);
			cause = NULL;
			fog_view_state(&va, a, viewer, to, NULL);
			fog_view_state(&vb, b, viewer, to, NULL);
		} else {
			fog_view_state(&va, a, viewer, to, &next);
			fog_view_state(&vb, b, viewer, to, &next);
		}
		if (strcmp(va.data != NULL ? va.data : "",
		    vb.data != NULL ? vb.data : "") != 0 &&
		    !fog_revealed(a, b, viewer, &acc)) {
			/* A hidden roll shifts the dice after it: parted. */
			if (a->rules.state != b->rules.state ||
			    fog_explained(va.data, vb.data, a, &acc) ||
			    fog_memory_near(a, b, viewer, &acc) ||
			    fog_items_seen(a, b, viewer, &acc)) {
				st->revealed++;
				free(nline);
				break;
			}
			fprintf(stderr, "%s, %s, viewer %s, seed %llu: after "
			    "'%s' the viewer's views differ while nothing it "
			    "could see does:\n", map, fog_kind_names[kind],
			    side_names[viewer], (unsigned long long)seed, line);
			fog_diff(va.data, vb.data);
			fog_know_diff(a, b, viewer);
			free(line);
			free(nline);
			fail();
		}
		st->compared++;
		free(line);
		line = nline;
		/* Keep the texts short: they agree up to here. */
		strbuf_free(&va);
		strbuf_free(&vb);
		strbuf_init(&va);
		strbuf_init(&vb);
	}
	free(line);
	strbuf_free(&va);
	strbuf_free(&vb);
	free(acc.cells);
	free(acc.units);
	if (aia != NULL) {
		ai_free(aia);
		ai_free(aib);
	}
	game_free(a);
	game_free(b);
out:
	event_list_free(&eva);
	event_list_free(&evb);
	scenario_free(sa);
	scenario_free(sb);
}

static void
fog_kind(enum fog_kind kind)
{
	struct fog_stats	st;
	size_t			m;
	uint64_t		seed;
	int			viewer;

	memset(&st, 0, sizeof st);
	for (m = 0; m < sizeof fog_maps / sizeof fog_maps[0]; m++)
		for (viewer = SIDE_XCOM; viewer <= SIDE_ALIEN; viewer++)
			for (seed = 1; seed <= FOG_SEEDS; seed++)
				fog_pair(fog_maps[m], kind, (enum side)viewer,
				    seed * 7919 + m, NULL, &st);
	print_message("%s: %zu pairs, %zu commands compared, %zu ended by "
	    "a sighting or the dice\n", fog_kind_names[kind], st.pairs,
	    st.compared, st.revealed);
	/* A property that was never tested is no property. */
	assert_true(st.pairs > 0);
	assert_true(st.compared > st.pairs);
}

/*
 * ai.h honesty as a property: every kind of difference, the viewer's side
 * played by the honest AI at each playing level, many seeds.
 */
static void
test_fog_ai_chooses_alike(void **state)
{
	static const enum ai_level	 levels[] = { AI_EASY, AI_NORMAL,
					    AI_HARD };
	struct fog_stats		 st;
	size_t				 m, l, nmaps;
	uint64_t			 seed;
	int				 kind, viewer;

	(void)state;
	memset(&st, 0, sizeof st);
	nmaps = sizeof fog_maps / sizeof fog_maps[0];
	for (kind = 0; kind < FOG_KIND_COUNT; kind++)
	for (m = 0; m < nmaps; m++)
	for (viewer = SIDE_XCOM; viewer <= SIDE_ALIEN; viewer++)
	for (seed = 1; seed <= FOG_AI_SEEDS; seed++) {
		l = (size_t)(seed + m) % (sizeof levels / sizeof levels[0]);
		fog_pair(fog_maps[m], (enum fog_kind)kind, (enum side)viewer,
		    seed * 104729 + m, &levels[l], &st);
	}
	print_message("ai: %zu pairs, %zu commands compared, %zu chosen by "
	    "the AI, %zu ended by a sighting or the dice\n", st.pairs,
	    st.compared, st.chosen, st.revealed);
	assert_true(st.pairs > 0);
	assert_true(st.chosen > st.pairs);
}

static void
test_fog_enemy_placed(void **state)
{
	(void)state;
	fog_kind(FOG_PLACED);
}

static void
test_fog_door_opened(void **state)
{
	(void)state;
	fog_kind(FOG_DOOR);
}

static void
test_fog_grenade_thrown(void **state)
{
	(void)state;
	fog_kind(FOG_GRENADE);
}

static void
test_fog_wall_blown(void **state)
{
	(void)state;
	fog_kind(FOG_WALL);
}

/*
 * Whether text holds the 64-bit number v written as a program would: in
 * decimal, or in hex (bare or 0x, padded to 16 digits or not, either
 * case).
 */
static bool
fog_holds_number(const char *text, uint64_t v)
{
	unsigned long long	n = v;
	char			buf[5][32];
	size_t			i;

	if (text == NULL)
		return false;
	snprintf(buf[0], sizeof buf[0], "%llu", n);
	snprintf(buf[1], sizeof buf[1], "%llx", n);
	snprintf(buf[2], sizeof buf[2], "%016llx", n);
	snprintf(buf[3], sizeof buf[3], "%llX", n);
	snprintf(buf[4], sizeof buf[4], "%016llX", n);
	for (i = 0; i < 5; i++)
		if (strstr(text, buf[i]) != NULL)
			return true;
	return false;
}

/*
 * Nothing a side reads foretells a roll: the seed, and the state of the
 * rules and cosmetic streams at any point of the game, are found in no
 * side's events (what `xtac script --as` prints, and the server sends).
 * The seed and the states would tell every roll to come, hidden ones
 * included; a pair of games sharing the seed cannot show that (both carry
 * it), so it is looked for directly.  Long random games on every map, a
 * seed of many digits so that no chance number matches it; the whole
 * events (what the omniscient script prints) must carry the seed, or the
 * search finds nothing because it looks for nothing.
 */
static void
test_fog_no_foretelling(void **state)
{
	struct scenario		*s;
	struct event_list	 ev;
	struct game		*g;
	struct strbuf		 whole, view[SIDE_COUNT];
	struct rng		 r;
	uint64_t		*states, seed;
	size_t			 m, i, nstates;
	int			 k, side;
	char			*line;

	(void)state;
	for (m = 0; m < sizeof fog_maps / sizeof fog_maps[0]; m++) {
		seed = 0x9e3779b97f4a7c15ULL + m;
		s = fog_load(fog_maps[m]);
		event_list_init(&ev);
		strbuf_init(&whole);
		for (side = 0; side < SIDE_COUNT; side++)
			strbuf_init(&view[side]);
		rng_seed(&r, seed, RNG_STREAM_COSMETIC);
		states = xcalloc(2 * (FOG_COMMANDS * 4 + 1), sizeof *states);
		nstates = 0;
		g = game_new(s, seed, &ev);
		for (k = 0; k <= FOG_COMMANDS * 4 && !game_over(g); k++) {
			states[nstates++] = g->rules.state;
			states[nstates++] = g->cosmetic.state;
			for (i = 0; i < ev.n; i++)
				fog_print_event(&whole, &ev.v[i]);
			for (side = 0; side < SIDE_COUNT; side++)
				fog_view_events(&view[side], &ev,
				    (enum side)side);
			line = fog_command(&r, g, 70);
			fog_run(g, line, &ev);
			free(line);
		}
		assert_true(fog_holds_number(whole.data, seed));
		for (side = 0; side < SIDE_COUNT; side++) {
			assert_true(view[side].len > 0);
			assert_false(fog_holds_number(view[side].data, seed));
			for (i = 0; i < nstates; i++)
				assert_false(fog_holds_number(view[side].data,
				    states[i]));
			strbuf_free(&view[side]);
		}
		print_message("%s: %zu states of the dice, found in no side's "
		    "%zu bytes of events\n", fog_maps[m], nstates,
		    whole.len);
		free(states);
		strbuf_free(&whole);
		game_free(g);
		event_list_free(&ev);
		scenario_free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fog_enemy_placed),
		cmocka_unit_test(test_fog_door_opened),
		cmocka_unit_test(test_fog_grenade_thrown),
		cmocka_unit_test(test_fog_wall_blown),
		cmocka_unit_test(test_fog_ai_chooses_alike),
		cmocka_unit_test(test_fog_no_foretelling),
	};

	return cmocka_run_group_tests(tests, fog_setup, fog_teardown);
}
