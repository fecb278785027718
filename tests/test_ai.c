/*
 * test_ai.c - the computer opponent (ai.h): every level's phase ends, its
 * choices are a function of the game and its seed, and an honest AI's
 * commands do not depend on enemies its side has not seen.  Uses the
 * shipped catalog (units/) and forced dice where a roll decides.
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

#define TWO_TROOPS							\
	"  - {id: a, side: xcom, type: troop, at: [2, 2, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"				\
	"  - {id: b, side: xcom, type: troop, at: [2, 4, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"

struct ai_log {
	const struct game	*g;
	struct strbuf		 sb;
};

/* Commands applied, one formatted line each. */
static void
ai_collect(void *arg, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct ai_log	*log = arg;
	struct strbuf	*sb = &log->sb;
	char		*text = cmd_format(log->g, c);

	(void)ev;
	assert_non_null(reason);
	assert_true(reason[0] != '\0');
	strbuf_printf(sb, "%s\n", text);
	free(text);
}

/* Play one phase of `side` at `level`; the commands as text. */
static char *
ai_phase(struct game *g, enum side side, enum ai_level level, uint64_t seed,
    bool omniscient, size_t *napplied)
{
	struct ai_options	 opt = { level, omniscient, seed };
	struct ai		*ai = ai_new(g, side, &opt);
	struct ai_log		 log;
	size_t			 n;

	log.g = g;
	strbuf_init(&log.sb);
	strbuf_puts(&log.sb, "");
	n = ai_play_phase(ai, g, ai_collect, &log);
	if (napplied != NULL)
		*napplied = n;
	ai_free(ai);
	return strbuf_steal(&log.sb);
}

/* A phase's commands past the reaction orders given first (RULINGS 6.5). */
static const char *
ai_after_orders(const char *cmds)
{
	while (strncmp(cmds, "react ", 6) == 0 && strchr(cmds, '\n') != NULL)
		cmds = strchr(cmds, '\n') + 1;
	return cmds;
}

/* A second game in the same state: the first one's journal replayed. */
static struct game *
ai_twin(struct t *t)
{
	struct event_list	 ev;
	struct game		*g2;
	size_t			 i;

	event_list_init(&ev);
	g2 = game_new(t->s, game_seed(t->g), &ev);
	for (i = 0; i < game_journal_length(t->g); i++)
		assert_int_equal(game_execute(g2, game_journal(t->g, i), &ev),
		    0);
	event_list_free(&ev);
	assert_int_equal(game_hash(t->g), game_hash(g2));
	return g2;
}

/* --- every level: phases end, games replay -------------------------------- */

/*
 * ai.h: ai_play_phase always ends the phase.  Both sides played by the
 * AI for ten rounds: each call applies a bounded number of commands and
 * hands the phase on (or the game ends).
 */
static void
test_ai_phase_terminates(void **state)
{
	struct t	*t = *state;
	struct ai	*ai[SIDE_COUNT];
	int		 level, i, side, round;

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		struct ai_options	opt = { (enum ai_level)level, false, 5 };

		t_start(t, "", TWO_TROOPS
		    "  - {id: s1, side: alien, type: sectoid, at: [11, 2, 1], "
		    "right: plasma-pistol, belt: [plasma-pistol-clip]}\n"
		    "  - {id: s2, side: alien, type: sectoid, at: [11, 4, 1], "
		    "right: plasma-pistol}\n");
		ai[SIDE_XCOM] = ai_new(t->g, SIDE_XCOM, &opt);
		ai[SIDE_ALIEN] = ai_new(t->g, SIDE_ALIEN, &opt);
		for (i = 0; i < 20 && !game_over(t->g); i++) {
			side = game_side_to_move(t->g);
			round = game_round(t->g);
			assert_true(side == SIDE_XCOM || side == SIDE_ALIEN);
			assert_true(ai_play_phase(ai[side], t->g, NULL, NULL) <=
			    400 + 1);
			/* The next phase: the other side's, or a new round. */
			assert_true(game_over(t->g) ||
			    game_side_to_move(t->g) != side ||
			    game_round(t->g) != round);
			assert_true(ai_trace_length(ai[side]) > 0);
		}
		ai_free(ai[SIDE_XCOM]);
		ai_free(ai[SIDE_ALIEN]);
		t_finish(t);
	}
}

