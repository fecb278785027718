/*
 * load.h - reading the shipped data and the game master's files: the
 * catalog (units/NAME.yaml) and scenarios (maps/NAME.yaml).  This is the public
 * face of src/data, the only code that knows YAML.
 *
 * Every function reports problems into a struct diags (file:line:col,
 * message) rather than printing, and never keeps a partial result: on error
 * the output is left empty and owns nothing.
 */
#ifndef XTAC_LOAD_H
#define XTAC_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/catalog.h"
#include "xtac/diag.h"
#include "xtac/scenario.h"

/*
 * Load the catalog from several files (each may hold units, weapons, ammo,
 * grenades, armour and equipment; references may cross files).  diags is an
 * array of npaths lists, one per file, initialised by the caller.  True when
 * no file had an error.
 */
bool	catalog_load_files(struct catalog *, const char *const *paths,
	    size_t npaths, struct diags *diags);

/* Parse one scenario from text already read (tests and the fuzzer). */
struct scenario	*scenario_parse(const char *text, size_t len,
		    const struct catalog *, struct diags *);
/* Read and parse a scenario file; NULL when it has errors. */
struct scenario	*scenario_load(const char *path, const struct catalog *,
		    struct diags *);
/*
 * The same, knowing the data directory (NULL: none), where a map of
 * blocks with 'from: data:PATH' finds its blocks and craft.
 */
struct scenario	*scenario_load_data(const char *path, const char *datadir,
		    const struct catalog *, struct diags *);

/*
 * Read a squad file (xtac-map(5)): one side's units, checked against the
 * file's technology level and budget.  With a scenario, also against its
 * level and that side's budget, and then put on it in place of the side's
 * own units (squad_place()).  False on errors; the squad then owns nothing
 * and the scenario is unchanged.  squad_free() frees it.
 */
struct squad;
bool	squad_parse(const char *text, size_t len, const struct catalog *,
	    struct scenario *, struct squad *, struct diags *);
bool	squad_load(const char *path, const struct catalog *,
	    struct scenario *, struct squad *, struct diags *);
/*
 * A squad as a squad file holds it (xtac-map(5)), one unit a line, for the
 * builder to write and check; *first (if not NULL) gets the line of the
 * first unit, so a problem's line names its unit.  Owned by the caller.
 */
char	*squad_format(const struct catalog *, const struct squad *,
	    size_t *first);
/* Whether a file is a squad file ('xtac-squad', or a 'side' and no map). */
bool	data_file_is_squad(const char *path);
/* Whether a file is a scenario (it has 'levels'), as opposed to units. */
bool	data_file_is_map(const char *path);

#endif
