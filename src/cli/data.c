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
#include "xtac/load.h"
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
 * Each side's squad file, from the command line or named by the map
 * (relative to the map's directory), in place of the map's own units.
 */
static bool
data_use_squads(const struct cli *cli, const char *map, struct scenario *s,
    FILE *report)
{
	int	side;
	bool	ok = true;

	for (side = 0; side < SIDE_CIVILIAN && ok; side++) {
		const char	*given = cli->squads[side];
		const char	*slash = strrchr(map, '/');
		char		*path;
		struct squad	 sq;
		struct diags	 d;

		if (given != NULL)
			path = data_shipped_file(cli, "squads", given);
		else if (s->sides[side].squad == NULL)
			continue;
		else if (s->sides[side].squad[0] == '/' || slash == NULL)
			path = xstrdup(s->sides[side].squad);
		else
			path = xasprintf("%.*s/%s", (int)(slash - map), map,
			    s->sides[side].squad);
		diags_init(&d, path, NULL, 0);
		ok = squad_load(path, s->catalog, s, &sq, &d);
		diags_print(&d, report);
		diags_free(&d);
		if (ok && sq.side != (enum side)side) {
			fprintf(report, "%s: this squad fights for %s, not "
			    "%s\n", path, side_names[sq.side],
			    side_names[side]);
			ok = false;
		}
		squad_free(&sq);
		free(path);
	}
	return ok;
}

struct scenario *
cli_load_scenario(const struct cli *cli, const char *path,
    const struct catalog *cat, FILE *report)
{
	struct scenario	*s;
	struct diags	 diags;
	char		*full;

	path = full = cli_map_file(cli, path);
	diags_init(&diags, path, NULL, 0);
	s = scenario_load(path, cat, &diags);
	diags_print(&diags, report);
	diags_free(&diags);
	if (s != NULL && !data_use_squads(cli, full, s, report)) {
		scenario_free(s);
		s = NULL;
	}
	free(full);
	return s;
}

bool
cli_parse_squad(struct cli *cli, const char *arg)
{
	const char	*eq = strchr(arg, '=');
	int		 side;

	for (side = 0; eq != NULL && side < SIDE_CIVILIAN; side++)
		if (strlen(side_names[side]) == (size_t)(eq - arg) &&
		    strncmp(arg, side_names[side], (size_t)(eq - arg)) == 0 &&
		    eq[1] != '\0') {
			cli->squads[side] = eq + 1;
			return true;
		}
	fprintf(stderr, "xtac: --squad is xcom=FILE or alien=FILE, not "
	    "'%s'\n", arg);
	return false;
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
