/*
 * test_vis_blast.c - the kept sight after blasts (§7.3, §7.4, §7.6): who
 * sees whom (game-vis.c) and every kept field of view (game-seen.c) must
 * equal a computation from scratch after every blast of long runs of
 * random blasts on the test maps of one level and of several (a town,
 * houses, a roof, a crashed ship) and on random maps of two and three
 * levels (walls, doors, windows, trees, rocks, crates, fuel drums, floors
 * and open air above, units on every level): grenades of every class, high
 * explosive, fire, smoke grenades and flares, anywhere on any level,
 * breaking walls, doors, floors and objects, bringing buildings down,
 * hurting and killing units, and the phases' ends between them thinning
 * the smoke.  A blast changes many squares at once, some opening lines
 * (a wall, a floor, a tree gone, smoke gone) and some only closing them
 * (smoke): the kept sight redoes the two differently (game_vis_sync,
 * vis_fov_sync), and both are checked here.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/engine/game-int.h"
#include "fixture.h"
#include "play.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/rng.h"
#include "xtac/util.h"

/*
 * A side's squares in sight (kept fields of view, game_side_sight) equal
 * the union of fresh fields of view (sight_fov) of its active units; a
 * side with a 2x2 unit sees from its nearest square, not a union: left to
 * game_vis_check.  The maps have no vision cone.
 */
static void
vb_squares_check(const struct game *g, const char *map, int blast)
{
	const struct map	*m = game_map(g);
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i, k;
	uint8_t			*one = xmalloc(n), *now = xmalloc(n);
	uint8_t			*fresh = xmalloc(n);
	int			 side, radius;

	radius = m->width > m->height ? m->width : m->height;
	if (m->levels > radius)
		radius = m->levels;
	for (side = 0; side < 2; side++) {
		for (k = 0; k < game_nunits(g); k++)
			if (game_unit(g, (int)k)->controller ==
			    (enum side)side && game_unit(g, (int)k)->t->size > 1)
				break;
		if (k < game_nunits(g))
			continue;
		game_side_sight(g, (enum side)side, now);
		memset(fresh, 0, n);
		for (k = 0; k < game_nunits(g); k++) {
			const struct unit *u = game_unit(g, (int)k);

			if (u->controller != (enum side)side ||
			    u->status != UNIT_ACTIVE)
				continue;
			sight_fov(game_field(g), u->pos, u->kneeling ?
			    SIGHT_EYE_KNEELING : SIGHT_EYE_STANDING, radius,
			    one);
			for (i = 0; i < n; i++)
				fresh[i] |= one[i];
		}
		for (i = 0; i < n; i++)
			if (now[i] != fresh[i]) {
				int x = (int)(i % (size_t)m->width);
				int y = (int)(i / (size_t)m->width %
				    (size_t)m->height);
				int z = (int)(i / ((size_t)m->width *
				    m->height));

				fail_msg("%s, blast %d: side %d's kept sight "
				    "of %d,%d L%d is %d, a fresh one %d", map,
				    blast, side, x + 1, y + 1, z + 1, now[i],
				    fresh[i]);
			}
	}
	free(one);
	free(now);
	free(fresh);
}

/* A random blast of one of the kinds play makes (game-throw.c). */
static void
vb_blast(const struct game *g, struct rng *r, struct blast *b)
{
	static const struct damage kinds[] = {
		{ 50, DMG_HE, 1 },	/* grenade */
		{ 90, DMG_HE, 2 },	/* alien grenade */
		{ 110, DMG_HE, 3 },	/* high explosive */
		{ 70, DMG_IN, 0 },	/* incendiary */
		{ 60, DMG_ST, 2 },	/* smoke grenade */
		{ 100, DMG_HE, 2 },	/* flare */
	};
	const struct map	*m = game_map(g);
	int			 k = (int)rng_below(r, XTAC_NITEMS(kinds));

	memset(b, 0, sizeof *b);
	b->centre.x = (int)rng_below(r, (uint32_t)m->width);
	b->centre.y = (int)rng_below(r, (uint32_t)m->height);
	b->centre.z = (int)rng_below(r, (uint32_t)m->levels);
	b->damage = kinds[k];
	if (k == 4) {
		b->smoke_rounds = 6;
		b->radius = 2;
	} else if (k == 5)
		b->light = true;
	else
		b->smoke_rounds = 3;
}

