/*
 * ui-dice.c - manual dice (xtac play --dice manual): the game's dice
 * source, asking the table for every roll in a small window over the map.
 *
 *	+---------------- Manual dice ----------------+
 *	| Roll d100 for: to-hit: aimed shot by Alvarez|
 *	| at Sectoid 2, 57 or less hits               |
 *	|                                             |
 *	| Roll: 42_                                   |
 *	| 1 to 100, Enter  r: the computer rolls      |
 *	| R: the computer rolls from now on           |
 *	+---------------------------------------------+
 *
 * The prompt runs inside game_execute() (the engine asks mid-command), so
 * it draws over whatever the screen last showed and changes nothing else
 * of the session; in hot-seat, a roll between phases is drawn over a
 * blank screen, never over the last player's map.  A roll the player leaves to the computer comes from the
 * session's own generator, not the game's: every value given here is
 * journalled as a die, so the game's rules stream must not move for it.
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

#define UI_DICE_WIDTH	60	/* the window's widest */

/* Break text into rows of at most width columns, at spaces if possible. */
static size_t
ui_dice_wrap(const char *text, int width, char lines[][UI_DICE_WIDTH + 1],
    size_t max)
{
	size_t		 n = 0, len;
	const char	*p = text, *next;

	while (*p != '\0' && n < max) {
		len = ui_term_row(p, width, &next);
		if (len > UI_DICE_WIDTH)
			len = UI_DICE_WIDTH;
		memcpy(lines[n], p, len);
		lines[n++][len] = '\0';
		p = next;
	}
	return n;
}

/*
 * Hot-seat: whether the roll comes between phases (the round or the side
 * to move changed during the command, or the game is being made), when
 * the screen still shows the last player's map: the prompt is then drawn
 * over the hand-over screen instead, so the next player sees nothing.
 */
static bool
ui_dice_between(const struct ui *ui)
{
	if (!ui_act_hot_seat(ui))
		return false;
	return ui->g == NULL || game_round(ui->g) != ui->shown_round ||
	    game_side_to_move(ui->g) != (int)ui->viewer;
}

static void
ui_dice_blank(struct ui *ui)
{
	WINDOW		*w = ui->term.full;
	const char	*line = "Between phases - roll for the game";
	int		 width;

	if (w == NULL)
		return;
	width = getmaxx(w);
	werase(w);
	ui_term_text(ui, w, 1, (width - (int)strlen(line)) / 2 > 0 ?
	    (width - (int)strlen(line)) / 2 : 0, width, UI_STYLE_TITLE, line);
	touchwin(w);
	wnoutrefresh(w);
	/* The map's windows were covered: draw them all afresh later. */
	ui->dirty |= UI_DIRTY_LAYOUT;
}

static void
ui_dice_draw(struct ui *ui, int sides, const char *what, const char *typed,
    const char *error)
{
	char	 lines[6][UI_DICE_WIDTH + 1], *text;
	int	 cols = COLS, width, height, y, x;
	size_t	 n, i;
	WINDOW	*w;

	width = cols - 4 < UI_DICE_WIDTH ? cols - 4 : UI_DICE_WIDTH;
	if (width < 20)
		width = 20;
	text = xasprintf("Roll d%d for: %s", sides, what);
	n = ui_dice_wrap(text, width - 4, lines, XTAC_NITEMS(lines));
	free(text);
	height = (int)n + 7;
	y = (LINES - height) / 2 > 0 ? (LINES - height) / 2 : 0;
	x = (cols - width) / 2 > 0 ? (cols - width) / 2 : 0;
	if (ui_dice_between(ui))
		ui_dice_blank(ui);
	if ((w = newwin(height, width, y, x)) == NULL)
		return;
	werase(w);
	ui_term_box(ui, w);
	ui_term_text(ui, w, 0, (width - 13) / 2, width - 2, UI_STYLE_TITLE,
	    " Manual dice ");
	for (i = 0; i < n; i++)
		ui_term_text(ui, w, 1 + (int)i, 2, width - 4, UI_STYLE_NORMAL,
		    lines[i]);
	y = (int)n + 2;
	if (error != NULL)
		ui_term_text(ui, w, y, 2, width - 4, UI_STYLE_WARN, error);
	ui_term_printf(ui, w, y + 1, 2, width - 4, UI_STYLE_LABEL, "Roll: %s",
	    typed);
	ui_term_printf(ui, w, y + 2, 2, width - 4, UI_STYLE_DIM,
	    "1 to %d, Enter   r: the computer rolls", sides);
	ui_term_text(ui, w, y + 3, 2, width - 4, UI_STYLE_DIM,
	    "R: the computer rolls from now on");
	wmove(w, y + 1, 8 + (int)strlen(typed));
	wnoutrefresh(w);
	doupdate();
	delwin(w);
}

