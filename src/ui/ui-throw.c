/*
 * ui-throw.c - the throw mode's view: the landing square's range, chance
 * and terms, and the blast a grenade would make going off there, drawn on
 * the map and with the units inside it named.  Everything comes from the
 * engine's queries (game_throw_chance, game_side_grenade_reach); ui-aim.c
 * enters the mode and issues the throw.
 *
 * Invariants: ui->blast is the radius of what the throwing hand holds, or
 * -1, and ui->reach its reach from ui->reach_at (shown only while that is
 * the cursor).
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

/*
 * The blast of what the throwing hand holds, were it to go off under the
 * cursor: its radius, and the squares it would reach
 * (game_side_grenade_reach: walls and floors that hold, as the side last
 * saw them, stop it).  Worked out again whenever the aim panel is drawn,
 * which a frame does before the map.
 */
void
ui_throw_update(struct ui *ui)
{
	const struct map	*m = ui->map;
	struct game_throw_info	 info;
	int			 item;

	ui->blast = -1;
	if (ui->mode != UI_MODE_THROW || ui->selected < 0)
		return;
	game_throw_chance(ui->g, ui->selected, ui->hand, ui->cursor, &info,
	    NULL, NULL);
	ui->blast = info.radius;
	item = game_unit(ui->g, ui->selected)->hands[ui->hand].item;
	ui->reach = xreallocarray(ui->reach, (size_t)m->width * m->height *
	    m->levels, sizeof *ui->reach);
	/* Over the walls as the thrower's side last saw them. */
	if (!game_side_grenade_reach(ui->g, game_unit(ui->g,
	    ui->selected)->controller, item, ui->cursor, ui->reach))
		ui->blast = -1;
	ui->reach_at = ui->cursor;
}

bool
ui_throw_blast(const struct ui *ui, struct pos p)
{
	const struct map	*m = ui->map;

	if (ui->mode != UI_MODE_THROW || ui->blast < 0 || ui->reach == NULL ||
	    ui->reach_at.x != ui->cursor.x || ui->reach_at.y !=
	    ui->cursor.y || ui->reach_at.z != ui->cursor.z ||
	    !map_contains(m, p))
		return false;
	return ui->reach[((size_t)p.z * m->height + p.y) * m->width + p.x] >=
	    0;
}

/* Whether unit i would be inside the blast (any square of it). */
static bool
ui_throw_in_blast(const struct ui *ui, int i)
{
	const struct unit	*u = game_unit(ui->g, i);
	int			 dx, dy;

	if (u->status == UNIT_DEAD)
		return false;
	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++) {
			struct pos p = { u->pos.x + dx, u->pos.y + dy,
			    u->pos.z };

			if (ui_throw_blast(ui, p))
				return true;
		}
	return false;
}


void
ui_throw_panel(struct ui_aim_out *o, const struct unit *u)
{
	const struct ui		*ui = o->ui;
	const struct catalog	*c = ui->s->catalog;
	struct game_throw_info	 info;
	struct event		 why;
	struct strbuf		 mine, others;
	const struct carried	*h = &u->hands[ui->hand];
	char			*cause = NULL, *s;
	int			 chance;
	size_t			 i;

	s = ui_aim_held(ui, h);
	ui_aim_linef(o, "Item", UI_STYLE_TITLE, "%s, %s hand", s,
	    ui_aim_hand_name(ui->hand));
	free(s);
	memset(&why, 0, sizeof why);
	chance = game_throw_chance(ui->g, ui->selected, ui->hand, ui->cursor,
	    &info, &why, &cause);
	ui_aim_linef(o, "To", UI_STYLE_NORMAL, "%d,%d L%d", ui->cursor.x + 1,
	    ui->cursor.y + 1, ui->cursor.z + 1);
	if (info.max_range >= 0) {
		ui_aim_linef(o, "Range", info.range > info.max_range ?
		    UI_STYLE_WARN : UI_STYLE_NORMAL, "%d, max %d%s",
		    info.range, info.max_range, info.range > info.max_range ?
		    ": too far" : "");
		ui_aim_linef(o, NULL, UI_STYLE_DIM, "STR %d / weight %d",
		    unit_strength(c, u), h->item >= 0 ?
		    c->items[h->item].weight : 0);
	}
	ui_aim_linef(o, "TU", info.tu > u->tu ? UI_STYLE_WARN :
	    UI_STYLE_NORMAL, "%d of %d left", info.tu, u->tu);
	ui_aim_chance(o, "Chance", true, "", chance, &why, cause, NULL);
	free(cause);
	if (info.radius < 0) {
		ui_aim_line(o, "Blast", UI_STYLE_WARN, "none: not a grenade");
		ui_aim_note(o, "Thrown, it only lands on the square, as an "
		    "object: it harms nobody (\xc2\xa7" "6.2).");
		return;
	}
	ui_aim_linef(o, "Blast", UI_STYLE_NORMAL, "radius %d, shown %s",
	    info.radius, ui->term.utf8 ? "\xe2\x88\x98" : "o");
	ui_aim_line(o, NULL, UI_STYLE_DIM, "where walls let it");
	if (!info.primed)
		ui_aim_line(o, NULL, UI_STYLE_WARN, "not primed (p)");
	strbuf_init(&mine);
	strbuf_init(&others);
	for (i = 0; i < game_nunits(ui->g); i++) {
		const struct unit *t = game_unit(ui->g, (int)i);
		struct strbuf *sb;

		if (!ui_act_visible(ui, (int)i) || !ui_throw_in_blast(ui,
		    (int)i))
			continue;
		sb = t->controller == ui->viewer || t->side == ui->viewer ?
		    &mine : &others;
		strbuf_printf(sb, "%s%s", sb->len > 0 ? ", " : "", t->id);
	}
	s = strbuf_steal(&mine);
	ui_aim_line(o, "Yours", *s != '\0' ? UI_STYLE_WARN : UI_STYLE_NORMAL,
	    *s != '\0' ? s : "none inside");
	free(s);
	s = strbuf_steal(&others);
	ui_aim_line(o, "Others", UI_STYLE_NORMAL, *s != '\0' ? s : "none "
	    "seen inside");
	free(s);
	ui_aim_note(o, "Drums and grenades it sets off are not shown.");
}

/* The status line: "Throw at 4,2: range 3 of 10, 6 TU, 62%". */
char *
ui_throw_intent(const struct ui *ui)
{
	struct game_throw_info	 info;
	struct event		 why;
	char			*cause = NULL, *r;
	int			 chance;

	memset(&why, 0, sizeof why);
	chance = game_throw_chance(ui->g, ui->selected, ui->hand, ui->cursor,
	    &info, &why, &cause);
	if (chance < 0)
		r = xasprintf("Throw at %d,%d: range %d of %d: %s",
		    ui->cursor.x + 1, ui->cursor.y + 1, info.range,
		    info.max_range, cause != NULL ? cause : "no");
	else
		r = xasprintf("Throw at %d,%d: range %d of %d, %d TU, %d%%",
		    ui->cursor.x + 1, ui->cursor.y + 1, info.range,
		    info.max_range, info.tu, chance);
	free(cause);
	return r;
}
