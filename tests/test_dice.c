/*
 * test_dice.c - dice from outside (game.h game_new_dice, game_set_dice):
 * tables that roll physical dice.  The game asks the source for every roll
 * in order, saying the die and what it is for; forced dice come first; the
 * values given are journalled as `dice` ahead of the command that used
 * them, so the journal replays to the same game_hash without asking.
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
#include "xtac/util.h"

#define ASKS	64

/* A table: gives the values queued, then others, and writes down each ask. */
struct table {
	int	 give[ASKS];
	size_t	 ngive;
	size_t	 next;
	int	 sides[ASKS];
	char	*what[ASKS];
	size_t	 nasked;
	bool	 refuse;	/* fail the test if asked */
};

static int
table_die(void *arg, int sides, const char *what)
{
	struct table	*tb = arg;

	assert_false(tb->refuse);
	assert_true(tb->nasked < ASKS);
	tb->sides[tb->nasked] = sides;
	tb->what[tb->nasked++] = xstrdup(what);
	if (tb->next < tb->ngive)
		return tb->give[tb->next++];
	/* Varied, so re-rolled ties end. */
	return 1 + (int)(tb->nasked * 7) % sides;
}

static void
table_free(struct table *tb)
{
	size_t	i;

	for (i = 0; i < tb->nasked; i++)
		free(tb->what[i]);
	memset(tb, 0, sizeof *tb);
}

static const char units[] =
    "units:\n"
    "  - {id: a, name: Alvarez, side: xcom, type: troop, at: [1, 3, 1], "
    "facing: e, kneeling: true, right: rifle, boosts: {acc: 20}}\n"
    "  - {id: s, name: Sectoid 2, side: alien, type: sectoid, "
    "at: [3, 3, 1], facing: w}\n";

/* A game with the table from the start: X-Com wins initiative 9 to 2. */
static void
start(struct t *t, struct table *tb)
{
	char	*yaml = xasprintf("%s%s", FIELD_MAP, units);

	t->s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(t->s);
	tb->give[0] = 9;
	tb->give[1] = 2;
	tb->ngive = 2;
	t->g = game_new_dice(t->s, 1, table_die, tb, &t->ev);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	event_list_clear(&t->ev);
}

/* RULINGS §2.2: round 1's initiative is asked as the game sets up. */
static void
test_dice_setup_initiative(void **state)
{
	struct t	*t = *state;
	struct table	 tb;
	const int	*setup;
	size_t		 n;

	memset(&tb, 0, sizeof tb);
	start(t, &tb);
	assert_int_equal(tb.nasked, 2);
	assert_int_equal(tb.sides[0], 10);
	assert_string_equal(tb.what[0], "initiative of xcom: d10, the "
	    "highest moves first");
	assert_string_equal(tb.what[1], "initiative of alien: d10, the "
	    "highest moves first");
	setup = game_setup_dice(t->g, &n);
	assert_int_equal(n, 2);
	assert_int_equal(setup[0], 9);
	assert_int_equal(setup[1], 2);
	/* Set-up dice are not commands: the journal is empty. */
	assert_int_equal(game_journal_length(t->g), 0);
	game_set_dice(t->g, NULL, NULL);
	table_free(&tb);
}

/*
 * §6.1, §7.5: an aimed shot asks the d100 with its chance (45 + 50 + 15 -
 * 2 = 108, capped at 95 by RULINGS 0), and a miss the direction d10; the
 * values are journalled as one `dice` line ahead of the shot.
 */
static void
test_dice_asked_in_order_and_journalled(void **state)
{
	struct t	*t = *state;
	struct table	 tb;
	char		*line, *p;
	size_t		 n;

	memset(&tb, 0, sizeof tb);
	start(t, &tb);
	tb.give[2] = 96;	/* a miss */
	tb.give[3] = 5;		/* the direction figure */
	tb.ngive = 4;
	assert_int_equal(t_do(t, "shoot a s aimed"), 0);
	assert_true(tb.nasked >= 4);
	assert_int_equal(tb.sides[2], 100);
	assert_string_equal(tb.what[2], "to-hit: aimed shot by Alvarez at "
	    "Sectoid 2, 95 or less hits");
	assert_int_equal(tb.sides[3], 10);
	assert_string_equal(tb.what[3], "where Alvarez's missed shot goes: "
	    "the direction figure (\xc2\xa7" "7.5)");
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "roll"), 96);
	assert_int_equal(game_journal_length(t->g), 2);
	line = cmd_format(t->g, game_journal(t->g, 0));
	/* Every value the table gave since the set-up, in order. */
	assert_memory_equal(line, "dice 96 5", 9);
	for (n = 0, p = line; (p = strchr(p, ' ')) != NULL; p++)
		n++;
	assert_int_equal(n, tb.nasked - 2);
	free(line);
	line = cmd_format(t->g, game_journal(t->g, 1));
	assert_string_equal(line, "shoot a s aimed right");
	free(line);
	game_set_dice(t->g, NULL, NULL);
	table_free(&tb);
}

