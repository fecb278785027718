/*
 * play.c - a game under test: the shipped catalog, a scenario from YAML
 * text, commands as text lines and lookups in the events they produced;
 * and long games of the AI against itself (play.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/ai.h"
#include "xtac/load.h"
#include "xtac/util.h"

int
t_setup(void **state)
{
	struct t	*t = xcalloc(1, sizeof *t);

	t->cat = fixture_real_catalog();
	if (t->cat == NULL)
		return -1;
	event_list_init(&t->ev);
	*state = t;
	return 0;
}

int
t_teardown(void **state)
{
	struct t	*t = *state;

	game_free(t->g);
	scenario_free(t->s);
	event_list_free(&t->ev);
	fixture_real_catalog_free(t->cat);
	free(t);
	return 0;
}

/* Free the game and its scenario, so a test may start another. */
void
t_finish(struct t *t)
{
	game_free(t->g);
	scenario_free(t->s);
	t->g = NULL;
	t->s = NULL;
}

/* Run a command line; returns game_execute's result (or -2 unparsed). */
int
t_do(struct t *t, const char *fmt, ...)
{
	struct command	 c;
	va_list		 ap;
	char		*line, *cause = NULL;


	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	if (cmd_parse(t->g, line, &c, &cause) < 0) {
		fprintf(stderr, "cannot parse '%s': %s\n", line, cause);
		free(cause);
		free(line);
		return -2;
	}
	free(line);
	return game_execute(t->g, &c, &t->ev);
}

/* Start a game with these units (YAML list items) on the field map. */
void
t_start(struct t *t, const char *extra, const char *units)
{
	char	*yaml = xasprintf("%s%sunits:\n%s", FIELD_MAP, extra, units);

	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new(t->s, 1, &t->ev);
	/* Play from X-Com's phase whatever the initiative said. */
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	event_list_clear(&t->ev);
}

void
t_refusal_says(const struct t *t, const char *what)
{
	const struct event	*e = NULL, *x;
	size_t			 i;

	for (i = 0; (x = t_event(t, EV_ERROR, i)) != NULL; i++)
		e = x;
	assert_non_null(e);
	if (strstr(t_str(e, "reason"), what) == NULL)
		fail_msg("reason '%s' lacks '%s'", t_str(e, "reason"), what);
}

const struct event *
t_event(const struct t *t, enum event_type type, size_t nth)
{
	size_t	i;

	for (i = 0; i < t->ev.n; i++)
		if (t->ev.v[i].type == type && nth-- == 0)
			return &t->ev.v[i];
	return NULL;
}

int
t_int(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	assert_non_null(f);
	return f->i;
}

const char *
t_str(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	assert_non_null(f);
	return f->s;
}

int
t_term(const struct event *e, const char *name)
{
	size_t	i;

	for (i = 0; i < e->nterms; i++)
		if (strcmp(e->terms[i].name, name) == 0)
			return e->terms[i].value;
	fail_msg("no term %s", name);
	return 0;
}

bool
t_has_term(const struct event *e, const char *name)
{
	size_t	i;

	for (i = 0; i < e->nterms; i++)
		if (strcmp(e->terms[i].name, name) == 0)
			return true;
	return false;
}

const struct unit *
t_unit(const struct t *t, const char *id)
{
	int	i = game_find_unit(t->g, id);

	assert_true(i >= 0);
	return game_unit(t->g, i);
}

int
t_chance(struct t *t, const char *a, const char *b, enum shot_mode mode,
    int hand, struct event *why)
{
	char	*cause = NULL;
	int	 c = game_hit_chance(t->g, game_find_unit(t->g, a),
		    game_find_unit(t->g, b), mode, hand, why, &cause);

	if (c < 0) {
		fprintf(stderr, "no chance: %s\n", cause);
		free(cause);
	}
	return c;
}


void
t_start_map(struct t *t, const char *map, const char *units)
{
	char	*yaml = xasprintf("%sunits:\n%s", map, units);

	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	t->g = game_new(t->s, 1, &t->ev);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	event_list_clear(&t->ev);
}

void
t_aliens_first_round2(struct t *t)
{
	assert_int_equal(t_do(t, "dice 1 9"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	while (game_round(t->g) < 2)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
}

void
t_drain_tu(struct t *t, const char *id, int below)
{
	while (t_unit(t, id)->tu >= below) {
		assert_int_equal(t_do(t, "kneel %s", id), 0);
		assert_int_equal(t_do(t, "stand %s", id), 0);
	}
}

void
t_ai_next(struct t *t, struct ai *ai, struct command *c)
{
	int	i;

	for (i = 0; i < 64; i++) {
		assert_int_equal(ai_next(ai, t->g, c), 0);
		if (c->type != CMD_REACT)
			return;
		assert_int_equal(game_execute(t->g, c, &t->ev), 0);
	}
	fail_msg("the AI gave nothing but reaction orders");
}

/* ai_play_phase's report of a command, handed to the test. */
static void
t_games_after(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct t_games	*gs = ctx;

	(void)reason;
	(void)ev;
	gs->after(gs, c);
}

/* One game to its end or past `rounds`: the AIs' phases, or `end`. */
static void
t_games_play(struct t *t, struct ai **ai, int rounds, struct t_games *gs)
{
	struct command	c;
	int		side;

	while (!game_over(t->g) && game_round(t->g) <= rounds) {
		side = game_side_to_move(t->g);
		if (side == SIDE_XCOM || side == SIDE_ALIEN) {
			if (ai_play_phase(ai[side], t->g, t_games_after,
			    gs) == 0)
				return;
			continue;
		}
		memset(&c, 0, sizeof c);
		c.type = CMD_END;
		c.unit = c.target = c.item = -1;
		event_list_clear(&t->ev);
		if (game_execute(t->g, &c, &t->ev) != 0)
			return;
		gs->after(gs, &c);
	}
}

void
t_ai_games(struct t *t, const struct t_run *runs, size_t nruns,
    uint64_t first_seed, struct t_games *gs)
{
	struct ai_options	 ao;
	struct ai		*ai[2];
	struct scenario		*s;
	struct diags		 d;
	char			*path;
	size_t			 m;
	int			 k, side;

	for (m = 0; m < nruns; m++) {
		path = xasprintf("tests/data/%s.yaml", runs[m].map);
		diags_init(&d, path, NULL, 0);
		s = scenario_load(path, t->cat, &d);
		fixture_dump(&d);
		diags_free(&d);
		free(path);
		assert_non_null(s);
		gs->map = runs[m].map;
		for (k = 0; k < runs[m].seeds; k++) {
			gs->seed = first_seed + (uint64_t)k;
			event_list_clear(&t->ev);
			gs->g = t->g = game_new(s, gs->seed, &t->ev);
			if (gs->begin != NULL)
				gs->begin(gs);
			for (side = 0; side < 2; side++) {
				memset(&ao, 0, sizeof ao);
				ao.level = (k + side) % 2 ? AI_RANDOM :
				    AI_NORMAL;
				ao.seed = gs->seed * 2 + (uint64_t)side;
				ai[side] = ai_new(t->g, (enum side)side, &ao);
			}
			t_games_play(t, ai, runs[m].rounds, gs);
			for (side = 0; side < 2; side++)
				ai_free(ai[side]);
			if (gs->end != NULL)
				gs->end(gs);
			game_free(t->g);
			gs->g = t->g = NULL;
		}
		scenario_free(s);
	}
}
