/*
 * ai-int.h - the inside of struct ai, shared by src/engine/ai*.c only.
 *
 * The AI reads a game only through the public engine interface (game.h,
 * path.h, sight.h) and through what struct ai_know holds: what its side
 * knows of every hostile unit.  Honesty lives in one place, ai-know.c:
 * every other ai-*.c file asks it where an enemy is and whether it is
 * seen, never the unit itself.  The buffers are owned here and reused from
 * decision to decision, sized for the game's map and units.
 */
#ifndef XTAC_AI_INT_H
#define XTAC_AI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/ai.h"
#include "xtac/rng.h"

#define AI_REASON_MAX		320
#define AI_MAX_COMMANDS		400	/* per phase: then `end` */
#define AI_MAX_REFUSALS		48	/* per phase: then `end` */

/* What the side knows of one hostile unit. */
struct ai_enemy {
	int		unit;
	struct pos	pos;		/* now if seen, else where last seen */
	bool		seen;		/* seen now (or omniscient) */
	bool		down;		/* seen unconscious or dead */
};

struct ai_know {
	struct ai_enemy	*enemies;	/* known hostile units */
	size_t		 nenemies;
	size_t		 cap;
	bool		*gone;		/* [unit]: seen dead or out */
	size_t		 ngone;
	/*
	 * The field as the side can know it: unseen hostile units are taken
	 * out, so neither sight lines nor paths the AI computes depend on
	 * where they stand.
	 */
	struct field	 field;
	size_t		 nsquares;
};

struct ai {
	enum side		 side;
	struct ai_options	 opt;
	bool			 omniscient;
	struct rng		 rng;

	struct ai_know		 know;
	int			*cost;		/* [z][y][x] reach */
	struct field		 scratch;	/* know.field less the mover */

	/* This phase. */
	bool			 fresh;		/* no proposal yet */
	int			 round;
	size_t			 journal_mark;	/* journal length when asked */
	bool			 proposed_end;
	struct command		*refused;
	size_t			 nrefused;
	size_t			 refused_cap;
	size_t			 nproposed;
	int			 focus;		/* unit acting now, or -1 */
	bool			*done;		/* [unit]: nothing more to do */
	size_t			 ndone;

	char			 reason[AI_REASON_MAX];
	char			**trace;
	size_t			 ntrace;
	size_t			 trace_cap;
};

/* ai.c */
bool	ai_was_refused(const struct ai *, const struct command *);
void	ai_command_init(struct command *, enum cmd_type, int unit);
void	ai_say(struct ai *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
bool	ai_own(const struct ai *, const struct game *, int unit);
bool	ai_hostile(const struct ai *, const struct game *, int unit);

/* ai-know.c: what the side knows, and paths over what it knows. */
void	ai_know_init(struct ai_know *);
void	ai_know_free(struct ai_know *);
void	ai_know_refresh(struct ai *, const struct game *);
const struct ai_enemy *ai_know_enemy(const struct ai *, int unit);
void	ai_know_reach(struct ai *, const struct game *, int unit);

/* ai-random.c: AI_RANDOM. */
void	ai_random_next(struct ai *, const struct game *, struct command *);

#endif
