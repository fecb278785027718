/*
 * ui-main.c - the client's session: set up, the input loop, what each
 * action does to the view, and the frame that redraws what changed.
 *
 * The loop is: draw the dirty windows, wait for a key (or a signal, or a
 * resize), turn the key into an action through the key table, let the
 * action change the view state and mark what it made dirty.  Actions
 * change struct ui (cursor, selection, scroll, mode); the game changes only
 * through the commands ui-act.c issues (the unit's orders: ui-order.c; the
 * mouse: ui-mouse.c).
 *
 * Invariants: the cursor is always on the map, its level is the one shown,
 * and after every action it is inside the view (ui_map_follow).
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui-int.h"
#include "xtac/mission.h"
#include "xtac/util.h"

static int	ui_main_play(struct game *, const struct scenario *, uint64_t,
		    const struct ui_options *, struct game **);

/* Select a unit and bring the cursor (and the level shown) to it. */
void
ui_main_select(struct ui *ui, int unit)
{
	const struct unit	*u;

	if (unit < 0 || unit >= (int)game_nunits(ui->g))
		return;
	u = game_unit(ui->g, unit);
	if (u->pos.z != ui->cursor.z)
		ui->dirty |= UI_DIRTY_HEAD | UI_DIRTY_MAP;
	ui->selected = unit;
	if (map_contains(ui->map, u->pos))
		ui->cursor = u->pos;
	ui_map_follow(ui, UI_FOLLOW_JUMP);
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_SHEET | UI_DIRTY_LIST |
	    UI_DIRTY_STATUS;
}

/* The viewer's first unit able to act after `from`, or -1. */
static int
ui_main_own(const struct ui *ui, int from, int step)
{
	int	n = (int)game_nunits(ui->g), k, i;

	for (k = 1; k <= n; k++) {
		i = ((from < 0 ? (step > 0 ? -1 : 0) : from) + step * k +
		    2 * n) % n;
		if (ui_preview_cycles(ui, i) &&
		    game_unit(ui->g, i)->status == UNIT_ACTIVE)
			return i;
	}
	return -1;
}

