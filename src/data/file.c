/*
 * file.c - whole files in and out (file.h).  Writes go to a temporary file
 * beside the target and are renamed over it only once fsync has said the
 * bytes are on disk: rename(2) within a directory is atomic, so a reader
 * (or a crash) sees the old file or the new one, never a mixture.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "xtac/file.h"
#include "xtac/util.h"

/* What a file that is not a regular file is, for a message. */
static const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO (named pipe)";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

int
file_open_read(const char *path, size_t max, char **cause)
{
	struct stat	st;
	int		fd, flags;

	/* Non-blocking, so a FIFO with no writer cannot hang the open. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0)
		return cause_set(cause, "%s: cannot open: %s", path,
		    strerror(errno));
	if (fstat(fd, &st) != 0) {
		cause_set(cause, "%s: cannot read: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		cause_set(cause, "%s: is %s, not a file", path,
		    file_kind(st.st_mode));
		close(fd);
		return -1;
	}
	if ((unsigned long long)st.st_size > max) {
		cause_set(cause, "%s: larger than %zu bytes", path, max);
		close(fd);
		return -1;
	}
	if ((flags = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}

int
file_replaceable(const char *path, char **cause)
{
	struct stat	st;

	if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
		return 0;
	return cause_set(cause, "cannot write %s: it is %s, not a file", path,
	    file_kind(st.st_mode));
}

char *
file_read(const char *path, size_t max, size_t *len, char **cause)
{
	struct strbuf	 sb;
	char		 buf[8192];
	ssize_t		 n;
	int		 fd;

	if ((fd = file_open_read(path, max, cause)) < 0)
		return NULL;
	strbuf_init(&sb);
	for (;;) {
		n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		/* It may have grown since it was measured. */
		if (sb.len + (size_t)n > max) {
			close(fd);
			strbuf_free(&sb);
			cause_set(cause, "%s: larger than %zu bytes", path, max);
			return NULL;
		}
		strbuf_add(&sb, buf, (size_t)n);
	}
	if (n < 0) {
		cause_set(cause, "%s: cannot read: %s", path, strerror(errno));
		close(fd);
		strbuf_free(&sb);
		return NULL;
	}
	close(fd);
	*len = sb.len;
	strbuf_add(&sb, "", 1);
	return strbuf_steal(&sb);
}

/* The directory part of path ("." if none). */
char *
file_dirname(const char *path)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

int
file_write_all(int fd, const char *data, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = ENOSPC;
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

int
file_write(const char *path, const char *data, size_t len, char **cause)
{
	char	*dir, *tmp;
	int	 fd, dfd, saved;

	if (file_replaceable(path, cause) != 0)
		return -1;
	dir = file_dirname(path);

	tmp = xasprintf("%s/" FILE_TEMP_PREFIX "XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0) {
		saved = errno;
		free(tmp);
		free(dir);
		return cause_set(cause, "cannot write %s: %s", path,
		    strerror(saved));
	}
	if (file_write_all(fd, data, len) != 0 || fsync(fd) != 0) {
		saved = errno;
		close(fd);
		goto fail;
	}
	if (fchmod(fd, 0644) != 0 || close(fd) != 0) {
		saved = errno;
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		saved = errno;
		goto fail;
	}
	/* The rename itself lasts once the directory is on disk. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	free(tmp);
	free(dir);
	return 0;
fail:
	unlink(tmp);
	free(tmp);
	free(dir);
	return cause_set(cause, "cannot write %s: %s", path,
	    strerror(saved));
}

int
file_mkdirs(const char *dir, char **cause)
{
	char		*p = xstrdup(dir), *s, c;
	struct stat	 st;

	/* Each prefix ending at a slash, then the whole. */
	for (s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		c = *s;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST) {
			cause_set(cause, "cannot make %s: %s", p,
			    strerror(errno));
			free(p);
			return -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	if (stat(dir, &st) != 0)
		return cause_set(cause, "cannot make %s: %s", dir,
		    strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return cause_set(cause, "cannot make %s: a file is in the way",
		    dir);
	return 0;
}

void
file_clean_temps(const char *dir, int age)
{
	DIR		*d;
	struct dirent	*e;
	struct stat	 st;
	time_t		 now = time(NULL);
	int		 dfd;

	if ((d = opendir(dir)) == NULL)
		return;
	dfd = dirfd(d);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, FILE_TEMP_PREFIX,
		    strlen(FILE_TEMP_PREFIX)) != 0)
			continue;
		/* A young one may be another process's, being written. */
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode) && now - st.st_mtime >= age)
			unlinkat(dfd, e->d_name, 0);
	}
	closedir(d);
}
