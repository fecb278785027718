/*
 * ui-panel.c - the side panel and the status line: the scenario's head, the
 * selected unit's sheet, the list of units, and one line about the square
 * under the cursor with the keys that matter now.
 *
 * Every window is drawn whole when it is dirty (werase, then text); curses
 * sends only the cells that really changed, so this stays cheap.  Numbers a
 * unit has are worked out here from the catalog and the scenario's boosts;
 * nothing is stored.  Column 0 of each panel window is a margin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

static const char *const ui_panel_sides[SIDE_COUNT] = {
	"X-Com", "Alien", "Civilian"
};

static const char *const ui_panel_stat_labels[STAT_COUNT] = {
	"TU", "HTH", "ACC", "MAC", "TAC", "STR", "RET", "PSK", "PST"
};

static const char *const ui_panel_facings[ARMOUR_COUNT] = {
	"F", "L", "R", "B", "U"
};

static const char *const ui_panel_dirs[DIR_COUNT] = {
	"N", "NE", "E", "SE", "S", "SW", "W", "NW"
};

const char *
ui_panel_dir_name(enum dir d)
{
	return d >= 0 && d < DIR_COUNT ? ui_panel_dirs[d] : "?";
}

const char *
ui_panel_unit_name(const struct ui *ui, const struct unit_setup *u)
{
	if (u->name[0] != '\0')
		return u->name;
	if (u->id[0] != '\0')
		return u->id;
	return ui->s->catalog->units[u->type].name;
}

/* "Troop · X-Com": the type and the side, unless they say the same. */
void
ui_panel_unit_kind(const struct ui *ui, const struct unit_setup *u, char *buf,
    size_t size)
{
	const char	*type = ui->s->catalog->units[u->type].name;
	const char	*side = ui_panel_sides[u->side];

	if (strcmp(type, side) == 0)
		snprintf(buf, size, "%s", type);
	else
		snprintf(buf, size, "%s%s%s", type, ui_term_sep(ui), side);
}

void
ui_panel_head(struct ui *ui)
{
	const struct scenario	*s = ui->s;
	WINDOW			*w = ui->term.head;
	int			 width = getmaxx(w) - 1, x;
	const char		*sep = ui_term_sep(ui);

	werase(w);
	ui_term_text(ui, w, 0, 1, width, UI_STYLE_TITLE,
	    s->name != NULL && *s->name != '\0' ? s->name : "Untitled");
	x = 1 + ui_term_text(ui, w, 1, 1, width, UI_STYLE_NORMAL,
	    mission_names[s->mission]);
	if (s->mission != MISSION_ASSAULT)
		x += ui_term_printf(ui, w, 1, x, width - x, UI_STYLE_NORMAL,
		    " (%s)", ui_panel_sides[s->mission_side]);
	ui_term_printf(ui, w, 1, x, width - x, UI_STYLE_NORMAL, "%s%s",
	    sep, s->night ? "night" : "day");
	x = 1 + ui_term_printf(ui, w, 2, 1, width, UI_STYLE_NORMAL,
	    "tech %d%s", s->tech_level, sep);
	x += ui_term_printf(ui, w, 2, x, width - x, UI_STYLE_LABEL,
	    "level %d of %d", ui->cursor.z + 1, ui->map->levels);
	if (ui->map->levels > 1)
		ui_term_text(ui, w, 2, x, width - x, UI_STYLE_DIM, " < >");
}

/* "LBL value" pairs on one line, labels styled apart from the values. */
static void
ui_panel_pairs(const struct ui *ui, WINDOW *w, int y, int n,
    const char *const *labels, const char *const *values)
{
	int	x = 1, width = getmaxx(w) - 1, i;

	for (i = 0; i < n && x < width; i++) {
		x += ui_term_text(ui, w, y, x, width - x, UI_STYLE_LABEL,
		    labels[i]);
		x += ui_term_printf(ui, w, y, x, width - x, UI_STYLE_NORMAL,
		    " %s%s", values[i], i + 1 < n ? "  " : "");
	}
}

