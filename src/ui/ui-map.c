/*
 * ui-map.c - one level of the map in the map window, as a doubled grid or
 * as a compact map.
 *
 * Walls stand on the edges between squares (RULINGS §4), so the screen
 * gives edges cells of their own: square (x, y) of the view is drawn at grid
 * cell (2x + 1, 2y + 1), the edge west of it at (2x, 2y + 1), the edge north
 * of it at (2x + 1, 2y) and the corner north-west of it at (2x, 2y):
 *
 *	┌─────┬─+─┐       corners join the walls that meet there
 *	│· · ·│· ·┆       squares at odd columns and rows, with a
 *	│· @ ·'· ·│       space (an open edge) between neighbours
 *	└─────┴───┘
 *
 * Why this and not one cell a square: a wall, window or door on an edge is
 * the most important thing on a tactical map (it decides movement, sight
 * and cover), and it can only be drawn exactly where it is if edges have
 * cells.  Folding them into squares (a wall glyph "in" one square) misleads
 * about which side of the wall a unit stands on.  The price is half the
 * squares on screen: at 80x24 the view is 25 by 11 squares, still enough to
 * see a room and its surroundings, and every extra column or line a bigger
 * terminal has goes to the map.  Map files use the same picture
 * (xtac-map(5)), so a game master sees on screen what they typed.
 *
 * The compact map keeps the columns and drops the edge rows: square (x, y)
 * is drawn at cell (2x + 1, y), the edge west of it at (2x, y), so a square
 * is two columns by one row, about as wide as it is tall in a terminal, and
 * a view holds twice the rows (the crashed scout fits 80x24 whole, the
 * farmhouse's 24x29 needs 80x40).  An edge on the south of a square (a
 * wall, window, fence or closed door) underlines the square's cell (and
 * the edge cells between two such squares, so a wall reads as one line); a
 * door, window or fence there shows its own glyph on the square when
 * nothing else is drawn on it (an open door too, not underlined).
 * Underlining is then the wall's: what the grid underlines (kneeling, a
 * target) is bold instead.  The view that fits the whole map is chosen
 * (the grid first); the view key switches by hand.
 *
 * Floor items show on their square (ui_glyph_items) where the viewer sees
 * the square now (game_side_sight): the engine keeps no memory of items
 * once out of sight, so neither does the map.  A unit standing on them
 * hides them (it blinks on a live grenade, as the grenade would); look
 * mode lists them.
 *
 * The grid's cells are (i, j) from its top-left corner, which sits at window
 * cell (oy, ox) (the map is centred when it is smaller than the window);
 * view_x and view_y are the square at the view's top-left.  The cursor is
 * always inside the view: every move calls ui_map_follow().
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

static size_t
ui_map_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

/*
 * The items on every square's floor the viewer sees now: all of them in
 * the game master's preview, else those on squares its side sees.
 */
static void
ui_map_floor_items(struct ui *ui, size_t n)
{
	const struct map	*m = ui->map;
	const struct carried	*k;
	uint8_t			*seen = NULL;
	size_t			 i, at;
	struct pos		 p;

	ui->items = xreallocarray(ui->items, n, 1);
	memset(ui->items, UI_ITEMS_NONE, n);
	if (game_nground(ui->g) == 0)
		return;
	if (!ui_preview_on(ui)) {
		seen = xmalloc(n);
		game_side_sight(ui->g, ui->viewer, seen);
	}
	for (i = 0; i < game_nground(ui->g); i++) {
		k = game_ground(ui->g, i, &p);
		if (!map_contains(m, p))
			continue;
		at = ui_map_index(m, p);
		if (seen != NULL && !seen[at])
			continue;
		if (k->primed >= 0)
			ui->items[at] = UI_ITEMS_LIVE;
		else if (ui->items[at] == UI_ITEMS_NONE)
			ui->items[at] = UI_ITEMS_SOME;
	}
	free(seen);
}

/* UI_ITEMS_* of what the viewer sees on the square's floor. */
int
ui_map_items(const struct ui *ui, struct pos p)
{
	if (ui->items == NULL || !map_contains(ui->map, p))
		return UI_ITEMS_NONE;
	return ui->items[ui_map_index(ui->map, p)];
}

