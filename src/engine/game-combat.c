/*
 * game-combat.c - ranged attacks (§6.1, RULINGS §6.1), melee (§6.3),
 * reaction shots (§6.5) and damage (§7.1, §7.2, RULINGS §7.2).
 *
 * Every roll is reported with its chance and the terms that made it, every
 * hit with each step of its damage: raw, susceptibility, the facing struck,
 * the armour that absorbed it and what reached HTH, then any critical.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define COMBAT_CAP		95	/* §6.1: never more than 95 % */
#define COMBAT_AUTO_SHOTS	3	/* an auto burst: 3 rolls, 3 rounds */
#define COMBAT_MELEE_TU		20	/* §6.3; unarmed, or house rule */

/* What a shot is aimed at: a unit, or a square (§6.1). */
struct combat_aim {
	int			 unit;	/* -1 for a square */
	struct pos		 square;
	const struct pos	*via;	/* guided: waypoints before it */
	size_t			 nvia;
};

static struct pos
combat_aim_pos(const struct game *g, const struct combat_aim *aim)
{
	return aim->unit >= 0 ? g->units[aim->unit].pos : aim->square;
}

/* What an attack aims at, as a player asked to roll for it reads it. */
static const char *
combat_aim_name(const struct game *g, const struct combat_aim *aim,
    char *buf, size_t len)
{
	if (aim->unit >= 0)
		return g->units[aim->unit].name;
	snprintf(buf, len, "square %d,%d level %d", aim->square.x + 1,
	    aim->square.y + 1, aim->square.z + 1);
	return buf;
}

static const char *
combat_hand_name(int hand)
{
	return hand == HAND_RIGHT ? "right" : hand == HAND_LEFT ? "left" :
	    "both";
}

/*
 * Chebyshev distance from a unit to the nearest square of a size x size
 * box at p, one level counting as one square (RULINGS §6.1).
 */
static int
combat_range_to(const struct unit *a, struct pos p, int size)
{
	int	dx = 0, dy = 0, dz = abs(p.z - a->pos.z), d;

	if (a->pos.x < p.x)
		dx = p.x - a->pos.x;
	else if (a->pos.x > p.x + size - 1)
		dx = a->pos.x - (p.x + size - 1);
	if (a->pos.y < p.y)
		dy = p.y - a->pos.y;
	else if (a->pos.y > p.y + size - 1)
		dy = a->pos.y - (p.y + size - 1);
	d = dx > dy ? dx : dy;
	return d > dz ? d : dz;
}

static int
combat_range(const struct unit *a, const struct unit *t)
{
	return combat_range_to(a, t->pos, t->t->size);
}

static bool
combat_is_pistol(const struct item_type *it)
{
	/* §6.1 akimbo: pistols (light one-handers) -5, anything bigger -15. */
	return it->weight <= 7 && it->weapon_kind == WEAPON_SMALL_ARM &&
	    strstr(it->id, "pistol") != NULL;
}

/* The weapon in a hand that can fire `mode`, or NULL with a reason. */
static const struct item_type *
combat_weapon(const struct game *g, const struct unit *u, int hand,
    enum shot_mode mode, const struct shot **shot, char **cause)
{
	const struct carried	*h = &u->hands[hand];
	const struct item_type	*it;

	if (h->item < 0) {
		cause_set(cause, "%s's %s hand is empty", u->id,
		    combat_hand_name(hand));
		return NULL;
	}
	it = &g->cat->items[h->item];
	if (it->class != ITEM_WEAPON || (*shot = item_shot(it, mode)) == NULL) {
		cause_set(cause, "%s has no %s shot", it->id,
		    shot_mode_names[mode]);
		return NULL;
	}
	if (it->nammo > 0 && h->ammo < 0) {
		cause_set(cause, "%s is not loaded", it->id);
		return NULL;
	}
	if (h->rounds == 0) {
		cause_set(cause, "%s is out of ammunition", it->id);
		return NULL;
	}
	return it;
}

static int
combat_terms_sum(const struct event *why)
{
	int	sum = 0;
	size_t	i;

	for (i = 0; i < why->nterms; i++)
		sum += why->terms[i].value;
	return sum;
}

/* Terms for one weapon's shot; the caller sums and caps. */
static int
combat_chance_terms(const struct game *g, const struct unit *a, int range,
    struct pos at, bool target_kneeling, const struct item_type *it,
    const struct shot *shot, int hand, int obstructions, struct event *why)
{
	int	skill = it->thrown ? STAT_TAC : STAT_ACC;

	event_term(why, it->thrown ? "TAC" : "ACC", a->stats[skill]);
	event_term(why, shot_mode_names[shot->mode], shot->accuracy);
	if (a->kneeling)
		event_term(why, "kneeling", 15);
	if (!it->guided)
		event_term(why, "range", -range);
	if (obstructions > 0)
		event_term(why, "obstructions", -5 * obstructions);
	/*
	 * RULINGS §6.1: the night penalty falls on human attackers, except
	 * against targets in a flare's light (§7.4).
	 */
	if (g->scenario->night && a->side == SIDE_XCOM &&
	    a->t->class == UNIT_SOLDIER && !g->lit[((size_t)at.z *
	    g->map->height + at.y) * g->map->width + at.x])
		event_term(why, "night", -15);
	if (target_kneeling)
		event_term(why, "target kneeling", -5);
	if (hand == CMD_HAND_BOTH) {
		const struct item_type *l = &g->cat->items[
		    a->hands[HAND_LEFT].item];
		const struct item_type *r = &g->cat->items[
		    a->hands[HAND_RIGHT].item];
		event_term(why, "akimbo", combat_is_pistol(l) &&
		    combat_is_pistol(r) ? -5 : -15);
	} else if (a->last_weapon >= 0 && a->last_weapon !=
	    a->hands[hand].item)
		event_term(why, "second weapon", -20);
	if (a->crit_arm > 0)
		event_term(why, "arm critical", -10 * a->crit_arm);
	return combat_terms_sum(why);
}

static int
combat_cap(int chance)
{
	return chance > COMBAT_CAP ? COMBAT_CAP : chance < 0 ? 0 : chance;
}

/* The weapon (or the right of a pair) for a shot, checking akimbo rules. */
static const struct item_type *
combat_shot_weapon(const struct game *g, const struct unit *a,
    enum shot_mode mode, int hand, const struct shot **shot, char **cause)
{
	const struct item_type	*r, *l;
	const struct shot	*sl;

