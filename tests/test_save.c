/*
 * test_save.c - saves as text (save.h): a game formatted and replayed to
 * the same hash, manual dice included; a tampered save caught at the first
 * hash line after the change; every kind of bad line named by its line
 * number; and a journal cut at every byte and with every bit flipped never
 * read as another game.
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
#include "xtac/file.h"
#include "xtac/game.h"
#include "xtac/journal.h"
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
	{
		static const char head[] = "xtac-save 3\nmap maps/field.yaml\n"
		    "map-hash 0123456789abcdef\nseed 1\nsum 0 ";

		assert_memory_equal(text, head, sizeof head - 1);
	}
	/* t_start's ends to reach X-Com, then the two round ends. */
	assert_non_null(strstr(text, "\nend\nhash 2 "));
	assert_non_null(strstr(text, "\nend\nhash 3 "));
	/* A journal: a sum after each entry, an end line last. */
	assert_non_null(strstr(text, "\nmove a 3 2 1\nsum "));
	assert_non_null(strstr(text, "\nend "));
	assert_int_equal(replay(t, text, &hash, &cause), 0);
	assert_true(hash == game_hash(t->g));
	assert_int_equal(save_parse(&s, "test.save", text, strlen(text),
	    &cause), 0);
	assert_string_equal(s.map, "maps/field.yaml");
	assert_true(s.map_hash == 0x0123456789abcdefull);
	assert_int_equal(s.map_hash_line, 3);
	assert_int_equal(s.nsetup_dice, 0);
	assert_true(s.ended);
	assert_false(s.interrupted);
	assert_int_equal(s.entries, game_journal_length(t->g));
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

/* The save as version 1 wrote it: no sum lines, no end line. */
static char *
version1(const char *v2)
{
	struct strbuf	 sb;
	const char	*p = v2, *nl;

	strbuf_init(&sb);
	for (; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_non_null(nl);
		if (strncmp(p, "xtac-save 3", 11) == 0)
			strbuf_puts(&sb, "xtac-save 1\n");
		else if (strncmp(p, "sum ", 4) != 0 && strncmp(p, "end ",
		    4) != 0)
			strbuf_add(&sb, p, (size_t)(nl - p) + 1);
	}
	return strbuf_steal(&sb);
}

/*
 * A changed command in a version 1 save (no integrity check): the next
 * hash line names where it shows.
 */
static void
test_save_tampered(void **state)
{
	struct t	*t = *state;
	char		*text, *bad, *cause = NULL, *want, *v2;
	uint64_t	 hash;

	play(t);
	v2 = save_format(t->g, "f.yaml", 1, NULL);
	text = version1(v2);
	free(v2);
	assert_int_equal(replay(t, text, &hash, &cause), 0);
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
	    "'xtac-save 3')");
	expect_error("xtac-save 4\n", "x.save:1: a save of format version 4; "
	    "this xtac reads versions 1 to 3");
	expect_error(HEAD "end\n", "x.save:5: the save ends without its "
	    "final hash line: it was cut short");
	expect_error(HEAD "end\nhash 1 00000000000000ff", "x.save:6: cut "
	    "short inside this line ('hash 1 00000000000000ff'): the save is "
	    "incomplete");
	expect_error("xtac-save 2\nmap m.yaml\nmap-hash 0000000000000001\n"
	    "seed 7\n", "x.save:4: cut short in its header (no 'sum 0' "
	    "line): not a whole save");
	expect_error("xtac-save 2\nmap m.yaml\nmap-hash 0000000000000001\n"
	    "seed 7\nsum 0 0000000000000000\n", "x.save:5: the integrity "
	    "check fails: the save was changed or damaged at or before this "
	    "line (its sum line says 0000000000000000, the bytes give "
	    "6794eaea15d2bdcb)");
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
		assert_string_equal(cause, "x.save:2: a NUL byte: this is "
		    "not a save");
		free(cause);
	}
}

/* Seal a header: "sum 0 HEX" with the chain of its bytes after it. */
static char *
sealed(const char *head)
{
	return xasprintf("%ssum 0 %016llx\n", head, (unsigned long long)
	    save_hash_bytes(head, strlen(head)));
}

