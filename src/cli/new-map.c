/*
 * new-map.c - the maps of blocks `xtac new` makes (rulebook §4.1): the
 * terrain's blocks picked and turned by the seed; each side along its own
 * edge, which edge X-Com takes drawn from the seed, deploying in its craft
 * (§2.3: each side deploys in its craft) or, without one, along that edge;
 * each craft landed at a column the seed draws, its door toward the
 * middle.  In a ship boarding (§2.3) the two craft are docked door to door
 * instead (block_dock()), sealed in plating, each side in its own.  A draw
 * is taken when the map loads and neither side's deployment squares see
 * any of the other's (a fair start, new-zones.c); otherwise the seed's
 * next draws are tried.  Once a draw is taken, the mission's civilians
 * and secret targets are drawn on it (new-mission.c).
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
#include "xtac/squad.h"
#include "xtac/util.h"

#define NEW_TRIES	64	/* maps of blocks drawn before giving up */

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

/* Walls a crashed craft has lost (§2.3: a damaged craft, walls missing). */
#define NEW_BREACHES	2

/*
 * One draw: which edge X-Com takes, where each side's rows and craft are
 * (its top-left square; turned 180 degrees in the south, so its door faces
 * the middle), and each block with its turn.
 */
struct new_draw {
	bool		 south;		/* X-Com's edge */
	int		 y0[SIDE_CIVILIAN];	/* the side's rows */
	int		 depth[SIDE_CIVILIAN];
	int		 cx[SIDE_CIVILIAN], cy[SIDE_CIVILIAN];
	int		 turn[SIDE_CIVILIAN];	/* quarters */
	const char	**block;		/* rows x cols, borrowed */
	int		*quarters;
	/* A crashed craft's walls the crash took (§2.3): map squares, sides. */
	struct pos	 breach[NEW_BREACHES];
	enum dir	 breach_side[NEW_BREACHES];
	int		 nbreach;
};

/* Whether block (bx, by) lies under a side's craft. */
static bool
new_under(const struct new_options *o, const struct new_draw *dr, int bx,
    int by)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		const struct new_craft *c = &o->craft[side];

		if (c->name != NULL && (bx + 1) * BLOCK_SIDE > dr->cx[side] &&
		    bx * BLOCK_SIDE < dr->cx[side] + c->w &&
		    (by + 1) * BLOCK_SIDE > dr->cy[side] &&
		    by * BLOCK_SIDE < dr->cy[side] + c->h)
			return true;
	}
	return false;
}

/*
 * A boarding's crafts (§2.3): docked, the pair at a column the seed
 * draws, in the middle rows; the north craft unturned, the south one
 * turned 180 degrees, each side's rows its craft's.
 */
static void
new_draw_docked(const struct new_options *o, struct rng *r,
    struct new_draw *dr)
{
	struct block_dock	d;
	int			k, side, x0, y0;

	/* new_crafts() made sure they dock, and fit. */
	(void)new_dock(o, dr->south, &d);
	x0 = (int)rng_below(r, (uint32_t)(o->cols * BLOCK_SIDE - d.width +
	    1));
	y0 = (o->rows * BLOCK_SIDE - d.height) / 2;
	for (k = 0; k < 2; k++) {
		side = (k == 1) == dr->south ? SIDE_XCOM : SIDE_ALIEN;
		dr->cx[side] = x0 + d.x[k];
		dr->cy[side] = dr->y0[side] = y0 + d.y[k];
		dr->depth[side] = o->craft[side].h;
		dr->turn[side] = k == 0 ? 0 : 2;
	}
}

