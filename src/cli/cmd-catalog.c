/* cmd-catalog.c - placeholder until the catalog printer lands. */
#include "cli.h"

int
cmd_catalog(struct cli *cli, int argc, char **argv)
{
	(void)cli; (void)argc; (void)argv;
	fprintf(stderr, "xtac catalog: not built yet\n");
	return EXIT_TROUBLE;
}
