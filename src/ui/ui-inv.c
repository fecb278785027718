/*
 * ui-inv.c - the inventory screen, drawn in the map window: the selected
 * unit's two hands (with the clip loaded and its rounds, or a grenade's
 * timer), its belt, the items on the ground under it, and what it carries
 * against its strength (§5.3: heavier than STR is encumbered).  One row is
 * chosen (j, k); the keys act on it through the same commands `xtac
 * script` reads: swap, pickup, drop, reload, unload, prime.
 *
 * Rows are numbered hands first (right, left), then the belt's items in
 * belt order, then the ground's items under the unit in the order the game
 * keeps them; they are rebuilt from the game on every draw and action, so
 * ui->inv_row is only ever clamped, never trusted.
 *
 * The engine has no command to move an item from the belt to a hand other
 * than loading it into a weapon; what is on the belt is dropped by taking
 * it up in a hand first, which the rules give no way to do.  The screen
 * says so rather than pretend.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

#define UI_INV_ROWS_MAX	(HAND_COUNT + SCENARIO_BELT_MAX + 64)

enum ui_inv_kind {
	UI_INV_HAND,
	UI_INV_BELT,
	UI_INV_GROUND,
};

struct ui_inv_row {
	enum ui_inv_kind	 kind;
	int			 index;	/* hand, belt slot or ground item */
	const struct carried	*k;
};

/* The rows as the game stands; returns how many. */
static int
ui_inv_rows(const struct ui *ui, const struct unit *u,
    struct ui_inv_row *rows)
{
	int	n = 0, h;
	size_t	i;

	for (h = 0; h < HAND_COUNT; h++) {
		rows[n].kind = UI_INV_HAND;
		rows[n].index = h;
		rows[n++].k = &u->hands[h];
	}
	for (i = 0; i < u->nbelt; i++) {
		if (u->belt[i].item < 0)
			continue;
		rows[n].kind = UI_INV_BELT;
		rows[n].index = (int)i;
		rows[n++].k = &u->belt[i];
	}
	for (i = 0; i < game_nground(ui->g) && n < UI_INV_ROWS_MAX; i++) {
		struct pos at;
		const struct carried *k = game_ground(ui->g, i, &at);

		if (k->item < 0 || !unit_covers(u, at))
			continue;
		rows[n].kind = UI_INV_GROUND;
		rows[n].index = (int)i;
		rows[n++].k = k;
	}
	return n;
}

/* "Rifle: Rifle Clip, 20 rounds", "Grenade, primed 2", "Rifle Clip: 12". */
static char *
ui_inv_describe(const struct ui *ui, const struct carried *k)
{
	const struct catalog	*c = ui->s->catalog;
	const struct item_type	*it;

	if (k->item < 0)
		return xstrdup(ui->term.utf8 ? "\xe2\x80\x94" : "-");
	it = &c->items[k->item];
	if (k->primed >= 0)
		return xasprintf("%s, primed: %d", it->name, k->primed);
	if (it->class == ITEM_AMMO && k->rounds != CLIP_UNLIMITED)
		return xasprintf("%s: %d rounds", it->name, k->rounds);
	if (k->ammo >= 0 && k->rounds == CLIP_UNLIMITED)
		return xasprintf("%s: %s", it->name, c->items[k->ammo].name);
	if (k->ammo >= 0)
		return xasprintf("%s: %s, %d rounds", it->name,
		    c->items[k->ammo].name, k->rounds);
	if (it->class == ITEM_WEAPON && it->nammo > 0)
		return xasprintf("%s: empty", it->name);
	return xstrdup(it->name);
}

