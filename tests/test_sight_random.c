/*
 * test_sight_random.c - lines of sight and fields of view (sight.h) on
 * random maps: sight_line against an exact reference written here
 * independently, and symmetric where the rules make it so; sight_fov
 * against sight_line square by square; the kept field of view
 * (sight_fov_kept) and its redo after a change against a fresh one.
 * test_sight.c has the rules case by case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "xtac/field.h"
#include "xtac/rng.h"
#include "xtac/sight.h"

#define STAND	SIGHT_EYE_STANDING
#define KNEEL	SIGHT_EYE_KNEELING
#define CENTRE	SIGHT_CENTRE

static struct pos
P(int x, int y, int z)
{
	return (struct pos){ x, y, z };
}


static void
test_sight_random_edge(struct rng *r, struct edge *e, uint32_t scale)
{
	uint32_t	roll = rng_below(r, 100 * scale);

	memset(e, 0, sizeof *e);
	if (roll < 10)
		e->kind = EDGE_WALL;
	else if (roll < 14)
		e->kind = EDGE_WINDOW;
	else if (roll < 17)
		e->kind = EDGE_FENCE;
	else if (roll < 22) {
		e->kind = EDGE_DOOR;
		if (rng_below(r, 2))
			e->flags = EDGE_OPENED;
	}
}

/*
 * A seeded jumble of everything sight looks at: walls, windows, fences,
 * doors open and shut, trees and crates, upper floors of building, elevator
 * and open air, units standing and prone, smoke, glare and fire.  With
 * `scale` above 1 things are that many times rarer (sight_fov leaps over
 * open ground: it must be exercised too).
 */
static struct map *
test_sight_random_map(struct rng *r, struct field *f, int w, int h, int l,
    uint32_t scale)
{
	struct map	*m = map_new(w, h, l);
	struct pos	 p;
	size_t		 i, nv, nh;
	int		 tree, crate;
	uint32_t	 roll;

	for (i = 0; i < object_nbuiltins; i++)
		map_add_object(m, &object_builtins[i]);
	tree = map_find_object(m, "tree");
	crate = map_find_object(m, "crate");
	field_init(f, m);
	for (p.z = 0; p.z < l; p.z++)
		for (p.y = 0; p.y < h; p.y++)
			for (p.x = 0; p.x < w; p.x++) {
				struct square *sq = map_square(m, p);
				uint8_t *fl = field_at(f, p);

				roll = rng_below(r, 100);
				if (p.z == 0)
					sq->floor = FLOOR_GRASS;
				else
					sq->floor = roll < 50 ? FLOOR_NONE :
					    roll < 85 ? FLOOR_BUILDING :
					    FLOOR_ELEVATOR;
				roll = rng_below(r, 100 * scale);
				if (roll < 7)
					sq->object = (int16_t)tree;
				else if (roll < 12)
					sq->object = (int16_t)crate;
				roll = rng_below(r, 100 * scale);
				if (roll < 6)
					*fl = FIELD_UNIT;
				else if (roll < 9)
					*fl = FIELD_SMOKE;
				else if (roll < 10)
					*fl = FIELD_GLARE;
				else if (roll < 12)
					*fl = FIELD_PRONE;
				else if (roll < 14)
					*fl = FIELD_FIRE;
			}
	nv = (size_t)(w + 1) * h * l;
	nh = (size_t)w * (h + 1) * l;
	for (i = 0; i < nv; i++)
		test_sight_random_edge(r, &m->vedges[i], scale);
	for (i = 0; i < nh; i++)
		test_sight_random_edge(r, &m->hedges[i], scale);
	return m;
}

static int
test_sight_cheb(struct pos a, struct pos b)
{
	int	d = abs(a.x - b.x), e = abs(a.y - b.y), g = abs(a.z - b.z);

	if (e > d)
		d = e;
	return g > d ? g : d;
}

