/*
 * test_orders_capture.c - the computer opponent carries out capture
 * orders (§2.3 Missions: "capture unit: a particular enemy unit must be
 * either stunned and taken back to the craft, or mind controlled and
 * taken back to the craft"; "capture technology: a particular piece of
 * technology must be stolen from the enemy and taken back to the friendly
 * craft").  What counts is mission.c's (RULINGS §2.3): the unit lying
 * unconscious, or standing under the side's control, in its craft zones;
 * the item carried (hand or belt) by one of its units there; the ship's
 * building held by one of its units with nobody of another side's
 * conscious inside.  Bodies are
 * lifted and carried (§5.3, game-carry.c); what the dead dropped is
 * picked up where it lies, at no cost (§7.2.1).  Each case at normal and
 * hard, over several of the AI's seeds; the aliens only end their phases.
 * Uses the shipped catalog (units/).
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
#include "xtac/mission.h"
#include "xtac/util.h"

#define CAPTURE_SEEDS	4
#define CAPTURE_ROUNDS	4

static const enum ai_level capture_levels[] = { AI_NORMAL, AI_HARD };
#define CAPTURE_NLEVELS	(sizeof capture_levels / sizeof *capture_levels)

/*
 * X-Com's orders on WALLED_MAP: its craft (deployment) the two western
 * columns; the aliens beyond the wall east of column 8, out of sight.
 */
#define CAPTURE_SIDES(secret)						\
	"sides:\n"							\
	"  xcom: {deploy: [{from: [1, 1, 1], to: [2, 5, 1]}],\n"	\
	"         secret: " secret "}\n"				\
	"  alien: {deploy: [{from: [9, 1, 1], to: [12, 5, 1]}]}\n"

/*
 * Play X-Com with the AI, the aliens ending their phases, until the game
 * is over or CAPTURE_ROUNDS have passed; how many of X-Com's reasons
 * contain `words` in *named.
 */
static void
capture_play(struct t *t, enum ai_level level, uint64_t seed,
    const char *words, int *named)
{
	struct ai_options	 opt = { level, false, seed };
	struct ai		*ai = ai_new(t->g, SIDE_XCOM, &opt);
	size_t			 i;

	*named = 0;
	while (!game_over(t->g) && game_round(t->g) <= CAPTURE_ROUNDS) {
		if (game_side_to_move(t->g) != SIDE_XCOM) {
			assert_int_equal(t_do(t, "end"), 0);
			continue;
		}
		ai_play_phase(ai, t->g, NULL, NULL);
		for (i = 0; i < ai_trace_length(ai); i++)
			if (strstr(ai_trace(ai, i), words) != NULL)
				(*named)++;
	}
	ai_free(ai);
}

static void
capture_verdict(struct t *t, enum ai_level level, uint64_t seed,
    const char *what, int named)
{
	if (!mission_secret(t->g, SIDE_XCOM)->achieved || named == 0)
		fail_msg("%s seed %llu: %s %s, the orders %s in the reasons; "
		    "a at %d,%d", ai_level_names[level],
		    (unsigned long long)seed, what,
		    mission_secret(t->g, SIDE_XCOM)->achieved ? "done" :
		    "not done", named ? "named" : "never named",
		    t_unit(t, "a")->pos.x + 1, t_unit(t, "a")->pos.y + 1);
}

/*
 * Stun it and take it.  X-Com's orders are to capture the Sectoid s,
 * which stands beside a troop holding a stun rod (90 ST knocks out a
 * Sectoid, §7.2), five squares from the craft.  A good player does not
 * shoot it nor leave it: it stuns it, lifts the body (4 TU) and carries
 * it into the craft, its reasons naming the orders.
 */
