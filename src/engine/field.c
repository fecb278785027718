/*
 * field.c - the per-square layer of units, smoke and fire (field.h).
 */
#include <stdlib.h>

#include "xtac/field.h"
#include "xtac/util.h"

void
field_init(struct field *f, const struct map *m)
{
	f->map = m;
	f->flags = xcalloc((size_t)m->width * m->height * m->levels, 1);
}

void
field_free(struct field *f)
{
	free(f->flags);
	f->flags = NULL;
}

uint8_t *
field_at(const struct field *f, struct pos p)
{
	const struct map	*m = f->map;

	if (!map_contains(m, p))
		fatal("field_at: (%d,%d,%d) off the map", p.x, p.y, p.z);
	return &f->flags[((size_t)p.z * m->height + p.y) * m->width + p.x];
}
