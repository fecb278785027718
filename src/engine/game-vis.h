/*
 * game-vis.h - the kept sight of game-vis.c, shared with game-seen.c (the
 * squares in sight).  Nothing else reads it.
 */
#ifndef XTAC_GAME_VIS_H
#define XTAC_GAME_VIS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "game-int.h"

/*
 * What a unit's lines depend on, as they were last computed.  pos and
 * facing lie together as in struct unit, so game_vis_changed compares
 * them as two words.
 */
struct vis_was {
	struct pos		 pos;
	enum dir		 facing;
	const struct unit_type	*t;
	enum side		 controller;
	bool			 kneeling;
	enum unit_status	 status;
};

/*
 * One unit's kept field of view (game-seen.c): the squares it sees, worked
 * out for the unit as `was` says, with the box of squares its lines read
 * (sight_fov_kept_reach).  Good while the unit is as it was and no floor
 * changed; a changed square inside the box has the lines through it
 * decided again (sight_fov_kept_redo).
 */
struct vis_fov {
	uint64_t		*bits;		/* [cells / 64]: it sees i */
	struct vis_was		 was;
	struct sight_reach	 reach;
	uint32_t		 floors;	/* sm.floors then */
	int			 side;		/* whose counts hold it, or -1 */
	bool			 valid;
};

struct game_vis {
	struct sight_map	 sm;
	uint8_t			*field_was;	/* obstructing flags then */
	size_t			 nsquares;
	size_t			 n;		/* units in the tables */
	size_t			 words;		/* of a unit bit set */
	uint8_t			*pair;		/* [viewer][target] */
	uint8_t			*seers;		/* the same, [target][viewer] */
	struct vis_was		*was;
	struct pos		*dirty;		/* squares changed since */
	size_t			 ndirty;
	size_t			 dirty_cap;
	bool			 all;		/* recompute every line */
	uint32_t		 opens;		/* sm.opens at the last sync */
	uint64_t		*sets;		/* bit sets, 6 x words */
	uint64_t		*row;		/* words */
	uint32_t		*list;		/* a field of view's squares */
	/*
	 * game-seen.c: each unit's field of view; per side, how many of its
	 * units see each square (kept for the sides asked about), and the
	 * squares whose count went to or from 0 since
	 * game_side_sight_changes last ran, each listed once (flipped).
	 */
	struct vis_fov		*fov;
	size_t			 nfov;
	size_t			 fov_words;	/* of a vis_fov's bits */
	struct pos		*touched;	/* changed since, for them */
	uint32_t		 seen_opens;	/* sm.opens when they were */
	size_t			 ntouched;
	size_t			 touched_cap;
	bool			 tracked[SIDE_COUNT];
	uint16_t		*count[SIDE_COUNT];
	uint32_t		*flips[SIDE_COUNT];
	size_t			 nflips[SIDE_COUNT];
	uint8_t			*flipped[SIDE_COUNT];
	/* The squares whose count is not 0, listed; each one's place. */
	uint32_t		*inview[SIDE_COUNT];
	size_t			 ninview[SIDE_COUNT];
	uint32_t		*inview_at[SIDE_COUNT];
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
/* Bring who-sees-whom up to the state (and mark the fields of view). */
void		 game_vis_sync(const struct game *);
/* A unit's snapshot, and whether the unit is no longer as it says. */
void		 game_vis_snapshot(const struct unit *, struct vis_was *);

_Static_assert(offsetof(struct unit, facing) == offsetof(struct unit, pos) +
    sizeof(struct pos) && offsetof(struct vis_was, facing) ==
    offsetof(struct vis_was, pos) + sizeof(struct pos) &&
    sizeof(struct pos) + sizeof(enum dir) == 2 * sizeof(uint64_t),
    "pos and facing lie together in two words");

/*
 * Inline and without branches: every sync asks it of every unit (the
 * reaction check asks twice a step).
 */
static inline bool
game_vis_changed(const struct unit *u, const struct vis_was *w)
{
	uint64_t	a[2], b[2];

	memcpy(a, (const char *)u + offsetof(struct unit, pos), sizeof a);
	memcpy(b, (const char *)w + offsetof(struct vis_was, pos), sizeof b);
	return ((a[0] ^ b[0]) | (a[1] ^ b[1]) |
	    (uint64_t)((uintptr_t)u->t ^ (uintptr_t)w->t) |
	    (uint64_t)(u->controller ^ w->controller) |
	    (uint64_t)(u->kneeling ^ w->kneeling) |
	    (uint64_t)(u->status ^ w->status)) != 0;
}

/* Box b grown to hold p; first: b held nothing yet. */
static inline void
game_vis_box_add(struct sight_reach *b, struct pos p, bool first)
{
	const int	c[3] = { p.x, p.y, p.z };
	int		a;

	for (a = 0; a < 3; a++) {
		if (first || c[a] < b->lo[a])
			b->lo[a] = c[a];
		if (first || c[a] > b->hi[a])
			b->hi[a] = c[a];
	}
}

/*
 * game-seen.c: the fields of view that a change of square p (its bits or
 * its neighbours') may change are worked out again when next asked;
 * _all: every one.  _free: what game-seen.c keeps.
 */
void		 game_seen_touch(struct game_vis *, struct pos p);
void		 game_seen_touch_all(struct game_vis *);
void		 game_seen_free(struct game_vis *);

#endif
