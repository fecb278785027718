/*
 * ui-save.c - saving the game (S, and on quitting) and writing the combat
 * log to a file (w in the log view, W on the map).
 *
 * The save is a journal (journal.h) in the one file the session was given
 * (ui_options save_path: a new name under the saves directory, or the file
 * a game was loaded from): begun with the game, each command on disk
 * before the next key is read, ended on quitting.  S only makes sure.  The
 * log goes beside it as NAME-SIDE.log.  The preview saves no game; W there
 * writes every line, the computer's reasons included, to NAME-preview.log
 * beside the name a save would have had.  Logs are written whole and
 * safely (file_write).  A directory that cannot be made, a full disk or
 * any other failure leaves the previous file as it was and says so on the
 * status line; the game goes on, and quitting asks twice.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui-int.h"
#include "xtac/file.h"
#include "xtac/journal.h"
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

/* Make the directory path goes in; 0 or -1 and *cause. */
static int
ui_save_mkdir(const char *path, char **cause)
{
	const char	*slash = strrchr(path, '/');
	char		*dir;
	int		 rc = 0;

	if (slash != NULL && slash != path) {
		dir = xstrndup(path, (size_t)(slash - path));
		rc = file_mkdirs(dir, cause);
		free(dir);
	}
	return rc;
}

/* Write text to path, making its directory first; 0 or -1 and *cause. */
static int
ui_save_file(const char *path, const char *text, char **cause)
{
	if (ui_save_mkdir(path, cause) != 0)
		return -1;
	return file_write(path, text, strlen(text), cause);
}

/* Who played, for the save (the preview plays every side itself). */
static const struct save_players *
ui_save_players(const struct ui *ui, struct save_players *p)
{
	int	i;

	if (ui->opts.preview)
		return NULL;
	for (i = 0; i < SIDE_COUNT; i++)
		p->control[i] = ui->opts.control[i];
	snprintf(p->level, sizeof p->level, "%s",
	    ai_level_names[ui->opts.ai.level]);
	return p;
}

/*
 * Bring the journal up to the game: begun at the first call (a new game's
 * file never over another's; a resumed one replaced whole), then each new
 * entry appended and on disk.  0, or -1 with *cause.
 */
static int
ui_save_journal(struct ui *ui, bool end, char **cause)
{
	struct save_players	 p;

	if (ui->opts.save_path == NULL)
		return cause_set(cause, "%s", ui->opts.save_off != NULL ?
		    ui->opts.save_off : "saving is off");
	if (ui->journal == NULL) {
		if (ui_save_mkdir(ui->opts.save_path, cause) != 0)
			return -1;
		ui->journal = xmalloc(sizeof *ui->journal);
		if (journal_begin(ui->journal, ui->opts.save_path, ui->g,
		    ui->opts.map, ui->opts.map_hash, ui_save_players(ui, &p),
		    ui->opts.resume == NULL, cause) != 0) {
			free(ui->journal);
			ui->journal = NULL;
			return -1;
		}
		/* A new game's name may have had to take a number. */
		ui->opts.save_path = ui->journal->path;
	}
	return end ? journal_end(ui->journal, ui->g, cause) :
	    journal_sync(ui->journal, ui->g, cause);
}

/*
 * Before each key: the commands since the last one on disk.  A failure is
 * said once on the status line; the game goes on and the next key tries
 * again.
 */
void
ui_save_sync(struct ui *ui)
{
	char	*why = NULL;
	size_t	 n;

	if (ui->g == NULL || ui->opts.save_path == NULL)
		return;
	n = game_journal_length(ui->g);
	/* Nothing new; or it failed and nothing came since (S retries). */
	if ((ui->journal != NULL && ui->journal->entries == n) ||
	    (ui->save_failed && ui->save_tried == n))
		return;
	ui->save_tried = n;
	if (ui_save_journal(ui, false, &why) == 0) {
		ui->save_failed = false;
		return;
	}
	if (!ui->save_failed)
		ui_save_say(ui, xasprintf("not saved, the game goes on: %s",
		    why));
	ui->save_failed = true;
	free(why);
}

