/*
 * cmd-play.c - `xtac play [--seed N] [--side S] [--vs ai|human] [--level L]
 * [--dice manual|auto] [MAP]` and `xtac play --load FILE`: load the
 * catalog and a scenario (the tutorial unless MAP is given), decide who
 * plays each side, start a game with the seed, or resume a save by
 * replaying it, and hand it to the terminal client, which plays it.
 *
 * Saves go to a new file under $XDG_DATA_HOME/xtac/saves (or
 * ~/.local/share/xtac/saves), named for the map and the time (NAME-2.save
 * and on when that is taken); a resumed game goes on saving to the file
 * it was loaded from.  The save is a journal written as the game goes
 * (journal.h); started without --load after a game was cut short (a kill,
 * a crash), xtac play offers to resume it first.
 *
 * Who plays: the scenario's `control` of each side, unless the command line
 * says otherwise: --side makes that side a person's (and the one whose eyes
 * the screen starts with); --vs ai gives every other side that takes phases
 * to the computer, --vs human to people (hot-seat).  Civilians stay the
 * engine's (§3.4).
 *
 * Exit: 0 when the player quits; 1 when the map has problems (printed by
 * the loader) or the save does not replay; 2 for a bad command line; 3
 * when the catalog, the save or its map cannot be read or there is no
 * terminal.  When a signal ends the session the terminal is
 * restored, everything is freed, and the process dies of that signal, so a
 * shell loop around xtac stops on Ctrl-C as it should.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "xtac/game.h"
#include "xtac/journal.h"
#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/ui.h"
#include "xtac/util.h"

/*
 * The saves directory (XDG base directories: data goes under
 * $XDG_DATA_HOME, else ~/.local/share).  NULL with the reason in *off when
 * there is nowhere to save.
 */
static char *
cmd_play_saves_dir(const char **off)
{
	const char	*xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	/* The specification ignores a relative XDG_DATA_HOME. */
	if (xdg != NULL && xdg[0] == '/')
		return xasprintf("%s/xtac/saves", xdg);
	if (home != NULL && home[0] != '\0')
		return xasprintf("%s/.local/share/xtac/saves", home);
	*off = "saving is off: neither XDG_DATA_HOME nor HOME is set";
	return NULL;
}

/* A new save's file: in the saves directory, the map's name and the time. */
char *
cli_save_path(const char *map, const char **off)
{
	const char	*base = strrchr(map, '/'), *dot;
	char		*dir, *path, when[32];
	struct tm	 tm;
	time_t		 now = time(NULL);
	size_t		 n;

	if ((dir = cmd_play_saves_dir(off)) == NULL)
		return NULL;
	base = base != NULL ? base + 1 : map;
	dot = strrchr(base, '.');
	n = dot != NULL && dot != base ? (size_t)(dot - base) : strlen(base);
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(when, sizeof when, "%Y%m%d-%H%M%S", &tm) == 0)
		snprintf(when, sizeof when, "%lld", (long long)now);
	/*
	 * Two games begun in the same second keep both saves: the journal
	 * takes the name only if it is free, else NAME-2.save and on.
	 */
	path = xasprintf("%s/%.*s-%s.save", dir, (int)n, base, when);
	free(dir);
	return path;
}

/*
 * The newest interrupted game in the saves directory (journal.h: no end
 * line, and no process playing it), offered to resume on the terminal.
 * The file to load if the player says yes, else NULL.
 */
static char *
cmd_play_offer(void)
{
	const char	*off;
	char		*dir, *path, *best = NULL, answer[64];
	DIR		*d;
	struct dirent	*e;
	struct stat	 st;
	time_t		 when = 0;
	size_t		 n;

	if ((dir = cmd_play_saves_dir(&off)) == NULL)
		return NULL;
	if ((d = opendir(dir)) == NULL) {
		free(dir);
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		n = strlen(e->d_name);
		if (n < 6 || strcmp(e->d_name + n - 5, ".save") != 0 ||
		    e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    (best == NULL || st.st_mtime > when) &&
		    journal_interrupted(path)) {
			free(best);
			best = path;
			when = st.st_mtime;
		} else
			free(path);
	}
	closedir(d);
	free(dir);
	if (best == NULL)
		return NULL;
	printf("An interrupted game is in %s.\nResume it? [Y/n] ", best);
	fflush(stdout);
	if (fgets(answer, sizeof answer, stdin) != NULL && (answer[0] == '\n' ||
	    answer[0] == 'y' || answer[0] == 'Y'))
		return best;
	printf("Starting a new game; 'xtac play --load %s' resumes that one "
	    "later.\n", best);
	free(best);
	return NULL;
}

