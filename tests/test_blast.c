/*
 * test_blast.c - explosions and what they break, with forced dice: splash
 * falloff (§7.3, RULINGS 7.3), walls and floors taking the blast and
 * stopping it unless destroyed (§7.6, RULINGS 7.6), explosive objects
 * going off in turn, units falling through destroyed floors (§7.2.4), smoke
 * and fire at the end of the round (§7.4, RULINGS 7.4).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "play.h"

static const struct event *
blast_damage_of(const struct t *t, const char *unit)
{
	const struct event	*e;
	size_t			 i;

	for (i = 0; (e = t_event(t, EV_DAMAGE, i)) != NULL; i++)
		if (strcmp(t_str(e, "unit"), unit) == 0)
			return e;
	return NULL;
}

/*
 * §7.3: 52 HE-1 from a heavy cannon bursts on the target: 52 there, 32 one
 * square away, 12 two away, nothing at three (52 - 60 < 0).
 */
static void
test_blast_falloff(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1], "
	    "facing: w}\n"
	    "  - {id: d1, side: alien, type: sectoid, at: [7, 4, 1], "
	    "facing: w}\n"
	    "  - {id: d2, side: alien, type: sectoid, at: [8, 1, 1], "
	    "facing: w}\n"
	    "  - {id: d3, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	/* Hit; then d1's and d2's criticals (torso, torso). */
	assert_int_equal(t_do(t, "dice 1 6 7"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 0));
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "radius"), 2);
	assert_int_equal(t_int(blast_damage_of(t, "s"), "raw"), 52);
	assert_int_equal(t_int(blast_damage_of(t, "d1"), "raw"), 32);
	assert_int_equal(t_int(blast_damage_of(t, "d2"), "raw"), 12);
	assert_null(blast_damage_of(t, "d3"));
	/* The armour struck faces the blast: d1 faces w, the centre is nw. */
	assert_string_equal(t_str(blast_damage_of(t, "d1"), "facing"),
	    "front");
	/* Smoke on every square the blast reached, for 3 rounds (§7.4). */
	assert_true(*field_at(game_field(t->g), (struct pos){ 6, 3, 0 }) &
	    FIELD_SMOKE);
	assert_false(*field_at(game_field(t->g), (struct pos){ 8, 2, 0 }) &
	    FIELD_SMOKE);
}

/*
 * §7.6: any HE destroys a normal wall and the blast goes on; a hardened
 * wall needs 70 and stops the 32 arriving at it.
 */
static void
test_blast_walls(void **state)
{
	struct t		*t = *state;
	const struct event	*d;
	static const char	 map[] =
	    "xtac-map: 1\nname: Walls\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+\n"
	    "    |. . . . . . .|\n"
	    "    + + +H+ + + + +\n"
	    "    |. .H.H.|. . .|\n"
	    "    + + +H+ + + + +\n"
	    "    |. . . . . . .|\n"
	    "    + + + + + + + +\n"
	    "    |. . . . . . .|\n"
	    "    + + + + + + + +\n"
	    "    |. . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [4, 5, 1], facing: n, "
	    "right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: s, side: alien, type: muton, at: [4, 2, 1], "
	    "facing: s}\n"
	    "  - {id: w, side: alien, type: sectoid, at: [3, 2, 1]}\n"
	    "  - {id: e, side: alien, type: muton, at: [5, 2, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "dice 1 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	d = t_event(t, EV_DESTROYED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "what"), "wall");
	assert_string_equal(t_str(d, "side"), "e");
	assert_null(t_event(t, EV_DESTROYED, 1));
	assert_non_null(blast_damage_of(t, "e"));
	/* The hardened box shields w entirely. */
	assert_null(blast_damage_of(t, "w"));
	assert_int_equal(map_edge(game_map(t->g), (struct pos){ 3, 1, 0 },
	    DIR_E)->kind, EDGE_OPEN);
}

/*
 * RULINGS 7.3 and §7.6: a wall takes a blast once, with what arrives at
 * it, whatever lies behind it.  An alien grenade (90 HE-2) bursts beside
 * a hardened wall (70 needed) twice: inside a closed one-square room and
 * beside a lone segment of the same wall.  Each wall gets the 60 arriving
 * at the square beyond it and stands; the blast that comes round behind
 * the lone segment strikes it no harder.
 */
