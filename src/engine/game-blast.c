/*
 * game-blast.c - what explosions and heavy hits do to the battlefield:
 * splash damage (§7.3, RULINGS §7.3), collateral damage to walls, doors,
 * windows, floors and objects (§7.6, RULINGS §7.6), explosive objects going
 * off in turn, and units falling when the floor under them goes (§7.2.4,
 * RULINGS §5; the fall itself is game-down.c's).
 *
 * A blast spreads square by square from its centre across open edges and
 * through missing floors; the damage at a square is D - k x d with d the
 * Chebyshev distance from the centre counting levels.  A wall, door,
 * window, fence or floor in the way takes the blast once, with the damage
 * arriving at it: what arrives at the farther of the two squares it parts,
 * whichever side the blast comes round to; it stops the blast unless
 * destroyed.  So a wall fares the same whether it closes a room or
 * stands alone (RULINGS §7.3).  Explosions a
 * blast sets off are queued and run after it, in order, so a chain of
 * fuel drums is a loop, not a recursion.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define BLAST_QUEUE_MAX		256	/* pending explosions at once */
#define BLAST_OBJECT_DAMAGE	90	/* §7.6: explosive objects: 90 HE-2 */

/* §7.3: how fast each HE class falls off; IN splashes as HE-1 (§7.4). */
int
game_splash_step(const struct damage *d)
{
	if (d->type == DMG_IN)
		return 20;
	switch (d->he_class) {
	case 1:
		return 20;
	case 2:
		return 30;
	case 3:
		return 40;
	default:
		return 0;
	}
}

/*
 * §7.6 thresholds: whether `amount` of this damage type destroys a thing of
 * this strength.  CC destroys normal things only from very strong units
 * (80 or more), which the amount already says.
 */
bool
game_destroys(enum strength strength, enum damage_type type, int amount)
{
	if (amount <= 0)
		return false;
	switch (strength) {
	case STRENGTH_NORMAL:
		return type == DMG_HE || type == DMG_PB ||
		    (type == DMG_AP && amount >= 40) ||
		    (type == DMG_LB && amount >= 80) ||
		    (type == DMG_CC && amount >= 80);
	case STRENGTH_HARDENED:
		return ((type == DMG_HE || type == DMG_PB) && amount >= 70) ||
		    (type == DMG_LB && amount >= 80);
	case STRENGTH_SUPER_TOUGH:
		return type == DMG_HE && amount >= 160;
	default:
		return false;
	}
}

static int
blast_cheb(struct pos a, struct pos b)
{
	int	dx = abs(a.x - b.x), dy = abs(a.y - b.y), dz = abs(a.z - b.z);
	int	d = dx > dy ? dx : dy;

	return d > dz ? d : dz;
}

static size_t
blast_index(const struct map *m, struct pos p)
{
	return ((size_t)p.z * m->height + p.y) * m->width + p.x;
}

static void
blast_destroyed(struct game *g, const char *what, const char *name,
    struct pos p, const char *side)
{
	struct event	*e = event_push(g->ev, EV_DESTROYED);

	event_str(e, "what", what);
	if (name != NULL)
		event_str(e, "name", name);
	event_pos(e, "at", p);
	if (side != NULL)
		event_str(e, "side", side);
}

/* Damage an edge; true if it is (now) open. */
bool
game_damage_edge(struct game *g, struct pos p, enum dir side,
    enum damage_type type, int amount)
{
	struct edge	*e = map_edge(g->map, p, side);

	if (e->kind == EDGE_OPEN)
		return true;
	if (!game_destroys((enum strength)e->strength, type, amount))
		return false;
	blast_destroyed(g, edge_kind_names[e->kind], NULL, p,
	    dir_names[side]);
	if (e->flags & EDGE_EXPLOSIVE)
		game_queue_explosion(g, p, NULL);
	e->kind = EDGE_OPEN;
	e->flags = 0;
	game_vis_touch(g, p);
	game_vis_touch(g, (struct pos){ p.x + dir_dx[side], p.y + dir_dy[side],
	    p.z });
	return true;
}

