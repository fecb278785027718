/*
 * battle-log.c - the written trace of one battle (battle_options.log), for
 * a developer who wants to know what happened and why: every command the
 * AIs proposed, refused or applied, with the AI's reason; every event it
 * caused, all fields, as the game master sees them (the log is not fogged);
 * and every unit put out of action, by whom, and whether by its own side.
 *
 * One line per command ("round R side: COMMAND"), then indented lines:
 * "why:" the AI's reason, one line per event ("EVENT key=value ...
 * [term=value ...]"), and "down:" for each unit the command put out of
 * action.  A friendly loss is marked "FRIENDLY", so grep finds them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/battle.h"
#include "xtac/util.h"

static void
battle_log_event(FILE *f, const struct event *e)
{
	const struct event_field	*fl;
	size_t				 i;

	fprintf(f, "  %s", event_type_names[e->type]);
	for (i = 0; i < e->nfields; i++) {
		fl = &e->fields[i];
		switch (fl->kind) {
		case EVV_INT:
			fprintf(f, " %s=%d", fl->key, fl->i);
			break;
		case EVV_STR:
			/* Texts with spaces are quoted, to be read back. */
			if (fl->s != NULL && strchr(fl->s, ' ') != NULL)
				fprintf(f, " %s=\"%s\"", fl->key, fl->s);
			else
				fprintf(f, " %s=%s", fl->key, fl->s != NULL ?
				    fl->s : "-");
			break;
		case EVV_BOOL:
			fprintf(f, " %s=%s", fl->key, fl->i ? "yes" : "no");
			break;
		case EVV_POS:
			fprintf(f, " %s=%d,%d,%d", fl->key, fl->pos.x,
			    fl->pos.y, fl->pos.z);
			break;
		}
	}
	if (e->nterms > 0) {
		fputs(" [", f);
		for (i = 0; i < e->nterms; i++)
			fprintf(f, "%s%s=%d", i > 0 ? " " : "",
			    e->terms[i].name, e->terms[i].value);
		fputc(']', f);
	}
	fputc('\n', f);
}

void
battle_log_start(FILE *f, const struct game *g,
    const struct battle_options *o, const struct event_list *ev)
{
	size_t	i;

	if (f == NULL)
		return;
	fprintf(f, "battle: %s, seed %llu, xcom %s vs alien %s, at most %d "
	    "rounds\n", game_scenario(g)->name, (unsigned long long)o->seed,
	    ai_level_names[o->level[SIDE_XCOM]],
	    ai_level_names[o->level[SIDE_ALIEN]], o->rounds);
	for (i = 0; i < ev->n; i++)
		battle_log_event(f, &ev->v[i]);
}

/* The command about to be applied, and the reason its side gave. */
void
battle_log_command(FILE *f, const struct game *g, const struct command *c,
    const char *reason)
{
	char	*text;
	int	 side = game_side_to_move(g);

	if (f == NULL)
		return;
	text = cmd_format(g, c);
	fprintf(f, "round %d %s: %s\n", game_round(g), side >= 0 &&
	    side < SIDE_COUNT ? side_names[side] : "-", text);
	free(text);
	if (reason != NULL && *reason != '\0')
		fprintf(f, "  why: %s\n", reason);
}

/*
 * What the command did: its events (a refusal's reason among them), then
 * the units it put down, `was` saying which were down before.
 */
void
battle_log_result(FILE *f, const struct game *g, const struct event_list *ev,
    int rc, const struct battle_result *r, const bool *was, size_t nwas)
{
	size_t	i;
	int	by;

	if (f == NULL)
		return;
	if (rc != 0)
		fputs("  refused\n", f);
	for (i = 0; i < ev->n; i++)
		battle_log_event(f, &ev->v[i]);
	for (i = 0; i < r->nunits; i++) {
		const struct battle_unit *b = &r->units[i];

		if (!b->down || (i < nwas && was[i]))
			continue;
		by = b->last_hit_by;
		fprintf(f, "  down: %s (%s) by %s (%s)%s\n", b->id,
		    side_names[b->side], by >= 0 ? r->units[by].id : "nobody",
		    by >= 0 ? side_names[game_unit(g, by)->side] : "-",
		    b->friendly_down ? " FRIENDLY" : "");
	}
}

void
battle_log_end(FILE *f, const struct battle_result *r)
{
	size_t	i;
	int	friendly = 0, lost = 0;

	if (f == NULL)
		return;
	for (i = 0; i < r->nunits; i++) {
		lost += r->units[i].lost;
		friendly += r->units[i].friendly;
	}
	fprintf(f, "end: %s after %d rounds%s; %d lost, %d to their own "
	    "side\n", r->winner >= 0 && r->winner < SIDE_COUNT ?
	    side_names[r->winner] : "no winner", r->rounds, r->capped ?
	    " (the cap)" : "", lost, friendly);
	for (i = 0; i < r->nunits; i++)
		if (r->units[i].friendly)
			fprintf(f, "  friendly loss: %s (%s)\n",
			    r->units[i].id, side_names[r->units[i].side]);
	fflush(f);
}