/* sight_fov must be exactly sight_line for every square of the map. */
static void
test_sight_fov_matches(const struct field *f, struct pos from, int eye,
    int radius, uint8_t *vis)
{
	const struct map	*m = f->map;
	struct sight_result	 r;
	struct pos		 p;
	size_t			 i = 0;
	int			 want;

	sight_fov(f, from, eye, radius, vis);
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++) {
				want = test_sight_cheb(from, p) <= radius &&
				    sight_line(f, from, eye, p, SIGHT_CENTRE,
				    &r);
				if (vis[i] != want)
					fail_msg("fov from %d,%d,%d eye %d "
					    "radius %d: %d,%d,%d is %d, line "
					    "says %d", from.x, from.y, from.z,
					    eye, radius, p.x, p.y, p.z, vis[i],
					    want);
			}
}

static void
test_sight_fov_equals_line(void **state)
{
	static const struct {
		int		w, h, l;
		uint32_t	scale;
	} sizes[] = {
		{ 23, 17, 1, 1 }, { 40, 40, 1, 1 }, { 19, 21, 3, 1 },
		{ 12, 9, 4, 1 }, { 60, 50, 1, 20 }, { 45, 45, 2, 60 },
		{ 70, 70, 1, 200 },
	};
	static const int	radii[] = { 0, 1, 4, 9, 20, 60 };
	struct rng		r;
	struct field		f;
	struct map		*m;
	struct pos		from;
	uint8_t			*vis;
	size_t			 s;
	int			 k, n, seen = 0, hidden = 0;

	(void)state;
	rng_seed(&r, 20240611, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		m = test_sight_random_map(&r, &f, sizes[s].w, sizes[s].h,
		    sizes[s].l, sizes[s].scale);
		vis = malloc((size_t)m->width * m->height * m->levels);
		for (k = 0; k < 24; k++) {
			from.x = (int)rng_below(&r, (uint32_t)m->width);
			from.y = (int)rng_below(&r, (uint32_t)m->height);
			from.z = (int)rng_below(&r, (uint32_t)m->levels);
			test_sight_fov_matches(&f, from,
			    k / 6 % 2 ? STAND : KNEEL, radii[k % 6], vis);
			for (n = 0; n < m->width * m->height * m->levels; n++)
				*(vis[n] ? &seen : &hidden) += 1;
		}
		free(vis);
		field_free(&f);
		map_free(m);
	}
	/* The maps are neither blind nor glass. */
	assert_true(seen > 1000);
	assert_true(hidden > 1000);
}

/*
 * Lines to other levels: every field of view must still give each square
 * exactly sight_line's answer.  Maps of many levels with open air between
 * them, so that lines travel far above and below; every eye height, so
 * that floor planes are met at every fraction of the way, and crossed at
 * the same moment as an x or y plane (kneeling: half way up one level) or
 * both; radii up to the whole map.  sight_fov (test_sight_fov_matches) and
 * sight_fov_kept (its marks) are both checked.
 */
#define TEST_SIGHT_LEVELS_VIEWERS	60

static void
test_sight_levels_equal_line(void **state)
{
	static const struct {
		int		w, h, l;
		uint32_t	scale;
	} sizes[] = {
		{ 16, 14, 4, 1 }, { 25, 25, 3, 4 }, { 30, 22, 5, 20 },
		{ 12, 12, 8, 3 }, { 40, 9, 2, 60 },
	};
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct map		*m;
	struct pos		 from, p;
	uint8_t			*vis;
	size_t			 s, i;
	int			 k, eye, radius, seen = 0, hidden = 0;

	(void)state;
	rng_seed(&r, 20261124, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		m = test_sight_random_map(&r, &f, sizes[s].w, sizes[s].h,
		    sizes[s].l, sizes[s].scale);
		vis = malloc((size_t)m->width * m->height * m->levels);
		sight_map_init(&sm, &f);
		for (k = 0; k < TEST_SIGHT_LEVELS_VIEWERS; k++) {
			from.x = (int)rng_below(&r, (uint32_t)m->width);
			from.y = (int)rng_below(&r, (uint32_t)m->height);
			from.z = (int)rng_below(&r, (uint32_t)m->levels);
			eye = 1 + (int)rng_below(&r, 9);
			radius = k % 3 == 0 ? sizes[s].w + sizes[s].h :
			    (int)rng_below(&r, (uint32_t)sizes[s].w);
			test_sight_fov_matches(&f, from, eye, radius, vis);
			sight_fov_kept(&sm, from, eye, radius, NULL);
			i = 0;
			for (p.z = 0; p.z < m->levels; p.z++)
				for (p.y = 0; p.y < m->height; p.y++)
					for (p.x = 0; p.x < m->width;
					    p.x++, i++) {
						assert_int_equal(vis[i],
						    sight_map_visible(&sm, p));
						if (p.z == from.z)
							continue;
						*(vis[i] ? &seen : &hidden) +=
						    1;
					}
		}
		sight_map_free(&sm);
		free(vis);
		field_free(&f);
		map_free(m);
	}
	/* Lines to other levels both reach and are stopped. */
	assert_true(seen > 2000);
	assert_true(hidden > 2000);
}

