/*
 * bench-serve.c - latency per command through `xtac serve` (xtac(6) GAME
 * SERVER): a client that takes X-Com's seat (the computer playing the
 * aliens) and sends N lines, each timed from its send to the server's
 * {"server":"done"}: a query (answered, nothing written), and an accepted
 * command (journalled, on disk before the reply: fdatasync), over a Unix
 * socket and over TCP on the loopback; then the command again in a game
 * with manual dice, where each line is first tried in a child process;
 * and the command with the journal on /dev/shm (memory: what is left
 * without the disk's sync).
 * Prints the median and the 99th percentile in microseconds; asserts no
 * timing.  Run by `make bench`; XTAC names the binary (../../xtac).
 */
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BENCH_N		2000

struct server {
	pid_t	 pid;
	char	 token[64];
};

static double
now_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void
die(const char *what)
{
	fprintf(stderr, "bench-serve: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* xtac serve ARGS... in the background; its X-Com token read. */
static void
server_start(struct server *sv, const char *xtac, char *const argv[])
{
	int	 p[2];
	FILE	*f;
	char	 line[256];

	if (pipe(p) != 0)
		die("pipe");
	if ((sv->pid = fork()) < 0)
		die("fork");
	if (sv->pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execv(xtac, argv);
		_exit(127);
	}
	close(p[1]);
	if ((f = fdopen(p[0], "r")) == NULL)
		die("fdopen");
	sv->token[0] = '\0';
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "token xcom %63s", sv->token) == 1)
			continue;
		if (strncmp(line, "token gm ", 9) == 0)
			break;
	}
	fclose(f);
	if (sv->token[0] == '\0') {
		fprintf(stderr, "bench-serve: %s did not start\n", xtac);
		exit(1);
	}
}

static void
server_stop(struct server *sv)
{
	kill(sv->pid, SIGTERM);
	waitpid(sv->pid, NULL, 0);
}

static int
connect_unix(const char *path)
{
	struct sockaddr_un	sun;
	int			fd = socket(AF_UNIX, SOCK_STREAM, 0);

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	snprintf(sun.sun_path, sizeof sun.sun_path, "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof sun) != 0)
		die(path);
	return fd;
}

static int
connect_tcp(int port)
{
	struct sockaddr_in	sin;
	int			fd = socket(AF_INET, SOCK_STREAM, 0), on = 1;

	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_port = htons((unsigned short)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sin, sizeof sin) != 0)
		die("connect 127.0.0.1");
	/* A line at a time, as an interactive client sends them. */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	return fd;
}

/* The server's lines, read through a buffer of our own. */
struct conn {
	int	fd;
	char	buf[1 << 16];
	size_t	n;
};

/* Read until a line beginning with want; false if the server goes. */
static int
conn_until(struct conn *c, const char *want)
{
	char	*nl;
	ssize_t	 r;
	size_t	 k;

	for (;;) {
		while ((nl = memchr(c->buf, '\n', c->n)) != NULL) {
			k = (size_t)(nl - c->buf) + 1;
			if (strncmp(c->buf, want, strlen(want)) == 0) {
				memmove(c->buf, c->buf + k, c->n - k);
				c->n -= k;
				return 1;
			}
			memmove(c->buf, c->buf + k, c->n - k);
			c->n -= k;
		}
		if (c->n == sizeof c->buf)
			c->n = 0;
		if ((r = read(c->fd, c->buf + c->n, sizeof c->buf - c->n)) <= 0)
			return 0;
		c->n += (size_t)r;
	}
}

static void
conn_send(struct conn *c, const char *line)
{
	size_t	off = 0, n = strlen(line);
	ssize_t	w;

	while (off < n) {
		if ((w = write(c->fd, line + off, n - off)) < 0)
			die("write");
		off += (size_t)w;
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* N lines (two alternating), each timed to its done: median, p99. */
static void
measure(const char *label, int fd, const char *token, const char *a,
    const char *b)
{
	static struct conn	c;
	static double		t[BENCH_N];
	char			line[256];
	double			t0;
	int			i;

	memset(&c, 0, sizeof c);
	c.fd = fd;
	snprintf(line, sizeof line, "{\"xtac\":1,\"side\":\"xcom\","
	    "\"token\":\"%s\"}\n", token);
	conn_send(&c, line);
	if (!conn_until(&c, "{\"server\":\"turn\""))
		die("handshake");
	for (i = 0; i < BENCH_N; i++) {
		snprintf(line, sizeof line, "{\"cmd\":\"%s\"}\n",
		    i % 2 == 0 ? a : b);
		t0 = now_us();
		conn_send(&c, line);
		if (!conn_until(&c, "{\"server\":\"done\""))
			die("reply");
		t[i] = now_us() - t0;
	}
	close(fd);
	qsort(t, BENCH_N, sizeof *t, cmp_double);
	printf("  %-44s %8.0f %8.0f\n", label, t[BENCH_N / 2],
	    t[BENCH_N * 99 / 100]);
	fflush(stdout);
}

int
main(void)
{
	const char	*xtac = getenv("XTAC") != NULL ? getenv("XTAC") :
			    "../../xtac";
	char		 dir[] = "/tmp/bench-serve.XXXXXX", sock[128];
	char		 save[128], addr[64], *argv[16];
	struct server	 sv;
	int		 port = 20000 + getpid() % 20000, k;

	if (mkdtemp(dir) == NULL)
		die("mkdtemp");
	snprintf(sock, sizeof sock, "%s/s.sock", dir);
	printf("serve: %d lines each, round trip to {\"server\":\"done\"}, "
	    "microseconds\n  %-44s %8s %8s\n", BENCH_N, "", "median", "p99");

	for (k = 0; k < 4; k++) {
		int n = 0;

		if (k == 3 && access("/dev/shm", W_OK) != 0)
			break;
		snprintf(save, sizeof save, "%s/g%d.save", k == 3 ?
		    "/dev/shm" : dir, k + getpid() * 4);
		snprintf(addr, sizeof addr, "127.0.0.1:%d", port + k);
		argv[n++] = "xtac";
		argv[n++] = "serve";
		argv[n++] = "--seed";
		argv[n++] = "1";
		argv[n++] = "--ai";
		argv[n++] = "alien";
		argv[n++] = "--save";
		argv[n++] = save;
		if (k == 2) {
			argv[n++] = "--dice";
			argv[n++] = "manual";
		}
		argv[n++] = "--listen";
		argv[n++] = k == 1 ? addr : sock;
		argv[n++] = "../data/fog.yaml";
		argv[n] = NULL;
		server_start(&sv, xtac, argv);
		if (k == 0) {
			measure("unix socket: query state", connect_unix(sock),
			    sv.token, "query state", "query state");
			measure("unix socket: command (journalled)",
			    connect_unix(sock), sv.token, "react ana 10",
			    "react ana 20");
		} else if (k == 1) {
			measure("tcp loopback: query state",
			    connect_tcp(port + k), sv.token, "query state",
			    "query state");
			measure("tcp loopback: command (journalled)",
			    connect_tcp(port + k), sv.token, "react ana 10",
			    "react ana 20");
		} else if (k == 2)
			measure("unix socket: command, manual dice (tried)",
			    connect_unix(sock), sv.token, "react ana 10",
			    "react ana 20");
		else
			measure("unix socket: command, journal in memory",
			    connect_unix(sock), sv.token, "react ana 10",
			    "react ana 20");
		server_stop(&sv);
		unlink(save);
	}
	unlink(sock);
	rmdir(dir);
	return 0;
}
