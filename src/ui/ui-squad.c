/*
 * ui-squad.c - the squad builder of `xtac squad --edit FILE` (xtac(6)): a
 * point-buy of one side's units (§3.1.2) in the terminal.  The units are
 * listed on the left with their cost; the chosen unit's type, name,
 * armour, hands, belt and boosts on the right, each changed with the
 * arrow keys; the squad's points against its budget always on the top
 * line.
 *
 * The builder judges nothing itself: after every change the squad is
 * written as its file would be (squad_format, one unit a line) and read
 * back by squad_parse, the reader of `xtac squad --check` and `--squad`,
 * so what it says is wrong is exactly what they would refuse, worded as
 * they word it, and shown beside the unit it is about.  Only a squad with
 * no problems is saved, so every file it writes is one --squad reads.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui-squad.h"
#include "xtac/file.h"
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/util.h"

static const char *const ui_squad_labels[UI_SQUAD_BOOST] = {
	"type", "name", "armour", "right", "  ammo", "left", "  ammo", "belt"
};

#define UI_SQUAD_LIST_W	30	/* the unit list's columns */
#define UI_SQUAD_TOP	2	/* its first row */
#define UI_SQUAD_ROWS	15	/* units shown at once */
#define UI_SQUAD_BOOSTS	11	/* the sheet's first row of boosts */
#define UI_SQUAD_PROBLEMS 18	/* the problems' first row */

/* --- the check ---------------------------------------------------------- */

static void
ui_squad_check(struct ui_squad *us)
{
	struct squad	 back;
	char		*text;
	size_t		 len;

	text = squad_format(us->cat, us->sq, &us->first);
	len = strlen(text);
	diags_free(&us->d);
	diags_init(&us->d, us->path, text, len);
	squad_parse(text, len, us->cat, NULL, &back, &us->d);
	squad_free(&back);
	free(text);
}

/* The unit a problem is about, or -1 for the squad as a whole. */
static long
ui_squad_problem_unit(const struct ui_squad *us, size_t i)
{
	int	line = us->d.v[i].line;

	if (line <= 0 || (size_t)line < us->first ||
	    (size_t)line - us->first >= us->sq->nunits)
		return -1;
	return (long)((size_t)line - us->first);
}

static size_t
ui_squad_problems_of(const struct ui_squad *us, long unit)
{
	size_t	i, n = 0;

	for (i = 0; i < us->d.n; i++)
		if (us->d.v[i].level == DIAG_ERROR &&
		    ui_squad_problem_unit(us, i) == unit)
			n++;
	return n;
}

/* --- the screen --------------------------------------------------------- */

static const char *
ui_squad_item(const struct ui_squad *us, int item)
{
	return item < 0 ? "-" : us->cat->items[item].id;
}

static int
ui_squad_item_cost(const struct ui_squad *us, int item)
{
	return item < 0 ? 0 : us->cat->items[item].cost;
}

static void
ui_squad_draw_top(struct ui_squad *us)
{
	struct ui	*ui = us->ui;
	struct squad	*sq = us->sq;
	int		 points = squad_points(us->cat, sq);
	char		 buf[256];

	snprintf(buf, sizeof buf, "Squad: %s", sq->name != NULL ? sq->name :
	    "(no name)");
	ui_term_text(ui, stdscr, 0, 0, 30, UI_STYLE_TITLE, buf);
	if (sq->budget > 0)
		snprintf(buf, sizeof buf, "%s%stech %d%s%d of %d "
		    "points%s%d left", side_names[sq->side], ui_term_sep(ui),
		    sq->tech_level, ui_term_sep(ui), points, sq->budget,
		    ui_term_sep(ui), sq->budget - points);
	else
		snprintf(buf, sizeof buf, "%s%stech %d%s%d points, no "
		    "budget", side_names[sq->side], ui_term_sep(ui),
		    sq->tech_level, ui_term_sep(ui), points);
	ui_term_text(ui, stdscr, 0, 31, COLS - 31, sq->budget > 0 &&
	    points > sq->budget ? UI_STYLE_WARN : UI_STYLE_NORMAL, buf);
	ui_term_rule(ui, stdscr, 1, NULL);
}

