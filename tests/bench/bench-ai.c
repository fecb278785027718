/*
 * bench-ai.c - the AI's measures (issue 6), on the 15-against-15 maps of
 * tests/data: how often the AI (normal) beats AI_RANDOM on two maps, from
 * either side; how often it beats itself on the mirrored map from either
 * end (about half the games, if the map and the rules are fair to both
 * sides and both ends); how long it takes over a phase of 15 units; how
 * many whole battles a core plays in a second.  Figures only: nothing is
 * asserted, the targets are printed beside them.
 *
 *	bench-ai [--games N]
 *	bench-ai --battles town60|open100 [--games N]
 *	bench-ai --phases LEVEL
 *
 * --battles plays N (default 10) normal-against-normal battles, 30 against
 * 30, on a generated map (benchmap_battle) and prints battles a second
 * and a line "battles_per_s X" for tests/bench/json.sh.  --phases times
 * a level's phases against itself on the three maps (the hard level's
 * look-ahead is held to 50 ms a phase).
 *
 * Battles go through battle_play(), seeded as `xtac sim --seed` would seed
 * them, so a surprising figure can be looked at with xtac sim.  Timings
 * are wall-clock on one core; the phase time is measured on a separate
 * driver loop (ai_next and game_execute timed apart) over the phases in
 * which the side still had all 15 units standing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchmap.h"
#include "xtac/battle.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define BENCH_SEED		20261123u
#define BENCH_ROUNDS		BATTLE_DEFAULT_ROUNDS
#define BENCH_PHASE_GAMES	20
#define BENCH_SPEED_GAMES	100
#define BENCH_MAX_PHASES	4096

static struct scenario *
bench_load_map(const char *name, const struct catalog *cat)
{
	char		*path = xasprintf("../../tests/data/%s.yaml", name);
	struct diags	 d;
	struct scenario	*s;

	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, cat, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	free(path);
	if (s == NULL)
		fatal("cannot load tests/data/%s.yaml", name);
	return s;
}

/* Wilson's score interval at 95 %, as xtac sim prints it. */
static void
bench_wilson(long k, long n, double *lo, double *hi)
{
	const double	z = 1.959963984540054;
	double		p = (double)k / (double)n, d, c, h;

	d = 1 + z * z / (double)n;
	c = (p + z * z / (2.0 * (double)n)) / d;
	h = z * sqrt(p * (1 - p) / (double)n + z * z / (4.0 * (double)n *
	    (double)n)) / d;
	*lo = c - h < 0 ? 0 : c - h;
	*hi = c + h > 1 ? 1 : c + h;
}

struct bench_tally {
	long	games;
	long	wins[SIDE_COUNT];
	long	draws;
	long	rounds;
	long	stalls;
	int64_t	ns;
};

static void
bench_games(const struct scenario *s, enum ai_level xcom, enum ai_level alien,
    long games, struct bench_tally *t)
{
	struct battle_options	 o;
	struct battle_result	 r;
	char			*cause = NULL;
	int64_t			 t0 = benchmap_now_ns();
	long			 i;

	memset(t, 0, sizeof *t);
	for (i = 0; i < games; i++) {
		battle_options_for(&o, BENCH_SEED, (uint64_t)i, xcom, alien,
		    BENCH_ROUNDS);
		if (battle_play(s, &o, &r, &cause) != 0)
			fatal("game %ld: %s", i, cause);
		t->games++;
		if (r.winner == SIDE_XCOM || r.winner == SIDE_ALIEN)
			t->wins[r.winner]++;
		else
			t->draws++;
		t->rounds += r.rounds;
		t->stalls += (long)r.stalls;
		battle_result_free(&r);
	}
	t->ns = benchmap_now_ns() - t0;
}

static void
bench_row(const char *map, const char *what, enum side side,
    const struct bench_tally *t)
{
	double	lo, hi;
	char	wins[32];

	bench_wilson(t->wins[side], t->games, &lo, &hi);
	snprintf(wins, sizeof wins, "%ld/%ld", t->wins[side], t->games);
	printf("  %-11s %-24s %9s %5.1f %%  [%5.1f, %5.1f]  draws %3ld"
	    "  rounds %5.2f%s\n", map, what, wins,
	    100.0 * (double)t->wins[side] / (double)t->games, 100 * lo,
	    100 * hi, t->draws, (double)t->rounds / (double)t->games,
	    t->stalls > 0 ? "  (phases ended by the driver)" : "");
}

