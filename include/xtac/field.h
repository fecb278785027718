/*
 * field.h - what stands in each square at this moment, beside the map's
 * fixed structure: the layer sight and movement consult for units, smoke
 * and fire.  The game keeps it current; a caller that must ignore some unit
 * (the mover, the viewer, the target) clears that unit's bits first or, for
 * sight, relies on sight_line() ignoring the two end squares.
 *
 * flags is [z][y][x] like map squares, one byte a square.
 */
#ifndef XTAC_FIELD_H
#define XTAC_FIELD_H

#include <stdint.h>

#include "xtac/map.h"

#define FIELD_UNIT	0x01	/* a standing or kneeling unit (not prone) */
#define FIELD_SMOKE	0x02	/* RULINGS §7.4: an obstruction to sight */
#define FIELD_FIRE	0x04
#define FIELD_GLARE	0x08	/* day flare: counts as smoke (§7.4) */
#define FIELD_PRONE	0x10	/* a prone or unconscious body: no obstacle */
/* The flags sight reads: each makes its square one obstruction. */
#define FIELD_SIGHT	(FIELD_UNIT | FIELD_SMOKE | FIELD_GLARE)

struct field {
	const struct map	*map;
	uint8_t			*flags;
};

/* A field of the map's size with no flags; free with field_free(). */
void	field_init(struct field *, const struct map *);
void	field_free(struct field *);
uint8_t	*field_at(const struct field *, struct pos);

#endif