static void
ui_squad_draw_list(struct ui_squad *us)
{
	struct ui		*ui = us->ui;
	const struct unit_setup	*u;
	size_t			 i;
	char			 buf[128];
	int			 y;

	if (us->sel < us->top)
		us->top = us->sel;
	if (us->sel >= us->top + UI_SQUAD_ROWS)
		us->top = us->sel - UI_SQUAD_ROWS + 1;
	if (us->sq->nunits == 0)
		ui_term_text(ui, stdscr, UI_SQUAD_TOP, 1, UI_SQUAD_LIST_W - 1,
		    UI_STYLE_DIM, "no units: a adds one");
	for (i = us->top, y = UI_SQUAD_TOP; i < us->sq->nunits &&
	    y < UI_SQUAD_TOP + UI_SQUAD_ROWS; i++, y++) {
		u = &us->sq->units[i];
		snprintf(buf, sizeof buf, "%c %-10.10s %-10.10s %4d %s",
		    i == us->sel ? '>' : ' ', u->id, us->cat->units[u->type].id,
		    squad_unit_price(us->cat, u, NULL),
		    ui_squad_problems_of(us, (long)i) > 0 ? "!" : "");
		ui_term_text(ui, stdscr, y, 0, UI_SQUAD_LIST_W, i == us->sel &&
		    !us->on_sheet ? UI_STYLE_KEY : i == us->sel ?
		    UI_STYLE_TITLE : UI_STYLE_NORMAL, buf);
	}
	if (us->sq->nunits > UI_SQUAD_ROWS) {
		snprintf(buf, sizeof buf, "%zu-%zu of %zu", us->top + 1,
		    us->top + (size_t)(y - UI_SQUAD_TOP), us->sq->nunits);
		ui_term_text(ui, stdscr, UI_SQUAD_TOP + UI_SQUAD_ROWS, 2,
		    UI_SQUAD_LIST_W - 2, UI_STYLE_DIM, buf);
	}
}

/* One row of the sheet: label, value, points; the row chosen marked. */
static void
ui_squad_row(struct ui_squad *us, int field, int y, int x, int w,
    const char *label, const char *value, int cost)
{
	struct ui	*ui = us->ui;
	bool		 at = us->on_sheet && us->field == field;
	char		 pts[16] = "";

	ui_term_text(ui, stdscr, y, x, 1, UI_STYLE_KEY, at ? ">" : " ");
	ui_term_text(ui, stdscr, y, x + 1, 7, UI_STYLE_LABEL, label);
	if (cost != 0)
		snprintf(pts, sizeof pts, "%d", cost);
	ui_term_text(ui, stdscr, y, x + 8, w - 13, at ? UI_STYLE_KEY :
	    UI_STYLE_NORMAL, value);
	ui_term_text(ui, stdscr, y, x + w - 4, 4, UI_STYLE_DIM, pts);
}

/* A veteran's bonus (§3.1.2): left to spend, and where it went. */
static void
ui_squad_bonus_line(const struct unit_setup *u, char *buf, size_t size)
{
	const char	*sep = ";";
	int		 k;

	snprintf(buf, size, "bonus: %d to spend", u->points);
	for (k = 0; k < STAT_COUNT + ARMOUR_COUNT; k++) {
		if (u->bonus[k] == 0)
			continue;
		snprintf(buf + strlen(buf), size - strlen(buf), "%s %s +%d",
		    sep, k < STAT_COUNT ? stat_names[k] :
		    armour_facing_names[k - STAT_COUNT], u->bonus[k]);
		sep = ",";
	}
	if (u->points > 0 && strlen(buf) + 12 < size)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s",
		    " (> on a row)");
}