static void
ui_main_start(struct ui *ui)
{
	int	side = game_side_to_move(ui->g), s;
	char	seed[32];

	ui->cursor.x = ui->map->width / 2;
	ui->cursor.y = ui->map->height / 2;
	ui->cursor.z = 0;
	ui->selected = -1;
	ui->target = -1;
	ui->cost = -1;
	ui->shot = SHOT_SNAP;
	ui_overlay_init(ui);
	/* Whose eyes: the side to move if a person plays it. */
	ui->viewer = ui->opts.side;
	if (!ui_act_human(ui, ui->viewer) && side != GAME_NO_SIDE &&
	    ui_act_human(ui, side))
		ui->viewer = (enum side)side;
	/*
	 * The seed foretells every roll, hidden ones too: the game master's
	 * to read, no side's, at the table or served (the save keeps it for
	 * a replay).
	 */
	if (ui->opts.preview)
		snprintf(seed, sizeof seed, ", seed %llu",
		    (unsigned long long)game_seed(ui->g));
	else
		seed[0] = '\0';
	if (game_deploying(ui->g)) {
		ui_log_add(ui, "%s%s.  Deployment: %s place their units%s.",
		    ui->s->name != NULL ? ui->s->name : "Untitled", seed,
		    ui_act_side_name(side), game_journal_length(ui->g) > 0 ?
		    "" : " first");
		ui_log_add(ui, "%s.", UI_DEPLOY_HOW);
	} else	/* resumed mid-round: who moves now, not who began */
		ui_log_add(ui, "%s%s.  Round %d: %s %s.",
		    ui->s->name != NULL ? ui->s->name : "Untitled", seed,
		    game_round(ui->g), ui_act_side_name(side),
		    game_journal_length(ui->g) > 0 ? "to move" : "move first");
	/* Secret orders: each side's log alone shows its own. */
	for (s = 0; s < SIDE_COUNT; s++)
		if (ui_act_human(ui, s) && ui->s->sides[s].present &&
		    ui->s->sides[s].objective != NULL)
			ui_log_add_for(ui, 1u << s, "Orders for %s: %s",
			    ui_act_side_name((enum side)s),
			    ui->s->sides[s].objective);
	/* §2.3: a secret mission, as drawn, for its side's eyes only. */
	for (s = 0; s < SIDE_COUNT; s++) {
		const struct mission_secret *ms = mission_secret(ui->g, s);
		char *target;

		if (!ui_act_human(ui, s) || ms->mission == MISSION_ASSAULT)
			continue;
		target = mission_target(ui->g, s);
		ui_log_add_for(ui, 1u << s, "Secret mission for %s: %s (%s)%s",
		    ui_act_side_name((enum side)s), mission_names[ms->mission],
		    target, ms->reverted ? "; it has reverted to elimination." :
		    ".");
		free(target);
	}
	/*
	 * How many commands were given is the game master's to read: a side
	 * would count the other's, seen or not.  Every side knows the round.
	 */
	if (game_journal_length(ui->g) > 0 && ui->opts.remote)
		ui_log_add(ui, "Joined the served game in round %d.",
		    game_round(ui->g));
	else if (game_journal_length(ui->g) > 0 && ui->opts.preview)
		ui_log_add(ui, "Resumed from %s after %zu commands.",
		    ui->opts.save_path != NULL ? ui->opts.save_path : "a save",
		    game_journal_length(ui->g));
	else if (game_journal_length(ui->g) > 0)
		ui_log_add(ui, "Resumed from %s in round %d.",
		    ui->opts.save_path != NULL ? ui->opts.save_path : "a save",
		    game_round(ui->g));
	if (ui->opts.manual_dice)
		ui_log_add(ui, "Dice by hand: the game asks for every roll.");
	ui_act_after(ui);
	/*
	 * Hot-seat: the first player, too, takes the keyboard through the
	 * hand-over screen (the start's lines are in its log, no news).
	 */
	if (ui_act_hot_seat(ui) && !game_over(ui->g)) {
		ui->mode = UI_MODE_HANDOVER;
		ui->log.read[ui->viewer] = ui->log.n;
	} else if (ui->mode == UI_MODE_HANDOVER && !ui->opts.remote)
		ui->mode = UI_MODE_MAP;
	if (ui_preview_first(ui) >= 0)
		ui_main_select(ui, ui_preview_first(ui));
	else
		ui_main_select(ui, ui_main_own(ui, -1, 1));
	/* A new game opens on the briefing: the top of the help screen. */
	if (game_journal_length(ui->g) == 0 && !ui->opts.preview &&
	    ui->s->description != NULL && ui->mode == UI_MODE_MAP)
		ui_main_mode(ui, UI_MODE_HELP);
}

void
ui_main_move(struct ui *ui, enum dir d, int n)
{
	struct pos	p = ui->cursor;

	p.x += dir_dx[d] * n;
	p.y += dir_dy[d] * n;
	if (p.x < 0)
		p.x = 0;
	if (p.x >= ui->map->width)
		p.x = ui->map->width - 1;
	if (p.y < 0)
		p.y = 0;
	if (p.y >= ui->map->height)
		p.y = ui->map->height - 1;
	if (p.x == ui->cursor.x && p.y == ui->cursor.y)
		return;
	ui->cursor = p;
	ui_map_follow(ui, UI_FOLLOW_EDGE);
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS;
	if (ui->mode == UI_MODE_LOOK)
		ui->dirty |= UI_DIRTY_SHEET;
	if (ui->mode == UI_MODE_MOVE) {
		ui_act_preview(ui);
		ui->dirty |= UI_DIRTY_FOOT;
	}
	if (ui_aim_mode(ui->mode))
		ui->dirty |= UI_DIRTY_SHEET;
	if (ui->mode == UI_MODE_FIRE)
		ui_fire_retarget(ui);
}

static void
ui_main_level(struct ui *ui, int dz)
{
	int	z = ui->cursor.z + dz;

	if (z < 0 || z >= ui->map->levels)
		return;
	ui->cursor.z = z;
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_HEAD | UI_DIRTY_STATUS;
	if (ui->mode == UI_MODE_MOVE) {
		ui_act_preview(ui);
		ui->dirty |= UI_DIRTY_FOOT;
	}
	if (ui->mode == UI_MODE_LOOK || ui_aim_mode(ui->mode))
		ui->dirty |= UI_DIRTY_SHEET;
	if (ui->mode == UI_MODE_FIRE)
		ui_fire_retarget(ui);
}

