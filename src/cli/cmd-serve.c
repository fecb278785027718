/*
 * cmd-serve.c - `xtac serve MAP|--load SAVE --listen ADDR`: host one game
 * for players who `xtac join` it (xtac(6) GAME SERVER).  One thread, one
 * poll() loop: it reads whole lines from its connections, hands them to
 * the game (serve-game.c) and writes back what each seat is told.  The
 * game is journaled as it goes (journal.h), each line on disk before the
 * next is read, so a killed server is resumed with --load.
 */
#include <sys/socket.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "serve.h"
#include "xtac/file.h"
#include "xtac/journal.h"
#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/util.h"

/* Bytes read from one connection at a turn of the loop: others wait less. */
#define SERVE_READ	65536

static volatile sig_atomic_t serve_stop;

static void
serve_on_signal(int sig)
{
	serve_stop = sig;
}

/* 128 bits from the kernel's generator as hex, per seat. */
static int
serve_tokens(char tokens[SERVE_SEATS][SERVE_TOKEN + 1])
{
	unsigned char	raw[SERVE_TOKEN / 2];
	int		fd, i;
	size_t		k;

	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	for (i = 0; i < SERVE_SEATS; i++) {
		if (read(fd, raw, sizeof raw) != (ssize_t)sizeof raw) {
			close(fd);
			return -1;
		}
		for (k = 0; k < sizeof raw; k++)
			snprintf(tokens[i] + 2 * k, 3, "%02x", raw[k]);
	}
	close(fd);
	return 0;
}

/* The loop's connections; a slot is NULL when free. */
struct serve_loop {
	struct serve		*sv;
	int			 listener;
	struct serve_conn	*conns[SERVE_MAX_CONNS];
};

static void
serve_close(struct serve_loop *l, int i)
{
	struct serve_conn	*cn = l->conns[i];

	serve_conn_gone(l->sv, cn);
	serve_screen_stop(cn);
	close(cn->fd);
	serve_conn_free(cn);
	free(cn);
	l->conns[i] = NULL;
}

static long long
serve_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * A connection that has not said who it is in SERVE_HELLO_MS is let go,
 * so idle ones cannot hold every slot; the poll timeout until the next.
 */
static int
serve_hello_deadline(struct serve_loop *l)
{
	long long	now = serve_now(), left, soonest = -1;
	int		i;

	for (i = 0; i < SERVE_MAX_CONNS; i++) {
		struct serve_conn *cn = l->conns[i];

		if (cn == NULL || cn->seat >= 0 || cn->closing)
			continue;
		if ((left = cn->opened + SERVE_HELLO_MS - now) <= 0) {
			serve_conn_refuse(cn, "no handshake in time");
			continue;
		}
		if (soonest < 0 || left < soonest)
			soonest = left;
	}
	return (int)soonest;
}

static void
serve_accept(struct serve_loop *l)
{
	struct serve_conn	*cn;
	int			 fd, i, fl;

	if ((fd = accept(l->listener, NULL, NULL)) < 0)
		return;
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	if ((fl = fcntl(fd, F_GETFL)) >= 0)
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	cn = xmalloc(sizeof *cn);
	serve_conn_init(cn, fd);
	cn->opened = serve_now();
	for (i = 0; i < SERVE_MAX_CONNS; i++)
		if (l->conns[i] == NULL) {
			l->conns[i] = cn;
			return;
		}
	/* Full: a last word, best effort, and goodbye. */
	serve_conn_refuse(cn, "too many connections");
	(void)send(fd, cn->out.p + cn->out.off, serve_buf_len(&cn->out),
	    MSG_NOSIGNAL | MSG_DONTWAIT);
	close(fd);
	serve_conn_free(cn);
	free(cn);
}