/* The computer's roll for the table: the session's generator. */
static int
ui_dice_computer(struct ui *ui, int sides)
{
	return rng_die(&ui->dice_rng, sides);
}

/*
 * The purpose as the viewer may read it: a roll for a unit the viewer's
 * side does not see (an alien reacting from the dark, in hot-seat) names
 * it "someone unseen", so the prompt gives nothing away.  The game master
 * sees everything.  Owned by the caller.
 */
static char *
ui_dice_purpose(const struct ui *ui, const char *what)
{
	/* While the game is being made (round 1's initiative) no unit acts. */
	if (ui->opts.preview || ui->g == NULL)
		return xstrdup(what);
	return game_hide_unseen(ui->g, ui->viewer, what);
}

/*
 * The box is gone: everything under it is drawn again, the bar between
 * the map and the panel too (it lives on stdscr, which no window redraws).
 */
static void
ui_dice_done(struct ui *ui)
{
	touchwin(stdscr);
	wnoutrefresh(stdscr);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

/*
 * Ask the table for a die, its purpose as the viewer may read it: digits,
 * Backspace, Enter; r or R.  A signal or a lost terminal ends the asking:
 * the computer rolls, and the session loop then sees why and stops.
 */
int
ui_dice_ask(struct ui *ui, int sides, const char *shown)
{
	char		 typed[8] = "", *error = NULL;
	size_t		 n = 0;
	int		 key, v;

	if (ui->dice_auto)
		return ui_dice_computer(ui, sides);
	curs_set(1);
	for (;;) {
		ui_dice_draw(ui, sides, shown, typed, error);
		key = getch();
		if (ui_term_signalled() != 0 || (key == ERR &&
		    ui_term_hungup()))
			break;
		if (key == 'r' || key == 'R') {
			if (key == 'R')
				ui->dice_auto = true;
			break;
		}
		if (key >= '0' && key <= '9' && n < 3) {
			typed[n++] = (char)key;
			typed[n] = '\0';
		} else if ((key == KEY_BACKSPACE || key == 127 ||
		    key == '\b') && n > 0)
			typed[--n] = '\0';
		else if (key == '\r' || key == '\n' || key == KEY_ENTER) {
			v = n > 0 ? atoi(typed) : 0;
			if (v >= 1 && v <= sides) {
				free(error);
				ui_dice_done(ui);
				return v;
			}
			free(error);
			error = xasprintf("'%s' is no d%d roll: 1 to %d",
			    typed, sides, sides);
			typed[n = 0] = '\0';
		} else if (key == KEY_RESIZE) {
			/* The session lays the screen out again afterwards. */
			clear();
			refresh();
			ui->dirty |= UI_DIRTY_LAYOUT;
		}
	}
	free(error);
	ui_dice_done(ui);
	return ui_dice_computer(ui, sides);
}

/* The dice source (game_dice_fn). */
int
ui_dice_roll(void *arg, int sides, const char *what)
{
	struct ui	*ui = arg;
	char		*shown;
	int		 v;

	if (ui->dice_auto)
		return ui_dice_computer(ui, sides);
	shown = ui_dice_purpose(ui, what);
	v = ui_dice_ask(ui, sides, shown);
	free(shown);
	return v;
}
