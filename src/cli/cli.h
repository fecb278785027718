/*
 * cli.h - the subcommands of the xtac program and what they share: where
 * the data lives, loading the catalog and a scenario with problems printed
 * to stderr.  Exit statuses are documented in xtac(6).
 */
#ifndef XTAC_CLI_H
#define XTAC_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "xtac/ai.h"
#include "xtac/catalog.h"
#include "xtac/game.h"
#include "xtac/scenario.h"

enum {
	EXIT_OK = 0,
	EXIT_INVALID = 1,	/* bad input file, illegal game command */
	EXIT_USAGE = 2,		/* bad command line */
	EXIT_TROUBLE = 3,	/* cannot run: data missing, terminal, I/O */
};

struct cli {
	const char	*progname;
	char		*datadir;	/* owned: holds maps/ and units/ */
	const char	*squads[SIDE_COUNT];	/* --squad SIDE=FILE, argv's */
	const char	*rosters[SIDE_COUNT];	/* --roster SIDE=FILE, argv's */
};

struct cli_command {
	const char	*name;
	const char	*args;		/* usage after the name */
	const char	*summary;
	int		(*run)(struct cli *, int argc, char **argv);
};

/* Find the data directory: $XTAC_DATA, the source tree, or the install. */
char	*cli_find_datadir(void);
/*
 * Load units/NAME.yaml from the data directory, with `override` (a unit file
 * given on the command line, or NULL) replacing the file of the same name or
 * added.  Prints problems; true on success.
 */
bool	 cli_load_catalog(const struct cli *, const char *override,
	     struct catalog *, FILE *report);
/* The file a map argument names: "farmhouse" is maps/farmhouse.yaml. */
char	*cli_map_file(const struct cli *, const char *);
/* Load a scenario; a bare name like "farmhouse" means maps/farmhouse.yaml. */
struct scenario *cli_load_scenario(const struct cli *, const char *path,
	     const struct catalog *, FILE *report);
/*
 * The same for a save: with the squads it records (version 3) in place
 * of any squad file.
 */
struct save;
struct scenario *cli_load_scenario_save(const struct cli *, const char *path,
	     const struct catalog *, const struct save *, FILE *report);
/*
 * The map file a map argument plays: the file itself, or the map an
 * encounter file (encounter.h) names.  Owned by the caller.
 */
char	*cli_scenario_map_file(const struct cli *, const char *path);
/* An encounter file's seed, if it is one that gives one. */
bool	 cli_encounter_seed(const struct cli *, const char *path,
	     uint64_t *);
/*
 * --squad SIDE=FILE: the squad file cli_load_scenario() puts on the map for
 * that side.  Prints why and returns false on a bad argument.
 */
bool	 cli_parse_squad(struct cli *, const char *);
/*
 * --roster SIDE=FILE: where the side's survivors go when the game ends
 * (§3.1.2 campaigns).  cli_write_rosters() writes each one asked for
 * (atomically, as saves are), saying on report where it went or why not,
 * a line each, prog first; -1 when a file could not be written.
 */
struct game;
bool	 cli_parse_roster(struct cli *, const char *);
int	 cli_write_rosters(const struct cli *, const struct game *,
	     const char *prog, FILE *report);
/* The command of that name in the table (a bug if there is none). */
const struct cli_command *cli_command_named(const char *);
/* Its usage on stderr; returns EXIT_USAGE. */
int	 cli_usage_error(const char *name);
/* Print "Usage: xtac NAME ARGS" and the summary. */
void	 cli_usage(FILE *, const struct cli_command *);
/* A side that takes phases, as the script language names it: xcom, alien. */
bool	 cli_parse_side(const char *, enum side *);
/*
 * After the client: a status of UI_SIGNALLED + N means signal N ended the
 * session; with everything freed, die of it so a parent shell sees how.
 * Otherwise returns the status.
 */
int	 cli_client_status(int);
/* A new save's file for map under the saves directory, or NULL and why. */
char	*cli_save_path(const char *, const char **);
/* An AI level by name (ai_level_names); false if there is none. */
bool	 cli_parse_ai_level(const char *, enum ai_level *);
/* Whether argv holds --help (before "--"). */
bool	 cli_wants_help(int argc, char **argv);

int	cmd_check(struct cli *, int, char **);
int	cmd_catalog(struct cli *, int, char **);
int	cmd_play(struct cli *, int, char **);
int	cmd_script(struct cli *, int, char **);
int	cmd_replay(struct cli *, int, char **);

/* Saves (cmd-replay.c): hash a map argument's file (false: *cause). */
bool	 cli_map_hash(const struct cli *, const char *map, uint64_t *,
	     char **cause);
/*
 * The map as a save at path names it (xtac(6) FILES): a shipped map by its
 * name, any other by its path from the save's directory.
 */
char	*cli_save_map_name(const struct cli *, const char *map,
	     const char *path);
/*
 * Load the save at path and replay it: the map must hash as it did, every
 * command must be accepted and every hash line match.  On success fills
 * *save, *s and *g (the caller frees them) and returns EXIT_OK; otherwise
 * prints "path:line: message" to report and returns EXIT_INVALID (a bad or
 * diverging save) or EXIT_TROUBLE (a file or the map cannot be read).
 */
int	 cli_load_save(const struct cli *, const char *path,
	     const struct catalog *, struct save *, struct scenario **,
	     struct game **, struct event_list *, FILE *report);
/*
 * One line of `xtac script` (a command, a query or a comment) on g, its
 * events printed: 0, or -1 when it is refused.  The fuzzer's way in.
 */
int	 cli_script_line(struct game *, char *line, struct event_list *);
int	cmd_sim(struct cli *, int, char **);
int	cmd_preview(struct cli *, int, char **);
int	cmd_squad(struct cli *, int, char **);
int	cmd_serve(struct cli *, int, char **);
int	cmd_join(struct cli *, int, char **);
int	cmd_new(struct cli *, int, char **);
/*
 * Validate one squad file (cmd-squad.c), problems on stderr; print its
 * summary, or with price each unit's cost.  False when it is invalid.
 */
bool	cli_check_squad(const struct catalog *, const char *path, bool price,
	    bool quiet);

extern const struct cli_command cli_commands[];

#endif