static void
ui_main_cycle(struct ui *ui, int step)
{
	/* From move mode too (a walk leaves it on): the map, another unit. */
	if (ui->mode == UI_MODE_MOVE)
		ui_main_mode(ui, UI_MODE_MAP);
	ui_main_select(ui, ui_main_own(ui, ui->selected, step));
}

void
ui_main_mode(struct ui *ui, enum ui_mode mode)
{
	if (mode == UI_MODE_HELP && ui->mode != UI_MODE_HELP) {
		ui->help_from = ui->mode;
		ui->help_top = 0;
	}
	/* Full-screen modes cover every window: leaving one redraws all. */
	if (ui->mode == UI_MODE_LOG || ui->mode == UI_MODE_HANDOVER ||
	    ui->mode == UI_MODE_OVER || mode == UI_MODE_LOG)
		ui->dirty |= UI_DIRTY_LAYOUT;
	if (mode != UI_MODE_MOVE) {
		path_free(&ui->path);
		memset(&ui->path, 0, sizeof ui->path);
		ui->cost = -1;
	}
	ui->mode = mode;
	if (mode == UI_MODE_MOVE)
		ui_act_preview(ui);	/* back from help, too */
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_SHEET | UI_DIRTY_LIST |
	    UI_DIRTY_STATUS;
}

void
ui_main_scroll(struct ui *ui, int lines)
{
	int	page = getmaxy(ui->term.map) - 1, top = ui->help_top;

	if (lines == UI_SCROLL_PAGE)
		lines = page;
	else if (lines == -UI_SCROLL_PAGE)
		lines = -page;
	top += lines;
	if (top > ui->help_lines - getmaxy(ui->term.map))
		top = ui->help_lines - getmaxy(ui->term.map);
	if (top < 0)
		top = 0;
	if (top != ui->help_top) {
		ui->help_top = top;
		ui->dirty |= UI_DIRTY_MAP;
	}
}