static void
new_draw(const struct new_options *o, char **blocks, size_t nblocks,
    char **lands, size_t nlands, struct rng *r, struct new_draw *dr)
{
	int	side, x, y, w = o->cols * BLOCK_SIDE, h = o->rows * BLOCK_SIDE;

	dr->south = rng_below(r, 2) == 0;
	for (side = 0; side < SIDE_CIVILIAN &&
	    o->mission != MISSION_BOARDING; side++) {
		const struct new_craft *c = &o->craft[side];
		bool s = (side == SIDE_XCOM) == dr->south;

		dr->depth[side] = new_depth(o, side);
		dr->y0[side] = s ? h - dr->depth[side] : 0;
		dr->cx[side] = dr->cy[side] = dr->turn[side] = 0;
		if (c->name == NULL)
			continue;
		dr->cx[side] = (int)rng_below(r, (uint32_t)(w - c->w + 1));
		dr->cy[side] = dr->y0[side];
		dr->turn[side] = s ? 2 : 0;
	}
	if (o->mission == MISSION_BOARDING)
		new_draw_docked(o, r, dr);
	/* The crashed side's craft, two of its outer walls gone. */
	dr->nbreach = 0;
	if (o->mission == MISSION_CRASHED && o->craft[SIDE_ALIEN].nhull > 0) {
		const struct new_craft *c = &o->craft[SIDE_ALIEN];

		while (dr->nbreach < NEW_BREACHES &&
		    (size_t)dr->nbreach < c->nhull) {
			size_t k = rng_below(r, (uint32_t)c->nhull);
			int b, bx, by;

			for (b = 0; b < dr->nbreach; b++)
				if (dr->breach_side[b] == block_turn_dir(
				    c->hull_side[k], dr->turn[SIDE_ALIEN]))
					break;
			/* Each on another side of the hull. */
			if (b < dr->nbreach && c->nhull > NEW_BREACHES * 4)
				continue;
			block_turn_pos(c->w, c->h, dr->turn[SIDE_ALIEN],
			    c->hull[k].x, c->hull[k].y, &bx, &by);
			dr->breach[dr->nbreach] = (struct pos){
			    dr->cx[SIDE_ALIEN] + bx, dr->cy[SIDE_ALIEN] + by,
			    0 };
			dr->breach_side[dr->nbreach++] = block_turn_dir(
			    c->hull_side[k], dr->turn[SIDE_ALIEN]);
		}
	}
	for (y = 0; y < o->rows; y++)
		for (x = 0; x < o->cols; x++) {
			bool under = nlands > 0 && new_under(o, dr, x, y);

			dr->block[y * o->cols + x] = under ? lands[rng_below(r,
			    (uint32_t)nlands)] : blocks[rng_below(r,
			    (uint32_t)nblocks)];
			dr->quarters[y * o->cols + x] = (int)rng_below(r, 4);
		}
}

/*
 * Where a side may deploy, a mask [levels][h][w]: in its craft (its crew
 * squares) and near it (§4.1, §2.3), the rows of its edge within three
 * squares of the craft; without a craft, the whole rows of its edge.
 */
#define NEW_NEAR	3

static void
new_mask(const struct new_options *o, const struct new_draw *dr, int side,
    int levels, unsigned char *mask)
{
	const struct new_craft	*c = &o->craft[side];
	int			 w = o->cols * BLOCK_SIDE, h = o->rows *
				    BLOCK_SIDE, x, y, x0 = 0, x1 = w;
	size_t			 i;

	memset(mask, 0, (size_t)w * h * levels);
	if (c->name != NULL) {
		x0 = dr->cx[side] - NEW_NEAR;
		x1 = dr->cx[side] + c->w + NEW_NEAR;
		for (i = 0; i < c->ncrew; i++) {
			if (c->crew[i].z >= levels)
				continue;
			block_turn_pos(c->w, c->h, dr->turn[side],
			    c->crew[i].x, c->crew[i].y, &x, &y);
			mask[((size_t)c->crew[i].z * h + dr->cy[side] + y) *
			    w + dr->cx[side] + x] = 1;
		}
	}
	/* Boarders and crew have nothing outside their craft (§2.3). */
	if (o->mission == MISSION_BOARDING)
		return;
	for (y = dr->y0[side]; y < dr->y0[side] + dr->depth[side]; y++)
		for (x = x0 < 0 ? 0 : x0; x < x1 && x < w; x++)
			mask[(size_t)y * w + x] = 1;
}

