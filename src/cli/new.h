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
#include "xtac/scenario.h"

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
/* Write a map of blocks at path: 0, or an exit status. */
int	new_map(const struct cli *, const struct catalog *,
	    const struct new_options *, const char *);

#endif