/*
 * Kept bits (struct sight_map): sight_fov_kept sees exactly what sight_fov
 * does, and sight_map_line what sight_line does, on the same random maps;
 * and so again after random changes (units, smoke, objects, doors, walls,
 * floors), each reported by touching its squares as the game does.
 */
static void
test_sight_kept_check(struct sight_map *sm, struct rng *r, uint8_t *vis,
    uint32_t *out)
{
	const struct field	*f = sm->field;
	const struct map	*m = f->map;
	struct sight_result	 res;
	struct pos		 from, p;
	size_t			 i, n, k, want;
	int			 radius, eye;

	from.x = (int)rng_below(r, (uint32_t)m->width);
	from.y = (int)rng_below(r, (uint32_t)m->height);
	from.z = (int)rng_below(r, (uint32_t)m->levels);
	radius = (int)rng_below(r, 30);
	eye = rng_below(r, 2) ? STAND : KNEEL;
	sight_fov(f, from, eye, radius, vis);
	n = sight_fov_kept(sm, from, eye, radius, out);
	want = 0;
	i = 0;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++, i++) {
				want += vis[i];
				if (vis[i] != sight_map_visible(sm, p))
					fail_msg("kept fov from %d,%d,%d "
					    "radius %d: %d,%d,%d is %d, fov "
					    "says %d", from.x, from.y, from.z,
					    radius, p.x, p.y, p.z,
					    sight_map_visible(sm, p), vis[i]);
			}
	assert_int_equal(n, want);
	for (k = 0; k < n; k++)
		assert_true(vis[out[k]]);
	for (k = 0; k < 40; k++) {
		p.x = (int)rng_below(r, (uint32_t)m->width);
		p.y = (int)rng_below(r, (uint32_t)m->height);
		p.z = (int)rng_below(r, (uint32_t)m->levels);
		assert_int_equal(sight_map_line(sm, from, eye, p,
		    SIGHT_CENTRE), sight_line(f, from, eye, p, SIGHT_CENTRE,
		    &res));
	}
}

/* One random change at a random square, touched as the game would. */
static void
test_sight_kept_change(struct sight_map *sm, struct field *f, struct rng *r)
{
	struct map	*m = (struct map *)f->map;
	struct pos	 p;
	struct edge	*e;
	enum dir	 side;

	p.x = (int)rng_below(r, (uint32_t)m->width);
	p.y = (int)rng_below(r, (uint32_t)m->height);
	p.z = (int)rng_below(r, (uint32_t)m->levels);
	switch (rng_below(r, 5)) {
	case 0:
		*field_at(f, p) ^= FIELD_UNIT;
		break;
	case 1:
		*field_at(f, p) ^= FIELD_SMOKE;
		break;
	case 2:
		map_square(m, p)->object = map_square(m, p)->object ==
		    OBJECT_NONE ? (int16_t)map_find_object(m, "tree") :
		    OBJECT_NONE;
		break;
	case 3:
		map_square(m, p)->floor = map_square(m, p)->floor ==
		    FLOOR_NONE ? FLOOR_BUILDING : FLOOR_NONE;
		break;
	default:
		side = (enum dir)(2 * rng_below(r, 4));
		e = map_edge(m, p, side);
		if (e->kind == EDGE_DOOR)
			e->flags ^= EDGE_OPENED;
		else
			e->kind = e->kind == EDGE_WALL ? EDGE_OPEN : EDGE_WALL;
		sight_map_touch(sm, (struct pos){ p.x + dir_dx[side],
		    p.y + dir_dy[side], p.z });
		break;
	}
	sight_map_touch(sm, p);
}