static void
ui_squad_draw_sheet(struct ui_squad *us)
{
	const struct unit_setup	*u;
	const struct unit_type	*t;
	const struct hand	*h;
	struct squad_price	 p;
	char			 buf[256], lab[16];
	int			 x = UI_SQUAD_LIST_W + 2, w = COLS - x, k, y;
	int			 rate, v, cost;
	size_t			 b;

	if (us->sq->nunits == 0)
		return;
	u = &us->sq->units[us->sel];
	t = &us->cat->units[u->type];
	squad_unit_price(us->cat, u, &p);
	/* A row's line is UI_SQUAD_TOP + its field, boosts apart. */
	ui_squad_row(us, UI_SQUAD_TYPE, UI_SQUAD_TOP, x, w, "type", t->id,
	    p.unit);
	ui_squad_row(us, UI_SQUAD_NAME, UI_SQUAD_TOP + UI_SQUAD_NAME, x, w,
	    "name", u->name[0] != '\0' ? u->name : "(none: n names)", 0);
	ui_squad_row(us, UI_SQUAD_ARMOUR, UI_SQUAD_TOP + UI_SQUAD_ARMOUR, x,
	    w, "armour", ui_squad_item(us, u->armour),
	    ui_squad_item_cost(us, u->armour));
	for (k = 0; k < HAND_COUNT; k++) {
		h = &u->hands[k];
		cost = ui_squad_item_cost(us, h->item);
		ui_squad_row(us, UI_SQUAD_RIGHT + 2 * k,
		    UI_SQUAD_TOP + UI_SQUAD_RIGHT + 2 * k, x, w,
		    ui_squad_labels[UI_SQUAD_RIGHT + 2 * k],
		    ui_squad_item(us, h->item), cost);
		/* §3.5: a small arm's first clip is in its price. */
		cost = h->item >= 0 && us->cat->items[h->item].weapon_kind !=
		    WEAPON_SMALL_ARM ? ui_squad_item_cost(us, h->ammo) : 0;
		ui_squad_row(us, UI_SQUAD_RIGHT_AMMO + 2 * k,
		    UI_SQUAD_TOP + UI_SQUAD_RIGHT_AMMO + 2 * k, x, w,
		    ui_squad_labels[UI_SQUAD_RIGHT_AMMO + 2 * k],
		    ui_squad_item(us, h->ammo), cost);
	}
	buf[0] = '\0';
	cost = 0;
	for (b = 0; b < u->nbelt; b++) {
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
		    b > 0 ? ", " : "", ui_squad_item(us, u->belt[b]));
		cost += ui_squad_item_cost(us, u->belt[b]);
	}
	ui_squad_row(us, UI_SQUAD_BELT, UI_SQUAD_TOP + UI_SQUAD_BELT, x, w,
	    "belt", b > 0 ? buf : "-", cost);
	snprintf(buf, sizeof buf, "Enter puts on %s (%d); x takes the last "
	    "off", ui_squad_item(us, us->belt_pick),
	    ui_squad_item_cost(us, us->belt_pick));
	if (!(us->on_sheet && us->field == UI_SQUAD_BELT) && u->games > 0)
		ui_squad_bonus_line(u, buf, sizeof buf);
	ui_term_text(us->ui, stdscr, UI_SQUAD_BOOSTS - 1, x + 8, w - 8,
	    u->games > 0 ? UI_STYLE_NORMAL : UI_STYLE_DIM,
	    (us->on_sheet && us->field == UI_SQUAD_BELT) || u->games > 0 ?
	    buf : "boosts: +1 a point, +20 at most (\xc2\xa7" "3.1.2)");
	/* The boosts, two a row: value, and the points at the unit's rate. */
	for (k = 0; k < STAT_COUNT + ARMOUR_COUNT; k++) {
		y = UI_SQUAD_BOOSTS + k / 2;
		rate = squad_boost_rate(t, k);
		v = k < STAT_COUNT ? u->boosts[k] :
		    u->armour_boosts[k - STAT_COUNT];
		snprintf(lab, sizeof lab, "%s", k < STAT_COUNT ?
		    stat_names[k] : armour_facing_names[k - STAT_COUNT]);
		if (k < STAT_COUNT && t->stats[k] == STAT_NONE)
			snprintf(buf, sizeof buf, "-");
		else
			snprintf(buf, sizeof buf, "%3d +%-2d x%d",
			    k < STAT_COUNT ? t->stats[k] :
			    t->armour[k - STAT_COUNT], v, rate);
		ui_squad_row(us, UI_SQUAD_BOOST + k, y, x + (k % 2) * (w / 2),
		    w / 2, lab, buf, v * rate);
	}
}

