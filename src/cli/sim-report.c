/*
 * sim-report.c - the totals of `xtac sim` and its report, as text or as
 * one JSON object (xtac(6) SIMULATION).  Every total is an integer, so the
 * report is a function of the totals alone.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "sim.h"
#include "xtac/util.h"

#define SIM_TOP		3	/* units listed as doing most and least */

/* --- totals --------------------------------------------------------------- */

/* How many of a run's games one share plays: games share, share + shares... */
long
sim_share(long games, long share, long shares)
{
	return games / shares + (share < games % shares ? 1 : 0);
}

struct sim_unit *
sim_unit_for(struct sim_stats *st, int side, const char *id,
    const char *type_id)
{
	size_t	i;

	for (i = 0; i < st->nunits; i++)
		if (st->units[i].side == side &&
		    strcmp(st->units[i].id, id) == 0)
			return &st->units[i];
	st->units = xreallocarray(st->units, st->nunits + 1,
	    sizeof *st->units);
	memset(&st->units[st->nunits], 0, sizeof *st->units);
	snprintf(st->units[st->nunits].id, sizeof st->units->id, "%s", id);
	snprintf(st->units[st->nunits].type_id, sizeof st->units->type_id,
	    "%s", type_id);
	st->units[st->nunits].side = side;
	return &st->units[st->nunits++];
}

struct sim_type *
sim_type_for(struct sim_stats *st, int side, int type, const char *type_id)
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
	snprintf(st->types[st->ntypes].type_id, sizeof st->types->type_id,
	    "%s", type_id);
	return &st->types[st->ntypes++];
}