/* Damage the floor of square p; true if nothing is (now) there to block. */
bool
game_damage_floor(struct game *g, struct pos p, enum damage_type type,
    int amount)
{
	struct square	*sq = map_square(g->map, p);

	if (sq->floor == FLOOR_NONE)
		return true;
	/* RULINGS §7.6: level-1 dirt is indestructible. */
	if (p.z == 0 && sq->floor == FLOOR_DIRT)
		return false;
	if (!game_destroys(floor_table[sq->floor].strength, type, amount))
		return false;
	blast_destroyed(g, "floor", floor_names[sq->floor], p, NULL);
	/*
	 * Level-1 floors become dirt; higher ones are gone, and whoever
	 * stood there falls once the blast has struck them: the caller
	 * settles the units (game_settle).
	 */
	sq->floor = p.z == 0 ? FLOOR_DIRT : FLOOR_NONE;
	game_vis_touch(g, p);
	return p.z > 0;
}

void
game_damage_object(struct game *g, struct pos p, enum damage_type type,
    int amount)
{
	struct square			*sq = map_square(g->map, p);
	const struct object_type	*o;

	if (sq->object == OBJECT_NONE)
		return;
	o = &g->map->objects[sq->object];
	if (!game_destroys(o->strength, type, amount))
		return;
	blast_destroyed(g, "object", o->name, p, NULL);
	sq->object = OBJECT_NONE;
	game_vis_touch(g, p);
	if (o->explosive)
		game_queue_explosion(g, p, NULL);
}

/* --- explosions (§7.3) ------------------------------------------------------------ */

static const struct damage blast_object = { BLAST_OBJECT_DAMAGE, DMG_HE, 2 };

const struct damage *
game_object_blast(const struct map *m, struct pos p, enum damage_type type,
    int amount)
{
	const struct square	*sq = map_square(m, p);
	const struct object_type *o;

	if (sq->object == OBJECT_NONE)
		return NULL;
	o = &m->objects[sq->object];
	return o->explosive && game_destroys(o->strength, type, amount) ?
	    &blast_object : NULL;
}

/* A blast of this damage (NULL: an explosive object's) at centre. */
static void
blast_init(struct blast *b, struct pos centre, const struct damage *d)
{
	memset(b, 0, sizeof *b);
	b->centre = centre;
	b->damage = d != NULL ? *d : blast_object;
	/* RULINGS §7.4: HE and IN leave smoke for 3 rounds. */
	if (b->damage.type == DMG_HE || b->damage.type == DMG_IN)
		b->smoke_rounds = 3;
}

void
game_queue_explosion(struct game *g, struct pos centre,
    const struct damage *d)
{
	struct blast	b;

	blast_init(&b, centre, d);
	game_queue_blast(g, &b);
}

void
game_queue_blast(struct game *g, const struct blast *b)
{
	if (g->nblasts >= BLAST_QUEUE_MAX)
		return;	/* a chain this long has flattened the map */
	g->blasts[g->nblasts++] = *b;
}

/* The four sides a blast crosses, then up (4) and down (5). */
static const enum dir blast_sides[] = { DIR_N, DIR_E, DIR_S, DIR_W };

/* The boundaries of a square a blast marks as struck: each once. */
#define BLAST_STRUCK_N		0x1	/* its north edge */
#define BLAST_STRUCK_W		0x2	/* its west edge */
#define BLAST_STRUCK_FLOOR	0x4	/* its floor */

/*
 * Mark the boundary from p to q (s as below) struck; false if it was
 * already.  An edge is kept by the square north or west of it, a floor by
 * the square it carries.
 */
static bool
blast_strike(const struct map *m, uint8_t *struck, struct pos p,
    struct pos q, int s)
{
	struct pos	keeper;
	uint8_t		bit;

