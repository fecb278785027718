/*
 * cmd-script.c - `xtac script MAP [--seed N] [--save FILE]`: the headless
 * driver.  Reads one command a line on stdin, prints every event as one
 * JSON object a line on stdout.  The same map, seed and input always give
 * the same bytes.  With --save, the game is written as a journal as it
 * goes (journal.h): each accepted line is on disk before the next is read.
 *
 * Besides the game's commands (cmd.h) it answers queries that change
 * nothing: query hit|path|reach|los|unit|state.  A bad line becomes an
 * "error" event naming it; the driver never stops on one.  Exit status: 0
 * when every line was accepted, 1 when any was refused, 2 usage, 3 trouble
 * (the save could not be written, among others).
 *
 * With --as SIDE it is the same protocol as that side plays it (xtac(6)):
 * events and answers carry only what the side knows (know.h), commands for
 * other sides' units are refused, and the computer plays the other sides.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cli.h"
#include "script.h"
#include "xtac/file.h"
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/journal.h"
#include "xtac/know.h"
#include "xtac/save.h"
#include "xtac/rng.h"
#include "xtac/util.h"

static json_t *
script_pos(struct pos p)
{
	/* People and scripts count from 1. */
	return json_pack("[iii]", p.x + 1, p.y + 1, p.z + 1);
}

static void
script_print(const struct script_view *v, json_t *o)
{
	char	*s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);

	if (s != NULL) {
		v->emit(v->ctx, s);
		free(s);
	}
	json_decref(o);
}

static json_t *
script_terms(const struct event *e)
{
	json_t	*terms = json_array();
	size_t	 i;

	for (i = 0; i < e->nterms; i++)
		json_array_append_new(terms, json_pack("{sssi}", "name",
		    e->terms[i].name, "value", e->terms[i].value));
	return terms;
}

/* The events as one view is told them: only what its side saw. */
static void
script_view_events(const struct script_view *vw, const struct event_list *ev)
{
	struct event	 view;
	size_t		 i, f;

	for (i = 0; i < ev->n; i++) {
		const struct event *e = &ev->v[i];
		json_t *o;

		if (vw->as >= 0) {
			if (!know_event_seen(e, (enum side)vw->as))
				continue;
			know_event_view(e, (enum side)vw->as, &view);
			e = &view;
		}
		o = json_object();

		json_object_set_new(o, "event",
		    json_string(event_type_names[e->type]));
		for (f = 0; f < e->nfields; f++) {
			const struct event_field *fl = &e->fields[f];
			json_t *v = NULL;

			switch (fl->kind) {
			case EVV_INT:
				v = json_integer(fl->i);
				break;
			case EVV_STR:
				v = json_string(fl->s ? fl->s : "");
				break;
			case EVV_BOOL:
				v = json_boolean(fl->i);
				break;
			case EVV_POS:
				v = script_pos(fl->pos);
				break;
			}
			json_object_set_new(o, fl->key, v);
		}
		if (e->nterms > 0)
			json_object_set_new(o, "terms", script_terms(e));
		script_print(vw, o);
	}
}

/* Every view is told the events, each what it saw; then they are gone. */
static void
script_tell(struct script *sc, struct event_list *ev)
{
	int	i;

	sc->telling = true;
	for (i = 0; i < sc->nviews; i++)
		script_view_events(&sc->views[i], ev);
	sc->telling = false;
	event_list_clear(ev);
}

void
script_flush(struct script *sc)
{
	script_tell(sc, &sc->ev);
}

static void
script_error(const struct script_view *v, const char *line,
    const char *reason)
{
	script_print(v, json_pack("{ssssss}", "event", "error", "command", line,
	    "reason", reason));
}

/* --- queries ------------------------------------------------------------ */