/*
 * Which unit stands on every square as the viewer knows it (fog of war):
 * its own units and the enemies it sees now in occupant, the enemies it
 * saw before where it last saw them in ghost.  The dead are not shown.
 */
void
ui_map_occupy(struct ui *ui)
{
	const struct map	*m = ui->map;
	const struct catalog	*c = ui->s->catalog;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i, k;
	int			 dx, dy, size, *layer;
	struct pos		 at;

	ui->occupant = xreallocarray(ui->occupant, n, sizeof *ui->occupant);
	ui->ghost = xreallocarray(ui->ghost, n, sizeof *ui->ghost);
	for (i = 0; i < n; i++)
		ui->occupant[i] = ui->ghost[i] = -1;
	for (k = 0; k < game_nunits(ui->g); k++) {
		const struct unit *u = game_unit(ui->g, (int)k);

		if (u->status == UNIT_DEAD)
			continue;
		at = u->pos;
		layer = ui->occupant;
		if (!ui_act_visible(ui, (int)k)) {
			if (!game_last_seen(ui->g, ui->viewer, (int)k, &at))
				continue;
			layer = ui->ghost;
		}
		size = c->units[u->type].size;
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				struct pos p = { at.x + dx, at.y + dy, at.z };

				if (map_contains(m, p))
					layer[ui_map_index(m, p)] = (int)k;
			}
	}
	ui_map_floor_items(ui, n);
	if (ui->links != NULL)
		return;
	ui->links = xcalloc(n, 1);
	for (k = 0; k < m->nlinks; k++) {
		const struct map_link *l = &m->links[k];

		if (map_contains(m, l->lower))
			ui->links[ui_map_index(m, l->lower)] |= l->ramp ?
			    UI_LINK_RAMP_UP : UI_LINK_UP;
		if (map_contains(m, l->upper))
			ui->links[ui_map_index(m, l->upper)] |= l->ramp ?
			    UI_LINK_RAMP_DOWN : UI_LINK_DOWN;
	}
}

int
ui_map_occupant(const struct ui *ui, struct pos p)
{
	if (!map_contains(ui->map, p))
		return -1;
	return ui->occupant[ui_map_index(ui->map, p)];
}

/* An enemy the viewer last saw here and does not see now, or -1. */
int
ui_map_ghost(const struct ui *ui, struct pos p)
{
	if (!map_contains(ui->map, p))
		return -1;
	return ui->ghost[ui_map_index(ui->map, p)];
}

/* The move preview's TU on arriving at p, or -1 off the path. */
static int
ui_map_path_tu(const struct ui *ui, struct pos p)
{
	size_t	i;

	if (ui->mode != UI_MODE_MOVE)
		return -1;
	for (i = 0; i < ui->path.n; i++)
		if (ui->path.steps[i].pos.x == p.x &&
		    ui->path.steps[i].pos.y == p.y &&
		    ui->path.steps[i].pos.z == p.z)
			return ui->path.steps[i].tu;
	return -1;
}

/* The first link at a square, and whether it leads up from there. */
const struct map_link *
ui_map_link(const struct ui *ui, struct pos p, bool *up)
{
	const struct map	*m = ui->map;
	size_t			 k;

	for (k = 0; k < m->nlinks; k++) {
		const struct map_link *l = &m->links[k];

		if (l->lower.x == p.x && l->lower.y == p.y &&
		    l->lower.z == p.z) {
			*up = true;
			return l;
		}
		if (l->upper.x == p.x && l->upper.y == p.y &&
		    l->upper.z == p.z) {
			*up = false;
			return l;
		}
	}
	return NULL;
}

/*
 * Whether the compact map is shown: asked for, or (by default) when the
 * doubled grid cannot show the whole map in the window.
 */
bool
ui_map_compact(const struct ui *ui)
{
	int	w, h;

	if (ui->view != UI_VIEW_AUTO || ui->term.map == NULL)
		return ui->view == UI_VIEW_COMPACT;
	w = getmaxx(ui->term.map);
	h = getmaxy(ui->term.map);
	return 2 * ui->map->width + 1 > w || 2 * ui->map->height + 1 > h;
}

