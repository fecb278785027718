/*
 * test_know.c - what each side knows (know.h): walks planned over it and
 * stopped where the truth differs (RULINGS §5), events stamped with who
 * saw them as they happened, the views of unseen units, and the forecast
 * of a shot (game_side_shot_risk) worked out over it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/ai/ai-int.h"
#include "../src/engine/game-int.h"
#include "play.h"
#include "xtac/know.h"
#include "xtac/util.h"

/*
 * A corridor (rows 1-2) over a room (rows 3-4); the only way between is
 * the door under x 4.
 */
#define ROOM_MAP							\
	"xtac-map: 1\nname: Room\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+/+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"

/* Open ground with a wall between x 3 and 4 on rows 2 and 3. */
#define WALL_MAP							\
	"xtac-map: 1\nname: Wall\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . .|. . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . .|. . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"

#define CONE_RULE	"rules:\n  vision-cone: true\n"

/*
 * The forecast maps.  X-Com's a (1,3) looks east along row 3 at the
 * Sectoid on 5,3; a wall under row 3, open only under x 5, hides the
 * squares south of it from a.  DOOR_MAP: a corridor runs south from the
 * gap, through a door under 5,4, to 5,6.  BLOWN_MAP: the gap leads to 5,4,
 * walled off from 6,4 by a super-tough wall ('S'); the other walls are
 * hardened ('H') so that no burst of 52 HE breaks them (§7.6).
 */
#define DOOR_MAP							\
	"xtac-map: 1\nname: Door\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+ +-+-+-+\n"					\
	"    |. . . .|.|. . .|\n"					\
	"    +-+-+-+-+/+-+-+-+\n"					\
	"    |. . . .|.|. . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . .|.|. . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"
#define BLOWN_MAP							\
	"xtac-map: 1\nname: Blown\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +H+H+H+H+ +H+H+H+\n"					\
	"    |. . . .H.S. . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"legend:\n  edges:\n"						\
	"    'H': {kind: wall, strength: hardened}\n"			\
	"    'S': {kind: wall, strength: super-tough}\n"

static const struct event_field *
k_field(const struct event *e, const char *key)
{
	return event_get(e, key);
}

/*
 * RULINGS §5: a walk into a square held by a unit the side did not know
 * of stops before that step; the refused step costs nothing, the steps
 * taken are paid, and the side then knows the unit is there (named in the
 * walk-stopped event, remembered where it stands).
 */
static void
test_walk_stops_at_unseen_unit(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct event		 v;
	struct pos		 at;
	int			 a, s, tu;

	t_start_map(t, ROOM_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 1, 1], facing: s}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: n}\n");
	a = game_find_unit(t->g, "a");
	s = game_find_unit(t->g, "s");
	assert_false(game_sees(t->g, SIDE_XCOM, s));
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "move a 4 4"), 0);
	e = t_event(t, EV_WALK_STOP, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "why"),
	    "someone it did not know of is in the way");
	/* One straight step taken and paid; the door never opened. */
	assert_int_equal(t_unit(t, "a")->pos.y, 1);
	assert_int_equal(t_unit(t, "a")->tu, tu - 2);
	assert_null(t_event(t, EV_DOOR_OPEN, 0));
	assert_false(map_edge(game_map(t->g), t_unit(t, "a")->pos,
	    DIR_S)->flags & EDGE_OPENED);
	/* The side now knows who stopped it and where, and reads it. */
	assert_true(game_last_seen(t->g, SIDE_XCOM, s, &at));
	assert_int_equal(at.x, 3);
	assert_int_equal(at.y, 2);
	e = t_event(t, EV_WALK_STOP, 0);
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_string_equal(t_str(&v, "by"), "s");
	(void)a;
}

/*
 * Paths are planned over what the side knows: through the door as if the
 * room were empty (no detour, no "cannot get there" to give the Sectoid
 * away), and the reach overlay the same.
 */