static int
bench_cmp(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static int
bench_standing(const struct game *g, int side)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < game_nunits(g); i++)
		n += (int)game_unit(g, (int)i)->controller == side &&
		    game_unit(g, (int)i)->status == UNIT_ACTIVE;
	return n;
}

/*
 * Phases with all 15 units standing: the AI's time (ai_next) and the
 * whole phase's (the engine applying its commands too), in ns.
 */
static size_t
bench_phases(const struct scenario *s, enum ai_level level, int64_t *think,
    int64_t *whole)
{
	struct battle_options	 o;
	struct ai_options	 ao;
	struct event_list	 ev;
	struct command		 c;
	size_t			 n = 0;
	long			 i;
	int			 side;

	event_list_init(&ev);
	for (i = 0; i < BENCH_PHASE_GAMES; i++) {
		struct game	*g;
		struct ai	*ai[2];

		battle_options_for(&o, BENCH_SEED, (uint64_t)i, level, level,
		    BENCH_ROUNDS);
		g = game_new(s, o.seed, &ev);
		for (side = 0; side < 2; side++) {
			memset(&ao, 0, sizeof ao);
			ao.level = level;
			ao.seed = o.ai_seed[side];
			ai[side] = ai_new(g, (enum side)side, &ao);
		}
		while (!game_over(g) && game_round(g) <= BENCH_ROUNDS) {
			int	 round = game_round(g), full, guard = 0;
			int64_t	 ai_ns = 0, t0 = benchmap_now_ns(), t1;

			side = game_side_to_move(g);
			full = bench_standing(g, side) >= 15;
			while (!game_over(g) && game_side_to_move(g) == side &&
			    game_round(g) == round && guard++ < 4000) {
				t1 = benchmap_now_ns();
				if (ai_next(ai[side], g, &c) != 0)
					break;
				ai_ns += benchmap_now_ns() - t1;
				event_list_clear(&ev);
				if (game_execute(g, &c, &ev) != 0)
					ai_refused(ai[side], &c);
			}
			if (full && n < BENCH_MAX_PHASES) {
				think[n] = ai_ns;
				whole[n++] = benchmap_now_ns() - t0;
			}
			if (game_side_to_move(g) == side &&
			    game_round(g) == round && !game_over(g)) {
				memset(&c, 0, sizeof c);
				c.type = CMD_END;
				c.unit = c.target = c.item = -1;
				event_list_clear(&ev);
				if (game_execute(g, &c, &ev) != 0)
					break;
			}
		}
		for (side = 0; side < 2; side++)
			ai_free(ai[side]);
		game_free(g);
		event_list_clear(&ev);
	}
	event_list_free(&ev);
	return n;
}

/*
 * Reflect the units of a map symmetric about its middle row: each side
 * starts where the other did, facing the other way.  The terrain is its
 * own reflection (test_battle.c checks sim-mirror), so this is the same
 * battle with the sides' ends of the field swapped.
 */
static void
bench_flip(struct scenario *s)
{
	static const enum dir flipped[DIR_COUNT] = {
		DIR_S, DIR_SE, DIR_E, DIR_NE, DIR_N, DIR_NW, DIR_W, DIR_SW
	};
	const struct catalog	*cat = s->catalog;
	size_t			 i, z;
	int			 side, y;

	for (i = 0; i < s->nunits; i++) {
		struct unit_setup *u = &s->units[i];

		u->pos.y = s->map->height - cat->units[u->type].size - u->pos.y;
		u->facing = flipped[u->facing];
	}
	for (side = 0; side < SIDE_COUNT; side++)
		for (z = 0; z < s->sides[side].nzones; z++) {
			struct zone *zn = &s->sides[side].zones[z];

			y = zn->from.y;
			zn->from.y = s->map->height - 1 - zn->to.y;
			zn->to.y = s->map->height - 1 - y;
		}
}

