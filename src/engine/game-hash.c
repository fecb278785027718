/*
 * game-hash.c - the state hash (game_hash): FNV-1a over the state, kept as
 * it was (saves and journals carry it), and game_hash_bytes, which
 * know-hash.c shares.
 */
#include <string.h>

#include "game-int.h"

/*
 * The state hash is FNV-1a over bytes, kept as it was (saves and journals
 * carry it), but not computed a byte at a time: a zero byte only multiplies
 * by the prime, so a zero word multiplies by its eighth power, and a small
 * int (one byte and seven zeros) is one xor and one multiply.  An int of -1
 * (eight 0xff bytes, an empty square's object) moves h to h P^8 plus a
 * term set by h's low byte alone: the low byte of each step depends on the
 * low byte before it, and xoring 0xff adds 255 - 2 lo.  game_hash_minus1
 * tables that term.
 */
#define GAME_FNV_P	1099511628211ull
#define GAME_FNV_P2	(GAME_FNV_P * GAME_FNV_P)
#define GAME_FNV_P8	(GAME_FNV_P2 * GAME_FNV_P2 * GAME_FNV_P2 * GAME_FNV_P2)

static void
game_hash_byte(uint64_t *h, unsigned char b)
{
	*h ^= b;
	*h *= GAME_FNV_P;
}

void
game_hash_bytes(uint64_t *h, const void *p, size_t n)
{
	const unsigned char	*b = p;
	uint64_t		 w;
	size_t			 k;

	for (; n >= 8; n -= 8, b += 8) {
		memcpy(&w, b, sizeof w);
		if (w == 0)
			*h *= GAME_FNV_P8;
		else
			for (k = 0; k < 8; k++)
				game_hash_byte(h, b[k]);
	}
	while (n-- > 0)
		game_hash_byte(h, *b++);
}

static void
game_hash_int(uint64_t *h, long long v)
{
	int	i;

	if ((unsigned long long)v < 256) {
		*h = (*h ^ (uint64_t)v) * GAME_FNV_P8;
		return;
	}
	for (i = 0; i < 8; i++)
		game_hash_byte(h, (unsigned char)((unsigned long long)v >>
		    (8 * i)));
}

/* t[lo]: hashing -1 takes h to h P^8 + t[h & 0xff]. */
static void
game_hash_minus1(uint64_t t[256])
{
	uint64_t	h;
	int		b, i;

	for (b = 0; b < 256; b++) {
		h = (uint64_t)b;
		for (i = 0; i < 8; i++)
			game_hash_byte(&h, 0xff);
		t[b] = h - (uint64_t)b * GAME_FNV_P8;
	}
}

/*
 * Each edge's kind and flags, as two ints.  An open edge (both 0, most
 * of a map) multiplies by the prime's sixteenth power: each zero int
 * multiplies by its eighth.
 */
static void
game_hash_edges(uint64_t *h, const struct edge *e, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if ((e[i].kind | e[i].flags) == 0) {
			*h *= GAME_FNV_P8 * GAME_FNV_P8;
			continue;
		}
		game_hash_int(h, e[i].kind);
		game_hash_int(h, e[i].flags);
	}
}