void
ui_inv_draw(struct ui *ui)
{
	static const char *const heads[] = { "Hands", "Belt", "Ground" };
	struct ui_inv_row	 rows[UI_INV_ROWS_MAX];
	const struct catalog	*c = ui->s->catalog;
	const struct unit	*u;
	WINDOW			*w = ui->term.map;
	int			 width = getmaxx(w), y = 1, n, i, k, weight;
	int			 str, last = -1;
	char			*s, num[16];

	werase(w);
	ui_term_rule(ui, w, 0, "Inventory");
	if (ui->selected < 0)
		return;
	u = game_unit(ui->g, ui->selected);
	n = ui_inv_rows(ui, u, rows);
	if (ui->inv_row >= n)
		ui->inv_row = n - 1;
	if (ui->inv_row < 0)
		ui->inv_row = 0;
	ui_term_printf(ui, w, y++, 1, width - 2, UI_STYLE_TITLE, "%s, %d TU "
	    "left", ui_panel_unit_name(ui, u), u->tu);
	weight = unit_weight(c, u);
	str = unit_strength(c, u);
	/* With armour's bonus; "-" for a unit without the statistic. */
	snprintf(num, sizeof num, "%d", str);
	ui_term_printf(ui, w, y++, 1, width - 2, weight > str &&
	    u->t->class == UNIT_SOLDIER ? UI_STYLE_WARN : UI_STYLE_NORMAL,
	    "Weight %d of STR %s: %s", weight, u->stats[STAT_STR] ==
	    STAT_NONE ? "-" : num, weight > str &&
	    u->t->class == UNIT_SOLDIER ? "encumbered, every move costs "
	    "double (\xc2\xa7" "5.3)" : "not encumbered");
	for (i = 0; i < n && y < getmaxy(w) - 3; i++) {
		if ((int)rows[i].kind != last) {
			last = (int)rows[i].kind;
			y++;
			ui_term_text(ui, w, y++, 1, width - 2, UI_STYLE_LABEL,
			    heads[last]);
		}
		s = ui_inv_describe(ui, rows[i].k);
		/* The chosen row: '>' and reverse video, not colour. */
		ui_term_text(ui, w, y, 1, 2, UI_STYLE_KEY,
		    i == ui->inv_row ? ">" : " ");
		if (rows[i].kind == UI_INV_HAND)
			ui_term_text(ui, w, y, 3, 7, UI_STYLE_LABEL,
			    rows[i].index == HAND_RIGHT ? "Right" : "Left");
		ui_term_text(ui, w, y, 10, width - 12, UI_STYLE_NORMAL, s);
		free(s);
		if (i == ui->inv_row)
			for (k = 3; k < width - 2; k++)
				ui_term_highlight(w, y, k, A_REVERSE);
		y++;
	}
	if (last != UI_INV_GROUND && y < getmaxy(w) - 3) {
		y++;
		ui_term_text(ui, w, y++, 1, width - 2, UI_STYLE_LABEL,
		    heads[UI_INV_GROUND]);
		ui_term_text(ui, w, y++, 10, width - 12, UI_STYLE_DIM,
		    "nothing here");
	}
	y = getmaxy(w) - 2;
	ui_term_text(ui, w, y++, 1, width - 2, UI_STYLE_DIM,
	    "s swap  g pick up  d drop  r R reload right, left  u unload  "
	    "p prime  Esc close");
	ui_term_text(ui, w, y, 1, width - 2, UI_STYLE_DIM,
	    "r and R load the chosen clip, or the first on the belt that "
	    "fits");
}

void
ui_inv_row(struct ui *ui, int step)
{
	struct ui_inv_row	rows[UI_INV_ROWS_MAX];
	int			n;

	if (ui->selected < 0)
		return;
	n = ui_inv_rows(ui, game_unit(ui->g, ui->selected), rows);
	ui->inv_row += step;
	if (ui->inv_row >= n)
		ui->inv_row = 0;
	if (ui->inv_row < 0)
		ui->inv_row = n - 1;
	ui->dirty |= UI_DIRTY_MAP;
}

static void
ui_inv_say(struct ui *ui, const char *msg)
{
	free(ui->message);
	ui->message = xstrdup(msg);
	ui->dirty |= UI_DIRTY_STATUS;
}

