/*
 * test_catalog.c - the shipped catalog (units/NAME.yaml) against the rulebook,
 * figure by figure, and the catalog loader's reports on bad files.
 *
 * The expected tables below are written from the rulebook's text (section
 * numbers cite it) with RULINGS.md's corrections where it has them, not from
 * the YAML: a slip in either shows as a difference.  Run from the source
 * tree's root (the Makefile and tests/run.sh do).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xtac/load.h"
#include "xtac/util.h"

#define N	STAT_NONE
#define IMM	1000	/* "invulnerable" in a susceptibility row */
#define UNL	CLIP_UNLIMITED

/* §7.2.3 columns: CC, AC, AP, ST, IN, HE, LB, PB. */
#define UNARMOURED	{ 10, 30, 10, 0, 0, 0, 0, 0 }
#define TANKS		{ -5, -30, 0, 0, -30, -15, 0, 0 }

struct xunit {
	const char	*id;
	enum side	 side;
	enum unit_class	 class;
	int		 cost;
	int		 tech;
	int		 stats[STAT_COUNT];	/* tu hth ... pst */
	int		 armour[ARMOUR_COUNT];	/* front ... under */
	int		 susc[DMG_COUNT];
	int		 size;
	bool		 flying;
	bool		 kneel;
	const char	*weapon;
};

static const struct xunit test_catalog_units[] = {
	/* §3.2.1 Troop - 100pts; §7.2.3 "Unarmoured Human"; §2.3 level 1. */
	{ "troop", SIDE_XCOM, UNIT_SOLDIER, 100, 1,
	    { 27, 35, 25, 75, 65, 30, 0, 15, 15 }, { 2, 1, 1, 1, 1 },
	    UNARMOURED, 1, false, true, NULL },
	/* §3.2.2 HWPs: STR = RET = +0 is STR none, RET +0 (RULINGS §3);
	 * "Tanks" row of §7.2.3; all 2x2 (RULINGS §3). */
	{ "tank-cannon", SIDE_XCOM, UNIT_HWP, 200, 1,
	    { 35, 90, 30, N, N, N, 0, N, N }, { 90, 75, 75, 60, 60 }, TANKS,
	    2, false, false, "tank-cannon-turret" },
	{ "tank-rocket-launcher", SIDE_XCOM, UNIT_HWP, 240, 1,
	    { 35, 90, 30, N, N, N, 0, N, N }, { 90, 75, 75, 60, 60 }, TANKS,
	    2, false, false, "tank-rocket-pod" },
	{ "tank-laser-cannon", SIDE_XCOM, UNIT_HWP, 260, 2,
	    { 35, 90, 30, N, N, N, 0, N, N }, { 90, 75, 75, 60, 60 }, TANKS,
	    2, false, false, "tank-laser-turret" },
	{ "hovertank-plasma", SIDE_XCOM, UNIT_HWP, 300, 3,
	    { 50, 90, 30, N, N, N, 0, N, N }, { 130, 130, 130, 130, 100 },
	    TANKS, 2, true, false, "hovertank-plasma-beam" },
	/* Not in the §2.3 table: level 4 only (RULINGS §3). */
	{ "hovertank-fusion", SIDE_XCOM, UNIT_HWP, 350, 4,
	    { 50, 90, 30, N, N, N, 0, N, N }, { 130, 130, 130, 130, 100 },
	    TANKS, 2, true, false, "fusion-ball-launcher" },
	/* §3.3.1 alien soldiers. */
	{ "sectoid", SIDE_ALIEN, UNIT_SOLDIER, 70, 1,
	    { 27, 30, 25, 76, 60, 30, 15, 0, 0 }, { 2, 1, 1, 1, 1 },
	    UNARMOURED, 1, false, true, NULL },
	/* The Snakeman's -15 IN is in the §7.2.3 table only. */
	{ "snakeman", SIDE_ALIEN, UNIT_SOLDIER, 80, 1,
	    { 20, 45, 30, 54, 65, 47, -5, 0, 0 }, { 10, 9, 9, 8, 6 },
	    { 0, 0, 0, 0, -15, 0, 0, 0 }, 1, false, true, NULL },
	{ "floater", SIDE_ALIEN, UNIT_SOLDIER, 75, 1,
	    { 25, 35, 25, 70, 58, 40, 0, 0, 0 }, { 4, 3, 3, 2, 6 },
	    UNARMOURED, 1, true, true, NULL },
	/* ARM = 17,17,17,17: 17 on all five (RULINGS §3). */
	{ "ethereal", SIDE_ALIEN, UNIT_SOLDIER, 150, 2,
	    { 34, 55, 40, 85, 80, 48, 25, 30, 30 }, { 17, 17, 17, 17, 17 },
	    { 0, 0, 0, -10, -15, 0, 0, 0 }, 1, false, true, NULL },
	{ "muton", SIDE_ALIEN, UNIT_SOLDIER, 110, 2,
	    { 28, 120, 25, 78, 62, 70, 10, 0, 0 }, { 10, 10, 10, 10, 5 },
	    { 0, 0, -20, 0, 0, 0, 0, 0 }, 1, false, true, NULL },
	/* §3.3.2 terror units. */
	{ "silacoid", SIDE_ALIEN, UNIT_TERROR, 120, 2,
	    { 20, 115, N, 80, N, 70, -10, N, N }, { 25, 25, 25, 25, 25 },
	    { 0, 0, 0, 0, IMM, 15, 0, 0 }, 1, false, false,
	    "silacoid-touch" },
	{ "chrysalid", SIDE_ALIEN, UNIT_TERROR, 150, 3,
	    { 55, 95, N, 80, N, 110, 20, N, N }, { 17, 17, 17, 17, 17 },
	    { 0, 0, 0, -5, -10, 0, 0, 0 }, 1, false, false,
	    "chrysalid-claws" },
	{ "celatid", SIDE_ALIEN, UNIT_TERROR, 160, 2,
	    { 35, 70, N, N, 50, 70, -10, N, N }, { 10, 10, 10, 10, 10 },
	    UNARMOURED, 1, true, false, "celatid-spit" },
	{ "reaper", SIDE_ALIEN, UNIT_TERROR, 110, 1,
	    { 31, 150, N, 80, N, 90, 15, N, N }, { 14, 14, 14, 14, 2 },
	    { 0, 0, 0, 0, 35, 0, 0, 0 }, 2, false, false, "reaper-jaws" },
	{ "sectopod", SIDE_ALIEN, UNIT_TERROR, 160, 3,
	    { 31, 100, 30, 80, N, 90, 15, N, N }, { 72, 65, 65, 50, 45 },
	    { 0, 0, 0, 0, 0, -10, 25, -10 }, 2, false, false,
	    "sectopod-beam" },
	{ "cyberdisk", SIDE_ALIEN, UNIT_TERROR, 150, 2,
	    { 31, 120, 30, 80, N, 90, 15, N, N }, { 17, 17, 17, 17, 17 },
	    { 0, 0, -10, 0, -10, 0, 0, 0 }, 2, true, false,
	    "cyberdisk-plasma-beam" },
	/* §3.4: TU 14, HTH 17, RET -10, ARM 2,1,1,1,1, the unarmoured
	 * susceptibilities; nothing else given, so nothing else done. */
	{ "civilian", SIDE_CIVILIAN, UNIT_CIVILIAN, 0, 0,
	    { 14, 17, N, N, N, N, -10, N, N }, { 2, 1, 1, 1, 1 },
	    UNARMOURED, 1, false, false, NULL },
};

