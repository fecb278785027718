/*
 * test_stun.c - units put out of action and back: zombies (§3.3.3,
 * RULINGS Special units), waking (§7.2.1), units fallen on (§7.2.4,
 * RULINGS 5) and the unconscious and dead falling to the floor (§7.2.1,
 * §7.2.4), through their commands with forced dice.
 *
 * Stats from the shipped catalog (units/): troop TU 27, HTH 35, MAC 75;
 * sectoid HTH 30; floater HTH 35, flies, under armour 6; muton HTH 120;
 * chrysalid MAC 80, HTH 95.  With seed 1 round 1's initiative is xcom 8,
 * alien 1: t_start leaves X-Com to move, and `end` leads to the aliens.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/util.h"

/* The unit stands (or lies) at x, y (0-based) on level z. */
static void
stun_at(const struct t *t, const char *id, int x, int y, int z)
{
	const struct unit	*u = t_unit(t, id);

	assert_int_equal(u->pos.x, x);
	assert_int_equal(u->pos.y, y);
	assert_int_equal(u->pos.z, z);
}

/* The reason of the last refusal contains `what`. */
static void
stun_refused(const struct t *t, const char *what)
{
	const struct event	*e = NULL, *x;
	size_t			 i;

	for (i = 0; (x = t_event(t, EV_ERROR, i)) != NULL; i++)
		e = x;
	assert_non_null(e);
	if (strstr(t_str(e, "reason"), what) == NULL)
		fail_msg("reason '%s' lacks '%s'", t_str(e, "reason"), what);
}

/* The first event of a type about one unit (field "unit"), or NULL. */
static const struct event *
stun_event_of(const struct t *t, enum event_type type, const char *id)
{
	const struct event	*e;
	size_t			 i;

	for (i = 0; (e = t_event(t, type, i)) != NULL; i++)
		if (strcmp(t_str(e, "unit"), id) == 0)
			return e;
	return NULL;
}

/* Play on to the end of the round in progress, and n - 1 more. */
static void
stun_end_rounds(struct t *t, int n)
{
	int	round = game_round(t->g);

	while (game_round(t->g) < round + n)
		assert_int_equal(t_do(t, "end"), 0);
}

/* --- zombies (§3.3.3) ---------------------------------------------------- */

/*
 * §3.3.3: a zombie is "effectively dead for the opposing side, and they
 * have no control over it"; it turns two rounds later (RULINGS Special
 * units, timers counted at round ends, RULINGS 2.2).  It is no mind
 * control: the end of X-Com's next phase does not hand it back, and X-Com
 * cannot reach it with psionics.  It keeps the TUs it had left and uses
 * them in the aliens' phase, whatever it did in X-Com's.
 */
