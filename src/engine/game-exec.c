/*
 * game-exec.c - game_execute(): who may act now (RULINGS §2.2), the small
 * commands (select, turn, kneel, stand, open, reload, unload, pick up, drop,
 * swap, end, dice), and the journal: each command applied, preceded by
 * `dice` entries for what a dice source gave while it ran, and a check
 * (round, hash) after each command that ended a round.  Every handler
 * validates completely before it changes anything; a refusal is one
 * EV_ERROR with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define EXEC_RELOAD_TU	8	/* §5.5 */
#define EXEC_UNLOAD_TU	4
/*
 * Belt and hands: the rulebook prices reloading (§5.5) and makes picking
 * up a fallen item free (§7.2.1), but is silent on taking an item from the
 * belt or putting one back.  We price either like unloading a clip onto
 * the belt, which is the same motion.
 */
#define EXEC_BELT_TU	4
#define EXEC_DOOR_TU	2
#define EXEC_KNEEL_TU	2	/* §5.4 table */

/*
 * Whether the side to move commands the unit: its controller, or X-Com
 * for a civilian it steers (house rule civilians_steered) when
 * `steer_ok`.
 */
static int
exec_check_command(const struct game *g, int unit, bool steer_ok,
    char **cause)
{
	const struct unit	*u;
	int			 side = game_side_to_move(g);

	if (unit < 0 || (size_t)unit >= g->nunits)
		return cause_set(cause, "no such unit");
	u = &g->units[unit];
	if (side == GAME_NO_SIDE)
		return cause_set(cause, "no side is moving");
	if (steer_ok && u->steered && side == SIDE_XCOM)
		return 0;
	if (u->controller != (enum side)side)
		return cause_set(cause, "%s is commanded by %s, and it is "
		    "%s's phase", u->id, side_names[u->controller],
		    side_names[side]);
	return 0;
}

/* Whether the acting unit may act now, and select it if so. */
static int
exec_check_actor(const struct game *g, int unit, char **cause)
{
	const struct unit	*u;

	if (exec_check_command(g, unit, true, cause) != 0)
		return -1;
	u = &g->units[unit];
	/* A steered civilian acts whatever its state (as before). */
	if (u->steered && game_side_to_move(g) == SIDE_XCOM)
		return 0;
	if (u->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s", u->id,
		    unit_status_names[u->status]);
	if (u->turn_over)
		return cause_set(cause, "%s's turn is over: another unit was "
		    "chosen after it acted (RULINGS 2.2)", u->id);
	return 0;
}

/* RULINGS §2.2: choosing another unit ends the turn of one that acted. */
static void
exec_select(struct game *g, int unit)
{
	struct event	*e;

	if (g->selected == unit)
		return;
	if (g->selected >= 0 && g->units[g->selected].acted &&
	    !g->scenario->rules.free_unit_switching)
		g->units[g->selected].turn_over = true;
	g->selected = unit;
	e = event_push(g->ev, EV_SELECT);
	event_str(e, "unit", g->units[unit].id);
}

static void
exec_spend(struct game *g, int unit, int tu)
{
	struct unit	*u = &g->units[unit];

	u->tu -= tu;
	if (tu > 0)
		u->acted = true;
}

/* --- turning, kneeling, doors --------------------------------------------- */

static int
exec_turn(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	int		 cost = game_turn_cost(u, c->dir);

	if (c->dir == u->facing)
		return cause_set(cause, "%s already faces %s", u->id,
		    dir_names[c->dir]);
	if (cost > u->tu)
		return cause_set(cause, "turning %s costs %d TU; %s has %d",
		    dir_names[c->dir], cost, u->id, u->tu);
	if (apply)
		game_face(g, c->unit, c->dir);
	return 0;
}

