/* load-catalog.c - placeholder until the catalog loader lands. */
#include "xtac/load.h"

bool
catalog_load_files(struct catalog *c, const char *const *paths, size_t n,
    struct diags *diags)
{
	(void)c; (void)paths; (void)n; (void)diags;
	return false;
}