/* The view key: the other picture, kept until switched again. */
void
ui_map_switch(struct ui *ui)
{
	bool	compact = ui_map_compact(ui);

	ui->view = compact ? UI_VIEW_GRID : UI_VIEW_COMPACT;
	free(ui->message);
	ui->message = xstrdup(compact ? "the grid: walls between squares "
	    "(Z: compact)" : "compact: a row a square, underlined: a wall "
	    "south (Z: the grid)");
	ui_map_follow(ui, UI_FOLLOW_JUMP);
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS;
}

void
ui_map_view(const struct ui *ui, struct ui_view *v)
{
	int	w = getmaxx(ui->term.map), h = getmaxy(ui->term.map);

	v->compact = ui_map_compact(ui);
	v->cols = (w - 1) / 2;
	if (v->cols > ui->map->width)
		v->cols = ui->map->width;
	v->rows = v->compact ? h : (h - 1) / 2;
	if (v->rows > ui->map->height)
		v->rows = ui->map->height;
	v->ox = (w - (2 * v->cols + 1)) / 2;
	v->oy = v->compact ? (h - v->rows) / 2 : (h - (2 * v->rows + 1)) / 2;
}

/* The window cell of a square of the view (its glyph's). */
static void
ui_map_cell_of(const struct ui *ui, const struct ui_view *v, int x, int y,
    int *wy, int *wx)
{
	*wx = v->ox + 2 * (x - ui->view_x) + 1;
	*wy = v->compact ? v->oy + (y - ui->view_y) :
	    v->oy + 2 * (y - ui->view_y) + 1;
}

/*
 * Scroll one axis so `at` is shown, keeping a margin from the view's edge
 * where there is room; a jump brings a far-off square to the middle
 * instead (a unit jumped to should not sit at the border).
 */
static void
ui_map_follow_axis(int *origin, int at, int shown, int size,
    enum ui_follow how)
{
	int	margin = shown >= 12 ? 3 : shown / 4;

	if (how == UI_FOLLOW_CENTRE || (how == UI_FOLLOW_JUMP &&
	    (at < *origin || at >= *origin + shown)))
		*origin = at - shown / 2;
	else if (at < *origin + margin)
		*origin = at - margin;
	else if (at > *origin + shown - 1 - margin)
		*origin = at - (shown - 1 - margin);
	if (*origin > size - shown)
		*origin = size - shown;
	if (*origin < 0)
		*origin = 0;
}

void
ui_map_follow(struct ui *ui, enum ui_follow how)
{
	struct ui_view	v;
	int		x = ui->view_x, y = ui->view_y;

	if (ui->term.small || ui->term.map == NULL)
		return;
	ui_map_view(ui, &v);
	ui_map_follow_axis(&ui->view_x, ui->cursor.x, v.cols, ui->map->width,
	    how);
	ui_map_follow_axis(&ui->view_y, ui->cursor.y, v.rows,
	    ui->map->height, how);
	if (x != ui->view_x || y != ui->view_y)
		ui->dirty |= UI_DIRTY_MAP;
}

/* The edge west of square (x, y); x == width is the map's east border. */
static const struct edge *
ui_map_vedge(const struct map *m, int x, int y, int z)
{
	struct pos	p = { x, y, z };

	if (y < 0 || y >= m->height || x < 0 || x > m->width)
		return NULL;
	if (x == m->width) {
		p.x = x - 1;
		return map_edge(m, p, DIR_E);
	}
	return map_edge(m, p, DIR_W);
}

/* The edge north of square (x, y); y == height is the south border. */
static const struct edge *
ui_map_hedge(const struct map *m, int x, int y, int z)
{
	struct pos	p = { x, y, z };

	if (x < 0 || x >= m->width || y < 0 || y > m->height)
		return NULL;
	if (y == m->height) {
		p.y = y - 1;
		return map_edge(m, p, DIR_S);
	}
	return map_edge(m, p, DIR_N);
}

