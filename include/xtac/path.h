/*
 * path.h - movement costs, cheapest paths and reachable sets (§5,
 * RULINGS §5).  Costs are TUs, integers:
 *
 *	straight step 2, diagonal 3; +3 up a level, +2 down (on the step that
 *	changes level: stairs, ramps, elevators); +1 entering an uneven floor
 *	(once for a 2x2 unit); fly 2/3; hover straight up or down 4;
 *	+2 to open a closed door on the way; +2 to stand first if kneeling;
 *	every cost x2 when encumbered and x2 per leg critical (cumulative).
 *
 * A diagonal step is blocked when any edge touching the corner the two
 * squares share blocks movement.  A 2x2 unit needs every edge it crosses
 * free and never straddles an internal wall.  Walkers need a floor to step
 * on (a 2x2 walker: under at least one of its squares); flyers may hover
 * up to 4 levels above the ground.  Squares flagged FIELD_UNIT are not
 * entered: the caller clears the mover's own footprint first, or names it
 * to the _with forms below (own).
 */
#ifndef XTAC_PATH_H
#define XTAC_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/field.h"
#include "xtac/map.h"

#define PATH_UNREACHABLE	(-1)
#define PATH_MAX_HOVER		4	/* levels above level 1 */

struct mover {
	int	size;		/* 1 or 2; pos is the top-left square */
	bool	flying;
	bool	kneeling;	/* must stand (2 TU, scaled) before moving */
	int	multiplier;	/* 1, 2, 4 ...: encumbrance and leg criticals */
};

struct path_step {
	struct pos	pos;
	int		tu;		/* cumulative cost on arriving here */
	bool		opens_door;	/* this step opens a closed door */
};

struct path {
	struct path_step	*steps;	/* excludes the start square */
	size_t			 n;
	int			 tu;	/* total */
};

/*
 * Cost of one step from `from` to the adjacent `to`, or PATH_UNREACHABLE.
 * The _with form: FIELD_UNIT on the mover's footprint at *own does not
 * block (as path_find_with's own).
 */
int	path_step_cost(const struct field *, const struct mover *,
	    struct pos from, struct pos to, bool *opens_door);
int	path_step_cost_with(const struct field *, const struct mover *,
	    const struct pos *own, struct pos from, struct pos to,
	    bool *opens_door);

/*
 * Cheapest path within max_tu (A*); returns its cost, or PATH_UNREACHABLE
 * and an empty path.  The path owns its steps: path_free().
 */
int	path_find(const struct field *, const struct mover *, struct pos from,
	    struct pos to, int max_tu, struct path *);
void	path_free(struct path *);

/*
 * Every square reachable within max_tu (Dijkstra): cost is [z][y][x], the
 * cheapest TUs or PATH_UNREACHABLE.
 */
void	path_reach(const struct field *, const struct mover *, struct pos from,
	    int max_tu, int *cost);

/*
 * The steps a 1x1 walker could take from each square on its level, kept
 * for one map by whoever changes it: per square, four bits of base cost for
 * each of the eight directions (0: no step; units aside, they are the
 * field's).  path_moves_touch() says a square's floor or object or one of
 * its edges changed (before or after the change): the words round it are
 * brought up to date when next read (path_moves_sync).  A scratch given one
 * (sc->moves) reads it instead of the map, for 1x1 walkers on its map.
 */
struct path_moves {
	const struct map	*map;
	uint32_t		*w;		/* [z][y][x] */
	uint8_t			*climb;		/* [z][y][x]: a stair or ramp
						   end, or an elevator floor
						   here or above: a walker
						   may leave the level */
	struct pos		*dirty;		/* touched since the sync */
	size_t			 ndirty;
	size_t			 dirty_cap;
	bool			 all;		/* too many: build afresh */
	/*
	 * Terrain components: squares a walker could join by steps of the
	 * words (closed doors included), links and elevators, were no unit
	 * in the way.  A goal in another component than the start has no
	 * path, and path_find_with says so at once.  open[i]: square i's
	 * steps (bit d: direction d on the level; bit 8: up an elevator);
	 * comp[], a union-find forest over them, kept as steps come and go
	 * (path-moves.c).
	 */
	uint16_t		*open;		/* [z][y][x] */
	int32_t			*comp;		/* [z][y][x]: parent */
	uint32_t		*lost;		/* steps lost since the sync */
	size_t			 nlost;
	size_t			 lost_cap;
	bool			 comp_stale;
};

void	path_moves_init(struct path_moves *, const struct map *);
void	path_moves_free(struct path_moves *);
void	path_moves_touch(struct path_moves *, struct pos);
void	path_moves_sync(struct path_moves *);
/*
 * Whether the words, synced, equal those built afresh from the map, and
 * the components are its terrain's.
 */
bool	path_moves_check(struct path_moves *);
/* Whether squares i and j ([z][y][x]) lie in one component (synced). */
bool	path_moves_joined(struct path_moves *, size_t i, size_t j);

/*
 * Search scratch kept between calls, for callers that search often: the
 * _with forms give exactly what path_find and path_reach give, but clear
 * only what the last search touched instead of allocating and clearing
 * arrays of the whole map, and sort the map's stairs only when they differ
 * from the last search's.  Any field and map may be handed to it.  With
 * `own` not NULL, FIELD_UNIT on the mover's footprint at *own (its own
 * squares) does not block, as if the caller had cleared it.
 */
struct path_scratch {
	size_t			 n;		/* squares */
	int			*g;		/* all -1 between searches */
	int32_t			*parent;
	uint32_t		*touched;	/* squares g was set on */
	size_t			 ntouched;
	uint64_t		*heap;
	size_t			 heap_cap;
	uint32_t		*bucket[16];	/* path_reach's queue */
	size_t			 nbucket[16];
	size_t			 bucket_cap[16];
	void			*lends;		/* the sorted stairs */
	size_t			 nlends;
	uint64_t		 lfilter[16];
	struct map_link		*links;		/* what they were sorted from */
	size_t			 nlinks;
	struct path_moves	*moves;		/* the owner's, or NULL */
	/*
	 * keep_cost: the owner promises that a cost array it hands to
	 * path_reach_with again is as the last call left it; that call's
	 * squares are then cleared, not the whole array.  (An array other
	 * than the last is cleared whole.)  An owner that frees the array
	 * sets last_cost to NULL: a new one may come at the same address.
	 */
	bool			 keep_cost;
	const int		*last_cost;	/* the last call's array */
	uint32_t		*reached;	/* the squares it set */
	size_t			 nreached;
};

void	path_scratch_init(struct path_scratch *);
void	path_scratch_free(struct path_scratch *);
int	path_find_with(struct path_scratch *, const struct field *,
	    const struct mover *, const struct pos *own, struct pos from,
	    struct pos to, int max_tu, struct path *);
void	path_reach_with(struct path_scratch *, const struct field *,
	    const struct mover *, const struct pos *own, struct pos from,
	    int max_tu, int *cost);

#endif
