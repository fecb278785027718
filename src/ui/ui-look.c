/*
 * ui-look.c - words for a square: everything on it and around it, for the
 * look panel (x), and a one-line summary for the status line.
 *
 * Positions are shown 1-based with their level ("12,7 L2"), as people and
 * the rulebook count them.  The words come from the map's own tables and
 * the rulebook's terms, so the look panel reads like a referee answering
 * "what is there?".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

static const char *const ui_look_floors[FLOOR_KIND_COUNT] = {
	[FLOOR_NONE] = "open air",
	[FLOOR_GRASS] = "grass",
	[FLOOR_DIRT] = "dirt",
	[FLOOR_PAVEMENT] = "pavement",
	[FLOOR_TALL_GRASS] = "tall grass",
	[FLOOR_HAY] = "hay",
	[FLOOR_SNOW] = "snow",
	[FLOOR_RUBBLE] = "rubble",
	[FLOOR_BUILDING] = "building floor",
	[FLOOR_BASE] = "base floor",
	[FLOOR_ELEVATOR] = "elevator",
	[FLOOR_HULL] = "hull floor",
};

static const char *const ui_look_sides[SIDE_COUNT] = {
	"X-Com", "Alien", "Civilian"
};

static const enum dir ui_look_edges[4] = { DIR_N, DIR_E, DIR_S, DIR_W };
static const char *const ui_look_edge_names[4] = {
	"North", "East", "South", "West"
};

static const char *
ui_look_floor_name(int floor)
{
	if (floor < 0 || floor >= FLOOR_KIND_COUNT)
		return "unknown floor";
	return ui_look_floors[floor];
}

/* "door, open, hardened, explosive"; NULL for an open edge. */
static char *
ui_look_edge(const struct edge *e)
{
	struct strbuf	sb;

	if (e->kind == EDGE_OPEN || e->kind >= EDGE_KIND_COUNT)
		return NULL;
	strbuf_init(&sb);
	strbuf_puts(&sb, edge_kind_names[e->kind]);
	if (e->kind == EDGE_DOOR)
		strbuf_puts(&sb, (e->flags & EDGE_OPENED) ? ", open" :
		    ", closed");
	/* §4.2: its segments open and close together. */
	if (e->kind == EDGE_DOOR && (e->flags & EDGE_WIDE))
		strbuf_puts(&sb, ", wide");
	if (e->strength != STRENGTH_NORMAL && e->strength < STRENGTH_COUNT)
		strbuf_printf(&sb, ", %s", strength_names[e->strength]);
	if (e->flags & EDGE_EXPLOSIVE)
		strbuf_puts(&sb, ", explosive");
	return strbuf_steal(&sb);
}

static char *
ui_look_object(const struct object_type *o)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	strbuf_printf(&sb, "%s: %s", o->name, o->solid ?
	    "solid, blocks sight" : o->passable ? "low, passable" :
	    "low, blocks movement");
	if (o->strength != STRENGTH_NORMAL && o->strength < STRENGTH_COUNT)
		strbuf_printf(&sb, ", %s", strength_names[o->strength]);
	if (o->explosive)
		strbuf_puts(&sb, ", explosive");
	return strbuf_steal(&sb);
}

static const char *
ui_look_building(const struct ui *ui, struct pos p)
{
	size_t	i;

	for (i = 0; i < ui->map->nbuildings; i++) {
		const struct building *b = &ui->map->buildings[i];

		if (p.x >= b->x0 && p.x <= b->x1 && p.y >= b->y0 &&
		    p.y <= b->y1)
			return b->name;
	}
	return NULL;
}

/* The side whose deployment zone holds the square, or -1. */
static int
ui_look_zone(const struct ui *ui, struct pos p)
{
	int	s;
	size_t	i;

	for (s = 0; s < SIDE_COUNT; s++) {
		const struct side_setup *ss = &ui->s->sides[s];

		if (!ss->present)
			continue;
		for (i = 0; i < ss->nzones; i++) {
			const struct zone *z = &ss->zones[i];

			if (p.x >= z->from.x && p.x <= z->to.x &&
			    p.y >= z->from.y && p.y <= z->to.y &&
			    p.z >= z->from.z && p.z <= z->to.z)
				return s;
		}
	}
	return -1;
}

/* What open air looks down on: the first floor below and its level. */
static int
ui_look_below(const struct ui *ui, struct pos p, int *level)
{
	for (p.z--; p.z >= 0; p.z--) {
		const struct square *sq = map_square(ui_map_terrain(ui), p);

		if (sq->floor != FLOOR_NONE) {
			*level = p.z;
			return sq->floor;
		}
	}
	return FLOOR_NONE;
}

/*
 * The items on the square's floor the viewer sees (ui_map_items), for a
 * person: "Rifle (20 left), Grenade: LIVE, primed 2", or NULL for none.
 * A primed grenade comes first: it is what matters.
 */
