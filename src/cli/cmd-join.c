/*
 * cmd-join.c - `xtac join ADDR --side SIDE --token T --script`: take a
 * seat at a game `xtac serve` hosts (xtac(6) GAME SERVER) and speak the
 * script protocol through it: commands on stdin, and on stdout what
 * `xtac script --as SIDE` prints for them.  While a person plays the other
 * side, a line {"event":"waiting","side":S} says so and stdin is not read
 * until it is this side's move again.
 *
 * With manual dice a die asked of the seat prints
 * {"event":"roll","sides":N,"for":WHAT} and the next line of stdin is its
 * value.
 *
 * Exit status: 0 when every line was accepted, 1 when any was refused, 2
 * usage, 3 when the seat is refused or the server is gone.
 */
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <termios.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "serve.h"
#include "xtac/util.h"

/*
 * Lines read from a descriptor through a buffer of our own, so that what
 * is buffered is known and poll() can be asked about the rest: the seat
 * waits for the server only while input is left to answer its dice.
 */
struct join_lines {
	int	 fd;
	char	*p;
	size_t	 n, cap;
	bool	 eof;		/* read() said so, or failed */
};

struct join {
	int			 fd;
	struct join_lines	 server;	/* the server's lines */
	struct join_lines	 input;		/* stdin */
	char			 side[16];	/* our seat */
	char			 turn[16];	/* whose move the server said */
	bool			 said;		/* that another side moves */
	bool			 done;		/* a line's reply is complete */
	bool			 ok;		/* and it was accepted */
};

/* One read() into the buffer: false at the end (or an error). */
static bool
join_fill(struct join_lines *l)
{
	ssize_t	n;

	if (l->n + 4096 > l->cap) {
		l->cap = l->cap == 0 ? 8192 : l->cap * 2;
		l->p = xreallocarray(l->p, l->cap, 1);
	}
	while ((n = read(l->fd, l->p + l->n, l->cap - l->n)) < 0 &&
	    errno == EINTR)
		;
	if (n <= 0) {
		l->eof = true;
		return false;
	}
	l->n += (size_t)n;
	return true;
}

/* Whether a whole line (or the last, unended) is in the buffer. */
static bool
join_has_line(const struct join_lines *l)
{
	return (l->n > 0 && memchr(l->p, '\n', l->n) != NULL) ||
	    (l->eof && l->n > 0);
}

/* The next line without its newline (owned), waiting for it; NULL: end. */
static char *
join_line(struct join_lines *l)
{
	char	*nl, *line;
	size_t	 k;

	while (!join_has_line(l))
		if (l->eof || !join_fill(l))
			if (l->n == 0)
				return NULL;
	nl = memchr(l->p, '\n', l->n);
	k = nl != NULL ? (size_t)(nl - l->p) : l->n;
	line = xstrndup(l->p, k);
	k = nl != NULL ? k + 1 : k;
	memmove(l->p, l->p + k, l->n - k);
	l->n -= k;
	return line;
}

static int
join_send(struct join *j, json_t *o)
{
	char	*s = json_dumps(o, JSON_COMPACT);
	size_t	 n, off = 0;
	ssize_t	 w;
	int	 rc = 0;

	json_decref(o);
	if (s == NULL)
		return -1;
	n = strlen(s);
	s[n++] = '\n';	/* json_dumps leaves room: the NUL */
	while (off < n) {
		if ((w = send(j->fd, s + off, n - off, MSG_NOSIGNAL)) < 0) {
			if (errno == EINTR)
				continue;
			rc = -1;
			break;
		}
		off += (size_t)w;
	}
	free(s);
	return rc;
}

/*
 * A die the server asks of the seat: said on stdout, its value the next
 * line of stdin.  -1 when stdin has ended or the server is gone.
 */
