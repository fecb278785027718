/*
 * ui-glyph.c - what every thing on the map looks like, in two sets: Unicode
 * (box drawing for walls) when the locale is UTF-8 and every glyph is one
 * column wide there, ASCII otherwise.  The ASCII set follows the built-in
 * legend of map files (xtac-map(5)) wherever that does not clash, so a game
 * master sees on screen what they typed.
 *
 * Meaning never rides on colour alone: every kind of floor, edge, object
 * and unit type has its own character, and colour only helps.  Unit types
 * get a character each from a table of the rulebook's units, else one
 * picked from their name; the choice is unique within the catalog, so the
 * legend in the help screen can name each one.
 */
#include <ctype.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

struct ui_glyph_def {
	wchar_t		 utf8;
	wchar_t		 ascii;
	enum ui_style	 style;
	const char	*legend;
};

static const struct ui_glyph_def ui_glyph_floors[FLOOR_KIND_COUNT] = {
	[FLOOR_NONE] =	{ L' ', L' ', UI_STYLE_AIR, NULL },
	[FLOOR_GRASS] =	{ L'.', L'.', UI_STYLE_GRASS, "grass" },
	[FLOOR_DIRT] =	{ L',', L',', UI_STYLE_DIRT, "dirt" },
	[FLOOR_PAVEMENT] = { L'=', L'=', UI_STYLE_PAVEMENT, "pavement" },
	[FLOOR_TALL_GRASS] = { L'"', L'"', UI_STYLE_GRASS,
	    "tall grass (uneven)" },
	[FLOOR_HAY] =	{ L';', L';', UI_STYLE_HAY, "hay (uneven)" },
	[FLOOR_SNOW] =	{ L'~', L'~', UI_STYLE_SNOW, "snow (uneven)" },
	[FLOOR_RUBBLE] = { L'%', L'%', UI_STYLE_RUBBLE, "rubble (uneven)" },
	[FLOOR_BUILDING] = { L'\u00b7', L'_', UI_STYLE_INDOOR,
	    "building floor" },
	[FLOOR_BASE] =	{ L':', L':', UI_STYLE_METAL, "base floor (hardened)" },
	[FLOOR_ELEVATOR] = { L'\u2261', L'0', UI_STYLE_METAL, "elevator" },
	[FLOOR_HULL] =	{ L'\u2591', L'#', UI_STYLE_METAL, "hull floor" },
};

/* Edges, on vertical and horizontal edge cells of the doubled grid. */
enum {
	UI_GLYPH_WALL,
	UI_GLYPH_STRONG,	/* hardened, super-tough, indestructible */
	UI_GLYPH_WINDOW,
	UI_GLYPH_FENCE,
	UI_GLYPH_DOOR,
	UI_GLYPH_DOOR_OPEN,
	UI_GLYPH_NEDGES
};

static const struct {
	struct ui_glyph_def	v;
	struct ui_glyph_def	h;
} ui_glyph_edges[UI_GLYPH_NEDGES] = {
	[UI_GLYPH_WALL] = {
	    { L'\u2502', L'|', UI_STYLE_WALL, "wall" },
	    { L'\u2500', L'-', UI_STYLE_WALL, NULL } },
	[UI_GLYPH_STRONG] = {
	    { L'\u2551', L'H', UI_STYLE_STRONG,
	      "hardened or hull wall" },
	    { L'\u2550', L'=', UI_STYLE_STRONG, NULL } },
	[UI_GLYPH_WINDOW] = {
	    { L'\u2506', L':', UI_STYLE_WINDOW, "window" },
	    { L'\u2504', L':', UI_STYLE_WINDOW, NULL } },
	[UI_GLYPH_FENCE] = {
	    { L'x', L'x', UI_STYLE_FENCE, "fence" },
	    { L'x', L'x', UI_STYLE_FENCE, NULL } },
	[UI_GLYPH_DOOR] = {
	    { L'+', L'/', UI_STYLE_DOOR, "door, closed" },
	    { L'+', L'/', UI_STYLE_DOOR, NULL } },
	[UI_GLYPH_DOOR_OPEN] = {
	    { L'\'', L'\'', UI_STYLE_DOOR, "door, open" },
	    { L'\'', L'\'', UI_STYLE_DOOR, NULL } },
};

