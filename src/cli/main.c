/*
 * main.c - the xtac program: global options, then one subcommand from the
 * table below.  The only place that picks anything from the environment or
 * the clock; everything else receives what it needs.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "xtac/ui.h"
#include "xtac/util.h"

const struct cli_command cli_commands[] = {
	{ "play", "[--seed N] [--side xcom|alien] [--vs ai|human] "
	    "[--level L] [--dice manual|auto] [--squad SIDE=FILE] "
	    "[--roster SIDE=FILE] [MAP | --load FILE]",
	    "open a scenario in the terminal (default: the tutorial)",
	    cmd_play },
	{ "check", "[-q] [--squad SIDE=FILE] FILE...",
	    "validate map, squad and unit files; summarise each valid one",
	    cmd_check },
	{ "catalog", "[--json]",
	    "print every unit and item of the rulebook", cmd_catalog },
	{ "script",
	    "[--seed N] [--save FILE] [--squad SIDE=FILE] "
	    "[--roster SIDE=FILE] [--as SIDE] MAP",
	    "play headless: commands on stdin, JSON events on stdout",
	    cmd_script },
	{ "replay", "FILE",
	    "check a save by replaying it; print its final state and hash",
	    cmd_replay },
	{ "sim", "MAP --games N [--seed S] [--jobs J] [--json] [--level L] "
	    "[--vs L] [--rounds CAP] [--shard I/N] [--squad SIDE=FILE] "
	    "[--log FILE [--log-game I]]\n"
	    "       xtac sim SAVE --games N [--seed S] [--jobs J] [--json] "
	    "[--level L] [--vs L] [--rounds CAP] [--log FILE [--log-game I]]\n"
	    "       xtac sim --merge [--json] REPORT...",
	    "the computer against itself, headless: win rates and losses",
	    cmd_sim },
	{ "preview", "[--seed N] [--side xcom|alien] [--squad SIDE=FILE] "
	    "MAP",
	    "the game master's view: everything shown, overlays, any side",
	    cmd_preview },
	{ "serve", "[--seed N] [--save FILE] [--ai SIDE] [--level L] "
	    "[--dice manual|auto] [--squad SIDE=FILE] --listen ADDR MAP\n"
	    "       xtac serve --load SAVE [--ai SIDE] [--level L] "
	    "[--dice manual|auto] --listen ADDR",
	    "host one game for players who join it, each seeing its side",
	    cmd_serve },
	{ "join", "--side xcom|alien|gm [--token T] [--script] ADDR",
	    "take a seat at a served game, on this terminal or headless",
	    cmd_join },
	{ "squad", "--check | --price [--quiet] FILE... | --edit [--budget N] "
	    "[--side xcom|alien] FILE",
	    "validate squad files; price each unit; build a squad",
	    cmd_squad },
	{ "new", "[--map MAP | --terrain T [--mission M] [--blocks WxH] "
	    "[--tech N] [--points P] [--craft C]...\n"
	    "       [--secret SIDE=KIND]...] [--squad SIDE=FILE] [--seed N] "
	    "[--name TEXT] -o FILE",
	    "make an encounter: map, mission, squads and seed, for play",
	    cmd_new },
	{ NULL, NULL, NULL, NULL }
};

static void
main_usage(FILE *f)
{
	const struct cli_command	*c;

	fprintf(f, "Usage: xtac [--help] [--version] COMMAND [ARGS]\n\n"
	    "X-Com: Tactical, the tabletop rules, played in a terminal.\n\n"
	    "Commands:\n");
	for (c = cli_commands; c->name != NULL; c++)
		fprintf(f, "  %-9s %s\n", c->name, c->summary);
	fprintf(f, "\n'xtac COMMAND --help' describes one command; "
	    "xtac(6) describes them all.\n");
}

const struct cli_command *
cli_command_named(const char *name)
{
	const struct cli_command	*c;

	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	fatal("cli_command_named: no '%s' in the command table", name);
}

int
cli_usage_error(const char *name)
{
	cli_usage(stderr, cli_command_named(name));
	return EXIT_USAGE;
}

void
cli_usage(FILE *f, const struct cli_command *c)
{
	fprintf(f, "Usage: xtac %s %s\n%s.\n", c->name, c->args, c->summary);
}

bool
cli_parse_side(const char *name, enum side *side)
{
	if (strcmp(name, side_names[SIDE_XCOM]) == 0)
		*side = SIDE_XCOM;
	else if (strcmp(name, side_names[SIDE_ALIEN]) == 0)
		*side = SIDE_ALIEN;
	else
		return false;
	return true;
}

int
cli_client_status(int status)
{
	if (status > UI_SIGNALLED && status < UI_SIGNALLED + 64) {
		int sig = status - UI_SIGNALLED;

		signal(sig, SIG_DFL);
		raise(sig);
	}
	return status;
}

bool
cli_wants_help(int argc, char **argv)
{
	int	i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	}
	return false;
}

int
main(int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct cli_command	*c;
	struct cli			 cli;
	int				 ch, status;

	/* Stop at the first non-option: the rest belongs to the command. */
	while ((ch = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			main_usage(stdout);
			return EXIT_OK;
		case 'V':
			printf("xtac %s\n", XTAC_VERSION);
			return EXIT_OK;
		default:
			main_usage(stderr);
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		main_usage(stderr);
		return EXIT_USAGE;
	}
	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[0]) == 0)
			break;
	if (c->name == NULL) {
		fprintf(stderr, "xtac: unknown command '%s'\n", argv[0]);
		main_usage(stderr);
		return EXIT_USAGE;
	}
	if (cli_wants_help(argc, argv)) {
		cli_usage(stdout, c);
		return EXIT_OK;
	}
	cli.progname = "xtac";
	cli.datadir = cli_find_datadir();
	optind = 0;	/* glibc: reinitialise getopt for the command */
	status = c->run(&cli, argc, argv);
	free(cli.datadir);
	return status;
}
