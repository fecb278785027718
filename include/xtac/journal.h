/*
 * journal.h - a save written as the game goes (save.h, version 2): the
 * header when the game starts, each journal entry's record appended and
 * on disk (fdatasync) before the next command is read, the end line when
 * the game is closed cleanly.  A kill, a crash or a power cut loses at most
 * the command in flight.
 *
 * The file is locked (flock) while a process writes it, so a look for
 * interrupted games passes over one being played.  A write that fails (a
 * full disk, an I/O error) is undone: the file stays as it was before it,
 * a whole journal, and the next sync tries the missing records again.
 */
#ifndef XTAC_JOURNAL_H
#define XTAC_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "xtac/save.h"

struct journal {
	int		 fd;		/* -1 when not open */
	char		*path;		/* the file, as opened */
	uint64_t	 chain;		/* save.h's chain after the file */
	size_t		 entries;	/* journal entries in the file */
	off_t		 len;		/* the file's bytes */
	bool		 ended;		/* the end line is written */
};

void	journal_init(struct journal *);

/*
 * Begin the journal of g at path: the header and g's entries so far,
 * written to a temporary file beside it, made durable, then put in place.
 * exclusive: never over an existing file; path's name gets -2, -3 ...
 * before ".save" until one is free (j->path says which).  Otherwise an
 * existing file is replaced whole, atomically: a failure leaves it as it
 * was.  Stale temporary files in the directory are removed first.
 * Returns 0, or -1 with "cannot write PATH: why" in *cause.
 */
int	journal_begin(struct journal *, const char *path, const struct game *,
	    const char *map, uint64_t map_hash, const struct save_players *,
	    bool exclusive, char **cause);

/* Append g's entries not yet in the file, durably; 0, or -1 and *cause. */
int	journal_sync(struct journal *, const struct game *, char **cause);

/* journal_sync, then the end line: the game closed cleanly. */
int	journal_end(struct journal *, const struct game *, char **cause);

/* Close the file (without an end line, unless journal_end wrote it). */
void	journal_close(struct journal *);

/* Whether a process is writing the save at path now. */
bool	journal_in_use(const char *path);

/*
 * Whether the save at path is an interrupted journal no process is
 * writing now (its last line is no end line and it is not locked).
 */
bool	journal_interrupted(const char *path);

#endif