static int
join_roll(struct join *j, json_t *o)
{
	json_t	*ask, *v;
	char	*line, *end, *s;
	long	 roll;

	ask = json_pack("{sssOsO}", "event", "roll", "sides",
	    json_object_get(o, "sides"), "for", json_object_get(o, "for"));
	/* Asked again: the last answer was not a roll of that die. */
	if (json_object_get(o, "error") != NULL)
		json_object_set(ask, "error", json_object_get(o, "error"));
	if ((s = json_dumps(ask, JSON_COMPACT | JSON_PRESERVE_ORDER)) != NULL)
		printf("%s\n", s);
	free(s);
	json_decref(ask);
	fflush(stdout);
	if ((line = join_line(&j->input)) == NULL) {
		fprintf(stderr, "xtac join: the input ended with a roll "
		    "asked\n");
		return -1;
	}
	/* A number goes as one; anything else for the server to refuse. */
	roll = strtol(line, &end, 10);
	v = *end == '\0' && end != line ? json_integer(roll) :
	    json_string(line);
	free(line);
	if (v == NULL)
		v = json_null();
	return join_send(j, json_pack("{so}", "roll", v));
}

/*
 * One line from the server: the game's lines to stdout as they are; the
 * server's own said to us.  -1: it is gone or turned us away.
 */
static int
join_read(struct join *j)
{
	json_t		*o;
	const char	*what, *side;
	char		*line;

	if ((line = join_line(&j->server)) == NULL) {
		fprintf(stderr, "xtac join: the server hung up\n");
		return -1;
	}
	if (strncmp(line, "{\"server\":", 10) != 0) {
		printf("%s\n", line);
		free(line);
		return 0;
	}
	o = json_loads(line, 0, NULL);
	free(line);
	if (o == NULL)
		return 0;
	what = json_string_value(json_object_get(o, "server"));
	if (what != NULL && strcmp(what, "error") == 0) {
		fprintf(stderr, "xtac join: %s\n", json_string_value(
		    json_object_get(o, "reason")));
		/* Before the seat is ours, an error is a refusal. */
		if (j->side[0] == '\0') {
			json_decref(o);
			return -1;
		}
		j->done = true;
		j->ok = false;
	} else if (what != NULL && strcmp(what, "welcome") == 0)
		snprintf(j->side, sizeof j->side, "%s", json_string_value(
		    json_object_get(o, "side")));
	else if (what != NULL && strcmp(what, "turn") == 0 &&
	    (side = json_string_value(json_object_get(o, "side"))) != NULL)
		snprintf(j->turn, sizeof j->turn, "%s", side);
	else if (what != NULL && strcmp(what, "done") == 0) {
		j->done = true;
		j->ok = json_is_true(json_object_get(o, "ok"));
	} else if (what != NULL && strcmp(what, "roll") == 0 &&
	    join_roll(j, o) != 0) {
		json_decref(o);
		return -1;
	}
	json_decref(o);
	return 0;
}

/* Whether the seat may send: its move, nobody's (over), or it watches. */
static bool
join_free(const struct join *j)
{
	return strcmp(j->turn, j->side) == 0 || strcmp(j->turn, "none") == 0 ||
	    strcmp(j->side, "gm") == 0;
}

/* A person plays the side to move: say so, once a phase. */
static void
join_note(struct join *j)
{
	if (join_free(j))
		j->said = false;
	else if (!j->said) {
		printf("{\"event\":\"waiting\",\"side\":\"%s\"}\n", j->turn);
		fflush(stdout);
		j->said = true;
	}
}

/*
 * Read the server until the seat may send: 0, 1 when the input ends
 * meanwhile (its last lines answered dice), -1 when the server is gone.
 */
static int
join_wait(struct join *j)
{
	struct pollfd	pfd[2];

	while (j->turn[0] == '\0' || !join_free(j)) {
		if (!join_has_line(&j->server)) {
			if (!join_has_line(&j->input) && j->input.eof)
				return 1;
			fflush(stdout);
			pfd[0].fd = j->server.fd;
			pfd[0].events = POLLIN;
			pfd[1].fd = join_has_line(&j->input) ? -1 :
			    j->input.fd;
			pfd[1].events = POLLIN;
			if (poll(pfd, 2, -1) < 0) {
				if (errno == EINTR)
					continue;
				return -1;
			}
			if (pfd[1].revents != 0)
				join_fill(&j->input);
			if (pfd[0].revents == 0)
				continue;
		}
		if (join_read(j) != 0)
			return -1;
		if (j->turn[0] != '\0')
			join_note(j);
	}
	return 0;
}