static json_t *
script_unit_sheet(const struct game *g, int i)
{
	const struct unit	*u = game_unit(g, i);
	const struct catalog	*c = game_catalog(g);
	json_t			*o, *stats, *armour, *hands, *belt;
	int			 k;
	size_t			 b;

	stats = json_object();
	for (k = 0; k < STAT_COUNT; k++)
		json_object_set_new(stats, stat_names[k],
		    u->stats[k] == STAT_NONE ? json_null() :
		    json_integer(u->stats[k]));
	armour = json_object();
	for (k = 0; k < ARMOUR_COUNT; k++)
		json_object_set_new(armour, armour_facing_names[k],
		    json_integer(u->armour[k]));
	hands = json_object();
	for (k = 0; k < HAND_COUNT; k++) {
		const struct carried *h = &u->hands[k];
		json_t *v = json_null();

		if (h->item >= 0) {
			v = json_pack("{ss}", "item", c->items[h->item].id);
			if (h->ammo >= 0)
				json_object_set_new(v, "ammo",
				    json_string(c->items[h->ammo].id));
			if (h->rounds != 0)
				json_object_set_new(v, "rounds",
				    h->rounds == CLIP_UNLIMITED ?
				    json_string("unlimited") :
				    json_integer(h->rounds));
		}
		json_object_set_new(hands, k == HAND_RIGHT ? "right" : "left",
		    v);
	}
	belt = json_array();
	for (b = 0; b < u->nbelt; b++)
		json_array_append_new(belt,
		    json_string(c->items[u->belt[b].item].id));
	o = json_pack("{sssssssssosssbss}", "unit", u->id, "type", u->t->id,
	    "side", side_names[u->side], "controller",
	    side_names[u->controller], "at", script_pos(u->pos), "facing",
	    dir_names[u->facing], "kneeling", u->kneeling, "status",
	    unit_status_names[u->status]);
	if (u->prone)
		json_object_set_new(o, "prone", json_true());
	json_object_set_new(o, "tu", json_integer(u->tu));
	json_object_set_new(o, "hth_left", json_integer(
	    u->stats[STAT_HTH] - u->damage));
	json_object_set_new(o, "stun", json_integer(u->stun));
	json_object_set_new(o, "stats", stats);
	json_object_set_new(o, "armour", armour);
	json_object_set_new(o, "criticals", json_pack("{sisisisi}", "head",
	    u->crit_head, "torso", u->crit_torso, "arm", u->crit_arm, "leg",
	    u->crit_leg));
	json_object_set_new(o, "hands", hands);
	json_object_set_new(o, "belt", belt);
	return o;
}

