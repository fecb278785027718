/*
 * ui-panel.c - the side panel and the status line: the scenario's head, the
 * selected unit's sheet, the list of units, and one line about the square
 * under the cursor with the keys that matter now.
 *
 * Every window is drawn whole when it is dirty (werase, then text); curses
 * sends only the cells that really changed, so this stays cheap.  A unit's
 * numbers are read from the game as they stand (TUs, HTH and armour left);
 * the list shows only what the viewer may know (ui_act_visible).  Column 0
 * of each panel window is a margin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

static const char *const ui_panel_sides[SIDE_COUNT] = {
	"X-Com", "Alien", "Civilian"
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
ui_panel_unit_name(const struct ui *ui, const struct unit *u)
{
	if (u->name != NULL && u->name[0] != '\0')
		return u->name;
	if (u->id[0] != '\0')
		return u->id;
	return ui->s->catalog->units[u->type].name;
}

/* "Troop · X-Com": the type and the side, unless they say the same. */
void
ui_panel_unit_kind(const struct ui *ui, const struct unit *u, char *buf,
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
	long			 key;

	/*
	 * All it shows that changes in play: every command marks it, and
	 * few change it.
	 */
	key = (((long)game_round(ui->g) * SIDE_COUNT + ui->viewer) * 2 +
	    game_over(ui->g)) * 256 + ui->cursor.z;
	if (key == ui->head_key)
		return;
	ui->head_key = key;
	werase(w);
	x = 1 + ui_term_text(ui, w, 0, 1, width, UI_STYLE_TITLE,
	    s->name != NULL && *s->name != '\0' ? s->name : "Untitled");
	if (ui_preview_on(ui))
		ui_term_printf(ui, w, 0, x, width - x, UI_STYLE_LABEL,
		    "%spreview", sep);
	x = 1 + ui_term_text(ui, w, 1, 1, width, UI_STYLE_NORMAL,
	    mission_names[s->mission]);
	if (s->mission != MISSION_ASSAULT)
		x += ui_term_printf(ui, w, 1, x, width - x, UI_STYLE_NORMAL,
		    " (%s)", ui_panel_sides[s->mission_side]);
	x += ui_term_printf(ui, w, 1, x, width - x, UI_STYLE_NORMAL, "%s%s",
	    sep, s->night ? "night" : "day");
	/* Whose phase, and the round: the viewer's, or the game is over. */
	if (!game_over(ui->g))
		ui_term_printf(ui, w, 1, x, width - x, UI_STYLE_LABEL,
		    "%sR%d %s", sep, game_round(ui->g),
		    ui_act_side_name(ui->viewer));
	x = 1 + ui_term_printf(ui, w, 2, 1, width, UI_STYLE_NORMAL,
	    "tech %d%s", s->tech_level, sep);
	x += ui_term_printf(ui, w, 2, x, width - x, UI_STYLE_LABEL,
	    "level %d of %d", ui->cursor.z + 1, ui->map->levels);
	if (ui->map->levels > 1)
		ui_term_text(ui, w, 2, x, width - x, UI_STYLE_DIM, " < >");
}