static struct ui_glyph
ui_map_link_glyph(const struct ui *ui, unsigned marks)
{
	if (marks & UI_LINK_UP)
		return ui_glyph_link(ui, false, true);
	if (marks & UI_LINK_RAMP_UP)
		return ui_glyph_link(ui, true, true);
	if (marks & UI_LINK_DOWN)
		return ui_glyph_link(ui, false, false);
	return ui_glyph_link(ui, true, false);
}

/*
 * What open air shows: the first thing below it (a unit, items, an object, a
 * way up or down, a floor), faint: a live grenade keeps its glyph there but
 * not its blinking, which belongs to its own level.  With neither colour nor a
 * dim attribute a faint glyph would look like a real one, so air stays blank.
 */
/* Terrain as the viewer last saw it (the truth in the preview). */
const struct map *
ui_map_terrain(const struct ui *ui)
{
	return ui_preview_on(ui) ? ui->map : know_map(ui->g, ui->viewer);
}

static struct ui_glyph
ui_map_below(const struct ui *ui, struct pos p)
{
	struct ui_glyph		 g = { L' ', UI_STYLE_AIR };
	const struct square	*sq;
	int			 occ;
	unsigned		 marks;
	attr_t			 faint = A_NORMAL;

	if (!ui->term.dim)
		return g;
	for (p.z--; p.z >= 0; p.z--) {
		sq = map_square(ui_map_terrain(ui), p);
		marks = ui->links[ui_map_index(ui->map, p)];
		if ((occ = ui_map_occupant(ui, p)) >= 0)
			g = ui_glyph_gunit(ui, game_unit(ui->g, occ));
		else if (ui_map_items(ui, p) != UI_ITEMS_NONE)
			g = ui_glyph_items(ui, ui_map_items(ui, p), &faint);
		else if (sq->object != OBJECT_NONE)
			g = ui_glyph_object(ui, &ui->map->objects[sq->object]);
		else if (marks != 0)
			g = ui_map_link_glyph(ui, marks);
		else if (sq->floor != FLOOR_NONE)
			g = ui_glyph_floor(ui, sq->floor);
		else
			continue;
		g.style = UI_STYLE_AIR;
		return g;
	}
	return g;
}

