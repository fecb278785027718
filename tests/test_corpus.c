/*
 * test_corpus.c - the bad-scenario corpus and the shipped maps.
 *
 * Every tests/data/bad/NAME.yaml holds one mistake (or a few) and, in
 * comments anywhere in the file, the exact diagnostics `xtac check` gives
 * for it, without the file name:
 *
 *	# expect: 12:7: unknown floor 'gras' (known: none, grass, ...)
 *	# expect: 20:5: warning: ana starts outside the xcom deployment zones
 *
 * Each file is loaded with scenario_load against the shipped catalog
 * (units/); it must be rejected unless all it expects are warnings, and
 * what the loader reports must be exactly what the file expects: none
 * missing, none unexpected, none repeated (compared as multisets, so a
 * diagnostic reported twice is caught).  A mismatch prints both lists'
 * differences.  Every shipped map (maps/NAME.yaml) must load without
 * errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "xtac/diag.h"
#include "xtac/load.h"
#include "xtac/util.h"

#define CORPUS_GLOB	"tests/data/bad/*.yaml"
#define MAPS_GLOB	"maps/*.yaml"
#define CORPUS_MIN	20
#define EXPECT_TAG	"# expect:"

static struct catalog	*corpus_catalog;
static size_t		 corpus_nfiles;

struct lines {
	char	**v;
	size_t	  n;
};

static void
lines_add(struct lines *l, char *owned)
{
	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	l->v[l->n++] = owned;
}

static void
lines_free(struct lines *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int
lines_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The "# expect: ..." comments of a file, in file order. */
static bool
corpus_expectations(const char *path, struct lines *out)
{
	FILE	*f;
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 len;

	if ((f = fopen(path, "r")) == NULL) {
		print_error("%s: cannot open\n", path);
		return false;
	}
	while ((len = getline(&line, &cap, f)) != -1) {
		char *p = line, *end = line + len;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (strncmp(p, EXPECT_TAG, strlen(EXPECT_TAG)) != 0)
			continue;
		p += strlen(EXPECT_TAG);
		while (p < end && *p == ' ')
			p++;
		while (end > p && (end[-1] == '\n' || end[-1] == '\r' ||
		    end[-1] == ' ' || end[-1] == '\t'))
			end--;
		lines_add(out, xstrndup(p, (size_t)(end - p)));
	}
	free(line);
	fclose(f);
	return true;
}

/* What the loader reported, each as "LINE:COL: message" (or "message"). */
static void
corpus_produced(const struct diags *d, struct lines *out)
{
	size_t	i, flen = strlen(d->file);

	for (i = 0; i < d->n; i++) {
		char		*s = diag_format(d, i);
		const char	*p = s;

		if (strncmp(s, d->file, flen) == 0 && s[flen] == ':') {
			p = s + flen + 1;
			if (*p == ' ')	/* "file: message" has no position */
				p++;
		}
		lines_add(out, xstrdup(p));
		free(s);
	}
}

/* Whether every expectation is a warning ("L:C: warning: ..."). */
static bool
corpus_only_warnings(const struct lines *want)
{
	size_t	i;

	for (i = 0; i < want->n; i++) {
		const char *p = want->v[i];

		if (*p >= '0' && *p <= '9') {
			if ((p = strstr(p, ": ")) == NULL)
				return false;
			p += 2;
		}
		if (strncmp(p, "warning: ", 9) != 0)
			return false;
	}
	return true;
}

/*
 * Print what is expected but missing, then what is reported but not
 * expected; the number of differences.
 */
static size_t
corpus_diff(const char *path, const struct lines *want,
    const struct lines *got)
{
	char	**w = xcalloc(want->n + 1, sizeof *w);
	char	**g = xcalloc(got->n + 1, sizeof *g);
	struct lines missing = { NULL, 0 }, extra = { NULL, 0 };
	size_t	  i = 0, j = 0, diffs;

	if (want->n > 0)
		memcpy(w, want->v, want->n * sizeof *w);
	if (got->n > 0)
		memcpy(g, got->v, got->n * sizeof *g);
	qsort(w, want->n, sizeof *w, lines_compare);
	qsort(g, got->n, sizeof *g, lines_compare);
	while (i < want->n || j < got->n) {
		int c = i >= want->n ? 1 : j >= got->n ? -1 :
		    strcmp(w[i], g[j]);

		if (c == 0) {
			i++;
			j++;
		} else if (c < 0)
			lines_add(&missing, xstrdup(w[i++]));
		else
			lines_add(&extra, xstrdup(g[j++]));
	}
	diffs = missing.n + extra.n;
	if (diffs > 0) {
		print_error("%s: the diagnostics differ from the file's "
		    "'%s' comments\n", path, EXPECT_TAG);
		for (i = 0; i < missing.n; i++)
			print_error("  - expected, not reported: %s\n",
			    missing.v[i]);
		for (i = 0; i < extra.n; i++)
			print_error("  + reported, not expected: %s\n",
			    extra.v[i]);
		print_error("  all reported (%zu), in the order found:\n", got->n);
		for (i = 0; i < got->n; i++)
			print_error("    %s\n", got->v[i]);
	}
	lines_free(&missing);
	lines_free(&extra);
	free(w);
	free(g);
	return diffs;
}