/*
 * The squads a game was bought from are in its save whole, blank lines,
 * a missing last newline and all, and come back as they were.
 */
static void
test_save_squads(void **state)
{
	static const char	 squad[] = "side: xcom\n\nunits:\n"
	    "  - {id: a, type: troop}   # a  \n  \n| not a record\nend";
	struct t		*t = *state;
	struct side_setup	*x;
	struct save		 s;
	char			*text, *cause = NULL, *p;
	uint64_t		 hash;

	play(t);
	x = &t->s->sides[SIDE_XCOM];
	x->squad_file = xstrdup("squads/my squad.yaml");
	x->squad_text = xstrdup(squad);
	x->squad_len = strlen(squad);
	text = save_format(t->g, "f.yaml", 1, NULL);
	assert_non_null(p = strstr(text, "\nsquad xcom 7 squads/my squad.yaml\n"
	    "| side: xcom\n|\n| units:\n|   - {id: a, type: troop}   # a  \n"
	    "|   \n| | not a record\n| end\nsum 0 "));
	assert_null(strstr(text, "squad alien"));
	assert_int_equal(save_parse(&s, "test.save", text, strlen(text),
	    &cause), 0);
	assert_string_equal(s.squads[SIDE_XCOM].file, "squads/my squad.yaml");
	/* Blanks at the end of a line are not kept: YAML reads the same. */
	assert_string_equal(s.squads[SIDE_XCOM].text, "side: xcom\n\nunits:\n"
	    "  - {id: a, type: troop}   # a\n\n| not a record\nend\n");
	assert_int_equal(s.squads[SIDE_XCOM].len,
	    strlen(s.squads[SIDE_XCOM].text));
	assert_int_equal(s.squads[SIDE_XCOM].line, line_of(text, "squad "));
	assert_null(s.squads[SIDE_ALIEN].text);
	assert_true(s.ended);
	save_free(&s);
	/* The body replays as before: the squad is only the header's. */
	assert_int_equal(replay(t, text, &hash, &cause), 0);
	assert_true(hash == game_hash(t->g));
	free(text);
}

#define HEAD3	"xtac-save 3\nmap m.yaml\nmap-hash 0000000000000001\nseed 7\n"

static void
expect_sealed_error(const char *head, const char *want)
{
	char	*text = sealed(head);

	expect_error(text, want);
	free(text);
}

static void
test_save_bad_squads(void **state)
{
	char	*ok, *text;

	(void)state;
	text = sealed(HEAD3 "squad alien 0 empty.yaml\nsquad xcom 1 a b\n|\n");
	ok = parse_error(text);
	assert_null(ok);
	free(text);
	expect_error(HEAD "squad xcom 1 a.yaml\n", "x.save:5: 'squad' lines "
	    "are version 3's; this save is version 1");
	expect_sealed_error(HEAD3 "squad civilian 1 a.yaml\n", "x.save:5: "
	    "'squad' is 'squad SIDE LINES FILE', SIDE xcom or alien, not "
	    "'civilian 1 a.yaml'");
	expect_sealed_error(HEAD3 "squad xcom\n", "x.save:5: 'squad' is "
	    "'squad SIDE LINES FILE', SIDE xcom or alien, not 'xcom'");
	expect_sealed_error(HEAD3 "squad xcom 2\n", "x.save:5: 'squad' is "
	    "'squad SIDE LINES FILE', not 'xcom 2'");
	expect_sealed_error(HEAD3 "squad xcom 99999999999 a\n", "x.save:5: "
	    "'squad' is 'squad SIDE LINES FILE', not 'xcom 99999999999 a'");
	expect_sealed_error(HEAD3 "squad xcom 1 a\n|\nsquad xcom 1 b\n|\n",
	    "x.save:7: a second squad for xcom");
	expect_sealed_error(HEAD3 "squad xcom 2 a\n| side: xcom\nseed 8\n",
	    "x.save:7: the squad of line 5 has 1 lines more, each after '| ', "
	    "not 'seed 8'");
	expect_sealed_error(HEAD3 "squad xcom 2 a\n|side: xcom\n",
	    "x.save:6: the squad of line 5 has 2 lines more, each after '| ', "
	    "not '|side: xcom'");
	expect_sealed_error(HEAD3 "squad xcom 3 a\n| side: xcom\n",
	    "x.save:7: the squad of line 5 is cut short: 2 of its lines are "
	    "missing");
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
	assert_int_equal(replay(t, HEAD "setup-dice 4\nhash 1 "
	    "0000000000000000\n", &hash, &cause), -1);
	assert_string_equal(cause, "test.save: the save has 1 setup dice; "
	    "this map's first round needs 2");
	free(cause);
	/*
	 * A tie, then too few dice to break it: reported, not re-rolled for
	 * ever (the fuzzer's case).
	 */
	assert_int_equal(replay(t, HEAD "setup-dice 7 7 1\nhash 2 "
	    "0000000000000000\n", &hash, &cause), -1);
	assert_non_null(strstr(cause, "the save has 3 setup dice; this map's "
	    "first round needs "));
	free(cause);
}

