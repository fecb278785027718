/*
 * new.h - what `xtac new` (cmd-new.c) shares with the making of its maps
 * of blocks (new-map.c): the command's options, and writing a file.
 */
#ifndef XTAC_CLI_NEW_H
#define XTAC_CLI_NEW_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "xtac/blocks.h"
#include "xtac/catalog.h"
#include "xtac/rng.h"
#include "xtac/scenario.h"
#include "xtac/squad.h"

/*
 * A side's craft (§4.1: each side deploys in its craft): a template of
 * maps/craft/, its size and the squares of it a unit stands on (hull and
 * elevator floors, in the template's own squares), its crew's zone.
 */
#define NEW_MAX_BLOCKS	8	/* blocks along a side of a made map */

struct new_craft {
	char		*name;		/* NULL: the side has none */
	int		 w, h;
	struct pos	*crew;
	size_t		 ncrew;
	struct map	*map;		/* the template, owned */
	/* Its hull's outer walls on the ground, a crash's to break (§2.3). */
	struct pos	*hull;
	enum dir	*hull_side;
	size_t		 nhull;
};

struct new_options {
	char		*map;		/* --map: a map or a shipped name */
	char		*terrain;	/* --terrain */
	int		 cols, rows;	/* --blocks */
	enum mission	 mission;
	bool		 mission_given;
	int		 tech;		/* 1..4 */
	int		 points;	/* each side's budget; 0: none */
	char		*squad[SIDE_COUNT];
	uint64_t	 seed;
	char		*name;
	char		*out;
	bool		 blocks_given;	/* --blocks; else fitted to the craft */
	bool		 craft_none[SIDE_CIVILIAN];	/* none for the side */
	struct new_craft craft[SIDE_CIVILIAN];	/* --craft, by side */
	/*
	 * --secret (§2.3 Missions): a side's secret mission, one of the four
	 * or MISSION_ASSAULT for one the game draws among all it can do.
	 */
	bool		 secret_given[SIDE_CIVILIAN];
	enum mission	 secret[SIDE_CIVILIAN];
};

/*
 * What a drawn and loaded map of blocks shows the mission's making
 * (new-mission.c), over the loaded map's squares: what each side's zones
 * (as drawn, before the cut) see, and the walk from X-Com's first zone
 * square (PATH_UNREACHABLE where it does not go).
 */
struct new_view {
	int		 w, h, levels;
	uint8_t		*seen[SIDE_CIVILIAN];
	int		*cost;
	int		 town0, town1;	/* rows between the sides' edges */
};

/* A side's craft on the map: its box of squares (inclusive); x0 < 0 none. */
struct new_box {
	int		 x0, y0, x1, y1;
};

/*
 * What the mission adds to a map: the lines of each side's block after its
 * zones (objective, secret), and the units (a terror site's civilians).
 */
struct new_extra {
	char		*side[SIDE_CIVILIAN];
	char		*units;
};

/* Both squads (squad.h), as far as they read; have[side] if one did. */
struct new_squads {
	struct squad	 sq[SIDE_CIVILIAN];
	bool		 have[SIDE_CIVILIAN];
};

/* Write text to path; 0, or -1 after a message. */
int	new_write(const char *, const char *);
/* The side a craft template of maps/craft/ belongs to (§3.2.3, §3.3.4). */
enum side new_craft_side(const char *);
/*
 * Each side's craft read from maps/craft/, and the map's size in blocks
 * fitted to them (unless --blocks gave it): 0, or an exit status after a
 * message.
 */
int	new_crafts(const struct cli *, const struct catalog *,
	    struct new_options *);
void	new_crafts_free(struct new_options *);
/* The rows of squares a side takes along its edge: its craft's, or a block. */
int	new_depth(const struct new_options *, int);
/*
 * Ship boarding (§2.3: an X-Com craft docked to a UFO): the two docked
 * door to door (block_dock()), X-Com's craft the south one when X-Com's
 * edge is the south.  False if one has no door to dock by.
 */
bool	new_dock(const struct new_options *, bool, struct block_dock *);
/* TUs: any walk on the biggest map. */
#define NEW_WALK	100000

/*
 * The masks ([levels][h][w], a side's zones as drawn) cut to a fair start
 * on the loaded map, what they see and where X-Com walks kept in v
 * (new_view_free()): the fewest squares a side keeps.
 */
size_t	new_cut(const struct scenario *, int, unsigned char *const *,
	    struct new_view *);
void	new_view_free(struct new_view *);
/* Whether the side's squad has a 2x2 unit that walks. */
bool	new_big_walker(const struct catalog *, const struct new_squads *,
	    int);
/*
 * The masks cut where a 2x2 walker of the side would be shut in: the
 * fewest squares a side keeps.
 */
size_t	new_cut_traps(const struct scenario *, const struct new_squads *,
	    int, unsigned char *const *);
/* The squads o names, read from their files (new_squads_free()). */
void	new_squads_load(const struct cli *, const struct catalog *,
	    const struct new_options *, struct new_squads *);
void	new_squads_free(struct new_squads *);
/*
 * The mission's additions to an accepted map s (drawn with masks as its
 * zones, dims v's), drawn from r: 0; EXIT_INVALID when this map has too
 * little room for them (drawn again); EXIT_USAGE after a message when no
 * map can have them (a secret mission nobody can achieve).
 */
int	new_mission_extra(const struct new_options *, const struct scenario *,
	    const struct new_squads *, const struct new_box *, bool,
	    unsigned char *const *, int, const struct new_view *,
	    struct rng *, struct new_extra *);
void	new_extra_free(struct new_extra *);
/* Whether a side's secret mission kind, named, is one: the mission. */
bool	new_secret_kind(const char *, enum mission *);
/* Write a map of blocks at path: 0, or an exit status. */
int	new_map(const struct cli *, const struct catalog *,
	    const struct new_options *, const char *);

#endif
