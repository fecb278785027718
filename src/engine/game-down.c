/*
 * game-down.c - units going down and getting up: falling to the floor
 * below (§7.2.4, RULINGS §5), units fallen on going prone, and waking
 * from unconsciousness (§7.2.1, RULINGS §7.2).
 *
 * Who falls: a unit with no floor under it (a 2x2 unit: under none of its
 * squares) unless it is conscious and flies.  The unconscious and the
 * dead fall too (§7.2.1: an unconscious unit "falls prone to the floor"),
 * so a Floater knocked out in mid-air drops, taking the fall's 10 CC a
 * level after the first on its underside like any other unit; a body
 * takes no damage.  What a unit drops lands on the floor below it
 * (game_floor_below), and items whose floor is destroyed fall after the
 * command that destroyed it (game_settle_items), each with a fall event.
 *
 * Prone (RULINGS §5): a unit something drops on is not knocked out; it
 * lies in its square (filling it no more than a body does, §7.2.1) and
 * must stand, 2 TU, before it moves or fires.  It cannot stand while
 * another unit stands in its square, but may still walk out of it: the
 * walk begins by standing up.
 *
 * Waking (§7.2.1): "the controlling player may move the prone unit one
 * square into an unoccupied area"; the rules leave the square to the
 * player, the engine chooses it so games replay: the first free square of
 * N, E, S, W, NE, SE, SW, NW (straight before diagonal, clockwise from
 * north) that the unit could step to on its own level without opening a
 * door.  The move is no step in anyone's phase: it costs nothing and
 * draws no reaction fire.  With no square free, "the unit ... cannot take
 * any other actions in the next turn": it stays down through the round to
 * come (losing that turn) and tries again at the round's end.  A Chrysalid
 * bursting from a zombie that lay under someone cannot wait: it moves
 * over the same way or, with nowhere to go, lies prone where it is.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/path.h"
#include "xtac/util.h"

/* Where a waking unit looks for room: straight first, clockwise. */
static const enum dir down_wake_dirs[] = {
	DIR_N, DIR_E, DIR_S, DIR_W, DIR_NE, DIR_SE, DIR_SW, DIR_NW
};

/* §4.2: a 2x2 unit stands while any of its squares has a floor. */
static bool
down_has_floor(const struct game *g, const struct unit *u, int z)
{
	int	dx, dy;

	for (dy = 0; dy < u->t->size; dy++)
		for (dx = 0; dx < u->t->size; dx++) {
			struct pos p = { u->pos.x + dx, u->pos.y + dy, z };

			if (map_contains(g->map, p) &&
			    map_square(g->map, p)->floor != FLOOR_NONE)
				return true;
		}
	return false;
}

int
game_floor_below(const struct game *g, struct pos p)
{
	while (p.z > 0 && map_square(g->map, p)->floor == FLOOR_NONE)
		p.z--;
	return p.z;
}

void
game_settle_items(struct game *g)
{
	struct event	*e;
	size_t		 i;
	int		 z;

	for (i = 0; i < g->nground; i++) {
		struct ground_item *k = &g->ground[i];

		if ((z = game_floor_below(g, k->pos)) == k->pos.z)
			continue;
		e = event_push(g->ev, EV_FALL);
		event_str(e, "item", g->cat->items[k->c.item].id);
		event_pos(e, "from", k->pos);
		event_int(e, "levels", k->pos.z - z);
		k->pos.z = z;
		event_pos(e, "to", k->pos);
	}
}

int
game_standing_on(const struct game *g, int unit)
{
	const struct unit	*u = &g->units[unit];
	size_t			 i;
	int			 dx, dy;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];

		if ((int)i == unit || o->status != UNIT_ACTIVE || o->prone)
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++)
				if (unit_covers(o, (struct pos){ u->pos.x +
				    dx, u->pos.y + dy, u->pos.z }))
					return (int)i;
	}
	return -1;
}

void
game_knock_prone(struct game *g, int unit, int by)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;

	if (u->status != UNIT_ACTIVE || u->prone)
		return;
	u->prone = true;
	u->kneeling = false;
	e = event_push(g->ev, EV_PRONE);
	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	if (by >= 0)
		event_str(e, "by", g->units[by].id);
	game_field_refresh(g);
}

