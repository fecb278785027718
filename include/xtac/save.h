/*
 * save.h - saves and replays as text: the scenario, the seed and the
 * command journal ("a save is the scenario plus seed plus command
 * journal").  Pure: these functions format and parse strings; reading and
 * writing files is the caller's (src/cli, src/ui, journal.h).
 *
 * The format, version 3, one item a line (xtac(6) FILES):
 *
 *	xtac-save 2                  the format's version
 *	map tutorial                 the map: a shipped map's name, or its
 *	                             path relative to the save's directory
 *	map-hash 5f0c3e1a9b7d2c44    FNV-1a 64 of the map file's bytes
 *	seed 7
 *	players xcom=human alien=ai level=normal      (optional)
 *	setup-dice 9 4               (only with manual dice)
 *	squad xcom 3 squads/a.yaml   (version 3) a squad file the side was
 *	| xtac-squad: 1              bought from, whole: its lines, each
 *	| side: xcom                 after "| " ("|" alone when empty), so
 *	| units: ...                 the save plays it whatever becomes of
 *	                             the file
 *	sum 0 1f0e3c5a7b9d2c40       the header is whole
 *	move alvarez 4 6 1           then one record per journal entry:
 *	sum 1 9a0b...                the entry (cmd_format), the round's
 *	dice 41 7                    hash if it ended a round, and a sum
 *	sum 2 ...
 *	end
 *	hash 2 8c1d0b6e3f2a7795
 *	sum 4 ...
 *	hash 2 8c1d0b6e3f2a7795      on a clean end: the state at the end
 *	end 4 0e6a9f3c5d7b1184       and the end line
 *
 * "sum N HEX" and "end N HEX": N entries came before, and HEX is FNV-1a 64
 * of every byte of the file before the line: a chain, so any change to a
 * byte before it shows.  A journal is written record by record as the game
 * goes; one whose last line is an end line ended cleanly, one without is
 * interrupted (a kill, a crash, a power cut) and resumes from its last
 * whole record, saying what it lost.  Version 2 is version 3 without
 * squad records: its squads are read from their files.  Version 1 (no sums, no end line, the
 * last line a hash) is still read; it has no integrity check.
 *
 * Every message names the file and the line: "FILE:LINE: message".
 */
#ifndef XTAC_SAVE_H
#define XTAC_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "xtac/game.h"

#define SAVE_VERSION	3
#define SAVE_SQUAD_MAX	(256u << 10)	/* a squad file's bytes */
#define SAVE_MAX_LINE	4096
#define SAVE_LEVEL_MAX	16	/* an AI level's name, with its NUL */
#define SAVE_MAX_BYTES	(16u << 20)	/* a save's whole file */
#define SAVE_CHAIN_START 14695981039346656037ull

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

/* A squad file as a save records it (version 3). */
struct save_squad {
	char	*file;		/* its name when the game began */
	char	*text;		/* its lines, each ended by a newline */
	size_t	 len;
	size_t	 line;		/* of its "squad" line */
	size_t	 lines;		/* its lines still to come, while parsing */
};

struct save {
	char			*name;		/* the file, for messages */
	int			 version;
	char			*map;		/* as the save names it */
	char			*map_file;	/* where the driver found it */
	uint64_t		 map_hash;
	size_t			 map_hash_line;
	size_t			 players_line;
	uint64_t		 seed;
	int			*setup_dice;
	size_t			 nsetup_dice;
	bool			 has_players;
	struct save_players	 players;
	struct save_squad	 squads[SIDE_COUNT];	/* text NULL: none */
	struct save_line	*lines;		/* the body: commands, hashes */
	size_t			 nlines;

	/* Version 2: how the journal ends. */
	bool			 ended;		/* its end line is there */
	bool			 interrupted;	/* no end line */
	size_t			 entries;	/* journal entries in lines */
	size_t			 lost_line;	/* first line lost, or 0 */
	size_t			 lost_lines;	/* lines after the last record */
	bool			 lost_cut;	/* the last one cut inside */
	char			*lost_text;	/* the first of them */

	struct save_parser	*parser;	/* while parsing */
	char			*arena;		/* the lines' text */
};

/* FNV-1a 64 of some bytes: a map file's content. */
uint64_t	save_hash_bytes(const void *, size_t);
/* The same, going on from h: the chain of sum lines. */
uint64_t	save_chain(uint64_t h, const void *, size_t);

/*
 * A whole save of a game (players may be NULL), ended cleanly; owned by
 * the caller.
 */
char	*save_format(const struct game *, const char *map, uint64_t map_hash,
	    const struct save_players *);
/*
 * The pieces of a journal, each going on with the chain *h (start it at
 * SAVE_CHAIN_START): the header with "sum 0"; the records of journal
 * entries [from, to); the end (the state's hash and the end line).
 */
char	*save_format_header(const struct game *, const char *map,
	    uint64_t map_hash, const struct save_players *, uint64_t *h);
char	*save_format_records(const struct game *, size_t from, size_t to,
	    uint64_t *h);
char	*save_format_end(const struct game *, uint64_t *h);

/*
 * Whether a squad file's text can be recorded in a save (no NUL, no line
 * too long); false with the reason in *why.
 */
bool	save_squad_fits(const char *, size_t, const char **why);

/*
 * Parse a save's text (len bytes; NUL bytes are an error).  Returns 0, or
 * -1 with "name:line: message" in *cause and s freed.  An interrupted
 * journal parses (s->interrupted): its whole records are kept, the rest
 * described by lost_*; save_lost() says it in words.
 */
int	save_parse(struct save *, const char *name, const char *text,
	    size_t len, char **cause);
/*
 * The same fed a piece at a time, so a file is read in bounded memory and
 * its first error stops the reading: begin, feed until the end (each -1
 * with *cause and s freed at the first error), finish.
 */
void	save_parse_begin(struct save *, const char *name);
int	save_parse_feed(struct save *, const char *, size_t, char **cause);
int	save_parse_finish(struct save *, char **cause);
void	save_free(struct save *);
/* "hash ROUND HEX": 0 and the values, or -1 if the line is not one. */
int	save_hash_line(const char *, int *round, uint64_t *hash);
/*
 * For an interrupted journal: "NAME:LINE: an interrupted game (no end
 * line): N commands recovered; lost ..." (owned by the caller).
 */
char	*save_lost(const struct save *);

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
