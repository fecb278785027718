/*
 * game-throw.c - grenades and throwing (§6.2, RULINGS §6.2, §7.4, §7.5).
 *
 * A grenade is primed in a hand (12 TU, a timer of 0 to 5 rounds), then
 * thrown (6 TU) or dropped; only then does it count down.  Timer 0 goes
 * off at the end of the phase it was thrown in; a timer of N at the N-th
 * round end after (RULINGS §2.2: turns are rounds, counted at the end of
 * each round).  A proximity grenade, once primed and landed, is armed: it
 * goes off when something moves in the 3x3 squares around it or on the
 * levels just above and below (walking, kneeling, standing, things thrown
 * there, explosions), never for a shot.  Primed grenades lying in a blast
 * go off in turn.
 *
 * A throw is rolled against TAC with the ranged modifiers that apply
 * (kneeling, range, night, arm criticals) and the throwing ones: -20 with
 * no line of sight to the square, -10 when only another unit of the side
 * sees it (a spotter).  A miss scatters by the missed-shot figure (the
 * throw diagram is missing from the book; RULINGS §7.5 gives the one
 * figure) a square per 10 % of the margin, stopping short of walls and the
 * map's edge, and falls to the floor below if it ends over open air.
 *
 * Launched weapons (the grenade launcher, rockets, the small launcher,
 * Celatid spit) use the same targeting (§6.2: "some attacks, such as the
 * grenade launcher and celatid spit, use throwing rules"): game_arc_check()
 * for where the arc can go and how far, game_arc_sight() for the sight
 * term, game_arc_scatter() for where a miss lands.  game-shoot.c rolls
 * them with the shot's other terms.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define THROW_PRIME_TU	12	/* §5.5 */
#define THROW_TU	6

static const int throw_scatter_dir[11] = {
	-1, DIR_NW, DIR_N, DIR_NE, DIR_W, -1, -1, DIR_E, DIR_SW, DIR_S, DIR_SE
};

static int
throw_cheb(struct pos a, struct pos b)
{
	int	dx = abs(a.x - b.x), dy = abs(a.y - b.y), dz = abs(a.z - b.z);
	int	d = dx > dy ? dx : dy;

	return d > dz ? d : dz;
}

/* --- priming ------------------------------------------------------------ */

int
game_check_prime(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*u = &g->units[c->unit];
	const struct carried	*h = &u->hands[c->hand];

	if (h->item < 0 || g->cat->items[h->item].class != ITEM_GRENADE)
		return cause_set(cause, "%s holds no grenade in the %s hand",
		    u->id, c->hand == HAND_RIGHT ? "right" : "left");
	if (h->primed >= 0)
		return cause_set(cause, "that %s is primed already",
		    g->cat->items[h->item].id);
	if (THROW_PRIME_TU > u->tu)
		return cause_set(cause, "priming costs %d TU; %s has %d",
		    THROW_PRIME_TU, u->id, u->tu);
	return 0;
}

int
game_do_prime(struct game *g, const struct command *c, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h = &u->hands[c->hand];
	struct event	*e;

	(void)cause;
	u->tu -= THROW_PRIME_TU;
	u->acted = true;
	h->primed = c->kind;
	e = event_push(g->ev, EV_PRIME);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[h->item].id);
	if (g->cat->items[h->item].grenade_kind == GRENADE_PROXIMITY)
		event_str(e, "timer", "proximity");
	else
		event_int(e, "timer", c->kind);
	event_int(e, "tu", THROW_PRIME_TU);
	return 0;
}

/* --- throwing --------------------------------------------------------------- */

/*
 * The chance with its terms (§6.1 table, §6.2), the sight term as side
 * `as` would foresee it (-1: as it is, for the throw itself).
 */
static int
throw_chance(const struct game *g, int as, int thrower, struct pos to,
    struct event *why)
{
	const struct unit	*u = &g->units[thrower];

