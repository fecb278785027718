/*
 * cmd-new.c - `xtac new`: a game master makes an encounter (encounter.h):
 * a map, shipped or built from blocks of one terrain (§4.1), the mission,
 * the squad each side brings and the seed, written to an encounter file
 * that play, preview, script, sim and check open as they open a map.
 *
 * A map from blocks is written beside the encounter (FILE less .yaml, then
 * "-map.yaml"), its blocks picked and turned by the seed alone: the same
 * arguments give the same bytes.  Without --map or --terrain, on a
 * terminal, every choice is asked for in turn, its default shown.
 *
 * Exit: 0 written and valid; 1 written but the scenario does not load
 * (its problems printed); 2 a bad command line; 3 a file cannot be read or
 * written.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "new.h"
#include "xtac/blocks.h"
#include "xtac/encounter.h"
#include "xtac/file.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

static const char *const new_terrains[] = {
	"farmland", "desert", "town", "base", NULL
};

/* The missions a map of blocks can hold; secret ones go with --secret. */
static const enum mission new_missions[] = {
	MISSION_ASSAULT, MISSION_CRASHED, MISSION_BOARDING, MISSION_BASE,
	MISSION_TERROR
};

static void
new_options_free(struct new_options *o)
{
	int	side;

	free(o->map);
	free(o->terrain);
	for (side = 0; side < SIDE_COUNT; side++)
		free(o->squad[side]);
	free(o->name);
	free(o->out);
	new_crafts_free(o);
}

/*
 * The aliens' craft unless one is given: a small scout; for a boarding a
 * large one (§2.3: "a ship boarding assault uses only a large alien
 * ufo"); for a terror site the terror ship (§3.3.4: it "is used to
 * transport these alien terrorists into populated areas").
 */
static const char *
new_default_ufo(enum mission m)
{
	if (m == MISSION_TERROR)
		return "terror-ship";
	return m == MISSION_BOARDING ? "large-scout" : "small-scout";
}

/*
 * Each side's craft not given: X-Com's Skyranger, new_default_ufo() for
 * the aliens (§2.3: each side deploys in its craft); none among base
 * blocks, where command centres and elevators take their place (§4.1).
 */
static void
new_default_crafts(struct new_options *o)
{
	if (strcmp(o->terrain, "base") == 0)
		return;
	if (o->craft[SIDE_XCOM].name == NULL && !o->craft_none[SIDE_XCOM])
		o->craft[SIDE_XCOM].name = xstrdup("skyranger");
	if (o->craft[SIDE_ALIEN].name == NULL && !o->craft_none[SIDE_ALIEN])
		o->craft[SIDE_ALIEN].name = xstrdup(new_default_ufo(
		    o->mission));
}

/* Whether a mission is about a craft, which must land on the map. */
static bool
new_craft_mission(enum mission m)
{
	return m == MISSION_CRASHED || m == MISSION_BOARDING;
}