static int
script_query(struct script *sc, const struct script_view *v,
    const char *line, char **w, int n)
{
	struct game	*g = sc->g;
	json_t	*o;
	int	 a, b;
	char	*cause = NULL;

#define SCRIPT_UNIT(word, out) do {					\
	if (((out) = game_find_unit(g, (word))) < 0) {			\
		char *msg_ = xasprintf("no unit called '%s'", (word));	\
		script_error(v, line, msg_);					\
		free(msg_);						\
		return -1;						\
	}								\
} while (0)
	if (n >= 2 && strcmp(w[1], "state") == 0 && n == 2) {
		json_t *units = json_array();
		size_t i;
		int side = game_side_to_move(g);

		for (i = 0; i < game_nunits(g); i++) {
			const struct unit *u = game_unit(g, (int)i);
			json_array_append_new(units, json_pack("{sssosiss}",
			    "unit", u->id, "at", script_pos(u->pos), "tu",
			    u->tu, "status", unit_status_names[u->status]));
		}
		o = json_pack("{sssssisssosb}", "event", "query", "query",
		    "state", "round", game_round(g), "side",
		    side == GAME_NO_SIDE ? "none" : side_names[side],
		    "units", units, "over", game_over(g));
		{
			char *h = xasprintf("%016llx",
			    (unsigned long long)game_hash(g));
			json_object_set_new(o, "hash", json_string(h));
			free(h);
		}
		script_print(v, o);
		return 0;
	}
	if (n == 3 && strcmp(w[1], "unit") == 0) {
		SCRIPT_UNIT(w[2], a);
		json_t *sheet = script_unit_sheet(g, a);

		o = json_pack("{ssss}", "event", "query", "query", "unit");
		json_object_update(o, sheet);
		json_decref(sheet);
		script_print(v, o);
		return 0;
	}
	if ((n == 5 || n == 6) && strcmp(w[1], "hit") == 0) {
		struct command c;
		struct event why;
		char *text = xasprintf("shoot %s %s %s%s%s", w[2], w[3], w[4],
		    n == 6 ? " " : "", n == 6 ? w[5] : "");
		int chance;

		/* Filled only as far as the attack gets: start empty. */
		memset(&why, 0, sizeof why);
		if (cmd_parse(g, text, &c, &cause) < 0) {
			script_error(v, line, cause);
			free(cause);
			free(text);
			return -1;
		}
		free(text);
		/*
		 * A side is answered over what it knows (RULINGS §6.2: a
		 * launch's arc over the walls as last seen), as the command
		 * is checked; the game master over the truth.
		 */
		chance = v->as >= 0 ? game_shot_chance(g, &c, NULL, &why,
		    &cause) : game_true_shot_chance(g, &c, &why, &cause);
		if (chance < 0) {
			script_error(v, line, cause);
			free(cause);
			return -1;
		}
		o = json_pack("{sssssssssssi}", "event", "query", "query",
		    "hit", "unit", w[2], "target", w[3], "mode", w[4],
		    "chance", chance);
		json_object_set_new(o, "terms", script_terms(&why));
		script_print(v, o);
		return 0;
	}
	if ((n == 5 || n == 6) && strcmp(w[1], "path") == 0) {
		struct command c;
		struct path p;
		json_t *steps;
		size_t i;
		char *text = xasprintf("move %s %s %s%s%s", w[2], w[3], w[4],
		    n == 6 ? " " : "", n == 6 ? w[5] : "");
		int cost;

		if (cmd_parse(g, text, &c, &cause) < 0) {
			script_error(v, line, cause);
			free(cause);
			free(text);
			return -1;
		}
		free(text);
		if ((cost = game_path(g, c.unit, c.pos, &p, &cause)) < 0) {
			script_error(v, line, cause);
			free(cause);
			return -1;
		}
		steps = json_array();
		for (i = 0; i < p.n; i++)
			json_array_append_new(steps, json_pack("{sosisb}",
			    "at", script_pos(p.steps[i].pos), "tu",
			    p.steps[i].tu, "door", p.steps[i].opens_door));
		o = json_pack("{sssssssisiso}", "event", "query", "query",
		    "path", "unit", w[2], "tu", cost, "tu_left",
		    game_unit(g, c.unit)->tu - cost, "steps", steps);
		path_free(&p);
		script_print(v, o);
		return 0;
	}
	if (n == 3 && strcmp(w[1], "reach") == 0) {
		const struct map *m = game_map(g);
		size_t cells = (size_t)m->width * m->height * m->levels, i;
		int *cost;
		json_t *squares;

		SCRIPT_UNIT(w[2], a);
		squares = json_array();
		cost = xcalloc(cells, sizeof *cost);
		game_reach(g, a, cost);
		for (i = 0; i < cells; i++) {
			struct pos p;

			if (cost[i] < 0)
				continue;
			p.x = (int)(i % (size_t)m->width);
			p.y = (int)(i / (size_t)m->width % (size_t)m->height);
			p.z = (int)(i / ((size_t)m->width * m->height));
			json_array_append_new(squares, json_pack("{sosi}",
			    "at", script_pos(p), "tu", cost[i]));
		}
		free(cost);
		o = json_pack("{sssssssiso}", "event", "query", "query",
		    "reach", "unit", w[2], "tu", game_unit(g, a)->tu,
		    "squares", squares);
		script_print(v, o);
		return 0;
	}
	if (n == 4 && strcmp(w[1], "los") == 0) {
		struct sight_result r;
		bool seen;

		SCRIPT_UNIT(w[2], a);
		SCRIPT_UNIT(w[3], b);
		/* Only a unit up and about looks: no line to report. */
		if (game_unit(g, a)->status != UNIT_ACTIVE) {
			char *msg = xasprintf("%s is %s: it sees nothing", w[2],
			    unit_status_names[game_unit(g, a)->status]);

			script_error(v, line, msg);
			free(msg);
			return -1;
		}
		memset(&r, 0, sizeof r);
		seen = game_line(g, a, b, &r);
		o = json_pack("{sssssssssbsi}", "event", "query", "query",
		    "los", "unit", w[2], "target", w[3], "visible", seen,
		    "obstructions", r.obstructions);
		if (!seen) {
			json_object_set_new(o, "blocked_by",
			    json_string(sight_block_names[r.blocked_by]));
			json_object_set_new(o, "at", script_pos(r.block_at));
		}
		script_print(v, o);
		return 0;
	}
