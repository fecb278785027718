/*
 * ui-remote.c - the client as one seat of a served game (xtac serve,
 * cmd-serve.c): the server runs this client beside the game, on the
 * seat's terminal, with a copy of the game it keeps in step.  Nothing is
 * played here first: a command of this seat goes to the server as a line,
 * and every command the game takes, this seat's own included, comes back
 * as "cmd LINE" in the order the game took them, to be played on the copy
 * (the engine is deterministic, so the copy stays the game).  A refusal
 * comes back as "refused REASON".  The other side's phases show as a
 * waiting screen (ui_act_after).  With manual dice the server asks this
 * seat for a die as "roll SIDES WHAT" (WHAT as the side may read it) and
 * is answered "roll N"; the dice a command took come back ahead of it as
 * "cmd dice ...", as the journal has them.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui-int.h"
#include "xtac/util.h"

/* Play one of the game's commands on the copy, its events to the log. */
static int
ui_remote_apply(struct ui *ui, const char *line)
{
	struct command	 c;
	char		*cause = NULL;
	int		 rc;

	event_list_clear(&ui->ev);
	if (cmd_parse(ui->g, line, &c, &cause) != 0) {
		/* The server took it: the copy has left the game. */
		fatal("ui_remote_apply: '%s': %s", line, cause);
	}
	rc = game_execute(ui->g, &c, &ui->ev);
	ui_log_events(ui, &ui->ev);
	return rc;
}

/*
 * The next whole line from the server into *line (NUL-terminated in the
 * buffer, valid until the next call): 1, 0 when none is there yet (wait
 * false), -1 when the server is gone.
 */
static int
ui_remote_line(struct ui *ui, bool wait, char **line)
{
	struct ui_remote	*r = &ui->remote;
	char			*nl;
	ssize_t			 n;
	size_t			 k;
	struct pollfd		 pfd;

	for (;;) {
		if ((nl = memchr(r->buf, '\n', r->n)) != NULL) {
			*nl = '\0';
			*line = r->buf;
			return 1;
		}
		if (r->n == sizeof r->buf - 1)
			return -1;
		pfd.fd = ui->opts.remote_fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, wait ? -1 : 0) <= 0) {
			if (!wait || errno != EINTR)
				return 0;
			continue;
		}
		n = read(ui->opts.remote_fd, r->buf + r->n,
		    sizeof r->buf - 1 - r->n);
		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			return -1;
		}
		k = (size_t)n;
		r->n += k;
	}
}

/* Drop the line ui_remote_line gave. */
static void
ui_remote_next(struct ui *ui, const char *line)
{
	struct ui_remote	*r = &ui->remote;
	size_t			 used = strlen(line) + 1;

	memmove(r->buf, r->buf + used, r->n - used);
	r->n -= used;
}

static void
ui_remote_gone(struct ui *ui)
{
	ui->quit = true;
}

static int
ui_remote_write(struct ui *ui, const char *text)
{
	size_t	 off = 0, len = strlen(text);
	ssize_t	 n;

	while (off < len) {
		if ((n = write(ui->opts.remote_fd, text + off, len - off)) < 0) {
			if (errno == EINTR)
				continue;
			ui_remote_gone(ui);
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

/*
 * "roll SIDES WHAT", the line ui_remote_line gave (dropped here, as asking
 * reads no more of the buffer): the table rolls it, the server is told.
 */
static void
ui_remote_roll(struct ui *ui, const char *line)
{
	char	*copy = xstrdup(line), *end, *answer;
	long	 sides;

	ui_remote_next(ui, line);
	sides = strtol(copy + 5, &end, 10);
	if (*end == ' ' && sides >= 2 && sides <= 100) {
		answer = xasprintf("roll %d\n", ui_dice_ask(ui, (int)sides,
		    end + 1));
		ui_remote_write(ui, answer);
		free(answer);
	}
	free(copy);
}

int
ui_remote_issue(struct ui *ui, const char *text)
{
	char	*out = xasprintf("%s\n", text), *line;
	int	 rc = -1, got;

	if (ui_remote_write(ui, out) != 0) {
		free(out);
		return -1;
	}
	free(out);
	/* Its answer: the command as the game took it, or why not. */
	for (;;) {
		if ((got = ui_remote_line(ui, true, &line)) < 0) {
			ui_remote_gone(ui);
			return -1;
		}
		if (strncmp(line, "roll ", 5) == 0) {
			ui_remote_roll(ui, line);
			continue;
		}
		/* The dice it took come first, as the journal has them. */
		if (strncmp(line, "cmd dice ", 9) == 0) {
			ui_remote_apply(ui, line + 4);
			ui_remote_next(ui, line);
			continue;
		}
		if (strncmp(line, "cmd ", 4) == 0) {
			rc = ui_remote_apply(ui, line + 4);
			ui_remote_next(ui, line);
			return rc;
		}
		if (strncmp(line, "refused ", 8) == 0) {
			free(ui->message);
			ui->message = xasprintf("%s: %s", text, line + 8);
			ui_log_add(ui, "Refused: %s", ui->message);
			ui->dirty |= UI_DIRTY_STATUS;
			ui_remote_next(ui, line);
			return -1;
		}
		ui_remote_next(ui, line);
	}
}

bool
ui_remote_poll(struct ui *ui)
{
	char	*line;
	bool	 any = false;
	int	 got;

	while ((got = ui_remote_line(ui, false, &line)) > 0) {
		if (strncmp(line, "roll ", 5) == 0) {
			ui_remote_roll(ui, line);
			continue;
		}
		if (strncmp(line, "cmd ", 4) == 0) {
			ui_remote_apply(ui, line + 4);
			any = true;
		}
		ui_remote_next(ui, line);
	}
	if (got < 0)
		ui_remote_gone(ui);
	if (any)
		ui_act_after(ui);
	return any;
}
