/*
 * encounter.h - encounter files (xtac-map(5)): what a game master prepares
 * for a game, written by `xtac new` and opened by play, preview, script,
 * sim and check as a map is: a map, the squad each side brings in place of
 * the map's own units, and the seed.
 *
 *	xtac-encounter: 1
 *	name: Farmland raid
 *	map: farmland-raid-map.yaml     a shipped map's name, or a path
 *	seed: 7                         (optional)
 *	squads:                         (optional) a shipped squad's name,
 *	  xcom: veterans                or a path
 *	  alien: raiders
 *
 * Paths are from the encounter file's directory.
 */
#ifndef XTAC_ENCOUNTER_H
#define XTAC_ENCOUNTER_H

#include <stdbool.h>
#include <stdint.h>

#include "xtac/catalog.h"
#include "xtac/diag.h"

struct encounter {
	char		*name;			/* or NULL */
	char		*map;			/* as written */
	char		*squad[SIDE_COUNT];	/* as written, or NULL */
	bool		 has_seed;
	uint64_t	 seed;
};

/* Read an encounter file; false with its problems in d (e freed). */
bool	encounter_load(const char *path, struct encounter *, struct diags *);
void	encounter_free(struct encounter *);
/* The file's text, as encounter_load reads it (owned by the caller). */
char	*encounter_format(const struct encounter *);
/* Whether a file is an encounter file (it says 'xtac-encounter'). */
bool	data_file_is_encounter(const char *path);

#endif