/* Read what is there; false when the connection is over. */
static bool
serve_read(struct serve_loop *l, struct serve_conn *cn)
{
	char	buf[SERVE_READ];
	ssize_t	n;

	n = recv(cn->fd, buf, sizeof buf, MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK ||
		    errno == EINTR;
	if (n == 0)
		return false;
	serve_conn_input(l->sv, cn, buf, (size_t)n);
	return true;
}

static bool
serve_write(struct serve_conn *cn)
{
	ssize_t	n;

	n = send(cn->fd, cn->out.p + cn->out.off, serve_buf_len(&cn->out),
	    MSG_NOSIGNAL | MSG_DONTWAIT);
	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK ||
		    errno == EINTR;
	serve_buf_take(&cn->out, (size_t)n);
	return true;
}

/* Until a signal, or the game is over and everyone has gone. */
static void
serve_run(struct serve_loop *l)
{
	struct pollfd	 pfd[3 * SERVE_MAX_CONNS + 1];
	int		 idx[3 * SERVE_MAX_CONNS + 1], kind[3 * SERVE_MAX_CONNS + 1];
	int		 n, i, k, left, ms;
	char		*cause = NULL;

	for (;;) {
		serve_screen_reap();
		ms = serve_hello_deadline(l);
		n = 0;
		left = 0;
		for (i = 0; i < SERVE_MAX_CONNS; i++) {
			struct serve_conn *cn = l->conns[i];

			if (cn == NULL)
				continue;
			/* A screen seat just taken: its client starts. */
			if (cn->screen && cn->child == 0 && !cn->closing &&
			    !cn->dead && serve_screen_start(l->sv, cn,
			    &cause) != 0) {
				fprintf(stderr, "xtac serve: %s\n", cause);
				free(cause);
				cause = NULL;
				cn->dead = true;
			}
			if (cn->dead || (cn->closing &&
			    serve_buf_len(&cn->out) == 0)) {
				serve_close(l, i);
				continue;
			}
			left++;
			pfd[n].fd = cn->fd;
			pfd[n].events = (cn->closing ? 0 : POLLIN) |
			    (serve_buf_len(&cn->out) > 0 ? POLLOUT : 0);
			pfd[n].revents = 0;
			kind[n] = 0;
			idx[n++] = i;
			if (cn->child > 0 && !cn->closing) {
				serve_screen_fds(cn, &pfd[n]);
				kind[n] = 1;
				idx[n++] = i;
				kind[n] = 2;
				idx[n++] = i;
			}
		}
		if (serve_stop || (game_over(l->sv->sc.g) && left == 0))
			return;
		pfd[n].fd = l->listener;
		pfd[n].events = POLLIN;
		pfd[n].revents = 0;
		if (poll(pfd, (nfds_t)n + 1, ms) < 0) {
			if (errno == EINTR)
				continue;
			fatal("poll: %s", strerror(errno));
		}
		for (k = 0; k < n; k++) {
			struct serve_conn *cn = l->conns[idx[k]];
			bool ok = true;

			/* Closed earlier in this turn of the loop. */
			if (cn == NULL || pfd[k].revents == 0)
				continue;
			if (kind[k] != 0) {
				/* The client is gone: its last words, then. */
				if (!cn->closing && !serve_screen_io(l->sv,
				    cn, kind[k] - 1, pfd[k].revents))
					cn->closing = true;
				continue;
			}
			if (pfd[k].revents & (POLLIN | POLLHUP | POLLERR))
				ok = serve_read(l, cn);
			if (ok && (pfd[k].revents & POLLOUT))
				ok = serve_write(cn);
			if (!ok)
				serve_close(l, idx[k]);
		}
		if (pfd[n].revents & POLLIN)
			serve_accept(l);
	}
}

static void
serve_signals(void)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	/* No SA_RESTART: poll() is interrupted and the loop looks. */
	sa.sa_handler = serve_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Replaying a save: every command's events told, as they were. */
static void
serve_replay_each(void *arg, const struct event_list *ev)
{
	struct script	*sc = arg;

	(void)ev;
	script_flush(sc);
}

struct serve_opts {
	const char	*map;
	const char	*load;
	const char	*listen;
	const char	*save;
	uint64_t	 seed;
	bool		 seeded;
	bool		 computer[SIDE_COUNT];
	bool		 ai_given;
	enum ai_level	 level;		/* of the computer's side */
	bool		 level_given;
	bool		 manual;	/* --dice manual */
};

static int
serve_parse(struct cli *cli, int argc, char **argv, struct serve_opts *o)
{
	static const struct option	 opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "load", required_argument, NULL, 'l' },
		{ "listen", required_argument, NULL, 'L' },
		{ "save", required_argument, NULL, 'S' },
		{ "ai", required_argument, NULL, 'a' },
		{ "dice", required_argument, NULL, 'd' },
		{ "level", required_argument, NULL, 'v' },
		{ "squad", required_argument, NULL, 'Q' },
		{ NULL, 0, NULL, 0 }
	};
	enum side			 side;
	int				 ch;

	memset(o, 0, sizeof *o);
	o->seed = (uint64_t)time(NULL);
	o->level = AI_NORMAL;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			if (rng_parse_seed(optarg, &o->seed) != 0) {
				fprintf(stderr, "xtac serve: bad seed '%s' "
				    "(a whole number, or 0x hex)\n", optarg);
				return EXIT_USAGE;
			}
			o->seeded = true;
			break;
		case 'l':
			o->load = optarg;
			break;
		case 'L':
			o->listen = optarg;
			break;
		case 'S':
			o->save = optarg;
			break;
		case 'a':
			if (!cli_parse_side(optarg, &side)) {
				fprintf(stderr, "xtac serve: no side '%s' for "
				    "the computer (xcom or alien)\n", optarg);
				return EXIT_USAGE;
			}
			o->computer[side] = true;
			o->ai_given = true;
			break;
		case 'd':
			if (strcmp(optarg, "manual") != 0 &&
			    strcmp(optarg, "auto") != 0) {
				fprintf(stderr, "xtac serve: --dice is manual "
				    "or auto, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			o->manual = strcmp(optarg, "manual") == 0;
			break;
		case 'v':
			if (!cli_parse_ai_level(optarg, &o->level)) {
				fprintf(stderr, "xtac serve: --level is random, "
				    "easy, normal or hard, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			o->level_given = true;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		default:
			return cli_usage_error("serve");
		}
	}
	if (argc - optind == 1)
		o->map = argv[optind];
	/* An encounter (xtac new) brings its seed, as to play and script. */
	if (o->map != NULL && !o->seeded)
		cli_encounter_seed(cli, o->map, &o->seed);
	if (o->listen == NULL || argc - optind > 1 ||
	    (o->map == NULL) == (o->load == NULL))
		return cli_usage_error("serve");
	if (o->load != NULL && (cli->squads[SIDE_XCOM] != NULL ||
	    cli->squads[SIDE_ALIEN] != NULL)) {
		fprintf(stderr, "xtac serve: --load takes the units from the "
		    "save, not --squad\n");
		return EXIT_USAGE;
	}
	if (o->load != NULL && (o->seeded || o->save != NULL)) {
		fprintf(stderr, "xtac serve: --load takes the map and the "
		    "seed from the save and goes on writing it\n");
		return EXIT_USAGE;
	}
	if (o->computer[SIDE_XCOM] && o->computer[SIDE_ALIEN]) {
		fprintf(stderr, "xtac serve: the computer plays one side at "
		    "most: someone must join\n");
		return EXIT_USAGE;
	}
	o->computer[SIDE_CIVILIAN] = true;
	return EXIT_OK;
}

/*
 * The scenario, and with --load the save, checked; who the computer plays
 * is the save's unless --ai says.
 */
static int
serve_load(struct cli *cli, struct serve_opts *o, const struct catalog *cat,
    struct scenario **s, struct save *save)
{
	struct event_list	 ev;
	struct game		*g;
	int			 status, i;

	if (o->load == NULL) {
		if ((*s = cli_load_scenario(cli, o->map, cat, stderr)) == NULL)
			return EXIT_INVALID;
		return EXIT_OK;
	}
	if (journal_in_use(o->load)) {
		fprintf(stderr, "xtac serve: %s is being played by another "
		    "xtac\n", o->load);
		return EXIT_TROUBLE;
	}
	event_list_init(&ev);
	status = cli_load_save(cli, o->load, cat, save, s, &g, &ev, stderr);
	event_list_free(&ev);
	if (status != EXIT_OK)
		return status;
	game_free(g);
	if (!o->ai_given && save->has_players)
		for (i = 0; i < SIDE_COUNT; i++)
			if (i != SIDE_CIVILIAN)
				o->computer[i] = save->players.control[i] ==
				    CONTROL_AI;
	/* cli_load_save checked the level's name. */
	if (!o->level_given && save->has_players &&
	    save->players.level[0] != '\0')
		cli_parse_ai_level(save->players.level, &o->level);
	return EXIT_OK;
}

/* The game, new or replayed from the save, told to the seats. */
static void
serve_game(struct serve_opts *o, struct serve *sv, struct scenario *s,
    struct save *save)
{
	char	*cause = NULL;

	if (o->load == NULL) {
		sv->sc.g = game_new(s, o->seed, &sv->sc.ev);
		script_flush(&sv->sc);
		return;
	}
	/* Checked by serve_load: it replays as it did then. */
	if ((sv->sc.g = save_new_game(save, s, &sv->sc.ev, &cause)) == NULL)
		fatal("xtac serve: %s", cause);
	script_flush(&sv->sc);
	if (save_replay(save, sv->sc.g, &sv->sc.ev, serve_replay_each,
	    &sv->sc, &cause) != 0)
		fatal("xtac serve: %s", cause);
	script_flush(&sv->sc);
	if (save->interrupted) {
		char *lost = save_lost(save);

		fprintf(stderr, "xtac serve: %s\n", lost);
		free(lost);
	}
}

/* The journal: the save resumed, --save, or a new one among the saves. */
static void
serve_journal(struct cli *cli, const struct serve_opts *o,
    const struct save *save, struct script_save *ss,
    struct save_players *players, char **path)
{
	const char	*off = NULL, *slash;
	char		*cause = NULL, *dir;
	int		 i;

	script_save_init(ss, cli, "xtac serve");
	for (i = 0; i < SIDE_COUNT; i++)
		players->control[i] = i == SIDE_CIVILIAN ? CONTROL_ENGINE :
		    o->computer[i] ? CONTROL_AI : CONTROL_HUMAN;
	snprintf(players->level, sizeof players->level, "%s",
	    ai_level_names[o->level]);
	ss->players = players;
	*path = NULL;
	if (o->load != NULL) {
		ss->path = o->load;
		ss->map = save->map_file;
		return;
	}
	ss->map = o->map;
	ss->exclusive = true;
	if (o->save != NULL) {
		ss->path = o->save;
		return;
	}
	if ((ss->path = *path = cli_save_path(o->map, &off)) == NULL) {
		fprintf(stderr, "xtac serve: no journal: %s\n", off);
		return;
	}
	slash = strrchr(*path, '/');
	dir = xstrndup(*path, (size_t)(slash - *path));
	if (file_mkdirs(dir, &cause) != 0) {
		fprintf(stderr, "xtac serve: %s\n", cause);
		free(cause);
	}
	free(dir);
}

int
cmd_serve(struct cli *cli, int argc, char **argv)
{
	struct serve_opts	 o;
	struct serve_loop	 l;
	struct serve		 sv;
	struct script_save	 ss;
	struct save_players	 players;
	struct save		 save;
	struct catalog		 cat;
	struct scenario		*s = NULL;
	char			 tokens[SERVE_SEATS][SERVE_TOKEN + 1];
	char			*cause = NULL, *path = NULL;
	int			 status, i;

	if ((status = serve_parse(cli, argc, argv, &o)) != EXIT_OK)
		return status;
	if (serve_tokens(tokens) != 0) {
		fprintf(stderr, "xtac serve: cannot read /dev/urandom for "
		    "the tokens\n");
		return EXIT_TROUBLE;
	}
	memset(&save, 0, sizeof save);
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if ((status = serve_load(cli, &o, &cat, &s, &save)) != EXIT_OK) {
		catalog_free(&cat);
		return status;
	}
	serve_init(&sv, tokens, o.computer);
	sv.manual = o.manual;
	sv.sc.level = o.level;
	sv.scenario = s;
	serve_game(&o, &sv, s, &save);
	serve_journal(cli, &o, &save, &ss, &players, &path);
	sv.save = &ss;

	memset(&l, 0, sizeof l);
	l.sv = &sv;
	if ((l.listener = serve_listen(o.listen, &cause)) < 0) {
		fprintf(stderr, "xtac serve: cannot listen on %s\n", cause);
		free(cause);
		status = EXIT_TROUBLE;
		goto out;
	}
	/* A client gone before it is accepted must not block the loop. */
	fcntl(l.listener, F_SETFL, fcntl(l.listener, F_GETFL) | O_NONBLOCK);
	serve_signals();
	serve_start(&sv);
	printf("xtac serve: listening on %s\n", o.listen);
	if (ss.j.path != NULL)
		printf("journal %s\n", ss.j.path);
	for (i = 0; i < SIDE_COUNT; i++)
		if (i != SIDE_CIVILIAN && o.computer[i])
			printf("computer %s %s\n", side_names[i],
			    ai_level_names[o.level]);
	for (i = 0; i < SERVE_SEATS; i++)
		if (!sv.seats[i].computer)
			printf("token %s %s\n", sv.seats[i].name, tokens[i]);
	fflush(stdout);
	serve_run(&l);
	for (i = 0; i < SERVE_MAX_CONNS; i++)
		if (l.conns[i] != NULL)
			serve_close(&l, i);
	close(l.listener);
	if (serve_addr_unix(o.listen))
		unlink(o.listen);
	if (ss.failed)
		status = EXIT_TROUBLE;
	if (!game_over(sv.sc.g) && ss.j.path != NULL)
		fprintf(stderr, "xtac serve: stopped; the game goes on with "
		    "'xtac serve --load %s --listen %s'\n", ss.j.path,
		    o.listen);
out:
	journal_close(&ss.j);
	game_free(sv.sc.g);
	serve_free(&sv);
	free(path);
	save_free(&save);
	scenario_free(s);
	catalog_free(&cat);
	return status;
}