/* Objects by name; the rest by whether they are solid. */
static const struct {
	const char		*name;
	struct ui_glyph_def	 g;
} ui_glyph_named_objects[] = {
	{ "tree", { L'\u2663', L'&', UI_STYLE_TREE, "tree, cactus" } },
	{ "cactus", { L'\u2663', L'&', UI_STYLE_TREE, NULL } },
};
static const struct ui_glyph_def ui_glyph_solid =
    { L'\u25a0', L'O', UI_STYLE_OBJECT, "solid object" };
static const struct ui_glyph_def ui_glyph_low =
    { L'\u25a1', L'o', UI_STYLE_OBJECT, "low object" };

/*
 * What lies on a floor: items as roguelikes draw them, and a primed
 * grenade apart, in a glyph of its own that is drawn bold and blinking
 * (ui_glyph_items), so it alarms without colour too.
 */
static const struct ui_glyph_def ui_glyph_item =
    { L')', L')', UI_STYLE_OBJECT, "items on the floor" };
static const struct ui_glyph_def ui_glyph_live =
    { L'\u25c9', L'$', UI_STYLE_PATH_FAR,
      "live (primed) grenade" };

/* Stairs as roguelikes draw them; ramps as slopes. */
static const struct ui_glyph_def ui_glyph_links[2][2] = {
	{ { L'<', L'<', UI_STYLE_LINK, "stairs up" },
	  { L'>', L'>', UI_STYLE_LINK, "stairs down" } },
	{ { L'/', L'/', UI_STYLE_LINK, "ramp up" },
	  { L'\\', L'\\', UI_STYLE_LINK, "ramp down" } },
};

static const wchar_t ui_glyph_arrows[2][DIR_COUNT] = {
	{ L'\u2191', L'\u2197', L'\u2192', L'\u2198', L'\u2193', L'\u2199',
	  L'\u2190', L'\u2196' },
	{ L'^', L'/', L'>', L'\\', L'v', L'/', L'<', L'\\' },
};
static const char *const ui_glyph_arrow_text[2][DIR_COUNT] = {
	{ "\xe2\x86\x91", "\xe2\x86\x97", "\xe2\x86\x92", "\xe2\x86\x98",
	  "\xe2\x86\x93", "\xe2\x86\x99", "\xe2\x86\x90", "\xe2\x86\x96" },
	{ "^", "/", ">", "\\", "v", "/", "<", "\\" },
};

/*
 * Box-drawing corners where walls meet, by which arms are present (up 1,
 * down 2, left 4, right 8) and then by style: vertical light or double,
 * horizontal light or double.  Unicode has the mixed corners only where
 * both vertical arms share a style and both horizontal arms do, so a mixed
 * pair is drawn in the stronger style.  A lone arm is a half line.
 */
static const wchar_t ui_glyph_corners[16][4] = {
	[0] =	{ L' ', L' ', L' ', L' ' },
	[1] =	{ L'\u2575', L'\u2575', L'\u2551', L'\u2551' },
	[2] =	{ L'\u2577', L'\u2577', L'\u2551', L'\u2551' },
	[3] =	{ L'\u2502', L'\u2502', L'\u2551', L'\u2551' },
	[4] =	{ L'\u2574', L'\u2550', L'\u2574', L'\u2550' },
	[5] =	{ L'\u2518', L'\u255b', L'\u255c', L'\u255d' },
	[6] =	{ L'\u2510', L'\u2555', L'\u2556', L'\u2557' },
	[7] =	{ L'\u2524', L'\u2561', L'\u2562', L'\u2563' },
	[8] =	{ L'\u2576', L'\u2550', L'\u2576', L'\u2550' },
	[9] =	{ L'\u2514', L'\u2558', L'\u2559', L'\u255a' },
	[10] =	{ L'\u250c', L'\u2552', L'\u2553', L'\u2554' },
	[11] =	{ L'\u251c', L'\u255e', L'\u255f', L'\u2560' },
	[12] =	{ L'\u2500', L'\u2550', L'\u2500', L'\u2550' },
	[13] =	{ L'\u2534', L'\u2567', L'\u2568', L'\u2569' },
	[14] =	{ L'\u252c', L'\u2564', L'\u2565', L'\u2566' },
	[15] =	{ L'\u253c', L'\u256a', L'\u256b', L'\u256c' },
};