void
game_settle(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct damage	 fall = { 0, DMG_CC, 0 };
	struct event	*e;
	int		 z = u->pos.z, levels;
	size_t		 i;

	if ((u->status == UNIT_ACTIVE && unit_flies(g->cat, u)) ||
	    down_has_floor(g, u, z))
		return;
	while (z > 0 && !down_has_floor(g, u, z - 1))
		z--;
	z = z > 0 ? z - 1 : 0;
	levels = u->pos.z - z;
	e = event_push(g->ev, EV_FALL);
	event_str(e, "unit", u->id);
	event_pos(e, "from", u->pos);
	event_int(e, "levels", levels);
	u->pos.z = z;
	event_pos(e, "to", u->pos);
	/* 10 CC to the underside for every level after the first. */
	if (levels > 1 && u->status != UNIT_DEAD) {
		fall.amount = 10 * (levels - 1);
		event_int(e, "damage", fall.amount);
	}
	/* Whoever it lands on goes prone (§7.2.4, RULINGS §5). */
	for (i = 0; i < g->nunits; i++) {
		struct unit *o = &g->units[i];
		int dx, dy;
		bool under = false;

		if ((int)i == unit || o->status != UNIT_ACTIVE)
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++)
				under |= unit_covers(o, (struct pos){
				    u->pos.x + dx, u->pos.y + dy, z });
		if (under)
			game_knock_prone(g, (int)i, unit);
	}
	game_field_refresh(g);
	if (fall.amount > 0)
		game_damage(g, unit, -1, (struct pos){ u->pos.x, u->pos.y,
		    z - 1 }, &fall);
}

/*
 * §7.2.1: the first square beside a waking unit where it may lie down
 * clear of others (see the top of the file), or false.
 */
static bool
down_wake_square(const struct game *g, int unit, struct pos *to)
{
	const struct unit	*u = &g->units[unit];
	struct mover		 m = game_mover(g, unit);
	size_t			 i;

	m.kneeling = false;
	for (i = 0; i < XTAC_NITEMS(down_wake_dirs); i++) {
		struct pos q = { u->pos.x + dir_dx[down_wake_dirs[i]],
		    u->pos.y + dir_dy[down_wake_dirs[i]], u->pos.z };
		bool door;

		if (!map_contains(g->map, q) || path_step_cost(&g->field, &m,
		    u->pos, q, &door) == PATH_UNREACHABLE || door)
			continue;
		*to = q;
		return true;
	}
	return false;
}

void
game_rise_clear(struct game *g, int unit, struct event *e)
{
	struct unit	*u = &g->units[unit];
	int		 on = game_standing_on(g, unit);
	struct pos	 to;

	if (on < 0)
		return;
	event_str(e, "by", g->units[on].id);
	if (down_wake_square(g, unit, &to)) {
		event_pos(e, "from", u->pos);
		event_pos(e, "to", to);
		u->pos = to;
	} else {
		u->prone = true;
		event_bool(e, "prone", true);
	}
	game_field_refresh(g);
}

bool
game_wake(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	int		 hth = u->stats[STAT_HTH], on;
	struct event	*e;
	struct pos	 to;

	/* §7.2.1: awake again when damage and stun both fall below HTH. */
	if (u->status != UNIT_UNCONSCIOUS || u->damage >= hth ||
	    u->stun >= hth - u->damage)
		return false;
	if ((on = game_standing_on(g, unit)) >= 0 &&
	    !down_wake_square(g, unit, &to)) {
		e = event_push(g->ev, EV_WAKE_BLOCKED);
		event_str(e, "unit", u->id);
		event_pos(e, "at", u->pos);
		event_str(e, "by", g->units[on].id);
		event_int(e, "stun", u->stun);
		return false;
	}
	u->status = UNIT_ACTIVE;
	u->prone = false;
	e = event_push(g->ev, EV_WAKE);
	event_str(e, "unit", u->id);
	event_int(e, "stun", u->stun);
	event_int(e, "hth_left", hth - u->damage);
	game_field_refresh(g);
	/* There is room beside it (checked above): it moves over. */
	game_rise_clear(g, unit, e);
	return true;
}
