/*
 * new-craft.c - each side's craft for the maps of blocks `xtac new` makes
 * (new-map.c): its template read from maps/craft/ with its crew squares
 * and outer walls, and the map's size in blocks fitted to the two craft,
 * side by side on opposite edges or, in a boarding (rulebook §2.3),
 * docked door to door.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "new.h"
#include "xtac/blocks.h"
#include "xtac/load.h"
#include "xtac/util.h"

/* §3.2.3: X-Com's craft; every other template is a UFO (§3.3.4). */
static const char *const new_xcom_craft[] = {
	"skyranger", "lightning", "avenger", NULL
};

enum side
new_craft_side(const char *name)
{
	int	i;

	for (i = 0; new_xcom_craft[i] != NULL; i++)
		if (strcmp(name, new_xcom_craft[i]) == 0)
			return SIDE_XCOM;
	return SIDE_ALIEN;
}

void
new_crafts_free(struct new_options *o)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		free(o->craft[side].name);
		free(o->craft[side].crew);
		free(o->craft[side].hull);
		free(o->craft[side].hull_side);
		map_free(o->craft[side].map);
		memset(&o->craft[side], 0, sizeof o->craft[side]);
	}
}

/* Whether a template's square is craft: hull or elevator floor. */
static bool
new_craft_square(const struct map *m, struct pos p)
{
	enum floor_kind	f;

	if (!map_contains(m, p))
		return false;
	f = map_square(m, p)->floor;
	return f == FLOOR_HULL || f == FLOOR_ELEVATOR;
}

/* The walls between the craft's ground squares and what is not craft. */
static void
new_craft_hull(const struct map *m, struct new_craft *c)
{
	struct pos	p, q;
	int		d;

	c->hull = xcalloc((size_t)c->w * c->h * 4, sizeof *c->hull);
	c->hull_side = xcalloc((size_t)c->w * c->h * 4,
	    sizeof *c->hull_side);
	p.z = 0;
	for (p.y = 0; p.y < c->h; p.y++)
	for (p.x = 0; p.x < c->w; p.x++)
		for (d = DIR_N; d < DIR_COUNT; d += 2) {
			q = (struct pos){ p.x + dir_dx[d], p.y + dir_dy[d], 0 };
			if (!new_craft_square(m, p) || new_craft_square(m, q) ||
			    map_edge(m, p, (enum dir)d)->kind != EDGE_WALL)
				continue;
			c->hull[c->nhull] = p;
			c->hull_side[c->nhull++] = (enum dir)d;
		}
}

/* A template from maps/craft/NAME.yaml: 0, or an exit status. */
static int
new_craft_load(const struct cli *cli, const struct catalog *cat,
    struct new_craft *c)
{
	struct scenario	*s;
	struct diags	 d;
	struct pos	 p;
	char		*path;

	if (strchr(c->name, '/') != NULL || c->name[0] == '.') {
		fprintf(stderr, "xtac new: a craft is a template's name in "
		    "maps/craft/, not '%s'\n", c->name);
		return EXIT_USAGE;
	}
	path = xasprintf("%s/maps/craft/%s.yaml", cli->datadir, c->name);
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	free(path);
	if (s == NULL) {
		fprintf(stderr, "xtac new: no craft template '%s' (see "
		    "maps/craft/)\n", c->name);
		return EXIT_USAGE;
	}
	c->w = s->map->width;
	c->h = s->map->height;
	c->crew = xcalloc((size_t)c->w * c->h * s->map->levels,
	    sizeof *c->crew);
	for (p.z = 0; p.z < s->map->levels; p.z++)
	for (p.y = 0; p.y < c->h; p.y++)
	for (p.x = 0; p.x < c->w; p.x++) {
		enum floor_kind f = map_square(s->map, p)->floor;

		if ((f == FLOOR_HULL || f == FLOOR_ELEVATOR) &&
		    map_square_standable(s->map, p))
			c->crew[c->ncrew++] = p;
	}
	new_craft_hull(s->map, c);
	c->map = s->map;
	s->map = NULL;
	scenario_free(s);
	return EXIT_OK;
}