static void
test_blast_wall_once(void **state)
{
	struct t		*t = *state;
	const struct map	*m;
	static const char	 map[] =
	    "xtac-map: 1\nname: Room and segment\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    + + +H+ + + + + + + + + +\n"
	    "    |. .H.H. . . . . .H. . .|\n"
	    "    + + +H+ + + + + + + + + +\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: se, "
	    "right: alien-grenade}\n"
	    "  - {id: b, side: xcom, type: troop, at: [12, 1, 1], facing: sw, "
	    "right: alien-grenade}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	assert_int_equal(t_do(t, "prime a right 0"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw a 3 3"), 0);
	assert_int_equal(t_do(t, "prime b right 0"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw b 9 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(t_event(t, EV_EXPLOSION, 1));
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "damage"), 90);
	/* Both walls stand: the room's four and the lone segment. */
	assert_null(t_event(t, EV_DESTROYED, 0));
	m = game_map(t->g);
	assert_int_equal(map_edge(m, (struct pos){ 2, 2, 0 }, DIR_N)->kind,
	    EDGE_WALL);
	assert_int_equal(map_edge(m, (struct pos){ 2, 2, 0 }, DIR_E)->kind,
	    EDGE_WALL);
	assert_int_equal(map_edge(m, (struct pos){ 2, 2, 0 }, DIR_S)->kind,
	    EDGE_WALL);
	assert_int_equal(map_edge(m, (struct pos){ 2, 2, 0 }, DIR_W)->kind,
	    EDGE_WALL);
	assert_int_equal(map_edge(m, (struct pos){ 8, 2, 0 }, DIR_E)->kind,
	    EDGE_WALL);
}

/*
 * Open ground with no roof over it, split by a line of UFO hull (super-
 * tough) between x 8 and 9; a troop with a blaster launcher at 2,3.
 */
static const char	 blast_hull_map[] =
    "xtac-map: 1\nname: Hull\n"
    "legend:\n  edges:\n    '!': hull\n"
    "levels:\n  - |\n"
    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
    "    |. . . . . . . .!. . . .|\n"
    "    + + + + + + + + + + + + +\n"
    "    |. . . . . . . .!. . . .|\n"
    "    + + + + + + + + + + + + +\n"
    "    |. . . . . . . .!. . . .|\n"
    "    + + + + + + + + + + + + +\n"
    "    |. . . . . . . .!. . . .|\n"
    "    + + + + + + + + + + + + +\n"
    "    |. . . . . . . .!. . . .|\n"
    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
    "  - |\n"
    "    + + + + + + + + + + + + +\n"
    "\n"
    "    + + + + + + + + + + + + +\n"
    "\n"
    "    + + + + + + + + + + + + +\n"
    "\n"
    "    + + + + + + + + + + + + +\n"
    "\n"
    "    + + + + + + + + + + + + +\n"
    "\n"
    "    + + + + + + + + + + + + +\n";
static const char	 blast_hull_units[] =
    "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], facing: e, "
    "right: blaster-launcher}\n"
    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n";

/*
 * RULINGS 7.3 and §7.6: a blaster bomb (200 HE-3) one square back from a
 * UFO hull (160 needed) sends 200 - 2 x 40 = 120 to it: the hull stands,
 * though the blast also comes over the roofless hull and down behind it,
 * where the square before the hull is 160 away.
 */
static void
test_blast_hull_one_square_back(void **state)
{
	struct t		*t = *state;
	int			 y;

	t_start_map(t, blast_hull_map, blast_hull_units);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a 7,3 aimed"), 0);
	assert_int_equal(t_int(t_event(t, EV_EXPLOSION, 0), "damage"), 200);
	assert_null(t_event(t, EV_DESTROYED, 0));
	for (y = 0; y < 5; y++)
		assert_int_equal(map_edge(game_map(t->g), (struct pos){ 7, y,
		    0 }, DIR_E)->kind, EDGE_WALL);
}

