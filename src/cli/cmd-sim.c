/*
 * cmd-sim.c - `xtac sim MAP --games N`: the computer against itself,
 * headless, many times, and what came of it: per side the win rate with a
 * 95 % interval, the rounds, the losses per unit type (and how many to
 * their own side's fire) and which units did most and least.  Exit 0, 1 when the map does not load, 2 usage, 3 when
 * the catalog is missing or a game cannot be played.
 *
 * Game i is played with seeds derived from the run seed and i
 * (battle_seed()), by worker i % J.  Each worker writes its results to its
 * own pipe in the order it plays them, so the parent reads game 0 from
 * worker 0, game 1 from worker 1 and so on: results arrive in game-index
 * order whatever --jobs is.  Every total is an integer, so the report is a
 * function of the map, the options and the seed alone.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "xtac/battle.h"
#include "xtac/rng.h"
#include "xtac/util.h"

#define SIM_MAX_GAMES	10000000
#define SIM_MAX_JOBS	64
#define SIM_MAX_ROUNDS	1000
#define SIM_TOP		3	/* units listed as doing most and least */

struct sim_options {
	const char	*map;
	long		 games;
	uint64_t	 seed;
	int		 jobs;
	bool		 json;
	enum ai_level	 level[SIDE_COUNT];
	int		 rounds;
};

/* One unit, summed over the games it was in. */
struct sim_unit {
	char	id[SCENARIO_ID_MAX];
	int	side;
	int	type;
	long	games;
	long	lost;
	long	damage;
	long	kills;
};

/* Units of one type on one side, summed. */
struct sim_type {
	int	side;
	int	type;
	long	fielded;
	long	lost;
};

struct sim_stats {
	long		 games;
	long		 wins[SIDE_COUNT];
	long		 draws;
	long		 capped;
	uint64_t	 rounds, rounds2;		/* sums */
	int		 rounds_min, rounds_max;
	uint64_t	 win_rounds[SIDE_COUNT], win_rounds2[SIDE_COUNT];
	uint64_t	 stalls;
	/* Objectives (battle.h) by side and kind: games, games met. */
	long		 obj_games[SIDE_COUNT][MISSION_COUNT];
	long		 obj_done[SIDE_COUNT][MISSION_COUNT];
	long		 civilians, civilians_lost;	/* sums */
	long		 score[SIDE_COUNT];		/* sums */
	long		 lost[SIDE_COUNT];
	long		 friendly[SIDE_COUNT];	/* lost to their own side */
	struct sim_unit	*units;
	size_t		 nunits;
	struct sim_type	*types;
	size_t		 ntypes;
};

/* What a worker writes for one game, followed by nunits battle_units. */
struct sim_wire {
	uint64_t	index;
	int32_t		winner;
	int32_t		rounds;
	uint32_t	capped;
	uint32_t	stalls;
	uint32_t	nunits;
	int32_t		objective[SIDE_COUNT];
	uint32_t	achieved[SIDE_COUNT];
	int32_t		civilians, civilians_lost;
	int32_t		score[SIDE_COUNT];
};

/* --- totals --------------------------------------------------------------- */

static struct sim_unit *
sim_unit_for(struct sim_stats *st, const struct battle_unit *b)
{
	size_t	i;

	for (i = 0; i < st->nunits; i++)
		if (st->units[i].side == b->side &&
		    strcmp(st->units[i].id, b->id) == 0)
			return &st->units[i];
	st->units = xreallocarray(st->units, st->nunits + 1,
	    sizeof *st->units);
	memset(&st->units[st->nunits], 0, sizeof *st->units);
	snprintf(st->units[st->nunits].id, sizeof st->units->id, "%s", b->id);
	st->units[st->nunits].side = b->side;
	st->units[st->nunits].type = b->type;
	return &st->units[st->nunits++];
}

static struct sim_type *
sim_type_for(struct sim_stats *st, int side, int type)
{
	size_t	i;

	for (i = 0; i < st->ntypes; i++)
		if (st->types[i].side == side && st->types[i].type == type)
			return &st->types[i];
	st->types = xreallocarray(st->types, st->ntypes + 1,
	    sizeof *st->types);
	memset(&st->types[st->ntypes], 0, sizeof *st->types);
	st->types[st->ntypes].side = side;
	st->types[st->ntypes].type = type;
	return &st->types[st->ntypes++];
}

