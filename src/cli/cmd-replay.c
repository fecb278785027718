/*
 * cmd-replay.c - `xtac replay FILE`: load a save (save.h), check that its
 * map is the one it was played on, replay every command and check every
 * hash line; print where the game stands and its final hash.  Also the
 * loading shared with `xtac play --load`.
 *
 * An interrupted journal replays the commands it recovered and says on
 * stderr what it lost.  The map is looked for where the save names it
 * (xtac(6) FILES), never only from the working directory.
 *
 * Exit: 0 when the save replays exactly; 1 when it does not (a bad line,
 * a failed integrity check, a refused command, a hash that differs, a map
 * changed since: the message names file:line); 2 for a bad command line;
 * 3 when the save, the map or the catalog cannot be read.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "xtac/file.h"
#include "xtac/save.h"
#include "xtac/util.h"

/* Maps are small; this keeps a mistaken path from eating RAM. */
#define REPLAY_MAX_FILE	(64u << 20)

bool
cli_map_hash(const struct cli *cli, const char *map, uint64_t *hash,
    char **cause)
{
	char	*file = cli_scenario_map_file(cli, map), *text;
	size_t	 len;

	text = file_read(file, REPLAY_MAX_FILE, &len, cause);
	free(file);
	if (text == NULL)
		return false;
	*hash = save_hash_bytes(text, len);
	free(text);
	return true;
}

/* A path's parts: "/a/b/c" is a, b, c (at most n; their number). */
static size_t
cli_path_parts(char *path, char **parts, size_t n)
{
	size_t	k = 0;
	char	*last = NULL, *w;

	for (w = strtok_r(path, "/", &last); w != NULL && k < n;
	    w = strtok_r(NULL, "/", &last))
		parts[k++] = w;
	return k;
}

char *
cli_save_map_name(const struct cli *cli, const char *map, const char *save)
{
	char	*file = cli_scenario_map_file(cli, map), *real, *maps, *dir;
	char	*rdir;
	char	*mp[256], *dp[256], *name = NULL;
	size_t	 nm, nd, k, i, len;
	struct strbuf sb;

	real = realpath(file, NULL);
	free(file);
	if (real == NULL)
		return xstrdup(map);
	/* A shipped map: its name, found in any installation. */
	file = xasprintf("%s/maps", cli->datadir);
	maps = realpath(file, NULL);
	free(file);
	len = maps != NULL ? strlen(maps) : 0;
	if (maps != NULL && strncmp(real, maps, len) == 0 && real[len] == '/' &&
	    strchr(real + len + 1, '/') == NULL && strlen(real + len + 1) > 5 &&
	    strcmp(real + strlen(real) - 5, ".yaml") == 0)
		name = xstrndup(real + len + 1, strlen(real + len + 1) - 5);
	free(maps);
	if (name != NULL) {
		free(real);
		return name;
	}
	/* Any other: from the save's directory, wherever the game starts. */
	dir = file_dirname(save);
	rdir = realpath(dir, NULL);
	free(dir);
	if (rdir == NULL)
		return real;
	name = xstrdup(real);
	nm = cli_path_parts(name, mp, XTAC_NITEMS(mp));
	nd = cli_path_parts(rdir, dp, XTAC_NITEMS(dp));
	for (k = 0; k < nm && k < nd && strcmp(mp[k], dp[k]) == 0; k++)
		;
	if (k == 0 || nm == XTAC_NITEMS(mp) || nd == XTAC_NITEMS(dp)) {
		free(name);
		free(rdir);
		return real;
	}
	strbuf_init(&sb);
	for (i = k; i < nd; i++)
		strbuf_puts(&sb, "../");
	for (i = k; i < nm; i++)
		strbuf_printf(&sb, "%s%s", mp[i], i + 1 < nm ? "/" : "");
	free(name);
	free(rdir);
	free(real);
	return strbuf_steal(&sb);
}

/*
 * The file of a save's map: the first of the places it may be whose bytes
 * hash as the save says.  NULL with the status in *status and a message
 * printed when none does.
 */
static char *
cli_save_map_file(const struct cli *cli, const struct save *save,
    FILE *report, int *status)
{
	const char	*map = save->map, *base = strrchr(map, '/');
	char		*where[4], *dir, *changed = NULL, *text, *cause = NULL;
	size_t		 n = 0, i, len;
	struct strbuf	 sb;
	uint64_t	 hash = 0, first = 0;

	dir = file_dirname(save->name);
	if (map[0] == '/')
		where[n++] = xstrdup(map);
	else {
		/* Beside the save, then as given (version 1 saves). */
		where[n++] = xasprintf("%s/%s", dir, map);
		where[n++] = xstrdup(map);
	}
	/* A shipped map's name, or the installed copy of one. */
	where[n++] = cli_map_file(cli, base != NULL ? base + 1 : map);
	free(dir);
	for (i = 0; i < n; i++) {
		if ((text = file_read(where[i], REPLAY_MAX_FILE, &len,
		    i == 0 ? &cause : NULL)) == NULL)
			continue;
		hash = save_hash_bytes(text, len);
		free(text);
		if (hash == save->map_hash)
			break;
		if (changed == NULL) {
			changed = xstrdup(where[i]);
			first = hash;
		}
	}
	if (i < n) {
		text = where[i];
		where[i] = NULL;
	} else if (changed != NULL) {
		fprintf(report, "%s:%zu: the map %s has changed since the save "
		    "(its hash was %016llx, now %016llx)\n", save->name,
		    save->map_hash_line, changed,
		    (unsigned long long)save->map_hash,
		    (unsigned long long)first);
		*status = EXIT_INVALID;
		text = NULL;
	} else {
		strbuf_init(&sb);
		for (i = 0; i < n; i++)
			strbuf_printf(&sb, "%s%s", i > 0 ? ", " : "",
			    where[i]);
		fprintf(report, "%s:%zu: the save's map cannot be read: '%s' "
		    "is not at %s%s%s\n", save->name, save->map_hash_line, map,
		    sb.data, cause != NULL ? "; " : "",
		    cause != NULL ? cause : "");
		strbuf_free(&sb);
		*status = EXIT_TROUBLE;
		text = NULL;
	}
	for (i = 0; i < n; i++)
		free(where[i]);
	free(changed);
	free(cause);
	return text;
}