static struct ui_glyph
ui_map_square_base(const struct ui *ui, struct pos p, attr_t *extra)
{
	const struct square	*sq = map_square(ui_map_terrain(ui), p);
	unsigned		 marks = ui->links[ui_map_index(ui->map, p)];
	int			 occ;

	struct ui_glyph		 g;
	int			 tu, items = ui_map_items(ui, p);

	if ((occ = ui_map_occupant(ui, p)) >= 0) {
		const struct unit *u = game_unit(ui->g, occ);

		if (u->kneeling)
			*extra |= A_UNDERLINE;
		if (u->status == UNIT_UNCONSCIOUS)
			*extra |= A_DIM;
		if (ui->mode == UI_MODE_FIRE && occ == ui->target)
			*extra |= A_BOLD | A_UNDERLINE;
		/* Targets of melee, psi, medikit; units a blast would hit. */
		if ((ui->mode == UI_MODE_MELEE || ui->mode == UI_MODE_PSI ||
		    ui->mode == UI_MODE_HEAL || ui->mode == UI_MODE_CARRY) &&
		    occ == ui->target)
			*extra |= A_BOLD | A_UNDERLINE;
		if (ui->mode == UI_MODE_THROW && ui_throw_blast(ui, p))
			*extra |= A_BOLD | A_STANDOUT;
		/* Standing on a live grenade: the unit blinks as it would. */
		if (items == UI_ITEMS_LIVE)
			*extra |= A_BLINK;
		return ui_glyph_gunit(ui, u);
	}
	if ((occ = ui_map_ghost(ui, p)) >= 0) {
		/* Where an enemy was last seen: '?', dim, its side's colour. */
		g = ui_glyph_gunit(ui, game_unit(ui->g, occ));
		g.wc = L'?';
		*extra |= A_DIM;
		return g;
	}
	if ((tu = ui_fire_via_at(ui, p)) > 0) {
		/* A guided shot's waypoint: its number, in order. */
		g.wc = L'0' + tu;
		g.style = UI_STYLE_PATH_SNAP;
		*extra |= A_BOLD | A_REVERSE;
		return g;
	}
	/* A live grenade shows over the path and the blast preview. */
	if (items == UI_ITEMS_LIVE)
		return ui_glyph_items(ui, items, extra);
	if ((tu = ui_map_path_tu(ui, p)) >= 0) {
		/*
		 * The path: '*' where a snap shot would still be affordable
		 * after arriving, '+' where only moving is, '!' for past
		 * the TUs left (never drawn by game_path, kept for safety).
		 */
		const struct unit *u = game_unit(ui->g, ui->selected);
		int snap = ui_act_snap_tu(ui, ui->selected), watch;

		/* No snap shot in the right hand: never '*'. */
		if (snap > 0 && u->tu - tu >= snap) {
			g.wc = L'*';
			g.style = UI_STYLE_PATH_SNAP;
		} else if (u->tu - tu >= 0) {
			g.wc = L'+';
			g.style = UI_STYLE_PATH_MOVE;
		} else {
			g.wc = L'!';
			g.style = UI_STYLE_PATH_FAR;
		}
		/* A reachable step some enemy could react to: how many. */
		if (u->tu - tu >= 0 &&
		    (watch = ui_overlay_path_watchers(ui, p)) > 0)
			g.wc = L'0' + (watch > 9 ? 9 : watch);
		*extra |= A_BOLD;
		return g;
	}
	if (ui->mode == UI_MODE_THROW && ui_throw_blast(ui, p)) {
		/* A primed grenade's reach: 'o' over the floor. */
		g.wc = ui->term.utf8 ? L'\u2218' : L'o';
		g.style = UI_STYLE_BLAST;
		return g;
	}
	if (items != UI_ITEMS_NONE)
		return ui_glyph_items(ui, items, extra);
	if (sq->object != OBJECT_NONE)
		return ui_glyph_object(ui, &ui->map->objects[sq->object]);
	if (marks != 0)
		return ui_map_link_glyph(ui, marks);
	if (sq->floor != FLOOR_NONE)
		return ui_glyph_floor(ui, sq->floor);
	return ui_map_below(ui, p);
}

/* A square as the map shows it, then as the overlays change it. */
static struct ui_glyph
ui_map_square_glyph(const struct ui *ui, struct pos p, attr_t *extra)
{
	struct ui_glyph	g = ui_map_square_base(ui, p, extra);

	if (!ui_overlay_square(ui, p, &g, extra))
		ui_deploy_square(ui, p, &g);	/* the zone, while placing */
	return g;
}

/*
 * The cells inside a 2x2 unit (between its squares) belong to it: a large
 * unit reads as one block of its glyph rather than four small units.
 */
static bool
ui_map_inner(const struct ui *ui, struct pos a, struct pos b,
    struct ui_glyph *g)
{
	int	occ = ui_map_occupant(ui, a);

	if (occ < 0 || occ != ui_map_occupant(ui, b))
		return false;
	*g = ui_glyph_gunit(ui, game_unit(ui->g, occ));
	return true;
}

/* The glyph of grid cell (i, j) of the view. */
static struct ui_glyph
ui_map_cell(const struct ui *ui, int i, int j, attr_t *extra)
{
	const struct map	*m = ui_map_terrain(ui);
	int			 x = ui->view_x + i / 2, y = ui->view_y + j / 2;
	int			 z = ui->cursor.z;
	struct pos		 p = { x, y, z };
	struct pos		 w = { x - 1, y, z }, n = { x, y - 1, z };
	struct pos		 nw = { x - 1, y - 1, z };
	struct ui_glyph		 g;
	const struct edge	*arms[4];

	if (i % 2 == 1 && j % 2 == 1)
		return ui_map_square_glyph(ui, p, extra);
	if (i % 2 == 0 && j % 2 == 1) {
		if (ui_map_inner(ui, w, p, &g))
			return g;
		return ui_glyph_edge(ui, ui_map_vedge(m, x, y, z), true);
	}
	if (i % 2 == 1) {
		if (ui_map_inner(ui, n, p, &g))
			return g;
		return ui_glyph_edge(ui, ui_map_hedge(m, x, y, z), false);
	}
	if (ui_map_inner(ui, nw, p, &g) && ui_map_inner(ui, w, n, &g))
		return g;
	arms[0] = ui_map_vedge(m, x, y - 1, z);
	arms[1] = ui_map_vedge(m, x, y, z);
	arms[2] = ui_map_hedge(m, x - 1, y, z);
	arms[3] = ui_map_hedge(m, x, y, z);
	return ui_glyph_corner(ui, arms);
}

