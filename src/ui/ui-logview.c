/*
 * ui-logview.c - the combat log's two views: its last lines under the map
 * and the whole of it full screen (Ctrl-P), each showing only the lines
 * the viewer may read (ui-log.c makes them).  A line longer than the view
 * wraps onto indented rows; the full view scrolls by rows, so it may start
 * part way into a line (ui_log top and sub).
 *
 * Under the map the lines dim by phase (ui_log phase, counted here as the
 * events come), and the view keeps what it last drew (ui_log shown): new
 * lines of the same phase scroll the window, the rest redraws it whole.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "ui-int.h"
#include "xtac/util.h"

/* Whether the viewer may read line i (the game master reads them all). */
static bool
ui_log_may_read(const struct ui *ui, size_t i)
{
	return ui_preview_on(ui) || (ui->log.masks[i] & (1u << ui->viewer));
}

/* The indices of the lines the viewer may read, in order; caller frees. */
static size_t *
ui_log_readable(const struct ui *ui, size_t *n)
{
	size_t	*v = xcalloc(ui->log.n + 1, sizeof *v), i;

	*n = 0;
	for (i = 0; i < ui->log.n; i++)
		if (ui_log_may_read(ui, i))
			v[(*n)++] = i;
	return v;
}

/*
 * Where a phase begins, for the dimming: at a round's start (its
 * initiative and its first side's start are the same phase), else at a
 * side's start or its deployment.  Called for every event as it is logged.
 */
void
ui_log_phase(struct ui *ui, const struct event *e)
{
	struct ui_log	*l = &ui->log;

	switch (e->type) {
	case EV_ROUND_START:
		l->phase++;
		l->begun = true;
		break;
	case EV_PHASE_START:
	case EV_DEPLOY_START:
		if (!l->begun)
			l->phase++;
		l->begun = false;
		break;
	default:
		break;
	}
}

/* A key was read: the lines its answer adds get the marker. */
void
ui_log_key(struct ui *ui)
{
	ui->log.answering = false;
}

/* A line rewritten in place (ui_log_walk) is drawn. */
static void
ui_log_redone(struct ui_log *l)
{
	free(l->redo_was);
	l->redo_was = NULL;
	l->redo = false;
}

/* The marker, at row y of the log under the map. */
static void
ui_log_marker(const struct ui *ui, int y, bool on)
{
	ui_term_text(ui, ui->term.log, y, 0, 1, UI_STYLE_NORMAL, !on ? " " :
	    ui->term.utf8 ? "\u203a" : ">");
}

/*
 * The last lines under the map, long ones wrapped: from the newest back
 * while they fit; an older line only partly in room shows its end, the
 * newest alone too long its beginning.  Lines of the current phase are
 * bright, older ones dim; a marker in the left column shows where the last
 * key's answer begins (on the first row of its oldest line shown).
 */
static void
ui_log_redraw(struct ui *ui)
{
	struct ui_log	*l = &ui->log;
	WINDOW		*w = ui->term.log;
	int		 y = getmaxy(w), width = getmaxx(w) - 1, r;
	int		 mark = -1;
	size_t		 k;
	bool		 newest = true, first, seen = false, cut = false;

	werase(w);
	for (k = l->n; k > 0 && y > 0; k--) {
		const char	*line = l->lines[k - 1];
		enum ui_style	 st;

		if (!ui_log_may_read(ui, k - 1))
			continue;
		st = l->phases[k - 1] == l->phase ? UI_STYLE_NORMAL :
		    UI_STYLE_DIM;
		r = ui_term_rows(line, width);
		/* The marker goes on the line's first row, if shown. */
		first = r <= y || newest;
		if (r <= y)
			ui_term_wrapped(ui, w, y -= r, 1, width, st, line, 0, r);
		else {
			ui_term_wrapped(ui, w, 0, 1, width, st, line,
			    newest ? 0 : r - y, y);
			cut = newest;
			y = 0;
		}
		if (k - 1 >= l->fresh) {
			mark = first ? y : -1;
			seen = true;
		}
		newest = false;
	}
	if (mark >= 0)
		ui_log_marker(ui, mark, true);
	ui_log_redone(l);
	l->shown.ok = true;
	l->shown.n = l->n;
	l->shown.fresh = l->fresh;
	l->shown.fresh_seen = seen;
	l->shown.mark = mark;
	l->shown.cut = cut;
	l->shown.phase = l->phase;
	l->shown.viewer = (int)ui->viewer;
	l->shown.all = ui_preview_on(ui);
	l->shown.h = getmaxy(w);
	l->shown.width = width;
}