/* Read and parse the save at path, a piece at a time. */
static int
cli_read_save(const char *path, struct save *save, FILE *report)
{
	char		 buf[16384], *cause = NULL;
	ssize_t		 n;
	int		 fd;
	enum ai_level	 level;

	if ((fd = file_open_read(path, SAVE_MAX_BYTES, &cause)) < 0) {
		fprintf(report, "xtac: %s\n", cause);
		free(cause);
		return EXIT_TROUBLE;
	}
	save_parse_begin(save, path);
	for (;;) {
		n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		/* The first error ends the reading. */
		if (save_parse_feed(save, buf, (size_t)n, &cause) != 0) {
			close(fd);
			fprintf(report, "%s\n", cause);
			free(cause);
			return EXIT_INVALID;
		}
	}
	if (n < 0) {
		fprintf(report, "xtac: %s: cannot read: %s\n", path,
		    strerror(errno));
		close(fd);
		save_free(save);
		return EXIT_TROUBLE;
	}
	close(fd);
	if (save_parse_finish(save, &cause) != 0) {
		fprintf(report, "%s\n", cause);
		free(cause);
		return EXIT_INVALID;
	}
	/* Which words are AI levels is the AI's to say, not the save's. */
	if (save->has_players && save->players.level[0] != '\0' &&
	    !cli_parse_ai_level(save->players.level, &level)) {
		fprintf(report, "%s:%zu: 'players' names no AI level '%s' "
		    "(random, easy, normal or hard)\n", path,
		    save->players_line, save->players.level);
		save_free(save);
		return EXIT_INVALID;
	}
	return EXIT_OK;
}

int
cli_load_save(const struct cli *cli, const char *path,
    const struct catalog *cat, struct save *save, struct scenario **s,
    struct game **g, struct event_list *ev, FILE *report)
{
	char		*cause = NULL, *file;
	int		 status;

	*s = NULL;
	*g = NULL;
	if ((status = cli_read_save(path, save, report)) != EXIT_OK)
		return status;
	if ((file = cli_save_map_file(cli, save, report, &status)) == NULL) {
		save_free(save);
		return status;
	}
	*s = cli_load_scenario_save(cli, file, cat, save, report);
	save->map_file = file;
	if (*s == NULL) {
		save_free(save);
		return EXIT_INVALID;
	}
	if ((*g = save_new_game(save, *s, ev, &cause)) == NULL ||
	    save_replay(save, *g, ev, NULL, NULL, &cause) != 0) {
		fprintf(report, "%s\n", cause);
		free(cause);
		game_free(*g);
		scenario_free(*s);
		*g = NULL;
		*s = NULL;
		save_free(save);
		return EXIT_INVALID;
	}
	event_list_clear(ev);
	return EXIT_OK;
}

int
cmd_replay(struct cli *cli, int argc, char **argv)
{
	struct catalog		 cat;
	struct save		 save;
	struct scenario		*s;
	struct game		*g;
	struct event_list	 ev;
	size_t			 i, hashes = 0;
	int			 status, side;

	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error("replay");
	memset(&cat, 0, sizeof cat);
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	event_list_init(&ev);
	status = cli_load_save(cli, argv[1], &cat, &save, &s, &g, &ev,
	    stderr);
	if (status == EXIT_OK) {
		for (i = 0; i < save.nlines; i++)
			if (strncmp(save.lines[i].text, "hash ", 5) == 0)
				hashes++;
		if (save.interrupted) {
			char *lost = save_lost(&save);

			fprintf(stderr, "%s\n", lost);
			free(lost);
		}
		printf("%s: %s: map %s, seed %llu, %zu commands, "
		    "%zu hash%s checked\n", argv[1], save.interrupted ?
		    "interrupted, the commands recovered replay exactly" :
		    "replays exactly", save.map,
		    (unsigned long long)save.seed, game_journal_length(g),
		    hashes, hashes == 1 ? "" : "es");
		side = game_side_to_move(g);
		if (game_over(g))
			printf("round %d: the game is over: %s%s\n",
			    game_round(g), game_winner(g) == GAME_NO_SIDE ?
			    "a draw" : side_names[game_winner(g)],
			    game_winner(g) == GAME_NO_SIDE ? "" : " wins");
		else
			printf("round %d: %s to move\n", game_round(g),
			    side == GAME_NO_SIDE ? "nobody" : side_names[side]);
		printf("hash %016llx\n", (unsigned long long)game_hash(g));
		game_free(g);
		scenario_free(s);
		save_free(&save);
	}
	event_list_free(&ev);
	catalog_free(&cat);
	return status;
}
