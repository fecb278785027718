/*
 * mission.c - what each side plays for and when the game is over (§2.3,
 * RULINGS §2.3).  mission_start() runs once as the game is set up;
 * mission_check() is the one place that decides the end, called by
 * game_check_victory() after every command, round end and psi phase.
 *
 * The order of the checks: a secret mission achieved ends the game for
 * its side (both at once: a draw); then a terror site whose every civilian
 * is lost goes to the aliens; then elimination, as RULINGS §2.3 says:
 * the last side with a conscious unit under its control wins, whatever
 * its mission, since nobody is left to keep it from its goal.
 *
 * Where the rulebook and RULINGS are silent (xtac-map(5) says so too):
 * - a mission drawn at random is drawn among those the scenario gave a
 *   target, by d10 (re-rolled above the largest multiple of the count),
 *   before round 1's initiative;
 * - sabotage is achieved when the object is gone, by whoever's hand (one
 *   a crash roll took before the first phase reverts the mission);
 * - a unit is captured when it lies unconscious, or stands under the
 *   capturing side's mind control, inside that side's craft zones; dead,
 *   it can no longer be captured and the mission reverts to elimination,
 *   as capture-technology does when no enemy carries the item (§2.3);
 * - a ship is captured when no conscious unit of another side's stands in
 *   its building (any level) and a conscious unit of the side does;
 * - technology is captured when a unit of the side carries the item (hand
 *   or belt) inside its craft zones;
 * - a terror site's civilians are lost when dead or turned into zombies,
 *   whoever did it; the aliens' score counts them all.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/mission.h"
#include "xtac/util.h"

/* The side a unit was fielded by (later ones: clones, their own). */
static enum side
mission_first_side(const struct game *g, size_t i)
{
	return i < g->scenario->nunits ? g->scenario->units[i].side :
	    g->units[i].side;
}

/* Out of the fight for good: dead, or turned (RULINGS Special units). */
static bool
mission_unit_lost(const struct game *g, size_t i, bool unconscious)
{
	const struct unit	*u = &g->units[i];

	return u->status == UNIT_DEAD || (unconscious &&
	    u->status == UNIT_UNCONSCIOUS) || u->zombie_rounds >= 0 ||
	    u->side != mission_first_side(g, i);
}

static bool
mission_in_zones(const struct zone *z, size_t n, const struct unit *u)
{
	size_t	i;
	int	x, y;

	for (i = 0; i < n; i++) {
		int x0 = z[i].from.x < z[i].to.x ? z[i].from.x : z[i].to.x;
		int x1 = z[i].from.x < z[i].to.x ? z[i].to.x : z[i].from.x;
		int y0 = z[i].from.y < z[i].to.y ? z[i].from.y : z[i].to.y;
		int y1 = z[i].from.y < z[i].to.y ? z[i].to.y : z[i].from.y;
		int l0 = z[i].from.z < z[i].to.z ? z[i].from.z : z[i].to.z;
		int l1 = z[i].from.z < z[i].to.z ? z[i].to.z : z[i].from.z;

		if (u->pos.z < l0 || u->pos.z > l1)
			continue;
		for (y = y0; y <= y1; y++)
			for (x = x0; x <= x1; x++)
				if (unit_covers(u, (struct pos){ x, y,
				    u->pos.z }))
					return true;
	}
	return false;
}

static bool
mission_in_building(const struct building *b, const struct unit *u)
{
	int	size = u->t->size;

	return u->pos.x + size - 1 >= b->x0 && u->pos.x <= b->x1 &&
	    u->pos.y + size - 1 >= b->y0 && u->pos.y <= b->y1;
}

static bool
mission_carries(const struct unit *u, int item)
{
	size_t	i;

	for (i = 0; i < HAND_COUNT; i++)
		if (u->hands[i].item == item)
			return true;
	for (i = 0; i < u->nbelt; i++)
		if (u->belt[i].item == item)
			return true;
	return false;
}

char *
mission_target(const struct game *g, enum side side)
{
	const struct secret_setup	*sc = &g->scenario->sides[side].secret;
	const struct map		*m = g->scenario->map;
	struct pos			 p = sc->sabotage_at;

	switch (g->missions[side].mission) {
	case MISSION_SABOTAGE:
		return xasprintf("%s at %d,%d L%d", m->objects[
		    map_square(m, p)->object].name, p.x + 1, p.y + 1, p.z + 1);
	case MISSION_CAPTURE_UNIT:
		return xstrdup(sc->unit);
	case MISSION_CAPTURE_SHIP:
		return xstrdup(m->buildings[sc->ship].name);
	case MISSION_CAPTURE_TECH:
		return xstrdup(g->cat->items[sc->technology].id);
	default:
		return xstrdup("");
	}
}

