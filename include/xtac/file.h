/*
 * file.h - whole files in and out, for saves and logs: read a file of
 * bounded size; write one so that a crash, a full disk or a bad directory
 * never leaves it half written (the old file stays as it was).
 */
#ifndef XTAC_FILE_H
#define XTAC_FILE_H

#include <stddef.h>

/* Temporary files beside their target begin so (file_clean_temps). */
#define FILE_TEMP_PREFIX	".xtac-tmp."

/*
 * Open a regular file of at most max bytes to read: a descriptor, or -1
 * with "PATH: why" in *cause.  A FIFO, a device, a socket or a directory is
 * refused at once (never waited on), named for what it is.
 */
int	 file_open_read(const char *path, size_t max, char **cause);

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

/*
 * Whether path may be replaced by a file: 0 when it is a regular file or
 * nothing; -1 with "cannot write PATH: it is a FIFO ..., not a file" when
 * it is a FIFO, a device or a directory (never replaced: /dev/null stays).
 */
int	 file_replaceable(const char *path, char **cause);

/* Write all len bytes (EINTR retried); 0, or -1 and errno. */
int	 file_write_all(int fd, const char *data, size_t len);

/* The directory part of path ("." if none); owned by the caller. */
char	*file_dirname(const char *path);

/*
 * Remove the temporary files file_write() (or a journal) left in dir when
 * a process died while writing: those at least age seconds old.
 */
void	 file_clean_temps(const char *dir, int age);

/* Make a directory and its parents (mode 0700 for new ones). */
int	 file_mkdirs(const char *dir, char **cause);

#endif
