/*
 * test_file.c - whole files in and out (file.h): a write replaces the file
 * whole and leaves no temporary file behind; a write that cannot be done
 * says why and leaves the old file as it was; directories are made with
 * their parents; reading is bounded and refuses special files at once;
 * stale temporary files are cleaned up.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include "xtac/file.h"
#include "xtac/util.h"

static char *
make_tmpdir(void)
{
	char	*dir = xstrdup("/tmp/xtac-test-file.XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void
remove_tree(const char *dir)
{
	char	*cmd = xasprintf("rm -rf '%s'", dir);

	assert_int_equal(system(cmd), 0);
	free(cmd);
}

static size_t
entries(const char *dir)
{
	DIR		*d = opendir(dir);
	struct dirent	*e;
	size_t		 n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
test_file_write_replaces(void **state)
{
	char	*dir = make_tmpdir(), *path, *text, *cause = NULL;
	size_t	 len;

	(void)state;
	path = xasprintf("%s/a.save", dir);
	assert_int_equal(file_write(path, "first\n", 6, &cause), 0);
	assert_int_equal(file_write(path, "second\n", 7, &cause), 0);
	text = file_read(path, 100, &len, &cause);
	assert_non_null(text);
	assert_int_equal(len, 7);
	assert_string_equal(text, "second\n");
	/* No temporary file is left beside it. */
	assert_int_equal(entries(dir), 1);
	free(text);
	free(path);
	remove_tree(dir);
	free(dir);
}

/* A write that cannot happen says why; the file there stays as it was. */
static void
test_file_write_fails_cleanly(void **state)
{
	char	*dir = make_tmpdir(), *path, *bad, *text, *cause = NULL;
	size_t	 len;

	(void)state;
	path = xasprintf("%s/a.save", dir);
	assert_int_equal(file_write(path, "kept\n", 5, &cause), 0);
	bad = xasprintf("%s/a.save/b.save", dir);
	assert_int_equal(file_write(bad, "lost\n", 5, &cause), -1);
	assert_non_null(cause);
	assert_non_null(strstr(cause, "cannot write"));
	assert_non_null(strstr(cause, "Not a directory"));
	free(cause);
	cause = NULL;
	/* A directory where the file should go: rename fails, old kept. */
	free(bad);
	bad = xasprintf("%s/d", dir);
	assert_int_equal(file_mkdirs(bad, &cause), 0);
	assert_int_equal(file_write(bad, "lost\n", 5, &cause), -1);
	free(cause);
	cause = NULL;
	assert_int_equal(entries(dir), 2);
	text = file_read(path, 100, &len, &cause);
	assert_string_equal(text, "kept\n");
	free(text);
	free(bad);
	free(path);
	remove_tree(dir);
	free(dir);
}

static void
test_file_mkdirs(void **state)
{
	char	*dir = make_tmpdir(), *deep, *file, *cause = NULL;

	(void)state;
	deep = xasprintf("%s/x/y/z", dir);
	assert_int_equal(file_mkdirs(deep, &cause), 0);
	assert_int_equal(file_mkdirs(deep, &cause), 0);	/* again: fine */
	file = xasprintf("%s/f", dir);
	assert_int_equal(file_write(file, "", 0, &cause), 0);
	free(deep);
	deep = xasprintf("%s/f/saves", dir);
	assert_int_equal(file_mkdirs(deep, &cause), -1);
	assert_non_null(strstr(cause, "cannot make"));
	free(cause);
	free(deep);
	free(file);
	remove_tree(dir);
	free(dir);
}

static void
test_file_read_bounded(void **state)
{
	char	*dir = make_tmpdir(), *path, *cause = NULL;
	size_t	 len;

	(void)state;
	path = xasprintf("%s/big", dir);
	assert_int_equal(file_write(path, "0123456789", 10, &cause), 0);
	assert_null(file_read(path, 9, &len, &cause));
	assert_non_null(strstr(cause, "larger than 9 bytes"));
	free(cause);
	cause = NULL;
	assert_null(file_read(dir, 100, &len, &cause));
	assert_non_null(strstr(cause, "is a directory"));
	free(cause);
	free(path);
	remove_tree(dir);
	free(dir);
}

/* Special files are refused at once, never waited on. */
static void
test_file_read_special(void **state)
{
	char	*dir = make_tmpdir(), *fifo, *cause = NULL;
	size_t	 len;

	(void)state;
	fifo = xasprintf("%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* No writer: a blocking open would hang here. */
	assert_null(file_read(fifo, 100, &len, &cause));
	assert_non_null(strstr(cause, "is a FIFO (named pipe), not a file"));
	free(cause);
	cause = NULL;
	assert_null(file_read("/dev/null", 100, &len, &cause));
	assert_string_equal(cause, "/dev/null: is a device, not a file");
	free(cause);
	free(fifo);
	remove_tree(dir);
	free(dir);
}

/* Old temporary files go; young ones may be another's, and stay. */
static void
test_file_clean_temps(void **state)
{
	char		*dir = make_tmpdir(), *old, *young, *other;
	char		*cause = NULL;
	struct utimbuf	 t = { 1000, 1000 };

	(void)state;
	old = xasprintf("%s/" FILE_TEMP_PREFIX "old", dir);
	young = xasprintf("%s/" FILE_TEMP_PREFIX "young", dir);
	other = xasprintf("%s/game.save", dir);
	assert_int_equal(file_write(old, "x", 1, &cause), 0);
	assert_int_equal(file_write(young, "x", 1, &cause), 0);
	assert_int_equal(file_write(other, "x", 1, &cause), 0);
	assert_int_equal(utime(old, &t), 0);
	assert_int_equal(utime(other, &t), 0);
	file_clean_temps(dir, 60);
	assert_int_equal(access(old, F_OK), -1);
	assert_int_equal(access(young, F_OK), 0);
	assert_int_equal(access(other, F_OK), 0);
	free(old);
	free(young);
	free(other);
	remove_tree(dir);
	free(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_write_replaces),
		cmocka_unit_test(test_file_write_fails_cleanly),
		cmocka_unit_test(test_file_mkdirs),
		cmocka_unit_test(test_file_read_bounded),
		cmocka_unit_test(test_file_read_special),
		cmocka_unit_test(test_file_clean_temps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