static void
ui_squad_draw_problems(struct ui_squad *us)
{
	struct ui	*ui = us->ui;
	long		 unit = us->sq->nunits > 0 ? (long)us->sel : -1;
	size_t		 i, shown = 0, all = 0;
	int		 y = UI_SQUAD_PROBLEMS + 1;
	char		 title[128], *line;

	for (i = 0; i < us->d.n; i++)
		all += us->d.v[i].level == DIAG_ERROR;
	if (all == 0)
		snprintf(title, sizeof title, "%s", "valid: s saves");
	else
		snprintf(title, sizeof title, "%zu problem%s: not saved until "
		    "none", all, all == 1 ? "" : "s");
	ui_term_rule(ui, stdscr, UI_SQUAD_PROBLEMS, title);
	/* The chosen unit's, then the squad's own, then the rest. */
	for (i = 0; i < us->d.n && y < LINES - 2; i++) {
		long of = ui_squad_problem_unit(us, i);

		if (us->d.v[i].level != DIAG_ERROR || (of != unit && of != -1))
			continue;
		line = of < 0 ? xstrdup(us->d.v[i].msg) : xasprintf("%s: %s",
		    us->sq->units[of].id, us->d.v[i].msg);
		y += ui_term_wrapped(ui, stdscr, y, 1, COLS - 2,
		    UI_STYLE_WARN, line, 0, LINES - 2 - y);
		free(line);
		shown++;
	}
	if (all > shown && y < LINES - 2) {
		snprintf(title, sizeof title, "and %zu on other units (marked "
		    "!)", all - shown);
		ui_term_text(ui, stdscr, y, 1, COLS - 2, UI_STYLE_DIM, title);
	}
}

static const char *const ui_squad_help[] = {
	"The squad builder (\xc2\xa7" "3.1.2): buy units, arm them and "
	"boost them",
	"within the budget and the technology level.",
	"",
	"Up Down      choose a unit, or a row of its sheet",
	"Tab Enter    from the list to the sheet; Tab back",
	"Left Right   change the row: type, armour, hands, ammo, belt item",
	"- +          the same; on a boost, one point less or more",
	"< >          on a boost: a veteran's bonus point back or spent",
	"Enter        on the belt: put the item shown on it",
	"x            on the belt: take the last item off",
	"a  c  d      add a unit, copy the chosen one, delete it",
	"n  N         name the unit, name the squad",
	"t  b  X      technology level, budget, the other side",
	"s            save (only a squad with no problems)",
	"q            quit (twice when there are unsaved changes)",
	"?            this help; any key closes it",
	"mouse        a click picks a unit or a row; a second click on the",
	"             row changes it; the wheel moves up and down",
	"",
	"Problems are those xtac squad --check finds, worded as it words",
	"them, under the unit they are on.",
};

static void
ui_squad_draw(struct ui_squad *us)
{
	struct ui	*ui = us->ui;
	size_t		 i;

	erase();
	if (COLS < 80 || LINES < 24) {
		ui_term_text(ui, stdscr, 0, 0, COLS, UI_STYLE_WARN, "The "
		    "squad builder needs 80x24; q quits");
		refresh();
		return;
	}
	if (us->help) {
		for (i = 0; i < XTAC_NITEMS(ui_squad_help); i++)
			ui_term_text(ui, stdscr, (int)i + 1, 2, COLS - 4,
			    i == 0 ? UI_STYLE_TITLE : UI_STYLE_NORMAL,
			    ui_squad_help[i]);
		refresh();
		return;
	}
	ui_squad_draw_top(us);
	ui_squad_draw_list(us);
	ui_squad_draw_sheet(us);
	ui_squad_draw_problems(us);
	ui_term_text(ui, stdscr, LINES - 1, 0, COLS, us->status[0] != '\0' ?
	    UI_STYLE_KEY : UI_STYLE_DIM, us->status[0] != '\0' ? us->status :
	    "arrows choose and change  a add  d delete  s save  q quit  "
	    "? help");
	refresh();
}

/* --- keys --------------------------------------------------------------- */

/*
 * A line typed on the status line: Enter takes it, Esc leaves buf as it
 * was.  False when cancelled or the session must end.
 */
static bool
ui_squad_prompt(struct ui_squad *us, const char *what, char *buf,
    size_t size)
{
	char	line[128];
	size_t	len;
	int	key;

	snprintf(line, sizeof line, "%s", buf);
	for (;;) {
		len = strlen(line);
		snprintf(us->status, sizeof us->status, "%s: %s_  (Enter "
		    "takes it, Esc leaves it)", what, line);
		ui_squad_draw(us);
		key = getch();
		if (ui_term_signalled() != 0 || (key == ERR &&
		    ui_term_hungup()))
			return false;
		if (key == ERR)
			continue;
		if (key == '\033') {
			ui_term_drain();
			us->status[0] = '\0';
			return false;
		}
		if (key == '\r' || key == '\n' || key == KEY_ENTER)
			break;
		if (key == KEY_BACKSPACE || key == 127 || key == '\b') {
			/* A whole UTF-8 character. */
			while (len > 0 && ((unsigned char)line[len - 1] &
			    0xc0) == 0x80)
				len--;
			if (len > 0)
				len--;
			line[len] = '\0';
		} else if (key >= 0x20 && key < 0x100 && key != 127 &&
		    len + 1 < sizeof line && len + 1 < size) {
			line[len] = (char)key;
			line[len + 1] = '\0';
		}
	}
	us->status[0] = '\0';
	snprintf(buf, size, "%s", line);
	return true;
}

