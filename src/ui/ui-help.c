/*
 * ui-help.c - the help screen, drawn in the map window: the briefing (the
 * scenario's description and the viewer's orders), the keys of the
 * mode help was opened from (straight from the key table), the map legend
 * (from the glyph tables), the units of this scenario, and the keys of the
 * help screen itself.
 *
 * The text is laid out line by line from the top each time; only lines from
 * help_top on that fit the window are drawn.  help_lines records how many
 * lines there were, so scrolling stops at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

#define UI_HELP_LEGEND_MAX	48
#define UI_HELP_KEY_COLS	18
#define UI_HELP_LEGEND_COLS	25

struct ui_help {
	struct ui	*ui;
	WINDOW		*w;
	int		 line;	/* of the whole text */
};

/* The window line of the current text line, or -1 if it is not shown. */
static int
ui_help_y(const struct ui_help *h)
{
	int	y = h->line - h->ui->help_top;

	return y >= 0 && y < getmaxy(h->w) ? y : -1;
}

static void
ui_help_text(struct ui_help *h, int x, enum ui_style style, const char *s)
{
	int	y = ui_help_y(h);

	if (y >= 0)
		ui_term_text(h->ui, h->w, y, x, getmaxx(h->w) - x, style, s);
}

static void
ui_help_rule(struct ui_help *h, const char *title)
{
	int	y = ui_help_y(h);

	if (y >= 0)
		ui_term_rule(h->ui, h->w, y, title);
	h->line++;
}

static void
ui_help_keys(struct ui_help *h, enum ui_mode mode)
{
	const struct ui_binding	*b;
	size_t			 n, i;
	char			 title[48];

	snprintf(title, sizeof title, "Keys: %s", ui_key_mode_name(mode));
	ui_help_rule(h, title);
	b = ui_key_table(&n);
	for (i = 0; i < n; i++) {
		if ((b[i].modes & UI_MODE_BIT(mode)) == 0 || b[i].help == NULL)
			continue;
		ui_help_text(h, 1, UI_STYLE_KEY, b[i].label);
		ui_help_text(h, 1 + UI_HELP_KEY_COLS, UI_STYLE_NORMAL,
		    b[i].help);
		h->line++;
	}
	if (mode == UI_MODE_MAP) {
		ui_help_text(h, 1, UI_STYLE_KEY, "mouse");
		ui_help_text(h, 1 + UI_HELP_KEY_COLS, UI_STYLE_NORMAL,
		    "click a square or a listed unit");
		h->line++;
	}
}

/*
 * One legend entry in column col (0 or 1) of the current line; col -1 is
 * an entry alone on its line, with all the width.
 */
static void
ui_help_entry(struct ui_help *h, int col, struct ui_glyph g, attr_t extra,
    const char *text)
{
	int	x = 1 + (col > 0 ? col : 0) * UI_HELP_LEGEND_COLS;
	int	y = ui_help_y(h), width = UI_HELP_LEGEND_COLS - 3;

	if (y < 0)
		return;
	if (col < 0)
		width = getmaxx(h->w) - x - 2;
	ui_term_cell(h->ui, h->w, y, x, g, extra);
	ui_term_text(h->ui, h->w, y, x + 2, width, UI_STYLE_NORMAL, text);
}

static void
ui_help_legend(struct ui_help *h)
{
	struct ui_glyph	 g[UI_HELP_LEGEND_MAX];
	const char	*text[UI_HELP_LEGEND_MAX];
	size_t		 n, i;
	int		 cols;

	cols = getmaxx(h->w) >= 2 * UI_HELP_LEGEND_COLS + 1 ? 2 : 1;
	ui_help_rule(h, "Map");
	n = ui_glyph_legend(h->ui, UI_HELP_LEGEND_MAX, g, text);
	for (i = 0; i < n; i++) {
		ui_help_entry(h, (int)i % cols, g[i], A_NORMAL, text[i]);
		if ((int)i % cols == cols - 1 || i + 1 == n)
			h->line++;
	}
	ui_help_text(h, 1, UI_STYLE_DIM, "Walls, windows and doors stand "
	    "between squares.");
	h->line++;
	ui_help_text(h, 1, UI_STYLE_DIM, "A door several squares wide opens "
	    "as one.");
	h->line++;
	ui_help_text(h, 1, UI_STYLE_DIM, "Solid objects block sight; low "
	    "ones are an obstruction.");
	h->line++;
	ui_help_text(h, 1, UI_STYLE_DIM, "Open air is faint and shows what is "
	    "below it.");
	h->line++;
}

/*
 * Each unit type on the map once, in the order units are listed: those
 * the viewer has seen (all of them in the preview).
 */