/*
 * `blasts` random blasts on t's game, the kept sight checked after each
 * and after the phase ends between them.
 */
static void
vb_blasts(struct t *t, const char *map, uint64_t seed, int blasts)
{
	struct game	*g = t->g;
	struct blast	 b;
	struct rng	 r;
	char		*why = NULL;
	uint8_t		*seen;
	int		 i;

	rng_seed(&r, seed, RNG_STREAM_RULES);
	/* Both sides' fields of view kept from the start. */
	seen = xmalloc((size_t)g->map->width * g->map->height *
	    g->map->levels);
	game_side_sight(g, SIDE_XCOM, seen);
	game_side_sight(g, SIDE_ALIEN, seen);
	free(seen);
	for (i = 0; i < blasts; i++) {
		vb_blast(g, &r, &b);
		g->ev = &t->ev;
		game_queue_blast(g, &b);
		game_run_explosions(g);
		g->ev = NULL;
		event_list_clear(&t->ev);
		if (!game_vis_check(g, &why))
			fail_msg("%s, seed %llu, blast %d at %d,%d L%d: %s",
			    map, (unsigned long long)seed, i, b.centre.x + 1,
			    b.centre.y + 1, b.centre.z + 1, why);
		vb_squares_check(g, map, i);
		/* Now and then a phase ends: smoke thins and clears. */
		if (rng_below(&r, 3) == 0 && !game_over(g)) {
			assert_int_equal(t_do(t, "end"), 0);
			event_list_clear(&t->ev);
			if (!game_vis_check(g, &why))
				fail_msg("%s, seed %llu, end after blast %d: "
				    "%s", map, (unsigned long long)seed, i,
				    why);
			vb_squares_check(g, map, i);
		}
	}
}

/* tests/data/MAP.yaml, played from seed on. */
static void
vb_run(struct t *t, const char *map, uint64_t seed, int blasts)
{
	struct diags	 d;
	char		*path;

	path = xasprintf("tests/data/%s.yaml", map);
	diags_init(&d, path, NULL, 0);
	t->s = scenario_load(path, t->cat, &d);
	fixture_dump(&d);
	diags_free(&d);
	free(path);
	assert_non_null(t->s);
	event_list_clear(&t->ev);
	t->g = game_new(t->s, seed, &t->ev);
	vb_blasts(t, map, seed, blasts);
	t_finish(t);
}

/*
 * A random map of 2 or 3 levels: on the ground grass, dirt, building
 * floor, trees, rocks, crates and fuel drums (a blast sets them off);
 * above, building floor or open air; walls, hardened walls, doors and
 * windows on the edges; troops and sectoids on floors with nothing on
 * them, on every level.
 */
#define VB_MAP_MAX	16384

/*
 * Whether the edge at picture place (x, y) of level z may hold a door:
 * not on the map's edge, and with a floor on one side.
 */
static bool
vb_door_ok(const char *sq, int w, int h, int z, int x, int y)
{
	int	ax = (x - 1) / 2, ay = (y - 1) / 2, bx, by;

	if (x == 0 || y == 0 || x == 2 * w || y == 2 * h)
		return false;
	if (y % 2 == 0) {	/* between rows y/2 - 1 and y/2 */
		ax = bx = x / 2;
		ay = y / 2 - 1;
		by = y / 2;
	} else {
		ay = by = y / 2;
		ax = x / 2 - 1;
		bx = x / 2;
	}
	return sq[((size_t)z * h + ay) * w + ax] != ' ' ||
	    sq[((size_t)z * h + by) * w + bx] != ' ';
}