struct xshot {
	enum shot_mode		mode;
	int			acc;
	int			tu;
	int			dmg;	/* a shot's own damage, else 0 */
	enum damage_type	type;
	int			he;
};

struct xitem {
	const char		*id;
	enum item_class		 class;
	int			 kind;	/* weapon_kind or grenade_kind */
	enum side		 side;
	int			 tech;
	int			 cost;
	int			 weight;
	struct xshot		 shots[CATALOG_MAX_SHOTS];
	int			 nshots;
	int			 dmg;
	enum damage_type	 type;
	int			 he;
	int			 capacity;
	const char		*ammo[CATALOG_MAX_AMMO];
	bool			 guided;
	bool			 launched;
	bool			 thrown;
	int			 throw_weight;
	int			 armour[ARMOUR_COUNT];
	int			 susc[DMG_COUNT];
	int			 str_bonus;
	bool			 flying;
	int			 uses;
};

#define DMG(a, t, h)	.dmg = (a), .type = DMG_##t, .he = (h)
#define AUTO(a, t)	{ SHOT_AUTO, a, t, 0, DMG_CC, 0 }
#define SNAP(a, t)	{ SHOT_SNAP, a, t, 0, DMG_CC, 0 }
#define AIMED(a, t)	{ SHOT_AIMED, a, t, 0, DMG_CC, 0 }
#define MELEE(a, t)	{ SHOT_MELEE, a, t, 0, DMG_CC, 0 }
#define WEAPON(k, s, l)	.class = ITEM_WEAPON, .kind = WEAPON_##k, \
			.side = SIDE_##s, .tech = (l)
#define CLIP(s, l)	.class = ITEM_AMMO, .side = SIDE_##s, .tech = (l)
#define GRENADE(k)	.class = ITEM_GRENADE, .kind = GRENADE_##k, \
			.side = SIDE_XCOM, .tech = 1, .capacity = 1

