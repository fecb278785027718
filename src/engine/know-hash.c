/*
 * know-hash.c - the hash of what a side knows (know_hash): FNV-1a, the same
 * value as game_hash_bytes over the same bytes, with the repeated words of
 * a map hashed through tables.
 */
#include <stdlib.h>
#include <string.h>

#include "know-int.h"
#include "xtac/util.h"

/*
 * FNV-1a, the same value as game_hash_bytes, over the whole of what a side
 * knows: a map's worth of bytes a round start, for every side.  Most words
 * of it repeat (squares never seen, a floor of grass, rounds alike), and
 * one step of FNV-1a moves h's low byte by its low byte alone (xoring b
 * adds (lo ^ b) - lo; multiplying keeps the low byte a function of the low
 * byte), so eight steps over a word w take h to h P^8 + t_w[h & 0xff].
 * Each place of a small cache holds the table of one word: the one met
 * most there, found by a majority vote (a word's count goes up when met,
 * to KNOW_WORD_CAP, and down when another is, and at 0 the next word met
 * takes the place); one that reaches KNOW_WORD_TABLE is given the table.
 * From then on it costs a multiply and an add.  256 places, not fewer: a
 * town's squares pair up into words in more ways than 64 places hold
 * (on a 60x60 town with four levels, a round's start hashing three sides
 * cost a ninth more with 64).
 */
#define KNOW_FNV_P	1099511628211ull
#define KNOW_WORDS	256	/* places: the top 8 bits of w times a constant */
#define KNOW_WORD_TABLE	24
#define KNOW_WORD_CAP	64

static uint64_t
know_fnv_word(uint64_t h, uint64_t w)
{
	int	k;

	for (k = 0; k < 8; k++)
		h = (h ^ ((w >> (8 * k)) & 0xff)) * KNOW_FNV_P;
	return h;
}

static void
know_word_table(struct know_word *kw, uint64_t w, uint64_t p8)
{
	uint64_t	lo;

	for (lo = 0; lo < 256; lo++)
		kw->t[lo] = know_fnv_word(lo, w) - lo * p8;
	kw->w = w;
	kw->has = true;
}

static void
know_mix_words(struct know *k, uint64_t *h, const void *p, size_t n)
{
	const unsigned char	*b = p;
	const uint64_t		 p8 = know_fnv_word(1, 0);	/* P^8 */
	const uint64_t		*run = NULL;	/* the last word's table */
	struct know_word	*kw;
	uint64_t		 w, x = *h, last = 0;

	if (k == NULL) {
		game_hash_bytes(h, p, n);	/* know_hash_plain */
		return;
	}
	if (k->words == NULL)
		k->words = xcalloc(KNOW_WORDS, sizeof *k->words);
	for (; n >= 8; n -= 8, b += 8) {
		memcpy(&w, b, sizeof w);
		if (w == 0) {
			x *= p8;
			continue;
		}
		/* Words come in runs (a field of grass, squares unseen). */
		if (w == last && run != NULL) {
			x = x * p8 + run[x & 0xff];
			continue;
		}
		last = w;
		run = NULL;
		kw = &k->words[(w * 0x9e3779b97f4a7c15ull) >> 56];
		if (kw->has && kw->w == w) {
			x = x * p8 + kw->t[x & 0xff];
			/* Met again: it keeps its place against others. */
			kw->pending = w;
			kw->met = KNOW_WORD_CAP;
			run = kw->t;
			continue;
		}
		x = know_fnv_word(x, w);
		/* The word most met here wins out (a majority vote). */
		if (kw->pending == w) {
			if (kw->met < KNOW_WORD_CAP)
				kw->met++;
		} else if (kw->met > 0)
			kw->met--;
		else {
			kw->pending = w;
			kw->met = 1;
		}
		if (kw->pending == w && kw->met >= KNOW_WORD_TABLE)
			know_word_table(kw, w, p8);
	}
	*h = x;
	game_hash_bytes(h, b, n);
}

