/*
 * ui-mouse.c - the mouse: clicks on the map and the unit list, the wheel.
 * A click gives orders as the keys do (two clicks each) or moves the
 * cursor and selects; the wheel moves the cursor or scrolls help.
 */
#include "ui-int.h"

/*
 * The mouse gives orders as the keys do, two clicks each: with one of the
 * viewer's units selected, a click on an empty square shows the way there
 * (move mode) and a second click on it walks; a click on an enemy in sight
 * aims at it (fire mode) and a second click fires; in move mode a click
 * on another unit goes back to the map and selects it.  Returns whether the
 * click was such an order; otherwise it moves the cursor and selects.
 */
static bool
ui_mouse_order(struct ui *ui, struct pos p)
{
	int	unit = ui_map_occupant(ui, p);
	bool	same = p.x == ui->cursor.x && p.y == ui->cursor.y &&
		    p.z == ui->cursor.z;
	bool	enemy = unit >= 0 && !ui_act_mine(ui, unit) &&
		    ui_act_visible(ui, unit) &&
		    game_unit(ui->g, unit)->status == UNIT_ACTIVE;

	switch (ui->mode) {
	case UI_MODE_MOVE:
		/*
		 * Another unit of the side, or one down: back to the map,
		 * where the click selects it, as Tab does in move mode (the
		 * path shown was the old unit's).
		 */
		if (unit >= 0 && !enemy) {
			ui_main_mode(ui, UI_MODE_MAP);
			return false;
		}
		if (same && ui->cost >= 0) {
			ui_order_confirm(ui);
			return true;
		}
		/* Walking leaves move mode on: an enemy is aimed at as on
		   the map. */
		if (enemy) {
			ui_main_mode(ui, UI_MODE_MAP);
			return ui_mouse_order(ui, p);
		}
		ui->cursor = p;
		ui_act_preview(ui);
		ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS | UI_DIRTY_SHEET;
		return true;
	case UI_MODE_FIRE:
		/* The aim is the cursor: a second click fires at it. */
		if (same || (enemy && unit == ui->target)) {
			ui_order_confirm(ui);
			return true;
		}
		ui->cursor = p;
		ui_map_follow(ui, UI_FOLLOW_EDGE);
		ui_fire_retarget(ui);
		return true;
	case UI_MODE_MAP:
		if (ui->selected < 0 || !ui_act_mine(ui, ui->selected) ||
		    game_side_to_move(ui->g) != (int)ui->viewer ||
		    (unit >= 0 && !enemy))
			return false;
		if (enemy) {
			ui_main_action(ui, UI_ACT_FIRE_MODE, 0);
			if (ui->mode == UI_MODE_FIRE) {
				ui->target = unit;
				ui->cursor = game_unit(ui->g, unit)->pos;
			}
			return true;
		}
		ui->cursor = p;
		ui_main_mode(ui, UI_MODE_MOVE);
		ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS | UI_DIRTY_SHEET;
		return true;
	default:
		return false;
	}
}

void
ui_mouse_event(struct ui *ui)
{
	MEVENT		ev;
	struct pos	p;
	int		wy, wx, unit, up;

	if (getmouse(&ev) != OK)
		return;
	up = (ev.bstate & BUTTON4_PRESSED) ? -1 : 0;
	if (ev.bstate & BUTTON5_PRESSED)
		up = 1;
	if (up != 0) {
		if (ui->mode == UI_MODE_HELP)
			ui_main_scroll(ui, 3 * up);
		else
			ui_main_move(ui, up < 0 ? DIR_N : DIR_S, 3);
		return;
	}
	/* Throw mode too: a click picks the landing square. */
	if ((ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) == 0 ||
	    (ui->mode != UI_MODE_MAP && ui->mode != UI_MODE_LOOK &&
	    ui->mode != UI_MODE_THROW && ui->mode != UI_MODE_MOVE &&
	    ui->mode != UI_MODE_FIRE))
		return;
	wy = ev.y;
	wx = ev.x;
	if (wmouse_trafo(ui->term.map, &wy, &wx, FALSE)) {
		if (!ui_map_square_at(ui, wy, wx, &p))
			return;
		if (ui_mouse_order(ui, p))
			return;
		if ((unit = ui_map_occupant(ui, p)) >= 0 &&
		    ui->mode == UI_MODE_MAP && ui_act_visible(ui, unit))
			ui_main_select(ui, unit);
		/* The square clicked, even inside a 2x2 unit. */
		ui->cursor = p;
		ui_map_follow(ui, UI_FOLLOW_EDGE);
		ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS | UI_DIRTY_SHEET;
		return;
	}
	wy = ev.y;
	wx = ev.x;
	if (ui->mode == UI_MODE_MAP &&
	    wmouse_trafo(ui->term.list, &wy, &wx, FALSE) &&
	    (unit = ui_panel_list_unit(ui, wy)) >= 0)
		ui_main_select(ui, unit);
}