static void
test_path_plans_over_knowledge(void **state)
{
	struct t		*t = *state;
	const struct map	*m;
	struct path		 p;
	char			*cause = NULL;
	int			*cost;
	int			 a;

	t_start_map(t, ROOM_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 1, 1], facing: s}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: n}\n");
	a = game_find_unit(t->g, "a");
	/* 2 to the doorway, 2 + 2 through the door, 2 more: 8 TU. */
	assert_int_equal(game_path(t->g, a, (struct pos){ 3, 3, 0 }, &p,
	    &cause), 8);
	assert_null(cause);
	assert_int_equal((int)p.n, 3);
	assert_int_equal(p.steps[1].pos.y, 2);
	path_free(&p);
	m = game_map(t->g);
	cost = calloc((size_t)m->width * m->height * m->levels, sizeof *cost);
	assert_non_null(cost);
	game_reach(t->g, a, cost);
	/* The Sectoid's own square reads as open floor: 6 TU away. */
	assert_int_equal(cost[2 * m->width + 3], 6);
	free(cost);
}

/*
 * RULINGS §5: the walk stops after the step on which the side first sees
 * an enemy it had not seen; the steps taken are paid.
 */
static void
test_walk_stops_on_sighting(void **state)
{
	struct t		*t = *state;
	const struct event	*e, *stop;
	int			 s, tu;

	t_start_map(t, WALL_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "facing: w}\n");
	s = game_find_unit(t->g, "s");
	assert_false(game_sees(t->g, SIDE_XCOM, s));
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "move a 8 1"), 0);
	stop = t_event(t, EV_WALK_STOP, 0);
	assert_non_null(stop);
	assert_string_equal(t_str(stop, "why"), "an enemy comes into view");
	e = t_event(t, EV_SPOTTED, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "unit"), "s");
	assert_true(game_sees(t->g, SIDE_XCOM, s));
	/* Short of the goal, every straight step paid, none after. */
	assert_true(t_unit(t, "a")->pos.x < 7);
	assert_int_equal(t_unit(t, "a")->tu,
	    tu - 2 * t_unit(t, "a")->pos.x);
	assert_int_equal(k_field(stop, "at")->pos.x, t_unit(t, "a")->pos.x);
	assert_int_equal(t_int(stop, "tu_left"), t_unit(t, "a")->tu);
}

/* The house rule walk-on-sighting lets the same walk go on. */
static void
test_walk_on_sighting_rule(void **state)
{
	struct t	*t = *state;
	int		 tu;

	t_start_map(t, WALL_MAP "rules:\n  walk-on-sighting: true\n",
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "facing: w}\n");
	tu = t_unit(t, "a")->tu;
	assert_int_equal(t_do(t, "move a 8 1"), 0);
	assert_null(t_event(t, EV_WALK_STOP, 0));
	assert_non_null(t_event(t, EV_SPOTTED, 0));
	assert_int_equal(t_unit(t, "a")->pos.x, 7);
	assert_int_equal(t_unit(t, "a")->tu, tu - 14);
}

/*
 * Seen-by is set as the event happens: a door opened by a Sectoid X-Com
 * does not see yet is read as opened by "someone unseen" (X-Com sees the
 * doorway), without its TUs; its first step, taken before it was seen, is
 * not read at all; its sighting is.
 */
static void
test_door_opened_by_someone_unseen(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct event		 v;

	t_start_map(t, ROOM_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [8, 1, 1], facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 4, 1], "
	    "facing: n}\n");
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "move s 4 1"), 0);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_string_equal(t_str(&v, "unit"), KNOW_UNSEEN);
	assert_null(event_get(&v, "tu"));
	assert_non_null(event_get(&v, "at"));
	/* The aliens read their own door whole. */
	know_event_view(e, SIDE_ALIEN, &v);
	assert_string_equal(t_str(&v, "unit"), "s");
	assert_int_equal(t_int(&v, "tu"), 2);
	/* The step inside the room, before the door, was not X-Com's. */
	e = t_event(t, EV_STEP, 0);
	assert_non_null(e);
	assert_false(know_event_seen(e, SIDE_XCOM));
	assert_true(know_event_seen(e, SIDE_ALIEN));
	e = t_event(t, EV_SPOTTED, 0);
	assert_non_null(e);
	assert_true(know_event_seen(e, SIDE_XCOM));
}

/*
 * The map as last seen (RULINGS §4.3 house rule vision_cone: X-Com looks
 * the other way): a door opened out of sight stays shut in X-Com's map,
 * and the opening is not X-Com's to read.
 */
