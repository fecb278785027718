/*
 * unit.h - a unit in play: where it is, what it has left, what it carries
 * and what has been done to it.  Built from a scenario's unit_setup when the
 * game starts; changed only by the engine applying commands.
 *
 * Internal attacks (HWP guns, Chrysalid claws) sit in the right hand and
 * can be neither dropped nor swapped, so every attack takes one path.
 */
#ifndef XTAC_UNIT_H
#define XTAC_UNIT_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/catalog.h"
#include "xtac/map.h"
#include "xtac/scenario.h"

enum unit_status {
	UNIT_ACTIVE,
	UNIT_UNCONSCIOUS,
	UNIT_DEAD,
};
extern const char *const unit_status_names[3];

/* An item held or carried; a loaded weapon knows its clip and rounds. */
struct carried {
	int	item;		/* catalog item, -1 for nothing */
	int	ammo;		/* clip loaded, -1 for none */
	int	rounds;		/* left in the clip, CLIP_UNLIMITED */
};

struct unit {
	char			 id[SCENARIO_ID_MAX];
	const char		*name;		/* shown; the id if none */
	int			 type;		/* catalog unit */
	const struct unit_type	*t;
	enum side		 side;		/* who fields it */
	enum side		 controller;	/* who commands it now */
	struct pos		 pos;		/* top-left square of a 2x2 */
	enum dir		 facing;
	bool			 kneeling;
	enum unit_status	 status;
	int			 stats[STAT_COUNT];	/* with boosts */
	int			 armour[ARMOUR_COUNT];	/* pools left */
	int			 armour_max[ARMOUR_COUNT];
	int			 worn;		/* armour item, or -1 */
	int			 tu;
	int			 damage;	/* HTH lost */
	int			 stun;
	int			 crit_head;
	int			 crit_torso;
	int			 crit_arm;	/* -10 ACC, MAC, TAC each */
	int			 crit_leg;	/* x2 movement each */
	struct carried		 hands[HAND_COUNT];
	struct carried		 belt[SCENARIO_BELT_MAX];
	size_t			 nbelt;

	/* This phase (RULINGS §2.2): reset when the unit's side moves. */
	bool			 acted;		/* spent TUs in its own phase */
	bool			 turn_over;	/* another unit was chosen */
	int			 last_weapon;	/* item fired this turn, or -1 */
	bool			 half_turned;	/* a free 45-degree turn used */
};

/* Effective strength (STR + boost + armour bonus); 0 for '-'. */
int	unit_strength(const struct catalog *, const struct unit *);
int	unit_weight(const struct catalog *, const struct unit *);
/* §5.3 and §7.2.2: x2 when encumbered, x2 per leg critical. */
int	unit_move_multiplier(const struct catalog *, const struct unit *);
bool	unit_flies(const struct catalog *, const struct unit *);
/* The susceptibility in force: worn armour's row replaces the unit's. */
struct susceptibility unit_susceptibility(const struct catalog *,
	    const struct unit *, enum damage_type);
/* Whether the unit occupies square p (2x2 units fill four). */
bool	unit_covers(const struct unit *, struct pos);
/* Standing and able to act. */
bool	unit_can_act(const struct unit *);

#endif
