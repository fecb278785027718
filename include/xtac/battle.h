/*
 * battle.h - one game played to its end by the computer on every side, for
 * `xtac sim`, `make bench` and the tests: a scenario, a seed and an AI level
 * per side in; the winner, the rounds played and what each unit did out.
 *
 * Determinism: a battle is a function of (scenario, options).  Game and AI
 * seeds derive from a run seed and the game's index (battle_seed()), so a
 * game's result does not depend on which worker plays it or in what order.
 *
 * Attribution: the engine's events name who was hit, not always who hit
 * them.  The tally reads the events of each applied command in order: the
 * acting unit is the attacker until an EV_ATTACK or EV_THROW names another
 * (a reaction shot in the middle of a move, a berserk unit at a phase's
 * start).  A unit under mind control acts for the unit that took it
 * (§6.4): what it does is credited to its controller.  Damage nobody's
 * command caused (a primed grenade going off at the end of a round, smoke,
 * fire) is credited to nobody.
 */
#ifndef XTAC_BATTLE_H
#define XTAC_BATTLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "xtac/ai.h"
#include "xtac/cmd.h"
#include "xtac/event.h"
#include "xtac/game.h"
#include "xtac/scenario.h"

/* Rounds after which a battle is stopped and called a draw. */
#define BATTLE_DEFAULT_ROUNDS	30

struct battle_options {
	enum ai_level	level[SIDE_COUNT];	/* civilians: unused */
	uint64_t	seed;		/* the game's; AIs get theirs below */
	uint64_t	ai_seed[SIDE_COUNT];
	int		rounds;		/* the cap, > 0 */
	/* The battle's trace (battle-log.c) goes here, if not NULL. */
	FILE		*log;
};

/*
 * One unit as the battle ended.  Damage is what reached enemy units after
 * susceptibility (the "damage" of EV_DAMAGE, armour's share included); a
 * kill is an enemy unit put out of action (dead or unconscious) by the
 * unit's attack, counted again only if it had woken up.
 */
struct battle_unit {
	char	id[SCENARIO_ID_MAX];
	int	type;		/* catalog unit it began as */
	int	side;		/* the side that fielded it */
	bool	lost;		/* dead, unconscious, or turned (zombie) */
	bool	friendly;	/* ... by its own side's fire */
	int	damage;
	int	kills;
	bool	down;		/* (tally state) out of action now */
	int	last_hit_by;	/* (tally state) within one command */
	int	controlled_by;	/* (tally state) psi controller, or -1 */
	bool	friendly_down;	/* (tally state) put down by its side */
};

/* (tally state) Where a thrown object landed, and who threw it. */
struct battle_throw {
	struct pos	at;
	int		unit;
};

struct battle_result {
	int			 winner;	/* a side, or GAME_NO_SIDE */
	int			 rounds;	/* rounds played */
	bool			 capped;	/* stopped at the cap */
	size_t			 commands;	/* applied, by every side */
	size_t			 stalls;	/* phases the driver ended */
	/*
	 * What each side played for (mission.h): a secret mission it kept,
	 * MISSION_TERROR for the aliens' civilians at a terror site, else
	 * MISSION_ASSAULT (elimination); and whether it got it.
	 */
	enum mission		 objective[SIDE_COUNT];
	bool			 achieved[SIDE_COUNT];
	int			 civilians;	/* at the start */
	int			 civilians_lost;
	int			 score[SIDE_COUNT];	/* terror sites */
	/*
	 * Spacing: units of each side standing when their side's phase
	 * ended, summed over its phases, and of them those with a friend on
	 * a square next to theirs (battle_play only).
	 */
	uint32_t		 ends[SIDE_COUNT];
	uint32_t		 beside[SIDE_COUNT];
	struct battle_unit	*units;
	size_t			 nunits;
	struct battle_throw	*throws;	/* (tally state) */
	size_t			 nthrows;
};

/* splitmix64 of the run seed, the game's index and a stream number. */
uint64_t	battle_seed(uint64_t run, uint64_t index, unsigned stream);
/* Options for game `index` of a run: seeds derived, levels and cap given. */
void		battle_options_for(struct battle_options *, uint64_t run,
		    uint64_t index, enum ai_level xcom, enum ai_level alien,
		    int rounds);

/*
 * Play one battle.  Returns 0 with *r filled (free it with
 * battle_result_free), or -1 with a reason in *cause when the game could not
 * go on (a side that neither moves nor ends its phase).
 */
int	battle_play(const struct scenario *, const struct battle_options *,
	    struct battle_result *, char **cause);
/*
 * Play one battle on from a position: on a copy of g (game-copy.h, g is
 * left as it was) whose dice are made afresh from o->seed.  The cap counts
 * the game's rounds, the ones before the position too.  A unit lost
 * before the position (down, turned, a zombie) is not counted lost.
 */
int	battle_play_from(const struct game *, const struct battle_options *,
	    struct battle_result *, char **cause);
void	battle_result_free(struct battle_result *);

/*
 * The tally on its own, for a game driven some other way (tests, the
 * client): start from the game as set up, feed it every applied command
 * with its events, finish once the game is over or stopped.
 */
void	battle_tally_start(struct battle_result *, const struct game *);
void	battle_tally(struct battle_result *, const struct game *,
	    const struct command *, const struct event_list *);
void	battle_tally_finish(struct battle_result *, const struct game *,
	    bool capped);

/* battle-log.c: the trace battle_play writes to battle_options.log. */
void	battle_log_start(FILE *, const struct game *,
	    const struct battle_options *, const struct event_list *);
void	battle_log_command(FILE *, const struct game *,
	    const struct command *, const char *reason);
void	battle_log_result(FILE *, const struct game *,
	    const struct event_list *, int rc, const struct battle_result *,
	    const bool *was, size_t nwas);
void	battle_log_end(FILE *, const struct battle_result *);

#endif