/* A mask as deployment zones: runs of rows, merged where they repeat. */
static void
new_zones(struct strbuf *sb, int w, int h, int levels, unsigned char *at)
{
	int	x, y, z, x0, y0, x1, y1, k;

	strbuf_puts(sb, "    deploy:\n");
#define NEW_AT(z, y, x)	at[((size_t)(z) * h + (y)) * w + (x)]
	for (z = 0; z < levels; z++)
	for (y0 = 0; y0 < h; y0++)
	for (x0 = 0; x0 < w; x0++) {
		if (NEW_AT(z, y0, x0) != 1 || (x0 > 0 && NEW_AT(z, y0,
		    x0 - 1) != 0))
			continue;
		for (x1 = x0; x1 + 1 < w && NEW_AT(z, y0, x1 + 1) != 0; x1++)
			continue;
		for (y1 = y0 + 1; y1 < h; y1++) {
			if (NEW_AT(z, y1, x0) != 1 || (x0 > 0 &&
			    NEW_AT(z, y1, x0 - 1) != 0) || (x1 + 1 < w &&
			    NEW_AT(z, y1, x1 + 1) != 0))
				break;
			for (k = x0; k <= x1 && NEW_AT(z, y1, k) == 1; k++)
				continue;
			if (k <= x1)
				break;
		}
		for (y = y0; y < y1; y++)
			for (x = x0; x <= x1; x++)
				NEW_AT(z, y, x) = 2;
		strbuf_printf(sb, "      - {from: [%d, %d, %d], to: [%d, %d, "
		    "%d]}\n", x0 + 1, y0 + 1, z + 1, x1 + 1, y1, z + 1);
	}
	/* The mask as it was, for the caller. */
	for (k = 0; k < w * h * levels; k++)
		if (at[k] == 2)
			at[k] = 1;
#undef NEW_AT
}