static void
sim_add(struct sim_stats *st, const struct battle_result *r)
{
	uint64_t	rounds = (uint64_t)r->rounds;
	size_t		i;

	if (st->games == 0 || r->rounds < st->rounds_min)
		st->rounds_min = r->rounds;
	if (st->games == 0 || r->rounds > st->rounds_max)
		st->rounds_max = r->rounds;
	st->games++;
	st->rounds += rounds;
	st->rounds2 += rounds * rounds;
	st->stalls += r->stalls;
	if (r->capped)
		st->capped++;
	if (r->winner == SIDE_XCOM || r->winner == SIDE_ALIEN) {
		st->wins[r->winner]++;
		st->win_rounds[r->winner] += rounds;
		st->win_rounds2[r->winner] += rounds * rounds;
	} else
		st->draws++;
	for (i = 0; i < SIDE_COUNT; i++) {
		st->obj_games[i][r->objective[i]]++;
		st->obj_done[i][r->objective[i]] += r->achieved[i];
		st->score[i] += r->score[i];
	}
	st->civilians += r->civilians;
	st->civilians_lost += r->civilians_lost;
	for (i = 0; i < r->nunits; i++) {
		const struct battle_unit	*b = &r->units[i];
		struct sim_unit			*u = sim_unit_for(st, b);
		struct sim_type			*t = sim_type_for(st, b->side,
						    b->type);

		u->games++;
		u->lost += b->lost;
		u->damage += b->damage;
		u->kills += b->kills;
		t->fielded++;
		t->lost += b->lost;
		if (b->side >= 0 && b->side < SIDE_COUNT) {
			st->lost[b->side] += b->lost;
			st->friendly[b->side] += b->friendly;
		}
	}
}

static void
sim_stats_free(struct sim_stats *st)
{
	free(st->units);
	free(st->types);
}

/* Mean and (population) standard deviation from a count and two sums. */
static void
sim_spread(long n, uint64_t sum, uint64_t sum2, double *mean, double *sd)
{
	double	var;

	*mean = *sd = 0;
	if (n <= 0)
		return;
	*mean = (double)sum / (double)n;
	var = (double)sum2 / (double)n - *mean * *mean;
	*sd = var > 0 ? sqrt(var) : 0;
}

/* Wilson's score interval for k successes in n, at 95 % (z = 1.96). */
static void
sim_wilson(long k, long n, double *lo, double *hi)
{
	const double	z = 1.959963984540054;
	double		p, d, c, h;

	*lo = *hi = 0;
	if (n <= 0)
		return;
	p = (double)k / (double)n;
	d = 1 + z * z / (double)n;
	c = (p + z * z / (2.0 * (double)n)) / d;
	h = z * sqrt(p * (1 - p) / (double)n + z * z / (4.0 * (double)n *
	    (double)n)) / d;
	*lo = c - h < 0 ? 0 : c - h;
	*hi = c + h > 1 ? 1 : c + h;
}

/* Most damage first, then most kills, then by id: a total order. */
static int
sim_unit_order(const void *a, const void *b)
{
	const struct sim_unit	*x = a, *y = b;

	if (x->damage * y->games != y->damage * x->games)
		return x->damage * y->games > y->damage * x->games ? -1 : 1;
	if (x->kills * y->games != y->kills * x->games)
		return x->kills * y->games > y->kills * x->games ? -1 : 1;
	return strcmp(x->id, y->id);
}

static int
sim_type_order(const void *a, const void *b)
{
	const struct sim_type	*x = a, *y = b;

	if (x->side != y->side)
		return x->side - y->side;
	return x->type - y->type;
}

/* The units of one side, best first; *n set.  Owned by the caller. */
static struct sim_unit *
sim_side_units(const struct sim_stats *st, int side, size_t *n)
{
	struct sim_unit	*v = xcalloc(st->nunits + 1, sizeof *v);
	size_t		 i;

	*n = 0;
	for (i = 0; i < st->nunits; i++)
		if (st->units[i].side == side)
			v[(*n)++] = st->units[i];
	qsort(v, *n, sizeof *v, sim_unit_order);
	return v;
}

