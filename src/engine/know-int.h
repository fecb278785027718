/*
 * know-int.h - the inside of the knowledge layer (know.h), shared by
 * know.c (each side's memory, fed from sight) and know-event.c (the
 * seen-by stamp and the views of events) and nothing else.
 */
#ifndef XTAC_KNOW_INT_H
#define XTAC_KNOW_INT_H

#include "game-int.h"
#include "xtac/know.h"

struct know_side {
	struct map		*map;		/* terrain as last seen */
	uint8_t			*vis;		/* [cell] in sight now */
	size_t			*inview;	/* the cells in sight, listed */
	size_t			 ninview;
	int			*round;		/* [cell] last seen, -1 never */
	uint8_t			*smoke;		/* [cell] as last seen */
	uint8_t			*fire;
	struct know_item	*ground;
	size_t			 nground;
	size_t			 ground_cap;
	int			*unit_round;	/* [unit] when last seen */
	enum dir		*unit_facing;
	const struct unit_type	**unit_t;
};

/* What a unit brings to everyone's sight: its eyes, its body. */
struct know_body {
	struct pos		 pos;
	enum dir		 facing;
	bool			 kneeling;
	bool			 prone;
	enum unit_status	 status;
	enum side		 controller;
	const struct unit_type	*t;
};

/*
 * The world sight was last worked out in: while it is the same, what
 * every side sees is too, and no sight need be worked out again.
 */
struct know_world {
	bool			 valid;
	size_t			 nunits;
	struct know_body	*bodies;	/* [units_cap] */
	uint8_t			*flags;		/* the field's */
	struct map		*map;		/* squares and edges */
};

struct know {
	struct know_side	 sides[SIDE_COUNT];
	size_t			 cells;
	struct know_world	 world;
};

/* The index of a square in [z][y][x] arrays. */
size_t	know_index(const struct map *, struct pos);
/* Bring side's memory of what it sees now up to the truth. */
void	know_sync(struct game *, size_t side);

#endif