static const struct xitem test_catalog_items[] = {
	/*
	 * §3.5 Small Arms: cost with the extra clip's in brackets, weight
	 * with the clip's (RULINGS §3); §2.3 levels; clips follow their
	 * weapon's level and side.
	 */
	{ "pistol", WEAPON(SMALL_ARM, XCOM, 1), .cost = 5, .weight = 5,
	    .shots = { SNAP(0, 5), AIMED(20, 8) }, .nshots = 2,
	    .ammo = { "pistol-clip" } },
	{ "pistol-clip", CLIP(XCOM, 1), .cost = 1, .weight = 3,
	    DMG(26, AP, 0), .capacity = 12 },
	{ "rifle", WEAPON(SMALL_ARM, XCOM, 1), .cost = 10, .weight = 8,
	    .shots = { AUTO(-25, 9), SNAP(0, 6), AIMED(50, 20) }, .nshots = 3,
	    .ammo = { "rifle-clip" } },
	{ "rifle-clip", CLIP(XCOM, 1), .cost = 1, .weight = 3,
	    DMG(30, AP, 0), .capacity = 20 },
	{ "sniper-rifle", WEAPON(SMALL_ARM, XCOM, 2), .cost = 25,
	    .weight = 12, .shots = { AIMED(60, 20) }, .nshots = 1,
	    .ammo = { "sniper-rifle-clip" } },
	{ "sniper-rifle-clip", CLIP(XCOM, 2), .cost = 1, .weight = 3,
	    DMG(75, AP, 0), .capacity = 8 },
	/* Laser shot names and the lasers' figures: RULINGS §3. */
	{ "laser-pistol", WEAPON(SMALL_ARM, XCOM, 2), .cost = 15,
	    .weight = 7, .shots = { AUTO(-30, 6), SNAP(-20, 5),
	    AIMED(10, 14) }, .nshots = 3, DMG(46, LB, 0), .capacity = UNL },
	{ "laser-rifle", WEAPON(SMALL_ARM, XCOM, 2), .cost = 20,
	    .weight = 8, .shots = { AUTO(-15, 9), SNAP(10, 6),
	    AIMED(40, 13) }, .nshots = 3, DMG(60, LB, 0), .capacity = UNL },
	/* Listed with the small arms; it has no clip to price. */
	{ "heavy-laser", WEAPON(SMALL_ARM, XCOM, 3), .cost = 25,
	    .weight = 18, .shots = { SNAP(-10, 8), AIMED(25, 19) },
	    .nshots = 2, DMG(85, LB, 0), .capacity = UNL },
	{ "plasma-pistol", WEAPON(SMALL_ARM, ALIEN, 1), .cost = 15,
	    .weight = 3, .shots = { AUTO(-10, 8), SNAP(0, 8),
	    AIMED(25, 15) }, .nshots = 3, .ammo = { "plasma-pistol-clip" } },
	{ "plasma-pistol-clip", CLIP(ALIEN, 1), .cost = 1, .weight = 3,
	    DMG(52, PB, 0), .capacity = 14 },
	{ "plasma-rifle", WEAPON(SMALL_ARM, ALIEN, 2), .cost = 25,
	    .weight = 5, .shots = { AUTO(0, 9), SNAP(15, 8), AIMED(40, 15) },
	    .nshots = 3, .ammo = { "plasma-rifle-clip" } },
	{ "plasma-rifle-clip", CLIP(ALIEN, 2), .cost = 1, .weight = 3,
	    DMG(80, PB, 0), .capacity = 28 },
	{ "heavy-plasma", WEAPON(SMALL_ARM, ALIEN, 3), .cost = 40,
	    .weight = 8, .shots = { AUTO(-10, 9), SNAP(15, 8),
	    AIMED(50, 15) }, .nshots = 3, .ammo = { "heavy-plasma-clip" } },
	{ "heavy-plasma-clip", CLIP(ALIEN, 3), .cost = 1, .weight = 3,
	    DMG(115, PB, 0), .capacity = 35 },

	/* §3.5 Support Weapons. */
	{ "heavy-cannon", WEAPON(SUPPORT, XCOM, 1), .cost = 25, .weight = 18,
	    .shots = { SNAP(0, 8), AIMED(30, 20) }, .nshots = 2,
	    .ammo = { "heavy-cannon-ap", "heavy-cannon-he",
	    "heavy-cannon-in" } },
	{ "heavy-cannon-ap", CLIP(XCOM, 1), .cost = 3, .weight = 6,
	    DMG(56, AP, 0), .capacity = 6 },
	{ "heavy-cannon-he", CLIP(XCOM, 1), .cost = 3, .weight = 6,
	    DMG(52, HE, 1), .capacity = 6 },
	{ "heavy-cannon-in", CLIP(XCOM, 1), .cost = 3, .weight = 6,
	    DMG(60, IN, 0), .capacity = 6 },
	/* "±20" is +20 (RULINGS §3). */
	{ "auto-cannon", WEAPON(SUPPORT, XCOM, 1), .cost = 20, .weight = 19,
	    .shots = { AUTO(-30, 10), SNAP(0, 8), AIMED(20, 20) },
	    .nshots = 3, .ammo = { "auto-cannon-ap", "auto-cannon-he",
	    "auto-cannon-in" } },
	{ "auto-cannon-ap", CLIP(XCOM, 1), .cost = 3, .weight = 5,
	    DMG(42, AP, 0), .capacity = 14 },
	{ "auto-cannon-he", CLIP(XCOM, 1), .cost = 3, .weight = 5,
	    DMG(44, HE, 1), .capacity = 14 },
	{ "auto-cannon-in", CLIP(XCOM, 1), .cost = 3, .weight = 5,
	    DMG(48, IN, 0), .capacity = 14 },
	/* Loads grenades, six at a time; throwing rules, no range limit
	 * (§6.2). */
	{ "grenade-launcher", WEAPON(SUPPORT, XCOM, 2), .cost = 20,
	    .weight = 10, .shots = { AUTO(-20, 17), SNAP(0, 15),
	    AIMED(20, 20) }, .nshots = 3, .capacity = 6, .thrown = true,
	    .ammo = { "grenade", "smoke-grenade", "proximity-grenade",
	    "high-explosive", "electro-flare", "alien-grenade" } },
	/* Rocket costs: RULINGS §3; launched as a throw is (§6.2). */
	{ "rocket-launcher", WEAPON(SUPPORT, XCOM, 1), .cost = 30,
	    .weight = 10, .shots = { SNAP(0, 11), AIMED(50, 19) },
	    .nshots = 2, .launched = true, .ammo = { "rocket-he-1", "rocket-he-2",
	    "rocket-in" } },
	{ "rocket-he-1", CLIP(XCOM, 1), .cost = 3, .weight = 6,
	    DMG(75, HE, 1), .capacity = 1 },
	{ "rocket-he-2", CLIP(XCOM, 1), .cost = 4, .weight = 6,
	    DMG(100, HE, 2), .capacity = 1 },
	{ "rocket-in", CLIP(XCOM, 1), .cost = 4, .weight = 6,
	    DMG(90, IN, 0), .capacity = 1 },
	/* Guided: waypoints, no range penalty (§6.1). */
	{ "blaster-launcher", WEAPON(SUPPORT, ALIEN, 3), .cost = 100,
	    .weight = 16, .shots = { AIMED(60, 20) }, .nshots = 1,
	    .guided = true, .ammo = { "blaster-bomb" } },
	{ "blaster-bomb", CLIP(ALIEN, 3), .cost = 5, .weight = 3,
	    DMG(200, HE, 3), .capacity = 1 },
	/* "±50" is +50; bomb costs: RULINGS §3; launched (§6.2). */
	{ "small-launcher", WEAPON(SUPPORT, ALIEN, 2), .cost = 30,
	    .weight = 5, .shots = { SNAP(0, 10), AIMED(50, 19) },
	    .nshots = 2, .launched = true, .ammo = { "stun-bomb", "he-bomb" } },
	{ "stun-bomb", CLIP(ALIEN, 2), .cost = 2, .weight = 1,
	    DMG(90, ST, 0), .capacity = 1 },
	{ "he-bomb", CLIP(ALIEN, 2), .cost = 4, .weight = 1,
	    DMG(90, HE, 2), .capacity = 1 },

	/* §3.5 Grenades. */
	{ "grenade", GRENADE(TIMED), .cost = 3, .weight = 3,
	    DMG(50, HE, 1) },
	{ "smoke-grenade", GRENADE(SMOKE), .cost = 2, .weight = 3,
	    DMG(60, ST, 0) },
	{ "proximity-grenade", GRENADE(PROXIMITY), .cost = 4, .weight = 3,
	    DMG(70, HE, 2) },
	{ "high-explosive", GRENADE(CHARGE), .cost = 6, .weight = 6,
	    DMG(110, HE, 3) },
	{ "electro-flare", GRENADE(FLARE), .cost = 1, .weight = 3,
	    DMG(0, CC, 0) },
	{ "alien-grenade", .class = ITEM_GRENADE, .kind = GRENADE_TIMED,
	    .side = SIDE_ALIEN, .tech = 1, .capacity = 1, .cost = 4,
	    .weight = 3, DMG(90, HE, 2) },

	/* §3.5 Armour: front, left, right, rear, under. */
	{ "personal-armour", .class = ITEM_ARMOUR, .side = SIDE_XCOM,
	    .tech = 1, .cost = 15, .armour = { 50, 40, 40, 30, 30 },
	    .susc = { 0, 5, 0, -5, -10, 0, 0, 0 } },
	{ "power-suit", .class = ITEM_ARMOUR, .side = SIDE_XCOM, .tech = 2,
	    .cost = 30, .armour = { 100, 80, 80, 70, 60 },
	    .susc = { 0, 0, 0, -10, IMM, 0, 0, 0 }, .str_bonus = 15 },
	{ "flying-suit", .class = ITEM_ARMOUR, .side = SIDE_XCOM, .tech = 3,
	    .cost = 40, .armour = { 110, 90, 90, 80, 70 },
	    .susc = { 0, 0, 0, -10, IMM, 0, 0, 0 }, .str_bonus = 10,
	    .flying = true },

	/* §3.5 Miscellaneous Equipment. */
	{ "knife", WEAPON(MELEE, XCOM, 1), .cost = 5, .weight = 1,
	    .shots = { MELEE(15, 10) }, .nshots = 1, DMG(15, CC, 0),
	    .capacity = UNL },
	{ "stun-rod", WEAPON(MELEE, XCOM, 1), .cost = 20, .weight = 6,
	    .shots = { MELEE(15, 10) }, .nshots = 1, DMG(90, ST, 0),
	    .capacity = UNL },
	/* 10 TU per psi attack, weight 8, the stray 6 ignored (RULINGS). */
	{ "psi-amp", .class = ITEM_EQUIPMENT, .kind = WEAPON_PSI,
	    .side = SIDE_XCOM, .tech = 2, .cost = 15, .weight = 8,
	    .shots = { { SHOT_PSI, 0, 10, 0, DMG_CC, 0 } }, .nshots = 1,
	    .capacity = UNL },
	/* 10 TU, 70 %, heals 10, 10 uses (RULINGS §3, §7.2.5). */
	{ "medikit", .class = ITEM_EQUIPMENT, .kind = WEAPON_MEDICAL,
	    .side = SIDE_XCOM, .tech = 1, .cost = 10, .weight = 5,
	    .shots = { { SHOT_HEAL, 70, 10, 0, DMG_CC, 0 } }, .nshots = 1,
	    .dmg = 10, .uses = 10 },

	/*
	 * §3.5 Internal Attacks: built in, not bought (level 0, no cost or
	 * weight); a blank ammunition column is unlimited.
	 */
	/* Snap TU: 8 (RULINGS §3). */
	{ "tank-cannon-turret", WEAPON(INTERNAL, XCOM, 0),
	    .shots = { SNAP(0, 8), AIMED(30, 20) }, .nshots = 2,
	    DMG(60, AP, 0), .capacity = 30 },
	{ "tank-rocket-pod", WEAPON(INTERNAL, XCOM, 0),
	    .shots = { SNAP(0, 11), AIMED(50, 19) }, .nshots = 2,
	    DMG(85, HE, 2), .capacity = 8 },
	{ "tank-laser-turret", WEAPON(INTERNAL, XCOM, 0),
	    .shots = { SNAP(10, 8), AIMED(25, 19) }, .nshots = 2,
	    DMG(110, LB, 0), .capacity = UNL },
	{ "hovertank-plasma-beam", WEAPON(INTERNAL, XCOM, 0),
	    .shots = { SNAP(15, 8), AIMED(50, 15) }, .nshots = 2,
	    DMG(110, PB, 0), .capacity = 255 },
	/* A fusion ball is guided (§3.2.2, §6.1). */
	{ "fusion-ball-launcher", WEAPON(INTERNAL, XCOM, 0),
	    .shots = { AIMED(60, 20) }, .nshots = 1, DMG(230, HE, 3),
	    .capacity = 8, .guided = true },
	/* Detonate: 0 TU, 90 HE-2 (§3.3.2, RULINGS). */
	{ "cyberdisk-plasma-beam", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { SNAP(15, 9), AIMED(50, 19),
	    { SHOT_DETONATE, 0, 0, 90, DMG_HE, 2 } }, .nshots = 3,
	    DMG(130, PB, 0), .capacity = 255 },
	{ "sectopod-beam", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { AUTO(-10, 11), SNAP(15, 9), AIMED(50, 19) },
	    .nshots = 3, DMG(100, LB, 0), .capacity = 255 },
	/* Thrown, the acid weighing 5 (§3.3.2, §6.2). */
	{ "celatid-spit", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { SNAP(15, 10), AIMED(50, 20) }, .nshots = 2,
	    DMG(140, AC, 0), .capacity = UNL, .thrown = true,
	    .throw_weight = 5 },
	{ "silacoid-touch", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { MELEE(0, 10) }, .nshots = 1, DMG(70, IN, 0),
	    .capacity = UNL },
	/* Implant -40, 10 TU: zombify, no damage (RULINGS). */
	{ "chrysalid-claws", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { MELEE(0, 10), { SHOT_IMPLANT, -40, 10, 0, DMG_CC,
	    0 } }, .nshots = 2, DMG(110, CC, 0), .capacity = UNL },
	{ "reaper-jaws", WEAPON(INTERNAL, ALIEN, 0),
	    .shots = { MELEE(0, 10) }, .nshots = 1, DMG(90, CC, 0),
	    .capacity = UNL },
};

