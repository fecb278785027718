/*
 * know-event.c - who saw each event (know.h): the engine stamps every event
 * with the sides that saw it as it happened, and a side reads an event
 * through know_event_view(), which names units it did not see "someone
 * unseen" and leaves out what would place them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "know-int.h"
#include "xtac/util.h"

_Static_assert(SIDE_COUNT <= EVENT_MAX_SIDES,
    "event.h: EVENT_MAX_SIDES is smaller than SIDE_COUNT");

/* --- stamping events ------------------------------------------------------ */

static unsigned
know_unit_mask(const struct game *g, int unit)
{
	const struct unit	*u = &g->units[unit];
	unsigned		 mask = 1u << u->side | 1u << u->controller;
	size_t			 s;

	for (s = 0; s < SIDE_COUNT; s++)
		if (g->sees[s * g->nunits + (size_t)unit])
			mask |= 1u << s;
	return mask;
}

static unsigned
know_pos_mask(const struct game *g, struct pos p)
{
	unsigned	mask = 0;
	size_t		s;

	if (!map_contains(g->map, p))
		return 0;
	for (s = 0; s < SIDE_COUNT; s++)
		if (g->know->sides[s].vis[know_index(g->map, p)])
			mask |= 1u << s;
	return mask;
}

/*
 * The sides that see every square on the line from one square to another:
 * who may follow a shot all the way to where it stopped.
 */
static unsigned
know_line_mask(const struct game *g, struct pos from, struct pos to)
{
	unsigned	mask = (1u << SIDE_COUNT) - 1;
	int		n, k, dx = to.x - from.x, dy = to.y - from.y,
			dz = to.z - from.z;

	n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	if (abs(dz) > n)
		n = abs(dz);
	for (k = 1; k <= n && mask != 0; k++)
		mask &= know_pos_mask(g, (struct pos){
		    from.x + (2 * dx * k + n) / (2 * n) - (dx < 0 &&
		    (2 * dx * k + n) % (2 * n) != 0 ? 1 : 0),
		    from.y + (2 * dy * k + n) / (2 * n) - (dy < 0 &&
		    (2 * dy * k + n) % (2 * n) != 0 ? 1 : 0),
		    from.z + (2 * dz * k + n) / (2 * n) - (dz < 0 &&
		    (2 * dz * k + n) % (2 * n) != 0 ? 1 : 0) });
	return mask;
}

static int
know_unit_named(const struct game *g, const char *s)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (s == g->units[i].id || s == g->units[i].name)
			return (int)i;
	return -1;
}

static struct event_field *
know_field_named(struct event *e, const char *key)
{
	size_t	i;

	for (i = 0; i < e->nfields; i++)
		if (strcmp(e->fields[i].key, key) == 0)
			return &e->fields[i];
	return NULL;
}

/* The unit doing what the event reports, or NULL. */
static const struct event_field *
know_actor(const struct event *e)
{
	static const char *const	 keys[] = { "unit", "watcher",
					     "attacker" };
	size_t				 i, k;

	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		for (i = 0; i < e->nfields; i++)
			if (e->fields[i].unit >= 0 &&
			    strcmp(e->fields[i].key, keys[k]) == 0)
				return &e->fields[i];
	return NULL;
}

/* Who sees a square beside any segment of the door at f. */
static void
know_door_mask(struct game *g, struct event_field *f, enum dir side)
{
	struct pos	seg[MAP_MAX_SIDE];
	int		n, i;

	n = map_door_segments(g->map, f->pos, side, seg);
	for (i = 0; i < n; i++)
		f->seen_by |= know_pos_mask(g, seg[i]) | know_pos_mask(g,
		    (struct pos){ seg[i].x + dir_dx[side],
		    seg[i].y + dir_dy[side], seg[i].z });
}