static void
test_sight_kept(void **state)
{
	static const struct {
		int		w, h, l;
		uint32_t	scale;
	} sizes[] = {
		{ 23, 17, 1, 1 }, { 19, 21, 3, 1 }, { 60, 50, 1, 20 },
		{ 45, 45, 2, 60 }, { 70, 70, 1, 200 },
	};
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct map		*m;
	uint8_t			*vis;
	uint32_t		*out;
	size_t			 s, n;
	int			 k, c;

	(void)state;
	rng_seed(&r, 20261124, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		m = test_sight_random_map(&r, &f, sizes[s].w, sizes[s].h,
		    sizes[s].l, sizes[s].scale);
		n = (size_t)m->width * m->height * m->levels;
		vis = malloc(n);
		out = malloc(n * sizeof *out);
		sight_map_init(&sm, &f);
		for (k = 0; k < 30; k++) {
			test_sight_kept_check(&sm, &r, vis, out);
			/* One change, a few, or more than are kept apart. */
			for (c = k % 3 == 2 ? 70 : k % 3 * 3 + 1; c > 0; c--)
				test_sight_kept_change(&sm, &f, &r);
		}
		sight_map_free(&sm);
		free(out);
		free(vis);
		field_free(&f);
		map_free(m);
	}
}

/*
 * sight_fov_kept_redo: a kept field of view brought up to date after one
 * random change, of one square or of a box of them as a step or a blast
 * makes, must be the fresh one, square by square.  Changes of what is in
 * a square (units, smoke, objects) are redone over the squares alone
 * (edges false), of a wall or door over its neighbours too, and so of a
 * floor made or broken (which may open levels the lines did not reach).
 * The box the field of view keeps must hold the fresh one's.  Maps of
 * several levels, every eye height.
 */
/* A kept field of view as a redo's caller holds it: bytes and bits. */
struct test_kept {
	uint8_t		*kept;
	uint64_t	*bits;
};

static void
test_sight_redo_set(void *ctx, uint32_t i, bool seen)
{
	struct test_kept	*k = ctx;

	/* Only what changed is reported, and only once. */
	if (k->kept[i] == seen)
		fail_msg("square %u reported as it was (%d)", i, seen);
	k->kept[i] = seen;
	k->bits[i / 64] ^= (uint64_t)1 << (i % 64);
}

/* A fresh field of view's squares, into kept's bytes and bits. */
static void
test_kept_fill(struct test_kept *k, size_t cells, const uint32_t *out,
    size_t n)
{
	size_t	i;

	memset(k->kept, 0, cells);
	memset(k->bits, 0, (cells + 63) / 64 * sizeof *k->bits);
	for (i = 0; i < n; i++) {
		k->kept[out[i]] = 1;
		k->bits[out[i] / 64] |= (uint64_t)1 << (out[i] % 64);
	}
}

/*
 * A random change of square p: a unit or smoke there or not, a crate, a
 * floor broken or made, a wall on one of its edges; whether an edge or a
 * floor changed.
 */
static bool
test_sight_change(struct sight_map *sm, struct map *m, struct field *f,
    struct rng *r, struct pos p)
{
	struct edge	*e;
	enum dir	 side;
	bool		 edges = false;

	switch (rng_below(r, 5)) {
	case 0:
		*field_at(f, p) ^= FIELD_UNIT;
		break;
	case 1:
		*field_at(f, p) ^= FIELD_SMOKE;
		break;
	case 2:
		map_square(m, p)->object = map_square(m, p)->object ==
		    OBJECT_NONE ? (int16_t)map_find_object(m, "crate") :
		    OBJECT_NONE;
		break;
	case 3:
		/* A blast's hole, or a floor again. */
		map_square(m, p)->floor = map_square(m, p)->floor ==
		    FLOOR_NONE ? FLOOR_GRASS : FLOOR_NONE;
		edges = true;
		break;
	default:
		side = (enum dir)(2 * rng_below(r, 4));
		e = map_edge(m, p, side);
		e->kind = e->kind == EDGE_WALL ? EDGE_OPEN : EDGE_WALL;
		sight_map_touch(sm, (struct pos){ p.x + dir_dx[side],
		    p.y + dir_dy[side], p.z });
		edges = true;
		break;
	}
	sight_map_touch(sm, p);
	return edges;
}