/*
 * The line ui_log_walk rewrote, drawn again where it is: when it was the
 * newest line shown, whole, and takes as many rows as before (ncurses
 * then sends the characters that changed).  False when only a whole
 * redraw will do.
 */
static bool
ui_log_rewrite(struct ui *ui)
{
	struct ui_log	*l = &ui->log;
	WINDOW		*w = ui->term.log;
	int		 h = getmaxy(w), width = l->shown.width, r, y;
	size_t		 k;

	if (l->redo_line >= l->shown.n || !ui_log_may_read(ui, l->redo_line))
		return false;
	for (k = l->redo_line + 1; k < l->shown.n; k++)
		if (ui_log_may_read(ui, k))
			return false;
	r = ui_term_rows(l->lines[l->redo_line], width);
	if (r != ui_term_rows(l->redo_was, width) || r >= h)
		return false;
	for (y = h - r; y < h; y++) {
		wmove(w, y, 1);
		wclrtoeol(w);
	}
	ui_term_wrapped(ui, w, h - r, 1, width, UI_STYLE_NORMAL,
	    l->lines[l->redo_line], 0, r);
	ui_log_redone(l);
	return true;
}

/*
 * Lines added in the phase shown, that fit: the window scrolls by their
 * rows and they are written at its foot, the lines above left as they are
 * (ncurses then scrolls the terminal's lines and sends the new ones
 * alone).  Returns false when only a whole redraw gives what
 * ui_log_redraw would: the phase or the viewer changed, the newest line
 * was cut, the new lines fill the window, or the marker would have to
 * move to an older line.
 */
static bool
ui_log_append(struct ui *ui)
{
	struct ui_log	*l = &ui->log;
	WINDOW		*w = ui->term.log;
	int		 h = getmaxy(w), width = getmaxx(w) - 1, rows = 0;
	int		 y, r, mark = -1;
	size_t		 k;
	bool		 renew = l->fresh != l->shown.fresh ||
			     !l->shown.fresh_seen;

	if (!l->shown.ok || l->shown.cut || l->shown.phase != l->phase ||
	    l->shown.viewer != (int)ui->viewer ||
	    l->shown.all != ui_preview_on(ui) || l->shown.h != h ||
	    l->shown.width != width || l->n < l->shown.n)
		return false;
	if (l->redo && !ui_log_rewrite(ui))
		return false;
	for (k = l->shown.n; k < l->n; k++)
		if (ui_log_may_read(ui, k) &&
		    (rows += ui_term_rows(l->lines[k], width)) >= h)
			return false;
	if (!renew && l->shown.mark < rows)
		return false;
	if (rows > 0) {
		scrollok(w, TRUE);
		wscrl(w, rows);
		scrollok(w, FALSE);
	} else	/* nothing new to read: as it was, drawn over or not */
		touchwin(w);
	for (y = h - rows, k = l->shown.n; k < l->n; k++) {
		if (!ui_log_may_read(ui, k))
			continue;
		r = ui_term_rows(l->lines[k], width);
		ui_term_wrapped(ui, w, y, 1, width, UI_STYLE_NORMAL,
		    l->lines[k], 0, r);
		if (k >= l->fresh && mark < 0)
			mark = y;
		y += r;
	}
	if (l->shown.mark >= 0)
		l->shown.mark -= rows;
	if (renew) {
		if (l->shown.mark >= 0)
			ui_log_marker(ui, l->shown.mark, false);
		if (mark >= 0)
			ui_log_marker(ui, mark, true);
		l->shown.mark = mark;
		l->shown.fresh_seen = mark >= 0;
	}
	l->shown.n = l->n;
	l->shown.fresh = l->fresh;
	return true;
}

void
ui_log_draw(struct ui *ui)
{
	if (!ui_log_append(ui))
		ui_log_redraw(ui);
}

