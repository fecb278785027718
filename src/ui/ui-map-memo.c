/*
 * ui-map-memo.c - which squares of the map window can look different from
 * the last draw, so ui_map_draw computes the glyphs of those alone.
 *
 * A glyph is computed from the terrain as the viewer knows it, the units
 * and ghosts on it, the items it sees, the path and the mode's marks.  The
 * memo keeps a copy of the per-square parts the last draw was drawn from
 * (ui->occupant, ui->ghost, ui->items, the squares the viewer sees now,
 * which are hatched when not, the known squares and edges) and of
 * the rest (the view, the level, the mode, the viewer ...); a square is
 * dirty when one of its parts differs, at any level (open air shows the
 * levels below), when a unit or ghost stands in its column (a unit's glyph
 * follows its state: kneeling, stunned, selected), or when the path passes
 * it, before or now.  A cell is computed again when a square within one of
 * its own is dirty: that covers its edges and corners, the cells a 2x2
 * unit fills and the compact map's underlines, which read the neighbours.
 *
 * Anything else draws the map whole: a different view, level, picture,
 * mode, selection, viewer, preview or hatching, the cache made anew, an
 * overlay on, deploying, and the modes that mark targets, blasts or
 * waypoints.  The memo reads only what the map shows (the viewer's
 * knowledge), so the fog holds as it does for a whole draw.
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

struct ui_map_memo {
	bool		 ok;		/* the fields below describe a draw */
	int		 view_x, view_y, z, cols, rows;
	bool		 compact, preview;
	enum ui_mode	 mode;
	enum side	 viewer;
	int		 selected;
	bool		 hatch;		/* unseen squares hatched */
	int		 fog;		/* for this side */
	const struct map *terrain;
	size_t		 n;		/* squares of the map, all levels */
	size_t		 nv, nh;	/* its vertical and horizontal edges */
	int		*occupant, *ghost;
	unsigned char	*items, *seen;
	struct square	*squares;
	struct edge	*vedges, *hedges;
	struct pos	*path;		/* the path drawn, in move mode */
	size_t		 npath;
	/* Squares view_x - 1 .. view_x + cols + 1, likewise down. */
	unsigned char	*dirty, *near;
	int		 w, h;
};

void
ui_map_memo_free(struct ui *ui)
{
	struct ui_map_memo	*mm = ui->memo;

	if (mm == NULL)
		return;
	free(mm->occupant);
	free(mm->ghost);
	free(mm->items);
	free(mm->seen);
	free(mm->squares);
	free(mm->vedges);
	free(mm->hedges);
	free(mm->path);
	free(mm->dirty);
	free(mm->near);
	free(mm);
	ui->memo = NULL;
}

/* Whether the mode, overlays or placing draw marks the memo does not know. */
static bool
ui_map_memo_plain(const struct ui *ui)
{
	if (ui->mode != UI_MODE_MAP && ui->mode != UI_MODE_MOVE &&
	    ui->mode != UI_MODE_LOOK)
		return false;
	return ui->ov.kind == UI_OVERLAY_NONE && !ui_deploy_on(ui);
}

static void
ui_map_memo_mark(struct ui_map_memo *mm, int x, int y)
{
	x -= mm->view_x - 1;
	y -= mm->view_y - 1;
	if (x >= 0 && y >= 0 && x < mm->w && y < mm->h)
		mm->dirty[y * mm->w + x] = 1;
}

/* Mark the squares whose parts differ from the memo's. */
static void
ui_map_memo_compare(const struct ui *ui, struct ui_map_memo *mm)
{
	const struct map	*m = ui->map, *t = mm->terrain;
	int			 x, y, z, vx, hy;
	size_t			 i, vrow = (size_t)m->width + 1;
	size_t			 hlevel = (size_t)m->width * (m->height + 1);

	for (y = mm->view_y - 1; y <= mm->view_y + mm->rows; y++)
		for (x = mm->view_x - 1; x <= mm->view_x + mm->cols; x++) {
			if (x < 0 || y < 0 || x >= m->width || y >= m->height)
				continue;
			/* The borders' edges count as the last squares'. */
			vx = x == m->width - 1 ? 2 : 1;
			hy = y == m->height - 1 ? 2 : 1;
			for (z = 0; z < m->levels; z++) {
				size_t v = ((size_t)z * m->height + y) * vrow + x;
				size_t h = z * hlevel + (size_t)y * m->width + x;
				int k;

				i = ((size_t)z * m->height + y) * m->width + x;
				if (ui->occupant[i] >= 0 || ui->ghost[i] >= 0 ||
				    mm->occupant[i] != ui->occupant[i] ||
				    mm->ghost[i] != ui->ghost[i] ||
				    mm->items[i] != ui->items[i] ||
				    (mm->hatch && mm->seen[i] != ui->ov.seen[i]) ||
				    memcmp(&mm->squares[i], &t->squares[i],
				    sizeof *t->squares) != 0)
					break;
				for (k = 0; k < vx; k++)
					if (memcmp(&mm->vedges[v + k],
					    &t->vedges[v + k],
					    sizeof *t->vedges) != 0)
						break;
				if (k < vx)
					break;
				for (k = 0; k < hy; k++)
					if (memcmp(&mm->hedges[h + k * m->width],
					    &t->hedges[h + k * m->width],
					    sizeof *t->hedges) != 0)
						break;
				if (k < hy)
					break;
			}
			if (z < m->levels)
				ui_map_memo_mark(mm, x, y);
		}
}