static void
test_orders_capture_unit_stun(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 named;

	for (k = 0; k < CAPTURE_NLEVELS; k++)
		for (seed = 1; seed <= CAPTURE_SEEDS; seed++) {
			t_start_map(t, WALLED_MAP CAPTURE_SIDES(
			    "{capture-unit: s}"),
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [6, 3, 1], facing: e, right: stun-rod}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [7, 3, 1], facing: w, right: plasma-pistol}\n"
			    "  - {id: z, side: alien, type: sectoid, "
			    "at: [12, 5, 1], right: plasma-pistol}\n");
			assert_int_equal(mission_secret(t->g,
			    SIDE_XCOM)->mission, MISSION_CAPTURE_UNIT);
			capture_play(t, capture_levels[k], seed,
			    "orders (capture-unit s)", &named);
			capture_verdict(t, capture_levels[k], seed,
			    "capture", named);
			assert_int_equal(t_unit(t, "s")->status,
			    UNIT_UNCONSCIOUS);
			t_finish(t);
		}
}

/*
 * Or take its mind.  The same orders; the troop holds a Psi Amp and
 * nothing else (§6.4: a human needs one in hand), the Sectoid in sight.
 * A good player takes control of it (the attack is forced to succeed:
 * its chance is not what is tested) and walks it into the craft itself
 * before the control runs out: captured, standing under the side's
 * control inside its craft zones.
 */
static void
test_orders_capture_unit_mind(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	struct command	 c;
	size_t		 k;
	uint64_t	 seed;
	int		 n, controls;

	for (k = 0; k < CAPTURE_NLEVELS; k++)
		for (seed = 1; seed <= CAPTURE_SEEDS; seed++) {
			struct ai_options opt = { capture_levels[k], false,
			    seed };

			t_start_map(t, WALLED_MAP CAPTURE_SIDES(
			    "{capture-unit: s}"),
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [3, 3, 1], facing: e, right: psi-amp}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [6, 3, 1], facing: w, right: plasma-pistol}\n"
			    "  - {id: z, side: alien, type: sectoid, "
			    "at: [12, 5, 1], right: plasma-pistol}\n");
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			controls = 0;
			while (!game_over(t->g) && game_round(t->g) <=
			    CAPTURE_ROUNDS) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				for (n = 0; n < 80 && !game_over(t->g) &&
				    game_side_to_move(t->g) == SIDE_XCOM; n++) {
					assert_int_equal(ai_next(ai, t->g, &c),
					    0);
					if (c.type == CMD_PSI) {
						/* Only control, at s. */
						assert_int_equal(c.kind,
						    PSI_CONTROL);
						controls++;
						assert_int_equal(t_do(t,
						    "dice 100 1"), 0);
					}
					if (game_execute(t->g, &c, &t->ev) != 0)
						ai_refused(ai, &c);
				}
			}
			ai_free(ai);
			if (!mission_secret(t->g, SIDE_XCOM)->achieved ||
			    controls != 1 || t_unit(t, "s")->status !=
			    UNIT_ACTIVE)
				fail_msg("%s seed %llu: capture %s after %d "
				    "psi attacks; s at %d,%d",
				    ai_level_names[capture_levels[k]],
				    (unsigned long long)seed,
				    mission_secret(t->g, SIDE_XCOM)->achieved ?
				    "done" : "not done", controls,
				    t_unit(t, "s")->pos.x + 1,
				    t_unit(t, "s")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * Down already, out in the field.  The Sectoid lies unconscious (a
 * comrade's stun rod did it, forced dice) and the comrade is spent; a
 * second troop stands by the craft.  A good player sends one unit, the
 * nearest free to carry it, to lift it and bring it in.
 */
static void
test_orders_capture_unit_carry(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 named;

	for (k = 0; k < CAPTURE_NLEVELS; k++)
		for (seed = 1; seed <= CAPTURE_SEEDS; seed++) {
			t_start_map(t, WALLED_MAP CAPTURE_SIDES(
			    "{capture-unit: s}"),
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [2, 1, 1], facing: e, right: pistol}\n"
			    "  - {id: b, side: xcom, type: troop, "
			    "at: [7, 4, 1], facing: e, right: stun-rod}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [8, 4, 1], facing: w, right: plasma-pistol}\n"
			    "  - {id: z, side: alien, type: sectoid, "
			    "at: [12, 5, 1], right: plasma-pistol}\n");
			assert_int_equal(t_do(t, "dice 1"), 0);
			assert_int_equal(t_do(t, "melee b s"), 0);
			assert_int_equal(t_unit(t, "s")->status,
			    UNIT_UNCONSCIOUS);
			/* b is done for the phase: a goes, or b next phase. */
			t_drain_tu(t, "b", 4);
			capture_play(t, capture_levels[k], seed,
			    "orders (capture-unit s)", &named);
			capture_verdict(t, capture_levels[k], seed,
			    "capture", named);
			t_finish(t);
		}
}

/*
 * Steal it.  X-Com's orders are to capture the Sectoid's plasma pistol;
 * the Sectoid has been shot dead (forced dice) beside the wall's west
 * face and dropped it there (§7.2.1).  A good player walks to it, picks
 * it up and carries it into the craft.
 */
static void
test_orders_capture_technology(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 named;

	for (k = 0; k < CAPTURE_NLEVELS; k++)
		for (seed = 1; seed <= CAPTURE_SEEDS; seed++) {
			t_start_map(t, WALLED_MAP CAPTURE_SIDES(
			    "{capture-technology: plasma-pistol}"),
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [2, 3, 1], facing: e, right: pistol}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [5, 3, 1], facing: w, right: plasma-pistol}\n"
			    "  - {id: z, side: alien, type: sectoid, "
			    "at: [12, 5, 1], right: plasma-pistol}\n");
			assert_int_equal(t_do(t, "dice 1"), 0);
			assert_int_equal(t_do(t, "shoot a s snap"), 0);
			assert_int_equal(t_unit(t, "s")->status, UNIT_DEAD);
			capture_play(t, capture_levels[k], seed,
			    "orders (capture-technology plasma-pistol)",
			    &named);
			capture_verdict(t, capture_levels[k], seed,
			    "theft", named);
			t_finish(t);
		}
}

