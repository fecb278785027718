/*
 * rng.c - PCG32 (XSH RR variant) with Lemire's nearly-divisionless bounded
 * draw.  The sequence for a given (seed, stream) is fixed by this file alone:
 * integer arithmetic only, so every machine replays a game identically.
 */
#include <errno.h>
#include <stdlib.h>

#include "xtac/rng.h"

#define RNG_MULTIPLIER	6364136223846793005ULL

void
rng_seed(struct rng *r, uint64_t seed, enum rng_stream stream)
{
	r->state = 0;
	r->inc = ((uint64_t)stream << 1) | 1u;
	rng_next(r);
	r->state += seed;
	rng_next(r);
}

uint32_t
rng_next(struct rng *r)
{
	uint64_t	old = r->state;
	uint32_t	xorshifted, rot;

	r->state = old * RNG_MULTIPLIER + r->inc;
	xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
	rot = (uint32_t)(old >> 59u);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/*
 * Lemire, "Fast Random Integer Generation in an Interval" (2019): the high
 * half of a 32x32 product is uniform once the low half clears the threshold.
 */
uint32_t
rng_below(struct rng *r, uint32_t bound)
{
	uint64_t	m = (uint64_t)rng_next(r) * bound;
	uint32_t	low = (uint32_t)m;

	if (low < bound) {
		uint32_t threshold = -bound % bound;
		while (low < threshold) {
			m = (uint64_t)rng_next(r) * bound;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

int
rng_die(struct rng *r, int sides)
{
	return 1 + (int)rng_below(r, (uint32_t)sides);
}

int
rng_parse_seed(const char *s, uint64_t *out)
{
	char			*end;
	unsigned long long	 v;

	if (s == NULL || *s == '\0' || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}