static void
test_sight_redo(void **state)
{
	static const struct {
		int		w, h, l;
		uint32_t	scale;
		bool		roofed;	/* every floor whole at first */
	} sizes[] = {
		{ 18, 15, 3, 1, false }, { 24, 20, 4, 6, false },
		{ 30, 30, 1, 3, false }, { 16, 14, 3, 2, true },
	};
	struct rng		 r;
	struct field		 f;
	struct sight_map	 sm;
	struct sight_reach	 reach, at, fresh;
	struct map		*m;
	struct pos		 from, p;
	uint8_t			*vis, *kept;
	struct test_kept	 tk;
	uint32_t		*out;
	size_t			 s, i, n, cells;
	int			 k, c, a, eye, radius, redone = 0;
	bool			 edges, seen_edges;

	(void)state;
	rng_seed(&r, 4242, RNG_STREAM_RULES);
	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		m = test_sight_random_map(&r, &f, sizes[s].w, sizes[s].h,
		    sizes[s].l, sizes[s].scale);
		cells = (size_t)m->width * m->height * m->levels;
		/* Closed levels: a floor broken opens them to the lines. */
		for (i = (size_t)m->width * m->height; sizes[s].roofed &&
		    i < cells; i++)
			m->squares[i].floor = FLOOR_BUILDING;
		vis = malloc(cells);
		kept = malloc(cells);
		tk.kept = kept;
		tk.bits = malloc((cells + 63) / 64 * sizeof *tk.bits);
		out = malloc(cells * sizeof *out);
		sight_map_init(&sm, &f);
		/* A new map: everything has changed once. */
		assert_true(sight_map_edges(&sm));
		for (k = 0; k < 40; k++) {
			from.x = (int)rng_below(&r, (uint32_t)m->width);
			from.y = (int)rng_below(&r, (uint32_t)m->height);
			from.z = (int)rng_below(&r, (uint32_t)m->levels);
			eye = 1 + (int)rng_below(&r, 9);
			radius = k % 2 ? m->width : 4 + (int)rng_below(&r, 12);
			n = sight_fov_kept_reach(&sm, from, eye, radius, out,
			    &reach);
			test_kept_fill(&tk, cells, out, n);
			for (c = 0; c < 12; c++) {
				/*
				 * One square, or a box of them as a step (two
				 * squares) or a blast (up to 3x3, two levels)
				 * changes.
				 */
				at.lo[0] = (int)rng_below(&r,
				    (uint32_t)m->width);
				at.lo[1] = (int)rng_below(&r,
				    (uint32_t)m->height);
				at.lo[2] = (int)rng_below(&r,
				    (uint32_t)m->levels);
				for (a = 0; a < 3; a++)
					at.hi[a] = at.lo[a] + (c % 3 == 0 ? 0 :
					    (int)rng_below(&r, a < 2 ? 3 : 2));
				at.hi[0] = at.hi[0] < m->width ? at.hi[0] :
				    m->width - 1;
				at.hi[1] = at.hi[1] < m->height ? at.hi[1] :
				    m->height - 1;
				at.hi[2] = at.hi[2] < m->levels ? at.hi[2] :
				    m->levels - 1;
				edges = false;
				for (p.z = at.lo[2]; p.z <= at.hi[2]; p.z++)
					for (p.y = at.lo[1]; p.y <= at.hi[1];
					    p.y++)
						for (p.x = at.lo[0];
						    p.x <= at.hi[0]; p.x++)
							edges |=
							    test_sight_change(
							    &sm, m, &f, &r, p);
				p = (struct pos){ at.lo[0], at.lo[1], at.lo[2] };
				/* As the game asks: did any edge change? */
				seen_edges = sight_map_edges(&sm);
				if (!edges)
					assert_false(seen_edges);
				if (sight_fov_kept_redo(&sm, from, eye, radius,
				    &at, seen_edges || edges, &reach, tk.bits,
				    test_sight_redo_set, &tk)) {
					redone++;
					sight_fov_kept_reach(&sm, from, eye,
					    radius, out, &fresh);
					for (a = 0; a < 3; a++)
						if (reach.lo[a] > fresh.lo[a] ||
						    reach.hi[a] < fresh.hi[a])
							fail_msg("redo from "
							    "%d,%d,%d: reach "
							    "axis %d %d..%d, "
							    "fresh %d..%d",
							    from.x, from.y,
							    from.z, a,
							    reach.lo[a],
							    reach.hi[a],
							    fresh.lo[a],
							    fresh.hi[a]);
				}
				else {
					n = sight_fov_kept_reach(&sm, from, eye,
					    radius, out, &reach);
					test_kept_fill(&tk, cells, out, n);
				}
				sight_fov(&f, from, eye, radius, vis);
				for (i = 0; i < cells; i++)
					if (vis[i] != kept[i])
						fail_msg("redo from %d,%d,%d eye "
						    "%d radius %d, change at "
						    "%d,%d,%d (edges %d): square "
						    "%zu is %d, fresh %d", from.x,
						    from.y, from.z, eye, radius,
						    p.x, p.y, p.z, edges, i,
						    kept[i], vis[i]);
			}
		}
		sight_map_free(&sm);
		free(out);
		free(kept);
		free(tk.bits);
		free(vis);
		field_free(&f);
		map_free(m);
	}
	assert_true(redone > 500);
}

