/*
 * ui-carry.c - carrying bodies in the client (§5.3; the cost and weight are
 * decided in game-carry.c): C picks an unconscious or dead unit in the
 * unit's square or beside it (Tab for the next) and Enter lifts it; with a
 * body carried, C offers to lay it down.  The panel shows the TUs, the load
 * after lifting against the unit's strength, and the engine's refusal
 * (game_check) before Enter is pressed; the commands are `xtac script`'s
 * carry and lay, through ui_act_issue().
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

/* Whether unit i is a body the selected unit could reach to lift. */
bool
ui_carry_candidate(const struct ui *ui, int i)
{
	const struct unit	*a = game_unit(ui->g, ui->selected);
	const struct unit	*t = game_unit(ui->g, i);

	return i != ui->selected && t->status != UNIT_ACTIVE &&
	    t->carried_by < 0 && t->pos.z == a->pos.z &&
	    abs(t->pos.x - a->pos.x) <= 1 && abs(t->pos.y - a->pos.y) <= 1;
}

/* The command for the mode's choice: lay the body carried, else lift. */
static void
ui_carry_command(const struct ui *ui, struct command *c)
{
	const struct unit	*u = game_unit(ui->g, ui->selected);

	memset(c, 0, sizeof *c);
	c->unit = ui->selected;
	c->item = -1;
	if (u->carrying >= 0) {
		c->type = CMD_LAY;
		c->target = -1;
	} else {
		c->type = CMD_CARRY;
		c->target = ui->target;
	}
}

/*
 * Enter the mode: the body carried, to lay down, or the first body in
 * reach; with none, refused as the key is pressed.
 */
void
ui_carry_enter(struct ui *ui, int first)
{
	const struct unit	*u = game_unit(ui->g, ui->selected);

	ui->target = u->carrying >= 0 ? u->carrying : first;
	if (ui->target < 0) {
		ui_aim_say(ui, "no body beside the unit to carry");
		return;
	}
	ui_main_mode(ui, UI_MODE_CARRY);
	ui->cursor = game_unit(ui->g, ui->target)->pos;
	ui_map_follow(ui, UI_FOLLOW_JUMP);
}

void
ui_carry_go(struct ui *ui)
{
	const struct unit	*u = game_unit(ui->g, ui->selected);

	if (ui->target < 0)
		return;
	ui_main_mode(ui, UI_MODE_MAP);
	if (u->carrying >= 0)
		ui_act_issue(ui, "lay %s", u->id);
	else
		ui_act_issue(ui, "carry %s %s", u->id,
		    game_unit(ui->g, ui->target)->id);
}

void
ui_carry_panel(struct ui_aim_out *o, const struct unit *u)
{
	const struct ui		*ui = o->ui;
	const struct catalog	*cat = ui->s->catalog;
	const struct unit	*b = game_unit(ui->g, ui->target);
	struct command		 c;
	char			*cause = NULL;
	int			 load, str = unit_strength(cat, u);
	bool			 lay = u->carrying >= 0;

	ui_aim_linef(o, lay ? "Lay" : "Lift", UI_STYLE_TITLE, "%s, %s",
	    ui_panel_unit_name(ui, b), b->status == UNIT_DEAD ? "dead" :
	    "unconscious");
	ui_carry_command(ui, &c);
	if (lay) {
		ui_aim_line(o, "TU", UI_STYLE_NORMAL, "none: laid where the "
		    "unit stands");
		load = unit_weight(cat, u) - UNIT_BODY_WEIGHT;
	} else {
		ui_aim_linef(o, "TU", UI_STYLE_NORMAL, "%d of %d left",
		    UNIT_CARRY_TU, u->tu);
		load = unit_weight(cat, u) + UNIT_BODY_WEIGHT;
	}
	/* Only soldiers lift bodies, and only they carry a load (§5.3). */
	if (u->t->class == UNIT_SOLDIER)
		ui_aim_linef(o, "Load", load > str ? UI_STYLE_WARN :
		    UI_STYLE_NORMAL, "%d of STR %d%s", load, str, load > str ?
		    ": encumbered, moves cost double" : "");
	if (game_check(ui->g, &c, &cause) == 0)
		ui_aim_line(o, ">", UI_STYLE_TITLE, lay ? "Enter: lay it down" :
		    "Enter: lift it; it goes where the unit goes");
	else
		ui_aim_linef(o, ">", UI_STYLE_TITLE, "-: %s", cause != NULL ?
		    cause : "impossible");
	free(cause);
	ui_aim_note(o, lay ? "A body laid down stays where it is." :
	    "A body weighs 20; one at a time (\xc2\xa7" "5.3).");
}

/* The status line: what Enter does, or why it cannot. */
char *
ui_carry_intent(const struct ui *ui)
{
	const struct unit	*u = game_unit(ui->g, ui->selected);
	const struct unit	*b;
	struct command		 c;
	char			*cause = NULL, *r;

	if (ui->target < 0)
		return NULL;
	b = game_unit(ui->g, ui->target);
	ui_carry_command(ui, &c);
	if (game_check(ui->g, &c, &cause) != 0) {
		r = xasprintf("%s %s %s: %s", u->id, c.type == CMD_LAY ?
		    "lays down" : "lifts", b->id, cause != NULL ? cause :
		    "no");
		free(cause);
		return r;
	}
	if (c.type == CMD_LAY)
		return xasprintf("%s lays %s down: no TU", u->id, b->id);
	return xasprintf("%s lifts %s: %d TU", u->id, b->id, UNIT_CARRY_TU);
}