static void
ui_panel_stat(const struct ui *ui, const struct unit_setup *u,
    enum stat_id id, char *buf, size_t size)
{
	const struct unit_type	*t = &ui->s->catalog->units[u->type];
	int			 v = t->stats[id];

	if (v == STAT_NONE) {
		snprintf(buf, size, "-");
		return;
	}
	v = id == STAT_STR ? scenario_unit_strength(ui->s, u) :
	    v + u->boosts[id];
	/* RET, PSK and PST are bonuses to an opposed roll: signed. */
	snprintf(buf, size, id >= STAT_RET ? "%+d" : "%d", v);
}

static void
ui_panel_stats(const struct ui *ui, WINDOW *w, int y,
    const struct unit_setup *u)
{
	static const enum stat_id	 rows[3][3] = {
		{ STAT_TU, STAT_HTH, STAT_STR },
		{ STAT_ACC, STAT_MAC, STAT_TAC },
		{ STAT_RET, STAT_PSK, STAT_PST },
	};
	char				 v[3][16];
	const char			*labels[3], *values[3];
	int				 r, i;

	for (r = 0; r < 3; r++) {
		for (i = 0; i < 3; i++) {
			enum stat_id id = rows[r][i];

			ui_panel_stat(ui, u, id, v[i], sizeof v[i]);
			labels[i] = ui_panel_stat_labels[id];
			values[i] = v[i];
		}
		ui_panel_pairs(ui, w, y + r, 3, labels, values);
	}
}

/* Innate armour, boosts and worn armour added, per facing (RULINGS §3). */
static void
ui_panel_armour(const struct ui *ui, WINDOW *w, int y,
    const struct unit_setup *u)
{
	const struct catalog	*c = ui->s->catalog;
	const struct unit_type	*t = &c->units[u->type];
	char			 v[ARMOUR_COUNT][16];
	const char		*values[ARMOUR_COUNT];
	int			 f, x;

	for (f = 0; f < ARMOUR_COUNT; f++) {
		int a = t->armour[f] + u->armour_boosts[f];

		if (u->armour >= 0)
			a += c->items[u->armour].armour[f];
		snprintf(v[f], sizeof v[f], "%d", a);
		values[f] = v[f];
	}
	x = 1 + ui_term_text(ui, w, y, 1, getmaxx(w) - 1, UI_STYLE_LABEL,
	    "Armour");
	for (f = 0; f < ARMOUR_COUNT; f++) {
		x += ui_term_printf(ui, w, y, x, getmaxx(w) - x,
		    UI_STYLE_LABEL, " %s", ui_panel_facings[f]);
		x += ui_term_text(ui, w, y, x, getmaxx(w) - x,
		    UI_STYLE_NORMAL, values[f]);
	}
}

/*
 * Text after a label, wrapped at spaces over at most `lines` lines; the
 * last line ends in an ellipsis if it still does not fit.  Returns the
 * lines used.
 */
static int
ui_panel_wrap(const struct ui *ui, WINDOW *w, int y, const char *label,
    const char *text, int lines)
{
	int		 x = 8, width = getmaxx(w) - x, used = 0;
	const char	*p = text;

	ui_term_text(ui, w, y, 1, 6, UI_STYLE_LABEL, label);
	while (used < lines && *p != '\0') {
		size_t	len = strlen(p), cut = len;
		char	*line;

		if ((int)len > width && used + 1 < lines) {
			/* The last space that lets the line fit. */
			for (cut = (size_t)width; cut > 0 && p[cut] != ' ';
			    cut--)
				;
			if (cut == 0)
				cut = (size_t)width;
		}
		line = xstrndup(p, cut);
		ui_term_text(ui, w, y + used, x, width, UI_STYLE_NORMAL, line);
		free(line);
		used++;
		p += cut;
		while (*p == ' ')
			p++;
	}
	return used > 0 ? used : 1;
}

/* What an empty hand or slot shows. */
static const char *
ui_panel_none(const struct ui *ui)
{
	return ui->term.utf8 ? "\xe2\x80\x94" : "-";
}