static void
test_door_out_of_sight_stays_shut(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct field		 f;
	struct pos		 door = { 3, 2, 0 };

	t_start_map(t, ROOM_MAP CONE_RULE,
	    "  - {id: a, side: xcom, type: troop, at: [8, 1, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: n}\n");
	assert_int_equal(t_do(t, "end"), 0);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "open s n"), 0);
	e = t_event(t, EV_DOOR_OPEN, 0);
	assert_non_null(e);
	assert_false(know_event_seen(e, SIDE_XCOM));
	assert_true(map_edge(game_map(t->g), door, DIR_N)->flags &
	    EDGE_OPENED);
	assert_true(map_edge(know_map(t->g, SIDE_ALIEN), door, DIR_N)->flags &
	    EDGE_OPENED);
	assert_false(map_edge(know_map(t->g, SIDE_XCOM), door,
	    DIR_N)->flags & EDGE_OPENED);
	assert_false(know_in_sight(t->g, SIDE_XCOM, door));
	/* What the AI and the threat map plan over is the memory too. */
	field_init(&f, game_map(t->g));
	game_side_field(t->g, SIDE_XCOM, &f);
	assert_ptr_equal(f.map, know_map(t->g, SIDE_XCOM));
	assert_false(map_edge(f.map, door, DIR_N)->flags & EDGE_OPENED);
	field_free(&f);
}

/*
 * Shot by someone unseen (vision_cone: X-Com faces away): X-Com reads
 * that its unit was shot at, the chance and the roll against it and the
 * damage, but not who, with what, from how far (no terms).
 */
static void
test_shot_by_someone_unseen(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct event		 v;
	int			 s;

	t_start_map(t, FIELD_MAP CONE_RULE,
	    "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [6, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	s = game_find_unit(t->g, "s");
	assert_int_equal(t_do(t, "end"), 0);
	assert_false(game_sees(t->g, SIDE_XCOM, s));
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot s a snap"), 0);
	e = t_event(t, EV_ATTACK, 0);
	assert_non_null(e);
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_string_equal(t_str(&v, "unit"), KNOW_UNSEEN);
	assert_string_equal(t_str(&v, "target"), "a");
	assert_null(event_get(&v, "weapon"));
	assert_null(event_get(&v, "tu"));
	e = t_event(t, EV_ROLL, 0);
	assert_non_null(e);
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_string_equal(t_str(&v, "unit"), KNOW_UNSEEN);
	assert_int_equal(t_int(&v, "roll"), 1);
	assert_non_null(event_get(&v, "chance"));
	assert_int_equal((int)v.nterms, 0);
	assert_true(e->nterms > 0);
	e = t_event(t, EV_DAMAGE, 0);
	assert_non_null(e);
	assert_true(know_event_seen(e, SIDE_XCOM));
}

/*
 * §3.4: a civilian that sees an alien rolls d100 + RET against it.  X-Com
 * sees the civilian, not the alien (vision_cone, RULINGS §4.3): it reads
 * the roll against "someone unseen", and not that one's RET, which would
 * tell which alien it is (and, of two games, where the unseen ones stand).
 */
static void
test_opposed_roll_of_someone_unseen(void **state)
{
	struct t		*t = *state;
	const struct event	*e;
	struct event		 v;

	t_start(t, "sides:\n  xcom: {}\n  alien: {}\n  civilian: {}\n"
	    CONE_RULE,
	    "  - {id: a, side: xcom, type: troop, at: [4, 1, 1], facing: s}\n"
	    "  - {id: c, side: civilian, type: civilian, at: [4, 4, 1], "
	    "facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "c")));
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "s")));
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	e = t_event(t, EV_OPPOSED, 0);
	assert_non_null(e);
	assert_non_null(event_get(e, "mover_ret"));
	assert_true(know_event_seen(e, SIDE_XCOM));
	know_event_view(e, SIDE_XCOM, &v);
	assert_string_equal(t_str(&v, "watcher"), "c");
	assert_non_null(event_get(&v, "watcher_ret"));
	assert_string_equal(t_str(&v, "mover"), KNOW_UNSEEN);
	assert_null(event_get(&v, "mover_ret"));
	/* The aliens, who see their own, read it whole. */
	know_event_view(e, SIDE_ALIEN, &v);
	assert_string_equal(t_str(&v, "mover"), "s");
	assert_non_null(event_get(&v, "mover_ret"));
}

