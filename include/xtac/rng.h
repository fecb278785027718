/*
 * rng.h - the engine's seeded random number generator.
 *
 * PCG32 (O'Neill, pcg-random.org): 64-bit state, 32-bit output, selectable
 * stream.  The game owns two: a rules stream that every die roll comes from,
 * and a cosmetic stream for effects that must never disturb a replay.  Both
 * derive from the one seed the game was made with.  No floats, no rand().
 */
#ifndef XTAC_RNG_H
#define XTAC_RNG_H

#include <stdint.h>

struct rng {
	uint64_t	state;
	uint64_t	inc;	/* stream selector, always odd */
};

enum rng_stream {
	RNG_STREAM_RULES = 1,
	RNG_STREAM_COSMETIC = 2,
};

void		rng_seed(struct rng *, uint64_t seed, enum rng_stream);
uint32_t	rng_next(struct rng *);
/* Uniform in [0, bound) without modulo bias; bound must be > 0. */
uint32_t	rng_below(struct rng *, uint32_t bound);
/* One die: uniform in [1, sides]. */
int		rng_die(struct rng *, int sides);
/* Parse a seed as a person writes it (decimal or 0x hex); 0 on success. */
int		rng_parse_seed(const char *, uint64_t *);

#endif
