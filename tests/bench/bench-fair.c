/*
 * bench-fair.c - fair starts: for each shipped map, normal-vs-normal games
 * (the seeds `xtac sim --seed 1` plays) counted until both sides have begun
 * a phase.  Reports how many games saw a shot, a blow or a throw, or lost a
 * unit (dead or unconscious), or ended, before then; and for each side how
 * many games saw it attacked (a shot or blow at one of its units, or at a
 * square with none when it is the thrower's enemy; a grenade whose blast
 * would reach one of them), or lose a unit, before its own first phase
 * (the promise of a fair start: at most about 2 % on a shipped map).
 * -s SEED plays the games `xtac sim --seed SEED` plays (default 1), so a
 * map's fair start can be checked over several runs, not one.
 *
 *	bench-fair [-s SEED] [GAMES] [MAP ...]
 *	(default: seed 1, 40 games, every map in maps/)
 */
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/ai.h"
#include "xtac/battle.h"
#include "xtac/diag.h"
#include "xtac/file.h"
#include "xtac/load.h"
#include "xtac/save.h"
#include "xtac/squad.h"
#include "xtac/util.h"
#include "benchmap.h"

struct fair_tally {
	long	fired;		/* an attack before both sides had a phase */
	long	lost;		/* a unit down before then */
	long	over;		/* the game over before then */
	long	shot_at[SIDE_COUNT];	/* attacked before its first phase */
	long	side_lost[SIDE_COUNT];	/* lost a unit before its first phase */
};

struct fair_game {
	bool	phased[SIDE_COUNT];
	bool	fired, lost;
	bool	shot_at[SIDE_COUNT], side_lost[SIDE_COUNT];
	const struct game *g;
};

static bool
fair_both(const struct fair_game *f)
{
	return f->phased[SIDE_XCOM] && f->phased[SIDE_ALIEN];
}

/*
 * A throw is an attack on the sides with a unit in the blast of the
 * grenade where it was aimed, not on the thrower's enemy as such: a
 * Sectoid's grenade thrown at civilians fired on nobody.
 */
static void
fair_throw(struct fair_game *f, const struct event *e, int thrower)
{
	const struct catalog		*cat = game_catalog(f->g);
	const struct map		*m = game_map(f->g);
	const struct event_field	*k = event_get(e, "item");
	const struct event_field	*at = event_get(e, "target");
	size_t				 i;
	int				 item = -1, *reach;

	for (i = 0; k != NULL && i < cat->nitems && item < 0; i++)
		if (strcmp(cat->items[i].id, k->s) == 0)
			item = (int)i;
	if (item < 0 || at == NULL)
		return;
	reach = xreallocarray(NULL, (size_t)m->width * m->height * m->levels,
	    sizeof *reach);
	if (game_grenade_reach(f->g, item, at->pos, reach))
		for (i = 0; i < game_nunits(f->g); i++) {
			const struct unit *u = game_unit(f->g, (int)i);
			size_t sq = ((size_t)u->pos.z * m->height + u->pos.y) *
			    m->width + u->pos.x;

			if ((int)u->side != thrower && u->side < SIDE_CIVILIAN &&
			    u->status == UNIT_ACTIVE && reach[sq] > 0 &&
			    !f->phased[u->side])
				f->shot_at[u->side] = true;
		}
	free(reach);
}

static void
fair_events(struct fair_game *f, const struct event_list *ev)
{
	size_t	i;

	for (i = 0; i < ev->n && !fair_both(f); i++) {
		const struct event *e = &ev->v[i];
		const struct event_field *k;
		int u, side;

		switch (e->type) {
		case EV_PHASE_START:
			k = event_get(e, "side");
			f->phased[strcmp(k->s, "xcom") == 0 ? SIDE_XCOM :
			    SIDE_ALIEN] = true;
			break;
		case EV_ATTACK:
		case EV_THROW:
			f->fired = true;
			k = event_get(e, "unit");
			u = k != NULL ? game_find_unit(f->g, k->s) : -1;
			side = u >= 0 ? (int)game_unit(f->g, u)->side : -1;
			if (e->type == EV_THROW) {
				fair_throw(f, e, side);
				break;
			}
			/* the side fired on: the target's, or else the enemy's */
			if (side == SIDE_XCOM || side == SIDE_ALIEN)
				side = side == SIDE_XCOM ? SIDE_ALIEN :
				    SIDE_XCOM;
			k = event_get(e, "target");
			u = k != NULL && k->kind == EVV_STR ?
			    game_find_unit(f->g, k->s) : -1;
			if (u >= 0)
				side = (int)game_unit(f->g, u)->side;
			if (side == SIDE_XCOM || side == SIDE_ALIEN) {
				if (!f->phased[side])
					f->shot_at[side] = true;
			}
			break;
		case EV_DEATH:
		case EV_UNCONSCIOUS:
			f->lost = true;
			k = event_get(e, "unit");
			u = k != NULL ? game_find_unit(f->g, k->s) : -1;
			side = u >= 0 ? (int)game_unit(f->g, u)->side : -1;
			if (side == SIDE_XCOM || side == SIDE_ALIEN) {
				if (!f->phased[side])
					f->side_lost[side] = true;
			}
			break;
		default:
			break;
		}
	}
}

/*
 * One side's phase as `xtac sim` plays it (battle_phase in src/ai/battle.c):
 * the AI's commands one by one, a refused one never proposed again, the
 * phase ended for a side that stalls.
 */