static int
new_find(const char *const *names, const char *name)
{
	int	i;

	for (i = 0; names[i] != NULL; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

static bool
new_mission(const char *name, enum mission *m)
{
	size_t	i;

	for (i = 0; i < XTAC_NITEMS(new_missions); i++)
		if (strcmp(name, mission_names[new_missions[i]]) == 0) {
			*m = new_missions[i];
			return true;
		}
	return false;
}

/*
 * Whether the mission goes with the terrain: a base's blocks are all
 * building, where no craft lands (§4.1), and a base mission is fought in
 * one.  NULL, or why not.
 */
static const char *
new_unfit(const char *terrain, enum mission m)
{
	bool	base = strcmp(terrain, "base") == 0;

	if (base && (m == MISSION_CRASHED || m == MISSION_BOARDING))
		return "a craft cannot land among base blocks: each is a "
		    "building (\xc2\xa7" "4.1)";
	if (!base && m == MISSION_BASE)
		return "a base mission is fought among base blocks";
	if (m == MISSION_TERROR && strcmp(terrain, "town") != 0)
		return "a terror site is in a town (\xc2\xa7" "2.3: \"a city "
		    "terrain is used for this mission type\")";
	return NULL;
}

/* "WxH" blocks, each 2 to NEW_MAX_BLOCKS. */
static bool
new_blocks(const char *arg, int *cols, int *rows)
{
	char	*end;
	long	 w, h;

	errno = 0;
	w = strtol(arg, &end, 10);
	if (*end != 'x' || end == arg)
		return false;
	h = strtol(end + 1, &end, 10);
	if (*end != '\0' || errno != 0 || w < 2 || h < 2 ||
	    w > NEW_MAX_BLOCKS || h > NEW_MAX_BLOCKS)
		return false;
	*cols = (int)w;
	*rows = (int)h;
	return true;
}

static bool
new_int(const char *arg, int min, int max, int *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*end != '\0' || end == arg || errno != 0 || v < min || v > max)
		return false;
	*out = (int)v;
	return true;
}

/* --- asking on a terminal ------------------------------------------------ */

/*
 * One question: the answer, or def for an empty one (owned by the
 * caller); NULL at the end of input.
 */
static char *
new_ask(const char *question, const char *def)
{
	char	line[1024];
	size_t	len;

	printf("%s [%s]: ", question, def);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL) {
		printf("\n");
		return NULL;
	}
	len = strcspn(line, "\r\n");
	line[len] = '\0';
	while (len > 0 && line[len - 1] == ' ')
		line[--len] = '\0';
	return xstrdup(len > 0 ? line : def);
}

/* Ask until check takes the answer; false at the end of input. */
static bool
new_ask_until(const char *question, const char *def, const char *why,
    bool (*check)(const char *, void *), void *arg)
{
	char	*a;
	bool	 ok;

	for (;;) {
		if ((a = new_ask(question, def)) == NULL)
			return false;
		ok = check(a, arg);
		if (!ok)
			printf("  %s, not '%s'\n", why, a);
		free(a);
		if (ok)
			return true;
	}
}

static bool
new_take_where(const char *a, void *arg)
{
	struct new_options	*o = arg;

	free(o->map);
	free(o->terrain);
	o->map = o->terrain = NULL;
	if (new_find(new_terrains, a) >= 0)
		o->terrain = xstrdup(a);
	else
		o->map = xstrdup(a);
	return true;
}

static bool
new_take_mission(const char *a, void *arg)
{
	struct new_options	*o = arg;
	const char		*why;

	if (!new_mission(a, &o->mission))
		return false;
	if ((why = new_unfit(o->terrain, o->mission)) != NULL)
		printf("  %s\n", why);
	return why == NULL;
}

static bool
new_take_blocks(const char *a, void *arg)
{
	struct new_options	*o = arg;

	if (strcmp(a, "fit") == 0) {
		o->blocks_given = false;
		return true;
	}
	return (o->blocks_given = new_blocks(a, &o->cols, &o->rows));
}

/* A side's craft: one of its own templates (by name), or none. */
static bool
new_take_side_craft(struct new_options *o, enum side side, const char *a)
{
	if (strcmp(a, "none") == 0) {
		free(o->craft[side].name);
		o->craft[side].name = NULL;
		o->craft_none[side] = true;
		return true;
	}
	if (new_craft_side(a) != side || strchr(a, '/') != NULL ||
	    a[0] == '.' || a[0] == '\0')
		return false;
	free(o->craft[side].name);
	o->craft[side].name = xstrdup(a);
	o->craft_none[side] = false;
	return true;
}

/*
 * --craft: a template lands for the side it belongs to; none, no craft
 * for either side.  False (said why) for a path.
 */
