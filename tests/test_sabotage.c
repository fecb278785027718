/*
 * test_sabotage.c - a shipped map's sabotage targets can be destroyed with
 * the kit that map gives its sides (rulebook §2.3 Missions, "a particular
 * object ... must be destroyed"; §7.6 thresholds).  desert-landing once
 * asked X-Com to blow up the hardened UFO power source (70 HE) with 50 HE
 * grenades, and the aliens a super-tough Skyranger engine (160 HE) with
 * 90 HE ones: orders nobody could carry out.
 *
 * Each test loads the map as shipped, fixes the side's drawn mission to
 * sabotage and stands the unit that carries the map's grenade within a
 * throw of the target (the walk there is not what is tested); the throw
 * lands (forced dice), the grenade goes off at the end of the phase and
 * the game is won by the objective.  The last test has the computer
 * player walk there and throw it.
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
#include "xtac/load.h"
#include "xtac/mission.h"
#include "xtac/util.h"

#define DESERT	"maps/desert-landing.yaml"

/*
 * The shipped map with side's secret mission fixed to sabotage and unit
 * id stood at x,y (1-based), its phase to play.
 */
static void
sabotage_start(struct t *t, enum side side, const char *id, int x, int y)
{
	struct diags	 d;
	size_t		 i;
	bool		 found = false;

	diags_init(&d, DESERT, NULL, 0);
	t->s = scenario_load(DESERT, t->cat, &d);
	fixture_dump(&d);
	diags_free(&d);
	assert_non_null(t->s);
	assert_true(t->s->sides[side].secret.sabotage);
	t->s->sides[side].secret.mission = MISSION_SABOTAGE;
	for (i = 0; i < t->s->nunits; i++)
		if (strcmp(t->s->units[i].id, id) == 0) {
			t->s->units[i].pos.x = x - 1;
			t->s->units[i].pos.y = y - 1;
			found = true;
		}
	assert_true(found);
	t->g = game_new(t->s, 1, &t->ev);
	while (game_side_to_move(t->g) != (int)side)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(mission_secret(t->g, side)->mission,
	    MISSION_SABOTAGE);
}

/*
 * Draw the grenade from the belt into the empty left hand, prime it for
 * the end of this phase, throw it onto the target (dice 1: it lands) and
 * end the phase: the target is destroyed and the side wins by it.
 */
static void
sabotage_throw(struct t *t, enum side side, const char *id,
    const char *grenade, struct pos target)
{
	const struct map	*m = game_map(t->g);
	const struct event	*e;

	assert_int_not_equal(map_square(m, target)->object, OBJECT_NONE);
	assert_int_equal(t_do(t, "draw %s %s left", id, grenade), 0);
	assert_int_equal(t_do(t, "prime %s left 0", id), 0);
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "throw %s %d %d left", id, target.x + 1,
	    target.y + 1), 0);
	assert_false(game_over(t->g));
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(map_square(m, target)->object, OBJECT_NONE);
	assert_true(mission_secret(t->g, side)->achieved);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), (int)side);
	e = t_event(t, EV_VICTORY, 0);
	assert_non_null(e);
	assert_string_equal(t_str(e, "reason"), "objective");
}

/*
 * X-Com's target, the UFO's power source (hardened: 70 HE or more,
 * §7.6): Pte. Chen's alien grenade, 90 HE-2 where it lands, breaks it.
 * The map's other grenades (50 HE) would not.
 */
static void
test_desert_xcom_sabotage(void **state)
{
	struct t	*t = *state;
	struct pos	 power = { 32, 7, 0 };
	const struct map *m;

	sabotage_start(t, SIDE_XCOM, "chen", 26, 8);
	m = game_map(t->g);
	assert_int_equal(m->objects[map_square(m, power)->object].strength,
	    STRENGTH_HARDENED);
	assert_int_equal(t->s->sides[SIDE_XCOM].secret.sabotage_at.x,
	    power.x);
	assert_int_equal(t->s->sides[SIDE_XCOM].secret.sabotage_at.y,
	    power.y);
	sabotage_throw(t, SIDE_XCOM, "chen", "alien-grenade", power);
}

/*
 * The aliens' target, the Skyranger's avionics behind the cockpit
 * (normal: any HE, §7.6): the Muton's alien grenade breaks it.
 */
