/*
 * cmd-play.c - `xtac play [--seed N] [MAP]`: load the catalog and a scenario
 * (the tutorial unless MAP is given), start a game with the seed and hand
 * it to the terminal client, which plays it.
 *
 * Exit: 0 when the player quits; 1 when the map has problems (printed by
 * the loader); 2 for a bad command line; 3 when the catalog cannot be read
 * or there is no terminal.  When a signal ends the session the terminal is
 * restored, everything is freed, and the process dies of that signal, so a
 * shell loop around xtac stops on Ctrl-C as it should.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "xtac/game.h"
#include "xtac/rng.h"
#include "xtac/ui.h"

static int
cmd_play_usage(void)
{
	const struct cli_command	*c;

	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, "play") == 0)
			cli_usage(stderr, c);
	return EXIT_USAGE;
}

int
cmd_play(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct ui_options		 uo;
	struct catalog			 cat;
	struct scenario			*s;
	struct game			*g;
	struct event_list		 ev;
	const char			*map = "tutorial";
	int				 ch, status;

	memset(&uo, 0, sizeof uo);
	uo.side = SIDE_XCOM;
	/* Without --seed, the clock: only the command line picks a seed. */
	uo.seed = (uint64_t)time(NULL);
	while ((ch = getopt_long(argc, argv, "s:", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			if (rng_parse_seed(optarg, &uo.seed) != 0) {
				fprintf(stderr, "xtac play: bad seed '%s' "
				    "(a whole number, or 0x hex)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		default:
			return cmd_play_usage();
		}
	}
	if (argc - optind > 1)
		return cmd_play_usage();
	if (argc - optind == 1)
		map = argv[optind];

	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if ((s = cli_load_scenario(cli, map, &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "xtac play: needs a terminal on stdin and "
		    "stdout (to play without one, see 'xtac script')\n");
		scenario_free(s);
		catalog_free(&cat);
		return EXIT_TROUBLE;
	}
	event_list_init(&ev);
	g = game_new(s, uo.seed, &ev);
	status = ui_play(g, &uo);
	game_free(g);
	event_list_free(&ev);
	scenario_free(s);
	catalog_free(&cat);
	if (status > UI_SIGNALLED && status < UI_SIGNALLED + 64) {
		int sig = status - UI_SIGNALLED;

		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}