/*
 * The rulebook's unit types, matched on the catalog id or on the name
 * written in lower case with hyphens.  Small aliens are lower case, large
 * (2x2) units upper case; X-Com soldiers are '@' as in every roguelike.
 */
static const struct {
	const char	*id;
	char		 glyph;
} ui_glyph_unit_table[] = {
	{ "troop", '@' }, { "soldier", '@' }, { "x-com-soldier", '@' },
	{ "tank-cannon", 'T' }, { "tank-rocket-launcher", 'K' },
	{ "tank-rocket", 'K' }, { "tank-laser-cannon", 'L' },
	{ "tank-laser", 'L' }, { "hovertank-plasma", 'P' },
	{ "hovertank-fusion", 'F' },
	{ "sectoid", 's' }, { "snakeman", 'n' }, { "floater", 'f' },
	{ "ethereal", 'e' }, { "muton", 'm' },
	{ "silacoid", 'i' }, { "chrysalid", 'c' }, { "chryssalid", 'c' },
	{ "celatid", 'l' }, { "reaper", 'R' }, { "sectopod", 'S' },
	{ "cyberdisk", 'C' }, { "cyberdisc", 'C' }, { "zombie", 'z' },
	{ "civilian", 'h' },
};

/* Characters a unit never gets: terrain uses them in the ASCII set. */
static const char ui_glyph_reserved[] = "oOx";

static wchar_t
ui_glyph_pick(const struct ui *ui, const struct ui_glyph_def *d)
{
	return ui->term.utf8 ? d->utf8 : d->ascii;
}

static struct ui_glyph
ui_glyph_make(const struct ui *ui, const struct ui_glyph_def *d)
{
	struct ui_glyph	g;

	g.wc = ui_glyph_pick(ui, d);
	g.style = d->style;
	return g;
}

/*
 * Whether the Unicode set can be used: a UTF-8 locale in which every
 * character we draw takes exactly one column (not so in some CJK locales,
 * where box drawing is double width and the grid would fall apart).
 */
bool
ui_glyph_utf8_ok(void)
{
	static const wchar_t	 probe[] = L"\u2502\u2550\u256c\u2506\u00b7"
				     "\u2261\u2591\u2663\u25a0\u25a1\u2197"
				     "\u2026\u2592\u25c9";
	const char		*cs = nl_langinfo(CODESET);
	size_t			 i;

	if (cs == NULL || (strcmp(cs, "UTF-8") != 0 &&
	    strcmp(cs, "utf8") != 0))
		return false;
	for (i = 0; probe[i] != L'\0'; i++)
		if (wcwidth(probe[i]) != 1)
			return false;
	return true;
}

static void
ui_glyph_normalise(const char *in, char *out, size_t size)
{
	size_t	i;

	for (i = 0; in[i] != '\0' && i + 1 < size; i++)
		out[i] = in[i] == ' ' || in[i] == '_' ? '-' :
		    (char)tolower((unsigned char)in[i]);
	out[i] = '\0';
}

static char
ui_glyph_known(const struct unit_type *t)
{
	char	name[CATALOG_NAME_MAX];
	size_t	i;

	ui_glyph_normalise(t->name, name, sizeof name);
	for (i = 0; i < XTAC_NITEMS(ui_glyph_unit_table); i++)
		if (strcmp(ui_glyph_unit_table[i].id, t->id) == 0 ||
		    strcmp(ui_glyph_unit_table[i].id, name) == 0)
			return ui_glyph_unit_table[i].glyph;
	return '\0';
}

static bool
ui_glyph_free(const char *taken, int c)
{
	return c > 0 && c < 128 && !taken[c] && isalpha(c) &&
	    strchr(ui_glyph_reserved, c) == NULL;
}

/* A character for a type the table does not know: from its name if any. */
static int
ui_glyph_choose(const char *taken, const struct unit_type *t)
{
	bool	big = t->size > 1;
	size_t	k;
	int	ch;

	for (k = 0; t->name[k] != '\0'; k++) {
		ch = (unsigned char)t->name[k];
		ch = big ? toupper(ch) : tolower(ch);
		if (ui_glyph_free(taken, ch))
			return ch;
	}
	for (ch = big ? 'A' : 'a'; ch < 128; ch++)
		if (ui_glyph_free(taken, ch))
			return ch;
	return '?';
}