/* One bad file: its expectations, exactly. */
static void
test_corpus_file(void **state)
{
	const char	*path = *state;
	struct lines	 want = { NULL, 0 }, got = { NULL, 0 };
	struct diags	 d;
	struct scenario	*s;
	bool		 read, warnings_only, ok = true;
	size_t		 diffs;

	assert_non_null(corpus_catalog);
	read = corpus_expectations(path, &want);
	if (read && want.n == 0)
		print_error("%s: no '%s' comments: a bad file says what it "
		    "expects\n", path, EXPECT_TAG);
	if (!read || want.n == 0) {
		lines_free(&want);
		fail();
	}
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, corpus_catalog, &d);
	corpus_produced(&d, &got);
	diffs = corpus_diff(path, &want, &got);
	warnings_only = corpus_only_warnings(&want);
	if (warnings_only && s == NULL) {
		print_error("%s: only warnings are expected, but the scenario "
		    "was rejected\n", path);
		ok = false;
	}
	if (!warnings_only && s != NULL) {
		print_error("%s: errors are expected, but the scenario was "
		    "accepted\n", path);
		ok = false;
	}
	if ((size_t)(d.errors + d.warnings) != d.n) {
		print_error("%s: %d problems counted, %zu kept\n", path,
		    d.errors + d.warnings, d.n);
		ok = false;
	}
	scenario_free(s);
	diags_free(&d);
	lines_free(&want);
	lines_free(&got);
	assert_int_equal(diffs, 0);
	assert_true(ok);
}

/* A shipped map: it loads, and nothing is wrong with it. */
static void
test_corpus_map(void **state)
{
	const char	*path = *state;
	struct diags	 d;
	struct scenario	*s;
	int		 errors;

	assert_non_null(corpus_catalog);
	diags_init(&d, path, NULL, 0);
	s = scenario_load(path, corpus_catalog, &d);
	if (d.n > 0)
		fixture_dump(&d);
	errors = d.errors;
	if (s == NULL)
		print_error("%s: rejected\n", path);
	scenario_free(s);
	diags_free(&d);
	assert_int_equal(errors, 0);
	assert_non_null(s);
}

static void
test_corpus_size(void **state)
{
	(void)state;
	if (corpus_nfiles < CORPUS_MIN)
		print_error("%s: %zu files, at least %d wanted\n", CORPUS_GLOB,
		    corpus_nfiles, CORPUS_MIN);
	assert_true(corpus_nfiles >= CORPUS_MIN);
}

int
main(void)
{
	glob_t			 bad, maps;
	struct CMUnitTest	*tests;
	char			**names;
	size_t			 n = 0, i, nnames = 0;
	int			 rc;

	memset(&bad, 0, sizeof bad);
	memset(&maps, 0, sizeof maps);
	if (glob(CORPUS_GLOB, 0, NULL, &bad) != 0)
		bad.gl_pathc = 0;
	if (glob(MAPS_GLOB, 0, NULL, &maps) != 0)
		maps.gl_pathc = 0;
	corpus_nfiles = bad.gl_pathc;
	corpus_catalog = fixture_real_catalog();
	if (corpus_catalog == NULL)
		fprintf(stderr, "test_corpus: the catalog in units/ does not "
		    "load (run from the source tree)\n");

	tests = xcalloc(1 + bad.gl_pathc + maps.gl_pathc, sizeof *tests);
	names = xcalloc(bad.gl_pathc + maps.gl_pathc + 1, sizeof *names);
	tests[n++] = (struct CMUnitTest){ "corpus_size", test_corpus_size,
	    NULL, NULL, NULL };
	for (i = 0; i < bad.gl_pathc; i++) {
		names[nnames] = xasprintf("diagnoses %s", bad.gl_pathv[i]);
		tests[n++] = (struct CMUnitTest){ names[nnames++],
		    test_corpus_file, NULL, NULL, bad.gl_pathv[i] };
	}
	for (i = 0; i < maps.gl_pathc; i++) {
		names[nnames] = xasprintf("loads %s", maps.gl_pathv[i]);
		tests[n++] = (struct CMUnitTest){ names[nnames++],
		    test_corpus_map, NULL, NULL, maps.gl_pathv[i] };
	}
	rc = _cmocka_run_group_tests("corpus", tests, n, NULL, NULL);

	for (i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	free(tests);
	fixture_real_catalog_free(corpus_catalog);
	globfree(&bad);
	globfree(&maps);
	return rc;
}
