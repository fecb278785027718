/*
 * script.h - the script protocol (xtac(6) SCRIPT PROTOCOL) as one piece
 * that both `xtac script` and `xtac serve` drive: a game, the readers it
 * is told to (views: one side's eyes, or everything) and the sides the
 * computer plays.  What a side is told is decided here and nowhere else.
 */
#ifndef XTAC_SCRIPT_H
#define XTAC_SCRIPT_H

#include <stdbool.h>

#include "cli.h"
#include "xtac/journal.h"

/* The protocol version a side's view speaks, printed first (xtac(6)). */
#define SCRIPT_PROTOCOL	1
/* A line of commands, its newline not counted, is shorter than this. */
#define SCRIPT_MAX_LINE	4096
/* The most readers one game is told to: each side and the game master. */
#define SCRIPT_VIEWS	(SIDE_COUNT + 1)

/* One reader: each line it is told goes to emit, without a newline. */
struct script_view {
	int	  as;		/* a side, or -1: everything */
	bool	  watch;	/* only queries: the game master's seat */
	void	(*emit)(void *, const char *);
	void	 *ctx;
};

struct script {
	struct game		*g;		/* not owned */
	struct event_list	 ev;
	struct script_view	 views[SCRIPT_VIEWS];
	int			 nviews;
	bool			 computer[SIDE_COUNT];	/* the AI plays them */
	enum ai_level		 level;			/* at this level */
	struct ai		*ai[SIDE_COUNT];
	/* While views are told the game (not answers to one reader's line). */
	bool			 telling;
};

/* An empty script: no game yet, no views, nobody played by the computer. */
void	script_init(struct script *);
/* Frees the computer players and the event list, not the game. */
void	script_free(struct script *);
/* Add a reader; returns its index for script_line. */
int	script_view_add(struct script *, int as, bool watch,
	    void (*emit)(void *, const char *), void *ctx);
/* A side's view begins with the protocol line; everything's with none. */
void	script_view_begin(struct script *, int view);
/* Tell every view the events in sc->ev, each what it saw; then clear. */
void	script_flush(struct script *);
/* The computer plays its sides until a side it does not play is to move. */
void	script_others(struct script *);
/*
 * One line from a view's reader: a comment, a query (answered to that view
 * alone) or a command (checked as that side may give it, its events told
 * to every view, then the computer's sides played).  0, or -1 refused.
 */
int	script_line(struct script *, int view, char *line);
/* A line too long to read is refused (the caller skips the rest). */
void	script_long_line(struct script *, int view);

/*
 * A journal written as the game goes (journal.h): begun at the first
 * sync, made durable at each.  A failure is said once on stderr, with
 * who in front; later syncs try again.
 */
struct script_save {
	const struct cli	*cli;
	const char		*who;		/* "xtac script" */
	const char		*path;		/* NULL: no journal */
	const char		*map;		/* the map argument */
	bool			 exclusive;	/* never over another file */
	const struct save_players *players;	/* who played, or NULL */
	struct journal		 j;
	bool			 failed;	/* said already */
};

void	script_save_init(struct script_save *, const struct cli *,
	    const char *who);
/* 0, or -1 (said): write what is not yet on disk; end: the end line. */
int	script_save_sync(struct script_save *, const struct game *, bool end);

#endif
