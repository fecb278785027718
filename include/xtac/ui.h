/*
 * ui.h - the terminal client.  Everything curses is behind this one call:
 * the rest of the program never sees a WINDOW.
 *
 * The client reads what it is given and never changes it; for now that is
 * a scenario, shown as it is set up (a viewer).  When the game lands, the
 * client will read a game the same way and change it only by issuing
 * commands.
 */
#ifndef XTAC_UI_H
#define XTAC_UI_H

#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/scenario.h"

struct ui_options {
	uint64_t	seed;	/* the game's seed, shown for replaying */
	enum side	side;	/* whose eyes: its first unit starts selected */
};

/* What ui_play() returns; the values are xtac(6) exit statuses. */
enum {
	UI_QUIT = 0,		/* the player quit */
	UI_TROUBLE = 3,		/* the terminal cannot be used (printed why) */
	UI_SIGNALLED = 128,	/* + N: signal N ended the session */
};

/*
 * Run the client on the controlling terminal (stdin and stdout must be a
 * terminal) until the player quits.  The terminal is restored however the
 * session ends, crashes included.  On UI_SIGNALLED + N the caller should
 * free what it holds and re-raise N, so its parent learns how it died.
 */
int	ui_play(const struct scenario *, const struct ui_options *);

#endif
