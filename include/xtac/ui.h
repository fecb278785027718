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

struct save;

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

	/* Saves (S, and on quitting) and manual dice: see ui-save.c. */
	const char		*map;		/* as given, for the save */
	uint64_t		 map_hash;	/* of the map file's bytes */
	const char		*save_path;	/* the save; NULL: saving off */
	const char		*save_off;	/* why saving is off */
	const char		*log_path;	/* preview: a save's name the
						   log (W) is written beside,
						   the game itself unsaved */
	bool			 manual_dice;	/* ask for every roll */
	/*
	 * A seat of a served game (xtac serve): only opts.side is played
	 * here; each command goes to the server on remote_fd as a line, and
	 * the game's commands come back as "cmd LINE" (this seat's own too)
	 * or "refused REASON" (ui-remote.c).
	 */
	bool			 remote;
	int			 remote_fd;
	const struct save	*resume;	/* ui_play_new: a save to go
						   on with (replayed into
						   the log) */
	/*
	 * Called once as the game ends, before its screen is drawn (the
	 * rosters written then): lines the game-over screen shows, which the
	 * client frees; NULL for none.
	 */
	char			*(*game_over)(const struct game *, void *);
	void			*game_over_arg;
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

/*
 * The squad builder (ui-squad.c) on the terminal: edit sq, a squad of cat
 * (its units' catalog indices valid; it may be empty), saving it to path
 * when the player asks and it has no problem.  sq stays the caller's.
 * Returns as ui_play() does.
 */
struct squad;
int	ui_squad_edit(const struct catalog *, const char *path,
	    struct squad *);

#endif
