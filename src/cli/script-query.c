/*
 * script-query.c - the script protocol's queries (xtac(6) SCRIPT
 * PROTOCOL): query hit|path|reach|los|unit|state, answered to the view
 * that asked; under --as as the side knows the game (know.h), its own
 * units in full and the others as last seen; and the check that a side
 * gives commands for its own units only.  They change nothing.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "script.h"
#include "script-int.h"
#include "xtac/game.h"
#include "xtac/know.h"
#include "xtac/util.h"

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

int
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

int
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
int
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