static void
test_desert_alien_sabotage(void **state)
{
	struct t	*t = *state;
	struct pos	 avionics = { 2, 7, 0 };
	const struct map *m;

	sabotage_start(t, SIDE_ALIEN, "muton", 12, 8);
	m = game_map(t->g);
	assert_string_equal(m->objects[map_square(m, avionics)->object].name,
	    "avionics");
	assert_int_equal(t->s->sides[SIDE_ALIEN].secret.sabotage_at.x,
	    avionics.x);
	assert_int_equal(t->s->sides[SIDE_ALIEN].secret.sabotage_at.y,
	    avionics.y);
	sabotage_throw(t, SIDE_ALIEN, "muton", "alien-grenade", avionics);
}

/*
 * The computer carries it out.  X-Com's orders are the power source, its
 * grenade on Pte. Chen's belt; the rest of both squads left out but the
 * Navigator, in the bridge's far corner out of the way (it only ends its
 * phases), so nothing but the way there and the throw are tested.  The
 * power room's hardened walls hold against the blast (60 HE a square
 * off, §7.6), so a good player need not stay five squares off in the
 * open: it walks into the UFO,
 * readies the grenade, opens the power room's door beside it (the
 * throw then has a line of sight, no -20), kneels (+15) and throws from
 * two squares, out of the blast behind the wall: one throw, at 70 % or
 * more (forced to land); within eight rounds the power source is gone,
 * at normal and hard.
 */
static void
test_desert_xcom_sabotage_ai(void **state)
{
	struct t		*t = *state;
	static const enum ai_level levels[] = { AI_NORMAL, AI_HARD };
	const struct event	*e;
	struct command		 c;
	struct diags		 d;
	size_t			 i, k, n;
	uint64_t		 seed;
	int			 thrown, chance;

	for (k = 0; k < sizeof levels / sizeof *levels; k++)
		for (seed = 1; seed <= 4; seed++) {
			struct ai_options opt = { levels[k], false, seed };
			struct ai *ai;

			diags_init(&d, DESERT, NULL, 0);
			t->s = scenario_load(DESERT, t->cat, &d);
			fixture_dump(&d);
			diags_free(&d);
			assert_non_null(t->s);
			t->s->sides[SIDE_XCOM].secret.mission =
			    MISSION_SABOTAGE;
			t->s->sides[SIDE_ALIEN].secret.present = false;
			for (i = n = 0; i < t->s->nunits; i++) {
				struct unit_setup *us = &t->s->units[i];

				if (strcmp(us->id, "nav") == 0)
					us->pos = (struct pos){ 35, 3, 0 };
				if (strcmp(us->id, "chen") == 0 ||
				    strcmp(us->id, "nav") == 0)
					t->s->units[n++] = *us;
			}
			t->s->nunits = n;
			assert_int_equal(n, 2);
			t->g = game_new(t->s, 1, &t->ev);
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			thrown = chance = 0;
			while (!game_over(t->g) && game_round(t->g) <= 8) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				event_list_clear(&t->ev);
				assert_int_equal(ai_next(ai, t->g, &c), 0);
				/* The throw lands: its chance is the test. */
				if (c.type == CMD_THROW)
					assert_int_equal(t_do(t, "dice 1"), 0);
				if (game_execute(t->g, &c, &t->ev) != 0)
					ai_refused(ai, &c);
				if (c.type == CMD_THROW && (e = t_event(t,
				    EV_THROW, 0)) != NULL) {
					thrown++;
					chance = t_int(e, "chance");
				}
			}
			ai_free(ai);
			if (!mission_secret(t->g, SIDE_XCOM)->achieved ||
			    thrown != 1 || chance < 70)
				fail_msg("%s seed %llu: sabotage %s, %d "
				    "throws, the last at %d %%; chen at %d,%d",
				    ai_level_names[levels[k]],
				    (unsigned long long)seed,
				    mission_secret(t->g, SIDE_XCOM)->achieved ?
				    "done" : "not done", thrown, chance,
				    t_unit(t, "chen")->pos.x + 1,
				    t_unit(t, "chen")->pos.y + 1);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_desert_xcom_sabotage,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_desert_alien_sabotage,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_desert_xcom_sabotage_ai,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