/* §7.6: from the square beside the hull 160 arrives, enough to break it. */
static void
test_blast_hull_beside(void **state)
{
	struct t	*t = *state;

	t_start_map(t, blast_hull_map, blast_hull_units);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a 8,3 aimed"), 0);
	assert_non_null(t_event(t, EV_DESTROYED, 0));
	assert_int_equal(map_edge(game_map(t->g), (struct pos){ 7, 2, 0 },
	    DIR_E)->kind, EDGE_OPEN);
}

/* §7.6: an explosive object destroyed detonates as 90 HE-2, in turn. */
static void
test_blast_chain(void **state)
{
	struct t		*t = *state;
	const struct event	*x;
	const struct event	*d;
	size_t			 i, hits = 0;
	static const char	 map[] =
	    "xtac-map: 1\nname: Drums\n"
	    "legend:\n  squares:\n    'f': {floor: grass, object: fuel-drum}\n"
	    "levels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . . .|\n"
	    "    + + + + + + + + + +\n"
	    "    |. . . . . . f . .|\n"
	    "    + + + + + + + + + +\n"
	    "    |. . . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "
	    "right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: m, side: alien, type: muton, at: [6, 2, 1], "
	    "facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 2, 1], "
	    "facing: w, boosts: {hth: 20}}\n");
	assert_int_equal(t_do(t, "dice 1 6 6 6 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a m snap"), 0);
	/* 52 HE-1 on m reaches the drum (d 1) with 32: any HE destroys it. */
	d = t_event(t, EV_DESTROYED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "name"), "fuel-drum");
	x = t_event(t, EV_EXPLOSION, 1);
	assert_non_null(x);
	assert_int_equal(t_int(x, "damage"), 90);
	assert_int_equal(t_int(x, "class"), 2);
	/*
	 * s is 3 squares from m, out of the first blast (52 - 60 < 0), and 2
	 * from the drum: 90 - 2 x 30 = 30, once.
	 */
	for (i = 0; (d = t_event(t, EV_DAMAGE, i)) != NULL; i++)
		if (strcmp(t_str(d, "unit"), "s") == 0) {
			assert_int_equal(t_int(d, "raw"), 30);
			hits++;
		}
	assert_int_equal(hits, 1);
	assert_int_equal(map_square(game_map(t->g),
	    (struct pos){ 6, 1, 0 })->object, OBJECT_NONE);
}

/*
 * §7.2.4 and RULINGS 7.6: a floor destroyed under a unit drops it to the
 * highest floor below; 10 CC to the underside for each level after the
 * first.
 */
static void
test_blast_floor_and_fall(void **state)
{
	struct t		*t = *state;
	const struct event	*f, *d;
	size_t			 i;
	static const char	 map[] =
	    "xtac-map: 1\nname: Tower\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+\n"
	    "    |. . . . .|\n"
	    "    +-+-+-+-+-+\n"
	    "  - |\n"
	    "    + + + + + +\n"
	    "     _ _ _   _\n"
	    "    + + + + + +\n"
	    "  - |\n"
	    "    + + + + + +\n"
	    "     _ _ _ _ _\n"
	    "    + + + + + +\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 3], facing: e, "
	    "right: {item: rocket-launcher, ammo: rocket-he-2}}\n"
	    "  - {id: m, side: alien, type: muton, at: [4, 1, 3], "
	    "facing: w}\n");
	/* Hit; the Muton's critical from the blast; its critical on landing. */
	assert_int_equal(t_do(t, "dice 1 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a m snap"), 0);
	/* 100 HE-2 - 10 front armour: 90 to HTH (120). */
	d = blast_damage_of(t, "m");
	assert_int_equal(t_int(d, "to_hth"), 90);
	d = t_event(t, EV_DESTROYED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "what"), "floor");
	f = t_event(t, EV_FALL, 0);
	assert_non_null(f);
	assert_int_equal(t_int(f, "levels"), 2);
	assert_int_equal(t_unit(t, "m")->pos.z, 0);
	/* The landing: 10 CC on the underside (armour 5), after the fall. */
	for (d = NULL, i = 0; i < t->ev.n; i++)
		if (&t->ev.v[i] > f && t->ev.v[i].type == EV_DAMAGE &&
		    strcmp(t_str(&t->ev.v[i], "unit"), "m") == 0) {
			d = &t->ev.v[i];
			break;
		}
	assert_non_null(d);
	assert_int_equal(t_int(d, "raw"), 10);
	assert_string_equal(t_str(d, "facing"), "under");
	assert_int_equal(t_int(d, "to_hth"), 5);
}