int
new_depth(const struct new_options *o, int side)
{
	return o->craft[side].name != NULL ? o->craft[side].h : BLOCK_SIDE;
}

bool
new_dock(const struct new_options *o, bool xcom_south, struct block_dock *d)
{
	const struct map	*x = o->craft[SIDE_XCOM].map;
	const struct map	*a = o->craft[SIDE_ALIEN].map;

	return xcom_south ? block_dock(a, x, d) : block_dock(x, a, d);
}

/* The blocks a map takes for h rows (or columns) of squares: 3 at least. */
static int
new_fit(int squares)
{
	int	n = (squares + BLOCK_SIDE - 1) / BLOCK_SIDE;

	return n < 3 ? 3 : n;
}

/* new_crafts() for a boarding: the docked pair fitted, either way round. */
static int
new_crafts_docked(struct new_options *o)
{
	struct block_dock	d;
	int			w = 0, h = 0, south;

	for (south = 0; south < 2; south++) {
		if (!new_dock(o, south, &d)) {
			fprintf(stderr, "xtac new: the %s cannot dock to the "
			    "%s: each needs a door in its south hull with a "
			    "row of ground beyond it\n",
			    o->craft[SIDE_XCOM].name, o->craft[SIDE_ALIEN].name);
			return EXIT_USAGE;
		}
		if (d.width > w)
			w = d.width;
		if (d.height > h)
			h = d.height;
	}
	if (!o->blocks_given) {
		o->cols = new_fit(w);
		o->rows = new_fit(h);
	}
	if (w > o->cols * BLOCK_SIDE || h > o->rows * BLOCK_SIDE ||
	    o->cols > NEW_MAX_BLOCKS || o->rows > NEW_MAX_BLOCKS) {
		fprintf(stderr, "xtac new: the %s docked to the %s (%dx%d "
		    "squares) do not fit in %dx%d blocks (%dx%d squares)\n",
		    o->craft[SIDE_XCOM].name, o->craft[SIDE_ALIEN].name, w, h,
		    o->cols, o->rows, o->cols * BLOCK_SIDE,
		    o->rows * BLOCK_SIDE);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int
new_crafts(const struct cli *cli, const struct catalog *cat,
    struct new_options *o)
{
	int	side, status, w = 0, h, town;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (o->craft[side].name == NULL)
			continue;
		if ((status = new_craft_load(cli, cat, &o->craft[side])) !=
		    EXIT_OK)
			return status;
		if (o->craft[side].w > w)
			w = o->craft[side].w;
	}
	if (o->mission == MISSION_BOARDING)
		return new_crafts_docked(o);
	/* The two sides' ground, and a block's rows between them. */
	h = new_depth(o, SIDE_XCOM) + new_depth(o, SIDE_ALIEN);
	/*
	 * A terror site has its town between the two: two blocks' rows and
	 * one block more across, where the civilians are (new-mission.c).
	 */
	if (!o->blocks_given) {
		town = o->mission == MISSION_TERROR;
		o->cols = new_fit(w) + town;
		o->rows = new_fit(h + BLOCK_SIDE * (1 + town));
	}
	if (w > o->cols * BLOCK_SIDE || h + 1 > o->rows * BLOCK_SIDE ||
	    o->rows > NEW_MAX_BLOCKS) {
		fprintf(stderr, "xtac new: ");
		for (side = 0; side < SIDE_CIVILIAN; side++)
			if (o->craft[side].name != NULL)
				fprintf(stderr, "the %s (%dx%d squares) ",
				    o->craft[side].name, o->craft[side].w,
				    o->craft[side].h);
			else
				fprintf(stderr, "the %s edge (%d rows) ",
				    side_names[side], BLOCK_SIDE);
		fprintf(stderr, "with a row between them do not fit in %dx%d "
		    "blocks (%dx%d squares)\n", o->cols, o->rows,
		    o->cols * BLOCK_SIDE, o->rows * BLOCK_SIDE);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