/* Remember what this draw is drawn from. */
static void
ui_map_memo_keep(const struct ui *ui, struct ui_map_memo *mm)
{
	const struct map	*t = mm->terrain;
	size_t			 i;

	memcpy(mm->occupant, ui->occupant, mm->n * sizeof *mm->occupant);
	memcpy(mm->ghost, ui->ghost, mm->n * sizeof *mm->ghost);
	memcpy(mm->items, ui->items, mm->n);
	if (mm->hatch)
		memcpy(mm->seen, ui->ov.seen, mm->n);
	memcpy(mm->squares, t->squares, mm->n * sizeof *mm->squares);
	memcpy(mm->vedges, t->vedges, mm->nv * sizeof *mm->vedges);
	memcpy(mm->hedges, t->hedges, mm->nh * sizeof *mm->hedges);
	mm->npath = ui->mode == UI_MODE_MOVE ? ui->path.n : 0;
	mm->path = xreallocarray(mm->path, mm->npath + 1, sizeof *mm->path);
	for (i = 0; i < mm->npath; i++)
		mm->path[i] = ui->path.steps[i].pos;
}

/*
 * Before a draw of view v: whether it may be drawn in part (then
 * ui_map_memo_dirty says which cells), else it is drawn whole.  `whole`
 * says the window's cache was made anew.
 */
bool
ui_map_memo_begin(struct ui *ui, const struct ui_view *v, bool whole)
{
	const struct map	*m = ui->map;
	struct ui_map_memo	*mm;
	size_t			 i, nw;
	int			 x, y, dx, dy;
	bool			 part;

	if (ui->memo == NULL) {
		mm = ui->memo = xcalloc(1, sizeof *mm);
		mm->n = (size_t)m->width * m->height * m->levels;
		mm->nv = ((size_t)m->width + 1) * m->height * m->levels;
		mm->nh = (size_t)m->width * (m->height + 1) * m->levels;
		mm->occupant = xreallocarray(NULL, mm->n, sizeof *mm->occupant);
		mm->ghost = xreallocarray(NULL, mm->n, sizeof *mm->ghost);
		mm->items = xmalloc(mm->n);
		mm->seen = xmalloc(mm->n);
		mm->squares = xreallocarray(NULL, mm->n, sizeof *mm->squares);
		mm->vedges = xreallocarray(NULL, mm->nv, sizeof *mm->vedges);
		mm->hedges = xreallocarray(NULL, mm->nh, sizeof *mm->hedges);
	}
	mm = ui->memo;
	part = !whole && mm->ok && ui_map_memo_plain(ui) &&
	    ui->items != NULL && mm->view_x == ui->view_x &&
	    mm->view_y == ui->view_y && mm->z == ui->cursor.z &&
	    mm->cols == v->cols && mm->rows == v->rows &&
	    mm->compact == v->compact && mm->preview == ui_preview_on(ui) &&
	    mm->mode == ui->mode && mm->viewer == ui->viewer &&
	    mm->selected == ui->selected && mm->hatch == ui->ov.hatch &&
	    mm->fog == ui->ov.fog &&
	    mm->terrain == ui_map_terrain(ui);
	mm->ok = ui_map_memo_plain(ui) && ui->items != NULL;
	mm->view_x = ui->view_x;
	mm->view_y = ui->view_y;
	mm->z = ui->cursor.z;
	mm->cols = v->cols;
	mm->rows = v->rows;
	mm->compact = v->compact;
	mm->preview = ui_preview_on(ui);
	mm->mode = ui->mode;
	mm->viewer = ui->viewer;
	mm->selected = ui->selected;
	mm->hatch = ui->ov.hatch;
	mm->fog = ui->ov.fog;
	mm->terrain = ui_map_terrain(ui);
	mm->w = v->cols + 3;
	mm->h = v->rows + 3;
	nw = (size_t)mm->w * mm->h;
	mm->dirty = xreallocarray(mm->dirty, nw, 1);
	mm->near = xreallocarray(mm->near, nw, 1);
	memset(mm->dirty, 0, nw);
	memset(mm->near, 0, nw);
	if (part) {
		ui_map_memo_compare(ui, mm);
		for (i = 0; i < mm->npath; i++)
			ui_map_memo_mark(mm, mm->path[i].x, mm->path[i].y);
		if (ui->mode == UI_MODE_MOVE)
			for (i = 0; i < ui->path.n; i++)
				ui_map_memo_mark(mm, ui->path.steps[i].pos.x,
				    ui->path.steps[i].pos.y);
		for (y = 0; y < mm->h; y++)
			for (x = 0; x < mm->w; x++) {
				if (!mm->dirty[y * mm->w + x])
					continue;
				for (dy = -1; dy <= 1; dy++)
					for (dx = -1; dx <= 1; dx++)
						if (x + dx >= 0 && y + dy >= 0 &&
						    x + dx < mm->w &&
						    y + dy < mm->h)
							mm->near[(y + dy) *
							    mm->w + x + dx] = 1;
			}
	}
	if (mm->ok)
		ui_map_memo_keep(ui, mm);
	return part;
}

/*
 * Whether the cell whose square is (bx, by) of the view (bx may be cols,
 * the east border's edge cells) must be computed again.
 */
bool
ui_map_memo_dirty(const struct ui *ui, int bx, int by)
{
	const struct ui_map_memo *mm = ui->memo;

	if (bx + 1 >= mm->w || by + 1 >= mm->h)
		return true;
	return mm->near[(by + 1) * mm->w + bx + 1] != 0;
}
