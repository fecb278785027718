/*
 * test_tactics.c - the computer opponent in small tactical situations: each
 * test sets one up, says what a good player does there, and checks the AI
 * does it (or never does the bad thing) at normal and hard, over several of
 * its seeds.  Uses the shipped catalog (units/).
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

#define TACTICS_SEEDS	6

/* 16 x 7 grass, a wall east of column 12 the whole way down. */
#define SCREEN_MAP							\
	"xtac-map: 1\nname: Screen\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . .|. . . .|\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"			\
	"sides:\n  xcom: {deploy: [{from: [1, 1, 1], to: [4, 7, 1]}]}\n"	\
	"  alien: {deploy: [{from: [13, 1, 1], to: [16, 7, 1]}]}\n"

/* 12 x 5 grass; the east is a house, its one way in a closed door. */
#define HOUSE_MAP							\
	"xtac-map: 1\nname: House\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . ./. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"sides:\n  xcom: {deploy: [{from: [1, 1, 1], to: [3, 5, 1]}]}\n"	\
	"  alien: {deploy: [{from: [9, 1, 1], to: [12, 5, 1]}]}\n"

/*
 * 16 x 7 grass; the enemy's zone is the open north-east, and south of it a
 * room (x 12-16, rows 4-7) whose one way in is a door from the zone.
 */
#define ROOM_MAP							\
	"xtac-map: 1\nname: Room\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . . . . . . .|\n"			\
	"    + + + + + + + + + + + +-+/+-+-+-+\n"			\
	"    |. . . . . . . . . . .|. . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . .|. . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . .|. . . . .|\n"			\
	"    + + + + + + + + + + + + + + + + +\n"			\
	"    |. . . . . . . . . . .|. . . . .|\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"			\
	"sides:\n  xcom: {deploy: [{from: [1, 1, 1], to: [3, 7, 1]}]}\n"	\
	"  alien: {deploy: [{from: [12, 1, 1], to: [16, 3, 1]}]}\n"

#define TROOP(id, x, y)							\
	"  - {id: " id ", side: xcom, type: troop, at: [" #x ", " #y	\
	", 1], facing: e, right: rifle, belt: [rifle-clip]}\n"

static const enum ai_level tactics_levels[] = { AI_NORMAL, AI_HARD };
#define TACTICS_NLEVELS	(sizeof tactics_levels / sizeof *tactics_levels)

/*
 * Play one phase of the side to move with an AI at `level`; with
 * TACTICS_TRACE set in the environment, its reasons go to stderr.
 */
static void
tactics_phase(struct t *t, enum ai_level level, uint64_t seed)
{
	struct ai_options	 opt = { level, false, seed };
	enum side		 side = game_side_to_move(t->g);
	struct ai		*ai = ai_new(t->g, side, &opt);

	ai_play_phase(ai, t->g, NULL, NULL);
	if (getenv("TACTICS_TRACE") != NULL) {
		size_t i;
		for (i = 0; i < ai_trace_length(ai); i++)
			fprintf(stderr, "%s\n", ai_trace(ai, i));
	}
	ai_free(ai);
}

/* Units of `side` standing next to a friend (8 squares round, one level). */
static int
tactics_beside(const struct game *g, enum side side)
{
	size_t	i, j, n = game_nunits(g);
	int	count = 0;

	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->controller != side || u->status != UNIT_ACTIVE)
			continue;
		for (j = 0; j < n; j++) {
			const struct unit *o = game_unit(g, (int)j);

			if (j == i || o->controller != side ||
			    o->status != UNIT_ACTIVE || o->pos.z != u->pos.z ||
			    abs(o->pos.x - u->pos.x) > 1 ||
			    abs(o->pos.y - u->pos.y) > 1)
				continue;
			count++;
			break;
		}
	}
	return count;
}

/*
 * A clump to avoid.  Four troops start in a block, each beside three
 * others; no enemy is known.  A good player moves out in a loose line, so
 * one grenade, burst or mind-controlled comrade cannot take several: after
 * the first phase at most two of the four (one pair) still stand side by
 * side, and they have moved on.
 */
