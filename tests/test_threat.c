/*
 * test_threat.c - who could react to a unit on a square (§6.5, RULINGS
 * §6.5, threat.h): a line of sight to a unit standing there, a snap shot
 * ready with the TUs for it, walls in the way; the honest answer knows only
 * the enemies the side has seen, at the squares it saw them; threat_map
 * gives threat_watchers' count on every square, and a view made once
 * (threat_view_new) as many squares as it is asked about, after every
 * command of random games.  Uses the shipped catalog.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/game.h"
#include "xtac/threat.h"
#include "xtac/util.h"

/*
 * A wall on row 1 between x 4 and x 5; everything else open.  x and y
 * below are 1-based as in the map file; struct pos counts from 0.
 */
#define THREAT_MAP							\
	"xtac-map: 1\nname: Screen\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . .|. . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + + + + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"

/* a sees s across the open rows; z hides behind the wall from a. */
#define THREAT_UNITS							\
	"  - {id: a, side: xcom, type: troop, at: [1, 3, 1], facing: e, "	\
	"right: rifle}\n"						\
	"  - {id: s, side: alien, type: sectoid, at: [8, 1, 1], "	\
	"facing: w, right: plasma-pistol}\n"				\
	"  - {id: z, side: alien, type: sectoid, at: [5, 1, 1], "	\
	"facing: s, right: plasma-pistol}\n"

static struct pos
threat_at(int x, int y)
{
	return (struct pos){ x - 1, y - 1, 0 };
}

static int
threat_count(struct t *t, int x, int y, bool honest)
{
	return threat_watchers(t->g, SIDE_XCOM, threat_at(x, y), honest,
	    NULL, 0);
}

/* §6.5: enemies with a line and a snap shot ready; walls stop lines. */
static void
test_threat_lines(void **state)
{
	struct t	*t = *state;
	int		 w[4];

	t_start_map(t, THREAT_MAP, THREAT_UNITS);
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "s")));
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "z")));
	/* (5,3): s down the diagonal, z straight down the column. */
	assert_int_equal(threat_watchers(t->g, SIDE_XCOM, threat_at(5, 3),
	    false, w, 4), 2);
	assert_int_equal(w[0], game_find_unit(t->g, "s"));
	assert_int_equal(w[1], game_find_unit(t->g, "z"));
	/* (1,1): behind the wall from both. */
	assert_int_equal(threat_count(t, 1, 1, false), 0);
	/* A watcher's own square is never a threat from itself. */
	assert_int_equal(threat_watchers(t->g, SIDE_XCOM, threat_at(8, 1),
	    false, w, 4), 1);
	assert_int_equal(w[0], game_find_unit(t->g, "z"));
	/* The aliens' view of a: only X-Com's a, with its rifle. */
	assert_int_equal(threat_watchers(t->g, SIDE_ALIEN, threat_at(6, 2),
	    false, w, 4), 1);
	assert_int_equal(w[0], game_find_unit(t->g, "a"));
}

/*
 * RULINGS §6.5: no snap shot without the TUs for it.  The omniscient
 * answer knows s has 7; the honest one does not (a side reads no enemy's
 * TUs, threat.h) and counts s, in sight, as ready.
 */
static void
test_threat_needs_tu(void **state)
{
	struct t	*t = *state;

	t_start_map(t, THREAT_MAP, THREAT_UNITS);
	/* Round 2: X-Com rolls 1, the aliens 9 and move first. */
	t_aliens_first_round2(t);
	t_drain_tu(t, "s", 8);
	assert_int_equal(t_unit(t, "s")->tu, 7);	/* snap costs 8 */
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(threat_count(t, 5, 3, false), 1);
	/* Honest: s is in sight, but its TUs are not X-Com's to read. */
	assert_int_equal(threat_count(t, 7, 3, true), 1);
}

/* Honest answers: never-seen enemies do not count; remembered ones do. */
static void
test_threat_honest_memory(void **state)
{
	struct t	*t = *state;

	t_start_map(t, THREAT_MAP, THREAT_UNITS);
	assert_int_equal(threat_count(t, 5, 3, true), 1);
	assert_int_equal(threat_count(t, 5, 3, false), 2);
	/* a steps into z's view (z loses the opposed roll), then back. */
	assert_int_equal(t_do(t, "dice 1 100 1 100"), 0);
	assert_int_equal(t_do(t, "move a 4 3"), 0);
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "z")));
	assert_int_equal(t_do(t, "move a 1 3"), 0);
	assert_false(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "z")));
	assert_int_equal(threat_count(t, 5, 3, true), 2);
}

/* Honest answers: a unit seen down is known down; lines ignore the unseen. */
static void
test_threat_honest_down_and_field(void **state)
{
	struct t		*t = *state;
	const struct map	*m;
	struct field		 f;
	int			 s, z;

	t_start_map(t, THREAT_MAP, THREAT_UNITS);
	s = game_find_unit(t->g, "s");
	z = game_find_unit(t->g, "z");
	m = game_map(t->g);
	f.flags = xmalloc((size_t)m->width * m->height * m->levels);
	/* X-Com's field has s (seen) but not z (never seen). */
	game_side_field(t->g, SIDE_XCOM, &f);
	assert_true(*field_at(&f, game_unit(t->g, s)->pos) & FIELD_UNIT);
	assert_false(*field_at(&f, game_unit(t->g, z)->pos) & FIELD_UNIT);
	assert_true(*field_at(game_field(t->g), game_unit(t->g, z)->pos) &
	    FIELD_UNIT);
	/* The aliens' field has a: they see it. */
	game_side_field(t->g, SIDE_ALIEN, &f);
	assert_true(*field_at(&f, t_unit(t, "a")->pos) & FIELD_UNIT);
	free(f.flags);

	assert_false(game_seen_down(t->g, SIDE_XCOM, s));
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	assert_int_not_equal(t_unit(t, "s")->status, UNIT_ACTIVE);
	assert_true(game_seen_down(t->g, SIDE_XCOM, s));
	assert_int_equal(threat_count(t, 5, 3, true), 0);
	assert_int_equal(threat_count(t, 5, 3, false), 1);
}

