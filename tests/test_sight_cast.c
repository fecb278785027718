/*
 * test_sight_cast.c - the kept field of view's sweep of slope intervals
 * (src/engine/sight-cast.c) against the ray walk of sight_fov, which
 * test_sight.c checks against sight_line and an independent reference:
 * the same squares seen for every origin, radius and eye height, on
 * random maps from bare to crowded, so that lines stop on walls, closed
 * doors and solid objects (RULINGS §4) and on their fourth obstruction
 * (§6.1, RULINGS §7.4: units, low objects, smoke, glare) at every count;
 * the list of squares it hands back holds each seen square once; and the
 * box of the squares it read holds every square whose change could
 * change what it sees (the game redoes only fields of view whose box
 * holds a change).  On towns of two to five levels (open air over the
 * ground, buildings of several storeys walled round, their floors with
 * holes and elevators, units and smoke upstairs) the kept field of view's
 * lines to other levels are checked the same way, and sight_map_line
 * against sight_line at every height.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "xtac/field.h"
#include "xtac/rng.h"
#include "xtac/sight.h"

/* How busy a random map is, in percent of squares or edges. */
struct tc_mix {
	uint32_t	obstruct;	/* units, smoke, glare, low objects */
	uint32_t	solid;		/* trees, rocks */
	uint32_t	edges;		/* walls, doors, windows, fences */
};

static const struct tc_mix tc_mixes[] = {
	{ 0, 0, 0 }, { 8, 0, 0 }, { 30, 0, 0 }, { 60, 0, 0 }, { 0, 10, 0 },
	{ 0, 30, 0 }, { 0, 0, 10 }, { 0, 0, 40 }, { 15, 5, 5 },
	{ 40, 3, 12 }, { 3, 3, 3 }, { 70, 10, 25 },
};

static void
tc_edge(struct rng *r, struct edge *e, uint32_t percent)
{
	memset(e, 0, sizeof *e);
	if (rng_below(r, 100) >= percent)
		return;
	switch (rng_below(r, 5)) {
	case 0:
	case 1:
		e->kind = EDGE_WALL;
		break;
	case 2:
		e->kind = EDGE_WINDOW;
		break;
	case 3:
		e->kind = EDGE_FENCE;
		break;
	default:
		e->kind = EDGE_DOOR;
		if (rng_below(r, 2))
			e->flags = EDGE_OPENED;
		break;
	}
}

/* A building's outer edge: a wall, a window or a door, shut or open. */
static void
tc_wall(struct rng *r, struct edge *e)
{
	uint32_t	roll = rng_below(r, 10);

	memset(e, 0, sizeof *e);
	e->kind = roll < 7 ? EDGE_WALL : roll < 9 ? EDGE_WINDOW : EDGE_DOOR;
	if (e->kind == EDGE_DOOR && rng_below(r, 2))
		e->flags = EDGE_OPENED;
}

/* What square p holds, drawn anew. */
static void
tc_square(struct rng *r, struct map *m, struct field *f, struct pos p,
    const struct tc_mix *mix)
{
	static const uint8_t	 flags[] = {
		FIELD_UNIT, FIELD_SMOKE, FIELD_GLARE, FIELD_PRONE, FIELD_FIRE
	};
	struct square		*sq = map_square(m, p);
	uint32_t		 roll = rng_below(r, 100);

	sq->object = OBJECT_NONE;
	*field_at(f, p) = 0;
	if (roll < mix->solid)
		sq->object = (int16_t)map_find_object(m, rng_below(r, 2) ?
		    "tree" : "rock");
	else if (roll < mix->solid + mix->obstruct) {
		if (rng_below(r, 4) == 0)
			sq->object = (int16_t)map_find_object(m, "crate");
		else
			*field_at(f, p) = flags[rng_below(r, 3)];
	} else if (rng_below(r, 20) == 0)
		/* Prone bodies and fire obstruct nothing. */
		*field_at(f, p) = flags[3 + rng_below(r, 2)];
}

static struct map *
tc_map(struct rng *r, struct field *f, int w, int h, int l,
    const struct tc_mix *mix)
{
	struct map	*m = map_new(w, h, l);
	struct pos	 p;
	size_t		 i, nv, nh;

	for (i = 0; i < object_nbuiltins; i++)
		map_add_object(m, &object_builtins[i]);
	field_init(f, m);
	for (p.z = 0; p.z < l; p.z++)
		for (p.y = 0; p.y < h; p.y++)
			for (p.x = 0; p.x < w; p.x++) {
				map_square(m, p)->floor = p.z == 0 ||
				    rng_below(r, 2) ? FLOOR_GRASS : FLOOR_NONE;
				tc_square(r, m, f, p, mix);
			}
	nv = (size_t)(w + 1) * h * l;
	nh = (size_t)w * (h + 1) * l;
	for (i = 0; i < nv; i++)
		tc_edge(r, &m->vedges[i], mix->edges);
	for (i = 0; i < nh; i++)
		tc_edge(r, &m->hedges[i], mix->edges);
	return m;
}