/* Armour left per facing (it wears down as it absorbs damage). */
static void
ui_panel_armour(const struct ui *ui, WINDOW *w, int y, const struct unit *u)
{
	int	f, x;

	x = 1 + ui_term_text(ui, w, y, 1, getmaxx(w) - 1, UI_STYLE_LABEL,
	    "Armour");
	for (f = 0; f < ARMOUR_COUNT; f++) {
		x += ui_term_printf(ui, w, y, x, getmaxx(w) - x,
		    UI_STYLE_LABEL, " %s", ui_panel_facings[f]);
		x += ui_term_printf(ui, w, y, x, getmaxx(w) - x,
		    UI_STYLE_NORMAL, "%d", u->armour[f]);
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
ui_panel_hand(const struct ui *ui, const struct carried *h)
{
	const struct catalog	*c = ui->s->catalog;

	if (h->item < 0)
		return xstrdup(ui_panel_none(ui));
	/* The rounds left matter more than the clip's name. */
	if (h->ammo >= 0 && h->rounds != CLIP_UNLIMITED)
		return xasprintf("%s (%d left)", c->items[h->item].name,
		    h->rounds);
	if (h->ammo >= 0)
		return xasprintf("%s (%s)", c->items[h->item].name,
		    c->items[h->ammo].name);
	return xstrdup(c->items[h->item].name);
}

static void
ui_panel_kit(const struct ui *ui, WINDOW *w, int y, int last,
    const struct unit *u)
{
	const struct catalog	*c = ui->s->catalog;
	struct strbuf		 belt;
	char			*s;
	size_t			 b;
	int			 i;

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
		if (u->belt[b].item < 0)
			continue;
		if (belt.len > 0)
			strbuf_puts(&belt, ", ");
		strbuf_puts(&belt, c->items[u->belt[b].item].name);
	}
	s = strbuf_steal(&belt);
	ui_panel_wrap(ui, w, y, "Belt", *s != '\0' ? s : ui_panel_none(ui),
	    last - y);
	free(s);
}

/*
 * What the unit is about to do, in move and fire modes: the move's cost
 * and what it leaves, or the chance to hit and every term in it.  NULL in
 * other modes.
 */
static char *
ui_panel_intent(const struct ui *ui)
{
	const struct unit	*u;
	char			*s, *r;
	int			 snap;

	if (ui->selected < 0)
		return NULL;
	if ((s = ui_aim_intent(ui)) != NULL)
		return s;
	u = game_unit(ui->g, ui->selected);
	if (ui->mode == UI_MODE_MOVE && ui_deploy_on(ui))
		return xasprintf("Place at %d,%d (Enter)", ui->cursor.x + 1,
		    ui->cursor.y + 1);
	if (ui->mode == UI_MODE_MOVE) {
		/* Where it stands: the status line describes the square. */
		if (ui->cost < 0 && u->pos.x == ui->cursor.x &&
		    u->pos.y == ui->cursor.y && u->pos.z == ui->cursor.z)
			return NULL;
		if (ui->cost < 0)
			return xasprintf("Move to %d,%d: out of reach",
			    ui->cursor.x + 1, ui->cursor.y + 1);
		if (ui->cost > u->tu)
			return xasprintf("Move to %d,%d: %d TU, %d short "
			    "(! out of reach this phase)", ui->cursor.x + 1,
			    ui->cursor.y + 1, ui->cost, ui->cost - u->tu);
		snap = ui_act_snap_tu(ui, ui->selected);
		return xasprintf("Move to %d,%d: %d TU, %d left (%s)",
		    ui->cursor.x + 1, ui->cursor.y + 1, ui->cost,
		    u->tu - ui->cost, snap > 0 && u->tu - ui->cost >= snap ?
		    "* can still snap-fire" : "+ move only");
	}
	if (ui->mode == UI_MODE_FIRE && ui->target >= 0) {
		s = ui_act_chance(ui, ui->shot);
		r = xasprintf("%s at %s: %s", u->id,
		    game_unit(ui->g, ui->target)->id, s);
		free(s);
		return r;
	}
	return NULL;
}

/*
 * RULINGS 6.5: the unit's standing order for reaction fire (F sets it);
 * its own side's business alone.  The next row.
 */
static int
ui_panel_react(const struct ui *ui, WINDOW *w, int y, const struct unit *u)
{
	int	width = getmaxx(w) - 1, x;

	if (u->controller != ui->viewer && u->side != ui->viewer)
		return y;
	x = 1 + ui_term_text(ui, w, y, 1, width, UI_STYLE_LABEL, "React");
	if (u->react_min >= UNIT_REACT_NEVER)
		ui_term_text(ui, w, y, x, width - x, UI_STYLE_NORMAL,
		    "  never");
	else if (u->react_friends >= UNIT_REACT_NEVER)
		ui_term_printf(ui, w, y, x, width - x, UI_STYLE_NORMAL,
		    "  %d%%+%sfriends no", u->react_min, ui_term_sep(ui));
	else
		ui_term_printf(ui, w, y, x, width - x, UI_STYLE_NORMAL,
		    "  %d%%+%sfriends %d%%+", u->react_min, ui_term_sep(ui),
		    u->react_friends > u->react_min ? u->react_friends :
		    u->react_min);
	return y + 1;
}

/* A statistic as the rulebook prints it: '-' for one the unit lacks. */
const char *
ui_panel_stat(int v, char *buf, size_t size)
{
	if (v == STAT_NONE)
		return "-";
	snprintf(buf, size, "%d", v);
	return buf;
}

void
ui_panel_sheet(struct ui *ui)
{
	WINDOW			*w = ui->term.sheet;
	int			 width = getmaxx(w) - 1, last = getmaxy(w) - 1;
	const struct unit	*u;
	const char		*sep = ui_term_sep(ui);
	int			 x, y;
	char			 kind[CATALOG_NAME_MAX + 32], *s;
	char			 a[16], b[16], c[16];

	werase(w);
	ui_term_rule(ui, w, 0, "Unit");
	if (ui->selected < 0) {
		ui_term_text(ui, w, 1, 1, width, UI_STYLE_DIM,
		    game_nunits(ui->g) > 0 ? "None selected: Tab picks one" :
		    "This scenario has no units");
		return;
	}
	u = game_unit(ui->g, ui->selected);
	ui_term_cell(ui, w, 1, 1, ui_glyph_gunit(ui, u),
	    u->kneeling ? A_UNDERLINE : A_NORMAL);
	ui_term_text(ui, w, 1, 3, width - 2, UI_STYLE_TITLE,
	    ui_panel_unit_name(ui, u));
	ui_panel_unit_kind(ui, u, kind, sizeof kind);
	ui_term_text(ui, w, 2, 1, width, UI_STYLE_NORMAL, kind);
	/*
	 * The arrow in the text's own colour: the map's arrow beside the
	 * unit is the coloured one, and a colour here cost a step that turns
	 * the unit some 30 bytes of attribute changes around one character.
	 */
	x = 1 + ui_term_printf(ui, w, 3, 1, width, UI_STYLE_NORMAL,
	    "%d,%d L%d%sfacing %s %s", u->pos.x + 1, u->pos.y + 1,
	    u->pos.z + 1, sep, ui_panel_dir_name(u->facing),
	    ui_glyph_arrow(ui, u->facing));
	if (u->kneeling || u->prone)
		ui_term_printf(ui, w, 3, x, width - x, UI_STYLE_NORMAL,
		    "%s%s", sep, u->prone ? "prone" : "kneeling");
	x = 1 + ui_term_text(ui, w, 4, 1, width, UI_STYLE_LABEL, "TU");
	x += ui_term_printf(ui, w, 4, x, width - x, UI_STYLE_NORMAL,
	    " %d/%d  ", u->tu, u->stats[STAT_TU]);
	x += ui_term_text(ui, w, 4, x, width - x, UI_STYLE_LABEL, "HTH");
	x += ui_term_printf(ui, w, 4, x, width - x, UI_STYLE_NORMAL,
	    " %d/%d", u->stats[STAT_HTH] - u->damage, u->stats[STAT_HTH]);
	if (u->stun > 0)
		ui_term_printf(ui, w, 4, x, width - x, UI_STYLE_NORMAL,
		    " stun %d", u->stun);
	ui_term_printf(ui, w, 5, 1, width, UI_STYLE_NORMAL,
	    "ACC %s  MAC %s  TAC %s",
	    ui_panel_stat(u->stats[STAT_ACC], a, sizeof a),
	    ui_panel_stat(u->stats[STAT_MAC], b, sizeof b),
	    ui_panel_stat(u->stats[STAT_TAC], c, sizeof c));
	ui_panel_armour(ui, w, 6, u);
	y = ui_preview_sheet(ui, w, ui_panel_react(ui, w, 7, u), u);
	if (u->status != UNIT_ACTIVE || u->turn_over)
		ui_term_text(ui, w, y++, 1, width, UI_STYLE_WARN,
		    u->status != UNIT_ACTIVE ? unit_status_names[u->status] :
		    "turn over");
	/*
	 * Move mode: the path's legend at the foot and, above it, who could
	 * react on the way.  A walk's cost is the status line's alone:
	 * written here too it was sent twice for every square the cursor
	 * crossed, and cleared again after every step.  While units are
	 * placed the square stays here, under the status line's verdict.
	 */
	if (ui->mode == UI_MODE_MOVE) {
		int foot = ui_deploy_on(ui) ? last - 1 : last;

		s = ui_overlay_path_warning(ui);
		ui->foot_warned = s != NULL;
		ui_panel_kit(ui, w, y, s != NULL ? foot - 1 : foot, u);
		if (s != NULL)
			ui_term_text(ui, w, foot - 1, 1, width, UI_STYLE_WARN,
			    s);
		free(s);
		ui_aim_legend(ui, w, foot);
		if (foot < last && (s = ui_panel_intent(ui)) != NULL) {
			ui_term_text(ui, w, last, 1, width, UI_STYLE_KEY, s);
			free(s);
		}
	} else {
		ui_panel_kit(ui, w, y, last, u);
		if ((s = ui_panel_intent(ui)) != NULL) {
			ui_term_text(ui, w, last, 1, width, UI_STYLE_KEY, s);
			free(s);
		}
	}
}

/*
 * Move mode, the cursor moved: only the sheet's foot changes, who could react
 * on the way (and the square, while units are placed); the rest is drawn again
 * only when the warning's row comes or goes (the kit above it gives way).
 */
void
ui_panel_foot(struct ui *ui)
{
	WINDOW	*w = ui->term.sheet;
	int	 width = getmaxx(w) - 1, last = getmaxy(w) - 1;
	char	*s, *intent;

	if (ui->mode != UI_MODE_MOVE || ui->selected < 0) {
		ui_panel_sheet(ui);
		return;
	}
	s = ui_overlay_path_warning(ui);
	if ((s != NULL) != ui->foot_warned) {
		free(s);
		ui_panel_sheet(ui);
		return;
	}
	if (ui_deploy_on(ui)) {
		last--;
		wmove(w, last + 1, 0);
		wclrtoeol(w);
		if ((intent = ui_panel_intent(ui)) != NULL) {
			ui_term_text(ui, w, last + 1, 1, width, UI_STYLE_KEY,
			    intent);
			free(intent);
		}
	}
	if (s != NULL) {
		wmove(w, last - 1, 0);
		wclrtoeol(w);
		ui_term_text(ui, w, last - 1, 1, width, UI_STYLE_WARN, s);
		free(s);
	}
}

/* The units the list shows: the viewer's, and enemies in sight. */
static int
ui_panel_listed(const struct ui *ui, int *v)
{
	int	n = 0, i;

	for (i = 0; i < (int)game_nunits(ui->g); i++)
		if (ui_act_visible(ui, i) &&
		    game_unit(ui->g, i)->status != UNIT_DEAD)
			v[n++] = i;
	return n;
}

void
ui_panel_list(struct ui *ui)
{
	WINDOW	*w = ui->term.list;
	int	 first = 1 + ui_preview_sides(ui, NULL, 1);
	int	 rows = getmaxy(w) - first, width = getmaxx(w), n, i, y;
	int	*v = xcalloc(game_nunits(ui->g) + 1, sizeof *v), sel = -1;
	char	 title[32], where[24];

	n = ui_panel_listed(ui, v);
	for (i = 0; i < n; i++)
		if (v[i] == ui->selected)
			sel = i;
	if (sel >= 0 && sel < ui->list_top)
		ui->list_top = sel;
	if (sel >= ui->list_top + rows)
		ui->list_top = sel - rows + 1;
	if (ui->list_top > n - rows)
		ui->list_top = n - rows;
	if (ui->list_top < 0)
		ui->list_top = 0;
	werase(w);
	snprintf(title, sizeof title, "Units %d", n);
	ui_term_rule(ui, w, 0, title);
	ui_preview_sides(ui, w, 1);
	for (y = first, i = ui->list_top; y < first + rows && i < n;
	    y++, i++) {
		const struct unit *u = game_unit(ui->g, v[i]);
		int wlen;

		/* The game master sees every unit's TUs. */
		if (ui_act_mine(ui, v[i]) || ui_preview_on(ui))
			wlen = snprintf(where, sizeof where, " %dTU %d,%d L%d",
			    u->tu, u->pos.x + 1, u->pos.y + 1, u->pos.z + 1);
		else
			wlen = snprintf(where, sizeof where, " %d,%d L%d",
			    u->pos.x + 1, u->pos.y + 1, u->pos.z + 1);
		ui_term_cell(ui, w, y, 1, ui_glyph_gunit(ui, u),
		    u->kneeling ? A_UNDERLINE : A_NORMAL);
		ui_term_text(ui, w, y, 3, width - 4 - wlen, UI_STYLE_NORMAL,
		    u->name);
		ui_term_text(ui, w, y, width - 1 - wlen, wlen, UI_STYLE_DIM,
		    where);
		if (v[i] == ui->selected) {
			int k;

			for (k = 0; k < width; k++)
				ui_term_highlight(w, y, k, A_REVERSE);
		}
	}
	free(v);
}

/* The unit shown at a line of the list window, or -1. */
int
ui_panel_list_unit(const struct ui *ui, int wy)
{
	int	*v = xcalloc(game_nunits(ui->g) + 1, sizeof *v);
	int	 first = 1 + ui_preview_sides(ui, NULL, 1);
	int	 n = ui_panel_listed(ui, v), i = ui->list_top + wy - first, r;

	r = wy < first || i >= n ? -1 : v[i];
	free(v);
	return r;
}

void
ui_panel_status(struct ui *ui)
{
	static const char *const	 hints[UI_MODE_COUNT] = {
		"m move f fire c kneel r reload e end ^P log ? help",
		"look: move the cursor  Esc back",
		"help: j k scroll  Esc back",
		"Enter go  Esc back",
		"Tab aim  s a t mode  w hand  v via  Enter",
		"log: j k scroll  Esc back",
		"End the phase with TU left? y/n",
		"",
		"q quit",
		"Enter throw  w hand  p prime  Esc back",
		"0-5 timer  w hand  Esc back",
		"Tab target  w hand  Enter strike",
		"Tab target  1 2 3 kind  Enter",
		"Tab unit  1-5 treat  Enter",
		"s swap g get d drop r R reload u p",
		"Tab body  Enter lift or lay  Esc back",
	};
	WINDOW				*w = ui->term.status;
	int				 width = getmaxx(w), hlen;
	const char			*hint = hints[ui->mode];
	char				*s, *legend = NULL, *at;

	werase(w);
	/* An overlay's legend takes the place of the hints (? lists keys). */
	if (ui->mode == UI_MODE_MAP || ui->mode == UI_MODE_LOOK) {
		if ((legend = ui_overlay_legend(ui)) != NULL)
			hint = legend;
		else if (ui->mode == UI_MODE_MAP && ui_preview_on(ui))
			hint = "m move f fire v sight g reach w threat ? help";
	}
	/* Columns, not bytes: a legend holds the hatch glyph. */
	if ((hlen = (int)mbstowcs(NULL, hint, 0)) < 0)
		hlen = (int)strlen(hint);
	if (ui->message != NULL) {
		ui_term_text(ui, w, 0, 1, width - hlen - 4, UI_STYLE_WARN,
		    ui->message);
		ui_term_text(ui, w, 0, width - hlen - 1, hlen, UI_STYLE_DIM,
		    hint);
		free(legend);
		return;
	}
	if ((s = ui_panel_intent(ui)) != NULL && ui->mode == UI_MODE_MOVE &&
	    (at = ui_overlay_path_warning(ui)) != NULL) {
		char *t = xasprintf("%s%s%s", s, ui_term_sep(ui), at);

		free(s);
		free(at);
		s = t;
	}
	if (s != NULL && ui->mode == UI_MODE_MOVE && !ui_deploy_on(ui)) {
		/*
		 * The square the path ends on, then the way's cost: after the
		 * step the line keeps the square and only the cost goes
		 * (rewriting the whole line was most of a step's bytes).
		 * The square's last parts give way to the cost, all of them
		 * if need be.
		 */
		char		*sq = ui_look_summary(ui, ui->cursor,
				    ui->selected), *t, *cut;
		const char	*sep = ui_term_sep(ui);
		int		 n;

		for (;;) {
			t = xasprintf("%s%s%s", sq, sep, s);
			n = (int)mbstowcs(NULL, t, 0);
			if (n >= 0 && n <= width - hlen - 4) {
				free(s);
				s = t;
				break;
			}
			free(t);
			if ((cut = strstr(sq, sep)) == NULL)
				break;
			while (strstr(cut + 1, sep) != NULL)
				cut = strstr(cut + 1, sep);
			*cut = '\0';
		}
		free(sq);
	}
	if (s == NULL) {
		/*
		 * Move mode, the cursor on the unit after a step: the sheet
		 * names it, so the line gives the square alone (a step sent
		 * the name again each time).
		 */
		s = ui_look_summary(ui, ui->cursor, ui->mode == UI_MODE_MOVE ?
		    ui->selected : -1);
		if ((at = ui_overlay_at(ui, ui->cursor)) != NULL) {
			/* Right after the square's position: it may be long. */
			int len = snprintf(NULL, 0, "%d,%d L%d",
			    ui->cursor.x + 1, ui->cursor.y + 1,
			    ui->cursor.z + 1);
			char *t = xasprintf("%.*s%s%s%s", len, s,
			    ui_term_sep(ui), at, s + len);

			free(s);
			free(at);
			s = t;
		}
	}
	ui_term_text(ui, w, 0, 1, width - hlen - 4, UI_STYLE_NORMAL, s);
	free(s);
	ui_term_text(ui, w, 0, width - hlen - 1, hlen, UI_STYLE_DIM, hint);
	free(legend);
}
