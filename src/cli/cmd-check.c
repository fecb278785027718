/*
 * cmd-check.c - `xtac check FILE...`: validate scenario, squad and unit
 * files, print every problem, and summarise each valid scenario (per side:
 * units, each unit's cost, points against the budget, technology).  Exit 0
 * all valid, 1 any invalid, 2 usage, 3 when the shipped catalog itself
 * cannot be read.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "xtac/encounter.h"
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/util.h"

static int
check_highest_tech(const struct scenario *s, enum side side)
{
	const struct catalog	*c = s->catalog;
	int			 best = 0, i;
	size_t			 u, b;

#define CHECK_TECH(level) do { if ((level) > best) best = (level); } while (0)
	for (u = 0; u < s->nunits; u++) {
		const struct unit_setup *us = &s->units[u];

		if (us->side != side)
			continue;
		CHECK_TECH(c->units[us->type].tech_level);
		if (us->armour >= 0)
			CHECK_TECH(c->items[us->armour].tech_level);
		for (i = 0; i < HAND_COUNT; i++) {
			if (us->hands[i].item >= 0)
				CHECK_TECH(c->items[us->hands[i].item].
				    tech_level);
			if (us->hands[i].ammo >= 0)
				CHECK_TECH(c->items[us->hands[i].ammo].
				    tech_level);
		}
		for (b = 0; b < us->nbelt; b++)
			CHECK_TECH(c->items[us->belt[b]].tech_level);
	}
#undef CHECK_TECH
	return best;
}

/* §3.1.2: each unit's points, part by part (squad_unit_price()). */
static void
check_unit_costs(const struct scenario *s, enum side side)
{
	const struct catalog	*c = s->catalog;
	size_t			 u;

	for (u = 0; u < s->nunits; u++) {
		const struct unit_setup *us = &s->units[u];
		struct squad_price p;

		if (us->side != side)
			continue;
		squad_unit_price(c, us, &p);
		printf("    %-12s %-20s %5d points", us->id,
		    c->units[us->type].id, p.total);
		if (p.boosts > 0 || p.items > 0)
			printf(" (unit %d, boosts %d, items %d)", p.unit,
			    p.boosts, p.items);
		printf("\n");
	}
}

static void
check_summary(const char *path, const struct scenario *s)
{
	const struct map	*m = s->map;
	int			 side;

	printf("%s: valid: \"%s\", %dx%d, %d level%s, %s%s, technology "
	    "level %d\n", path, s->name, m->width, m->height, m->levels,
	    m->levels == 1 ? "" : "s", mission_names[s->mission],
	    s->night ? ", night" : "", s->tech_level);
	for (side = 0; side < SIDE_COUNT; side++) {
		const struct side_setup *ss = &s->sides[side];
		size_t u, units = 0;

		for (u = 0; u < s->nunits; u++)
			units += s->units[u].side == (enum side)side;
		if (!ss->present && units == 0)
			continue;
		printf("  %-8s %-6s %2zu unit%s, %5d points", side_names[side],
		    control_names[ss->control], units, units == 1 ? " " : "s",
		    scenario_side_points(s, (enum side)side));
		if (ss->budget > 0)
			printf(" of %d", scenario_side_budget(s,
			    (enum side)side));
		if (units > 0)
			printf(", highest technology %d",
			    check_highest_tech(s, (enum side)side));
		printf("\n");
		check_unit_costs(s, (enum side)side);
	}
}

int
cmd_check(struct cli *cli, int argc, char **argv)
{
	static const struct option	opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "squad", required_argument, NULL, 'Q' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog			cat;
	bool				have_catalog = false, quiet = false;
	int				ch, i, status = EXIT_OK;

	while ((ch = getopt_long(argc, argv, "q", opts, NULL)) != -1) {
		switch (ch) {
		case 'q':
			quiet = true;
			break;
		case 'Q':
			if (!cli_parse_squad(cli, optarg))
				return EXIT_USAGE;
			break;
		default:
			cli_usage(stderr, cli_command_named("check"));
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "xtac check: no files given\n");
		cli_usage(stderr, cli_command_named("check"));
		return EXIT_USAGE;
	}
	memset(&cat, 0, sizeof cat);
	for (i = optind; i < argc; i++) {
		const char *path = argv[i];

		if (data_file_is_squad(path)) {
			if (!have_catalog && !cli_load_catalog(cli, NULL,
			    &cat, stderr)) {
				fprintf(stderr, "xtac check: the unit catalog "
				    "in %s/units is broken\n", cli->datadir);
				return EXIT_TROUBLE;
			}
			have_catalog = true;
			if (!cli_check_squad(&cat, path, false, quiet))
				status = EXIT_INVALID;
			continue;
		}
		if (!data_file_is_map(path) && !data_file_is_encounter(path)) {
			struct catalog units;

			memset(&units, 0, sizeof units);
			if (cli_load_catalog(cli, path, &units, stderr)) {
				if (!quiet)
					printf("%s: valid: the catalog has %zu "
					    "units and %zu items\n", path,
					    units.nunits, units.nitems);
			} else
				status = EXIT_INVALID;
			catalog_free(&units);
			continue;
		}
		if (!have_catalog) {
			if (!cli_load_catalog(cli, NULL, &cat, stderr)) {
				fprintf(stderr, "xtac check: the unit catalog "
				    "in %s/units is broken\n", cli->datadir);
				return EXIT_TROUBLE;
			}
			have_catalog = true;
		}
		{
			struct scenario *s = cli_load_scenario(cli, path, &cat,
			    stderr);

			if (s == NULL)
				status = EXIT_INVALID;
			else if (!quiet)
				check_summary(path, s);
			scenario_free(s);
		}
	}
	catalog_free(&cat);
	return status;
}
