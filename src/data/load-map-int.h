/*
 * load-map-int.h - what the modules reading a map file share: the state of
 * one load (struct load) and each module's entry points.  load-map.c walks
 * the file and calls them in order: legend, pictures, scenario, features,
 * sides and units, then the checks that need the whole scenario.
 */
#ifndef XTAC_LOAD_MAP_INT_H
#define XTAC_LOAD_MAP_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "ydoc.h"
#include "xtac/catalog.h"
#include "xtac/diag.h"
#include "xtac/scenario.h"

#define LOAD_MAX_UNITS		512
#define LOAD_MAX_LINKS		1024
#define LOAD_MAX_ZONES		64

struct load_square_glyph {
	bool	set;
	int	floor;		/* enum floor_kind */
	int	object;		/* map object index or OBJECT_NONE */
};

struct load_edge_glyph {
	bool		set;
	struct edge	edge;
};

/* Where a unit was written, for the semantic checks' messages. */
struct load_unit_src {
	const struct ynode	*node;
	const struct ynode	*at;	/* NULL: placed when deployed */
	bool			 read;	/* got as far as its square */
	bool			 ok;	/* parsed cleanly: check it further */
};

struct load_picture {
	const struct ynode	*node;
	char			**lines;
	size_t			 nlines;
	int			 first_line;	/* file line of lines[0] */
	int			 indent;	/* file column of char 0, less 1 */
};

struct load {
	struct diags			*d;
	const struct catalog		*cat;
	const char			*text;
	size_t				 len;
	struct scenario			*s;
	struct load_square_glyph	 squares[256];
	struct load_edge_glyph		 edges[256];
	struct load_unit_src		*unit_src;
	bool				 sides_declared;
	bool				 map_ok;
	struct load_picture		*pics;	/* one a level, kept for */
	size_t				 npics;	/* positions in messages */
	/* The file's directory, for blocks; NULL in a block. */
	const char			*dir;
	/* The data directory 'from: data:...' names; NULL: none known. */
	const char			*datadir;
	/* A squad file's units: no 'at', all of squad_side. */
	bool				 squad;
	enum side			 squad_side;
};

/* load-map.c: small readers. */
/* [x, y] or [x, y, level] (1-based in the file) into a 0-based pos. */
bool	load_pos(struct load *, const struct ynode *, bool want_level,
	    const char *what, struct pos *out);
/* Whether p is on the map, saying so at n if not. */
bool	load_pos_on_map(struct load *, const struct ynode *n, struct pos p,
	    const char *what);
int	load_side(struct load *, const struct ynode *);

/* load-map-legend.c */
void	load_default_legend(struct load *);
void	load_legend(struct load *, const struct ynode *);

/* load-map-picture.c */
void	load_levels(struct load *, const struct ynode *levels,
	    const struct ynode *size);
void	load_picture_free(struct load_picture *);
void	load_check_doors(struct load *);

/* load-map-features.c */
void	load_links(struct load *, const struct ynode *, bool ramp);
void	load_buildings(struct load *, const struct ynode *);
void	load_check_buildings(struct load *, const struct ynode *);

/* load-map-scenario.c */
void	load_scenario_options(struct load *, const struct ynode *);
void	load_rules(struct load *, const struct ynode *);
void	load_sides(struct load *, const struct ynode *);
void	load_check_budgets(struct load *, const struct ynode *sides);
void	load_check_missions(struct load *, const struct ynode *root);

/* load-map-units.c */
void	load_units(struct load *, const struct ynode *);
/* Squares, walls and company for one unit; occupancy records who is where. */
void	load_check_unit(struct load *, size_t ui, int *occupancy);
/* A catalog item by id: its index, or below 0 after reporting why. */
int	load_item(struct load *, const struct ynode *, const char *what);
const char *load_item_id(const struct load *, int item);
/* Whether a unit takes the item in (hands, belt, armour). */
bool	load_unit_has_item(const struct unit_setup *, int item);

#endif