	switch (s) {
	case 0:		/* north of p */
		keeper = p, bit = BLAST_STRUCK_N;
		break;
	case 1:		/* east of p: west of q */
		keeper = q, bit = BLAST_STRUCK_W;
		break;
	case 2:		/* south of p: north of q */
		keeper = q, bit = BLAST_STRUCK_N;
		break;
	case 3:		/* west of p */
		keeper = p, bit = BLAST_STRUCK_W;
		break;
	case 4:		/* up: the floor of q */
		keeper = q, bit = BLAST_STRUCK_FLOOR;
		break;
	default:	/* down: the floor of p */
		keeper = p, bit = BLAST_STRUCK_FLOOR;
		break;
	}
	if (struck[blast_index(m, keeper)] & bit)
		return false;
	struck[blast_index(m, keeper)] |= bit;
	return true;
}

/*
 * What a blast does at the boundary from p to q (s: a side of p 0-3, 4 up,
 * 5 down) with `a` arriving at it: whether it passes.  `reached`: q was
 * reached another way already; the boundary still takes the blast (its
 * answer is ignored).  Each boundary is asked once.
 */
typedef bool	blast_cross_fn(void *, struct pos p, struct pos q, int s,
		    int a, bool reached);

/*
 * The spread every blast makes (§7.3): square by square across what
 * `cross` lets pass, D - k x d at each (d: Chebyshev distance from the
 * centre), out to where nothing arrives or, for smoke and light, to its
 * radius.  A boundary between two squares takes what arrives at the
 * farther of them from the centre, once (RULINGS §7.3): a blast that
 * comes round behind a wall strikes it no harder than from in front.
 * amount[z][y][x] gets what arrives, -1 where nothing does; queue the
 * squares reached in order.  Returns how many.
 */
static size_t
blast_spread(const struct map *m, const struct blast *b, int *amount,
    struct pos *queue, blast_cross_fn *cross, void *ctx)
{
	const struct damage	*d = &b->damage;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 head = 0, tail = 0, i;
	int			 k = game_splash_step(d);
	uint8_t			*struck;

	for (i = 0; i < n; i++)
		amount[i] = -1;
	if (!map_contains(m, b->centre))
		return 0;
	struck = xcalloc(n, 1);
	amount[blast_index(m, b->centre)] = d->amount;
	queue[tail++] = b->centre;
	while (head < tail) {
		struct pos p = queue[head++];
		int s, dp = blast_cheb(p, b->centre);

		for (s = 0; s < 6; s++) {
			struct pos q = p;
			int a, at, dq;

			if (s < 4) {
				q.x += dir_dx[blast_sides[s]];
				q.y += dir_dy[blast_sides[s]];
			} else
				q.z += s == 4 ? 1 : -1;
			if (!map_contains(m, q))
				continue;
			dq = blast_cheb(q, b->centre);
			a = d->amount - k * dq;
			at = d->amount - k * (dp > dq ? dp : dq);
			if (amount[blast_index(m, q)] >= 0) {
				if (at > 0 && blast_strike(m, struck, p, q, s))
					cross(ctx, p, q, s, at, true);
				continue;
			}
			if (a <= 0 && dq > b->radius)
				continue;
			if (a < 0)
				a = 0;	/* within a smoke cloud's reach only */
			if (at < 0)
				at = 0;
			blast_strike(m, struck, p, q, s);
			if (!cross(ctx, p, q, s, at, false))
				continue;
			amount[blast_index(m, q)] = a;
			queue[tail++] = q;
		}
	}
	free(struck);
	return tail;
}

struct blast_real {
	struct game		*g;
	const struct blast	*b;
};

