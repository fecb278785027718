/*
 * cmd-play.c - `xtac play [--seed N] [--side S] [--vs ai|human] [--level L]
 * [MAP]`: load the catalog and a scenario (the tutorial unless MAP is
 * given), decide who plays each side, start a game with the seed and hand
 * it to the terminal client, which plays it.
 *
 * Who plays: the scenario's `control` of each side, unless the command line
 * says otherwise: --side makes that side a person's (and the one whose eyes
 * the screen starts with); --vs ai gives every other side that takes phases
 * to the computer, --vs human to people (hot-seat).  Civilians stay the
 * engine's (§3.4).
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
		{ "side", required_argument, NULL, 'S' },
		{ "vs", required_argument, NULL, 'v' },
		{ "level", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 }
	};
	struct ui_options		 uo;
	struct catalog			 cat;
	struct scenario			*s;
	struct game			*g;
	struct event_list		 ev;
	const char			*map = "tutorial";
	int				 ch, status, side, vs = -1;
	bool				 side_given = false;

	memset(&uo, 0, sizeof uo);
	uo.side = SIDE_XCOM;
	uo.ai.level = AI_NORMAL;
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
		case 'S':
			if (strcmp(optarg, "xcom") == 0)
				uo.side = SIDE_XCOM;
			else if (strcmp(optarg, "alien") == 0)
				uo.side = SIDE_ALIEN;
			else {
				fprintf(stderr, "xtac play: --side is xcom or "
				    "alien, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			side_given = true;
			break;
		case 'v':
			if (strcmp(optarg, "ai") == 0)
				vs = CONTROL_AI;
			else if (strcmp(optarg, "human") == 0)
				vs = CONTROL_HUMAN;
			else {
				fprintf(stderr, "xtac play: --vs is ai or "
				    "human, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'l':
			if (!cli_parse_ai_level(optarg, &uo.ai.level)) {
				fprintf(stderr, "xtac play: --level is random, "
				    "easy, normal or hard, not '%s'\n", optarg);
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
	for (side = 0; side < SIDE_COUNT; side++) {
		uo.control[side] = s->sides[side].control;
		if (side == SIDE_CIVILIAN)
			continue;
		if (side_given && side == (int)uo.side)
			uo.control[side] = CONTROL_HUMAN;
		else if (vs >= 0)
			uo.control[side] = (enum control)vs;
	}
	uo.ai.seed = uo.seed;
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