	if (mode != SHOT_AUTO && mode != SHOT_SNAP && mode != SHOT_AIMED) {
		cause_set(cause, "shoot auto, snap or aimed");
		return NULL;
	}
	if (a->stats[STAT_ACC] == STAT_NONE &&
	    a->stats[STAT_TAC] == STAT_NONE) {
		cause_set(cause, "a %s makes no ranged attacks", a->t->id);
		return NULL;
	}
	if (hand != CMD_HAND_BOTH)
		return combat_weapon(g, a, hand, mode, shot, cause);
	/* §6.1 akimbo: two small arms, snap or auto, never aimed. */
	if (mode == SHOT_AIMED) {
		cause_set(cause, "akimbo shots are snap or auto, never aimed "
		    "(\xc2\xa7" "6.1)");
		return NULL;
	}
	if ((r = combat_weapon(g, a, HAND_RIGHT, mode, shot, cause)) == NULL ||
	    (l = combat_weapon(g, a, HAND_LEFT, mode, &sl, cause)) == NULL)
		return NULL;
	if (r->weapon_kind != WEAPON_SMALL_ARM ||
	    l->weapon_kind != WEAPON_SMALL_ARM) {
		cause_set(cause, "only small arms are fired akimbo "
		    "(\xc2\xa7" "6.1)");
		return NULL;
	}
	return r;
}

int
game_hit_chance(const struct game *g, int shooter, int target,
    enum shot_mode mode, int hand, struct event *why, char **cause)
{
	const struct unit	*a = &g->units[shooter], *t;
	const struct item_type	*it;
	const struct shot	*shot;
	struct sight_result	 line;
	struct event		 scratch;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	if (target < 0 || (size_t)target >= g->nunits || target == shooter)
		return cause_set(cause, "no target");
	t = &g->units[target];
	if ((it = combat_shot_weapon(g, a, mode, hand, &shot, cause)) == NULL)
		return -1;
	if (t->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s: shoot at its square "
		    "instead (\xc2\xa7" "6.1)", t->id,
		    unit_status_names[t->status]);
	if (!game_unit_sees(g, shooter, target, &line))
		return cause_set(cause, "%s cannot see %s (%s)", a->id,
		    t->id, sight_block_names[line.blocked_by]);
	return combat_cap(combat_chance_terms(g, a, combat_range(a, t),
	    t->pos, t->kneeling, it, shot, hand, line.obstructions, why));
}

/* §6.1: "Attacks may be made against units or squares." */
int
game_square_chance(const struct game *g, int shooter, struct pos square,
    enum shot_mode mode, int hand, struct event *why, char **cause)
{
	const struct unit	*a = &g->units[shooter];
	const struct item_type	*it;
	const struct shot	*shot;
	struct sight_result	 line;
	struct event		 scratch;
	int			 eye = a->kneeling ? SIGHT_EYE_KNEELING :
				    SIGHT_EYE_STANDING;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	if (!map_contains(g->map, square))
		return cause_set(cause, "%d,%d L%d is off the map",
		    square.x + 1, square.y + 1, square.z + 1);
	if (unit_covers(a, square))
		return cause_set(cause, "%s stands there", a->id);
	if ((it = combat_shot_weapon(g, a, mode, hand, &shot, cause)) == NULL)
		return -1;
	/* Aimed low: what lies on the floor there. */
	if (!sight_line(&g->field, a->pos, eye, square, SIGHT_SQUARE,
	    &line))
		return cause_set(cause, "%s cannot see %d,%d L%d (%s)",
		    a->id, square.x + 1, square.y + 1, square.z + 1,
		    sight_block_names[line.blocked_by]);
	return combat_cap(combat_chance_terms(g, a, combat_range_to(a, square,
	    1), square, false, it, shot, hand, line.obstructions, why));
}

/*
 * A guided shot through waypoints (RULINGS §6.1): no range penalty; the
 * shooter must see its first waypoint, and its side the target.  The
 * waypoint terms are added roll by roll (combat_guided).
 */
static int
combat_guided_chance(const struct game *g, int shooter,
    const struct combat_aim *aim, enum shot_mode mode, int hand,
    struct event *why, char **cause)
{
	const struct unit	*a = &g->units[shooter];
	const struct item_type	*it;
	const struct shot	*shot;
	struct sight_result	 line;
	struct event		 scratch;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	if ((it = combat_shot_weapon(g, a, mode, hand, &shot, cause)) == NULL)
		return -1;
	if (!it->guided)
		return cause_set(cause, "%s is not a guided weapon: no "
		    "waypoints", it->id);
	if (aim->unit >= 0 && (g->units[aim->unit].status != UNIT_ACTIVE ||
	    !game_sees(g, a->controller, aim->unit)))
		return cause_set(cause, "%s's side does not see %s", a->id,
		    g->units[aim->unit].id);
	if (!sight_line(&g->field, a->pos, a->kneeling ? SIGHT_EYE_KNEELING :
	    SIGHT_EYE_STANDING, aim->via[0], SIGHT_CENTRE, &line))
		return cause_set(cause, "%s cannot see its first waypoint "
		    "(%s)", a->id, sight_block_names[line.blocked_by]);
	return combat_cap(combat_chance_terms(g, a, 0, combat_aim_pos(g, aim),
	    aim->unit >= 0 && g->units[aim->unit].kneeling, it, shot, hand,
	    0, why));
}

static int
combat_shot_tu(const struct game *g, const struct unit *a, int hand,
    enum shot_mode mode)
{
	const struct shot	*s;
	int			 tu = 0, h;

	for (h = 0; h < HAND_COUNT; h++) {
		if (hand != CMD_HAND_BOTH && h != hand)
			continue;
		s = item_shot(&g->cat->items[a->hands[h].item], mode);
		/* Akimbo pays the dearer of the two (§6.1). */
		if (s != NULL && s->tu > tu)
			tu = s->tu;
	}
	return tu;
}

/*
 * RULINGS §6.1: the roll needed at leg k of a guided shot (k waypoints
 * behind it): the shot's chance, 5 less for every waypoint after the first.
 */
static int
combat_leg_chance(int chance, size_t k)
{
	int	need = chance - 5 * (int)k;

	return need < 0 ? 0 : need;
}

int
game_shot_chance(const struct game *g, const struct command *c, int *legs,
    struct event *why, char **cause)
{
	struct combat_aim	aim = { c->target, c->pos, c->via, c->nvia };
	int			chance;
	size_t			k;

	if (c->type != CMD_SHOOT || c->unit < 0 || (size_t)c->unit >=
	    g->nunits)
		return cause_set(cause, "not a shot");
	chance = c->nvia > 0 ? combat_guided_chance(g, c->unit, &aim,
	    c->mode, c->hand, why, cause) : c->target >= 0 ?
	    game_hit_chance(g, c->unit, c->target, c->mode, c->hand, why,
	    cause) : game_square_chance(g, c->unit, c->pos, c->mode, c->hand,
	    why, cause);
	if (chance >= 0 && legs != NULL)
		for (k = 0; k <= c->nvia; k++)
			legs[k] = combat_leg_chance(chance, k);
	return chance;
}

