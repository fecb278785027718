/*
 * ui-overlay.c - what the map can show on top of itself: the sight of one
 * eye, the reach of one unit, the squares the enemy watches, the hatching
 * of squares a side does not see, and the watchers along a move's path.
 *
 * Layers are [z][y][x] over the whole map, like the engine's (sight_fov,
 * game_reach), and are computed from the game when first needed after
 * anything changed (ov.stale): a command, a toggle, a new fog side.  They
 * are views only; nothing here changes the game.
 *
 * Meaning is carried by glyphs, not colour: a digit on a square (TU left in
 * tenths for reach, the number of watchers for threat and on a path), and
 * a hatch glyph on a square nobody of the side sees (game_side_sight;
 * dimmed units, objects and stairs keep their own glyph there).  The
 * status line gives the legend and the exact value under the cursor.
 *
 * Honesty: in play, overlays show only what the viewer may know (its own
 * units' reach, the enemies it has seen, its own side's fog); the game
 * master's preview (ui-preview.c) shows everything.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/threat.h"
#include "xtac/util.h"

#define UI_OVERLAY_HATCH_UTF8	L'\u2592'	/* medium shade */
#define UI_OVERLAY_HATCH_ASCII	L'`'

static size_t
ui_overlay_size(const struct ui *ui)
{
	return (size_t)ui->map->width * ui->map->height * ui->map->levels;
}

static size_t
ui_overlay_index(const struct ui *ui, struct pos p)
{
	return ((size_t)p.z * ui->map->height + p.y) * ui->map->width + p.x;
}

static int
ui_overlay_radius(const struct ui *ui)
{
	int	r = ui->map->width;

	if (ui->map->height > r)
		r = ui->map->height;
	if (ui->map->levels > r)
		r = ui->map->levels;
	return r;
}

static wchar_t
ui_overlay_hatch(const struct ui *ui)
{
	return ui->term.utf8 ? UI_OVERLAY_HATCH_UTF8 : UI_OVERLAY_HATCH_ASCII;
}

void
ui_overlay_init(struct ui *ui)
{
	memset(&ui->ov, 0, sizeof ui->ov);
	ui->ov.kind = UI_OVERLAY_NONE;
	ui->ov.unit = -1;
	ui->ov.fog = ui->opts.preview ? (int)ui->opts.side :
	    UI_OVERLAY_NO_FOG;
	ui->ov.stale = true;
}

void
ui_overlay_free(struct ui *ui)
{
	free(ui->ov.seen);
	free(ui->ov.layer);
	free(ui->ov.path_watch);
	memset(&ui->ov, 0, sizeof ui->ov);
}

static void
ui_overlay_reach(struct ui *ui)
{
	const struct unit	*u = game_unit(ui->g, ui->ov.unit);
	size_t			 n = ui_overlay_size(ui), i;

	game_reach(ui->g, ui->ov.unit, ui->ov.layer);
	for (i = 0; i < n; i++)
		if (ui->ov.layer[i] != PATH_UNREACHABLE)
			ui->ov.layer[i] = u->tu - ui->ov.layer[i];
}

/*
 * The side a threat is to: in play the viewer's (whose knowledge it uses),
 * in the preview the side whose fog is hatched, else the side to move.
 */
static enum side
ui_overlay_threat_side(const struct ui *ui)
{
	if (ui->opts.preview && ui->ov.fog != UI_OVERLAY_NO_FOG)
		return (enum side)ui->ov.fog;
	return ui->viewer;
}

static void
ui_overlay_threat(struct ui *ui)
{
	size_t	 n = ui_overlay_size(ui), i;
	uint8_t	*counts = xcalloc(n, 1);

	threat_map(ui->g, ui_overlay_threat_side(ui), !ui->opts.preview,
	    counts);
	for (i = 0; i < n; i++)
		ui->ov.layer[i] = counts[i] > 0 ? counts[i] : -1;
	free(counts);
}

/*
 * The sight overlay: an eye of the viewer's own sees what it truly sees
 * (the side sees those squares now).  Any other eye, a unit of the enemy
 * or the cursor's square, is worked out over the field as the viewer
 * knows it (game_side_field: walls, doors and smoke as last seen, the
 * units it sees), so the overlay never shows a door opened or a wall
 * blown out of its sight.  The game master's preview reads the truth.
 */