/*
 * RULINGS 7.4: smoke deals 10 ST at the end of each round and lasts 3;
 * IN sets fire (20 IN + 10 ST to those who do not fly).
 */
static void
test_smoke_and_fire(void **state)
{
	struct t	*t = *state;
	int		 start;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: heavy-cannon, ammo: heavy-cannon-in}}\n"
	    "  - {id: s, side: alien, type: muton, at: [6, 3, 1], "
	    "facing: w, boosts: {hth: 20}}\n"
	    "  - {id: f, side: alien, type: floater, at: [7, 3, 1], "
	    "facing: w, boosts: {hth: 20}}\n");
	/* 60 IN splashes as HE-1: 60 on s, 40 on f (Floater: no IN term). */
	assert_int_equal(t_do(t, "dice 1 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_true(*field_at(game_field(t->g), (struct pos){ 5, 2, 0 }) &
	    FIELD_FIRE);
	start = t_unit(t, "s")->damage;
	event_list_clear(&t->ev);
	/* To the round's end; the criticals from the fire come up torso. */
	assert_int_equal(t_do(t, "dice 6 6 6 6"), 0);
	while (game_round(t->g) == 1)
		assert_int_equal(t_do(t, "end"), 0);
	/*
	 * s: 20 IN (Muton: none) on the under armour 5: 15 more; 10 ST, less
	 * the 5 that wears off at the same round's end (RULINGS 7.2).
	 */
	assert_int_equal(t_unit(t, "s")->damage, start + 15);
	assert_int_equal(t_unit(t, "s")->stun, 5);
	/* f flies over the fire: only the smoke's 10 ST, less 5. */
	assert_int_equal(t_unit(t, "f")->stun, 5);
	assert_int_equal(t_unit(t, "f")->damage, 36);
}

/*
 * §7.4, RULINGS 7.4: a Silacoid's touch (70 IN) ignites the area as an
 * incendiary round does: fire and smoke for 3 rounds on every square an
 * IN splash (k = 20) of it reaches, out to 3 squares (70 - 60 = 10), not
 * 4.  The blow strikes its target alone.
 */
static void
test_incendiary_touch_sets_fire(void **state)
{
	struct t		*t = *state;
	const struct event	*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: w}\n"
	    "  - {id: b, side: xcom, type: troop, at: [6, 4, 1]}\n"
	    "  - {id: s, side: alien, type: silacoid, at: [4, 3, 1], "
	    "facing: e}\n");
	assert_int_equal(t_do(t, "end"), 0);
	event_list_clear(&t->ev);
	/* MAC 80: 1 hits; 70 IN, less 2 armour, kills a troop (HTH 35). */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee s a"), 0);
	assert_int_equal(t_int(blast_damage_of(t, "a"), "raw"), 70);
	assert_int_equal(t_unit(t, "a")->status, UNIT_DEAD);
	assert_null(blast_damage_of(t, "b"));
	x = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(x);
	assert_string_equal(t_str(x, "kind"), "fire");
	assert_int_equal(t_int(x, "radius"), 3);
	assert_true(*field_at(game_field(t->g), (struct pos){ 4, 2, 0 }) &
	    FIELD_FIRE);
	assert_true(*field_at(game_field(t->g), (struct pos){ 7, 2, 0 }) &
	    FIELD_FIRE);
	assert_true(*field_at(game_field(t->g), (struct pos){ 7, 2, 0 }) &
	    FIELD_SMOKE);
	assert_false(*field_at(game_field(t->g), (struct pos){ 8, 2, 0 }) &
	    FIELD_FIRE);
}

/*
 * §7.5: a miss by 10 (ceil(10/10) = 1 square) rolled 2 (north) aims a
 * square north of the target; the line from the shooter through there
 * strikes the first unit on the way, never the target.
 */
