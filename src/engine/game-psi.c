/*
 * game-psi.c - psionic attacks (§6.4, RULINGS §6.4): mind probe, panic and
 * mind control, and what panic and control do as phases begin and end.
 *
 * An attack is an opposed roll: attacker d100 + PSK + modifier (probe +10,
 * panic 0, control -25) against target d100 + PST; the higher total wins
 * and ties re-roll (RULINGS §0).  The effects live on the target's struct
 * unit (unit.h): probed[side], panic, and controller with control_ending.
 *
 * Invariants: a unit's controller differs from its side only while it is
 * mind controlled or a zombie (§3.3.3: the aliens' until it turns, never
 * released here), and control_ending is false unless it is mind
 * controlled; panic is UNIT_CALM except between a successful panic attack
 * and the start of the unit's next phase, when it is acted out and
 * cleared.
 *
 * Where the rules are silent (decisions, each also at its place below):
 * - Aliens attack without an amp and pay what the amp costs, 10 TU (RULINGS
 *   §3 gives the amp's cost; nothing suggests a mind is cheaper).  "Humans"
 *   are units fielded by a side other than the aliens'.
 * - A target must be an enemy by controller, never a civilian (civilians
 *   take no phases, so panic and control would never end), never a zombie
 *   (§3.3.3: the opposing side has no control over it), standing, and
 *   seen by the attacker's side; the attacker needs no line of its own and
 *   there is no range (§6.4 names neither; RULINGS §6.4).  The house rule
 *   psi-own-sight asks the attacker's own line.  No turning, no reactions.
 * - Panic is rolled at once but acted out at the start of the target's
 *   next phase (§6.4: frozen "for their next turn"; fleeing and berserk
 *   follow the same clock so all three spend the unit's own phase).  Each
 *   leaves the unit 0 TU for that phase: the fit is its whole turn.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define PSI_TU		10	/* RULINGS §3: every psi attack, amp or not */
#define PSI_MAX_TIES	100	/* re-rolls before the defender holds */
#define PSI_MAX_SHOTS	100	/* a berserk fit stops here at the latest */

/* §6.4: probe +10, panic +0, control -25. */
static const int psi_modifier[PSI_KIND_COUNT] = { 10, 0, -25 };

static const char *const psi_panic_names[] = {
	"calm", "frozen", "flees", "berserk"
};

/*
 * §7.5 (RULINGS §7.5) missed-shot figure read as a direction: 1 NW, 2 N,
 * 3 NE, 4 W, 7 E, 8 SW, 9 S, 10 SE.  5 and 6 are "on along the line of
 * fire"; a berserk unit has no target, so its line of fire is where it
 * faces, and it fires straight ahead (-1 here).
 */
static const int psi_berserk_dir[11] = {
	-1, DIR_NW, DIR_N, DIR_NE, DIR_W, -1, -1, DIR_E, DIR_SW, DIR_S, DIR_SE
};

/* §6.4: humans need a Psi Amp; the aliens' minds are their weapon. */
static bool
psi_needs_amp(const struct unit *u)
{
	return u->side != SIDE_ALIEN;
}

static int
psi_cost(const struct game *g, const struct unit *u)
{
	int	h = game_hand_with(g, u, WEAPON_PSI, SHOT_PSI);

	if (psi_needs_amp(u) && h >= 0)
		return item_shot(&g->cat->items[u->hands[h].item],
		    SHOT_PSI)->tu;
	return PSI_TU;
}

/* RULINGS §3: PSK/PST '-' and every HWP: no psionics either way. */
static bool
psi_immune(const struct unit *u)
{
	return u->t->class == UNIT_HWP || u->stats[STAT_PST] == STAT_NONE;
}

/*
 * RULINGS §6.4: a mind is open to attack while the attacker's side sees
 * it, at any range; under the house rule psi-own-sight only while the
 * attacker itself does.
 */
bool
game_psi_sees(const struct game *g, int unit, int target)
{
	if (g->scenario->rules.psi_own_sight)
		return game_unit_sees(g, unit, target, NULL);
	return game_sees(g, g->units[unit].controller, target);
}