/* The map's text for a draw, its zones from the sides' masks. */
static char *
new_map_text(const struct new_options *o, const struct new_draw *dr,
    int levels, unsigned char *const *masks, const struct new_extra *add)
{
	struct strbuf	 sb;
	int		 x, y, side, w = o->cols * BLOCK_SIDE;
	int		 h = o->rows * BLOCK_SIDE;

	strbuf_init(&sb);
	strbuf_printf(&sb, "# Made by: xtac new --terrain %s --mission %s "
	    "--blocks %dx%d --tech %d --points %d", o->terrain,
	    mission_names[o->mission], o->cols, o->rows, o->tech, o->points);
	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (o->craft[side].name != NULL)
			strbuf_printf(&sb, " --craft %s", o->craft[side].name);
	if (o->craft[SIDE_XCOM].name == NULL &&
	    o->craft[SIDE_ALIEN].name == NULL)
		strbuf_puts(&sb, " --craft none");
	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (o->secret_given[side])
			strbuf_printf(&sb, " --secret %s=%s", side_names[side],
			    o->secret[side] == MISSION_ASSAULT ? "random" :
			    mission_names[o->secret[side]]);
	strbuf_printf(&sb, " --seed %llu\n", (unsigned long long)o->seed);
	strbuf_printf(&sb, "xtac-map: 1\nname: \"%c%s %s\"\n",
	    o->terrain[0] - 'a' + 'A', o->terrain + 1,
	    mission_names[o->mission]);
	if (o->mission == MISSION_BOARDING)
		strbuf_printf(&sb, "description: >\n  Built from the seed %llu: "
		    "X-Com's craft has docked from the %s to the aliens' craft "
		    "in flight; all combat takes place within the two.\n",
		    (unsigned long long)o->seed, dr->south ? "south" : "north");
	else
		strbuf_printf(&sb, "description: >\n  Built of %s blocks from "
		    "the seed %llu; X-Com comes from the %s.\n", o->terrain,
		    (unsigned long long)o->seed, dr->south ? "south" : "north");
	/* Ship boarding: the craft sealed in plating (§2.3). */
	if (o->mission == MISSION_BOARDING)
		strbuf_puts(&sb, "legend:\n  squares:\n    'X': {floor: hull, "
		    "object: {name: hull-plating, solid: true,\n          "
		    "strength: indestructible}}\n");
	/* The data directory wherever the map is played (not this one's). */
	strbuf_puts(&sb, "blocks:\n  from: \"data:maps\"\n");
	if (o->mission == MISSION_BOARDING)
		strbuf_puts(&sb, "  outside: hull-plating\n");
	strbuf_puts(&sb, "  rows:\n");
	for (y = 0; y < o->rows; y++) {
		strbuf_puts(&sb, "    - [");
		for (x = 0; x < o->cols; x++) {
			strbuf_printf(&sb, "%s%s/%s", x > 0 ? ", " : "",
			    o->terrain, dr->block[y * o->cols + x]);
			if (dr->quarters[y * o->cols + x] > 0)
				strbuf_printf(&sb, " %d",
				    dr->quarters[y * o->cols + x] * 90);
		}
		strbuf_puts(&sb, "]\n");
	}
	if (o->craft[SIDE_XCOM].name != NULL ||
	    o->craft[SIDE_ALIEN].name != NULL)
		strbuf_puts(&sb, "  craft:\n");
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (o->craft[side].name == NULL)
			continue;
		strbuf_printf(&sb, "    - {template: %s, at: [%d, %d]",
		    o->craft[side].name, dr->cx[side] + 1, dr->cy[side] + 1);
		if (dr->turn[side] != 0)
			strbuf_printf(&sb, ", turn: %d", dr->turn[side] * 90);
		strbuf_puts(&sb, "}\n");
	}
	/*
	 * A terror site's drafts, drawn before its civilians, load as an
	 * assault (a terror mission without civilians does not, §2.3).
	 */
	strbuf_printf(&sb, "scenario:\n  mission: %s\n",
	    mission_names[o->mission == MISSION_TERROR && (add == NULL ||
	    add->units == NULL) ? MISSION_ASSAULT : o->mission]);
	if (o->mission == MISSION_CRASHED)
		strbuf_puts(&sb, "  side: alien\n");
	if (dr->nbreach > 0)
		strbuf_puts(&sb, "  lost-walls:\n");
	for (side = 0; side < dr->nbreach; side++)
		strbuf_printf(&sb, "    - {at: [%d, %d, 1], side: %c}\n",
		    dr->breach[side].x + 1, dr->breach[side].y + 1,
		    "nesw"[dr->breach_side[side] / 2]);
	strbuf_printf(&sb, "  tech-level: %d\nsides:\n", o->tech);
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		strbuf_printf(&sb, "  %s:\n    control: %s\n",
		    side_names[side], side == SIDE_XCOM ? "human" : "ai");
		if (o->points > 0)
			strbuf_printf(&sb, "    budget: %d\n", o->points);
		new_zones(&sb, w, h, levels, masks[side]);
		if (add != NULL && add->side[side] != NULL)
			strbuf_puts(&sb, add->side[side]);
	}
	/* §3.4: the engine moves them. */
	if (o->mission == MISSION_TERROR)
		strbuf_puts(&sb, "  civilian: {}\n");
	if (add != NULL && add->units != NULL)
		strbuf_puts(&sb, add->units);
	return strbuf_steal(&sb);
}

/*
 * Whether each side's squad finds room in its zones on s (squad_place():
 * a 2x2 unit needs a 2x2 of them).  A squad that does not read is left for
 * the encounter's check to report.
 */
static bool
new_room(const struct new_squads *sq, struct scenario *s)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (!sq->have[side])
			continue;
		if (squad_place(s, &sq->sq[side]) != 0)
			return false;
	}
	return true;
}

/* Each side's craft on the map, as drawn. */
static void
new_boxes(const struct new_options *o, const struct new_draw *dr,
    struct new_box *b)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		const struct new_craft *c = &o->craft[side];

		b[side].x0 = c->name != NULL ? dr->cx[side] : -1;
		b[side].y0 = dr->cy[side];
		b[side].x1 = dr->cx[side] + c->w - 1;
		b[side].y1 = dr->cy[side] + c->h - 1;
	}
}

/*
 * The draw written with masks as its zones and loaded again: the scenario
 * when each side's squad finds room in them, else NULL (*status
 * EXIT_TROUBLE when it cannot be written).  last: say why it does not
 * load.
 */