void
ui_main_action(struct ui *ui, enum ui_action action, int arg)
{
	int	occ;

	switch (action) {
	case UI_ACT_MOVE:
		ui_main_move(ui, (enum dir)arg, 1);
		break;
	case UI_ACT_MOVE_FAR:
		ui_main_move(ui, (enum dir)arg, UI_FAR);
		break;
	case UI_ACT_CENTRE:
		ui_map_follow(ui, UI_FOLLOW_CENTRE);
		break;
	case UI_ACT_NEXT_UNIT:
		ui_main_cycle(ui, 1);
		break;
	case UI_ACT_PREV_UNIT:
		ui_main_cycle(ui, -1);
		break;
	case UI_ACT_SELECT:
		if ((occ = ui_map_occupant(ui, ui->cursor)) >= 0 &&
		    ui_act_visible(ui, occ)) {
			ui_main_mode(ui, UI_MODE_MAP);
			ui_main_select(ui, occ);
		}
		break;
	case UI_ACT_LEVEL_UP:
		ui_main_level(ui, 1);
		break;
	case UI_ACT_LEVEL_DOWN:
		ui_main_level(ui, -1);
		break;
	case UI_ACT_LOOK:
		ui_main_mode(ui, ui->mode == UI_MODE_LOOK ? UI_MODE_MAP :
		    UI_MODE_LOOK);
		break;
	case UI_ACT_HELP:
		ui_main_mode(ui, ui->mode == UI_MODE_HELP ? ui->help_from :
		    UI_MODE_HELP);
		break;
	case UI_ACT_SCROLL:
		ui_main_scroll(ui, arg);
		break;
	case UI_ACT_CANCEL:
		if (ui->mode == UI_MODE_HELP)
			ui_main_mode(ui, ui->help_from);
		else if (ui->mode != UI_MODE_MAP) {
			ui_main_mode(ui, UI_MODE_MAP);
			if (ui->selected >= 0)
				ui_main_select(ui, ui->selected);
		}
		break;
	case UI_ACT_MOVE_MODE:
		if (!ui_order_can(ui))
			break;
		ui_main_mode(ui, UI_MODE_MOVE);
		break;
	case UI_ACT_FIRE_MODE:
		ui_fire_enter(ui);
		break;
	case UI_ACT_NEXT_TARGET:
		ui_fire_next(ui, arg);
		break;
	case UI_ACT_SHOT:
		ui->shot = (enum shot_mode)arg;
		ui->dirty |= UI_DIRTY_SHEET | UI_DIRTY_STATUS;
		break;
	case UI_ACT_CONFIRM:
		if (ui->mode != UI_MODE_MOVE || !ui_deploy_confirm(ui))
			ui_order_confirm(ui);
		break;
	case UI_ACT_KNEEL:
		ui_order_kneel(ui);
		break;
	case UI_ACT_RELOAD:
		ui_order_reload(ui);
		break;
	case UI_ACT_REACT:
		ui_order_react(ui);
		break;
	case UI_ACT_END:
		if (game_side_to_move(ui->g) != (int)ui->viewer)
			break;
		if (ui_act_should_confirm(ui) && !game_deploying(ui->g))
			ui_main_mode(ui, UI_MODE_CONFIRM);
		else
			ui_act_issue(ui, "end");
		break;
	case UI_ACT_LOG:
		if (ui->mode == UI_MODE_LOG) {
			ui->log.since = false;
			ui_main_mode(ui, ui->back);
		} else {
			ui->back = ui->mode;
			ui->log.top = ui->log.sub = 0;
			ui_main_mode(ui, UI_MODE_LOG);
			ui_log_scroll(ui, 1 << 20);
		}
		break;
	case UI_ACT_LOG_SCROLL:
		ui_log_scroll(ui, arg);
		break;
	case UI_ACT_CONTINUE:
		/* A served seat waits for the other side, not for a key. */
		if (ui->opts.remote)
			break;
		ui_main_mode(ui, UI_MODE_MAP);
		ui_main_select(ui, ui_main_own(ui, -1, 1));
		/* Hot-seat: the first player's briefing follows its hand-over. */
		if (game_journal_length(ui->g) == 0 &&
		    ui->s->description != NULL) {
			ui_main_mode(ui, UI_MODE_HELP);
			break;
		}
		if (ui_log_catch_up(ui)) {
			ui->back = UI_MODE_MAP;
			ui_main_mode(ui, UI_MODE_LOG);
		}
		break;
	case UI_ACT_QUIT:
		ui->quit = ui_save_quit(ui);
		break;
	case UI_ACT_DEPLOY_AUTO:
		ui_deploy_auto(ui);
		break;
	case UI_ACT_REDRAW:
		clearok(curscr, TRUE);
		ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		break;
	case UI_ACT_SAVE:
		ui_save_game(ui, NULL);
		break;
	case UI_ACT_WRITE_LOG:
		ui_save_log(ui);
		break;

	/* Overlays and the preview: ui-overlay.c. */
	case UI_ACT_OV_SIGHT:
	case UI_ACT_OV_REACH:
	case UI_ACT_OV_THREAT:
	case UI_ACT_OV_FOG:
		ui_overlay_action(ui, action);
		break;
	case UI_ACT_AI_PHASE:
		ui_preview_ai_phase(ui);
		break;
	case UI_ACT_AI_TRACE:
		ui_preview_ai_trace(ui);
		break;
	case UI_ACT_AIM_MODE:
	case UI_ACT_AIM_GO:
	case UI_ACT_AIM_TARGET:
	case UI_ACT_AIM_HAND:
	case UI_ACT_AIM_KIND:
	case UI_ACT_OPEN:
	case UI_ACT_TURN:
	case UI_ACT_INV_ROW:
	case UI_ACT_INV_DO:
		ui_aim_action(ui, action, arg);
		break;
	case UI_ACT_VIA:
		ui_fire_via(ui, arg);
		break;
	case UI_ACT_VIEW:
		ui_map_switch(ui);
		break;
	}
}

static void
ui_main_key(struct ui *ui, int key)
{
	const struct ui_binding	*b;

	if (key == KEY_RESIZE) {
		ui->dirty |= UI_DIRTY_LAYOUT;
		return;
	}
	if (ui->term.small) {
		/* Only quitting makes sense until there is room. */
		if (key == 'q' || key == 'Q')
			ui->quit = true;
		return;
	}
	if (key == KEY_MOUSE) {
		ui_mouse_event(ui);
		return;
	}
	if (key == 27 && ui_term_drain())
		return;
	if ((b = ui_key_find(ui->mode, key)) != NULL)
		ui_main_action(ui, b->action, b->arg);
}