static int
exec_kneel(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	bool		 kneel = c->type == CMD_KNEEL;
	int		 cost = EXEC_KNEEL_TU * unit_move_multiplier(g->cat, u);
	struct event	*e;
	bool		*before;
	int		 other;

	if (kneel && !u->t->can_kneel)
		return cause_set(cause, "a %s cannot kneel (only soldiers do, "
		    "\xc2\xa7" "5.4)", u->t->id);
	/* RULINGS §5: from prone it stands; two never stand in a square. */
	if (kneel && u->prone)
		return cause_set(cause, "%s is prone: it stands first",
		    u->id);
	if (!kneel && u->prone && (other = game_standing_on(g,
	    c->unit)) >= 0)
		return cause_set(cause, "%s cannot stand where %s stands: it "
		    "may walk out of the square instead", u->id,
		    g->units[other].id);
	if (u->kneeling == kneel && !u->prone)
		return cause_set(cause, "%s is already %s", u->id,
		    kneel ? "kneeling" : "standing");
	if (cost > u->tu)
		return cause_set(cause, "%s costs %d TU; %s has %d",
		    kneel ? "kneeling" : "standing", cost, u->id, u->tu);
	if (!apply)
		return 0;
	/* RULINGS §6.5: kneeling and standing are checked for reactions. */
	before = game_watch_begin(g, c->unit);
	exec_spend(g, c->unit, cost);
	u->kneeling = kneel;
	u->prone = false;
	e = event_push(g->ev, kneel ? EV_KNEEL : EV_STAND);
	event_str(e, "unit", u->id);
	event_int(e, "tu", cost);
	game_field_refresh(g);
	game_vis_update(g, true);
	game_watch_end(g, c->unit, before);
	/* §6.2: kneeling and standing are movement to a proximity grenade. */
	game_proximity(g, u->pos);
	return 0;
}

static int
exec_open(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct edge	*edge;
	bool		*before;

	if (c->dir != DIR_N && c->dir != DIR_E && c->dir != DIR_S &&
	    c->dir != DIR_W)
		return cause_set(cause, "doors are on the n, e, s or w side "
		    "of a square");
	if (u->t->size > 1)
		return cause_set(cause, "a 2x2 unit opens doors by moving "
		    "through them");
	edge = map_edge(g->map, u->pos, c->dir);
	if (edge->kind != EDGE_DOOR)
		return cause_set(cause, "there is no door on the %s side of "
		    "%s's square", dir_names[c->dir], u->id);
	if (edge->flags & EDGE_OPENED)
		return cause_set(cause, "that door is already open");
	if (EXEC_DOOR_TU > u->tu)
		return cause_set(cause, "opening a door costs %d TU; %s has "
		    "%d", EXEC_DOOR_TU, u->id, u->tu);
	if (!apply)
		return 0;
	before = game_watch_begin(g, c->unit);
	exec_spend(g, c->unit, EXEC_DOOR_TU);
	game_door_open(g, u, u->pos, c->dir, EXEC_DOOR_TU);
	game_vis_update(g, true);
	game_watch_end(g, c->unit, before);
	return 0;
}

/* --- items ---------------------------------------------------------------- */

static bool
exec_needs_reload_tu(const struct unit *u)
{
	/* §5.5: only soldiers pay to reload. */
	return u->t->class == UNIT_SOLDIER;
}

/*
 * §3.5 Grenade Launcher: grenades are its ammunition, "loading up to six
 * into the weapon counts as a single loading action".  Every grenade of
 * the kind on the belt goes in, up to the launcher's capacity; grenades of
 * another kind already in it come out onto the belt (what finds no room
 * there is dropped).  False when the weapon does not load grenades.
 */
static bool
exec_load_grenades(struct game *g, struct unit *u, struct carried *h,
    int grenade, int tu)
{
	int		capacity = g->cat->items[h->item].capacity, k;
	size_t		b;
	struct event	*e;

	if (capacity <= 0 || g->cat->items[grenade].class != ITEM_GRENADE)
		return false;
	if (h->ammo >= 0 && h->ammo != grenade) {
		for (k = 0; k < h->rounds; k++) {
			struct carried out = { h->ammo, -1, 1, -1 };

			if (u->nbelt < SCENARIO_BELT_MAX)
				u->belt[u->nbelt++] = out;
			else
				game_drop_carried(g, u, &out);
		}
		h->rounds = 0;
	}
	if (h->ammo != grenade)
		h->rounds = 0;
	h->ammo = grenade;
	for (b = 0; b < u->nbelt && h->rounds < capacity; ) {
		if (u->belt[b].item != grenade) {
			b++;
			continue;
		}
		h->rounds++;
		memmove(&u->belt[b], &u->belt[b + 1], (u->nbelt - b - 1) *
		    sizeof *u->belt);
		u->nbelt--;
	}
	e = event_push(g->ev, EV_RELOAD);
	event_str(e, "unit", u->id);
	event_str(e, "weapon", g->cat->items[h->item].id);
	event_str(e, "ammo", g->cat->items[grenade].id);
	event_int(e, "rounds", h->rounds);
	event_int(e, "tu", tu);
	return true;
}