/* A real blast: walls and floors take the damage, light passes openings. */
static bool
blast_cross_real(void *ctx, struct pos p, struct pos q, int s, int a,
    bool reached)
{
	struct blast_real	*r = ctx;
	struct game		*g = r->g;
	const struct map	*m = g->map;
	enum damage_type	 type = r->b->damage.type;

	if (r->b->light) {
		/* Light passes windows, fences, open doors. */
		const struct edge *ed = s < 4 ? map_edge(m, p,
		    blast_sides[s]) : NULL;

		if (reached)
			return false;
		return ed != NULL ? !(ed->kind == EDGE_WALL ||
		    (ed->kind == EDGE_DOOR && !(ed->flags & EDGE_OPENED))) :
		    map_square(m, s == 4 ? q : p)->floor == FLOOR_NONE;
	}
	/* Reached another way: a wall or floor between still takes it. */
	if (s < 4)
		return game_damage_edge(g, p, blast_sides[s], type, a) &&
		    !reached;
	return game_damage_floor(g, s == 4 ? q : p, type, a) && !reached;
}

/* The explosion event: centre, damage, reach; `kind` for what is not a
   plain blast (a flare, smoke, a blow's fire), NULL for one. */
static void
blast_event(struct game *g, const struct blast *b, const char *kind)
{
	const struct damage	*d = &b->damage;
	struct event		*e;
	int			 k = game_splash_step(d), radius;

	radius = k > 0 ? (d->amount - 1) / k : 0;
	if (b->radius > radius)
		radius = b->radius;
	e = event_push(g->ev, EV_EXPLOSION);
	event_pos(e, "at", b->centre);
	if (kind == NULL && b->light)
		kind = "flare";
	else if (kind == NULL && b->smoke_rounds > 3)
		kind = "smoke";
	if (kind != NULL)
		event_str(e, "kind", kind);
	event_int(e, "damage", d->amount);
	event_str(e, "type", damage_type_names[d->type]);
	if (d->he_class > 0)
		event_int(e, "class", d->he_class);
	event_int(e, "radius", radius);
}

/*
 * §7.4, RULINGS 7.4: what an HE or IN impact leaves on a square it
 * reaches: smoke for its rounds and, for IN, fire for 3.
 */
static void
blast_burn(struct game *g, const struct blast *b, size_t idx)
{
	if (g->smoke[idx] < b->smoke_rounds) {
		g->smoke[idx] = (uint8_t)b->smoke_rounds;
		know_changed(g, idx);
	}
	if (b->damage.type == DMG_IN && g->fire[idx] < 3) {
		g->fire[idx] = 3;
		know_changed(g, idx);
	}
}

static void
blast_one(struct game *g, const struct blast *b)
{
	struct pos		 centre = b->centre;
	const struct damage	*d = &b->damage;
	const struct map	*m = g->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	int			*amount;
	struct pos		*queue;
	size_t			 tail, i;
	struct blast_real	 real = { g, b };

	blast_event(g, b, NULL);
	amount = xmalloc(n * sizeof *amount);
	queue = xmalloc(n * sizeof *queue);
	tail = blast_spread(m, b, amount, queue, blast_cross_real, &real);
	if (b->light) {
		/* RULINGS §7.4: a flare lights its area for the battle. */
		for (i = 0; i < tail; i++) {
			g->lit[blast_index(m, queue[i])] = 1;
			know_lit(g, blast_index(m, queue[i]));
		}
		free(queue);
		free(amount);
		game_field_refresh(g);
		return;
	}
	/* Objects, smoke and fire on every square reached. */
	for (i = 0; i < tail; i++) {
		struct pos p = queue[i];
		size_t idx = blast_index(m, p);

		game_damage_object(g, p, d->type, amount[idx]);
		blast_burn(g, b, idx);
	}
	/* Primed grenades caught in it go off in turn (RULINGS §7.3). */
	game_grenades_in_blast(g, amount, d->type);
	/* Each unit once, at its nearest reached square (RULINGS §7.3). */
	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		int best = -1, dx, dy;

		if (u->status == UNIT_DEAD)
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos p = { u->pos.x + dx, u->pos.y + dy,
				    u->pos.z };
				if (map_contains(m, p) &&
				    amount[blast_index(m, p)] > best)
					best = amount[blast_index(m, p)];
			}
		if (best > 0) {
			struct damage hit = *d;

			hit.amount = best;
			game_damage(g, (int)i, -1, centre, &hit);
		}
	}
	/* Then floors that went take their units down (§7.2.4). */
	for (i = 0; i < g->nunits; i++)
		game_settle(g, (int)i);
	free(queue);
	free(amount);
	game_field_refresh(g);
}

