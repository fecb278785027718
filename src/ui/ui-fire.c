/*
 * ui-fire.c - the fire mode: a shot at a unit, at a square, or through a
 * guided weapon's waypoints, with every term of its chance shown before
 * Enter.
 *
 * §6.1: "Attacks may be made against units or squares"; an unconscious
 * unit is shot at as a square.  The cursor is the aim: on a unit the
 * viewer sees standing (not the shooter), the shot is at that unit; on any
 * other square (a wall's side, an object, a body, where an enemy was last
 * seen) it is at the square.  Tab jumps between enemies in sight.
 *
 * A guided weapon (the Blaster Launcher, the fusion ball; RULINGS §6.1)
 * flies through waypoints: v adds the cursor's square, V takes the last
 * one back.  The engine answers for the whole shot as the command would
 * stand (game_shot_chance): its terms, and the roll needed at each
 * waypoint and at the target.  Nothing here decides a rule.
 *
 * Invariants: in fire mode ui->target is a unit the viewer sees standing,
 * or -1 for the square under the cursor; ui->via[0 .. nvia) are squares
 * of the map, the waypoints in the order flown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

/* The shot modes, in the order the panel lists them. */
static const enum shot_mode ui_fire_modes[] = { SHOT_SNAP, SHOT_AIMED,
    SHOT_AUTO };

/* The shot as the fire mode stands, as the engine reads a command. */
static void
ui_fire_command(const struct ui *ui, enum shot_mode mode, struct command *c)
{
	memset(c, 0, sizeof *c);
	c->type = CMD_SHOOT;
	c->unit = ui->selected;
	c->target = ui->target;
	c->pos = ui->cursor;
	c->mode = mode;
	c->hand = ui->hand;
	c->item = -1;
	c->nvia = ui->nvia;
	memcpy(c->via, ui->via, ui->nvia * sizeof ui->via[0]);
}

/* "s1" or "5,3 L1": what the shot is at, as the status line says it. */
static char *
ui_fire_aim_name(const struct ui *ui)
{
	int	occ = ui_map_occupant(ui, ui->cursor);

	if (ui->target >= 0)
		return xstrdup(game_unit(ui->g, ui->target)->id);
	/* A unit down there is shot at as its square (§6.1): say whose. */
	if (occ >= 0 && occ != ui->selected && ui_act_visible(ui, occ))
		return xasprintf("%d,%d L%d (%s)", ui->cursor.x + 1,
		    ui->cursor.y + 1, ui->cursor.z + 1,
		    game_unit(ui->g, occ)->id);
	return xasprintf("%d,%d L%d", ui->cursor.x + 1, ui->cursor.y + 1,
	    ui->cursor.z + 1);
}

/* The item in the hand that would fire (the right one akimbo), or NULL. */
static const struct item_type *
ui_fire_weapon(const struct ui *ui)
{
	const struct unit	*u;
	int			 item;

	if (ui->selected < 0)
		return NULL;
	u = game_unit(ui->g, ui->selected);
	item = u->hands[ui->hand == HAND_LEFT ? HAND_LEFT : HAND_RIGHT].item;
	return item >= 0 ? &ui->s->catalog->items[item] : NULL;
}

bool
ui_fire_guided(const struct ui *ui)
{
	const struct item_type	*it = ui_fire_weapon(ui);

	return it != NULL && it->guided;
}

/* The waypoint's number (1 on) at p in fire mode, or 0. */
int
ui_fire_via_at(const struct ui *ui, struct pos p)
{
	size_t	k;

	if (ui->mode != UI_MODE_FIRE)
		return 0;
	for (k = 0; k < ui->nvia; k++)
		if (ui->via[k].x == p.x && ui->via[k].y == p.y &&
		    ui->via[k].z == p.z)
			return (int)k + 1;
	return 0;
}

/* Aim at what is under the cursor: a unit seen standing, or the square. */
void
ui_fire_retarget(struct ui *ui)
{
	int	occ = ui_map_occupant(ui, ui->cursor);

	ui->target = occ >= 0 && occ != ui->selected &&
	    ui_act_visible(ui, occ) &&
	    game_unit(ui->g, occ)->status == UNIT_ACTIVE ? occ : -1;
	free(ui->message);
	ui->message = NULL;
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_SHEET | UI_DIRTY_STATUS;
}

/*
 * The first enemy in sight standing (one down is shot at as a square, so
 * comes only when none stands), or -1.
 */
static int
ui_fire_first(const struct ui *ui)
{
	int	first = ui_act_next_target(ui, -1, 1), t = first;

	while (t >= 0 && game_unit(ui->g, t)->status != UNIT_ACTIVE) {
		t = ui_act_next_target(ui, t, 1);
		if (t == first)
			return first;
	}
	return t;
}