static int
exec_reload(struct game *g, const struct command *c, bool apply,
    char **cause)
{
	struct unit		*u = &g->units[c->unit];
	struct carried		*h = &u->hands[c->hand], old;
	int			 cost = exec_needs_reload_tu(u) ?
				    EXEC_RELOAD_TU : 0;
	size_t			 b;
	struct event		*e;

	if (c->hand != HAND_RIGHT && c->hand != HAND_LEFT)
		return cause_set(cause, "reload the right or the left hand");
	if (h->item < 0 || g->cat->items[h->item].class != ITEM_WEAPON)
		return cause_set(cause, "%s holds no weapon in the %s hand",
		    u->id, c->hand == HAND_RIGHT ? "right" : "left");
	if (!catalog_ammo_fits(g->cat, h->item, c->item))
		return cause_set(cause, "%s does not fit %s",
		    g->cat->items[c->item].id, g->cat->items[h->item].id);
	for (b = 0; b < u->nbelt; b++)
		if (u->belt[b].item == c->item)
			break;
	if (b == u->nbelt)
		return cause_set(cause, "%s carries no %s", u->id,
		    g->cat->items[c->item].id);
	if (cost > u->tu)
		return cause_set(cause, "reloading costs %d TU; %s has %d",
		    cost, u->id, u->tu);
	if (!apply)
		return 0;
	exec_spend(g, c->unit, cost);
	if (exec_load_grenades(g, u, h, c->item, cost))
		return 0;
	old = *h;
	h->ammo = u->belt[b].item;
	h->rounds = u->belt[b].rounds;
	memmove(&u->belt[b], &u->belt[b + 1], (u->nbelt - b - 1) *
	    sizeof *u->belt);
	u->nbelt--;
	/* The clip taken out goes on the belt if it still has rounds. */
	if (old.ammo >= 0 && old.rounds > 0 && u->nbelt < SCENARIO_BELT_MAX) {
		u->belt[u->nbelt].item = old.ammo;
		u->belt[u->nbelt].ammo = -1;
		u->belt[u->nbelt].rounds = old.rounds;
		u->belt[u->nbelt].primed = -1;
		u->nbelt++;
	}
	e = event_push(g->ev, EV_RELOAD);
	event_str(e, "unit", u->id);
	event_str(e, "weapon", g->cat->items[h->item].id);
	event_str(e, "ammo", g->cat->items[h->ammo].id);
	event_int(e, "rounds", h->rounds);
	event_int(e, "tu", cost);
	return 0;
}

static int
exec_unload(struct game *g, const struct command *c, bool apply,
    char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h = &u->hands[c->hand];
	struct event	*e;

	if (c->hand != HAND_RIGHT && c->hand != HAND_LEFT)
		return cause_set(cause, "unload the right or the left hand");
	if (h->item < 0 || h->ammo < 0)
		return cause_set(cause, "nothing is loaded in %s's %s hand",
		    u->id, c->hand == HAND_RIGHT ? "right" : "left");
	if (u->nbelt >= SCENARIO_BELT_MAX)
		return cause_set(cause, "%s's belt is full", u->id);
	if (EXEC_UNLOAD_TU > u->tu)
		return cause_set(cause, "unloading costs %d TU; %s has %d",
		    EXEC_UNLOAD_TU, u->id, u->tu);
	if (!apply)
		return 0;
	exec_spend(g, c->unit, EXEC_UNLOAD_TU);
	u->belt[u->nbelt].item = h->ammo;
	u->belt[u->nbelt].ammo = -1;
	u->belt[u->nbelt].rounds = h->rounds;
	u->belt[u->nbelt].primed = -1;
	u->nbelt++;
	e = event_push(g->ev, EV_UNLOAD);
	event_str(e, "unit", u->id);
	event_str(e, "ammo", g->cat->items[h->ammo].id);
	event_int(e, "rounds", h->rounds);
	event_int(e, "tu", EXEC_UNLOAD_TU);
	h->ammo = -1;
	h->rounds = 0;
	return 0;
}