/* Compact map: the wall, window, fence or door south of (x, y), or NULL. */
static const struct edge *
ui_map_south(const struct map *m, int x, int y, int z)
{
	const struct edge	*e = ui_map_hedge(m, x, y + 1, z);

	if (e == NULL || e->kind == EDGE_OPEN || e->kind >= EDGE_KIND_COUNT)
		return NULL;
	return e;
}

/* ... drawn as a line under the square: all but an open door. */
static bool
ui_map_south_line(const struct map *m, int x, int y, int z)
{
	const struct edge	*e = ui_map_south(m, x, y, z);

	return e != NULL && !(e->kind == EDGE_DOOR &&
	    (e->flags & EDGE_OPENED));
}

/* A wall, window or door on the vertical edge west of (x, y). */
static bool
ui_map_upright(const struct map *m, int x, int y, int z)
{
	const struct edge	*e = ui_map_vedge(m, x, y, z);

	return e != NULL && (e->kind == EDGE_WALL || e->kind == EDGE_WINDOW ||
	    e->kind == EDGE_DOOR);
}

/*
 * The glyph of compact cell (i, j): a square at odd i, the edge west of
 * one at even i; the south edge underlines it (see the top).
 */
static struct ui_glyph
ui_map_compact_cell(const struct ui *ui, int i, int j, attr_t *extra)
{
	const struct map	*m = ui_map_terrain(ui);
	int			 x = ui->view_x + i / 2, y = ui->view_y + j;
	int			 z = ui->cursor.z;
	struct pos		 p = { x, y, z }, w = { x - 1, y, z };
	const struct edge	*e;
	struct ui_glyph		 g, floor;
	bool			 left, right;

	if (i % 2 == 1) {
		g = ui_map_square_glyph(ui, p, extra);
		/* The underline is the wall's here: other marks go bold. */
		if (*extra & A_UNDERLINE)
			*extra = (*extra & ~A_UNDERLINE) | A_BOLD;
		if ((e = ui_map_south(m, x, y, z)) == NULL)
			return g;
		if (ui_map_south_line(m, x, y, z))
			*extra |= A_UNDERLINE;
		/* A door, window or fence on a bare floor: its own glyph. */
		floor = ui_glyph_floor(ui, map_square(m, p)->floor);
		if (e->kind != EDGE_WALL && g.wc == floor.wc &&
		    g.style == floor.style)
			g = ui_glyph_edge(ui, e, false);
		return g;
	}
	if (!ui_map_inner(ui, w, p, &g))
		g = ui_glyph_edge(ui, ui_map_vedge(m, x, y, z), true);
	left = x > 0 && ui_map_south_line(m, x - 1, y, z);
	right = x < m->width && ui_map_south_line(m, x, y, z);
	if ((left && right) || ((left || right) &&
	    (ui_map_upright(m, x, y, z) || ui_map_upright(m, x, y + 1, z))))
		*extra |= A_UNDERLINE;
	return g;
}

/*
 * Make the map window's cache fit it: the window erased and every cell
 * blank in the cache, unless it holds what the cache says.
 */