/*
 * The kept field of view from `from` is sight_fov's, square by square,
 * and its list names each seen square once; returns how many it sees.
 */
static size_t
tc_check(struct sight_map *sm, struct pos from, int eye, int radius,
    uint8_t *vis, uint8_t *listed, uint32_t *out, struct sight_reach *reach)
{
	const struct map	*m = sm->field->map;
	size_t			 i, k, n, size, want = 0;
	struct pos		 p;

	size = (size_t)m->width * m->height * m->levels;
	sight_fov(sm->field, from, eye, radius, vis);
	/* Counted only, without a list (a sweep of its own). */
	n = sight_fov_kept(sm, from, eye, radius, NULL);
	i = 0;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++) {
				want += vis[i];
				if (vis[i] != sight_map_visible(sm, p))
					fail_msg("%dx%dx%d map, from %d,%d,%d "
					    "eye %d radius %d, counted: "
					    "%d,%d,%d seen %d, kept %d",
					    m->width, m->height, m->levels,
					    from.x, from.y, from.z, eye,
					    radius, p.x, p.y, p.z, vis[i],
					    sight_map_visible(sm, p));
			}
	assert_int_equal(n, want);
	want = 0;
	n = sight_fov_kept_reach(sm, from, eye, radius, out, reach);
	memset(listed, 0, size);
	for (k = 0; k < n; k++) {
		assert_true(out[k] < size);
		if (listed[out[k]]++ != 0)
			fail_msg("square %u listed twice", out[k]);
	}
	i = 0;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++) {
				want += vis[i];
				if (vis[i] != sight_map_visible(sm, p) ||
				    vis[i] != listed[i])
					fail_msg("%dx%dx%d map, from %d,%d,%d "
					    "eye %d radius %d: %d,%d,%d seen "
					    "%d, kept %d, listed %d",
					    m->width, m->height, m->levels,
					    from.x, from.y, from.z, eye,
					    radius, p.x, p.y, p.z, vis[i],
					    sight_map_visible(sm, p),
					    listed[i]);
			}
	assert_int_equal(n, want);
	return n;
}

/*
 * Same squares as the ray walk: every map size (thin ones too, where the
 * box is cut by the edges), every mix, random origins, radii from 0 to
 * past the map, both eye heights; maps of one level and of two.
 */
