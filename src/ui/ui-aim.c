/*
 * ui-aim.c - the actions beyond moving: entering the aiming modes and
 * issuing their commands (throw, prime, melee, psi, the medikit; carrying
 * in ui-carry.c), opening
 * a door, turning, and the aim panel they share (the look window, over the
 * sheet and the list) with every number the engine's queries give.  The
 * throw's view is in ui-throw.c, the fire mode's in ui-fire.c.  Commands
 * go through ui_act_issue(), the same text `xtac script` reads.
 *
 * Nothing here decides a rule: chances, ranges and refusals come from the
 * engine (game_throw_chance, game_melee_chance, game_psi_chance,
 * game_check); a refusal's reason is shown before the player presses
 * Enter, and a mode that cannot be used at all (no medikit in hand) is
 * refused as its key is pressed.
 *
 * Invariants: ui->target is a unit index valid for the mode or -1;
 * ui->hand is HAND_RIGHT, HAND_LEFT or CMD_HAND_BOTH.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

static const char *const ui_aim_hands[3] = { "right", "left", "both" };

const char *
ui_aim_hand_name(int hand)
{
	return hand >= 0 && hand <= CMD_HAND_BOTH ? ui_aim_hands[hand] :
	    "right";
}

bool
ui_aim_mode(enum ui_mode m)
{
	return m == UI_MODE_FIRE || m == UI_MODE_THROW ||
	    m == UI_MODE_PRIME || m == UI_MODE_MELEE || m == UI_MODE_PSI ||
	    m == UI_MODE_HEAL || m == UI_MODE_CARRY;
}

void
ui_aim_say(struct ui *ui, const char *msg)
{
	free(ui->message);
	ui->message = xstrdup(msg);
	ui->dirty |= UI_DIRTY_STATUS;
}

/* Squares between two units' footprints on one level (2x2 included). */
static int
ui_aim_gap(const struct unit *a, const struct unit *b)
{
	int	dx = 0, dy = 0;

	if (a->pos.x + a->t->size - 1 < b->pos.x)
		dx = b->pos.x - (a->pos.x + a->t->size - 1);
	else if (b->pos.x + b->t->size - 1 < a->pos.x)
		dx = a->pos.x - (b->pos.x + b->t->size - 1);
	if (a->pos.y + a->t->size - 1 < b->pos.y)
		dy = b->pos.y - (a->pos.y + a->t->size - 1);
	else if (b->pos.y + b->t->size - 1 < a->pos.y)
		dy = a->pos.y - (b->pos.y + b->t->size - 1);
	return dx > dy ? dx : dy;
}

/* Whether unit i is a target for the mode: what the player may pick. */
static bool
ui_aim_candidate(const struct ui *ui, enum ui_mode mode, int i)
{
	const struct unit	*a = game_unit(ui->g, ui->selected);
	const struct unit	*t = game_unit(ui->g, i);
	bool			 enemy;

	/* The dead too, and bodies in reach: no other one while carrying. */
	if (mode == UI_MODE_CARRY)
		return a->carrying < 0 && ui_carry_candidate(ui, i);
	if (!ui_act_visible(ui, i) || t->status == UNIT_DEAD)
		return false;
	enemy = t->controller != ui->viewer && t->side != ui->viewer;
	switch (mode) {
	case UI_MODE_MELEE:
		return enemy && t->status == UNIT_ACTIVE &&
		    t->pos.z == a->pos.z && ui_aim_gap(a, t) == 1;
	case UI_MODE_PSI:
		return enemy && t->status == UNIT_ACTIVE &&
		    t->controller != SIDE_CIVILIAN;
	case UI_MODE_HEAL:
		return i == ui->selected || (t->pos.z == a->pos.z &&
		    ui_aim_gap(a, t) <= 1);
	default:
		return false;
	}
}

/* The next target after `from` in step's direction, or -1. */
static int
ui_aim_next(const struct ui *ui, enum ui_mode mode, int from, int step)
{
	int	n = (int)game_nunits(ui->g), k, i;

	for (k = 1; k <= n; k++) {
		i = ((from < 0 ? (step > 0 ? -1 : 0) : from) + step * k +
		    2 * n) % n;
		if (ui_aim_candidate(ui, mode, i))
			return i;
	}
	return -1;
}