static void
test_tactics_spread_out(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			t_start_map(t, SCREEN_MAP, TROOP("a", 2, 3)
			    TROOP("b", 3, 3) TROOP("c", 2, 4) TROOP("d", 3, 4)
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [15, 4, 1]}\n");
			assert_int_equal(tactics_beside(t->g, SIDE_XCOM), 4);
			tactics_phase(t, tactics_levels[k], seed);
			if (tactics_beside(t->g, SIDE_XCOM) > 2)
				fail_msg("%s seed %llu: %d of 4 beside a "
				    "friend", ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed,
				    tactics_beside(t->g, SIDE_XCOM));
			t_finish(t);
		}
}

/*
 * The same squad over three rounds with the enemy still unseen: a good
 * player sweeps towards where the enemy must be side by side, not in a
 * file to one square.  At every phase's end at most half stand beside a
 * friend, and between them they end nearer the enemy's zone.
 */
static void
test_tactics_sweep(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 beside, ends, x0, x1, i;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			t_start_map(t, SCREEN_MAP, TROOP("a", 2, 3)
			    TROOP("b", 3, 3) TROOP("c", 2, 4) TROOP("d", 3, 4)
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [15, 4, 1]}\n");
			beside = ends = 0;
			x0 = x1 = 0;
			for (i = 0; i < 4; i++)
				x0 += game_unit(t->g, i)->pos.x;
			while (game_round(t->g) <= 3 && !game_over(t->g)) {
				if (game_side_to_move(t->g) != SIDE_XCOM) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				tactics_phase(t, tactics_levels[k], seed);
				beside += tactics_beside(t->g, SIDE_XCOM);
				ends += 4;
			}
			for (i = 0; i < 4; i++)
				x1 += game_unit(t->g, i)->pos.x;
			if (2 * beside > ends || x1 <= x0)
				fail_msg("%s seed %llu: %d of %d beside a "
				    "friend, columns %d to %d",
				    ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed, beside, ends, x0,
				    x1);
			t_finish(t);
		}
}

/*
 * A door to breach.  The enemy's zone is a house whose one way in is a
 * closed door; nobody has been seen.  A good player opens the door and
 * goes in rather than pacing outside: within three rounds the troop
 * stands inside.  (The Sectoid waits unarmed in a far corner.)
 */