/*
 * The forecast maps' units: X-Com's a on 1,3 with `weapon` in hand, its b
 * (`b`: where and facing), the Sectoid s on 5,3 in a's sight, and `more`.
 */
struct forecast {
	int	a, b, s;
};

static void
forecast_start(struct t *t, const char *map, const char *weapon,
    const char *b, const char *more, struct forecast *f)
{
	char	*units;

	units = xasprintf("  - {id: a, side: xcom, type: troop, at: [1, 3, "
	    "1], facing: e, right: %s}\n"
	    "  - {id: b, side: xcom, type: troop, %s}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [5, 3, 1], "
	    "facing: w}\n%s", weapon, b, more);
	t_start_map(t, map, units);
	free(units);
	f->a = game_find_unit(t->g, "a");
	f->b = game_find_unit(t->g, "b");
	f->s = game_find_unit(t->g, "s");
	assert_true(game_sees(t->g, SIDE_XCOM, f->s));
}

/*
 * a's shot at s with `chance` (-1: no misses weighed), as the truth has
 * it (game_shot_risk) and as X-Com can foresee it (game_side_shot_risk).
 */
static void
forecast_both(struct t *t, const struct forecast *f, int chance,
    struct game_shot_risk *truth, struct game_shot_risk *known)
{
	struct pos	from = game_unit(t->g, f->a)->pos;

	game_shot_risk(t->g, f->a, from, f->s, HAND_RIGHT, chance, truth);
	game_side_shot_risk(t->g, SIDE_XCOM, f->a, from, f->s, HAND_RIGHT,
	    chance, known);
}

/*
 * §6.2, RULINGS §7.5: a launched round that misses lands where the
 * throwing rules scatter it, short of walls and closed doors.  The
 * Sectoid h opens the door under 5,4 out of X-Com's sight; X-Com's b
 * stands beyond it at 5,6, facing away (vision_cone, RULINGS §4.3).  In
 * truth a stun bomb missing south by 3 squares now lands on b; as X-Com
 * knows the map the door is shut, the miss stops short, and its forecast
 * (game_side_shot_risk) names nobody.  The forecast follows X-Com's
 * memory, not the truth.
 */
static void
test_forecast_door_opened_unseen(void **state)
{
	struct t		*t = *state;
	struct game_shot_risk	 truth, known;
	struct forecast		 f;
	struct pos		 door = { 4, 3, 0 };

	forecast_start(t, DOOR_MAP CONE_RULE,
	    "{item: small-launcher, ammo: stun-bomb}",
	    "at: [5, 6, 1], facing: s",
	    "  - {id: h, side: alien, type: sectoid, at: [5, 4, 1], "
	    "facing: s}\n", &f);
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "h")));
	/* Shut, both ways: no miss reaches b yet. */
	forecast_both(t, &f, 70, &truth, &known);
	assert_int_equal(truth.struck, 0);
	assert_int_equal(known.struck, 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "open h s"), 0);
	assert_true(map_edge(game_map(t->g), door, DIR_S)->flags &
	    EDGE_OPENED);
	assert_false(map_edge(know_map(t->g, SIDE_XCOM), door,
	    DIR_S)->flags & EDGE_OPENED);
	assert_false(know_in_sight(t->g, SIDE_XCOM, door));
	assert_false(know_in_sight(t->g, SIDE_XCOM, (struct pos){ 4, 4, 0 }));
	assert_true(game_sees(t->g, SIDE_XCOM, f.s));
	forecast_both(t, &f, 70, &truth, &known);
	/*
	 * The truth: d10 9 (south) by the margin of 21-30, 3 squares: 10 of
	 * the 1000 rolls of a 70 % shot (the lesser margins stop on h).
	 */
	assert_int_equal(truth.stray, f.b);
	assert_int_equal(truth.struck, 10);
	/* X-Com's forecast: the door it last saw shut stops the scatter. */
	assert_int_equal(known.struck, 0);
	assert_int_equal(known.stray, -1);
}

