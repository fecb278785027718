/*
 * game-shoot.c - ranged attacks (§6.1, RULINGS §6.1): the chance and its
 * terms, at units and squares, guided missiles through waypoints, launched
 * weapons by the throwing rules' targeting (§6.2, game-throw.c), the roll
 * and a hit, and reaction shots (§6.5, RULINGS §6.5).  Where a shot goes
 * that is not a plain hit is game-flight.c's.
 *
 * Every roll is reported with its chance and the terms that made it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-shot.h"
#include "xtac/util.h"

#define COMBAT_AUTO_SHOTS	3	/* an auto burst: 3 rolls, 3 rounds */

struct pos
combat_aim_pos(const struct game *g, const struct combat_aim *aim)
{
	return aim->unit >= 0 ? g->units[aim->unit].pos : aim->square;
}

/* What an attack aims at, as a player asked to roll for it reads it. */
const char *
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

/*
 * The square of a unit aimed at nearest the shooter: where an explosive
 * round bursts on it (combat_impact) and a launched weapon lands.
 */
struct pos
combat_near_square(const struct game *g, const struct unit *a,
    const struct combat_aim *aim)
{
	const struct unit	*t;
	struct pos		 at = combat_aim_pos(g, aim);

	if (aim->unit < 0)
		return at;
	t = &g->units[aim->unit];
	if (a->pos.x > t->pos.x)
		at.x += t->t->size - 1;
	if (a->pos.y > t->pos.y)
		at.y += t->t->size - 1;
	return at;
}

/* combat_shot_chance's `as`: whoever controls the shooter. */
#define COMBAT_AS_SHOOTER	(-2)

/*
 * A launched weapon (§6.2: "some attacks, such as the grenade launcher and
 * celatid spit, use throwing rules"): aimed at a square as a throw is, by
 * game_arc_check() and game_arc_sight(), with the shot's terms (its skill,
 * mode, kneeling, range, night, the second weapon, arm criticals); the arc
 * passes over what would obstruct a straight shot.  A unit is aimed at
 * through its square, and only when the shooter's side sees it.  The arc
 * is checked over the walls as side `as` knows them (RULINGS §6.2: the
 * shooter's side for the command and its player; -1, the truth, for the
 * game master).
 */
static int
combat_launch_chance(const struct game *g, int as, int shooter,
    const struct combat_aim *aim, const struct item_type *it,
    const struct shot *shot, int hand, struct event *why, char **cause)
{
	const struct unit	*a = &g->units[shooter];
	const struct unit	*t = aim->unit >= 0 ? &g->units[aim->unit] :
				    NULL;
	struct pos		 at = combat_near_square(g, a, aim);

	if (t != NULL && !game_sees(g, a->controller, aim->unit))
		return cause_set(cause, "%s's side does not see %s", a->id,
		    t->id);
	if (t != NULL && map_square(g->map, at)->floor == FLOOR_NONE)
		return cause_set(cause, "%s is in the air: the %s is aimed at "
		    "a square with a floor (\xc2\xa7" "6.2)", t->id, it->id);
	if (game_arc_check(g, as, shooter, at, (int)(it - g->cat->items),
	    false, cause) != 0)
		return -1;
	combat_chance_terms(g, a, t != NULL ? combat_range(a, t) :
	    combat_range_to(a, at, 1), at, t != NULL && t->kneeling, it, shot,
	    hand, 0, why);
	game_arc_sight(g, as, shooter, at, aim->unit, why);
	return combat_cap(combat_terms_sum(why));
}

static int
combat_hit_chance(const struct game *g, int as, int shooter, int target,
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
	/* A downed shooter sees nothing: game_unit_sees says no line. */
	if (a->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s", a->id,
		    unit_status_names[a->status]);
	if ((it = combat_shot_weapon(g, a, mode, hand, &shot, cause)) == NULL)
		return -1;
	if (t->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s: shoot at its square "
		    "instead (\xc2\xa7" "6.1)", t->id,
		    unit_status_names[t->status]);
	if (item_launched(it)) {
		struct combat_aim aim = { target, t->pos, NULL, 0 };

		return combat_launch_chance(g, as, shooter, &aim, it, shot,
		    hand, why, cause);
	}
	if (!game_unit_sees(g, shooter, target, &line))
		return cause_set(cause, "%s cannot see %s (%s)", a->id,
		    t->id, sight_block_names[line.blocked_by]);
	return combat_cap(combat_chance_terms(g, a, combat_range(a, t),
	    t->pos, t->kneeling, it, shot, hand, line.obstructions, why));
}