static void
test_zombie_stays_alien(void **state)
{
	struct t	*t = *state;
	int		 xcom_phases = 0;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "right: rifle}\n"
	    "  - {id: p, side: xcom, type: troop, at: [8, 1, 1], "
	    "right: psi-amp}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [3, 3, 1], "
	    "facing: w}\n");
	/* a walks up to c; choosing p ends a's turn (RULINGS 2.2). */
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_int_equal(t_do(t, "select p"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	/* MAC 80 - 40 = 40: a 40 implants. */
	assert_int_equal(t_do(t, "dice 40"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	assert_string_equal(t_str(t_event(t, EV_TRANSFORM, 0), "into"),
	    "zombie");
	/* §3.3.3: it moves for the aliens at once, with the TUs it has. */
	assert_int_equal(t_unit(t, "a")->tu, 27 - 2);
	assert_int_equal(t_do(t, "move a 2 2"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 4);
	event_list_clear(&t->ev);
	/* Every phase up to the turning: the aliens', X-Com's included. */
	while (t_unit(t, "a")->zombie_rounds >= 0) {
		assert_int_equal(t_unit(t, "a")->controller, SIDE_ALIEN);
		if (game_side_to_move(t->g) == SIDE_XCOM) {
			xcom_phases++;
			assert_int_equal(t_do(t, "psi p a control"), -1);
			stun_refused(t, "zombie");
			assert_int_equal(t_do(t, "psi p a panic"), -1);
		}
		assert_int_equal(t_do(t, "end"), 0);
	}
	assert_true(xcom_phases >= 1);
	assert_null(t_event(t, EV_PSI, 0));
	assert_string_equal(t_str(t_event(t, EV_TRANSFORM, 0), "into"),
	    "chrysalid");
	assert_int_equal(t_unit(t, "a")->side, SIDE_ALIEN);
	assert_int_equal(t_unit(t, "a")->controller, SIDE_ALIEN);
	/* Implanted in round 1: turned at the end of round 2. */
	assert_int_equal(game_round(t->g), 3);
}

/*
 * §3.3.3 with §7.2.1: a zombie knocked out and stood on still turns on
 * time; the Chrysalid gets up beside whoever stands there, as a unit
 * waking does (the first free of N, E, S, W...).  Here the zombie a lies
 * at 2,3 under b: N, 2,2, is free.
 */
static void
test_zombie_hatches_under_someone(void **state)
{
	struct t		*t = *state;
	const struct event	*h;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1]}\n"
	    "  - {id: r, side: xcom, type: troop, at: [2, 4, 1], "
	    "right: stun-rod}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 3, 1]}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [3, 3, 1], "
	    "facing: w}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 40"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	/* c moves out of b's way. */
	assert_int_equal(t_do(t, "move c 6 5"), 0);
	stun_end_rounds(t, 1);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	/* MAC 75 + 15, rolled 1: 90 ST > 35.  b lies down on it. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee r a"), 0);
	assert_int_equal(t_unit(t, "a")->status, UNIT_UNCONSCIOUS);
	assert_int_equal(t_do(t, "move b 2 3"), 0);
	stun_at(t, "b", 1, 2, 0);
	event_list_clear(&t->ev);
	stun_end_rounds(t, 1);
	h = stun_event_of(t, EV_TRANSFORM, "a");
	assert_non_null(h);
	assert_string_equal(t_str(h, "into"), "chrysalid");
	assert_string_equal(t_str(h, "by"), "b");
	assert_int_equal(t_unit(t, "a")->status, UNIT_ACTIVE);
	stun_at(t, "a", 1, 1, 0);
	stun_at(t, "b", 1, 2, 0);
}

/*
 * The same with no room: in the corner under b, with r (E), the Chrysalid
 * c (S) and d (SE) around it, the new Chrysalid lies prone where it is,
 * filling no square, until it can get up (RULINGS 5).
 */
static void
test_zombie_hatches_prone(void **state)
{
	struct t		*t = *state;
	const struct event	*h;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: r, side: xcom, type: troop, at: [2, 1, 1], "
	    "right: stun-rod}\n"
	    "  - {id: b, side: xcom, type: troop, at: [3, 3, 1]}\n"
	    "  - {id: d, side: xcom, type: troop, at: [3, 2, 1]}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [1, 2, 1], "
	    "facing: n}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 40"), 0);
	assert_int_equal(t_do(t, "melee c a implant"), 0);
	stun_end_rounds(t, 1);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee r a"), 0);
	assert_int_equal(t_do(t, "move b 1 1"), 0);
	assert_int_equal(t_do(t, "move d 2 2"), 0);
	event_list_clear(&t->ev);
	stun_end_rounds(t, 1);
	h = stun_event_of(t, EV_TRANSFORM, "a");
	assert_non_null(h);
	assert_true(t_int(h, "prone"));
	assert_null(event_get(h, "to"));
	assert_int_equal(t_unit(t, "a")->status, UNIT_ACTIVE);
	assert_true(t_unit(t, "a")->prone);
	stun_at(t, "a", 0, 0, 0);
}

/* --- falling (§7.2.1, §7.2.4) ------------------------------------------- */

/* A level above the ground: a roof over x 1-2, open air beyond. */
#define STUN_ROOF_LEVEL							\
	"  - |\n"							\
	"    + + + + + + +\n"						\
	"     _ _\n"							\
	"    + + + + + + +\n"						\
	"     _ _\n"							\
	"    + + + + + + +\n"						\
	"     _ _\n"							\
	"    + + + + + + +\n"

/*
 * 6 x 3: open ground on level 1; a roof two squares wide (x 1-2) on
 * levels 2 and 3; open air over x 3-6 above the ground.
 */
#define STUN_ROOF_MAP							\
	"xtac-map: 1\nname: Roof\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+\n"						\
	"    |. . . . . .|\n"						\
	"    + + + + + + +\n"						\
	"    |. . . . . .|\n"						\
	"    + + + + + + +\n"						\
	"    |. . . . . .|\n"						\
	"    +-+-+-+-+-+-+\n"						\
	STUN_ROOF_LEVEL STUN_ROOF_LEVEL

/*
 * On STUN_ROOF_MAP a, on the roof (level 3), stuns the Floater f beside
 * it over open air, above b: MAC 75 + 15 = 90, rolled 1; 90 ST > HTH 35.
 * Its fall's critical d10 is 6 (torso).  `more`: further units.
 */
static void
stun_floater_falls(struct t *t, const char *more)
{
	char	*units = xasprintf(
	    "  - {id: a, side: xcom, type: troop, at: [2, 2, 3], facing: e, "
	    "right: stun-rod}\n"
	    "  - {id: b, side: xcom, type: troop, at: [3, 2, 1], "
	    "right: rifle}\n"
	    "  - {id: f, side: alien, type: floater, at: [3, 2, 3], "
	    "facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1]}\n%s",
	    more);

	t_start_map(t, STUN_ROOF_MAP, units);
	free(units);
	assert_int_equal(t_do(t, "dice 1 6"), 0);
	assert_int_equal(t_do(t, "melee a f"), 0);
}

/*
 * §7.2.1: an unconscious unit "falls prone to the floor", a flyer too;
 * §7.2.4: 10 CC to its underside for each level after the first, and the
 * unit it drops on becomes prone (RULINGS 5: not knocked out).
 */
static void
test_flyer_knocked_out_falls(void **state)
{
	struct t		*t = *state;
	const struct event	*f, *p;

	stun_floater_falls(t, "");
	assert_non_null(stun_event_of(t, EV_UNCONSCIOUS, "f"));
	f = stun_event_of(t, EV_FALL, "f");
	assert_non_null(f);
	assert_int_equal(t_int(f, "levels"), 2);
	assert_int_equal(t_int(f, "damage"), 10);
	stun_at(t, "f", 2, 1, 0);
	/* 10 CC + Floater CC +10 = 20, under armour 6: 14 to HTH. */
	assert_int_equal(t_unit(t, "f")->damage, 14);
	assert_int_equal(t_unit(t, "f")->armour[ARMOUR_UNDER], 0);
	assert_int_equal(t_unit(t, "f")->status, UNIT_UNCONSCIOUS);
	/* It landed on b: prone, awake, unhurt. */
	p = stun_event_of(t, EV_PRONE, "b");
	assert_non_null(p);
	assert_string_equal(t_str(p, "by"), "f");
	assert_int_equal(t_unit(t, "b")->status, UNIT_ACTIVE);
	assert_true(t_unit(t, "b")->prone);
	assert_int_equal(t_unit(t, "b")->damage, 0);
	assert_int_equal(t_unit(t, "b")->stun, 0);
}

/*
 * §7.2.4 and RULINGS 5: the unit fallen on is prone, not out: it must
 * stand (2 TU) before it moves or fires, and gets up when it does.  A
 * prone unit fills its square no more than a body (§7.2.1): others walk
 * in; while one stands there it cannot stand, but may walk out, standing
 * on the way.
 */
static void
test_fallen_on_gets_up(void **state)
{
	struct t	*t = *state;

	stun_floater_falls(t,
	    "  - {id: c, side: xcom, type: troop, at: [4, 2, 1]}\n");
	assert_true(t_unit(t, "b")->prone);
	assert_int_equal(t_do(t, "shoot b s snap"), -1);
	stun_refused(t, "prone");
	assert_int_equal(t_do(t, "kneel b"), -1);
	stun_refused(t, "prone");
	/* c walks in over b and the Floater's body, and stays. */
	assert_int_equal(t_do(t, "move c 3 2"), 0);
	stun_at(t, "c", 2, 1, 0);
	assert_int_equal(t_do(t, "stand b"), -1);
	stun_refused(t, "where c stands");
	/* Out of the square: 2 TU to stand, 2 for the step. */
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move b 3 3"), 0);
	assert_false(t_unit(t, "b")->prone);
	assert_int_equal(t_unit(t, "b")->tu, 27 - 4);
	assert_non_null(stun_event_of(t, EV_STAND, "b"));
	assert_int_equal(t_do(t, "shoot b s snap"), 0);
}

/* RULINGS 5: standing up from prone is the 2 TU of the table (§5). */
static void
test_prone_stands(void **state)
{
	struct t	*t = *state;

	stun_floater_falls(t, "");
	event_list_clear(&t->ev);
	/* The body under it is no one standing: b gets up where it is. */
	assert_int_equal(t_do(t, "stand b"), 0);
	assert_int_equal(t_int(stun_event_of(t, EV_STAND, "b"), "tu"), 2);
	assert_false(t_unit(t, "b")->prone);
	assert_int_equal(t_unit(t, "b")->tu, 25);
	stun_at(t, "b", 2, 1, 0);
	assert_int_equal(t_do(t, "stand b"), -1);
	assert_int_equal(t_do(t, "shoot b s snap"), 0);
}

/* The computer stands a prone unit up before anything else (RULINGS 5). */
static void
test_ai_stands_prone(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	size_t			 i;
	bool			 stood = false;

	stun_floater_falls(t, "");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	ai_play_phase(ai, t->g, NULL, NULL);
	for (i = 0; i < ai_trace_length(ai); i++)
		stood |= strstr(ai_trace(ai, i), "b: stand up: prone") != NULL;
	ai_free(ai);
	assert_true(stood);
	assert_false(t_unit(t, "b")->prone);
}

/*
 * §7.2.1, §7.2.4: a Floater shot dead two levels up falls; a body takes
 * no damage, and what it carried lands with it (RULINGS 7.2).
 */
static void
test_dead_flyer_falls(void **state)
{
	struct t		*t = *state;
	const struct event	*f, *d;
	const struct carried	*k;
	struct pos		 at;

	t_start_map(t, STUN_ROOF_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1], facing: w, "
	    "right: rifle}\n"
	    "  - {id: f, side: alien, type: floater, at: [3, 2, 3], "
	    "facing: e, right: plasma-pistol}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1]}\n");
	assert_int_equal(game_nground(t->g), 0);
	/* 30 AP + 10 = 40 against front armour 4: 36 > HTH 35, dead. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a f snap"), 0);
	assert_int_equal(t_unit(t, "f")->status, UNIT_DEAD);
	f = stun_event_of(t, EV_FALL, "f");
	assert_non_null(f);
	assert_int_equal(t_int(f, "levels"), 2);
	assert_null(event_get(f, "damage"));
	assert_int_equal(t_unit(t, "f")->damage, 36);
	assert_int_equal(t_unit(t, "f")->pos.z, 0);
	d = stun_event_of(t, EV_ITEM_DROPPED, "f");
	assert_non_null(d);
	assert_int_equal(game_nground(t->g), 1);
	k = game_ground(t->g, 0, &at);
	assert_int_equal(k->item, catalog_find_item(t->cat, "plasma-pistol"));
	assert_int_equal(at.x, 2);
	assert_int_equal(at.z, 0);
}

/* A flyer's drop in mid-air lands on the floor below (§7.2.4). */
static void
test_drop_in_mid_air(void **state)
{
	struct t	*t = *state;
	struct pos	 at;

	t_start_map(t, STUN_ROOF_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1]}\n"
	    "  - {id: f, side: alien, type: floater, at: [4, 3, 3], "
	    "right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "drop f right"), 0);
	assert_int_equal(game_nground(t->g), 1);
	game_ground(t->g, 0, &at);
	assert_int_equal(at.x, 3);
	assert_int_equal(at.y, 2);
	assert_int_equal(at.z, 0);
	assert_int_equal(t_unit(t, "f")->pos.z, 2);
}