	event_term(why, "TAC", u->stats[STAT_TAC]);
	if (u->kneeling)
		event_term(why, "kneeling", 15);
	event_term(why, "range", -throw_cheb(u->pos, to));
	if (g->scenario->night && u->side == SIDE_XCOM &&
	    u->t->class == UNIT_SOLDIER && !g->lit[((size_t)to.z *
	    g->map->height + to.y) * g->map->width + to.x])
		event_term(why, "night", -15);
	game_arc_sight(g, as, thrower, to, -1, why);
	if (u->crit_arm > 0)
		event_term(why, "arm critical", -10 * u->crit_arm);
	return combat_cap(combat_terms_sum(why));
}

int
game_check_throw(const struct game *g, const struct command *c,
    char **cause)
{
	const struct unit	*u = &g->units[c->unit];
	const struct carried	*h = &u->hands[c->hand];
	int			 tu;

	if (h->item < 0)
		return cause_set(cause, "%s's %s hand is empty", u->id,
		    c->hand == HAND_RIGHT ? "right" : "left");
	if (g->cat->items[h->item].class == ITEM_WEAPON &&
	    g->cat->items[h->item].weapon_kind == WEAPON_INTERNAL)
		return cause_set(cause, "%s is built in",
		    g->cat->items[h->item].id);
	if (u->stats[STAT_TAC] == STAT_NONE)
		return cause_set(cause, "a %s cannot throw", u->t->id);
	if (throw_cheb(u->pos, c->pos) == 0)
		return cause_set(cause, "drop it instead");
	if (game_arc_check(g, (int)u->controller, c->unit, c->pos, h->item,
	    true, cause) != 0)
		return -1;
	tu = THROW_TU + game_turn_cost(u, game_direction(u->pos, c->pos));
	if (tu > u->tu)
		return cause_set(cause, "throwing costs %d TU with turning; "
		    "%s has %d", tu, u->id, u->tu);
	return 0;
}

/*
 * §6.2: "Items may be thrown over obstacles 1 level higher than the
 * throwing unit."  Walk the line across the map on the thrower's level:
 * a wall or closed door in the way is cleared only where the arc can rise
 * over it, i.e. the level above is open there (no wall on that edge, no
 * floor over either square, or the thrower stands on the top level).
 * Windows, fences and open doors let a throw through.
 */
static bool
throw_edge_stops(const struct edge *e)
{
	return e->kind == EDGE_WALL || (e->kind == EDGE_DOOR &&
	    !(e->flags & EDGE_OPENED));
}

static bool
throw_crossing_clear(const struct map *m, struct pos p, enum dir side)
{
	struct pos	up = { p.x, p.y, p.z + 1 }, q = { p.x + dir_dx[side],
			    p.y + dir_dy[side], p.z + 1 };

	if (!throw_edge_stops(map_edge(m, p, side)))
		return true;
	if (!map_contains(m, up))
		return true;	/* open sky above the top level */
	return !throw_edge_stops(map_edge(m, up, side)) &&
	    map_square(m, up)->floor == FLOOR_NONE &&
	    map_square(m, q)->floor == FLOOR_NONE;
}

/*
 * Over the map m (the true one, or a side's memory of it: know_map): true
 * when the arc from `from` reaches `to`; else false, with *at the last
 * square it crossed on the thrower's level and *side the edge of it that
 * stopped it (either may be NULL).
 */
static bool
throw_arc_stop(const struct map *m, struct pos from, struct pos to,
    struct pos *at, enum dir *side)
{
	long	sx = from.x * 16 + 8, sy = from.y * 16 + 8;
	long	dx = to.x * 16 + 8 - sx, dy = to.y * 16 + 8 - sy, n, k;
	struct pos prev = from;
	enum dir d = DIR_N;

	n = labs(dx) > labs(dy) ? labs(dx) : labs(dy);
	for (k = 1; k <= n; k++) {
		struct pos cur = { (int)((sx + dx * k / n) / 16),
		    (int)((sy + dy * k / n) / 16), from.z };

		if (cur.x != prev.x) {
			d = cur.x > prev.x ? DIR_E : DIR_W;
			if (!throw_crossing_clear(m, prev, d))
				goto stopped;
			prev.x = cur.x;
		}
		if (cur.y != prev.y) {
			d = cur.y > prev.y ? DIR_S : DIR_N;
			if (!throw_crossing_clear(m, prev, d))
				goto stopped;
			prev.y = cur.y;
		}
	}
	return true;
stopped:
	if (at != NULL)
		*at = prev;
	if (side != NULL)
		*side = d;
	return false;
}