int
game_check_shoot(const struct game *g, const struct command *c, char **cause)
{
	const struct unit	*a = &g->units[c->unit];
	int			 tu;

	if (game_shot_chance(g, c, NULL, NULL, cause) < 0)
		return -1;
	tu = combat_shot_tu(g, a, c->hand, c->mode) + game_turn_cost(a,
	    game_direction(a->pos, c->target >= 0 ? g->units[c->target].pos :
	    c->pos));
	if (tu > a->tu)
		return cause_set(cause, "the %s shot costs %d TU with "
		    "turning; %s has %d", shot_mode_names[c->mode], tu,
		    a->id, a->tu);
	return 0;
}

static const struct damage *
combat_damage_of(const struct game *g, const struct carried *h)
{
	if (h->ammo >= 0)
		return &g->cat->items[h->ammo].damage;
	return &g->cat->items[h->item].damage;
}

/* Any body in a square, standing or not: what a square shot strikes. */
static int
combat_body_at(const struct game *g, struct pos p)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (g->units[i].status != UNIT_DEAD &&
		    unit_covers(&g->units[i], p))
			return (int)i;
	return -1;
}

/*
 * A hit: explosive and incendiary rounds burst on the target's square
 * nearest the shooter (§7.3: the target takes the full damage at distance
 * 0), anything else strikes the target alone; a square shot strikes
 * whoever lies there, else the object, else the floor (§7.6).
 */
static void
combat_impact(struct game *g, int shooter, const struct combat_aim *aim,
    const struct damage *d)
{
	const struct unit	*a = &g->units[shooter], *t;
	struct pos		 at = combat_aim_pos(g, aim);
	int			 body;

	if (aim->unit >= 0) {
		t = &g->units[aim->unit];
		if (game_splash_step(d) == 0) {
			game_damage(g, aim->unit, shooter, a->pos, d);
			return;
		}
		if (a->pos.x > t->pos.x)
			at.x += t->t->size - 1;
		if (a->pos.y > t->pos.y)
			at.y += t->t->size - 1;
	}
	if (game_splash_step(d) > 0) {
		game_queue_explosion(g, at, d);
		game_run_explosions(g);
		return;
	}
	if ((body = combat_body_at(g, at)) >= 0)
		game_damage(g, body, shooter, a->pos, d);
	else if (map_square(g->map, at)->object != OBJECT_NONE)
		game_damage_object(g, at, d->type, d->amount);
	else {
		size_t i;

		game_damage_floor(g, at, d->type, d->amount);
		for (i = 0; i < g->nunits; i++)
			game_settle(g, (int)i);
	}
	game_run_explosions(g);
}

/* --- missed shots (§7.5, RULINGS §7.5) -------------------------------------- */

/*
 * The missed-shot figure, map north up: 1 NW, 2 N, 3 NE, 4 W, 5 and 6 on
 * past the target, 7 E, 8 SW, 9 S, 10 SE.  -1 marks "along the line".
 */
static const int combat_miss_dir[11] = {
	-1, DIR_NW, DIR_N, DIR_NE, DIR_W, -1, -1, DIR_E, DIR_SW, DIR_S, DIR_SE
};

static int
combat_unit_at(const struct game *g, struct pos p)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (g->units[i].status == UNIT_ACTIVE &&
		    unit_covers(&g->units[i], p))
			return (int)i;
	return -1;
}

static bool
combat_edge_stops_shot(const struct edge *e)
{
	/* §6.1: windows and fences are fired through. */
	return e->kind == EDGE_WALL || (e->kind == EDGE_DOOR &&
	    !(e->flags & EDGE_OPENED));
}

struct combat_flight {
	const char	*hit;		/* unit, wall, floor, object, map-edge */
	struct pos	 at;		/* the square it stopped in */
	int		 unit;		/* the unit struck, or -1 */
	struct pos	 wall;		/* for wall: the square and side */
	enum dir	 side;
	struct pos	 floor;		/* for floor: whose floor */
};

/*
 * Fly from the shooter's eye through the aim point and on, in steps of a
 * sixteenth of a square along the longest axis (integers only), and stop
 * at the first unit other than shooter and target, object, wall, floor or
 * the map's edge.
 */
static void	combat_fly_from(const struct game *, int, int, struct pos,
		    long, struct pos, bool, struct combat_flight *);

static void
combat_fly(const struct game *g, int shooter, int target, struct pos aim,
    struct combat_flight *out)
{
	const struct unit	*a = &g->units[shooter];

	combat_fly_from(g, shooter, target, a->pos, a->pos.z * 16 +
	    (a->kneeling ? 8 : 13), aim, false, out);
}

/*
 * The same flight from any square (a guided missile's last waypoint), its
 * height z16 in sixteenths; with to_aim it stops on reaching the aim
 * square, reporting "waypoint".
 */
static void
combat_fly_from(const struct game *g, int shooter, int target,
    struct pos from, long z16, struct pos aim, bool to_aim,
    struct combat_flight *out)
{
	const struct map	*m = g->map;
	long			 sx = from.x * 16 + 8, sy = from.y * 16 + 8;
	long			 sz = z16;
	long			 dx = aim.x * 16 + 8 - sx, dy = aim.y * 16 + 8 - sy;
	long			 dz = aim.z * 16 + 8 - sz, n, k, limit;
	struct pos		 prev = from;

