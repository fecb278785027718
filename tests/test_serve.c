/*
 * test_serve.c - the game server's side of a connection (serve-game.c,
 * xtac(6) GAME SERVER) fed bytes as a hostile client would send them:
 * garbage, a wrong token, another protocol version, a taken seat, lines
 * past the cap, NUL bytes, floods of commands for the other side, out of
 * turn or not JSON.  Each gets an error line; none changes the game (its
 * hash and its journal stay as they were) or stops the other seats; a
 * seat that drops joins again and is told its side's view again.  A seat
 * played on its terminal is told nothing on its connection but what its
 * client draws, and its client hears of every command the game takes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"
#include "serve.h"
#include "xtac/cmd.h"
#include "xtac/load.h"
#include "xtac/util.h"

struct world {
	struct catalog	*cat;
	struct scenario	*s;
	struct serve	 sv;
};

#define TOK_XCOM	"0123456789abcdef0123456789abcdef"
#define TOK_ALIEN	"fedcba9876543210fedcba9876543210"
#define TOK_GM		"00000000000000000000000000000001"

static int
setup_map(void **state, const char *map, bool manual)
{
	struct world	*w = xcalloc(1, sizeof *w);
	struct diags	 d;
	char		 tokens[SERVE_SEATS][SERVE_TOKEN + 1] = {
		TOK_XCOM, TOK_ALIEN, TOK_GM
	};
	bool		 computer[SIDE_COUNT] = { false, false, true };

	w->cat = fixture_real_catalog();
	assert_non_null(w->cat);
	diags_init(&d, map, NULL, 0);
	w->s = scenario_load(map, w->cat, &d);
	diags_free(&d);
	assert_non_null(w->s);
	serve_init(&w->sv, tokens, computer);
	w->sv.manual = manual;
	w->sv.sc.g = game_new(w->s, 1, &w->sv.sc.ev);
	script_flush(&w->sv.sc);
	serve_start(&w->sv);
	*state = w;
	return 0;
}

static int
setup(void **state)
{
	return setup_map(state, "tests/data/fog.yaml", false);
}

/* tests/data/behind.yaml with manual dice: s1 reacts to ana's walk. */
static int
setup_dice(void **state)
{
	return setup_map(state, "tests/data/behind.yaml", true);
}

static int
teardown(void **state)
{
	struct world	*w = *state;

	game_free(w->sv.sc.g);
	serve_free(&w->sv);
	scenario_free(w->s);
	fixture_real_catalog_free(w->cat);
	free(w);
	return 0;
}

static void
feed(struct world *w, struct serve_conn *cn, const char *text)
{
	serve_conn_input(&w->sv, cn, text, strlen(text));
}

/* What the connection was sent, as a string; then forgotten. */
static char *
sent(struct serve_conn *cn)
{
	char	*s = xstrndup(cn->out.p == NULL ? "" : cn->out.p + cn->out.off,
	    serve_buf_len(&cn->out));

	serve_buf_take(&cn->out, serve_buf_len(&cn->out));
	return s;
}

static void
assert_sent(struct serve_conn *cn, const char *want)
{
	char	*s = sent(cn);

	if (strstr(s, want) == NULL)
		fail_msg("'%s' not in what was sent:\n%s", want, s);
	free(s);
}

static void
join(struct world *w, struct serve_conn *cn, const char *side,
    const char *token)
{
	char	*hello = xasprintf("{\"xtac\":1,\"side\":\"%s\",\"token\":"
	    "\"%s\"}\n", side, token);

	feed(w, cn, hello);
	free(hello);
}