static bool
throw_arc_clear(const struct map *m, struct pos from, struct pos to)
{
	return throw_arc_stop(m, from, to, NULL, NULL);
}

/* --- the throwing rules' targeting: throws and launches alike ----------- */

int
game_arc_reach(const struct game *g, int unit, int item, bool by_hand)
{
	const struct item_type	*it = &g->cat->items[item];
	int			 divisor = by_hand ? it->weight :
				    it->thrown ? it->throw_weight : 0;

	/* RULINGS §6.2: STR / weight; §6.2: a weapon's launch, no limit. */
	if (by_hand && divisor <= 0)
		divisor = 1;
	return divisor > 0 ? unit_strength(g->cat, &g->units[unit]) /
	    divisor : -1;
}

int
game_arc_check(const struct game *g, int as, int unit, struct pos to,
    int item, bool by_hand, char **cause)
{
	const struct unit	*u = &g->units[unit];
	const struct item_type	*it = &g->cat->items[item];
	int			 d, reach;

	if (!map_contains(g->map, to))
		return cause_set(cause, "%d,%d L%d is off the map", to.x + 1,
		    to.y + 1, to.z + 1);
	/* §6.2: aimed at squares with a floor, never at clear air. */
	if (map_square(g->map, to)->floor == FLOOR_NONE)
		return cause_set(cause, "%d,%d L%d has no floor to land on "
		    "(\xc2\xa7" "6.2)", to.x + 1, to.y + 1, to.z + 1);
	d = throw_cheb(u->pos, to);
	reach = game_arc_reach(g, unit, item, by_hand);
	if (reach >= 0 && d > reach && by_hand)
		return cause_set(cause, "%s throws a %s %d squares at most "
		    "(STR %d / weight %d)", u->id, it->id, reach,
		    unit_strength(g->cat, u), it->weight);
	if (reach >= 0 && d > reach)
		return cause_set(cause, "%s's %s reaches %d squares at most "
		    "(STR %d / %d, \xc2\xa7" "6.2); %d,%d L%d is %d away",
		    u->id, it->id, reach, unit_strength(g->cat, u),
		    it->throw_weight, to.x + 1, to.y + 1, to.z + 1, d);
	if (d == 0)
		return cause_set(cause, "%s stands there", u->id);
	/* §6.2: an arc clears obstacles up to a level above the thrower. */
	if (to.z > u->pos.z + 1)
		return cause_set(cause, "%d,%d L%d is too high: an arc rises "
		    "a level at most (\xc2\xa7" "6.2)", to.x + 1, to.y + 1,
		    to.z + 1);
	/*
	 * RULINGS §6.2, as §5 has a walk planned: over the walls and doors
	 * as the side last saw them; the flight meets the truth.
	 */
	if (!throw_arc_clear(game_known_map(g, as), u->pos, to))
		return cause_set(cause, "a wall is in the way, with no room "
		    "above it for the arc to clear (\xc2\xa7" "6.2)");
	return 0;
}