static void
know_stamp_event(struct game *g, struct event *e)
{
	const struct event_field	*actor;
	struct event_field		*f;
	unsigned			 all = (1u << SIDE_COUNT) - 1, mask;
	size_t				 i;
	int				 s, side;
	bool				 placed;

	for (i = 0; i < e->nfields; i++) {
		f = &e->fields[i];
		if (f->kind == EVV_STR && f->s != NULL &&
		    (f->unit = know_unit_named(g, f->s)) >= 0)
			f->seen_by = know_unit_mask(g, f->unit);
		else if (f->kind == EVV_POS)
			f->seen_by = know_pos_mask(g, f->pos);
		else
			f->seen_by = all;
	}
	/* A door is seen from either square it stands between. */
	if ((e->type == EV_DOOR_OPEN || e->type == EV_DOOR_CLOSE ||
	    e->type == EV_DESTROYED || e->type == EV_ARC_STOPPED) &&
	    (f = know_field_named(e, "at")) &&
	    f->kind == EVV_POS && event_get(e, "side") != NULL &&
	    (side = dir_from_name(event_get(e, "side")->s)) >= 0) {
		f->seen_by |= know_pos_mask(g, (struct pos){
		    f->pos.x + dir_dx[side], f->pos.y + dir_dy[side],
		    f->pos.z });
		/* A wide door, from beside any of its segments (§4.2). */
		if (event_get(e, "width") != NULL)
			know_door_mask(g, f, (enum dir)side);
	}
	actor = know_actor(e);
	/* RULINGS §5: the walker's side learns who stood in its way. */
	if (e->type == EV_WALK_STOP && actor != NULL &&
	    (f = know_field_named(e, "by")) != NULL)
		f->seen_by |= 1u << g->units[actor->unit].controller;
	/*
	 * RULINGS §6.2: the side whose throw or launch was stopped short
	 * learns what stopped it and where it fell, as §5 has a walk's.
	 */
	if (e->type == EV_ARC_STOPPED && actor != NULL)
		for (i = 0; i < e->nfields; i++)
			if (e->fields[i].kind == EVV_POS)
				e->fields[i].seen_by |=
				    1u << g->units[actor->unit].controller;
	/* A unit stepping out of sight is not followed into the dark. */
	if (e->type == EV_STEP && actor != NULL &&
	    (f = know_field_named(e, "to")) != NULL && f->kind == EVV_POS)
		f->seen_by |= 1u << g->units[actor->unit].side |
		    1u << g->units[actor->unit].controller;
	/*
	 * Where a miss stopped, or a throw came down (short of walls and
	 * doors as they are): seen by who saw it go all the way there.
	 */
	if (((e->type == EV_MISSED && (f = know_field_named(e, "at")) !=
	    NULL) || (e->type == EV_THROW && (f = know_field_named(e,
	    "landed")) != NULL)) && actor != NULL && f->kind == EVV_POS)
		f->seen_by &= know_line_mask(g, g->units[actor->unit].pos,
		    f->pos);
	switch (e->type) {
	case EV_GAME_START:
	case EV_ROUND_START:
	case EV_INITIATIVE:
	case EV_PHASE_START:
	case EV_PHASE_END:
	case EV_VICTORY:
	case EV_QUERY:
		mask = all;
		break;
	case EV_SPOTTED:
	case EV_LOST_SIGHT:
		mask = 0;
		for (s = 0; s < SIDE_COUNT; s++)
			if (event_get(e, "side") != NULL &&
			    strcmp(event_get(e, "side")->s, side_names[s]) == 0)
				mask = 1u << s;
		/*
		 * The side reads whom it spots, and where; of one it lost
		 * sight of, where that is only if it still sees the square.
		 */
		for (i = 0; i < e->nfields; i++)
			if (e->type == EV_SPOTTED ||
			    e->fields[i].kind != EVV_POS)
				e->fields[i].seen_by |= mask;
		break;
	case EV_SELECT:
	case EV_TU_RESTORED:
		/* Whom a player picks is that player's business. */
		mask = actor != NULL ? 1u << g->units[actor->unit].controller :
		    all;
		break;
	case EV_STEP:
	case EV_TURN:
	case EV_KNEEL:
	case EV_STAND:
	case EV_REACTION_CHECK:
	case EV_RELOAD:
	case EV_UNLOAD:
	case EV_SWAP:
	case EV_DRAW:
	case EV_STOW:
	case EV_PRIME:
	case EV_ITEM_PICKED:
	case EV_WALK_STOP:
	case EV_CARRY:
		/* Seen only by who sees the unit doing it. */
		mask = actor != NULL ? actor->seen_by : all;
		break;
	case EV_MISSION:
		/*
		 * §2.3: a secret mission given or reverted is its side's
		 * alone, its target named in full; one achieved is for all.
		 */
		mask = all;
		if ((f = know_field_named(e, "secret")) != NULL && f->i &&
		    (f = know_field_named(e, "side")) != NULL)
			for (s = 0; s < SIDE_COUNT; s++)
				if (strcmp(f->s, side_names[s]) == 0)
					mask = 1u << s;
		for (i = 0; i < e->nfields; i++)
			e->fields[i].seen_by |= mask;
		break;
	case EV_OPPOSED:
		/* A reaction roll is the watcher's; psi is read by both. */
		if (event_get(e, "watcher") != NULL) {
			mask = actor != NULL ? actor->seen_by : all;
			break;
		}
		/* FALLTHROUGH */
	default:
		/*
		 * Done by, or to, a unit or square the side saw; one that
		 * names neither is everyone's.  One out of every side's
		 * sight (a wall blown where nobody looks) is nobody's.
		 */
		mask = 0;
		placed = actor != NULL;
		for (i = 0; i < e->nfields; i++)
			if (e->fields[i].unit >= 0 ||
			    e->fields[i].kind == EVV_POS) {
				mask |= e->fields[i].seen_by;
				placed = true;
			}
		if (!placed)
			mask = all;
		break;
	}
	e->seen_by = mask;
	if (e->type == EV_ROUND_START)
		for (s = 0; s < SIDE_COUNT; s++) {
			/* What is in sight as a round begins is seen in it. */
			know_sync(g, (size_t)s);
			snprintf(e->side_hash[s], sizeof e->side_hash[s],
			    "%016llx", (unsigned long long)know_hash(g,
			    (enum side)s));
		}
	e->stamped = true;
}

