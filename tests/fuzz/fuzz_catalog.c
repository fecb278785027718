/*
 * fuzz_catalog.c - libFuzzer harness for the catalog loader: any bytes as
 * a unit file, loaded alone and then beside the shipped ones (so its
 * references to them resolve); never a crash, a leak, a hang or a
 * sanitizer report out.
 */
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xtac/load.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The loader reads files: the input goes to one of its own. */
static char	 fuzz_path[64];
static glob_t	 fuzz_units;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(fuzz_path, sizeof fuzz_path, "/tmp/xtac-fuzz-%ld.yaml",
	    (long)getpid());
	if (glob("units/*.yaml", 0, NULL, &fuzz_units) != 0)
		abort();
	return 0;
}

static void
fuzz_load(const char *const *paths, size_t n)
{
	struct catalog	 c;
	struct diags	*d = calloc(n, sizeof *d);
	FILE		*devnull;
	size_t		 i;

	memset(&c, 0, sizeof c);
	for (i = 0; i < n; i++)
		diags_init(&d[i], paths[i], NULL, 0);
	catalog_load_files(&c, paths, n, d);
	/* Printing is part of the path a user meets: exercise it too. */
	devnull = fopen("/dev/null", "w");
	for (i = 0; i < n; i++) {
		if (devnull != NULL)
			diags_print(&d[i], devnull);
		diags_free(&d[i]);
	}
	if (devnull != NULL)
		fclose(devnull);
	free(d);
	catalog_free(&c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE		*f;
	const char	**paths;
	size_t		 i;

	if ((f = fopen(fuzz_path, "wb")) == NULL)
		abort();
	if (size > 0 && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	{
		const char *one = fuzz_path;

		fuzz_load(&one, 1);
	}
	/* Beside the shipped files only now and then: it is slower. */
	if (size > 0 && data[0] % 8 == 0) {
		paths = calloc(fuzz_units.gl_pathc + 1, sizeof *paths);
		for (i = 0; i < fuzz_units.gl_pathc; i++)
			paths[i] = fuzz_units.gl_pathv[i];
		paths[i] = fuzz_path;
		fuzz_load(paths, i + 1);
		free(paths);
	}
	unlink(fuzz_path);
	return 0;
}
