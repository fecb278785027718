/*
 * sight.h - lines of sight through the 3D grid (§4.3, RULINGS §4.3).
 *
 * A line runs from the viewer's eye (standing 8/10 of a level above its
 * floor, kneeling 5/10) to a point in the target square (by default its
 * centre, 5/10 up).  It is blocked by walls without windows, closed doors,
 * floors it passes through (not elevators or open air), solid objects and
 * the map's bounds; each square it crosses holding a unit, a low object or
 * smoke is one obstruction (-5 to hit each), and 4 obstructions block it.
 * The viewer's and the target's own squares never obstruct.  All arithmetic
 * is integer: replays depend on it.
 */
#ifndef XTAC_SIGHT_H
#define XTAC_SIGHT_H

#include <stdbool.h>
#include <stdint.h>

#include "xtac/field.h"
#include "xtac/map.h"

#define SIGHT_EYE_STANDING	8	/* tenths of a level */
#define SIGHT_EYE_KNEELING	5
#define SIGHT_CENTRE		5
#define SIGHT_SQUARE		1	/* low in a square: what lies there */
#define SIGHT_MAX_OBSTRUCTIONS	3	/* a 4th blocks */

enum sight_block {
	SIGHT_CLEAR,
	SIGHT_WALL,		/* a wall or closed door on an edge */
	SIGHT_FLOOR,		/* a floor or ceiling */
	SIGHT_OBJECT,		/* a solid object */
	SIGHT_OBSTRUCTED,	/* the 4th obstruction */
	SIGHT_OFF_MAP,
	SIGHT_BLOCK_COUNT
};
extern const char *const sight_block_names[SIGHT_BLOCK_COUNT];

struct sight_result {
	bool			visible;
	int			obstructions;	/* squares counted, up to 4 */
	enum sight_block	blocked_by;
	struct pos		block_at;	/* the square where it stopped */
	enum dir		block_side;	/* the edge, for SIGHT_WALL and for
						   SIGHT_OFF_MAP through a side;
						   else DIR_COUNT */
};

/*
 * One line of sight; eye and target heights in tenths of a level, 1..9.
 * The viewer must stand on the map; the target may lie off it.
 */
bool	sight_line(const struct field *, struct pos from, int eye,
	    struct pos to, int target, struct sight_result *);

/*
 * Field of view: every square within `radius` (Chebyshev, on every level)
 * whose centre the eye sees.  visible is [z][y][x], set to 1 or 0.
 */
void	sight_fov(const struct field *, struct pos from, int eye, int radius,
	    uint8_t *visible);

/*
 * Kept sight bits: what sight reads of every square of a field (walls on
 * its edges, solid or obstructing content, whether its floor blocks), for
 * the whole map, built once and then brought up to date square by square,
 * so that a field of view or a line reads one byte a square and builds
 * nothing.  Also kept: per level, sums of the squares whose floor lets
 * sight through (so a field of view skips a level that no line can
 * reach), and the tables of the viewer's level's sweep for one radius.
 *
 * The owner keeps the field and its map and must call sight_map_touch for
 * every square whose floor, object or field flags changed, and for both
 * squares beside a changed edge; the work is done, for those squares
 * only, at the next sight_fov_kept or sight_map_line.
 */
struct sight_map {
	const struct field	*field;		/* borrowed */
	uint8_t			*bits;		/* [z][y][x] */
	uint32_t		*mark;		/* [z][y][x]: sight_fov_kept */
	uint32_t		 call;
	int32_t			*open;		/* [z][y + 1][x + 1] sums */
	struct pos		*dirty;
	size_t			 ndirty;
	size_t			 dirty_cap;
	bool			 all;		/* rebuild everything */
	bool			*open_dirty;	/* [z] */
	int			 rays_radius;	/* the map's larger side */
	struct sight_cast	*cast;		/* sight-cast.c's tables */
	uint32_t		 floors;	/* bumped when a floor changes */
	bool			 edges;		/* changed: sight_map_edges */
	/*
	 * Bumped by each sync that found a square letting more through
	 * than before (a bit cleared: a wall, floor or object gone, smoke
	 * cleared); opened[i] is the value it took then.  A change that
	 * only adds to what blocks can only hide what was seen: a reader
	 * keeps the value it last saw, and square i opened since when
	 * opened[i] is greater.
	 */
	uint32_t		 opens;
	uint32_t		*opened;	/* [z][y][x] */
};

