/*
 * sim-merge.c - `xtac sim --merge FILE...`: the --json reports of the
 * shares of one run (--shard I/N) added up into the report the whole run
 * gives, byte for byte.  Every figure of the report comes from integer
 * totals, and the reports carry them, so adding them up loses nothing.
 * Reports of different runs, or a share missing or given twice, are
 * refused with EXIT_INVALID and a message naming the file.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "sim.h"
#include "xtac/rng.h"
#include "xtac/util.h"

/* One report, and what says which run and which share it is of. */
struct sim_part {
	const char	*path;
	json_t		*root;
	long		 index;		/* from 1 */
	long		 count;
	long		 run_games;
	long		 games;
};

/*
 * A whole number from low up under key; -1 (and a message) if there is
 * none.  Far past any real total, and summing thousands cannot overflow.
 */
static int
sim_merge_number(const struct sim_part *p, json_t *obj, const char *key,
    json_int_t low, long *out)
{
	json_t	*v = json_object_get(obj, key);

	if (!json_is_integer(v) || json_integer_value(v) < low ||
	    json_integer_value(v) > ((json_int_t)1 << 50)) {
		sim_error(EXIT_INVALID, "%s: '%s' is missing or not a whole "
		    "number: not a report of xtac sim --json", p->path, key);
		return -1;
	}
	*out = (long)json_integer_value(v);
	return 0;
}

/* A count (>= 0). */
static int
sim_merge_count(const struct sim_part *p, json_t *obj, const char *key,
    long *out)
{
	return sim_merge_number(p, obj, key, 0, out);
}

/* A string under key, shorter than size; NULL (and a message) if none. */
static const char *
sim_merge_string(const struct sim_part *p, json_t *obj, const char *key,
    size_t size)
{
	json_t	*v = json_object_get(obj, key);

	if (!json_is_string(v) || strlen(json_string_value(v)) >= size) {
		sim_error(EXIT_INVALID, "%s: '%s' is missing or not a name: "
		    "not a report of xtac sim --json", p->path, key);
		return NULL;
	}
	return json_string_value(v);
}

/* The sum and sum of squares of a spread (null: nothing, so zeros). */
static int
sim_merge_spread(const struct sim_part *p, json_t *obj, const char *key,
    uint64_t *sum, uint64_t *sum2)
{
	json_t	*v = json_object_get(obj, key);
	long	 a, b;

	if (json_is_null(v))
		return 0;
	if (!json_is_object(v) || sim_merge_count(p, v, "sum", &a) != 0 ||
	    sim_merge_count(p, v, "sum_squares", &b) != 0)
		return sim_error(EXIT_INVALID, "%s: '%s' has no sums", p->path,
		    key);
	*sum += (uint64_t)a;
	*sum2 += (uint64_t)b;
	return 0;
}

/* Read a report and which share it is; -1 after a message. */
static int
sim_merge_read(struct sim_part *p, const char *path)
{
	json_error_t	 err;
	json_t		*v, *shard;

	memset(p, 0, sizeof *p);
	p->path = path;
	if ((p->root = json_load_file(path, 0, &err)) == NULL) {
		/* No place in a file that could not be opened. */
		if (err.line < 1)
			sim_error(EXIT_INVALID, "%s", err.text);
		else
			sim_error(EXIT_INVALID, "%s:%d:%d: %s", path, err.line,
			    err.column, err.text);
		return -1;
	}
	v = json_object_get(p->root, "version");
	if (!json_is_integer(v)) {
		sim_error(EXIT_INVALID, "%s: no 'version': not a report of "
		    "xtac sim --json, or one older than --merge", path);
		return -1;
	}
	if (json_integer_value(v) != SIM_REPORT_VERSION) {
		sim_error(EXIT_INVALID, "%s: a report of version %"
		    JSON_INTEGER_FORMAT "; this xtac merges version %d", path,
		    json_integer_value(v), SIM_REPORT_VERSION);
		return -1;
	}
	if (sim_merge_count(p, p->root, "games", &p->games) != 0)
		return -1;
	p->index = p->count = 1;
	p->run_games = p->games;
	if ((shard = json_object_get(p->root, "shard")) != NULL) {
		if (sim_merge_count(p, shard, "index", &p->index) != 0 ||
		    sim_merge_count(p, shard, "count", &p->count) != 0 ||
		    sim_merge_count(p, shard, "run_games", &p->run_games) != 0)
			return -1;
		if (p->index < 1 || p->index > p->count) {
			sim_error(EXIT_INVALID, "%s: shard %ld of %ld", path,
			    p->index, p->count);
			return -1;
		}
	}
	if (p->games != sim_share(p->run_games, p->index - 1, p->count)) {
		sim_error(EXIT_INVALID, "%s: shard %ld of %ld has %ld games, "
		    "but a run of %ld gives it %ld", path, p->index, p->count,
		    p->games, p->run_games, sim_share(p->run_games,
		    p->index - 1, p->count));
		return -1;
	}
	return 0;
}

