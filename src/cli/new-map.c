/*
 * new-map.c - the maps of blocks `xtac new` makes (rulebook §4.1): the
 * terrain's blocks picked and turned by the seed, a craft template landed
 * in the north, each side's deployment along its own edge, drawn again
 * from the seed until the map loads.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "new.h"
#include "xtac/blocks.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

#define NEW_TRIES	64	/* maps of blocks drawn before giving up */

/*
 * The template's size, from maps/craft/NAME.yaml: 0, or an exit status
 * after a message.  It must leave X-Com's block row free.
 */
int
new_craft_size(const struct cli *cli, const struct catalog *cat,
    struct new_options *o)
{
	struct scenario	*s;
	struct diags	 d;
	char		*path;

	if (strchr(o->craft, '/') != NULL || o->craft[0] == '.') {
		fprintf(stderr, "xtac new: a craft is a template's name in "
		    "maps/craft/, not '%s'\n", o->craft);
		return EXIT_USAGE;
	}
	path = xasprintf("%s/maps/craft/%s.yaml", cli->datadir, o->craft);
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	free(path);
	if (s == NULL) {
		fprintf(stderr, "xtac new: no craft template '%s' (see "
		    "maps/craft/)\n", o->craft);
		return EXIT_USAGE;
	}
	o->craft_w = s->map->width;
	o->craft_h = s->map->height;
	scenario_free(s);
	if (o->craft_w > o->cols * BLOCK_SIDE || o->craft_h > (o->rows - 1) *
	    BLOCK_SIDE) {
		fprintf(stderr, "xtac new: the %s (%dx%d squares) does not fit "
		    "north of X-Com's row in %dx%d blocks\n", o->craft,
		    o->craft_w, o->craft_h, o->cols, o->rows);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* --- a map of blocks ------------------------------------------------------ */

static int
new_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The terrain's blocks, sorted: their names less ".yaml". */
static char **
new_terrain_blocks(const struct cli *cli, const char *terrain, size_t *n)
{
	char		*dir = xasprintf("%s/maps/blocks/%s", cli->datadir,
			    terrain), **names = NULL;
	DIR		*d;
	struct dirent	*e;
	size_t		 len;

	*n = 0;
	if ((d = opendir(dir)) == NULL) {
		fprintf(stderr, "xtac new: cannot read the %s blocks in %s: "
		    "%s\n", terrain, dir, strerror(errno));
		free(dir);
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		names = xreallocarray(names, *n + 1, sizeof *names);
		names[(*n)++] = xstrndup(e->d_name, len - 5);
	}
	closedir(d);
	free(dir);
	if (*n > 0)
		qsort(names, *n, sizeof *names, new_compare);
	return names;
}

/*
 * The terrain's blocks a craft may land on anywhere, in the order of
 * blocks (§4.1: it flattens the whole block): those a 5x5 of hull lands on.
 * Big craft cover many blocks, and one block they cannot cross refuses
 * the map, so the blocks under a craft are drawn from these.
 */
static char **
new_landing_blocks(const struct cli *cli, const struct catalog *cat,
    const struct new_options *o, char **blocks, size_t nblocks, size_t *n)
{
	struct map	*hull = map_new(BLOCK_SIDE, BLOCK_SIDE, 1);
	struct scenario	*s;
	struct diags	 d;
	struct pos	 p = { 0, 0, 0 }, clash;
	char		**lands = xcalloc(nblocks, sizeof *lands), *path;
	size_t		 i;

	for (p.y = 0; p.y < BLOCK_SIDE; p.y++)
		for (p.x = 0; p.x < BLOCK_SIDE; p.x++)
			map_square(hull, p)->floor = FLOOR_HULL;
	*n = 0;
	for (i = 0; i < nblocks; i++) {
		path = xasprintf("%s/maps/blocks/%s/%s.yaml", cli->datadir,
		    o->terrain, blocks[i]);
		diags_init(&d, path, NULL, 0);
		s = scenario_load(path, cat, &d);
		if (s != NULL && block_land_craft(s->map, hull, 0, 0, 0,
		    &clash))
			lands[(*n)++] = blocks[i];
		scenario_free(s);
		diags_free(&d);
		free(path);
	}
	map_free(hull);
	return lands;
}

/*
 * The map: blocks picked and turned by the seed (under the craft, from
 * those it may land on, when there are any); a landed craft for the
 * missions about one; each side deploying along its own edge, X-Com the
 * south block row, the aliens the north.
 */
static char *
new_map_text(const struct new_options *o,
    char **blocks, size_t nblocks, char **lands, size_t nlands,
    struct rng *r)
{
	struct strbuf	 sb;
	int		 x, y, w = o->cols * BLOCK_SIDE;
	int		 h = o->rows * BLOCK_SIDE;
	bool		 craft = o->craft_w > 0;
	int		 cx = (w - o->craft_w) / 2;	/* its west column */

	strbuf_init(&sb);
	strbuf_printf(&sb, "# Made by: xtac new --terrain %s --mission %s "
	    "--blocks %dx%d --tech %d --points %d --craft %s --seed %llu\n",
	    o->terrain, mission_names[o->mission], o->cols, o->rows, o->tech,
	    o->points, craft ? o->craft : "none",
	    (unsigned long long)o->seed);
	strbuf_printf(&sb, "xtac-map: 1\nname: \"%c%s %s\"\n",
	    o->terrain[0] - 'a' + 'A', o->terrain + 1,
	    mission_names[o->mission]);
	strbuf_printf(&sb, "description: >\n  Built of %s blocks from the "
	    "seed %llu.\n", o->terrain, (unsigned long long)o->seed);
	/* The data directory wherever the map is played (not this one's). */
	strbuf_puts(&sb, "blocks:\n  from: \"data:maps\"\n  rows:\n");
	for (y = 0; y < o->rows; y++) {
		strbuf_puts(&sb, "    - [");
		for (x = 0; x < o->cols; x++) {
			bool under = craft && nlands > 0 && y * BLOCK_SIDE <
			    o->craft_h && (x + 1) * BLOCK_SIDE > cx &&
			    x * BLOCK_SIDE < cx + o->craft_w;
			const char *b = under ? lands[rng_below(r,
			    (uint32_t)nlands)] : blocks[rng_below(r,
			    (uint32_t)nblocks)];
			int turn = (int)rng_below(r, 4) * 90;

			strbuf_printf(&sb, "%s%s/%s", x > 0 ? ", " : "",
			    o->terrain, b);
			if (turn > 0)
				strbuf_printf(&sb, " %d", turn);
		}
		strbuf_puts(&sb, "]\n");
	}
	if (craft)
		strbuf_printf(&sb, "  craft:\n    - {template: %s, at: "
		    "[%d, 1]}\n", o->craft, cx + 1);
	strbuf_printf(&sb, "scenario:\n  mission: %s\n",
	    mission_names[o->mission]);
	if (o->mission == MISSION_CRASHED)
		strbuf_puts(&sb, "  side: alien\n");
	strbuf_printf(&sb, "  tech-level: %d\nsides:\n", o->tech);
	strbuf_puts(&sb, "  xcom:\n    control: human\n");
	if (o->points > 0)
		strbuf_printf(&sb, "    budget: %d\n", o->points);
	strbuf_printf(&sb, "    deploy:\n      - {from: [1, %d, 1], to: "
	    "[%d, %d, 1]}\n", h - BLOCK_SIDE + 1, w, h);
	strbuf_puts(&sb, "  alien:\n    control: ai\n");
	if (o->points > 0)
		strbuf_printf(&sb, "    budget: %d\n", o->points);
	/* Around the craft, when there is one: its crew's ground. */
	strbuf_printf(&sb, "    deploy:\n      - {from: [1, 1, 1], to: "
	    "[%d, %d, 1]}\n", w, craft && o->craft_h >= BLOCK_SIDE ?
	    o->craft_h + 1 : BLOCK_SIDE);
	return strbuf_steal(&sb);
}

/*
 * Write a map of blocks at path, drawn again (the seed's next draws)
 * while it does not load: a craft lands only on flat ground (§4.1).
 */
int
new_map(const struct cli *cli, const struct catalog *cat,
    const struct new_options *o, const char *path)
{
	struct rng	 r;
	struct scenario	*s = NULL;
	struct diags	 d;
	char		**blocks, **lands, *text;
	size_t		 nblocks, nlands, i;
	int		 tries;

	if ((blocks = new_terrain_blocks(cli, o->terrain, &nblocks)) == NULL)
		return EXIT_TROUBLE;
	lands = new_landing_blocks(cli, cat, o, blocks, nblocks, &nlands);
	rng_seed(&r, o->seed, RNG_STREAM_COSMETIC);
	for (tries = 0; tries < NEW_TRIES && s == NULL; tries++) {
		text = new_map_text(o, blocks, nblocks, lands, nlands,
		    &r);
		if (new_write(path, text) != 0) {
			free(text);
			break;
		}
		free(text);
		diags_init(&d, path, NULL, 0);
		s = scenario_load_data(path, cli->datadir, cat, &d);
		/* The last try's problems are the ones shown. */
		if (s == NULL && tries + 1 == NEW_TRIES)
			diags_print(&d, stderr);
		diags_free(&d);
	}
	free(lands);	/* its names are blocks' */
	for (i = 0; i < nblocks; i++)
		free(blocks[i]);
	free(blocks);
	if (s == NULL)
		return tries < NEW_TRIES ? EXIT_TROUBLE : EXIT_INVALID;
	scenario_free(s);
	return EXIT_OK;
}
