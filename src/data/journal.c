/*
 * journal.c - a save written as the game goes (journal.h).
 *
 * The header goes to a temporary file that is made durable and then put
 * in place, by rename(2) over an old save, or by link(2), which refuses a
 * name already taken, for a new one: two processes starting games in the
 * same second get two files.  Records are appended with one write(2) each
 * sync and fdatasync(2) before the driver reads its next command; a write
 * that fails is cut off again (ftruncate) so the file is always a whole
 * journal.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xtac/file.h"
#include "xtac/journal.h"
#include "xtac/util.h"

/* Temporary files older than this are a dead process's. */
#define JOURNAL_STALE	60

void
journal_init(struct journal *j)
{
	memset(j, 0, sizeof *j);
	j->fd = -1;
}

/* Make the directory entry of a new or renamed file durable. */
static void
journal_sync_dir(const char *dir)
{
	int	dfd;

	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
}

/* path with "-N" before its ".save" (or at the end). */
static char *
journal_numbered(const char *path, int n)
{
	size_t	len = strlen(path);

	if (len > 5 && strcmp(path + len - 5, ".save") == 0)
		return xasprintf("%.*s-%d.save", (int)(len - 5), path, n);
	return xasprintf("%s-%d", path, n);
}

/*
 * Give the file tmp the name path too, only if no file has it: link(2).
 * A file system without hard links gets the name claimed by an exclusive
 * create, then the file renamed over the claim.  0, or -1 and errno
 * (EEXIST: the name is taken).
 */
static int
journal_claim(const char *tmp, const char *path)
{
	int	fd;

	if (link(tmp, path) == 0)
		return 0;
	if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP &&
	    errno != EMLINK)
		return -1;
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0644)) < 0)
		return -1;
	close(fd);
	if (rename(tmp, path) != 0) {
		unlink(path);
		return -1;
	}
	/* tmp is gone: the caller's unlink of it finds nothing. */
	return 0;
}

/* Put the temporary file tmp at path (or a free numbered name). */
static int
journal_publish(struct journal *j, const char *tmp, const char *path,
    bool exclusive)
{
	char	*name = xstrdup(path);
	int	 n;

	if (!exclusive) {
		if (rename(tmp, path) != 0) {
			free(name);
			return -1;
		}
		j->path = name;
		return 0;
	}
	for (n = 2; journal_claim(tmp, name) != 0; n++) {
		if (errno != EEXIST || n > 1000) {
			free(name);
			return -1;
		}
		free(name);
		name = journal_numbered(path, n);
	}
	unlink(tmp);
	j->path = name;
	return 0;
}

int
journal_begin(struct journal *j, const char *path, const struct game *g,
    const char *map, uint64_t map_hash, const struct save_players *players,
    bool exclusive, char **cause)
{
	char		*dir = file_dirname(path), *tmp, *head, *body;
	uint64_t	 h = SAVE_CHAIN_START;
	size_t		 n = game_journal_length(g);
	int		 fd, saved;

	journal_init(j);
	if (file_replaceable(path, cause) != 0) {
		free(dir);
		return -1;
	}
	file_clean_temps(dir, JOURNAL_STALE);
	head = save_format_header(g, map, map_hash, players, &h);
	body = save_format_records(g, 0, n, &h);
	tmp = xasprintf("%s/" FILE_TEMP_PREFIX "XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0) {
		saved = errno;
		goto fail;
	}
	/* Held while the game is played: it is not interrupted. */
	flock(fd, LOCK_EX | LOCK_NB);
	if (file_write_all(fd, head, strlen(head)) != 0 ||
	    file_write_all(fd, body, strlen(body)) != 0 ||
	    fchmod(fd, 0644) != 0 || fsync(fd) != 0 ||
	    journal_publish(j, tmp, path, exclusive) != 0) {
		saved = errno;
		close(fd);
		unlink(tmp);
		goto fail;
	}
	journal_sync_dir(dir);
	j->fd = fd;
	j->chain = h;
	j->entries = n;
	j->len = (off_t)(strlen(head) + strlen(body));
	free(head);
	free(body);
	free(tmp);
	free(dir);
	return 0;
fail:
	free(head);
	free(body);
	free(tmp);
	free(dir);
	return cause_set(cause, "cannot write %s: %s", path,
	    strerror(saved));
}

/* Append text whole and durably, or leave the file as it was. */
static int
journal_append(struct journal *j, const char *text, char **cause)
{
	size_t	len = strlen(text);
	int	saved;

	if (j->fd < 0)
		return cause_set(cause, "cannot write %s: the journal is "
		    "closed", j->path != NULL ? j->path : "the save");
	if (file_write_all(j->fd, text, len) == 0 && fdatasync(j->fd) == 0) {
		j->len += (off_t)len;
		return 0;
	}
	saved = errno;
	/* A part written is no record: take it back. */
	if (ftruncate(j->fd, j->len) == 0)
		fdatasync(j->fd);
	lseek(j->fd, j->len, SEEK_SET);
	return cause_set(cause, "cannot write %s: %s", j->path,
	    strerror(saved));
}

int
journal_sync(struct journal *j, const struct game *g, char **cause)
{
	size_t		 n = game_journal_length(g);
	uint64_t	 h = j->chain;
	char		*text;
	int		 rc;

	if (n == j->entries)
		return 0;
	text = save_format_records(g, j->entries, n, &h);
	rc = journal_append(j, text, cause);
	free(text);
	if (rc == 0) {
		j->chain = h;
		j->entries = n;
	}
	return rc;
}

int
journal_end(struct journal *j, const struct game *g, char **cause)
{
	uint64_t	 h;
	char		*text;
	int		 rc;

	if (j->ended)
		return 0;
	if (journal_sync(j, g, cause) != 0)
		return -1;
	h = j->chain;
	text = save_format_end(g, &h);
	rc = journal_append(j, text, cause);
	free(text);
	if (rc == 0) {
		j->chain = h;
		j->ended = true;
	}
	return rc;
}

void
journal_close(struct journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	free(j->path);
	journal_init(j);
}

bool
journal_in_use(const char *path)
{
	int	fd;
	bool	locked;

	if ((fd = file_open_read(path, SAVE_MAX_BYTES, NULL)) < 0)
		return false;
	locked = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
	close(fd);
	return locked;
}

bool
journal_interrupted(const char *path)
{
	char		 tail[128];
	ssize_t		 n;
	struct stat	 st;
	int		 fd;
	bool		 yes;
	char		*nl, *last;

	if ((fd = file_open_read(path, SAVE_MAX_BYTES, NULL)) < 0)
		return false;
	if (flock(fd, LOCK_SH | LOCK_NB) != 0 || fstat(fd, &st) != 0) {
		close(fd);
		return false;
	}
	n = pread(fd, tail, sizeof tail - 1, st.st_size > (off_t)sizeof tail -
	    1 ? st.st_size - (off_t)(sizeof tail - 1) : 0);
	close(fd);
	if (n <= 0)
		return false;
	tail[n] = '\0';
	if (memchr(tail, '\0', (size_t)n) != NULL)
		return false;
	/* The last whole line; a version 1 save is never a journal. */
	while (n > 0 && tail[n - 1] == '\n')
		tail[--n] = '\0';
	last = (nl = strrchr(tail, '\n')) != NULL ? nl + 1 : tail;
	yes = strncmp(last, "end ", 4) != 0 && strstr(tail, "\nsum ") !=
	    NULL;
	return yes;
}