static struct scenario *
new_zoned(const struct cli *cli, const struct catalog *cat,
    const struct new_options *o, const struct new_draw *dr, int levels,
    unsigned char *const *masks, const struct new_squads *sq,
    const char *path, bool last, int *status)
{
	struct scenario	*s;
	struct diags	 d;
	char		*text = new_map_text(o, dr, levels, masks, NULL);

	if (new_write(path, text) != 0) {
		free(text);
		*status = EXIT_TROUBLE;
		return NULL;
	}
	free(text);
	diags_init(&d, path, NULL, 0);
	s = scenario_load_data(path, cli->datadir, cat, &d);
	if (s == NULL && last)
		diags_print(&d, stderr);
	diags_free(&d);
	if (s != NULL && !new_room(sq, s)) {
		scenario_free(s);
		s = NULL;
	}
	return s;
}

/*
 * What the making of one map keeps between its draws: the terrain's
 * blocks, the squads, the zones being drawn, and what the draws found.
 */
struct new_maker {
	const struct cli	*cli;
	const struct catalog	*cat;
	const struct new_options *o;
	const char		*path;
	char			**blocks, **lands;
	size_t			 nblocks, nlands;
	struct new_squads	 sq;
	struct new_view		 v;
	struct new_draw		 dr;
	unsigned char		*masks[SIDE_CIVILIAN];
	int			 levels;
	size_t			 need;		/* squares each side keeps */
	size_t			 room;		/* the last draw's fewest */
	bool			 loaded;	/* a draw loaded */
	bool			 crowded;	/* no room for civilians */
};

/*
 * The seed's draws, NEW_TRIES at most, until one loads and leaves each
 * side room (with traps, none where a 2x2 walker is shut in); then what
 * the mission adds.  0, EXIT_INVALID when none did, or EXIT_TROUBLE.
 * last: the problems of the last draw that does not load are shown.
 */
static int
new_draws(struct new_maker *mk, bool traps, bool last)
{
	const struct new_options	*o = mk->o;
	struct new_draw			*dr = &mk->dr;
	struct new_extra		 x;
	struct new_box			 craft[SIDE_CIVILIAN];
	struct scenario			*s;
	struct diags			 d;
	struct rng			 r;
	char				*text;
	int				 tries, side, status = EXIT_INVALID;
	int				 h = o->rows * BLOCK_SIDE;

	rng_seed(&r, o->seed, RNG_STREAM_COSMETIC);
	for (tries = 0; tries < NEW_TRIES && status == EXIT_INVALID; tries++) {
		new_draw(o, mk->blocks, mk->nblocks, mk->lands, mk->nlands,
		    &r, dr);
		for (side = 0; side < SIDE_CIVILIAN; side++)
			new_mask(o, dr, side, mk->levels, mk->masks[side]);
		/* Drawn with its zones whole, then cut to a fair start. */
		text = new_map_text(o, dr, mk->levels, mk->masks, NULL);
		if (new_write(mk->path, text) != 0) {
			free(text);
			return EXIT_TROUBLE;
		}
		free(text);
		diags_init(&d, mk->path, NULL, 0);
		s = scenario_load_data(mk->path, mk->cli->datadir, mk->cat, &d);
		/* The last try's problems are the ones shown. */
		if (s == NULL && last && tries + 1 == NEW_TRIES)
			diags_print(&d, stderr);
		diags_free(&d);
		if (s == NULL)
			continue;
		mk->loaded = true;
		mk->room = new_cut(s, mk->levels, mk->masks, &mk->v);
		mk->v.town0 = dr->south ? dr->depth[SIDE_ALIEN] :
		    dr->depth[SIDE_XCOM];
		mk->v.town1 = h - (dr->south ? dr->depth[SIDE_XCOM] :
		    dr->depth[SIDE_ALIEN]);
		if (mk->room < mk->need || (traps && new_cut_traps(s, &mk->sq,
		    mk->levels, mk->masks) < mk->need)) {
			scenario_free(s);
			continue;
		}
		scenario_free(s);
		s = new_zoned(mk->cli, mk->cat, o, dr, mk->levels, mk->masks,
		    &mk->sq, mk->path, last && tries + 1 == NEW_TRIES, &status);
		if (status == EXIT_TROUBLE)
			return status;
		if (s == NULL)
			continue;
		/* Then what the mission adds: civilians, secret targets. */
		new_boxes(o, dr, craft);
		status = new_mission_extra(o, s, &mk->sq, craft, dr->south,
		    mk->masks, mk->levels, &mk->v, &r, &x);
		mk->crowded |= status == EXIT_INVALID;
		scenario_free(s);
		if (status == EXIT_OK) {
			text = new_map_text(o, dr, mk->levels, mk->masks, &x);
			if (new_write(mk->path, text) != 0)
				status = EXIT_TROUBLE;
			free(text);
		}
		new_extra_free(&x);
	}
	return status;
}