static void
test_tactics_breach(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			t_start_map(t, HOUSE_MAP, TROOP("a", 2, 2)
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [12, 5, 1]}\n");
			while (game_round(t->g) <= 3 && !game_over(t->g) &&
			    t_unit(t, "a")->pos.x < 8) {
				if (game_side_to_move(t->g) != SIDE_XCOM)
					assert_int_equal(t_do(t, "end"), 0);
				else
					tactics_phase(t, tactics_levels[k],
					    seed);
			}
			if (t_unit(t, "a")->pos.x < 8)
				fail_msg("%s seed %llu: still outside at "
				    "%d,%d", ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * Open ground against cover, judged on the next phase.  An unarmed troop
 * stands in the open beside a stub of wall, a Sectoid in plain sight; the
 * Sectoid spent its TUs last phase, so nobody could react now.  A good
 * player does not wait in the open, or walk up to it, for the Sectoid's
 * next phase: it goes behind the wall, out of its sight.
 */
static void
test_tactics_hide_from_next_phase(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			t_start_map(t, STUB_MAP, "  - {id: a, side: xcom, "
			    "type: troop, at: [5, 3, 1], facing: e}\n"
			    "  - {id: s, side: alien, type: sectoid, "
			    "at: [11, 3, 1], facing: w, "
			    "right: plasma-pistol}\n");
			assert_int_equal(t_do(t, "end"), 0);
			t_drain_tu(t, "s", 4);
			/* Initiative for round 2: X-Com first. */
			assert_int_equal(t_do(t, "dice 9 1"), 0);
			assert_int_equal(t_do(t, "end"), 0);
			assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
			assert_true(game_sees(t->g, SIDE_XCOM,
			    game_find_unit(t->g, "s")));
			tactics_phase(t, tactics_levels[k], seed);
			if (game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g,
			    "a")))
				fail_msg("%s seed %llu: still in sight at "
				    "%d,%d", ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * Search.  The enemy is not where its zone is: the Sectoid waits unarmed
 * in a room off it, behind a door.  A good player who finds the zone
 * empty does not stand there: it searches where it has not looked, and
 * finds the Sectoid within eight rounds.
 */
static void
test_tactics_search(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	struct ai	*ai;
	bool		 found;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			struct ai_options opt = { tactics_levels[k], false,
			    seed };

			t_start_map(t, ROOM_MAP, TROOP("a", 2, 3)
			    TROOP("b", 2, 5) "  - {id: s, side: alien, "
			    "type: sectoid, at: [16, 7, 1]}\n");
			/* One AI for the game: it remembers where it looked. */
			ai = ai_new(t->g, SIDE_XCOM, &opt);
			found = false;
			while (game_round(t->g) <= 8 && !game_over(t->g) &&
			    !found) {
				if (game_side_to_move(t->g) != SIDE_XCOM)
					assert_int_equal(t_do(t, "end"), 0);
				else
					ai_play_phase(ai, t->g, NULL, NULL);
				found = game_sees(t->g, SIDE_XCOM,
				    game_find_unit(t->g, "s"));
			}
			ai_free(ai);
			if (!found)
				fail_msg("%s seed %llu: the Sectoid not found; "
				    "a at %d,%d, b at %d,%d",
				    ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed,
				    t_unit(t, "a")->pos.x + 1,
				    t_unit(t, "a")->pos.y + 1,
				    t_unit(t, "b")->pos.x + 1,
				    t_unit(t, "b")->pos.y + 1);
			t_finish(t);
		}
}

/*
 * A blind grenade (issue 14).  Two Sectoids stand together east of the
 * wall; X-Com's spotter there saw them this phase and has turned away
 * (RULINGS §4.3 house rule vision_cone), so the side
 * remembers them but sees them no more (the grenadier has acted since,
 * which ends the spotter's turn, RULINGS §2.2); the grenadier west of the wall
 * never saw them.  A good player lobs the grenade over the wall (§6.2:
 * open sky on a one-level map) at the square where they were last seen:
 * the grenadier primes and throws it there, and the reason says the
 * throw is blind.  What the AI knows is the knowledge layer's: with the
 * Sectoids never seen, it throws nothing.
 */
static void
tactics_blind(struct t *t, enum ai_level level, uint64_t seed, bool seen,
    int *throws, int *blind)
{
	struct ai_options	 opt = { level, false, seed };
	struct command		 c;
	struct ai		*ai;
	int			 n, s1, s2;

	char			*units;

	units = xasprintf("  - {id: g, side: xcom, type: troop, "
	    "at: [10, 4, 1], facing: e, right: grenade}\n"
	    "  - {id: p, side: xcom, type: troop, at: [13, 1, 1], "
	    "facing: %s}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [15, 4, 1], "
	    "facing: w}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [15, 5, 1], "
	    "facing: w}\n", seen ? "s" : "n");
	t_start_map(t, SCREEN_MAP "rules:\n  vision-cone: true\n", units);
	free(units);
	s1 = game_find_unit(t->g, "s1");
	s2 = game_find_unit(t->g, "s2");
	if (seen) {
		assert_true(game_sees(t->g, SIDE_XCOM, s1) &&
		    game_sees(t->g, SIDE_XCOM, s2));
		assert_int_equal(t_do(t, "turn p n"), 0);
	}
	/* Another unit chosen: the spotter's turn is over (RULINGS §2.2). */
	assert_int_equal(t_do(t, "kneel g"), 0);
	assert_false(game_sees(t->g, SIDE_XCOM, s1));
	assert_false(game_sees(t->g, SIDE_XCOM, s2));
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	for (n = 0; n < 60 && game_side_to_move(t->g) == SIDE_XCOM; n++) {
		assert_int_equal(ai_next(ai, t->g, &c), 0);
		if (getenv("TACTICS_TRACE") != NULL)
			fprintf(stderr, "%s\n", ai_reason(ai));
		if (c.type == CMD_THROW) {
			(*throws)++;
			if (c.pos.x == 14 && (c.pos.y == 3 || c.pos.y == 4) &&
			    strstr(ai_reason(ai), "blind") != NULL)
				(*blind)++;
		}
		if (game_execute(t->g, &c, &t->ev) != 0)
			ai_refused(ai, &c);
	}
	ai_free(ai);
	t_finish(t);
}

static void
test_tactics_blind_grenade(void **state)
{
	struct t	*t = *state;
	size_t		 k;
	uint64_t	 seed;
	int		 throws, blind;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			throws = blind = 0;
			tactics_blind(t, tactics_levels[k], seed, true,
			    &throws, &blind);
			if (throws != 1 || blind != 1)
				fail_msg("%s seed %llu: %d throws, %d blind at "
				    "the last-seen square",
				    ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed, throws, blind);
			throws = blind = 0;
			tactics_blind(t, tactics_levels[k], seed, false,
			    &throws, &blind);
			assert_int_equal(throws, 0);
		}
}

