/* cmd-play.c - placeholder until the terminal client lands. */
#include "cli.h"

int
cmd_play(struct cli *cli, int argc, char **argv)
{
	(void)cli; (void)argc; (void)argv;
	fprintf(stderr, "xtac play: not built yet\n");
	return EXIT_TROUBLE;
}
