/*
 * cmd-replay.c - `xtac replay FILE`: load a save (save.h), check that its
 * map is the one it was played on, replay every command and check every
 * hash line; print where the game stands and its final hash.  Also the
 * loading shared with `xtac play --load`.
 *
 * Exit: 0 when the save replays exactly; 1 when it does not (a bad line,
 * a refused command, a hash that differs, a map changed since: the message
 * names file:line); 2 for a bad command line; 3 when the save, the map or
 * the catalog cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "xtac/file.h"
#include "xtac/save.h"
#include "xtac/util.h"

/* Saves and maps are small; this keeps a mistaken path from eating RAM. */
#define REPLAY_MAX_FILE	(64u << 20)

bool
cli_map_hash(const struct cli *cli, const char *map, uint64_t *hash,
    char **cause)
{
	char	*file = cli_map_file(cli, map), *text;
	size_t	 len;

	text = file_read(file, REPLAY_MAX_FILE, &len, cause);
	free(file);
	if (text == NULL)
		return false;
	*hash = save_hash_bytes(text, len);
	free(text);
	return true;
}

int
cli_load_save(const struct cli *cli, const char *path,
    const struct catalog *cat, struct save *save, struct scenario **s,
    struct game **g, struct event_list *ev, FILE *report)
{
	char		*text, *cause = NULL;
	size_t		 len;
	uint64_t	 hash;
	enum ai_level	 level;

	*s = NULL;
	*g = NULL;
	if ((text = file_read(path, REPLAY_MAX_FILE, &len,
	    &cause)) == NULL) {
		fprintf(report, "xtac: %s\n", cause);
		free(cause);
		return EXIT_TROUBLE;
	}
	if (save_parse(save, path, text, len, &cause) != 0) {
		free(text);
		fprintf(report, "%s\n", cause);
		free(cause);
		return EXIT_INVALID;
	}
	free(text);
	if (save->has_players && save->players.level[0] != '\0' &&
	    !cli_parse_ai_level(save->players.level, &level)) {
		fprintf(report, "%s:%zu: 'players' names no AI level '%s' "
		    "(random, easy, normal or hard)\n", path,
		    save->players_line, save->players.level);
		save_free(save);
		return EXIT_INVALID;
	}
	if (!cli_map_hash(cli, save->map, &hash, &cause)) {
		fprintf(report, "%s:%zu: the save's map cannot be read: %s\n",
		    path, save->map_hash_line, cause);
		free(cause);
		save_free(save);
		return EXIT_TROUBLE;
	}
	if (hash != save->map_hash) {
		fprintf(report, "%s:%zu: the map %s has changed since the "
		    "save (its hash was %016llx, now %016llx)\n", path,
		    save->map_hash_line, save->map,
		    (unsigned long long)save->map_hash,
		    (unsigned long long)hash);
		save_free(save);
		return EXIT_INVALID;
	}
	if ((*s = cli_load_scenario(cli, save->map, cat, report)) == NULL) {
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
		printf("%s: replays exactly: map %s, seed %llu, %zu commands, "
		    "%zu hash%s checked\n", argv[1], save.map,
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