static void
ui_squad_save(struct ui_squad *us)
{
	size_t	 i, n = 0;
	char	*text, *cause = NULL;

	for (i = 0; i < us->d.n; i++)
		n += us->d.v[i].level == DIAG_ERROR;
	if (n > 0) {
		snprintf(us->status, sizeof us->status, "not saved: %zu "
		    "problem%s to mend first", n, n == 1 ? "" : "s");
		return;
	}
	text = squad_format(us->cat, us->sq, NULL);
	if (file_write(us->path, text, strlen(text), &cause) != 0) {
		snprintf(us->status, sizeof us->status, "not saved: %s",
		    cause);
		free(cause);
	} else {
		snprintf(us->status, sizeof us->status, "saved to %s: %d "
		    "points", us->path, squad_points(us->cat, us->sq));
		us->changed = false;
	}
	free(text);
}

static void
ui_squad_move(struct ui_squad *us, int dir)
{
	if (us->on_sheet) {
		us->field = (us->field + dir + UI_SQUAD_FIELDS) %
		    UI_SQUAD_FIELDS;
		return;
	}
	if (dir < 0 && us->sel > 0)
		us->sel--;
	else if (dir > 0 && us->sel + 1 < us->sq->nunits)
		us->sel++;
}

/*
 * The mouse: a click picks a unit in the list or a row of the sheet, and
 * a second click on the row picked changes it as Right does; the wheel
 * moves as Up and Down.
 */
static void
ui_squad_mouse(struct ui_squad *us)
{
	MEVENT	ev;
	int	x0 = UI_SQUAD_LIST_W + 2, half = (COLS - x0) / 2, field;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		ui_squad_move(us, (ev.bstate & BUTTON4_PRESSED) ? -1 : 1);
		return;
	}
	if ((ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) == 0)
		return;
	if (ev.x < UI_SQUAD_LIST_W && ev.y >= UI_SQUAD_TOP &&
	    ev.y < UI_SQUAD_TOP + UI_SQUAD_ROWS) {
		if (us->top + (size_t)(ev.y - UI_SQUAD_TOP) < us->sq->nunits) {
			us->sel = us->top + (size_t)(ev.y - UI_SQUAD_TOP);
			us->on_sheet = false;
		}
		return;
	}
	if (ev.x < x0 || us->sq->nunits == 0)
		return;
	/* The rows as ui_squad_draw_sheet lays them out. */
	if (ev.y >= UI_SQUAD_TOP && ev.y < UI_SQUAD_TOP + UI_SQUAD_BOOST)
		field = UI_SQUAD_TYPE + ev.y - UI_SQUAD_TOP;
	else if (ev.y >= UI_SQUAD_BOOSTS)
		field = UI_SQUAD_BOOST + (ev.y - UI_SQUAD_BOOSTS) * 2 +
		    (ev.x - x0 >= half);
	else
		return;
	if (field >= UI_SQUAD_FIELDS)
		return;
	if (us->on_sheet && us->field == field)
		ui_squad_change(us, 1);
	us->on_sheet = true;
	us->field = field;
}