static int
join_script(struct join *j)
{
	char	*line = NULL;
	size_t	 n;
	json_t	*s;
	int	 status = EXIT_OK, rc;

	for (;;) {
		/* Whose move it is first, then a line: input that ends ends. */
		while (j->turn[0] == '\0')
			if (join_read(j) != 0)
				return EXIT_TROUBLE;
		join_note(j);
		fflush(stdout);
		/*
		 * The next line is read on the seat's move: lines before it
		 * answer the dice asked meanwhile.
		 */
		while (!join_has_line(&j->input) && !j->input.eof)
			join_fill(&j->input);
		if (!join_has_line(&j->input))
			break;
		if ((rc = join_wait(j)) != 0) {
			if (rc < 0)
				status = EXIT_TROUBLE;
			break;
		}
		if ((line = join_line(&j->input)) == NULL)
			break;
		/* Past the longest line, the server refuses it as script. */
		if ((n = strlen(line)) >= SCRIPT_MAX_LINE)
			line[SCRIPT_MAX_LINE] = '\0';
		s = json_string(line);
		free(line);
		if (s == NULL) {
			fprintf(stderr, "xtac join: a command is UTF-8 text\n");
			status = EXIT_INVALID;
			continue;
		}
		if (join_send(j, json_pack("{so}", "cmd", s)) != 0) {
			fprintf(stderr, "xtac join: the server hung up\n");
			status = EXIT_TROUBLE;
			break;
		}
		for (j->done = false; !j->done;)
			if (join_read(j) != 0)
				break;
		if (!j->done) {
			status = EXIT_TROUBLE;
			break;
		}
		if (!j->ok)
			status = EXIT_INVALID;
	}
	fflush(stdout);
	return status;
}

/* The server's first line, read a byte at a time: raw bytes may follow. */
static int
join_first_line(struct join *j, char *buf, size_t size)
{
	size_t	n = 0;
	ssize_t	r;
	char	c;

	while (n + 1 < size) {
		if ((r = read(j->fd, &c, 1)) < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		if (c == '\n')
			break;
		buf[n++] = c;
	}
	buf[n] = '\0';
	return 0;
}

static volatile sig_atomic_t join_stop, join_resized;

static void
join_on_signal(int sig)
{
	if (sig == SIGWINCH)
		join_resized = 1;
	else
		join_stop = sig;
}

/* The terminal's size, as the handshake and a resize give it. */
static void
join_size(struct winsize *ws)
{
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, ws) != 0 || ws->ws_row == 0) {
		ws->ws_row = 24;
		ws->ws_col = 80;
	}
}

