/*
 * cmd-script.c - `xtac script MAP [--seed N] [--save FILE]`: the headless
 * driver.  Reads one command a line on stdin, prints every event as one
 * JSON object a line on stdout.  The same map, seed and input always give
 * the same bytes.  With --save, the game is written as a journal as it
 * goes (journal.h): each accepted line is on disk before the next is read.
 *
 * Besides the game's commands (cmd.h) it answers queries that change
 * nothing (script-query.c): query hit|path|reach|los|unit|state.  A bad
 * line becomes an "error" event naming it; the driver never stops on one.  Exit status: 0
 * when every line was accepted, 1 when any was refused, 2 usage, 3 trouble
 * (the save could not be written, among others).
 *
 * With --as SIDE it is the same protocol as that side plays it (xtac(6)):
 * events and answers carry only what the side knows (know.h), commands for
 * other sides' units are refused, and the computer plays the other sides.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cli.h"
#include "script.h"
#include "script-int.h"
#include "xtac/file.h"
#include "xtac/ai.h"
#include "xtac/game.h"
#include "xtac/journal.h"
#include "xtac/know.h"
#include "xtac/save.h"
#include "xtac/rng.h"
#include "xtac/util.h"

json_t *
script_pos(struct pos p)
{
	/* People and scripts count from 1. */
	return json_pack("[iii]", p.x + 1, p.y + 1, p.z + 1);
}

void
script_print(const struct script_view *v, json_t *o)
{
	char	*s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);

	if (s != NULL) {
		v->emit(v->ctx, s);
		free(s);
	}
	json_decref(o);
}

json_t *
script_terms(const struct event *e)
{
	json_t	*terms = json_array();
	size_t	 i;

	for (i = 0; i < e->nterms; i++)
		json_array_append_new(terms, json_pack("{sssi}", "name",
		    e->terms[i].name, "value", e->terms[i].value));
	return terms;
}

/* The events as one view is told them: only what its side saw. */
static void
script_view_events(const struct script_view *vw, const struct event_list *ev)
{
	struct event	 view;
	size_t		 i, f;

	for (i = 0; i < ev->n; i++) {
		const struct event *e = &ev->v[i];
		json_t *o;

		if (vw->as >= 0) {
			if (!know_event_seen(e, (enum side)vw->as))
				continue;
			know_event_view(e, (enum side)vw->as, &view);
			e = &view;
		}
		o = json_object();

		json_object_set_new(o, "event",
		    json_string(event_type_names[e->type]));
		for (f = 0; f < e->nfields; f++) {
			const struct event_field *fl = &e->fields[f];
			json_t *v = NULL;

			switch (fl->kind) {
			case EVV_INT:
				v = json_integer(fl->i);
				break;
			case EVV_STR:
				v = json_string(fl->s ? fl->s : "");
				break;
			case EVV_BOOL:
				v = json_boolean(fl->i);
				break;
			case EVV_POS:
				v = script_pos(fl->pos);
				break;
			}
			json_object_set_new(o, fl->key, v);
		}
		if (e->nterms > 0)
			json_object_set_new(o, "terms", script_terms(e));
		script_print(vw, o);
	}
}

/* Every view is told the events, each what it saw; then they are gone. */
static void
script_tell(struct script *sc, struct event_list *ev)
{
	int	i;

	sc->telling = true;
	for (i = 0; i < sc->nviews; i++)
		script_view_events(&sc->views[i], ev);
	sc->telling = false;
	event_list_clear(ev);
}

void
script_flush(struct script *sc)
{
	script_tell(sc, &sc->ev);
}

void
script_error(const struct script_view *v, const char *line,
    const char *reason)
{
	script_print(v, json_pack("{ssssss}", "event", "error", "command", line,
	    "reason", reason));
}

static void
script_ai_command(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct script	*sc = ctx;

	(void)c;
	(void)reason;
	script_tell(sc, (struct event_list *)ev);
}

