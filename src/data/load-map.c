/*
 * load-map.c - reading a scenario file (maps/NAME.yaml, format in
 * xtac-map(5)) into a struct scenario, reporting every problem at its line
 * and column.
 *
 * Each level is a picture: a doubled grid of 2 x height + 1 lines by
 * 2 x width + 1 columns, where squares sit at odd (line, column) and the
 * edges between them at the odd/even mixed places:
 *
 *	+-+-+      row 0: corners and the north edges of row-0 squares
 *	|. .|      row 1: west edge, square, edge, square, east edge
 *	+ +-+      row 2: edges between squares of rows 0 and 1
 *
 * Characters mean what the legend says; a built-in legend covers common
 * floors, objects and edges and the file may add to it or override it.
 * The loader works in passes: structure and values first (so all such
 * problems are reported together), then the semantic checks that need the
 * whole scenario (units in walls, budgets, landings ...).  File coordinates
 * are 1-based; everything stored is 0-based.
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-int.h"
#include "load-map-int.h"
#include "xtac/load.h"
#include "xtac/util.h"

static const char *const load_top_keys[] = {
	"xtac-map", "name", "description", "size", "legend", "levels",
	"stairs", "ramps", "buildings", "scenario", "rules", "sides", "units",
	"blocks",
	NULL
};

/* --- small readers ------------------------------------------------------ */

/* [x, y] or [x, y, level] (1-based in the file) into a 0-based pos. */
bool
load_pos(struct load *l, const struct ynode *n, bool want_level,
    const char *what, struct pos *out)
{
	size_t	want = want_level ? 3 : 2;
	int	v[3] = { 1, 1, 1 };
	size_t	i;
	bool	ok = true;

	if (!ynode_expect(n, YNODE_SEQ, l->d, what))
		return false;
	if (n->n != want) {
		diag_error(l->d, n->line, n->col, "%s should be [x, y%s], "
		    "1-based", what, want_level ? ", level" : "");
		return false;
	}
	for (i = 0; i < want; i++)
		ok &= yscalar_int(n->items[i], l->d, 1, MAP_MAX_SIDE, what,
		    &v[i]);
	out->x = v[0] - 1;
	out->y = v[1] - 1;
	out->z = v[2] - 1;
	return ok;
}

bool
load_pos_on_map(struct load *l, const struct ynode *n, struct pos p,
    const char *what)
{
	const struct map	*m = l->s->map;

	if (!l->map_ok || map_contains(m, p))
		return true;	/* (no map to check against: said already) */
	diag_error(l->d, n->line, n->col, "%s %d,%d L%d is off the map "
	    "(%dx%d, %d level%s)", what, p.x + 1, p.y + 1, p.z + 1, m->width,
	    m->height, m->levels, m->levels == 1 ? "" : "s");
	return false;
}

int
load_side(struct load *l, const struct ynode *n)
{
	return yscalar_enum(n, side_names, SIDE_COUNT, l->d, "side");
}

static void
load_check(struct load *l, const struct ynode *root)
{
	struct scenario	*s = l->s;
	const struct map *m = s->map;
	int		*occupancy;
	size_t		 i, n = (size_t)m->width * m->height * m->levels;

	if (l->npics > 0)	/* a block's doors were checked in the block */
		load_check_doors(l);
	load_check_buildings(l, ymap_get(root, "buildings"));
	occupancy = xmalloc(n * sizeof *occupancy);
	for (i = 0; i < n; i++)
		occupancy[i] = -1;
	for (i = 0; i < s->nunits; i++)
		if (l->unit_src[i].ok)
			load_check_unit(l, i, occupancy);
	free(occupancy);
	if (ymap_get(root, "sides") != NULL)
		load_check_budgets(l, ymap_get(root, "sides"));
	load_check_missions(l, root);
}

/* --- entry points ------------------------------------------------------- */

/* A map of blocks instead of pictures (load-blocks.c). */
static void
load_block_map(struct load *l, const struct ynode *root)
{
	const struct ynode	*n = ymap_get(root, "blocks"), *v;
	struct map		*m;

	if ((v = ymap_get(root, "levels")) != NULL) {
		diag_error(l->d, v->line, v->col, "%s", "a map is drawn in "
		    "'levels' or built of 'blocks', not both");
		return;
	}
	if (l->dir == NULL) {
		diag_error(l->d, n->line, n->col, "%s", "'blocks' are read "
		    "only in a map file, not in a block");
		return;
	}
	if ((m = load_blocks(n, l->dir, l->datadir, l->cat, l->s->map,
	    l->d)) == NULL)
		return;
	map_free(l->s->map);
	l->s->map = m;
	l->map_ok = true;
}

static struct scenario *
load_parse(const char *text, size_t len, const struct catalog *cat,
    struct diags *d, const char *dir, const char *datadir)
{
	struct load		 l;
	struct ynode		*root;
	const struct ynode	*v;
	struct scenario		*s;
	int			 version;
	size_t			 i;

