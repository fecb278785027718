/*
 * blocks.h - maps composed of blocks (rulebook §4.1: the map is laid out
 * tile by tile).  A block is a small map drawn on its own (5x5 squares,
 * every level, its edge walls and objects; xtac-map(5)); a composed map is a
 * grid of blocks, each turned by quarter turns.  src/data reads the files;
 * this is only the geometry.
 */
#ifndef XTAC_BLOCKS_H
#define XTAC_BLOCKS_H

#include "xtac/map.h"

#define BLOCK_SIDE	5	/* squares along each side of a block */

/*
 * Where square (x, y) of a w x h block lands when the block is turned
 * clockwise by `quarters` quarter turns (its top-left square staying the
 * top-left of what it covers), and where a side of it faces then.
 */
void	block_turn_pos(int w, int h, int quarters, int x, int y, int *tx,
	    int *ty);
enum dir block_turn_dir(enum dir, int quarters);

/*
 * Copy block src onto dst with its top-left square at (x0, y0), turned
 * clockwise by `quarters`: floors, objects (added to dst by name), every
 * edge that is not open (so a wall on either of two touching blocks'
 * borders stands), stairs, ramps and buildings.  src must be square and
 * fit; levels above src's stay as they were.
 */
void	block_place(struct map *dst, const struct map *src, int x0, int y0,
	    int quarters);

/*
 * §4.1: land a craft template (a map of any size) on dst at (x0, y0), turned
 * by `quarters`.  The craft is every square of the template but plain
 * grass with nothing on it or above it (the ground around the hull, which
 * dst keeps).  Under it fences, vegetation (trees, cacti; tall grass and
 * hay become grass) and mounds (soil columns, and the floors above them)
 * are flattened; it may not cross a building: a wall, window or door
 * between two of its squares, a square of a building's box, or any other
 * object.  Returns true, or false with *clash set to the first such square
 * and dst unchanged.  The craft must fit on dst.
 */
bool	block_land_craft(struct map *dst, const struct map *craft, int x0,
	    int y0, int quarters, struct pos *clash);

/*
 * Mark in cover (dst's width x height, a byte a ground square) each square
 * of dst that a craft landed at (x0, y0), turned by `quarters`, takes: every
 * square of the template but the plain grass around its hull.
 */
void	block_craft_cover(const struct map *dst, const struct map *craft,
	    int x0, int y0, int quarters, unsigned char *cover);

/*
 * A craft template's main door: the doors on the south side of its hull
 * that open onto the ground around it, in the template's columns x0..x1.
 * False if it has none there.
 */
bool	block_craft_door(const struct map *craft, int *x0, int *x1);

/*
 * Ship boarding (rulebook §2.3: a craft docked to a UFO): two templates
 * docked door to door.  The north one stands unturned, its door south; the
 * south one is turned 180 degrees, its door north, its row of ground laid
 * over the north one's last row of hull, so its door stands on the north
 * one's hull line where the two doors meet: the crossing is the south
 * craft's door, their centres in one column.  x and y are each craft's
 * top-left square (north, south) from the pair's, width and height the
 * squares the pair takes.  False when a template has no main door or its
 * last row is not all ground (no row to lay over the other's hull).
 */
struct block_dock {
	int	x[2], y[2];
	int	width, height;
};

bool	block_dock(const struct map *north, const struct map *south,
	    struct block_dock *);

/*
 * Seal dst around its craft (ship boarding, §2.3: all combat takes place
 * within the craft): every ground square cover does not hold becomes hull
 * floor holding `object`, with nothing above it, no edge between two such
 * squares, no stairs; buildings with no square in cover (the blocks',
 * which no craft may cross) are dropped.  A door from a craft onto such a
 * square then opens onto plating nobody enters.
 */
void	block_seal(struct map *dst, const unsigned char *cover,
	    int16_t object);

#endif
