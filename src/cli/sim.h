/*
 * sim.h - what `xtac sim` shares between playing the games (cmd-sim.c)
 * and reporting them (sim-report.c): the run's options and its totals.
 */
#ifndef XTAC_SIM_H
#define XTAC_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/ai.h"
#include "xtac/battle.h"
#include "xtac/catalog.h"
#include "xtac/game.h"
#include "xtac/save.h"
#include "xtac/scenario.h"

struct cli;

struct sim_options {
	const char	*map;
	const char	*name;		/* the scenario's */
	long		 games;		/* in the whole run */
	long		 shard;		/* this share, from 0 */
	long		 shards;	/* how many shares; 1: the whole run */
	uint64_t	 seed;
	int		 jobs;
	bool		 json;
	enum ai_level	 level[SIDE_COUNT];
	int		 rounds;
	bool		 terror;	/* a terror site: civilians, scores */
	/* A side's squad file, as given, and its bytes' hash; or NULL. */
	const char	*squad[SIDE_COUNT];
	char		 squad_hash[SIDE_COUNT][17];
	/* From a save (sim-from.c): its position, its round; or NULL. */
	const struct game	*from;
	int		 from_round;
	const char	*log;		/* --log: the trace's file, or NULL */
	long		 log_game;	/* ... of this game, from 0 */
};

/* One unit, summed over the games it was in. */
struct sim_unit {
	char	id[SCENARIO_ID_MAX];
	int	side;
	int	type;
	char	type_id[CATALOG_ID_MAX];
	long	games;
	long	lost;
	long	damage;
	long	kills;
};

/* Units of one type on one side, summed. */
struct sim_type {
	int	side;
	int	type;			/* its index in the catalog */
	char	type_id[CATALOG_ID_MAX];
	long	fielded;
	long	lost;
};

struct sim_stats {
	long		 games;
	long		 wins[SIDE_COUNT];
	long		 draws;
	long		 capped;
	uint64_t	 rounds, rounds2;		/* sums */
	int		 rounds_min, rounds_max;	/* 0 without a game */
	uint64_t	 win_rounds[SIDE_COUNT], win_rounds2[SIDE_COUNT];
	uint64_t	 stalls;
	long		 lost[SIDE_COUNT];
	long		 friendly[SIDE_COUNT];	/* lost to their own side */
	uint64_t	 ends[SIDE_COUNT], beside[SIDE_COUNT];	/* spacing */
	/* Objectives (battle.h) by side and kind: games, games met. */
	long		 obj_games[SIDE_COUNT][MISSION_COUNT];
	long		 obj_done[SIDE_COUNT][MISSION_COUNT];
	long		 civilians, civilians_lost;	/* sums */
	long		 score[SIDE_COUNT];		/* sums */
	struct sim_unit	*units;
	size_t		 nunits;
	struct sim_type	*types;
	size_t		 ntypes;
};

/* The version of the --json report; a merge reads only its own. */
#define SIM_REPORT_VERSION	4

long	sim_share(long, long, long);
struct sim_unit	*sim_unit_for(struct sim_stats *, int, const char *,
		    const char *);
struct sim_type	*sim_type_for(struct sim_stats *, int, int, const char *);
void	sim_add(struct sim_stats *, const struct catalog *,
	    const struct battle_result *);
void	sim_stats_free(struct sim_stats *);
const char	*sim_objective_name(int);
void	sim_print(const struct sim_options *, struct sim_stats *);
void	sim_print_json(const struct sim_options *, struct sim_stats *);
int	sim_merge(int, char **, bool);
bool	sim_is_save(const char *);
int	sim_from_load(struct cli *, struct sim_options *,
	    const struct catalog *, struct save *, struct scenario **,
	    struct game **);
int	sim_error(int, const char *, ...)
	    __attribute__((format(printf, 2, 3)));

#endif /* XTAC_SIM_H */