	memset(out, 0, sizeof *out);
	out->unit = -1;
	n = labs(dx) > labs(dy) ? labs(dx) : labs(dy);
	if (labs(dz) > n)
		n = labs(dz);
	out->hit = "map-edge";
	out->at = prev;
	if (n == 0)
		return;
	limit = 16L * (m->width + m->height + m->levels) * 2 * n / 16 + n;
	for (k = 1; k <= limit; k++) {
		long px = sx + dx * k / n, py = sy + dy * k / n;
		long pz = sz + dz * k / n;
		struct pos cur = { (int)(px >= 0 ? px / 16 : -1),
		    (int)(py >= 0 ? py / 16 : -1),
		    (int)(pz >= 0 ? pz / 16 : -1) };
		struct pos mid = prev;
		int u;

		if (cur.x == prev.x && cur.y == prev.y && cur.z == prev.z)
			continue;
		if (!map_contains(m, cur)) {
			out->at = prev;	/* out over the edge: harmless */
			return;
		}
		/* Cross x, then y, then z, checking each boundary. */
		if (cur.x != prev.x) {
			enum dir side = cur.x > prev.x ? DIR_E : DIR_W;

			if (combat_edge_stops_shot(map_edge(m, mid, side))) {
				out->hit = "wall";
				out->wall = mid;
				out->side = side;
				out->at = mid;
				return;
			}
			mid.x = cur.x;
		}
		if (cur.y != prev.y) {
			enum dir side = cur.y > prev.y ? DIR_S : DIR_N;

			if (combat_edge_stops_shot(map_edge(m, mid, side))) {
				out->hit = "wall";
				out->wall = mid;
				out->side = side;
				out->at = mid;
				return;
			}
			mid.y = cur.y;
		}
		if (cur.z != prev.z) {
			struct pos f = cur.z > prev.z ? cur : mid;
			const struct square *sq = map_square(m, f);

			if (sq->floor != FLOOR_NONE &&
			    floor_table[sq->floor].blocks_sight) {
				out->hit = "floor";
				out->floor = f;
				out->at = mid;
				return;
			}
		}
		prev = cur;
		if (to_aim && cur.x == aim.x && cur.y == aim.y &&
		    cur.z == aim.z) {
			out->hit = "waypoint";
			out->at = cur;
			return;
		}
		/* Fate is kind of funny that way: never the target (§7.5). */
		u = combat_unit_at(g, cur);
		if (u >= 0 && u != shooter && u != target) {
			out->hit = "unit";
			out->unit = u;
			out->at = cur;
			return;
		}
		if (map_square(m, cur)->object != OBJECT_NONE) {
			out->hit = "object";
			out->at = cur;
			return;
		}
	}
}

/* What a shot off its mark does where it stops (§7.5). */
static void
combat_stray(struct game *g, int shooter, const struct combat_flight *f,
    const struct damage *d)
{
	if (strcmp(f->hit, "map-edge") == 0)
		return;
	if (game_splash_step(d) > 0) {
		/* Explosive rounds detonate where they stop (§7.5). */
		game_queue_explosion(g, f->at, d);
		game_run_explosions(g);
		return;
	}
	if (f->unit >= 0)
		game_damage(g, f->unit, shooter, g->units[shooter].pos, d);
	else if (strcmp(f->hit, "wall") == 0)
		game_damage_edge(g, f->wall, f->side, d->type, d->amount);
	else if (strcmp(f->hit, "floor") == 0) {
		size_t i;

		game_damage_floor(g, f->floor, d->type, d->amount);
		for (i = 0; i < g->nunits; i++)
			game_settle(g, (int)i);
	} else
		game_damage_object(g, f->at, d->type, d->amount);
	game_run_explosions(g);
}

/* §7.5: where a missed shot goes, and what it does there. */
static void
combat_miss(struct game *g, int shooter, const struct combat_aim *target,
    int chance, int roll, const struct damage *d)
{
	struct combat_flight	 f;
	struct pos		 aim = combat_aim_pos(g, target);
	struct event		*e;
	int			 dir, dist, face = game_roll(g, 10,
				    "where %s's missed shot goes: the "
				    "direction figure (\xc2\xa7" "7.5)",
				    g->units[shooter].name);

	/* The margin of failure moves the aim a square per 10 % (rounded up). */
	dist = (roll - chance + 9) / 10;
	dir = combat_miss_dir[face];
	if (dir >= 0) {
		aim.x += dir_dx[dir] * dist;
		aim.y += dir_dy[dir] * dist;
	}
	combat_fly(g, shooter, target->unit, aim, &f);
	e = event_push(g->ev, EV_MISSED);
	event_str(e, "unit", g->units[shooter].id);
	event_int(e, "d10", face);
	event_str(e, "direction", dir >= 0 ? dir_names[dir] : "on");
	event_int(e, "margin", roll - chance);
	event_int(e, "squares", dir >= 0 ? dist : 0);
	event_pos(e, "aim", aim);
	event_str(e, "hit", f.hit);
	event_pos(e, "at", f.at);
	if (f.unit >= 0)
		event_str(e, "struck", g->units[f.unit].id);
	combat_stray(g, shooter, &f, d);
}

/*
 * A wild shot (§6.4 berserk): a snap with the weapon in `hand` straight
 * out in direction `dir`, striking whatever is first in the way.
 */
void
game_wild_shot(struct game *g, int shooter, int hand, enum dir dir)
{
	struct unit		*a = &g->units[shooter];
	struct carried		*h = &a->hands[hand];
	const struct shot	*shot;
	struct combat_flight	 f;
	struct pos		 aim = a->pos;
	struct event		*e;

	if (h->item < 0 || h->rounds == 0 || (shot = item_shot(
	    &g->cat->items[h->item], SHOT_SNAP)) == NULL ||
	    shot->tu + game_turn_cost(a, dir) > a->tu)
		return;
	game_face(g, shooter, dir);
	a->tu -= shot->tu;
	if (h->rounds > 0)
		h->rounds--;
	aim.x += dir_dx[dir] * (g->map->width + g->map->height);
	aim.y += dir_dy[dir] * (g->map->width + g->map->height);
	combat_fly(g, shooter, -1, aim, &f);
	e = event_push(g->ev, EV_ATTACK);
	event_str(e, "unit", a->id);
	event_str(e, "mode", "wild");
	event_str(e, "direction", dir_names[dir]);
	event_str(e, "weapon", g->cat->items[h->item].id);
	event_int(e, "tu", shot->tu);
	event_str(e, "hit", f.hit);
	event_pos(e, "at", f.at);
	combat_stray(g, shooter, &f, combat_damage_of(g, h));
	game_field_refresh(g);
	game_vis_update(g, true);
}

static void
combat_target_field(const struct game *g, struct event *e, const char *key,
    const struct combat_aim *aim)
{
	if (aim->unit >= 0)
		event_str(e, key, g->units[aim->unit].id);
	else
		event_pos(e, key, aim->square);
}

/*
 * A guided missile (§6.1, §7.5, RULINGS §6.1): it flies through the
 * shooter's waypoints to the target, a roll at each, the first at the
 * shot's chance and each after it 5 less than the one before.  A failed
 * roll is a missed shot fired from the last waypoint reached toward the
 * next; something in the way of a leg takes the missile there.
 */
