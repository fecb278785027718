/*
 * data.c - finding the shipped data and loading it for a subcommand.
 *
 * The data directory is, in order: $XTAC_DATA; the directory holding the
 * running binary when it has units/ beside it (a source tree); the install
 * location compiled in as XTAC_DATADIR.
 */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "xtac/encounter.h"
#include "xtac/file.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/save.h"
#include "xtac/squad.h"
#include "xtac/util.h"

static bool
data_is_datadir(const char *dir)
{
	struct stat	 st;
	char		*units = xasprintf("%s/units", dir);
	bool		 ok = stat(units, &st) == 0 && S_ISDIR(st.st_mode);

	free(units);
	return ok;
}

char *
cli_find_datadir(void)
{
	const char	*env = getenv("XTAC_DATA");
	char		 exe[PATH_MAX];
	ssize_t		 n;

	if (env != NULL && *env != '\0')
		return xstrdup(env);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			if (data_is_datadir(exe))
				return xstrdup(exe);
			/* build/xtac and build-san/xtac sit one below. */
			if ((slash = strrchr(exe, '/')) != NULL) {
				*slash = '\0';
				if (data_is_datadir(exe))
					return xstrdup(exe);
			}
		}
	}
	return xstrdup(XTAC_DATADIR);
}

static int
data_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *
data_basename(const char *path)
{
	const char	*slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

bool
cli_load_catalog(const struct cli *cli, const char *override,
    struct catalog *cat, FILE *report)
{
	char		*dir = xasprintf("%s/units", cli->datadir);
	DIR		*d;
	struct dirent	*e;
	char		**paths = NULL;
	struct diags	*diags;
	size_t		 n = 0, i;
	bool		 ok, replaced = false;

	if ((d = opendir(dir)) == NULL) {
		fprintf(report, "xtac: cannot open the unit catalog %s "
		    "(set XTAC_DATA to the directory holding units/)\n", dir);
		free(dir);
		return false;
	}
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);

		if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		paths = xreallocarray(paths, n + 2, sizeof *paths);
		if (override != NULL &&
		    strcmp(data_basename(override), e->d_name) == 0) {
			paths[n++] = xstrdup(override);
			replaced = true;
		} else
			paths[n++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	free(dir);
	if (override != NULL && !replaced) {
		paths = xreallocarray(paths, n + 1, sizeof *paths);
		paths[n++] = xstrdup(override);
	}
	qsort(paths, n, sizeof *paths, data_compare);
	diags = xcalloc(n, sizeof *diags);
	for (i = 0; i < n; i++)
		diags_init(&diags[i], paths[i], NULL, 0);
	ok = catalog_load_files(cat, (const char *const *)paths, n, diags);
	for (i = 0; i < n; i++) {
		diags_print(&diags[i], report);
		diags_free(&diags[i]);
		free(paths[i]);
	}
	free(diags);
	free(paths);
	return ok;
}

/* "farmhouse" means the shipped DIR/farmhouse.yaml. */
static char *
data_shipped_file(const struct cli *cli, const char *dir, const char *path)
{
	struct stat	st;

	if (strchr(path, '/') == NULL && stat(path, &st) != 0)
		return xasprintf("%s/%s/%s%s", cli->datadir, dir, path,
		    strstr(path, ".yaml") ? "" : ".yaml");
	return xstrdup(path);
}

char *
cli_map_file(const struct cli *cli, const char *path)
{
	return data_shipped_file(cli, "maps", path);
}

/*
 * One side's squad on s from its text, kept on the side for saves (file
 * names it); name is what messages call it.
 */
static bool
data_use_squad(struct scenario *s, int side, const char *file,
    const char *name, char *text, size_t len, FILE *report)
{
	struct squad	 sq;
	struct diags	 d;
	const char	*why;
	bool		 ok;

	diags_init(&d, name, text, len);
	ok = squad_parse(text, len, s->catalog, s, &sq, &d);
	diags_print(&d, report);
	diags_free(&d);
	if (ok && sq.side != (enum side)side) {
		fprintf(report, "%s: this squad fights for %s, not %s\n", name,
		    side_names[sq.side], side_names[side]);
		ok = false;
	}
	if (ok && !save_squad_fits(text, len, &why)) {
		fprintf(report, "%s: a save cannot record this squad: %s\n",
		    name, why);
		ok = false;
	}
	squad_free(&sq);
	if (!ok) {
		free(text);
		return false;
	}
	free(s->sides[side].squad_file);
	free(s->sides[side].squad_text);
	s->sides[side].squad_file = xstrdup(file);
	s->sides[side].squad_text = text;
	s->sides[side].squad_len = len;
	return true;
}

/*
 * Each side's squad, in place of the map's own units: the one a save
 * recorded (version 3 records every one its game used), or else the file
 * from the command line or named by the map (relative to the map's
 * directory).
 */
static bool
data_use_squads(const struct cli *cli, const char *map, struct scenario *s,
    const struct save *save, const struct encounter *enc,
    char *const *enc_squads, FILE *report)
{
	const struct save_squad	*rec;
	const char		*given, *slash = strrchr(map, '/');
	char			*path, *text, *name, *cause = NULL;
	size_t			 len;
	int			 side;
	bool			 ok = true;

	for (side = 0; side < SIDE_CIVILIAN && ok; side++) {
		if (save != NULL && save->version >= 3) {
			rec = &save->squads[side];
			if (rec->text == NULL)
				continue;
			name = xasprintf("%s:%zu (the %s squad it records)",
			    save->name, rec->line, side_names[side]);
			ok = data_use_squad(s, side, rec->file, name,
			    xstrdup(rec->text), rec->len, report);
			free(name);
			continue;
		}
		given = cli->squads[side];
		if (given != NULL)
			path = data_shipped_file(cli, "squads", given);
		else if (enc != NULL && enc->squad[side] != NULL) {
			given = enc->squad[side];
			path = xstrdup(enc_squads[side]);
		} else if (s->sides[side].squad == NULL)
			continue;
		else if (s->sides[side].squad[0] == '/' || slash == NULL)
			path = xstrdup(s->sides[side].squad);
		else
			path = xasprintf("%.*s/%s", (int)(slash - map), map,
			    s->sides[side].squad);
		/* A squad a save cannot record is refused here. */
		if ((text = file_read(path, SAVE_SQUAD_MAX, &len,
		    &cause)) == NULL) {
			fprintf(report, "xtac: %s\n", cause);
			free(cause);
			cause = NULL;
			ok = false;
		} else
			ok = data_use_squad(s, side, given != NULL ? given :
			    s->sides[side].squad, path, text, len, report);
		free(path);
	}
	return ok;
}

/*
 * A piece an encounter at path names: a path from its directory (or
 * absolute); a bare name not there is a shipped one, in DIR.
 */
static char *
data_encounter_piece(const struct cli *cli, const char *path,
    const char *dir, const char *name)
{
	const char	*slash = strrchr(path, '/');
	char		*beside;
	struct stat	 st;

	if (name[0] == '/')
		return xstrdup(name);
	beside = slash == NULL ? xstrdup(name) : xasprintf("%.*s/%s",
	    (int)(slash - path), path, name);
	if (strchr(name, '/') != NULL || stat(beside, &st) == 0)
		return beside;
	free(beside);
	return xasprintf("%s/%s/%s%s", cli->datadir, dir, name,
	    strstr(name, ".yaml") ? "" : ".yaml");
}

/*
 * Read the encounter at path (problems to report, if not NULL): *e, and
 * its map's and squads' files.
 */
static bool
data_encounter(const struct cli *cli, const char *path, struct encounter *e,
    char **map, char **squads, FILE *report)
{
	struct diags	d;
	bool		ok;
	int		side;

	diags_init(&d, path, NULL, 0);
	ok = encounter_load(path, e, &d);
	if (report != NULL)
		diags_print(&d, report);
	diags_free(&d);
	if (!ok)
		return false;
	*map = data_encounter_piece(cli, path, "maps", e->map);
	for (side = 0; side < SIDE_COUNT; side++)
		squads[side] = e->squad[side] == NULL ? NULL :
		    data_encounter_piece(cli, path, "squads", e->squad[side]);
	return true;
}

static void
data_encounter_free(struct encounter *e, char *map, char **squads)
{
	int	side;

	free(map);
	for (side = 0; side < SIDE_COUNT; side++)
		free(squads[side]);
	encounter_free(e);
}

char *
cli_scenario_map_file(const struct cli *cli, const char *path)
{
	char			*file = cli_map_file(cli, path), *map;
	char			*squads[SIDE_COUNT];
	struct encounter	 e;

	if (!data_file_is_encounter(file) || !data_encounter(cli, file, &e,
	    &map, squads, NULL))
		return file;
	free(file);
	file = xstrdup(map);
	data_encounter_free(&e, map, squads);
	return file;
}

bool
cli_encounter_seed(const struct cli *cli, const char *path, uint64_t *seed)
{
	char			*file = cli_map_file(cli, path), *map;
	char			*squads[SIDE_COUNT];
	struct encounter	 e;
	bool			 has = false;

	if (data_file_is_encounter(file) && data_encounter(cli, file, &e,
	    &map, squads, NULL)) {
		if ((has = e.has_seed))
			*seed = e.seed;
		data_encounter_free(&e, map, squads);
	}
	free(file);
	return has;
}

struct scenario *
cli_load_scenario_save(const struct cli *cli, const char *path,
    const struct catalog *cat, const struct save *save, FILE *report)
{
	struct scenario		*s;
	struct diags		 diags;
	struct encounter	 e, *enc = NULL;
	char			*full, *map = NULL, *squads[SIDE_COUNT];

	full = cli_map_file(cli, path);
	if (data_file_is_encounter(full)) {
		if (!data_encounter(cli, full, &e, &map, squads, report)) {
			free(full);
			return NULL;
		}
		enc = &e;
		free(full);
		full = xstrdup(map);
	}
	diags_init(&diags, full, NULL, 0);
	s = scenario_load_data(full, cli->datadir, cat, &diags);
	diags_print(&diags, report);
	diags_free(&diags);
	if (s != NULL && !data_use_squads(cli, full, s, save, enc, squads,
	    report)) {
		scenario_free(s);
		s = NULL;
	}
	if (enc != NULL)
		data_encounter_free(enc, map, squads);
	free(full);
	return s;
}

struct scenario *
cli_load_scenario(const struct cli *cli, const char *path,
    const struct catalog *cat, FILE *report)
{
	return cli_load_scenario_save(cli, path, cat, NULL, report);
}

/* SIDE=FILE for --squad and --roster: the file goes to slots[side]. */
static bool
data_parse_side_file(const char *opt, const char *arg, const char **slots)
{
	const char	*eq = strchr(arg, '=');
	int		 side;

	for (side = 0; eq != NULL && side < SIDE_CIVILIAN; side++)
		if (strlen(side_names[side]) == (size_t)(eq - arg) &&
		    strncmp(arg, side_names[side], (size_t)(eq - arg)) == 0 &&
		    eq[1] != '\0') {
			slots[side] = eq + 1;
			return true;
		}
	fprintf(stderr, "xtac: --%s is xcom=FILE or alien=FILE, not '%s'\n",
	    opt, arg);
	return false;
}

bool
cli_parse_squad(struct cli *cli, const char *arg)
{
	return data_parse_side_file("squad", arg, cli->squads);
}

bool
cli_parse_roster(struct cli *cli, const char *arg)
{
	return data_parse_side_file("roster", arg, cli->rosters);
}

/*
 * A roster keeps the squad's name and budget (while its survivors still
 * fit it) and the technology level it played at; without a squad file it
 * is named for the scenario.
 */
static void
data_roster_heading(const struct scenario *s, int side, struct squad *out)
{
	const struct side_setup	*ss = &s->sides[side];
	struct squad		 sq;
	struct diags		 d;

	diags_init(&d, "squad", NULL, 0);
	if (ss->squad_text != NULL && squad_parse(ss->squad_text,
	    ss->squad_len, s->catalog, NULL, &sq, &d)) {
		if (sq.name != NULL)
			out->name = xstrdup(sq.name);
		if (sq.tech_level < out->tech_level)
			out->tech_level = sq.tech_level;
		if (squad_points(s->catalog, out) <= sq.budget)
			out->budget = sq.budget;
		squad_free(&sq);
	}
	diags_free(&d);
	if (out->name == NULL && s->name != NULL)
		out->name = xasprintf("survivors of %s", s->name);
}

/* What a roster needs mended before it plays (loot above its level). */
static void
data_roster_check(const struct scenario *s, const char *path,
    const char *text, FILE *report)
{
	struct squad	sq;
	struct diags	d;

	diags_init(&d, path, text, strlen(text));
	if (squad_parse(text, strlen(text), s->catalog, NULL, &sq, &d))
		squad_free(&sq);
	else {
		diags_print(&d, report);
		fprintf(report, "%s: mend these before it plays\n", path);
	}
	diags_free(&d);
}

int
cli_write_rosters(const struct cli *cli, const struct game *g,
    const char *prog, FILE *report)
{
	const struct scenario	*s = game_scenario(g);
	struct squad		 sq;
	char			*text, *cause;
	size_t			 n;
	int			 side, status = 0;

	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (cli->rosters[side] == NULL)
			continue;
		if (!game_over(g)) {
			fprintf(report, "%s: the game did not end: no %s roster "
			    "written to %s\n", prog, side_names[side],
			    cli->rosters[side]);
			continue;
		}
		if ((n = squad_survivors(g, (enum side)side, &sq)) == 0) {
			fprintf(report, "%s: no %s unit survived: no roster "
			    "written to %s\n", prog, side_names[side],
			    cli->rosters[side]);
			squad_free(&sq);
			continue;
		}
		data_roster_heading(s, side, &sq);
		text = squad_format(s->catalog, &sq, NULL);
		if (file_write(cli->rosters[side], text, strlen(text),
		    &cause) != 0) {
			fprintf(report, "%s: %s\n", prog, cause);
			free(cause);
			status = -1;
		} else {
			fprintf(report, "%s: the %s roster (%zu survivor%s, "
			    "%d bonus points each to spend) went to %s\n",
			    prog, side_names[side], n, n == 1 ? "" : "s",
			    SQUAD_BONUS, cli->rosters[side]);
			data_roster_check(s, cli->rosters[side], text,
			    report);
		}
		free(text);
		squad_free(&sq);
	}
	return status;
}

/* An AI level by name (--level, --vs, a save's players line, a report). */
bool
cli_parse_ai_level(const char *name, enum ai_level *out)
{
	int	i;

	for (i = 0; i < AI_LEVEL_COUNT; i++)
		if (strcmp(name, ai_level_names[i]) == 0) {
			*out = (enum ai_level)i;
			return true;
		}
	return false;
}
