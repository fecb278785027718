/*
 * ui.h - the terminal client.  Everything curses is behind this one call:
 * the rest of the program never sees a WINDOW.
 *
 * The client reads the game through game.h and changes it only by issuing
 * commands (game_execute), as `xtac script` does: hot-seat for two human
 * sides, solo against a side the computer runs.
 */
#ifndef XTAC_UI_H
#define XTAC_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/game.h"
#include "xtac/scenario.h"

struct save;

struct ui_options {
	uint64_t	seed;	/* the game's seed, shown for replaying */
	enum side	side;	/* whose eyes first, if that side is human */

	/* Saves (S, and on quitting) and manual dice: see ui-save.c. */
	const char	*map;		/* the map as given, for the save */
	uint64_t	 map_hash;	/* of the map file's bytes */
	const char	*save_path;	/* the save's file; NULL: saving off */
	const char	*save_off;	/* why saving is off */
	bool		 manual_dice;	/* ask the table for every roll */
	/* ui_play_new: a save to resume (its history goes to the log). */
	const struct save *resume;
};

/* What ui_play() returns; the values are xtac(6) exit statuses. */
enum {
	UI_QUIT = 0,		/* the player quit */
	UI_TROUBLE = 3,		/* the terminal cannot be used (printed why) */
	UI_SIGNALLED = 128,	/* + N: signal N ended the session */
};

/*
 * Run the client on the controlling terminal (stdin and stdout must be a
 * terminal) until the player quits; the game is the caller's to free.  The terminal is restored however the
 * session ends, crashes included.  On UI_SIGNALLED + N the caller should
 * free what it holds and re-raise N, so its parent learns how it died.
 */
int	ui_play(struct game *, const struct ui_options *);
/*
 * The same for a game the client makes once the terminal is open (with
 * manual dice, round 1's initiative is asked on screen); *gp gets it, for
 * the caller to free, whatever the session's end.
 */
int	ui_play_new(const struct scenario *, uint64_t seed,
	    const struct ui_options *, struct game **gp);

#endif