int
game_check_psi(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*a = &g->units[c->unit], *t;
	int			 tu;

	if (c->kind < 0 || c->kind >= PSI_KIND_COUNT)
		return cause_set(cause, "no such psi attack");
	if (c->target < 0 || (size_t)c->target >= g->nunits)
		return cause_set(cause, "a psi attack needs a target unit");
	if (c->target == c->unit)
		return cause_set(cause, "%s cannot attack its own mind", a->id);
	t = &g->units[c->target];
	if (a->t->class == UNIT_HWP || a->stats[STAT_PSK] == STAT_NONE)
		return cause_set(cause, "a %s has no psionic skill (PSK '-', "
		    "RULINGS 3)", a->t->id);
	if (psi_needs_amp(a) && game_hand_with(g, a, WEAPON_PSI, SHOT_PSI) < 0)
		return cause_set(cause, "%s needs a Psi Amp in hand for psionic "
		    "attacks (\xc2\xa7" "6.4)", a->id);
	if (psi_immune(t))
		return cause_set(cause, "a %s is immune to psionics (%s, "
		    "RULINGS 3)", t->t->id, t->t->class == UNIT_HWP ? "HWP" :
		    "PST '-'");
	if (t->controller == a->controller)
		return cause_set(cause, "%s is commanded by %s too", t->id,
		    side_names[a->controller]);
	if (t->controller == SIDE_CIVILIAN)
		return cause_set(cause, "civilians are not psionic targets");
	/* §3.3.3: "effectively dead for the opposing side ... no control". */
	if (t->zombie_rounds >= 0)
		return cause_set(cause, "%s is a zombie: no mind is left to "
		    "reach (\xc2\xa7" "3.3.3)", t->id);
	if (t->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s", t->id,
		    unit_status_names[t->status]);
	if (!game_psi_sees(g, c->unit, c->target)) {
		if (g->scenario->rules.psi_own_sight)
			return cause_set(cause, "%s does not see %s itself "
			    "(house rule psi-own-sight, RULINGS 6.4)", a->id,
			    t->id);
		return cause_set(cause, "%s does not see %s", side_names[
		    a->controller], t->id);
	}
	tu = psi_cost(g, a);
	if (tu > a->tu)
		return cause_set(cause, "a psi attack costs %d TU; %s has %d",
		    tu, a->id, a->tu);
	return 0;
}

/* The opposed roll (RULINGS §0, §6.4): true if the attacker wins. */
static bool
psi_opposed(struct game *g, int attacker, int target, enum psi_kind kind)
{
	const struct unit	*a = &g->units[attacker];
	const struct unit	*t = &g->units[target];
	int			 ra, rt, ta, tt, tries = 0;
	struct event		*e;

	do {
		ra = game_roll(g, 100, "psi %s: attacker %s's d100 + PSK "
		    "against %s%s", psi_kind_names[kind], a->name, t->name,
		    tries > 0 ? " (a tie re-rolled)" : "");
		rt = game_roll(g, 100, "psi %s: target %s's d100 + PST %d "
		    "against %s", psi_kind_names[kind], t->name,
		    t->stats[STAT_PST], a->name);
		ta = ra + a->stats[STAT_PSK] + psi_modifier[kind];
		tt = rt + t->stats[STAT_PST];
		e = event_push(g->ev, EV_OPPOSED);
		event_str(e, "what", "psi");
		event_str(e, "kind", psi_kind_names[kind]);
		event_str(e, "attacker", a->id);
		event_int(e, "attacker_roll", ra);
		event_int(e, "attacker_total", ta);
		event_str(e, "target", t->id);
		event_int(e, "target_roll", rt);
		event_int(e, "target_pst", t->stats[STAT_PST]);
		event_int(e, "target_total", tt);
		event_str(e, "winner", ta > tt ? a->id : ta < tt ? t->id :
		    "tie");
		if (tries > 0)
			event_bool(e, "reroll", true);
		/* The attacker's bonus, term by term. */
		event_term(e, "PSK", a->stats[STAT_PSK]);
		event_term(e, psi_kind_names[kind], psi_modifier[kind]);
	} while (ta == tt && ++tries < PSI_MAX_TIES);
	return ta > tt;
}