static void
ui_map_cache_fit(struct ui *ui, WINDOW *w)
{
	int	h = getmaxy(w), wd = getmaxx(w), k;
	size_t	n = (size_t)h * (size_t)wd, i;

	if (ui->cached_ok && ui->cached_h == h && ui->cached_w == wd) {
		/* The highlights changed their cells behind the cache. */
		for (k = 0; k < ui->cached_nhl; k++)
			ui->cached[ui->cached_hl[k][0] * wd +
			    ui->cached_hl[k][1]].wc = 0;
		ui->cached_nhl = 0;
		return;
	}
	ui->cached = xreallocarray(ui->cached, n, sizeof *ui->cached);
	for (i = 0; i < n; i++)
		ui->cached[i] = (struct ui_map_cell){ L' ', A_NORMAL, 0 };
	ui->cached_h = h;
	ui->cached_w = wd;
	ui->cached_ok = true;
	ui->cached_nhl = 0;
	werase(w);
}

/* Note a highlighted cell: the next draw writes it again. */
static void
ui_map_cache_hl(struct ui *ui, int y, int x)
{
	if (ui->cached_nhl < 2 && y >= 0 && x >= 0 && y < ui->cached_h &&
	    x < ui->cached_w) {
		ui->cached_hl[ui->cached_nhl][0] = y;
		ui->cached_hl[ui->cached_nhl++][1] = x;
	}
}

/*
 * The selected unit's facing: an arrow in the cell next to it that way,
 * or, where a wall already fills that cell, the wall shown highlighted.
 * For a 2x2 unit the cell is the corner beyond the middle of that side.
 * The compact map has no cells above and below a square: the arrow goes
 * in the edge cell east of the unit (west when it faces west).
 */
static void
ui_map_draw_facing(struct ui *ui, const struct ui_view *v)
{
	const struct unit	*u;
	int			 size, i, j, dx, dy;
	cchar_t			 cc;
	wchar_t			 wc[CCHARW_MAX + 1];
	attr_t			 attr;
	short			 pair;

	if (ui->selected < 0)
		return;
	u = game_unit(ui->g, ui->selected);
	if (u->pos.z != ui->cursor.z || !ui_act_visible(ui, ui->selected))
		return;
	size = ui->s->catalog->units[u->type].size;
	dx = dir_dx[u->facing];
	dy = dir_dy[u->facing];
	if (v->compact) {
		i = 2 * (u->pos.x - ui->view_x) + (dx < 0 ? 0 : 2 * size);
		j = u->pos.y - ui->view_y + (dy > 0 ? size - 1 : 0);
		if (i < 0 || j < 0 || i > 2 * v->cols || j >= v->rows)
			return;
	} else {
		i = 2 * (u->pos.x - ui->view_x) + size + size * dx;
		j = 2 * (u->pos.y - ui->view_y) + size + size * dy;
		if (i < 0 || j < 0 || i > 2 * v->cols || j > 2 * v->rows)
			return;
	}
	ui_map_cache_hl(ui, v->oy + j, v->ox + i);
	if (mvwin_wch(ui->term.map, v->oy + j, v->ox + i, &cc) == OK &&
	    getcchar(&cc, wc, &attr, &pair, NULL) != ERR && wc[0] != L' ') {
		ui_term_highlight(ui->term.map, v->oy + j, v->ox + i,
		    A_REVERSE);
		return;
	}
	ui_term_cell(ui, ui->term.map, v->oy + j, v->ox + i,
	    ui_glyph_facing(ui, u->facing), A_NORMAL);
}

/*
 * A blank cell of the map.  Between two squares it takes the colour of a
 * plain glyph on its left, which a blank does not show (every colour pair
 * has the terminal's own background): a row of floor is then one run of
 * one colour, not a colour change and a reset for each square, and a step
 * sends fewer attribute changes.  Not after a bold or highlighted glyph
 * (a unit, the cursor), which would need a change of its own.
 */
static struct ui_map_cell
ui_map_blank(const struct ui *ui, int i, int y, int x)
{
	const struct ui_map_cell	*left;

	if (i % 2 == 0 && i > 0 && x > 0) {
		left = &ui->cached[y * ui->cached_w + x - 1];
		if (left->wc != 0 && left->wc != L' ' &&
		    left->attr == A_NORMAL)
			return (struct ui_map_cell){ L' ', A_NORMAL,
			    left->pair };
	}
	return (struct ui_map_cell){ L' ', A_NORMAL, 0 };
}

