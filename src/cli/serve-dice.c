/*
 * serve-dice.c - manual dice through `xtac serve --dice manual` (xtac(6)
 * GAME SERVER, Manual dice): the players roll every die the game needs,
 * each asked of a seat, its answer checked here.
 *
 * The engine asks for a die in the middle of a command (game_dice_fn),
 * but the server's one loop cannot stop there to wait for a player: the
 * game would be half played while other seats speak.  So a line is first
 * tried in a child process (fork(): a copy of the game for free) with the
 * dice given so far; where the child needs one more, it says for what
 * (sides, the seat to ask, the words that seat may read) and ends.  The
 * server asks that seat and, once it answers, tries again; when a trial
 * needs nothing more the line is played on the game itself with those
 * dice.  The engine is deterministic, so the game asks for the same dice
 * the trials did; each is journalled as a `dice` entry ahead of its
 * command, as `xtac play --dice manual` journals them.
 *
 * Whose die it is: the seat whose line set it rolling (the player who
 * acts rolls, as at one keyboard in hot-seat), unless its words name a
 * unit that side does not see: then the other side's seat rolls it, if a
 * person plays that side and sees every unit named.  Otherwise the words
 * name what the asked side does not see "someone unseen", as the client
 * does in hot-seat (game_hide_unseen): nothing hidden crosses.
 */
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "serve.h"
#include "xtac/cmd.h"
#include "xtac/util.h"

/* What a trial child says: "SIDES SEAT WORDS" or this. */
#define SERVE_TRIAL_DONE	"done"

/* The side that rolls the computer's moves nobody's line set going. */
static int
serve_roll_commander(const struct serve *sv, int seat)
{
	if (seat == SERVE_XCOM || seat == SERVE_ALIEN)
		return seat;
	return sv->seats[SERVE_XCOM].computer ? SERVE_ALIEN : SERVE_XCOM;
}

/* The seat to ask for a die, and the words it may read (owned). */
static int
serve_roll_whose(const struct serve *sv, int commander, const char *what,
    char **shown)
{
	int	order[2] = { commander, commander == SERVE_XCOM ? SERVE_ALIEN :
		    SERVE_XCOM }, i;
	char	*s;

	for (i = 0; i < 2; i++) {
		if (sv->seats[order[i]].computer)
			continue;
		s = game_hide_unseen(sv->sc.g, (enum side)order[i], what);
		if (strcmp(s, what) == 0) {
			*shown = s;
			return order[i];
		}
		free(s);
	}
	*shown = game_hide_unseen(sv->sc.g, (enum side)commander, what);
	return commander;
}

/* In a trial child: the dice given, then the next one's question. */
struct serve_trial {
	struct serve	*sv;
	size_t		 used;
	int		 fd;
	int		 commander;
};