static char *
ui_panel_hand(const struct ui *ui, const struct hand *h)
{
	const struct catalog	*c = ui->s->catalog;

	if (h->item < 0)
		return xstrdup(ui_panel_none(ui));
	if (h->ammo >= 0)
		return xasprintf("%s (%s)", c->items[h->item].name,
		    c->items[h->ammo].name);
	return xstrdup(c->items[h->item].name);
}

static void
ui_panel_kit(const struct ui *ui, WINDOW *w, int y, int last,
    const struct unit_setup *u)
{
	const struct catalog	*c = ui->s->catalog;
	const struct unit_type	*t = &c->units[u->type];
	struct strbuf		 belt;
	char			*s;
	size_t			 b;
	int			 i;
	bool			 carries = t->class == UNIT_SOLDIER;

	if (t->weapon >= 0 && y < last)
		ui_panel_wrap(ui, w, y++, "Weapon", c->items[t->weapon].name,
		    1);
	if (!carries && u->hands[HAND_RIGHT].item < 0 &&
	    u->hands[HAND_LEFT].item < 0 && u->nbelt == 0 && u->armour < 0)
		return;
	if (y < last)
		ui_panel_wrap(ui, w, y++, "Worn", u->armour >= 0 ?
		    c->items[u->armour].name : ui_panel_none(ui), 1);
	for (i = 0; i < HAND_COUNT && y < last; i++) {
		s = ui_panel_hand(ui, &u->hands[i]);
		ui_panel_wrap(ui, w, y++, i == HAND_RIGHT ? "Right" : "Left",
		    s, 1);
		free(s);
	}
	if (y >= last)
		return;
	strbuf_init(&belt);
	for (b = 0; b < u->nbelt; b++) {
		if (b > 0)
			strbuf_puts(&belt, ", ");
		strbuf_puts(&belt, c->items[u->belt[b]].name);
	}
	s = strbuf_steal(&belt);
	ui_panel_wrap(ui, w, y, "Belt", *s != '\0' ? s : ui_panel_none(ui),
	    last - y);
	free(s);
}

void
ui_panel_sheet(struct ui *ui)
{
	WINDOW			*w = ui->term.sheet;
	int			 width = getmaxx(w) - 1, last = getmaxy(w) - 1;
	const struct unit_setup	*u;
	const struct unit_type	*t;
	const char		*sep = ui_term_sep(ui);
	int			 x, y;
	bool			 flies;
	char			 kind[CATALOG_NAME_MAX + 32];

	werase(w);
	ui_term_rule(ui, w, 0, "Unit");
	if (ui->selected < 0) {
		ui_term_text(ui, w, 1, 1, width, UI_STYLE_DIM,
		    ui->s->nunits > 0 ? "None selected: Tab picks one" :
		    "This scenario has no units");
		return;
	}
	u = &ui->s->units[ui->selected];
	t = &ui->s->catalog->units[u->type];
	ui_term_cell(ui, w, 1, 1, ui_glyph_unit(ui, u),
	    u->kneeling ? A_UNDERLINE : A_NORMAL);
	ui_term_text(ui, w, 1, 3, width - 2, UI_STYLE_TITLE,
	    ui_panel_unit_name(ui, u));
	ui_panel_unit_kind(ui, u, kind, sizeof kind);
	ui_term_text(ui, w, 2, 1, width, UI_STYLE_NORMAL, kind);
	x = 1 + ui_term_printf(ui, w, 3, 1, width, UI_STYLE_NORMAL,
	    "%d,%d L%d%sfacing %s ", u->pos.x + 1, u->pos.y + 1,
	    u->pos.z + 1, sep, ui_panel_dir_name(u->facing));
	x += ui_term_text(ui, w, 3, x, width - x, UI_STYLE_FACING,
	    ui_glyph_arrow(ui, u->facing));
	if (u->kneeling)
		ui_term_printf(ui, w, 3, x, width - x, UI_STYLE_NORMAL,
		    "%skneeling", sep);
	ui_panel_stats(ui, w, 4, u);
	ui_panel_armour(ui, w, 7, u);
	y = 8;
	flies = t->flying || (u->armour >= 0 &&
	    ui->s->catalog->items[u->armour].flying);
	if (t->size > 1 || flies)
		ui_term_printf(ui, w, y++, 1, width, UI_STYLE_NORMAL, "%s%s%s",
		    t->size > 1 ? (ui->term.utf8 ? "Large (2\xc3\x97" "2)" :
		    "Large (2x2)") : "",
		    t->size > 1 && flies ? sep : "", flies ? "flies" : "");
	ui_panel_kit(ui, w, y, last, u);
	/* Load against strength matters to those who carry (§5.3). */
	if (t->class == UNIT_SOLDIER)
		ui_term_printf(ui, w, last, 1, width, UI_STYLE_DIM,
		    "Load %d/%d%s%d points", scenario_unit_weight(ui->s, u),
		    scenario_unit_strength(ui->s, u), sep,
		    scenario_unit_cost(ui->s, u));
	else if (scenario_unit_cost(ui->s, u) > 0)
		ui_term_printf(ui, w, last, 1, width, UI_STYLE_DIM,
		    "%d points", scenario_unit_cost(ui->s, u));
}