bool
game_arc_sight(const struct game *g, int as, int unit, struct pos to,
    int target, struct event *why)
{
	const struct unit	*u = &g->units[unit];
	const struct field	*f;
	struct field		 known;
	struct sight_result	 r;
	size_t			 i;
	bool			 seen, spotted = false;

	known.flags = NULL;
	if (target >= 0) {
		/* A unit aimed at: its side must see it; does the shooter? */
		seen = game_unit_sees(g, unit, target, &r);
		spotted = !seen && game_sees(g, u->controller, target);
	} else {
		/*
		 * A square: would the thrower see it, once turned to it?  For
		 * its side's answer, over the walls, doors and units it knows
		 * (a door shut out of its sight would tell by a term).
		 */
		f = game_known_field(g, as, &known);
		seen = sight_line(f, u->pos, u->kneeling ?
		    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING, to, SIGHT_SQUARE,
		    &r);
		for (i = 0; !seen && !spotted && i < g->nunits; i++) {
			const struct unit *o = &g->units[i];

			if ((int)i == unit || o->controller != u->controller ||
			    o->status != UNIT_ACTIVE)
				continue;
			spotted = sight_line(f, o->pos, o->kneeling ?
			    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING, to,
			    SIGHT_SQUARE, &r);
		}
		free(known.flags);
	}
	if (!seen)
		event_term(why, spotted ? "spotter" : "no line of sight",
		    spotted ? -10 : -20);
	return seen || spotted;
}

/* Over open air a thrown thing falls to the floor below. */
static struct pos
throw_fall(const struct map *m, struct pos p)
{
	while (p.z > 0 && map_square(m, p)->floor == FLOOR_NONE)
		p.z--;
	return p;
}

/*
 * Where a scattered throw ends: short of walls and the edge, on a floor,
 * over the map m (the true one, or a side's memory for its forecast).
 */
static struct pos
throw_scatter(const struct map *m, struct pos from, enum dir d, int dist)
{
	struct pos	p = from;
	int		i;

	for (i = 0; i < dist; i++) {
		struct pos q = { p.x + dir_dx[d], p.y + dir_dy[d], p.z };

		if (!map_contains(m, q))
			break;
		if (dir_dx[d] != 0 && map_edge_blocks_move(map_edge(m,
		    p, dir_dx[d] > 0 ? DIR_E : DIR_W)))
			break;
		if (dir_dy[d] != 0 && map_edge_blocks_move(map_edge(m,
		    (struct pos){ q.x, p.y, p.z }, dir_dy[d] > 0 ? DIR_S :
		    DIR_N)))
			break;
		p = q;
	}
	return throw_fall(m, p);
}

struct pos
game_arc_scatter(const struct map *m, struct pos from, struct pos to,
    int face, int margin, enum dir *dir)
{
	int	d = throw_scatter_dir[face];

	/* 5 or 6: on past the square, away from the thrower. */
	if (d < 0)
		d = game_direction(from, to);
	if (dir != NULL)
		*dir = (enum dir)d;
	/* A square per 10 % of the margin, rounded up (RULINGS §7.5). */
	return throw_scatter(m, to, (enum dir)d, (margin + 9) / 10);
}

/*
 * RULINGS §6.2 "Throwing": a throw or a launch is let go over the walls
 * and doors as its side last saw them (game_arc_check), and flies over
 * the true ones, as a walk planned over what the side knows meets the
 * truth step by step (RULINGS §5).  Where the true arc is stopped short
 * (a door shut, a wall standing, out of the side's sight), the thing
 * thrown or fired lands (or bursts) in the last square it crossed, the
 * TUs spent, and the side learns what stopped it.
 */
bool
game_arc_blocked(const struct game *g, struct pos from, struct pos to,
    struct pos *at, enum dir *side)
{
	return !throw_arc_stop(g->map, from, to, at, side);
}

struct pos
game_arc_stopped(struct game *g, int unit, int item, struct pos at,
    enum dir side)
{
	const struct edge	*e = map_edge(g->map, at, side);
	struct event		*ev;
	struct pos		 landed = throw_fall(g->map, at);

	ev = event_push(g->ev, EV_ARC_STOPPED);
	event_str(ev, "unit", g->units[unit].id);
	event_str(ev, "item", g->cat->items[item].id);
	event_str(ev, "blocked", e->kind == EDGE_DOOR ? "door" : "wall");
	event_pos(ev, "at", at);
	event_str(ev, "side", dir_names[side]);
	event_pos(ev, "landed", landed);
	know_touch_crossing(g, g->units[unit].controller, at, side);
	return landed;
}