/* --- helpers ------------------------------------------------------------ */

struct test_catalog_load {
	struct catalog	 cat;
	struct diags	*diags;
	size_t		 n;
	bool		 ok;
};

static void
test_catalog_load_paths(struct test_catalog_load *t, const char *const *paths,
    size_t n)
{
	size_t	i;

	t->n = n;
	t->diags = xcalloc(n, sizeof *t->diags);
	for (i = 0; i < n; i++)
		diags_init(&t->diags[i], paths[i], NULL, 0);
	t->ok = catalog_load_files(&t->cat, paths, n, t->diags);
}

static void
test_catalog_load_glob(struct test_catalog_load *t, const char *pattern)
{
	glob_t	g;

	assert_int_equal(glob(pattern, 0, NULL, &g), 0);
	test_catalog_load_paths(t, (const char *const *)g.gl_pathv,
	    g.gl_pathc);
	globfree(&g);
}

static void
test_catalog_load_one(struct test_catalog_load *t, const char *path)
{
	test_catalog_load_paths(t, &path, 1);
}

static void
test_catalog_unload(struct test_catalog_load *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		diags_free(&t->diags[i]);
	free(t->diags);
	catalog_free(&t->cat);
}

static void
test_catalog_dump(const struct test_catalog_load *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		diags_print(&t->diags[i], stderr);
}

