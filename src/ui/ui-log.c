/*
 * ui-log.c - the combat log: every event the engine reports, as words, in
 * the lines under the map and in a full-screen view (L, Ctrl-P).
 *
 * The log is the events rendered once, when they happen, into lines the
 * session owns.  Each line carries a mask of the sides that may read it
 * (fog of war): what happens to or by a unit is read by its side and by
 * the sides that saw it then; round and phase news by everyone.  Both
 * views (ui-logview.c) show only the lines the current viewer may read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

static void
ui_log_push(struct ui *ui, unsigned mask, char *line)
{
	struct ui_log	*l = &ui->log;

	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 64 : l->cap * 2;
		l->lines = xreallocarray(l->lines, l->cap, sizeof *l->lines);
		l->masks = xreallocarray(l->masks, l->cap, sizeof *l->masks);
		l->phases = xreallocarray(l->phases, l->cap,
		    sizeof *l->phases);
	}
	if (!l->answering) {
		l->fresh = l->n;
		l->answering = true;
	}
	l->lines[l->n] = line;
	l->phases[l->n] = l->phase;
	l->masks[l->n++] = mask;
	l->walk_unit = -1;
	ui->dirty |= UI_DIRTY_LOG;
}

/* A line everyone may read. */
void
ui_log_add(struct ui *ui, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	ui_log_push(ui, UI_LOG_ALL, xvasprintf(fmt, ap));
	va_end(ap);
}

void
ui_log_add_for(struct ui *ui, unsigned mask, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	ui_log_push(ui, mask, xvasprintf(fmt, ap));
	va_end(ap);
}

/*
 * A unit of side `side` walked (the client's own line, for its side
 * alone; line is taken).  Walking a square at a time would fill the log
 * with a line a step, pushing shots and sightings out of view: when the
 * unit's own walk line of this phase is still the newest its side may
 * read, the new one takes its place.  Lines only other sides read may lie
 * between: whether they do must not change what this side is shown.
 */
void
ui_log_walk(struct ui *ui, int unit, enum side side, char *line)
{
	struct ui_log	*l = &ui->log;
	unsigned	 mask = 1u << side;
	size_t		 k;

	if (l->walk_unit == unit && l->walk < l->n &&
	    l->phases[l->walk] == l->phase && l->masks[l->walk] == mask) {
		for (k = l->walk + 1; k < l->n; k++)
			if (l->masks[k] & mask)
				break;
		if (k == l->n) {
			if (l->redo)	/* not drawn since: the first text */
				free(l->lines[l->walk]);
			else {
				l->redo = true;
				l->redo_line = l->walk;
				l->redo_was = l->lines[l->walk];
			}
			l->lines[l->walk] = line;
			if (!l->answering || l->fresh > l->walk) {
				l->fresh = l->walk;
				l->answering = true;
			}
			ui->dirty |= UI_DIRTY_LOG;
			return;
		}
	}
	ui_log_push(ui, mask, line);
	l->walk = l->n - 1;
	l->walk_unit = unit;
}

void
ui_log_free(struct ui *ui)
{
	size_t	i;

	free(ui->log.redo_was);
	for (i = 0; i < ui->log.n; i++)
		free(ui->log.lines[i]);
	free(ui->log.lines);
	free(ui->log.masks);
	free(ui->log.phases);
	memset(&ui->log, 0, sizeof ui->log);
	ui->log.walk_unit = -1;
}

/*
 * Each event as every side read it when it happened (know.h): who may
 * read it is the engine's seen-by stamp, and a side reads its own view
 * (units it did not see then are "someone unseen").  A line all its
 * readers read alike is kept once.
 */
void
ui_log_events(struct ui *ui, const struct event_list *ev)
{
	struct ui_logtext lt;
	struct event	 view;
	size_t		 i;
	unsigned	 mask;
	char		*line[SIDE_COUNT];
	int		 s, t;

	lt.g = ui->g;
	lt.human = 0;
	for (s = 0; s < SIDE_COUNT; s++)
		if (ui_act_human(ui, s))
			lt.human |= 1u << s;
	for (i = 0; i < ev->n; i++) {
		ui_log_phase(ui, &ev->v[i]);
		for (s = 0; s < SIDE_COUNT; s++) {
			line[s] = NULL;
			if (know_event_seen(&ev->v[i], (enum side)s)) {
				know_event_view(&ev->v[i], (enum side)s, &view);
				line[s] = ui_logtext_event(&lt, &view);
			}
		}
		for (s = 0; s < SIDE_COUNT; s++) {
			if (line[s] == NULL)
				continue;
			mask = 1u << s;
			for (t = s + 1; t < SIDE_COUNT; t++)
				if (line[t] != NULL &&
				    strcmp(line[s], line[t]) == 0) {
					mask |= 1u << t;
					free(line[t]);
					line[t] = NULL;
				}
			ui_log_push(ui, mask, line[s]);
		}
	}
}
