/*
 * game-risk.c - who a shot puts at risk (game_shot_risk, game_side_shot_risk;
 * RULINGS §6.5): every way a shot may go, weighed as the dice make it, over
 * the world as a side knows it.  The flights are game-flight.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "game-shot.h"
#include "xtac/know.h"
#include "xtac/util.h"

/*
 * The forecast of a shot: everything it reads is the world as side `as`
 * knows it (-1: the truth, for the engine's own reactions and the
 * omniscient AI).  Walls, doors and floors as last seen (game_known_map),
 * the units it knows are where they are (combat_known), the target where
 * it was last seen.  Nothing the side has not seen changes the answer.
 */
struct combat_look {
	const struct game	*g;
	int			 as;
	const struct map	*m;	/* game_known_map(g, as) */
	int			 shooter;
	struct pos		 from;	/* where the shooter would fire from */
	long			 z16;	/* its eye, in sixteenths of a level */
	int			 target;
	struct pos		 at;	/* the target's square, as known */
	int			 size;	/* and its size */
	int			*amount;	/* a blast's reach, scratch */
	uint64_t		*bodies;	/* combat_look_bodies */
};

/*
 * A bit for every square a unit stands on that combat_round_meets may find
 * there: every active unit the side knows of (the truth's, for -1).  A
 * forecast flies a round for every face and margin of a miss, each
 * crossing many squares, and most hold nobody.
 */
static uint64_t *
combat_look_bodies(const struct game *g, int as, const struct map *m)
{
	size_t		 words = ((size_t)m->width * m->height * m->levels +
			    63) / 64, i, at;
	uint64_t	*bits = xcalloc(words, sizeof *bits);
	struct pos	 p;
	int		 dx, dy, size;

	for (i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];

		if (u->status != UNIT_ACTIVE || !combat_known(g, as, (int)i))
			continue;
		size = u->t->size;
		for (dy = 0; dy < size; dy++)
			for (dx = 0; dx < size; dx++) {
				p = (struct pos){ u->pos.x + dx,
				    u->pos.y + dy, u->pos.z };
				if (!map_contains(m, p))
					continue;
				at = ((size_t)p.z * m->height +
				    (size_t)p.y) * m->width + (size_t)p.x;
				bits[at / 64] |= (uint64_t)1 << (at % 64);
			}
	}
	return bits;
}

/*
 * Whether unit u is one a shooter would not harm: its controller's, one
 * of that side's own held by the enemy's mind control for now (§6.4), or
 * a civilian to X-Com (§3.4: X-Com protects them).
 */
static bool
combat_friend(const struct game *g, int shooter, int u)
{
	const struct unit	*a = &g->units[shooter], *b = &g->units[u];

	return b->status != UNIT_DEAD && (b->controller == a->controller ||
	    b->side == a->controller || (a->controller == SIDE_XCOM &&
	    b->controller == SIDE_CIVILIAN));
}

/* A friend only as a civilian to X-Com, not one of the shooter's own. */
static bool
combat_civilian(const struct game *g, int shooter, int u)
{
	const struct unit	*a = &g->units[shooter], *b = &g->units[u];

	return a->controller == SIDE_XCOM && b->controller == SIDE_CIVILIAN &&
	    b->side != a->controller;
}

/*
 * The friends an explosive round bursting at `at` would reach (§7.3) over
 * the map as known, the shooter counted where it would stand; *who gets
 * one of them.  Friends the side does not see (a civilian out of X-Com's
 * sight) are not counted: the side cannot know they are there.
 */