/*
 * §2.3: a crashed side takes two free phases before round 1.  Each is
 * one ai_play_phase: the first returns with the side still to move, and
 * the second plays (its units were not left "done" by the first).  The
 * X-Com unit is an HWP, immune to psi, so the game lasts.
 */
static void
test_ai_two_free_phases(void **state)
{
	struct t	*t = *state;
	struct ai	*ai;
	char		*yaml;
	size_t		 n;
	struct ai_options opt = { AI_NORMAL, false, 2 };

	yaml = xasprintf("%sscenario: {mission: crashed, side: alien}\n"
	    "units:\n%s", FIELD_MAP,
	    "  - {id: h, side: xcom, type: tank-cannon, at: [1, 1, 1]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [12, 5, 1]}\n");
	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	t->g = game_new(t->s, 1, &t->ev);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(game_round(t->g), 0);
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	n = ai_play_phase(ai, t->g, NULL, NULL);
	assert_true(n >= 1);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(game_round(t->g), 0);
	/* The second free phase: more than a bare `end`. */
	n = ai_play_phase(ai, t->g, NULL, NULL);
	assert_true(n >= 2);
	assert_int_equal(game_round(t->g), 1);
	ai_free(ai);
	t_finish(t);
}

/* ai.h determinism: the same game and seed give the same commands. */
static void
test_ai_deterministic(void **state)
{
	struct t	*t = *state;
	struct game	*g2;
	char		*x, *y;
	int		 level;

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		t_start(t, "", TWO_TROOPS
		    "  - {id: s1, side: alien, type: sectoid, at: [9, 2, 1], "
		    "right: plasma-pistol}\n");
		g2 = ai_twin(t);
		x = ai_phase(t->g, SIDE_XCOM, (enum ai_level)level, 99, false,
		    NULL);
		y = ai_phase(g2, SIDE_XCOM, (enum ai_level)level, 99, false,
		    NULL);
		assert_true(x[0] != '\0');
		assert_string_equal(x, y);
		assert_int_equal(game_hash(t->g), game_hash(g2));
		free(x);
		free(y);
		game_free(g2);
		t_finish(t);
	}
}

/*
 * ai.h honesty: an alien the X-Com side has never seen stands at A or at
 * B behind the wall; the honest AI issues the same commands either way.
 */
static void
test_ai_honest_unseen(void **state)
{
	struct t	*t = *state;
	char		*at[2];
	int		 level, k;
	static const char *const where[2] = { "[10, 1, 1]", "[12, 5, 1]" };

	for (level = 0; level < AI_LEVEL_COUNT; level++) {
		for (k = 0; k < 2; k++) {
			char *units = xasprintf(TWO_TROOPS
			    "  - {id: s1, side: alien, type: sectoid, at: %s, "
			    "right: plasma-pistol}\n", where[k]);

			t_start_map(t, WALLED_MAP, units);
			free(units);
			assert_false(game_sees(t->g, SIDE_XCOM,
			    game_find_unit(t->g, "s1")));
			at[k] = ai_phase(t->g, SIDE_XCOM, (enum ai_level)level,
			    3, false, NULL);
			assert_null(strstr(at[k], "s1"));
			t_finish(t);
		}
		assert_string_equal(at[0], at[1]);
		free(at[0]);
		free(at[1]);
	}
}

/* --- playing well --------------------------------------------------------- */

/* Ask until the AI proposes something other than kneeling; run the rest. */
static void
ai_first_act(struct t *t, struct ai *ai, struct command *c)
{
	int	i;

	for (i = 0; i < 8; i++) {
		t_ai_next(t, ai, c);
		if (c->type != CMD_KNEEL && c->type != CMD_TURN)
			return;
		assert_int_equal(game_execute(t->g, c, &t->ev), 0);
	}
	fail_msg("the AI only knelt and turned");
}

static int
ai_dist(struct pos a, struct pos b)
{
	int	dx = abs(a.x - b.x), dy = abs(a.y - b.y);

	return dx > dy ? dx : dy;
}

/* ai.h: a visible enemy in range is shot at, not waited for. */
static void
test_ai_shoots_visible(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w}\n");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	ai_first_act(t, ai, &c);
	assert_int_equal(c.type, CMD_SHOOT);
	assert_int_equal(c.target, game_find_unit(t->g, "s1"));
	assert_non_null(strstr(ai_reason(ai), "s1"));
	ai_free(ai);
	t_finish(t);
}

