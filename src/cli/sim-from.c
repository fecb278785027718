/*
 * sim-from.c - `xtac sim SAVE --games N`: the games played on from a saved
 * position rather than from a map's start.  The save is loaded and checked
 * as `xtac replay` does (cli_load_save: the same messages, the same exit
 * statuses), its journal replayed to where it stops; each game is then
 * played on a copy of that position with dice of its own
 * (battle_play_from), so game i of a run is a function of the save, the
 * options and the run seed alone, whichever worker plays it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"
#include "xtac/util.h"

/* The first line of every save (save.h). */
#define SIM_SAVE_MAGIC	"xtac-save "

/*
 * Whether path names a save rather than a map: its name ends in ".save",
 * or it begins as a save does.  A file that cannot be read is left to the
 * map loader, which says why.
 */
bool
sim_is_save(const char *path)
{
	char	 head[sizeof SIM_SAVE_MAGIC];
	size_t	 len = strlen(path), n;
	FILE	*f;
	bool	 save;

	if (len > 5 && strcmp(path + len - 5, ".save") == 0)
		return true;
	if ((f = fopen(path, "rb")) == NULL)
		return false;
	n = fread(head, 1, sizeof head - 1, f);
	fclose(f);
	save = n == sizeof head - 1 &&
	    memcmp(head, SIM_SAVE_MAGIC, sizeof head - 1) == 0;
	return save;
}

/*
 * Load the save o->map into *save, *s and *g (the position) and point o at
 * it; an exit status, EXIT_OK when there are games to play.  On failure
 * everything is freed and the reason printed.
 */
int
sim_from_load(struct cli *cli, struct sim_options *o,
    const struct catalog *cat, struct save *save, struct scenario **s,
    struct game **g)
{
	struct event_list	ev;
	int			status, winner;

	event_list_init(&ev);
	status = cli_load_save(cli, o->map, cat, save, s, g, &ev, stderr);
	event_list_free(&ev);
	if (status != EXIT_OK)
		return status;
	if (save->interrupted) {
		char *lost = save_lost(save);

		fprintf(stderr, "%s\n", lost);
		free(lost);
	}
	o->from_round = game_round(*g);
	if (game_over(*g)) {
		winner = game_winner(*g);
		status = sim_error(EXIT_INVALID, "%s: the game is over at round "
		    "%d (%s%s): nothing to play", o->map, o->from_round,
		    winner == GAME_NO_SIDE ? "a draw" : side_names[winner],
		    winner == GAME_NO_SIDE ? "" : " won");
	} else if (o->from_round > o->rounds)
		status = sim_error(EXIT_USAGE, "%s is at round %d, past the "
		    "--rounds cap %d", o->map, o->from_round, o->rounds);
	if (status != EXIT_OK) {
		game_free(*g);
		scenario_free(*s);
		save_free(save);
		*g = NULL;
		*s = NULL;
		return status;
	}
	o->from = *g;
	return EXIT_OK;
}