static void
bench_print_times(const char *what, int64_t *v, size_t n)
{
	int64_t	sum = 0;
	size_t	i;

	qsort(v, n, sizeof *v, bench_cmp);
	for (i = 0; i < n; i++)
		sum += v[i];
	printf("  %-28s median %7.2f ms  mean %7.2f ms  p95 %7.2f ms  "
	    "max %7.2f ms\n", what, (double)v[n / 2] / 1e6,
	    (double)sum / (double)n / 1e6, (double)v[n * 95 / 100] / 1e6,
	    (double)v[n - 1] / 1e6);
}

/*
 * --phases LEVEL: the time per phase of a level against itself on the
 * three maps of tests/data, 15 units standing (the hard level's budget).
 */
static void
bench_level_phases(const struct catalog *cat, const char *name)
{
	static const char *const maps[] = { "sim-field", "sim-town",
		"sim-mirror" };
	struct scenario	*s;
	int64_t		*think, *whole;
	size_t		 m, n;
	int		 level;

	for (level = 0; level < AI_LEVEL_COUNT; level++)
		if (strcmp(ai_level_names[level], name) == 0)
			break;
	if (level == AI_LEVEL_COUNT)
		fatal("no such level: %s", name);
	think = xcalloc(BENCH_MAX_PHASES, sizeof *think);
	whole = xcalloc(BENCH_MAX_PHASES, sizeof *whole);
	for (m = 0; m < XTAC_NITEMS(maps); m++) {
		s = bench_load_map(maps[m], cat);
		n = bench_phases(s, (enum ai_level)level, think, whole);
		printf("Time per AI phase, %s against itself, 15 units standing "
		    "(%s, %zu phases of %d games; target < 50 ms)\n", name,
		    maps[m], n, BENCH_PHASE_GAMES);
		if (n > 0)
			bench_print_times("the AI choosing", think, n);
		scenario_free(s);
	}
	free(think);
	free(whole);
}

/* Normal against normal on a generated 30-a-side map; battles/s. */
static double
bench_big(const struct catalog *cat, const char *map, long games,
    bool quiet)
{
	struct scenario		*s = benchmap_battle(cat, map, 30, 1, 7);
	struct bench_tally	 t;
	double			 rate;

	if (s == NULL)
		fatal("bench-ai: no map %s", map);
	bench_games(s, AI_NORMAL, AI_NORMAL, games, &t);
	rate = (double)t.games * 1e9 / (double)t.ns;
	if (!quiet)
		printf("  %-11s normal vs normal  %7.1f battles/s  (%.2f ms a "
		    "battle, %.2f rounds, 30 a side)\n", map, rate,
		    (double)t.ns / (double)t.games / 1e6,
		    (double)t.rounds / (double)t.games);
	scenario_free(s);
	return rate;
}