/* The value of what makes a run (see below), or of nothing (case 6). */
static json_t *
sim_merge_value(const struct sim_part *p, int what)
{
	static const char *const keys[] = { "map", "name", "seed",
	    "round_cap" };
	json_t	*sides = json_object_get(p->root, "sides"), *v;

	if (what < 4)
		return json_object_get(p->root, keys[what]);
	if (what < 6)
		return json_object_get(json_array_get(sides,
		    (size_t)(what - 4)), "level");
	if (what > 6 && (v = json_object_get(json_array_get(sides,
	    (size_t)(what - 7)), "squad")) != NULL)
		return v;
	return json_null();
}

/*
 * What makes a run: the map, its name, the seed, the cap, the levels, the
 * games and the number of shares, as text; "" if a report lacks one.
 */
static void
sim_merge_what(const struct sim_part *p, int what, char *buf, size_t size)
{
	static const char *const keys[] = { "map", "name", "seed" };
	json_t	*sides = json_object_get(p->root, "sides"), *v;

	*buf = '\0';
	switch (what) {
	case 0:
	case 1:
	case 2:
		if (json_is_string(v = json_object_get(p->root, keys[what])))
			snprintf(buf, size, "%s '%s'", keys[what],
			    json_string_value(v));
		break;
	case 3:
		if (json_is_integer(v = json_object_get(p->root, "round_cap")))
			snprintf(buf, size, "a cap of %" JSON_INTEGER_FORMAT
			    " rounds", json_integer_value(v));
		break;
	case 4:
	case 5:
		v = json_object_get(json_array_get(sides, (size_t)(what - 4)),
		    "level");
		if (json_is_string(v))
			snprintf(buf, size, "%s level '%s'",
			    side_names[what - 4], json_string_value(v));
		break;
	case 6:
		snprintf(buf, size, "a run of %ld games in %ld shards",
		    p->run_games, p->count);
		break;
	case 7:
	case 8:
		v = json_object_get(json_array_get(sides, (size_t)(what - 7)),
		    "squad");
		if (v == NULL)
			snprintf(buf, size, "%s the map's own units",
			    side_names[what - 7]);
		else if (json_is_string(json_object_get(v, "file")) &&
		    json_is_string(json_object_get(v, "hash")))
			snprintf(buf, size, "%s squad '%s' (hash %s)",
			    side_names[what - 7], json_string_value(
			    json_object_get(v, "file")), json_string_value(
			    json_object_get(v, "hash")));
		break;
	}
}

#define SIM_MERGE_WHATS	9

/* By share. */
static int
sim_merge_order(const void *a, const void *b)
{
	const struct sim_part	*x = *(const struct sim_part *const *)a;
	const struct sim_part	*y = *(const struct sim_part *const *)b;

	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return x < y ? -1 : x > y;	/* the order given */
}

