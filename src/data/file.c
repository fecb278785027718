/*
 * file.c - whole files in and out (file.h).  Writes go to a temporary file
 * beside the target and are renamed over it only once fsync has said the
 * bytes are on disk: rename(2) within a directory is atomic, so a reader
 * (or a crash) sees the old file or the new one, never a mixture.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xtac/file.h"
#include "xtac/util.h"

char *
file_read(const char *path, size_t max, size_t *len, char **cause)
{
	FILE		*f;
	struct strbuf	 sb;
	char		 buf[8192];
	size_t		 n;
	struct stat	 st;

	if ((f = fopen(path, "rb")) == NULL) {
		cause_set(cause, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		cause_set(cause, "%s: is a directory", path);
		return NULL;
	}
	strbuf_init(&sb);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		if (sb.len + n > max) {
			fclose(f);
			strbuf_free(&sb);
			cause_set(cause, "%s: larger than %zu bytes", path, max);
			return NULL;
		}
		strbuf_add(&sb, buf, n);
	}
	if (ferror(f)) {
		cause_set(cause, "%s: cannot read: %s", path, strerror(errno));
		fclose(f);
		strbuf_free(&sb);
		return NULL;
	}
	fclose(f);
	*len = sb.len;
	strbuf_add(&sb, "", 1);
	return strbuf_steal(&sb);
}

/* The directory part of path ("." if none). */
static char *
file_dirname(const char *path)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

static int
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
	char	*dir = file_dirname(path), *tmp;
	int	 fd, dfd, saved;

	tmp = xasprintf("%s/.xtac-tmp.XXXXXX", dir);
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