static void
throw_land(struct game *g, struct carried k, struct pos at)
{
	g->ground = xreallocarray(g->ground, g->nground + 1,
	    sizeof *g->ground);
	g->ground[g->nground].pos = at;
	g->ground[g->nground].c = k;
	g->nground++;
}

int
game_do_throw(struct game *g, const struct command *c, char **cause)
{
	struct unit	*u = &g->units[c->unit];
	struct carried	*h = &u->hands[c->hand], k = *h;
	struct event	 why, *e;
	struct pos	 at = c->pos, stop;
	enum dir	 side;
	int		 chance = 0, roll = 0, face = 0;
	bool		 *before, stopped;
	size_t		 i;

	(void)cause;
	memset(&why, 0, sizeof why);
	game_face(g, c->unit, game_direction(u->pos, c->pos));
	u->tu -= THROW_TU;
	u->acted = true;
	/* RULINGS §6.2: stopped short by what its side did not know of. */
	stopped = game_arc_blocked(g, u->pos, c->pos, &stop, &side);
	if (!stopped) {
		chance = throw_chance(g, -1, c->unit, c->pos, &why);
		roll = game_roll(g, 100, "throw by %s to %d,%d level %d: %d or "
		    "less lands there", u->name, c->pos.x + 1, c->pos.y + 1,
		    c->pos.z + 1, chance);
	}
	if (!stopped && roll > chance) {
		face = game_roll(g, 10, "where %s's throw scatters: the "
		    "direction figure (\xc2\xa7" "6.2)", u->name);
		at = game_arc_scatter(g->map, u->pos, c->pos, face,
		    roll - chance, NULL);
	}
	h->item = h->ammo = -1;
	h->rounds = 0;
	h->primed = -1;
	e = event_push(g->ev, EV_THROW);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[k.item].id);
	event_pos(e, "target", c->pos);
	if (stopped) {
		/* Where it stopped: the arc-stopped event, for its side. */
		event_bool(e, "stopped", true);
		event_int(e, "tu", THROW_TU);
		at = game_arc_stopped(g, c->unit, k.item, stop, side);
	} else {
		event_int(e, "chance", chance);
		event_int(e, "roll", roll);
		event_bool(e, "success", roll <= chance);
		if (face > 0)
			event_int(e, "scatter_d10", face);
		event_pos(e, "landed", at);
		event_int(e, "tu", THROW_TU);
		for (i = 0; i < why.nterms; i++)
			event_term(e, why.terms[i].name, why.terms[i].value);
	}
	/* RULINGS §6.5: a thrown object landing is checked for reactions. */
	before = game_watch_begin(g, c->unit);
	/* Landing stirs proximity grenades already there, not itself. */
	game_proximity(g, at);
	throw_land(g, k, at);
	/* An electro flare lights up where it lands (RULINGS §7.4). */
	if (g->cat->items[k.item].class == ITEM_GRENADE &&
	    g->cat->items[k.item].grenade_kind == GRENADE_FLARE) {
		struct blast b;

		memset(&b, 0, sizeof b);
		b.centre = at;
		b.damage.amount = 100;	/* the HE-2 area: radius 3 */
		b.damage.type = DMG_HE;
		b.damage.he_class = 2;
		b.light = true;
		game_queue_blast(g, &b);
		game_run_explosions(g);
	}
	game_vis_update(g, true);
	game_watch_end(g, c->unit, before);
	return 0;
}

/* --- going off ------------------------------------------------------------ */

static bool
throw_is_proximity(const struct game *g, const struct carried *k)
{
	return g->cat->items[k->item].class == ITEM_GRENADE &&
	    g->cat->items[k->item].grenade_kind == GRENADE_PROXIMITY;
}

/* The blast a grenade makes going off at p. */
static void
throw_blast_of(const struct game *g, int item, struct pos p, struct blast *b)
{
	const struct item_type	*it = &g->cat->items[item];

	memset(b, 0, sizeof *b);
	b->centre = p;
	b->damage = it->damage;
	if (it->grenade_kind == GRENADE_SMOKE) {
		/* RULINGS §7.4: radius 2 for 6 rounds; 60 ST as HE-2 falls. */
		b->damage.he_class = 2;
		b->smoke_rounds = 6;
		b->radius = 2;
	} else if (b->damage.type == DMG_HE || b->damage.type == DMG_IN)
		b->smoke_rounds = 3;
}