/*
 * ai.h: the target and mode with the best expected damage per TU.  Two
 * sectoids, one near and one far: the near one is likelier hit for the
 * same damage; among the rifle's modes (§3.5: auto -25 9 TU three rolls,
 * snap +0 6 TU, aimed +50 20 TU) the AI's pick has the best chance x
 * shots / TU, as the engine computes the chances.
 */
static void
test_ai_best_shot_per_tu(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	const struct item_type	*rifle;
	int			 m, best = -1, bestv = -1, a, near;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, right: rifle, boosts: {acc: 20}}\n"
	    "  - {id: far, side: alien, type: sectoid, at: [12, 1, 1], "
	    "facing: w}\n"
	    "  - {id: near, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: w}\n");
	a = game_find_unit(t->g, "a");
	near = game_find_unit(t->g, "near");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	ai_first_act(t, ai, &c);
	assert_int_equal(c.type, CMD_SHOOT);
	assert_int_equal(c.target, near);
	rifle = &t->cat->items[catalog_find_item(t->cat, "rifle")];
	for (m = 0; m < rifle->nshots; m++) {
		const struct shot *s = &rifle->shots[m];
		int ch = game_hit_chance(t->g, a, near, s->mode, HAND_RIGHT,
		    NULL, NULL);
		int v = ch * (s->mode == SHOT_AUTO ? 3 : 1) * 1000 / s->tu;

		if (v > bestv) {
			bestv = v;
			best = s->mode;
		}
	}
	assert_int_equal(c.mode, best);
	ai_free(ai);
	t_finish(t);
}

#define GRENADIER							\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: e, "	\
	"right: grenade}\n"						\
	"  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "	\
	"facing: w}\n"							\
	"  - {id: s2, side: alien, type: sectoid, at: [7, 4, 1], "	\
	"facing: w}\n"

/*
 * ai.h: grenades go at groups, never where the blast (50 HE-1: radius
 * 50 / 20 = 2, §7.3) could catch one of ours.  With two sectoids together
 * the AI primes and throws; with a troop of its own beside them it does
 * neither.
 */
static void
test_ai_grenade_not_on_own(void **state)
{
	struct t	*t = *state;
	char		*x;

	t_start(t, "", GRENADIER);
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "prime a right 0"));
	assert_non_null(strstr(x, "throw a 7 3 1"));
	free(x);
	t_finish(t);

	t_start(t, "", GRENADIER
	    "  - {id: b, side: xcom, type: troop, at: [8, 4, 1], "
	    "facing: e}\n");
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_null(strstr(x, "prime"));
	assert_null(strstr(x, "throw"));
	free(x);
	t_finish(t);
}

/*
 * ai-kit.c: a grenade on the belt is drawn (4 TU) when throwing it is
 * worth it: empty-handed, the troop draws it, primes it and throws it at
 * the two sectoids; with a troop of its own beside them, the blast (50
 * HE-1, radius 2, §7.3) could catch it, so the grenade stays on the belt.
 */
static void
test_ai_draws_grenade(void **state)
{
	struct t	*t = *state;
	char		*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, belt: [grenade]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [7, 4, 1], "
	    "facing: w}\n");
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "draw a grenade"));
	assert_non_null(strstr(x, "prime a"));
	assert_non_null(strstr(x, "throw a 7 3 1"));
	free(x);
	t_finish(t);

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, belt: [grenade]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [7, 4, 1], "
	    "facing: w}\n"
	    "  - {id: b, side: xcom, type: troop, at: [8, 4, 1], "
	    "facing: e}\n");
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_null(strstr(x, "draw"));
	assert_null(strstr(x, "prime"));
	assert_null(strstr(x, "throw"));
	free(x);
	t_finish(t);
}

/*
 * ai-kit.c: with both hands full, a hand is stowed first (4 TU more: 4 +
 * 4 + prime 12 + throw 6 = 26 of the troop's 27) and not the one worth
 * keeping.  Its rifle is empty with no clip and its medikit has nobody
 * to treat: both are worth nothing, and of equals the left is stowed, so
 * the right keeps its own.  The reason counts every TU of the plan.
 */