/*
 * What a damaged journal reads as: 0 the same game (ended, every entry,
 * the same hash); 1 an interrupted journal of the same game cut short
 * (reported, a prefix of the entries, each replayed to the same state);
 * 2 a located error ("test.save:LINE: ...").  Anything else fails.
 */
static int
judge(struct t *t, const char *text, size_t len, const uint64_t *hashes)
{
	struct save		 s;
	struct game		*g;
	struct event_list	 ev;
	char			*cause = NULL, *lost;
	size_t			 n = game_journal_length(t->g);
	int			 kind;

	if (save_parse(&s, "test.save", text, len, &cause) != 0) {
		if (strncmp(cause, "test.save:", 10) != 0 ||
		    strtoul(cause + 10, NULL, 10) == 0)
			fail_msg("not located: %s", cause);
		free(cause);
		return 2;
	}
	event_list_init(&ev);
	g = save_new_game(&s, t->s, &ev, &cause);
	if (g == NULL || save_replay(&s, g, &ev, NULL, NULL, &cause) != 0) {
		/* Refused or diverging: named by its line too. */
		if (strncmp(cause, "test.save:", 10) != 0)
			fail_msg("not located: %s", cause);
		free(cause);
		kind = 2;
	} else if (s.ended) {
		if (game_journal_length(g) != n || game_hash(g) != hashes[n])
			fail_msg("a different game accepted as whole");
		kind = 0;
	} else {
		assert_true(s.interrupted);
		assert_true(game_journal_length(g) <= n);
		assert_true(game_hash(g) == hashes[game_journal_length(g)]);
		lost = save_lost(&s);
		assert_non_null(strstr(lost, "an interrupted game"));
		free(lost);
		kind = 1;
	}
	game_free(g);
	event_list_free(&ev);
	save_free(&s);
	return kind;
}

/* The state after each number of journal entries, replayed. */
static uint64_t *
prefix_hashes(struct t *t)
{
	size_t			 n = game_journal_length(t->g), i;
	uint64_t		*h = xcalloc(n + 1, sizeof *h);
	struct event_list	 ev;
	struct game		*g;

	event_list_init(&ev);
	g = game_new(t->s, game_seed(t->g), &ev);
	h[0] = game_hash(g);
	for (i = 0; i < n; i++) {
		assert_int_equal(game_execute(g, game_journal(t->g, i), &ev), 0);
		event_list_clear(&ev);
		h[i + 1] = game_hash(g);
	}
	game_free(g);
	event_list_free(&ev);
	return h;
}

/*
 * A journal cut at every byte: the whole file is the game; every shorter
 * one an interrupted journal said to be one, or an error at a line.
 */
static void
test_save_every_cut(void **state)
{
	struct t	*t = *state;
	char		*text;
	uint64_t	*hashes;
	size_t		 len, cut, counts[3] = { 0, 0, 0 };

	play(t);
	hashes = prefix_hashes(t);
	text = save_format(t->g, "f.yaml", 1, NULL);
	len = strlen(text);
	for (cut = 0; cut <= len; cut++)
		counts[judge(t, text, cut, hashes)]++;
	/* Only the whole file is the whole game. */
	assert_int_equal(counts[0], 1);
	assert_true(counts[1] > 0 && counts[2] > 0);
	free(hashes);
	free(text);
}