static void
fair_phase(struct fair_game *f, struct game *g, struct ai *ai,
    struct event_list *ev)
{
	struct command	c;
	int		side = game_side_to_move(g), round = game_round(g);
	int		refused = 0, applied = 0;

	while (!game_over(g) && game_side_to_move(g) == side &&
	    game_round(g) == round) {
		if (refused >= 32 || applied >= 2000 ||
		    ai_next(ai, g, &c) != 0) {
			memset(&c, 0, sizeof c);
			c.type = CMD_END;
			c.unit = c.target = c.item = -1;
		}
		event_list_clear(ev);
		if (game_execute(g, &c, ev) != 0) {
			if (c.type == CMD_END)
				fatal("round %d: a side cannot end its phase",
				    round);
			ai_refused(ai, &c);
			refused++;
			continue;
		}
		applied++;
		fair_events(f, ev);
	}
}

/*
 * Each side's squad file the map names (relative to the map), in place of
 * the map's own units, as `xtac sim` reads it.
 */
static void
fair_squads(struct scenario *s, const char *map)
{
	const char	*slash = strrchr(map, '/');
	char		*path, *cause = NULL;
	struct squad	 sq;
	struct diags	 d;
	int		 side;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		struct side_setup *ss = &s->sides[side];

		if (ss->squad == NULL)
			continue;
		path = ss->squad[0] == '/' || slash == NULL ?
		    xstrdup(ss->squad) : xasprintf("%.*s/%s",
		    (int)(slash - map), map, ss->squad);
		free(ss->squad_text);
		if ((ss->squad_text = file_read(path, SAVE_SQUAD_MAX,
		    &ss->squad_len, &cause)) == NULL)
			fatal("%s", cause);
		diags_init(&d, path, ss->squad_text, ss->squad_len);
		if (!squad_parse(ss->squad_text, ss->squad_len, s->catalog, s,
		    &sq, &d))
			fatal("cannot load %s", path);
		squad_free(&sq);
		diags_free(&d);
		free(path);
	}
}

static void
fair_map(const char *path, const struct catalog *cat, uint64_t seed,
    long games)
{
	struct fair_tally	 t;
	struct diags		 d;
	struct scenario		*s;
	struct event_list	 ev;
	long			 i;

	memset(&t, 0, sizeof t);
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_free(&d);
	if (s == NULL)
		fatal("cannot load %s", path);
	fair_squads(s, path);
	event_list_init(&ev);
	for (i = 0; i < games; i++) {
		struct battle_options	 o;
		struct ai_options	 ao;
		struct ai		*ai[2];
		struct fair_game	 f;
		struct game		*g;
		int			 side, guard = 0;

		battle_options_for(&o, seed, (uint64_t)i, AI_NORMAL, AI_NORMAL,
		    BATTLE_DEFAULT_ROUNDS);
		event_list_clear(&ev);
		g = game_new(s, o.seed, &ev);
		memset(&f, 0, sizeof f);
		f.g = g;
		fair_events(&f, &ev);
		for (side = 0; side < 2; side++) {
			memset(&ao, 0, sizeof ao);
			ao.level = AI_NORMAL;
			ao.seed = o.ai_seed[side];
			ai[side] = ai_new(g, (enum side)side, &ao);
		}
		while (!game_over(g) && !fair_both(&f) && guard++ < 64) {
			side = game_side_to_move(g);
			if (side < 0 || side > 1)
				break;
			fair_phase(&f, g, ai[side], &ev);
		}
		t.fired += f.fired;
		t.lost += f.lost;
		t.over += game_over(g) && !fair_both(&f);
		for (side = 0; side < 2; side++) {
			t.shot_at[side] += f.shot_at[side];
			t.side_lost[side] += f.side_lost[side];
		}
		for (side = 0; side < 2; side++)
			ai_free(ai[side]);
		game_free(g);
	}
	event_list_free(&ev);
	printf("%-28s seed %llu %4ld games: fired %3ld  unit lost %3ld  over %3ld  "
	    "before its own first phase: X-Com shot at %3ld lost %3ld, "
	    "aliens shot at %3ld lost %3ld\n", path,
	    (unsigned long long)seed, games, t.fired, t.lost,
	    t.over, t.shot_at[SIDE_XCOM], t.side_lost[SIDE_XCOM],
	    t.shot_at[SIDE_ALIEN], t.side_lost[SIDE_ALIEN]);
	scenario_free(s);
}

int
main(int argc, char **argv)
{
	struct catalog	cat;
	uint64_t	seed = 1;
	long		games;
	glob_t		gl;
	size_t		i;
	int		a = 1;

	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		seed = strtoull(argv[2], NULL, 10);
		a = 3;
	}
	games = argc > a ? atol(argv[a]) : 40;
	if (benchmap_catalog(&cat) < 0)
		fatal("cannot load the catalog");
	if (argc > a + 1)
		for (a++; a < argc; a++)
			fair_map(argv[a], &cat, seed, games);
	else if (glob("../../maps/*.yaml", 0, NULL, &gl) == 0) {
		for (i = 0; i < gl.gl_pathc; i++)
			fair_map(gl.gl_pathv[i], &cat, seed, games);
		globfree(&gl);
	}
	catalog_free(&cat);
	return 0;
}