static void
ui_squad_key(struct ui_squad *us, int key)
{
	struct squad	*sq = us->sq;
	char		 buf[SCENARIO_ID_MAX * 2];
	bool		 quitting = us->quitting;
	size_t		 i;

	us->status[0] = '\0';
	us->quitting = false;
	if (us->help) {
		us->help = false;
		return;
	}
	switch (key) {
	case KEY_MOUSE:
		ui_squad_mouse(us);
		return;
	case 'q':
		if (us->changed && !quitting) {
			snprintf(us->status, sizeof us->status, "%s", "unsaved "
			    "changes: q again quits without them, s saves");
			us->quitting = true;
		} else
			us->quit = true;
		return;
	case '?':
		us->help = true;
		return;
	case KEY_UP:
	case 'k':
		ui_squad_move(us, -1);
		return;
	case KEY_DOWN:
	case 'j':
		ui_squad_move(us, 1);
		return;
	case '\t':
		us->on_sheet = !us->on_sheet && sq->nunits > 0;
		return;
	case KEY_LEFT:
	case 'h':
	case '-':
		if (us->on_sheet)
			ui_squad_change(us, -1);
		return;
	case KEY_RIGHT:
	case 'l':
	case '+':
		if (us->on_sheet)
			ui_squad_change(us, 1);
		else
			us->on_sheet = sq->nunits > 0;
		return;
	case '\r':
	case '\n':
	case KEY_ENTER:
		if (us->on_sheet && us->field == UI_SQUAD_BELT)
			ui_squad_belt(us, true);
		else
			us->on_sheet = sq->nunits > 0;
		return;
	case '>':
	case '<':
		ui_squad_bonus(us, key == '>' ? 1 : -1);
		return;
	case 'x':
	case KEY_BACKSPACE:
	case KEY_DC:
		if (us->on_sheet && us->field == UI_SQUAD_BELT)
			ui_squad_belt(us, false);
		return;
	case 'a':
		ui_squad_add(us, NULL);
		return;
	case 'c':
		if (sq->nunits > 0)
			ui_squad_add(us, &sq->units[us->sel]);
		return;
	case 'd':
		ui_squad_delete(us);
		if (sq->nunits == 0)
			us->on_sheet = false;
		return;
	case 'n':
		if (sq->nunits == 0)
			return;
		snprintf(buf, sizeof buf, "%s", sq->units[us->sel].name);
		if (ui_squad_prompt(us, "The unit's name", buf, sizeof buf)) {
			snprintf(sq->units[us->sel].name,
			    sizeof sq->units[us->sel].name, "%s", buf);
			us->changed = true;
		}
		return;
	case 'N':
		snprintf(buf, sizeof buf, "%s", sq->name != NULL ? sq->name :
		    "");
		if (ui_squad_prompt(us, "The squad's name", buf, sizeof buf)) {
			free(sq->name);
			sq->name = buf[0] != '\0' ? xstrdup(buf) : NULL;
			us->changed = true;
		}
		return;
	case 't':
		sq->tech_level = sq->tech_level % 4 + 1;
		us->changed = true;
		return;
	case 'b':
		snprintf(buf, sizeof buf, "%d", sq->budget);
		if (ui_squad_prompt(us, "The budget in points (0: none)", buf,
		    8)) {
			char	*end;
			long	 v = strtol(buf, &end, 10);

			if (*end != '\0' || end == buf || v < 0 || v > 100000)
				snprintf(us->status, sizeof us->status, "a "
				    "budget is 0 to 100000 points, not '%s'",
				    buf);
			else {
				sq->budget = (int)v;
				us->changed = true;
			}
		}
		return;
	case 'X':
		/* The units stay, refused as the other side's until mended. */
		sq->side = sq->side == SIDE_XCOM ? SIDE_ALIEN : SIDE_XCOM;
		for (i = 0; i < sq->nunits; i++)
			sq->units[i].side = sq->side;
		us->changed = true;
		return;
	case 's':
		ui_squad_save(us);
		return;
	}
}

int
ui_squad_edit(const struct catalog *cat, const char *path, struct squad *sq)
{
	struct ui_squad	 us;
	int		 key, sig, status = UI_QUIT;

	setlocale(LC_ALL, "");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "xtac: squad --edit needs a terminal on stdin "
		    "and stdout\n");
		return UI_TROUBLE;
	}
	memset(&us, 0, sizeof us);
	us.ui = xcalloc(1, sizeof *us.ui);
	us.cat = cat;
	us.sq = sq;
	us.path = path;
	us.belt_pick = ui_squad_next_item(&us, UI_SQUAD_BELT, -1, 1);
	diags_init(&us.d, path, NULL, 0);
	if (!ui_term_open(us.ui)) {
		diags_free(&us.d);
		free(us.ui);
		return UI_TROUBLE;
	}
	while (!us.quit) {
		ui_squad_check(&us);
		ui_squad_draw(&us);
		key = getch();
		if ((sig = ui_term_signalled()) != 0) {
			status = UI_SIGNALLED + sig;
			break;
		}
		if (key == '\033')
			ui_term_drain();
		else if (key != ERR)
			ui_squad_key(&us, key);
		else if (ui_term_hungup()) {
			status = UI_SIGNALLED + SIGHUP;
			break;
		}
	}
	ui_term_close(us.ui);
	if (us.changed && status == UI_QUIT)
		fprintf(stderr, "xtac: %s: quit without saving the changes\n",
		    path);
	diags_free(&us.d);
	free(us.ui);
	return status;
}
