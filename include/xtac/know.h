/*
 * know.h - what each side knows (fog of war), owned by the engine: the map
 * as the side last saw each square (terrain, doors, smoke, fire, items on
 * the floor), the units as it last saw them (where, when, what), and, for
 * every event, which sides saw it at the moment it happened.
 *
 * Everything a side is shown reads this layer, never the true state: the
 * headless protocol as one side (`xtac script --as`), the client's log and
 * map, the AI.  A side starts knowing the map as briefed (the battlefield
 * on the table) and its own units; it learns a square when one of its
 * units sees the square, and a unit when it sees the unit.
 *
 * Seen-by: the engine stamps each event as it is emitted, before anything
 * later in the command can change who sees what.  A side reads an event
 * when it saw the unit doing it, or, for what happens to others (a shot,
 * a blast, a door), when it saw the unit it happened to or the square.
 * know_event_view() gives the event as that side reads it: units it did
 * not see then are "someone unseen", and what would place them (their
 * weapon, TUs, the terms of their roll, squares out of sight) is left out.
 */
#ifndef XTAC_KNOW_H
#define XTAC_KNOW_H

#include <stdbool.h>
#include <stdint.h>

#include "xtac/event.h"
#include "xtac/field.h"
#include "xtac/game.h"

/* The words every side-facing text uses for a unit a side does not see. */
#define KNOW_UNSEEN	"someone unseen"

/* A square as the side knows it (know_square). */
struct know_square {
	bool	in_sight;	/* one of the side's units sees it now */
	int	round;		/* last seen in this round; -1 never */
	int	smoke;		/* rounds of smoke left, as last seen */
	int	fire;
};

/* A unit as the side knows it (know_unit). */
struct know_unit {
	bool			 sees;		/* in sight now */
	struct pos		 at;		/* where last seen */
	int			 round;		/* when */
	bool			 down;		/* unconscious or dead then */
	enum dir		 facing;
	const struct unit_type	*t;		/* what it was then */
};

/* An item as last seen lying on the floor. */
struct know_item {
	struct pos	pos;
	int		item;		/* catalog item */
};

/* Whether a side sees the square now. */
bool	know_in_sight(const struct game *, enum side, struct pos);
void	know_square(const struct game *, enum side, struct pos,
	    struct know_square *);
/*
 * The map as the side last saw it: the briefed map, with every square
 * and edge it has seen since as it saw them (doors open or shut, walls
 * and floors destroyed).  Owned by the game.
 */
const struct map *know_map(const struct game *, enum side);
/* A unit as the side knows it; false if it has never seen it. */
bool	know_unit(const struct game *, enum side, int unit,
	    struct know_unit *);
/* Floor items as last seen, and how many. */
size_t			 know_nground(const struct game *, enum side);
const struct know_item	*know_ground(const struct game *, enum side, size_t);
/*
 * The field as the side knows it, over know_map(): the units it sees now
 * and its own, smoke and fire as last seen.  out->flags must hold the
 * map's squares; out->map is set.  Paths planned over it never bend
 * round what the side has not seen.
 */
void	know_field(const struct game *, enum side, struct field *out);
/*
 * Step words (path.h) over know_map(), kept as the side's memory of the
 * terrain changes: made when first asked for, owned by the game.  Searches
 * over know_field() read them.
 */
struct path_moves;
struct path_moves *know_path_moves(const struct game *, enum side);
/*
 * FNV-1a over what the side knows: its own units whole, others as last
 * seen, the squares as last seen, the round and whose phase it is.
 * Equal hashes, equal knowledge; it never depends on anything hidden.
 */
uint64_t know_hash(const struct game *, enum side);
/* Debugging: know_hash a byte at a time, as FNV-1a is defined (tests). */
uint64_t know_hash_plain(const struct game *, enum side);
/*
 * Debugging: whether what each side is kept knowing equals a recompute:
 * its squares in sight are those of fresh fields of view from its units
 * (while nothing changed since game_vis_update() last worked sight out),
 * listed once, each remembered
 * as it truly is this round; the floor items there, and the units it
 * sees, as they are.  Call between commands.  On false, *cause says what.
 */
bool	know_check(const struct game *, char **cause);
/*
 * Debugging: with on, every time sight is worked out the same check runs
 * at once, against a fresh sight, and know_check() reports its first
 * finding.  Slow: a field of view per unit per change.
 */
void	know_debug(struct game *, bool on);

/* --- events as a side reads them ---------------------------------------- */

/* Whether the side may read the event at all. */
bool	know_event_seen(const struct event *, enum side);
/*
 * The event as the side reads it, into *out (borrowing the event's
 * texts: valid while the event is).  Call only when know_event_seen().
 */
void	know_event_view(const struct event *, enum side, struct event *out);

#endif