static void
combat_guided(struct game *g, int shooter, const struct combat_aim *aim,
    int chance, const struct event *why, const struct damage *d)
{
	struct pos		 from = g->units[shooter].pos, to;
	long			 z16 = from.z * 16 + (g->units[shooter].kneeling ?
				    8 : 13);
	struct combat_flight	 f;
	struct event		*e;
	size_t			 k, i;
	int			 roll, need;
	char			 name[64];

	for (k = 0; k <= aim->nvia; k++) {
		to = k < aim->nvia ? aim->via[k] : combat_aim_pos(g, aim);
		need = combat_leg_chance(chance, k);
		roll = k < aim->nvia ? game_roll(g, 100, "guided shot by %s, "
		    "waypoint %zu at %d,%d: %d or less flies on",
		    g->units[shooter].name, k + 1, to.x + 1, to.y + 1, need) :
		    game_roll(g, 100, "guided shot by %s at %s: %d or less "
		    "hits", g->units[shooter].name, combat_aim_name(g, aim,
		    name, sizeof name), need);
		e = event_push(g->ev, EV_ROLL);
		event_str(e, "what", k < aim->nvia ? "waypoint" : "hit");
		event_str(e, "unit", g->units[shooter].id);
		event_pos(e, "waypoint", to);
		event_int(e, "chance", need);
		event_int(e, "roll", roll);
		event_bool(e, "success", roll <= need);
		for (i = 0; i < why->nterms; i++)
			event_term(e, why->terms[i].name, why->terms[i].value);
		if (k > 0)
			event_term(e, "waypoints", -5 * (int)k);
		if (roll > need) {
			struct pos miss = to;
			int face = game_roll(g, 10, "where %s's guided shot "
			    "strays: the direction figure (\xc2\xa7" "7.5)",
			    g->units[shooter].name);
			int dir = combat_miss_dir[face];
			int dist = (roll - need + 9) / 10;

			if (dir >= 0) {
				miss.x += dir_dx[dir] * dist;
				miss.y += dir_dy[dir] * dist;
			} else {
				/* 5 or 6: straight on past the waypoint. */
				miss.x += (to.x - from.x) * 2;
				miss.y += (to.y - from.y) * 2;
			}
			combat_fly_from(g, shooter, aim->unit, from, z16, miss,
			    false, &f);
			e = event_push(g->ev, EV_MISSED);
			event_str(e, "unit", g->units[shooter].id);
			event_int(e, "d10", face);
			event_str(e, "direction", dir >= 0 ? dir_names[dir] :
			    "on");
			event_int(e, "margin", roll - need);
			event_pos(e, "aim", miss);
			event_str(e, "hit", f.hit);
			event_pos(e, "at", f.at);
			combat_stray(g, shooter, &f, d);
			return;
		}
		combat_fly_from(g, shooter, aim->unit, from, z16, to, true, &f);
		if (strcmp(f.hit, "waypoint") != 0) {
			combat_stray(g, shooter, &f, d);
			return;
		}
		from = to;
		z16 = to.z * 16 + 8;
	}
	combat_impact(g, shooter, aim, d);
}

/* One roll of one weapon; damage on a hit.  Returns whether it hit. */
static bool
combat_fire_one(struct game *g, int shooter, const struct combat_aim *aim,
    int hand, int fired_hand, enum shot_mode mode)
{
	struct unit		*a = &g->units[shooter];
	struct carried		*h = &a->hands[fired_hand];
	struct event		 why, *e;
	int			 chance, roll;
	char			 name[64];
	size_t			 i;
	bool			 hit;

	if ((aim->unit >= 0 && g->units[aim->unit].status != UNIT_ACTIVE) ||
	    h->rounds == 0)
		return false;
	chance = aim->nvia > 0 ? combat_guided_chance(g, shooter, aim, mode,
	    hand, &why, NULL) : aim->unit >= 0 ? game_hit_chance(g, shooter,
	    aim->unit, mode, hand, &why, NULL) : game_square_chance(g,
	    shooter, aim->square, mode, hand, &why, NULL);
	if (chance < 0)
		chance = 0;	/* lost sight mid-burst: a wild shot */
	if (h->rounds > 0)
		h->rounds--;
	if (aim->nvia > 0) {
		combat_guided(g, shooter, aim, chance, &why,
		    combat_damage_of(g, h));
		return true;
	}
	roll = game_roll(g, 100, "to-hit: %s shot by %s at %s, %d or less hits",
	    shot_mode_names[mode], a->name, combat_aim_name(g, aim, name,
	    sizeof name), chance);
	hit = roll <= chance;
	e = event_push(g->ev, EV_ROLL);
	event_str(e, "what", "hit");
	event_str(e, "unit", a->id);
	combat_target_field(g, e, "target", aim);
	event_str(e, "weapon", g->cat->items[h->item].id);
	event_int(e, "chance", chance);
	event_int(e, "roll", roll);
	event_bool(e, "success", hit);
	if (combat_terms_sum(&why) > COMBAT_CAP)
		event_bool(e, "capped", true);
	for (i = 0; i < why.nterms; i++)
		event_term(e, why.terms[i].name, why.terms[i].value);
	if (hit)
		combat_impact(g, shooter, aim, combat_damage_of(g, h));
	else
		combat_miss(g, shooter, aim, chance, roll,
		    combat_damage_of(g, h));
	return hit;
}

/* Turn, pay, and fire every roll of the shot; shared by shoot and react. */
static void
combat_fire(struct game *g, int shooter, const struct combat_aim *aim,
    int hand, enum shot_mode mode, bool reaction)
{
	struct unit	*a = &g->units[shooter];
	int		 shots = mode == SHOT_AUTO ? COMBAT_AUTO_SHOTS : 1, i, h;
	int		 tu = combat_shot_tu(g, a, hand, mode);
	struct event	*e;

	game_face(g, shooter, game_direction(a->pos, combat_aim_pos(g, aim)));
	a->tu -= tu;
	if (!reaction)
		a->acted = true;
	e = event_push(g->ev, EV_ATTACK);
	event_str(e, "unit", a->id);
	combat_target_field(g, e, "target", aim);
	event_str(e, "mode", shot_mode_names[mode]);
	event_str(e, "hand", combat_hand_name(hand));
	event_str(e, "weapon", g->cat->items[a->hands[hand == CMD_HAND_BOTH ?
	    HAND_RIGHT : hand].item].id);
	event_int(e, "tu", tu);
	if (reaction)
		event_bool(e, "reaction", true);
	for (i = 0; i < shots; i++)
		for (h = 0; h < HAND_COUNT; h++)
			if (hand == CMD_HAND_BOTH || h == hand)
				combat_fire_one(g, shooter, aim, hand, h,
				    mode);
	a->last_weapon = a->hands[hand == CMD_HAND_BOTH ? HAND_RIGHT :
	    hand].item;
	game_field_refresh(g);
	game_vis_update(g, true);
}

int
game_do_shoot(struct game *g, const struct command *c, char **cause)
{
	struct combat_aim	aim = { c->target, c->pos, c->via, c->nvia };

	(void)cause;
	combat_fire(g, c->unit, &aim, c->hand, c->mode, false);
	return 0;
}

/* --- reaction shots (RULINGS §6.5) ---------------------------------------- */