/* The handshake: only the right token for a free seat gets in. */
static void
test_handshake_refusals(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 cn;
	static const struct {
		const char	*line;
		const char	*why;
	} bad[] = {
		{ "hello\n", "not JSON" },
		{ "[1,2,3]\n", "a message is a JSON object" },
		{ "{\"side\":\"xcom\"}\n", "a connection begins" },
		{ "{\"xtac\":2,\"side\":\"xcom\",\"token\":\"" TOK_XCOM "\"}\n",
		  "protocol version 2 is not spoken here" },
		{ "{\"xtac\":1,\"side\":\"xcom\",\"token\":\"" TOK_ALIEN "\"}\n",
		  "wrong token for the xcom seat" },
		{ "{\"xtac\":1,\"side\":\"xcom\",\"token\":\"0123\"}\n",
		  "wrong token for the xcom seat" },
		{ "{\"xtac\":1,\"side\":\"xcom\"}\n",
		  "wrong token for the xcom seat" },
		{ "{\"xtac\":1,\"side\":\"civilian\",\"token\":\"x\"}\n",
		  "no such seat" },
		{ "{\"xtac\":1,\"side\":\"civilian\",\"token\":\"x\"}\n",
		  "no such seat" },
		{ "{\"xtac\":1,\"xtac\":1}\n", "not JSON" },
		{ "{\"cmd\":\"end\"}\n", "a connection begins" },
	};
	size_t			 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		serve_conn_init(&cn, -1);
		feed(w, &cn, bad[i].line);
		assert_sent(&cn, bad[i].why);
		assert_true(cn.closing);
		assert_null(w->sv.seats[SERVE_XCOM].conn);
		/* Nothing after a refusal is read. */
		join(w, &cn, "xcom", TOK_XCOM);
		assert_int_equal(serve_buf_len(&cn.out), 0);
		serve_conn_gone(&w->sv, &cn);
		serve_conn_free(&cn);
	}
}

/* A seat is one connection's; the second is refused, the first plays. */
static void
test_taken_seat(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 a, b;

	serve_conn_init(&a, -1);
	serve_conn_init(&b, -1);
	join(w, &a, "xcom", TOK_XCOM);
	assert_sent(&a, "{\"server\":\"welcome\",\"xtac\":1,\"side\":\"xcom\"}");
	join(w, &b, "xcom", TOK_XCOM);
	assert_sent(&b, "the xcom seat is taken");
	assert_true(b.closing);
	assert_ptr_equal(w->sv.seats[SERVE_XCOM].conn, &a);
	feed(w, &a, "{\"cmd\":\"query state\"}\n");
	assert_sent(&a, "\"query\":\"state\"");
	serve_conn_gone(&w->sv, &b);
	assert_ptr_equal(w->sv.seats[SERVE_XCOM].conn, &a);
	serve_conn_gone(&w->sv, &a);
	serve_conn_free(&a);
	serve_conn_free(&b);
}