/* The hand holding a grenade (right first), or -1. */
static int
ui_aim_grenade_hand(const struct ui *ui, const struct unit *u)
{
	const struct catalog	*c = ui->s->catalog;
	int			 h;

	for (h = 0; h < HAND_COUNT; h++)
		if (u->hands[h].item >= 0 &&
		    c->items[u->hands[h].item].class == ITEM_GRENADE)
			return h;
	return -1;
}

/* The hand holding a medikit (an item with a heal use), or -1. */
static int
ui_aim_medikit_hand(const struct ui *ui, const struct unit *u)
{
	const struct catalog	*c = ui->s->catalog;
	int			 h;

	for (h = 0; h < HAND_COUNT; h++)
		if (u->hands[h].item >= 0 &&
		    item_shot(&c->items[u->hands[h].item], SHOT_HEAL) != NULL)
			return h;
	return -1;
}

/* "TAC +65, range -6": an event's terms, for a person. */
char *
ui_aim_terms(const struct event *why)
{
	struct strbuf	sb;
	size_t		i;

	strbuf_init(&sb);
	for (i = 0; i < why->nterms; i++)
		strbuf_printf(&sb, "%s%s %+d", i > 0 ? ", " : "",
		    why->terms[i].name, why->terms[i].value);
	return strbuf_steal(&sb);
}

void
ui_aim_why_free(struct event *why)
{
	size_t	i;

	for (i = 0; i < why->nowned; i++)
		free(why->owned[i]);
}

/* --- entering the modes ------------------------------------------------- */

static void
ui_aim_enter(struct ui *ui, enum ui_mode mode)
{
	const struct unit	*u;
	int			 h;

	if (mode == UI_MODE_INV) {
		if (ui->selected < 0 || !ui_act_mine(ui, ui->selected)) {
			ui_aim_say(ui, "select one of your units first (Tab)");
			return;
		}
		ui->inv_row = 0;
		ui_main_mode(ui, UI_MODE_INV);
		return;
	}
	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	switch (mode) {
	case UI_MODE_THROW:
		if ((h = ui_aim_grenade_hand(ui, u)) < 0)
			h = u->hands[HAND_RIGHT].item >= 0 ? HAND_RIGHT :
			    HAND_LEFT;
		if (u->hands[h].item < 0) {
			ui_aim_say(ui, "nothing in hand to throw (i: the "
			    "inventory)");
			return;
		}
		ui->hand = h;
		ui_main_mode(ui, UI_MODE_THROW);
		ui_throw_update(ui);
		/* Anything may be thrown (§6.2), but say what it means. */
		if (ui_aim_grenade_hand(ui, u) < 0)
			ui_aim_say(ui, "no grenade in hand: a thrown item only "
			    "lands on the square, harming nobody (\xc2\xa7"
			    "6.2)");
		return;
	case UI_MODE_PRIME:
		if ((h = ui->mode == UI_MODE_THROW || ui->mode == UI_MODE_INV ?
		    ui->hand : ui_aim_grenade_hand(ui, u)) < 0) {
			ui_aim_say(ui, "no grenade in hand to prime");
			return;
		}
		ui->hand = h;
		ui->kind = 0;
		ui->prime_back = ui->mode == UI_MODE_THROW ||
		    ui->mode == UI_MODE_INV ? ui->mode : UI_MODE_MAP;
		ui_main_mode(ui, UI_MODE_PRIME);
		return;
	case UI_MODE_HEAL:
		/* Refused now, not on Enter: nothing to treat with. */
		if (ui_aim_medikit_hand(ui, u) < 0) {
			ui_aim_say(ui, "no medikit in hand (i: the inventory)");
			return;
		}
		/* FALLTHROUGH */
	case UI_MODE_MELEE:
	case UI_MODE_PSI:
		ui->target = mode == UI_MODE_HEAL ? ui->selected :
		    ui_aim_next(ui, mode, -1, 1);
		if (ui->target < 0) {
			ui_aim_say(ui, mode == UI_MODE_MELEE ?
			    "no enemy next to the unit" : "no enemy in sight");
			return;
		}
		ui->hand = mode == UI_MODE_MELEE ? CMD_HAND_BOTH : HAND_RIGHT;
		ui->kind = mode == UI_MODE_PSI ? PSI_PROBE : HEAL_HTH;
		ui_main_mode(ui, mode);
		ui->cursor = game_unit(ui->g, ui->target)->pos;
		ui_map_follow(ui, UI_FOLLOW_JUMP);
		return;
	case UI_MODE_CARRY:
		ui_carry_enter(ui, ui_aim_next(ui, mode, -1, 1));
		return;
	default:
		return;
	}
}