static int
exec_pickup(struct game *g, const struct command *c, bool apply,
    char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*slot = NULL;
	size_t		 i;
	struct event	*e;

	if (u->t->class != UNIT_SOLDIER)
		return cause_set(cause, "a %s carries nothing", u->t->id);
	for (i = 0; i < g->nground; i++)
		if (g->ground[i].c.item == c->item &&
		    unit_covers(u, g->ground[i].pos))
			break;
	if (i == g->nground)
		return cause_set(cause, "there is no %s where %s stands",
		    g->cat->items[c->item].id, u->id);
	if (u->hands[HAND_RIGHT].item < 0)
		slot = &u->hands[HAND_RIGHT];
	else if (u->hands[HAND_LEFT].item < 0)
		slot = &u->hands[HAND_LEFT];
	else if (u->nbelt < SCENARIO_BELT_MAX)
		slot = &u->belt[u->nbelt];
	if (slot == NULL)
		return cause_set(cause, "%s's hands and belt are full", u->id);
	if (!apply)
		return 0;
	/* §7.2.1: picking up where an item fell costs nothing. */
	*slot = g->ground[i].c;
	if (slot == &u->belt[u->nbelt])
		u->nbelt++;
	memmove(&g->ground[i], &g->ground[i + 1], (g->nground - i - 1) *
	    sizeof *g->ground);
	g->nground--;
	e = event_push(g->ev, EV_ITEM_PICKED);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[c->item].id);
	return 0;
}

static int
exec_drop(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h;

	if (c->hand != HAND_RIGHT && c->hand != HAND_LEFT)
		return cause_set(cause, "drop from the right or the left hand");
	h = &u->hands[c->hand];
	if (h->item < 0)
		return cause_set(cause, "%s's %s hand is empty", u->id,
		    c->hand == HAND_RIGHT ? "right" : "left");
	if (g->cat->items[h->item].class == ITEM_WEAPON &&
	    g->cat->items[h->item].weapon_kind == WEAPON_INTERNAL)
		return cause_set(cause, "%s is built in", g->cat->items[
		    h->item].id);
	if (!apply)
		return 0;
	game_drop_carried(g, u, h);
	return 0;
}

/* Whether a hand holds a weapon built into the unit (never moved). */
static bool
exec_built_in(const struct game *g, const struct carried *h)
{
	return h->item >= 0 && g->cat->items[h->item].class == ITEM_WEAPON &&
	    g->cat->items[h->item].weapon_kind == WEAPON_INTERNAL;
}

static int
exec_swap(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	 t;
	int		 i;
	struct event	*e;

	for (i = 0; i < HAND_COUNT; i++)
		if (exec_built_in(g, &u->hands[i]))
			return cause_set(cause, "%s's weapon is built in",
			    u->id);
	if (u->hands[0].item < 0 && u->hands[1].item < 0)
		return cause_set(cause, "%s's hands are empty", u->id);
	if (!apply)
		return 0;
	t = u->hands[0];
	u->hands[0] = u->hands[1];
	u->hands[1] = t;
	e = event_push(g->ev, EV_SWAP);
	event_str(e, "unit", u->id);
	return 0;
}

static int
exec_draw(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h;
	size_t		 b;
	struct event	*e;
	int		 hand = c->hand;

	if (u->t->class != UNIT_SOLDIER)
		return cause_set(cause, "a %s carries nothing", u->t->id);
	for (b = 0; b < u->nbelt; b++)
		if (u->belt[b].item == c->item)
			break;
	if (b == u->nbelt)
		return cause_set(cause, "%s carries no %s on the belt", u->id,
		    g->cat->items[c->item].id);
	if (hand < 0)
		hand = u->hands[HAND_RIGHT].item < 0 ? HAND_RIGHT :
		    u->hands[HAND_LEFT].item < 0 ? HAND_LEFT : HAND_RIGHT;
	if (hand != HAND_RIGHT && hand != HAND_LEFT)
		return cause_set(cause, "draw into the right or the left hand");
	h = &u->hands[hand];
	if (h->item >= 0)
		return cause_set(cause, "%s's %s hand holds %s", u->id,
		    hand == HAND_RIGHT ? "right" : "left",
		    g->cat->items[h->item].id);
	if (EXEC_BELT_TU > u->tu)
		return cause_set(cause, "drawing from the belt costs %d TU; "
		    "%s has %d", EXEC_BELT_TU, u->id, u->tu);
	if (!apply)
		return 0;
	exec_spend(g, c->unit, EXEC_BELT_TU);
	*h = u->belt[b];
	memmove(&u->belt[b], &u->belt[b + 1], (u->nbelt - b - 1) *
	    sizeof *u->belt);
	u->nbelt--;
	e = event_push(g->ev, EV_DRAW);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[h->item].id);
	event_str(e, "hand", hand == HAND_RIGHT ? "right" : "left");
	event_int(e, "tu", EXEC_BELT_TU);
	return 0;
}

