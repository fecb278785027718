/*
 * serve.h - `xtac serve` and `xtac join` (xtac(6) GAME SERVER): one game
 * told to its seats (each side and the game master) over connections
 * speaking JSON lines.  serve-game.c is the game's side of it, with no
 * sockets in it: bytes in, bytes queued out, so a fuzzer can drive it;
 * serve-net.c opens addresses; cmd-serve.c and cmd-join.c are the
 * programs.
 */
#ifndef XTAC_SERVE_H
#define XTAC_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "script.h"
#include "xtac/rng.h"

struct json_t;

/* The handshake's version: what `{"xtac":1,...}` names. */
#define SERVE_PROTOCOL	1
/* A client's line, its newline not counted, is shorter than this. */
#define SERVE_MAX_LINE	32768
/* A connection whose unread output grows past this is dropped. */
#define SERVE_MAX_OUT	((size_t)64 << 20)
/* Connections at once; more are told so and closed. */
#define SERVE_MAX_CONNS	32
/* A connection has this long (ms) to shake hands, or is let go. */
#define SERVE_HELLO_MS	10000
/*
 * A screen seat's terminal took a new size: "\033]xtac-size;L;C\a" in its
 * keys, sent by join in one piece (an operating system command no
 * terminal sends as a key), taken out of them by the server.
 */
#define SERVE_RESIZE	"\033]xtac-size;"
#define SERVE_RESIZE_MAX	32

/* Hex digits of a seat's token (128 random bits). */
#define SERVE_TOKEN	32

enum serve_seat_id {
	SERVE_XCOM,		/* the seats of the sides, as enum side */
	SERVE_ALIEN,
	SERVE_GM,		/* the game master: everything, only queries */
	SERVE_SEATS
};

struct serve_buf {
	char	*p;
	size_t	 off;		/* bytes already taken from the front */
	size_t	 n;		/* bytes held, from p */
	size_t	 cap;
};

struct serve_conn {
	int			 fd;
	char			 in[SERVE_MAX_LINE];
	size_t			 nin;
	bool			 skipping;	/* in a line too long */
	struct serve_buf	 out;
	int			 seat;		/* -1 before the handshake */
	bool			 closing;	/* hang up once out is sent */
	bool			 dead;		/* hang up now */
	long long		 opened;	/* ms, monotonic, when accepted */

	/*
	 * A seat played on its terminal (the handshake's "screen"): after
	 * the welcome the connection carries the terminal's bytes both
	 * ways, to and from the client cmd-serve.c runs for it on a pty.
	 */
	bool			 screen;
	char			 term[64];	/* TERM of the player's terminal */
	int			 lines, cols;
	bool			 resized;	/* lines, cols new for the pty */
	char			 esc[SERVE_RESIZE_MAX];	/* a resize begun */
	size_t			 nesc;
	bool			 utf8;
	struct serve_buf	 raw;		/* keys before the client runs */
	int			 pty;		/* the client's terminal, or -1 */
	int			 pipe;		/* its commands, or -1 */
	int			 child;		/* its process, or 0 */
	struct serve_buf	 pty_out;	/* keys for it */
	struct serve_buf	 pipe_out;	/* the game's commands for it */
	char			 pin[SERVE_MAX_LINE];
	size_t			 npin;
};

struct serve_seat {
	const char		*name;		/* "xcom", "alien", "gm" */
	char			 token[SERVE_TOKEN + 1];
	int			 view;		/* in the script */
	bool			 computer;	/* --ai: nobody joins it */
	struct serve_conn	*conn;		/* NULL: empty */
	struct serve_buf	 log;		/* the game as it was told */
	struct serve		*sv;
	char			*refused;	/* why its last line was */
};

/*
 * With manual dice (serve-dice.c): a line waiting for dice the players
 * roll, tried again with each one given until it needs no more.
 */
struct serve_roll {
	bool			 on;
	int			 seat;		/* whose line: its reply goes
						   there; -1 the computer's */
	char			*line;		/* NULL: the computer's moves */
	int			*dice;		/* given so far, in order */
	size_t			 n, cap;
	size_t			 used;		/* by the game, as it plays */
	int			 asked;		/* the seat asked for the next */
	int			 sides;
	char			*what;		/* for what, as it may read it */
	struct rng		 spare;		/* dice no trial foresaw */
};