static void
ui_overlay_sight(struct ui *ui)
{
	struct ui_overlay	*ov = &ui->ov;
	const struct unit	*u = ov->unit >= 0 ? game_unit(ui->g,
				    ov->unit) : NULL;
	const struct field	*f = game_field(ui->g);
	struct field		 known;
	size_t			 n = ui_overlay_size(ui), i;
	uint8_t			*one;
	int			 size = u != NULL ? u->t->size : 1, s;

	if (u != NULL && (ui->opts.preview || ui_act_mine(ui, ov->unit))) {
		game_unit_sight(ui->g, ov->unit, ov->seen);
		return;
	}
	known.flags = NULL;
	if (!ui->opts.preview) {
		known.flags = xmalloc(n);
		game_side_field(ui->g, ui->viewer, &known);
		f = &known;
	}
	memset(ov->seen, 0, n);
	one = xmalloc(n);
	for (s = 0; s < size * size; s++) {
		struct pos from = u != NULL ? u->pos : ov->from;

		from.x += s % size;
		from.y += s / size;
		if (!map_contains(ui->map, from))
			continue;
		memset(one, 0, n);
		sight_fov(f, from, u != NULL && u->kneeling ?
		    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING,
		    ui_overlay_radius(ui), one);
		for (i = 0; i < n; i++)
			ov->seen[i] |= one[i];
	}
	free(one);
	free(known.flags);
}

/* Compute the layers if anything changed since they were. */
void
ui_overlay_prepare(struct ui *ui)
{
	struct ui_overlay	*ov = &ui->ov;
	size_t			 n = ui_overlay_size(ui), i;

	if (!ov->stale)
		return;
	ov->stale = false;
	ov->seen = xreallocarray(ov->seen, n, 1);
	ov->layer = xreallocarray(ov->layer, n, sizeof *ov->layer);
	for (i = 0; i < n; i++)
		ov->layer[i] = -1;
	ov->hatch = false;
	if (ov->kind == UI_OVERLAY_SIGHT) {
		ui_overlay_sight(ui);
		ov->hatch = true;
	} else if (ov->fog != UI_OVERLAY_NO_FOG) {
		game_side_sight(ui->g, (enum side)ov->fog, ov->seen);
		ov->hatch = true;
	}
	if (ov->kind == UI_OVERLAY_REACH)
		ui_overlay_reach(ui);
	if (ov->kind == UI_OVERLAY_THREAT)
		ui_overlay_threat(ui);
}

/* Whether game_reach has anything to say of the unit. */
static bool
ui_overlay_can_move(const struct ui *ui, int unit)
{
	const struct unit	*u = game_unit(ui->g, unit);

	return u->status == UNIT_ACTIVE && map_contains(ui->map, u->pos);
}

/* After every command: the game changed under the layers. */
void
ui_overlay_changed(struct ui *ui)
{
	struct ui_overlay	*ov = &ui->ov;

	ov->stale = true;
	/* The unit whose reach is shown fell, or left the map. */
	if (ov->kind == UI_OVERLAY_REACH && !ui_overlay_can_move(ui, ov->unit))
		ov->kind = UI_OVERLAY_NONE;
	if (ui->opts.preview)
		return;
	/* A new player at the keyboard sees only its own side's. */
	if (ov->fog != UI_OVERLAY_NO_FOG)
		ov->fog = (int)ui->viewer;
	if (ov->unit >= 0 && !ui_act_visible(ui, ov->unit))
		ov->kind = UI_OVERLAY_NONE;
	if (ov->kind == UI_OVERLAY_REACH && !ui_act_mine(ui, ov->unit))
		ov->kind = UI_OVERLAY_NONE;
}

static void
ui_overlay_refuse(struct ui *ui, const char *why)
{
	free(ui->message);
	ui->message = xstrdup(why);
	ui->dirty |= UI_DIRTY_STATUS;
}

/* The unit the overlay keys mean: under the cursor, else the selected. */
static int
ui_overlay_subject(const struct ui *ui)
{
	int	occ = ui_map_occupant(ui, ui->cursor);

	if (occ >= 0 && ui_act_visible(ui, occ))
		return occ;
	return ui->selected;
}