/* Whether some problem formats exactly as want; prints all if not. */
static bool
test_catalog_has(const struct test_catalog_load *t, const char *want)
{
	size_t	i, j;

	for (i = 0; i < t->n; i++) {
		for (j = 0; j < t->diags[i].n; j++) {
			char *s = diag_format(&t->diags[i], j);
			bool same = strcmp(s, want) == 0;

			free(s);
			if (same)
				return true;
		}
	}
	fprintf(stderr, "missing: %s\nhave:\n", want);
	for (i = 0; i < t->n; i++)
		for (j = 0; j < t->diags[i].n; j++) {
			char *s = diag_format(&t->diags[i], j);
			fprintf(stderr, "  %s\n", s);
			free(s);
		}
	return false;
}

static int
test_catalog_errors(const struct test_catalog_load *t)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < t->n; i++)
		n += t->diags[i].errors;
	return n;
}

/* A failed load leaves the catalog empty and owning nothing. */
static void
test_catalog_assert_empty(const struct test_catalog_load *t)
{
	assert_false(t->ok);
	assert_null(t->cat.units);
	assert_null(t->cat.items);
	assert_int_equal(t->cat.nunits, 0);
	assert_int_equal(t->cat.nitems, 0);
}

/* --- the shipped catalog ------------------------------------------------- */

static void
test_catalog_shipped_loads(void **state)
{
	struct test_catalog_load	t;
	size_t				i, warnings = 0;

	(void)state;
	test_catalog_load_glob(&t, "units/*.yaml");
	if (!t.ok)
		test_catalog_dump(&t);
	assert_true(t.ok);
	for (i = 0; i < t.n; i++)
		warnings += t.diags[i].n;
	if (warnings > 0)
		test_catalog_dump(&t);
	assert_int_equal(warnings, 0);
	/* Nothing missing, nothing extra (each is compared below). */
	assert_int_equal(t.cat.nunits, XTAC_NITEMS(test_catalog_units));
	assert_int_equal(t.cat.nitems, XTAC_NITEMS(test_catalog_items));
	test_catalog_unload(&t);
}

static void
test_catalog_check_susc(const struct susceptibility *have, const int *want)
{
	int	d;

	for (d = 0; d < DMG_COUNT; d++) {
		if (want[d] == IMM) {
			assert_true(have[d].immune);
		} else {
			assert_false(have[d].immune);
			assert_int_equal(have[d].modifier, want[d]);
		}
	}
}

static void
test_catalog_shipped_units(void **state)
{
	struct test_catalog_load	t;
	size_t				i;
	int				k, s;

	(void)state;
	test_catalog_load_glob(&t, "units/*.yaml");
	assert_true(t.ok);
	for (i = 0; i < XTAC_NITEMS(test_catalog_units); i++) {
		const struct xunit *x = &test_catalog_units[i];
		const struct unit_type *u;

		fprintf(stderr, "unit %s\n", x->id);
		k = catalog_find_unit(&t.cat, x->id);
		assert_true(k >= 0);
		u = &t.cat.units[k];
		assert_int_equal(u->side, x->side);
		assert_int_equal(u->class, x->class);
		assert_int_equal(u->cost, x->cost);
		assert_int_equal(u->tech_level, x->tech);
		for (s = 0; s < STAT_COUNT; s++)
			assert_int_equal(u->stats[s], x->stats[s]);
		for (s = 0; s < ARMOUR_COUNT; s++)
			assert_int_equal(u->armour[s], x->armour[s]);
		test_catalog_check_susc(u->susceptibility, x->susc);
		assert_int_equal(u->size, x->size);
		assert_int_equal(u->flying, x->flying);
		assert_int_equal(u->can_kneel, x->kneel);
		if (x->weapon == NULL)
			assert_int_equal(u->weapon, -1);
		else {
			assert_int_equal(u->weapon,
			    catalog_find_item(&t.cat, x->weapon));
			assert_int_equal(t.cat.items[u->weapon].weapon_kind,
			    WEAPON_INTERNAL);
		}
		assert_true(u->name[0] != '\0');
	}
	test_catalog_unload(&t);
}