/* The hand to react with, turning toward *toward if given; -1 for none. */
static int
combat_reaction_hand(const struct game *g, int watcher,
    const struct pos *toward)
{
	const struct unit	*w = &g->units[watcher];
	const struct shot	*s;
	int			 h, turn;

	turn = toward != NULL ? game_turn_cost(w, game_direction(w->pos,
	    *toward)) : 0;
	/* RULINGS §6.5: a pair of pistols may react akimbo: both fire. */
	{
		const struct item_type *r, *l;
		const struct shot *sr, *sl;

		r = combat_weapon(g, w, HAND_RIGHT, SHOT_SNAP, &sr, NULL);
		l = combat_weapon(g, w, HAND_LEFT, SHOT_SNAP, &sl, NULL);
		if (r != NULL && l != NULL && combat_is_pistol(r) &&
		    combat_is_pistol(l) && (sr->tu > sl->tu ? sr->tu :
		    sl->tu) + turn <= w->tu)
			return CMD_HAND_BOTH;
	}
	for (h = 0; h < HAND_COUNT; h++) {
		if (combat_weapon(g, w, h, SHOT_SNAP, &s, NULL) == NULL)
			continue;
		if (s->tu + turn <= w->tu)
			return h;
	}
	return -1;
}

bool
game_can_react(const struct game *g, int watcher)
{
	return game_can_react_toward(g, watcher, NULL);
}

bool
game_can_react_toward(const struct game *g, int watcher,
    const struct pos *toward)
{
	return g->units[watcher].status == UNIT_ACTIVE &&
	    g->units[watcher].stats[STAT_ACC] != STAT_NONE &&
	    combat_reaction_hand(g, watcher, toward) >= 0;
}

bool
game_reaction_shot(struct game *g, int watcher, int target)
{
	int	hand = combat_reaction_hand(g, watcher, &g->units[target].pos);

	if (hand < 0 || game_hit_chance(g, watcher, target, SHOT_SNAP, hand,
	    NULL, NULL) < 0)
		return false;
	struct combat_aim	aim = { target, g->units[target].pos, NULL, 0 };

	combat_fire(g, watcher, &aim, hand, SHOT_SNAP, true);
	return true;
}

/* --- melee (§6.3) ---------------------------------------------------------- */

/*
 * RULINGS Special units: the implant takes a living, non-robotic target.
 * The catalog has no "robotic" flag; the robots of the rulebook are the
 * HWPs, the Sectopod ("robot creatures") and the Cyberdisk ("automated").
 */
bool
game_implantable(const struct unit *t)
{
	return t->t->class != UNIT_HWP && strcmp(t->t->id, "sectopod") != 0 &&
	    strcmp(t->t->id, "cyberdisk") != 0 &&
	    strcmp(t->t->id, "chrysalid") != 0 && t->zombie_rounds < 0;
}

/* The zombie becomes a standard Chrysalid where it stands. */
static void
combat_hatch(struct game *g, int unit)
{
	struct unit		*u = &g->units[unit];
	int			 type = catalog_find_unit(g->cat, "chrysalid");
	const struct unit_type	*t;
	struct event		*e;
	size_t			 b;
	int			 i, tu = u->tu;

	if (type < 0)
		return;
	t = &g->cat->units[type];
	for (i = 0; i < HAND_COUNT; i++)
		game_drop_carried(g, u, &u->hands[i]);
	for (b = 0; b < u->nbelt; b++)
		game_drop_carried(g, u, &u->belt[b]);
	u->nbelt = 0;
	u->type = type;
	u->t = t;
	u->side = u->controller = SIDE_ALIEN;
	u->status = UNIT_ACTIVE;
	u->kneeling = u->prone = false;
	u->worn = -1;
	for (i = 0; i < STAT_COUNT; i++)
		u->stats[i] = t->stats[i];
	for (i = 0; i < ARMOUR_COUNT; i++)
		u->armour[i] = u->armour_max[i] = t->armour[i];
	u->damage = u->stun = 0;
	u->crit_head = u->crit_torso = u->crit_arm = u->crit_leg = 0;
	u->hands[HAND_RIGHT].item = t->weapon;
	u->hands[HAND_RIGHT].ammo = -1;
	u->hands[HAND_RIGHT].rounds = t->weapon >= 0 ?
	    g->cat->items[t->weapon].capacity : 0;
	u->hands[HAND_RIGHT].primed = -1;
	u->zombie_rounds = -1;
	u->tu = tu < t->stats[STAT_TU] ? tu : t->stats[STAT_TU];
	e = event_push(g->ev, EV_TRANSFORM);
	event_str(e, "unit", u->id);
	event_str(e, "into", "chrysalid");
	event_pos(e, "at", u->pos);
	game_field_refresh(g);
	/* A zombie lying under someone: the Chrysalid gets up beside it. */
	game_rise_clear(g, unit, e);
}

void
game_zombies_round_end(struct game *g)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		/* RULINGS: a Chrysalid 2 rounds after the implant. */
		if (u->zombie_rounds > 0 && --u->zombie_rounds == 0)
			combat_hatch(g, (int)i);
	}
}

static void
combat_zombify(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;

	/*
	 * It keeps its stats and what TUs it has left (§3.3.3) and now moves
	 * for the aliens; it cannot attack.  It is theirs until it turns, not
	 * a mind held for a phase (game-psi.c leaves zombies be): a control
	 * running out or a fit of panic no longer concerns it.
	 */
	u->zombie_rounds = 2;
	u->controller = SIDE_ALIEN;
	u->control_ending = false;
	u->panic = UNIT_CALM;
	/*
	 * "Only the remaining TU's ... in that turn": what it did in its old
	 * side's phase does not end its turn in this one.
	 */
	u->acted = u->turn_over = u->half_turned = false;
	u->last_weapon = -1;
	e = event_push(g->ev, EV_TRANSFORM);
	event_str(e, "unit", u->id);
	event_str(e, "into", "zombie");
	event_int(e, "rounds", 2);
}

struct combat_melee {
	int			 hand;		/* -1: bare hands */
	const struct shot	*shot;
	struct damage		 damage;
	int			 tu;
	int			 accuracy;
};

static int
combat_melee_weapon(const struct game *g, const struct command *c,
    struct combat_melee *m, char **cause)
{
	const struct unit	*a = &g->units[c->unit];
	int			 h;

