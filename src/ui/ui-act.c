/*
 * ui-act.c - the one place the client changes the game: every action is a
 * line of the script language (cmd.h), parsed by cmd_parse() and handed to
 * game_execute(), exactly what `xtac script` does.  A refusal changes
 * nothing; its reason goes to the status line and the log.
 *
 * Also here: what the viewer may know (fog of war: ui_act_visible), the
 * move preview (game_path) and the fire chance (game_shot_chance), and what
 * happens between phases (the hand-over screen for hot-seat, the computer's
 * phase for a side it plays, the game-over screen).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

const char *
ui_act_side_name(enum side s)
{
	return ui_logtext_side_name(s);
}

/* A unit the viewer commands now (mind control included). */
bool
ui_act_mine(const struct ui *ui, int unit)
{
	if (unit < 0 || (size_t)unit >= game_nunits(ui->g))
		return false;
	return game_unit(ui->g, unit)->controller == ui->viewer;
}

/* Fog of war: the viewer's own units, and others it sees now. */
bool
ui_act_visible(const struct ui *ui, int unit)
{
	const struct unit	*u;

	if (unit < 0 || (size_t)unit >= game_nunits(ui->g))
		return false;
	u = game_unit(ui->g, unit);
	if (ui_preview_on(ui))
		return true;	/* the game master sees everything */
	if (u->side == ui->viewer || u->controller == ui->viewer)
		return true;
	return game_sees(ui->g, ui->viewer, unit);
}

/* TUs a snap shot with the right hand's weapon costs (0: none). */
int
ui_act_snap_tu(const struct ui *ui, int unit)
{
	const struct catalog	*c = ui->s->catalog;
	const struct unit	*u = game_unit(ui->g, unit);
	const struct shot	*snap;

	if (u->hands[HAND_RIGHT].item < 0)
		return 0;
	snap = item_shot(&c->items[u->hands[HAND_RIGHT].item], SHOT_SNAP);
	return snap != NULL ? snap->tu : 0;
}

/*
 * Issue one command, as text.  Returns 0, or -1 with the reason on the
 * status line.  Its events go to the log either way.
 */
int
ui_act_issue(struct ui *ui, const char *fmt, ...)
{
	struct command	 c;
	va_list		 ap;
	char		*line, *cause = NULL;
	int		 rc;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	free(ui->message);
	ui->message = NULL;
	event_list_clear(&ui->ev);
	/* A served seat: the server plays it, then tells it back. */
	if (ui->opts.remote) {
		rc = ui_remote_issue(ui, line);
		free(line);
		ui_act_after(ui);
		return rc;
	}
	if (cmd_parse(ui->g, line, &c, &cause) != 0) {
		ui->message = xasprintf("%s: %s", line, cause);
		ui_log_add(ui, "Refused: %s", ui->message);
		free(cause);
		free(line);
		ui->dirty |= UI_DIRTY_STATUS;
		return -1;
	}
	rc = game_execute(ui->g, &c, &ui->ev);
	if (rc != 0) {
		const struct event_field *r = NULL;
		size_t i;

		for (i = 0; i < ui->ev.n; i++)
			if (ui->ev.v[i].type == EV_ERROR)
				r = event_get(&ui->ev.v[i], "reason");
		ui->message = xasprintf("%s: %s", line,
		    r != NULL && r->s != NULL ? r->s : "refused");
	}
	ui_log_events(ui, &ui->ev);
	free(line);
	ui_act_after(ui);
	return rc;
}

/* Whether any unit of the viewer could still act this phase. */
static bool
ui_act_tu_left(const struct ui *ui)
{
	size_t	i;

	for (i = 0; i < game_nunits(ui->g); i++) {
		const struct unit *u = game_unit(ui->g, (int)i);

		if (u->controller == ui->viewer && unit_can_act(u) &&
		    !u->turn_over && u->tu >= 2)
			return true;
	}
	return false;
}

bool
ui_act_should_confirm(const struct ui *ui)
{
	return ui_act_tu_left(ui);
}

/* Whether a person plays the side (else the computer or the engine). */
bool
ui_act_human(const struct ui *ui, int side)
{
	return side >= 0 && side < SIDE_COUNT &&
	    ui->opts.control[side] == CONTROL_HUMAN;
}

bool
ui_act_hot_seat(const struct ui *ui)
{
	return !ui_preview_on(ui) && ui_act_human(ui, SIDE_XCOM) &&
	    ui_act_human(ui, SIDE_ALIEN);
}

