/*
 * ui-save.c - saving the game (S, and on quitting) and writing the combat
 * log to a file (w in the log view, W on the map).
 *
 * The save goes to the one file the session was given (ui_options
 * save_path: a new name under the saves directory, or the file a game was
 * loaded from), the log beside it as NAME-SIDE.log.  The preview saves no
 * game; W there writes every line, the computer's reasons included, to
 * NAME-preview.log beside the name a save would have had.  Both are written
 * whole and safely (file_write): a directory that cannot be made, a full
 * disk or any other failure leaves the previous file as it was and only
 * says so on the status line; the game goes on.
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/file.h"
#include "xtac/save.h"
#include "xtac/util.h"

/* On the status line, and in the log where a long file name fits. */
static void
ui_save_say(struct ui *ui, char *message)
{
	ui_log_add(ui, "%s.", message);
	free(ui->message);
	ui->message = message;
	ui->dirty |= UI_DIRTY_STATUS | UI_DIRTY_MAP;
}

/* Write text to path, making its directory first; 0 or -1 and *cause. */
static int
ui_save_file(const char *path, const char *text, char **cause)
{
	const char	*slash = strrchr(path, '/');
	char		*dir;
	int		 rc = 0;

	if (slash != NULL && slash != path) {
		dir = xstrndup(path, (size_t)(slash - path));
		rc = file_mkdirs(dir, cause);
		free(dir);
	}
	if (rc == 0)
		rc = file_write(path, text, strlen(text), cause);
	return rc;
}

/*
 * Save the game.  Returns 0, or -1 with the reason on the status line
 * (and in *cause, if not NULL, for a message after the session).
 */
int
ui_save_game(struct ui *ui, char **cause)
{
	char	*text, *why = NULL;
	int	 rc;

	if (ui->opts.save_path == NULL) {
		why = xstrdup(ui->opts.save_off != NULL ? ui->opts.save_off :
		    "saving is off");
		rc = -1;
	} else {
		struct save_players	p;
		int			i;

		for (i = 0; i < SIDE_COUNT; i++)
			p.control[i] = ui->opts.control[i];
		p.level = ui->opts.ai.level;
		/* The preview plays every side from the keyboard. */
		text = save_format(ui->g, ui->opts.map, ui->opts.map_hash,
		    ui->opts.preview ? NULL : &p);
		rc = ui_save_file(ui->opts.save_path, text, &why);
		free(text);
	}
	if (rc == 0) {
		ui_save_say(ui, xasprintf("saved to %s",
		    ui->opts.save_path));
		return 0;
	}
	ui_save_say(ui, xasprintf("not saved, the game goes on: %s", why));
	if (cause != NULL)
		*cause = why;
	else
		free(why);
	return -1;
}

static void
ui_save_replayed(void *arg, const struct event_list *ev)
{
	ui_log_events(arg, ev);
}

/*
 * The game of a save, replayed with its history rendered into the log as
 * it happened (who saw what then).  NULL with *cause if it does not replay
 * (xtac play has checked it already: this is for the impossible).
 */
struct game *
ui_save_resume(struct ui *ui, const struct save *save, char **cause)
{
	struct game	*g;

	if ((g = save_new_game(save, ui->s, &ui->ev, cause)) == NULL)
		return NULL;
	ui->g = g;
	ui->map = game_map(g);
	ui_log_events(ui, &ui->ev);
	event_list_clear(&ui->ev);
	if (save_replay(save, g, &ui->ev, ui_save_replayed, ui, cause) != 0) {
		game_free(g);
		ui->g = NULL;
		return NULL;
	}
	return g;
}

/*
 * The log's file: beside the save, named for the side reading it; in the
 * preview (no save), beside the name a save would have, as the game
 * master's.
 */
static char *
ui_save_log_path(const struct ui *ui)
{
	const char	*p = ui->opts.save_path != NULL ? ui->opts.save_path :
			    ui->opts.log_path;
	size_t		 n = strlen(p);

	if (n > 5 && strcmp(p + n - 5, ".save") == 0)
		n -= 5;
	return xasprintf("%.*s-%s.log", (int)n, p, ui->opts.preview ?
	    "preview" : side_names[ui->viewer]);
}

/*
 * The log as the viewer may read it (fog of war), one line each; in the
 * preview every line, the computer's reasons for each command included.
 */
void
ui_save_log(struct ui *ui)
{
	struct strbuf	 sb;
	char		*path, *why = NULL;
	size_t		 i, lines = 0;

	if (ui->opts.save_path == NULL && ui->opts.log_path == NULL) {
		ui_save_say(ui, xasprintf("log not written: %s",
		    ui->opts.save_off != NULL ? ui->opts.save_off :
		    "saving is off"));
		return;
	}
	strbuf_init(&sb);
	for (i = 0; i < ui->log.n; i++)
		if (ui->opts.preview ||
		    (ui->log.masks[i] & (1u << ui->viewer))) {
			strbuf_printf(&sb, "%s\n", ui->log.lines[i]);
			lines++;
		}
	path = ui_save_log_path(ui);
	if (ui_save_file(path, sb.data != NULL ? sb.data : "", &why) == 0)
		ui_save_say(ui, xasprintf("log written to %s (%zu lines)",
		    path, lines));
	else
		ui_save_say(ui, xasprintf("log not written: %s", why));
	free(why);
	free(path);
	strbuf_free(&sb);
}