/* Every bit of a journal flipped in turn: never another game, whole. */
static void
test_save_every_bit(void **state)
{
	struct t	*t = *state;
	char		*text, *copy;
	uint64_t	*hashes;
	size_t		 len, i, counts[3] = { 0, 0, 0 };
	int		 bit;

	play(t);
	hashes = prefix_hashes(t);
	text = save_format(t->g, "f.yaml", 1, NULL);
	len = strlen(text);
	copy = xmalloc(len);
	for (i = 0; i < len; i++)
		for (bit = 0; bit < 8; bit++) {
			memcpy(copy, text, len);
			copy[i] ^= (char)(1 << bit);
			counts[judge(t, copy, len, hashes)]++;
		}
	/* The chain covers every byte: no flip leaves the game whole. */
	assert_int_equal(counts[0], 0);
	assert_true(counts[1] > 0 && counts[2] > 0);
	free(copy);
	free(hashes);
	free(text);
}

/* A journal read a byte at a time is the same as read whole. */
static void
test_save_fed_by_bytes(void **state)
{
	struct t	*t = *state;
	struct save	 s;
	char		*text, *cause = NULL;
	size_t		 i, len;

	play(t);
	text = save_format(t->g, "f.yaml", 1, NULL);
	len = strlen(text);
	save_parse_begin(&s, "test.save");
	for (i = 0; i < len; i++)
		assert_int_equal(save_parse_feed(&s, text + i, 1, &cause), 0);
	assert_int_equal(save_parse_finish(&s, &cause), 0);
	assert_true(s.ended);
	assert_int_equal(s.entries, game_journal_length(t->g));
	save_free(&s);
	free(text);
}

/* The journal's file: read back as a save, or an error. */
static int
journal_file(const char *path, struct save *s)
{
	char	*text, *cause = NULL;
	size_t	 len;
	int	 rc;

	assert_non_null(text = file_read(path, SAVE_MAX_BYTES, &len, &cause));
	rc = save_parse(s, path, text, len, &cause);
	free(cause);
	free(text);
	return rc;
}

/*
 * A journal as the game goes: each sync leaves a whole, interrupted
 * journal of every command so far; the end line closes it; a second game
 * begun at the same name gets a name of its own.
 */
static void
test_save_journal(void **state)
{
	struct t	*t = *state;
	struct journal	 j, k;
	struct save	 s;
	char		 dir[] = "/tmp/xtac-test-journal.XXXXXX", *path, *cmd;
	char		*cause = NULL;

	t_start(t, "", units);
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/g.save", dir);
	assert_int_equal(journal_begin(&j, path, t->g, "f.yaml", 1, NULL, true,
	    &cause), 0);
	assert_string_equal(j.path, path);
	assert_int_equal(journal_file(path, &s), 0);
	assert_true(s.interrupted);
	assert_int_equal(s.entries, game_journal_length(t->g));
	save_free(&s);
	assert_int_equal(t_do(t, "move a 3 2"), 0);
	assert_int_equal(journal_sync(&j, t->g, &cause), 0);
	assert_int_equal(journal_file(path, &s), 0);
	assert_true(s.interrupted);
	assert_int_equal(s.lost_lines, 0);
	assert_int_equal(s.entries, game_journal_length(t->g));
	save_free(&s);
	/* The same name, the same second: the other game's file is kept. */
	assert_int_equal(journal_begin(&k, path, t->g, "f.yaml", 1, NULL, true,
	    &cause), 0);
	cmd = xasprintf("%s/g-2.save", dir);
	assert_string_equal(k.path, cmd);
	free(cmd);
	journal_close(&k);
	t_do(t, "end");
	assert_int_equal(journal_end(&j, t->g, &cause), 0);
	assert_int_equal(journal_file(path, &s), 0);
	assert_true(s.ended);
	assert_int_equal(s.entries, game_journal_length(t->g));
	save_free(&s);
	journal_close(&j);
	cmd = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(path);
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
		T(test_save_squads),
		T(test_save_bad_squads),
		T(test_save_setup_dice_mismatch),
		T(test_save_every_cut),
		T(test_save_every_bit),
		T(test_save_fed_by_bytes),
		T(test_save_journal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