static int
combat_burst_friends(const struct combat_look *k, struct pos at,
    const struct damage *d, int *who, int *civ)
{
	const struct game	*g = k->g;
	const struct map	*m = k->m;
	struct blast		 b;
	size_t			 i;
	int			 n = 0, dx, dy;

	memset(&b, 0, sizeof b);
	b.centre = at;
	b.damage = *d;
	game_blast_reach(m, &b, k->amount);
	for (i = 0; i < g->nunits; i++) {
		const struct unit	*u = &g->units[i];
		bool			 me = (int)i == k->shooter;
		struct pos		 p = me ? k->from : u->pos;
		bool			 caught = false;

		if (!me && (!combat_friend(g, k->shooter, (int)i) ||
		    !combat_known(g, k->as, (int)i)))
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos q = { p.x + dx, p.y + dy, p.z };

				if (map_contains(m, q) && k->amount[((size_t)
				    q.z * m->height + q.y) * m->width +
				    q.x] > 0)
					caught = true;
			}
		if (caught) {
			*who = (int)i;
			n++;
			if (!me && combat_civilian(g, k->shooter, (int)i))
				(*civ)++;
		}
	}
	return n;
}

/*
 * §7.5 (a launched weapon: §6.2's scatter) worked through for every miss:
 * each d10 face, and each margin's squares, as likely as the dice make
 * them.  Per mille of the shot's rolls (a roll over `chance`) whose round
 * strikes a friend, or bursts where it stops with one in reach; *who gets
 * one of them; *civ gets the per mille of those whose friends struck are
 * all civilians.
 */
static int
combat_miss_risk(const struct combat_look *k, int chance,
    const struct item_type *it, const struct damage *d, int *who, int *civ)
{
	const struct game	*g = k->g;
	const struct damage	*ob;
	struct combat_flight	 f;
	struct pos		 aim, stop;
	int			 face, dir, n, rolls, struck = 0, u, nb, nc;
	bool			 burst = game_splash_step(d) > 0, hit, own;

	for (face = 1; face <= 10; face++) {
		dir = combat_miss_dir[face];
		for (n = 1; 10 * (n - 1) < 100 - chance; n++) {
			/* Rolls chance + 10n - 9 .. chance + 10n, on the die. */
			rolls = 100 - chance - 10 * (n - 1);
			rolls = rolls > 10 ? 10 : rolls;
			if (item_launched(it)) {
				stop = game_arc_scatter(k->m, k->from, k->at,
				    face, 10 * n, NULL);
				u = combat_round_meets(g, k->as, stop);
				hit = u >= 0 && u != k->target &&
				    combat_friend(g, k->shooter, u);
			} else {
				if (dir < 0) {
					/* On past the target: any margin. */
					rolls = 100 - chance;
					n = 100;
				}
				aim = k->at;
				if (dir >= 0) {
					aim.x += dir_dx[dir] * n;
					aim.y += dir_dy[dir] * n;
				}
				combat_fly_as(g, k->as, k->shooter, k->target,
				    k->from, k->z16, aim, false, k->bodies,
				    &f);
				if (strcmp(f.hit, "map-edge") == 0)
					continue;
				stop = f.at;
				u = f.unit;
				hit = u >= 0 && combat_friend(g, k->shooter, u);
			}
			own = hit && !combat_civilian(g, k->shooter, u);
			nc = 0;
			if (!hit && burst && (nb = combat_burst_friends(k,
			    stop, d, &u, &nc)) > 0) {
				hit = true;
				own = nb > nc;
			}
			/* §7.6: an explosive object it destroys blows up. */
			if (!hit && !burst && !item_launched(it) &&
			    strcmp(f.hit, "object") == 0 &&
			    (ob = game_object_blast(k->m, stop, d->type,
			    d->amount)) != NULL &&
			    (nb = combat_burst_friends(k, stop, ob, &u,
			    &nc)) > 0) {
				hit = true;
				own = nb > nc;
			}
			if (hit) {
				struck += rolls;
				*who = u;
				if (!own)
					*civ += rolls;
			}
		}
	}
	/* Ten faces, a hundred rolls: per mille. */
	return struck;
}

/*
 * Where the forecast takes the target to be: where it is, if the side
 * knows; else where and as what it was last seen.  False if never seen.
 */