/* §6.4 mind probe: the attacker's side may read the whole sheet. */
static void
psi_probe(struct game *g, int attacker, int target)
{
	struct unit	*t = &g->units[target];
	enum side	 side = g->units[attacker].controller;
	struct event	*e;
	int		 k;

	t->probed[side] = true;
	e = event_push(g->ev, EV_PSI);
	event_str(e, "unit", t->id);
	event_str(e, "by", g->units[attacker].id);
	event_str(e, "effect", "probed");
	event_str(e, "side", side_names[side]);
	event_int(e, "tu_left", t->tu);
	event_int(e, "hth_left", t->stats[STAT_HTH] - t->damage);
	for (k = 0; k < STAT_COUNT; k++)
		if (k != STAT_HTH && t->stats[k] != STAT_NONE)
			event_int(e, stat_names[k], t->stats[k]);
}

/* §6.4 panic: the d10 now, the deed at the target's next phase start. */
static void
psi_panic(struct game *g, int attacker, int target)
{
	struct unit	*t = &g->units[target];
	int		 d10 = game_roll(g, 10, "panic of %s: 1-4 freezes, "
			    "5-7 flees, 8-10 berserk (\xc2\xa7" "6.4)",
			    t->name);
	struct event	*e;

	/* RULINGS §6.4 settles the overlap of "5-7" and "7-10": 8-10. */
	t->panic = d10 <= 4 ? UNIT_FROZEN : d10 <= 7 ? UNIT_FLEEING :
	    UNIT_BERSERK;
	e = event_push(g->ev, EV_PSI);
	event_str(e, "unit", t->id);
	event_str(e, "by", g->units[attacker].id);
	event_str(e, "effect", "panicked");
	event_int(e, "d10", d10);
	event_str(e, "panic", psi_panic_names[t->panic]);
	event_str(e, "when", "its next phase");
}

/*
 * §6.4 mind control: the unit acts for the attacker's side "as if it was
 * one of your own", at once: its turn starts fresh in this phase, with the
 * TUs it has.  Taking back one's own unit simply ends the control.
 */
static void
psi_control(struct game *g, int attacker, int target)
{
	struct unit	*t = &g->units[target];
	enum side	 side = g->units[attacker].controller;
	struct event	*e;

	t->controller = side;
	t->control_ending = false;
	t->acted = t->turn_over = t->half_turned = false;
	t->last_weapon = -1;
	e = event_push(g->ev, EV_PSI);
	event_str(e, "unit", t->id);
	event_str(e, "by", g->units[attacker].id);
	if (side == t->side) {
		event_str(e, "effect", "released");
		event_str(e, "controller", side_names[side]);
	} else {
		event_str(e, "effect", "controlled");
		event_str(e, "controller", side_names[side]);
		event_str(e, "until", "the end of its side's next phase");
	}
	game_vis_update(g, true);
}

int
game_do_psi(struct game *g, const struct command *c, char **cause)
{
	struct unit	*a = &g->units[c->unit];
	int		 tu = psi_cost(g, a), hand = game_hand_with(g, a, WEAPON_PSI, SHOT_PSI);
	struct event	*e;

	(void)cause;
	a->tu -= tu;
	a->acted = true;
	e = event_push(g->ev, EV_ATTACK);
	event_str(e, "unit", a->id);
	event_str(e, "target", g->units[c->target].id);
	event_str(e, "mode", "psi");
	event_str(e, "kind", psi_kind_names[c->kind]);
	event_str(e, "weapon", psi_needs_amp(a) && hand >= 0 ?
	    g->cat->items[a->hands[hand].item].id : "mind");
	event_int(e, "tu", tu);
	if (!psi_opposed(g, c->unit, c->target, (enum psi_kind)c->kind))
		return 0;
	switch ((enum psi_kind)c->kind) {
	case PSI_PROBE:
		psi_probe(g, c->unit, c->target);
		break;
	case PSI_PANIC:
		psi_panic(g, c->unit, c->target);
		break;
	case PSI_CONTROL:
		psi_control(g, c->unit, c->target);
		break;
	case PSI_KIND_COUNT:
		break;
	}
	return 0;
}