/* --- the report ----------------------------------------------------------- */

/* What a side played for, as the report names it. */
static const char *
sim_objective_name(int m)
{
	if (m == MISSION_ASSAULT)
		return "elimination";
	if (m == MISSION_TERROR)
		return "civilians";
	return mission_names[m];
}

/* Over every side (civilians included). */
static long
sim_sum(const long *per_side)
{
	long	sum = 0;
	int	side;

	for (side = 0; side < SIDE_COUNT; side++)
		sum += per_side[side];
	return sum;
}

static double
sim_per(long x, long games)
{
	return games > 0 ? (double)x / (double)games : 0;
}

static void
sim_print_unit(const struct sim_unit *u, const struct catalog *cat,
    const char *label)
{
	printf("  %-6s %-12s %-10s damage %6.1f  kills %4.2f  lost %3.0f %%\n",
	    label, u->id, cat->units[u->type].id, sim_per(u->damage, u->games),
	    sim_per(u->kills, u->games), 100 * sim_per(u->lost, u->games));
}

static void
sim_print_side(const struct sim_options *o, const struct scenario *s,
    const struct sim_stats *st, int side)
{
	struct sim_unit	*v;
	double		 mean, sd, lo, hi;
	size_t		 i, n, least;

	sim_wilson(st->wins[side], st->games, &lo, &hi);
	printf("\n%s (%s)\n", side_names[side], ai_level_names[o->level[side]]);
	printf("  wins   %ld, %.1f %% (95 %% interval %.1f-%.1f %%)\n",
	    st->wins[side], 100 * sim_per(st->wins[side], st->games), 100 * lo,
	    100 * hi);
	sim_spread(st->wins[side], st->win_rounds[side], st->win_rounds2[side],
	    &mean, &sd);
	if (st->wins[side] > 0)
		printf("  rounds to win: mean %.2f, sd %.2f\n", mean, sd);
	for (i = 0; i < MISSION_COUNT; i++)
		if (st->obj_games[side][i] > 0)
			printf("  objective %s: met %ld of %ld (%.1f %%)\n",
			    sim_objective_name((int)i),
			    st->obj_done[side][i], st->obj_games[side][i],
			    100 * sim_per(st->obj_done[side][i],
			    st->obj_games[side][i]));
	if (s->mission == MISSION_TERROR)
		printf("  score  %.2f a game\n", sim_per(st->score[side],
		    st->games));
	for (i = 0; i < st->ntypes; i++) {
		const struct sim_type *t = &st->types[i];

		if (t->side != side)
			continue;
		printf("  lost   %-10s %6.2f of %5.2f a game (%.1f %%)\n",
		    s->catalog->units[t->type].id, sim_per(t->lost, st->games),
		    sim_per(t->fielded, st->games),
		    100 * sim_per(t->lost, t->fielded));
	}
	printf("  lost to their own side's fire: %ld, %.1f %% of the side's "
	    "losses\n", st->friendly[side], 100 * sim_per(st->friendly[side],
	    st->lost[side]));
	v = sim_side_units(st, side, &n);
	for (i = 0; i < n && i < SIM_TOP; i++)
		sim_print_unit(&v[i], s->catalog, i == 0 ? "most" : "");
	/* The least, weakest last, never repeating one of the most. */
	least = n > 2 * SIM_TOP ? n - SIM_TOP : SIM_TOP;
	for (i = least; i < n; i++)
		sim_print_unit(&v[i], s->catalog, i == least ? "least" : "");
	free(v);
}

