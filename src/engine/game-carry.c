/*
 * game-carry.c - carrying bodies (§5.3 Encumbrance: "Keep this in mind if
 * you pick up weapons, equiptment, or bodies on the battlefield"), needed
 * to take a stunned unit back to the craft (§2.3 Capture unit).
 *
 * The rulebook gives a body no weight and the lifting no cost; decided
 * here (xtac(6) says so): a soldier lifts one unconscious or dead unit of
 * one square, lying in its square or one beside it on its level, for 4 TU
 * (drawing from the belt is the nearest motion priced); it weighs
 * UNIT_BODY_WEIGHT toward encumbrance; laying it down in the carrier's
 * square is free, as dropping is.  A body goes wherever its carrier steps.
 * It is let go where the carrier is when the carrier goes down, or when it
 * wakes (and steps off its carrier's square as any waking unit does).
 */
#include "game-int.h"
#include "xtac/util.h"

int
game_check_carry(const struct game *g, const struct command *c,
    char **cause)
{
	const struct unit	*u = &g->units[c->unit], *b;
	int			 dx, dy;

	if (c->target < 0 || (size_t)c->target >= g->nunits)
		return cause_set(cause, "%s", "carry whom?");
	b = &g->units[c->target];
	if (u->t->class != UNIT_SOLDIER)
		return cause_set(cause, "a %s carries nothing", u->t->id);
	if (u->carrying >= 0)
		return cause_set(cause, "%s already carries %s", u->id,
		    g->units[u->carrying].id);
	if (b->status == UNIT_ACTIVE)
		return cause_set(cause, "%s is awake: only the unconscious "
		    "and the dead are carried", b->id);
	if (b->t->size != 1)
		return cause_set(cause, "%s is too big to carry", b->id);
	if (b->carried_by >= 0)
		return cause_set(cause, "%s carries %s already",
		    g->units[b->carried_by].id, b->id);
	dx = b->pos.x - u->pos.x;
	dy = b->pos.y - u->pos.y;
	if (b->pos.z != u->pos.z || dx < -1 || dx > 1 || dy < -1 || dy > 1)
		return cause_set(cause, "%s lies neither where %s stands nor "
		    "beside it", b->id, u->id);
	if (u->tu < UNIT_CARRY_TU)
		return cause_set(cause, "%s needs %d TU to lift a body, and "
		    "has %d", u->id, UNIT_CARRY_TU, u->tu);
	return 0;
}

int
game_do_carry(struct game *g, const struct command *c, char **cause)
{
	struct unit	*u = &g->units[c->unit], *b;
	struct event	*e;

	if (game_check_carry(g, c, cause) != 0)
		return -1;
	b = &g->units[c->target];
	u->tu -= UNIT_CARRY_TU;
	u->acted = true;
	u->carrying = c->target;
	b->carried_by = c->unit;
	b->pos = u->pos;
	game_field_refresh(g);
	e = event_push(g->ev, EV_CARRY);
	event_str(e, "what", "lift");
	event_str(e, "unit", u->id);
	event_str(e, "body", b->id);
	event_int(e, "tu", UNIT_CARRY_TU);
	event_int(e, "weight", unit_weight(g->cat, u));
	event_int(e, "strength", unit_strength(g->cat, u));
	return 0;
}

int
game_check_lay(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*u = &g->units[c->unit];

	if (u->carrying < 0)
		return cause_set(cause, "%s carries no body", u->id);
	return 0;
}

/* Let the body go where its carrier is. */
static void
carry_release(struct game *g, int carrier, const char *why)
{
	struct unit	*u = &g->units[carrier];
	struct unit	*b = &g->units[u->carrying];
	struct event	*e;

	e = event_push(g->ev, EV_CARRY);
	event_str(e, "what", "lay");
	event_str(e, "unit", u->id);
	event_str(e, "body", b->id);
	event_str(e, "why", why);
	event_pos(e, "at", b->pos);
	b->carried_by = -1;
	u->carrying = -1;
}

int
game_do_lay(struct game *g, const struct command *c, char **cause)
{
	if (game_check_lay(g, c, cause) != 0)
		return -1;
	carry_release(g, c->unit, "laid down");
	game_field_refresh(g);
	return 0;
}

void
game_carry_follow(struct game *g, int carrier)
{
	const struct unit	*u = &g->units[carrier];

	if (u->carrying >= 0)
		g->units[u->carrying].pos = u->pos;
}

void
game_carry_check(struct game *g)
{
	size_t	i;
	int	b;
	bool	any = false;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		if (u->carrying < 0)
			continue;
		any = true;
		/* Woken, it has stepped off its carrier's square already. */
		if (g->units[u->carrying].status == UNIT_ACTIVE) {
			carry_release(g, (int)i, "woke");
			continue;
		}
		b = u->carrying;
		game_carry_follow(g, (int)i);
		if (u->status != UNIT_ACTIVE) {
			carry_release(g, (int)i, "carrier down");
			game_settle(g, b);
		}
	}
	if (any)
		game_field_refresh(g);
}
