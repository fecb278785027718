/*
 * catalog.h - every unit type and item of the rulebook (§3, §3.5) as plain
 * data.  The engine reads a catalog; src/data fills it from units/NAME.yaml.
 *
 * Numbers are exactly the rulebook's after RULINGS.md §3 corrections.  A stat
 * the rulebook shows as '-' is STAT_NONE: the unit cannot do that.  Item and
 * unit types are referred to by index into the catalog's arrays; ids are the
 * lowercase-hyphenated names files use ("laser-rifle").
 */
#ifndef XTAC_CATALOG_H
#define XTAC_CATALOG_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define CATALOG_ID_MAX		32
#define CATALOG_NAME_MAX	48
#define STAT_NONE		INT_MIN

/* Sides of the conflict; civilians are engine-driven (§3.4). */
enum side {
	SIDE_XCOM,
	SIDE_ALIEN,
	SIDE_CIVILIAN,
	SIDE_COUNT
};

/* §7.1 damage types, in the column order of the §7.2.3 table. */
enum damage_type {
	DMG_CC,
	DMG_AC,
	DMG_AP,
	DMG_ST,
	DMG_IN,
	DMG_HE,
	DMG_LB,
	DMG_PB,
	DMG_COUNT
};

/* The five armour facings of §3.1.1, in the order the rulebook lists them. */
enum armour_facing {
	ARMOUR_FRONT,
	ARMOUR_LEFT,
	ARMOUR_RIGHT,
	ARMOUR_REAR,
	ARMOUR_UNDER,
	ARMOUR_COUNT
};

/* The ten statistics of §3.1.1 less armour, in the rulebook's order. */
enum stat_id {
	STAT_TU,
	STAT_HTH,
	STAT_ACC,
	STAT_MAC,
	STAT_TAC,
	STAT_STR,
	STAT_RET,
	STAT_PSK,
	STAT_PST,
	STAT_COUNT
};

enum unit_class {
	UNIT_SOLDIER,		/* X-Com troop, alien soldiers: carry, kneel */
	UNIT_HWP,		/* §3.2.2: internal weapon, no equipment, no psi */
	UNIT_TERROR,		/* §3.3.2: internal attacks, no equipment */
	UNIT_CIVILIAN,		/* §3.4 */
};

/* What a susceptibility says about one damage type (§7.2.3). */
struct susceptibility {
	int	modifier;	/* added to the weapon's damage */
	bool	immune;		/* "invulnerable": the damage becomes 0 */
};

/* Shot kinds.  Auto fires a burst of separate rolls (§6.1). */
enum shot_mode {
	SHOT_AUTO,
	SHOT_SNAP,
	SHOT_AIMED,
	SHOT_MELEE,
	SHOT_IMPLANT,		/* Chrysalid: zombify instead of damage */
	SHOT_PSI,		/* Psi Amp: probe, panic, control (§6.4) */
	SHOT_HEAL,		/* Medikit (§7.2.5) */
	SHOT_DETONATE,		/* Cyberdisk self-destruct */
	SHOT_MODE_COUNT
};

struct damage {
	int			amount;
	enum damage_type	type;
	int			he_class;	/* 1..3 for HE-n (§7.3), else 0 */
};

struct shot {
	enum shot_mode	mode;
	int		accuracy;	/* + ACC, MAC or TAC; heal: chance */
	int		tu;
	/*
	 * A shot deals its weapon's damage (or the loaded clip's) unless it
	 * has its own: the Cyberdisk's detonation is 90 HE-2 while its beam
	 * is 130 PB, and one item holds one damage.
	 */
	bool		has_damage;
	struct damage	damage;
};

enum item_class {
	ITEM_WEAPON,
	ITEM_AMMO,
	ITEM_GRENADE,
	ITEM_ARMOUR,
	ITEM_EQUIPMENT,
};

enum weapon_kind {
	WEAPON_SMALL_ARM,	/* pistols, rifles: one clip included in cost */
	WEAPON_SUPPORT,		/* never akimbo; ammunition bought apart */
	WEAPON_MELEE,
	WEAPON_INTERNAL,	/* built into an HWP or terror unit */
	WEAPON_PSI,
	WEAPON_MEDICAL,
};