static void
ui_overlay_toggle(struct ui *ui, enum ui_overlay_kind kind)
{
	struct ui_overlay	*ov = &ui->ov;
	int			 unit = ui_overlay_subject(ui);

	if (kind == UI_OVERLAY_SIGHT) {
		unit = ui_map_occupant(ui, ui->cursor);
		if (unit >= 0 && !ui_act_visible(ui, unit))
			unit = -1;
		/* The same key on the same eye puts it away. */
		if (ov->kind == kind && ov->unit == unit && (unit >= 0 ||
		    (ov->from.x == ui->cursor.x && ov->from.y == ui->cursor.y &&
		    ov->from.z == ui->cursor.z)))
			kind = UI_OVERLAY_NONE;
		ov->from = ui->cursor;
	} else if (kind == UI_OVERLAY_REACH) {
		if (ov->kind == kind && (unit < 0 || unit == ov->unit))
			kind = UI_OVERLAY_NONE;
		else if (unit < 0) {
			ui_overlay_refuse(ui, "reach: put the cursor on a unit");
			return;
		} else if (!ui->opts.preview && !ui_act_mine(ui, unit)) {
			ui_overlay_refuse(ui, "reach: only your own units' "
			    "TUs are known to you");
			return;
		} else if (!ui_overlay_can_move(ui, unit)) {
			ui_overlay_refuse(ui, "reach: that unit cannot move");
			return;
		}
	} else if (ov->kind == kind)
		kind = UI_OVERLAY_NONE;
	ov->kind = kind;
	/* Only sight and reach belong to a unit (threat is a side's). */
	ov->unit = kind == UI_OVERLAY_SIGHT || kind == UI_OVERLAY_REACH ?
	    unit : -1;
	ov->stale = true;
}

/* The next side whose fog is hatched: X-Com, the aliens, none. */
static void
ui_overlay_next_fog(struct ui *ui)
{
	struct ui_overlay	*ov = &ui->ov;

	if (!ui->opts.preview)
		ov->fog = ov->fog == UI_OVERLAY_NO_FOG ? (int)ui->viewer :
		    UI_OVERLAY_NO_FOG;
	else if (ov->fog == UI_OVERLAY_NO_FOG)
		ov->fog = SIDE_XCOM;
	else if (ov->fog == SIDE_XCOM)
		ov->fog = SIDE_ALIEN;
	else
		ov->fog = UI_OVERLAY_NO_FOG;
	ov->stale = true;
}

void
ui_overlay_action(struct ui *ui, enum ui_action action)
{
	switch (action) {
	case UI_ACT_OV_SIGHT:
		ui_overlay_toggle(ui, UI_OVERLAY_SIGHT);
		break;
	case UI_ACT_OV_REACH:
		ui_overlay_toggle(ui, UI_OVERLAY_REACH);
		break;
	case UI_ACT_OV_THREAT:
		ui_overlay_toggle(ui, UI_OVERLAY_THREAT);
		break;
	case UI_ACT_OV_FOG:
		ui_overlay_next_fog(ui);
		break;
	default:
		return;
	}
	ui->dirty |= UI_DIRTY_MAP | UI_DIRTY_STATUS;
}

/* TU left in tenths of the unit's full TUs: 9 is 90 % or more. */
static int
ui_overlay_tenths(const struct ui *ui, int left)
{
	int	full = game_unit(ui->g, ui->ov.unit)->stats[STAT_TU];

	return full > 0 ? left * 10 / full : 0;
}

static bool
ui_overlay_hatched(const struct ui *ui, size_t i)
{
	return ui->ov.hatch && ui->ov.seen[i] == 0;
}

/*
 * How many enemies could react to the moving unit on this step of the
 * previewed path (0 off the path or out of move mode).  ui-map.c draws it
 * as the step's digit, in the colour of the TUs left there.
 */
int
ui_overlay_path_watchers(const struct ui *ui, struct pos p)
{
	size_t	k;

	if (ui->mode != UI_MODE_MOVE || ui->ov.path_watch == NULL)
		return 0;
	for (k = 0; k < ui->path.n; k++) {
		struct pos s = ui->path.steps[k].pos;

		if (s.x == p.x && s.y == p.y && s.z == p.z)
			return ui->ov.path_watch[k];
	}
	return 0;
}

static struct ui_glyph
ui_overlay_digit(int v, enum ui_style style)
{
	struct ui_glyph	g;

	g.wc = L'0' + (v > 9 ? 9 : v < 0 ? 0 : v);
	g.style = style;
	return g;
}

/*
 * Change a square's glyph for the overlays: g holds what the map would
 * show.  Units stay, dimmed where hatched; a path step the enemy watches
 * shows the count of watchers; a reach or threat value shows as a digit;
 * an empty unseen square is hatched.  Returns whether g changed.
 */