static int
exec_stow(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h;
	struct event	*e;

	if (c->hand != HAND_RIGHT && c->hand != HAND_LEFT)
		return cause_set(cause, "stow from the right or the left hand");
	h = &u->hands[c->hand];
	if (h->item < 0)
		return cause_set(cause, "%s's %s hand is empty", u->id,
		    c->hand == HAND_RIGHT ? "right" : "left");
	if (exec_built_in(g, h))
		return cause_set(cause, "%s's weapon is built in", u->id);
	if (u->nbelt >= SCENARIO_BELT_MAX)
		return cause_set(cause, "%s's belt is full", u->id);
	if (EXEC_BELT_TU > u->tu)
		return cause_set(cause, "stowing on the belt costs %d TU; "
		    "%s has %d", EXEC_BELT_TU, u->id, u->tu);
	if (!apply)
		return 0;
	exec_spend(g, c->unit, EXEC_BELT_TU);
	e = event_push(g->ev, EV_STOW);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[h->item].id);
	event_str(e, "hand", c->hand == HAND_RIGHT ? "right" : "left");
	event_int(e, "tu", EXEC_BELT_TU);
	u->belt[u->nbelt++] = *h;
	h->item = -1;
	h->ammo = -1;
	h->rounds = 0;
	h->primed = -1;
	return 0;
}

/*
 * RULINGS §6.5: a unit's standing order for reaction fire, given by its
 * controller in its phase at no cost in TUs; it neither selects the unit
 * nor ends anyone's turn, and it holds until changed.
 */
static int
exec_react(struct game *g, const struct command *c, bool apply, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct event	*e;

	if (c->kind < 0 || c->kind > UNIT_REACT_NEVER || c->friends < 0 ||
	    c->friends > UNIT_REACT_NEVER)
		return cause_set(cause, "a reaction order is never or a "
		    "chance of 0 to 100");
	if (!apply)
		return 0;
	u->react_min = c->kind;
	/* Never is never, whoever stands in the way. */
	u->react_friends = c->kind == UNIT_REACT_NEVER ? UNIT_REACT_NEVER :
	    c->friends;
	e = event_push(g->ev, EV_REACTION_ORDER);
	event_str(e, "unit", u->id);
	if (u->react_min == UNIT_REACT_NEVER)
		event_str(e, "fire", "never");
	else
		event_int(e, "min", u->react_min);
	if (u->react_friends == UNIT_REACT_NEVER)
		event_str(e, "through_friends", "never");
	else
		event_int(e, "friends_min", u->react_friends);
	return 0;
}

/* Who may give a unit a standing order: its controller, in its phase. */
static int
exec_check_order(const struct game *g, int unit, char **cause)
{
	if (exec_check_command(g, unit, false, cause) != 0)
		return -1;
	if (g->units[unit].status == UNIT_DEAD)
		return cause_set(cause, "%s is dead", g->units[unit].id);
	return 0;
}

static int
exec_dice(struct game *g, const struct command *c, bool apply, char **cause)
{
	size_t	i;

	if (g->nforced + c->ndice > XTAC_NITEMS(g->forced))
		return cause_set(cause, "at most %zu dice can wait to be "
		    "rolled", XTAC_NITEMS(g->forced));
	for (i = 0; i < c->ndice; i++)
		if (c->dice[i] < 1 || c->dice[i] > 100)
			return cause_set(cause, "a die shows 1 to 100, not %d",
			    c->dice[i]);
	if (!apply)
		return 0;
	memcpy(g->forced + g->nforced, c->dice, c->ndice * sizeof *c->dice);
	g->nforced += c->ndice;
	return 0;
}

