/*
 * ui-preview.c - the game master's view (xtac preview): the same client
 * with nothing hidden.  Every unit is shown and may be inspected (its
 * whole sheet: every stat, criticals, panic, who controls it), no side
 * gets a hand-over screen or is played by the computer: the game master
 * issues the commands of whichever side is to move, through the same
 * ui_act_issue as a player.  The unit list opens with each side's units
 * standing and points spent against its budget (§3.1.2).
 *
 * The fog of war is not lost: the overlays (ui-overlay.c) hatch the squares
 * a chosen side does not see, and can show any unit's sight and reach and
 * where either side's enemies could react.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/squad.h"
#include "xtac/util.h"

bool
ui_preview_on(const struct ui *ui)
{
	return ui->opts.preview;
}

/*
 * Whether Tab stops at a unit: in play the viewer's own, in the preview
 * every unit still standing (to inspect it, whoever's phase it is).
 */
bool
ui_preview_cycles(const struct ui *ui, int unit)
{
	if (!ui->opts.preview)
		return ui_act_mine(ui, unit);
	return unit >= 0 && (size_t)unit < game_nunits(ui->g);
}

/*
 * In the preview, the first active unit of the side to move (the one the
 * game master gives orders to next), or -1: play picks its own way.
 */
int
ui_preview_first(const struct ui *ui)
{
	size_t	k;

	if (!ui->opts.preview)
		return -1;
	for (k = 0; k < game_nunits(ui->g); k++)
		if (ui_act_mine(ui, (int)k) &&
		    game_unit(ui->g, (int)k)->status == UNIT_ACTIVE)
			return (int)k;
	return -1;
}

/*
 * The side lines at the top of the unit list, from window line y: each
 * side present, its units standing of those it fielded, and its points
 * against its budget.  Draws only if w is not NULL; returns the number of
 * lines (0 outside the preview).
 */
int
ui_preview_sides(const struct ui *ui, WINDOW *w, int y)
{
	int	side, n = 0, up, all, pts, budget;
	size_t	k;
	char	line[64];

	if (!ui->opts.preview)
		return 0;
	for (side = 0; side < SIDE_COUNT; side++) {
		if (!ui->s->sides[side].present)
			continue;
		up = all = 0;
		for (k = 0; k < game_nunits(ui->g); k++) {
			const struct unit *u = game_unit(ui->g, (int)k);

			if (u->side != (enum side)side)
				continue;
			all++;
			if (u->status == UNIT_ACTIVE)
				up++;
		}
		pts = scenario_side_points(ui->s, (enum side)side);
		budget = scenario_side_budget(ui->s, (enum side)side);
		if (budget > 0)
			snprintf(line, sizeof line, "%s %d/%d up %d/%d pts",
			    ui_act_side_name((enum side)side), up, all, pts,
			    budget);
		else
			snprintf(line, sizeof line, "%s %d/%d up %d pts",
			    ui_act_side_name((enum side)side), up, all, pts);
		if (w != NULL && y + n < getmaxy(w))
			ui_term_text(ui, w, y + n, 1, getmaxx(w) - 2,
			    UI_STYLE_LABEL, line);
		n++;
	}
	return n;
}

/*
 * What the unit cost its side (§3.1.2, squad_unit_price()), on line y; a
 * unit the game made (a zombie, a clone) was not bought.  Returns the next
 * line.
 */
static int
ui_preview_cost(const struct ui *ui, WINDOW *w, int y, const struct unit *u)
{
	struct squad_price	p;
	size_t			i;

	for (i = 0; i < ui->s->nunits; i++) {
		if (strcmp(ui->s->units[i].id, u->id) != 0)
			continue;
		squad_unit_price(ui->s->catalog, &ui->s->units[i], &p);
		if (p.boosts > 0)
			ui_term_printf(ui, w, y++, 1, getmaxx(w) - 1,
			    UI_STYLE_NORMAL, "cost %d pts, boosts %d", p.total,
			    p.boosts);
		else
			ui_term_printf(ui, w, y++, 1, getmaxx(w) - 1,
			    UI_STYLE_NORMAL, "cost %d pts", p.total);
		break;
	}
	return y;
}

/*
 * The rest of a unit's sheet in the preview, from line y: the stats play
 * does not show, and what has been done to it.  Returns the next line.
 */
