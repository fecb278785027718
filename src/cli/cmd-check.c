/* cmd-check.c - placeholder. */
#include "cli.h"

int
cmd_check(struct cli *cli, int argc, char **argv)
{
	(void)cli; (void)argc; (void)argv;
	return EXIT_TROUBLE;
}
