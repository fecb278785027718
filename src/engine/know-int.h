/*
 * know-int.h - the inside of the knowledge layer (know.h), shared by
 * know.c (each side's memory, fed from sight), know-hash.c (its hash) and
 * know-event.c (the seen-by stamp and the views of events) and nothing else.
 */
#ifndef XTAC_KNOW_INT_H
#define XTAC_KNOW_INT_H

#include "game-int.h"
#include "xtac/know.h"

struct know_side {
	struct map		*map;		/* terrain as last seen */
	uint8_t			*vis;		/* [cell] in sight now */
	size_t			*inview;	/* the cells in sight, listed */
	size_t			 ninview;
	size_t			*inview_at;	/* [cell] its place in inview */
	int			*round;		/* [cell] last seen, -1 never;
						   in sight: now, whatever it
						   holds (know_round) */
	uint8_t			*smoke;		/* [cell] as last seen */
	uint8_t			*fire;
	struct path_moves	*moves;		/* step words over map, made
						   when first asked for
						   (know_path_moves), NULL
						   until then */
	uint8_t			*flags;		/* [cell] know_field's flags but
						   for units: smoke and fire as
						   last seen, glare; kept as
						   they change */
	struct know_item	*ground;
	size_t			 nground;
	size_t			 ground_cap;
	int			*unit_round;	/* [unit] when last seen */
	enum dir		*unit_facing;
	const struct unit_type	**unit_t;
};

/*
 * A word know_hash met often, and the table that hashes it at once:
 * FNV-1a over its eight bytes takes h to h P^8 + t[h & 0xff] (know-hash.c).
 */
struct know_word {
	uint64_t		 w;		/* the word tabled, if `has` */
	bool			 has;
	uint64_t		 pending;	/* the word met last here */
	unsigned		 met;		/* times in a row */
	uint64_t		 t[256];
};

struct know {
	struct know_side	 sides[SIDE_COUNT];
	size_t			 cells;
	/*
	 * The squares whose truth changed since know_stamp last ran: each
	 * side that sees one takes it in then (know_take_changes).  Past
	 * `cells` of them, all.
	 */
	size_t			*changed;
	size_t			 nchanged;
	size_t			 changed_cap;
	bool			 changed_all;
	struct know_word	*words;		/* know_hash's, [KNOW_WORDS] */
	int			*rounds;	/* know_hash's, [cells] */
	bool			 debug;		/* know_debug */
	char			*fault;		/* its first finding */
};

/* Free what one side's memory holds (not the struct itself). */
void	know_side_free(struct know_side *);
/* The side's memory; fatal for no such side. */
const struct know_side *know_side_of(const struct game *, enum side);
/* The index of a square in [z][y][x] arrays. */
size_t	know_index(const struct map *, struct pos);
/* Bring side's memory of what it sees now up to the truth. */
void	know_sync(struct game *, size_t side);
/* Each side takes in the changed squares it sees (know_changed). */
void	know_take_changes(struct game *);
/*
 * The round the side last saw square i in (now, if in sight).  Inline:
 * know_hash asks it of every square.
 */
static inline int
know_round(const struct game *g, const struct know_side *ks, size_t i)
{
	return ks->vis[i] ? g->round : ks->round[i];
}

#endif
