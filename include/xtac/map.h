/*
 * map.h - the battlefield: squares on levels, with walls on their edges.
 *
 * Coordinates are 0-based inside the program (x east, y south, z = level,
 * z 0 being the rulebook's level 1); people see them 1-based.  Every square
 * holds a floor (or none: open air or a hole) and at most one object.  Walls,
 * windows, fences and doors stand on the edges between squares (RULINGS §4),
 * stored per level as two arrays:
 *
 *	vertical edges:   (width + 1) x height, edge x lies west of square x
 *	horizontal edges: width x (height + 1), edge y lies north of square y
 *
 * so every square has exactly four edges and neighbours share theirs.
 * Ramps and stairs are links from a square on level L to an adjacent square
 * on level L + 1.  Buildings are named boxes whose walls collapse together
 * (§7.7).
 */
#ifndef XTAC_MAP_H
#define XTAC_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAP_MAX_SIDE	200	/* squares along x or y */
#define MAP_MAX_LEVELS	8
#define MAP_NAME_MAX	32

struct pos {
	int	x;
	int	y;
	int	z;
};

/* Eight compass directions; also unit facings.  North is -y. */
enum dir {
	DIR_N,
	DIR_NE,
	DIR_E,
	DIR_SE,
	DIR_S,
	DIR_SW,
	DIR_W,
	DIR_NW,
	DIR_COUNT
};
extern const int dir_dx[DIR_COUNT];
extern const int dir_dy[DIR_COUNT];
extern const char *const dir_names[DIR_COUNT];	/* "n", "ne", ... */

/* §4.2 structural strength; RULINGS §4. */
enum strength {
	STRENGTH_NORMAL,
	STRENGTH_HARDENED,
	STRENGTH_SUPER_TOUGH,
	STRENGTH_INDESTRUCTIBLE,
	STRENGTH_COUNT
};
extern const char *const strength_names[STRENGTH_COUNT];

/* §4.4 floors.  FLOOR_NONE is open air (or a hole). */
enum floor_kind {
	FLOOR_NONE,
	FLOOR_GRASS,
	FLOOR_DIRT,
	FLOOR_PAVEMENT,
	FLOOR_TALL_GRASS,
	FLOOR_HAY,
	FLOOR_SNOW,
	FLOOR_RUBBLE,
	FLOOR_BUILDING,
	FLOOR_BASE,
	FLOOR_ELEVATOR,
	FLOOR_HULL,
	FLOOR_KIND_COUNT
};

struct floor_info {
	enum strength	 strength;
	bool		 uneven;	/* +1 TU to walk over (§5, §4.4) */
	bool		 blocks_sight;	/* vertically; elevators do not */
};
extern const struct floor_info floor_table[FLOOR_KIND_COUNT];
extern const char *const floor_names[FLOOR_KIND_COUNT];	/* as in files */

enum edge_kind {
	EDGE_OPEN,
	EDGE_WALL,
	EDGE_WINDOW,	/* blocks movement, not sight or fire */
	EDGE_FENCE,	/* blocks movement, not sight or fire */
	EDGE_DOOR,	/* a wall that opens (2 TU), closes at phase end */
	EDGE_KIND_COUNT
};
extern const char *const edge_kind_names[EDGE_KIND_COUNT];

#define EDGE_EXPLOSIVE	0x01
#define EDGE_OPENED	0x02	/* a door standing open */
/*
 * A segment of a door spanning several squares (§4.2): the run of such
 * doors side by side along one wall opens and closes as one.
 */
#define EDGE_WIDE	0x04

struct edge {
	uint8_t	kind;		/* enum edge_kind */
	uint8_t	strength;	/* enum strength */
	uint8_t	flags;
};

/* Objects fill their square (§4.2); solid ones block sight (RULINGS §4). */
struct object_type {
	char		name[MAP_NAME_MAX];
	bool		solid;		/* else low: one obstruction */
	bool		passable;	/* low objects only */
	enum strength	strength;
	bool		explosive;	/* 90 HE-2 when destroyed (§7.6) */
};
/* The §4.4 objects plus common low furniture; maps may add their own. */
extern const struct object_type object_builtins[];
extern const size_t object_nbuiltins;