static char *
ui_look_items(const struct ui *ui, struct pos p)
{
	const struct catalog	*c = ui->s->catalog;
	const struct carried	*k;
	struct strbuf		 sb;
	struct pos		 at;
	size_t			 i;
	int			 live;

	if (ui_map_items(ui, p) == UI_ITEMS_NONE)
		return NULL;
	strbuf_init(&sb);
	for (live = 1; live >= 0; live--)
		for (i = 0; i < game_nground(ui->g); i++) {
			k = game_ground(ui->g, i, &at);
			if (at.x != p.x || at.y != p.y || at.z != p.z ||
			    (k->primed >= 0) != live || k->item < 0)
				continue;
			strbuf_printf(&sb, "%s%s", sb.len > 0 ? ", " : "",
			    c->items[k->item].name);
			if (k->primed >= 0)
				strbuf_printf(&sb, ": LIVE, primed %d",
				    k->primed);
			else if (k->ammo >= 0 && k->rounds != CLIP_UNLIMITED)
				strbuf_printf(&sb, " (%d left)", k->rounds);
		}
	return strbuf_steal(&sb);
}

/*
 * One line for the status bar: position, unit, object, floor, walls.  The
 * unit is left out when it is skip (the sheet above names it).
 */
char *
ui_look_summary(const struct ui *ui, struct pos p, int skip)
{
	const struct square	*sq = map_square(ui_map_terrain(ui), p);
	const char		*sep = ui_term_sep(ui);
	struct strbuf		 sb;
	int			 occ, k;
	bool			 up;

	strbuf_init(&sb);
	strbuf_printf(&sb, "%d,%d L%d", p.x + 1, p.y + 1, p.z + 1);
	if ((occ = ui_map_occupant(ui, p)) >= 0 && occ != skip) {
		const struct unit *u = game_unit(ui->g, occ);

		strbuf_printf(&sb, "%s%s (%s)", sep, ui_panel_unit_name(ui, u),
		    ui->s->catalog->units[u->type].name);
	}
	if (ui_map_items(ui, p) == UI_ITEMS_LIVE)
		strbuf_printf(&sb, "%sLIVE GRENADE", sep);
	else if (ui_map_items(ui, p) == UI_ITEMS_SOME)
		strbuf_printf(&sb, "%sitems", sep);
	if (sq->object != OBJECT_NONE)
		strbuf_printf(&sb, "%s%s", sep,
		    ui->map->objects[sq->object].name);
	if (ui_map_link(ui, p, &up) != NULL)
		strbuf_printf(&sb, "%s%s %s", sep,
		    ui_map_link(ui, p, &up)->ramp ? "ramp" : "stairs",
		    up ? "up" : "down");
	strbuf_printf(&sb, "%s%s", sep, ui_look_floor_name(sq->floor));
	for (k = 0; k < 4; k++) {
		const struct edge *e = map_edge(ui_map_terrain(ui), p, ui_look_edges[k]);

		if (e->kind == EDGE_OPEN || e->kind >= EDGE_KIND_COUNT)
			continue;
		strbuf_printf(&sb, "%s%c %s", sep, ui_look_edge_names[k][0],
		    e->kind == EDGE_DOOR && (e->flags & EDGE_OPENED) ?
		    "open door" : edge_kind_names[e->kind]);
	}
	return strbuf_steal(&sb);
}

/* A labelled line of the look panel; returns the next line. */
static int
ui_look_line(const struct ui *ui, WINDOW *w, int y, const char *label,
    enum ui_style style, const char *text)
{
	int	width = getmaxx(w);

	if (y >= getmaxy(w))
		return y;
	ui_term_text(ui, w, y, 1, 6, UI_STYLE_LABEL, label);
	ui_term_text(ui, w, y, 8, width - 8, style, text);
	return y + 1;
}

/*
 * A labelled text wrapped at spaces from column x on, over as many lines
 * as it takes (the look and aim panels); returns the next line.
 */
int
ui_look_wrap(const struct ui *ui, WINDOW *w, int y, int x, const char *label,
    enum ui_style style, const char *text)
{
	int		 width = getmaxx(w) - x - 1;
	const char	*p = text;
	char		*line;
	size_t		 cut;

	if (y >= getmaxy(w))
		return y;
	if (label != NULL)
		ui_term_text(ui, w, y, 1, 6, UI_STYLE_LABEL, label);
	if (*p == '\0')
		return y + 1;
	while (*p != '\0' && y < getmaxy(w)) {
		cut = strlen(p);
		if (width > 0 && cut > (size_t)width) {
			for (cut = (size_t)width; cut > 0 && p[cut] != ' ';
			    cut--)
				;
			if (cut == 0)
				cut = (size_t)width;
		}
		line = xstrndup(p, cut);
		ui_term_text(ui, w, y++, x, width + 1, style, line);
		free(line);
		p += cut;
		while (*p == ' ')
			p++;
	}
	return y;
}

