/*
 * new.h - what `xtac new` (cmd-new.c) shares with the making of its maps
 * of blocks (new-map.c): the command's options, and writing a file.
 */
#ifndef XTAC_CLI_NEW_H
#define XTAC_CLI_NEW_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "xtac/catalog.h"
#include "xtac/scenario.h"

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
	char		*craft;		/* --craft: a template; "none" */
	int		 craft_w, craft_h;	/* its squares */
};

/* Write text to path; 0, or -1 after a message. */
int	new_write(const char *, const char *);
/* The craft's size into o from maps/craft/: 0, or an exit status. */
int	new_craft_size(const struct cli *, const struct catalog *,
	    struct new_options *);
/* Write a map of blocks at path: 0, or an exit status. */
int	new_map(const struct cli *, const struct catalog *,
	    const struct new_options *, const char *);

#endif