static void
test_ai_stows_to_draw(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	char			*x;
	int			 a;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: rifle, ammo: none}, left: medikit, "
	    "belt: [grenade]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [7, 4, 1], "
	    "facing: w}\n");
	a = game_find_unit(t->g, "a");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_STOW);
	assert_int_equal(c.hand, HAND_LEFT);
	assert_non_null(strstr(ai_reason(ai), "(26 TU in all)"));
	ai_free(ai);
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "stow a left\ndraw a grenade left\n"
	    "prime a left 0\nthrow a 7 3 1 left\n"));
	assert_int_equal(game_unit(t->g, a)->hands[HAND_RIGHT].item,
	    catalog_find_item(t->cat, "rifle"));
	free(x);
	t_finish(t);

	/* Short of the plan's 26 TU: nothing is stowed or drawn. */
	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: {item: rifle, ammo: none}, left: medikit, "
	    "belt: [grenade]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [7, 4, 1], "
	    "facing: w}\n");
	t_drain_tu(t, "a", 26);
	assert_true(t_unit(t, "a")->tu < 26);
	assert_true(t_unit(t, "a")->tu >= 12 + 6);
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_null(strstr(x, "stow"));
	assert_null(strstr(x, "draw"));
	free(x);
	t_finish(t);
}

static void	t_to_phase(struct t *, enum side);

/*
 * Hurt `id` badly with the sectoid s1's aimed pistol shot (forced dice,
 * as test_ai_hurt_pulls_back), then disarm s1 and give X-Com the phase.
 */
static void
ai_hurt_badly(struct t *t, const char *id)
{
	const struct unit	*u;

	t_to_phase(t, SIDE_ALIEN);
	assert_int_equal(t_do(t, "dice 1 6"), 0);
	assert_int_equal(t_do(t, "shoot s1 %s aimed", id), 0);
	u = t_unit(t, id);
	assert_true(u->status == UNIT_ACTIVE);
	assert_true(u->damage * 2 >= u->stats[STAT_HTH]);
	assert_int_equal(t_do(t, "drop s1 right"), 0);
	t_to_phase(t, SIDE_XCOM);
}

/*
 * ai-kit.c, RULINGS §3: a medikit on the belt is drawn for a badly hurt
 * friend next to the unit (4 + 10 TU), and used on it; and for the unit
 * itself.  Unhurt, nobody draws one.
 */
static void
test_ai_draws_medikit(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	char			*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [4, 3, 1], "
	    "facing: e, belt: [medikit]}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: e}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: pistol}\n");
	/* Nobody hurt: the first choice is no draw. */
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	t_ai_next(t, ai, &c);
	assert_int_not_equal(c.type, CMD_DRAW);
	ai_free(ai);
	ai_hurt_badly(t, "b");
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "draw a medikit right\nheal a b hth\n"));
	free(x);
	t_finish(t);

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: e, belt: [medikit]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: pistol}\n");
	ai_hurt_badly(t, "a");
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "draw a medikit right\nheal a a hth\n"));
	free(x);
	t_finish(t);
}

/*
 * ai-kit.c, §6.4: a troop (PSK +15) with its Psi Amp on the belt draws it
 * (4 TU) and attacks the sectoid's mind; an alien needs no amp and never
 * draws one.
 */
static void
test_ai_draws_psi_amp(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	char			*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, belt: [psi-amp]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w, belt: [psi-amp]}\n");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_DRAW);
	assert_int_equal(c.item, catalog_find_item(t->cat, "psi-amp"));
	assert_non_null(strstr(ai_reason(ai), "psi attack on s1"));
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_PSI);
	assert_int_equal(c.target, game_find_unit(t->g, "s1"));
	ai_free(ai);
	t_to_phase(t, SIDE_ALIEN);
	x = ai_phase(t->g, SIDE_ALIEN, AI_NORMAL, 1, false, NULL);
	assert_null(strstr(x, "draw"));
	free(x);
	t_finish(t);
}

/*
 * game_throw_lands(), the query the AI weighs a belt grenade by, agrees
 * with the engine's own check of a throw (§6.2) on every square in range:
 * test_throw_arc's map, a garden wall thrown over, a roofed room's wall
 * not, its window yes, and the squares of the level above.
 */
