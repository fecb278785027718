/*
 * bench-ui.c - the cost of one step in the client: `xtac play` on the
 * arena (tests/data/arena.yaml, seed 1, 100x30, TERM xterm-256color) in a
 * pseudo-terminal this program holds, and ana walks one square east and
 * back, again and again, as a player walks a square at a time: m once
 * (move mode stays on after a walk), then l (or h) and Enter each step.
 * For each key it counts the bytes the client writes to the terminal in
 * answer and the time from the key to the answer's last byte (the answer
 * ends when the terminal stays quiet for --quiet ms).  It prints medians:
 * the step (Enter: the move, sight and the redraw), and the whole of l and
 * Enter (the path's preview, then the step).
 * The time includes the pseudo-terminal's round trip.  Prints figures
 * only; the client is ended by SIGTERM, which it answers by saving (to a
 * scratch XDG_DATA_HOME).
 *
 *	bench-ui [--moves N] [--quiet MS] [--xtac PATH] [--dump FILE]
 *	    [-- WRAPPER...]
 *
 * --dump writes the bytes of every step's answer to FILE, to see what was
 * redrawn.
 * With a wrapper (valgrind ...) the client runs under it: json.sh counts
 * instructions that way, running 0 and N moves and taking the difference.
 */
#define _XOPEN_SOURCE	700	/* posix_openpt, grantpt, ptsname */

#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "benchmap.h"
#include "xtac/util.h"

#define BENCH_MAX_MOVES	12	/* a troop's 27 TU: 13 steps */

struct bench_answer {
	long	bytes;
	int64_t	ns;	/* key to last byte */
};

static int
bench_compare(const void *a, const void *b)
{
	long	x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static long
bench_median(long *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_compare);
	return v[n / 2];
}

/* Read what the client writes until it is quiet for quiet_ms. */
static struct bench_answer
bench_drain(int fd, int64_t since, int quiet_ms, FILE *dump)
{
	struct bench_answer	 a = { 0, 0 };
	struct pollfd		 p = { fd, POLLIN, 0 };
	char			 buf[4096];
	ssize_t			 n;

	while (poll(&p, 1, quiet_ms) > 0) {
		if ((n = read(fd, buf, sizeof buf)) <= 0)
			break;
		a.bytes += n;
		a.ns = benchmap_now_ns() - since;
		if (dump != NULL)
			fwrite(buf, 1, (size_t)n, dump);
	}
	return a;
}

/* Send key k and read the answer. */
static struct bench_answer
bench_key(int fd, char k, int quiet_ms, FILE *dump)
{
	int64_t	t0 = benchmap_now_ns();

	if (write(fd, &k, 1) != 1)
		fatal("bench-ui: cannot write to the terminal");
	return bench_drain(fd, t0, quiet_ms, dump);
}

