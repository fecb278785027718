/*
 * test_save.c - saves as text (save.h): a game formatted and replayed to
 * the same hash, manual dice included; a tampered save caught at the first
 * hash line after the change; and every kind of bad line named by its
 * line number.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/game.h"
#include "xtac/save.h"
#include "xtac/util.h"

static const char units[] =
    "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: e, "
    "right: rifle}\n"
    "  - {id: s, side: alien, type: sectoid, at: [9, 3, 1], facing: w, "
    "right: plasma-pistol}\n";

/* Two rounds of play: moves, shots, ends. */
static void
play(struct t *t)
{
	t_start(t, "", units);
	assert_int_equal(t_do(t, "move a 3 2"), 0);
	assert_int_equal(t_do(t, "shoot a s auto"), 0);
	t_do(t, "end");
	t_do(t, "shoot s a snap");
	t_do(t, "end");
	t_do(t, "move a 4 2");
	t_do(t, "end");
	t_do(t, "end");
}

/* Replay text into a new game of t's scenario; -1 and *cause on error. */
static int
replay(struct t *t, const char *text, uint64_t *hash, char **cause)
{
	struct save		 s;
	struct game		*g;
	struct event_list	 ev;
	int			 rc;

	if (save_parse(&s, "test.save", text, strlen(text), cause) != 0)
		return -1;
	event_list_init(&ev);
	if ((g = save_new_game(&s, t->s, &ev, cause)) == NULL) {
		save_free(&s);
		event_list_free(&ev);
		return -1;
	}
	rc = save_replay(&s, g, &ev, NULL, NULL, cause);
	*hash = game_hash(g);
	game_free(g);
	event_list_free(&ev);
	save_free(&s);
	return rc;
}

static void
test_save_round_trip(void **state)
{
	struct t	*t = *state;
	char		*text, *cause = NULL;
	uint64_t	 hash;
	struct save	 s;

	play(t);
	text = save_format(t->g, "maps/field.yaml", 0x0123456789abcdefull, NULL);
	assert_memory_equal(text, "xtac-save 1\nmap maps/field.yaml\n"
	    "map-hash 0123456789abcdef\nseed 1\n", 59);
	/* t_start's ends to reach X-Com, then the two round ends. */
	assert_non_null(strstr(text, "\nend\nhash 2 "));
	assert_non_null(strstr(text, "\nend\nhash 3 "));
	assert_int_equal(replay(t, text, &hash, &cause), 0);
	assert_true(hash == game_hash(t->g));
	assert_int_equal(save_parse(&s, "test.save", text, strlen(text),
	    &cause), 0);
	assert_string_equal(s.map, "maps/field.yaml");
	assert_true(s.map_hash == 0x0123456789abcdefull);
	assert_int_equal(s.map_hash_line, 3);
	assert_int_equal(s.nsetup_dice, 0);
	save_free(&s);
	free(text);
}

/* Manual dice: the set-up dice in the header, the rest as `dice` lines. */
static int
table_die(void *arg, int sides, const char *what)
{
	int	*n = arg;

	(void)what;
	return 1 + (++*n * 37) % sides;
}

static void
test_save_manual_dice(void **state)
{
	struct t	*t = *state;
	char		*text, *yaml, *cause = NULL;
	uint64_t	 hash;
	int		 n = 0;

	yaml = xasprintf("%sunits:\n%s", FIELD_MAP, units);
	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	t->g = game_new_dice(t->s, 5, table_die, &n, &t->ev);
	while (game_side_to_move(t->g) != SIDE_XCOM)
		assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "shoot a s aimed"), 0);
	t_do(t, "end");
	t_do(t, "end");
	game_set_dice(t->g, NULL, NULL);
	text = save_format(t->g, "f.yaml", 1, NULL);
	assert_non_null(strstr(text, "\nsetup-dice "));
	assert_non_null(strstr(text, "\ndice "));
	assert_int_equal(replay(t, text, &hash, &cause), 0);
	assert_true(hash == game_hash(t->g));
	free(text);
}

/* Replace the first occurrence of `from` in text by `to`. */
static char *
edit(const char *text, const char *from, const char *to)
{
	const char	*at = strstr(text, from);

	assert_non_null(at);
	return xasprintf("%.*s%s%s", (int)(at - text), text, to,
	    at + strlen(from));
}

/* The line number of the first line of text starting with `prefix`. */
static size_t
line_of(const char *text, const char *prefix)
{
	size_t		 n = 1;
	const char	*p = text;

	while (strncmp(p, prefix, strlen(prefix)) != 0) {
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
		n++;
	}
	return n;
}

/* A changed command: the next hash line names where it shows. */
static void
test_save_tampered(void **state)
{
	struct t	*t = *state;
	char		*text, *bad, *cause = NULL, *want;
	uint64_t	 hash;

	play(t);
	text = save_format(t->g, "f.yaml", 1, NULL);
	bad = edit(text, "move a 4 2", "move a 4 3");
	assert_int_equal(replay(t, bad, &hash, &cause), -1);
	want = xasprintf("test.save:%zu: the game differs from the save: ",
	    line_of(strstr(bad, "move a 4 3"), "hash ") +
	    line_of(bad, "move a 4 3") - 1);
	assert_memory_equal(cause, want, strlen(want));
	free(want);
	free(cause);
	free(bad);
	/* A command that cannot be: refused, named with its line. */
	bad = edit(text, "move a 4 2 1", "kneel s");
	assert_int_equal(replay(t, bad, &hash, &cause), -1);
	want = xasprintf("test.save:%zu: 'kneel s' is refused: ",
	    line_of(bad, "kneel s"));
	if (strncmp(cause, want, strlen(want)) != 0)
		fail_msg("got '%s'", cause);
	free(want);
	free(cause);
	free(bad);
	bad = edit(text, "move a 4 2 1", "frob a");
	assert_int_equal(replay(t, bad, &hash, &cause), -1);
	want = xasprintf("test.save:%zu: 'frob a': unknown command 'frob'",
	    line_of(bad, "frob a"));
	assert_string_equal(cause, want);
	free(want);
	free(cause);
	free(bad);
	free(text);
}

