/*
 * serve-screen.c - a seat of `xtac serve` played on the player's own
 * terminal (`xtac join` without --script).  The usual client runs here,
 * on the server's machine, in a child process on a pseudo-terminal of its
 * own, with a copy of the game made by fork(): it sees nothing its side
 * may not (the client's own fog of war), and only its screen crosses the
 * connection - the terminal's bytes, relayed both ways by the server's
 * loop.  Its commands come to the server as lines on a socket pair and
 * are played on the game like any seat's; every command the game takes
 * goes back to each screen seat's client as "cmd LINE", which plays it on
 * its copy (ui-remote.c), so the copy stays the game.
 *
 * Why not newterm() on each connection inside the server: the client is a
 * loop of its own around one terminal; a process per seat keeps it as it
 * is, and one stuck or crashed client cannot stop the game or the others.
 */
/* posix_openpt(), grantpt(), unlockpt(), ptsname(): XSI. */
#define _XOPEN_SOURCE 700

#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "serve.h"
#include "xtac/save.h"
#include "xtac/ui.h"
#include "xtac/util.h"

static void
serve_screen_nonblock(int fd)
{
	int	fl = fcntl(fd, F_GETFL);

	if (fl >= 0)
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/*
 * The client on the game: made anew from the game's own save, replayed
 * into the client's log as it happened, so the seat reads its side's
 * history from the start of the game, whenever it joined; the game as it
 * is if that cannot be (no scenario held).
 */
static int
serve_screen_play(struct serve *sv, struct ui_options *o)
{
	struct save	 save;
	struct game	*g = NULL;
	char		*text, *cause = NULL;
	int		 status;

	if (sv->scenario == NULL)
		return ui_play(sv->sc.g, o);
	text = save_format(sv->sc.g, "served", 0, NULL);
	if (save_parse(&save, "the served game", text, strlen(text),
	    &cause) != 0) {
		free(text);
		free(cause);
		return ui_play(sv->sc.g, o);
	}
	free(text);
	o->resume = &save;
	status = ui_play_new(sv->scenario, game_seed(sv->sc.g), o, &g);
	game_free(g);
	save_free(&save);
	return status;
}

/* In the child: the client on the pty's other end, then exit. */
static void
serve_screen_child(struct serve *sv, struct serve_conn *cn, const char *pts,
    int cmdfd)
{
	struct ui_options	 o;
	struct winsize		 ws;
	struct sigaction	 sa;
	int			 fd, side = cn->seat, i, status;

	setsid();
	if ((fd = open(pts, O_RDWR)) < 0)
		_exit(3);
	ioctl(fd, TIOCSCTTY, 0);
	memset(&ws, 0, sizeof ws);
	ws.ws_row = (unsigned short)cn->lines;
	ws.ws_col = (unsigned short)cn->cols;
	ioctl(fd, TIOCSWINSZ, &ws);
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	/* Nothing of the server's: its listener, the other connections. */
	for (i = 3; i < 1024; i++)
		if (i != cmdfd)
			close(i);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	setenv("TERM", cn->term, 1);
	setenv("LC_ALL", cn->utf8 ? "C.UTF-8" : "C", 1);
	unsetenv("LINES");
	unsetenv("COLUMNS");

	memset(&o, 0, sizeof o);
	o.seed = game_seed(sv->sc.g);
	o.side = side == SERVE_GM ? SIDE_XCOM : (enum side)side;
	for (i = 0; i < SIDE_COUNT; i++)
		o.control[i] = i == side ? CONTROL_HUMAN : i == SIDE_CIVILIAN ?
		    CONTROL_ENGINE : CONTROL_AI;
	/*
	 * The game master's seat: the preview, everything shown, following
	 * the side to move; its commands go to the server, which refuses
	 * them (it only watches).
	 */
	if (side == SERVE_GM) {
		o.preview = true;
		for (i = 0; i < SIDE_COUNT; i++)
			o.control[i] = CONTROL_HUMAN;
	}
	o.ai.level = AI_NORMAL;
	o.save_off = "the server keeps the game's journal";
	o.remote = true;
	o.remote_fd = cmdfd;
	status = serve_screen_play(sv, &o);
	/* Not exit(): the server's buffers and handlers are not ours. */
	_exit(status >= UI_SIGNALLED ? 0 : status);
}

int
serve_screen_start(struct serve *sv, struct serve_conn *cn, char **cause)
{
	int	 master, sp[2];
	char	*pts;
	pid_t	 pid;

	if ((master = posix_openpt(O_RDWR | O_NOCTTY)) < 0 ||
	    grantpt(master) != 0 || unlockpt(master) != 0 ||
	    (pts = ptsname(master)) == NULL) {
		*cause = xasprintf("no pseudo-terminal: %s", strerror(errno));
		if (master >= 0)
			close(master);
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sp) != 0) {
		*cause = xasprintf("socketpair: %s", strerror(errno));
		close(master);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	if ((pid = fork()) < 0) {
		*cause = xasprintf("fork: %s", strerror(errno));
		close(master);
		close(sp[0]);
		close(sp[1]);
		return -1;
	}
	if (pid == 0) {
		close(master);
		close(sp[0]);
		serve_screen_child(sv, cn, pts, sp[1]);
	}
	close(sp[1]);
	fcntl(master, F_SETFD, FD_CLOEXEC);
	fcntl(sp[0], F_SETFD, FD_CLOEXEC);
	serve_screen_nonblock(master);
	serve_screen_nonblock(sp[0]);
	cn->pty = master;
	cn->pipe = sp[0];
	cn->child = pid;
	return 0;
}

void
serve_screen_stop(struct serve_conn *cn)
{
	if (cn->child > 0)
		kill(cn->child, SIGHUP);
	if (cn->pty >= 0)
		close(cn->pty);
	if (cn->pipe >= 0)
		close(cn->pipe);
	cn->pty = cn->pipe = -1;
	cn->child = 0;
}

void
serve_screen_reap(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

int
serve_screen_fds(struct serve_conn *cn, struct pollfd *pfd)
{
	/* Keys that came before the client: its terminal has them now. */
	if (serve_buf_len(&cn->raw) > 0) {
		serve_buf_add(&cn->pty_out, cn->raw.p + cn->raw.off,
		    serve_buf_len(&cn->raw));
		serve_buf_take(&cn->raw, serve_buf_len(&cn->raw));
	}
	/* A client that reads no keys is not waited for forever. */
	if (serve_buf_len(&cn->pty_out) > SERVE_MAX_OUT ||
	    serve_buf_len(&cn->pipe_out) > SERVE_MAX_OUT)
		cn->dead = true;
	/* The player's terminal changed size: the client's follows. */
	if (cn->resized && cn->pty >= 0) {
		struct winsize ws;

		memset(&ws, 0, sizeof ws);
		ws.ws_row = (unsigned short)cn->lines;
		ws.ws_col = (unsigned short)cn->cols;
		ioctl(cn->pty, TIOCSWINSZ, &ws);
		cn->resized = false;
	}
	pfd[0].fd = cn->pty;
	pfd[0].events = (serve_buf_len(&cn->out) < SERVE_MAX_OUT ? POLLIN : 0) |
	    (serve_buf_len(&cn->pty_out) > 0 ? POLLOUT : 0);
	pfd[0].revents = 0;
	pfd[1].fd = cn->pipe;
	pfd[1].events = POLLIN |
	    (serve_buf_len(&cn->pipe_out) > 0 ? POLLOUT : 0);
	pfd[1].revents = 0;
	return 2;
}

static bool
serve_screen_write(int fd, struct serve_buf *b)
{
	ssize_t	n = write(fd, b->p + b->off, serve_buf_len(b));

	if (n < 0)
		return errno == EAGAIN || errno == EINTR;
	serve_buf_take(b, (size_t)n);
	return true;
}

/* The client's commands, a line at a time. */
static bool
serve_screen_lines(struct serve *sv, struct serve_conn *cn)
{
	char	 buf[4096], *nl;
	ssize_t	 n;
	size_t	 k, i;

	if ((n = read(cn->pipe, buf, sizeof buf)) <= 0)
		return n < 0 && (errno == EAGAIN || errno == EINTR);
	for (i = 0; i < (size_t)n; i += k + 1) {
		nl = memchr(buf + i, '\n', (size_t)n - i);
		k = nl != NULL ? (size_t)(nl - buf) - i : (size_t)n - i;
		if (cn->npin + k >= sizeof cn->pin)
			return false;	/* not our client's */
		memcpy(cn->pin + cn->npin, buf + i, k);
		cn->npin += k;
		if (nl == NULL)
			break;
		cn->pin[cn->npin] = '\0';
		cn->npin = 0;
		serve_screen_line(sv, cn, cn->pin);
	}
	return true;
}

bool
serve_screen_io(struct serve *sv, struct serve_conn *cn, int which,
    short revents)
{
	char	buf[16384];
	ssize_t	n;

	if (which == 0) {
		if (revents & POLLOUT && !serve_screen_write(cn->pty,
		    &cn->pty_out))
			return false;
		if (revents & (POLLIN | POLLHUP | POLLERR)) {
			/* EIO: the client has gone, its terminal closed. */
			if ((n = read(cn->pty, buf, sizeof buf)) <= 0)
				return n < 0 && (errno == EAGAIN ||
				    errno == EINTR);
			serve_buf_add(&cn->out, buf, (size_t)n);
		}
		return true;
	}
	if (revents & POLLOUT && !serve_screen_write(cn->pipe, &cn->pipe_out))
		return false;
	if (revents & (POLLIN | POLLHUP | POLLERR))
		return serve_screen_lines(sv, cn);
	return true;
}