void
game_run_explosions(struct game *g)
{
	size_t	i;

	/* Explosions queued while running are appended and run in turn. */
	for (i = 0; i < g->nblasts; i++) {
		struct blast b = g->blasts[i];

		blast_one(g, &b);
	}
	g->nblasts = 0;
	game_check_collapse(g);
	game_field_refresh(g);
	game_vis_update(g, true);
}

/* --- collapse (§7.7, RULINGS §7.7) ----------------------------------------- */

static bool
blast_is_wall(const struct edge *e)
{
	return e->kind != EDGE_OPEN;
}

int
game_building_walls(const struct game *g, size_t bi)
{
	const struct map	*m = g->map;
	const struct building	*b = &m->buildings[bi];
	struct pos		 p;
	int			 walls = 0;

	/* Every edge inside the box or on its border, on every level. */
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = b->y0; p.y <= b->y1; p.y++)
	for (p.x = b->x0; p.x <= b->x1; p.x++) {
		walls += blast_is_wall(map_edge(m, p, DIR_N));
		walls += blast_is_wall(map_edge(m, p, DIR_W));
		if (p.y == b->y1)
			walls += blast_is_wall(map_edge(m, p, DIR_S));
		if (p.x == b->x1)
			walls += blast_is_wall(map_edge(m, p, DIR_E));
	}
	return walls;
}

/*
 * More than half the walls gone: every level above the ground falls.  Units
 * under it take 20 CC to the front for each level that falls on them;
 * units on it fall by the falling rules; what lay up there is lost; the
 * ground becomes rubble.
 */
static void
blast_collapse(struct game *g, size_t bi)
{
	struct map		*m = g->map;
	const struct building	*b = &m->buildings[bi];
	struct event		*e;
	struct pos		 p;
	size_t			 i;

	e = event_push(g->ev, EV_DESTROYED);
	event_str(e, "what", "building");
	event_str(e, "name", b->name);
	event_pos(e, "at", (struct pos){ b->x0, b->y0, 0 });
	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		struct damage crush = { 0, DMG_CC, 0 };
		int levels = 0, z;

		if (u->status == UNIT_DEAD || u->pos.z != 0 ||
		    u->pos.x < b->x0 || u->pos.x > b->x1 ||
		    u->pos.y < b->y0 || u->pos.y > b->y1)
			continue;
		for (z = 1; z < m->levels; z++)
			levels += map_square(m, (struct pos){ u->pos.x,
			    u->pos.y, z })->floor != FLOOR_NONE;
		if (levels == 0)
			continue;
		crush.amount = 20 * levels;
		/* Struck from above and in front (§7.7: "to its front"). */
		game_damage(g, (int)i, -1, (struct pos){ u->pos.x +
		    dir_dx[u->facing], u->pos.y + dir_dy[u->facing], 0 },
		    &crush);
	}
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = b->y0; p.y <= b->y1; p.y++)
	for (p.x = b->x0; p.x <= b->x1; p.x++) {
		struct square *sq = map_square(m, p);

		game_vis_touch(g, p);
		if (p.z == 0) {
			if (sq->floor != FLOOR_DIRT)
				sq->floor = FLOOR_RUBBLE;
			continue;
		}
		sq->floor = FLOOR_NONE;
		sq->object = OBJECT_NONE;
		map_edge(m, p, DIR_N)->kind = EDGE_OPEN;
		map_edge(m, p, DIR_W)->kind = EDGE_OPEN;
		map_edge(m, p, DIR_S)->kind = EDGE_OPEN;
		map_edge(m, p, DIR_E)->kind = EDGE_OPEN;
	}
	/* Equipment up there is lost with the levels. */
	for (i = 0; i < g->nground; ) {
		struct pos q = g->ground[i].pos;

		if (q.z > 0 && q.x >= b->x0 && q.x <= b->x1 && q.y >= b->y0 &&
		    q.y <= b->y1) {
			memmove(&g->ground[i], &g->ground[i + 1],
			    (g->nground - i - 1) * sizeof *g->ground);
			g->nground--;
			continue;
		}
		i++;
	}
	for (i = 0; i < g->nunits; i++)
		game_settle(g, (int)i);
	game_field_refresh(g);
}