bool
ui_overlay_square(const struct ui *ui, struct pos p, struct ui_glyph *g,
    attr_t *extra)
{
	const struct square	*sq = map_square(ui_map_terrain(ui), p);
	size_t			 i = ui_overlay_index(ui, p);
	int			 v;
	bool			 up;

	if (ui->ov.stale)
		fatal("ui_overlay_square: layers not prepared");
	if (ui_map_occupant(ui, p) >= 0 || ui_map_ghost(ui, p) >= 0 ||
	    ui_fire_via_at(ui, p) > 0) {
		if (ui_overlay_hatched(ui, i))
			*extra |= A_DIM;
		return false;
	}
	/* Digits are the path's in move mode, the waypoints' in fire mode. */
	if ((v = ui->ov.layer[i]) >= 0 && ui->mode != UI_MODE_MOVE &&
	    !(ui->mode == UI_MODE_FIRE && ui->nvia > 0)) {
		if (ui->ov.kind == UI_OVERLAY_REACH)
			v = ui_overlay_tenths(ui, v);
		*g = ui_overlay_digit(v, UI_STYLE_FACING);
		*extra |= A_BOLD;
		return true;
	}
	if (!ui_overlay_hatched(ui, i))
		return false;
	if (sq->object != OBJECT_NONE || ui_map_link(ui, p, &up) != NULL ||
	    ui_map_items(ui, p) != UI_ITEMS_NONE) {
		*extra |= A_DIM;
		return false;
	}
	g->wc = ui_overlay_hatch(ui);
	g->style = UI_STYLE_DIM;
	return true;
}

static const char *
ui_overlay_side_name(int side)
{
	return ui_act_side_name((enum side)side);
}

/* The status line's legend while an overlay or hatching is on, or NULL. */
char *
ui_overlay_legend(struct ui *ui)
{
	const struct ui_overlay	*ov = &ui->ov;
	struct strbuf		 sb;
	char			 hatch[8];
	wchar_t			 wc[2] = { ui_overlay_hatch(ui), L'\0' };

	if (ov->kind == UI_OVERLAY_NONE && ov->fog == UI_OVERLAY_NO_FOG)
		return NULL;
	if (wcstombs(hatch, wc, sizeof hatch) == (size_t)-1)
		snprintf(hatch, sizeof hatch, "`");
	strbuf_init(&sb);
	switch (ov->kind) {
	case UI_OVERLAY_SIGHT:
		if (ov->unit >= 0)
			strbuf_printf(&sb, "v: %s unseen by %s", hatch,
			    game_unit(ui->g, ov->unit)->id);
		else
			strbuf_printf(&sb, "v: %s unseen from %d,%d L%d", hatch,
			    ov->from.x + 1, ov->from.y + 1, ov->from.z + 1);
		return strbuf_steal(&sb);
	case UI_OVERLAY_REACH:
		strbuf_printf(&sb, "g: 0-9 tenths of %s's TU left",
		    game_unit(ui->g, ov->unit)->id);
		break;
	case UI_OVERLAY_THREAT:
		strbuf_printf(&sb, "w: 1-9 could react to %s",
		    ui_overlay_side_name(ui_overlay_threat_side(ui)));
		break;
	case UI_OVERLAY_NONE:
		break;
	}
	if (ov->fog != UI_OVERLAY_NO_FOG)
		strbuf_printf(&sb, "%sV: %s unseen by %s", sb.len > 0 ? ", " :
		    "", hatch, ui_overlay_side_name(ov->fog));
	return strbuf_steal(&sb);
}

/* "could react: s3, f2" for up to UI_OVERLAY_WATCH_MAX units. */
static char *
ui_overlay_names(const struct ui *ui, const char *what, const int *v, int n)
{
	struct strbuf	sb;
	int		k;

	strbuf_init(&sb);
	strbuf_puts(&sb, what);
	for (k = 0; k < n && k < UI_OVERLAY_WATCH_MAX; k++)
		strbuf_printf(&sb, "%s%s", k > 0 ? ", " : " ",
		    game_unit(ui->g, v[k])->id);
	if (n > UI_OVERLAY_WATCH_MAX)
		strbuf_printf(&sb, " and %d more", n - UI_OVERLAY_WATCH_MAX);
	return strbuf_steal(&sb);
}

