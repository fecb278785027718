/*
 * cmd-preview.c - `xtac preview MAP [--seed N] [--side xcom|alien]`: the
 * game master's view of a scenario.  The terminal client opens with the
 * whole map and every unit shown, the squares the chosen side does not see
 * hatched (X-Com's unless --side says otherwise), every unit's sheet open
 * to inspection and every side's commands the game master's to give.
 *
 * Exit statuses as for play (xtac(6)): 0 when the game master quits, 1 for
 * a map with problems, 2 for a bad command line, 3 when the catalog cannot
 * be read or there is no terminal; a signal ends the process with itself.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "xtac/game.h"
#include "xtac/rng.h"
#include "xtac/ui.h"

int
cmd_preview(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "side", required_argument, NULL, 'S' },
		{ "squad", required_argument, NULL, 'Q' },
		{ NULL, 0, NULL, 0 }
	};
	struct ui_options		 uo;
	struct catalog			 cat;
	struct scenario			*s;
	struct game			*g;
	struct event_list		 ev;
	int				 ch, status;
	bool				 seeded = false;
	char				*logpath;

	memset(&uo, 0, sizeof uo);
	uo.preview = true;
	uo.side = SIDE_XCOM;
	uo.ai.level = AI_NORMAL;	/* when the game master hands it a phase */
	/* The game master gives every side's orders: none is the AI's. */
	for (ch = 0; ch < SIDE_COUNT; ch++)
		uo.control[ch] = CONTROL_HUMAN;
	/* Without --seed, an encounter's, or the clock. */
	uo.seed = (uint64_t)time(NULL);
	while ((ch = getopt_long(argc, argv, "s:", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			if (rng_parse_seed(optarg, &uo.seed) != 0) {
				fprintf(stderr, "xtac preview: bad seed '%s' "
				    "(a whole number, or 0x hex)\n", optarg);
				return EXIT_USAGE;
			}
			seeded = true;
			break;
		case 'S':
			if (!cli_parse_side(optarg, &uo.side)) {
				fprintf(stderr, "xtac preview: --side is xcom "
				    "or alien, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		default:
			return cli_usage_error("preview");
		}
	}
	if (argc - optind != 1)
		return cli_usage_error("preview");
	if (!seeded)
		cli_encounter_seed(cli, argv[optind], &uo.seed);

	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if ((s = cli_load_scenario(cli, argv[optind], &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "xtac preview: needs a terminal on stdin and "
		    "stdout\n");
		scenario_free(s);
		catalog_free(&cat);
		return EXIT_TROUBLE;
	}
	uo.ai.seed = uo.seed;
	/* W writes the log and the computer's reasons where saves go. */
	uo.log_path = logpath = cli_save_path(argv[optind], &uo.save_off);
	event_list_init(&ev);
	g = game_new(s, uo.seed, &ev);
	status = ui_play(g, &uo);
	game_free(g);
	free(logpath);
	event_list_free(&ev);
	scenario_free(s);
	catalog_free(&cat);
	return cli_client_status(status);
}
