/*
 * file.h - whole files in and out, for saves and logs: read a file of
 * bounded size; write one so that a crash, a full disk or a bad directory
 * never leaves it half written (the old file stays as it was).
 */
#ifndef XTAC_FILE_H
#define XTAC_FILE_H

#include <stddef.h>

/*
 * The bytes of a file of at most max bytes, with a NUL after them, and
 * their number in *len; NULL with "PATH: why" in *cause.
 */
char	*file_read(const char *path, size_t max, size_t *len, char **cause);

/*
 * Replace path with len bytes of data, safely: write a temporary file in
 * the same directory, fsync it, rename it over path, fsync the directory.
 * Returns 0, or -1 with "cannot write PATH: why" in *cause and nothing
 * changed (the temporary file removed).
 */
int	 file_write(const char *path, const char *data, size_t len,
	     char **cause);

/* Make a directory and its parents (mode 0700 for new ones). */
int	 file_mkdirs(const char *dir, char **cause);

#endif