/* The terminal took a new size: the server's client takes it too. */
static bool
join_resize(struct join *j)
{
	struct winsize	 ws;
	char		 seq[SERVE_RESIZE_MAX];
	size_t		 off = 0;
	ssize_t		 w;
	int		 n;

	join_size(&ws);
	/* In one write, so it reaches the server in one piece. */
	n = snprintf(seq, sizeof seq, SERVE_RESIZE "%d;%d\a", (int)ws.ws_row,
	    (int)ws.ws_col);
	while (off < (size_t)n) {
		if ((w = write(j->fd, seq + off, (size_t)n - off)) < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		off += (size_t)w;
	}
	return true;
}

/* Copy what is there from one descriptor to the other; false at its end. */
static bool
join_relay(int from, int to)
{
	char	buf[16384];
	ssize_t	n, w;
	size_t	off = 0;

	if ((n = read(from, buf, sizeof buf)) <= 0)
		return n < 0 && errno == EINTR;
	while (off < (size_t)n) {
		if ((w = write(to, buf + off, (size_t)n - off)) < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		off += (size_t)w;
	}
	return true;
}

/*
 * Without --script: the seat is played on this terminal.  The server runs
 * the usual client for it; here the terminal is put in raw mode and its
 * bytes go both ways until the client ends (q) or the server goes.  A new
 * size of the terminal (SIGWINCH) goes among the keys (SERVE_RESIZE).
 */
static int
join_screen(struct join *j, const char *side, const char *token)
{
	struct termios		 saved, raw;
	struct winsize		 ws;
	struct pollfd		 pfd[2];
	struct sigaction	 sa;
	const char		*term = getenv("TERM"), *cs;
	char			 line[4096];
	json_t			*o;
	const char		*what;
	bool			 in_open = true;

	if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0) {
		fprintf(stderr, "xtac join: TERM=%s cannot move the cursor\n",
		    term != NULL ? term : "");
		return EXIT_TROUBLE;
	}
	join_size(&ws);
	setlocale(LC_CTYPE, "");
	cs = nl_langinfo(CODESET);
	if (join_send(j, json_pack("{sisssssO}", "xtac", SERVE_PROTOCOL,
	    "side", side, "token", token, "screen", o = json_pack(
	    "{sssisisb}", "term", term, "lines", (int)ws.ws_row, "cols",
	    (int)ws.ws_col, "utf8", cs != NULL && strcmp(cs, "UTF-8") ==
	    0))) != 0 || join_first_line(j, line, sizeof line) != 0) {
		json_decref(o);
		fprintf(stderr, "xtac join: the server hung up\n");
		return EXIT_TROUBLE;
	}
	json_decref(o);
	o = json_loads(line, 0, NULL);
	what = json_string_value(json_object_get(o, "server"));
	if (what == NULL || strcmp(what, "welcome") != 0) {
		what = json_string_value(json_object_get(o, "reason"));
		fprintf(stderr, "xtac join: %s\n", what != NULL ? what : line);
		json_decref(o);
		return EXIT_TROUBLE;
	}
	json_decref(o);

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = join_on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGWINCH, &sa, NULL);
	tcgetattr(STDIN_FILENO, &saved);
	raw = saved;
	cfmakeraw(&raw);
	tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
	while (!join_stop) {
		if (join_resized) {
			join_resized = 0;
			if (!join_resize(j))
				break;
		}
		pfd[0].fd = in_open ? STDIN_FILENO : -1;
		pfd[0].events = POLLIN;
		pfd[1].fd = j->fd;
		pfd[1].events = POLLIN;
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[1].revents & (POLLIN | POLLHUP | POLLERR) &&
		    !join_relay(j->fd, STDOUT_FILENO))
			break;
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR) &&
		    !join_relay(STDIN_FILENO, j->fd))
			in_open = false;
	}
	tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
	return EXIT_OK;
}

int
cmd_join(struct cli *cli, int argc, char **argv)
{
	static const struct option	 opts[] = {
		{ "side", required_argument, NULL, 's' },
		{ "token", required_argument, NULL, 't' },
		{ "script", no_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	struct join			 j;
	const char			*side = NULL, *token;
	char				*cause = NULL;
	bool				 script = false;
	int				 ch, status;

	(void)cli;
	token = getenv("XTAC_TOKEN");
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (ch) {
		case 's':
			side = optarg;
			break;
		case 't':
			token = optarg;
			break;
		case 'S':
			script = true;
			break;
		default:
			return cli_usage_error("join");
		}
	}
	if (argc - optind != 1 || side == NULL)
		return cli_usage_error("join");
	if (serve_seat_named(side) < 0) {
		fprintf(stderr, "xtac join: no seat '%s' (xcom, alien or "
		    "gm)\n", side);
		return EXIT_USAGE;
	}
	if (token == NULL) {
		fprintf(stderr, "xtac join: the seat's token: --token T or "
		    "XTAC_TOKEN\n");
		return EXIT_USAGE;
	}
	if (!script && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		fprintf(stderr, "xtac join: needs a terminal on stdin and "
		    "stdout (or --script)\n");
		return EXIT_TROUBLE;
	}
	memset(&j, 0, sizeof j);
	if ((j.fd = serve_connect(argv[optind], &cause)) < 0) {
		fprintf(stderr, "xtac join: cannot connect to %s\n", cause);
		free(cause);
		return EXIT_TROUBLE;
	}
	if (!script) {
		status = join_screen(&j, side, token);
		close(j.fd);
		return status;
	}
	j.server.fd = j.fd;
	j.input.fd = STDIN_FILENO;
	status = EXIT_TROUBLE;
	if (join_send(&j, json_pack("{sissss}", "xtac", SERVE_PROTOCOL,
	    "side", side, "token", token)) == 0)
		status = join_script(&j);
	close(j.fd);
	free(j.server.p);
	free(j.input.p);
	return status;
}
