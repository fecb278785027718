/*
 * test_house.c - the house rules a scenario's `rules:` block turns on
 * (RULINGS.md, xtac-map(5)), each against the default it replaces, with
 * forced dice where a roll decides.  psi-own-sight is tested here for the
 * AI and in test_psi.c for the engine; vision-cone in test_vis.c,
 * civilians-steered in test_game.c, ai-omniscient in test_ai.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "xtac/ai.h"
#include "xtac/util.h"

#define HOUSE_KNIFE_UNITS						\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: e, " \
	"right: knife}\n"						\
	"  - {id: s, side: alien, type: sectoid, at: [2, 3, 1], "	\
	"facing: w, boosts: {hth: 20}}\n"

/*
 * RULINGS 6.1: a melee attack costs its weapon's listed TU, the knife's 10
 * (§3.5); house rule melee-flat-tu makes every blow 20 ("all melee attacks
 * take 20 TUs", §6.3).  A blow missed (roll 91 against 90) still costs.
 */
static void
test_house_melee_flat_tu(void **state)
{
	struct t	*t = *state;

	t_start(t, "", HOUSE_KNIFE_UNITS);
	assert_false(game_scenario(t->g)->rules.melee_flat_tu);
	assert_int_equal(t_do(t, "dice 91"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_int(t_event(t, EV_ATTACK, 0), "tu"), 10);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 10);
	t_finish(t);

	t_start(t, "rules: {melee-flat-tu: true}\n", HOUSE_KNIFE_UNITS);
	assert_true(game_scenario(t->g)->rules.melee_flat_tu);
	assert_int_equal(t_do(t, "dice 91"), 0);
	assert_int_equal(t_do(t, "melee a s"), 0);
	assert_int_equal(t_int(t_event(t, EV_ATTACK, 0), "tu"), 20);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 20);
	/* 7 TU left: a second blow at 20 is refused. */
	assert_int_equal(t_do(t, "melee a s"), -1);
	assert_non_null(strstr(t_str(t_event(t, EV_ERROR, 0), "reason"),
	    "costs 20 TU"));
}

#define HOUSE_TWO_UNITS							\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1]}\n"		\
	"  - {id: b, side: xcom, type: troop, at: [1, 1, 1]}\n"		\
	"  - {id: s, side: alien, type: sectoid, at: [12, 5, 1]}\n"

/*
 * RULINGS 2.2: choosing another unit ends the turn of one that has spent
 * TUs; house rule free-unit-switching lets units interleave freely, each
 * going on with the TUs it has left.
 */
static void
test_house_free_unit_switching(void **state)
{
	struct t	*t = *state;

	t_start(t, "", HOUSE_TWO_UNITS);
	assert_false(game_scenario(t->g)->rules.free_unit_switching);
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_int_equal(t_do(t, "move b 2 1"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), -1);
	assert_non_null(strstr(t_str(t_event(t, EV_ERROR, 0), "reason"),
	    "a's turn is over"));
	t_finish(t);

	t_start(t, "rules: {free-unit-switching: true}\n", HOUSE_TWO_UNITS);
	assert_true(game_scenario(t->g)->rules.free_unit_switching);
	assert_int_equal(t_do(t, "move a 2 3"), 0);
	assert_int_equal(t_do(t, "move b 2 1"), 0);
	assert_int_equal(t_do(t, "move a 3 3"), 0);
	assert_null(t_event(t, EV_ERROR, 0));
	assert_int_equal(t_unit(t, "a")->pos.x, 2);
	/* Two straight steps, 2 TU each (§5). */
	assert_int_equal(t_unit(t, "a")->tu, 27 - 2 - 2);
	assert_int_equal(t_do(t, "move b 3 1"), 0);
	assert_int_equal(t_unit(t, "b")->tu, 27 - 2 - 2);
}

/*
 * The first command `side`'s AI proposes on WALLED_MAP with these
 * rules and units, in that side's phase of round 1 (X-Com moves first
 * with seed 1).
 */
static void
house_ai_first(struct t *t, enum side side, const char *rules,
    const char *units, struct command *c)
{
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	char			*map = xasprintf("%s%s", WALLED_MAP, rules);

	t_start_map(t, map, units);
	free(map);
	if (side != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), side);
	ai = ai_new(t->g, side, &opt);
	t_ai_next(t, ai, c);
	ai_free(ai);
}

/*
 * RULINGS 6.4: the Ethereal e1, behind the wall, does not see the troop;
 * the Sectoid s1 on the troop's side of it does.  By default e1 attacks
 * the troop's mind at once; under house rule psi-own-sight the AI asks
 * the engine and proposes no psi attack by e1.
 */
#define HOUSE_PSI_UNSEEN						\
	"  - {id: e1, side: alien, type: ethereal, at: [10, 3, 1], "	\
	"facing: w}\n"							\
	"  - {id: a, side: xcom, type: troop, at: [2, 3, 1], facing: e}\n" \
	"  - {id: s1, side: alien, type: sectoid, at: [6, 3, 1], "	\
	"facing: w}\n"

static void
test_house_psi_own_sight_ai(void **state)
{
	struct t	*t = *state;
	struct command	 c;

	house_ai_first(t, SIDE_ALIEN, "", HOUSE_PSI_UNSEEN, &c);
	assert_true(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "a")));
	assert_int_equal(c.type, CMD_PSI);
	assert_int_equal(c.unit, game_find_unit(t->g, "e1"));
	assert_int_equal(c.target, game_find_unit(t->g, "a"));
	t_finish(t);
	house_ai_first(t, SIDE_ALIEN, "rules: {psi-own-sight: true}\n",
	    HOUSE_PSI_UNSEEN, &c);
	assert_false(c.type == CMD_PSI &&
	    c.unit == game_find_unit(t->g, "e1"));
}

/*
 * RULINGS 6.4, ai-kit.c: a troop behind the wall with a Psi Amp on its
 * belt draws it for the Sectoid its friend sees; under psi-own-sight that
 * Sectoid is no psi target for it, and it does not.
 */
#define HOUSE_AMP_UNSEEN						\
	"  - {id: p, side: xcom, type: troop, at: [10, 3, 1], facing: w, " \
	"belt: [psi-amp]}\n"						\
	"  - {id: b, side: xcom, type: troop, at: [2, 1, 1], facing: e}\n" \
	"  - {id: s1, side: alien, type: sectoid, at: [4, 3, 1], "	\
	"facing: w}\n"

static void
test_house_psi_own_sight_amp(void **state)
{
	struct t	*t = *state;
	struct command	 c;

	house_ai_first(t, SIDE_XCOM, "", HOUSE_AMP_UNSEEN, &c);
	assert_int_equal(c.type, CMD_DRAW);
	assert_int_equal(c.unit, game_find_unit(t->g, "p"));
	assert_int_equal(c.item, catalog_find_item(t->cat, "psi-amp"));
	t_finish(t);
	house_ai_first(t, SIDE_XCOM, "rules: {psi-own-sight: true}\n",
	    HOUSE_AMP_UNSEEN, &c);
	assert_false(c.type == CMD_DRAW &&
	    c.unit == game_find_unit(t->g, "p"));
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_house_melee_flat_tu),
		T(test_house_free_unit_switching),
		T(test_house_psi_own_sight_ai),
		T(test_house_psi_own_sight_amp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