void
script_others(struct script *sc)
{
	int	side;

	while (!game_over(sc->g) &&
	    (side = game_side_to_move(sc->g)) != GAME_NO_SIDE &&
	    sc->computer[side]) {
		if (sc->ai[side] == NULL) {
			struct ai_options o;

			memset(&o, 0, sizeof o);
			o.level = sc->level;
			o.seed = game_seed(sc->g) ^ (uint64_t)(side + 1);
			sc->ai[side] = ai_new(sc->g, (enum side)side, &o);
		}
		ai_play_phase(sc->ai[side], sc->g, script_ai_command, sc);
	}
}

/* --- the loop -------------------------------------------------------------- */

void
script_init(struct script *sc)
{
	memset(sc, 0, sizeof *sc);
	sc->level = AI_NORMAL;
	event_list_init(&sc->ev);
}

void
script_free(struct script *sc)
{
	int	i;

	for (i = 0; i < SIDE_COUNT; i++)
		ai_free(sc->ai[i]);
	event_list_free(&sc->ev);
	memset(sc->ai, 0, sizeof sc->ai);
}

int
script_view_add(struct script *sc, int as, bool watch,
    void (*emit)(void *, const char *), void *ctx)
{
	struct script_view	*v;

	if (sc->nviews == SCRIPT_VIEWS)
		fatal("script_view_add: more than %d views", SCRIPT_VIEWS);
	v = &sc->views[sc->nviews];
	v->as = as;
	v->watch = watch;
	v->emit = emit;
	v->ctx = ctx;
	return sc->nviews++;
}

void
script_view_begin(struct script *sc, int view)
{
	const struct script_view	*v = &sc->views[view];

	sc->telling = true;
	if (v->as >= 0)
		script_print(v, json_pack("{sssiss}", "event", "protocol",
		    "version", SCRIPT_PROTOCOL, "as", side_names[v->as]));
	sc->telling = false;
}

int
script_line(struct script *sc, int view, char *line)
{
	const struct script_view	*v = &sc->views[view];
	struct command			 c;
	char				*cause = NULL, *copy, *w[16], *s;
	int				 n = 0, rc;

	/* Queries are words; split a copy to recognise them. */
	copy = xstrdup(line);
	for (s = strtok(copy, " \t\r"); s != NULL && n < 16;
	    s = strtok(NULL, " \t\r"))
		w[n++] = s;
	if (n == 0 || w[0][0] == '#') {
		free(copy);
		return 0;
	}
	if (strcmp(w[0], "query") == 0) {
		rc = v->as >= 0 ? script_as_query(sc, v, line, w, n) :
		    script_query(sc, v, line, w, n);
		free(copy);
		return rc;
	}
	free(copy);
	if (cmd_parse(sc->g, line, &c, &cause) < 0) {
		script_error(v, line, cause);
		free(cause);
		return -1;
	}
	if ((v->as >= 0 || v->watch) && script_as_check(sc, v, line, &c) < 0)
		return -1;
	rc = game_execute(sc->g, &c, &sc->ev);
	script_flush(sc);
	script_others(sc);
	return rc;
}

void
script_long_line(struct script *sc, int view)
{
	script_error(&sc->views[view], "(a long line)", "lines are at most "
	    "4095 characters");
}

