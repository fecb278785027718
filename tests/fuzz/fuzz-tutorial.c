/*
 * fuzz-tutorial.c - the catalog and the tutorial, loaded once for the
 * harnesses that play a game (fuzz-tutorial.h).
 */
#include <glob.h>
#include <stdlib.h>

#include "fuzz-tutorial.h"

static struct catalog	 fuzz_catalog;
static struct scenario	*fuzz_scenario;

void
fuzz_tutorial_load(void)
{
	glob_t		 g;
	struct diags	*d, sd;
	size_t		 i;

	if (glob("units/*.yaml", 0, NULL, &g) != 0)
		abort();
	d = calloc(g.gl_pathc, sizeof *d);
	for (i = 0; i < g.gl_pathc; i++)
		diags_init(&d[i], g.gl_pathv[i], NULL, 0);
	if (!catalog_load_files(&fuzz_catalog,
	    (const char *const *)g.gl_pathv, g.gl_pathc, d))
		abort();
	for (i = 0; i < g.gl_pathc; i++)
		diags_free(&d[i]);
	free(d);
	globfree(&g);
	diags_init(&sd, "maps/tutorial.yaml", NULL, 0);
	if ((fuzz_scenario = scenario_load("maps/tutorial.yaml", &fuzz_catalog,
	    &sd)) == NULL)
		abort();
	diags_free(&sd);
}

const struct catalog *
fuzz_tutorial_catalog(void)
{
	return &fuzz_catalog;
}

struct scenario *
fuzz_tutorial_scenario(void)
{
	return fuzz_scenario;
}