static void
ui_help_units(struct ui_help *h)
{
	const struct scenario	*s = h->ui->s;
	const struct catalog	*c = s->catalog;
	const char *const	 sides[SIDE_COUNT] = { "X-Com", "Alien",
				     "Civilian" };
	struct know_unit	 ku;
	bool			*seen;
	size_t			 i;
	int			 col = 0, cols;
	char			*text;
	struct ui_glyph		 g;

	cols = getmaxx(h->w) >= 2 * UI_HELP_LEGEND_COLS + 1 ? 2 : 1;
	ui_help_rule(h, "Units");
	seen = xcalloc(c->nunits + 1, sizeof *seen);
	for (i = 0; i < s->nunits; i++) {
		const struct unit_setup *u = &s->units[i];

		if (seen[u->type])
			continue;
		/* Fog of war: a type the viewer has never seen is not told. */
		if (!ui_preview_on(h->ui) && !know_unit(h->ui->g,
		    h->ui->viewer, (int)i, &ku))
			continue;
		seen[u->type] = true;
		text = xasprintf("%s (%s)", c->units[u->type].name,
		    sides[u->side]);
		ui_help_entry(h, col, ui_glyph_unit(h->ui, u), A_NORMAL, text);
		free(text);
		if (++col == cols) {
			col = 0;
			h->line++;
		}
	}
	if (col != 0)
		h->line++;
	free(seen);
	g = ui_glyph_facing(h->ui, DIR_NE);
	ui_help_entry(h, -1, g, A_NORMAL, "facing of the selected unit");
	h->line++;
	ui_help_text(h, 3, UI_STYLE_DIM, "(a wall it faces is highlighted "
	    "instead)");
	h->line++;
	g.wc = h->ui->unit_glyphs[s->nunits > 0 ? s->units[0].type : 0];
	g.style = UI_STYLE_NORMAL;
	if (g.wc == L'\0')
		g.wc = L'@';
	ui_help_entry(h, -1, g, A_UNDERLINE, "underlined: kneeling");
	h->line++;
	ui_help_entry(h, -1, g, A_REVERSE, "reverse: the cursor");
	h->line++;
	g.wc = L'?';
	ui_help_entry(h, -1, g, A_DIM, "an enemy last seen here (fog of war)");
	h->line++;
	g.wc = L'*';
	g.style = UI_STYLE_PATH_SNAP;
	ui_help_entry(h, -1, g, A_BOLD, "path: a snap shot still affordable");
	h->line++;
	g.wc = L'+';
	g.style = UI_STYLE_PATH_MOVE;
	ui_help_entry(h, -1, g, A_BOLD, "path: TUs left only to move");
	h->line++;
	g.wc = L'!';
	g.style = UI_STYLE_PATH_FAR;
	ui_help_entry(h, -1, g, A_BOLD, "path: out of reach this phase");
	h->line++;
	g.wc = h->ui->term.utf8 ? L'\u2218' : L'o';
	g.style = UI_STYLE_BLAST;
	ui_help_entry(h, -1, g, A_NORMAL, "throw: a grenade's blast area");
	h->line++;
}

/* What the overlays and the move preview draw (ui-overlay.c). */
static void
ui_help_overlays(struct ui_help *h)
{
	struct ui_glyph	 g[8];
	attr_t		 extra[8];
	const char	*text[8];
	size_t		 n, i;

	ui_help_rule(h, "Overlays");
	n = ui_overlay_help(h->ui, 8, g, extra, text);
	for (i = 0; i < n; i++) {
		ui_help_entry(h, -1, g[i], extra[i], text[i]);
		h->line++;
	}
}

/* Text wrapped to the window from x, a paragraph per line of it. */
static void
ui_help_para(struct ui_help *h, int x, enum ui_style style, const char *s)
{
	int		 width = getmaxx(h->w) - x - 1, y;
	const char	*next, *end;
	char		*para;

	while (*s != '\0') {
		end = strchr(s, '\n');
		para = end != NULL ? xstrndup(s, (size_t)(end - s)) :
		    xstrdup(s);
		for (next = para; *next != '\0'; h->line++) {
			const char *row = next;
			size_t len = ui_term_row(row, width, &next);

			if ((y = ui_help_y(h)) >= 0)
				ui_term_textn(h->ui, h->w, y, x, width, style,
				    row, len);
		}
		free(para);
		s = end != NULL ? end + 1 : s + strlen(s);
	}
}

/*
 * The briefing: the scenario's description and the viewer's orders.  It
 * opens the help screen, and is what the first screen of a new game shows.
 */
static void
ui_help_briefing(struct ui_help *h)
{
	const struct scenario	*s = h->ui->s;
	const char		*orders = NULL;
	char			*title;

	if (h->ui->viewer < SIDE_COUNT && s->sides[h->ui->viewer].present &&
	    ui_act_human(h->ui, h->ui->viewer))
		orders = s->sides[h->ui->viewer].objective;
	if (s->description == NULL && orders == NULL)
		return;
	title = xasprintf("Briefing: %s", s->name != NULL ? s->name :
	    "Untitled");
	ui_help_rule(h, title);
	free(title);
	if (s->description != NULL)
		ui_help_para(h, 1, UI_STYLE_NORMAL, s->description);
	if (orders != NULL) {
		title = xasprintf("Orders for %s: %s",
		    ui_act_side_name(h->ui->viewer), orders);
		ui_help_para(h, 1, UI_STYLE_LABEL, title);
		free(title);
	}
	ui_help_para(h, 1, UI_STYLE_DIM, "Esc: to the battle.  ? shows this "
	    "again.");
	h->line--;
	h->line += 2;
}

void
ui_help_draw(struct ui *ui)
{
	struct ui_help	h = { ui, ui->term.map, 0 };
	char		seed[64];

	/* After a resize the text may end higher up the window. */
	if (ui->help_top > ui->help_lines - getmaxy(h.w))
		ui->help_top = ui->help_lines - getmaxy(h.w);
	if (ui->help_top < 0)
		ui->help_top = 0;
	werase(h.w);
	ui_help_briefing(&h);
	ui_help_keys(&h, ui->help_from);
	ui_help_legend(&h);
	ui_help_units(&h);
	ui_help_overlays(&h);
	ui_help_keys(&h, UI_MODE_HELP);
	/* A served side's seat is not told the seed: it foretells dice. */
	if (ui->opts.remote && !ui->opts.preview)
		snprintf(seed, sizeof seed, "Seed: the server's");
	else
		snprintf(seed, sizeof seed, "Seed %llu",
		    (unsigned long long)ui->opts.seed);
	ui_help_rule(&h, seed);
	ui->help_lines = h.line;
}