static void
serve_trial_say(int fd, const char *text)
{
	size_t	off = 0, len = strlen(text);
	ssize_t	n;

	while (off < len) {
		if ((n = write(fd, text + off, len - off)) < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		off += (size_t)n;
	}
}

static int
serve_trial_die(void *ctx, int sides, const char *what)
{
	struct serve_trial	*t = ctx;
	struct serve_roll	*r = &t->sv->roll;
	char			*shown, *line;
	int			 seat;

	if (t->used < r->n)
		return r->dice[t->used++];
	seat = serve_roll_whose(t->sv, t->commander, what, &shown);
	line = xasprintf("%d %d %s\n", sides, seat, shown);
	serve_trial_say(t->fd, line);
	/* Nothing of this copy matters any more: no exit handlers. */
	_exit(0);
}

/* Play the pending line (or the computer's moves) on the game. */
static int
serve_roll_run(struct serve *sv)
{
	struct serve_roll	*r = &sv->roll;
	int			 rc = 0;

	if (r->line == NULL)
		script_others(&sv->sc);
	else
		rc = script_line(&sv->sc, sv->seats[r->seat].view, r->line);
	return rc;
}

/*
 * Try the pending line with the dice given so far: 0 when it needs no
 * more, 1 with r->sides, r->asked and r->what set, -1 when no trial could
 * be made.
 */
static int
serve_roll_try(struct serve *sv)
{
	struct serve_roll	*r = &sv->roll;
	struct serve_trial	 t;
	char			 buf[4096], *sp, *end;
	size_t			 n = 0;
	ssize_t			 k;
	pid_t			 pid;
	int			 p[2];
	long			 sides, seat;

	if (pipe(p) != 0)
		return -1;
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		memset(&t, 0, sizeof t);
		t.sv = sv;
		t.fd = p[1];
		t.commander = serve_roll_commander(sv, r->seat);
		game_set_dice(sv->sc.g, serve_trial_die, &t);
		serve_roll_run(sv);
		serve_trial_say(p[1], SERVE_TRIAL_DONE "\n");
		_exit(0);
	}
	close(p[1]);
	while (n < sizeof buf - 1) {
		if ((k = read(p[0], buf + n, sizeof buf - 1 - n)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	buf[n] = '\0';
	close(p[0]);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (strcmp(buf, SERVE_TRIAL_DONE "\n") == 0)
		return 0;
	if ((end = strchr(buf, '\n')) == NULL)
		return -1;
	*end = '\0';
	sides = strtol(buf, &sp, 10);
	seat = strtol(sp, &sp, 10);
	if (*sp != ' ' || sides < 2 || sides > 100 || seat < 0 ||
	    seat >= SERVE_GM)
		return -1;
	r->sides = (int)sides;
	r->asked = (int)seat;
	free(r->what);
	r->what = xstrdup(sp + 1);
	return 1;
}

/* Dice of the game itself: those the trials were given, in order. */
static int
serve_roll_given(void *ctx, int sides, const char *what)
{
	struct serve_roll	*r = ctx;

	(void)what;
	if (r->used < r->n)
		return 1 + (r->dice[r->used++] - 1) % sides;
	/* Not foreseen (no trial could be made): the server rolls it. */
	return rng_die(&r->spare, sides);
}

void
serve_roll_ask(struct serve *sv, const char *why)
{
	struct serve_roll	*r = &sv->roll;
	struct serve_conn	*cn = sv->seats[r->asked].conn;
	char			*line;
	json_t			*o;

	if (!r->on || cn == NULL || cn->dead)
		return;
	if (cn->screen) {
		line = xasprintf("roll %d %s\n", r->sides, r->what);
		serve_buf_add(&cn->pipe_out, line, strlen(line));
		free(line);
		return;
	}
	o = json_pack("{sssiss}", "server", "roll", "sides", r->sides, "for",
	    r->what);
	/* Asked again: why the last answer was not taken. */
	if (why != NULL)
		json_object_set_new(o, "error", json_string(why));
	serve_send_json(cn, o);
}

/* The trials' next step: ask for a die (1), or play the line (0, -1). */
static int
serve_roll_step(struct serve *sv)
{
	struct serve_roll	*r = &sv->roll;
	int			 rc;

	if (serve_roll_try(sv) == 1) {
		serve_roll_ask(sv, NULL);
		return SERVE_ROLLING;
	}
	r->used = 0;
	game_set_dice(sv->sc.g, serve_roll_given, r);
	rc = serve_roll_run(sv);
	game_set_dice(sv->sc.g, NULL, NULL);
	r->on = false;
	free(r->line);
	r->line = NULL;
	r->n = 0;
	return rc;
}

/*
 * Whether a seat's line (NULL: the computer's moves) certainly rolls no
 * die, so no trial is needed: a comment, a blank or a query, a command the
 * game will refuse before playing it (one that does not parse, out of the
 * seat's phase, dice), the computer without the move.
 */
static bool
serve_roll_idle(const struct serve *sv, int seat, const char *line)
{
	struct command	 c;
	char		*cause = NULL;
	int		 rc, side;

	/* The computer's moves: none unless it has the move. */
	if (line == NULL)
		return game_over(sv->sc.g) ||
		    (side = game_side_to_move(sv->sc.g)) == GAME_NO_SIDE ||
		    !sv->sc.computer[side];
	line += strspn(line, " \t\r");
	if (*line == '\0' || *line == '#' || (strncmp(line, "query", 5) ==
	    0 && (line[5] == '\0' || strchr(" \t\r", line[5]) != NULL)))
		return true;
	rc = cmd_parse(sv->sc.g, line, &c, &cause);
	free(cause);
	side = game_side_to_move(sv->sc.g);
	/* As script_as_check refuses them. */
	return rc != 0 || c.type == CMD_DICE || (!game_over(sv->sc.g) &&
	    side != GAME_NO_SIDE && side != seat);
}

int
serve_play(struct serve *sv, int seat, char *line)
{
	struct serve_roll	*r = &sv->roll;

	/* The game master gives no command, a query rolls nothing. */
	if (!sv->manual || seat == SERVE_GM ||
	    serve_roll_idle(sv, seat, line)) {
		if (line == NULL) {
			script_others(&sv->sc);
			return 0;
		}
		return script_line(&sv->sc, sv->seats[seat].view, line);
	}
	r->on = true;
	r->seat = line != NULL ? seat : -1;
	r->line = line != NULL ? xstrdup(line) : NULL;
	r->n = 0;
	return serve_roll_step(sv);
}

char *
serve_roll_busy(const struct serve *sv)
{
	if (!sv->roll.on)
		return NULL;
	return xasprintf("a d%d roll is awaited from the %s seat",
	    sv->roll.sides, sv->seats[sv->roll.asked].name);
}

void
serve_roll_answer(struct serve *sv, struct serve_conn *cn, json_t *v)
{
	struct serve_roll	*r = &sv->roll;
	char			*msg;
	int			 rc;

	/* A screen seat's connection carries its terminal: no errors. */
	if (!r->on || r->asked != cn->seat) {
		if (!cn->screen)
			serve_error(cn, "no roll is asked of this seat", false);
		return;
	}
	if (!json_is_integer(v) || json_integer_value(v) < 1 ||
	    json_integer_value(v) > r->sides) {
		msg = xasprintf("a d%d roll is a whole number, 1 to %d",
		    r->sides, r->sides);
		serve_roll_ask(sv, msg);
		free(msg);
		return;
	}
	if (r->n == r->cap) {
		r->cap = r->cap == 0 ? 8 : r->cap * 2;
		r->dice = xreallocarray(r->dice, r->cap, sizeof *r->dice);
	}
	r->dice[r->n++] = (int)json_integer_value(v);
	if ((rc = serve_roll_step(sv)) != SERVE_ROLLING)
		serve_after(sv, r->seat, rc);
}

void
serve_roll_free(struct serve *sv)
{
	free(sv->roll.line);
	free(sv->roll.dice);
	free(sv->roll.what);
	memset(&sv->roll, 0, sizeof sv->roll);
}