/*
 * Write a map of blocks at path, drawn again (the seed's next draws)
 * while it does not load (a craft lands only on flat ground, §4.1) or
 * leaves a side fewer than NEW_ROOM squares to deploy on once cut to a
 * fair start (in a boarding, where a side has only its craft, fewer than
 * the smaller crew's squares), or no room for its squad.  The seed's
 * draws are tried first with no 2x2 walker shut in its zones
 * (new_cut_traps()), then, if none of them leaves the squads room, as cut
 * to a fair start alone.
 */
#define NEW_ROOM	16

int
new_map(const struct cli *cli, const struct catalog *cat,
    const struct new_options *o, const char *path)
{
	struct new_maker	 mk;
	size_t			 i;
	int			 side, status;
	int			 w = o->cols * BLOCK_SIDE, h = o->rows * BLOCK_SIDE;
	bool			 traps;

	memset(&mk, 0, sizeof mk);
	mk.cli = cli;
	mk.cat = cat;
	mk.o = o;
	mk.path = path;
	mk.need = NEW_ROOM;
	mk.levels = 1;
	if ((mk.blocks = new_terrain_blocks(cli, o->terrain, &mk.nblocks)) ==
	    NULL)
		return EXIT_TROUBLE;
	mk.lands = new_landing_blocks(cli, cat, o, mk.blocks, mk.nblocks,
	    &mk.nlands);
	new_squads_load(cli, cat, o, &mk.sq);
	for (side = 0; side < SIDE_CIVILIAN; side++)
		for (i = 0; i < o->craft[side].ncrew; i++)
			if (o->craft[side].crew[i].z + 1 > mk.levels)
				mk.levels = o->craft[side].crew[i].z + 1;
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		mk.masks[side] = xcalloc((size_t)w * h * mk.levels, 1);
		if (o->mission == MISSION_BOARDING &&
		    o->craft[side].ncrew < mk.need)
			mk.need = o->craft[side].ncrew;
	}
	mk.dr.block = xcalloc((size_t)o->rows * o->cols, sizeof *mk.dr.block);
	mk.dr.quarters = xcalloc((size_t)o->rows * o->cols,
	    sizeof *mk.dr.quarters);
	/* A boarding's fight is aboard: its crafts are left as they are. */
	traps = o->mission != MISSION_BOARDING &&
	    (new_big_walker(cat, &mk.sq, SIDE_XCOM) ||
	    new_big_walker(cat, &mk.sq, SIDE_ALIEN));
	status = new_draws(&mk, traps, !traps);
	if (status == EXIT_INVALID && traps)
		status = new_draws(&mk, false, true);
	if (status == EXIT_INVALID && mk.loaded)
		fprintf(stderr, "xtac new: none of %d maps drawn left each side "
		    "room for its squad (and %zu squares) to deploy on where "
		    "the other's do not see them and the sides can meet (the "
		    "last left %zu squares)%s; give crafts, another size or "
		    "another seed\n", NEW_TRIES, mk.need, mk.room, mk.crowded ?
		    ", or room for the civilians out of the aliens' sight" : "");
	if (status == EXIT_USAGE)
		(void)remove(path);
	new_view_free(&mk.v);
	new_squads_free(&mk.sq);
	free(mk.dr.block);
	free(mk.dr.quarters);
	for (side = 0; side < SIDE_CIVILIAN; side++)
		free(mk.masks[side]);
	free(mk.lands);	/* its names are blocks' */
	for (i = 0; i < mk.nblocks; i++)
		free(mk.blocks[i]);
	free(mk.blocks);
	return status;
}