/* The rosters, written as the game ends (§3.1.2): what was said. */
struct play_over {
	const struct cli	*cli;
	bool			 written;
	int			 status;	/* cli_write_rosters()'s */
	char			*report;	/* its lines, for stderr */
};

/*
 * ui_options.game_over: the rosters written the moment the game ends, so
 * its screen can say where they went (or why not); the lines less the
 * program's name, for the screen.  Stderr gets them whole at the close.
 */
static char *
play_game_over(const struct game *g, void *arg)
{
	static const char	 prog[] = "xtac play";
	struct play_over	*po = arg;
	struct strbuf		 sb;
	const char		*p, *nl;
	size_t			 len = 0;
	FILE			*f;

	if ((f = open_memstream(&po->report, &len)) == NULL)
		return NULL;
	po->status = cli_write_rosters(po->cli, g, prog, f);
	fclose(f);
	po->written = true;
	if (po->report[0] == '\0')
		return NULL;
	strbuf_init(&sb);
	for (p = po->report; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (strncmp(p, prog, sizeof prog - 1) == 0 &&
		    strncmp(p + sizeof prog - 1, ": ", 2) == 0)
			p += sizeof prog + 1;
		strbuf_printf(&sb, "%.*s\n", (int)(nl - p), p);
	}
	return strbuf_steal(&sb);
}