/* --- one-key orders: open, turn ------------------------------------------ */

/* The direction from a to b in eight: steep or flat lines go straight. */
static enum dir
ui_aim_direction(struct pos a, struct pos b)
{
	int	dx = b.x - a.x, dy = b.y - a.y;
	int	sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ?
		    -1 : 0;
	int	d;

	if (abs(dx) > 2 * abs(dy))
		sy = 0;
	else if (abs(dy) > 2 * abs(dx))
		sx = 0;
	for (d = 0; d < DIR_COUNT; d++)
		if (dir_dx[d] == sx && dir_dy[d] == sy)
			return (enum dir)d;
	return DIR_N;
}

/*
 * The door toward the cursor when it is on a square next to the unit
 * (n, e, s or w), else the edge the unit faces.
 */
static void
ui_aim_open(struct ui *ui)
{
	const struct unit	*u;
	struct pos		 c = ui->cursor;
	enum dir		 d;

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	if (c.z == u->pos.z && abs(c.x - u->pos.x) + abs(c.y - u->pos.y) == 1)
		d = ui_aim_direction(u->pos, c);
	else
		d = u->facing;
	if (d != DIR_N && d != DIR_E && d != DIR_S && d != DIR_W) {
		ui_aim_say(ui, "doors are n, e, s or w: put the cursor next "
		    "to the unit, on the door's far side");
		return;
	}
	ui_act_issue(ui, "open %s %s", u->id, dir_names[d]);
}

static void
ui_aim_turn(struct ui *ui)
{
	const struct unit	*u;

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	if (ui->cursor.x == u->pos.x && ui->cursor.y == u->pos.y) {
		ui_aim_say(ui, "put the cursor where the unit should face");
		return;
	}
	ui_act_issue(ui, "turn %s %s", u->id,
	    dir_names[ui_aim_direction(u->pos, ui->cursor)]);
}

/* --- Enter: the command --------------------------------------------------- */

static void
ui_aim_go(struct ui *ui)
{
	enum ui_mode	 was = ui->mode;
	const char	*id, *tid;
	int		 who = ui->selected, rc;

	if (who < 0)
		return;
	id = game_unit(ui->g, who)->id;
	tid = ui->target >= 0 ? game_unit(ui->g, ui->target)->id : NULL;
	switch (was) {
	case UI_MODE_THROW:
		ui_main_mode(ui, UI_MODE_MAP);
		ui_act_issue(ui, "throw %s %d %d %d %s", id, ui->cursor.x + 1,
		    ui->cursor.y + 1, ui->cursor.z + 1,
		    ui_aim_hand_name(ui->hand));
		break;
	case UI_MODE_PRIME:
		rc = ui_act_issue(ui, "prime %s %s %d", id,
		    ui_aim_hand_name(ui->hand), ui->kind);
		/* Back where priming was asked for, to throw it say. */
		if (ui->mode == UI_MODE_PRIME)
			ui_main_mode(ui, rc == 0 ? ui->prime_back :
			    UI_MODE_MAP);
		if (ui->mode == UI_MODE_THROW)
			ui_throw_update(ui);
		return;
	case UI_MODE_MELEE:
		if (tid == NULL)
			return;
		ui_main_mode(ui, UI_MODE_MAP);
		if (ui->hand == CMD_HAND_BOTH)
			ui_act_issue(ui, "melee %s %s", id, tid);
		else
			ui_act_issue(ui, "melee %s %s %s", id, tid,
			    ui_aim_hand_name(ui->hand));
		break;
	case UI_MODE_PSI:
		if (tid == NULL)
			return;
		ui_main_mode(ui, UI_MODE_MAP);
		ui_act_issue(ui, "psi %s %s %s", id, tid,
		    psi_kind_names[ui->kind]);
		break;
	case UI_MODE_HEAL:
		if (tid == NULL)
			return;
		ui_main_mode(ui, UI_MODE_MAP);
		ui_act_issue(ui, "heal %s %s %s", id, tid,
		    heal_kind_names[ui->kind]);
		break;
	case UI_MODE_CARRY:
		ui_carry_go(ui);
		break;
	default:
		return;
	}
	if (ui->mode == UI_MODE_MAP && ui->selected >= 0)
		ui_main_select(ui, ui->selected);
}