static void
test_ai_throw_lands(void **state)
{
	struct t		*t = *state;
	static const char	 map[] = ARC_MAP;
	static const char *const who[] = { "a", "b" };
	const struct map	*m;
	struct game_throw_info	 info;
	struct command		 c;
	struct pos		 p;
	size_t			 k;
	int			 lands = 0, not = 0, unit;

	t_start_map(t, map,
	    "  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "
	    "right: grenade}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 1, 1], facing: s, "
	    "right: grenade}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [8, 3, 1]}\n");
	m = game_map(t->g);
	for (k = 0; k < 2; k++) {
		unit = game_find_unit(t->g, who[k]);
		for (p.z = 0; p.z < m->levels; p.z++)
			for (p.y = 0; p.y < m->height; p.y++)
				for (p.x = 0; p.x < m->width; p.x++) {
					char *cause = NULL;
					bool ok;

					(void)game_throw_chance(t->g, unit,
					    HAND_RIGHT, p, &info, NULL, &cause);
					free(cause);
					cause = NULL;
					if (info.range > info.max_range)
						continue;
					memset(&c, 0, sizeof c);
					c.type = CMD_THROW;
					c.unit = unit;
					c.target = c.item = -1;
					c.hand = HAND_RIGHT;
					c.pos = p;
					ok = game_check(t->g, &c, &cause) == 0;
					free(cause);
					assert_int_equal(ok, game_throw_lands(
					    t->g, game_unit(t->g, unit)->pos,
					    p));
					if (ok)
						lands++;
					else
						not++;
				}
	}
	/* Both answers were seen: the comparison means something. */
	assert_true(lands > 0 && not > 0);
	t_finish(t);
}

/* ai.h: an empty weapon is reloaded from the belt (§5.5). */
/*
 * ai-shoot.c, §6.2, RULINGS §6.1: a launched weapon goes over a wall at an
 * enemy the side sees through another unit's eyes (-10).  The Celatid
 * spits at the trooper behind the garden wall that its Sectoid sees; it
 * does not see him itself, and need not rise a level to.
 */
static void
test_ai_launches_over_wall(void **state)
{
	struct t		*t = *state;
	static const char	 map[] = ARC_MAP;
	char			*cmds;

	t_start_map(t, map,
	    "  - {id: z, side: xcom, type: troop, at: [4, 1, 1], facing: w}\n"
	    "  - {id: c, side: alien, type: celatid, at: [1, 1, 1], "
	    "facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: n}\n");
	t_to_phase(t, SIDE_ALIEN);
	assert_true(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "z")));
	assert_false(game_line(t->g, game_find_unit(t->g, "c"),
	    game_find_unit(t->g, "z"), NULL));
	cmds = ai_phase(t->g, SIDE_ALIEN, AI_NORMAL, 1, false, NULL);
	/*
	 * At once, from where it is: no flight up to see over first (after
	 * the reaction orders, RULINGS 6.5).
	 */
	assert_int_equal(strncmp(ai_after_orders(cmds), "shoot c z ", 10), 0);
	free(cmds);
	t_finish(t);
}

/*
 * RULINGS Special units: the spit's range is STR / 5 = 14, and the AI asks
 * the engine: a trooper 19 squares off is not spat at from there; the
 * Celatid closes to 14 first, then spits.
 */
static void
test_ai_spit_in_range(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;
	const struct unit	*u;

	t_start_map(t, LONG_MAP,
	    "  - {id: z, side: xcom, type: troop, at: [20, 2, 1], facing: w}\n"
	    "  - {id: c, side: alien, type: celatid, at: [1, 2, 1], "
	    "facing: e}\n");
	t_to_phase(t, SIDE_ALIEN);
	assert_true(game_sees(t->g, SIDE_ALIEN, game_find_unit(t->g, "z")));
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	ai_first_act(t, ai, &c);
	assert_int_equal(c.type, CMD_MOVE);
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	u = t_unit(t, "c");
	assert_true(ai_dist(u->pos, t_unit(t, "z")->pos) <= 14);
	ai_first_act(t, ai, &c);
	assert_int_equal(c.type, CMD_SHOOT);
	assert_int_equal(c.target, game_find_unit(t->g, "z"));
	ai_free(ai);
	t_finish(t);
}

