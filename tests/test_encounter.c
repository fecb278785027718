/*
 * test_encounter.c - encounter files (encounter.h, xtac-map(5)): what
 * encounter_format writes encounter_load reads back the same, names with
 * any character included; problems named at their line and column.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xtac/encounter.h"
#include "xtac/util.h"

static char *
test_encounter_write(const char *text)
{
	char	*path = xstrdup("/tmp/xtac-encounter-XXXXXX");
	int	 fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

static void
test_encounter_round_trip(void **state)
{
	struct encounter	 e, back;
	struct diags		 d;
	char			*text, *path;

	(void)state;
	memset(&e, 0, sizeof e);
	e.name = xstrdup("The \"raid\": \\ at night");
	e.map = xstrdup("../maps/farm raid.yaml");
	e.squad[SIDE_ALIEN] = xstrdup("raiders");
	e.has_seed = true;
	e.seed = 18446744073709551615ull;
	text = encounter_format(&e);
	assert_string_equal(text, "xtac-encounter: 1\n"
	    "name: \"The \\\"raid\\\": \\\\ at night\"\n"
	    "map: \"../maps/farm raid.yaml\"\n"
	    "seed: 18446744073709551615\n"
	    "squads:\n  alien: \"raiders\"\n");
	path = test_encounter_write(text);
	diags_init(&d, path, NULL, 0);
	assert_true(encounter_load(path, &back, &d));
	assert_int_equal(d.n, 0);
	diags_free(&d);
	assert_string_equal(back.name, e.name);
	assert_string_equal(back.map, e.map);
	assert_null(back.squad[SIDE_XCOM]);
	assert_string_equal(back.squad[SIDE_ALIEN], "raiders");
	assert_true(back.has_seed);
	assert_true(back.seed == e.seed);
	assert_true(data_file_is_encounter(path));
	unlink(path);
	free(path);
	free(text);
	encounter_free(&back);
	encounter_free(&e);
}

static void
test_encounter_problems(void **state)
{
	struct encounter	 e;
	struct diags		 d;
	char			*path, *msg;

	(void)state;
	path = test_encounter_write("xtac-encounter: 2\nseed: -1\n"
	    "squads: {xcom: [a]}\nmapp: x\n");
	diags_init(&d, path, NULL, 0);
	assert_false(encounter_load(path, &e, &d));
	assert_null(e.map);
	{
		static const char *const want[] = {
			":4:1: unknown key 'mapp'",
			":1:17: this is xtac-encounter format 2; this xtac reads "
			    "format 1",
			":1:1: an encounter file is missing 'map'",
			":2:7: bad seed '-1' (a whole number, or 0x hex)",
			":3:16: a squad should be a scalar, not a list",
		};
		size_t	i;

		for (i = 0; i < d.n; i++) {
			msg = diag_format(&d, i);
			if (i >= XTAC_NITEMS(want) || strstr(msg, want[i]) ==
			    NULL)
				fail_msg("problem %zu: '%s'", i, msg);
			free(msg);
		}
		assert_int_equal(d.n, XTAC_NITEMS(want));
	}
	diags_free(&d);
	unlink(path);
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_encounter_round_trip),
		cmocka_unit_test(test_encounter_problems),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