int
main(int argc, char **argv)
{
	static const char *const maps[] = { "sim-field", "sim-town" };
	struct catalog		 cat;
	struct scenario		*s, *mirror;
	struct bench_tally	 t, both;
	int64_t			*think, *whole;
	const char		*big = NULL, *level = NULL;
	long			 games = -1;
	size_t			 m, n;
	int			 i;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
			games = atol(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--battles") == 0)
			big = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--phases") == 0)
			level = argv[++i];
		else {
			fprintf(stderr, "usage: bench-ai [--games N]\n"
			    "       bench-ai --battles town60|open100 "
			    "[--games N]\n"
			    "       bench-ai --phases LEVEL\n");
			return 2;
		}
	}
	if (games < 0)
		games = big != NULL ? 10 : 200;
	if (games < 1)
		games = 1;
	memset(&cat, 0, sizeof cat);
	if (benchmap_catalog(&cat) < 0)
		return 1;
	if (level != NULL) {
		bench_level_phases(&cat, level);
		catalog_free(&cat);
		return 0;
	}
	if (big != NULL) {
		printf("battles_per_s %.2f\n", bench_big(&cat, big, games,
		    false));
		catalog_free(&cat);
		return 0;
	}

	printf("AI normal against AI random, %ld games a row, seed %u, at "
	    "most %d rounds (target: wins >= 95 %%)\n", games, BENCH_SEED,
	    BENCH_ROUNDS);
	printf("  %-11s %-24s %9s %7s  %-14s\n", "map", "the AI plays",
	    "wins", "rate", "95 % interval");
	for (m = 0; m < XTAC_NITEMS(maps); m++) {
		s = bench_load_map(maps[m], &cat);
		bench_games(s, AI_NORMAL, AI_RANDOM, games, &t);
		bench_row(maps[m], "xcom (vs random)", SIDE_XCOM, &t);
		bench_games(s, AI_RANDOM, AI_NORMAL, games, &t);
		bench_row(maps[m], "alien (vs random)", SIDE_ALIEN, &t);
		scenario_free(s);
	}

	mirror = bench_load_map("sim-mirror", &cat);
	printf("\nAI normal against itself on the mirrored map (target: about "
	    "50 %%), then with\n  the sides' ends swapped: a bias to one end "
	    "shows as a difference between\n  the two, a bias to one side as "
	    "both leaning the same way (the boosted\n  Sectoids' PST is "
	    "hidden until probed: see sim-mirror.yaml)\n");
	bench_games(mirror, AI_NORMAL, AI_NORMAL, games, &both);
	bench_row("sim-mirror", "xcom from the south", SIDE_XCOM, &both);
	bench_flip(mirror);
	bench_games(mirror, AI_NORMAL, AI_NORMAL, games, &t);
	bench_row("sim-mirror", "xcom from the north", SIDE_XCOM, &t);
	bench_flip(mirror);
	both.games += t.games;
	both.wins[SIDE_XCOM] += t.wins[SIDE_XCOM];
	both.wins[SIDE_ALIEN] += t.wins[SIDE_ALIEN];
	both.draws += t.draws;
	both.rounds += t.rounds;
	both.stalls += t.stalls;
	bench_row("sim-mirror", "xcom, both ends", SIDE_XCOM, &both);

	s = bench_load_map("sim-field", &cat);
	think = xcalloc(BENCH_MAX_PHASES, sizeof *think);
	whole = xcalloc(BENCH_MAX_PHASES, sizeof *whole);
	n = bench_phases(s, AI_NORMAL, think, whole);
	printf("\nTime per AI phase, normal, 15 units standing (sim-field, %zu "
	    "phases of %d games; target < 50 ms)\n", n, BENCH_PHASE_GAMES);
	if (n > 0) {
		bench_print_times("the AI choosing", think, n);
		bench_print_times("the phase, commands applied", whole, n);
	}
	free(think);
	free(whole);

	printf("\nBattles a second on one core, 15 against 15, to the end "
	    "(target >= 50)\n");
	bench_games(s, AI_NORMAL, AI_NORMAL, BENCH_SPEED_GAMES, &t);
	printf("  %-11s normal vs normal  %7.1f battles/s  (%.2f ms a "
	    "battle, %.2f rounds)\n", "sim-field", (double)t.games * 1e9 /
	    (double)t.ns, (double)t.ns / (double)t.games / 1e6,
	    (double)t.rounds / (double)t.games);
	bench_games(s, AI_RANDOM, AI_RANDOM, BENCH_SPEED_GAMES, &t);
	printf("  %-11s random vs random  %7.1f battles/s  (%.2f ms a "
	    "battle, %.2f rounds)\n", "sim-field", (double)t.games * 1e9 /
	    (double)t.ns, (double)t.ns / (double)t.games / 1e6,
	    (double)t.rounds / (double)t.games);
	bench_games(mirror, AI_NORMAL, AI_NORMAL, BENCH_SPEED_GAMES, &t);
	printf("  %-11s normal vs normal  %7.1f battles/s  (%.2f ms a "
	    "battle, %.2f rounds)\n", "sim-mirror", (double)t.games * 1e9 /
	    (double)t.ns, (double)t.ns / (double)t.games / 1e6,
	    (double)t.rounds / (double)t.games);
	bench_big(&cat, "town60", 10, false);
	bench_big(&cat, "open100", 10, false);
	scenario_free(s);
	scenario_free(mirror);
	catalog_free(&cat);
	return 0;
}