static void
test_ai_reloads(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e, right: {item: rifle, ammo: none}, "
	    "belt: [rifle-clip]}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w}\n");
	ai = ai_new(t->g, SIDE_XCOM, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_RELOAD);
	assert_int_equal(c.hand, HAND_RIGHT);
	assert_int_equal(c.item, catalog_find_item(t->cat, "rifle-clip"));
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	/* Loaded, it shoots next. */
	ai_first_act(t, ai, &c);
	assert_int_equal(c.type, CMD_SHOOT);
	ai_free(ai);
	t_finish(t);
}

/* 12 x 5, a wall east of column 8 open only in row 1. */
#define GAP_MAP								\
	"xtac-map: 1\nname: Gap\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

static void
t_to_phase(struct t *t, enum side side)
{
	int	i;

	for (i = 0; i < 6 && game_side_to_move(t->g) != (int)side; i++)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), side);
}

/*
 * ai.h: a unit with no target heads for where the enemy was last seen.
 * The sectoid is seen at 10,1 through the gap, then walks behind the
 * wall to 12,5 unseen; the troop goes towards 10,1, the square its side
 * knows, and ends nearer it than it started.
 */
static void
test_ai_moves_to_last_seen(void **state)
{
	struct t	*t = *state;
	struct pos	 seen, start, end;
	int		 s1, a;
	char		*x;

	t_start_map(t, GAP_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [2, 1, 1], "
	    "facing: e}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [10, 1, 1], "
	    "facing: w}\n");
	s1 = game_find_unit(t->g, "s1");
	a = game_find_unit(t->g, "a");
	assert_true(game_sees(t->g, SIDE_XCOM, s1));
	t_to_phase(t, SIDE_ALIEN);
	assert_int_equal(t_do(t, "move s1 12 5"), 0);
	t_to_phase(t, SIDE_XCOM);
	assert_false(game_sees(t->g, SIDE_XCOM, s1));
	assert_true(game_last_seen(t->g, SIDE_XCOM, s1, &seen));
	assert_int_equal(seen.x, 9);
	assert_int_equal(seen.y, 0);
	start = game_unit(t->g, a)->pos;
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	assert_non_null(strstr(x, "move a"));
	end = game_unit(t->g, a)->pos;
	assert_true(ai_dist(end, seen) < ai_dist(start, seen));
	free(x);
	t_finish(t);
}

/*
 * ai.h: a badly hurt unit pulls back.  A sectoid's pistol hit (forced:
 * 26 AP + 10 susceptibility - 2 armour = 34 of the troop's 35 HTH, a
 * torso critical) leaves it hurt; it walks away from the sectoid.  A fit
 * friend stands far off: the last fit unit of a side fights on instead.
 */
static void
test_ai_hurt_pulls_back(void **state)
{
	struct t	*t = *state;
	struct pos	 foe, start, end;
	int		 a;
	char		*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: e}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 5, 1], "
	    "facing: e}\n"
	    "  - {id: s1, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: pistol}\n");
	a = game_find_unit(t->g, "a");
	t_to_phase(t, SIDE_ALIEN);
	assert_int_equal(t_do(t, "dice 1 6"), 0);
	assert_int_equal(t_do(t, "shoot s1 a aimed"), 0);
	assert_true(game_unit(t->g, a)->status == UNIT_ACTIVE);
	assert_true(game_unit(t->g, a)->damage * 2 >=
	    game_unit(t->g, a)->stats[STAT_HTH]);
	/* Unarmed now: no reaction fire to end the test early. */
	assert_int_equal(t_do(t, "drop s1 right"), 0);
	t_to_phase(t, SIDE_XCOM);
	foe = game_unit(t->g, game_find_unit(t->g, "s1"))->pos;
	start = game_unit(t->g, a)->pos;
	x = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 1, false, NULL);
	end = game_unit(t->g, a)->pos;
	assert_true(ai_dist(end, foe) > ai_dist(start, foe));
	free(x);
	t_finish(t);
}

/*
 * ai.h honesty, with memory: the sectoid is seen at 10,1, then goes
 * behind the wall unseen, to 12,5 or to 11,3.  What the AI knows is the
 * same (last seen at 10,1), so its first decision is the same, to the
 * letter of its reason.
 */