/*
 * Draw what is dirty.  The map window is refreshed last, always, so the
 * terminal's cursor ends on the cursor square (the others leave it be).
 */
static void
ui_main_render(struct ui *ui)
{
	struct ui_term	*t = &ui->term;

	if (ui->dirty == 0)
		return;
	/* Anything but the map drawn over the map: draw it whole next. */
	if ((ui->dirty & UI_DIRTY_LAYOUT) || t->small ||
	    ui->mode == UI_MODE_LOG || ui->mode == UI_MODE_HANDOVER ||
	    ui->mode == UI_MODE_OVER || ui->mode == UI_MODE_HELP ||
	    ui->mode == UI_MODE_INV)
		ui->cached_ok = false;
	if (ui->dirty & UI_DIRTY_LAYOUT) {
		ui_term_layout(ui);
		ui->dirty = UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		ui_map_follow(ui, UI_FOLLOW_JUMP);
	}
	if (t->small) {
		ui->dirty = 0;
		doupdate();
		return;
	}
	if (ui->mode == UI_MODE_LOG || ui->mode == UI_MODE_HANDOVER ||
	    ui->mode == UI_MODE_OVER) {
		if (ui->mode == UI_MODE_LOG)
			ui_log_full(ui);
		else
			ui_act_screen(ui);
		touchwin(t->full);
		wnoutrefresh(t->full);
		doupdate();
		ui->dirty = 0;
		return;
	}
	if (ui->dirty & UI_DIRTY_HEAD) {
		ui_panel_head(ui);
		wnoutrefresh(t->head);
	}
	if (ui->mode == UI_MODE_LOOK) {
		if (ui->dirty & (UI_DIRTY_SHEET | UI_DIRTY_LIST)) {
			ui_look_draw(ui);
			wnoutrefresh(t->look);
		}
	} else if (ui_aim_mode(ui->mode)) {
		/* The actions' panel: over the sheet and list, as look's. */
		if (ui->dirty & (UI_DIRTY_SHEET | UI_DIRTY_LIST)) {
			ui_aim_draw(ui);
			wnoutrefresh(t->look);
		}
	} else {
		if (ui->dirty & UI_DIRTY_SHEET) {
			ui_panel_sheet(ui);
			wnoutrefresh(t->sheet);
		} else if (ui->dirty & UI_DIRTY_FOOT) {
			ui_panel_foot(ui);
			wnoutrefresh(t->sheet);
		}
		if (ui->dirty & UI_DIRTY_LIST) {
			ui_panel_list(ui);
			wnoutrefresh(t->list);
		}
	}
	if (ui->dirty & UI_DIRTY_STATUS) {
		ui_panel_status(ui);
		wnoutrefresh(t->status);
	}
	if (ui->dirty & UI_DIRTY_LOG) {
		ui_log_draw(ui);
		wnoutrefresh(t->log);
	}
	if (ui->dirty & UI_DIRTY_MAP) {
		if (ui->mode == UI_MODE_HELP)
			ui_help_draw(ui);
		else if (ui->mode == UI_MODE_INV)
			ui_inv_draw(ui);
		else
			ui_map_draw(ui);
	}
	if (ui->mode == UI_MODE_HELP || ui->mode == UI_MODE_INV)
		wmove(t->map, 0, 0);
	else
		ui_map_place_cursor(ui);
	wnoutrefresh(t->map);
	doupdate();
	ui->dirty = 0;
}

int
ui_play(struct game *g, const struct ui_options *opts)
{
	return ui_main_play(g, game_scenario(g), game_seed(g), opts, NULL);
}

int
ui_play_new(const struct scenario *s, uint64_t seed,
    const struct ui_options *opts, struct game **gp)
{
	*gp = NULL;
	return ui_main_play(NULL, s, seed, opts, gp);
}

/*
 * The session: g, or a new game of s made once the terminal is open (so
 * manual dice can ask for round 1's initiative on screen).
 */