/* save_parse: the message for text, or NULL if it parses. */
static char *
parse_error(const char *text)
{
	struct save	 s;
	char		*cause = NULL;

	if (save_parse(&s, "x.save", text, strlen(text), &cause) == 0) {
		save_free(&s);
		return NULL;
	}
	return cause;
}

static void
expect_error(const char *text, const char *want)
{
	char	*got = parse_error(text);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

#define HEAD	"xtac-save 1\nmap m.yaml\nmap-hash 0000000000000001\nseed 7\n"

static void
test_save_bad_lines(void **state)
{
	char	*ok;

	(void)state;
	ok = parse_error(HEAD "# a comment\n\nend\nhash 1 00000000000000ff\n");
	assert_null(ok);
	expect_error("", "x.save:1: empty: not an xtac save");
	expect_error("hello\n", "x.save:1: not an xtac save (it starts with "
	    "'xtac-save 1')");
	expect_error("xtac-save 2\n", "x.save:1: a save of format version 2; "
	    "this xtac reads version 1");
	expect_error("xtac-save one\n", "x.save:1: bad format version 'one'");
	expect_error("xtac-save 1\nmap m.yaml\nmap-hash 12\n",
	    "x.save:3: 'map-hash' needs 16 hex digits, not '12'");
	expect_error("xtac-save 1\nmap m.yaml\nmap-hash 0000000000000001\n"
	    "end\n", "x.save:4: the header has no 'seed' line before the "
	    "commands");
	expect_error("xtac-save 1\nmap m.yaml\nmap-hash 0000000000000001\n",
	    "x.save:3: the header has no 'seed' line");
	expect_error(HEAD "seed 8\n", "x.save:5: a second 'seed' line");
	expect_error("xtac-save 1\nmap m.yaml\nseed x\n",
	    "x.save:3: bad seed 'x' (a whole number, or 0x hex)");
	expect_error(HEAD "setup-dice 3 0\n", "x.save:5: 'setup-dice' needs "
	    "1 to 64 dice, each 1 to 100");
	expect_error(HEAD "players xcom=robot\n", "x.save:5: 'players' needs "
	    "words like xcom=human alien=ai level=normal, not 'xcom=robot'");
	expect_error(HEAD "players xcom=ai xcom=human\n", "x.save:5: "
	    "'players' needs words like xcom=human alien=ai level=normal, "
	    "not 'xcom=ai xcom=human'");
	expect_error(HEAD "players level=Genius!\n", "x.save:5: 'players' "
	    "needs words like xcom=human alien=ai level=normal, not "
	    "'level=Genius!'");
	expect_error(HEAD "players level=normal level=hard\n", "x.save:5: "
	    "'players' needs words like xcom=human alien=ai level=normal, "
	    "not 'level=normal level=hard'");
	expect_error(HEAD "end\nend\nhash 2 xyz\n", "x.save:7: a hash line is "
	    "'hash ROUND HEX' with 16 hex digits");
	{
		struct save	 s;
		char		*cause = NULL;

		assert_int_equal(save_parse(&s, "x.save", "xtac-save 1\n\0",
		    13, &cause), -1);
		assert_string_equal(cause, "x.save:1: a NUL byte: this is "
		    "not a save");
		free(cause);
	}
}

/* Who played each side is kept, so a resumed game is played the same way. */
static void
test_save_players(void **state)
{
	struct t		*t = *state;
	struct save		 s;
	struct save_players	 p = { { CONTROL_AI, CONTROL_HUMAN,
				    CONTROL_ENGINE }, "hard" };
	char			*text, *cause = NULL;

	t_start(t, "", units);
	text = save_format(t->g, "f.yaml", 1, &p);
	assert_non_null(strstr(text, "\nplayers xcom=ai alien=human "
	    "level=hard\n"));
	assert_int_equal(save_parse(&s, "x.save", text, strlen(text),
	    &cause), 0);
	assert_true(s.has_players);
	assert_int_equal(s.players.control[SIDE_XCOM], CONTROL_AI);
	assert_int_equal(s.players.control[SIDE_ALIEN], CONTROL_HUMAN);
	assert_string_equal(s.players.level, "hard");
	assert_int_equal(s.players_line, 5);
	save_free(&s);
	free(text);
	/* Without it (scripts), nothing is said of the players. */
	text = save_format(t->g, "f.yaml", 1, NULL);
	assert_null(strstr(text, "players"));
	assert_int_equal(save_parse(&s, "x.save", text, strlen(text),
	    &cause), 0);
	assert_false(s.has_players);
	save_free(&s);
	free(text);
}

/* Set-up dice that do not fit the map's first round. */
static void
test_save_setup_dice_mismatch(void **state)
{
	struct t	*t = *state;
	char		*cause = NULL;
	uint64_t	 hash;

	t_start(t, "", units);
	assert_int_equal(replay(t, HEAD "setup-dice 4\n", &hash, &cause), -1);
	assert_string_equal(cause, "test.save: the save has 1 setup dice; "
	    "this map's first round needs 2");
	free(cause);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_save_round_trip),
		T(test_save_manual_dice),
		T(test_save_tampered),
		T(test_save_bad_lines),
		T(test_save_players),
		T(test_save_setup_dice_mismatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
