/*
 * serve-game.c - the game of `xtac serve` as its seats see it: the
 * handshake, one script line a message, what each seat is told.  No socket
 * here: a connection is bytes in and a buffer out, so anything a client
 * may send can be fed to it by a fuzzer (tests/fuzz/fuzz_serve.c).
 *
 * Each seat is a view of the script (script.h): what a side is told is
 * decided there, for `xtac script --as` and the server alike.  A seat
 * keeps the game as it was told (not the answers to its own lines), so a
 * seat that joins again reads its side's view again from the start.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "serve.h"
#include "xtac/cmd.h"
#include "xtac/util.h"

/* How the script protocol's refusals begin. */
#define SERVE_ERROR_EVENT	"{\"event\":\"error\","

static const char *const serve_seat_names[SERVE_SEATS] = {
	"xcom", "alien", "gm"
};

void
serve_buf_add(struct serve_buf *b, const char *p, size_t n)
{
	if (b->off > 0 && b->off == b->n)
		b->off = b->n = 0;
	if (b->n + n > b->cap) {
		/* Reclaim what was taken before growing. */
		if (b->off > 0) {
			memmove(b->p, b->p + b->off, b->n - b->off);
			b->n -= b->off;
			b->off = 0;
		}
		while (b->n + n > b->cap)
			b->cap = b->cap == 0 ? 4096 : b->cap * 2;
		b->p = xreallocarray(b->p, b->cap, 1);
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

void
serve_buf_take(struct serve_buf *b, size_t n)
{
	b->off += n;
	if (b->off >= b->n)
		b->off = b->n = 0;
}

void
serve_buf_free(struct serve_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

/* Queue a line to a connection; one that reads nothing is let go. */
static void
serve_send(struct serve_conn *cn, const char *line)
{
	if (cn->dead)
		return;
	if (serve_buf_len(&cn->out) > SERVE_MAX_OUT) {
		cn->dead = true;
		return;
	}
	serve_buf_add(&cn->out, line, strlen(line));
	serve_buf_add(&cn->out, "\n", 1);
}

void
serve_send_json(struct serve_conn *cn, json_t *o)
{
	char	*s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);

	if (s != NULL)
		serve_send(cn, s);
	free(s);
	json_decref(o);
}

/* A protocol error: the game is not touched; with hangup, goodbye. */
void
serve_error(struct serve_conn *cn, const char *reason, bool hangup)
{
	serve_send_json(cn, json_pack("{ssss}", "server", "error", "reason",
	    reason));
	if (hangup)
		cn->closing = true;
}

/* The script's lines to a seat: kept when they tell the game, and sent. */
static void
serve_emit(void *ctx, const char *line)
{
	struct serve_seat	*st = ctx;

	if (st->sv->sc.telling) {
		serve_buf_add(&st->log, line, strlen(line));
		serve_buf_add(&st->log, "\n", 1);
	}
	if (st->conn == NULL)
		return;
	if (!st->conn->screen) {
		serve_send(st->conn, line);
		return;
	}
	/* A screen seat's client plays the game itself: only why not. */
	if (strncmp(line, SERVE_ERROR_EVENT, sizeof SERVE_ERROR_EVENT - 1) ==
	    0) {
		json_t *o = json_loads(line, 0, NULL);
		const char *why = json_string_value(json_object_get(o,
		    "reason"));

		free(st->refused);
		st->refused = xstrdup(why != NULL ? why : "refused");
		json_decref(o);
	}
}

/* Every command the game took since the last time, to each screen seat. */
static void
serve_broadcast(struct serve *sv)
{
	size_t	 n = game_journal_length(sv->sc.g);
	char	*text;
	int	 i;

	for (; sv->told < n; sv->told++) {
		text = cmd_format(sv->sc.g, game_journal(sv->sc.g, sv->told));
		for (i = 0; i < SERVE_SEATS; i++) {
			struct serve_conn *cn = sv->seats[i].conn;

			if (cn == NULL || !cn->screen)
				continue;
			serve_buf_add(&cn->pipe_out, "cmd ", 4);
			serve_buf_add(&cn->pipe_out, text, strlen(text));
			serve_buf_add(&cn->pipe_out, "\n", 1);
		}
		free(text);
	}
}

int
serve_seat_named(const char *name)
{
	int	i;

	for (i = 0; i < SERVE_SEATS; i++)
		if (strcmp(name, serve_seat_names[i]) == 0)
			return i;
	return -1;
}

void
serve_init(struct serve *sv, char tokens[SERVE_SEATS][SERVE_TOKEN + 1],
    const bool computer[SIDE_COUNT])
{
	int	i;

	memset(sv, 0, sizeof *sv);
	script_init(&sv->sc);
	for (i = 0; i < SIDE_COUNT; i++)
		sv->sc.computer[i] = computer[i];
	for (i = 0; i < SERVE_SEATS; i++) {
		struct serve_seat *st = &sv->seats[i];

		st->sv = sv;
		st->name = serve_seat_names[i];
		memcpy(st->token, tokens[i], sizeof st->token);
		st->token[SERVE_TOKEN] = '\0';
		st->computer = i != SERVE_GM && computer[i];
		st->view = script_view_add(&sv->sc, i == SERVE_GM ? -1 : i,
		    i == SERVE_GM, serve_emit, st);
		script_view_begin(&sv->sc, st->view);
	}
	sv->announced = -2;
}

/* Whose move it is, to every seat, whenever that changes. */
static void
serve_announce(struct serve *sv, struct serve_conn *only)
{
	int	side = game_side_to_move(sv->sc.g), i;
	json_t	*o;

	if (only == NULL && side == sv->announced)
		return;
	sv->announced = side;
	for (i = 0; i < SERVE_SEATS; i++) {
		struct serve_conn *cn = sv->seats[i].conn;

		if (cn == NULL || cn->screen || (only != NULL && cn != only))
			continue;
		o = json_pack("{ssss}", "server", "turn", "side",
		    side == GAME_NO_SIDE ? "none" : side_names[side]);
		if (game_over(sv->sc.g))
			json_object_set_new(o, "over", json_true());
		serve_send_json(cn, o);
	}
}

void
serve_start(struct serve *sv)
{
	int	rc;

	rng_seed(&sv->roll.spare, game_seed(sv->sc.g) ^ 0x5eed5eed5eedull,
	    RNG_STREAM_COSMETIC);
	if ((rc = serve_play(sv, -1, NULL)) != SERVE_ROLLING)
		serve_after(sv, -1, rc);
}

void
serve_free(struct serve *sv)
{
	int	i;

	for (i = 0; i < SERVE_SEATS; i++) {
		serve_buf_free(&sv->seats[i].log);
		free(sv->seats[i].refused);
	}
	serve_roll_free(sv);
	script_free(&sv->sc);
}

void
serve_conn_init(struct serve_conn *cn, int fd)
{
	memset(cn, 0, sizeof *cn);
	cn->fd = fd;
	cn->seat = -1;
	cn->pty = cn->pipe = -1;
}

void
serve_conn_free(struct serve_conn *cn)
{
	serve_buf_free(&cn->out);
	serve_buf_free(&cn->raw);
	serve_buf_free(&cn->pty_out);
	serve_buf_free(&cn->pipe_out);
}

void
serve_conn_refuse(struct serve_conn *cn, const char *why)
{
	serve_error(cn, why, true);
}

void
serve_conn_gone(struct serve *sv, struct serve_conn *cn)
{
	if (cn->seat >= 0 && sv->seats[cn->seat].conn == cn)
		sv->seats[cn->seat].conn = NULL;
	cn->seat = -1;
}

/* Tokens compared in time that does not tell how much of one matched. */
static bool
serve_token_is(const char *want, const char *got)
{
	size_t		i, n = strlen(got);
	unsigned char	d = n != SERVE_TOKEN;

	for (i = 0; i < SERVE_TOKEN; i++)
		d |= (unsigned char)want[i] ^
		    (unsigned char)(i < n ? got[i] : 0);
	return d == 0;
}

/* A size a screen may have, 10-1000 by 20-1000. */
static bool
serve_screen_fits(long lines, long cols)
{
	return lines >= 10 && lines <= 1000 && cols >= 20 && cols <= 1000;
}

/*
 * "screen":{"term":T,"lines":L,"cols":C,"utf8":B}: the seat is played on
 * the player's terminal.  0, or -1 refused (said).
 */
static int
serve_screen_asked(struct serve_conn *cn, json_t *v)
{
	const char	*term = json_string_value(json_object_get(v, "term"));
	json_t		*lines = json_object_get(v, "lines");
	json_t		*cols = json_object_get(v, "cols");
	size_t		 i;

	if (term == NULL || *term == '\0' || strlen(term) >= sizeof cn->term ||
	    !json_is_integer(lines) || !json_is_integer(cols) ||
	    !serve_screen_fits((long)json_integer_value(lines),
	    (long)json_integer_value(cols))) {
		serve_error(cn, "a screen is {\"term\":TERM,\"lines\":L,"
		    "\"cols\":C,\"utf8\":B}, 10 to 1000 lines and 20 to 1000 "
		    "columns", true);
		return -1;
	}
	for (i = 0; term[i] != '\0'; i++)
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789.+-_", term[i]) == NULL) {
			serve_error(cn, "no such terminal type", true);
			return -1;
		}
	memcpy(cn->term, term, strlen(term) + 1);
	cn->lines = (int)json_integer_value(lines);
	cn->cols = (int)json_integer_value(cols);
	cn->utf8 = json_is_true(json_object_get(v, "utf8"));
	cn->screen = true;
	return 0;
}

/* {"xtac":1,"side":S,"token":T}: the seat, or an error and goodbye. */
static void
serve_handshake(struct serve *sv, struct serve_conn *cn, json_t *o)
{
	json_t			*v = json_object_get(o, "xtac");
	const char		*side, *token;
	struct serve_seat	*st;
	char			*msg;
	int			 seat;

	if (!json_is_integer(v)) {
		serve_error(cn, "a connection begins "
		    "{\"xtac\":1,\"side\":SIDE,\"token\":TOKEN}", true);
		return;
	}
	if (json_integer_value(v) != SERVE_PROTOCOL) {
		msg = xasprintf("protocol version %lld is not spoken here "
		    "(this server speaks %d)", (long long)json_integer_value(v),
		    SERVE_PROTOCOL);
		serve_error(cn, msg, true);
		free(msg);
		return;
	}
	side = json_string_value(json_object_get(o, "side"));
	token = json_string_value(json_object_get(o, "token"));
	if (side == NULL || (seat = serve_seat_named(side)) < 0) {
		serve_error(cn, "no such seat: the side is xcom, alien or gm",
		    true);
		return;
	}
	st = &sv->seats[seat];
	if (st->computer) {
		msg = xasprintf("the computer plays %s in this game",
		    st->name);
		serve_error(cn, msg, true);
		free(msg);
		return;
	}
	if (token == NULL || !serve_token_is(st->token, token)) {
		msg = xasprintf("wrong token for the %s seat", st->name);
		serve_error(cn, msg, true);
		free(msg);
		return;
	}
	if (st->conn != NULL) {
		msg = xasprintf("the %s seat is taken", st->name);
		serve_error(cn, msg, true);
		free(msg);
		return;
	}
	if ((v = json_object_get(o, "screen")) != NULL &&
	    serve_screen_asked(cn, v) != 0)
		return;
	st->conn = cn;
	cn->seat = seat;
	serve_send_json(cn, json_pack("{sssiss}", "server", "welcome", "xtac",
	    SERVE_PROTOCOL, "side", st->name));
	/* From here on, the terminal's bytes. */
	if (!cn->screen) {
		/* The game as the seat was told it, then whose move it is. */
		if (serve_buf_len(&st->log) > 0 && !cn->dead)
			serve_buf_add(&cn->out, st->log.p + st->log.off,
			    serve_buf_len(&st->log));
		serve_announce(sv, cn);
	}
	/* A die asked of the seat while it was away. */
	if (sv->roll.on && sv->roll.asked == seat)
		serve_roll_ask(sv, NULL);
}

void
serve_after(struct serve *sv, int seat, int rc)
{
	struct serve_conn	*cn = seat >= 0 ? sv->seats[seat].conn : NULL;
	struct serve_seat	*st = seat >= 0 ? &sv->seats[seat] : NULL;
	char			*why;

	/* A screen seat's client is told why not before what came of it. */
	if (cn != NULL && cn->screen && rc != 0) {
		why = xasprintf("refused %s\n", st->refused != NULL ?
		    st->refused : "refused");
		serve_buf_add(&cn->pipe_out, why, strlen(why));
		free(why);
	}
	/* On disk before the next line is read, as `xtac play` does. */
	if (sv->save != NULL)
		script_save_sync(sv->save, sv->sc.g, game_over(sv->sc.g));
	serve_broadcast(sv);
	/* Whose move it is before the line is done: the client waits. */
	serve_announce(sv, NULL);
	if (cn != NULL && !cn->screen)
		serve_send_json(cn, json_pack("{sssb}", "server", "done", "ok",
		    rc == 0));
}

/*
 * {"cmd":LINE}: one script line as the seat's side gives it; {"roll":N}:
 * a die asked of the seat.
 */
static void
serve_command(struct serve *sv, struct serve_conn *cn, json_t *o)
{
	const char	*text = json_string_value(json_object_get(o, "cmd"));
	char		*line, *busy;
	int		 view = sv->seats[cn->seat].view, rc;

	if (text == NULL && json_object_get(o, "roll") != NULL) {
		serve_roll_answer(sv, cn, json_object_get(o, "roll"));
		return;
	}
	if (text == NULL) {
		serve_error(cn, "a message is {\"cmd\":LINE} or {\"roll\":N}",
		    false);
		return;
	}
	if (strchr(text, '\n') != NULL) {
		serve_error(cn, "a command is one line", false);
		return;
	}
	/* Nothing is played while a line waits for its dice. */
	if ((busy = serve_roll_busy(sv)) != NULL) {
		serve_error(cn, busy, false);
		free(busy);
		serve_send_json(cn, json_pack("{sssb}", "server", "done", "ok",
		    false));
		return;
	}
	/* As `xtac script` reads lines: a long one is refused whole. */
	if (strlen(text) >= SCRIPT_MAX_LINE) {
		script_long_line(&sv->sc, view);
		rc = -1;
	} else {
		line = xstrdup(text);
		rc = serve_play(sv, cn->seat, line);
		free(line);
		if (rc == SERVE_ROLLING)
			return;
	}
	serve_after(sv, cn->seat, rc);
}

void
serve_screen_line(struct serve *sv, struct serve_conn *cn, char *line)
{
	struct serve_seat	*st = &sv->seats[cn->seat];
	char			*busy, *end;
	long			 v;
	json_t			*n;
	int			 rc;

	/* "roll N": its client's answer to "roll SIDES WHAT". */
	if (strncmp(line, "roll ", 5) == 0) {
		v = strtol(line + 5, &end, 10);
		n = *end == '\0' && end != line + 5 ? json_integer(v) :
		    json_string(line + 5);
		serve_roll_answer(sv, cn, n);
		json_decref(n);
		return;
	}
	free(st->refused);
	st->refused = NULL;
	if ((busy = serve_roll_busy(sv)) != NULL) {
		st->refused = busy;
		rc = -1;
	} else if (strlen(line) >= SCRIPT_MAX_LINE)
		rc = -1;
	else if ((rc = serve_play(sv, cn->seat, line)) == SERVE_ROLLING)
		return;
	serve_after(sv, cn->seat, rc);
}

static void
serve_conn_line(struct serve *sv, struct serve_conn *cn, const char *line)
{
	json_error_t	 err;
	json_t		*o;
	char		*msg;

	o = json_loads(line, JSON_REJECT_DUPLICATES, &err);
	if (o == NULL || !json_is_object(o)) {
		msg = o == NULL ? xasprintf("not JSON: %s", err.text) :
		    xstrdup("a message is a JSON object");
		/* Before the handshake, whoever it is goes. */
		serve_error(cn, msg, cn->seat < 0);
		free(msg);
		json_decref(o);
		return;
	}
	if (cn->seat < 0)
		serve_handshake(sv, cn, o);
	else
		serve_command(sv, cn, o);
	json_decref(o);
}

/* "L;C\a" after SERVE_RESIZE: the screen's new size, if it fits. */
static void
serve_screen_resize(struct serve_conn *cn, const char *p)
{
	char	*end;
	long	 lines, cols;

	lines = strtol(p, &end, 10);
	if (*end != ';')
		return;
	cols = strtol(end + 1, &end, 10);
	if (*end != '\a' || !serve_screen_fits(lines, cols))
		return;
	cn->lines = (int)lines;
	cn->cols = (int)cols;
	cn->resized = true;
}

/*
 * A screen seat's keys, for its client, with a resize (SERVE_RESIZE) taken
 * out of them.  One cut by a read is held until it is whole or is not
 * one; a lone Escape at the end of a read is a key and goes at once.
 */
static void
serve_screen_keys(struct serve_conn *cn, const char *p, size_t n)
{
	static const char	pre[] = SERVE_RESIZE;
	const size_t		npre = sizeof pre - 1;
	const char		*e;
	size_t			i, k;
	char			c;

	for (i = 0; i < n; i++) {
		if (cn->nesc == 0 && p[i] != '\033') {
			e = memchr(p + i, '\033', n - i);
			k = e != NULL ? (size_t)(e - p) : n;
			serve_buf_add(&cn->raw, p + i, k - i);
			i = k - 1;
			continue;
		}
		c = p[i];
		cn->esc[cn->nesc++] = c;
		if (cn->nesc <= npre && c == pre[cn->nesc - 1])
			continue;
		if (cn->nesc > npre && c == '\a') {
			cn->esc[cn->nesc] = '\0';
			serve_screen_resize(cn, cn->esc + npre);
			cn->nesc = 0;
			continue;
		}
		if (cn->nesc > npre && cn->nesc < sizeof cn->esc - 1 &&
		    ((c >= '0' && c <= '9') || c == ';'))
			continue;
		/* Not one: the bytes held were keys; this one may begin one. */
		serve_buf_add(&cn->raw, cn->esc, cn->nesc - 1);
		cn->nesc = 0;
		if (c == '\033')
			cn->esc[cn->nesc++] = c;
		else
			serve_buf_add(&cn->raw, &c, 1);
	}
	if (cn->nesc == 1) {
		serve_buf_add(&cn->raw, cn->esc, 1);
		cn->nesc = 0;
	}
}

void
serve_conn_input(struct serve *sv, struct serve_conn *cn, const char *p,
    size_t n)
{
	const char	*nl;
	size_t		 k;

	while (n > 0 && !cn->closing && !cn->dead) {
		/* A screen seat's keys, for its client (cmd-serve.c). */
		if (cn->screen) {
			serve_screen_keys(cn, p, n);
			if (serve_buf_len(&cn->raw) > SERVE_MAX_OUT)
				cn->dead = true;
			return;
		}
		nl = memchr(p, '\n', n);
		k = nl != NULL ? (size_t)(nl - p) : n;
		if (cn->skipping) {
			/* The rest of a line too long: dropped unread. */
			if (nl != NULL)
				cn->skipping = false;
		} else if (cn->nin + k >= sizeof cn->in) {
			cn->nin = 0;
			cn->skipping = nl == NULL;
			serve_error(cn, "lines are at most 32767 bytes",
			    cn->seat < 0);
		} else {
			memcpy(cn->in + cn->nin, p, k);
			cn->nin += k;
			if (nl != NULL) {
				size_t len = cn->nin;

				cn->in[len] = '\0';
				cn->nin = 0;
				if (memchr(cn->in, '\0', len) != NULL)
					serve_error(cn, "a line holds a NUL "
					    "byte", cn->seat < 0);
				else
					serve_conn_line(sv, cn, cn->in);
			}
		}
		if (nl == NULL)
			break;
		p = nl + 1;
		n -= k + 1;
	}
}