/* What the overlay says of one square, for the status line, or NULL. */
char *
ui_overlay_at(struct ui *ui, struct pos p)
{
	const struct ui_overlay	*ov = &ui->ov;
	size_t			 i = ui_overlay_index(ui, p);
	int			 v[UI_OVERLAY_WATCH_MAX], n;

	ui_overlay_prepare(ui);
	if (ov->kind == UI_OVERLAY_REACH)
		return ov->layer[i] >= 0 ? xasprintf("%d TU left",
		    ov->layer[i]) : xstrdup("out of reach");
	if (ov->kind == UI_OVERLAY_THREAT) {
		n = threat_watchers(ui->g, ui_overlay_threat_side(ui), p,
		    !ui->opts.preview, v, UI_OVERLAY_WATCH_MAX);
		if (n > 0)
			return ui_overlay_names(ui, "could react:", v, n);
	}
	if (ui_overlay_hatched(ui, i))
		return xstrdup("unseen");
	return NULL;
}

/*
 * The move preview's watchers: for each step of ui->path, how many enemies
 * could react to the mover there, and which (ui->ov.watchers, in the order
 * first met).  Filled by ui_act_preview after each new path.
 */
void
ui_overlay_path(struct ui *ui)
{
	struct ui_overlay	*ov = &ui->ov;

	const struct unit	*u;
	int			 v[UI_OVERLAY_WATCH_MAX], n, j, k;
	size_t			 s;

	free(ov->path_watch);
	ov->path_watch = NULL;
	ov->nwatchers = 0;
	ov->morewatchers = false;
	if (ui->selected < 0 || ui->path.n == 0)
		return;
	u = game_unit(ui->g, ui->selected);
	ov->path_watch = xcalloc(ui->path.n, sizeof *ov->path_watch);
	for (s = 0; s < ui->path.n; s++) {
		n = threat_watchers(ui->g, u->controller,
		    ui->path.steps[s].pos, !ui->opts.preview, v,
		    UI_OVERLAY_WATCH_MAX);
		ov->path_watch[s] = n;
		if (n > UI_OVERLAY_WATCH_MAX) {
			ov->morewatchers = true;
			n = UI_OVERLAY_WATCH_MAX;
		}
		for (j = 0; j < n; j++) {
			for (k = 0; k < ov->nwatchers; k++)
				if (ov->watchers[k] == v[j])
					break;
			if (k < ov->nwatchers)
				continue;
			if (ov->nwatchers == UI_OVERLAY_WATCH_MAX)
				ov->morewatchers = true;
			else
				ov->watchers[ov->nwatchers++] = v[j];
		}
	}
}

/* "could react: s3, f2" for the path, or NULL when nobody could. */
char *
ui_overlay_path_warning(const struct ui *ui)
{
	char	*s, *t;

	if (ui->ov.nwatchers == 0)
		return NULL;
	s = ui_overlay_names(ui, "could react:", ui->ov.watchers,
	    ui->ov.nwatchers);
	if (!ui->ov.morewatchers)
		return s;
	t = xasprintf("%s and more", s);
	free(s);
	return t;
}

/* The help screen's legend of the overlays: up to max glyphs and texts. */
size_t
ui_overlay_help(const struct ui *ui, size_t max, struct ui_glyph *g,
    attr_t *extra, const char **text)
{
	static const char *const texts[] = {
		"m path: that many enemies could react there",
		"g reach: tenths of the unit's TU left there",
		"w threat: that many enemies could react there",
		"v sight, V fog: a square not seen",
		"f, v: a guided shot's waypoints, in order",
		"Z compact map: underlined, a wall or door south",
		"(there kneeling and targets are bold instead)",
	};
	size_t	n = 0;

	if (n < max) {
		g[n] = ui_overlay_digit(2, UI_STYLE_WARN);
		extra[n] = A_BOLD;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n] = ui_overlay_digit(7, UI_STYLE_FACING);
		extra[n] = A_BOLD;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n] = ui_overlay_digit(1, UI_STYLE_FACING);
		extra[n] = A_BOLD;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n].wc = ui_overlay_hatch(ui);
		g[n].style = UI_STYLE_DIM;
		extra[n] = A_NORMAL;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n] = ui_overlay_digit(1, UI_STYLE_PATH_SNAP);
		extra[n] = A_BOLD | A_REVERSE;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n] = ui_glyph_floor(ui, FLOOR_GRASS);
		extra[n] = A_UNDERLINE;
		text[n] = texts[n];
		n++;
	}
	if (n < max) {
		g[n].wc = L' ';
		g[n].style = UI_STYLE_NORMAL;
		extra[n] = A_NORMAL;
		text[n] = texts[n];
		n++;
	}
	return n;
}
