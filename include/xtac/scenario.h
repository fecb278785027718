/*
 * scenario.h - one encounter as a game master wrote it: the map, the sides,
 * the units with their loadouts, the mission and the house rules.  A game is
 * built from a scenario and a seed.  The scenario borrows the catalog; item
 * and unit types are catalog indices.
 */
#ifndef XTAC_SCENARIO_H
#define XTAC_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/catalog.h"
#include "xtac/map.h"

#define SCENARIO_BELT_MAX	8
#define SCENARIO_ID_MAX		32

/* §2.3 missions; RULINGS §2.3. */
enum mission {
	MISSION_ASSAULT,
	MISSION_CRASHED,
	MISSION_BASE,
	MISSION_TERROR,
	MISSION_BOARDING,
	MISSION_SABOTAGE,
	MISSION_CAPTURE_UNIT,
	MISSION_CAPTURE_SHIP,
	MISSION_CAPTURE_TECH,
	MISSION_COUNT
};
extern const char *const mission_names[MISSION_COUNT];

/* RULINGS §2.3: a crashed craft's power sources, rolled as the game starts. */
enum crash_roll {
	CRASH_NONE,		/* the walls as drawn (default) */
	CRASH_GROUND,		/* each 85 %: its own blast (90 HE-2) */
	CRASH_FLIGHT,		/* each 85 %: 100 x 2d10 HE-3 */
	CRASH_COUNT
};
extern const char *const crash_roll_names[CRASH_COUNT];

enum control {
	CONTROL_HUMAN,
	CONTROL_AI,
	CONTROL_ENGINE,		/* civilians, §3.4 */
	CONTROL_COUNT
};
extern const char *const control_names[CONTROL_COUNT];

/* House rules named by RULINGS.md; all off by default. */
struct house_rules {
	bool	free_unit_switching;	/* RULINGS §2.2 */
	bool	vision_cone;		/* RULINGS §4.3 */
	bool	melee_flat_tu;		/* RULINGS §6.1 */
	bool	psi_own_sight;		/* RULINGS §6.4 */
	bool	ai_omniscient;		/* the AI sees everything */
	bool	civilians_steered;	/* X-Com steers fleeing civilians */
	bool	walk_on_sighting;	/* walks go on past a new enemy */
};

struct zone {
	struct pos	from;	/* inclusive box */
	struct pos	to;
};

/*
 * §2.3 Missions, RULINGS §2.3: a side's secret mission and the targets the
 * scenario writes down for it.  With mission MISSION_ASSAULT the game draws
 * one (rules dice) among those whose target is given.
 */
struct secret_setup {
	bool		 present;
	enum mission	 mission;	/* one of the four, or ASSAULT: drawn */
	bool		 sabotage;	/* a target object is given */
	struct pos	 sabotage_at;	/* its square */
	char		 unit[SCENARIO_ID_MAX];	/* capture-unit; "" none */
	int		 ship;		/* capture-ship: building, or -1 */
	int		 technology;	/* capture-technology: item, or -1 */
	struct zone	*craft;		/* where captives and loot go */
	size_t		 ncraft;
};

struct side_setup {
	bool		 present;
	enum control	 control;
	int		 budget;	/* points; 0 = no budget */
	struct zone	*zones;
	size_t		 nzones;
	char		*objective;	/* secret mission text, or NULL */
	char		*squad;		/* squad file the map names, or NULL */
	/*
	 * The squad file the side's units came from, if any: its name as
	 * given and its bytes, which a save records so that it replays with
	 * this squad whatever becomes of the file.
	 */
	char		*squad_file;
	char		*squad_text;
	size_t		 squad_len;
	struct secret_setup secret;
};

struct hand {
	int	item;		/* catalog item, or -1 for an empty hand */
	int	ammo;		/* clip loaded, or -1 */
};

enum hand_side {
	HAND_RIGHT,
	HAND_LEFT,
	HAND_COUNT
};

struct unit_setup {
	char		id[SCENARIO_ID_MAX];
	char		name[SCENARIO_ID_MAX * 2];	/* shown; may be "" */
	enum side	side;
	int		type;			/* catalog unit */
	struct pos	pos;			/* top-left square for 2x2 */
	bool		fixed;			/* `at:` given: not deployed */
	enum dir	facing;
	bool		facing_set;		/* `facing:` given: a squad's
						   unit keeps it */
	bool		kneeling;
	int		armour;			/* worn item, or -1 */
	struct hand	hands[HAND_COUNT];
	int		belt[SCENARIO_BELT_MAX];	/* catalog items */
	size_t		nbelt;
	int		boosts[STAT_COUNT];		/* §3.1.2 */
	int		armour_boosts[ARMOUR_COUNT];	/* aliens only */
	/*
	 * §3.1.2 campaigns: a veteran's record (a roster's `roster:`): games
	 * survived, bonus points not yet spent, and those spent (statistics,
	 * then alien armour), which are free and add to the boosts.
	 */
	int		games;
	int		points;
	int		bonus[STAT_COUNT + ARMOUR_COUNT];
};

struct scenario {
	char			*name;
	char			*description;
	struct map		*map;
	enum mission		 mission;
	enum side		 mission_side;	/* crashed side, attacker ... */
	enum crash_roll		 crash_roll;
	bool			 night;
	int			 tech_level;	/* 1..4; 4 = unrestricted */
	bool			 deployment;	/* units without `at:` are
						   placed before round 1 */
	struct house_rules	 rules;
	struct side_setup	 sides[SIDE_COUNT];
	struct unit_setup	*units;
	size_t			 nunits;
	const struct catalog	*catalog;	/* borrowed */
};

void	scenario_free(struct scenario *);
/* Whether a mission is one of §2.3's four secret ones. */
bool	scenario_mission_secret(enum mission);

/* §3.1.2 point cost of one unit: type, boosts, items, extra clips. */
int	scenario_unit_cost(const struct scenario *, const struct unit_setup *);
int	scenario_side_points(const struct scenario *, enum side);
/* Points a side may spend: its budget, less 20 % if it crashed (§2.3). */
int	scenario_side_budget(const struct scenario *, enum side);
/* Total weight carried (§5.3) and strength including armour bonus. */
int	scenario_unit_weight(const struct scenario *, const struct unit_setup *);
int	scenario_unit_strength(const struct scenario *,
	    const struct unit_setup *);

#endif
