/*
 * ai.h - the computer's side: it plays a phase by proposing commands, one
 * at a time, which its driver hands to game_execute() like a person's.
 * The AI never changes a game itself, so the client, `xtac sim` and the
 * tests all see the same commands a human could have typed, and a save's
 * journal replays an AI's game like any other.
 *
 * Honesty: by default the AI knows only what its side has seen (current
 * sight and last-seen positions: game_sees(), game_last_seen()).  The
 * scenario's ai_omniscient house rule, or ai_options.omniscient, lifts that.
 * Difficulty changes how well it plays, never what it knows.
 *
 * Determinism: an AI's choices are a function of the game state and its
 * own seed; it draws nothing from the game's rules stream.
 */
#ifndef XTAC_AI_H
#define XTAC_AI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/cmd.h"
#include "xtac/event.h"
#include "xtac/game.h"

enum ai_level {
	AI_RANDOM,		/* any legal command: a yardstick, not a player */
	AI_EASY,
	AI_NORMAL,
	AI_HARD,
	AI_LEVEL_COUNT
};
extern const char *const ai_level_names[AI_LEVEL_COUNT];

struct ai_options {
	enum ai_level	level;
	bool		omniscient;	/* or the scenario's house rule */
	uint64_t	seed;		/* the AI's own choices */
};

struct ai;

struct ai	*ai_new(const struct game *, enum side,
		    const struct ai_options *);
void		 ai_free(struct ai *);
enum side	 ai_side(const struct ai *);

/*
 * The next command for the AI's side in the game as it is now.  Returns
 * 0 with *out filled (an `end` when the side is done), or -1 when it is not
 * this side's phase.  ai_reason() then explains the choice in a sentence
 * (options weighed, the one taken, why); valid until the next call.
 */
int		 ai_next(struct ai *, const struct game *, struct command *out);
const char	*ai_reason(const struct ai *);
/* If game_execute() refused what ai_next() proposed: never propose it
 * again this phase. */
void		 ai_refused(struct ai *, const struct command *);

/*
 * Play the side's whole phase: ask, execute, repeat until the side to move
 * changes or the game ends (a refused proposal is reported to the AI and
 * never retried; after too many the AI ends its phase).  Each applied
 * command goes to on_command, if not NULL, with its reason and its events.
 * Returns the number of commands applied.
 */
size_t		 ai_play_phase(struct ai *, struct game *,
		    void (*on_command)(void *, const struct command *,
		    const char *reason, const struct event_list *), void *);

/* The last phase's trace: one line per decision, for the GM preview. */
size_t		 ai_trace_length(const struct ai *);
const char	*ai_trace(const struct ai *, size_t);

#endif