void
game_check_collapse(struct game *g)
{
	size_t	i;

	for (i = 0; i < g->map->nbuildings; i++) {
		if (g->collapsed[i] || g->building_walls[i] == 0)
			continue;
		if (2 * (g->building_walls[i] - game_building_walls(g, i)) >
		    g->building_walls[i]) {
			g->collapsed[i] = true;
			blast_collapse(g, i);
		}
	}
}

/* --- a blast's reach, for the client (read only) ------------------------- */

/* Whether the edge or floor would be open once `a` of the damage struck. */
static bool
blast_would_open_edge(const struct blast *b, const struct edge *e, int a)
{
	if (b->light)
		return !(e->kind == EDGE_WALL || (e->kind == EDGE_DOOR &&
		    !(e->flags & EDGE_OPENED)));
	return e->kind == EDGE_OPEN || game_destroys((enum strength)
	    e->strength, b->damage.type, a);
}

static bool
blast_would_open_floor(const struct blast *b, struct pos p, int floor,
    int a)
{
	if (floor == FLOOR_NONE)
		return true;
	if (b->light || (p.z == 0 && floor == FLOOR_DIRT))
		return false;
	/* A level-1 floor destroyed becomes dirt, which still blocks. */
	return p.z > 0 && game_destroys(floor_table[floor].strength,
	    b->damage.type, a);
}

/* A preview: what would pass, nothing damaged. */
struct blast_look {
	const struct map	*m;
	const struct blast	*b;
};

static bool
blast_cross_preview(void *ctx, struct pos p, struct pos q, int s, int a,
    bool reached)
{
	const struct map	*m = ((const struct blast_look *)ctx)->m;
	const struct blast	*b = ((const struct blast_look *)ctx)->b;

	if (reached)
		return false;
	if (s < 4)
		return blast_would_open_edge(b, map_edge(m, p, blast_sides[s]),
		    a);
	if (s == 4)
		return blast_would_open_floor(b, q, map_square(m, q)->floor, a);
	return blast_would_open_floor(b, p, map_square(m, p)->floor, a);
}

/*
 * blast_spread() with every wall and floor of m asked, none damaged: m is
 * the true map, or a side's memory of it for that side's forecast.
 */
void
game_blast_reach(const struct map *m, const struct blast *b, int *amount)
{
	struct pos		*queue;
	struct blast_look	 look = { m, b };

	queue = xmalloc((size_t)m->width * m->height * m->levels *
	    sizeof *queue);
	blast_spread(m, b, amount, queue, blast_cross_preview, &look);
	free(queue);
}

/*
 * §7.4, RULINGS 7.4: an incendiary blow that does not burst (a Silacoid's
 * touch, §6.3) sets fire and smoke as an IN round bursting at `at` would:
 * on every square its splash (k = 20) reaches.  The blow alone strikes its
 * target; IN breaks no wall, floor or object (§7.6), so the reach is the
 * real one.
 */
void
game_ignite(struct game *g, struct pos at, const struct damage *d)
{
	const struct map	*m = g->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i;
	int			*amount;
	struct blast		 b;

	blast_init(&b, at, d);
	blast_event(g, &b, "fire");
	amount = xmalloc(n * sizeof *amount);
	game_blast_reach(g->map, &b, amount);
	for (i = 0; i < n; i++)
		if (amount[i] >= 0)
			blast_burn(g, &b, i);
	free(amount);
	game_field_refresh(g);
}