static void
test_catalog_check_item(const struct catalog *c, const struct xitem *x)
{
	const struct item_type	*it;
	int			 k, s;

	fprintf(stderr, "item %s\n", x->id);
	k = catalog_find_item(c, x->id);
	assert_true(k >= 0);
	it = &c->items[k];
	assert_true(it->name[0] != '\0');
	assert_int_equal(it->class, x->class);
	assert_int_equal(it->tech_side, x->side);
	assert_int_equal(it->tech_level, x->tech);
	assert_int_equal(it->cost, x->cost);
	assert_int_equal(it->weight, x->weight);
	if (it->class == ITEM_WEAPON || it->class == ITEM_EQUIPMENT)
		assert_int_equal(it->weapon_kind, x->kind);
	if (it->class == ITEM_GRENADE)
		assert_int_equal(it->grenade_kind, x->kind);
	assert_int_equal(it->nshots, x->nshots);
	for (s = 0; s < x->nshots; s++) {
		const struct shot *sh = &it->shots[s];

		assert_int_equal(sh->mode, x->shots[s].mode);
		assert_int_equal(sh->accuracy, x->shots[s].acc);
		assert_int_equal(sh->tu, x->shots[s].tu);
		assert_int_equal(sh->has_damage, x->shots[s].dmg > 0);
		if (sh->has_damage) {
			assert_int_equal(sh->damage.amount, x->shots[s].dmg);
			assert_int_equal(sh->damage.type, x->shots[s].type);
			assert_int_equal(sh->damage.he_class, x->shots[s].he);
		}
	}
	assert_int_equal(it->damage.amount, x->dmg);
	assert_int_equal(it->damage.type, x->type);
	assert_int_equal(it->damage.he_class, x->he);
	assert_int_equal(it->capacity, x->capacity);
	for (s = 0; s < CATALOG_MAX_AMMO && x->ammo[s] != NULL; s++)
		assert_int_equal(it->ammo[s], catalog_find_item(c, x->ammo[s]));
	assert_int_equal(it->nammo, s);
	assert_int_equal(it->guided, x->guided);
	assert_int_equal(it->launched, x->launched);
	assert_int_equal(it->thrown, x->thrown);
	assert_int_equal(it->throw_weight, x->throw_weight);
	for (s = 0; s < ARMOUR_COUNT; s++)
		assert_int_equal(it->armour[s], x->armour[s]);
	test_catalog_check_susc(it->susceptibility, x->susc);
	assert_int_equal(it->str_bonus, x->str_bonus);
	assert_int_equal(it->flying, x->flying);
	assert_int_equal(it->uses, x->uses);
}

static void
test_catalog_shipped_items(void **state)
{
	struct test_catalog_load	t;
	size_t				i;

	(void)state;
	test_catalog_load_glob(&t, "units/*.yaml");
	assert_true(t.ok);
	for (i = 0; i < XTAC_NITEMS(test_catalog_items); i++)
		test_catalog_check_item(&t.cat, &test_catalog_items[i]);
	test_catalog_unload(&t);
}

/* What the rest of the program relies on, checked through its functions. */
static void
test_catalog_shipped_rules(void **state)
{
	struct test_catalog_load	t;
	const struct catalog		*c;
	const struct item_type		*it;

	(void)state;
	test_catalog_load_glob(&t, "units/*.yaml");
	assert_true(t.ok);
	c = &t.cat;
	assert_true(catalog_ammo_fits(c, catalog_find_item(c, "rifle"),
	    catalog_find_item(c, "rifle-clip")));
	assert_false(catalog_ammo_fits(c, catalog_find_item(c, "rifle"),
	    catalog_find_item(c, "pistol-clip")));
	assert_true(catalog_ammo_fits(c, catalog_find_item(c,
	    "grenade-launcher"), catalog_find_item(c, "alien-grenade")));
	it = &c->items[catalog_find_item(c, "cyberdisk-plasma-beam")];
	assert_non_null(item_shot(it, SHOT_DETONATE));
	assert_int_equal(item_shot(it, SHOT_DETONATE)->tu, 0);
	assert_null(item_shot(it, SHOT_AUTO));
	/* §2.3: a level-2 X-Com side may take level-1 alien technology. */
	it = &c->items[catalog_find_item(c, "plasma-pistol")];
	assert_true(catalog_tech_allows(2, SIDE_XCOM, it->tech_level,
	    it->tech_side));
	assert_false(catalog_tech_allows(1, SIDE_XCOM, it->tech_level,
	    it->tech_side));
	test_catalog_unload(&t);
}

/* --- the loader's reports ------------------------------------------------ */

#define BAD	"tests/data/bad-catalog/"

static void
test_catalog_bad_unknown_key(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "unknown-key.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "unknown-key.yaml:9:5: unknown "
	    "key 'wieght' in a weapon (known: id, name, kind, side, tech, "
	    "cost, weight, shots, damage, capacity, ammo, guided, ... 3 "
	    "more)"));
	assert_true(test_catalog_has(&t, BAD "unknown-key.yaml:3:5: a weapon "
	    "is missing 'weight'"));
	assert_true(test_catalog_has(&t, BAD "unknown-key.yaml:11:35: unknown "
	    "key 'range' in a shot (known: accuracy, tu, damage)"));
	assert_int_equal(test_catalog_errors(&t), 3);
	test_catalog_unload(&t);
}

static void
test_catalog_bad_wrong_type(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "wrong-type.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:7:11: cost "
	    "should be a whole number, not 'lots'"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:8:11: tech "
	    "should be a scalar, not a list"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:9:12: stats is "
	    "missing 'pst'"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:11:13: armour "
	    "should list 5 values, front, left, right, rear and under, not "
	    "4"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:12:35: "
	    "susceptibility to AC should be a modifier like +10 or -15, or "
	    "'immune', not 'much'"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:12:41: unknown "
	    "key 'XX' in susceptibility (known: CC, AC, AP, ST, IN, HE, LB, "
	    "PB)"));
	assert_true(test_catalog_has(&t, BAD "wrong-type.yaml:13:13: flying "
	    "should be true or false, not 'maybe'"));
	assert_int_equal(test_catalog_errors(&t), 7);
	test_catalog_unload(&t);
}

static void
test_catalog_bad_references(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "unknown-ammo.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "unknown-ammo.yaml:12:12: "
	    "unknown ammunition 'rifle-clp' (known: rifle-clip)"));
	assert_true(test_catalog_has(&t, BAD "unknown-ammo.yaml:12:23: knife "
	    "is a weapon, not ammunition or a grenade"));
	assert_true(test_catalog_has(&t, BAD "unknown-ammo.yaml:37:13: "
	    "unknown built-in weapon 'reaper-jaw' (known: none)"));
	assert_int_equal(test_catalog_errors(&t), 3);
	test_catalog_unload(&t);
}