static bool
new_take_craft(struct new_options *o, const char *name)
{
	if (strcmp(name, "none") == 0)
		return new_take_side_craft(o, SIDE_XCOM, name) &&
		    new_take_side_craft(o, SIDE_ALIEN, name);
	if (new_take_side_craft(o, new_craft_side(name), name))
		return true;
	fprintf(stderr, "xtac new: a craft is a template's name in "
	    "maps/craft/, not '%s'\n", name);
	return false;
}

static bool
new_take_xcom_craft(const char *a, void *arg)
{
	return new_take_side_craft(arg, SIDE_XCOM, a);
}

static bool
new_take_alien_craft(const char *a, void *arg)
{
	return new_take_side_craft(arg, SIDE_ALIEN, a);
}

static bool
new_take_side_secret(struct new_options *o, enum side side, const char *a)
{
	if (strcmp(a, "none") == 0) {
		o->secret_given[side] = false;
		return true;
	}
	return (o->secret_given[side] = new_secret_kind(a, &o->secret[side]));
}

static bool
new_take_xcom_secret(const char *a, void *arg)
{
	return new_take_side_secret(arg, SIDE_XCOM, a);
}

static bool
new_take_alien_secret(const char *a, void *arg)
{
	return new_take_side_secret(arg, SIDE_ALIEN, a);
}

/*
 * --secret SIDE=KIND: the side's secret mission (§2.3 Missions).  False
 * (said why) for anything else.
 */
static bool
new_take_secret(struct new_options *o, const char *arg)
{
	const char	*eq = strchr(arg, '=');
	int		 side;

	for (side = 0; eq != NULL && side < SIDE_CIVILIAN; side++)
		if (strlen(side_names[side]) == (size_t)(eq - arg) &&
		    strncmp(arg, side_names[side], (size_t)(eq - arg)) == 0 &&
		    strcmp(eq + 1, "none") != 0 &&
		    new_take_side_secret(o, (enum side)side, eq + 1))
			return true;
	fprintf(stderr, "xtac new: --secret is SIDE=KIND, SIDE xcom or alien "
	    "and KIND sabotage, capture-unit, capture-ship, "
	    "capture-technology or random (\xc2\xa7" "2.3), not '%s'\n", arg);
	return false;
}

static bool
new_take_tech(const char *a, void *arg)
{
	return new_int(a, 1, 4, arg);
}

static bool
new_take_points(const char *a, void *arg)
{
	return new_int(a, 0, 100000, arg);
}

static bool
new_take_seed(const char *a, void *arg)
{
	return rng_parse_seed(a, arg) == 0;
}

static bool
new_take_text(const char *a, void *arg)
{
	char	**p = arg;

	free(*p);
	*p = strcmp(a, "-") == 0 ? NULL : xstrdup(a);
	return true;
}

