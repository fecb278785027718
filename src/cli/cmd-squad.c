/*
 * cmd-squad.c - `xtac squad --check FILE...` and `xtac squad --price
 * FILE...`: validate squad files (xtac-map(5)) headless, for tools and
 * tests, and show what each unit costs part by part (§3.1.2).  Exit 0 all
 * valid, 1 any invalid, 2 usage, 3 when the catalog cannot be read.
 * `xtac squad --edit FILE` opens the builder (ui-squad.c) on the file, or
 * on a new squad when there is none.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "xtac/load.h"
#include "xtac/squad.h"
#include "xtac/ui.h"
#include "xtac/util.h"

static void
squad_print_boosts(const struct catalog *c, const struct unit_setup *u)
{
	const struct unit_type	*t = &c->units[u->type];
	const char		*sep = "";
	int			 i;

	for (i = 0; i < STAT_COUNT + ARMOUR_COUNT; i++) {
		int v = i < STAT_COUNT ? u->boosts[i] :
		    u->armour_boosts[i - STAT_COUNT];

		if (v == 0)
			continue;
		if (*sep == '\0')
			printf("%14s boosts:", "");
		printf("%s %s +%d x %d = %d", sep, i < STAT_COUNT ?
		    stat_names[i] : armour_facing_names[i - STAT_COUNT], v,
		    squad_boost_rate(t, i), v * squad_boost_rate(t, i));
		sep = ",";
	}
	if (*sep != '\0')
		printf("\n");
}

/* A veteran's record (§3.1.2): its bonus is free, so it is no price. */
static void
squad_print_roster(const struct unit_setup *u)
{
	const char	*sep = "; bonus:";
	int		 i;

	if (u->games == 0)
		return;
	printf("%14s roster: %d game%s, %d point%s to spend", "", u->games,
	    u->games == 1 ? "" : "s", u->points, u->points == 1 ? "" : "s");
	for (i = 0; i < STAT_COUNT + ARMOUR_COUNT; i++) {
		if (u->bonus[i] == 0)
			continue;
		printf("%s %s +%d", sep, i < STAT_COUNT ? stat_names[i] :
		    armour_facing_names[i - STAT_COUNT], u->bonus[i]);
		sep = ",";
	}
	printf("\n");
}

static void
squad_print_price(const char *path, const struct catalog *c,
    const struct squad *sq)
{
	size_t	i;

	printf("%s: %s squad, technology level %d, %d points", path,
	    side_names[sq->side], sq->tech_level, squad_points(c, sq));
	if (sq->budget > 0)
		printf(" of %d", sq->budget);
	printf("\n  %-12s %-20s %5s %6s %5s %6s\n", "unit", "type", "cost",
	    "boosts", "items", "total");
	for (i = 0; i < sq->nunits; i++) {
		const struct unit_setup *u = &sq->units[i];
		struct squad_price p;

		squad_unit_price(c, u, &p);
		printf("  %-12s %-20s %5d %6d %5d %6d\n", u->id,
		    c->units[u->type].id, p.unit, p.boosts, p.items, p.total);
		squad_print_boosts(c, u);
		squad_print_roster(u);
	}
	printf("  %-12s %-20s %5s %6s %5s %6d\n", "total", "", "", "", "",
	    squad_points(c, sq));
}

bool
cli_check_squad(const struct catalog *cat, const char *path, bool price,
    bool quiet)
{
	struct squad	sq;
	struct diags	d;
	bool		ok;

	diags_init(&d, path, NULL, 0);
	ok = squad_load(path, cat, NULL, &sq, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	if (!ok)
		return false;
	if (price)
		squad_print_price(path, cat, &sq);
	else if (!quiet) {
		printf("%s: valid: %s squad, %zu unit%s, %d points", path,
		    side_names[sq.side], sq.nunits, sq.nunits == 1 ? "" : "s",
		    squad_points(cat, &sq));
		if (sq.budget > 0)
			printf(" of %d", sq.budget);
		printf(", technology level %d\n", sq.tech_level);
	}
	squad_free(&sq);
	return true;
}

/*
 * The builder on path: the squad there (it must be valid, so it is as
 * --squad reads it), or a new one of side with no units.  A budget given
 * (>= 0) replaces the file's.
 */
static int
squad_edit(const struct catalog *cat, const char *path, int budget,
    enum side side)
{
	struct squad	sq;
	struct diags	d;
	struct stat	st;
	int		status;

	memset(&sq, 0, sizeof sq);
	if (stat(path, &st) == 0) {
		diags_init(&d, path, NULL, 0);
		if (!squad_load(path, cat, NULL, &sq, &d)) {
			diags_print(&d, stderr);
			diags_free(&d);
			fprintf(stderr, "xtac squad: %s: mend these first; the "
			    "builder opens a valid squad or a new file\n",
			    path);
			return EXIT_INVALID;
		}
		diags_free(&d);
	} else if (errno == ENOENT) {
		sq.side = side;
		sq.tech_level = 4;
	} else {
		fprintf(stderr, "xtac squad: %s: %s\n", path, strerror(errno));
		return EXIT_TROUBLE;
	}
	if (budget >= 0)
		sq.budget = budget;
	status = ui_squad_edit(cat, path, &sq);
	squad_free(&sq);
	return status;
}

int
cmd_squad(struct cli *cli, int argc, char **argv)
{
	static const struct option	opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "price", no_argument, NULL, 'p' },
		{ "edit", no_argument, NULL, 'e' },
		{ "budget", required_argument, NULL, 'b' },
		{ "side", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog			cat;
	bool				check = false, price = false;
	bool				quiet = false, edit = false;
	enum side			side = SIDE_XCOM;
	char				*end;
	long				budget = -1;
	int				ch, i, status = EXIT_OK;

	while ((ch = getopt_long(argc, argv, "q", opts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			check = true;
			break;
		case 'p':
			price = true;
			break;
		case 'e':
			edit = true;
			break;
		case 'b':
			errno = 0;
			budget = strtol(optarg, &end, 10);
			if (*end != '\0' || end == optarg || errno != 0 ||
			    budget < 0 || budget > 100000) {
				fprintf(stderr, "xtac squad: a budget is 0 to "
				    "100000 points, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 's':
			if (!cli_parse_side(optarg, &side)) {
				fprintf(stderr, "xtac squad: a squad is xcom "
				    "or alien, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'q':
			quiet = true;
			break;
		default:
			return cli_usage_error("squad");
		}
	}
	if (check + price + edit != 1) {
		fprintf(stderr, "xtac squad: give --check, --price or "
		    "--edit\n");
		return cli_usage_error("squad");
	}
	if (!edit && (budget >= 0 || side != SIDE_XCOM)) {
		fprintf(stderr, "xtac squad: --budget and --side go with "
		    "--edit\n");
		return cli_usage_error("squad");
	}
	if (optind >= argc || (edit && argc - optind != 1)) {
		fprintf(stderr, "xtac squad: %s\n", optind >= argc ? "no files "
		    "given" : "--edit takes one file");
		return cli_usage_error("squad");
	}
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr)) {
		fprintf(stderr, "xtac squad: the unit catalog in %s/units is "
		    "broken\n", cli->datadir);
		return EXIT_TROUBLE;
	}
	if (edit)
		status = squad_edit(&cat, argv[optind], (int)budget, side);
	else
		for (i = optind; i < argc; i++)
			if (!cli_check_squad(&cat, argv[i], price, quiet))
				status = EXIT_INVALID;
	catalog_free(&cat);
	return edit ? cli_client_status(status) : status;
}