enum grenade_kind {
	GRENADE_TIMED,
	GRENADE_PROXIMITY,
	GRENADE_SMOKE,
	GRENADE_FLARE,
	GRENADE_CHARGE,		/* high explosive: demolition */
};

#define CATALOG_MAX_SHOTS	4
#define CATALOG_MAX_AMMO	8
#define CLIP_UNLIMITED		(-1)

struct item_type {
	char			id[CATALOG_ID_MAX];
	char			name[CATALOG_NAME_MAX];
	enum item_class		class;
	int			cost;		/* points */
	int			weight;
	int			tech_level;	/* §2.3 table; 0 = not buyable */
	enum side		tech_side;	/* whose column of the table */

	/*
	 * ITEM_WEAPON, and ITEM_EQUIPMENT (psi amp: WEAPON_PSI, medikit:
	 * WEAPON_MEDICAL) whose uses are filled the same way.
	 */
	enum weapon_kind	weapon_kind;
	struct shot		shots[CATALOG_MAX_SHOTS];
	int			nshots;
	struct damage		damage;		/* when it uses no clips */
	/*
	 * Shots, or CLIP_UNLIMITED; 0 when it loads clips (the clip holds
	 * them); when it loads grenades, how many it holds.
	 */
	int			capacity;
	int			ammo[CATALOG_MAX_AMMO];	/* item indices */
	int			nammo;
	bool			guided;		/* waypoints, no range penalty */
	/*
	 * Launched: fired at a square as a throw is (§6.2, RULINGS §6.1,
	 * §6.2): over walls a level higher than the shooter, -20 with no line
	 * of sight, -10 when only a spotter sees.  Thrown: launched, rolled
	 * against TAC, range STR / throw_weight or, when that is 0, no limit
	 * (the grenade launcher).  item_launched() says either.
	 */
	bool			launched;
	bool			thrown;
	int			throw_weight;

	/*
	 * ITEM_AMMO and ITEM_GRENADE: damage and capacity (a grenade's is 1:
	 * one shot of the grenade launcher that loads it).
	 */
	enum grenade_kind	grenade_kind;

	/* ITEM_ARMOUR */
	int			armour[ARMOUR_COUNT];
	struct susceptibility	susceptibility[DMG_COUNT];
	int			str_bonus;
	bool			flying;

	/* Medikit: uses (§7.2.5); damage.amount is the HTH it heals. */
	int			uses;
};

struct unit_type {
	char			id[CATALOG_ID_MAX];
	char			name[CATALOG_NAME_MAX];
	enum side		side;
	enum unit_class		class;
	int			cost;
	int			tech_level;
	int			stats[STAT_COUNT];	/* STAT_NONE for '-' */
	int			armour[ARMOUR_COUNT];
	struct susceptibility	susceptibility[DMG_COUNT];
	int			size;		/* 1 or 2 (2x2 squares) */
	bool			flying;
	bool			can_kneel;
	int			weapon;		/* internal attack item, or -1 */
};

struct catalog {
	struct unit_type	*units;
	size_t			 nunits;
	struct item_type	*items;
	size_t			 nitems;
};

extern const char *const damage_type_names[DMG_COUNT];	/* "CC" ... */
extern const char *const stat_names[STAT_COUNT];	/* "tu" ... */
extern const char *const armour_facing_names[ARMOUR_COUNT];
extern const char *const shot_mode_names[SHOT_MODE_COUNT];
extern const char *const side_names[SIDE_COUNT];	/* "xcom" ... */

void	catalog_free(struct catalog *);
/* Index of the unit or item with this id, or -1. */
int	catalog_find_unit(const struct catalog *, const char *id);
int	catalog_find_item(const struct catalog *, const char *id);
const struct shot *item_shot(const struct item_type *, enum shot_mode);
/* Whether a weapon is fired by the throwing rules (thrown or launched). */
bool	item_launched(const struct item_type *);
/* Whether ammo item `ammo` can be loaded into weapon item `weapon`. */
bool	catalog_ammo_fits(const struct catalog *, int weapon, int ammo);
/*
 * §2.3: at technology level `level`, side `side` may field things of its own
 * column up to `level` and of the other column below it; level 4 allows all.
 */
bool	catalog_tech_allows(int level, enum side side, int item_level,
	    enum side item_side);

#endif
