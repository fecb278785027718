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

#endif