/* Lines past the cap, NUL bytes, floods: errors, the game untouched. */
static void
test_hostile_lines(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 x, al;
	uint64_t		 hash = game_hash(w->sv.sc.g);
	size_t			 len = game_journal_length(w->sv.sc.g), i;
	char			*big, *s;

	serve_conn_init(&x, -1);
	serve_conn_init(&al, -1);
	join(w, &x, "xcom", TOK_XCOM);
	join(w, &al, "alien", TOK_ALIEN);
	free(sent(&x));
	free(sent(&al));

	/* 100,000 bytes without a newline, in pieces, then the newline. */
	big = xmalloc(1000);
	memset(big, 'x', 1000);
	for (i = 0; i < 100; i++)
		serve_conn_input(&w->sv, &x, big, 1000);
	free(big);
	feed(w, &x, "\n{\"cmd\":\"query state\"}\n");
	s = sent(&x);
	assert_non_null(strstr(s, "lines are at most 32767 bytes"));
	assert_non_null(strstr(s, "\"query\":\"state\""));
	assert_false(x.closing);
	free(s);

	/* A raw NUL, an escaped one, a newline inside the command. */
	serve_conn_input(&w->sv, &x, "{\"cmd\":\"end\0\"}\n", 15);
	assert_sent(&x, "a line holds a NUL byte");
	feed(w, &x, "{\"cmd\":\"end\\u0000\"}\n");
	assert_sent(&x, "not JSON");
	feed(w, &x, "{\"cmd\":\"end\\nend\"}\n");
	assert_sent(&x, "a command is one line");

	/* A flood of what neither side may do. */
	for (i = 0; i < 2000; i++) {
		feed(w, &x, "{\"cmd\":\"move s2 2 4\"}\n");
		feed(w, &x, "{\"cmd\":\"dice 5\"}\n");
		feed(w, &x, "{\"cmd\":42}\n");
		feed(w, &x, "{\"cmd\":\"launch the rockets\"}\n");
		feed(w, &x, "\xff\xfe garbage\n");
		feed(w, &al, "{\"cmd\":\"end\"}\n");
		feed(w, &al, "{\"cmd\":\"move s2 2 4\"}\n");
		feed(w, &al, "{\"xtac\":1,\"side\":\"xcom\",\"token\":\""
		    TOK_XCOM "\"}\n");
	}
	s = sent(&x);
	assert_non_null(strstr(s, "s2 is not yours to command"));
	assert_non_null(strstr(s, "dice are the game's to roll"));
	assert_non_null(strstr(s, "a message is {\\\"cmd\\\":LINE}"));
	free(s);
	s = sent(&al);
	assert_non_null(strstr(s, "it is xcom's phase: wait for it to end"));
	free(s);
	assert_false(x.closing || x.dead || al.closing || al.dead);
	assert_true(game_hash(w->sv.sc.g) == hash);
	assert_int_equal(game_journal_length(w->sv.sc.g), len);
	assert_int_equal(game_side_to_move(w->sv.sc.g), SIDE_XCOM);

	/* And the side whose move it is still plays. */
	feed(w, &x, "{\"cmd\":\"end\"}\n");
	s = sent(&x);
	assert_non_null(strstr(s, "\"event\":\"phase-end\""));
	assert_non_null(strstr(s, "{\"server\":\"turn\",\"side\":\"alien\"}"));
	assert_non_null(strstr(s, "{\"server\":\"done\",\"ok\":true}"));
	free(s);
	assert_sent(&al, "{\"server\":\"turn\",\"side\":\"alien\"}");
	assert_int_equal(game_side_to_move(w->sv.sc.g), SIDE_ALIEN);
	serve_conn_gone(&w->sv, &x);
	serve_conn_gone(&w->sv, &al);
	serve_conn_free(&x);
	serve_conn_free(&al);
}

/* Dropped and joined again: the side's view again, then the answers. */
static void
test_rejoin(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 a, b;
	char			*first, *again, *view;

	serve_conn_init(&a, -1);
	join(w, &a, "xcom", TOK_XCOM);
	feed(w, &a, "{\"cmd\":\"query state\"}\n{\"cmd\":\"move ana 3 1\"}\n");
	first = sent(&a);
	serve_conn_gone(&w->sv, &a);
	assert_null(w->sv.seats[SERVE_XCOM].conn);

	serve_conn_init(&b, -1);
	join(w, &b, "xcom", TOK_XCOM);
	again = sent(&b);
	/* What the seat was told of the game, not its answers. */
	view = xstrndup(w->sv.seats[SERVE_XCOM].log.p,
	    serve_buf_len(&w->sv.seats[SERVE_XCOM].log));
	assert_non_null(strstr(again, view));
	assert_non_null(strstr(view, "{\"event\":\"protocol\",\"version\":1,"
	    "\"as\":\"xcom\"}"));
	assert_non_null(strstr(view, "\"to\":[3,1,1]"));
	assert_null(strstr(view, "\"query\""));
	assert_non_null(strstr(first, "\"query\":\"state\""));
	assert_non_null(strstr(again, "{\"server\":\"turn\",\"side\":\"xcom\"}"));
	free(first);
	free(again);
	free(view);
	serve_conn_gone(&w->sv, &b);
	serve_conn_free(&a);
	serve_conn_free(&b);
}

/* The game master sees everything and commands nothing. */
static void
test_game_master(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 gm;
	char			*s;

	serve_conn_init(&gm, -1);
	join(w, &gm, "gm", TOK_GM);
	s = sent(&gm);
	/* The aliens' units from the start, unseen by X-Com. */
	assert_non_null(strstr(s, "\"side\":\"alien\",\"unit\":\"ana\""));
	assert_null(strstr(s, "\"event\":\"protocol\""));
	free(s);
	feed(w, &gm, "{\"cmd\":\"end\"}\n");
	assert_sent(&gm, "the game master watches: only queries");
	assert_int_equal(game_side_to_move(w->sv.sc.g), SIDE_XCOM);
	feed(w, &gm, "{\"cmd\":\"query unit s1\"}\n");
	assert_sent(&gm, "\"unit\":\"s1\"");
	serve_conn_gone(&w->sv, &gm);
	serve_conn_free(&gm);
}