#undef SCRIPT_UNIT
	script_error(v, line, "usage: query state | unit ID | hit UNIT TARGET "
	    "MODE [HAND] | path UNIT X Y [LEVEL] | reach UNIT | los UNIT "
	    "UNIT");
	return -1;
}

/* --- as one side (--as) --------------------------------------------------- */

static const char *
script_side_name(int side)
{
	return side == GAME_NO_SIDE ? "none" : side_names[side];
}

/*
 * A unit named in a query as the side may name it: -1 (reported) for one
 * it has never seen, as for a name nobody has; `own` asks for its own.
 */
static int
script_as_unit(const struct script *sc, const struct script_view *v,
    const char *line, const char *word, bool own)
{
	struct know_unit	 ku;
	const struct unit	*u;
	char			*msg;
	int			 i = game_find_unit(sc->g, word);

	if (i < 0 || !know_unit(sc->g, (enum side)v->as, i, &ku)) {
		msg = xasprintf("no unit called '%s'", word);
		script_error(v, line, msg);
		free(msg);
		return -1;
	}
	u = game_unit(sc->g, i);
	if (own && u->controller != (enum side)v->as) {
		msg = xasprintf("%s is not yours to command", u->id);
		script_error(v, line, msg);
		free(msg);
		return -1;
	}
	return i;
}

/* Another side's unit as last seen: never its TUs, stats or kit. */
static json_t *
script_as_other(const struct script *sc, const struct script_view *v, int i)
{
	const struct unit	*u = game_unit(sc->g, i);
	struct know_unit	 ku;

	know_unit(sc->g, (enum side)v->as, i, &ku);
	return json_pack("{sssssssosssssbsi}", "unit", u->id, "type",
	    ku.t->id, "side", side_names[u->side], "at", script_pos(ku.at),
	    "facing", dir_names[ku.facing], "status", ku.down ? "down" :
	    "active", "seen", ku.sees, "round", ku.round);
}