	memset(m, 0, sizeof *m);
	m->hand = -1;
	if (a->stats[STAT_MAC] == STAT_NONE)
		return cause_set(cause, "a %s makes no melee attacks",
		    a->t->id);
	for (h = 0; h < HAND_COUNT; h++) {
		const struct item_type *it;

		if (c->hand != CMD_HAND_BOTH && c->hand != h)
			continue;
		if (a->hands[h].item < 0)
			continue;
		it = &g->cat->items[a->hands[h].item];
		if ((m->shot = item_shot(it, c->mode == SHOT_IMPLANT ?
		    SHOT_IMPLANT : SHOT_MELEE)) != NULL) {
			m->hand = h;
			m->damage = it->damage;
			m->tu = m->shot->tu;
			m->accuracy = m->shot->accuracy;
			break;
		}
	}
	if (m->hand < 0 && c->mode == SHOT_IMPLANT)
		return cause_set(cause, "%s cannot implant", a->id);
	if (m->hand < 0) {
		/* §3.1.1: STR is what a bare-handed blow does, as CC. */
		if (a->stats[STAT_STR] == STAT_NONE)
			return cause_set(cause, "%s has no melee weapon",
			    a->id);
		m->damage.amount = unit_strength(g->cat, a);
		m->damage.type = DMG_CC;
		m->tu = COMBAT_MELEE_TU;
	}
	if (g->scenario->rules.melee_flat_tu)
		m->tu = COMBAT_MELEE_TU;
	return 0;
}

int
game_check_melee(const struct game *g, const struct command *c,
    char **cause)
{
	const struct unit	*a = &g->units[c->unit], *t;
	struct combat_melee	 m;
	int			 tu;

	if (c->target < 0 || c->target == c->unit)
		return cause_set(cause, "melee needs a target unit");
	t = &g->units[c->target];
	if (combat_melee_weapon(g, c, &m, cause) < 0)
		return -1;
	if (t->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s", t->id,
		    unit_status_names[t->status]);
	if (c->mode == SHOT_IMPLANT && !game_implantable(t))
		return cause_set(cause, "%s cannot carry an implant: only "
		    "living, non-robotic units that are not Chrysalids or "
		    "zombies already", t->id);
	/* RULINGS §6.1: adjacent, diagonals included, on the same level. */
	if (t->pos.z != a->pos.z || combat_range(a, t) != 1)
		return cause_set(cause, "%s is not next to %s", t->id, a->id);
	tu = m.tu + game_turn_cost(a, game_direction(a->pos, t->pos));
	if (tu > a->tu)
		return cause_set(cause, "the blow costs %d TU with turning; "
		    "%s has %d", tu, a->id, a->tu);
	return 0;
}

int
game_do_melee(struct game *g, const struct command *c, char **cause)
{
	struct unit		*a = &g->units[c->unit];
	struct combat_melee	 m;
	struct event		*e;
	int			 chance, roll;
	bool			 hit;

	if (combat_melee_weapon(g, c, &m, cause) < 0)
		return -1;
	game_face(g, c->unit, game_direction(a->pos, g->units[c->target].pos));
	a->tu -= m.tu;
	a->acted = true;
	e = event_push(g->ev, EV_ATTACK);
	event_str(e, "unit", a->id);
	event_str(e, "target", g->units[c->target].id);
	event_str(e, "mode", c->mode == SHOT_IMPLANT ? "implant" : "melee");
	event_str(e, "weapon", m.hand >= 0 ? g->cat->items[
	    a->hands[m.hand].item].id : "bare hands");
	event_int(e, "tu", m.tu);
	e = event_push(g->ev, EV_ROLL);
	event_str(e, "what", "hit");
	event_str(e, "unit", a->id);
	event_str(e, "target", g->units[c->target].id);
	/* §6.3: MAC and the weapon's accuracy are the only terms. */
	event_term(e, "MAC", a->stats[STAT_MAC]);
	event_term(e, "weapon", m.accuracy);
	if (a->crit_arm > 0)
		event_term(e, "arm critical", -10 * a->crit_arm);
	chance = combat_cap(combat_terms_sum(e));
	roll = game_roll(g, 100, "%s by %s at %s: %d or less hits",
	    c->mode == SHOT_IMPLANT ? "implant" : "melee", a->name,
	    g->units[c->target].name, chance);
	hit = roll <= chance;
	event_int(e, "chance", chance);
	event_int(e, "roll", roll);
	event_bool(e, "success", hit);
	if (hit && c->mode == SHOT_IMPLANT)
		combat_zombify(g, c->target);
	else if (hit) {
		const struct unit *t = &g->units[c->target];
		struct pos at = game_vis_nearest(t, t->pos, a->pos);

		game_damage(g, c->target, c->unit, a->pos, &m.damage);
		/* §7.4: an incendiary touch ignites as an IN round does. */
		if (m.damage.type == DMG_IN)
			game_ignite(g, at, &m.damage);
	}
	game_field_refresh(g);
	game_vis_update(g, true);
	return 0;
}

/* --- damage (§7.2, RULINGS §7.2) ------------------------------------------- */

/* Which armour a blow from `from` strikes (RULINGS §7.2). */
static enum armour_facing
combat_facing(const struct unit *u, struct pos from, bool blast)
{
	struct pos	centre = u->pos;
	int		rel;

	/* RULINGS §7.2: falls, fire and blasts from a lower level: under. */
	if (blast && from.z < u->pos.z)
		return ARMOUR_UNDER;

	if (from.z < u->pos.z && from.x >= u->pos.x &&
	    from.x < u->pos.x + u->t->size && from.y >= u->pos.y &&
	    from.y < u->pos.y + u->t->size)
		return ARMOUR_UNDER;
	if (from.x >= u->pos.x && from.x < u->pos.x + u->t->size &&
	    from.y >= u->pos.y && from.y < u->pos.y + u->t->size)
		return from.z < u->pos.z ? ARMOUR_UNDER : ARMOUR_FRONT;
	rel = ((int)game_direction(centre, from) - (int)u->facing + 8) % 8;
	switch (rel) {
	case 0: case 1: case 7:
		return ARMOUR_FRONT;
	case 2:
		return ARMOUR_RIGHT;
	case 6:
		return ARMOUR_LEFT;
	default:
		return ARMOUR_REAR;
	}
}

enum armour_facing
game_armour_facing(const struct unit *u, struct pos from)
{
	return combat_facing(u, from, false);
}

void
game_unit_falls_unconscious(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;

	if (u->status != UNIT_ACTIVE)
		return;
	u->status = UNIT_UNCONSCIOUS;
	u->kneeling = u->prone = false;
	e = event_push(g->ev, EV_UNCONSCIOUS);
	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	game_field_refresh(g);
	/* §7.2.1: it "falls prone to the floor", a flyer too. */
	game_settle(g, unit);
}