/* Take ground item i off the map and queue its blast. */
static void
throw_detonate(struct game *g, size_t i)
{
	const struct item_type	*it = &g->cat->items[g->ground[i].c.item];
	struct blast		 b;

	throw_blast_of(g, g->ground[i].c.item, g->ground[i].pos, &b);
	memmove(&g->ground[i], &g->ground[i + 1], (g->nground - i - 1) *
	    sizeof *g->ground);
	g->nground--;
	if (it->grenade_kind == GRENADE_FLARE)
		return;	/* a flare burns; it does not burst */
	game_queue_blast(g, &b);
}

void
game_proximity(struct game *g, struct pos p)
{
	size_t	i = 0;
	bool	any = false;

	while (i < g->nground) {
		const struct ground_item *gi = &g->ground[i];

		if (gi->c.primed >= 0 && throw_is_proximity(g, &gi->c) &&
		    throw_cheb(gi->pos, p) <= 1) {
			throw_detonate(g, i);
			any = true;
			continue;
		}
		i++;
	}
	if (any)
		game_run_explosions(g);
}

void
game_grenades_phase_end(struct game *g)
{
	size_t	i = 0;
	bool	any = false;

	while (i < g->nground) {
		const struct ground_item *gi = &g->ground[i];

		if (gi->c.primed == 0 && gi->c.item >= 0 &&
		    g->cat->items[gi->c.item].class == ITEM_GRENADE &&
		    !throw_is_proximity(g, &gi->c)) {
			throw_detonate(g, i);
			any = true;
			continue;
		}
		i++;
	}
	if (any)
		game_run_explosions(g);
}

void
game_grenades_round_end(struct game *g)
{
	size_t	i;

	for (i = 0; i < g->nground; i++) {
		struct carried *k = &g->ground[i].c;

		if (k->primed > 0 && g->cat->items[k->item].class ==
		    ITEM_GRENADE && !throw_is_proximity(g, k))
			k->primed--;
	}
	/* Those that reached 0 go off now, at the round's end. */
	game_grenades_phase_end(g);
}

void
game_grenades_in_blast(struct game *g, const int *amount,
    enum damage_type type)
{
	const struct map	*m = g->map;
	size_t			 i = 0;

	while (i < g->nground) {
		const struct ground_item *gi = &g->ground[i];
		struct pos p = gi->pos;
		bool hit = false;
		int dx, dy, dz;

		/*
		 * §6.2: only high explosive sets a grenade off before its
		 * time; a proximity grenade feels any explosion's movement.
		 */
		if (gi->c.primed < 0 || g->cat->items[gi->c.item].class !=
		    ITEM_GRENADE || (type != DMG_HE &&
		    !throw_is_proximity(g, &gi->c))) {
			i++;
			continue;
		}
		/* A proximity grenade feels a blast anywhere around it. */
		for (dz = -1; dz <= 1; dz++)
			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++) {
					struct pos q = { p.x + dx, p.y + dy,
					    p.z + dz };
					bool near = dx == 0 && dy == 0 &&
					    dz == 0;

					if (!near && !throw_is_proximity(g,
					    &gi->c))
						continue;
					if (map_contains(m, q) && amount[
					    ((size_t)q.z * m->height + q.y) *
					    m->width + q.x] > 0)
						hit = true;
				}
		if (hit) {
			throw_detonate(g, i);
			continue;
		}
		i++;
	}
}

/* --- the client's preview -------------------------------------------------- */

/*
 * How far a grenade's blast reaches (§7.3, RULINGS §7.4): the squares where
 * its damage is still above 0, or the fixed radius of smoke (2) and of a
 * flare's light (3, the HE-2 area of 100).  -1 for anything that does not
 * go off.  Walls and floors that hold stop a real blast short of this.
 */
