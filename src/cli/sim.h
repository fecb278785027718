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
#include "xtac/scenario.h"

struct sim_options {
	const char	*map;
	long		 games;
	uint64_t	 seed;
	int		 jobs;
	bool		 json;
	enum ai_level	 level[SIDE_COUNT];
	int		 rounds;
};

/* One unit, summed over the games it was in. */
struct sim_unit {
	char	id[SCENARIO_ID_MAX];
	int	side;
	int	type;
	long	games;
	long	lost;
	long	damage;
	long	kills;
};

/* Units of one type on one side, summed. */
struct sim_type {
	int	side;
	int	type;
	long	fielded;
	long	lost;
};

struct sim_stats {
	long		 games;
	long		 wins[SIDE_COUNT];
	long		 draws;
	long		 capped;
	uint64_t	 rounds, rounds2;		/* sums */
	uint64_t	 win_rounds[SIDE_COUNT], win_rounds2[SIDE_COUNT];
	uint64_t	 stalls;
	long		 lost[SIDE_COUNT];
	long		 friendly[SIDE_COUNT];	/* lost to their own side */
	struct sim_unit	*units;
	size_t		 nunits;
	struct sim_type	*types;
	size_t		 ntypes;
};

void	sim_add(struct sim_stats *, const struct battle_result *);
void	sim_stats_free(struct sim_stats *);
int	sim_type_order(const void *, const void *);
void	sim_print(const struct sim_options *, const struct scenario *,
	    const struct sim_stats *);
void	sim_print_json(const struct sim_options *, const struct scenario *,
	    const struct sim_stats *);

#endif /* XTAC_SIM_H */
