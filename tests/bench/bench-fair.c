/*
 * bench-fair.c - fair starts: for each shipped map, normal-vs-normal games
 * (the seeds `xtac sim --seed 1` plays) counted until both sides have begun
 * a phase.  Reports how many games saw a shot, a blow or a throw, or lost a
 * unit (dead or unconscious), or ended, before then; and how many saw X-Com
 * lose a unit before its own first phase (the tutorial's promise).
 *
 *	bench-fair [GAMES] [MAP ...]	(default: 40 games, every map in maps/)
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/ai.h"
#include "xtac/battle.h"
#include "xtac/diag.h"
#include "xtac/load.h"
#include "xtac/util.h"
#include "benchmap.h"

struct fair_tally {
	long	fired;		/* an attack before both sides had a phase */
	long	lost;		/* a unit down before then */
	long	over;		/* the game over before then */
	long	xcom_lost;	/* X-Com lost a unit before its first phase */
};

struct fair_game {
	bool	phased[SIDE_COUNT];
	bool	fired, lost, xcom_lost;
	const struct game *g;
};

static bool
fair_both(const struct fair_game *f)
{
	return f->phased[SIDE_XCOM] && f->phased[SIDE_ALIEN];
}

static void
fair_events(struct fair_game *f, const struct event_list *ev)
{
	size_t	i;

	for (i = 0; i < ev->n && !fair_both(f); i++) {
		const struct event *e = &ev->v[i];
		const struct event_field *k;
		int u;

		switch (e->type) {
		case EV_PHASE_START:
			k = event_get(e, "side");
			f->phased[strcmp(k->s, "xcom") == 0 ? SIDE_XCOM :
			    SIDE_ALIEN] = true;
			break;
		case EV_ATTACK:
		case EV_THROW:
			f->fired = true;
			break;
		case EV_DEATH:
		case EV_UNCONSCIOUS:
			f->lost = true;
			k = event_get(e, "unit");
			u = k != NULL ? game_find_unit(f->g, k->s) : -1;
			if (u >= 0 && game_unit(f->g, u)->side == SIDE_XCOM &&
			    !f->phased[SIDE_XCOM])
				f->xcom_lost = true;
			break;
		default:
			break;
		}
	}
}

static void
fair_on_command(void *arg, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	(void)c;
	(void)reason;
	fair_events(arg, ev);
}

static void
fair_map(const char *path, const struct catalog *cat, long games)
{
	struct fair_tally	 t = { 0, 0, 0, 0 };
	struct diags		 d;
	struct scenario		*s;
	struct event_list	 ev;
	long			 i;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_free(&d);
	if (s == NULL)
		fatal("cannot load %s", path);
	event_list_init(&ev);
	for (i = 0; i < games; i++) {
		struct battle_options	 o;
		struct ai_options	 ao;
		struct ai		*ai[2];
		struct fair_game	 f;
		struct game		*g;
		int			 side, guard = 0;

		battle_options_for(&o, 1, (uint64_t)i, AI_NORMAL, AI_NORMAL,
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
			ai_play_phase(ai[side], g, fair_on_command, &f);
		}
		t.fired += f.fired;
		t.lost += f.lost;
		t.over += game_over(g) && !fair_both(&f);
		t.xcom_lost += f.xcom_lost;
		for (side = 0; side < 2; side++)
			ai_free(ai[side]);
		game_free(g);
	}
	event_list_free(&ev);
	printf("%-28s %4ld games: fired %3ld  unit lost %3ld  over %3ld  "
	    "X-Com lost before its phase %3ld\n", path, games, t.fired, t.lost,
	    t.over, t.xcom_lost);
	scenario_free(s);
}

int
main(int argc, char **argv)
{
	struct catalog	cat;
	long		games = argc > 1 ? atol(argv[1]) : 40;
	glob_t		gl;
	size_t		i;
	int		a;

	if (benchmap_catalog(&cat) < 0)
		fatal("cannot load the catalog");
	if (argc > 2)
		for (a = 2; a < argc; a++)
			fair_map(argv[a], &cat, games);
	else if (glob("../../maps/*.yaml", 0, NULL, &gl) == 0) {
		for (i = 0; i < gl.gl_pathc; i++)
			fair_map(gl.gl_pathv[i], &cat, games);
		globfree(&gl);
	}
	catalog_free(&cat);
	return 0;
}