static void
know_mix(uint64_t *h, const void *p, size_t n)
{
	game_hash_bytes(h, p, n);
}

static void
know_mix_int(uint64_t *h, long v)
{
	know_mix(h, &v, sizeof v);
}

/* know_hash, with the tables of g->know's cache or (plain) byte by byte. */
static uint64_t
know_hash_with(const struct game *g, enum side side, bool plain)
{
	const struct know_side	*ks = know_side_of(g, side);
	const struct map	*m = ks->map;
	struct know		*kn = plain ? NULL : g->know;
	struct know_unit	 ku;
	uint64_t		 h = 14695981039346656037ull;
	size_t			 i, n = g->know->cells;
	int			 k;

	know_mix_int(&h, g->round);
	know_mix_int(&h, game_side_to_move(g));
	know_mix_int(&h, g->over);
	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		know_mix_int(&h, (long)i);
		if (u->side == side || u->controller == side) {
			/* Its own units, whole. */
			know_mix(&h, u->id, strlen(u->id));
			know_mix_int(&h, u->pos.x);
			know_mix_int(&h, u->pos.y);
			know_mix_int(&h, u->pos.z);
			know_mix_int(&h, u->facing);
			know_mix_int(&h, u->kneeling);
			know_mix_int(&h, u->status);
			know_mix_int(&h, u->tu);
			know_mix_int(&h, u->damage);
			know_mix_int(&h, u->stun);
			for (k = 0; k < ARMOUR_COUNT; k++)
				know_mix_int(&h, u->armour[k]);
			for (k = 0; k < HAND_COUNT; k++) {
				know_mix_int(&h, u->hands[k].item);
				know_mix_int(&h, u->hands[k].ammo);
				know_mix_int(&h, u->hands[k].rounds);
			}
			know_mix_int(&h, (long)u->nbelt);
			continue;
		}
		if (!know_unit(g, side, (int)i, &ku)) {
			know_mix_int(&h, -1);
			continue;
		}
		know_mix_int(&h, ku.sees);
		know_mix_int(&h, ku.at.x);
		know_mix_int(&h, ku.at.y);
		know_mix_int(&h, ku.at.z);
		know_mix_int(&h, ku.round);
		know_mix_int(&h, ku.down);
		know_mix_int(&h, ku.facing);
		know_mix(&h, ku.t->id, strlen(ku.t->id));
	}
	know_mix_words(kn, &h, m->squares, n * sizeof *m->squares);
	know_mix_words(kn, &h, m->vedges, (size_t)(m->width + 1) * m->height *
	    m->levels * sizeof *m->vedges);
	know_mix_words(kn, &h, m->hedges, (size_t)m->width * (m->height + 1) *
	    m->levels * sizeof *m->hedges);
	know_mix_words(kn, &h, ks->vis, n);
	/* As if the rounds were stored: the same bytes. */
	if (g->know->rounds == NULL)
		g->know->rounds = xreallocarray(NULL, n,
		    sizeof *g->know->rounds);
	for (i = 0; i < n; i++)
		g->know->rounds[i] = know_round(g, ks, i);
	know_mix_words(kn, &h, g->know->rounds, n * sizeof *g->know->rounds);
	know_mix_words(kn, &h, ks->smoke, n);
	know_mix_words(kn, &h, ks->fire, n);
	for (i = 0; i < ks->nground; i++) {
		know_mix_int(&h, ks->ground[i].pos.x);
		know_mix_int(&h, ks->ground[i].pos.y);
		know_mix_int(&h, ks->ground[i].pos.z);
		know_mix_int(&h, ks->ground[i].item);
	}
	return h;
}

uint64_t
know_hash(const struct game *g, enum side side)
{
	return know_hash_with(g, side, false);
}

uint64_t
know_hash_plain(const struct game *g, enum side side)
{
	return know_hash_with(g, side, true);
}
