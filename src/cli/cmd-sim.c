/*
 * cmd-sim.c - `xtac sim MAP --games N`: the computer against itself,
 * headless, many times, and what came of it: per side the win rate with a
 * 95 % interval, the rounds, the losses per unit type (and how many to
 * their own side's fire) and which units did most and least.  Exit 0, 1
 * when the map does not load (or, for --merge, the reports do not make one
 * run), 2 usage, 3 when the catalog is missing or a game cannot be played.
 *
 * Game i is played with seeds derived from the run seed and i
 * (battle_seed()).  --shard I/N plays only games I-1, I-1+N, ... of the
 * run, with the same seeds; sim-merge.c adds the shares' reports up.  The
 * share's m-th game is played by worker m % J.  Each worker writes its
 * results to its own pipe in the order it plays them, so the parent reads
 * them in game-index order whatever --jobs is.  Every total is an integer,
 * so the report is a function of the map, the options and the seed alone.
 * MAP may be a save: the games are then played on from its position
 * (sim-from.c).
 *
 * --log FILE writes the trace of one game of the run (battle-log.c),
 * --log-game I, the first by default: that game is played once more on
 * its own after the run, with the same seeds, so the report is the same
 * with or without it.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "sim.h"
#include "xtac/battle.h"
#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/util.h"

#define SIM_MAX_GAMES	10000000
#define SIM_MAX_JOBS	64
#define SIM_MAX_ROUNDS	1000

/* What a worker writes for one game, followed by nunits battle_units. */
struct sim_wire {
	uint64_t	index;
	int32_t		winner;
	int32_t		rounds;
	uint32_t	capped;
	uint32_t	stalls;
	uint32_t	ends[SIDE_COUNT];
	uint32_t	beside[SIDE_COUNT];
	uint32_t	nunits;
	int32_t		objective[SIDE_COUNT];
	uint32_t	achieved[SIDE_COUNT];
	int32_t		civilians, civilians_lost;
	int32_t		score[SIDE_COUNT];
};

/* --- playing ------------------------------------------------------------ */

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
    struct battle_result *r, FILE *log)
{
	struct battle_options	 bo;
	char			*cause = NULL;

