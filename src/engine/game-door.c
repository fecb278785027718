/*
 * game-door.c - doors opening and closing (§4.2, RULINGS §4).  A door that
 * spans several squares (EDGE_WIDE, map_door_segments) activates as one:
 * every segment opens together for one door's TUs, and closes at the end
 * of the phase only when no unit stands in any of its doorways, since its
 * segments cannot be closed apart from the rest.  Every edge changed is
 * reported to sight (game_vis_touch) on both its squares, and one event
 * tells of the door, with its width when it is wider than a square.
 */
#include "game-int.h"

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

		if (open)
			e->flags |= EDGE_OPENED;
		else
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
