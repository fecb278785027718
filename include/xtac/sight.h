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

#endif