/*
 * Hot-seat texts (the manual dice prompt): units a side does not see are
 * "someone unseen" to it, whole words only; the side's own and the seen
 * keep their names.
 */
static void
test_hide_unseen(void **state)
{
	struct t	*t = *state;
	char		*text;

	t_start_map(t, THREAT_MAP, THREAT_UNITS);
	text = game_hide_unseen(t->g, SIDE_XCOM, "reaction: z (z) at a, "
	    "s watching; zz and z-2 are others");
	assert_string_equal(text, "reaction: someone unseen (someone unseen) "
	    "at a, s watching; zz and z-2 are others");
	free(text);
	/* The aliens see a, and z is theirs. */
	text = game_hide_unseen(t->g, SIDE_ALIEN, "z at a");
	assert_string_equal(text, "z at a");
	free(text);
}

/* threat_map counts what threat_watchers counts, square by square. */
static void
test_threat_map_agrees(void **state)
{
	struct t		*t = *state;
	const struct map	*m;
	uint8_t			*counts;
	struct pos		 p;
	int			 side, honest;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [4, 4, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: c, side: alien, type: cyberdisk, at: [9, 2, 1], "
	    "facing: w}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 5, 1], "
	    "facing: n, kneeling: true, right: plasma-pistol}\n");
	m = game_map(t->g);
	counts = xmalloc((size_t)m->width * m->height * m->levels);
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		for (honest = 0; honest < 2; honest++) {
			threat_map(t->g, (enum side)side, honest != 0, counts);
			for (p.z = 0; p.z < m->levels; p.z++)
				for (p.y = 0; p.y < m->height; p.y++)
					for (p.x = 0; p.x < m->width; p.x++)
						assert_int_equal(counts[(p.z *
						    m->height + p.y) * m->width +
						    p.x], threat_watchers(t->g,
						    (enum side)side, p,
						    honest != 0, NULL, 0));
		}
	/* Open ground: both aliens watch a's square. */
	threat_map(t->g, SIDE_XCOM, false, counts);
	assert_int_equal(counts[2 * m->width + 0], 2);
	free(counts);
}

struct threat_run {
	uint8_t	*counts;
	long	 checked;
};

/*
 * One view made after a command answers every square as threat_map,
 * which draws a field of view per watcher instead of a line per square:
 * what the AI relies on when it asks a view made once a decision about
 * many squares (ai_know_threat).
 */
static void
threat_view_after(struct t_games *gs, const struct command *c)
{
	struct threat_run	*r = gs->ctx;
	const struct map	*m = game_map(gs->g);
	struct threat_view	*tv;
	size_t			 i, cells;
	int			 side, honest, n;

	cells = (size_t)m->width * m->height * m->levels;
	r->counts = xreallocarray(r->counts, cells, 1);
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		for (honest = 0; honest < 2; honest++) {
			threat_map(gs->g, (enum side)side, honest != 0,
			    r->counts);
			tv = threat_view_new(gs->g, (enum side)side,
			    honest != 0);
			for (i = 0; i < cells; i++) {
				struct pos p = { (int)(i % (size_t)m->width),
				    (int)(i / (size_t)m->width %
				    (size_t)m->height), (int)(i /
				    ((size_t)m->width * m->height)) };

				n = threat_view_watchers(tv, p, NULL, 0);
				if ((n > 255 ? 255 : n) != r->counts[i])
					fail_msg("%s, seed %llu, after command "
					    "%d: side %d (honest %d) at "
					    "%d,%d,%d: a view says %d, "
					    "threat_map %d", gs->map,
					    (unsigned long long)gs->seed,
					    (int)c->type, side, honest, p.x,
					    p.y, p.z, n, r->counts[i]);
			}
			threat_view_free(tv);
		}
	r->checked++;
}

/* The same after every command of random games, several seeds a map. */
static void
test_threat_view_random_games(void **state)
{
	static const struct t_run	 runs[] = {
		{ "house", 4, 12 }, { "arena", 3, 10 }, { "sim-town", 2, 6 },
	};
	struct t			*t = *state;
	struct threat_run		 r;
	struct t_games			 gs;

	memset(&r, 0, sizeof r);
	memset(&gs, 0, sizeof gs);
	gs.after = threat_view_after;
	gs.ctx = &r;
	t_ai_games(t, runs, XTAC_NITEMS(runs), 900, &gs);
	free(r.counts);
	assert_true(r.checked > 200);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_threat_lines),
		T(test_threat_needs_tu),
		T(test_threat_honest_memory),
		T(test_threat_honest_down_and_field),
		T(test_threat_map_agrees),
		T(test_threat_view_random_games),
		T(test_hide_unseen),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
