/*
 * game-shot.h - what the parts of a ranged attack share: game-shoot.c
 * (the chance, the roll, a hit), game-flight.c (where a shot goes that
 * is not a plain hit: misses, guided missiles, wild shots) and
 * game-risk.c (who a shot would put at risk).  Included by those files
 * only.
 */
#ifndef XTAC_GAME_SHOT_H
#define XTAC_GAME_SHOT_H

#include "game-int.h"

/* What a shot is aimed at: a unit, or a square (§6.1). */
struct combat_aim {
	int			 unit;	/* -1 for a square */
	struct pos		 square;
	const struct pos	*via;	/* guided: waypoints before it */
	size_t			 nvia;
};

/* game-shoot.c */
struct pos	 combat_aim_pos(const struct game *,
		     const struct combat_aim *);
/* What an attack aims at, as a player asked to roll for it reads it. */
const char	*combat_aim_name(const struct game *, const struct combat_aim *,
		     char *buf, size_t len);
/*
 * The square of a unit aimed at nearest the shooter: where an explosive
 * round bursts on it and a launched weapon lands.
 */
struct pos	 combat_near_square(const struct game *, const struct unit *,
		     const struct combat_aim *);
/* The damage of what a hand fires: its clip's, or its own. */
const struct damage *combat_damage_of(const struct game *,
		     const struct carried *);
/* The roll a guided shot needs at its leg k (RULINGS §6.1). */
int		 combat_leg_chance(int chance, size_t k);
/* A hit (§7.3, §7.6): on the unit, or whatever is in the square. */
void		 combat_impact(struct game *, int shooter,
		     const struct combat_aim *, const struct damage *);

/*
 * game-flight.c: a missed shot (§7.5), a launched weapon's miss (§6.2), a
 * guided missile through its waypoints (§6.1), each doing what it does
 * where it stops.
 */
void	combat_miss(struct game *, int shooter, const struct combat_aim *,
	    int chance, int roll, const struct damage *);
void	combat_launch_miss(struct game *, int shooter,
	    const struct combat_aim *, int chance, int roll,
	    const struct damage *);
/* A launch stopped short by the true walls (RULINGS §6.2); false if not. */
bool	combat_launch_stopped(struct game *, int shooter,
	    const struct combat_aim *, int item, const struct damage *);
void	combat_guided(struct game *, int shooter, const struct combat_aim *,
	    int chance, const struct event *why, const struct damage *);

/*
 * game-flight.c, for game-risk.c (a shot's forecast): where a round flies
 * and what it meets.
 */
struct combat_flight {
	const char	*hit;		/* unit, wall, floor, object, map-edge */
	struct pos	 at;		/* the square it stopped in */
	int		 unit;		/* the unit struck, or -1 */
	struct pos	 wall;		/* for wall: the square and side */
	enum dir	 side;
	struct pos	 floor;		/* for floor: whose floor */
};

/* The d10 face's direction of a miss (§7.5): -1 for "along the line". */
extern const int combat_miss_dir[11];
/*
 * Whether side `as` knows where unit u is now: its own, and others while
 * it sees them; every unit when `as` is -1 (the truth).
 */
bool	combat_known(const struct game *, int as, int unit);
/* The unit a round would meet on p as side `as` knows the field, or -1. */
int	combat_round_meets(const struct game *, int as, struct pos);
/*
 * A round's flight from `from` (its height z16 in sixteenths) through aim
 * and on, over the field as side `as` knows it (-1: the truth): see
 * game-flight.c.  bodies, if not NULL, marks the squares where
 * combat_round_meets may find a unit.
 */
void	combat_fly_as(const struct game *, int as, int shooter, int target,
	    struct pos from, long z16, struct pos aim, bool to_aim,
	    const uint64_t *bodies, struct combat_flight *);

#endif