/* Give every unit type of the catalog a character of its own. */
void
ui_glyph_init(struct ui *ui)
{
	const struct catalog	*c = ui->s->catalog;
	char			 taken[128] = { 0 };
	size_t			 i;
	int			 ch;

	ui->unit_glyphs = xcalloc(c->nunits + 1, 1);
	for (i = 0; i < c->nunits; i++) {
		ch = ui_glyph_known(&c->units[i]);
		if (ch != '\0' && (ch == '@' || !taken[ch])) {
			ui->unit_glyphs[i] = (char)ch;
			taken[ch] = 1;
		}
	}
	for (i = 0; i < c->nunits; i++) {
		if (ui->unit_glyphs[i] != '\0')
			continue;
		ch = ui_glyph_choose(taken, &c->units[i]);
		ui->unit_glyphs[i] = (char)ch;
		taken[ch] = 1;
	}
}

struct ui_glyph
ui_glyph_floor(const struct ui *ui, int floor)
{
	if (floor < 0 || floor >= FLOOR_KIND_COUNT)
		floor = FLOOR_NONE;
	return ui_glyph_make(ui, &ui_glyph_floors[floor]);
}

struct ui_glyph
ui_glyph_object(const struct ui *ui, const struct object_type *o)
{
	size_t	i;

	for (i = 0; i < XTAC_NITEMS(ui_glyph_named_objects); i++)
		if (strcmp(ui_glyph_named_objects[i].name, o->name) == 0)
			return ui_glyph_make(ui, &ui_glyph_named_objects[i].g);
	return ui_glyph_make(ui, o->solid ? &ui_glyph_solid : &ui_glyph_low);
}

static int
ui_glyph_edge_kind(const struct edge *e)
{
	switch (e->kind) {
	case EDGE_WALL:
		return e->strength >= STRENGTH_HARDENED ? UI_GLYPH_STRONG :
		    UI_GLYPH_WALL;
	case EDGE_WINDOW:
		return UI_GLYPH_WINDOW;
	case EDGE_FENCE:
		return UI_GLYPH_FENCE;
	case EDGE_DOOR:
		return (e->flags & EDGE_OPENED) ? UI_GLYPH_DOOR_OPEN :
		    UI_GLYPH_DOOR;
	default:
		return -1;
	}
}

/* The glyph of an edge cell; vertical edges lie between x neighbours. */
struct ui_glyph
ui_glyph_edge(const struct ui *ui, const struct edge *e, bool vertical)
{
	struct ui_glyph	g = { L' ', UI_STYLE_NORMAL };
	int		k;

	if (e == NULL || (k = ui_glyph_edge_kind(e)) < 0)
		return g;
	return ui_glyph_make(ui, vertical ? &ui_glyph_edges[k].v :
	    &ui_glyph_edges[k].h);
}

/* 0: no arm, 1: light, 2: double.  Fences stand alone: no arms. */
static int
ui_glyph_arm(const struct edge *e)
{
	if (e == NULL)
		return 0;
	switch (e->kind) {
	case EDGE_WALL:
		return e->strength >= STRENGTH_HARDENED ? 2 : 1;
	case EDGE_WINDOW:
	case EDGE_DOOR:
		return e->strength >= STRENGTH_HARDENED ? 2 : 1;
	default:
		return 0;
	}
}

/*
 * The glyph where four edges meet: arms[] are the edges going up, down,
 * left and right from the corner (NULL off the map).
 */
struct ui_glyph
ui_glyph_corner(const struct ui *ui, const struct edge *arms[4])
{
	struct ui_glyph	g = { L' ', UI_STYLE_WALL };
	int		a[4], i, mask = 0, v, h, strong;

	/* Inside a wide door (§4.2) the door goes on across the corner. */
	for (i = 0; i < 4; i += 2)
		if (arms[i] != NULL && arms[i + 1] != NULL &&
		    arms[i]->kind == EDGE_DOOR &&
		    arms[i + 1]->kind == EDGE_DOOR &&
		    (arms[i]->flags & arms[i + 1]->flags & EDGE_WIDE))
			return ui_glyph_edge(ui, arms[i], i == 0);
	for (i = 0; i < 4; i++)
		if ((a[i] = ui_glyph_arm(arms[i])) != 0)
			mask |= 1 << i;
	if (mask == 0)
		return g;
	v = (a[0] == 2 || a[1] == 2) ? 1 : 0;
	h = (a[2] == 2 || a[3] == 2) ? 1 : 0;
	strong = v || h;
	g.style = strong ? UI_STYLE_STRONG : UI_STYLE_WALL;
	if (ui->term.utf8) {
		g.wc = ui_glyph_corners[mask][v * 2 + h];
		return g;
	}
	if (mask == 3 || mask == 1 || mask == 2)
		g.wc = strong ? L'H' : L'|';
	else if (mask == 12 || mask == 4 || mask == 8)
		g.wc = strong ? L'=' : L'-';
	else
		g.wc = L'+';
	return g;
}