/*
 * Save the game (S): the journal on disk.  Returns 0, or -1 with the
 * reason on the status line (and in *cause, if not NULL).
 */
int
ui_save_game(struct ui *ui, char **cause)
{
	char	*why = NULL;

	if (ui_save_journal(ui, false, &why) == 0) {
		ui->save_failed = false;
		ui_save_say(ui, xasprintf("saved to %s",
		    ui->opts.save_path));
		return 0;
	}
	ui->save_failed = true;
	ui_save_say(ui, xasprintf("not saved, the game goes on: %s", why));
	if (cause != NULL)
		*cause = why;
	else
		free(why);
	return -1;
}

/*
 * Quitting (q): the journal ended cleanly.  When it cannot be written the
 * game is not thrown away on one key: the first q says why and stays, a
 * second one quits without the save (ui->unsaved).  Whether to quit.
 */
bool
ui_save_quit(struct ui *ui)
{
	char	*why = NULL;

	if (ui->opts.save_path == NULL || ui_save_journal(ui, true, &why) == 0)
		return true;
	if (ui->quit_unsaved) {
		ui->unsaved = why;
		return true;
	}
	ui->quit_unsaved = true;
	ui->save_failed = true;
	ui_save_say(ui, xasprintf("Not saved: q again quits and loses it, "
	    "S tries again: %s", why));
	free(why);
	return false;
}

/*
 * Quitting without the save: the whole game written once more, to the
 * temporary directory, so it is not thrown away if anything can be
 * written at all.  Returns the message for after the session (why, and
 * where the game went), freeing why.
 */
static char *
ui_save_rescue(struct ui *ui, char *why)
{
	struct save_players	 p;
	const char		*tmpdir = getenv("TMPDIR");
	char			*path, *text, *msg, *cause = NULL;

	if (ui->g == NULL)
		return why;
	if (tmpdir == NULL || tmpdir[0] != '/')
		tmpdir = "/tmp";
	path = xasprintf("%s/xtac-rescued-%ld.save", tmpdir, (long)getpid());
	text = save_format(ui->g, ui->opts.map, ui->opts.map_hash,
	    ui_save_players(ui, &p));
	if (file_write(path, text, strlen(text), &cause) == 0)
		msg = xasprintf("%s; the whole game is in %s instead", why,
		    path);
	else
		msg = xasprintf("%s; nor could it go to %s", why, path);
	free(cause);
	free(text);
	free(path);
	free(why);
	return msg;
}

/*
 * The session's end: the journal ended (unless already) and closed.
 * Returns 0, or -1 with the reason in *cause.
 */
int
ui_save_close(struct ui *ui, char **cause)
{
	char	*why = NULL;
	int	 rc = 0;

	if (ui->unsaved != NULL) {
		why = ui->unsaved;
		ui->unsaved = NULL;
		rc = -1;
	} else if (ui->g != NULL && ui->opts.save_path != NULL)
		rc = ui_save_journal(ui, true, &why);
	/* Quit twice, or ended by a signal with the save failing. */
	if (rc != 0)
		*cause = ui_save_rescue(ui, why);
	if (ui->journal != NULL) {
		/* Its path is the one said after the session: keep it. */
		ui->saved_path = xstrdup(ui->journal->path);
		ui->opts.save_path = ui->saved_path;
		journal_close(ui->journal);
		free(ui->journal);
		ui->journal = NULL;
	}
	return rc;
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
	/* Killed mid-game: say what came back and what did not. */
	if (save->interrupted) {
		char *lost = save_lost(save);

		free(ui->message);
		ui->message = xasprintf("Resumed an interrupted game: %zu "
		    "command%s recovered", save->entries, save->entries == 1 ?
		    "" : "s");
		/* The gist first: a narrow log cuts the file's name. */
		ui_log_add(ui, "%s (%s).", ui->message, lost);
		free(lost);
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
