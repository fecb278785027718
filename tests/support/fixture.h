/*
 * fixture.h - test helpers: a small hand-made catalog (independent of
 * units/), and scenarios built from YAML text so a test reads like the
 * situation it checks.
 */
#ifndef XTAC_TEST_FIXTURE_H
#define XTAC_TEST_FIXTURE_H

#include "xtac/diag.h"
#include "xtac/scenario.h"

/*
 * Units: troop (X-Com soldier, STR 30), tank (HWP, 2x2), sectoid (alien
 * soldier), floater (alien, flies), muton (alien, tech 2).  Items: rifle
 * (small arm, rifle-clip), rifle-clip, pistol, pistol-clip, personal-armour,
 * grenade, plasma-rifle (alien tech 2) with plasma-rifle-clip, heavy-cannon
 * (support, 18) with hc-ap.
 */
const struct catalog	*fixture_catalog(void);

/* The shipped catalog (units/, read from the source tree); NULL on error. */
struct catalog		*fixture_real_catalog(void);
void			 fixture_real_catalog_free(struct catalog *);
/* Parse a scenario against a given catalog; fails the test on errors. */
struct scenario		*fixture_scenario(const char *yaml, const struct catalog *);

/* Parse YAML text as a map file named "test.yaml"; diags initialised here. */
struct scenario		*fixture_parse(const char *yaml, struct diags *);
/* Whether some problem formats exactly as `want` (file:line:col: message). */
int			 fixture_has_diag(const struct diags *, const char *want);
/* The same, quietly: for asserting that a problem is absent. */
int			 fixture_find_diag(const struct diags *, const char *want);
/* Print every problem (for a failing test's log). */
void			 fixture_dump(const struct diags *);

#endif