/*
 * The hard level plans its attack whole (ai-plan.c).  A troop with a
 * rifle has a Sectoid in plain sight across open ground, at long odds;
 * nowhere it could reach is out of the Sectoid's sight.  A good player
 * fires, but keeps a snap shot's TUs for the enemy's phase (§6.5: it may
 * fire on whoever steps into its view) rather than spend them on a last
 * shot at long odds.  Hard plans its shots at the Sectoid, and when the
 * last step of its plan is taken the troop still has the rifle's snap
 * TUs, as the plan's reason says.
 */
static void
test_tactics_plan_reserve(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt;
	struct command		 c;
	struct ai		*ai;
	uint64_t		 seed;
	int			 n, shots, last, snap;

	for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
		t_start_map(t, STUB_MAP "sides:\n  xcom: {deploy: [{from: "
		    "[1, 1, 1], to: [3, 5, 1]}]}\n  alien: {deploy: [{from: "
		    "[9, 1, 1], to: [12, 5, 1]}]}\n",
		    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
		    "facing: e, right: rifle, belt: [rifle-clip]}\n"
		    "  - {id: s, side: alien, type: sectoid, at: [12, 5, 1], "
		    "facing: w, boosts: {hth: 20}}\n");
		assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g,
		    "s")));
		snap = item_shot(&game_catalog(t->g)->items[t_unit(t,
		    "a")->hands[HAND_RIGHT].item], SHOT_SNAP)->tu;
		opt = (struct ai_options){ AI_HARD, false, seed };
		ai = ai_new(t->g, SIDE_XCOM, &opt);
		shots = 0;
		last = -1;
		for (n = 0; n < 60 && game_side_to_move(t->g) == SIDE_XCOM;
		    n++) {
			const char	*why;

			assert_int_equal(ai_next(ai, t->g, &c), 0);
			why = ai_reason(ai);
			if (getenv("TACTICS_TRACE") != NULL)
				fprintf(stderr, "%s\n", why);
			if (c.type == CMD_END)
				break;
			if (game_execute(t->g, &c, &t->ev) != 0) {
				ai_refused(ai, &c);
				continue;
			}
			if (strstr(why, "best plan") == NULL)
				continue;
			assert_non_null(strstr(why, "a snap shot's TUs kept"));
			if (c.type != CMD_KNEEL) {
				assert_int_equal(c.type, CMD_SHOOT);
				assert_int_equal(c.target,
				    game_find_unit(t->g, "s"));
				shots++;
			}
			/* "step K of N": after step N, the plan is spent. */
			if (strstr(why, "step ") != NULL) {
				int k, of;

				if (sscanf(strstr(why, "step "), "step %d of %d",
				    &k, &of) == 2 && k == of)
					last = t_unit(t, "a")->tu;
			}
		}
		ai_free(ai);
		if (shots == 0 || last < snap)
			fail_msg("seed %llu: %d planned shots, %d TU left after "
			    "the plan (snap %d)", (unsigned long long)seed,
			    shots, last, snap);
		t_finish(t);
	}
}