static void
test_missed_shot_strikes_bystander(void **state)
{
	struct t		*t = *state;
	const struct event	*m;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w}\n"
	    "  - {id: b, side: alien, type: sectoid, at: [6, 2, 1], "
	    "facing: s}\n");
	/* Snap: 25 + 0 - 7 = 18; roll 28 misses by 10. */
	assert_int_equal(t_do(t, "dice 28 2"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	m = t_event(t, EV_MISSED, 0);
	assert_non_null(m);
	assert_int_equal(t_int(m, "squares"), 1);
	assert_string_equal(t_str(m, "direction"), "n");
	assert_string_equal(t_str(m, "hit"), "unit");
	assert_string_equal(t_str(m, "struck"), "b");
	/* 30 AP + 10 against the side armour 1: dead. */
	assert_int_equal(t_unit(t, "b")->status, UNIT_DEAD);
	assert_int_equal(t_unit(t, "s")->damage, 0);
}

/* §7.5: 5 or 6 flies on past the target; a wall beyond stops it. */
static void
test_missed_shot_flies_on_into_wall(void **state)
{
	struct t		*t = *state;
	const struct event	*m;
	static const char	 map[] =
	    "xtac-map: 1\nname: Range\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . .|.|\n"
	    "    +-+-+-+-+-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e, "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 1, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "dice 99 5"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	m = t_event(t, EV_MISSED, 0);
	assert_string_equal(t_str(m, "direction"), "on");
	assert_string_equal(t_str(m, "hit"), "wall");
	/* 30 AP is below the 40 a normal wall needs (§7.6): it stands. */
	assert_null(t_event(t, EV_DESTROYED, 0));
	assert_int_equal(t_unit(t, "s")->damage, 0);
}

/*
 * §6.1: an unconscious unit is attacked through its square; the shot
 * strikes the body lying there.
 */
static void
test_shoot_square_with_body(void **state)
{
	struct t	*t = *state;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: pistol, left: stun-rod}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [2, 3, 1], "
	    "facing: w}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/* The stun rod: 90 ST > 30 HTH, out cold. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s left"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
	assert_int_equal(t_do(t, "shoot a s snap"), -1);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a 2,3 snap"), 0);
	/* 26 AP + 10, front 2: 34 > 30: dead. */
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
}

/* Special units: a Cyberdisk destroyed explodes on d10 > 5 as 90 HE-2. */
static void
test_cyberdisk_death_explosion(void **state)
{
	struct t		*t = *state;
	const struct event	*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: heavy-cannon, ammo: heavy-cannon-ap}}\n"
	    "  - {id: c, side: alien, type: cyberdisk, at: [6, 3, 1], "
	    "facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	/*
	 * 56 AP (Cyberdisk AP -10): 46 a hit.  The first: front armour 17
	 * absorbs 17, 29 to HTH 120 (torso); the second 46 more, 75 (torso);
	 * the third 121 > 120: destroyed.  Then its d10: 9 > 5, it explodes.
	 */
	assert_int_equal(t_do(t, "dice 1 6 1 6 1 9"), 0);
	assert_int_equal(t_do(t, "shoot a c snap"), 0);
	assert_int_equal(t_do(t, "shoot a c snap"), 0);
	assert_int_equal(t_do(t, "shoot a c snap"), 0);
	assert_int_equal(t_unit(t, "c")->status, UNIT_DEAD);
	x = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(x);
	assert_int_equal(t_int(x, "damage"), 90);
	assert_int_equal(t_int(x, "class"), 2);
}

/*
 * §7.7, RULINGS 7.7: a building that loses more than half its walls
 * collapses: the level above falls, 20 CC per level on whoever is under it,
 * and whoever stood on it falls (one level: no damage, §7.2.4).
 */
