/*
 * game-flight.c - where a shot goes that is not a plain hit (§7.5, RULINGS
 * §7.5): a missed shot flies from the shooter's eye through a point moved
 * off the target and strikes the first thing in its way; a launched
 * weapon's miss lands where the throwing rules scatter it (§6.2); a guided
 * missile flies leg by leg through its waypoints (§6.1); a berserk unit's
 * wild shot flies straight out (§6.4).  Explosive rounds burst where they
 * stop.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "game-shot.h"
#include "xtac/know.h"
#include "xtac/util.h"

/*
 * The missed-shot figure, map north up: 1 NW, 2 N, 3 NE, 4 W, 5 and 6 on
 * past the target, 7 E, 8 SW, 9 S, 10 SE.  -1 marks "along the line".
 */
const int combat_miss_dir[11] = {
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

/*
 * Whether side `as` knows where unit u is now: its own, and others while
 * it sees them; every unit when `as` is -1 (the truth).
 */
bool
combat_known(const struct game *g, int as, int u)
{
	return as < 0 || g->units[u].controller == (enum side)as ||
	    g->units[u].side == (enum side)as ||
	    game_sees(g, (enum side)as, u);
}

/*
 * The unit a round would meet on p as side `as` knows the field (its own,
 * and others while it sees them), or as it is when `as` is -1.
 */
int
combat_round_meets(const struct game *g, int as, struct pos p)
{
	size_t	i;

	if (as < 0)
		return combat_unit_at(g, p);
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].status == UNIT_ACTIVE &&
		    unit_covers(&g->units[i], p) && combat_known(g, as, (int)i))
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

/* Whether a wall on `side` of p stops the shot; if so, *out says so. */
static inline bool
combat_wall_stops(const struct map *m, struct pos p, enum dir side,
    struct combat_flight *out)
{
	if (!combat_edge_stops_shot(map_edge(m, p, side)))
		return false;
	out->hit = "wall";
	out->wall = p;
	out->side = side;
	out->at = p;
	return true;
}

/*
 * Fly from the shooter's eye through the aim point and on, in steps of a
 * sixteenth of a square along the longest axis (integers only), and stop
 * at the first unit other than shooter and target, object, wall, floor or
 * the map's edge.
 */
static void
combat_fly_from(const struct game *g, int shooter, int target,
    struct pos from, long z16, struct pos aim, bool to_aim,
    struct combat_flight *out)
{
	combat_fly_as(g, -1, shooter, target, from, z16, aim, to_aim, NULL,
	    out);
}

static void
combat_fly(const struct game *g, int shooter, int target, struct pos aim,
    struct combat_flight *out)
{
	const struct unit	*a = &g->units[shooter];

	combat_fly_from(g, shooter, target, a->pos, a->pos.z * 16 +
	    (a->kneeling ? 8 : 13), aim, false, out);
}

/*
 * The first step after k at which a flight along one axis, at s + d j / n
 * (sixteenths, C's division) on step j, leaves square c: k + 1 when it is
 * out of c already (a leg may start off its square's middle), else the
 * least j whose position lies past c's edge, found with one division
 * instead of walking sixteen steps a square; LONG_MAX when it never does.
 */
static inline long
combat_cross(long s, long d, long n, int c, long k)
{
	long	p = s + d * (k + 1) / n, t;

	if ((p >= 0 ? p / 16 : -1) != c)
		return k + 1;
	if (d == 0)
		return LONG_MAX;
	if (d > 0) {
		/* s + floor(d j / n) >= 16 (c + 1) */
		t = 16L * (c + 1) - s;
		return (t * n + d - 1) / d;
	}
	/* s - floor(-d j / n) <= 16 c - 1 */
	t = s - 16L * c + 1;
	return (t * n - d - 1) / -d;
}

/*
 * The same flight from any square (a guided missile's last waypoint), its
 * height z16 in sixteenths; with to_aim it stops on reaching the aim
 * square, reporting "waypoint".  With `as` a side, over the field as that
 * side knows it (combat_round_meets, know_map): a forecast for its player.
 * bodies, if not NULL, has a bit set for every square ([z][y][x]) where
 * combat_round_meets could find a unit (combat_look_bodies): the others are
 * passed without asking it.
 */