/*
 * A seat on its terminal: no view on the connection, its keys kept for its
 * client; the client's commands played as its side's, refusals said to it
 * alone, every command the game takes sent to each screen seat's client.
 */
static void
test_screen_seat(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 x, al, gm;
	char			*s, line[64];

	/* The game master watches on a screen too; its commands refused. */
	serve_conn_init(&gm, -1);
	feed(w, &gm, "{\"xtac\":1,\"side\":\"gm\",\"token\":\"" TOK_GM
	    "\",\"screen\":{\"term\":\"xterm\",\"lines\":24,"
	    "\"cols\":80}}\n");
	assert_sent(&gm, "{\"server\":\"welcome\",\"xtac\":1,\"side\":\"gm\"}");
	assert_true(gm.screen);
	assert_false(gm.closing);
	snprintf(line, sizeof line, "end");
	serve_screen_line(&w->sv, &gm, line);
	s = xstrndup(gm.pipe_out.p + gm.pipe_out.off,
	    serve_buf_len(&gm.pipe_out));
	assert_string_equal(s, "refused the game master watches: only "
	    "queries\n");
	free(s);
	serve_buf_take(&gm.pipe_out, serve_buf_len(&gm.pipe_out));
	assert_int_equal(game_side_to_move(w->sv.sc.g), SIDE_XCOM);
	serve_conn_init(&al, -1);
	feed(w, &al, "{\"xtac\":1,\"side\":\"alien\",\"token\":\""
	    TOK_ALIEN "\",\"screen\":{\"term\":\"xterm; rm -rf\","
	    "\"lines\":24,\"cols\":80}}\n");
	assert_sent(&al, "no such terminal type");
	assert_null(w->sv.seats[SERVE_ALIEN].conn);
	serve_conn_free(&al);

	serve_conn_init(&x, -1);
	feed(w, &x, "{\"xtac\":1,\"side\":\"xcom\",\"token\":\"" TOK_XCOM
	    "\",\"screen\":{\"term\":\"xterm-256color\",\"lines\":30,"
	    "\"cols\":100,\"utf8\":true}}\nmq\n");
	s = sent(&x);
	/* The welcome alone: the screen comes from the seat's client. */
	assert_string_equal(s, "{\"server\":\"welcome\",\"xtac\":1,"
	    "\"side\":\"xcom\"}\n");
	free(s);
	assert_true(x.screen);
	assert_string_equal(x.term, "xterm-256color");
	assert_int_equal(x.lines, 30);
	assert_true(x.utf8);
	assert_int_equal(serve_buf_len(&x.raw), 3);
	assert_memory_equal(x.raw.p + x.raw.off, "mq\n", 3);

	/*
	 * A resize is taken out of the keys, whole or cut by a read; one
	 * that does not fit is dropped; other escapes are keys, a lone
	 * Escape at once.
	 */
	serve_buf_take(&x.raw, serve_buf_len(&x.raw));
	feed(w, &x, "a\033]xtac-size;40;120\ab\033[A");
	assert_int_equal(x.lines, 40);
	assert_int_equal(x.cols, 120);
	assert_true(x.resized);
	feed(w, &x, "\033]xtac-si");
	feed(w, &x, "ze;50;130\a\033]xtac-size;5;5\a\033]xterm\033");
	assert_int_equal(x.lines, 50);
	assert_int_equal(x.cols, 130);
	s = xstrndup(x.raw.p + x.raw.off, serve_buf_len(&x.raw));
	assert_string_equal(s, "ab\033[A\033]xterm\033");
	free(s);
	serve_buf_take(&x.raw, serve_buf_len(&x.raw));

	/* A command for the other side's unit: refused, to it alone. */
	snprintf(line, sizeof line, "move s2 2 4");
	serve_screen_line(&w->sv, &x, line);
	s = xstrndup(x.pipe_out.p + x.pipe_out.off,
	    serve_buf_len(&x.pipe_out));
	assert_string_equal(s, "refused s2 is not yours to command\n");
	free(s);
	serve_buf_take(&x.pipe_out, serve_buf_len(&x.pipe_out));
	assert_int_equal(serve_buf_len(&x.out), 0);

	/* Its own move, taken: sent back as the game took it. */
	snprintf(line, sizeof line, "move ana 3 1");
	serve_screen_line(&w->sv, &x, line);
	s = xstrndup(x.pipe_out.p + x.pipe_out.off,
	    serve_buf_len(&x.pipe_out));
	assert_non_null(strstr(s, "cmd move ana 3 1"));
	free(s);
	assert_int_equal(serve_buf_len(&x.out), 0);
	/* The game master's client hears of it too. */
	s = xstrndup(gm.pipe_out.p + gm.pipe_out.off,
	    serve_buf_len(&gm.pipe_out));
	assert_non_null(strstr(s, "cmd move ana 3 1"));
	free(s);
	serve_conn_gone(&w->sv, &x);
	serve_conn_gone(&w->sv, &gm);
	serve_conn_free(&x);
	serve_conn_free(&gm);
}