int
game_hit_chance(const struct game *g, int shooter, int target,
    enum shot_mode mode, int hand, struct event *why, char **cause)
{
	return combat_hit_chance(g, (int)g->units[shooter].controller,
	    shooter, target, mode, hand, why, cause);
}

/* §6.1: "Attacks may be made against units or squares." */
static int
combat_square_chance(const struct game *g, int as, int shooter,
    struct pos square, enum shot_mode mode, int hand, struct event *why,
    char **cause)
{
	const struct unit	*a = &g->units[shooter];
	const struct item_type	*it;
	const struct shot	*shot;
	struct sight_result	 line;
	struct event		 scratch;
	const struct field	*f;
	struct field		 known;
	bool			 seen;
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
	if (item_launched(it)) {
		struct combat_aim aim = { -1, square, NULL, 0 };

		return combat_launch_chance(g, as, shooter, &aim, it, shot,
		    hand, why, cause);
	}
	/*
	 * Aimed low: what lies on the floor there.  Whether the shooter would
	 * see it, turned to it: for its side over what it knows (under
	 * vision_cone the line may run where the side does not look).
	 */
	f = game_known_field(g, as, &known);
	seen = sight_line(f, a->pos, eye, square, SIGHT_SQUARE, &line);
	free(known.flags);
	if (!seen)
		return cause_set(cause, "%s cannot see %d,%d L%d (%s)",
		    a->id, square.x + 1, square.y + 1, square.z + 1,
		    sight_block_names[line.blocked_by]);
	return combat_cap(combat_chance_terms(g, a, combat_range_to(a, square,
	    1), square, false, it, shot, hand, line.obstructions, why));
}

int
game_square_chance(const struct game *g, int shooter, struct pos square,
    enum shot_mode mode, int hand, struct event *why, char **cause)
{
	return combat_square_chance(g, (int)g->units[shooter].controller,
	    shooter, square, mode, hand, why, cause);
}

/*
 * A guided shot through waypoints (RULINGS §6.1): no range penalty; the
 * shooter must see its first waypoint, and its side the target.  The
 * waypoint terms are added roll by roll (combat_guided).
 */