static int
script_as_query(struct script *sc, const struct script_view *v,
    const char *line, char **w, int n)
{
	struct game	*g = sc->g;
	enum side	 as = (enum side)v->as;
	json_t		*o, *units;
	size_t		 i;
	int		 a, side;
	char		*h;

	if (n == 2 && strcmp(w[1], "state") == 0) {
		units = json_array();
		for (i = 0; i < game_nunits(g); i++) {
			const struct unit *u = game_unit(g, (int)i);
			struct know_unit ku;

			if (u->controller == as)
				json_array_append_new(units, json_pack(
				    "{sssosiss}", "unit", u->id, "at",
				    script_pos(u->pos), "tu", u->tu, "status",
				    unit_status_names[u->status]));
			else if (know_unit(g, as, (int)i, &ku))
				json_array_append_new(units,
				    script_as_other(sc, v, (int)i));
		}
		side = game_side_to_move(g);
		h = xasprintf("%016llx", (unsigned long long)know_hash(g, as));
		o = json_pack("{sssssssisssosbss}", "event", "query", "query",
		    "state", "as", side_names[as], "round", game_round(g),
		    "side", script_side_name(side), "units", units, "over",
		    game_over(g), "hash", h);
		free(h);
		script_print(v, o);
		return 0;
	}
	if (n == 3 && strcmp(w[1], "unit") == 0) {
		json_t *sheet;

		if ((a = script_as_unit(sc, v, line, w[2], false)) < 0)
			return -1;
		if (game_unit(g, a)->controller == as)
			sheet = script_unit_sheet(g, a);
		else
			sheet = script_as_other(sc, v, a);
		o = json_pack("{ssss}", "event", "query", "query", "unit");
		json_object_update(o, sheet);
		json_decref(sheet);
		script_print(v, o);
		return 0;
	}
	if ((n == 5 || n == 6) && (strcmp(w[1], "hit") == 0 ||
	    strcmp(w[1], "path") == 0)) {
		if (script_as_unit(sc, v, line, w[2], true) < 0)
			return -1;
		if (strcmp(w[1], "hit") == 0 && game_find_unit(g, w[3]) >= 0) {
			if ((a = script_as_unit(sc, v, line, w[3], false)) < 0)
				return -1;
			if (!game_sees(g, as, a)) {
				h = xasprintf("%s is not in sight", w[3]);
				script_error(v, line, h);
				free(h);
				return -1;
			}
		}
		/* Paths are planned over what the side knows (game_path). */
		return script_query(sc, v, line, w, n);
	}
	if (n == 3 && strcmp(w[1], "reach") == 0) {
		if (script_as_unit(sc, v, line, w[2], true) < 0)
			return -1;
		return script_query(sc, v, line, w, n);
	}
	if (n == 4 && strcmp(w[1], "los") == 0) {
		struct sight_result r;
		int b;

		if ((a = script_as_unit(sc, v, line, w[2], true)) < 0 ||
		    (b = script_as_unit(sc, v, line, w[3], false)) < 0)
			return -1;
		/* What blocks a line to someone unseen is not the side's. */
		if (!game_sees(g, as, b) || !game_line(g, a, b, &r))
			o = json_pack("{sssssssssb}", "event", "query",
			    "query", "los", "unit", w[2], "target", w[3],
			    "visible", 0);
		else
			o = json_pack("{sssssssssbsi}", "event", "query",
			    "query", "los", "unit", w[2], "target", w[3],
			    "visible", 1, "obstructions", r.obstructions);
		script_print(v, o);
		return 0;
	}
	return script_query(sc, v, line, w, n);
}

/* A command as the side may give it: its own units only, no forced dice. */
static int
script_as_check(const struct script *sc, const struct script_view *v,
    const char *line, const struct command *c)
{
	struct know_unit	ku;
	char			*msg = NULL;
	int			 side = game_side_to_move(sc->g);

	if (c->type == CMD_DICE)
		msg = xstrdup("dice are the game's to roll when playing as a "
		    "side");
	else if (v->watch)
		msg = xstrdup("the game master watches: only queries");
	/* Only a person plays another side: the computer moves at once. */
	else if (!game_over(sc->g) && side != GAME_NO_SIDE && side != v->as)
		msg = xasprintf("it is %s's phase: wait for it to end",
		    side_names[side]);
	else if (c->unit >= 0 &&
	    game_unit(sc->g, c->unit)->controller != (enum side)v->as)
		msg = xasprintf("%s is not yours to command",
		    game_unit(sc->g, c->unit)->id);
	else if (c->target >= 0 && !know_unit(sc->g, (enum side)v->as,
	    c->target, &ku))
		msg = xasprintf("no unit called '%s'",
		    game_unit(sc->g, c->target)->id);
	if (msg == NULL)
		return 0;
	script_error(v, line, msg);
	free(msg);
	return -1;
}

static void
script_ai_command(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct script	*sc = ctx;

	(void)c;
	(void)reason;
	script_tell(sc, (struct event_list *)ev);
}