#define OBJECT_NONE	(-1)

struct square {
	uint8_t	floor;		/* enum floor_kind */
	int16_t	object;		/* index into map->objects, OBJECT_NONE */
};

struct map_link {
	struct pos	lower;	/* on level z */
	struct pos	upper;	/* on level z + 1, adjacent or above */
	bool		ramp;	/* else stairs; movement treats both alike */
};

struct building {
	char	name[MAP_NAME_MAX];
	int	x0, y0, x1, y1;	/* inclusive box of squares, all levels */
};

struct map {
	int			 width;
	int			 height;
	int			 levels;
	struct square		*squares;	/* [z][y][x] */
	struct edge		*vedges;	/* [z][y][x], x in 0..width */
	struct edge		*hedges;	/* [z][y][x], y in 0..height */
	struct object_type	*objects;
	size_t			 nobjects;
	struct map_link		*links;
	size_t			 nlinks;
	struct building		*buildings;
	size_t			 nbuildings;
};

/* A map of open air with no edges, owning nothing else yet. */
struct map	*map_new(int width, int height, int levels);
void		 map_free(struct map *);

/* Whether p is on the map.  Inline: asked in every inner loop. */
static inline bool
map_contains(const struct map *m, struct pos p)
{
	return p.x >= 0 && p.y >= 0 && p.z >= 0 && p.x < m->width &&
	    p.y < m->height && p.z < m->levels;
}

/* Fatal: a square asked for off the map, a diagonal edge (map.c). */
void		 map_off(const char *what, struct pos)
		    __attribute__((noreturn));
void		 map_no_edge(enum dir side) __attribute__((noreturn));

/* The square at p.  Inline, as map_contains: asked along every line. */
static inline struct square *
map_square(const struct map *m, struct pos p)
{
	if (!map_contains(m, p))
		map_off("map_square", p);
	return &m->squares[((size_t)p.z * m->height + p.y) * m->width + p.x];
}

/* The edge on side `side` (DIR_N, DIR_E, DIR_S or DIR_W) of a square. */
static inline struct edge *
map_edge(const struct map *m, struct pos p, enum dir side)
{
	size_t	vrow = (size_t)m->width + 1, hlevel = (size_t)m->width *
		    (m->height + 1), vlevel = vrow * m->height;

	if (!map_contains(m, p))
		map_off("map_edge", p);
	switch (side) {
	case DIR_N:
		return &m->hedges[p.z * hlevel + (size_t)p.y * m->width + p.x];
	case DIR_S:
		return &m->hedges[p.z * hlevel + (size_t)(p.y + 1) * m->width +
		    p.x];
	case DIR_W:
		return &m->vedges[p.z * vlevel + (size_t)p.y * vrow + p.x];
	case DIR_E:
		return &m->vedges[p.z * vlevel + (size_t)p.y * vrow + p.x + 1];
	default:
		map_no_edge(side);
	}
}
/* Index of an object type by name, or -1. */
int		 map_find_object(const struct map *, const char *name);
int		 map_add_object(struct map *, const struct object_type *);
/* Whether a standing unit could occupy the square: floor, no blocking object. */
bool		 map_square_standable(const struct map *, struct pos);
/*
 * The segments of the door on side `side` of p, in order along the wall,
 * each as a square and that side (§4.2: a door spanning several squares
 * opens as one): into out, MAP_MAX_SIDE long, and their number.  A single
 * door is its one segment; no door, none.
 */
int		 map_door_segments(const struct map *, struct pos,
		    enum dir side, struct pos *out);
/* Whether the edge between two orthogonal neighbours blocks walking. */
bool		 map_edge_blocks_move(const struct edge *);
/* The facing name, or -1 for an unknown one. */
int		 dir_from_name(const char *);

#endif