static void
test_ai_honest_remembered(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_HARD, false, 9 };
	struct ai		*ai;
	struct command		 c;
	char			*text[2], *why[2];
	int			 k;
	static const char *const to[2] = { "12 5", "11 3" };

	for (k = 0; k < 2; k++) {
		t_start_map(t, GAP_MAP,
		    "  - {id: a, side: xcom, type: troop, at: [2, 1, 1], "
		    "facing: e, right: rifle}\n"
		    "  - {id: s1, side: alien, type: sectoid, at: [10, 1, 1], "
		    "facing: w}\n");
		t_to_phase(t, SIDE_ALIEN);
		assert_int_equal(t_do(t, "move s1 %s", to[k]), 0);
		t_to_phase(t, SIDE_XCOM);
		assert_false(game_sees(t->g, SIDE_XCOM,
		    game_find_unit(t->g, "s1")));
		ai = ai_new(t->g, SIDE_XCOM, &opt);
		t_ai_next(t, ai, &c);
		text[k] = cmd_format(t->g, &c);
		why[k] = xstrdup(ai_reason(ai));
		ai_free(ai);
		t_finish(t);
	}
	assert_string_equal(text[0], text[1]);
	assert_string_equal(why[0], why[1]);
	for (k = 0; k < 2; k++) {
		free(text[k]);
		free(why[k]);
	}
}

/*
 * RULINGS Special units: a Chrysalid next to a human implants it rather
 * than clawing it; a robot (an HWP) it can only strike.
 */
static void
test_ai_chrysalid_implants(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [5, 3, 1], "
	    "facing: e}\n"
	    "  - {id: c1, side: alien, type: chrysalid, at: [6, 3, 1], "
	    "facing: w}\n");
	t_to_phase(t, SIDE_ALIEN);
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_MELEE);
	assert_int_equal(c.mode, SHOT_IMPLANT);
	assert_int_equal(c.target, game_find_unit(t->g, "a"));
	assert_non_null(strstr(ai_reason(ai), "implant a"));
	ai_free(ai);
	t_finish(t);

	t_start(t, "", "  - {id: h, side: xcom, type: tank-cannon, at: [4, 3, 1], "
	    "facing: e}\n"
	    "  - {id: c1, side: alien, type: chrysalid, at: [6, 3, 1], "
	    "facing: w}\n");
	t_to_phase(t, SIDE_ALIEN);
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_MELEE);
	assert_int_equal(c.mode, SHOT_MELEE);
	ai_free(ai);
	t_finish(t);
}

/* §6.4: an Ethereal with nothing in its hands uses its mind instead. */
static void
test_ai_uses_psi(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 1 };
	struct ai		*ai;
	struct command		 c;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e}\n"
	    "  - {id: e1, side: alien, type: ethereal, at: [8, 3, 1], "
	    "facing: w}\n");
	t_to_phase(t, SIDE_ALIEN);
	ai = ai_new(t->g, SIDE_ALIEN, &opt);
	t_ai_next(t, ai, &c);
	assert_int_equal(c.type, CMD_PSI);
	assert_int_equal(c.target, game_find_unit(t->g, "a"));
	assert_int_equal(game_execute(t->g, &c, &t->ev), 0);
	ai_free(ai);
	t_finish(t);
}

/*
 * ai.h: terror units rush.  A Reaper (melee only, §3.3.2) closes on the
 * troop whatever it risks, and strikes once beside it.
 */
static void
test_ai_terror_rushes(void **state)
{
	struct t	*t = *state;
	struct pos	 start, end, foe;
	char		*x;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [2, 3, 1], "
	    "facing: e}\n"
	    "  - {id: r, side: alien, type: reaper, at: [10, 3, 1], "
	    "facing: w}\n");
	t_to_phase(t, SIDE_ALIEN);
	start = t_unit(t, "r")->pos;
	foe = t_unit(t, "a")->pos;
	x = ai_phase(t->g, SIDE_ALIEN, AI_NORMAL, 1, false, NULL);
	end = t_unit(t, "r")->pos;
	assert_true(ai_dist(end, foe) < ai_dist(start, foe));
	assert_non_null(strstr(x, "melee r a"));
	free(x);
	t_finish(t);
}

/*
 * The house rule ai_omniscient lifts the AI's blindness: the same unseen
 * sectoid at A or B now changes what it does (it heads for the real one).
 */