/*
 * Plans over two phases.  A Snakeman (20 TU) carries a grenade on its
 * belt and sees three troops bunched together within a throw; drawing
 * (4 TU), priming (12) and throwing (6) it takes 22 TU, more than a
 * phase's.  A good player draws and primes it now (a primed grenade in
 * hand does not count down, §6.2) and throws it next phase.  The
 * Snakeman draws and primes in its first phase, the reason saying the
 * throw is for next phase, and throws it at the troops in its next.
 */
static void
test_tactics_two_phase_grenade(void **state)
{
	struct t	*t = *state;
	struct command	 c;
	struct ai	*ai;
	size_t		 k;
	uint64_t	 seed;
	int		 n, phase, drawn, primed, thrown;

	for (k = 0; k < TACTICS_NLEVELS; k++)
		for (seed = 1; seed <= TACTICS_SEEDS; seed++) {
			struct ai_options opt = { tactics_levels[k], false,
			    seed };

			t_start_map(t, STUB_MAP, "  - {id: a, side: xcom, "
			    "type: troop, at: [6, 1, 1], facing: e}\n"
			    "  - {id: b, side: xcom, type: troop, "
			    "at: [6, 2, 1], facing: e}\n"
			    "  - {id: c, side: xcom, type: troop, "
			    "at: [7, 1, 1], facing: e}\n"
			    "  - {id: s, side: alien, type: snakeman, "
			    "at: [12, 1, 1], facing: w, "
			    "belt: [alien-grenade]}\n");
			ai = ai_new(t->g, SIDE_ALIEN, &opt);
			drawn = primed = thrown = 0;
			for (phase = 0; phase < 2 && !game_over(t->g);) {
				if (game_side_to_move(t->g) != SIDE_ALIEN) {
					assert_int_equal(t_do(t, "end"), 0);
					continue;
				}
				for (n = 0; n < 60 && game_side_to_move(t->g) ==
				    SIDE_ALIEN; n++) {
					assert_int_equal(ai_next(ai, t->g, &c),
					    0);
					if (getenv("TACTICS_TRACE") != NULL)
						fprintf(stderr, "%s\n",
						    ai_reason(ai));
					if (game_execute(t->g, &c, &t->ev) != 0) {
						ai_refused(ai, &c);
						continue;
					}
					if (phase == 0 && c.type == CMD_DRAW)
						drawn++;
					if (phase == 0 && c.type == CMD_PRIME &&
					    strstr(ai_reason(ai), "next phase") !=
					    NULL)
						primed++;
					if (phase == 1 && c.type == CMD_THROW &&
					    c.pos.x >= 4 && c.pos.x <= 7 &&
					    c.pos.y <= 2)
						thrown++;
					if (c.type == CMD_END)
						break;
				}
				phase++;
			}
			ai_free(ai);
			if (drawn != 1 || primed != 1 || thrown != 1)
				fail_msg("%s seed %llu: drawn %d, primed %d, "
				    "thrown %d", ai_level_names[tactics_levels[k]],
				    (unsigned long long)seed, drawn, primed,
				    thrown);
			t_finish(t);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tactics_spread_out),
		cmocka_unit_test(test_tactics_sweep),
		cmocka_unit_test(test_tactics_breach),
		cmocka_unit_test(test_tactics_hide_from_next_phase),
		cmocka_unit_test(test_tactics_search),
		cmocka_unit_test(test_tactics_blind_grenade),
		cmocka_unit_test(test_tactics_plan_reserve),
		cmocka_unit_test(test_tactics_two_phase_grenade),
	};

	return cmocka_run_group_tests(tests, t_setup, t_teardown);
}