/* Every choice not given, asked in turn; false at the end of input. */
static bool
new_interview(struct new_options *o)
{
	char		 def[64];
	const char	*squad_def;
	int		 side;

	printf("A new encounter: Enter takes the default in brackets.\n");
	if (!new_ask_until("Map: a shipped map or a file, or blocks of "
	    "farmland, desert, town or base", "farmland", "",
	    new_take_where, o))
		return false;
	if (o->terrain != NULL) {
		if (!new_ask_until("Mission (assault, crashed, boarding, base, "
		    "terror)", strcmp(o->terrain, "base") == 0 ? "base" :
		    "assault",
		    "a map of blocks holds assault, crashed, boarding, base or "
		    "terror", new_take_mission, o))
			return false;
		o->mission_given = true;
		if (strcmp(o->terrain, "base") != 0 && (!new_ask_until(
		    "X-Com's craft: skyranger, lightning, avenger or none",
		    "skyranger", "an X-Com craft, or none",
		    new_take_xcom_craft, o) || !new_ask_until("The aliens' "
		    "craft: a UFO of maps/craft/, or none",
		    new_default_ufo(o->mission),
		    "a UFO, or none", new_take_alien_craft, o)))
			return false;
		if (!new_ask_until("Size in blocks of 5x5 squares, or fit "
		    "(to the craft)", "fit", "WxH, each 2 to 8, or fit",
		    new_take_blocks, o) ||
		    !new_ask_until("Technology level (1 to 4)", "4",
		    "1 to 4", new_take_tech, &o->tech) ||
		    !new_ask_until("Points each side may spend (0: no budget)",
		    "0", "0 to 100000", new_take_points, &o->points) ||
		    !new_ask_until("X-Com's secret mission: none, random, "
		    "sabotage or capture-unit, -ship, -technology", "none",
		    "none or a secret mission", new_take_xcom_secret, o) ||
		    !new_ask_until("The aliens' secret mission", "none",
		    "none or a secret mission", new_take_alien_secret, o))
			return false;
	}
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		char q[128];

		if (o->squad[side] != NULL)
			continue;
		snprintf(q, sizeof q, "The %s squad: a shipped squad or a "
		    "squad file%s", side == SIDE_XCOM ? "X-Com" : "alien",
		    o->terrain != NULL ? "" : ", or - for the map's own");
		squad_def = o->terrain != NULL ? (side == SIDE_XCOM ?
		    "veterans" : "raiders") : "-";
		if (!new_ask_until(q, squad_def, "", new_take_text,
		    &o->squad[side]))
			return false;
	}
	snprintf(def, sizeof def, "%llu", (unsigned long long)o->seed);
	if (!new_ask_until("Seed", def, "a whole number, or 0x hex",
	    new_take_seed, &o->seed))
		return false;
	return new_ask_until("Write it to", "encounter.yaml", "",
	    new_take_text, &o->out) && o->out != NULL;
}

/* FILE less ".yaml", then "-map.yaml". */
static char *
new_map_path(const char *out)
{
	size_t	len = strlen(out);

	if (len > 5 && strcmp(out + len - 5, ".yaml") == 0)
		len -= 5;
	return xasprintf("%.*s-map.yaml", (int)len, out);
}

int
new_write(const char *path, const char *text)
{
	char	*cause = NULL;

	if (file_write(path, text, strlen(text), &cause) == 0)
		return 0;
	fprintf(stderr, "xtac new: %s\n", cause);
	free(cause);
	return -1;
}

/*
 * The map and squads as the encounter names them, from its directory: a
 * shipped one by its name, a file by its path from there (absolute when
 * they share nothing).
 */
static void
new_relative(const struct cli *cli, struct new_options *o)
{
	char	*p;
	int	 side;

	if (o->map != NULL) {
		p = cli_save_map_name(cli, o->map, o->out);
		free(o->map);
		o->map = p;
	}
	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (o->squad[side] != NULL && access(o->squad[side], F_OK) ==
		    0 && (p = realpath(o->squad[side], NULL)) != NULL) {
			free(o->squad[side]);
			o->squad[side] = p;
		}
}

/* Write the encounter (and its map); 0, or an exit status. */
static int
new_make(const struct cli *cli, const struct catalog *cat,
    struct new_options *o)
{
	struct encounter	 e;
	char			*text, *map_path = NULL;
	const char		*base;
	int			 side, status = EXIT_OK;

	memset(&e, 0, sizeof e);
	e.has_seed = true;
	e.seed = o->seed;
	for (side = 0; side < SIDE_CIVILIAN; side++)
		e.squad[side] = o->squad[side];
	if (o->terrain != NULL) {
		if ((status = new_crafts(cli, cat, o)) != EXIT_OK)
			return status;
		map_path = new_map_path(o->out);
		status = new_map(cli, cat, o, map_path);
		base = strrchr(map_path, '/');
		e.map = base != NULL ? (char *)base + 1 : map_path;
	} else
		e.map = o->map;
	e.name = o->name;
	if (status == EXIT_OK) {
		text = encounter_format(&e);
		if (new_write(o->out, text) != 0)
			status = EXIT_TROUBLE;
		free(text);
	}
	if (status == EXIT_OK && map_path != NULL)
		printf("xtac new: wrote %s and its map %s\n", o->out, map_path);
	else if (status == EXIT_OK)
		printf("xtac new: wrote %s\n", o->out);
	free(map_path);
	return status;
}