/* Every report of one run, each share once; -1 after a message. */
static int
sim_merge_check(const struct sim_part *parts, int n)
{
	const struct sim_part	**order;
	char			  a[256], b[256];
	long			  i;
	int			  k, what;

	for (what = 0; what < SIM_MERGE_WHATS; what++) {
		sim_merge_what(&parts[0], what, a, sizeof a);
		if (*a == '\0') {
			sim_error(EXIT_INVALID, "%s: not a report of xtac sim "
			    "--json", parts[0].path);
			return -1;
		}
		for (k = 1; k < n; k++) {
			sim_merge_what(&parts[k], what, b, sizeof b);
			/* The text may be cut short; the values may not. */
			if (strcmp(a, b) != 0 || !json_equal(sim_merge_value(
			    &parts[0], what), sim_merge_value(&parts[k],
			    what))) {
				sim_error(EXIT_INVALID, "%s: %s, but %s: %s: "
				    "not shards of one run", parts[k].path,
				    *b == '\0' ? "not a report of xtac sim "
				    "--json" : b, parts[0].path, a);
				return -1;
			}
		}
	}
	/*
	 * In share order, a share given twice is next to itself and the
	 * first share missing is where the order skips one.
	 */
	order = xcalloc((size_t)n, sizeof *order);
	for (k = 0; k < n; k++)
		order[k] = &parts[k];
	qsort(order, (size_t)n, sizeof *order, sim_merge_order);
	for (k = 0; k < n; k++) {
		if (k > 0 && order[k]->index == order[k - 1]->index) {
			sim_error(EXIT_INVALID, "%s and %s are both shard %ld "
			    "of %ld", order[k - 1]->path, order[k]->path,
			    order[k]->index, order[k]->count);
			free(order);
			return -1;
		}
	}
	for (k = 0, i = 1; i <= parts[0].count; i++, k++)
		if (k >= n || order[k]->index != i) {
			sim_error(EXIT_INVALID, "shard %ld of %ld is missing "
			    "(%ld of %ld given)", i, parts[0].count, (long)n,
			    parts[0].count);
			free(order);
			return -1;
		}
	free(order);
	return 0;
}

/* A side's games and games met per objective into st. */
static int
sim_merge_objectives(const struct sim_part *p, json_t *side, int sn,
    struct sim_stats *st)
{
	json_t		*objectives = json_object_get(side, "objectives"), *e;
	const char	*name;
	long		 games, achieved;
	size_t		 i;
	int		 m;

	if (!json_is_array(objectives))
		return sim_error(EXIT_INVALID, "%s: %s has no objectives",
		    p->path, side_names[sn]);
	json_array_foreach(objectives, i, e) {
		name = json_string_value(json_object_get(e, "objective"));
		for (m = 0; m < MISSION_COUNT; m++)
			if (name != NULL &&
			    strcmp(name, sim_objective_name(m)) == 0)
				break;
		if (m == MISSION_COUNT)
			return sim_error(EXIT_INVALID, "%s: %s: objective "
			    "'%s' is not one this xtac knows", p->path,
			    side_names[sn], name == NULL ? "" : name);
		if (sim_merge_count(p, e, "games", &games) != 0 ||
		    sim_merge_count(p, e, "achieved", &achieved) != 0)
			return -1;
		if (achieved > games)
			return sim_error(EXIT_INVALID, "%s: %s met objective "
			    "'%s' in more games than it played", p->path,
			    side_names[sn], name);
		st->obj_games[sn][m] += games;
		st->obj_done[sn][m] += achieved;
	}
	return 0;
}

/* One side's totals of a report into st. */
static int
sim_merge_side(const struct sim_part *p, json_t *side, int sn, bool terror,
    struct sim_stats *st)
{
	json_t		*losses, *units, *e;
	const char	*name, *id, *type;
	long		 wins, lost, friendly, ends, beside, index, score, x[4];
	size_t		 i;