static void
sim_print(const struct sim_options *o, const struct scenario *s,
    const struct sim_stats *st)
{
	double	mean, sd;
	int	side;

	printf("xtac sim %s: \"%s\", %ld game%s, seed %" PRIu64 ", at most %d "
	    "round%s\n", o->map, s->name, st->games, st->games == 1 ? "" : "s",
	    o->seed, o->rounds, o->rounds == 1 ? "" : "s");
	sim_spread(st->games, st->rounds, st->rounds2, &mean, &sd);
	printf("draws %ld (%.1f %%), %ld stopped at the round cap; rounds: "
	    "mean %.2f, sd %.2f, min %d, max %d\n", st->draws,
	    100 * sim_per(st->draws, st->games), st->capped, mean, sd,
	    st->rounds_min, st->rounds_max);
	if (s->mission == MISSION_TERROR)
		printf("civilians: %.2f a game, %.2f lost (%.1f %%)\n",
		    sim_per(st->civilians, st->games),
		    sim_per(st->civilians_lost, st->games),
		    100 * sim_per(st->civilians_lost, st->civilians));
	printf("friendly fire: %ld unit%s lost to their own side's fire, "
	    "%.1f %% of all %ld lost\n", sim_sum(st->friendly),
	    sim_sum(st->friendly) == 1 ? "" : "s", 100 *
	    sim_per(sim_sum(st->friendly), sim_sum(st->lost)),
	    sim_sum(st->lost));
	if (st->stalls > 0)
		printf("phases the driver had to end for an AI: %" PRIu64 "\n",
		    st->stalls);
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		sim_print_side(o, s, st, side);
}

static json_t *
sim_json_spread(long n, uint64_t sum, uint64_t sum2)
{
	double	mean, sd;

	/* No games to average (a side that never won): null, not 0. */
	if (n <= 0)
		return json_null();
	sim_spread(n, sum, sum2, &mean, &sd);
	return json_pack("{s:f, s:f}", "mean", mean, "sd", sd);
}

static json_t *
sim_json_side(const struct sim_options *o, const struct scenario *s,
    const struct sim_stats *st, int side)
{
	json_t		*losses = json_array(), *units = json_array();
	json_t		*objectives = json_array(), *root;
	long		 achieved = 0;
	struct sim_unit	*v;
	double		 lo, hi;
	size_t		 i, n;

	for (i = 0; i < st->ntypes; i++) {
		const struct sim_type *t = &st->types[i];

		if (t->side != side)
			continue;
		json_array_append_new(losses, json_pack("{s:s, s:I, s:I, s:f}",
		    "type", s->catalog->units[t->type].id,
		    "fielded", (json_int_t)t->fielded,
		    "lost", (json_int_t)t->lost,
		    "lost_per_game", sim_per(t->lost, st->games)));
	}
	v = sim_side_units(st, side, &n);
	for (i = 0; i < n; i++)
		json_array_append_new(units, json_pack("{s:s, s:s, s:I, s:I, "
		    "s:I, s:I, s:f, s:f}", "id", v[i].id,
		    "type", s->catalog->units[v[i].type].id,
		    "games", (json_int_t)v[i].games,
		    "lost", (json_int_t)v[i].lost,
		    "damage", (json_int_t)v[i].damage,
		    "kills", (json_int_t)v[i].kills,
		    "damage_per_game", sim_per(v[i].damage, v[i].games),
		    "kills_per_game", sim_per(v[i].kills, v[i].games)));
	free(v);
	for (i = 0; i < MISSION_COUNT; i++) {
		if (st->obj_games[side][i] == 0)
			continue;
		achieved += st->obj_done[side][i];
		json_array_append_new(objectives, json_pack("{s:s, s:I, s:I, "
		    "s:f}", "objective", sim_objective_name((int)i),
		    "games", (json_int_t)st->obj_games[side][i],
		    "achieved", (json_int_t)st->obj_done[side][i],
		    "rate", sim_per(st->obj_done[side][i],
		    st->obj_games[side][i])));
	}
	sim_wilson(st->wins[side], st->games, &lo, &hi);
	root = json_pack("{s:s, s:s, s:I, s:f, s:[f, f], s:o, s:I, s:I, s:I, "
	    "s:o, s:o, s:o}", "side", side_names[side],
	    "level", ai_level_names[o->level[side]],
	    "wins", (json_int_t)st->wins[side],
	    "win_rate", sim_per(st->wins[side], st->games),
	    "ci95", lo, hi,
	    "rounds_to_win", sim_json_spread(st->wins[side],
	    st->win_rounds[side], st->win_rounds2[side]),
	    "lost", (json_int_t)st->lost[side],
	    "friendly_losses", (json_int_t)st->friendly[side],
	    "objectives_achieved", (json_int_t)achieved,
	    "objectives", objectives, "losses", losses, "units", units);
	if (s->mission == MISSION_TERROR)
		json_object_set_new(root, "score_per_game",
		    json_real(sim_per(st->score[side], st->games)));
	return root;
}

