/*
 * save.h - saves and replays as text: the scenario, the seed and the
 * command journal ("a save is the scenario plus seed plus command
 * journal").  Pure: these functions format and parse strings; reading and
 * writing files is the caller's (src/cli, src/ui).
 *
 * The format, one item a line (xtac(6) FILES):
 *
 *	xtac-save 1                  the format's version
 *	map maps/tutorial.yaml       the map as it was given to xtac play
 *	map-hash 5f0c3e1a9b7d2c44    FNV-1a 64 of the map file's bytes
 *	seed 7
 *	setup-dice 9 4               (only with manual dice: round 1's
 *	                              initiative, asked before any command)
 *	players xcom=human alien=ai level=normal
 *	                             (who played each side, so a resumed
 *	                              game is played the same way; optional)
 *	move alvarez 4 6 1           then the journal, cmd_format() of each
 *	dice 41 7                    entry: manual dice come as `dice` lines
 *	shoot alvarez s3 aimed       ahead of the command that used them
 *	end
 *	hash 2 8c1d0b6e3f2a7795      after a command that ended a round: the
 *	...                          round now begun and game_hash(); and the
 *	hash 2 0e6a9f3c5d7b1184      last line: the state at the save
 *
 * Blank lines and lines starting with '#' are ignored.  Every message
 * names the file and the line: "FILE:LINE: message".
 */
#ifndef XTAC_SAVE_H
#define XTAC_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "xtac/game.h"

#define SAVE_VERSION	1
#define SAVE_MAX_LINE	4096
#define SAVE_LEVEL_MAX	16	/* an AI level's name, with its NUL */

struct save_line {
	size_t	 lineno;
	char	*text;
};

/*
 * Who played: CONTROL_* of the sides that take phases, and the AI's level
 * by name: lower-case letters, or "" when the line gives none.  Which
 * names are levels is the AI's to say: the client checks it, naming
 * players_line.
 */
struct save_players {
	enum control	control[SIDE_COUNT];
	char		level[SAVE_LEVEL_MAX];
};

struct save {
	char			*name;		/* the file, for messages */
	int			 version;
	char			*map;		/* as given to xtac play */
	uint64_t		 map_hash;
	size_t			 map_hash_line;
	size_t			 players_line;
	uint64_t		 seed;
	int			*setup_dice;
	size_t			 nsetup_dice;
	bool			 has_players;
	struct save_players	 players;
	struct save_line	*lines;		/* the body: commands, hashes */
	size_t			 nlines;
};

/* FNV-1a 64 of some bytes: a map file's content. */
uint64_t	save_hash_bytes(const void *, size_t);

/* The save text of a game (players may be NULL); owned by the caller. */
char	*save_format(const struct game *, const char *map, uint64_t map_hash,
	    const struct save_players *);

/*
 * Parse a save's text (len bytes; NUL bytes are an error).  Returns 0, or
 * -1 with "name:line: message" in *cause and s freed.
 */
int	save_parse(struct save *, const char *name, const char *text,
	    size_t len, char **cause);
void	save_free(struct save *);

/*
 * A game to replay the save into: the scenario with the save's seed and
 * its setup dice given back as round 1's initiative.  NULL with a message
 * when the save's setup dice do not fit the scenario.
 */
struct game	*save_new_game(const struct save *, const struct scenario *,
		    struct event_list *, char **cause);

/*
 * Replay the body into g: every command in turn, every hash line checked.
 * `each`, if not NULL, sees each command's events (then they are cleared).
 * Returns 0, or -1 with "name:line: message" in *cause: a line that does
 * not parse, a command refused, or a state that differs from the save's.
 */
int	save_replay(const struct save *, struct game *, struct event_list *,
	    void (*each)(void *, const struct event_list *), void *arg,
	    char **cause);

#endif