static void
test_ai_omniscient_knows(void **state)
{
	struct t	*t = *state;
	char		*at[2];
	int		 k;
	static const char *const where[2] = { "[10, 1, 1]", "[12, 5, 1]" };

	for (k = 0; k < 2; k++) {
		char *units = xasprintf(TWO_TROOPS
		    "  - {id: s1, side: alien, type: sectoid, at: %s}\n",
		    where[k]);
		char *map = xasprintf("%s%s", WALLED_MAP,
		    "rules: {ai-omniscient: true}\n");

		t_start_map(t, map, units);
		free(units);
		free(map);
		at[k] = ai_phase(t->g, SIDE_XCOM, AI_NORMAL, 3, false, NULL);
		t_finish(t);
	}
	assert_string_not_equal(at[0], at[1]);
	free(at[0]);
	free(at[1]);
}


/* 44 x 3 open grass at night: long range, and -15 to hit for humans. */
#define LONG_NIGHT_MAP							\
	"xtac-map: 1\nname: Long\nscenario: {night: true}\nlevels:\n  - |\n" \
	"    +" AI_ROW_EDGE "\n"						\
	"    |" AI_ROW_GRASS "|\n"					\
	"    +" AI_ROW_OPEN "\n"						\
	"    |" AI_ROW_GRASS "|\n"					\
	"    +" AI_ROW_OPEN "\n"						\
	"    |" AI_ROW_GRASS "|\n"					\
	"    +" AI_ROW_EDGE "\n"
#define AI_ROW_EDGE	AI_X44("-+")
#define AI_ROW_OPEN	AI_X44(" +")
#define AI_ROW_GRASS	AI_X43(". ") "."
#define AI_X4(s)	s s s s
#define AI_X43(s)	AI_X4(AI_X4(s)) AI_X4(AI_X4(s)) AI_X4(s) AI_X4(s) s s s
#define AI_X44(s)	AI_X43(s) s

/*
 * ai-shoot.c: no shot under 10 %, and no standing up to take one.  A
 * kneeling troop at night sees a sectoid 41 squares off: aimed, 25 + 20 +
 * 15 (kneeling) - 15 (night) - 41 = 4 %, less from anywhere it could
 * stand.  Over several seeds it never shoots at it and never moves for a
 * shot (it may still move nearer).
 */
static void
test_ai_no_long_shots(void **state)
{
	struct t		*t = *state;
	struct ai_options	 opt = { AI_NORMAL, false, 0 };
	struct command		 c;
	struct ai		*ai;
	uint64_t		 seed;
	int			 n;

	for (seed = 1; seed <= 4; seed++) {
		t_start_map(t, LONG_NIGHT_MAP, "  - {id: a, side: xcom, type: "
		    "troop, at: [1, 2, 1], facing: e, right: pistol}\n"
		    "  - {id: s1, side: alien, type: sectoid, at: [42, 2, 1], "
		    "facing: e}\n");
		while (game_side_to_move(t->g) != SIDE_XCOM)
			assert_int_equal(t_do(t, "end"), 0);
		assert_int_equal(t_do(t, "kneel a"), 0);
		assert_true(game_sees(t->g, SIDE_XCOM,
		    game_find_unit(t->g, "s1")));
		assert_true(game_hit_chance(t->g, game_find_unit(t->g, "a"),
		    game_find_unit(t->g, "s1"), SHOT_AIMED, HAND_RIGHT, NULL,
		    NULL) < 10);
		opt.seed = seed;
		ai = ai_new(t->g, SIDE_XCOM, &opt);
		for (n = 0; n < 40 && game_side_to_move(t->g) == SIDE_XCOM;
		    n++) {
			assert_int_equal(ai_next(ai, t->g, &c), 0);
			assert_int_not_equal(c.type, CMD_SHOOT);
			assert_null(strstr(ai_reason(ai), "a shot at"));
			if (game_execute(t->g, &c, &t->ev) != 0)
				ai_refused(ai, &c);
		}
		ai_free(ai);
		t_finish(t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ai_phase_terminates,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_two_free_phases,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_deterministic,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_honest_unseen,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_shoots_visible,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_best_shot_per_tu,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_grenade_not_on_own,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_draws_grenade,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_stows_to_draw,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_draws_medikit,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_draws_psi_amp,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_throw_lands,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_launches_over_wall,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_spit_in_range,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_reloads,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_moves_to_last_seen,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_hurt_pulls_back,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_honest_remembered,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_chrysalid_implants,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_uses_psi,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_terror_rushes,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_omniscient_knows,
		    t_setup, t_teardown),
		cmocka_unit_test_setup_teardown(test_ai_no_long_shots,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
