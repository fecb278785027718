/*
 * game-copy.h - private worlds for planning.  A player who looks ahead
 * plays moves out on a board of its own; these are those boards.
 *
 * game_copy() is the game itself, deep: the same state, the same dice to
 * come, every command the original would accept accepted alike.  It has
 * no journal (it is not a record of play) and no dice source (nobody is
 * asked to roll for it).  The copy owns everything it holds but the
 * scenario and catalogue, which it borrows like the original: game_free().
 *
 * game_copy_known() is the game as one side knows it, made whole by
 * sampling what it does not know, so it can be played: the side's own
 * units and the units it sees now are as they are; the map, smoke and
 * fire, items on the floor are as it remembers them; every other unit is
 * put, fresh from the scenario, as the side last saw it (type, facing,
 * down or not) on a square drawn from where it may have gone since:
 * reachable from where it was last seen within the TUs of the rounds
 * since, and out of the side's sight now (else it would be seen).  A unit
 * never seen is drawn the same way from where the scenario sets it, or
 * from its side's deployment zones (a square where the whole unit
 * fits).  Other sides' secret missions are unknown (none), their memory
 * is the briefing, and they see what they see in the world from now.
 * The dice are a fresh stream from `seed`.
 *
 * Honesty: nothing of the result depends on anything the side has not
 * seen; two games alike in all the side knows give byte-identical worlds
 * for the same seed (tests/test_copy.c).  The caller draws the seed from
 * a stream of its own, never from the game's dice.
 */
#ifndef XTAC_GAME_COPY_H
#define XTAC_GAME_COPY_H

#include <stdint.h>

#include "xtac/game.h"

struct game	*game_copy(const struct game *);
/*
 * A copy's dice made a fresh stream from `seed` (the rules' and the
 * cosmetic; forced dice dropped), so copies of one position play on with
 * different luck: `xtac sim` from a save.  Only for a copy: the original
 * game's journal would no longer replay.
 */
void		 game_copy_reseed(struct game *, uint64_t seed);
struct game	*game_copy_known(const struct game *, enum side,
		    uint64_t seed);

#endif