void
know_stamp_error(const struct game *g, struct event *e,
    const struct command *c)
{
	int	side = game_side_to_move(g);

	if (c->unit >= 0 && (size_t)c->unit < g->nunits)
		side = g->units[c->unit].controller;
	e->seen_by = side == GAME_NO_SIDE ? (1u << SIDE_COUNT) - 1 :
	    1u << side;
	e->stamped = true;
}

void
know_stamp(struct game *g)
{
	size_t	s;

	if (g->know == NULL)
		return;
	know_take_changes(g);
	for (s = 0; s < SIDE_COUNT; s++)
		know_sync(g, s);
	if (g->ev == NULL)
		return;
	for (; g->ev_stamped < g->ev->n; g->ev_stamped++)
		if (!g->ev->v[g->ev_stamped].stamped)
			know_stamp_event(g, &g->ev->v[g->ev_stamped]);
}

/* --- events as a side reads them ------------------------------------------ */

bool
know_event_seen(const struct event *e, enum side side)
{
	return (e->seen_by & (1u << side)) != 0;
}

/* What would place or name an unseen actor: left out of its events. */
static bool
know_identifies(const char *key)
{
	static const char *const	 keys[] = { "weapon", "tu", "tu_left",
					     "from", "hand", "ammo", "aim",
					     "waypoint" };
	size_t				 i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(key, keys[i]) == 0)
			return true;
	return false;
}

/*
 * Where a miss ends up is seen only by who sees that square: a shot into
 * the dark does not tell what it struck there.
 */
static bool
know_remote(const struct event *e, const char *key, unsigned bit)
{
	const struct event_field	*at;

	/* Nor where an arc stopped short, and on what (RULINGS §6.2). */
	if (e->type == EV_ARC_STOPPED) {
		if (strcmp(key, "landed") == 0)
			at = event_get(e, "landed");
		else if (strcmp(key, "at") == 0 || strcmp(key, "blocked") ==
		    0 || strcmp(key, "side") == 0)
			at = event_get(e, "at");
		else
			return false;
		return at != NULL && !(at->seen_by & bit);
	}
	/* Nor where a throw came down. */
	if (e->type == EV_THROW)
		return strcmp(key, "landed") == 0 &&
		    (at = event_get(e, "landed")) != NULL &&
		    !(at->seen_by & bit);
	if (e->type != EV_MISSED || (at = event_get(e, "at")) == NULL ||
	    (at->seen_by & bit))
		return false;
	return strcmp(key, "at") == 0 || strcmp(key, "hit") == 0 ||
	    strcmp(key, "struck") == 0;
}

/*
 * An unseen unit's own numbers in an opposed roll (its RET, "mover_ret")
 * tell which unit it is: left out with its name.
 */
static bool
know_unseen_stat(const struct event *e, const char *key, unsigned bit)
{
	const char	*suffix = strrchr(key, '_');
	size_t		 i, n;

	if (suffix == NULL || strcmp(suffix, "_ret") != 0)
		return false;
	n = (size_t)(suffix - key);
	for (i = 0; i < e->nfields; i++)
		if (strlen(e->fields[i].key) == n &&
		    strncmp(e->fields[i].key, key, n) == 0)
			return e->fields[i].unit >= 0 &&
			    !(e->fields[i].seen_by & bit);
	return false;
}

void
know_event_view(const struct event *e, enum side side, struct event *out)
{
	const struct event_field	*actor = know_actor(e), *f;
	unsigned			 bit = 1u << side;
	bool				 hidden;
	size_t				 i;

	hidden = actor != NULL && !(actor->seen_by & bit);
	memset(out, 0, sizeof *out);
	out->type = e->type;
	out->seen_by = e->seen_by;
	out->stamped = e->stamped;
	for (i = 0; i < e->nfields; i++) {
		struct event_field *o;

		f = &e->fields[i];
		if (know_remote(e, f->key, bit))
			continue;
		if ((hidden && know_identifies(f->key)) ||
		    know_unseen_stat(e, f->key, bit))
			continue;
		/* The seed foretells every roll to come: no side is told. */
		if (e->type == EV_GAME_START && strcmp(f->key, "seed") == 0)
			continue;
		if (f->kind == EVV_POS && !(f->seen_by & bit) && (hidden ||
		    e->type == EV_STEP || e->type == EV_LOST_SIGHT))
			continue;
		o = &out->fields[out->nfields++];
		*o = *f;
		if (f->unit >= 0 && !(f->seen_by & bit))
			o->s = KNOW_UNSEEN;
		else if (e->type == EV_ROUND_START && e->stamped &&
		    strcmp(f->key, "hash") == 0)
			o->s = e->side_hash[side];
	}
	/* The terms of an unseen unit's roll say where it stands. */
	if (!hidden) {
		out->nterms = e->nterms;
		memcpy(out->terms, e->terms, sizeof out->terms);
	}
}