static void
script_stdout(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

int
cli_script_line(struct game *g, char *line, struct event_list *ev)
{
	struct script	sc;
	int		rc;

	/* Omniscient, as without --as; the list is lent and given back. */
	memset(&sc, 0, sizeof sc);
	sc.g = g;
	sc.ev = *ev;
	script_view_add(&sc, -1, false, script_stdout, NULL);
	rc = script_line(&sc, 0, line);
	*ev = sc.ev;
	return rc;
}

/*
 * --save FILE: the game as a journal (journal.h), begun with the game and
 * made durable after each line, so a killed script loses nothing it was
 * told; ended when the input ends.  A failure is said once; the game goes
 * on, each later line tries again, and the exit status says so.
 */
void
script_save_init(struct script_save *ss, const struct cli *cli,
    const char *who)
{
	memset(ss, 0, sizeof *ss);
	ss->cli = cli;
	ss->who = who;
	journal_init(&ss->j);
}

static int
script_save_fail(struct script_save *ss, char *cause)
{
	if (!ss->failed)
		fprintf(stderr, "%s: %s\n", ss->who, cause);
	free(cause);
	ss->failed = true;
	return -1;
}

int
script_save_sync(struct script_save *ss, const struct game *g, bool end)
{
	char		*cause = NULL, *name;
	uint64_t	 hash;
	int		 rc;

	if (ss->path == NULL)
		return 0;
	if (ss->j.fd < 0) {
		if (!cli_map_hash(ss->cli, ss->map, &hash, &cause))
			return script_save_fail(ss, cause);
		name = cli_save_map_name(ss->cli, ss->map, ss->path);
		rc = journal_begin(&ss->j, ss->path, g, name, hash,
		    ss->players, ss->exclusive, &cause);
		free(name);
		if (rc != 0)
			return script_save_fail(ss, cause);
	}
	if ((end ? journal_end(&ss->j, g, &cause) : journal_sync(&ss->j, g,
	    &cause)) != 0)
		return script_save_fail(ss, cause);
	return 0;
}

int
cmd_script(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "save", required_argument, NULL, 'S' },
		{ "as", required_argument, NULL, 'a' },
		{ "squad", required_argument, NULL, 'Q' },
		{ "roster", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	struct script_save		 ss;
	struct catalog			 cat;
	struct scenario			*s;
	struct script			 sc;
	char				 line[SCRIPT_MAX_LINE];
	uint64_t			 seed = (uint64_t)time(NULL);
	int				 ch, status = EXIT_OK, i, as = -1;
	bool				 seeded = false;

	script_save_init(&ss, cli, "xtac script");
	while ((ch = getopt_long(argc, argv, "s:S:", opts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			for (i = 0; i < SIDE_COUNT; i++)
				if (strcmp(optarg, side_names[i]) == 0 &&
				    i != SIDE_CIVILIAN)
					as = i;
			if (as < 0) {
				fprintf(stderr, "xtac script: no side '%s' to "
				    "play as (xcom or alien)\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'S':
			ss.path = optarg;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		case 'R':
			if (!cli_parse_roster(cli, optarg))
				return EXIT_USAGE;
			break;
		case 's':
			if (rng_parse_seed(optarg, &seed) != 0) {
				fprintf(stderr, "xtac script: bad seed '%s' "
				    "(a whole number, or 0x hex)\n", optarg);
				return EXIT_USAGE;
			}
			seeded = true;
			break;
		default:
			cli_usage(stderr, cli_command_named("script"));
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_usage(stderr, cli_command_named("script"));
		return EXIT_USAGE;
	}
	if (!seeded)
		cli_encounter_seed(cli, argv[optind], &seed);
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if ((s = cli_load_scenario(cli, argv[optind], &cat, stderr)) == NULL) {
		catalog_free(&cat);
		return EXIT_INVALID;
	}
	/* With --as, one side's eyes; the computer plays every other. */
	script_init(&sc);
	script_view_add(&sc, as, false, script_stdout, NULL);
	for (i = 0; i < SIDE_COUNT; i++)
		sc.computer[i] = as >= 0 && i != as;
	script_view_begin(&sc, 0);
	sc.g = game_new(s, seed, &sc.ev);
	script_flush(&sc);
	ss.map = argv[optind];
	script_save_sync(&ss, sc.g, false);
	script_others(&sc);
	while (fgets(line, sizeof line, stdin) != NULL) {
		size_t len = strlen(line);

		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(stdin)) {
			int c;
			script_long_line(&sc, 0);
			while ((c = getchar()) != EOF && c != '\n')
				;
			status = EXIT_INVALID;
			continue;
		}
		if (script_line(&sc, 0, line) < 0)
			status = EXIT_INVALID;
		script_save_sync(&ss, sc.g, false);
		fflush(stdout);
	}
	if (script_save_sync(&ss, sc.g, true) != 0 || ss.failed)
		status = EXIT_TROUBLE;
	if (cli_write_rosters(cli, sc.g, "xtac script", stderr) != 0)
		status = EXIT_TROUBLE;
	journal_close(&ss.j);
	game_free(sc.g);
	script_free(&sc);
	scenario_free(s);
	catalog_free(&cat);
	return status;
}
