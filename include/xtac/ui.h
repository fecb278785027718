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

#include "xtac/ai.h"
#include "xtac/catalog.h"
#include "xtac/game.h"
#include "xtac/scenario.h"

struct ui_options {
	uint64_t		seed;	/* the game's seed, shown for replaying */
	enum side		side;	/* whose eyes first, if that side is human;
					   in preview, whose unseen squares are
					   hatched at first */
	/* Who plays each side: the scenario's choice, or the command line's. */
	enum control		control[SIDE_COUNT];
	struct ai_options	ai;	/* for the sides the computer plays */
	bool			preview; /* the game master's view: all shown,
					   every side's commands (xtac
					   preview) */
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

#endif