static int
combat_guided_chance(const struct game *g, int as, int shooter,
    const struct combat_aim *aim, enum shot_mode mode, int hand,
    struct event *why, char **cause)
{
	const struct unit	*a = &g->units[shooter];
	const struct item_type	*it;
	const struct shot	*shot;
	struct sight_result	 line;
	struct event		 scratch;
	const struct field	*f;
	struct field		 known;
	bool			 seen;

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
	/* Over what its side knows, as a square shot's line is. */
	f = game_known_field(g, as, &known);
	seen = sight_line(f, a->pos, a->kneeling ? SIGHT_EYE_KNEELING :
	    SIGHT_EYE_STANDING, aim->via[0], SIGHT_CENTRE, &line);
	free(known.flags);
	if (!seen)
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
int
combat_leg_chance(int chance, size_t k)
{
	int	need = chance - 5 * (int)k;

	return need < 0 ? 0 : need;
}

/* The chance of a shot command, as side `as` knows the walls (-1: truth). */
static int
combat_shot_chance(const struct game *g, int as, const struct command *c,
    int *legs, struct event *why, char **cause)
{
	struct combat_aim	aim = { c->target, c->pos, c->via, c->nvia };
	int			chance;
	size_t			k;

	if (c->type != CMD_SHOOT || c->unit < 0 || (size_t)c->unit >=
	    g->nunits)
		return cause_set(cause, "not a shot");
	if (as == COMBAT_AS_SHOOTER)
		as = (int)g->units[c->unit].controller;
	chance = c->nvia > 0 ? combat_guided_chance(g, as, c->unit, &aim,
	    c->mode, c->hand, why, cause) : c->target >= 0 ?
	    combat_hit_chance(g, as, c->unit, c->target, c->mode, c->hand,
	    why, cause) : combat_square_chance(g, as, c->unit, c->pos,
	    c->mode, c->hand, why, cause);
	if (chance >= 0 && legs != NULL)
		for (k = 0; k <= c->nvia; k++)
			legs[k] = combat_leg_chance(chance, k);
	return chance;
}

int
game_shot_chance(const struct game *g, const struct command *c, int *legs,
    struct event *why, char **cause)
{
	return combat_shot_chance(g, COMBAT_AS_SHOOTER, c, legs, why, cause);
}

int
game_true_shot_chance(const struct game *g, const struct command *c,
    struct event *why, char **cause)
{
	return combat_shot_chance(g, -1, c, NULL, why, cause);
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

const struct damage *
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
void
combat_impact(struct game *g, int shooter, const struct combat_aim *aim,
    const struct damage *d)
{
	const struct unit	*a = &g->units[shooter];
	struct pos		 at = combat_near_square(g, a, aim);
	int			 body;

	if (aim->unit >= 0 && game_splash_step(d) == 0) {
		game_damage(g, aim->unit, shooter, a->pos, d);
		return;
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

static void
combat_target_field(const struct game *g, struct event *e, const char *key,
    const struct combat_aim *aim)
{
	if (aim->unit >= 0)
		event_str(e, key, g->units[aim->unit].id);
	else
		event_pos(e, key, aim->square);
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
	/*
	 * As it truly is, the shooter turned to its aim (RULINGS §6.2: the
	 * command was checked over what its side knew).
	 */
	chance = aim->nvia > 0 ? combat_guided_chance(g, -1, shooter, aim,
	    mode, hand, &why, NULL) : aim->unit >= 0 ? combat_hit_chance(g, -1,
	    shooter, aim->unit, mode, hand, &why, NULL) :
	    combat_square_chance(g, -1, shooter, aim->square, mode, hand, &why,
	    NULL);
	if (chance < 0)
		chance = 0;	/* lost sight mid-burst: a wild shot */
	if (h->rounds > 0)
		h->rounds--;
	if (aim->nvia > 0) {
		combat_guided(g, shooter, aim, chance, &why,
		    combat_damage_of(g, h));
		return true;
	}
	/* RULINGS §6.2: let go over what its side knew; flown over truth. */
	if (item_launched(&g->cat->items[h->item]) && combat_launch_stopped(g,
	    shooter, aim, h->ammo >= 0 ? h->ammo : h->item,
	    combat_damage_of(g, h)))
		return false;
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
	if (combat_terms_sum(&why) > combat_cap(combat_terms_sum(&why)))
		event_bool(e, "capped", true);
	for (i = 0; i < why.nterms; i++)
		event_term(e, why.terms[i].name, why.terms[i].value);
	if (hit)
		combat_impact(g, shooter, aim, combat_damage_of(g, h));
	else if (item_launched(&g->cat->items[h->item]))
		combat_launch_miss(g, shooter, aim, chance, roll,
		    combat_damage_of(g, h));
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

/*
 * RULINGS §6.5: the watcher won the roll and may fire; its controller's
 * standing order (`react`) says whether it does.  A declined shot costs
 * nothing and is reported with its reason.
 */
bool
game_reaction_shot(struct game *g, int watcher, int target)
{
	struct unit		*w = &g->units[watcher];
	int			 hand = combat_reaction_hand(g, watcher,
				    &g->units[target].pos), chance, need;
	struct game_shot_risk	 risk;
	struct event		*e;
	const char		*why;
	int			 friend = -1;
	bool			 friends;

	if (hand < 0 || (chance = game_hit_chance(g, watcher, target,
	    SHOT_SNAP, hand, NULL, NULL)) < 0)
		return false;
	/* Who is at risk matters only when the order asks more for it. */
	memset(&risk, 0, sizeof risk);
	friends = chance >= w->react_min && w->react_min < UNIT_REACT_NEVER &&
	    w->react_friends > w->react_min && chance < w->react_friends &&
	    game_shot_risk(g, watcher, w->pos, target, hand, chance, &risk);
	need = w->react_min;
	if (friends && w->react_friends > need)
		need = w->react_friends;
	if (chance < need || need >= UNIT_REACT_NEVER) {
		e = event_push(g->ev, EV_REACTION_DECLINED);
		event_str(e, "watcher", w->id);
		event_str(e, "target", g->units[target].id);
		event_int(e, "chance", chance);
		if (w->react_min >= UNIT_REACT_NEVER)
			why = "its order is never to react";
		else if (!friends || w->react_min >= need)
			why = "under the chance its order asks";
		else if (risk.held) {
			why = "the target is a friend held by mind control";
			friend = target;
		} else if (risk.line >= 0) {
			why = "a friend is in the line of fire";
			friend = risk.line;
		} else if (risk.nblast > 0) {
			why = "a friend would be caught in the blast";
			friend = risk.blast;
		} else {
			why = "a miss could strike a friend";
			friend = risk.stray;
		}
		event_str(e, "why", why);
		if (need < UNIT_REACT_NEVER)
			event_int(e, "need", need);
		if (friend >= 0)
			event_str(e, "friend", g->units[friend].id);
		return false;
	}
	struct combat_aim	aim = { target, g->units[target].pos, NULL, 0 };

	combat_fire(g, watcher, &aim, hand, SHOT_SNAP, true);
	return true;
}