/* An open map: fov reaches the radius box and no further. */
static void
test_sight_fov_open(void **state)
{
	struct field	 f;
	struct map	*m = map_new(30, 30, 2);
	struct pos	 p;
	uint8_t		*vis = malloc(30 * 30 * 2);
	int		 n = 0;

	(void)state;
	field_init(&f, m);
	for (p.y = 0; p.y < 30; p.y++)
		for (p.x = 0; p.x < 30; p.x++)
			map_square(m, (struct pos){ p.x, p.y, 0 })->floor =
			    FLOOR_GRASS;
	sight_fov(&f, (struct pos){ 3, 4, 0 }, STAND, 5, vis);
	for (p.z = 0; p.z < 2; p.z++)
		for (p.y = 0; p.y < 30; p.y++)
			for (p.x = 0; p.x < 30; p.x++)
				n += vis[(p.z * 30 + p.y) * 30 + p.x];
	/* x 0..8, y 0..9, both levels (level 2 is open air). */
	assert_int_equal(n, 9 * 10 * 2);
	test_sight_fov_matches(&f, (struct pos){ 29, 0, 1 }, KNEEL, 100, vis);
	free(vis);
	field_free(&f);
	map_free(m);
}

/*
 * An independent reference for sight_line, written the slow, plain way:
 * list every plane the segment crosses with its time t = num / den (both
 * in tenths, den > 0), sort them exactly by cross-multiplying, and take
 * the ties together, trying every order (sight-line.c's corner rule).  It
 * shares no code with sight-line.c: agreement on random maps checks the
 * voxel walk's arithmetic, its ordering and its reports.
 */
struct test_sight_event {
	int64_t	num, den;
	int	axis, step;
};

struct test_sight_state {
	struct pos		at;
	int			count;
	enum sight_block	block;
	struct pos		block_at;
	enum dir		side;
};

static int
test_sight_event_cmp(const void *a, const void *b)
{
	const struct test_sight_event	*x = a, *y = b;
	int64_t				 l, r;

	l = x->num * y->den;
	r = y->num * x->den;
	if (l != r)
		return l < r ? -1 : 1;
	return x->axis - y->axis;
}

static bool
test_sight_ref_stop(struct test_sight_state *st, enum sight_block why,
    enum dir side)
{
	st->block = why;
	st->block_at = st->at;
	st->side = side;
	return false;
}