/* Each command the computer's side applies: its events into the log. */
static void
ui_act_ai_command(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct ui	*ui = ctx;

	/* The reason is the AI's mind: the GM preview's, not the player's. */
	(void)c;
	if (ui->opts.preview && reason != NULL)
		ui_log_add(ui, "AI %s: %s", ui_act_side_name(ui->ai_side),
		    reason);
	ui_log_events(ui, ev);
	/* On disk before the next, as a person's commands are. */
	ui_save_sync(ui);
}

/* The computer plays its side's phase through the same commands. */
void
ui_act_ai_phase(struct ui *ui, enum side side)
{
	if (ui->ai[side] == NULL) {
		struct ai_options o = ui->opts.ai;

		/* Each side's own stream, both from the one AI seed. */
		o.seed ^= (uint64_t)(side + 1) * 0x9e3779b97f4a7c15ull;
		ui->ai[side] = ai_new(ui->g, side, &o);
	}
	ui->ai_side = side;
	ai_play_phase(ui->ai[side], ui->g, ui_act_ai_command, ui);
}

void
ui_act_free(struct ui *ui)
{
	int	side;

	for (side = 0; side < SIDE_COUNT; side++) {
		ai_free(ui->ai[side]);
		ui->ai[side] = NULL;
	}
}

/*
 * After every command: redraw from the game, then deal with a change of
 * side.  A side the computer plays takes its phase here, through the same
 * commands; a new human side in hot-seat gets the hand-over screen first.
 */