	name = json_string_value(json_object_get(side, "side"));
	if (name == NULL || strcmp(name, side_names[sn]) != 0)
		return sim_error(EXIT_INVALID, "%s: sides[%d] is not %s",
		    p->path, sn - SIDE_XCOM, side_names[sn]);
	if (sim_merge_count(p, side, "wins", &wins) != 0 ||
	    sim_merge_count(p, side, "lost", &lost) != 0 ||
	    sim_merge_count(p, side, "friendly_losses", &friendly) != 0 ||
	    sim_merge_count(p, side, "phase_ends", &ends) != 0 ||
	    sim_merge_count(p, side, "beside", &beside) != 0 ||
	    sim_merge_spread(p, side, "rounds_to_win", &st->win_rounds[sn],
	    &st->win_rounds2[sn]) != 0 ||
	    sim_merge_objectives(p, side, sn, st) != 0)
		return -1;
	if (terror) {
		if (sim_merge_number(p, side, "score",
		    -((json_int_t)1 << 50), &score) != 0)
			return -1;
		st->score[sn] += score;
	}
	st->wins[sn] += wins;
	st->lost[sn] += lost;
	st->friendly[sn] += friendly;
	st->ends[sn] += (uint64_t)ends;
	st->beside[sn] += (uint64_t)beside;
	losses = json_object_get(side, "losses");
	units = json_object_get(side, "units");
	if (!json_is_array(losses) || !json_is_array(units))
		return sim_error(EXIT_INVALID, "%s: %s has no losses or units",
		    p->path, side_names[sn]);
	json_array_foreach(losses, i, e) {
		struct sim_type	*t;

		if ((type = sim_merge_string(p, e, "type",
		    CATALOG_ID_MAX)) == NULL ||
		    sim_merge_count(p, e, "catalog_index", &index) != 0 ||
		    index > INT_MAX ||
		    sim_merge_count(p, e, "fielded", &x[0]) != 0 ||
		    sim_merge_count(p, e, "lost", &x[1]) != 0)
			return -1;
		t = sim_type_for(st, sn, (int)index, type);
		if (strcmp(t->type_id, type) != 0)
			return sim_error(EXIT_INVALID, "%s: unit type %ld is "
			    "'%s', elsewhere '%s'", p->path, index, type,
			    t->type_id);
		t->fielded += x[0];
		t->lost += x[1];
	}
	json_array_foreach(units, i, e) {
		struct sim_unit	*u;

		if ((id = sim_merge_string(p, e, "id",
		    SCENARIO_ID_MAX)) == NULL ||
		    (type = sim_merge_string(p, e, "type",
		    CATALOG_ID_MAX)) == NULL ||
		    sim_merge_count(p, e, "games", &x[0]) != 0 ||
		    sim_merge_count(p, e, "lost", &x[1]) != 0 ||
		    sim_merge_count(p, e, "damage", &x[2]) != 0 ||
		    sim_merge_count(p, e, "kills", &x[3]) != 0)
			return -1;
		u = sim_unit_for(st, sn, id, type);
		u->games += x[0];
		u->lost += x[1];
		u->damage += x[2];
		u->kills += x[3];
	}
	return 0;
}

/* The fewest and most rounds of a report's games into st's. */
static int
sim_merge_range(const struct sim_part *p, struct sim_stats *st)
{
	json_t	*rounds = json_object_get(p->root, "rounds");
	long	 min, max;

	if (p->games == 0)
		return 0;
	if (sim_merge_count(p, rounds, "min", &min) != 0 ||
	    sim_merge_count(p, rounds, "max", &max) != 0)
		return -1;
	if (min > max || max > INT_MAX)
		return sim_error(EXIT_INVALID, "%s: rounds from %ld to %ld",
		    p->path, min, max);
	/* st->games counts the reports added so far. */
	if (st->games == 0 || min < st->rounds_min)
		st->rounds_min = (int)min;
	if (st->games == 0 || max > st->rounds_max)
		st->rounds_max = (int)max;
	return 0;
}

/* A terror site's civilians into st; a run is one or is not. */
static int
sim_merge_civilians(const struct sim_part *p, bool terror,
    struct sim_stats *st)
{
	json_t	*c = json_object_get(p->root, "civilians");
	long	 fielded, lost;

	if (!terror) {
		if (c != NULL)
			return sim_error(EXIT_INVALID, "%s: civilians, but "
			    "the first report has none: not shards of one run",
			    p->path);
		return 0;
	}
	if (!json_is_object(c))
		return sim_error(EXIT_INVALID, "%s: no civilians, but the "
		    "first report has: not shards of one run", p->path);
	if (sim_merge_count(p, c, "fielded", &fielded) != 0 ||
	    sim_merge_count(p, c, "lost", &lost) != 0)
		return -1;
	st->civilians += fielded;
	st->civilians_lost += lost;
	return 0;
}