static void
vb_random_map(struct rng *r, struct t *t)
{
	static const char ground[] = "....,,__TRcf\"";
	static const char edges[] = "        ||/:H";
	int		 w = 10 + (int)rng_below(r, 9), h = 8 + (int)rng_below(r, 7);
	int		 levels = 2 + (int)rng_below(r, 2), z, y, x, n = 0;
	char		*sq, *map, *units, c;
	size_t		 len, ulen = 0;

	sq = xmalloc((size_t)w * h * levels);
	map = xmalloc(VB_MAP_MAX);
	units = xmalloc(VB_MAP_MAX);
	units[0] = '\0';
	len = (size_t)snprintf(map, VB_MAP_MAX, "xtac-map: 1\nname: Random\n"
	    "legend:\n  squares:\n"
	    "    'c': {floor: building, object: crate}\n"
	    "    'f': {floor: building, object: fuel-drum}\n"
	    "levels:\n");
	for (z = 0; z < levels; z++) {
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				sq[((size_t)z * h + y) * w + x] = z == 0 ?
				    ground[rng_below(r, sizeof ground - 1)] :
				    rng_below(r, 3) == 0 ? ' ' : '_';
		len += (size_t)snprintf(map + len, VB_MAP_MAX - len,
		    "  - |\n");
		for (y = 0; y <= 2 * h; y++) {
			len += (size_t)snprintf(map + len, VB_MAP_MAX - len,
			    "    ");
			for (x = 0; x <= 2 * w; x++) {
				if (y % 2 == 0 && x % 2 == 0)
					c = '+';
				else if (y % 2 == 1 && x % 2 == 1)
					c = sq[((size_t)z * h + y / 2) * w +
					    x / 2];
				else {
					c = edges[rng_below(r,
					    sizeof edges - 1)];
					if (c == '/' && !vb_door_ok(sq, w, h,
					    z, x, y))
						c = ' ';
					if (y % 2 == 0 && c == '|')
						c = '-';
				}
				map[len++] = c;
			}
			map[len++] = '\n';
		}
		map[len] = '\0';
	}
	/* Units on bare floors, apart. */
	for (z = 0; z < levels; z++)
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				c = sq[((size_t)z * h + y) * w + x];
				if ((c != '.' && c != '_' && c != ',') ||
				    rng_below(r, 6) != 0 || n >= 24)
					continue;
				ulen += (size_t)snprintf(units + ulen,
				    VB_MAP_MAX - ulen, "  - {id: u%d, side: "
				    "%s, type: %s, at: [%d, %d, %d]}\n", n,
				    n % 2 ? "alien" : "xcom",
				    n % 2 ? "sectoid" : "troop", x + 1, y + 1,
				    z + 1);
				n++;
			}
	t_start_map(t, map, units);
	free(sq);
	free(map);
	free(units);
}

/*
 * Random blasts on maps of one level and of several: the kept sight
 * equals a fresh one after each.
 */
static void
test_vis_blast_random(void **state)
{
	static const struct {
		const char	*map;
		int		 seeds, blasts;
	} runs[] = {
		{ "sim-town", 6, 40 }, { "sim-field", 6, 40 },
		{ "house", 6, 30 }, { "roof", 6, 30 },
		{ "farm-raid", 4, 30 }, { "crashed-scout-22", 4, 30 },
		{ "terror-square", 4, 30 }, { "arena", 4, 30 },
	};
	struct t	*t = *state;
	size_t		 m;
	int		 k;

	for (m = 0; m < XTAC_NITEMS(runs); m++)
		for (k = 0; k < runs[m].seeds; k++)
			vb_run(t, runs[m].map, 1 + (uint64_t)k,
			    runs[m].blasts);
}

/*
 * Random blasts on random maps: the kept sight equals a fresh one after
 * each.
 */
static void
test_vis_blast_random_maps(void **state)
{
	struct t	*t = *state;
	struct rng	 r;
	int		 k;

	rng_seed(&r, 20261124, RNG_STREAM_RULES);
	for (k = 0; k < 40; k++) {
		vb_random_map(&r, t);
		vb_blasts(t, "random", (uint64_t)k + 1, 20);
		t_finish(t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vis_blast_random, t_setup,
		    t_teardown),
		cmocka_unit_test_setup_teardown(test_vis_blast_random_maps,
		    t_setup, t_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
