/*
 * fog-view.c - what a side is shown (fog.h): its events as `xtac script
 * --as` prints them and the lines its log shows (ui-logtext.c, the
 * client's own words), its knowledge hash, the paths it plans, the
 * forecasts it may ask for and whether its next command is accepted.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../../src/engine/game-int.h"
#include "fog.h"
#include "ui-logtext.h"
#include "xtac/know.h"
#include "xtac/path.h"
#include "xtac/util.h"

/* --- the view: what the side reads ---------------------------------------- */

/* One event, every field and term, a line. */
void
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

void
fog_view_events(struct strbuf *sb, const struct game *g,
    const struct event_list *ev, enum side side)
{
	struct ui_logtext	 lt = { g, 0 };
	struct event		 v;
	size_t			 i;
	char			*line;

	for (i = 0; i < ev->n; i++) {
		if (!know_event_seen(&ev->v[i], side))
			continue;
		know_event_view(&ev->v[i], side, &v);
		fog_print_event(sb, &v);
		/* The line the client's log shows the side (ui-log.c). */
		if ((line = ui_logtext_event(&lt, &v)) != NULL) {
			strbuf_printf(sb, "log %s\n", line);
			free(line);
		}
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
	if (game_side_grenade_reach(g, side, catalog_find_item(game_catalog(g),
	    "grenade"), to, reach))
		for (i = 0; i < n; i++)
			sum += (long)(i + 1) * (reach[i] + 1);
	strbuf_printf(sb, "blast %ld\n", sum);
	free(reach);
}

/* After a command: its knowledge, a path it plans, its next command. */
void
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