static bool
test_sight_ref_cross(const struct field *f, struct test_sight_state *st,
    int axis, int step)
{
	const struct map	*m = f->map;
	struct pos		 n = st->at, above = st->at;
	const struct edge	*e;
	enum dir		 side;

	if (axis < 2) {
		side = axis == 0 ? (step > 0 ? DIR_E : DIR_W) :
		    (step > 0 ? DIR_S : DIR_N);
		e = map_edge(m, st->at, side);
		if (e->kind == EDGE_WALL || (e->kind == EDGE_DOOR &&
		    !(e->flags & EDGE_OPENED)))
			return test_sight_ref_stop(st, SIGHT_WALL, side);
		if (axis == 0)
			n.x += step;
		else
			n.y += step;
		if (!map_contains(m, n))
			return test_sight_ref_stop(st, SIGHT_OFF_MAP, side);
	} else {
		if (step > 0)
			above.z++;
		if (!map_contains(m, above))
			return test_sight_ref_stop(st, SIGHT_OFF_MAP,
			    DIR_COUNT);
		if (floor_table[map_square(m, above)->floor].blocks_sight)
			return test_sight_ref_stop(st, SIGHT_FLOOR, DIR_COUNT);
		n.z += step;
		if (!map_contains(m, n))
			return test_sight_ref_stop(st, SIGHT_OFF_MAP,
			    DIR_COUNT);
	}
	st->at = n;
	return true;
}

static bool
test_sight_ref_enter(const struct field *f, struct test_sight_state *st,
    struct pos to)
{
	const struct map	*m = f->map;
	const struct square	*sq;

	if (st->at.x == to.x && st->at.y == to.y && st->at.z == to.z)
		return true;
	sq = map_square(m, st->at);
	if (sq->object != OBJECT_NONE && m->objects[sq->object].solid)
		return test_sight_ref_stop(st, SIGHT_OBJECT, DIR_COUNT);
	if ((sq->object != OBJECT_NONE || (*field_at(f, st->at) &
	    (FIELD_UNIT | FIELD_SMOKE | FIELD_GLARE))) &&
	    ++st->count > SIGHT_MAX_OBSTRUCTIONS)
		return test_sight_ref_stop(st, SIGHT_OBSTRUCTED, DIR_COUNT);
	return true;
}

static void
test_sight_ref_line(const struct field *f, struct pos from, int eye,
    struct pos to, int target, struct test_sight_state *st)
{
	static const int		 orders[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
		{ 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	struct test_sight_event		 ev[3 * 2 * 4 * 200], *g;
	struct test_sight_state		 t, best, first;
	int64_t				 p0[3], p1[3], plane;
	int				 lo[3], hi[3], n = 0, i, j, k, o, a;
	bool				 ok, found;

	p0[0] = 10 * from.x + 5;
	p0[1] = 10 * from.y + 5;
	p0[2] = 10 * from.z + eye;
	p1[0] = 10 * to.x + 5;
	p1[1] = 10 * to.y + 5;
	p1[2] = 10 * to.z + target;
	lo[0] = from.x, lo[1] = from.y, lo[2] = from.z;
	hi[0] = to.x, hi[1] = to.y, hi[2] = to.z;
	for (a = 0; a < 3; a++) {
		for (k = lo[a]; k != hi[a]; k += hi[a] > lo[a] ? 1 : -1) {
			plane = 10 * (int64_t)(hi[a] > lo[a] ? k + 1 : k);
			ev[n].num = p1[a] > p0[a] ? plane - p0[a] :
			    p0[a] - plane;
			ev[n].den = p1[a] > p0[a] ? p1[a] - p0[a] :
			    p0[a] - p1[a];
			ev[n].axis = a;
			ev[n].step = hi[a] > lo[a] ? 1 : -1;
			n++;
		}
	}
	qsort(ev, (size_t)n, sizeof ev[0], test_sight_event_cmp);
	memset(st, 0, sizeof *st);
	st->at = from;
	st->block = SIGHT_CLEAR;
	st->side = DIR_COUNT;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && ev[j].num * ev[i].den ==
		    ev[i].num * ev[j].den; j++)
			continue;
		g = &ev[i];
		found = false;
		for (o = 0; o < 6; o++) {
			if (j - i == 2 && (orders[o][2] != 2))
				continue;	/* {0,1} and {1,0} only */
			if (j - i == 1 && o > 0)
				break;
			t = *st;
			ok = true;
			for (k = 0; k < j - i && ok; k++) {
				ok = test_sight_ref_cross(f, &t,
				    g[orders[o][k]].axis, g[orders[o][k]].step);
				if (ok && k + 1 < j - i)
					ok = test_sight_ref_enter(f, &t, to);
			}
			if (o == 0)
				first = t;
			if (ok && (!found || t.count < best.count)) {
				best = t;
				found = true;
			}
		}
		if (!found) {
			*st = first;
			return;
		}
		*st = best;
		if (!test_sight_ref_enter(f, st, to))
			return;
	}
	st->block_at = st->at;
}