/* --- panic acted out (§6.4) -------------------------------------------- */

static struct event *
psi_panic_event(struct game *g, int unit, const char *effect)
{
	struct event	*e = event_push(g->ev, EV_PSI);

	event_str(e, "unit", g->units[unit].id);
	event_str(e, "effect", effect);
	return e;
}

static bool
psi_enemies(const struct unit *a, const struct unit *b)
{
	/* §3.4: what a civilian runs from is the aliens. */
	if (a->controller == SIDE_CIVILIAN)
		return b->controller == SIDE_ALIEN;
	return a->controller != b->controller &&
	    a->controller != SIDE_CIVILIAN && b->controller != SIDE_CIVILIAN;
}

/* Squared distance between two units' centres, in half squares. */
static long
psi_distance2(struct pos p, int size_p, struct pos q, int size_q)
{
	long	dx = (2L * p.x + size_p - 1) - (2L * q.x + size_q - 1);
	long	dy = (2L * p.y + size_p - 1) - (2L * q.y + size_q - 1);
	long	dz = 2L * (p.z - q.z);

	return dx * dx + dy * dy + dz * dz;
}

/*
 * Where the fleeing unit believes its enemies are: those its side sees,
 * else where its side last saw them.  Returns how many were found.
 */
static size_t
psi_threats(const struct game *g, int unit, struct pos *at, int *size)
{
	const struct unit	*u = &g->units[unit];
	size_t			 i, n = 0;
	int			 pass;

	for (pass = 0; pass < 2 && n == 0; pass++)
		for (i = 0; i < g->nunits; i++) {
			const struct unit *e = &g->units[i];
			struct pos p;

			if (e->status != UNIT_ACTIVE || !psi_enemies(u, e))
				continue;
			if (pass == 0 && !game_sees(g, u->controller, (int)i))
				continue;
			if (pass == 1 && !game_last_seen(g, u->controller,
			    (int)i, &p))
				continue;
			at[n] = pass == 0 ? e->pos : p;
			size[n] = e->t->size;
			n++;
		}
	return n;
}

static long
psi_nearest_threat(const struct pos *at, const int *size, size_t n,
    struct pos p, int own)
{
	long	best = -1, d;
	size_t	i;