void
combat_fly_as(const struct game *g, int as, int shooter, int target,
    struct pos from, long z16, struct pos aim, bool to_aim,
    const uint64_t *bodies, struct combat_flight *out)
{
	const struct map	*m = game_known_map(g, as);
	long			 sx = from.x * 16 + 8, sy = from.y * 16 + 8;
	long			 sz = z16;
	long			 dx = aim.x * 16 + 8 - sx, dy = aim.y * 16 + 8 - sy;
	long			 dz = aim.z * 16 + 8 - sz, n, k, limit;
	long			 kx = 0, ky = 0, kz = 0;
	struct pos		 prev = from;
	size_t			 i;
	int			 cx = INT_MIN, cy = INT_MIN, cz = INT_MIN;

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
	for (k = 0;;) {
		long px, py, pz;
		struct pos cur, mid = prev;
		int u;

		/*
		 * Only the steps that reach another square matter; an axis
		 * still on the square its next step was found for keeps it.
		 */
		if (prev.x != cx)
			kx = combat_cross(sx, dx, n, cx = prev.x, k);
		if (prev.y != cy)
			ky = combat_cross(sy, dy, n, cy = prev.y, k);
		if (prev.z != cz)
			kz = combat_cross(sz, dz, n, cz = prev.z, k);
		k = kx < ky ? kx : ky;
		if (kz < k)
			k = kz;
		if (k > limit)
			return;
		px = sx + dx * k / n;
		py = sy + dy * k / n;
		pz = sz + dz * k / n;
		cur = (struct pos){ (int)(px >= 0 ? px / 16 : -1),
		    (int)(py >= 0 ? py / 16 : -1),
		    (int)(pz >= 0 ? pz / 16 : -1) };
		if (cur.x == prev.x && cur.y == prev.y && cur.z == prev.z) {
			cx = cy = cz = INT_MIN;	/* found again from k */
			continue;
		}
		if (!map_contains(m, cur)) {
			out->at = prev;	/* out over the edge: harmless */
			return;
		}
		/* Cross x, then y, then z, checking each boundary. */
		if (cur.x != prev.x) {
			if (combat_wall_stops(m, mid, cur.x > prev.x ? DIR_E :
			    DIR_W, out))
				return;
			mid.x = cur.x;
		}
		if (cur.y != prev.y) {
			if (combat_wall_stops(m, mid, cur.y > prev.y ? DIR_S :
			    DIR_N, out))
				return;
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
		i = ((size_t)cur.z * m->height + (size_t)cur.y) * m->width +
		    (size_t)cur.x;
		u = bodies != NULL && (bodies[i / 64] >> (i % 64) & 1) == 0 ?
		    -1 : combat_round_meets(g, as, cur);
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

/* Report a miss (§7.5) and do what it does where it stopped. */
static void
combat_missed(struct game *g, int shooter, int face, const char *direction,
    int margin, int squares, struct pos aim, const struct combat_flight *f,
    const struct damage *d)
{
	struct event	*e = event_push(g->ev, EV_MISSED);

	event_str(e, "unit", g->units[shooter].id);
	event_int(e, "d10", face);
	event_str(e, "direction", direction);
	event_int(e, "margin", margin);
	event_int(e, "squares", squares);
	event_pos(e, "aim", aim);
	event_str(e, "hit", f->hit);
	event_pos(e, "at", f->at);
	if (f->unit >= 0)
		event_str(e, "struck", g->units[f->unit].id);
	combat_stray(g, shooter, f, d);
}

/* §7.5: where a missed shot goes, and what it does there. */
void
combat_miss(struct game *g, int shooter, const struct combat_aim *target,
    int chance, int roll, const struct damage *d)
{
	struct combat_flight	 f;
	struct pos		 aim = combat_aim_pos(g, target);
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
	combat_missed(g, shooter, face, dir >= 0 ? dir_names[dir] : "on",
	    roll - chance, dir >= 0 ? dist : 0, aim, &f, d);
}

/*
 * A launched weapon's miss (§6.2, RULINGS §7.5): it lands where the
 * throwing rules scatter it, short of walls, and strikes what is there:
 * any unit but the one aimed at (fate is kind of funny that way), else an
 * object, else the floor; an explosive round bursts there, target or not.
 */
void
combat_launch_miss(struct game *g, int shooter, const struct combat_aim *aim,
    int chance, int roll, const struct damage *d)
{
	const struct unit	*a = &g->units[shooter];
	struct pos		 to = combat_near_square(g, a, aim);
	struct combat_flight	 f;
	enum dir		 dir;
	int			 face, u;

	face = game_roll(g, 10, "where %s's launched shot lands: the "
	    "direction figure (\xc2\xa7" "6.2)", a->name);
	memset(&f, 0, sizeof f);
	f.at = f.floor = game_arc_scatter(g->map, a->pos, to, face,
	    roll - chance, &dir);
	f.unit = -1;
	f.hit = "floor";
	if ((u = combat_unit_at(g, f.at)) >= 0 && u != aim->unit) {
		f.hit = "unit";
		f.unit = u;
	} else if (map_square(g->map, f.at)->object != OBJECT_NONE)
		f.hit = "object";
	combat_missed(g, shooter, face, dir_names[dir], roll - chance,
	    (roll - chance + 9) / 10, to, &f, d);
}

/*
 * RULINGS §6.2: a launch let go over the walls its side knew meets a wall
 * or a shut door it did not know of: the round stops in the last square
 * it crossed and does there what a round stopped by that wall does (an
 * explosive one bursts, another strikes the wall or door), unrolled; the
 * side learns what stopped it.  False when the true arc is clear.
 */
bool
combat_launch_stopped(struct game *g, int shooter,
    const struct combat_aim *aim, int item, const struct damage *d)
{
	const struct unit	*a = &g->units[shooter];
	struct combat_flight	 f;
	struct pos		 at;
	enum dir		 side;

	if (!game_arc_blocked(g, a->pos, combat_near_square(g, a, aim), &at,
	    &side))
		return false;
	memset(&f, 0, sizeof f);
	f.unit = -1;
	f.hit = "wall";
	f.wall = f.at = at;
	f.side = side;
	(void)game_arc_stopped(g, shooter, item, at, side);
	combat_stray(g, shooter, &f, d);
	return true;
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

/*
 * A guided missile (§6.1, §7.5, RULINGS §6.1): it flies through the
 * shooter's waypoints to the target, a roll at each, the first at the
 * shot's chance and each after it 5 less than the one before.  A failed
 * roll is a missed shot fired from the last waypoint reached toward the
 * next; something in the way of a leg takes the missile there.
 */
void
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
