/*
 * play.h - driving a game in a cmocka test: start it from YAML units on a
 * map, run command lines, find events and their fields.  Every t_ function
 * fails the test on misuse (a missing field, a scenario that does not load).
 */
#ifndef XTAC_TEST_PLAY_H
#define XTAC_TEST_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/game.h"

/* 12 x 5 open grass; units are appended per test. */
#define FIELD_MAP							\
	"xtac-map: 1\nname: Field\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/* 12 x 5 grass with a stub of wall east of column 4, rows 3 and 4. */
#define STUB_MAP							\
	"xtac-map: 1\nname: Stub\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . .|. . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . .|. . . . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/*
 * On STUB_MAP, a spotter: X-Com's troop x at the east end, the Sectoid p
 * just east of the stub of wall seeing x down row 3, and its three
 * friends f1-f3 west of the stub, where none of them sees x.
 */
#define STUB_SPOTTER							\
	"  - {id: x, side: xcom, type: troop, "				\
	"at: [11, 3, 1], facing: w, right: rifle}\n"			\
	"  - {id: p, side: alien, type: sectoid, "			\
	"at: [5, 3, 1], facing: e}\n"					\
	"  - {id: f1, side: alien, type: sectoid, "			\
	"at: [1, 3, 1], facing: e}\n"					\
	"  - {id: f2, side: alien, type: sectoid, "			\
	"at: [2, 4, 1], facing: e}\n"					\
	"  - {id: f3, side: alien, type: sectoid, "			\
	"at: [1, 4, 1], facing: e}\n"

/* 12 x 5 grass split by a wall east of column 8: nobody sees across. */
#define WALLED_MAP							\
	"xtac-map: 1\nname: Walled\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . . . .|. . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/* 20 x 3 open grass: room for the spit's 14 squares and more. */
#define LONG_MAP							\
	"xtac-map: 1\nname: Long\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"		\
	"    |. . . . . . . . . . . . . . . . . . . .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . . . . . . .|\n"		\
	"    + + + + + + + + + + + + + + + + + + + + +\n"		\
	"    |. . . . . . . . . . . . . . . . . . . .|\n"		\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+\n"

/*
 * Two levels: a garden wall between x 2 and 3 (rows 1-2) in the open, and
 * a room roofed by level 2 (x 5-7, row 2) with a window in its north wall
 * (§6.2 throwing arcs).
 */
#define ARC_MAP								\
	"xtac-map: 1\nname: Arc\nlevels:\n" \
	"  - |\n" \
	"    +-+-+-+-+-+-+-+-+\n" \
	"    |. .|. . . . . .|\n" \
	"    + + + + +-+:+-+ +\n" \
	"    |. .|. .|_ _ _|.|\n" \
	"    + + + + +-+-+-+ +\n" \
	"    |. . . . . . . .|\n" \
	"    +-+-+-+-+-+-+-+-+\n" \
	"  - |\n" \
	"    + + + + + + + + +\n" \
	"\n" \
	"    + + + + + + + + +\n" \
	"             _ _ _\n" \
	"    + + + + + + + + +\n" \
	"\n" \
	"    + + + + + + + + +\n"

struct t {
	struct catalog		*cat;
	struct scenario		*s;
	struct game		*g;
	struct event_list	 ev;
};

/* cmocka setup and teardown: the catalog, then everything. */
int	t_setup(void **);
int	t_teardown(void **);
/* Free the game and scenario (t_teardown does it at the end). */
void	t_finish(struct t *);
/* Run a command line: game_execute's result, or -2 if it did not parse. */
int	t_do(struct t *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Start a game on FIELD_MAP (or `map`) with these YAML unit items, seed 1,
   in X-Com's phase, events cleared. */
void	t_start(struct t *, const char *extra, const char *units);
void	t_start_map(struct t *, const char *map, const char *units);
/* From X-Com's round-1 phase to round 2 with the aliens to move first
   (initiative 1 against 9). */
void	t_aliens_first_round2(struct t *);
/* Spend a unit's TUs by kneeling and standing until fewer than `below`
   are left (each pair costs 4); in its own side's phase. */
void	t_drain_tu(struct t *, const char *id, int below);
/* The last refusal (EV_ERROR) gives a reason containing `what`. */
void	t_refusal_says(const struct t *, const char *what);
/* The nth event of a type since the last clear, or NULL. */
const struct event *t_event(const struct t *, enum event_type, size_t nth);
int	t_int(const struct event *, const char *key);
const char *t_str(const struct event *, const char *key);
int	t_term(const struct event *, const char *name);
bool	t_has_term(const struct event *, const char *name);
const struct unit *t_unit(const struct t *, const char *id);
int	t_chance(struct t *, const char *a, const char *b, enum shot_mode,
	    int hand, struct event *why);
/*
 * The AI's next proposal past the reaction orders it gives first in a
 * phase (RULINGS 6.5), which are applied: what it does with its units.
 */
struct ai;
void	t_ai_next(struct t *, struct ai *, struct command *);

/*
 * Long games of the AI against itself, for the checks of what the engine
 * keeps from command to command (test_vis, test_kept).  Each run plays
 * tests/data/MAP.yaml with `seeds` seeds from the first on, to the game's
 * end or past `rounds` rounds: one side's AI at AI_RANDOM and the other's
 * at AI_NORMAL, swapped from seed to seed; a side no AI plays ends its
 * phases.  Each game is t->g while it is played; begin sees it new (if
 * not NULL), after every command applied to it, end (if not NULL) the
 * game played, before it is freed.
 */
struct t_run {
	const char	*map;		/* tests/data/MAP.yaml */
	int		 seeds;
	int		 rounds;
};
struct t_games {
	const char	*map;		/* the game being played */
	uint64_t	 seed;
	struct game	*g;
	void		(*begin)(struct t_games *);
	void		(*after)(struct t_games *, const struct command *);
	void		(*end)(struct t_games *);
	void		*ctx;		/* the test's own */
};
void	t_ai_games(struct t *, const struct t_run *, size_t nruns,
	    uint64_t first_seed, struct t_games *);

#endif