static int
ui_look_unit(const struct ui *ui, WINDOW *w, int y, int occ)
{
	const struct unit	*u = game_unit(ui->g, occ);
	char			*s, kind[CATALOG_NAME_MAX + 32];

	if (y >= getmaxy(w))
		return y;
	ui_term_text(ui, w, y, 1, 6, UI_STYLE_LABEL, "Unit");
	ui_term_cell(ui, w, y, 8, ui_glyph_gunit(ui, u),
	    u->kneeling ? A_UNDERLINE : A_NORMAL);
	ui_term_text(ui, w, y, 10, getmaxx(w) - 10, UI_STYLE_TITLE,
	    ui_panel_unit_name(ui, u));
	ui_panel_unit_kind(ui, u, kind, sizeof kind);
	y = ui_look_line(ui, w, y + 1, "", UI_STYLE_NORMAL, kind);
	s = xasprintf("facing %s%s", ui_panel_dir_name(u->facing),
	    u->prone ? ", prone" : u->kneeling ? ", kneeling" : "");
	y = ui_look_line(ui, w, y, "", UI_STYLE_NORMAL, s);
	free(s);
	return y;
}

void
ui_look_draw(struct ui *ui)
{
	WINDOW			*w = ui->term.look;
	struct pos		 p = ui->cursor;
	const struct square	*sq = map_square(ui_map_terrain(ui), p);
	const struct map_link	*l;
	const char		*building, *sep = ui_term_sep(ui);
	char			*s;
	int			 y, k, occ, floor, level, zone;
	bool			 up;

	werase(w);
	ui_term_rule(ui, w, 0, "Look");
	s = xasprintf("%d,%d L%d", p.x + 1, p.y + 1, p.z + 1);
	y = ui_look_line(ui, w, 1, "At", UI_STYLE_TITLE, s);
	free(s);
	if (sq->floor == FLOOR_NONE) {
		floor = ui_look_below(ui, p, &level);
		s = floor == FLOOR_NONE ? xstrdup("open air, nothing below") :
		    xasprintf("open air%s%s on L%d below", sep,
		    ui_look_floor_name(floor), level + 1);
	} else {
		const struct floor_info *fi = &floor_table[sq->floor];
		enum strength st = fi->strength;

		/* Level-1 dirt cannot be destroyed (§4.2, RULINGS §7.6). */
		if (sq->floor == FLOOR_DIRT && p.z == 0)
			st = STRENGTH_INDESTRUCTIBLE;
		s = xasprintf("%s%s%s%s", ui_look_floor_name(sq->floor),
		    fi->uneven ? ", uneven: +1 TU" : "",
		    st != STRENGTH_NORMAL ? ", " : "",
		    st != STRENGTH_NORMAL ? strength_names[st] : "");
	}
	y = ui_look_line(ui, w, y, "Floor", UI_STYLE_NORMAL, s);
	free(s);
	if (sq->object != OBJECT_NONE) {
		s = ui_look_object(&ui->map->objects[sq->object]);
		y = ui_look_line(ui, w, y, "Object", UI_STYLE_NORMAL, s);
		free(s);
	}
	if ((l = ui_map_link(ui, p, &up)) != NULL) {
		struct pos to = up ? l->upper : l->lower;

		s = xasprintf("%s %s to %d,%d L%d", l->ramp ? "ramp" :
		    "stairs", up ? "up" : "down", to.x + 1, to.y + 1,
		    to.z + 1);
		y = ui_look_line(ui, w, y, "Way", UI_STYLE_NORMAL, s);
		free(s);
	}
	for (k = 0; k < 4; k++) {
		s = ui_look_edge(map_edge(ui_map_terrain(ui), p, ui_look_edges[k]));
		y = ui_look_line(ui, w, y, ui_look_edge_names[k],
		    s != NULL ? UI_STYLE_NORMAL : UI_STYLE_DIM,
		    s != NULL ? s : "open");
		free(s);
	}
	if ((occ = ui_map_occupant(ui, p)) >= 0)
		y = ui_look_unit(ui, w, y, occ);
	if ((s = ui_look_items(ui, p)) != NULL) {
		y = ui_look_wrap(ui, w, y, 8, "Items", ui_map_items(ui, p) ==
		    UI_ITEMS_LIVE ? UI_STYLE_WARN : UI_STYLE_NORMAL, s);
		free(s);
	}
	if ((building = ui_look_building(ui, p)) != NULL)
		y = ui_look_line(ui, w, y, "In", UI_STYLE_NORMAL, building);
	if ((zone = ui_look_zone(ui, p)) >= 0) {
		s = xasprintf("%s deployment", ui_look_sides[zone]);
		y = ui_look_line(ui, w, y, "Zone", UI_STYLE_NORMAL, s);
		free(s);
	}
	y = ui_preview_look(ui, w, y, p);
	if (y + 1 < getmaxy(w))
		ui_term_text(ui, w, getmaxy(w) - 1, 1, getmaxx(w) - 1,
		    UI_STYLE_DIM, "Esc or x: back to the unit");
}
