/*
 * fuzz_map.c - libFuzzer harness for the scenario loader: any bytes in,
 * never a crash, a leak, a hang or a sanitizer report out.  The real catalog
 * (units/) is loaded once so unit and loadout parsing is exercised too.
 */
#include <glob.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/load.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* libFuzzer's interface gives no state argument: the catalog lives here. */
static struct catalog	fuzz_catalog;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	glob_t		 g;
	struct diags	*d;
	size_t		 i;

	(void)argc;
	(void)argv;
	if (glob("units/*.yaml", 0, NULL, &g) != 0)
		return 0;
	d = calloc(g.gl_pathc, sizeof *d);
	for (i = 0; i < g.gl_pathc; i++)
		diags_init(&d[i], g.gl_pathv[i], NULL, 0);
	if (!catalog_load_files(&fuzz_catalog,
	    (const char *const *)g.gl_pathv, g.gl_pathc, d))
		memset(&fuzz_catalog, 0, sizeof fuzz_catalog);
	for (i = 0; i < g.gl_pathc; i++)
		diags_free(&d[i]);
	free(d);
	globfree(&g);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags	 d;
	struct scenario	*s;
	FILE		*devnull;

	diags_init(&d, "fuzz.yaml", (const char *)data, size);
	s = scenario_parse((const char *)data, size, &fuzz_catalog, &d);
	/* Printing is part of the path a user meets: exercise it too. */
	if ((devnull = fopen("/dev/null", "w")) != NULL) {
		diags_print(&d, devnull);
		fclose(devnull);
	}
	scenario_free(s);
	diags_free(&d);
	return 0;
}