static void
ui_aim_hand(struct ui *ui)
{
	switch (ui->mode) {
	case UI_MODE_FIRE:
		/* Right, left, both: akimbo only with two weapons (§6.1). */
		ui->hand = (ui->hand + 1) % (CMD_HAND_BOTH + 1);
		break;
	case UI_MODE_MELEE:
		ui->hand = ui->hand == CMD_HAND_BOTH ? HAND_RIGHT :
		    ui->hand == HAND_RIGHT ? HAND_LEFT : CMD_HAND_BOTH;
		break;
	case UI_MODE_THROW:
	case UI_MODE_PRIME:
		ui->hand = ui->hand == HAND_RIGHT ? HAND_LEFT : HAND_RIGHT;
		ui_throw_update(ui);
		break;
	default:
		return;
	}
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_SHEET | UI_DIRTY_STATUS;
}

void
ui_aim_action(struct ui *ui, enum ui_action action, int arg)
{
	int	t;

	switch (action) {
	case UI_ACT_AIM_MODE:
		ui_aim_enter(ui, (enum ui_mode)arg);
		break;
	case UI_ACT_AIM_GO:
		ui_aim_go(ui);
		break;
	case UI_ACT_AIM_TARGET:
		if ((t = ui_aim_next(ui, ui->mode, ui->target, arg)) < 0)
			break;
		ui->target = t;
		ui->cursor = game_unit(ui->g, t)->pos;
		ui_map_follow(ui, UI_FOLLOW_JUMP);
		ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		break;
	case UI_ACT_AIM_HAND:
		ui_aim_hand(ui);
		break;
	case UI_ACT_AIM_KIND:
		if (arg < 0) {
			/* Esc while priming: back to the map, throw or kit. */
			if (ui->mode == UI_MODE_PRIME)
				ui_main_mode(ui, ui->prime_back);
			break;
		}
		ui->kind = arg;
		ui->dirty |= UI_DIRTY_SHEET | UI_DIRTY_STATUS;
		/* A timer's digit is the whole choice: prime at once. */
		if (ui->mode == UI_MODE_PRIME)
			ui_aim_go(ui);
		break;
	case UI_ACT_OPEN:
		ui_aim_open(ui);
		break;
	case UI_ACT_TURN:
		ui_aim_turn(ui);
		break;
	case UI_ACT_INV_ROW:
		ui_inv_row(ui, arg);
		break;
	case UI_ACT_INV_DO:
		ui_inv_do(ui, (enum ui_inv_op)arg);
		break;
	default:
		break;
	}
}

/* --- the aim panel ----------------------------------------------------- */

/* A label and text wrapped at spaces from column x on. */
static void
ui_aim_text(struct ui_aim_out *o, int x, const char *label,
    enum ui_style style, const char *text)
{
	o->y = ui_look_wrap(o->ui, o->w, o->y, x, label, style, text);
}

void
ui_aim_line(struct ui_aim_out *o, const char *label, enum ui_style style,
    const char *text)
{
	ui_aim_text(o, 8, label, style, text);
}

/* A remark across the panel's whole width. */
void
ui_aim_note(struct ui_aim_out *o, const char *text)
{
	ui_aim_text(o, 1, NULL, UI_STYLE_DIM, text);
}

