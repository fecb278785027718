/* load-map.c - placeholder until the map loader lands. */
#include <stdlib.h>
#include "xtac/load.h"

struct scenario *
scenario_parse(const char *text, size_t len, const struct catalog *c,
    struct diags *d)
{
	(void)text; (void)len; (void)c;
	diag_error(d, 0, 0, "%s", "map loading is not built yet");
	return NULL;
}

struct scenario *
scenario_load(const char *path, const struct catalog *c, struct diags *d)
{
	(void)path;
	return scenario_parse(NULL, 0, c, d);
}
