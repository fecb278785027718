/*
 * fog-play.c - the pairs' games (fog.h): loading a shipped map, random
 * commands chosen from what the side to move knows, the AI's, and the
 * hidden differences that make a pair.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../../src/engine/game-int.h"
#include "fixture.h"
#include "fog.h"
#include "xtac/ai.h"
#include "xtac/diag.h"
#include "xtac/know.h"
#include "xtac/load.h"
#include "xtac/util.h"

/*
 * The shipped maps that hold their units (homestead names squad files,
 * which the program's loading of a map reads: src/cli/data.c).
 */
const char *const fog_maps[] = {
	"maps/tutorial.yaml", "maps/farmhouse.yaml", "maps/crashed-scout.yaml",
	"maps/base-defence.yaml", "maps/boarding.yaml",
	"maps/desert-landing.yaml", "maps/terror-landing.yaml",
	"maps/terror-street.yaml"
};

const size_t fog_nmaps = sizeof fog_maps / sizeof fog_maps[0];

int
fog_setup(void **state)
{
	*state = fixture_real_catalog();
	return *state == NULL ? -1 : 0;
}

int
fog_teardown(void **state)
{
	fixture_real_catalog_free(*state);
	return 0;
}

struct scenario *
fog_load(const struct catalog *cat, const char *path)
{
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	if (s == NULL)
		diags_print(&d, stderr);
	diags_free(&d);
	assert_non_null(s);
	return s;
}

size_t
fog_cells(const struct map *m)
{
	return (size_t)m->width * m->height * m->levels;
}

size_t
fog_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

struct pos
fog_random_pos(struct rng *r, const struct map *m)
{
	struct pos	p;

	p.x = (int)rng_below(r, (uint32_t)m->width);
	p.y = (int)rng_below(r, (uint32_t)m->height);
	p.z = (int)rng_below(r, (uint32_t)m->levels);
	return p;
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
char *
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
void
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
void
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
int
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
bool
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
void
fog_deployed(struct game *a, struct game *b, struct event_list *eva,
    struct event_list *evb, struct strbuf *va, struct strbuf *vb,
    enum side viewer)
{
	int	k;

	for (k = 0; k < 4 && a->deploying; k++) {
		fog_run(a, "end", eva);
		fog_run(b, "end", evb);
		fog_view_events(va, a, eva, viewer);
		fog_view_events(vb, b, evb, viewer);
	}
}

static bool
fog_door_shut(const struct edge *e)
{
	return e->kind == EDGE_DOOR && !(e->flags & EDGE_OPENED);
}

/* A wall a blast of 200 HE blows away, not one that goes off itself. */
static bool
fog_wall_breaks(const struct edge *e)
{
	return e->kind == EDGE_WALL && !(e->flags & EDGE_EXPLOSIVE) &&
	    game_destroys((enum strength)e->strength, DMG_HE, 200);
}

/*
 * A random east or south edge of a that `fits` takes, out of the viewer's
 * sight on both sides (the side beyond may be off the map when `off`):
 * into *p and *side.  false when 4000 tries find none.
 */
static bool
fog_unseen_edge(struct rng *r, struct game *a, enum side viewer, bool off,
    bool (*fits)(const struct edge *), struct pos *p, enum dir *side)
{
	const struct map	*m = a->map;
	uint8_t			*eyes = fog_eyes(a, viewer);
	struct pos		 q;
	int			 tries;
	bool			 found = false;

	for (tries = 0; tries < 4000 && !found; tries++) {
		*p = fog_random_pos(r, m);
		*side = rng_below(r, 2) ? DIR_E : DIR_S;
		q = (struct pos){ p->x + dir_dx[*side], p->y + dir_dy[*side],
		    p->z };
		found = fits(map_edge(m, *p, *side)) &&
		    !fog_near(m, eyes, *p) &&
		    (map_contains(m, q) ? !fog_near(m, eyes, q) : off);
	}
	free(eyes);
	return found;
}

/* FOG_DOOR: a closed door out of the viewer's sight, opened in a. */
bool
fog_open_door(struct rng *r, struct game *a, enum side viewer)
{
	struct pos	p;
	enum dir	side;

	if (!fog_unseen_edge(r, a, viewer, true, fog_door_shut, &p, &side))
		return false;
	/* As if someone unseen opened it: the game takes it in. */
	map_edge(a->map, p, side)->flags |= EDGE_OPENED;
	game_door_opened(a, p, side);
	game_vis_touch(a, p);
	game_vis_update(a, false);
	return true;
}

/*
 * FOG_WALL: a wall out of the viewer's sight, blown away in a as a blast
 * would (game_damage_edge), its events into ev.
 */
bool
fog_blow_wall(struct rng *r, struct game *a, enum side viewer,
    struct event_list *ev)
{
	struct pos	p;
	enum dir	side;
	bool		done;

	if (!fog_unseen_edge(r, a, viewer, false, fog_wall_breaks, &p, &side))
		return false;
	/* As game_execute hands the game its list. */
	a->ev = ev;
	a->ev_stamped = ev->n;
	done = game_damage_edge(a, p, side, DMG_HE, 200);
	game_vis_update(a, false);
	a->ev = NULL;
	return done;
}

/*
 * FOG_GRENADE: in a, the hidden enemy draws a grenade, primes it to go
 * off as the phase ends and throws it at a square out of the viewer's
 * sight, its dice forced so that a's dice do not part from b's.
 */
void
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
		fog_view_events(sb, a, ev, viewer);
		free(line);
		break;
	}
	line = xasprintf("prime %s right 0", u->id);
	fog_run(a, line, ev);
	fog_view_events(sb, a, ev, viewer);
	free(line);
	for (tries = 0; tries < 200; tries++) {
		p = u->pos;
		p.x += (int)rng_below(r, 9) - 4;
		p.y += (int)rng_below(r, 9) - 4;
		if (map_contains(m, p) && !know_in_sight(a, viewer, p))
			break;
	}
	fog_run(a, "dice 1", ev);
	fog_view_events(sb, a, ev, viewer);
	line = xasprintf("throw %s %d %d %d", u->id, p.x + 1, p.y + 1,
	    p.z + 1);
	fog_run(a, line, ev);
	fog_view_events(sb, a, ev, viewer);
	free(line);
}