/*
 * §7.2.4, §7.6: a floor destroyed under an item drops it to the floor
 * below.  a leaves its rifle on the roof (2,1 on level 2); the Sectoid's
 * plasma pistol (PB breaks a normal floor) hits that square: rolled 1.
 */
static void
test_item_falls_with_floor(void **state)
{
	struct t		*t = *state;
	const struct event	*f;
	struct pos		 at;

	t_start_map(t, STUN_ROOF_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [2, 1, 2], "
	    "right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 1, 1], "
	    "facing: w, right: plasma-pistol}\n");
	assert_int_equal(t_do(t, "drop a right"), 0);
	assert_int_equal(t_do(t, "move a 1 3"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot s 2,1,2 snap"), 0);
	assert_non_null(t_event(t, EV_DESTROYED, 0));
	f = t_event(t, EV_FALL, 0);
	assert_non_null(f);
	assert_string_equal(t_str(f, "item"), "rifle");
	assert_int_equal(t_int(f, "levels"), 1);
	game_ground(t->g, 0, &at);
	assert_int_equal(at.x, 1);
	assert_int_equal(at.y, 0);
	assert_int_equal(at.z, 0);
}

/* --- waking (§7.2.1) ---------------------------------------------------- */

/*
 * An Ethereal s of HTH 75 (55 + 20) in the corner struck by a's stun rod:
 * 90 ST - 10 = 80 > 75, out; 75 after the first round's end, 70 < 75
 * after the second: it wakes.  Its neighbours are E (2,1), where a
 * stands, S (1,2) and SE (2,2).  `more`: further units.
 */
static void
stun_corner(struct t *t, const char *more)
{
	char	*units = xasprintf(
	    "  - {id: a, side: xcom, type: troop, at: [2, 1, 1], facing: w, "
	    "right: stun-rod}\n"
	    "  - {id: b, side: xcom, type: troop, at: [3, 3, 1]}\n"
	    "  - {id: s, side: alien, type: ethereal, at: [1, 1, 1], "
	    "boosts: {hth: 20}}\n"
	    "  - {id: m, side: alien, type: muton, at: [12, 5, 1]}\n%s", more);

	t_start(t, "", units);
	free(units);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
}

/* §7.2.1: no one on its square: it wakes where it lies. */
static void
test_wake_in_place(void **state)
{
	struct t		*t = *state;
	const struct event	*w;

	stun_corner(t, "");
	event_list_clear(&t->ev);
	stun_end_rounds(t, 2);
	w = stun_event_of(t, EV_WAKE, "s");
	assert_non_null(w);
	assert_int_equal(t_int(w, "stun"), 70);
	assert_null(event_get(w, "to"));
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	stun_at(t, "s", 0, 0, 0);
}

/*
 * §7.2.1: "If the square a unit fell in is occupied when it regains
 * consciousness the controlling player may move the prone unit one square
 * into an unoccupied area": the engine takes the first free of N, E, S,
 * W, NE, SE, SW, NW.  Here N is off the map and a holds E: S, 1,2.
 */
static void
test_wake_moves_over(void **state)
{
	struct t		*t = *state;
	const struct event	*w;
	struct pos		 to;

	stun_corner(t, "");
	/* The body fills no square: b walks onto it. */
	assert_int_equal(t_do(t, "move b 1 1"), 0);
	stun_at(t, "b", 0, 0, 0);
	event_list_clear(&t->ev);
	stun_end_rounds(t, 2);
	w = stun_event_of(t, EV_WAKE, "s");
	assert_non_null(w);
	assert_string_equal(t_str(w, "by"), "b");
	to = event_get(w, "to")->pos;
	assert_int_equal(to.x, 0);
	assert_int_equal(to.y, 1);
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	stun_at(t, "s", 0, 1, 0);
	stun_at(t, "b", 0, 0, 0);
}

/*
 * §7.2.1: with no square free it "cannot take any other actions in the
 * next turn": it stays down through the next round and tries again at
 * its end.
 */
static void
test_wake_blocked(void **state)
{
	struct t		*t = *state;
	const struct event	*w;

	stun_corner(t, "  - {id: c, side: xcom, type: troop, at: [1, 3, 1]}\n"
	    "  - {id: d, side: xcom, type: troop, at: [2, 2, 1]}\n");
	/* b lies on s, a holds E, c comes to S, d holds SE. */
	assert_int_equal(t_do(t, "move b 1 1"), 0);
	assert_int_equal(t_do(t, "move c 1 2"), 0);
	event_list_clear(&t->ev);
	stun_end_rounds(t, 2);
	assert_null(stun_event_of(t, EV_WAKE, "s"));
	w = stun_event_of(t, EV_WAKE_BLOCKED, "s");
	assert_non_null(w);
	assert_string_equal(t_str(w, "by"), "b");
	assert_int_equal(t_unit(t, "s")->status, UNIT_UNCONSCIOUS);
	/* Its turn in this round is lost. */
	while (game_side_to_move(t->g) != SIDE_ALIEN)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "move s 1 2"), -1);
	stun_refused(t, "unconscious");
	/* X-Com clears S; at the round's end s moves there. */
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "move c 1 4"), 0);
	event_list_clear(&t->ev);
	stun_end_rounds(t, 1);
	w = stun_event_of(t, EV_WAKE, "s");
	assert_non_null(w);
	/* 80, less 5 at each round's end. */
	assert_int_equal(t_int(w, "stun"), 80 - 5 * (game_round(t->g) - 1));
	stun_at(t, "s", 0, 1, 0);
	assert_int_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_zombie_stays_alien),
		T(test_zombie_hatches_under_someone),
		T(test_zombie_hatches_prone),
		T(test_flyer_knocked_out_falls),
		T(test_fallen_on_gets_up),
		T(test_prone_stands),
		T(test_ai_stands_prone),
		T(test_dead_flyer_falls),
		T(test_drop_in_mid_air),
		T(test_item_falls_with_floor),
		T(test_wake_in_place),
		T(test_wake_moves_over),
		T(test_wake_blocked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