/* --- dispatch ------------------------------------------------------------ */

static int
exec_one(struct game *g, const struct command *c, bool apply, char **cause)
{
	switch (c->type) {
	case CMD_SELECT:
		return 0;
	case CMD_MOVE:
		return apply ? game_do_move(g, c, cause) :
		    game_check_move(g, c, cause);
	case CMD_TURN:
		return exec_turn(g, c, apply, cause);
	case CMD_KNEEL:
	case CMD_STAND:
		return exec_kneel(g, c, apply, cause);
	case CMD_OPEN:
		return exec_open(g, c, apply, cause);
	case CMD_SHOOT:
		return apply ? game_do_shoot(g, c, cause) :
		    game_check_shoot(g, c, cause);
	case CMD_MELEE:
		return apply ? game_do_melee(g, c, cause) :
		    game_check_melee(g, c, cause);
	case CMD_RELOAD:
		return exec_reload(g, c, apply, cause);
	case CMD_UNLOAD:
		return exec_unload(g, c, apply, cause);
	case CMD_PICKUP:
		return exec_pickup(g, c, apply, cause);
	case CMD_DROP:
		return exec_drop(g, c, apply, cause);
	case CMD_SWAP:
		return exec_swap(g, c, apply, cause);
	case CMD_END:
		return 0;
	case CMD_DICE:
		return exec_dice(g, c, apply, cause);
	case CMD_PSI:
		return apply ? game_do_psi(g, c, cause) :
		    game_check_psi(g, c, cause);
	case CMD_HEAL:
		return apply ? game_do_heal(g, c, cause) :
		    game_check_heal(g, c, cause);
	case CMD_PRIME:
		return apply ? game_do_prime(g, c, cause) :
		    game_check_prime(g, c, cause);
	case CMD_THROW:
		return apply ? game_do_throw(g, c, cause) :
		    game_check_throw(g, c, cause);
	case CMD_DRAW:
		return exec_draw(g, c, apply, cause);
	case CMD_STOW:
		return exec_stow(g, c, apply, cause);
	case CMD_REACT:
		return exec_react(g, c, apply, cause);
	case CMD_CARRY:
		return apply ? game_do_carry(g, c, cause) :
		    game_check_carry(g, c, cause);
	case CMD_LAY:
		return apply ? game_do_lay(g, c, cause) :
		    game_check_lay(g, c, cause);
	case CMD_DEPLOY:	/* game-deploy.c, while units are placed */
	case CMD_TYPE_COUNT:
		break;
	}
	return cause_set(cause, "unknown command");
}

/*
 * Journal what a dice source gave during the command as `dice` commands
 * ahead of it: replayed, they queue the same values for the same rolls.
 */
static void
exec_journal_drawn(struct game *g)
{
	struct command	 d;
	size_t		 i, n;

	for (i = 0; i < g->ndrawn; i += n) {
		n = g->ndrawn - i;
		if (n > CMD_MAX_DICE)
			n = CMD_MAX_DICE;
		memset(&d, 0, sizeof d);
		d.type = CMD_DICE;
		d.unit = d.target = d.item = -1;
		memcpy(d.dice, g->drawn + i, n * sizeof *d.dice);
		d.ndice = n;
		g->journal = xreallocarray(g->journal, g->njournal + 1,
		    sizeof *g->journal);
		g->journal[g->njournal++] = d;
	}
	g->ndrawn = 0;
}

static bool
exec_has_actor(enum cmd_type type)
{
	return type != CMD_END && type != CMD_DICE && type != CMD_REACT;
}