void
sim_add(struct sim_stats *st, const struct catalog *cat,
    const struct battle_result *r)
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
	for (i = 0; i < SIDE_COUNT; i++) {
		st->ends[i] += r->ends[i];
		st->beside[i] += r->beside[i];
		st->obj_games[i][r->objective[i]]++;
		st->obj_done[i][r->objective[i]] += r->achieved[i];
		st->score[i] += r->score[i];
	}
	st->civilians += r->civilians;
	st->civilians_lost += r->civilians_lost;
	if (r->capped)
		st->capped++;
	if (r->winner == SIDE_XCOM || r->winner == SIDE_ALIEN) {
		st->wins[r->winner]++;
		st->win_rounds[r->winner] += rounds;
		st->win_rounds2[r->winner] += rounds * rounds;
	} else
		st->draws++;
	for (i = 0; i < r->nunits; i++) {
		const struct battle_unit	*b = &r->units[i];
		const char			*type = cat->units[b->type].id;
		struct sim_unit			*u = sim_unit_for(st, b->side,
						    b->id, type);
		struct sim_type			*t = sim_type_for(st, b->side,
						    b->type, type);

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

void
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

/* The types in the catalog's order (a share with no games has none). */
static void
sim_sort_types(struct sim_stats *st)
{
	if (st->ntypes > 0)
		qsort(st->types, st->ntypes, sizeof *st->types,
		    sim_type_order);
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

/* What a side played for, as the report names it (sim-merge.c reads it). */
const char *
sim_objective_name(int m)
{
	if (m == MISSION_ASSAULT)
		return "elimination";
	if (m == MISSION_TERROR)
		return "civilians";
	return mission_names[m];
}

/*
 * A terror site's terms (RULINGS §2.3), from the totals a merge also
 * has: X-Com's score is aliens lost less civilians lost, so the aliens
 * lost are its score plus the civilians lost; every game the aliens won
 * with a civilian left was won by elimination.
 */
static long
sim_aliens_lost(const struct sim_stats *st)
{
	return st->score[SIDE_XCOM] + st->civilians_lost;
}

static long
sim_terror_by_civilians(const struct sim_stats *st, int side)
{
	return side == SIDE_ALIEN ? st->obj_done[side][MISSION_TERROR] : 0;
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
sim_print_unit(const struct sim_unit *u, const char *label)
{
	printf("  %-6s %-12s %-10s damage %6.1f  kills %4.2f  lost %3.0f %%\n",
	    label, u->id, u->type_id, sim_per(u->damage, u->games),
	    sim_per(u->kills, u->games), 100 * sim_per(u->lost, u->games));
}

static void
sim_print_side(const struct sim_options *o, const struct sim_stats *st,
    int side)
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
	if (o->terror) {
		printf("  wins by elimination %ld, by every civilian lost "
		    "%ld\n", st->wins[side] - sim_terror_by_civilians(st,
		    side), sim_terror_by_civilians(st, side));
		if (side == SIDE_XCOM)
			printf("  score  %.2f a game (aliens lost %.2f less "
			    "civilians lost %.2f)\n", sim_per(st->score[side],
			    st->games), sim_per(sim_aliens_lost(st),
			    st->games), sim_per(st->civilians_lost,
			    st->games));
		else
			printf("  score  %.2f a game (civilians lost)\n",
			    sim_per(st->score[side], st->games));
	}
	for (i = 0; i < st->ntypes; i++) {
		const struct sim_type *t = &st->types[i];

		if (t->side != side)
			continue;
		printf("  lost   %-10s %6.2f of %5.2f a game (%.1f %%)\n",
		    t->type_id, sim_per(t->lost, st->games),
		    sim_per(t->fielded, st->games),
		    100 * sim_per(t->lost, t->fielded));
	}
	printf("  lost to their own side's fire: %ld, %.1f %% of the side's "
	    "losses\n", st->friendly[side], 100 * sim_per(st->friendly[side],
	    st->lost[side]));
	printf("  beside a friend as its phase ended: %.1f %% of its "
	    "units\n", 100 * sim_per((long)st->beside[side],
	    (long)st->ends[side]));
	v = sim_side_units(st, side, &n);
	for (i = 0; i < n && i < SIM_TOP; i++)
		sim_print_unit(&v[i], i == 0 ? "most" : "");
	/* The least, weakest last, never repeating one of the most. */
	least = n > 2 * SIM_TOP ? n - SIM_TOP : SIM_TOP;
	for (i = least; i < n; i++)
		sim_print_unit(&v[i], i == least ? "least" : "");
	free(v);
}

void
sim_print(const struct sim_options *o, struct sim_stats *st)
{
	double	mean, sd;
	int	side;

	sim_sort_types(st);
	printf("xtac sim %s: \"%s\", %ld game%s", o->map, o->name, st->games,
	    st->games == 1 ? "" : "s");
	if (o->shards > 1)
		printf(" (shard %ld of %ld of a run of %ld)", o->shard + 1,
		    o->shards, o->games);
	printf(", seed %" PRIu64 ", at most %d round%s\n", o->seed, o->rounds,
	    o->rounds == 1 ? "" : "s");
	if (o->from != NULL)
		printf("from round %d of the save, played on to the end\n",
		    o->from_round);
	sim_spread(st->games, st->rounds, st->rounds2, &mean, &sd);
	printf("draws %ld (%.1f %%), %ld stopped at the round cap; rounds: "
	    "mean %.2f, sd %.2f, min %d, max %d\n", st->draws,
	    100 * sim_per(st->draws, st->games), st->capped, mean, sd,
	    st->rounds_min, st->rounds_max);
	if (o->terror)
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
		sim_print_side(o, st, side);
}

/*
 * Mean and sd, and the sums they come from (what a merge adds up); null
 * when there is nothing to average (a side that never won), not 0.
 */
static json_t *
sim_json_spread(long n, uint64_t sum, uint64_t sum2)
{
	double	mean, sd;

	if (n <= 0)
		return json_null();
	sim_spread(n, sum, sum2, &mean, &sd);
	return json_pack("{s:f, s:f, s:I, s:I}", "mean", mean, "sd", sd,
	    "sum", (json_int_t)sum, "sum_squares", (json_int_t)sum2);
}

static json_t *
sim_json_side(const struct sim_options *o, const struct sim_stats *st,
    int side)
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
		json_array_append_new(losses, json_pack("{s:s, s:i, s:I, s:I, "
		    "s:f}", "type", t->type_id, "catalog_index", t->type,
		    "fielded", (json_int_t)t->fielded,
		    "lost", (json_int_t)t->lost,
		    "lost_per_game", sim_per(t->lost, st->games)));
	}
	v = sim_side_units(st, side, &n);
	for (i = 0; i < n; i++)
		json_array_append_new(units, json_pack("{s:s, s:s, s:I, s:I, "
		    "s:I, s:I, s:f, s:f}", "id", v[i].id,
		    "type", v[i].type_id,
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
	    "s:I, s:f, s:I, s:o}",
	    "side", side_names[side], "level", ai_level_names[o->level[side]],
	    "wins", (json_int_t)st->wins[side],
	    "win_rate", sim_per(st->wins[side], st->games),
	    "ci95", lo, hi,
	    "rounds_to_win", sim_json_spread(st->wins[side],
	    st->win_rounds[side], st->win_rounds2[side]),
	    "lost", (json_int_t)st->lost[side],
	    "friendly_losses", (json_int_t)st->friendly[side],
	    "phase_ends", (json_int_t)st->ends[side],
	    "beside", (json_int_t)st->beside[side],
	    "beside_share", sim_per((long)st->beside[side],
	    (long)st->ends[side]),
	    "objectives_achieved", (json_int_t)achieved,
	    "objectives", objectives);
	/* Which squad played: shards of one run played the same one. */
	if (o->squad[side] != NULL)
		json_object_set_new(root, "squad", json_pack("{s:s, s:s}",
		    "file", o->squad[side], "hash", o->squad_hash[side]));
	/* The sum, an integer, is what a merge adds up exactly. */
	if (o->terror) {
		json_object_set_new(root, "score",
		    json_integer(st->score[side]));
		json_object_set_new(root, "score_per_game",
		    json_real(sim_per(st->score[side], st->games)));
		json_object_set_new(root, "wins_by", json_pack("{s:I, s:I}",
		    "elimination", (json_int_t)(st->wins[side] -
		    sim_terror_by_civilians(st, side)),
		    "civilians", (json_int_t)sim_terror_by_civilians(st,
		    side)));
		json_object_set_new(root, "score_terms", side == SIDE_XCOM ?
		    json_pack("{s:I, s:I}", "aliens_lost",
		    (json_int_t)sim_aliens_lost(st), "civilians_lost",
		    (json_int_t)st->civilians_lost) : json_pack("{s:I}",
		    "civilians_lost", (json_int_t)st->civilians_lost));
	}
	json_object_set_new(root, "losses", losses);
	json_object_set_new(root, "units", units);
	return root;
}

void
sim_print_json(const struct sim_options *o, struct sim_stats *st)
{
	json_t	*root, *sides, *rounds;
	char	 seed[32], *text;
	int	 side;

	sim_sort_types(st);
	root = json_pack("{s:i, s:s, s:s, s:I}", "version", SIM_REPORT_VERSION,
	    "map", o->map, "name", o->name, "games", (json_int_t)st->games);
	/* A share of a run says which; the whole run is its only share. */
	if (o->shards > 1)
		json_object_set_new(root, "shard", json_pack("{s:I, s:I, s:I}",
		    "index", (json_int_t)o->shard + 1,
		    "count", (json_int_t)o->shards,
		    "run_games", (json_int_t)o->games));
	/* A string: JSON readers lose integers past 2^53. */
	snprintf(seed, sizeof seed, "%" PRIu64, o->seed);
	json_object_set_new(root, "seed", json_string(seed));
	if (o->from != NULL)
		json_object_set_new(root, "from_round",
		    json_integer(o->from_round));
	json_object_set_new(root, "round_cap", json_integer(o->rounds));
	json_object_set_new(root, "draws", json_integer(st->draws));
	json_object_set_new(root, "draw_rate",
	    json_real(sim_per(st->draws, st->games)));
	json_object_set_new(root, "capped", json_integer(st->capped));
	json_object_set_new(root, "rounds", rounds = sim_json_spread(st->games,
	    st->rounds, st->rounds2));
	if (json_is_object(rounds)) {
		json_object_set_new(rounds, "min",
		    json_integer(st->rounds_min));
		json_object_set_new(rounds, "max",
		    json_integer(st->rounds_max));
	}
	json_object_set_new(root, "stalls", json_integer((json_int_t)
	    st->stalls));
	sides = json_array();
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		json_array_append_new(sides, sim_json_side(o, st, side));
	json_object_set_new(root, "lost", json_integer(sim_sum(st->lost)));
	json_object_set_new(root, "friendly_losses",
	    json_integer(sim_sum(st->friendly)));
	json_object_set_new(root, "friendly_loss_share",
	    json_real(sim_per(sim_sum(st->friendly), sim_sum(st->lost))));
	if (o->terror)
		json_object_set_new(root, "civilians", json_pack("{s:I, s:I, "
		    "s:f, s:f}", "fielded", (json_int_t)st->civilians,
		    "lost", (json_int_t)st->civilians_lost,
		    "lost_per_game", sim_per(st->civilians_lost, st->games),
		    "lost_rate", sim_per(st->civilians_lost,
		    st->civilians)));
	json_object_set_new(root, "sides", sides);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (text != NULL)
		puts(text);
	free(text);
	json_decref(root);
}