void	sight_map_init(struct sight_map *, const struct field *);
void	sight_map_free(struct sight_map *);
void	sight_map_touch(struct sight_map *, struct pos);
/* Everything may have changed (a new field, a loaded map). */
void	sight_map_touch_all(struct sight_map *);
/*
 * Whether any square's edges changed (a wall, a door) since the last
 * call, with the squares touched since brought up to date first.
 */
bool	sight_map_edges(struct sight_map *);

/*
 * sight_fov from kept bits: the same squares, decided the same way, but
 * nothing is cleared or built per call.  Returns how many squares are
 * visible and, if out is not NULL (room for every square in reach), their
 * [z][y][x] indices; sight_map_visible tells a square's until the next
 * call.
 */
size_t	sight_fov_kept(struct sight_map *, struct pos from, int eye,
	    int radius, uint32_t *out);

/*
 * The squares whose sight bits a field of view read, as a box: no change
 * outside it (nor of a floor, which may open other levels to its lines:
 * sight_map.floors tells) can change what it sees.  On the viewer's level
 * alone, the box of where its lines stopped; when lines went to other levels,
 * the whole radius box, over every level they went to.  lo[0] > hi[0] when it
 * read nothing.
 */
struct sight_reach {
	int	lo[3];		/* x, y, z */
	int	hi[3];
};

/* sight_fov_kept, telling also the box of what it read. */
size_t	sight_fov_kept_reach(struct sight_map *, struct pos from, int eye,
	    int radius, uint32_t *out, struct sight_reach *);
/*
 * A kept field of view from `from`, brought up to date after the sight
 * bits of the squares in box `at` changed: every square whose line passes
 * the block of squares a change there can reach is decided again and,
 * when that differs from `seen` (the caller's bit set of the squares the
 * field of view holds, [z][y][x], which fn keeps up to date), handed to fn
 * with whether it is seen now: a redo touches many squares and changes
 * few, and the call per square was most of its cost in a battle; reach
 * (the field of view's, from sight_fov_kept_reach) grows with where lines
 * now stop.  The block is the squares of `at` when only what is in them
 * changed (units, objects, smoke: edges false), and a square more on each
 * side when edges may have changed (their neighbours' bits hold the same
 * edges; a floor made or broken counts as an edge).  A changed floor may
 * open levels to the lines: reach takes them in, as a fresh field of view
 * would.  false, and nothing done, when the block holds the viewer's
 * square or a level the lines reached is closed to them now: then work
 * the whole field of view out again.
 */
bool	sight_fov_kept_redo(struct sight_map *, struct pos from, int eye,
	    int radius, const struct sight_reach *at, bool edges,
	    struct sight_reach *reach, const uint64_t *seen,
	    void (*fn)(void *, uint32_t, bool), void *ctx);
/*
 * The same when no square of the block lets more through than before
 * (none opened, sight_map.opened): only the squares `seen` holds whose
 * line passes the block can change (to hidden), and only they are decided
 * again, each by its own line; reach stays as it is (lines stop no
 * further).  false, and nothing done, when the block holds the viewer's
 * square or a level the lines reached is closed to them now.
 */
bool	sight_fov_kept_thicken(struct sight_map *, struct pos from, int eye,
	    int radius, const struct sight_reach *at, bool edges,
	    const struct sight_reach *reach, const uint64_t *seen,
	    void (*fn)(void *, uint32_t, bool), void *ctx);
bool	sight_map_visible(const struct sight_map *, struct pos);

/* Whether sight_line would see `to` (on the map), from kept bits. */
bool	sight_map_line(struct sight_map *, struct pos from, int eye,
	    struct pos to, int target);

#endif