int
ui_preview_sheet(const struct ui *ui, WINDOW *w, int y, const struct unit *u)
{
	static const char *const panics[] = {
		"calm", "frozen", "fleeing", "berserk"
	};
	struct strbuf	sb;
	char		a[16], b[16], c[16], d[16], *s;

	if (!ui->opts.preview)
		return y;
	ui_term_printf(ui, w, y++, 1, getmaxx(w) - 1, UI_STYLE_NORMAL,
	    "STR %s RET %s PSK %s PST %s",
	    ui_panel_stat(u->stats[STAT_STR], a, sizeof a),
	    ui_panel_stat(u->stats[STAT_RET], b, sizeof b),
	    ui_panel_stat(u->stats[STAT_PSK], c, sizeof c),
	    ui_panel_stat(u->stats[STAT_PST], d, sizeof d));
	y = ui_preview_cost(ui, w, y, u);
	strbuf_init(&sb);
	if (u->controller != u->side)
		strbuf_printf(&sb, "controlled by %s",
		    ui_act_side_name(u->controller));
	if (u->panic != UNIT_CALM)
		strbuf_printf(&sb, "%s%s", sb.len > 0 ? ", " : "",
		    panics[u->panic]);
	if (u->crit_head + u->crit_torso + u->crit_arm + u->crit_leg > 0)
		strbuf_printf(&sb, "%scrit H%d T%d A%d L%d",
		    sb.len > 0 ? ", " : "", u->crit_head, u->crit_torso,
		    u->crit_arm, u->crit_leg);
	if (u->acted && !u->turn_over)
		strbuf_printf(&sb, "%sacted", sb.len > 0 ? ", " : "");
	s = strbuf_steal(&sb);
	if (*s != '\0')
		ui_term_text(ui, w, y++, 1, getmaxx(w) - 1, UI_STYLE_WARN, s);
	free(s);
	return y;
}

/*
 * The look panel's last word in the preview, from line y: which sides see
 * the square now (game_side_sight), the question a game master asks of a
 * square before placing something there.  Returns the next line.
 */
int
ui_preview_look(const struct ui *ui, WINDOW *w, int y, struct pos p)
{
	const struct map	*m = ui->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	size_t			 i = ((size_t)p.z * m->height + p.y) * m->width +
				     p.x;
	uint8_t			*seen;
	struct strbuf		 sb;
	char			*s;
	int			 side;

	if (!ui->opts.preview || y >= getmaxy(w))
		return y;
	seen = xcalloc(n, 1);
	strbuf_init(&sb);
	for (side = 0; side < SIDE_COUNT; side++) {
		if (side == SIDE_CIVILIAN || !ui->s->sides[side].present)
			continue;
		game_side_sight(ui->g, (enum side)side, seen);
		if (seen[i])
			strbuf_printf(&sb, "%s%s", sb.len > 0 ? ", " : "",
			    ui_act_side_name((enum side)side));
	}
	s = strbuf_steal(&sb);
	ui_term_text(ui, w, y, 1, 6, UI_STYLE_LABEL, "Seen");
	ui_term_text(ui, w, y, 8, getmaxx(w) - 8, *s != '\0' ?
	    UI_STYLE_NORMAL : UI_STYLE_DIM, *s != '\0' ? s : "by nobody");
	free(s);
	free(seen);
	return y + 1;
}

/*
 * The game master hands the side to move to the computer for one phase:
 * the same AI as solo play, its reason for every command logged before the
 * command's events, so the log from ai_from on is the phase's trace.
 */
void
ui_preview_ai_phase(struct ui *ui)
{
	int	side = game_side_to_move(ui->g);

	free(ui->message);
	ui->message = NULL;
	/* A served game's master watches: the server plays the game. */
	if (!ui->opts.preview || side == GAME_NO_SIDE || ui->opts.remote) {
		ui->message = xstrdup(ui->opts.remote ? "the game master of a "
		    "served game watches: it hands no phase to the computer" :
		    ui->opts.preview ? "the game is over" :
		    "only the game master's preview hands a phase to the "
		    "computer");
		ui->dirty |= UI_DIRTY_STATUS;
		return;
	}
	ui->ai_from = ui->log.n;
	ui->ai_played = true;
	ui_log_add(ui, "AI %s: the computer plays this phase.",
	    ui_act_side_name((enum side)side));
	event_list_clear(&ui->ev);
	ui_act_ai_phase(ui, (enum side)side);
	ui_act_after(ui);
}

/* The log, opened where the computer's last phase began. */
void
ui_preview_ai_trace(struct ui *ui)
{
	free(ui->message);
	ui->message = NULL;
	if (!ui->opts.preview || !ui->ai_played) {
		ui->message = xstrdup(ui->opts.preview ? "the computer has not "
		    "played a phase yet (A plays one)" : "the computer's "
		    "reasons are for the game master's preview");
		ui->dirty |= UI_DIRTY_STATUS;
		return;
	}
	ui->back = ui->mode;
	ui->mode = UI_MODE_LOG;
	ui->log.since = false;
	/* Every line is the game master's to read: index = line. */
	ui->log.top = (int)ui->ai_from;
	ui->log.sub = 0;
	ui_log_scroll(ui, 0);
	ui->dirty |= UI_DIRTY_ALL;
}