/* Tab: the next enemy in sight after the one under the cursor. */
void
ui_fire_next(struct ui *ui, int step)
{
	int	t, from = ui->target >= 0 ? ui->target :
		    ui_map_occupant(ui, ui->cursor);

	if ((t = ui_act_next_target(ui, from, step)) < 0)
		return;
	ui->cursor = game_unit(ui->g, t)->pos;
	ui_map_follow(ui, UI_FOLLOW_JUMP);
	ui_fire_retarget(ui);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

/* f: aim at the first enemy in sight, or at the square under the cursor. */
void
ui_fire_enter(struct ui *ui)
{
	const struct item_type	*it;
	size_t			 k;
	int			 t;

	if (!ui_order_can(ui))
		return;
	ui->hand = HAND_RIGHT;
	ui->nvia = 0;
	/* A weapon without the last shot's mode: its first (aimed only). */
	if ((it = ui_fire_weapon(ui)) != NULL && item_shot(it, ui->shot) ==
	    NULL) {
		for (k = 0; k < XTAC_NITEMS(ui_fire_modes); k++)
			if (item_shot(it, ui_fire_modes[k]) != NULL) {
				ui->shot = ui_fire_modes[k];
				break;
			}
	}
	t = ui_fire_first(ui);
	ui_main_mode(ui, UI_MODE_FIRE);
	if (t >= 0) {
		ui->cursor = game_unit(ui->g, t)->pos;
		ui_map_follow(ui, UI_FOLLOW_JUMP);
	}
	ui_fire_retarget(ui);
	if (t < 0)
		ui_aim_say(ui, "no enemy in sight: move the cursor to aim at "
		    "a square");
}

/* v adds the cursor's square as the next waypoint, V takes one back. */
void
ui_fire_via(struct ui *ui, int step)
{
	const struct item_type	*it = ui_fire_weapon(ui);
	char			*s;

	if (step < 0) {
		if (ui->nvia > 0)
			ui->nvia--;
	} else if (it == NULL || !it->guided) {
		s = xasprintf("waypoints are for guided weapons (Blaster "
		    "Launcher, fusion ball); the %s hand holds %s",
		    ui_aim_hand_name(ui->hand), it != NULL ? it->name :
		    "nothing");
		ui_aim_say(ui, s);
		free(s);
		return;
	} else if (ui->nvia == CMD_MAX_VIA) {
		s = xasprintf("a guided shot takes at most %d waypoints",
		    CMD_MAX_VIA);
		ui_aim_say(ui, s);
		free(s);
		return;
	} else
		ui->via[ui->nvia++] = ui->cursor;
	free(ui->message);
	ui->message = NULL;
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_SHEET | UI_DIRTY_STATUS;
}

/* Enter: the shot, as `xtac script` would read it. */
void
ui_fire_go(struct ui *ui)
{
	struct strbuf	 sb;
	char		*aim, *line;
	size_t		 k;

	if (ui->selected < 0)
		return;
	aim = ui->target >= 0 ? xstrdup(game_unit(ui->g, ui->target)->id) :
	    xasprintf("%d,%d,%d", ui->cursor.x + 1, ui->cursor.y + 1,
	    ui->cursor.z + 1);
	strbuf_init(&sb);
	for (k = 0; k < ui->nvia; k++)
		strbuf_printf(&sb, "%s %d,%d,%d", k == 0 ? " via" : "",
		    ui->via[k].x + 1, ui->via[k].y + 1, ui->via[k].z + 1);
	line = strbuf_steal(&sb);
	ui_act_issue(ui, "shoot %s %s %s %s%s",
	    game_unit(ui->g, ui->selected)->id, aim,
	    shot_mode_names[ui->shot], ui_aim_hand_name(ui->hand), line);
	ui->nvia = 0;
	free(line);
	free(aim);
}

/* "; waypoint 1: 85%, 2: 80%, target 75%": a guided shot's rolls. */
static void
ui_fire_legs(struct strbuf *sb, const int *legs, size_t nvia)
{
	size_t	k;

	strbuf_puts(sb, "; waypoint");
	for (k = 0; k < nvia; k++)
		strbuf_printf(sb, "%s %zu: %d%%", k > 0 ? "," : "", k + 1,
		    legs[k]);
	strbuf_printf(sb, ", target %d%%", legs[nvia]);
}

/*
 * "aimed 68% (ACC +25, aimed +50, range -7)" or why it cannot be; a
 * guided shot adds the roll needed at each waypoint and at the target.
 */
char *
ui_fire_chance(const struct ui *ui, enum shot_mode mode)
{
	struct command	 c;
	struct event	 why;
	struct strbuf	 sb;
	char		*cause = NULL, *terms;
	int		 chance, legs[CMD_MAX_VIA + 1];

	ui_fire_command(ui, mode, &c);
	memset(&why, 0, sizeof why);
	strbuf_init(&sb);
	chance = game_shot_chance(ui->g, &c, legs, &why, &cause);
	strbuf_printf(&sb, "%s ", shot_mode_names[mode]);
	if (chance < 0) {
		strbuf_printf(&sb, "-: %s", cause != NULL ? cause :
		    "impossible");
		free(cause);
		return strbuf_steal(&sb);
	}
	terms = ui_aim_terms(&why);
	strbuf_printf(&sb, "%d%% (%s)", chance, terms);
	free(terms);
	ui_aim_why_free(&why);
	if (c.nvia > 0)
		ui_fire_legs(&sb, legs, c.nvia);
	return strbuf_steal(&sb);
}

/* The status line: "ana at s1: aimed 68% (...)", "ana at 5,3 L1: ...". */
char *
ui_fire_intent(const struct ui *ui)
{
	char	*aim, *s, *r;

	if (ui->selected < 0)
		return NULL;
	aim = ui_fire_aim_name(ui);
	s = ui_fire_chance(ui, ui->shot);
	r = xasprintf("%s at %s%s: %s", game_unit(ui->g, ui->selected)->id,
	    aim, ui->nvia > 0 ? " (guided)" : "", s);
	free(s);
	free(aim);
	return r;
}

/* The aim panel: the aim, the hand, each shot mode's chance and terms. */
void
ui_fire_panel(struct ui_aim_out *o, const struct unit *u)
{
	const struct ui		*ui = o->ui;
	const struct catalog	*c = ui->s->catalog;
	const struct carried	*h;
	const struct shot	*shot;
	struct command		 cmd;
	struct event		 why;
	struct strbuf		 sb;
	char			*cause, *s, extra[32];
	enum shot_mode		 mode;
	size_t			 i, k;
	int			 chance, legs[CMD_MAX_VIA + 1];

	if (ui->target >= 0) {
		const struct unit *t = game_unit(ui->g, ui->target);

		ui_aim_line(o, "At", UI_STYLE_TITLE, ui_panel_unit_name(ui, t));
		if (ui_act_mine(ui, ui->target))
			ui_aim_line(o, NULL, UI_STYLE_WARN, "one of yours!");
	} else {
		ui_aim_linef(o, "At", UI_STYLE_TITLE, "square %d,%d L%d",
		    ui->cursor.x + 1, ui->cursor.y + 1, ui->cursor.z + 1);
		s = ui_look_summary(ui, ui->cursor, -1);
		ui_aim_line(o, NULL, UI_STYLE_DIM, s);
		free(s);
	}
	if (ui->nvia > 0) {
		strbuf_init(&sb);
		for (k = 0; k < ui->nvia; k++)
			strbuf_printf(&sb, "%s%zu: %d,%d", k > 0 ? ", " : "",
			    k + 1, ui->via[k].x + 1, ui->via[k].y + 1);
		s = strbuf_steal(&sb);
		ui_aim_line(o, "Via", UI_STYLE_NORMAL, s);
		free(s);
	}
	h = &u->hands[ui->hand == HAND_LEFT ? HAND_LEFT : HAND_RIGHT];
	s = ui_aim_held(ui, h);
	ui_aim_linef(o, "Hand", UI_STYLE_NORMAL, "%s: %s",
	    ui_aim_hand_name(ui->hand), s);
	free(s);
	if (ui->hand == CMD_HAND_BOTH) {
		s = ui_aim_held(ui, &u->hands[HAND_LEFT]);
		ui_aim_linef(o, NULL, UI_STYLE_NORMAL, "and %s", s);
		free(s);
	}
	ui_aim_linef(o, "TU", UI_STYLE_NORMAL, "%d left", u->tu);
	for (i = 0; i < XTAC_NITEMS(ui_fire_modes); i++) {
		mode = ui_fire_modes[i];
		cause = NULL;
		memset(&why, 0, sizeof why);
		ui_fire_command(ui, mode, &cmd);
		chance = game_shot_chance(ui->g, &cmd, legs, &why, &cause);
		extra[0] = '\0';
		shot = h->item >= 0 ? item_shot(&c->items[h->item], mode) :
		    NULL;
		if (shot != NULL && ui->hand != CMD_HAND_BOTH)
			snprintf(extra, sizeof extra, ", %d TU", shot->tu);
		ui_aim_chance(o, NULL, mode == ui->shot,
		    shot_mode_names[mode], chance, &why, cause, extra);
		free(cause);
		if (chance < 0 || cmd.nvia == 0)
			continue;
		strbuf_init(&sb);
		ui_fire_legs(&sb, legs, cmd.nvia);
		s = strbuf_steal(&sb);
		ui_aim_line(o, NULL, UI_STYLE_DIM, s + 2);
		free(s);
	}
	ui_aim_note(o, "s a t: the shot; w: the hand");
	ui_aim_note(o, "Tab: an enemy; or any square");
	if (ui_fire_guided(ui))
		ui_aim_note(o, "v V: add, drop a waypoint");
}