/* Reload a hand: the chosen clip, or the first on the belt that fits. */
static void
ui_inv_reload(struct ui *ui, const struct unit *u, int hand,
    const struct ui_inv_row *row)
{
	const struct catalog	*c = ui->s->catalog;
	int			 weapon = u->hands[hand].item;
	size_t			 b;

	if (row->kind == UI_INV_BELT) {
		ui_act_issue(ui, "reload %s %s %s", u->id,
		    ui_aim_hand_name(hand), c->items[row->k->item].id);
		return;
	}
	if (weapon < 0) {
		ui_inv_say(ui, hand == HAND_RIGHT ? "the right hand is empty" :
		    "the left hand is empty");
		return;
	}
	for (b = 0; b < u->nbelt; b++)
		if (u->belt[b].item >= 0 &&
		    catalog_ammo_fits(c, weapon, u->belt[b].item)) {
			ui_act_issue(ui, "reload %s %s %s", u->id,
			    ui_aim_hand_name(hand),
			    c->items[u->belt[b].item].id);
			return;
		}
	ui_inv_say(ui, "nothing on the belt fits that hand's weapon");
}

void
ui_inv_do(struct ui *ui, enum ui_inv_op op)
{
	const struct catalog	*c = ui->s->catalog;
	struct ui_inv_row	 rows[UI_INV_ROWS_MAX];
	const struct ui_inv_row	*row;
	const struct unit	*u;
	int			 n;

	if (!ui_order_can(ui))
		return;
	u = game_unit(ui->g, ui->selected);
	n = ui_inv_rows(ui, u, rows);
	if (ui->inv_row >= n)
		ui->inv_row = n - 1;
	row = &rows[ui->inv_row];
	switch (op) {
	case UI_INV_SWAP:
		ui_act_issue(ui, "swap %s", u->id);
		break;
	case UI_INV_PICKUP:
		if (row->kind != UI_INV_GROUND) {
			ui_inv_say(ui, "choose an item on the ground (j k)");
			break;
		}
		ui_act_issue(ui, "pickup %s %s", u->id,
		    c->items[row->k->item].id);
		break;
	case UI_INV_DROP:
	case UI_INV_UNLOAD:
		if (row->kind != UI_INV_HAND) {
			ui_inv_say(ui, op == UI_INV_DROP ? "only what a hand "
			    "holds can be dropped: choose a hand" :
			    "choose a hand to unload");
			break;
		}
		ui_act_issue(ui, "%s %s %s", op == UI_INV_DROP ? "drop" :
		    "unload", u->id, ui_aim_hand_name(row->index));
		break;
	case UI_INV_RELOAD_RIGHT:
	case UI_INV_RELOAD_LEFT:
		ui_inv_reload(ui, u, op == UI_INV_RELOAD_RIGHT ? HAND_RIGHT :
		    HAND_LEFT, row);
		break;
	case UI_INV_PRIME:
		if (row->kind != UI_INV_HAND || row->k->item < 0 ||
		    c->items[row->k->item].class != ITEM_GRENADE) {
			ui_inv_say(ui, "choose a hand holding a grenade");
			break;
		}
		ui->hand = row->index;
		ui_aim_action(ui, UI_ACT_AIM_MODE, UI_MODE_PRIME);
		break;
	case UI_INV_TO_BELT:
		/* draw and stow, 4 TU each: see xtac(6). */
		if (row->kind == UI_INV_HAND && row->k->item >= 0)
			ui_act_issue(ui, "stow %s %s", u->id,
			    ui_aim_hand_name(row->index));
		else if (row->kind == UI_INV_BELT)
			ui_act_issue(ui, "draw %s %s", u->id,
			    c->items[row->k->item].id);
		else
			ui_inv_say(ui, "choose a hand to stow or a belt item "
			    "to draw");
		break;
	}
	ui->dirty |= UI_DIRTY_MAP;
}