/*
 * Manual dice: ana's walk needs dice of s1's reaction, asked of the aliens'
 * seat (their player sees s1) while it is away; nothing is played
 * meanwhile, and every other line is refused; a wrong answer or one from
 * a seat not asked changes nothing; the dice given, the walk is played
 * with them, journalled ahead of it.
 */
static void
test_manual_dice(void **state)
{
	struct world		*w = *state;
	struct serve_conn	 x, al;
	uint64_t		 hash = game_hash(w->sv.sc.g);
	size_t			 len = game_journal_length(w->sv.sc.g);
	char			*s, *text;

	serve_conn_init(&x, -1);
	join(w, &x, "xcom", TOK_XCOM);
	free(sent(&x));
	feed(w, &x, "{\"cmd\":\"move ana 6 1\"}\n");
	s = sent(&x);
	/* Nothing yet: the die is the aliens', and they are away. */
	assert_null(strstr(s, "\"done\""));
	assert_null(strstr(s, "roll"));
	free(s);
	assert_true(w->sv.roll.on);
	assert_int_equal(w->sv.roll.asked, SERVE_ALIEN);
	feed(w, &x, "{\"cmd\":\"query state\"}\n{\"roll\":5}\n");
	s = sent(&x);
	assert_non_null(strstr(s, "a d100 roll is awaited from the alien "
	    "seat"));
	assert_non_null(strstr(s, "no roll is asked of this seat"));
	free(s);
	assert_true(game_hash(w->sv.sc.g) == hash);
	assert_int_equal(game_journal_length(w->sv.sc.g), len);

	serve_conn_init(&al, -1);
	join(w, &al, "alien", TOK_ALIEN);
	assert_sent(&al, "{\"server\":\"roll\",\"sides\":100,\"for\":"
	    "\"reaction: s1's d100 + RET 15 against ana\"}");
	feed(w, &al, "{\"roll\":0}\n{\"roll\":\"9\"}\n{\"roll\":101}\n");
	s = sent(&al);
	assert_non_null(strstr(s, "\"error\":\"a d100 roll is a whole number, "
	    "1 to 100\"}"));
	free(s);
	assert_true(game_hash(w->sv.sc.g) == hash);
	feed(w, &al, "{\"roll\":9}\n{\"roll\":1}\n{\"roll\":50}\n");
	assert_sent(&al, "where s1's missed shot goes");
	feed(w, &al, "{\"roll\":5}\n");
	assert_false(w->sv.roll.on);
	assert_sent(&x, "{\"server\":\"done\",\"ok\":true}");
	assert_int_equal(game_journal_length(w->sv.sc.g), len + 2);
	text = cmd_format(w->sv.sc.g, game_journal(w->sv.sc.g, len));
	assert_string_equal(text, "dice 9 1 50 5");
	free(text);
	serve_conn_gone(&w->sv, &x);
	serve_conn_gone(&w->sv, &al);
	serve_conn_free(&x);
	serve_conn_free(&al);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_handshake_refusals,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_taken_seat, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_hostile_lines, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rejoin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_game_master, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_screen_seat, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_manual_dice, setup_dice,
		    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