void
ui_act_after(struct ui *ui)
{
	int	side, guard;

	for (guard = 0; guard < 64 && !game_over(ui->g); guard++) {
		side = game_side_to_move(ui->g);
		/* In the preview the game master plays every side. */
		if (side == GAME_NO_SIDE || ui_preview_on(ui) ||
		    ui_act_human(ui, side) || ui->opts.remote)
			break;
		ui_act_ai_phase(ui, (enum side)side);
	}
	side = game_side_to_move(ui->g);
	if (game_over(ui->g)) {
		ui->mode = UI_MODE_OVER;
		/* What the driver does at the end (rosters), told once. */
		if (!ui->over_told && ui->opts.game_over != NULL)
			ui->over_note = ui->opts.game_over(ui->g,
			    ui->opts.game_over_arg);
		ui->over_told = true;
	} else if (ui_preview_on(ui)) {
		/* No hand-over: the game master gives every side's orders. */
		if (side != GAME_NO_SIDE && (enum side)side != ui->viewer) {
			ui->viewer = (enum side)side;
			ui->selected = ui_preview_first(ui);
			if (ui->selected >= 0 && map_contains(ui->map,
			    game_unit(ui->g, ui->selected)->pos)) {
				ui->cursor = game_unit(ui->g,
				    ui->selected)->pos;
				ui_map_follow(ui, UI_FOLLOW_JUMP);
			}
		}
	} else if (ui->opts.remote) {
		/* A served seat: the other side's phase is a waiting screen. */
		if (side != GAME_NO_SIDE && (enum side)side != ui->viewer) {
			ui->mode = UI_MODE_HANDOVER;
			ui->selected = -1;
		} else if (ui->mode == UI_MODE_HANDOVER)
			ui_main_mode(ui, UI_MODE_MAP);
	} else if (side != GAME_NO_SIDE && (enum side)side != ui->viewer &&
	    ui_act_human(ui, side)) {
		/* Nothing of the last player's turn may show. */
		ui->log.read[ui->viewer] = ui->log.n;
		ui->viewer = (enum side)side;
		ui->mode = UI_MODE_HANDOVER;
		ui->selected = -1;
		free(ui->message);
		ui->message = NULL;
	}
	ui->shown_round = game_round(ui->g);
	ui_map_occupy(ui);
	ui_overlay_changed(ui);
	if (ui->selected >= 0 && !ui_act_mine(ui, ui->selected) &&
	    !ui_preview_on(ui))
		ui->selected = -1;
	if (ui->mode == UI_MODE_MOVE)
		ui_act_preview(ui);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

/* The path from the selected unit to the cursor, and its cost. */
void
ui_act_preview(struct ui *ui)
{
	const struct unit	*u;
	char			*cause = NULL;

	path_free(&ui->path);
	memset(&ui->path, 0, sizeof ui->path);
	ui->cost = -1;
	if (ui->selected < 0 || ui_deploy_preview(ui))
		return;
	free(ui->message);
	ui->message = NULL;
	u = game_unit(ui->g, ui->selected);
	/* On the unit's own square (after a walk): nothing to show. */
	if (u->pos.x == ui->cursor.x && u->pos.y == ui->cursor.y &&
	    u->pos.z == ui->cursor.z)
		ui->cost = -1;
	else if ((ui->cost = game_path(ui->g, ui->selected, ui->cursor,
	    &ui->path, &cause)) < 0) {
		ui->message = xstrdup(cause != NULL ? cause : "no way there");
		path_free(&ui->path);
		memset(&ui->path, 0, sizeof ui->path);
	}
	free(cause);
	ui_overlay_path(ui);
}

/* The fire mode's chance for a shot mode, terms and all (ui-fire.c). */
char *
ui_act_chance(const struct ui *ui, enum shot_mode mode)
{
	return ui_fire_chance(ui, mode);
}

/* The next enemy the viewer sees, after `from`, in step's direction. */
int
ui_act_next_target(const struct ui *ui, int from, int step)
{
	int	n = (int)game_nunits(ui->g), i, k;

	for (k = 1; k <= n; k++) {
		i = ((from < 0 ? (step > 0 ? -1 : 0) : from) + step * k +
		    2 * n) % n;
		const struct unit *u = game_unit(ui->g, i);

		if (u->status != UNIT_DEAD && u->side != ui->viewer &&
		    u->controller != ui->viewer && ui_act_visible(ui, i))
			return i;
	}
	return -1;
}

/*
 * The game-over note (where the rosters went) from row y, each line
 * wrapped to the screen less a margin, as many rows as the screen has.
 */
static void
ui_act_note(struct ui *ui, WINDOW *w, int y, int h, int width)
{
	const char	*p = ui->over_note, *nl;
	char		*line;

	if (width < 20)
		return;
	while (*p != '\0' && y < h) {
		nl = strchr(p, '\n');
		line = nl != NULL ? xstrndup(p, (size_t)(nl - p)) : xstrdup(p);
		y += ui_term_wrapped(ui, w, y, 2, width - 4, UI_STYLE_NORMAL,
		    line, 0, h - y);
		free(line);
		p = nl != NULL ? nl + 1 : p + strlen(p);
	}
}

/* Hand-over, game over: full screen, nothing of the map shown. */
void
ui_act_screen(struct ui *ui)
{
	WINDOW		*w = ui->term.full;
	int		 h = getmaxy(w), width = getmaxx(w), y = h / 2 - 2;
	char		*line;
	int		 win;

	werase(w);
	if (ui->mode == UI_MODE_HANDOVER && ui->opts.remote) {
		line = xasprintf("%s to move - waiting for them",
		    ui_act_side_name(game_side_to_move(ui->g)));
		ui_term_text(ui, w, y, (width - (int)strlen(line)) / 2 > 0 ?
		    (width - (int)strlen(line)) / 2 : 0, width,
		    UI_STYLE_TITLE, line);
		free(line);
		line = xasprintf("Round %d - q: leave the seat",
		    game_round(ui->g));
		ui_term_text(ui, w, y + 2, (width - (int)strlen(line)) / 2,
		    width, UI_STYLE_DIM, line);
		free(line);
		return;
	}
	if (ui->mode == UI_MODE_HANDOVER) {
		line = xasprintf("%s' turn - pass the keyboard, press Enter",
		    ui_act_side_name(ui->viewer));
		if (ui->viewer == SIDE_XCOM) {
			free(line);
			line = xstrdup("X-Com's turn - pass the keyboard, "
			    "press Enter");
		}
		ui_term_text(ui, w, y, (width - (int)strlen(line)) / 2 > 0 ?
		    (width - (int)strlen(line)) / 2 : 0, width,
		    UI_STYLE_TITLE, line);
		free(line);
		line = xasprintf("Round %d", game_round(ui->g));
		ui_term_text(ui, w, y + 2, (width - (int)strlen(line)) / 2,
		    width, UI_STYLE_DIM, line);
		free(line);
		return;
	}
	win = game_winner(ui->g);
	line = win == GAME_NO_SIDE ? xstrdup("Game over: a draw") :
	    xasprintf("Game over: %s win", ui_act_side_name(win));
	ui_term_text(ui, w, y, (width - (int)strlen(line)) / 2, width,
	    UI_STYLE_TITLE, line);
	free(line);
	line = xasprintf("after %d round%s - L or Ctrl-P: the log, q: quit",
	    game_round(ui->g), game_round(ui->g) == 1 ? "" : "s");
	ui_term_text(ui, w, y + 2, (width - (int)strlen(line)) / 2 > 0 ?
	    (width - (int)strlen(line)) / 2 : 0, width, UI_STYLE_DIM, line);
	free(line);
	if (ui->over_note != NULL)
		ui_act_note(ui, w, y + 4, h, width);
}