/* Everything game_execute() checks before it changes anything. */
static int
exec_validate(const struct game *g, const struct command *c, char **cause)
{
	int	rc = 0;

	if (g->deploying)
		return game_deploy_check(g, c, cause);
	if (c->type == CMD_DEPLOY)
		return cause_set(cause, "units are deployed only before round "
		    "1 (\xc2\xa7" "4.1)");
	if (g->over && c->type != CMD_DICE)
		rc = cause_set(cause, "the game is over");
	else if (exec_has_actor(c->type))
		rc = exec_check_actor(g, c->unit, cause);
	else if (c->type == CMD_REACT)
		rc = exec_check_order(g, c->unit, cause);
	if (rc == 0 && exec_has_actor(c->type) && g->units[c->unit].steered &&
	    c->type != CMD_MOVE && c->type != CMD_SELECT)
		rc = cause_set(cause, "%s is a civilian: X-Com may only steer "
		    "its run", g->units[c->unit].id);
	/*
	 * §3.5 Psi Amp: a mind-controlled unit acts "as if it was one of your
	 * own (except that you cannot access the object screen)".
	 */
	if (rc == 0 && exec_has_actor(c->type) &&
	    g->units[c->unit].controller != g->units[c->unit].side &&
	    g->units[c->unit].zombie_rounds < 0 && (c->type == CMD_RELOAD ||
	    c->type == CMD_UNLOAD || c->type == CMD_PICKUP ||
	    c->type == CMD_DROP || c->type == CMD_SWAP || c->type == CMD_PRIME ||
	    c->type == CMD_DRAW || c->type == CMD_STOW))
		rc = cause_set(cause, "%s is mind controlled: its "
		    "equipment stays as it is (\xc2\xa7" "3.5)",
		    g->units[c->unit].id);
	/* RULINGS §5: a prone unit "must stand ... before it fires". */
	if (rc == 0 && exec_has_actor(c->type) && g->units[c->unit].prone &&
	    (c->type == CMD_SHOOT || c->type == CMD_MELEE ||
	    c->type == CMD_THROW))
		rc = cause_set(cause, "%s is prone: it must stand (2 TU) "
		    "before it fires", g->units[c->unit].id);
	/* RULINGS Special units: a zombie moves but cannot attack. */
	if (rc == 0 && exec_has_actor(c->type) &&
	    g->units[c->unit].zombie_rounds >= 0 && (c->type == CMD_SHOOT ||
	    c->type == CMD_MELEE || c->type == CMD_THROW ||
	    c->type == CMD_PSI || c->type == CMD_PRIME))
		rc = cause_set(cause, "%s is a zombie: it cannot attack",
		    g->units[c->unit].id);
	/* With apply false the handlers only read: the cast is safe. */
	if (rc == 0)
		rc = exec_one((struct game *)g, c, false, cause);
	return rc;
}

int
game_check(const struct game *g, const struct command *c, char **cause)
{
	return exec_validate(g, c, cause);
}

int
game_execute(struct game *g, const struct command *c, struct event_list *ev)
{
	char		*cause = NULL, *text;
	struct event	*e;
	int		 rc, round = g->round;
	bool		 over = g->over;

	g->ev = ev;
	g->ev_stamped = ev->n;
	rc = exec_validate(g, c, &cause);
	if (rc != 0) {
		text = cmd_format(g, c);
		e = event_push(ev, EV_ERROR);
		event_text(e, "command", text);
		event_text(e, "reason", cause);
		know_stamp_error(g, e, c);
		free(text);
		free(cause);
		know_stamp(g);
		g->ev = NULL;
		return -1;
	}
	if (g->deploying && c->type != CMD_DICE)
		game_deploy_apply(g, c);
	else if (c->type == CMD_END)
		game_end_phase(g);
	else {
		if (exec_has_actor(c->type))
			exec_select(g, c->unit);
		exec_one(g, c, true, &cause);
		/* A steered civilian runs once. */
		if (c->type == CMD_MOVE)
			g->units[c->unit].steered = false;
	}
	/* Anything that went off along the way (a Cyberdisk dying) bursts. */
	if (g->nblasts > 0)
		game_run_explosions(g);
	/* Items lying on floors the command destroyed fall (§7.2.4). */
	game_settle_items(g);
	game_carry_check(g);
	free(cause);
	exec_journal_drawn(g);
	g->journal = xreallocarray(g->journal, g->njournal + 1,
	    sizeof *g->journal);
	g->journal[g->njournal++] = *c;
	game_check_victory(g);
	if (!g->over && c->type != CMD_DICE)
		game_auto_end_phase(g);
	if (g->round != round || g->over != over) {
		g->checks = xreallocarray(g->checks, g->nchecks + 1,
		    sizeof *g->checks);
		g->checks[g->nchecks].after = g->njournal - 1;
		g->checks[g->nchecks].round = g->round;
		g->checks[g->nchecks++].hash = game_hash(g);
	}
	know_stamp(g);
	g->ev = NULL;
	return 0;
}