	for (i = 0; i < n; i++) {
		d = psi_distance2(p, own, at[i], size[i]);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

static void
psi_drop_hands(struct game *g, int unit)
{
	struct unit		*u = &g->units[unit];
	int			 h;

	for (h = 0; h < HAND_COUNT; h++)
		game_drop_carried(g, u, &u->hands[h]);
}

/*
 * Where to run (§6.4 "in the opposite direction to the enemy"): the square
 * within its TUs farthest (straight-line) from the nearest enemy it knows
 * of, the cheaper on a tie, then the first in level, row, column order.
 * Returns the TU cost, 0 when no square is farther than where it stands,
 * or -1 when it knows of no enemy.
 */
int
game_flee_square(const struct game *g, int unit, struct pos *best)
{
	const struct unit	*u = &g->units[unit];
	const struct map	*m = g->map;
	size_t			 cells = (size_t)m->width * m->height *
				    m->levels, n, i;
	struct pos		*at = xcalloc(g->nunits, sizeof *at), p;
	int			*size = xcalloc(g->nunits, sizeof *size);
	int			*cost = xcalloc(cells, sizeof *cost);
	int			 best_cost = -1;
	long			 d, far;

	*best = u->pos;
	if ((n = psi_threats(g, unit, at, size)) > 0) {
		best_cost = 0;
		far = psi_nearest_threat(at, size, n, u->pos, u->t->size);
		game_reach(g, unit, cost);
		for (i = 0; i < cells; i++) {
			if (cost[i] <= 0 || cost[i] > u->tu)
				continue;
			p.x = (int)(i % (size_t)m->width);
			p.y = (int)(i / (size_t)m->width % (size_t)m->height);
			p.z = (int)(i / ((size_t)m->width * m->height));
			d = psi_nearest_threat(at, size, n, p, u->t->size);
			if (d > far || (d == far && best_cost > 0 &&
			    cost[i] < best_cost)) {
				far = d;
				*best = p;
				best_cost = cost[i];
			}
		}
	}
	free(cost);
	free(size);
	free(at);
	return best_cost;
}

void
game_walk_to(struct game *g, int unit, struct pos to)
{
	struct command	 c;
	char		*cause = NULL;

	memset(&c, 0, sizeof c);
	c.type = CMD_MOVE;
	c.unit = unit;
	c.target = -1;
	c.item = -1;
	c.pos = to;
	if (game_check_move(g, &c, &cause) == 0)
		game_do_move(g, &c, &cause);
	free(cause);
}

/*
 * §6.4 5-7: drop what is in its hands and run with all its TUs.  It moves
 * like any move, drawing reaction fire; whatever TUs are left are lost.
 */
static void
psi_flee(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct pos	 to;
	struct event	*e;
	int		 cost;

	psi_drop_hands(g, unit);
	cost = game_flee_square(g, unit, &to);
	e = psi_panic_event(g, unit, "flees");
	if (cost < 0)
		event_str(e, "why", "no enemy known: it cowers");
	else if (cost == 0)
		event_str(e, "why", "nowhere farther to run");
	else {
		event_pos(e, "to", to);
		game_walk_to(g, unit, to);
	}
	if (u->status == UNIT_ACTIVE)
		u->tu = 0;
}

/* The primary weapon: the right hand's if it snaps, else the left's. */
static int
psi_primary_hand(const struct game *g, const struct unit *u)
{
	int	h;

	for (h = 0; h < HAND_COUNT; h++)
		if (u->hands[h].item >= 0 && g->cat->items[
		    u->hands[h].item].class == ITEM_WEAPON &&
		    item_shot(&g->cat->items[u->hands[h].item],
		    SHOT_SNAP) != NULL)
			return h;
	return -1;
}

/*
 * §6.4 8-10: snap shots with the primary weapon, each in a direction by a
 * d10 on the missed-shot figure, until the TUs or the ammunition run out.
 * A shot pays for turning as any shot does (RULINGS §5): when a rolled
 * direction costs more than is left, the fit ends there.
 */
static void
psi_berserk(struct game *g, int unit)
{
	struct unit		*u = &g->units[unit];
	int			 hand = psi_primary_hand(g, u), shots, d10;
	const struct shot	*snap;
	struct event		*e;
	enum dir		 dir;

	e = psi_panic_event(g, unit, "berserk");
	if (hand < 0) {
		event_str(e, "why", "no weapon that snaps");
		u->tu = 0;
		return;
	}
	event_str(e, "weapon", g->cat->items[u->hands[hand].item].id);
	snap = item_shot(&g->cat->items[u->hands[hand].item], SHOT_SNAP);
	for (shots = 0; shots < PSI_MAX_SHOTS; shots++) {
		struct carried *h = &u->hands[hand];

		if (u->status != UNIT_ACTIVE || h->item < 0 ||
		    h->rounds == 0 || (g->cat->items[h->item].nammo > 0 &&
		    h->ammo < 0) || snap->tu > u->tu)
			break;
		d10 = game_roll(g, 10, "berserk %s, shot %d: its direction "
		    "(the missed-shot figure)", u->name, shots + 1);
		dir = psi_berserk_dir[d10] >= 0 ?
		    (enum dir)psi_berserk_dir[d10] : u->facing;
		e = psi_panic_event(g, unit, "berserk-shot");
		event_int(e, "d10", d10);
		event_str(e, "direction", dir_names[dir]);
		if (snap->tu + game_turn_cost(u, dir) > u->tu) {
			event_str(e, "why", "too few TUs to turn and fire");
			break;
		}
		game_wild_shot(g, unit, hand, dir);
	}
	if (u->status == UNIT_ACTIVE)
		u->tu = 0;
}

static void
psi_act_out(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	enum unit_panic	 panic = u->panic;
	struct event	*e;

	u->panic = UNIT_CALM;
	switch (panic) {
	case UNIT_FROZEN:
		/* §6.4 1-4: "no TU's for their next turn". */
		u->tu = 0;
		e = psi_panic_event(g, unit, "frozen");
		event_int(e, "tu", 0);
		break;
	case UNIT_FLEEING:
		psi_flee(g, unit);
		break;
	case UNIT_BERSERK:
		psi_berserk(g, unit);
		break;
	case UNIT_CALM:
		break;
	}
}

/*
 * At a phase's start: units of this side held by another side note that a
 * phase of their own side has begun (control ends with it); then the
 * panicked units this side commands act out their panic, in unit order.
 * "Its next phase" is the next phase of whoever commands it then.
 */
void
game_psi_phase_start(struct game *g, enum side side)
{
	size_t	i;
	bool	acted = false;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		/* §3.3.3: a zombie is the aliens' until it turns. */
		if (u->side == side && u->controller != side &&
		    u->zombie_rounds < 0)
			u->control_ending = true;
	}
	for (i = 0; i < g->nunits && !g->over; i++) {
		struct unit *u = &g->units[i];

		if (u->controller != side || u->panic == UNIT_CALM)
			continue;
		if (u->status != UNIT_ACTIVE) {
			u->panic = UNIT_CALM;	/* a fit needs a waking mind */
			continue;
		}
		psi_act_out(g, (int)i);
		acted = true;
	}
	if (acted) {
		game_field_refresh(g);
		game_vis_update(g, true);
		game_check_victory(g);
	}
}

/*
 * RULINGS §6.4: control lasts "until the end of the target's next phase":
 * the first phase of its own side that begins after it was taken.  Until
 * then it acts in its controller's phases (and reacts in anyone's).
 */
void
game_psi_phase_end(struct game *g, enum side side)
{
	size_t		 i;
	bool		 changed = false;
	struct event	*e;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		if (u->side != side || u->controller == side ||
		    !u->control_ending || u->zombie_rounds >= 0)
			continue;
		u->controller = side;
		u->control_ending = false;
		e = event_push(g->ev, EV_PSI);
		event_str(e, "unit", u->id);
		event_str(e, "effect", "released");
		event_str(e, "controller", side_names[side]);
		changed = true;
	}
	if (changed)
		game_vis_update(g, true);
}