void
ui_aim_linef(struct ui_aim_out *o, const char *label, enum ui_style style,
    const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	ui_aim_line(o, label, style, s);
	free(s);
}

/* A held item for a person: "Rifle (20 left)", "Grenade, primed 2". */
char *
ui_aim_held(const struct ui *ui, const struct carried *h)
{
	const struct catalog	*c = ui->s->catalog;

	if (h->item < 0)
		return xstrdup("nothing");
	if (h->primed >= 0)
		return xasprintf("%s, primed %d", c->items[h->item].name,
		    h->primed);
	if (h->ammo >= 0 && h->rounds != CLIP_UNLIMITED)
		return xasprintf("%s (%d left)", c->items[h->item].name,
		    h->rounds);
	return xstrdup(c->items[h->item].name);
}

/*
 * One chance with its terms, or the reason it cannot be.  Among several
 * (label NULL) the chosen one has '>' and bold, not colour alone.
 */
void
ui_aim_chance(struct ui_aim_out *o, const char *label, bool chosen,
    const char *what, int chance, struct event *why, const char *cause,
    const char *extra)
{
	char	*terms;

	if (label == NULL)
		label = chosen ? ">" : "";
	if (chance < 0) {
		ui_aim_linef(o, label, chosen ? UI_STYLE_TITLE :
		    UI_STYLE_NORMAL, "%s%s-: %s", what, *what != '\0' ? " " :
		    "", cause != NULL ? cause : "impossible");
		return;
	}
	ui_aim_linef(o, label, chosen ? UI_STYLE_TITLE : UI_STYLE_NORMAL,
	    "%s%s%d%%%s", what, *what != '\0' ? " " : "", chance,
	    extra != NULL ? extra : "");
	terms = ui_aim_terms(why);
	ui_aim_line(o, NULL, UI_STYLE_DIM, terms);
	free(terms);
	ui_aim_why_free(why);
}

static void
ui_aim_prime(struct ui_aim_out *o, const struct unit *u)
{
	const struct ui	*ui = o->ui;
	char		*s = ui_aim_held(ui, &u->hands[ui->hand]);

	ui_aim_linef(o, "Item", UI_STYLE_TITLE, "%s, %s hand", s,
	    ui_aim_hand_name(ui->hand));
	free(s);
	ui_aim_linef(o, "TU", UI_STYLE_NORMAL, "12 of %d left", u->tu);
	ui_aim_line(o, "Timer", UI_STYLE_NORMAL, "0: this phase's end");
	ui_aim_line(o, NULL, UI_STYLE_NORMAL, "1-5: that many round ends");
	ui_aim_note(o, "A proximity grenade arms when it lands instead.");
	ui_aim_note(o, "It counts down once thrown or dropped.");
}

static void
ui_aim_melee(struct ui_aim_out *o, const struct unit *u)
{
	const struct ui	*ui = o->ui;
	struct event	 why;
	char		*cause = NULL, *s;
	int		 chance;

	(void)u;
	ui_aim_line(o, "At", UI_STYLE_TITLE, ui_panel_unit_name(ui,
	    game_unit(ui->g, ui->target)));
	s = ui->hand == CMD_HAND_BOTH ? xstrdup("either, whichever can") :
	    ui_aim_held(ui, &u->hands[ui->hand]);
	ui_aim_linef(o, "Hand", UI_STYLE_NORMAL, "%s%s%s", ui->hand ==
	    CMD_HAND_BOTH ? "" : ui_aim_hand_name(ui->hand), ui->hand ==
	    CMD_HAND_BOTH ? "" : ": ", s);
	free(s);
	memset(&why, 0, sizeof why);
	chance = game_melee_chance(ui->g, ui->selected, ui->target, ui->hand,
	    &why, &cause);
	ui_aim_chance(o, "Chance", true, "", chance, &why, cause, NULL);
	free(cause);
}

