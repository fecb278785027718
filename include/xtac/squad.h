/*
 * squad.h - what a squad costs (§3.1.2) and how a squad bought apart from a
 * map takes a side's place on it.  One pricing serves `xtac check`,
 * `xtac preview`, `xtac squad` and the budget checks of every loader.
 *
 * A squad file (xtac-map(5)) is read by src/data into a struct squad; the
 * engine only prices it and places it.
 */
#ifndef XTAC_SQUAD_H
#define XTAC_SQUAD_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/catalog.h"
#include "xtac/scenario.h"

/* §3.1.2: each statistic may rise at most 20 points above its base. */
#define SQUAD_BOOST_MAX		20
/* §3.1.2: the bonus points each game survived gives a veteran. */
#define SQUAD_BONUS		20
/* The most games a roster records (a bound for bad files). */
#define SQUAD_GAMES_MAX		1000

/* One unit's cost, part by part (§3.1.2, §3.5). */
struct squad_price {
	int	unit;		/* the unit type's own price */
	int	boosts;		/* statistics, alien armour raised */
	int	items;		/* armour, weapons, ammunition, belt */
	int	total;
};

/* A squad as a file holds it: one side's units, not yet on a map. */
struct squad {
	char			*name;		/* shown; NULL: none */
	enum side		 side;
	int			 tech_level;	/* 1..4; 4: all */
	int			 budget;	/* points; 0 = none */
	struct unit_setup	*units;		/* positions unset */
	size_t			 nunits;
};

/*
 * §3.1.2: points for raising one statistic (STAT_COUNT + facing for alien
 * armour) of a unit type by one: 1, or 2 for RET, PSK and PST and for
 * armour, all doubled for HWPs and terror units.
 */
int	squad_boost_rate(const struct unit_type *, int stat);
/* A unit's price, filled part by part when price is not NULL. */
int	squad_unit_price(const struct catalog *, const struct unit_setup *,
	    struct squad_price *price);
int	squad_points(const struct catalog *, const struct squad *);
void	squad_free(struct squad *);

/*
 * Put a squad on a scenario in place of the side's own units.  Each unit
 * goes, in order, to the first free square that takes it: the squares of
 * the units it replaces, then those of the side's deployment zones, row by
 * row, facing as the side's first unit did unless it has its own.  Returns how many units found no square; the scenario is changed
 * only when that is 0.
 */
size_t	squad_place(struct scenario *, const struct squad *);

/*
 * Campaigns (§3.1.2): the side's survivors of a game, each with what it
 * carries now, its record one game longer and SQUAD_BONUS points more to
 * spend, as a squad (a roster: squad_format() writes it).  Stunned and
 * wounded units survive (wounds heal between games); the dead, the
 * implanted and turned, those an enemy carries off, and units born in the
 * battle do not.  out is the caller's to squad_free(); returns how many.
 */
struct game;
size_t	squad_survivors(const struct game *, enum side, struct squad *out);

#endif