void
script_others(struct script *sc)
{
	int	side;

	while (!game_over(sc->g) &&
	    (side = game_side_to_move(sc->g)) != GAME_NO_SIDE &&
	    sc->computer[side]) {
		if (sc->ai[side] == NULL) {
			struct ai_options o;

			memset(&o, 0, sizeof o);
			o.level = sc->level;
			o.seed = game_seed(sc->g) ^ (uint64_t)(side + 1);
			sc->ai[side] = ai_new(sc->g, (enum side)side, &o);
		}
		ai_play_phase(sc->ai[side], sc->g, script_ai_command, sc);
	}
}

/* --- the loop -------------------------------------------------------------- */

void
script_init(struct script *sc)
{
	memset(sc, 0, sizeof *sc);
	sc->level = AI_NORMAL;
	event_list_init(&sc->ev);
}

void
script_free(struct script *sc)
{
	int	i;

	for (i = 0; i < SIDE_COUNT; i++)
		ai_free(sc->ai[i]);
	event_list_free(&sc->ev);
	memset(sc->ai, 0, sizeof sc->ai);
}

int
script_view_add(struct script *sc, int as, bool watch,
    void (*emit)(void *, const char *), void *ctx)
{
	struct script_view	*v;

	if (sc->nviews == SCRIPT_VIEWS)
		fatal("script_view_add: more than %d views", SCRIPT_VIEWS);
	v = &sc->views[sc->nviews];
	v->as = as;
	v->watch = watch;
	v->emit = emit;
	v->ctx = ctx;
	return sc->nviews++;
}

void
script_view_begin(struct script *sc, int view)
{
	const struct script_view	*v = &sc->views[view];

	sc->telling = true;
	if (v->as >= 0)
		script_print(v, json_pack("{sssiss}", "event", "protocol",
		    "version", SCRIPT_PROTOCOL, "as", side_names[v->as]));
	sc->telling = false;
}

int
script_line(struct script *sc, int view, char *line)
{
	const struct script_view	*v = &sc->views[view];
	struct command			 c;
	char				*cause = NULL, *copy, *w[16], *s;
	int				 n = 0, rc;

	/* Queries are words; split a copy to recognise them. */
	copy = xstrdup(line);
	for (s = strtok(copy, " \t\r"); s != NULL && n < 16;
	    s = strtok(NULL, " \t\r"))
		w[n++] = s;
	if (n == 0 || w[0][0] == '#') {
		free(copy);
		return 0;
	}
	if (strcmp(w[0], "query") == 0) {
		rc = v->as >= 0 ? script_as_query(sc, v, line, w, n) :
		    script_query(sc, v, line, w, n);
		free(copy);
		return rc;
	}
	free(copy);
	if (cmd_parse(sc->g, line, &c, &cause) < 0) {
		script_error(v, line, cause);
		free(cause);
		return -1;
	}
	if ((v->as >= 0 || v->watch) && script_as_check(sc, v, line, &c) < 0)
		return -1;
	rc = game_execute(sc->g, &c, &sc->ev);
	script_flush(sc);
	script_others(sc);
	return rc;
}

void
script_long_line(struct script *sc, int view)
{
	script_error(&sc->views[view], "(a long line)", "lines are at most "
	    "4095 characters");
}