static void
ui_aim_psi(struct ui_aim_out *o)
{
	const struct ui	*ui = o->ui;
	struct event	 why;
	char		*cause;
	int		 k, chance;

	ui_aim_line(o, "At", UI_STYLE_TITLE, ui_panel_unit_name(ui,
	    game_unit(ui->g, ui->target)));
	for (k = 0; k < PSI_KIND_COUNT; k++) {
		cause = NULL;
		memset(&why, 0, sizeof why);
		chance = game_psi_chance(ui->g, ui->selected, ui->target,
		    (enum psi_kind)k, &why, &cause);
		ui_aim_chance(o, NULL, k == ui->kind, psi_kind_names[k],
		    chance, &why, cause, NULL);
		free(cause);
	}
	ui_aim_note(o, "Opposed d100 rolls; ties roll again.");
}

static void
ui_aim_heal(struct ui_aim_out *o)
{
	const struct ui		*ui = o->ui;
	const struct catalog	*c = ui->s->catalog;
	const struct unit	*u = game_unit(ui->g, ui->selected);
	const struct unit	*t = game_unit(ui->g, ui->target);
	const struct shot	*shot = NULL;
	struct command		 cmd;
	char			*cause;
	int			 h, k, n;

	ui_aim_line(o, "Treat", UI_STYLE_TITLE, ui->target == ui->selected ?
	    "itself" : ui_panel_unit_name(ui, t));
	ui_aim_linef(o, "HTH", UI_STYLE_NORMAL, "%d of %d%s",
	    t->stats[STAT_HTH] - t->damage, t->stats[STAT_HTH],
	    t->status == UNIT_UNCONSCIOUS ? ", unconscious" : "");
	if ((h = ui_aim_medikit_hand(ui, u)) >= 0)
		shot = item_shot(&c->items[u->hands[h].item], SHOT_HEAL);
	if (shot != NULL)
		ui_aim_linef(o, "Kit", UI_STYLE_NORMAL, "%d%% a use, %d TU",
		    shot->accuracy, shot->tu);
	for (k = 0; k < HEAL_KIND_COUNT; k++) {
		memset(&cmd, 0, sizeof cmd);
		cmd.type = CMD_HEAL;
		cmd.unit = ui->selected;
		cmd.target = ui->target;
		cmd.kind = k;
		cmd.item = -1;
		cause = NULL;
		n = k == HEAL_HTH ? t->damage : k == HEAL_HEAD ? t->crit_head :
		    k == HEAL_TORSO ? t->crit_torso : k == HEAL_ARM ?
		    t->crit_arm : t->crit_leg;
		if (game_check(ui->g, &cmd, &cause) == 0)
			ui_aim_linef(o, k == ui->kind ? ">" : "",
			    k == ui->kind ? UI_STYLE_TITLE : UI_STYLE_NORMAL,
			    "%d %s: %d%s", k + 1, heal_kind_names[k], n,
			    k == HEAL_HTH ? " lost" : "");
		else if (n == 0)
			/* Nothing to treat: the word, not the reason. */
			ui_aim_linef(o, k == ui->kind ? ">" : "",
			    k == ui->kind ? UI_STYLE_TITLE : UI_STYLE_DIM,
			    "%d %s: none", k + 1, heal_kind_names[k]);
		else
			ui_aim_linef(o, k == ui->kind ? ">" : "",
			    k == ui->kind ? UI_STYLE_TITLE : UI_STYLE_DIM,
			    "%d %s -: %s", k + 1, heal_kind_names[k], cause);
		free(cause);
	}
}