static struct event *
mission_event(struct game *g, enum side side, const char *what, bool secret)
{
	struct event	*e = event_push(g->ev, EV_MISSION);
	char		*target = mission_target(g, side);

	event_str(e, "what", what);
	event_str(e, "side", side_names[side]);
	event_str(e, "mission", mission_names[g->missions[side].mission]);
	event_text(e, "target", target);
	event_bool(e, "secret", secret);
	free(target);
	return e;
}

/* §2.3: "the mission reverts to elimination of all of the enemy". */
static void
mission_revert(struct game *g, enum side side, const char *why)
{
	struct event	*e;

	g->missions[side].reverted = true;
	e = mission_event(g, side, "reverted", true);
	event_str(e, "reason", why);
}

/* Draw among the missions the scenario gave a target (d10, re-rolled). */
static enum mission
mission_draw(struct game *g, enum side side)
{
	const struct secret_setup	*sc = &g->scenario->sides[side].secret;
	enum mission			 can[4];
	int				 n = 0, roll;

	if (sc->sabotage)
		can[n++] = MISSION_SABOTAGE;
	if (sc->unit[0] != '\0')
		can[n++] = MISSION_CAPTURE_UNIT;
	if (sc->ship >= 0)
		can[n++] = MISSION_CAPTURE_SHIP;
	if (sc->technology >= 0)
		can[n++] = MISSION_CAPTURE_TECH;
	if (n == 1)
		return can[0];
	do
		roll = game_roll(g, 10, "secret mission of %s: d10, 1-%d "
		    "(one of %d, higher re-rolls)", side_names[side],
		    10 / n * n, n);
	while (roll > 10 / n * n);
	return can[(roll - 1) % n];
}

/*
 * RULINGS §2.3, §2.3 Crashed UFO: "there is an 85% chance that each power
 * source explodes on impact"; on the ground a modest blast (the object's
 * own, 90 HE-2), in flight "100 x 2d10 HE-3".  The crashed side's power
 * sources are its craft's: every UFO power source for the aliens, every
 * Skyranger engine for X-Com.  An exploding one is gone (it does not go
 * off a second time when its own blast reaches it).
 */
static void
mission_crash(struct game *g)
{
	const struct scenario	*s = g->scenario;
	struct map		*m = g->map;
	struct damage		 d;
	struct event		*e;
	struct pos		 p;
	int			 obj, roll;

	obj = map_find_object(m, s->mission_side == SIDE_ALIEN ?
	    "ufo-power-source" : "skyranger-engine");
	if (s->mission != MISSION_CRASHED || s->crash_roll == CRASH_NONE ||
	    obj < 0)
		return;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++) {
				if (map_square(m, p)->object != obj)
					continue;
				roll = game_roll(g, 100, "crash: does the %s "
				    "at %d,%d L%d explode? d100, 85 or less",
				    m->objects[obj].name, p.x + 1, p.y + 1,
				    p.z + 1);
				e = event_push(g->ev, EV_MISSION);
				event_str(e, "what", "crash");
				event_str(e, "side", side_names[
				    s->mission_side]);
				event_str(e, "object", m->objects[obj].name);
				event_pos(e, "at", p);
				event_int(e, "chance", 85);
				event_int(e, "roll", roll);
				event_bool(e, "success", roll <= 85);
				if (roll > 85)
					continue;
				map_square(m, p)->object = OBJECT_NONE;
				if (s->crash_roll == CRASH_GROUND) {
					game_queue_explosion(g, p, NULL);
					continue;
				}
				d.type = DMG_HE;
				d.he_class = 3;
				d.amount = 100 * (game_roll(g, 10, "crash "
				    "blast: 100 x 2d10, first d10") +
				    game_roll(g, 10, "crash blast: 100 x "
				    "2d10, second d10"));
				event_int(e, "damage", d.amount);
				game_queue_explosion(g, p, &d);
			}
	if (g->nblasts > 0)
		game_run_explosions(g);
	game_field_refresh(g);
	game_vis_update(g, true);
}

void
mission_start(struct game *g)
{
	const struct scenario	*s = g->scenario;
	int			 side;
	size_t			 i;

	mission_crash(g);
	for (side = 0; side < SIDE_COUNT; side++) {
		struct mission_secret		*ms = &g->missions[side];
		const struct secret_setup	*sc = &s->sides[side].secret;
		bool				 carried = false;

		ms->mission = MISSION_ASSAULT;
		ms->unit = ms->object = -1;
		if (!sc->present || !s->sides[side].present)
			continue;
		ms->mission = sc->mission != MISSION_ASSAULT ? sc->mission :
		    mission_draw(g, (enum side)side);
		if (ms->mission == MISSION_CAPTURE_UNIT)
			ms->unit = game_find_unit(g, sc->unit);
		if (ms->mission == MISSION_SABOTAGE)
			ms->object = map_square(g->map,
			    sc->sabotage_at)->object;
		mission_event(g, (enum side)side, "given", true);
		/* The crash roll may have done it before anyone moved. */
		if (ms->mission == MISSION_SABOTAGE &&
		    ms->object == OBJECT_NONE)
			mission_revert(g, (enum side)side, "the object is "
			    "gone already");
		if (ms->mission != MISSION_CAPTURE_TECH)
			continue;
		for (i = 0; i < g->nunits; i++)
			if (g->units[i].side != (enum side)side &&
			    g->units[i].side != SIDE_CIVILIAN &&
			    mission_carries(&g->units[i], sc->technology))
				carried = true;
		if (!carried)
			mission_revert(g, (enum side)side, "no enemy carries "
			    "it");
	}
}