/*
 * §7.3: a burst spreads square by square through what it does not break
 * (§7.6: 52 HE breaks neither hardened nor super-tough walls).  Out of
 * X-Com's sight the super-tough wall east of 5,4 is blown (as another
 * blast would, game_damage_edge).  A heavy cannon's HE round bursting on
 * the Sectoid at 5,3 now truly reaches X-Com's b at 7,4 through the
 * gap; X-Com still remembers the wall, and its forecast of the burst
 * (game_side_shot_risk) catches nobody.
 */
static void
test_forecast_wall_blown_unseen(void **state)
{
	struct t		*t = *state;
	struct game_shot_risk	 truth, known;
	struct forecast		 f;
	struct pos		 wall = { 4, 3, 0 };

	forecast_start(t, BLOWN_MAP CONE_RULE,
	    "{item: heavy-cannon, ammo: heavy-cannon-he}",
	    "at: [7, 4, 1], facing: e", "", &f);
	assert_false(know_in_sight(t->g, SIDE_XCOM, wall));
	assert_false(know_in_sight(t->g, SIDE_XCOM, (struct pos){ 5, 3, 0 }));
	forecast_both(t, &f, -1, &truth, &known);
	assert_int_equal(truth.nblast, 0);
	assert_int_equal(known.nblast, 0);
	/* In the aliens' phase, its events X-Com's to read or not. */
	assert_int_equal(t_do(t, "end"), 0);
	t->g->ev = &t->ev;
	t->g->ev_stamped = t->ev.n;
	assert_true(game_damage_edge(t->g, wall, DIR_E, DMG_HE, 200));
	game_vis_update(t->g, false);
	t->g->ev = NULL;
	/* Nobody sees it go: nobody reads of it. */
	assert_int_equal(t_event(t, EV_DESTROYED, 0)->seen_by, 0);
	assert_int_equal(map_edge(game_map(t->g), wall, DIR_E)->kind,
	    EDGE_OPEN);
	assert_int_equal(map_edge(know_map(t->g, SIDE_XCOM), wall,
	    DIR_E)->kind, EDGE_WALL);
	forecast_both(t, &f, -1, &truth, &known);
	/* The truth: the burst goes round through the gap to b. */
	assert_int_equal(truth.nblast, 1);
	assert_int_equal(truth.blast, f.b);
	/* X-Com's forecast, over the wall it remembers. */
	assert_int_equal(known.nblast, 0);
	assert_int_equal(known.blast, -1);
}

/*
 * The honest AI plans its moves over what its side knows (ai-know.c):
 * after the wall east of 5,4 is blown out of X-Com's sight, its reach for
 * b, shut in beyond the wall it remembers, is game_reach's, square for
 * square: it never walks through the gap it has not seen.
 */
static void
test_ai_reach_over_memory(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct forecast		 f;
	struct ai		*ai;
	const struct map	*m;
	struct pos		 wall = { 4, 3, 0 };
	int			*cost;
	size_t			 n;

	forecast_start(t, BLOWN_MAP CONE_RULE, "rifle",
	    "at: [7, 4, 1], facing: e", "", &f);
	assert_int_equal(t_do(t, "end"), 0);
	t->g->ev = &t->ev;
	t->g->ev_stamped = t->ev.n;
	assert_true(game_damage_edge(t->g, wall, DIR_E, DMG_HE, 200));
	game_vis_update(t->g, false);
	t->g->ev = NULL;
	m = game_map(t->g);
	n = (size_t)m->width * m->height * m->levels;
	cost = xcalloc(n, sizeof *cost);
	game_reach(t->g, f.b, cost);
	/* The pocket west of the wall: out of reach as X-Com knows it. */
	assert_int_equal(cost[3 * m->width + 4], PATH_UNREACHABLE);
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	ai_know_refresh(ai, t->g);
	ai_know_reach(ai, t->g, f.b);
	assert_memory_equal(ai->cost, cost, n * sizeof *cost);
	ai_free(ai);
	free(cost);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_walk_stops_at_unseen_unit,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_path_plans_over_knowledge,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_walk_stops_on_sighting,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_walk_on_sighting_rule,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_door_opened_by_someone_unseen, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_door_out_of_sight_stays_shut, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_shot_by_someone_unseen,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_forecast_door_opened_unseen, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_forecast_wall_blown_unseen, t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_reach_over_memory,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(
		    test_opposed_roll_of_someone_unseen, t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