static void
test_sight_reference(void **state)
{
	struct rng		 r;
	struct field		 f;
	struct map		*m;
	struct sight_result	 got;
	struct test_sight_state	 want;
	struct pos		 a, b;
	int			 k, l, eye, target, seen = 0;

	(void)state;
	rng_seed(&r, 4321, RNG_STREAM_RULES);
	for (l = 1; l <= 4; l += 3) {
		m = test_sight_random_map(&r, &f, 24, 18, l, 1);
		for (k = 0; k < 20000; k++) {
			a = P((int)rng_below(&r, 24), (int)rng_below(&r, 18),
			    (int)rng_below(&r, (uint32_t)l));
			/* Some targets off the map, some just above. */
			b = P((int)rng_below(&r, 30) - 3,
			    (int)rng_below(&r, 24) - 3,
			    (int)rng_below(&r, (uint32_t)l + 2) - 1);
			if (k % 3 == 0)
				b = P(a.x + k % 5 - 2, a.y + k % 7 - 3,
				    a.z + 1);
			eye = 1 + (int)rng_below(&r, 9);
			target = 1 + (int)rng_below(&r, 9);
			sight_line(&f, a, eye, b, target, &got);
			test_sight_ref_line(&f, a, eye, b, target, &want);
			if (got.visible != (want.block == SIGHT_CLEAR) ||
			    got.obstructions != want.count ||
			    got.blocked_by != want.block ||
			    got.block_at.x != want.block_at.x ||
			    got.block_at.y != want.block_at.y ||
			    got.block_at.z != want.block_at.z ||
			    got.block_side != want.side)
				fail_msg("%d,%d,%d eye %d to %d,%d,%d at %d: "
				    "%s %d at %d,%d,%d side %d, reference %s "
				    "%d at %d,%d,%d side %d", a.x, a.y, a.z,
				    eye, b.x, b.y, b.z, target,
				    sight_block_names[got.blocked_by],
				    got.obstructions, got.block_at.x,
				    got.block_at.y, got.block_at.z,
				    (int)got.block_side,
				    sight_block_names[want.block], want.count,
				    want.block_at.x, want.block_at.y,
				    want.block_at.z, (int)want.side);
			seen += got.visible;
		}
		field_free(&f);
		map_free(m);
	}
	assert_true(seen > 2000);
}

/*
 * With the eye at the target's height the line is the same segment both
 * ways: visibility and the obstruction count must agree.
 */
static void
test_sight_symmetry(void **state)
{
	struct rng		r;
	struct field		f;
	struct map		*m;
	struct sight_result	ab, ba;
	struct pos		a, b;
	int			k, l, h, agree = 0;

	(void)state;
	rng_seed(&r, 77, RNG_STREAM_RULES);
	for (l = 1; l <= 3; l += 2) {
		m = test_sight_random_map(&r, &f, 20, 20, l, 1);
		for (k = 0; k < 4000; k++) {
			a = P((int)rng_below(&r, 20), (int)rng_below(&r, 20),
			    (int)rng_below(&r, (uint32_t)l));
			b = P((int)rng_below(&r, 20), (int)rng_below(&r, 20),
			    (int)rng_below(&r, (uint32_t)l));
			h = 1 + (int)rng_below(&r, 9);
			sight_line(&f, a, h, b, h, &ab);
			sight_line(&f, b, h, a, h, &ba);
			assert_int_equal(ab.visible, ba.visible);
			if (ab.visible) {
				assert_int_equal(ab.obstructions,
				    ba.obstructions);
				agree++;
			}
		}
		field_free(&f);
		map_free(m);
	}
	assert_true(agree > 200);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sight_fov_equals_line),
		cmocka_unit_test(test_sight_levels_equal_line),
		cmocka_unit_test(test_sight_fov_open),
		cmocka_unit_test(test_sight_kept),
		cmocka_unit_test(test_sight_redo),
		cmocka_unit_test(test_sight_symmetry),
		cmocka_unit_test(test_sight_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