static void
script_stdout(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

int
cli_script_line(struct game *g, char *line, struct event_list *ev)
{
	struct script	sc;
	int		rc;

	/* Omniscient, as without --as; the list is lent and given back. */
	memset(&sc, 0, sizeof sc);
	sc.g = g;
	sc.ev = *ev;
	script_view_add(&sc, -1, false, script_stdout, NULL);
	rc = script_line(&sc, 0, line);
	*ev = sc.ev;
	return rc;
}

/*
 * --save FILE: the game as a journal (journal.h), begun with the game and
 * made durable after each line, so a killed script loses nothing it was
 * told; ended when the input ends.  A failure is said once; the game goes
 * on, each later line tries again, and the exit status says so.
 */
void
script_save_init(struct script_save *ss, const struct cli *cli,
    const char *who)
{
	memset(ss, 0, sizeof *ss);
	ss->cli = cli;
	ss->who = who;
	journal_init(&ss->j);
}

static int
script_save_fail(struct script_save *ss, char *cause)
{
	if (!ss->failed)
		fprintf(stderr, "%s: %s\n", ss->who, cause);
	free(cause);
	ss->failed = true;
	return -1;
}

int
script_save_sync(struct script_save *ss, const struct game *g, bool end)
{
	char		*cause = NULL, *name;
	uint64_t	 hash;
	int		 rc;

	if (ss->path == NULL)
		return 0;
	if (ss->j.fd < 0) {
		if (!cli_map_hash(ss->cli, ss->map, &hash, &cause))
			return script_save_fail(ss, cause);
		name = cli_save_map_name(ss->cli, ss->map, ss->path);
		rc = journal_begin(&ss->j, ss->path, g, name, hash,
		    ss->players, ss->exclusive, &cause);
		free(name);
		if (rc != 0)
			return script_save_fail(ss, cause);
	}
	if ((end ? journal_end(&ss->j, g, &cause) : journal_sync(&ss->j, g,
	    &cause)) != 0)
		return script_save_fail(ss, cause);
	return 0;
}

int
cmd_script(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "save", required_argument, NULL, 'S' },
		{ "as", required_argument, NULL, 'a' },
		{ "squad", required_argument, NULL, 'Q' },
		{ "roster", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	struct script_save		 ss;
	struct catalog			 cat;
	struct scenario			*s;
	struct script			 sc;
	char				 line[SCRIPT_MAX_LINE];
	uint64_t			 seed = (uint64_t)time(NULL);
	int				 ch, status = EXIT_OK, i, as = -1;
	bool				 seeded = false;

	script_save_init(&ss, cli, "xtac script");
	while ((ch = getopt_long(argc, argv, "s:S:", opts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			for (i = 0; i < SIDE_COUNT; i++)
				if (strcmp(optarg, side_names[i]) == 0 &&
				    i != SIDE_CIVILIAN)
					as = i;
			if (as < 0) {
				fprintf(stderr, "xtac script: no side '%s' to "
				    "play as (xcom or alien)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'S':
			ss.path = optarg;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		case 'R':
			if (!cli_parse_roster(cli, optarg))
				return EXIT_USAGE;
			break;
		case 's':
			if (rng_parse_seed(optarg, &seed) != 0) {
				fprintf(stderr, "xtac script: bad seed '%s' "
				    "(a whole number, or 0x hex)\n", optarg);
				return EXIT_USAGE;
			}
			seeded = true;
			break;
		default:
			cli_usage(stderr, cli_command_named("script"));
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_usage(stderr, cli_command_named("script"));
		return EXIT_USAGE;
	}
	if (!seeded)
		cli_encounter_seed(cli, argv[optind], &seed);
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if ((s = cli_load_scenario(cli, argv[optind], &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	/* With --as, one side's eyes; the computer plays every other. */
	script_init(&sc);
	script_view_add(&sc, as, false, script_stdout, NULL);
	for (i = 0; i < SIDE_COUNT; i++)
		sc.computer[i] = as >= 0 && i != as;
	script_view_begin(&sc, 0);
	sc.g = game_new(s, seed, &sc.ev);
	script_flush(&sc);
	ss.map = argv[optind];
	script_save_sync(&ss, sc.g, false);
	script_others(&sc);
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t len = strlen(line);

		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(stdin)) {
			int c;
			script_long_line(&sc, 0);
			while ((c = getchar()) != EOF && c != '\n')
				;
			status = EXIT_INVALID;
			continue;
		}
		if (script_line(&sc, 0, line) < 0)
			status = EXIT_INVALID;
		script_save_sync(&ss, sc.g, false);
		fflush(stdout);
	}
	if (script_save_sync(&ss, sc.g, true) != 0 || ss.failed)
		status = EXIT_TROUBLE;
	if (cli_write_rosters(cli, sc.g, "xtac script", stderr) != 0)
		status = EXIT_TROUBLE;
	journal_close(&ss.j);
	game_free(sc.g);
	script_free(&sc);
	scenario_free(s);
	catalog_free(&cat);
	return status;
}
