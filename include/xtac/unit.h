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

/* §6.4 panic: frozen (1-4), flees (5-7), berserk (8-10). */
enum unit_panic {
	UNIT_CALM,
	UNIT_FROZEN,
	UNIT_FLEEING,
	UNIT_BERSERK,
};

/* An item held or carried; a loaded weapon knows its clip and rounds. */
struct carried {
	int	item;		/* catalog item, -1 for nothing */
	int	ammo;		/* clip loaded, -1 for none */
	int	rounds;		/* left in the clip, CLIP_UNLIMITED */
	int	primed;		/* grenade timer in rounds, or -1 (§6.2) */
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
	/*
	 * Fallen on (§7.2.4, RULINGS §5): lying in its square, awake; it
	 * must stand before it moves or fires.  Only while UNIT_ACTIVE.
	 */
	bool			 prone;
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

	/*
	 * Psionics (§6.4, game-psi.c).  probed[side]: that side has read the
	 * unit's sheet with a mind probe.  panic: what a successful panic
	 * attack makes it do at the start of its next phase.  While mind
	 * controlled (controller != side), control_ending is set once a
	 * phase of its own side has begun; control returns at that phase's
	 * end (RULINGS §6.4).
	 */
	bool			 probed[SIDE_COUNT];
	enum unit_panic		 panic;
	bool			 control_ending;
	/*
	 * Medikit uses spent (§7.2.5, game-medikit.c): a medikit's carried
	 * rounds are 0 from set-up, so the count is kept on its user.
	 */
	int			 medikit_used;
	/* Chrysalid implant: rounds left as a zombie, or -1 (RULINGS). */
	int			 zombie_rounds;
	int			 born_round;	/* 0, or when it was cloned */
	int			 clones;	/* Celatids: how many so far */
	/* Civilians (§3.4): the round it last reacted; frozen by fear. */
	int			 civilian_round;
	bool			 frightened;
	bool			 steered;	/* X-Com may move it (house rule) */
	/*
	 * Reaction fire (RULINGS §6.5): its controller's standing order, set
	 * with `react`.  A won roll fires only at a chance of react_min % or
	 * more, or of react_friends % or more when a friend is in the line
	 * or the blast; UNIT_REACT_NEVER never fires.
	 */
	int			 react_min;
	int			 react_friends;
	/* §5.3 bodies (game-carry.c): the body carried, its carrier; -1. */
	int			 carrying;
	int			 carried_by;
};

#define UNIT_REACT_NEVER	101
/* The order a unit starts with: any chance, never through friends. */
#define UNIT_REACT_MIN		1
/* §5.3: what a body weighs to its carrier (the rulebook gives none). */
#define UNIT_BODY_WEIGHT	20
/* What lifting a body costs (decided in game-carry.c); laying it is free. */
#define UNIT_CARRY_TU		4

/* Effective strength (STR + boost + armour bonus); 0 for '-'. */
int	unit_strength(const struct catalog *, const struct unit *);
int	unit_weight(const struct catalog *, const struct unit *);
/* §5.3 and §7.2.2: x2 when encumbered, x2 per leg critical. */
int	unit_move_multiplier(const struct catalog *, const struct unit *);
bool	unit_flies(const struct catalog *, const struct unit *);
/* The susceptibility in force: worn armour's row replaces the unit's. */
struct susceptibility unit_susceptibility(const struct catalog *,
	    const struct unit *, enum damage_type);
/*
 * Whether the unit occupies square p (2x2 units fill four).  Inline: a
 * shot's flight asks it of every unit on every square it crosses.
 */
static inline bool
unit_covers(const struct unit *u, struct pos p)
{
	int	size = u->t->size;

	return p.z == u->pos.z && p.x >= u->pos.x && p.x < u->pos.x + size &&
	    p.y >= u->pos.y && p.y < u->pos.y + size;
}
/* Standing and able to act. */
bool	unit_can_act(const struct unit *);

#endif