static void
test_building_collapse(void **state)
{
	struct t		*t = *state;
	const struct event	*d, *e;
	size_t			 i;
	static const char	 map[] =
	    "xtac-map: 1\nname: Shed\nlevels:\n"
	    "  - |\n"
	    "    +-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . .|\n"
	    "    + + + + +-+-+ + +\n"
	    "    |. . . .|_ _|. .|\n"
	    "    + + + + +-+-+ + +\n"
	    "    |. . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+\n"
	    "  - |\n"
	    "    + + + + + + + + +\n"
	    "\n"
	    "    + + + + + + + + +\n"
	    "             : :\n"
	    "    + + + + + + + + +\n"
	    "\n"
	    "    + + + + + + + + +\n"
	    "buildings:\n  - {name: shed, from: [5, 2], to: [6, 2]}\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "
	    "right: {item: heavy-cannon, ammo: heavy-cannon-he}}\n"
	    "  - {id: u, side: alien, type: muton, at: [5, 2, 1], "
	    "facing: n}\n"
	    "  - {id: m, side: alien, type: muton, at: [6, 2, 2], "
	    "facing: w}\n");
	/*
	 * 52 HE-1 on 4,2: 32 at the west wall and the walls of the first
	 * square, 12 at the second's: five of the six normal walls go (any
	 * HE; the far east one is out of reach), the base floor above
	 * (hardened, 70) holds.  Over the roof the blast reaches m with 12.
	 */
	assert_int_equal(t_do(t, "dice 1 6 6 6"), 0);
	assert_int_equal(t_do(t, "shoot a 4,2 snap"), 0);
	for (i = 0; (e = t_event(t, EV_DESTROYED, i)) != NULL; i++)
		if (strcmp(t_str(e, "what"), "building") == 0)
			break;
	assert_non_null(e);
	assert_string_equal(t_str(e, "name"), "shed");
	/* u: the blast's 32 (left armour), then 20 CC on its front. */
	for (d = NULL, i = 0; i < t->ev.n; i++)
		if (&t->ev.v[i] > e && t->ev.v[i].type == EV_DAMAGE &&
		    strcmp(t_str(&t->ev.v[i], "unit"), "u") == 0)
			d = &t->ev.v[i];
	assert_non_null(d);
	assert_int_equal(t_int(d, "raw"), 20);
	assert_string_equal(t_str(d, "type"), "CC");
	assert_string_equal(t_str(d, "facing"), "front");
	/* m fell one level, unhurt by the fall: only the blast's 12 - 5. */
	assert_int_equal(t_unit(t, "m")->pos.z, 0);
	assert_int_equal(t_unit(t, "m")->damage, 7);
}

/*
 * §6.1, RULINGS 6.1: a guided missile goes around a wall through a
 * waypoint: no range penalty; the waypoint rolled at the shot's chance,
 * the target at 5 less.  The shooter sees its waypoint; its side (b)
 * sees the target.
 */
static void
test_guided_waypoints(void **state)
{
	struct t		*t = *state;
	const struct event	*r, *x;
	static const char	 map[] =
	    "xtac-map: 1\nname: Corner\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n"
	    "    |. . . . . . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . .|. . . . . . . . .|\n"
	    "    + + + + + + + + + + + + +\n"
	    "    |. . .|. . . . . . . . .|\n"
	    "    +-+-+-+-+-+-+-+-+-+-+-+-+\n";

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: e, "
	    "right: blaster-launcher}\n"
	    "  - {id: b, side: xcom, type: troop, at: [12, 1, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "shoot a s aimed"), -1);	/* no line */
	assert_int_equal(t_do(t, "dice 10 10"), 0);
	assert_int_equal(t_do(t, "shoot a s aimed via 4,1"), 0);
	r = t_event(t, EV_ROLL, 0);
	assert_string_equal(t_str(r, "what"), "waypoint");
	/* ACC 25 + aimed 60, no range term. */
	assert_int_equal(t_int(r, "chance"), 85);
	assert_false(t_has_term(r, "range"));
	r = t_event(t, EV_ROLL, 1);
	assert_string_equal(t_str(r, "what"), "hit");
	assert_int_equal(t_int(r, "chance"), 80);
	assert_int_equal(t_term(r, "waypoints"), -5);
	x = t_event(t, EV_EXPLOSION, 0);
	assert_non_null(x);
	assert_int_equal(t_int(x, "damage"), 200);
	assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
	assert_int_equal(t_unit(t, "a")->damage, 0);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_blast_falloff),
		T(test_blast_walls),
		T(test_blast_wall_once),
		T(test_blast_hull_one_square_back),
		T(test_blast_hull_beside),
		T(test_blast_chain),
		T(test_blast_floor_and_fall),
		T(test_smoke_and_fire),
		T(test_incendiary_touch_sets_fire),
		T(test_missed_shot_strikes_bystander),
		T(test_missed_shot_flies_on_into_wall),
		T(test_shoot_square_with_body),
		T(test_cyberdisk_death_explosion),
		T(test_building_collapse),
		T(test_guided_waypoints),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