/*
 * Draw the map, writing only the cells whose glyph or attributes differ
 * from what the window holds (ui->cached): curses sends only changed cells
 * anyway, but rewriting every cell costs it a comparison of every line.
 */
void
ui_map_draw(struct ui *ui)
{
	WINDOW		*w = ui->term.map;
	struct ui_view	 v;
	struct ui_glyph	 g;
	attr_t		 extra;
	int		 i, j, rows, cy, cx;
	bool		 whole, part;

	whole = !ui->cached_ok || ui->cached_h != getmaxy(w) ||
	    ui->cached_w != getmaxx(w);
	ui_map_cache_fit(ui, w);
	ui_overlay_prepare(ui);
	ui_map_view(ui, &v);
	part = ui_map_memo_begin(ui, &v, whole);
	rows = v.compact ? v.rows - 1 : 2 * v.rows;
	for (j = 0; j <= rows; j++)
		for (i = 0; i <= 2 * v.cols; i++) {
			int y = v.oy + j, x = v.ox + i;
			struct ui_map_cell want, *have;

			if (y < 0 || x < 0 || y >= ui->cached_h ||
			    x >= ui->cached_w)
				continue;
			have = &ui->cached[y * ui->cached_w + x];
			/*
			 * Unchanged, unless highlighted last time (wc 0); a
			 * cell between squares follows the one on its left.
			 */
			if (part && have->wc != 0 && !ui_map_memo_dirty(ui,
			    i / 2, v.compact ? j : j / 2) && (i % 2 != 0 ||
			    i == 0 || !ui_map_memo_dirty(ui, i / 2 - 1,
			    v.compact ? j : j / 2)))
				continue;
			extra = A_NORMAL;
			g = v.compact ? ui_map_compact_cell(ui, i, j, &extra) :
			    ui_map_cell(ui, i, j, &extra);
			if (g.wc != L' ' || extra != A_NORMAL)
				want = (struct ui_map_cell){ g.wc,
				    ui->term.styles[g.style].attr | extra,
				    ui->term.styles[g.style].pair };
			else
				want = ui_map_blank(ui, i, y, x);
			if (have->wc == want.wc && have->attr == want.attr &&
			    have->pair == want.pair)
				continue;
			*have = want;
			if (want.wc == L' ' && extra == A_NORMAL &&
			    g.wc == L' ') {
				cchar_t	cc;

				setcchar(&cc, L" ", want.attr, want.pair, NULL);
				mvwadd_wch(w, y, x, &cc);
			} else
				ui_term_cell(ui, w, y, x, g, extra);
		}
	ui_map_draw_facing(ui, &v);
	ui_map_cell_of(ui, &v, ui->cursor.x, ui->cursor.y, &cy, &cx);
	ui_term_highlight(w, cy, cx, A_REVERSE);
	ui_map_cache_hl(ui, cy, cx);
}

/* Put the terminal's cursor on the cursor square, for screen readers. */
void
ui_map_place_cursor(const struct ui *ui)
{
	struct ui_view	v;
	int		cy, cx;

	ui_map_view(ui, &v);
	ui_map_cell_of(ui, &v, ui->cursor.x, ui->cursor.y, &cy, &cx);
	wmove(ui->term.map, cy, cx);
}

/* The square at a cell of the map window (a mouse click), if any. */
bool
ui_map_square_at(const struct ui *ui, int wy, int wx, struct pos *p)
{
	struct ui_view	v;
	int		i, j;

	ui_map_view(ui, &v);
	i = wx - v.ox;
	j = wy - v.oy;
	if (i < 0 || j < 0 || i > 2 * v.cols ||
	    j > (v.compact ? v.rows - 1 : 2 * v.rows))
		return false;
	/* An edge or corner cell counts as the square before it. */
	i = i > 0 ? (i - 1) / 2 : 0;
	if (!v.compact)
		j = j > 0 ? (j - 1) / 2 : 0;
	if (i >= v.cols)
		i = v.cols - 1;
	if (j >= v.rows)
		j = v.rows - 1;
	p->x = ui->view_x + i;
	p->y = ui->view_y + j;
	p->z = ui->cursor.z;
	return true;
}