/* A report's totals into st. */
static int
sim_merge_add(const struct sim_part *p, bool terror, struct sim_stats *st)
{
	json_t	*sides = json_object_get(p->root, "sides");
	long	 draws, capped, stalls, lost, friendly, civilian;
	int	 sn;

	if (sim_merge_count(p, p->root, "draws", &draws) != 0 ||
	    sim_merge_count(p, p->root, "capped", &capped) != 0 ||
	    sim_merge_count(p, p->root, "stalls", &stalls) != 0 ||
	    sim_merge_count(p, p->root, "lost", &lost) != 0 ||
	    sim_merge_count(p, p->root, "friendly_losses", &friendly) != 0 ||
	    sim_merge_spread(p, p->root, "rounds", &st->rounds,
	    &st->rounds2) != 0 ||
	    sim_merge_range(p, st) != 0 ||
	    sim_merge_civilians(p, terror, st) != 0)
		return -1;
	if (!json_is_array(sides) || json_array_size(sides) != 2)
		return sim_error(EXIT_INVALID, "%s: 'sides' is not the two "
		    "sides", p->path);
	st->games += p->games;
	st->draws += draws;
	st->capped += capped;
	st->stalls += (uint64_t)stalls;
	for (sn = SIDE_XCOM; sn <= SIDE_ALIEN; sn++) {
		json_t	*side = json_array_get(sides, (size_t)(sn - SIDE_XCOM));

		if (sim_merge_side(p, side, sn, terror, st) != 0)
			return -1;
		lost -= json_integer_value(json_object_get(side, "lost"));
		friendly -= json_integer_value(json_object_get(side,
		    "friendly_losses"));
	}
	/* The run's totals count civilians too; what is left is theirs. */
	civilian = lost;
	if (civilian < 0 || friendly < 0)
		return sim_error(EXIT_INVALID, "%s: the sides lost more than "
		    "the run", p->path);
	st->lost[SIDE_CIVILIAN] += civilian;
	st->friendly[SIDE_CIVILIAN] += friendly;
	return 0;
}

int
sim_merge(int n, char **paths, bool json)
{
	struct sim_part		*parts = xcalloc((size_t)n, sizeof *parts);
	struct sim_options	 o;
	struct sim_stats	 st;
	json_t			*root, *sides;
	int			 k, status = EXIT_INVALID;

	memset(&st, 0, sizeof st);
	for (k = 0; k < n; k++)
		if (sim_merge_read(&parts[k], paths[k]) != 0)
			goto out;
	if (sim_merge_check(parts, n) != 0)
		goto out;
	memset(&o, 0, sizeof o);
	/* A terror site's reports, even of no games, count civilians. */
	o.terror = json_object_get(parts[0].root, "civilians") != NULL;
	for (k = 0; k < n; k++)
		if (sim_merge_add(&parts[k], o.terror, &st) != 0)
			goto out;
	root = parts[0].root;
	sides = json_object_get(root, "sides");
	o.map = json_string_value(json_object_get(root, "map"));
	o.name = json_string_value(json_object_get(root, "name"));
	o.games = parts[0].run_games;
	o.shards = 1;
	o.rounds = (int)json_integer_value(json_object_get(root, "round_cap"));
	if (rng_parse_seed(json_string_value(json_object_get(root, "seed")),
	    &o.seed) != 0 ||
	    !cli_parse_ai_level(json_string_value(json_object_get(
	    json_array_get(sides, 0), "level")), &o.level[SIDE_XCOM]) ||
	    !cli_parse_ai_level(json_string_value(json_object_get(
	    json_array_get(sides, 1), "level")), &o.level[SIDE_ALIEN])) {
		sim_error(EXIT_INVALID, "%s: a bad seed or level",
		    parts[0].path);
		goto out;
	}
	for (k = SIDE_XCOM; k <= SIDE_ALIEN; k++) {
		json_t *sq = json_object_get(json_array_get(sides, (size_t)k),
		    "squad");

		if (sq == NULL)
			continue;
		o.squad[k] = json_string_value(json_object_get(sq, "file"));
		snprintf(o.squad_hash[k], sizeof o.squad_hash[k], "%s",
		    json_string_value(json_object_get(sq, "hash")));
	}
	if (json)
		sim_print_json(&o, &st);
	else
		sim_print(&o, &st);
	status = EXIT_OK;
out:
	for (k = 0; k < n; k++)
		json_decref(parts[k].root);
	free(parts);
	sim_stats_free(&st);
	return status;
}
