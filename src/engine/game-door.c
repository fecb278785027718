/*
 * game-door.c - doors opening and closing (§4.2, RULINGS §4).  A door that
 * spans several squares (EDGE_WIDE, map_door_segments) activates as one:
 * every segment opens together for one door's TUs, and closes at the end
 * of the phase only when no unit stands in any of its doorways, since its
 * segments cannot be closed apart from the rest.  Every edge changed is
 * reported to sight (game_vis_touch) on both its squares, and one event
 * tells of the door, with its width when it is wider than a square.
 *
 * Every segment opened goes on a list (g->doors), so the phase's end looks
 * at those doors alone, not at every edge of the map; it closes them in the
 * order a scan of every square would meet them (square by square, z, y, x,
 * and on a square north, west, south, east), the list sorted so, and keeps
 * only those left open.  game_doors_check: every open door is listed.
 */
#include <stdlib.h>

#include "game-int.h"
#include "xtac/util.h"

/* Whether a unit stands on either side of the edge. */
static bool
door_edge_occupied(const struct game *g, struct pos p, enum dir side)
{
	struct pos	q = { p.x + dir_dx[side], p.y + dir_dy[side], p.z };

	if (*field_at(&g->field, p) & FIELD_UNIT)
		return true;
	return map_contains(g->map, q) && (*field_at(&g->field, q) &
	    FIELD_UNIT);
}

/* Set or clear EDGE_OPENED on every segment; the number of segments. */
static int
door_set(struct game *g, struct pos p, enum dir side, bool open)
{
	struct pos	seg[MAP_MAX_SIDE];
	int		n, i;

	n = map_door_segments(g->map, p, side, seg);
	for (i = 0; i < n; i++) {
		struct edge *e = map_edge(g->map, seg[i], side);

		if (open) {
			e->flags |= EDGE_OPENED;
			game_door_opened(g, seg[i], side);
		} else
			e->flags &= (uint8_t)~EDGE_OPENED;
		game_vis_touch(g, seg[i]);
		game_vis_touch(g, (struct pos){ seg[i].x + dir_dx[side],
		    seg[i].y + dir_dy[side], seg[i].z });
	}
	return n;
}

void
game_door_open(struct game *g, const struct unit *u, struct pos p,
    enum dir side, int tu)
{
	struct event	*e;
	int		 n;

	n = door_set(g, p, side, true);
	e = event_push(g->ev, EV_DOOR_OPEN);
	event_str(e, "unit", u->id);
	event_pos(e, "at", p);
	event_str(e, "side", dir_names[side]);
	event_int(e, "tu", tu);
	if (n > 1)
		event_int(e, "width", n);
}

bool
game_door_close(struct game *g, struct pos p, enum dir side)
{
	struct pos	 seg[MAP_MAX_SIDE];
	struct event	*e;
	int		 n, i;

	n = map_door_segments(g->map, p, side, seg);
	for (i = 0; i < n; i++)
		if (door_edge_occupied(g, seg[i], side))
			return false;
	door_set(g, p, side, false);
	e = event_push(g->ev, EV_DOOR_CLOSE);
	event_pos(e, "at", p);
	event_str(e, "side", dir_names[side]);
	if (n > 1)
		event_int(e, "width", n);
	return true;
}

/* --- the list of open doors ---------------------------------------------- */

/* The order of a square's sides in the scan. */
static const enum dir	 door_sides[] = { DIR_N, DIR_W, DIR_S, DIR_E };

static int
door_rank(enum dir side)
{
	int	k;

	for (k = 0; k < 4; k++)
		if (door_sides[k] == side)
			return k;
	return 4;
}

/*
 * A door as the scan first meets it: from the square west of it or north
 * of it when that is on the map.
 */
static struct game_door
door_first(struct pos p, enum dir side)
{
	if (side == DIR_W && p.x > 0)
		return (struct game_door){ { p.x - 1, p.y, p.z }, DIR_E };
	if (side == DIR_N && p.y > 0)
		return (struct game_door){ { p.x, p.y - 1, p.z }, DIR_S };
	return (struct game_door){ p, side };
}

static int
door_cmp(const void *va, const void *vb)
{
	const struct game_door	*a = va, *b = vb;

	if (a->p.z != b->p.z)
		return a->p.z < b->p.z ? -1 : 1;
	if (a->p.y != b->p.y)
		return a->p.y < b->p.y ? -1 : 1;
	if (a->p.x != b->p.x)
		return a->p.x < b->p.x ? -1 : 1;
	return door_rank(a->side) - door_rank(b->side);
}

/* Whether the door (in the list's form) stands open. */
static bool
door_is_open(const struct game *g, const struct game_door *d)
{
	const struct edge	*e = map_edge(g->map, d->p, d->side);

	return e->kind == EDGE_DOOR && (e->flags & EDGE_OPENED);
}

void
game_door_opened(struct game *g, struct pos p, enum dir side)
{
	if (g->ndoors == g->doors_cap) {
		g->doors_cap = g->doors_cap ? 2 * g->doors_cap : 16;
		g->doors = xreallocarray(g->doors, g->doors_cap,
		    sizeof *g->doors);
	}
	g->doors[g->ndoors++] = door_first(p, side);
}

void
game_doors_find(struct game *g)
{
	const struct map	*m = g->map;
	struct pos		 p;
	size_t			 i;

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
	for (i = 0; i < XTAC_NITEMS(door_sides); i++) {
		struct game_door d = door_first(p, door_sides[i]);

		if (d.p.x == p.x && d.p.y == p.y && door_is_open(g, &d))
			game_door_opened(g, p, door_sides[i]);
	}
}

bool
game_doors_check(const struct game *g)
{
	const struct map	*m = g->map;
	struct pos		 p;
	size_t			 i, k;

	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++)
	for (i = 0; i < XTAC_NITEMS(door_sides); i++) {
		struct game_door d = door_first(p, door_sides[i]);

		if (!door_is_open(g, &d))
			continue;
		for (k = 0; k < g->ndoors; k++)
			if (door_cmp(&g->doors[k], &d) == 0)
				break;
		if (k == g->ndoors)
			return false;
	}
	return true;
}

/*
 * RULINGS 4: the phase's end closes every door no unit stands in a doorway
 * of.  A wide door's segments close with the first one met; the others are
 * then shut and leave the list.  Kept out of line: make bench counts it.
 */
__attribute__((noinline)) void
game_doors_close(struct game *g)
{
	size_t	i, k = 0;
	bool	closed = false;

	if (g->ndoors == 0)
		return;
	qsort(g->doors, g->ndoors, sizeof *g->doors, door_cmp);
	for (i = 0; i < g->ndoors; i++) {
		struct game_door d = g->doors[i];

		if ((k > 0 && door_cmp(&g->doors[k - 1], &d) == 0) ||
		    !door_is_open(g, &d))
			continue;	/* twice, or shut or gone since */
		if (game_door_close(g, d.p, d.side))
			closed = true;
		else
			g->doors[k++] = d;
	}
	g->ndoors = k;
	if (closed)
		game_vis_update(g, true);
}