static int
ui_main_play(struct game *g, const struct scenario *s, uint64_t seed,
    const struct ui_options *opts, struct game **gp)
{
	struct ui		 ui;
	int		status = UI_QUIT, key, sig;
	char		*why = NULL;

	setlocale(LC_ALL, "");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "xtac: play needs a terminal on stdin and "
		    "stdout\n");
		return UI_TROUBLE;
	}
	if (s->map == NULL || s->catalog == NULL)
		fatal("ui_play: a scenario without a map or catalog");
	{
		enum ui_mode	mode;
		int		clash = ui_key_clash(&mode);

		if (clash != 0)
			fatal("ui_play: key %d is bound twice in %s mode",
			    clash, ui_key_mode_name(mode));
	}
	memset(&ui, 0, sizeof ui);
	ui.log.walk_unit = -1;
	ui.s = s;
	event_list_init(&ui.ev);
	ui.opts = *opts;
	/* The table's computer rolls: its own stream, from the seed. */
	rng_seed(&ui.dice_rng, seed ^ 0x9e3779b97f4a7c15ull,
	    RNG_STREAM_COSMETIC);
	if (!ui_term_open(&ui))
		return UI_TROUBLE;
	/* A served seat looks for the other side's moves within a frame. */
	if (opts->remote)
		timeout(10);
	ui_glyph_init(&ui);
	if (g == NULL && opts->resume != NULL) {
		if ((g = *gp = ui_save_resume(&ui, opts->resume, &why)) ==
		    NULL) {
			/* Not saved over: the save is the only record. */
			ui.opts.save_path = NULL;
			ui.quit = true;
			status = UI_TROUBLE;
		} else if (opts->manual_dice)
			game_set_dice(g, ui_dice_roll, &ui);
	} else if (g == NULL) {
		g = *gp = game_new_dice(s, seed, opts->manual_dice ?
		    ui_dice_roll : NULL, &ui, &ui.ev);
		event_list_clear(&ui.ev);
	} else if (opts->manual_dice)
		game_set_dice(g, ui_dice_roll, &ui);
	if (g != NULL) {
		ui.g = g;
		ui.map = game_map(g);
		ui_main_start(&ui);
	}
	ui.dirty = UI_DIRTY_ALL;
	while (!ui.quit) {
		/* Every command on disk before it is shown, or a key read. */
		ui_save_sync(&ui);
		ui_main_render(&ui);
		key = getch();
		if ((sig = ui_term_signalled()) != 0) {
			status = UI_SIGNALLED + sig;
			break;
		}
		/* What comes now is news: the log marks where it begins. */
		ui_log_key(&ui);
		if (key != ERR)
			ui_main_key(&ui, key);
		else if (ui_term_hungup()) {
			status = UI_SIGNALLED + SIGHUP;
			break;
		}
		/* A served seat: what the other side did meanwhile. */
		if (ui.opts.remote)
			ui_remote_poll(&ui);
	}
	/* Quitting ends the save; so does a lost terminal or a signal. */
	if (g == NULL) {
		ui_term_close(&ui);
		fprintf(stderr, "xtac: %s\n", why);
		free(why);
	} else if (ui_save_close(&ui, &why) != 0) {
		ui_term_close(&ui);
		fprintf(stderr, "xtac: the game was not saved: %s\n", why);
		free(why);
		/* Not a clean end: the status says so. */
		if (status == UI_QUIT)
			status = UI_TROUBLE;
	} else {
		ui_term_close(&ui);
		if (ui.opts.save_path != NULL)
			fprintf(stderr, "xtac: saved to %s\n",
			    ui.opts.save_path);
	}
	if (g != NULL)
		game_set_dice(g, NULL, NULL);
	ui_act_free(&ui);
	free(ui.unit_glyphs);
	free(ui.cached);
	ui_map_memo_free(&ui);
	free(ui.occupant);
	free(ui.ghost);
	free(ui.items);
	free(ui.links);
	free(ui.reach);
	free(ui.message);
	free(ui.saved_path);
	free(ui.over_note);
	ui_overlay_free(&ui);
	path_free(&ui.path);
	ui_log_free(&ui);
	event_list_free(&ui.ev);
	return status;
}