uint64_t
game_hash(const struct game *g)
{
	uint64_t	h = 14695981039346656037ull, minus1[256];
	size_t		i, n;
	int		k;

	game_hash_int(&h, (long long)g->rules.state);
	game_hash_int(&h, g->round);
	game_hash_int(&h, g->phase);
	game_hash_int(&h, g->selected);
	game_hash_int(&h, g->over);
	game_hash_int(&h, g->winner);
	/* Secret missions mixed in only when given: old records hold. */
	for (i = 0; i < SIDE_COUNT; i++) {
		if (g->missions[i].mission == MISSION_ASSAULT)
			continue;
		game_hash_int(&h, (int)g->missions[i].mission);
		game_hash_int(&h, g->missions[i].reverted);
		game_hash_int(&h, g->missions[i].achieved);
	}
	for (k = 0; k < g->norder; k++)
		game_hash_int(&h, g->order[k]);
	/* Mixed in only while units are placed: older records keep theirs. */
	if (g->deploying)
		game_hash_int(&h, 1000 + g->deploy_phase);
	for (i = 0; i < g->nforced; i++)
		game_hash_int(&h, g->forced[i]);
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		game_hash_int(&h, u->pos.x);
		game_hash_int(&h, u->pos.y);
		game_hash_int(&h, u->pos.z);
		game_hash_int(&h, u->facing);
		game_hash_int(&h, u->kneeling);
		/* Mixed in only when set: older records keep their hashes. */
		if (u->prone)
			game_hash_int(&h, u->prone);
		game_hash_int(&h, u->status);
		game_hash_int(&h, u->controller);
		game_hash_int(&h, u->tu);
		game_hash_int(&h, u->damage);
		game_hash_int(&h, u->stun);
		game_hash_int(&h, u->crit_head);
		game_hash_int(&h, u->crit_torso);
		game_hash_int(&h, u->crit_arm);
		game_hash_int(&h, u->crit_leg);
		game_hash_int(&h, u->acted);
		game_hash_int(&h, u->turn_over);
		game_hash_int(&h, u->last_weapon);
		game_hash_int(&h, u->half_turned);
		game_hash_int(&h, u->panic);
		game_hash_int(&h, u->control_ending);
		game_hash_int(&h, u->medikit_used);
		game_hash_int(&h, u->zombie_rounds);
		game_hash_int(&h, u->born_round);
		game_hash_int(&h, u->clones);
		game_hash_int(&h, u->civilian_round);
		game_hash_int(&h, u->frightened);
		game_hash_int(&h, u->steered);
		/*
		 * A reaction order only once given: the starting one hashes
		 * as before it existed, so older saves still check.
		 */
		if (u->react_min != UNIT_REACT_MIN ||
		    u->react_friends != UNIT_REACT_NEVER) {
			game_hash_int(&h, u->react_min);
			game_hash_int(&h, u->react_friends);
		}
		game_hash_int(&h, u->type);
		/* A body carried (§5.3): mixed in only when set. */
		if (u->carrying >= 0)
			game_hash_int(&h, u->carrying);
		for (k = 0; k < SIDE_COUNT; k++)
			game_hash_int(&h, u->probed[k]);
		for (k = 0; k < ARMOUR_COUNT; k++)
			game_hash_int(&h, u->armour[k]);
		for (k = 0; k < HAND_COUNT; k++) {
			game_hash_int(&h, u->hands[k].item);
			game_hash_int(&h, u->hands[k].ammo);
			game_hash_int(&h, u->hands[k].rounds);
		}
		game_hash_int(&h, (long long)u->nbelt);
		for (n = 0; n < u->nbelt; n++) {
			game_hash_int(&h, u->belt[n].item);
			game_hash_int(&h, u->belt[n].rounds);
		}
	}
	for (i = 0; i < g->nground; i++) {
		game_hash_int(&h, g->ground[i].pos.x);
		game_hash_int(&h, g->ground[i].pos.y);
		game_hash_int(&h, g->ground[i].pos.z);
		game_hash_int(&h, g->ground[i].c.item);
		game_hash_int(&h, g->ground[i].c.rounds);
		game_hash_int(&h, g->ground[i].c.primed);
	}
	n = (size_t)g->map->width * g->map->height * g->map->levels;
	game_hash_bytes(&h, g->smoke, n);
	game_hash_bytes(&h, g->fire, n);
	game_hash_bytes(&h, g->lit, n);
	for (i = 0; i < g->map->nbuildings; i++)
		game_hash_int(&h, g->collapsed[i]);
	game_hash_minus1(minus1);
	for (i = 0; i < n; i++) {
		game_hash_int(&h, g->map->squares[i].floor);
		if (g->map->squares[i].object == -1)
			h = h * GAME_FNV_P8 + minus1[h & 0xff];
		else
			game_hash_int(&h, g->map->squares[i].object);
	}
	game_hash_edges(&h, g->map->vedges, (size_t)(g->map->width + 1) *
	    g->map->height * g->map->levels);
	game_hash_edges(&h, g->map->hedges, (size_t)g->map->width *
	    (g->map->height + 1) * g->map->levels);
	return h;
}