static void
sim_print_json(const struct sim_options *o, const struct scenario *s,
    const struct sim_stats *st)
{
	json_t	*root, *sides, *rounds;
	char	 seed[32], *text;
	int	 side;

	/* A string: JSON readers lose integers past 2^53. */
	snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
	root = json_pack("{s:s, s:s, s:I, s:s, s:i, s:I, s:f, s:I, s:o, s:I}",
	    "map", o->map, "name", s->name, "games", (json_int_t)st->games,
	    "seed", seed, "round_cap", o->rounds,
	    "draws", (json_int_t)st->draws,
	    "draw_rate", sim_per(st->draws, st->games),
	    "capped", (json_int_t)st->capped,
	    "rounds", rounds = sim_json_spread(st->games, st->rounds,
	    st->rounds2), "stalls", (json_int_t)st->stalls);
	if (json_is_object(rounds)) {
		json_object_set_new(rounds, "min",
		    json_integer(st->rounds_min));
		json_object_set_new(rounds, "max",
		    json_integer(st->rounds_max));
	}
	if (s->mission == MISSION_TERROR)
		json_object_set_new(root, "civilians", json_pack("{s:I, s:I, "
		    "s:f, s:f}", "fielded", (json_int_t)st->civilians,
		    "lost", (json_int_t)st->civilians_lost,
		    "lost_per_game", sim_per(st->civilians_lost, st->games),
		    "lost_rate", sim_per(st->civilians_lost,
		    st->civilians)));
	sides = json_array();
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		json_array_append_new(sides, sim_json_side(o, s, st, side));
	json_object_set_new(root, "lost", json_integer(sim_sum(st->lost)));
	json_object_set_new(root, "friendly_losses",
	    json_integer(sim_sum(st->friendly)));
	json_object_set_new(root, "friendly_loss_share",
	    json_real(sim_per(sim_sum(st->friendly), sim_sum(st->lost))));
	json_object_set_new(root, "sides", sides);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (text != NULL)
		puts(text);
	free(text);
	json_decref(root);
}

/* --- playing ---------------------------------------------------------------- */