void
ui_aim_draw(struct ui *ui)
{
	static const char *const titles[] = { "Fire", "Throw", "Prime",
				     "Melee", "Psi", "Medikit", "Carry" };
	struct ui_aim_out	 o = { ui, ui->term.look, 1 };
	const struct unit	*u;
	int			 i;

	werase(o.w);
	switch (ui->mode) {
	case UI_MODE_FIRE:	i = 0; break;
	case UI_MODE_THROW:	i = 1; break;
	case UI_MODE_PRIME:	i = 2; break;
	case UI_MODE_MELEE:	i = 3; break;
	case UI_MODE_PSI:	i = 4; break;
	case UI_MODE_CARRY:	i = 6; break;
	default:		i = 5; break;
	}
	ui_term_rule(ui, o.w, 0, titles[i]);
	if (ui->selected < 0)
		return;
	if (ui->mode == UI_MODE_THROW)
		ui_throw_update(ui);
	u = game_unit(ui->g, ui->selected);
	ui_aim_linef(&o, "Unit", UI_STYLE_TITLE, "%s, %d TU",
	    ui_panel_unit_name(ui, u), u->tu);
	switch (ui->mode) {
	case UI_MODE_FIRE:
		ui_fire_panel(&o, u);
		break;
	case UI_MODE_THROW:
		ui_throw_panel(&o, u);
		break;
	case UI_MODE_PRIME:
		ui_aim_prime(&o, u);
		break;
	case UI_MODE_MELEE:
		if (ui->target >= 0)
			ui_aim_melee(&o, u);
		break;
	case UI_MODE_PSI:
		if (ui->target >= 0)
			ui_aim_psi(&o);
		break;
	case UI_MODE_HEAL:
		if (ui->target >= 0)
			ui_aim_heal(&o);
		break;
	case UI_MODE_CARRY:
		if (ui->target >= 0)
			ui_carry_panel(&o, u);
		break;
	default:
		break;
	}
}

/* The status line's summary in the aiming modes (fire keeps its own). */
char *
ui_aim_intent(const struct ui *ui)
{
	struct event		 why;
	const struct unit	*u;
	char			*cause = NULL, *terms, *r;
	int			 chance;

	if (ui->selected < 0)
		return NULL;
	u = game_unit(ui->g, ui->selected);
	memset(&why, 0, sizeof why);
	switch (ui->mode) {
	case UI_MODE_FIRE:
		return ui_fire_intent(ui);
	case UI_MODE_THROW:
		return ui_throw_intent(ui);
	case UI_MODE_PRIME:
		return xasprintf("Prime the %s hand's grenade: timer 0 to 5",
		    ui_aim_hand_name(ui->hand));
	case UI_MODE_MELEE:
	case UI_MODE_PSI:
		if (ui->target < 0)
			return NULL;
		chance = ui->mode == UI_MODE_MELEE ? game_melee_chance(ui->g,
		    ui->selected, ui->target, ui->hand, &why, &cause) :
		    game_psi_chance(ui->g, ui->selected, ui->target,
		    (enum psi_kind)ui->kind, &why, &cause);
		if (chance < 0) {
			r = xasprintf("%s at %s: %s", u->id, game_unit(ui->g,
			    ui->target)->id, cause != NULL ? cause : "no");
			free(cause);
			return r;
		}
		terms = ui_aim_terms(&why);
		r = xasprintf("%s at %s: %s %d%% (%s)", u->id,
		    game_unit(ui->g, ui->target)->id, ui->mode ==
		    UI_MODE_MELEE ? "melee" : psi_kind_names[ui->kind],
		    chance, terms);
		free(terms);
		ui_aim_why_free(&why);
		return r;
	case UI_MODE_HEAL:
		if (ui->target < 0)
			return NULL;
		return xasprintf("%s treats %s: %s", u->id, game_unit(ui->g,
		    ui->target)->id, heal_kind_names[ui->kind]);
	case UI_MODE_CARRY:
		return ui_carry_intent(ui);
	default:
		return NULL;
	}
}

/* The move path's legend: glyph and word for each kind of square. */
void
ui_aim_legend(const struct ui *ui, WINDOW *w, int y)
{
	static const struct {
		wchar_t		 wc;
		enum ui_style	 style;
		const char	*text;
	} keys[] = {
		{ L'*', UI_STYLE_PATH_SNAP, "snap" },
		{ L'+', UI_STYLE_PATH_MOVE, "move" },
		{ L'!', UI_STYLE_PATH_FAR, "too far" },
	};
	struct ui_glyph	 g;
	size_t		 i;
	int		 x = 1;

	for (i = 0; i < XTAC_NITEMS(keys); i++) {
		g.wc = keys[i].wc;
		g.style = keys[i].style;
		ui_term_cell(ui, w, y, x, g, A_BOLD);
		x += 2 + ui_term_text(ui, w, y, x + 2, getmaxx(w) - x - 2,
		    UI_STYLE_NORMAL, keys[i].text) + 1;
	}
}