/* The encounter as the programs open it: loaded, then summarised. */
static int
new_verify(struct cli *cli, const struct catalog *cat, const char *out)
{
	struct scenario	*s;
	int		 side;

	if ((s = cli_load_scenario(cli, out, cat, stderr)) == NULL) {
		fprintf(stderr, "xtac new: %s is written but does not load; "
		    "the problems are above\n", out);
		return EXIT_INVALID;
	}
	printf("%s: \"%s\", %dx%d, %s", out, s->name, s->map->width,
	    s->map->height, mission_names[s->mission]);
	for (side = 0; side < SIDE_CIVILIAN; side++)
		printf("; %s %d points%s", side_names[side],
		    scenario_side_points(s, side),
		    s->sides[side].squad_text != NULL ? " (squad)" : "");
	printf("\nplay it: xtac play %s\n", out);
	scenario_free(s);
	return EXIT_OK;
}

int
cmd_new(struct cli *cli, int argc, char **argv)
{
	static const struct option	opts[] = {
		{ "map", required_argument, NULL, 'm' },
		{ "terrain", required_argument, NULL, 't' },
		{ "blocks", required_argument, NULL, 'b' },
		{ "mission", required_argument, NULL, 'M' },
		{ "tech", required_argument, NULL, 'T' },
		{ "points", required_argument, NULL, 'p' },
		{ "squad", required_argument, NULL, 'Q' },
		{ "seed", required_argument, NULL, 's' },
		{ "name", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "craft", required_argument, NULL, 'c' },
		{ "secret", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	struct new_options		o;
	struct catalog			cat;
	int				ch, status = EXIT_USAGE, side;
	bool				shaped = false;

	memset(&o, 0, sizeof o);
	o.cols = o.rows = 3;
	o.tech = 4;
	o.mission = MISSION_ASSAULT;
	o.seed = (uint64_t)time(NULL);
	while ((ch = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		switch (ch) {
		case 'm':
			free(o.map);
			o.map = xstrdup(optarg);
			break;
		case 't':
			if (new_find(new_terrains, optarg) < 0) {
				fprintf(stderr, "xtac new: a terrain is "
				    "farmland, desert, town or base, not "
				    "'%s'\n", optarg);
				goto out;
			}
			free(o.terrain);
			o.terrain = xstrdup(optarg);
			break;
		case 'b':
			if (!new_blocks(optarg, &o.cols, &o.rows)) {
				fprintf(stderr, "xtac new: --blocks is WxH, "
				    "each 2 to %d, not '%s'\n",
				    NEW_MAX_BLOCKS, optarg);
				goto out;
			}
			o.blocks_given = shaped = true;
			break;
		case 'M':
			if (!new_mission(optarg, &o.mission)) {
				fprintf(stderr, "xtac new: a map of blocks "
				    "holds assault, crashed, boarding, base or "
				    "terror, not '%s'\n", optarg);
				goto out;
			}
			o.mission_given = true;
			break;
		case 'T':
			if (!new_int(optarg, 1, 4, &o.tech)) {
				fprintf(stderr, "xtac new: --tech is 1 to 4, "
				    "not '%s'\n", optarg);
				goto out;
			}
			shaped = true;
			break;
		case 'p':
			if (!new_int(optarg, 0, 100000, &o.points)) {
				fprintf(stderr, "xtac new: --points is 0 to "
				    "100000, not '%s'\n", optarg);
				goto out;
			}
			shaped = true;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				goto out;
			for (side = 0; side < SIDE_CIVILIAN; side++)
				if (cli->squads[side] != NULL) {
					free(o.squad[side]);
					o.squad[side] = xstrdup(
					    cli->squads[side]);
					cli->squads[side] = NULL;
				}
			break;
		case 's':
			if (rng_parse_seed(optarg, &o.seed) != 0) {
				fprintf(stderr, "xtac new: bad seed '%s' (a "
				    "whole number, or 0x hex)\n", optarg);
				goto out;
			}
			break;
		case 'n':
			free(o.name);
			o.name = xstrdup(optarg);
			break;
		case 'o':
			free(o.out);
			o.out = xstrdup(optarg);
			break;
		case 'c':
			if (!new_take_craft(&o, optarg))
				goto out;
			shaped = true;
			break;
		case 'S':
			if (!new_take_secret(&o, optarg))
				goto out;
			shaped = true;
			break;
		default:
			cli_usage(stderr, cli_command_named("new"));
			goto out;
		}
	}
	if (optind != argc) {
		cli_usage(stderr, cli_command_named("new"));
		goto out;
	}
	if (o.map != NULL && o.terrain != NULL) {
		fprintf(stderr, "xtac new: --map or --terrain, not both\n");
		goto out;
	}
	/* §2.3: "a city terrain is used" for a terror site. */
	if (o.map == NULL && o.terrain == NULL && o.mission_given &&
	    o.mission == MISSION_TERROR)
		o.terrain = xstrdup("town");
	if (o.map == NULL && o.terrain == NULL) {
		if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
			fprintf(stderr, "xtac new: give --map MAP or --terrain "
			    "T (or run it on a terminal to be asked)\n");
			goto out;
		}
		if (!new_interview(&o)) {
			fprintf(stderr, "xtac new: the input ended: nothing "
			    "written\n");
			status = EXIT_TROUBLE;
			goto out;
		}
	}
	/* A map keeps its own mission, shape and sides. */
	if (o.map != NULL && (o.mission_given || shaped)) {
		fprintf(stderr, "xtac new: --mission, --blocks, --tech, "
		    "--points, --craft and --secret make a map of blocks; %s "
		    "keeps its own\n", o.map);
		goto out;
	}
	if (o.terrain != NULL && strcmp(o.terrain, "base") == 0 &&
	    (o.craft[SIDE_XCOM].name != NULL ||
	    o.craft[SIDE_ALIEN].name != NULL)) {
		fprintf(stderr, "xtac new: %s\n", new_unfit(o.terrain,
		    MISSION_CRASHED));
		goto out;
	}
	if (o.terrain != NULL && new_unfit(o.terrain, o.mission) != NULL) {
		fprintf(stderr, "xtac new: %s\n", new_unfit(o.terrain,
		    o.mission));
		goto out;
	}
	if (o.terrain != NULL)
		new_default_crafts(&o);
	/* §2.3: boarders come in an X-Com craft docked to the UFO. */
	if (o.terrain != NULL && new_craft_mission(o.mission) &&
	    (o.craft[SIDE_ALIEN].name == NULL || (o.mission ==
	    MISSION_BOARDING && o.craft[SIDE_XCOM].name == NULL))) {
		fprintf(stderr, "xtac new: a %s mission needs the aliens' "
		    "craft (a UFO of maps/craft/)%s\n",
		    mission_names[o.mission], o.mission == MISSION_BOARDING ?
		    " and X-Com's, docked to it" : "");
		goto out;
	}
	if (o.out == NULL) {
		fprintf(stderr, "xtac new: -o FILE: where to write the "
		    "encounter\n");
		goto out;
	}
	if (o.terrain != NULL)
		for (side = 0; side < SIDE_CIVILIAN; side++)
			if (o.squad[side] == NULL)
				o.squad[side] = xstrdup(side == SIDE_XCOM ?
				    "veterans" : "raiders");
	new_relative(cli, &o);
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		status = EXIT_TROUBLE;
	else if ((status = new_make(cli, &cat, &o)) == EXIT_OK)
		status = new_verify(cli, &cat, o.out);
	catalog_free(&cat);
out:
	new_options_free(&o);
	return status;
}