/* A reference resolves to another file; an unknown one lists the rest. */
static void
test_catalog_bad_reference_across_files(void **state)
{
	static const char *const paths[] = {
		BAD "unknown-ammo.yaml", "units/internal-attacks.yaml"
	};
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_paths(&t, paths, 2);
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "unknown-ammo.yaml:37:13: "
	    "unknown built-in weapon 'reaper-jaw' (known: tank-cannon-turret, "
	    "tank-rocket-pod, tank-laser-turret, hovertank-plasma-beam, "
	    "fusion-ball-launcher, cyberdisk-plasma-beam, sectopod-beam, "
	    "celatid-spit, silacoid-touch, ...)"));
	assert_int_equal(t.diags[1].n, 0);
	test_catalog_unload(&t);
}

static void
test_catalog_bad_duplicates(void **state)
{
	static const char *const paths[] = {
		BAD "duplicate-a.yaml", BAD "duplicate-b.yaml"
	};
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_paths(&t, paths, 2);
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "duplicate-a.yaml:5:10: "
	    "duplicate item id 'grenade' (first at line 3)"));
	assert_true(test_catalog_has(&t, BAD "duplicate-b.yaml:3:10: "
	    "duplicate item id 'grenade' (first at " BAD "duplicate-a.yaml:"
	    "3:10)"));
	assert_int_equal(test_catalog_errors(&t), 2);
	test_catalog_unload(&t);
}

static void
test_catalog_bad_damage(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "bad-damage.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "bad-damage.yaml:4:14: damage "
	    "'50 HE': HE needs its splash class, HE-1, HE-2 or HE-3 "
	    "(\xc2\xa7" "7.3)"));
	assert_true(test_catalog_has(&t, BAD "bad-damage.yaml:6:14: unknown "
	    "damage type 'XY' in '50 XY' (known: CC, AC, AP, ST, IN, HE-1, "
	    "HE-2, HE-3, LB, PB)"));
	assert_true(test_catalog_has(&t, BAD "bad-damage.yaml:8:14: damage "
	    "should be an amount and a type like '26 AP' or '75 HE-1', not "
	    "'lots'"));
	assert_true(test_catalog_has(&t, BAD "bad-damage.yaml:10:14: damage "
	    "should be an amount and a type like '26 AP' or '75 HE-1', not "
	    "'50'"));
	assert_true(test_catalog_has(&t, BAD "bad-damage.yaml:12:14: damage "
	    "99999 is out of range (0 to 10000)"));
	assert_int_equal(test_catalog_errors(&t), 5);
	test_catalog_unload(&t);
}

static void
test_catalog_bad_anchor_alias(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "anchor.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "anchor.yaml:8:13: anchors "
	    "(&facings) are not allowed in xtac files"));
	assert_int_equal(test_catalog_errors(&t), 1);
	test_catalog_unload(&t);
	test_catalog_load_one(&t, BAD "alias.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "alias.yaml:7:13: aliases "
	    "(*facings) are not allowed in xtac files; write the value out"));
	assert_int_equal(test_catalog_errors(&t), 1);
	test_catalog_unload(&t);
}

/* Every kind of node in the wrong place: all reported, in one load. */
static void
test_catalog_bad_shapes(void **state)
{
	static const char *const want[] = {
		"2:8: units should be a list, not a mapping",
		"4:5: a weapon should be a mapping, not a list",
		"5:9: id 'Bad_Id' should be lowercase letters, digits and "
		    "hyphens, starting with a letter (like laser-rifle)",
		"6:11: name should be a scalar, not a list",
		"7:11: unknown weapon kind 'laser' (known: small-arm, "
		    "support, melee, internal)",
		"8:11: unknown side 'martian' (known: xcom, alien, civilian)",
		"9:11: tech 9 is out of range (0 to 4)",
		"10:11: cost -1 is out of range (0 to 10000)",
		"12:12: shots should be a mapping, not a list",
		"13:11: ammo should be a list, not a mapping",
		"14:7: ammo should be a list, not a scalar",
		"16:4: a grenade should be a mapping, not a scalar",
		"23:13: armour should be a list, not a mapping",
		"24:21: susceptibility should be a mapping, not a list",
		"26:5: a psi amp is missing 'capacity'",
		"34:7: a psi amp has no melee shot (it may have: psi)",
		"35:12: a shot should be a mapping, not a scalar",
		"36:11: only a medical kit has 'heal'",
	};
	struct test_catalog_load	t;
	size_t				i;

	(void)state;
	test_catalog_load_one(&t, BAD "shapes.yaml");
	test_catalog_assert_empty(&t);
	for (i = 0; i < XTAC_NITEMS(want); i++) {
		char *s = xasprintf(BAD "shapes.yaml:%s", want[i]);

		assert_true(test_catalog_has(&t, s));
		free(s);
	}
	assert_int_equal(test_catalog_errors(&t), XTAC_NITEMS(want));
	test_catalog_unload(&t);
}

/* Values fine one by one that break the catalog's rules. */
static void
test_catalog_bad_rules(void **state)
{
	static const char *const want[] = {
		"12:13: a soldier carries its weapons; only HWPs and terror "
		    "units have a built-in 'weapon'",
		"13:5: an HWP needs its built-in 'weapon' (an internal "
		    "attack)",
		"30:28: a small arm has no melee shot (it may have: auto, "
		    "snap, aimed)",
		"31:15: a weapon that loads clips takes its capacity from "
		    "the clip; remove 'capacity'",
		"33:19: throw-weight is for a weapon with 'thrown: true'",
		"42:11: a weapon loads either clips or grenades, not both",
		"43:5: a weapon that loads grenades needs 'capacity' (how "
		    "many it holds)",
		"51:18: bomb is listed twice",
		"52:13: a weapon with 'ammo' deals the damage of the "
		    "ammunition loaded; remove 'damage'",
	};
	struct test_catalog_load	t;
	size_t				i;

	(void)state;
	test_catalog_load_one(&t, BAD "rules.yaml");
	test_catalog_assert_empty(&t);
	for (i = 0; i < XTAC_NITEMS(want); i++) {
		char *s = xasprintf(BAD "rules.yaml:%s", want[i]);

		assert_true(test_catalog_has(&t, s));
		free(s);
	}
	assert_int_equal(test_catalog_errors(&t), XTAC_NITEMS(want));
	test_catalog_unload(&t);
}

