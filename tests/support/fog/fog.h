/*
 * fog.h - the non-interference property's pieces (tests/test_fog.c): pairs
 * of games on the shipped maps that differ only in something hidden from
 * one side, what that side is shown in each, and the oracle that says
 * where the games differ and whether the side could know it.
 */
#ifndef XTAC_TEST_FOG_H
#define XTAC_TEST_FOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/event.h"
#include "xtac/game.h"
#include "xtac/rng.h"
#include "xtac/scenario.h"
#include "xtac/util.h"

struct ai;

#define FOG_COMMANDS	80	/* per game */

/* The shipped maps played, and how many. */
extern const char *const	fog_maps[];
extern const size_t		fog_nmaps;

/* --- the games (fog-play.c) ---------------------------------------------- */

/* cmocka group setup and teardown: the real catalog, the tests' state. */
int		 fog_setup(void **);
int		 fog_teardown(void **);

/* A shipped map's scenario; fails the test if it does not load. */
struct scenario	*fog_load(const struct catalog *, const char *path);
size_t		 fog_cells(const struct map *);
size_t		 fog_index(const struct map *, struct pos);
struct pos	 fog_random_pos(struct rng *, const struct map *);
/*
 * A command line for the side to move, from what that side knows: its
 * own units, enemies in sight, squares of the map.  `busy` in 0..100 is
 * how often it does something rather than end its phase.
 */
char		*fog_command(struct rng *, const struct game *, int busy);
/* Run a line into ev (cleared first); refusals are part of the game. */
void		 fog_run(struct game *, const char *line, struct event_list *);
/* The AI's next command, into the view (sb) as its side reads it, run. */
void		 fog_run_ai(struct ai *, struct game *, struct event_list *,
		     struct strbuf *sb);
/* An enemy of the viewer out of its sight, or -1. */
int		 fog_hidden_enemy(struct rng *, const struct game *,
		     enum side viewer);
/* FOG_PLACED: in b, the hidden enemy elsewhere out of the viewer's eyes. */
bool		 fog_place(struct rng *, struct game *b, enum side viewer,
		     int unit);
/* Both games past deployment, every side taking the default. */
void		 fog_deployed(struct game *a, struct game *b,
		     struct event_list *eva, struct event_list *evb,
		     struct strbuf *va, struct strbuf *vb, enum side viewer);
/* FOG_DOOR: a door out of the viewer's sight opened in a. */
bool		 fog_open_door(struct rng *, struct game *a, enum side viewer);
/* FOG_WALL: a wall out of the viewer's sight blown away in a. */
bool		 fog_blow_wall(struct rng *, struct game *a, enum side viewer,
		     struct event_list *);
/* FOG_GRENADE: in a, the hidden enemy throws a grenade out of sight. */
void		 fog_throw(struct rng *, struct game *a, enum side viewer,
		     int unit, struct event_list *, struct strbuf *sb);

/* --- the view (fog-view.c) ----------------------------------------------- */

/* One event, every field and term, a line. */
void	fog_print_event(struct strbuf *, const struct event *);
/*
 * The events of ev the side reads, as it reads them, each followed by the
 * line its log shows for it ("log ..."), worded as in game g.
 */
void	fog_view_events(struct strbuf *, const struct game *g,
	    const struct event_list *ev, enum side);
/* After a command: its knowledge, a path it plans, its next command. */
void	fog_view_state(struct strbuf *, const struct game *, enum side,
	    struct pos to, const struct command *next);

/* --- the oracle (fog-oracle.c) ------------------------------------------- */

/* Where the games have differed so far, around the command under test. */
struct fog_diffs {
	uint8_t	*cells;		/* [cell] */
	bool	*units;		/* [unit] */
	bool	 edges;		/* a wall or door differs: lines do */
};

/*
 * The viewer's eyes: the squares its units would see with every unit,
 * smoke and glare taken away; fog_near: whether p is in or beside them.
 */
uint8_t	*fog_eyes(const struct game *, enum side);
bool	 fog_near(const struct map *, const uint8_t *eyes, struct pos);
/*
 * Whether the viewer could now know of the difference (adding where the
 * games differ to acc), and the three ways a differing view is explained
 * by a sighting rather than a leak.
 */
bool	 fog_revealed(const struct game *a, const struct game *b, enum side,
	     struct fog_diffs *acc);
bool	 fog_memory_near(const struct game *a, const struct game *b,
	     enum side, const struct fog_diffs *acc);
bool	 fog_items_seen(const struct game *a, const struct game *b,
	     enum side, const struct fog_diffs *acc);
bool	 fog_explained(const char *va, const char *vb, const struct game *,
	     const struct fog_diffs *acc);
/* For a failing test's log: where two views, and two memories, part. */
void	 fog_diff(const char *a, const char *b);
void	 fog_know_diff(const struct game *a, const struct game *b, enum side);

#endif