	battle_options_for(&bo, o->seed, (uint64_t)index, o->level[SIDE_XCOM],
	    o->level[SIDE_ALIEN], o->rounds);
	bo.log = log;
	if ((o->from != NULL ? battle_play_from(o->from, &bo, r, &cause) :
	    battle_play(s, &bo, r, &cause)) != 0) {
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

/* The run's game that is the m-th of this share. */
static long
sim_game(const struct sim_options *o, long m)
{
	return o->shard + m * o->shards;
}

/*
 * A worker: play the share's games first, first + step, ... of its n;
 * never returns.
 */
static void
sim_worker(const struct sim_options *o, const struct scenario *s, int fd,
    long first, long step, long n)
{
	struct battle_result	r;
	struct sim_wire		w;
	long			i;
	int			j;

	for (i = first; i < n; i += step) {
		if (sim_play(o, s, sim_game(o, i), &r, NULL) != 0)
			_exit(EXIT_TROUBLE);
		memset(&w, 0, sizeof w);
		w.index = (uint64_t)sim_game(o, i);
		w.winner = r.winner;
		w.rounds = r.rounds;
		w.capped = r.capped;
		w.stalls = (uint32_t)r.stalls;
		memcpy(w.ends, r.ends, sizeof w.ends);
		memcpy(w.beside, r.beside, sizeof w.beside);
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
	memcpy(r->ends, w.ends, sizeof r->ends);
	memcpy(r->beside, w.beside, sizeof r->beside);
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
	long			 n = sim_share(o->games, o->shard, o->shards);
	bool			 bar = isatty(STDERR_FILENO), ok = true;

	if (jobs > n)
		jobs = (int)n;
	if (jobs <= 1) {
		for (i = 0; i < n; i++) {
			if (sim_play(o, s, sim_game(o, i), &r, NULL) != 0)
				return -1;
			sim_add(st, s->catalog, &r);
			battle_result_free(&r);
			if (bar)
				sim_progress(i + 1, n, &shown);
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
			sim_worker(o, s, p[1], j, jobs, n);
		}
		close(p[1]);
		fds[j] = p[0];
	}
	for (i = 0; i < n && ok; i++) {
		if (sim_receive(fds[i % jobs], sim_game(o, i), &r) != 0) {
			ok = false;
			break;
		}
		sim_add(st, s->catalog, &r);
		battle_result_free(&r);
		if (bar)
			sim_progress(i + 1, n, &shown);
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

/* The trace of game o->log_game, played again on its own. */
static int
sim_log(const struct sim_options *o, const struct scenario *s)
{
	struct battle_result	 r;
	FILE			*f;
	int			 rc;

	if ((f = fopen(o->log, "w")) == NULL) {
		fprintf(stderr, "xtac sim: %s: %s\n", o->log, strerror(errno));
		return -1;
	}
	rc = sim_play(o, s, o->log_game, &r, f);
	if (rc == 0)
		battle_result_free(&r);
	if (fclose(f) != 0 && rc == 0) {
		fprintf(stderr, "xtac sim: %s: %s\n", o->log, strerror(errno));
		rc = -1;
	}
	return rc;
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

/* "I/N" into a share from 0 and a count. */
static int
sim_parse_shard(const char *arg, long *shard, long *shards)
{
	const char	*slash = strchr(arg, '/');
	char		 first[32];
	long		 i, n;

	if (slash == NULL || (size_t)(slash - arg) >= sizeof first)
		return -1;
	memcpy(first, arg, (size_t)(slash - arg));
	first[slash - arg] = '\0';
	if (sim_parse_long(first, 1, SIM_MAX_GAMES, &i) != 0 ||
	    sim_parse_long(slash + 1, 1, SIM_MAX_GAMES, &n) != 0 || i > n)
		return -1;
	*shard = i - 1;
	*shards = n;
	return 0;
}

/*
 * "xtac sim: " and a message on stderr, and the usage too for a bad
 * command line (EXIT_USAGE); returns status.
 */
int
sim_error(int status, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "xtac sim: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	if (status == EXIT_USAGE)
		cli_usage(stderr, cli_command_named("sim"));
	return status;
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
		{ "squad", required_argument, NULL, 'Q' },
		{ "shard", required_argument, NULL, 'S' },
		{ "merge", no_argument, NULL, 'm' },
		{ "log", required_argument, NULL, 'L' },
		{ "log-game", required_argument, NULL, 'G' },
		{ NULL, 0, NULL, 0 }
	};
	struct sim_options		 o;
	struct sim_stats		 st;
	struct catalog			 cat;
	struct scenario			*s;
	struct save			 save;
	struct game			*from = NULL;
	bool				 vs = false, merge = false;
	bool				 played = false, seeded = false;
	bool				 saved;
	long				 v;
	int				 ch, status, side;

	memset(&o, 0, sizeof o);
	o.games = -1;
	o.jobs = 1;
	o.level[SIDE_XCOM] = o.level[SIDE_ALIEN] = AI_NORMAL;
	o.rounds = BATTLE_DEFAULT_ROUNDS;
	o.shards = 1;
	/* Without --seed, the clock; the report prints the seed used. */
	o.seed = (uint64_t)time(NULL);
	while ((ch = getopt_long(argc, argv, "n:s:j:Jl:v:r:S:mL:G:", opts,
	    NULL)) != -1) {
		/* Every option but --json is about playing: not for a merge. */
		if (ch != 'J' && ch != 'm')
			played = true;
		switch (ch) {
		case 'n':
			if (sim_parse_long(optarg, 1, SIM_MAX_GAMES, &o.games))
				return sim_error(EXIT_USAGE, "bad --games "
				    "'%s' (a whole number from 1 to 10000000)",
				    optarg);
			break;
		case 's':
			if (rng_parse_seed(optarg, &o.seed) != 0)
				return sim_error(EXIT_USAGE, "bad seed '%s' "
				    "(a whole number, or 0x hex)", optarg);
			seeded = true;
			break;
		case 'j':
			if (sim_parse_long(optarg, 1, SIM_MAX_JOBS, &v))
				return sim_error(EXIT_USAGE, "bad --jobs '%s' "
				    "(1 to 64)", optarg);
			o.jobs = (int)v;
			break;
		case 'J':
			o.json = true;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		case 'l':
			if (!cli_parse_ai_level(optarg, &o.level[SIDE_XCOM]))
				return sim_error(EXIT_USAGE, "unknown level "
				    "'%s' (known: random, easy, normal, hard)",
				    optarg);
			break;
		case 'v':
			if (!cli_parse_ai_level(optarg, &o.level[SIDE_ALIEN]))
				return sim_error(EXIT_USAGE, "unknown level "
				    "'%s' (known: random, easy, normal, hard)",
				    optarg);
			vs = true;
			break;
		case 'r':
			if (sim_parse_long(optarg, 1, SIM_MAX_ROUNDS, &v))
				return sim_error(EXIT_USAGE, "bad --rounds "
				    "'%s' (1 to 1000)", optarg);
			o.rounds = (int)v;
			break;
		case 'S':
			if (sim_parse_shard(optarg, &o.shard, &o.shards) != 0)
				return sim_error(EXIT_USAGE, "bad --shard "
				    "'%s' (I/N, 1 <= I <= N <= 10000000)",
				    optarg);
			break;
		case 'm':
			merge = true;
			break;
		case 'L':
			o.log = optarg;
			break;
		case 'G':
			if (sim_parse_long(optarg, 1, SIM_MAX_GAMES, &v))
				return sim_error(EXIT_USAGE, "bad --log-game "
				    "'%s' (a whole number from 1 to 10000000)",
				    optarg);
			o.log_game = v;
			break;
		default:
			cli_usage(stderr, cli_command_named("sim"));
			return EXIT_USAGE;
		}
	}
	if (merge) {
		if (played)
			return sim_error(EXIT_USAGE, "%s", "--merge takes "
			    "only --json and the reports");
		if (argc - optind < 1)
			return sim_error(EXIT_USAGE, "%s", "no report given to "
			    "--merge");
		return sim_merge(argc - optind, argv + optind, o.json);
	}
	if (!vs)
		o.level[SIDE_ALIEN] = o.level[SIDE_XCOM];
	if (argc - optind != 1)
		return sim_error(EXIT_USAGE, "%s", argc - optind == 0 ?
		    "no map given" : "one map only");
	if (o.games < 0)
		return sim_error(EXIT_USAGE, "%s", "--games N is required");
	if (o.log_game > 0 && o.log == NULL)
		return sim_error(EXIT_USAGE, "%s", "--log-game goes with --log");
	if (o.log_game > o.games)
		return sim_error(EXIT_USAGE, "--log-game %ld: the run has %ld "
		    "games", o.log_game, o.games);
	if (o.log_game > 0)
		o.log_game--;
	o.map = argv[optind];
	if ((saved = sim_is_save(o.map)) && (o.shards > 1 ||
	    cli->squads[SIDE_XCOM] != NULL || cli->squads[SIDE_ALIEN] != NULL))
		return sim_error(EXIT_USAGE, "%s", "a save brings its units "
		    "and is played whole: no --squad, no --shard");
	if (!seeded && !saved)
		cli_encounter_seed(cli, o.map, &o.seed);
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr)) {
		catalog_free(&cat);
		return EXIT_TROUBLE;
	}
	if (saved) {
		if ((status = sim_from_load(cli, &o, &cat, &save, &s,
		    &from)) != EXIT_OK) {
			catalog_free(&cat);
			return status;
		}
	} else if ((s = cli_load_scenario(cli, o.map, &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	o.name = s->name;
	o.terror = s->mission == MISSION_TERROR;
	for (side = 0; side < SIDE_CIVILIAN && from == NULL; side++)
		if (s->sides[side].squad_text != NULL) {
			o.squad[side] = s->sides[side].squad_file;
			snprintf(o.squad_hash[side], sizeof o.squad_hash[side],
			    "%016llx", (unsigned long long)save_hash_bytes(
			    s->sides[side].squad_text, s->sides[side].squad_len));
		}
	memset(&st, 0, sizeof st);
	if (sim_run(&o, s, &st) != 0 ||
	    (o.log != NULL && sim_log(&o, s) != 0))
		status = EXIT_TROUBLE;
	else {
		if (o.json)
			sim_print_json(&o, &st);
		else
			sim_print(&o, &st);
		status = EXIT_OK;
	}
	sim_stats_free(&st);
	if (from != NULL) {
		game_free(from);
		save_free(&save);
	}
	scenario_free(s);
	catalog_free(&cat);
	return status;
}