void
game_drop_carried(struct game *g, struct unit *u, struct carried *k)
{
	struct event	*e;

	if (k->item < 0 || (g->cat->items[k->item].class == ITEM_WEAPON &&
	    g->cat->items[k->item].weapon_kind == WEAPON_INTERNAL))
		return;
	g->ground = xreallocarray(g->ground, g->nground + 1,
	    sizeof *g->ground);
	/* Dropped in mid-air, it lands on the floor below (§7.2.4). */
	g->ground[g->nground].pos = u->pos;
	g->ground[g->nground].pos.z = game_floor_below(g, u->pos);
	g->ground[g->nground].c = *k;
	e = event_push(g->ev, EV_ITEM_DROPPED);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[k->item].id);
	event_pos(e, "at", g->ground[g->nground].pos);
	g->nground++;
	k->item = k->ammo = -1;
	k->rounds = 0;
	k->primed = -1;
}

void
game_unit_dies(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;
	size_t		 b;
	int		 h;

	if (u->status == UNIT_DEAD)
		return;
	/* A zombie killed hatches instead (§3.3.3). */
	if (u->zombie_rounds >= 0) {
		combat_hatch(g, unit);
		return;
	}
	u->status = UNIT_DEAD;
	u->kneeling = u->prone = false;
	e = event_push(g->ev, EV_DEATH);
	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	/*
	 * RULINGS Special units: a destroyed unit whose weapon can detonate
	 * (the Cyberdisk) explodes on d10 > 5, with the detonation's damage.
	 */
	for (h = 0; h < HAND_COUNT; h++) {
		const struct shot *det;
		int roll;

		if (u->hands[h].item < 0 || (det = item_shot(&g->cat->items[
		    u->hands[h].item], SHOT_DETONATE)) == NULL ||
		    !det->has_damage)
			continue;
		roll = game_roll(g, 10, "whether %s explodes as it is "
		    "destroyed: 6 or more explodes", u->name);
		e = event_push(g->ev, EV_ROLL);
		event_str(e, "what", "death explosion");
		event_str(e, "unit", u->id);
		event_int(e, "d10", roll);
		event_bool(e, "success", roll > 5);
		if (roll > 5)
			game_queue_explosion(g, u->pos, &det->damage);
	}
	/*
	 * The body falls to the floor below (§7.2.1, §7.2.4); RULINGS §7.2:
	 * everything but the armour lies where the body does.
	 */
	game_settle(g, unit);
	for (h = 0; h < HAND_COUNT; h++)
		game_drop_carried(g, u, &u->hands[h]);
	for (b = 0; b < u->nbelt; b++)
		game_drop_carried(g, u, &u->belt[b]);
	u->nbelt = 0;
	game_field_refresh(g);
}

static void
combat_critical(struct game *g, int unit, int penetrated)
{
	struct unit	*u = &g->units[unit];
	int		 roll = game_roll(g, 10, "critical wound to %s: "
			    "where (10 head, 6-9 torso, 4-5 arm, 1-3 leg)",
			    u->name);
	struct event	*e = event_push(g->ev, EV_CRITICAL);
	const char	*where;

	event_str(e, "unit", u->id);
	event_int(e, "d10", roll);
	if (roll == 10) {
		/* Head: the penetrating damage again, once. */
		where = "head";
		u->crit_head++;
		u->damage += penetrated;
		event_int(e, "extra_damage", penetrated);
	} else if (roll >= 6) {
		where = "torso";
		u->crit_torso++;
	} else if (roll >= 4) {
		where = "arm";
		u->crit_arm++;
		event_str(e, "effect", "-10 ACC, MAC, TAC");
	} else {
		where = "leg";
		u->crit_leg++;
		event_str(e, "effect", "movement costs doubled");
	}
	event_str(e, "location", where);
}

void
game_damage(struct game *g, int unit, int attacker, struct pos from,
    const struct damage *dmg)
{
	struct unit		*u = &g->units[unit];
	struct susceptibility	 s = unit_susceptibility(g->cat, u, dmg->type);
	int			 amount, hth = u->stats[STAT_HTH], pool;
	enum armour_facing	 facing;
	struct event		*e;

	(void)attacker;
	if (u->status == UNIT_DEAD)
		return;
	/* RULINGS §7.2: damage plus susceptibility, never below 0. */
	amount = s.immune ? 0 : dmg->amount + s.modifier;
	if (amount < 0)
		amount = 0;
	e = event_push(g->ev, EV_DAMAGE);
	event_str(e, "unit", u->id);
	event_int(e, "raw", dmg->amount);
	event_str(e, "type", damage_type_names[dmg->type]);
	if (s.immune)
		event_str(e, "susceptibility", "immune");
	else
		event_int(e, "susceptibility", s.modifier);
	event_int(e, "damage", amount);
	if (dmg->type == DMG_ST) {
		/* Stun touches no armour and never kills. */
		u->stun += amount;
		event_int(e, "stun", u->stun);
		if (u->stun > hth - u->damage)
			game_unit_falls_unconscious(g, unit);
		return;
	}
	facing = combat_facing(u, from, attacker < 0);
	pool = u->armour[facing];
	event_str(e, "facing", armour_facing_names[facing]);
	event_int(e, "armour", pool);
	if (amount <= pool) {
		u->armour[facing] -= amount;
		event_int(e, "absorbed", amount);
		event_int(e, "armour_left", u->armour[facing]);
		event_int(e, "to_hth", 0);
		return;
	}
	u->armour[facing] = 0;
	amount -= pool;
	u->damage += amount;
	event_int(e, "absorbed", pool);
	event_int(e, "armour_left", 0);
	event_int(e, "to_hth", amount);
	event_int(e, "hth_left", hth - u->damage);
	/* §7.2.2: damage that reaches HTH without killing is critical. */
	if (u->damage <= hth)
		combat_critical(g, unit, amount);
	if (u->damage > hth)
		game_unit_dies(g, unit);
	else if (u->damage == hth || u->stun > hth - u->damage)
		game_unit_falls_unconscious(g, unit);
}

/* --- the client's preview -------------------------------------------------- */

int
game_melee_chance(const struct game *g, int unit, int target, int hand,
    struct event *why, char **cause)
{
	const struct unit	*a = &g->units[unit];
	struct command		 c;
	struct combat_melee	 m;
	struct event		 scratch;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	memset(&c, 0, sizeof c);
	c.type = CMD_MELEE;
	c.unit = unit;
	c.target = target;
	c.mode = SHOT_MELEE;
	c.hand = hand;
	c.item = -1;
	if (target < 0 || (size_t)target >= g->nunits)
		return cause_set(cause, "melee needs a target unit");
	if (game_check(g, &c, cause) != 0 ||
	    combat_melee_weapon(g, &c, &m, cause) < 0)
		return -1;
	/* The same terms game_do_melee() rolls against. */
	event_term(why, "MAC", a->stats[STAT_MAC]);
	event_term(why, "weapon", m.accuracy);
	if (a->crit_arm > 0)
		event_term(why, "arm critical", -10 * a->crit_arm);
	return combat_cap(combat_terms_sum(why));
}