/* Forced dice (`dice`) come before the source, which is then not asked. */
static void
test_dice_forced_first(void **state)
{
	struct t	*t = *state;
	struct table	 tb;
	size_t		 i, asked;

	memset(&tb, 0, sizeof tb);
	start(t, &tb);
	asked = tb.nasked;
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_equal(t_int(t_event(t, EV_ROLL, 0), "roll"), 1);
	/* The hit's roll was forced: the table was not asked for it. */
	for (i = asked; i < tb.nasked; i++)
		assert_int_not_equal(strncmp(tb.what[i], "to-hit", 6), 0);
	game_set_dice(t->g, NULL, NULL);
	table_free(&tb);
}

/* The journal replays to the same state, hash for hash, asking nobody. */
static void
test_dice_journal_replays(void **state)
{
	struct t		*t = *state;
	struct table		 tb, again;
	struct event_list	 ev2;
	struct game		*g2;
	const int		*setup;
	size_t			 i, n;
	int			 round;
	uint64_t		 hash;

	memset(&tb, 0, sizeof tb);
	start(t, &tb);
	tb.give[2] = 96;
	tb.give[3] = 3;
	tb.ngive = 4;
	assert_int_equal(t_do(t, "shoot a s aimed"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 2);

	memset(&again, 0, sizeof again);
	setup = game_setup_dice(t->g, &n);
	for (i = 0; i < n; i++)
		again.give[i] = setup[i];
	again.ngive = n;
	event_list_init(&ev2);
	g2 = game_new_dice(t->s, 1, table_die, &again, &ev2);
	assert_int_equal(again.nasked, n);
	again.refuse = true;	/* the journal holds every later die */
	for (i = 0; i < game_journal_length(t->g); i++) {
		char *line = cmd_format(t->g, game_journal(t->g, i)), *cause;
		struct command c;

		assert_int_equal(cmd_parse(g2, line, &c, &cause), 0);
		assert_int_equal(game_execute(g2, &c, &ev2), 0);
		free(line);
	}
	assert_true(game_hash(g2) == game_hash(t->g));
	/* The round's end was noted with the state then, in both. */
	n = game_journal_length(t->g);
	assert_true(game_journal_check(t->g, n - 1, &round, &hash));
	assert_int_equal(round, 2);
	assert_true(hash == game_hash(t->g));
	assert_false(game_journal_check(t->g, 0, &round, &hash));
	game_free(g2);
	event_list_free(&ev2);
	game_set_dice(t->g, NULL, NULL);
	table_free(&again);
	table_free(&tb);
}

/*
 * RULINGS §2.2: initiative ties re-roll.  Twenty ties and the deciding
 * pair are 42 dice for one `end`: journalled as `dice` lines of at most
 * CMD_MAX_DICE each, all ahead of it, and the replay queues them all.
 */
static void
test_dice_many_in_one_command(void **state)
{
	struct t		*t = *state;
	struct table		 tb;
	struct event_list	 ev2;
	struct game		*g2;
	char			*line;
	size_t			 i;

	memset(&tb, 0, sizeof tb);
	start(t, &tb);
	for (i = 0; i < 40; i++)
		tb.give[2 + i] = 5;
	tb.give[42] = 9;
	tb.give[43] = 2;
	tb.ngive = 44;
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 2);
	assert_int_equal(tb.nasked, 44);
	assert_string_equal(tb.what[43], "initiative of alien (a tie "
	    "re-rolled): d10, the highest moves first");
	assert_int_equal(game_journal_length(t->g), 4);
	assert_int_equal(game_journal(t->g, 1)->type, CMD_DICE);
	assert_int_equal(game_journal(t->g, 1)->ndice, CMD_MAX_DICE);
	assert_int_equal(game_journal(t->g, 2)->ndice, 42 - CMD_MAX_DICE);
	line = cmd_format(t->g, game_journal(t->g, 2));
	assert_string_equal(line, "dice 5 5 5 5 5 5 5 5 9 2");
	free(line);

	event_list_init(&ev2);
	table_free(&tb);
	tb.give[0] = 9;
	tb.give[1] = 2;
	tb.ngive = 2;
	g2 = game_new_dice(t->s, 1, table_die, &tb, &ev2);
	tb.refuse = true;
	for (i = 0; i < game_journal_length(t->g); i++)
		assert_int_equal(game_execute(g2, game_journal(t->g, i), &ev2),
		    0);
	assert_true(game_hash(g2) == game_hash(t->g));
	game_free(g2);
	event_list_free(&ev2);
	game_set_dice(t->g, NULL, NULL);
	table_free(&tb);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_dice_setup_initiative),
		T(test_dice_asked_in_order_and_journalled),
		T(test_dice_forced_first),
		T(test_dice_journal_replays),
		T(test_dice_many_in_one_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
