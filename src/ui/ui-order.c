/*
 * ui-order.c - the selected unit's orders from the keys: Enter in move mode
 * (the walk, after which move mode stays on while the unit can walk on, so
 * a walk a square at a time is a direction and Enter), Enter in fire and
 * confirm modes, kneeling, the reaction order and reloading; and whether
 * the viewer may give the selected unit orders now.  Every order is a
 * command issued through ui-act.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

/* The selected unit, if the viewer may give it orders now. */
bool
ui_order_can(struct ui *ui)
{
	if (ui->selected >= 0 && ui_act_mine(ui, ui->selected) &&
	    game_side_to_move(ui->g) == (int)ui->viewer)
		return true;
	free(ui->message);
	if (ui_preview_on(ui))
		ui->message = xasprintf("%s to move: select one of theirs",
		    ui_act_side_name(ui->viewer));
	else
		ui->message = xstrdup("select one of your units first (Tab)");
	ui->dirty |= UI_DIRTY_STATUS;
	return false;
}

/*
 * After a walk: whether the unit could walk on now, so move mode stays
 * (a walk a square at a time is a direction and Enter, its hints unchanged).
 */
static bool
ui_order_walks_on(const struct ui *ui)
{
	const struct unit	*u;

	if (ui->mode != UI_MODE_MAP || ui->selected < 0 ||
	    !ui_act_mine(ui, ui->selected) ||
	    game_side_to_move(ui->g) != (int)ui->viewer)
		return false;
	u = game_unit(ui->g, ui->selected);
	return u->status == UNIT_ACTIVE && !u->turn_over && u->tu > 0;
}

/* Enter in move, fire and confirm modes: issue the command. */
void
ui_order_confirm(struct ui *ui)
{
	const struct unit	*u;
	enum ui_mode		 was = ui->mode;
	int			 who;
	enum side		 side;
	bool			 walked = false;

	if (was == UI_MODE_CONFIRM) {
		ui_main_mode(ui, UI_MODE_MAP);
		ui_act_issue(ui, "end");
		return;
	}
	if (ui->selected < 0)
		return;
	who = ui->selected;
	u = game_unit(ui->g, who);
	if (was == UI_MODE_MOVE) {
		ui_main_mode(ui, UI_MODE_MAP);
		side = u->side;
		if (ui_act_issue(ui, "move %s %d %d %d", u->id,
		    ui->cursor.x + 1, ui->cursor.y + 1, ui->cursor.z + 1) == 0) {
			/* The command may have added units: fetch it anew. */
			u = game_unit(ui->g, who);
			ui_log_walk(ui, who, side, xasprintf(
			    "%s moves to %d,%d L%d, %d TU left.", u->id,
			    u->pos.x + 1, u->pos.y + 1, u->pos.z + 1, u->tu));
			walked = true;
		}
	} else if (was == UI_MODE_FIRE) {
		ui_main_mode(ui, UI_MODE_MAP);
		ui_fire_go(ui);
	}
	if (ui->mode == UI_MODE_MAP && ui->selected >= 0)
		ui_main_select(ui, ui->selected);
	if (walked && ui->selected == who && ui_order_walks_on(ui))
		ui_main_mode(ui, UI_MODE_MOVE);
}

void
ui_order_kneel(struct ui *ui)
{
	const struct unit	*u;

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	/* A prone unit (fallen on) can only stand up. */
	ui_act_issue(ui, "%s %s", u->kneeling || u->prone ? "stand" :
	    "kneel", u->id);
}

/*
 * RULINGS 6.5: the unit's standing order for reaction fire, the next of a
 * few: any chance (the starting one), 25 % or more, 50 % or more, never,
 * then any chance through friends too.  Never through friends otherwise.
 */
void
ui_order_react(struct ui *ui)
{
	static const int	 orders[][2] = {
		{ UNIT_REACT_MIN, UNIT_REACT_NEVER },
		{ 25, UNIT_REACT_NEVER },
		{ 50, UNIT_REACT_NEVER },
		{ UNIT_REACT_NEVER, UNIT_REACT_NEVER },
		{ UNIT_REACT_MIN, UNIT_REACT_MIN },
	};
	const struct unit	*u;
	size_t			 i, n = sizeof orders / sizeof orders[0];

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	for (i = 0; i < n; i++)
		if (orders[i][0] == u->react_min &&
		    orders[i][1] == u->react_friends)
			break;
	i = i < n ? (i + 1) % n : 0;
	if (orders[i][0] == UNIT_REACT_NEVER)
		ui_act_issue(ui, "react %s never", u->id);
	else if (orders[i][1] == UNIT_REACT_NEVER)
		ui_act_issue(ui, "react %s %d", u->id, orders[i][0]);
	else
		ui_act_issue(ui, "react %s %d friends %d", u->id, orders[i][0],
		    orders[i][1]);
}

/* Reload the right hand with the first clip on the belt that fits it. */
void
ui_order_reload(struct ui *ui)
{
	const struct catalog	*c = ui->s->catalog;
	const struct unit	*u;
	const struct item_type	*w;
	size_t			 b;
	int			 a;

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	if (u->hands[HAND_RIGHT].item < 0) {
		free(ui->message);
		ui->message = xstrdup("nothing in the right hand to reload");
		ui->dirty |= UI_DIRTY_STATUS;
		return;
	}
	w = &c->items[u->hands[HAND_RIGHT].item];
	for (b = 0; b < u->nbelt; b++)
		for (a = 0; a < w->nammo; a++)
			if (u->belt[b].item >= 0 &&
			    u->belt[b].item == w->ammo[a]) {
				ui_act_issue(ui, "reload %s right %s", u->id,
				    c->items[u->belt[b].item].id);
				return;
			}
	free(ui->message);
	ui->message = xasprintf("no ammunition for the %s on the belt",
	    w->name);
	ui->dirty |= UI_DIRTY_STATUS;
}