static void
test_sight_cast_equals_rays(void **state)
{
	static const int	 sizes[][3] = {
		{ 1, 1, 1 }, { 1, 9, 1 }, { 9, 1, 1 }, { 2, 2, 1 },
		{ 13, 9, 1 }, { 41, 41, 1 }, { 70, 23, 1 }, { 17, 31, 2 },
	};
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct map		*m;
	struct pos		 from;
	uint8_t			*vis, *listed;
	uint32_t		*out;
	size_t			 s, x, size, seen = 0, total = 0;
	int			 k, radius, side;

	(void)state;
	rng_seed(&r, 20261124, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		for (x = 0; x < sizeof tc_mixes / sizeof tc_mixes[0]; x++) {
			m = tc_map(&r, &f, sizes[s][0], sizes[s][1],
			    sizes[s][2], &tc_mixes[x]);
			size = (size_t)m->width * m->height * m->levels;
			vis = malloc(size);
			listed = malloc(size);
			out = malloc(size * sizeof *out);
			sight_map_init(&sm, &f);
			side = m->width > m->height ? m->width : m->height;
			for (k = 0; k < 30; k++) {
				from.x = (int)rng_below(&r,
				    (uint32_t)m->width);
				from.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				from.z = (int)rng_below(&r,
				    (uint32_t)m->levels);
				switch (k % 4) {
				case 0:
					radius = side;
					break;
				case 1:
					radius = side + 7;
					break;
				default:
					radius = (int)rng_below(&r,
					    (uint32_t)side + 1);
					break;
				}
				seen += tc_check(&sm, from, k % 3 ?
				    SIGHT_EYE_STANDING : SIGHT_EYE_KNEELING,
				    radius, vis, listed, out, NULL);
				total += size;
			}
			sight_map_free(&sm);
			free(out);
			free(listed);
			free(vis);
			field_free(&f);
			map_free(m);
		}
	/* Neither blind nor glass. */
	assert_true(seen > total / 20);
	assert_true(seen < total / 2);
}

/*
 * Every radius from 1 to past the map, so that the number of slopes
 * falls on every place in its last 64-bit word, on ground strewn with
 * rocks and trees (a few units, walls and windows among them) like the
 * bench's: lines split into many runs around the shadows, rows busy only
 * below or above, a column's first run kept from the last.
 */
static void
test_sight_cast_radii(void **state)
{
	static const struct tc_mix	 mixes[] = {
		{ 0, 10, 0 }, { 4, 12, 3 }, { 0, 25, 0 },
	};
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct map		*m;
	struct pos		 from;
	uint8_t			*vis, *listed;
	uint32_t		*out;
	size_t			 x, size;
	int			 radius, k;

	(void)state;
	rng_seed(&r, 20261125, RNG_STREAM_RULES);
	for (x = 0; x < sizeof mixes / sizeof mixes[0]; x++) {
		m = tc_map(&r, &f, 61, 57, 1, &mixes[x]);
		size = (size_t)m->width * m->height;
		vis = malloc(size);
		listed = malloc(size);
		out = malloc(size * sizeof *out);
		sight_map_init(&sm, &f);
		for (radius = 1; radius <= 70; radius++)
			for (k = 0; k < 3; k++) {
				from.x = (int)rng_below(&r,
				    (uint32_t)m->width);
				from.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				from.z = 0;
				tc_check(&sm, from, k == 2 ?
				    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING,
				    radius, vis, listed, out, NULL);
			}
		sight_map_free(&sm);
		free(out);
		free(listed);
		free(vis);
		field_free(&f);
		map_free(m);
	}
}

/*
 * A town of several levels: open air above the ground but for buildings
 * of one storey or more, walled round with windows and doors, whose upper
 * floors have holes and elevators; what squares hold drawn from mix on
 * every level (units and smoke upstairs too).
 */
static struct map *
tc_town(struct rng *r, struct field *f, int w, int h, int l,
    const struct tc_mix *mix)
{
	struct map	*m = tc_map(r, f, w, h, l, mix);
	struct pos	 p;
	struct edge	*e;
	int		 b, x0, y0, bw, bh, storeys;
	uint32_t	 roll;

	/* Above the ground, open air with no walls, as most towns have. */
	for (p.z = 1; p.z < l; p.z++)
		for (p.y = 0; p.y < h; p.y++)
			for (p.x = 0; p.x < w; p.x++) {
				map_square(m, p)->floor = FLOOR_NONE;
				memset(map_edge(m, p, DIR_W), 0, sizeof *e);
				memset(map_edge(m, p, DIR_N), 0, sizeof *e);
				memset(map_edge(m, p, DIR_E), 0, sizeof *e);
				memset(map_edge(m, p, DIR_S), 0, sizeof *e);
			}
	for (b = 0; b < w * h / 40 + 1; b++) {
		bw = 2 + (int)rng_below(r, 6);
		bh = 2 + (int)rng_below(r, 6);
		x0 = (int)rng_below(r, (uint32_t)w);
		y0 = (int)rng_below(r, (uint32_t)h);
		storeys = 1 + (int)rng_below(r, (uint32_t)l);
		for (p.z = 0; p.z < storeys && p.z < l; p.z++)
			for (p.y = y0; p.y < y0 + bh && p.y < h; p.y++)
				for (p.x = x0; p.x < x0 + bw && p.x < w;
				    p.x++) {
					roll = rng_below(r, 100);
					map_square(m, p)->floor = p.z == 0 ?
					    FLOOR_BUILDING : roll < 10 ?
					    FLOOR_NONE : roll < 15 ?
					    FLOOR_ELEVATOR : FLOOR_BUILDING;
					if (p.y == y0)
						tc_wall(r, map_edge(m, p,
						    DIR_N));
					if (p.y == y0 + bh - 1)
						tc_wall(r, map_edge(m, p,
						    DIR_S));
					if (p.x == x0)
						tc_wall(r, map_edge(m, p,
						    DIR_W));
					if (p.x == x0 + bw - 1)
						tc_wall(r, map_edge(m, p,
						    DIR_E));
				}
	}
	return m;
}

/*
 * Fields of view on towns of several levels, from every level, with every
 * eye height and radius, past the edges too: the kept field of view is
 * sight_fov's square by square (its lines to other levels are sight_fast's
 * walk, which test_sight.c checks against sight_line); and sight_map_line
 * is sight_line between random squares, at random heights.  The squares
 * of other levels are listed a level at a time, row by row.
 */
static void
test_sight_cast_levels(void **state)
{
	static const int	 sizes[][3] = {
		{ 12, 9, 2 }, { 25, 19, 3 }, { 31, 33, 4 }, { 40, 24, 5 },
		{ 1, 14, 3 }, { 60, 60, 4 },
	};
	static const size_t	 mixes[] = { 0, 1, 2, 4, 8, 9, 10, 11 };
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct sight_result	 res;
	struct map		*m;
	struct pos		 from, to;
	uint8_t			*vis, *listed;
	uint32_t		*out;
	size_t			 s, x, size, seen = 0, up = 0, total = 0, i, n;
	uint32_t		 last;
	int			 k, radius, side, eye, target;

	(void)state;
	rng_seed(&r, 20261126, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		for (x = 0; x < sizeof mixes / sizeof mixes[0]; x++) {
			m = tc_town(&r, &f, sizes[s][0], sizes[s][1],
			    sizes[s][2], &tc_mixes[mixes[x]]);
			size = (size_t)m->width * m->height * m->levels;
			vis = malloc(size);
			listed = malloc(size);
			out = malloc(size * sizeof *out);
			sight_map_init(&sm, &f);
			side = m->width > m->height ? m->width : m->height;
			for (k = 0; k < 16; k++) {
				from.x = (int)rng_below(&r,
				    (uint32_t)m->width);
				from.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				from.z = (int)rng_below(&r,
				    (uint32_t)m->levels);
				radius = k % 3 == 0 ? side + 3 :
				    (int)rng_below(&r, (uint32_t)side + 1);
				eye = k % 4 == 0 ? 1 + (int)rng_below(&r, 9) :
				    k % 2 ? SIGHT_EYE_STANDING :
				    SIGHT_EYE_KNEELING;
				n = tc_check(&sm, from, eye, radius, vis,
				    listed, out, NULL);
				seen += n;
				total += size;
				/*
				 * Other levels' squares listed as a level at
				 * a time, row by row, would list them: what
				 * the game keeps (the in-sight lists) follows
				 * this order.
				 */
				for (i = 0, last = 0; i < n; i++) {
					if (out[i] / (uint32_t)(m->width *
					    m->height) == (uint32_t)from.z)
						continue;
					if (last != 0 && out[i] <= last - 1)
						fail_msg("from %d,%d,%d eye %d: "
						    "%u listed after %u",
						    from.x, from.y, from.z, eye,
						    out[i], last - 1);
					last = out[i] + 1;
				}
				for (to.z = 0; to.z < m->levels; to.z++)
					for (to.y = 0; to.y < m->height;
					    to.y++)
						for (to.x = 0; to.x < m->width;
						    to.x++)
							up += to.z != from.z &&
							    sight_map_visible(
							    &sm, to);
			}
			for (k = 0; k < 400; k++) {
				from.x = (int)rng_below(&r,
				    (uint32_t)m->width);
				from.y = (int)rng_below(&r,
				    (uint32_t)m->height);
				from.z = (int)rng_below(&r,
				    (uint32_t)m->levels);
				to.x = (int)rng_below(&r, (uint32_t)m->width);
				to.y = (int)rng_below(&r, (uint32_t)m->height);
				to.z = (int)rng_below(&r, (uint32_t)m->levels);
				eye = 1 + (int)rng_below(&r, 9);
				target = 1 + (int)rng_below(&r, 9);
				if (sight_map_line(&sm, from, eye, to, target) !=
				    sight_line(&f, from, eye, to, target, &res))
					fail_msg("line %d,%d,%d eye %d to "
					    "%d,%d,%d at %d: kept %d, "
					    "sight_line %d", from.x, from.y,
					    from.z, eye, to.x, to.y, to.z,
					    target, !res.visible, res.visible);
			}
			sight_map_free(&sm);
			free(out);
			free(listed);
			free(vis);
			field_free(&f);
			map_free(m);
		}
	/* Neither blind nor glass, and other levels seen too. */
	assert_true(seen > total / 50);
	assert_true(seen < total / 2);
	assert_true(up > seen / 10);
}

/*
 * A square of the map just outside the box (two squares off a side), or
 * anywhere, half the time each.
 */
static void
tc_near(struct rng *r, const struct map *m, const struct sight_reach *b,
    struct pos *p)
{
	p->z = 0;
	p->x = (int)rng_below(r, (uint32_t)m->width);
	p->y = (int)rng_below(r, (uint32_t)m->height);
	switch (rng_below(r, 8)) {
	case 0:
		p->x = b->lo[0] - 2;
		break;
	case 1:
		p->x = b->hi[0] + 2;
		break;
	case 2:
		p->y = b->lo[1] - 2;
		break;
	case 3:
		p->y = b->hi[1] + 2;
		break;
	default:
		return;
	}
	if (!map_contains(m, *p))
		p->x = p->y = 0;
}

/*
 * The box of what a field of view read, on maps of one level: changing
 * any square more than one square outside it (a square's bits hold its
 * edges, which its neighbours share) changes nothing it sees, whatever
 * the change: an object, a unit or smoke put in or taken out, walls
 * built or knocked down round it.  Each change is reported as the game
 * does (sight_map_touch, both squares beside an edge).
 */
static void
test_sight_cast_reach(void **state)
{
	static const size_t	 mixes[] = { 1, 2, 5, 8, 9, 11 };
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct sight_reach	 reach, again;
	struct map		*m;
	struct pos		 from, p, q;
	enum dir		 d;
	uint8_t			*vis, *listed, *before;
	uint32_t		*out;
	size_t			 s, size;
	int			 k, c, radius, outside = 0, tried = 0;

	(void)state;
	rng_seed(&r, 20261125, RNG_STREAM_RULES);
	for (s = 0; s < sizeof mixes / sizeof mixes[0]; s++) {
		m = tc_map(&r, &f, 45, 38, 1, &tc_mixes[mixes[s]]);
		size = (size_t)m->width * m->height;
		vis = malloc(size);
		listed = malloc(size);
		before = malloc(size);
		out = malloc(size * sizeof *out);
		sight_map_init(&sm, &f);
		for (k = 0; k < 40; k++) {
			from.x = (int)rng_below(&r, (uint32_t)m->width);
			from.y = (int)rng_below(&r, (uint32_t)m->height);
			from.z = 0;
			radius = k % 2 ? 45 : 5 + (int)rng_below(&r, 20);
			tc_check(&sm, from, SIGHT_EYE_STANDING, radius, vis,
			    listed, out, &reach);
			memcpy(before, vis, size);
			for (c = 0; c < 20; c++) {
				tc_near(&r, m, &reach, &p);
				tried++;
				if (p.x >= reach.lo[0] - 1 &&
				    p.x <= reach.hi[0] + 1 &&
				    p.y >= reach.lo[1] - 1 &&
				    p.y <= reach.hi[1] + 1)
					continue;
				outside++;
				/* Its content, or its west or north edge. */
				switch (rng_below(&r, 2)) {
				case 0:
					/* Cleared, most often: lines go on. */
					tc_square(&r, m, &f, p, &tc_mixes[
					    rng_below(&r, 3) ? 0 : 11]);
					sight_map_touch(&sm, p);
					break;
				default:
					/* Both squares beside it outside. */
					d = rng_below(&r, 2) ? DIR_W : DIR_N;
					q = d == DIR_W ? (struct pos){ p.x - 1,
					    p.y, 0 } : (struct pos){ p.x,
					    p.y - 1, 0 };
					if (q.x >= reach.lo[0] - 1 &&
					    q.x <= reach.hi[0] + 1 &&
					    q.y >= reach.lo[1] - 1 &&
					    q.y <= reach.hi[1] + 1)
						break;
					tc_edge(&r, map_edge(m, p, d),
					    rng_below(&r, 3) ? 0 : 100);
					sight_map_touch(&sm, p);
					sight_map_touch(&sm, q);
					break;
				}
			}
			tc_check(&sm, from, SIGHT_EYE_STANDING, radius, vis,
			    listed, out, &again);
			if (memcmp(before, vis, size) != 0)
				fail_msg("from %d,%d radius %d: a change "
				    "outside %d,%d..%d,%d changed the view",
				    from.x, from.y, radius, reach.lo[0],
				    reach.lo[1], reach.hi[0], reach.hi[1]);
		}
		sight_map_free(&sm);
		free(out);
		free(before);
		free(listed);
		free(vis);
		field_free(&f);
		map_free(m);
	}
	/* Most boxes leave room outside them. */
	assert_true(outside > tried / 4);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sight_cast_equals_rays),
		cmocka_unit_test(test_sight_cast_radii),
		cmocka_unit_test(test_sight_cast_reach),
		cmocka_unit_test(test_sight_cast_levels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