/* Redrawn only when the tenth of a per cent shown changes (*shown). */
static void
sim_progress(long done, long total, long *shown)
{
	int	width = 40, full = (int)(done * width / total), i;
	long	permille = done * 1000 / total;

	if (permille == *shown && done != total)
		return;
	*shown = permille;

	fputs("\r[", stderr);
	for (i = 0; i < width; i++)
		fputc(i < full ? '#' : ' ', stderr);
	fprintf(stderr, "] %ld/%ld", done, total);
	if (done == total)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

static int
sim_play(const struct sim_options *o, const struct scenario *s, long index,
    struct battle_result *r)
{
	struct battle_options	 bo;
	char			*cause = NULL;

	battle_options_for(&bo, o->seed, (uint64_t)index, o->level[SIDE_XCOM],
	    o->level[SIDE_ALIEN], o->rounds);
	if (battle_play(s, &bo, r, &cause) != 0) {
		fprintf(stderr, "xtac sim: game %ld cannot go on: %s\n", index,
		    cause);
		free(cause);
		return -1;
	}
	return 0;
}

static int
sim_write_all(int fd, const void *buf, size_t len)
{
	const char	*p = buf;
	ssize_t		 n;

	while (len > 0) {
		if ((n = write(fd, p, len)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Read exactly len bytes; -1 on end of file or error. */
static int
sim_read_all(int fd, void *buf, size_t len)
{
	char	*p = buf;
	ssize_t	 n;

	while (len > 0) {
		if ((n = read(fd, p, len)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A worker: play games first, first + step, ...; never returns. */
static void
sim_worker(const struct sim_options *o, const struct scenario *s, int fd,
    long first, long step)
{
	struct battle_result	r;
	struct sim_wire		w;
	long			i;
	int			j;

	for (i = first; i < o->games; i += step) {
		if (sim_play(o, s, i, &r) != 0)
			_exit(EXIT_TROUBLE);
		memset(&w, 0, sizeof w);
		w.index = (uint64_t)i;
		w.winner = r.winner;
		w.rounds = r.rounds;
		w.capped = r.capped;
		w.stalls = (uint32_t)r.stalls;
		w.nunits = (uint32_t)r.nunits;
		for (j = 0; j < SIDE_COUNT; j++) {
			w.objective[j] = r.objective[j];
			w.achieved[j] = r.achieved[j];
			w.score[j] = r.score[j];
		}
		w.civilians = r.civilians;
		w.civilians_lost = r.civilians_lost;
		if (sim_write_all(fd, &w, sizeof w) != 0 ||
		    sim_write_all(fd, r.units, r.nunits * sizeof *r.units) != 0)
			_exit(EXIT_TROUBLE);
		battle_result_free(&r);
	}
	close(fd);
	_exit(EXIT_OK);
}

/* Game `index` from its worker's pipe. */
static int
sim_receive(int fd, long index, struct battle_result *r)
{
	struct sim_wire	w;
	int		i;

	memset(r, 0, sizeof *r);
	if (sim_read_all(fd, &w, sizeof w) != 0 || w.index != (uint64_t)index)
		return -1;
	r->winner = w.winner;
	r->rounds = w.rounds;
	r->capped = w.capped != 0;
	r->stalls = w.stalls;
	r->nunits = w.nunits;
	for (i = 0; i < SIDE_COUNT; i++) {
		if (w.objective[i] < 0 || w.objective[i] >= MISSION_COUNT)
			return -1;
		r->objective[i] = (enum mission)w.objective[i];
		r->achieved[i] = w.achieved[i] != 0;
		r->score[i] = w.score[i];
	}
	r->civilians = w.civilians;
	r->civilians_lost = w.civilians_lost;
	r->units = xcalloc(r->nunits + 1, sizeof *r->units);
	if (sim_read_all(fd, r->units, r->nunits * sizeof *r->units) != 0) {
		battle_result_free(r);
		return -1;
	}
	return 0;
}

static int
sim_run(const struct sim_options *o, const struct scenario *s,
    struct sim_stats *st)
{
	struct battle_result	 r;
	pid_t			*pids;
	int			*fds, p[2], j, jobs = o->jobs, status = 0;
	long			 i, shown = -1;
	bool			 bar = isatty(STDERR_FILENO), ok = true;

	if (jobs > o->games)
		jobs = (int)o->games;
	if (jobs <= 1) {
		for (i = 0; i < o->games; i++) {
			if (sim_play(o, s, i, &r) != 0)
				return -1;
			sim_add(st, &r);
			battle_result_free(&r);
			if (bar)
				sim_progress(i + 1, o->games, &shown);
		}
		return 0;
	}
	pids = xcalloc((size_t)jobs, sizeof *pids);
	fds = xcalloc((size_t)jobs, sizeof *fds);
	fflush(stdout);
	fflush(stderr);
	for (j = 0; j < jobs; j++) {
		if (pipe(p) != 0)
			fatal("pipe: %s", strerror(errno));
		if ((pids[j] = fork()) < 0)
			fatal("fork: %s", strerror(errno));
		if (pids[j] == 0) {
			int k;

			for (k = 0; k < j; k++)
				close(fds[k]);
			close(p[0]);
			sim_worker(o, s, p[1], j, jobs);
		}
		close(p[1]);
		fds[j] = p[0];
	}
	for (i = 0; i < o->games && ok; i++) {
		if (sim_receive(fds[i % jobs], i, &r) != 0) {
			ok = false;
			break;
		}
		sim_add(st, &r);
		battle_result_free(&r);
		if (bar)
			sim_progress(i + 1, o->games, &shown);
	}
	for (j = 0; j < jobs; j++) {
		if (!ok)
			kill(pids[j], SIGTERM);
		close(fds[j]);
	}
	for (j = 0; j < jobs; j++) {
		while (waitpid(pids[j], &status, 0) < 0 && errno == EINTR)
			;
		if (ok && (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
			ok = false;
	}
	free(pids);
	free(fds);
	if (!ok)
		fprintf(stderr, "xtac sim: a worker stopped before its "
		    "games were done\n");
	return ok ? 0 : -1;
}

/* --- the command line ---------------------------------------------------- */

static int
sim_parse_long(const char *arg, long min, long max, long *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int sim_usage_error(const char *, ...)
    __attribute__((format(printf, 1, 2)));

/* A message and the usage on stderr; the usage status. */
static int
sim_usage_error(const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "xtac sim: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	cli_usage(stderr, cli_command_named("sim"));
	return EXIT_USAGE;
}

int
cmd_sim(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "json", no_argument, NULL, 'J' },
		{ "level", required_argument, NULL, 'l' },
		{ "vs", required_argument, NULL, 'v' },
		{ "rounds", required_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	struct sim_options		 o;
	struct sim_stats		 st;
	struct catalog			 cat;
	struct scenario			*s;
	bool				 vs = false;
	long				 v;
	int				 ch, status;

	memset(&o, 0, sizeof o);
	o.games = -1;
	o.jobs = 1;
	o.level[SIDE_XCOM] = o.level[SIDE_ALIEN] = AI_NORMAL;
	o.rounds = BATTLE_DEFAULT_ROUNDS;
	/* Without --seed, the clock; the report prints the seed used. */
	o.seed = (uint64_t)time(NULL);
	while ((ch = getopt_long(argc, argv, "n:s:j:Jl:v:r:", opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'n':
			if (sim_parse_long(optarg, 1, SIM_MAX_GAMES, &o.games))
				return sim_usage_error("bad --games '%s' (a "
				    "whole number from 1 to 10000000)", optarg);
			break;
		case 's':
			if (rng_parse_seed(optarg, &o.seed) != 0)
				return sim_usage_error("bad seed '%s' (a whole "
				    "number, or 0x hex)", optarg);
			break;
		case 'j':
			if (sim_parse_long(optarg, 1, SIM_MAX_JOBS, &v))
				return sim_usage_error("bad --jobs '%s' (1 to "
				    "64)", optarg);
			o.jobs = (int)v;
			break;
		case 'J':
			o.json = true;
			break;
		case 'l':
			if (!cli_parse_ai_level(optarg, &o.level[SIDE_XCOM]))
				return sim_usage_error("unknown level '%s' "
				    "(known: random, easy, normal, hard)",
				    optarg);
			break;
		case 'v':
			if (!cli_parse_ai_level(optarg, &o.level[SIDE_ALIEN]))
				return sim_usage_error("unknown level '%s' "
				    "(known: random, easy, normal, hard)",
				    optarg);
			vs = true;
			break;
		case 'r':
			if (sim_parse_long(optarg, 1, SIM_MAX_ROUNDS, &v))
				return sim_usage_error("bad --rounds '%s' (1 "
				    "to 1000)", optarg);
			o.rounds = (int)v;
			break;
		default:
			cli_usage(stderr, cli_command_named("sim"));
			return EXIT_USAGE;
		}
	}
	if (!vs)
		o.level[SIDE_ALIEN] = o.level[SIDE_XCOM];
	if (argc - optind != 1)
		return sim_usage_error("%s", argc - optind == 0 ?
		    "no map given" : "one map only");
	if (o.games < 0)
		return sim_usage_error("%s", "--games N is required");
	o.map = argv[optind];
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr)) {
		catalog_free(&cat);
		return EXIT_TROUBLE;
	}
	if ((s = cli_load_scenario(cli, o.map, &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	memset(&st, 0, sizeof st);
	if (sim_run(&o, s, &st) != 0)
		status = EXIT_TROUBLE;
	else {
		qsort(st.types, st.ntypes, sizeof *st.types, sim_type_order);
		if (o.json)
			sim_print_json(&o, s, &st);
		else
			sim_print(&o, s, &st);
		status = EXIT_OK;
	}
	sim_stats_free(&st);
	scenario_free(s);
	catalog_free(&cat);
	return status;
}