struct ui_glyph
ui_glyph_link(const struct ui *ui, bool ramp, bool up)
{
	return ui_glyph_make(ui, &ui_glyph_links[ramp][!up]);
}

static enum ui_style
ui_glyph_side_style(enum side side)
{
	switch (side) {
	case SIDE_XCOM:
		return UI_STYLE_XCOM;
	case SIDE_ALIEN:
		return UI_STYLE_ALIEN;
	default:
		return UI_STYLE_CIVILIAN;
	}
}

struct ui_glyph
ui_glyph_unit(const struct ui *ui, const struct unit_setup *u)
{
	struct ui_glyph	g;

	g.wc = (unsigned char)ui->unit_glyphs[u->type];
	g.style = ui_glyph_side_style(u->side);
	return g;
}

/* The same for a unit in play (it may have changed sides' hands). */
struct ui_glyph
ui_glyph_gunit(const struct ui *ui, const struct unit *u)
{
	struct ui_glyph	g;

	g.wc = (unsigned char)ui->unit_glyphs[u->type];
	g.style = ui_glyph_side_style(u->side);
	return g;
}

/* Items on a floor (UI_ITEMS_*), with the attributes a live one adds. */
struct ui_glyph
ui_glyph_items(const struct ui *ui, int items, attr_t *extra)
{
	if (items != UI_ITEMS_LIVE)
		return ui_glyph_make(ui, &ui_glyph_item);
	*extra |= A_BOLD | A_BLINK;
	return ui_glyph_make(ui, &ui_glyph_live);
}

struct ui_glyph
ui_glyph_facing(const struct ui *ui, enum dir d)
{
	struct ui_glyph	g;

	g.wc = ui_glyph_arrows[!ui->term.utf8][d];
	g.style = UI_STYLE_FACING;
	return g;
}

/* The facing arrow as text, for the panel. */
const char *
ui_glyph_arrow(const struct ui *ui, enum dir d)
{
	return ui_glyph_arrow_text[!ui->term.utf8][d];
}

static size_t
ui_glyph_add(const struct ui *ui, const struct ui_glyph_def *d, size_t n,
    size_t max, struct ui_glyph *g, const char **text)
{
	if (d->legend == NULL || n >= max)
		return n;
	g[n] = ui_glyph_make(ui, d);
	text[n] = d->legend;
	return n + 1;
}

/*
 * The legend of terrain glyphs, for the help screen: up to max entries in
 * g[] and text[]; returns how many.  Units are listed by the help screen
 * itself, from the scenario.
 */
size_t
ui_glyph_legend(const struct ui *ui, size_t max, struct ui_glyph *g,
    const char **text)
{
	size_t	n = 0, i;

	for (i = 0; i < FLOOR_KIND_COUNT; i++)
		n = ui_glyph_add(ui, &ui_glyph_floors[i], n, max, g, text);
	for (i = 0; i < UI_GLYPH_NEDGES; i++)
		n = ui_glyph_add(ui, &ui_glyph_edges[i].v, n, max, g, text);
	for (i = 0; i < XTAC_NITEMS(ui_glyph_named_objects); i++)
		n = ui_glyph_add(ui, &ui_glyph_named_objects[i].g, n, max, g,
		    text);
	n = ui_glyph_add(ui, &ui_glyph_solid, n, max, g, text);
	n = ui_glyph_add(ui, &ui_glyph_low, n, max, g, text);
	for (i = 0; i < 4; i++)
		n = ui_glyph_add(ui, &ui_glyph_links[i / 2][i % 2], n, max, g,
		    text);
	n = ui_glyph_add(ui, &ui_glyph_item, n, max, g, text);
	n = ui_glyph_add(ui, &ui_glyph_live, n, max, g, text);
	return n;
}