/* Whether side has done what its secret mission asks, now. */
static bool
mission_done(struct game *g, enum side side)
{
	const struct secret_setup	*sc = &g->scenario->sides[side].secret;
	struct mission_secret		*ms = &g->missions[side];
	const struct unit		*t;
	bool				 ours = false, theirs = false;
	size_t				 i;

	if (ms->reverted)
		return false;
	switch (ms->mission) {
	case MISSION_SABOTAGE:
		return map_square(g->map, sc->sabotage_at)->object !=
		    ms->object;
	case MISSION_CAPTURE_UNIT:
		if (ms->unit < 0)
			return false;
		t = &g->units[ms->unit];
		if (mission_unit_lost(g, (size_t)ms->unit, false)) {
			mission_revert(g, side, "the unit is lost");
			return false;
		}
		return mission_in_zones(sc->craft, sc->ncraft, t) &&
		    (t->status == UNIT_UNCONSCIOUS || (t->status ==
		    UNIT_ACTIVE && t->controller == side));
	case MISSION_CAPTURE_SHIP:
		for (i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];

			if (u->status != UNIT_ACTIVE ||
			    u->controller == SIDE_CIVILIAN ||
			    !mission_in_building(&g->map->buildings[sc->ship],
			    u))
				continue;
			if (u->controller == side)
				ours = true;
			else
				theirs = true;
		}
		return ours && !theirs;
	case MISSION_CAPTURE_TECH:
		for (i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];

			if (u->side == side && u->controller == side &&
			    u->status == UNIT_ACTIVE &&
			    mission_carries(u, sc->technology) &&
			    mission_in_zones(sc->craft, sc->ncraft, u))
				return true;
		}
		return false;
	default:
		return false;
	}
}

void
mission_score(const struct game *g, struct mission_score *sc)
{
	size_t	i;

	memset(sc, 0, sizeof *sc);
	for (i = 0; i < g->nunits; i++) {
		enum side first = mission_first_side(g, i);

		if (first == SIDE_CIVILIAN) {
			sc->civilians++;
			sc->civilians_lost += mission_unit_lost(g, i, false);
		} else if (first == SIDE_ALIEN)
			sc->aliens_lost += mission_unit_lost(g, i, true);
	}
	sc->score[SIDE_XCOM] = sc->aliens_lost - sc->civilians_lost;
	sc->score[SIDE_ALIEN] = sc->civilians_lost;
}

static void
mission_end(struct game *g, int winner, const char *reason)
{
	struct mission_score	 sc;
	struct event		*e;

	g->over = true;
	g->winner = winner;
	g->end_reason = reason;
	e = event_push(g->ev, EV_VICTORY);
	event_str(e, "winner", winner != GAME_NO_SIDE ? side_names[winner] :
	    "none");
	event_int(e, "round", g->round);
	event_str(e, "reason", reason);
	if (g->scenario->mission == MISSION_TERROR) {
		mission_score(g, &sc);
		event_int(e, "civilians", sc.civilians);
		event_int(e, "civilians_lost", sc.civilians_lost);
		event_int(e, "aliens_lost", sc.aliens_lost);
		event_int(e, "xcom_score", sc.score[SIDE_XCOM]);
		event_int(e, "alien_score", sc.score[SIDE_ALIEN]);
	}
}

void
mission_check(struct game *g)
{
	struct mission_score	sc;
	int			side, count = 0, last = GAME_NO_SIDE;
	bool			done[SIDE_COUNT] = { false };

	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		if ((done[side] = mission_done(g, (enum side)side))) {
			g->missions[side].achieved = true;
			/* Done, it is no secret: the game ends on it. */
			mission_event(g, (enum side)side, "achieved", false);
			count++;
			last = side;
		}
	if (count > 0) {
		mission_end(g, count == 1 ? last : GAME_NO_SIDE, "objective");
		return;
	}
	if (g->scenario->mission == MISSION_TERROR) {
		mission_score(g, &sc);
		if (sc.civilians > 0 && sc.civilians_lost == sc.civilians) {
			mission_end(g, SIDE_ALIEN, "civilians");
			return;
		}
	}
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		if (game_side_alive(g, side)) {
			count++;
			last = side;
		}
	if (count > 1)
		return;
	mission_end(g, count == 1 ? last : GAME_NO_SIDE, "elimination");
}

const struct mission_secret *
mission_secret(const struct game *g, enum side side)
{
	return &g->missions[side];
}

const char *
mission_end_reason(const struct game *g)
{
	return g->end_reason;
}