static int
throw_blast_radius(const struct game *g, const struct carried *h)
{
	const struct item_type	*it = &g->cat->items[h->item];
	int			 k;

	if (it->class != ITEM_GRENADE)
		return -1;
	if (it->grenade_kind == GRENADE_SMOKE)
		return 2;
	if (it->grenade_kind == GRENADE_FLARE)
		return 3;
	if ((k = game_splash_step(&it->damage)) <= 0)
		return 0;
	return (it->damage.amount - 1) / k;
}

int
game_throw_chance(const struct game *g, int unit, int hand, struct pos to,
    struct game_throw_info *info, struct event *why, char **cause)
{
	const struct unit	*u = &g->units[unit];
	const struct carried	*h;
	struct command		 c;
	struct event		 scratch;

	memset(info, 0, sizeof *info);
	info->range = info->max_range = info->radius = -1;
	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	if (hand != HAND_RIGHT && hand != HAND_LEFT)
		return cause_set(cause, "throw from the right or the left hand");
	if (!map_contains(g->map, to))
		return cause_set(cause, "%d,%d L%d is off the map", to.x + 1,
		    to.y + 1, to.z + 1);
	h = &u->hands[hand];
	info->range = throw_cheb(u->pos, to);
	info->tu = THROW_TU + game_turn_cost(u, game_direction(u->pos, to));
	if (h->item >= 0) {
		info->max_range = game_arc_reach(g, unit, h->item, true);
		info->primed = h->primed >= 0;
		info->radius = throw_blast_radius(g, h);
	}
	memset(&c, 0, sizeof c);
	c.type = CMD_THROW;
	c.unit = unit;
	c.target = -1;
	c.pos = to;
	c.hand = hand;
	c.item = -1;
	if (game_check(g, &c, cause) != 0)
		return -1;
	return throw_chance(g, (int)u->controller, unit, to, why);
}

/* A grenade's reach over the map m (game_grenade_reach and its side's). */
static bool
throw_grenade_reach(const struct game *g, const struct map *m, int item,
    struct pos centre, int *reach)
{
	struct blast	b;

	if (item < 0 || (size_t)item >= g->cat->nitems ||
	    g->cat->items[item].class != ITEM_GRENADE)
		return false;
	if (g->cat->items[item].grenade_kind == GRENADE_FLARE) {
		/* As game_do_throw() lights it: the HE-2 area of 100. */
		memset(&b, 0, sizeof b);
		b.centre = centre;
		b.damage.amount = 100;
		b.damage.type = DMG_HE;
		b.damage.he_class = 2;
		b.light = true;
	} else
		throw_blast_of(g, item, centre, &b);
	game_blast_reach(m, &b, reach);
	return true;
}

bool
game_grenade_reach(const struct game *g, int item, struct pos centre,
    int *reach)
{
	return throw_grenade_reach(g, g->map, item, centre, reach);
}

bool
game_side_grenade_reach(const struct game *g, enum side side, int item,
    struct pos centre, int *reach)
{
	return throw_grenade_reach(g, game_known_map(g, (int)side), item,
	    centre, reach);
}

/*
 * Whether something thrown from `from` could land on `to` (§6.2), whatever
 * it is and whoever throws it: a square with a floor, not the thrower's
 * own, at most a level up, the arc clear of walls.  Range and TUs depend
 * on the item and the thrower: game_throw_chance() and game_check() say.
 */
static bool
throw_lands(const struct map *m, struct pos from, struct pos to)
{
	if (!map_contains(m, from) || !map_contains(m, to))
		return false;
	return map_square(m, to)->floor != FLOOR_NONE &&
	    throw_cheb(from, to) > 0 && to.z <= from.z + 1 &&
	    throw_arc_clear(m, from, to);
}

bool
game_throw_lands(const struct game *g, struct pos from, struct pos to)
{
	return throw_lands(g->map, from, to);
}

bool
game_side_throw_lands(const struct game *g, enum side side, struct pos from,
    struct pos to)
{
	return throw_lands(game_known_map(g, (int)side), from, to);
}