static void
test_catalog_bad_missing_file(void **state)
{
	struct test_catalog_load	t;

	(void)state;
	test_catalog_load_one(&t, BAD "no-such-file.yaml");
	test_catalog_assert_empty(&t);
	assert_true(test_catalog_has(&t, BAD "no-such-file.yaml: cannot open: "
	    "No such file or directory"));
	test_catalog_unload(&t);
}

/* --- robustness ----------------------------------------------------------- */

static void
test_catalog_write(const char *path, const char *text)
{
	FILE	*f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/*
 * Every line of a small valid catalog deleted, or its value swapped for
 * another kind of node: the loader must report and never crash or leak
 * (the sanitizer build runs this too).
 */
static void
test_catalog_mutations(void **state)
{
	static const char base[] =
	    "units:\n"
	    "  - id: tank\n"
	    "    name: Tank\n"
	    "    side: xcom\n"
	    "    class: hwp\n"
	    "    cost: 200\n"
	    "    tech: 1\n"
	    "    stats: {tu: 35, hth: 90, acc: 30, mac: -, tac: -, str: -,\n"
	    "            ret: +0, psk: -, pst: -}\n"
	    "    armour: [90, 75, 75, 60, 60]\n"
	    "    susceptibility: {CC: -5, IN: immune}\n"
	    "    size: 2\n"
	    "    flying: true\n"
	    "    weapon: gun\n"
	    "weapons:\n"
	    "  - id: gun\n"
	    "    name: Gun\n"
	    "    kind: internal\n"
	    "    side: xcom\n"
	    "    tech: 0\n"
	    "    shots:\n"
	    "      snap: {accuracy: +0, tu: 8}\n"
	    "      detonate: {tu: 0, damage: 90 HE-2}\n"
	    "    damage: 60 AP\n"
	    "    capacity: 30\n"
	    "  - id: launcher\n"
	    "    name: Launcher\n"
	    "    kind: support\n"
	    "    side: xcom\n"
	    "    tech: 2\n"
	    "    cost: 20\n"
	    "    weight: 10\n"
	    "    shots: {aimed: {accuracy: +20, tu: 20}}\n"
	    "    capacity: 6\n"
	    "    thrown: true\n"
	    "    throw-weight: 4\n"
	    "    ammo: [bomb]\n"
	    "  - {id: rifle, name: Rifle, kind: small-arm, side: alien,\n"
	    "     tech: 3, cost: 10, weight: 8, ammo: [clip],\n"
	    "     shots: {auto: {accuracy: -25, tu: 9}, snap: {tu: 6}}}\n"
	    "ammo:\n"
	    "  - {id: clip, name: Clip, cost: 3, weight: 6, capacity: 6,\n"
	    "     damage: 52 HE-1}\n"
	    "grenades:\n"
	    "  - {id: bomb, name: Bomb, kind: timed, side: xcom, tech: 1,\n"
	    "     cost: 3, weight: 3, damage: 50 HE-1}\n"
	    "armour:\n"
	    "  - {id: suit, name: Suit, side: xcom, tech: 1, cost: 15,\n"
	    "     armour: [50, 40, 40, 30, 30], str-bonus: 5, flying: yes}\n"
	    "equipment:\n"
	    "  - {id: kit, name: Kit, kind: medical, side: xcom, tech: 1,\n"
	    "     cost: 10, weight: 5, shots: {heal: {accuracy: 70, tu: 10}},\n"
	    "     heal: 10, uses: 10}\n";
	static const char *const values[] = {
		"[]", "{}", "-", "x", "", "[a, [b]]", "{a: {b: c}}",
		"99999999999999999999", "0 HE-9", "'", "&a x", "*a"
	};
	char		 path[] = "/tmp/xtac-test-catalog-XXXXXX";
	const char	*p = path;
	const char	*line, *nl, *colon;
	struct strbuf	 sb;
	size_t		 v, loads = 0, good = 0;
	int		 fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	for (line = base; *line != '\0'; line = nl + 1) {
		nl = strchr(line, '\n');
		colon = memchr(line, ':', (size_t)(nl - line));
		for (v = 0; v <= XTAC_NITEMS(values); v++) {
			struct test_catalog_load t;

			strbuf_init(&sb);
			strbuf_add(&sb, base, (size_t)(line - base));
			if (v < XTAC_NITEMS(values) && colon != NULL) {
				strbuf_add(&sb, line, (size_t)(colon - line));
				strbuf_printf(&sb, ": %s", values[v]);
			} else if (v < XTAC_NITEMS(values))
				continue;	/* no value to replace */
			strbuf_puts(&sb, nl);
			test_catalog_write(path, sb.data);
			strbuf_free(&sb);
			test_catalog_load_paths(&t, &p, 1);
			loads++;
			if (t.ok)
				good++;
			else
				assert_true(test_catalog_errors(&t) > 0);
			if (!t.ok)
				test_catalog_assert_empty(&t);
			test_catalog_unload(&t);
		}
	}
	/* The unmutated text itself loads. */
	{
		struct test_catalog_load t;

		test_catalog_write(path, base);
		test_catalog_load_paths(&t, &p, 1);
		if (!t.ok)
			test_catalog_dump(&t);
		assert_true(t.ok);
		test_catalog_unload(&t);
	}
	unlink(path);
	assert_true(loads > 300);
	assert_true(good < loads);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalog_shipped_loads),
		cmocka_unit_test(test_catalog_shipped_units),
		cmocka_unit_test(test_catalog_shipped_items),
		cmocka_unit_test(test_catalog_shipped_rules),
		cmocka_unit_test(test_catalog_bad_unknown_key),
		cmocka_unit_test(test_catalog_bad_wrong_type),
		cmocka_unit_test(test_catalog_bad_references),
		cmocka_unit_test(test_catalog_bad_reference_across_files),
		cmocka_unit_test(test_catalog_bad_duplicates),
		cmocka_unit_test(test_catalog_bad_damage),
		cmocka_unit_test(test_catalog_bad_anchor_alias),
		cmocka_unit_test(test_catalog_bad_shapes),
		cmocka_unit_test(test_catalog_bad_rules),
		cmocka_unit_test(test_catalog_bad_missing_file),
		cmocka_unit_test(test_catalog_mutations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