int
main(int argc, char **argv)
{
	struct winsize		 ws = { 30, 100, 0, 0 };
	struct bench_answer	 a;
	const char		*xtac = "../../build/xtac";
	char			 data[] = "/tmp/xtac-bench-ui.XXXXXX";
	char			*rm;
	char			**args;
	long			 step_b[BENCH_MAX_MOVES], step_ns[BENCH_MAX_MOVES];
	long			 all_b[BENCH_MAX_MOVES], all_ns[BENCH_MAX_MOVES];
	int			 moves = 9, quiet = 300, i, k, nwrap = 0, fd;
	int			 status;
	pid_t			 pid;
	FILE			*dump = NULL;

	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--moves") == 0)
			moves = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--quiet") == 0)
			quiet = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--xtac") == 0)
			xtac = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--dump") == 0) {
			if ((dump = fopen(argv[++i], "w")) == NULL)
				fatal("bench-ui: cannot write %s", argv[i]);
		}
		else if (strcmp(argv[i], "--") == 0) {
			nwrap = argc - i - 1;
			i = argc;
			break;
		} else
			break;
	}
	if (i < argc || moves < 0 || moves > BENCH_MAX_MOVES || quiet < 1) {
		fprintf(stderr, "usage: bench-ui [--moves 0..%d] [--quiet MS] "
		    "[--xtac PATH] [--dump FILE] [-- WRAPPER...]\n",
		    BENCH_MAX_MOVES);
		return 2;
	}
	if (access(xtac, X_OK) != 0)
		fatal("bench-ui: no client at %s (make xtac)", xtac);
	if (mkdtemp(data) == NULL)
		fatal("bench-ui: cannot make a scratch directory");

	if ((fd = posix_openpt(O_RDWR | O_NOCTTY)) < 0 || grantpt(fd) != 0 ||
	    unlockpt(fd) != 0 || ioctl(fd, TIOCSWINSZ, &ws) != 0)
		fatal("bench-ui: no pseudo-terminal");
	if ((pid = fork()) < 0)
		fatal("bench-ui: cannot fork");
	if (pid == 0) {
		int tty;

		setsid();
		if ((tty = open(ptsname(fd), O_RDWR)) < 0)
			_exit(127);
		dup2(tty, 0);
		dup2(tty, 1);
		dup2(tty, 2);
		close(fd);
		if (tty > 2)
			close(tty);
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		setenv("LC_ALL", "C.UTF-8", 1);
		setenv("XDG_DATA_HOME", data, 1);
		args = xcalloc((size_t)nwrap + 8, sizeof *args);
		for (k = 0; k < nwrap; k++)
			args[k] = argv[argc - nwrap + k];
		args[k++] = (char *)xtac;
		args[k++] = (char *)"play";
		args[k++] = (char *)"--seed";
		args[k++] = (char *)"1";
		args[k++] = (char *)"../../tests/data/arena.yaml";
		execvp(args[0], args);
		_exit(127);
	}

	/* The first screen: wait for it, then for quiet. */
	a = bench_drain(fd, benchmap_now_ns(), nwrap > 0 ? 60000 : 5000,
	    NULL);
	if (a.bytes == 0)
		fatal("bench-ui: the client drew nothing");
	/*
	 * That is the hand-over screen ("X-Com's turn ... press Enter"):
	 * Enter, and the map's first screen, not measured, in both the runs
	 * json.sh subtracts.
	 */
	if (write(fd, "\r", 1) != 1)
		fatal("bench-ui: cannot write to the terminal");
	bench_drain(fd, benchmap_now_ns(), nwrap > 0 ? 20000 : 2000, NULL);
	/* Move mode, once: not measured, in both runs json.sh subtracts. */
	if (dump != NULL)
		fprintf(dump, "\n--- key m ---\n");
	bench_key(fd, 'm', quiet, dump);
	for (i = 0; i < moves; i++) {
		struct bench_answer d, e;

		if (dump != NULL)
			fprintf(dump, "\n--- key l %d ---\n", i);
		d = bench_key(fd, i % 2 == 0 ? 'l' : 'h', quiet, dump);
		if (dump != NULL)
			fprintf(dump, "\n--- step %d ---\n", i);
		e = bench_key(fd, '\r', quiet, dump);
		step_b[i] = e.bytes;
		step_ns[i] = (long)e.ns;
		all_b[i] = d.bytes + e.bytes;
		all_ns[i] = (long)(d.ns + e.ns);
	}
	kill(pid, SIGTERM);
	/* What it writes on the way out is not measured. */
	bench_drain(fd, benchmap_now_ns(), nwrap > 0 ? 5000 : 500, NULL);
	if (dump != NULL)
		fclose(dump);
	waitpid(pid, &status, 0);
	close(fd);
	rm = xasprintf("rm -rf '%s'", data);
	if (system(rm) != 0)
		fprintf(stderr, "bench-ui: could not remove %s\n", data);
	free(rm);

	if (moves == 0) {
		printf("ui step: no moves\n");
		return 0;
	}
	printf("one UI step on the arena, 100x30 (Enter: the move and the "
	    "redraw): %ld bytes, %ld us\n", bench_median(step_b, moves),
	    bench_median(step_ns, moves) / 1000);
	printf("  l (or h) and Enter together: %ld bytes, %ld us "
	    "(medians of %d; times include the pty's round trip)\n",
	    bench_median(all_b, moves), bench_median(all_ns, moves) / 1000,
	    moves);
	printf("step_bytes %ld\nstep_ns %ld\nall_bytes %ld\nall_ns %ld\n",
	    step_b[moves / 2], step_ns[moves / 2], all_b[moves / 2],
	    all_ns[moves / 2]);
	return 0;
}