/* The full view's text width; its lines wrap at it. */
static int
ui_log_width(const struct ui *ui)
{
	return getmaxx(ui->term.full) - 1;
}

/* The row of the full view's text where (line, sub) is. */
static int
ui_log_row_of(const struct ui *ui, const size_t *v, size_t n, int line,
    int sub)
{
	int	width = ui_log_width(ui), row = 0, k, r;

	for (k = 0; k < line && k < (int)n; k++)
		row += ui_term_rows(ui->log.lines[v[k]], width);
	if (line < (int)n) {
		r = ui_term_rows(ui->log.lines[v[line]], width);
		row += sub < r ? sub : r - 1;
	}
	return row;
}

/*
 * Scroll the full view by rows (UI_SCROLL_PAGE: a page); a long line
 * wraps on several rows, and the view may start part way into one.
 */
void
ui_log_scroll(struct ui *ui, int lines)
{
	int	page = getmaxy(ui->term.full) - 2, width = ui_log_width(ui);
	int	row, total, k, r;
	size_t	*v, n;

	v = ui_log_readable(ui, &n);
	if (lines == UI_SCROLL_PAGE)
		lines = page;
	else if (lines == -UI_SCROLL_PAGE)
		lines = -page;
	total = ui_log_row_of(ui, v, n, (int)n, 0);
	if (ui->log.top < 0)
		ui->log.top = 0;
	row = ui_log_row_of(ui, v, n, ui->log.top, ui->log.sub);
	row = lines > total - page - row ? total - page : row + lines;
	if (row < 0)
		row = 0;
	for (k = 0; k < (int)n; k++) {
		r = ui_term_rows(ui->log.lines[v[k]], width);
		if (row < r)
			break;
		row -= r;
	}
	ui->log.top = k;
	ui->log.sub = k < (int)n ? row : 0;
	free(v);
	ui->dirty |= UI_DIRTY_MAP;
}

/*
 * Hot-seat, as a side takes over: if it may read lines added since it
 * handed over (the other side's moves it saw, its own reaction shots),
 * open the full log on the first of them.  Returns whether it did.
 */
bool
ui_log_catch_up(struct ui *ui)
{
	size_t	*v, n, k;
	size_t	 first;
	bool	 news = false;

	v = ui_log_readable(ui, &n);
	for (k = 0; k < n && v[k] < ui->log.read[ui->viewer]; k++)
		continue;
	/* Lines for everyone (phases changing) alone are no news. */
	for (first = k; k < n && !news; k++)
		news = ui->log.masks[v[k]] != UI_LOG_ALL;
	k = first;
	free(v);
	ui->log.read[ui->viewer] = ui->log.n;
	if (!news)
		return false;
	ui->log.top = (int)k;
	ui->log.sub = 0;
	ui->log.since = true;
	return true;
}

/* The whole log, full screen: a title line, the lines, long ones wrapped. */
void
ui_log_full(struct ui *ui)
{
	WINDOW	*w = ui->term.full;
	int	 rows = getmaxy(w) - 2, width = getmaxx(w) - 1, y, sub;
	size_t	*v, n;
	int	 k;

	werase(w);
	v = ui_log_readable(ui, &n);
	if (ui->log.since)
		ui_term_printf(ui, w, 0, 1, width, UI_STYLE_TITLE,
		    "While you waited (from line %d of %zu) - j k PgUp PgDn "
		    "scroll, Esc: to the map", ui->log.top + 1, n);
	else
		ui_term_printf(ui, w, 0, 1, width, UI_STYLE_TITLE,
		    "Combat log (%zu lines) - j k PgUp PgDn scroll, w to a "
		    "file, Esc back", n);
	sub = ui->log.sub;
	for (y = 1, k = ui->log.top; y <= rows && k < (int)n; k++, sub = 0)
		y += ui_term_wrapped(ui, w, y, 1, width, UI_STYLE_NORMAL,
		    ui->log.lines[v[k]], sub, rows + 1 - y);
	/* The last line: what w did (the status line is hidden here). */
	if (ui->message != NULL)
		ui_term_text(ui, w, rows + 1, 1, width, UI_STYLE_DIM,
		    ui->message);
	free(v);
}