static bool
combat_look_target(struct combat_look *k)
{
	const struct unit	*t = &k->g->units[k->target];
	struct know_unit	 ku;

	if (combat_known(k->g, k->as, k->target)) {
		k->at = t->pos;
		k->size = t->t->size;
		return true;
	}
	if (!know_unit(k->g, (enum side)k->as, k->target, &ku) ||
	    ku.t == NULL)
		return false;
	k->at = ku.at;
	k->size = ku.t->size;
	return true;
}

static bool
combat_shot_risk(const struct game *g, int as, int shooter, struct pos from,
    int target, int hand, int chance, struct game_shot_risk *risk)
{
	const struct unit	*a = &g->units[shooter];
	const struct carried	*h;
	const struct item_type	*it;
	const struct damage	*d;
	struct combat_flight	 f;
	struct combat_look	 k;
	struct pos		 near;
	bool			 here = from.x == a->pos.x &&
				    from.y == a->pos.y && from.z == a->pos.z;

	memset(risk, 0, sizeof *risk);
	risk->line = risk->blast = risk->stray = -1;
	h = &a->hands[hand == CMD_HAND_BOTH ? HAND_RIGHT : hand];
	if (target < 0 || (size_t)target >= g->nunits || target == shooter ||
	    h->item < 0)
		return false;
	memset(&k, 0, sizeof k);
	k.g = g;
	k.as = as;
	k.m = game_known_map(g, as);
	k.shooter = shooter;
	k.from = from;
	k.z16 = from.z * 16 + (here && a->kneeling ? 8 : 13);
	k.target = target;
	if (!combat_look_target(&k))
		return false;
	k.bodies = combat_look_bodies(g, as, k.m);
	it = &g->cat->items[h->item];
	d = combat_damage_of(g, h);
	/* Its own side's, held by the enemy: it comes back (§6.4). */
	risk->held = combat_known(g, as, target) &&
	    combat_friend(g, shooter, target);
	/*
	 * §7.5: a round off its mark flies on and strikes the first body;
	 * a launched one arcs over them (§6.2).
	 */
	if (!item_launched(it)) {
		combat_fly_as(g, as, shooter, target, from, k.z16, k.at, true,
		    k.bodies, &f);
		if (f.unit >= 0 && combat_friend(g, shooter, f.unit))
			risk->line = f.unit;
	}
	/* A burst's reach, or an explosive object's a miss may set off. */
	if (game_splash_step(d) > 0 || (chance >= 0 && chance < 100))
		k.amount = xmalloc((size_t)k.m->width * k.m->height *
		    k.m->levels * sizeof *k.amount);
	if (chance >= 0 && chance < 100)
		risk->struck = combat_miss_risk(&k, chance, it, d,
		    &risk->stray, &risk->civstruck);
	if (game_splash_step(d) > 0) {
		/*
		 * §7.3: the burst on the target's square nearest the shooter
		 * (combat_near_square), from where it would fire.
		 */
		near = k.at;
		if (from.x > k.at.x)
			near.x += k.size - 1;
		if (from.y > k.at.y)
			near.y += k.size - 1;
		risk->nblast = combat_burst_friends(&k, near, d, &risk->blast,
		    &risk->nblastciv);
	}
	free(k.amount);
	free(k.bodies);
	return risk->held || risk->line >= 0 || risk->nblast > 0 ||
	    risk->struck >= GAME_RISK_STRUCK;
}

bool
game_shot_risk(const struct game *g, int shooter, struct pos from,
    int target, int hand, int chance, struct game_shot_risk *risk)
{
	return combat_shot_risk(g, -1, shooter, from, target, hand, chance,
	    risk);
}

bool
game_side_shot_risk(const struct game *g, enum side side, int shooter,
    struct pos from, int target, int hand, int chance,
    struct game_shot_risk *risk)
{
	return combat_shot_risk(g, (int)side, shooter, from, target, hand,
	    chance, risk);
}