void
ui_panel_list(struct ui *ui)
{
	WINDOW	*w = ui->term.list;
	int	 rows = getmaxy(w) - 1, width = getmaxx(w), n, i, y;
	char	 title[32], where[24];

	n = (int)ui->s->nunits;
	if (ui->selected >= 0 && ui->selected < ui->list_top)
		ui->list_top = ui->selected;
	if (ui->selected >= ui->list_top + rows)
		ui->list_top = ui->selected - rows + 1;
	if (ui->list_top > n - rows)
		ui->list_top = n - rows;
	if (ui->list_top < 0)
		ui->list_top = 0;
	werase(w);
	snprintf(title, sizeof title, "Units %d", n);
	ui_term_rule(ui, w, 0, title);
	for (y = 1, i = ui->list_top; y <= rows && i < n; y++, i++) {
		const struct unit_setup *u = &ui->s->units[i];
		int wlen;

		wlen = snprintf(where, sizeof where, " %d,%d L%d",
		    u->pos.x + 1, u->pos.y + 1, u->pos.z + 1);
		ui_term_cell(ui, w, y, 1, ui_glyph_unit(ui, u),
		    u->kneeling ? A_UNDERLINE : A_NORMAL);
		ui_term_text(ui, w, y, 3, width - 4 - wlen, UI_STYLE_NORMAL,
		    ui_panel_unit_name(ui, u));
		ui_term_text(ui, w, y, width - 1 - wlen, wlen, UI_STYLE_DIM,
		    where);
		if (i == ui->selected) {
			int k;

			for (k = 0; k < width; k++)
				ui_term_highlight(w, y, k, A_REVERSE);
		}
	}
}

/* The unit shown at a line of the list window, or -1. */
int
ui_panel_list_unit(const struct ui *ui, int wy)
{
	int	i = ui->list_top + wy - 1;

	if (wy < 1 || i >= (int)ui->s->nunits)
		return -1;
	return i;
}

void
ui_panel_status(struct ui *ui)
{
	static const char *const	 hints[UI_MODE_COUNT] = {
		"Tab unit  x look  ? help  q quit",
		"look: move the cursor  Esc back",
		"help: j k scroll  Esc back",
	};
	WINDOW				*w = ui->term.status;
	int				 width = getmaxx(w), hlen;
	const char			*hint = hints[ui->mode];
	char				*s;

	werase(w);
	hlen = (int)strlen(hint);
	s = ui_look_summary(ui, ui->cursor);
	ui_term_text(ui, w, 0, 1, width - hlen - 4, UI_STYLE_NORMAL, s);
	free(s);
	ui_term_text(ui, w, 0, width - hlen - 1, hlen, UI_STYLE_DIM, hint);
}
