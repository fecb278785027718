/*
 * game-vis.h - the kept sight of game-vis.c, shared with game-seen.c (the
 * squares in sight).  Nothing else reads it.
 */
#ifndef XTAC_GAME_VIS_H
#define XTAC_GAME_VIS_H

#include "game-int.h"

/* What a unit's lines depend on, as they were last computed. */
struct vis_was {
	struct pos		 pos;
	const struct unit_type	*t;
	enum side		 controller;
	enum dir		 facing;
	bool			 kneeling;
	enum unit_status	 status;
};

struct game_vis {
	struct sight_map	 sm;
	uint8_t			*field_was;	/* obstructing flags then */
	size_t			 nsquares;
	size_t			 n;		/* units in the tables */
	size_t			 words;		/* of a unit bit set */
	uint8_t			*pair;		/* [viewer][target] */
	struct vis_was		*was;
	struct pos		*dirty;		/* squares changed since */
	size_t			 ndirty;
	size_t			 dirty_cap;
	bool			 all;		/* recompute every line */
	uint64_t		*sets;		/* bit sets, 6 x words */
	uint64_t		*row;		/* words */
	uint32_t		*list;		/* a field of view's squares */
	uint32_t		*news;		/* game_side_sight_new's */
	size_t			 nnews;
	uint32_t		*side_mark[SIDE_COUNT];
	uint32_t		 side_call[SIDE_COUNT];
	/*
	 * The targets whose column changed (a line to them, their square,
	 * their state) since game_vis_update last ran, or all of them.
	 */
	uint8_t			*col;
	bool			 col_all;
};

/* The game's kept sight, made on first use (the game's cache). */
struct game_vis	*game_vis_get(const struct game *);
/* The square at [z][y][x] index i. */
struct pos	 game_vis_pos(const struct map *, size_t i);

#endif