/*
 * 12 x 5 grass, X-Com's craft the two western columns; the aliens' ship
 * the three eastern ones (a building, §2.3 capture ship).
 */
#define SHIP_MAP							\
	FIELD_MAP							\
	"buildings:\n  - {name: ship, from: [10, 1], to: [12, 5]}\n"	\
	CAPTURE_SIDES("{capture-ship: ship}")

/*
 * Board the ship.  X-Com's orders are to capture the aliens' ship; its
 * one troop carries nothing to fight with, and two Sectoids stand in
 * sight off the ship (they only end their phases).  The enemy in sight
 * does not stop the orders: the troop nearest the ship (the only one)
 * walks aboard, and with nobody of theirs inside it is captured, its
 * reasons naming the orders.  (The side's AI used to go for the
 * Sectoids once it saw them.)
 */
static void
test_orders_capture_ship(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 named;

	for (k = 0; k < CAPTURE_NLEVELS; k++)
		for (seed = 1; seed <= CAPTURE_SEEDS; seed++) {
			t_start_map(t, SHIP_MAP,
			    "  - {id: a, side: xcom, type: troop, "
			    "at: [2, 3, 1], facing: e}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [5, 1, 1], facing: w, right: plasma-pistol}\n"
			    "  - {id: z, side: alien, type: sectoid, "
			    "at: [5, 5, 1], facing: w, right: plasma-pistol}\n");
			assert_true(game_sees(t->g, SIDE_XCOM, 1));
			capture_play(t, capture_levels[k], seed,
			    "orders (capture-ship ship)", &named);
			capture_verdict(t, capture_levels[k], seed,
			    "capture", named);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_orders_capture_unit_stun),
		cmocka_unit_test(test_orders_capture_unit_mind),
		cmocka_unit_test(test_orders_capture_unit_carry),
		cmocka_unit_test(test_orders_capture_technology),
		cmocka_unit_test(test_orders_capture_ship),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