struct serve {
	struct script		 sc;
	const struct scenario	*scenario;	/* the game's, for the screen
						   seats' history; or NULL */
	bool			 manual;	/* the players roll the dice */
	struct serve_roll	 roll;
	struct serve_seat	 seats[SERVE_SEATS];
	struct script_save	*save;		/* NULL: no journal */
	int			 announced;	/* side last said to move */
	size_t			 told;		/* journal entries sent to the
						   screen seats' clients */
};

/* Set up the seats (tokens given) before the game; computer[side]. */
void	serve_init(struct serve *, char tokens[SERVE_SEATS][SERVE_TOKEN + 1],
	    const bool computer[SIDE_COUNT]);
/* After sc.g is made and its first events told: the computer moves. */
void	serve_start(struct serve *);
void	serve_free(struct serve *);
/* The seat named so, or -1. */
int	serve_seat_named(const char *);

void	serve_conn_init(struct serve_conn *, int fd);
/* Bytes read from the connection: every whole line handled. */
void	serve_conn_input(struct serve *, struct serve_conn *, const char *,
	    size_t);
/*
 * A line from a screen seat's client: a command as its side gives it.
 * The client is told "refused REASON", or, as every screen seat is told
 * each command the game takes, "cmd LINE".
 */
void	serve_screen_line(struct serve *, struct serve_conn *, char *);
/*
 * After a line of a seat (or the computer's moves, seat -1) was played
 * with status rc: the journal synced, the screen seats told each command
 * the game took, whose move it is, the seat's reply.
 */
void	serve_after(struct serve *, int seat, int rc);
/* Queue a JSON message (taken) or a protocol error to a connection. */
void	serve_send_json(struct serve_conn *, struct json_t *);
void	serve_error(struct serve_conn *, const char *reason, bool hangup);

/* serve_play's status while the line waits for a die. */
#define SERVE_ROLLING	1
/*
 * A seat's line (seat -1 and line NULL: the computer's moves) played on
 * the game: 0, -1 refused, or SERVE_ROLLING when, with manual dice, it
 * waits for a die asked of a seat (serve-dice.c).
 */
int	serve_play(struct serve *, int seat, char *line);
/* Why lines wait while a roll is asked (owned), or NULL. */
char	*serve_roll_busy(const struct serve *);
/*
 * Ask the seat the pending die is asked of, if it is there; why: the
 * reason its last answer was not taken, or NULL.
 */
void	serve_roll_ask(struct serve *, const char *why);
/* A seat's answer {"roll":N}: checked, and the line goes on. */
void	serve_roll_answer(struct serve *, struct serve_conn *,
	    struct json_t *);
void	serve_roll_free(struct serve *);

/* The connection is gone: its seat is free to rejoin. */
void	serve_conn_gone(struct serve *, struct serve_conn *);
void	serve_conn_free(struct serve_conn *);
/* Refuse a connection before reading it (too many): say why, hang up. */
void	serve_conn_refuse(struct serve_conn *, const char *);

void	serve_buf_add(struct serve_buf *, const char *, size_t);
/* Drop n bytes from the front. */
void	serve_buf_take(struct serve_buf *, size_t);
void	serve_buf_free(struct serve_buf *);
static inline size_t
serve_buf_len(const struct serve_buf *b)
{
	return b->n - b->off;
}

/*
 * A screen seat's client (serve-screen.c): started once the seat is taken
 * (0, or -1 and *cause); its pty and command line added to a poll (two
 * entries); their events handled (which: 0 the pty, 1 the commands;
 * false when the client is gone); stopped; finished children reaped.
 */
struct pollfd;
int	serve_screen_start(struct serve *, struct serve_conn *, char **);
int	serve_screen_fds(struct serve_conn *, struct pollfd *);
bool	serve_screen_io(struct serve *, struct serve_conn *, int which,
	    short revents);
void	serve_screen_stop(struct serve_conn *);
void	serve_screen_reap(void);

/*
 * An address: "HOST:PORT" for TCP, anything else (or with a '/') a Unix
 * socket's path.  Listening replaces a stale socket file nobody answers
 * on, and makes a new one readable by its owner alone.  Both return the
 * socket, or -1 with *cause set.
 */
int	serve_listen(const char *addr, char **cause);
/* Whether the address is a Unix socket's path. */
bool	serve_addr_unix(const char *);
int	serve_connect(const char *addr, char **cause);

#endif