	if ((root = ydoc_parse(text, len, d)) == NULL)
		return NULL;
	if (!ynode_expect(root, YNODE_MAP, d, "a map file")) {
		ydoc_free(root);
		return NULL;
	}
	memset(&l, 0, sizeof l);
	l.d = d;
	l.cat = cat;
	l.text = text;
	l.len = len;
	l.dir = dir;
	l.datadir = datadir;
	l.s = s = xcalloc(1, sizeof *s);
	s->catalog = cat;
	s->tech_level = 4;
	s->deployment = true;
	s->map = map_new(1, 1, 1);	/* holds the legend until the size */
	ymap_check_keys(root, load_top_keys, d, "a map file");
	if ((v = ymap_get(root, "xtac-map")) != NULL &&
	    yscalar_int(v, d, 0, 1000, "xtac-map", &version) && version != 1)
		diag_error(d, v->line, v->col, "this is xtac-map format %d; "
		    "this xtac reads format 1", version);
	if (ymap_require(root, "name", d, "a map file") &&
	    ynode_expect(ymap_get(root, "name"), YNODE_SCALAR, d, "name"))
		s->name = xstrdup(ymap_get(root, "name")->text);
	if ((v = ymap_get(root, "description")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, d, "description"))
		s->description = xstrdup(v->text);
	load_default_legend(&l);
	if ((v = ymap_get(root, "legend")) != NULL)
		load_legend(&l, v);
	if (ymap_get(root, "blocks") != NULL)
		load_block_map(&l, root);
	else if (ymap_require(root, "levels", d, "a map file"))
		load_levels(&l, ymap_get(root, "levels"),
		    ymap_get(root, "size"));
	if ((v = ymap_get(root, "scenario")) != NULL)
		load_scenario_options(&l, v);
	if ((v = ymap_get(root, "rules")) != NULL)
		load_rules(&l, v);
	if (l.map_ok) {
		if ((v = ymap_get(root, "stairs")) != NULL)
			load_links(&l, v, false);
		if ((v = ymap_get(root, "ramps")) != NULL)
			load_links(&l, v, true);
		if ((v = ymap_get(root, "buildings")) != NULL)
			load_buildings(&l, v);
	}
	/*
	 * Sides and units are read even when the pictures failed, so their
	 * own mistakes are reported too; only the checks against the map
	 * need a map.
	 */
	if ((v = ymap_get(root, "sides")) != NULL)
		load_sides(&l, v);
	if ((v = ymap_get(root, "units")) != NULL)
		load_units(&l, v);
	if (l.map_ok)
		load_check(&l, root);
	for (i = 0; i < l.npics; i++)
		load_picture_free(&l.pics[i]);
	free(l.pics);
	free(l.unit_src);
	ydoc_free(root);
	if (d->errors > 0 || !l.map_ok) {
		scenario_free(s);
		return NULL;
	}
	for (i = 0; i < SIDE_COUNT; i++)
		if (!l.sides_declared && i != SIDE_CIVILIAN)
			s->sides[i].present = true;
	return s;
}

struct scenario *
scenario_parse(const char *text, size_t len, const struct catalog *cat,
    struct diags *d)
{
	return load_parse(text, len, cat, d, NULL, NULL);
}

struct scenario *
scenario_load(const char *path, const struct catalog *cat, struct diags *d)
{
	return scenario_load_data(path, NULL, cat, d);
}

struct scenario *
scenario_load_data(const char *path, const char *datadir,
    const struct catalog *cat, struct diags *d)
{
	struct scenario	*s;
	const char	*slash = strrchr(path, '/');
	char		*text, *dir;
	size_t		 len;

	if ((text = ydoc_read_file(path, &len, d)) == NULL)
		return NULL;
	dir = slash == NULL ? xstrdup(".") :
	    xstrndup(path, (size_t)(slash - path));
	s = load_parse(text, len, cat, d, dir, datadir);
	free(dir);
	free(text);
	return s;
}

bool
data_file_is_map(const char *path)
{
	struct ynode	*root = ydoc_peek(path);
	bool		 map;

	if (root != NULL && root->kind == YNODE_MAP &&
	    ymap_get(root, "levels") == NULL &&
	    ymap_get(root, "xtac-map") == NULL &&
	    ymap_get(root, "name") == NULL) {
		static const char *const sections[] = {
			"units", "weapons", "ammo", "grenades", "armour",
			"equipment"
		};
		size_t i;

		/* A unit file: catalog sections and nothing a map needs. */
		map = true;
		for (i = 0; i < XTAC_NITEMS(sections); i++)
			if (ymap_get(root, sections[i]) != NULL)
				map = false;
	} else if (root == NULL)
		/* Unreadable: let the map loader explain, unless in units/. */
		map = strstr(path, "units/") == NULL;
	else
		map = true;
	ydoc_free(root);
	return map;
}
