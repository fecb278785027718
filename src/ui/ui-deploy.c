/*
 * ui-deploy.c - the client's deployment mode (xtac(6) Deployment, §4.1).
 *
 * While the engine says units are being placed, the map's move mode places
 * instead of walking: m, then the cursor to a square, Enter issues
 * `deploy UNIT X Y LEVEL`, refused or not like any command.  The free
 * squares of the viewer's deployment zones are drawn with a mark of their
 * own; D has the computer place the units left (the AI proposes, the
 * client issues its `deploy` commands, never its `end`); e ends the side's
 * deployment, and hot-seat hands over as between phases.
 *
 * Honesty: only the viewer's own zone is drawn, and the engine lets nobody
 * see anybody until round 1, so nothing of the other side's placing shows.
 */
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/ai.h"
#include "xtac/util.h"

#define UI_DEPLOY_MARK_UTF8	L'\u2591'	/* light shade */
#define UI_DEPLOY_MARK_ASCII	L':'

bool
ui_deploy_on(const struct ui *ui)
{
	return game_deploying(ui->g) &&
	    game_side_to_move(ui->g) == (int)ui->viewer;
}

/* A free square of the viewer's zones shows the zone's mark. */
bool
ui_deploy_square(const struct ui *ui, struct pos p, struct ui_glyph *g)
{
	const struct square	*sq;

	if (!ui_deploy_on(ui) || !game_in_zone(ui->g, ui->viewer, p) ||
	    ui_map_occupant(ui, p) >= 0)
		return false;
	sq = map_square(ui->map, p);
	if (sq->floor == FLOOR_NONE || sq->object != OBJECT_NONE)
		return false;
	g->wc = ui->term.utf8 ? UI_DEPLOY_MARK_UTF8 : UI_DEPLOY_MARK_ASCII;
	g->style = ui->viewer == SIDE_XCOM ? UI_STYLE_XCOM : UI_STYLE_ALIEN;
	return true;
}

/* The command that would place the selected unit at the cursor. */
static char *
ui_deploy_line(const struct ui *ui)
{
	return xasprintf("deploy %s %d %d %d", game_unit(ui->g,
	    ui->selected)->id, ui->cursor.x + 1, ui->cursor.y + 1,
	    ui->cursor.z + 1);
}

/*
 * Move mode while placing: the status line says whether the unit may
 * stand at the cursor (game_check) instead of a path.  Returns whether it
 * took over the preview.
 */
bool
ui_deploy_preview(struct ui *ui)
{
	struct command	 c;
	char		*line, *cause = NULL;

	if (!ui_deploy_on(ui) || ui->selected < 0)
		return false;
	free(ui->message);
	line = ui_deploy_line(ui);
	if (cmd_parse(ui->g, line, &c, &cause) == 0 &&
	    game_check(ui->g, &c, &cause) == 0)
		ui->message = xasprintf("Enter places %s here",
		    game_unit(ui->g, ui->selected)->name);
	else
		ui->message = xstrdup(cause != NULL ? cause : "not here");
	free(cause);
	free(line);
	ui->dirty |= UI_DIRTY_STATUS;
	return true;
}

/* Enter in move mode while placing: the `deploy`.  Whether it took it. */
bool
ui_deploy_confirm(struct ui *ui)
{
	char	*line;

	if (!ui_deploy_on(ui) || ui->selected < 0)
		return false;
	line = ui_deploy_line(ui);
	ui_act_issue(ui, "%s", line);
	free(line);
	return true;
}

/* D: the computer's squares for the units not placed yet. */
void
ui_deploy_auto(struct ui *ui)
{
	struct ai_options	 o = ui->opts.ai;
	struct ai		*ai;
	struct command		 c;
	char			*line;
	int			 guard;

	free(ui->message);
	ui->message = NULL;
	if (!ui_deploy_on(ui)) {
		ui->message = xstrdup("D places units only while your side "
		    "deploys, before round 1");
		ui->dirty |= UI_DIRTY_STATUS;
		return;
	}
	ai = ai_new(ui->g, ui->viewer, &o);
	for (guard = 0; guard < 256; guard++) {
		if (ai_next(ai, ui->g, &c) < 0 || c.type != CMD_DEPLOY)
			break;
		line = cmd_format(ui->g, &c);
		if (ui_act_issue(ui, "%s", line) < 0)
			ai_refused(ai, &c);
		free(line);
	}
	ai_free(ai);
	ui_act_after(ui);
}