int
cmd_play(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "side", required_argument, NULL, 'S' },
		{ "vs", required_argument, NULL, 'v' },
		{ "level", required_argument, NULL, 'l' },
		{ "dice", required_argument, NULL, 'd' },
		{ "load", required_argument, NULL, 'L' },
		{ "squad", required_argument, NULL, 'Q' },
		{ "roster", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	struct ui_options		 uo;
	struct play_over		 po;
	struct catalog			 cat;
	struct scenario			*s;
	struct game			*g = NULL;
	struct event_list		 ev;
	struct save			 save;
	const char			*map = "tutorial", *load = NULL;
	char				*path = NULL, *cause = NULL;
	char				*offered = NULL, *map_name = NULL;
	bool				 seeded = false, side_given = false;
	bool				 level_given = false;
	int				 ch, status, side, vs = -1;

	memset(&uo, 0, sizeof uo);
	memset(&po, 0, sizeof po);
	po.cli = cli;
	memset(&save, 0, sizeof save);
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
			seeded = true;
			break;
		case 'd':
			if (strcmp(optarg, "manual") != 0 &&
			    strcmp(optarg, "auto") != 0) {
				fprintf(stderr, "xtac play: --dice is manual "
				    "or auto, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			uo.manual_dice = strcmp(optarg, "manual") == 0;
			break;
		case 'L':
			load = optarg;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		case 'R':
			if (!cli_parse_roster(cli, optarg))
				return EXIT_USAGE;
			break;
		case 'S':
			if (!cli_parse_side(optarg, &uo.side)) {
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
			level_given = true;
			if (!cli_parse_ai_level(optarg, &uo.ai.level)) {
				fprintf(stderr, "xtac play: --level is random, "
				    "easy, normal or hard, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		default:
			return cli_usage_error("play");
		}
	}
	if (argc - optind > 1)
		return cli_usage_error("play");
	if (load != NULL && (cli->squads[SIDE_XCOM] != NULL ||
	    cli->squads[SIDE_ALIEN] != NULL)) {
		fprintf(stderr, "xtac play: --load takes the units from the "
		    "save, not --squad\n");
		return EXIT_USAGE;
	}
	if (load != NULL && (argc - optind == 1 || seeded)) {
		fprintf(stderr, "xtac play: --load takes the map and the seed "
		    "from the save\n");
		return EXIT_USAGE;
	}
	if (argc - optind == 1)
		map = argv[optind];
	if (!seeded && load == NULL)
		cli_encounter_seed(cli, map, &uo.seed);
	/* After a kill or a crash, the game it cut short comes first. */
	if (load == NULL && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) &&
	    (offered = cmd_play_offer()) != NULL)
		load = offered;

	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	event_list_init(&ev);
	/* Two sessions writing one journal would spoil it. */
	if (load != NULL && journal_in_use(load)) {
		fprintf(stderr, "xtac play: %s is being played by another "
		    "xtac\n", load);
		event_list_free(&ev);
		catalog_free(&cat);
		free(offered);
		return EXIT_TROUBLE;
	}
	if (load != NULL) {
		status = cli_load_save(cli, load, &cat, &save, &s, &g, &ev,
		    stderr);
		if (status != EXIT_OK) {
			event_list_free(&ev);
			catalog_free(&cat);
			free(offered);
			return status;
		}
		/*
		 * Checked; the client replays it again itself, so the log
		 * shows the history as each side saw it happen.
		 */
		game_free(g);
		g = NULL;
		uo.resume = &save;
		uo.seed = save.seed;
		uo.map = map_name = cli_save_map_name(cli, save.map_file, load);
		uo.map_hash = save.map_hash;
		uo.save_path = load;
	} else {
		if ((s = cli_load_scenario(cli, map, &cat, stderr)) == NULL) {
			event_list_free(&ev);
			catalog_free(&cat);
			return EXIT_INVALID;
		}
		if (!cli_map_hash(cli, map, &uo.map_hash, &cause)) {
			fprintf(stderr, "xtac play: %s\n", cause);
			free(cause);
			scenario_free(s);
			event_list_free(&ev);
			catalog_free(&cat);
			return EXIT_TROUBLE;
		}
		/* The save records the squads, whatever their files. */
		uo.save_path = path = cli_save_path(map, &uo.save_off);
		uo.map = map_name = cli_save_map_name(cli, map, path != NULL ?
		    path : ".");
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "xtac play: needs a terminal on stdin and "
		    "stdout (to play without one, see 'xtac script')\n");
		status = EXIT_TROUBLE;
	} else {
		/* A resumed game is played as it was, unless told otherwise. */
		if (load != NULL && save.has_players) {
			/* cli_load_save checked the name. */
			if (!level_given && save.players.level[0] != '\0')
				cli_parse_ai_level(save.players.level,
				    &uo.ai.level);
			if (!side_given && save.players.control[SIDE_XCOM] !=
			    CONTROL_HUMAN && save.players.control[SIDE_ALIEN] ==
			    CONTROL_HUMAN)
				uo.side = SIDE_ALIEN;
		}
		for (side = 0; side < SIDE_COUNT; side++) {
			uo.control[side] = load != NULL && save.has_players ?
			    save.players.control[side] :
			    s->sides[side].control;
			if (side == SIDE_CIVILIAN)
				continue;
			if (side_given && side == (int)uo.side)
				uo.control[side] = CONTROL_HUMAN;
			else if (vs >= 0)
				uo.control[side] = (enum control)vs;
		}
		uo.ai.seed = uo.seed;
		uo.game_over = play_game_over;
		uo.game_over_arg = &po;
		status = ui_play_new(s, uo.seed, &uo, &g);
	}
	/*
	 * §3.1.2 campaigns: the survivors went to their rosters as the game
	 * ended (its screen said so); said again once the client has let go,
	 * or, the game unfinished, why none was written.
	 */
	if (po.written) {
		fputs(po.report, stderr);
		if (po.status != 0 && status == UI_QUIT)
			status = UI_TROUBLE;
	} else if (g != NULL && status == UI_QUIT &&
	    cli_write_rosters(cli, g, "xtac play", stderr) != 0)
		status = UI_TROUBLE;
	free(po.report);
	game_free(g);
	save_free(&save);
	free(path);
	free(offered);
	free(map_name);
	event_list_free(&ev);
	scenario_free(s);
	catalog_free(&cat);
	return cli_client_status(status);
}