/* --- the client's preview -------------------------------------------------- */

/*
 * The attacker wins a pair of d100 when ra + PSK + modifier > rt + PST;
 * equal totals re-roll, so the chance is wins / (wins + losses).  Counting
 * the 10000 pairs keeps it in integers, as the rules want.
 */
int
game_psi_chance(const struct game *g, int unit, int target,
    enum psi_kind kind, struct event *why, char **cause)
{
	const struct unit	*a = &g->units[unit];
	struct command		 c;
	struct event		 scratch;
	long			 win = 0, lose = 0;
	int			 d, ra, rt;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	memset(&c, 0, sizeof c);
	c.type = CMD_PSI;
	c.unit = unit;
	c.target = target;
	c.kind = (int)kind;
	c.item = -1;
	if (game_check(g, &c, cause) != 0)
		return -1;
	event_term(why, "PSK", a->stats[STAT_PSK]);
	event_term(why, psi_kind_names[kind], psi_modifier[kind]);
	event_term(why, "target PST", -g->units[target].stats[STAT_PST]);
	d = a->stats[STAT_PSK] + psi_modifier[kind] -
	    g->units[target].stats[STAT_PST];
	for (ra = 1; ra <= 100; ra++)
		for (rt = 1; rt <= 100; rt++) {
			if (ra + d > rt)
				win++;
			else if (ra + d < rt)
				lose++;
		}
	return win + lose > 0 ? (int)(win * 100 / (win + lose)) : 50;
}
