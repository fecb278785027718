/*
 * ui-log.c - the combat log: every event the engine reports, as words, in
 * the lines under the map and in a full-screen view (L, Ctrl-P).
 *
 * The log is the events rendered once, when they happen, into lines the
 * session owns.  Each line carries a mask of the sides that may read it
 * (fog of war): what happens to or by a unit is read by its side and by
 * the sides that saw it then; round and phase news by everyone.  Both
 * views show only the lines the current viewer may read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"
#include "xtac/util.h"

#define UI_LOG_ALL	((1u << SIDE_COUNT) - 1)

static void
ui_log_push(struct ui *ui, unsigned mask, char *line)
{
	struct ui_log	*l = &ui->log;

	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 64 : l->cap * 2;
		l->lines = xreallocarray(l->lines, l->cap, sizeof *l->lines);
		l->masks = xreallocarray(l->masks, l->cap, sizeof *l->masks);
	}
	l->lines[l->n] = line;
	l->masks[l->n++] = mask;
	ui->dirty |= UI_DIRTY_LOG;
}

/* A line everyone may read. */
void
ui_log_add(struct ui *ui, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	ui_log_push(ui, UI_LOG_ALL, xvasprintf(fmt, ap));
	va_end(ap);
}

void
ui_log_add_for(struct ui *ui, unsigned mask, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	ui_log_push(ui, mask, xvasprintf(fmt, ap));
	va_end(ap);
}

void
ui_log_free(struct ui *ui)
{
	size_t	i;

	for (i = 0; i < ui->log.n; i++)
		free(ui->log.lines[i]);
	free(ui->log.lines);
	free(ui->log.masks);
	memset(&ui->log, 0, sizeof ui->log);
}

static int
ui_log_int(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	return f != NULL ? f->i : 0;
}

static const char *
ui_log_str(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	return f != NULL && f->kind == EVV_STR && f->s != NULL ? f->s : "?";
}

/* Who may read about what happens on the square at key: who sees it. */
static unsigned
ui_log_square_mask(const struct ui *ui, const struct event *e,
    const char *key)
{
	const struct event_field	*f = event_get(e, key);
	const struct map		*m = ui->map;
	uint8_t				*seen;
	unsigned			 mask = 0;
	int				 s;

	if (f == NULL || f->kind != EVV_POS || !map_contains(m, f->pos))
		return UI_LOG_ALL;
	seen = xmalloc((size_t)m->width * m->height * m->levels);
	for (s = 0; s < SIDE_COUNT; s++) {
		game_side_sight(ui->g, (enum side)s, seen);
		if (seen[((size_t)f->pos.z * m->height + f->pos.y) *
		    m->width + f->pos.x])
			mask |= 1u << s;
	}
	free(seen);
	return mask;
}

/* Who may read about the unit named by key: its side, those who see it. */
static unsigned
ui_log_mask(const struct ui *ui, const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);
	const struct unit		*u;
	unsigned			 mask = 0;
	int				 i, s;

	if (f == NULL || f->kind != EVV_STR || f->s == NULL ||
	    (i = game_find_unit(ui->g, f->s)) < 0)
		return UI_LOG_ALL;
	u = game_unit(ui->g, i);
	mask |= 1u << u->side | 1u << u->controller;
	for (s = 0; s < SIDE_COUNT; s++)
		if (game_sees(ui->g, (enum side)s, i))
			mask |= 1u << s;
	return mask;
}

/* The side of the unit an attack aims at (not those who see it). */
static unsigned
ui_log_target_mask(const struct ui *ui, const struct event *e)
{
	const struct event_field	*f = event_get(e, "target");
	int				 i;

	if (f == NULL || f->kind != EVV_STR || f->s == NULL ||
	    (i = game_find_unit(ui->g, f->s)) < 0)
		return 0;
	return 1u << game_unit(ui->g, i)->side;
}

static const char *
ui_log_side(const struct event *e)
{
	const char	*s = ui_log_str(e, "side");

	if (strcmp(s, "xcom") == 0)
		return "X-Com";
	if (strcmp(s, "alien") == 0)
		return "Aliens";
	if (strcmp(s, "civilian") == 0)
		return "Civilians";
	return s;
}

static unsigned
ui_log_side_mask(const struct event *e)
{
	const char	*s = ui_log_str(e, "side");
	int		 i;

	for (i = 0; i < SIDE_COUNT; i++)
		if (strcmp(s, side_names[i]) == 0)
			return 1u << i;
	return UI_LOG_ALL;
}

/* "63% (ACC 25, aimed +50, range -7) - rolled 41: hit" */
static void
ui_log_roll(struct strbuf *sb, const struct event *e, const char *yes,
    const char *no)
{
	size_t	i;

	strbuf_printf(sb, "%d%% (", ui_log_int(e, "chance"));
	for (i = 0; i < e->nterms; i++)
		strbuf_printf(sb, "%s%s %+d", i > 0 ? ", " : "",
		    e->terms[i].name, e->terms[i].value);
	strbuf_printf(sb, ") - rolled %d: %s.", ui_log_int(e, "roll"),
	    ui_log_int(e, "success") ? yes : no);
}

/* Anything without words of its own: its name and its fields. */
static void
ui_log_generic(struct strbuf *sb, const struct event *e)
{
	size_t	i;

	strbuf_puts(sb, event_type_names[e->type]);
	for (i = 0; i < e->nfields; i++) {
		const struct event_field *f = &e->fields[i];

		strbuf_printf(sb, "%s%s ", i == 0 ? ": " : ", ", f->key);
		switch (f->kind) {
		case EVV_INT:
			strbuf_printf(sb, "%d", f->i);
			break;
		case EVV_BOOL:
			strbuf_puts(sb, f->i ? "yes" : "no");
			break;
		case EVV_STR:
			strbuf_puts(sb, f->s != NULL ? f->s : "");
			break;
		case EVV_POS:
			strbuf_printf(sb, "%d,%d L%d", f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
			break;
		}
	}
}

/* One event as a line; *mask says who may read it.  NULL: not logged. */
static char *
ui_log_event(const struct ui *ui, const struct event *e, unsigned *mask)
{
	struct strbuf			 sb;
	const char			*what;
	const struct event_field	*f;

	*mask = UI_LOG_ALL;
	strbuf_init(&sb);
	switch (e->type) {
	case EV_STEP:
	case EV_SELECT:
	case EV_QUERY:
	case EV_TU_RESTORED:
	case EV_GAME_START:
		strbuf_free(&sb);
		return NULL;
	case EV_ERROR:
		*mask = 1u << ui->viewer;
		strbuf_printf(&sb, "Refused: %s: %s", ui_log_str(e, "command"),
		    ui_log_str(e, "reason"));
		break;
	case EV_ROUND_START:
		strbuf_printf(&sb, "Round %d begins.", ui_log_int(e, "round"));
		break;
	case EV_INITIATIVE:
		strbuf_printf(&sb, "Initiative: %s roll %d.", ui_log_side(e),
		    ui_log_int(e, "d10"));
		break;
	case EV_PHASE_START:
		strbuf_printf(&sb, "%s move.", ui_log_side(e));
		break;
	case EV_PHASE_END:
		strbuf_printf(&sb, "%s end their phase.", ui_log_side(e));
		break;
	case EV_SPOTTED:
	case EV_LOST_SIGHT:
		*mask = ui_log_side_mask(e);
		strbuf_printf(&sb, "%s %s %s.", ui_log_side(e),
		    e->type == EV_SPOTTED ? "spot" : "lose sight of",
		    ui_log_str(e, "unit"));
		break;
	case EV_ATTACK:
		/* Its target's side learns of an attack even unseen. */
		*mask = ui_log_mask(ui, e, "unit") |
		    ui_log_target_mask(ui, e);
		strbuf_printf(&sb, "%s: %s %s at %s (%s, %d TU).",
		    ui_log_str(e, "unit"), ui_log_str(e, "mode"),
		    strcmp(ui_log_str(e, "mode"), "melee") == 0 ? "strike" :
		    "shot", ui_log_str(e, "target"), ui_log_str(e, "weapon"),
		    ui_log_int(e, "tu"));
		break;
	case EV_ROLL:
		*mask = ui_log_mask(ui, e, "unit") |
		    ui_log_target_mask(ui, e);
		what = ui_log_str(e, "what");
		if (strcmp(what, "hit") == 0) {
			strbuf_printf(&sb, "%s at %s: ", ui_log_str(e, "unit"),
			    ui_log_str(e, "target"));
			ui_log_roll(&sb, e, "hit", "miss");
		} else {
			strbuf_printf(&sb, "%s roll for %s: ", what,
			    ui_log_str(e, "unit"));
			ui_log_roll(&sb, e, "success", "failure");
		}
		break;
	case EV_DAMAGE:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s takes %d %s -> %s armour %d, %d to HTH "
		    "(%d left).", ui_log_str(e, "unit"), ui_log_int(e,
		    "damage"), ui_log_str(e, "type"), ui_log_str(e, "facing"),
		    ui_log_int(e, "armour"), ui_log_int(e, "to_hth"),
		    ui_log_int(e, "hth_left"));
		break;
	case EV_DEATH:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s is killed.", ui_log_str(e, "unit"));
		break;
	case EV_UNCONSCIOUS:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s falls unconscious.",
		    ui_log_str(e, "unit"));
		break;
	case EV_KNEEL:
	case EV_STAND:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s %s.", ui_log_str(e, "unit"),
		    e->type == EV_KNEEL ? "kneels" : "stands up");
		break;
	case EV_RELOAD:
		*mask = ui_log_mask(ui, e, "unit");
		ui_log_generic(&sb, e);
		break;
	case EV_MISSED:
		*mask = ui_log_mask(ui, e, "unit");
		/* §7.5: "on" (0 squares) flies on past the target. */
		if (ui_log_int(e, "squares") == 0)
			strbuf_puts(&sb, "The miss flies on");
		else
			strbuf_printf(&sb, "The miss goes %d square%s %s",
			    ui_log_int(e, "squares"),
			    ui_log_int(e, "squares") == 1 ? "" : "s",
			    ui_log_str(e, "direction"));
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, " and strikes %s at %d,%d L%d.",
			    ui_log_str(e, "hit"), f->pos.x + 1, f->pos.y + 1,
			    f->pos.z + 1);
		else
			strbuf_printf(&sb, " and strikes %s.",
			    ui_log_str(e, "hit"));
		break;
	case EV_OPPOSED:
		if (event_get(e, "watcher") != NULL) {
			/* Reactions and civilians (§6.5, §3.4). */
			*mask = ui_log_mask(ui, e, "watcher") |
			    ui_log_mask(ui, e, "mover");
			strbuf_printf(&sb, "%s roll: %s %d + RET %d against %s "
			    "%d + RET %d: %s.", ui_log_str(e, "what"),
			    ui_log_str(e, "watcher"),
			    ui_log_int(e, "watcher_roll"),
			    ui_log_int(e, "watcher_ret"), ui_log_str(e, "mover"),
			    ui_log_int(e, "mover_roll"),
			    ui_log_int(e, "mover_ret"),
			    strcmp(ui_log_str(e, "winner"), "tie") == 0 ?
			    "a tie, rolled again" : ui_log_str(e, "winner"));
			if (strcmp(ui_log_str(e, "winner"), "tie") != 0)
				strbuf_puts(&sb, " wins");
			break;
		}
		*mask = ui_log_mask(ui, e, "attacker") |
		    ui_log_mask(ui, e, "target");
		strbuf_printf(&sb, "Psi %s: %s %d (total %d) against %s %d + "
		    "PST %d (total %d): %s.", ui_log_str(e, "kind"),
		    ui_log_str(e, "attacker"), ui_log_int(e, "attacker_roll"),
		    ui_log_int(e, "attacker_total"), ui_log_str(e, "target"),
		    ui_log_int(e, "target_roll"), ui_log_int(e, "target_pst"),
		    ui_log_int(e, "target_total"),
		    strcmp(ui_log_str(e, "winner"), "tie") == 0 ?
		    "a tie, rolled again" : ui_log_str(e, "winner"));
		break;
	case EV_CRITICAL:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "Critical hit on %s: d10 %d, the %s",
		    ui_log_str(e, "unit"), ui_log_int(e, "d10"),
		    ui_log_str(e, "location"));
		if (event_get(e, "extra_damage") != NULL)
			strbuf_printf(&sb, " (%d more damage)",
			    ui_log_int(e, "extra_damage"));
		if (event_get(e, "effect") != NULL)
			strbuf_printf(&sb, " (%s)", ui_log_str(e, "effect"));
		strbuf_puts(&sb, ".");
		break;
	case EV_TURN:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s turns from %s to %s (%d TU).",
		    ui_log_str(e, "unit"), ui_log_str(e, "from"),
		    ui_log_str(e, "to"), ui_log_int(e, "tu"));
		break;
	case EV_WAKE:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s comes to (stun %d, %d HTH left)",
		    ui_log_str(e, "unit"), ui_log_int(e, "stun"),
		    ui_log_int(e, "hth_left"));
		if ((f = event_get(e, "to")) != NULL)
			strbuf_printf(&sb, " and, %s standing on it, moves to "
			    "%d,%d L%d", ui_log_str(e, "by"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		strbuf_puts(&sb, ".");
		break;
	case EV_WAKE_BLOCKED:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s could come to, but %s stands on it and "
		    "no square beside it is free: it stays down this round.",
		    ui_log_str(e, "unit"), ui_log_str(e, "by"));
		break;
	case EV_PRONE:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s falls on %s, who is knocked prone: it "
		    "must stand (2 TU) before it moves or fires.",
		    ui_log_str(e, "by"), ui_log_str(e, "unit"));
		break;
	case EV_ITEM_DROPPED:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s drops %s.", ui_log_str(e, "unit"),
		    ui_log_str(e, "item"));
		break;
	case EV_ITEM_PICKED:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s picks up %s.", ui_log_str(e, "unit"),
		    ui_log_str(e, "item"));
		break;
	case EV_SWAP:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s swaps hands.", ui_log_str(e, "unit"));
		break;
	case EV_UNLOAD:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s unloads %s (%d rounds) onto the belt, "
		    "%d TU.", ui_log_str(e, "unit"), ui_log_str(e, "ammo"),
		    ui_log_int(e, "rounds"), ui_log_int(e, "tu"));
		break;
	case EV_DRAW:
	case EV_STOW:
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, e->type == EV_DRAW ? "%s draws %s from "
		    "the belt into the %s hand, %d TU." : "%s puts %s from "
		    "the %s hand on the belt, %d TU.", ui_log_str(e, "unit"),
		    ui_log_str(e, "item"), ui_log_str(e, "hand"),
		    ui_log_int(e, "tu"));
		break;
	case EV_PRIME:
		*mask = ui_log_mask(ui, e, "unit");
		if ((f = event_get(e, "timer")) != NULL && f->kind == EVV_STR)
			strbuf_printf(&sb, "%s arms %s (proximity), %d TU.",
			    ui_log_str(e, "unit"), ui_log_str(e, "item"),
			    ui_log_int(e, "tu"));
		else
			strbuf_printf(&sb, "%s primes %s for %d round%s, %d "
			    "TU.", ui_log_str(e, "unit"), ui_log_str(e, "item"),
			    ui_log_int(e, "timer"),
			    ui_log_int(e, "timer") == 1 ? "" : "s",
			    ui_log_int(e, "tu"));
		break;
	case EV_HEAL:
		*mask = ui_log_mask(ui, e, "unit") |
		    ui_log_mask(ui, e, "target");
		strbuf_printf(&sb, "%s uses a medikit on %s (%s): %s; %d uses "
		    "left.", ui_log_str(e, "unit"), ui_log_str(e, "target"),
		    ui_log_str(e, "treat"), ui_log_int(e, "success") ?
		    "it works" : "it fails", ui_log_int(e, "uses_left"));
		break;
	case EV_FALL:
		if (event_get(e, "item") != NULL) {
			*mask = ui_log_square_mask(ui, e, "to");
			strbuf_printf(&sb, "The %s falls %d level%s.",
			    ui_log_str(e, "item"), ui_log_int(e, "levels"),
			    ui_log_int(e, "levels") == 1 ? "" : "s");
			break;
		}
		*mask = ui_log_mask(ui, e, "unit");
		strbuf_printf(&sb, "%s falls %d level%s", ui_log_str(e, "unit"),
		    ui_log_int(e, "levels"),
		    ui_log_int(e, "levels") == 1 ? "" : "s");
		if (event_get(e, "damage") != NULL)
			strbuf_printf(&sb, ", taking %d CC to its underside",
			    ui_log_int(e, "damage"));
		strbuf_puts(&sb, ".");
		break;
	case EV_EXPLOSION:
		*mask = ui_log_square_mask(ui, e, "at");
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "Explosion at %d,%d L%d: %d %s.",
			    f->pos.x + 1, f->pos.y + 1, f->pos.z + 1,
			    ui_log_int(e, "damage"), ui_log_str(e, "type"));
		break;
	case EV_DESTROYED:
		*mask = ui_log_square_mask(ui, e, "at");
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "The %s%s%s at %d,%d L%d is destroyed.",
			    event_get(e, "name") != NULL ? ui_log_str(e, "name") :
			    ui_log_str(e, "what"),
			    event_get(e, "side") != NULL ? " on the side " : "",
			    event_get(e, "side") != NULL ? ui_log_str(e, "side") :
			    "", f->pos.x + 1, f->pos.y + 1, f->pos.z + 1);
		break;
	case EV_THROW:
		*mask = ui_log_mask(ui, e, "unit");
		{
			const struct event_field *to = event_get(e, "target");
			const struct event_field *at = event_get(e, "landed");

			if (to == NULL || at == NULL)
				break;
			strbuf_printf(&sb, "%s throws %s at %d,%d L%d: %d%% - "
			    "rolled %d: ", ui_log_str(e, "unit"),
			    ui_log_str(e, "item"), to->pos.x + 1,
			    to->pos.y + 1, to->pos.z + 1,
			    ui_log_int(e, "chance"), ui_log_int(e, "roll"));
			if (ui_log_int(e, "success"))
				strbuf_puts(&sb, "on target.");
			else
				strbuf_printf(&sb, "it scatters (d10 %d) to "
				    "%d,%d L%d.", ui_log_int(e, "scatter_d10"),
				    at->pos.x + 1, at->pos.y + 1,
				    at->pos.z + 1);
		}
		break;
	case EV_PSI:
		*mask = ui_log_mask(ui, e, "unit") | ui_log_mask(ui, e, "by");
		strbuf_printf(&sb, "%s: %s", ui_log_str(e, "unit"),
		    ui_log_str(e, "effect"));
		if (event_get(e, "by") != NULL)
			strbuf_printf(&sb, " by %s", ui_log_str(e, "by"));
		if (event_get(e, "panic") != NULL)
			strbuf_printf(&sb, " (d10 %d: %s %s)",
			    ui_log_int(e, "d10"), ui_log_str(e, "panic"),
			    ui_log_str(e, "when"));
		if (event_get(e, "controller") != NULL)
			strbuf_printf(&sb, ", back to %s",
			    ui_log_str(e, "controller"));
		strbuf_puts(&sb, ".");
		break;
	case EV_TRANSFORM:
		*mask = ui_log_mask(ui, e, "unit");
		if (event_get(e, "clone") != NULL) {
			strbuf_printf(&sb, "%s divides: %s appears beside it.",
			    ui_log_str(e, "unit"), ui_log_str(e, "clone"));
			break;
		}
		strbuf_printf(&sb, "%s becomes a %s", ui_log_str(e, "unit"),
		    ui_log_str(e, "into"));
		if (event_get(e, "rounds") != NULL)
			strbuf_printf(&sb, " for %d rounds",
			    ui_log_int(e, "rounds"));
		if ((f = event_get(e, "to")) != NULL)
			strbuf_printf(&sb, " and, %s standing on it, moves to "
			    "%d,%d L%d", ui_log_str(e, "by"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		else if (event_get(e, "prone") != NULL)
			strbuf_printf(&sb, ", lying prone under %s",
			    ui_log_str(e, "by"));
		strbuf_puts(&sb, ".");
		break;
	case EV_DOOR_OPEN:
		*mask = ui_log_mask(ui, e, "unit");
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "%s opens the door on the %s side "
			    "of %d,%d L%d, %d TU.", ui_log_str(e, "unit"),
			    ui_log_str(e, "side"), f->pos.x + 1, f->pos.y + 1,
			    f->pos.z + 1, ui_log_int(e, "tu"));
		break;
	case EV_DOOR_CLOSE:
		/* Doors close for everyone; only who sees one reads of it. */
		*mask = ui_log_square_mask(ui, e, "at");
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "The door on the %s side of %d,%d "
			    "L%d closes.", ui_log_str(e, "side"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		break;
	case EV_REACTION_CHECK:
		*mask = ui_log_mask(ui, e, "watcher");
		strbuf_printf(&sb, "%s %s react to %s (%s).",
		    ui_log_str(e, "watcher"), ui_log_int(e, "able") ? "may" :
		    "cannot", ui_log_str(e, "target"), ui_log_str(e, "why"));
		break;
	case EV_VICTORY:
		if (game_winner(ui->g) == GAME_NO_SIDE)
			strbuf_printf(&sb, "The battle ends in round %d: a draw",
			    ui_log_int(e, "round"));
		else
			strbuf_printf(&sb, "Victory in round %d: %s win",
			    ui_log_int(e, "round"),
			    ui_act_side_name(game_winner(ui->g)));
		strbuf_printf(&sb, " (%s).", ui_log_str(e, "reason"));
		if (event_get(e, "civilians") != NULL)
			strbuf_printf(&sb, "  Civilians lost %d of %d; score "
			    "X-Com %d, Aliens %d.", ui_log_int(e,
			    "civilians_lost"), ui_log_int(e, "civilians"),
			    ui_log_int(e, "xcom_score"),
			    ui_log_int(e, "alien_score"));
		break;
	case EV_CARRY:
		*mask = ui_log_mask(ui, e, "unit");
		if (strcmp(ui_log_str(e, "what"), "lift") == 0)
			strbuf_printf(&sb, "%s lifts %s (%d TU).",
			    ui_log_str(e, "unit"), ui_log_str(e, "body"),
			    ui_log_int(e, "tu"));
		else
			strbuf_printf(&sb, "%s lets %s go (%s).",
			    ui_log_str(e, "unit"), ui_log_str(e, "body"),
			    ui_log_str(e, "why"));
		break;
	case EV_MISSION:
		if (strcmp(ui_log_str(e, "what"), "crash") == 0) {
			strbuf_printf(&sb, "Crash: the %s %s (d100 %d, 85 or "
			    "less explodes).", ui_log_str(e, "object"),
			    ui_log_int(e, "success") ? "explodes" : "holds",
			    ui_log_int(e, "roll"));
			break;
		}
		/* A secret mission: its side alone reads of it (§2.3). */
		if (ui_log_int(e, "secret"))
			*mask = ui_log_side_mask(e);
		strbuf_printf(&sb, "%s mission %s: %s (%s)%s%s.",
		    ui_log_side(e), ui_log_str(e, "what"),
		    ui_log_str(e, "mission"), ui_log_str(e, "target"),
		    event_get(e, "reason") != NULL ? ", " : "",
		    event_get(e, "reason") != NULL ?
		    ui_log_str(e, "reason") : "");
		break;
	default:
		if (event_get(e, "unit") != NULL)
			*mask = ui_log_mask(ui, e, "unit");
		ui_log_generic(&sb, e);
		break;
	}
	return strbuf_steal(&sb);
}

void
ui_log_events(struct ui *ui, const struct event_list *ev)
{
	size_t		 i;
	unsigned	 mask;
	char		*line;

	for (i = 0; i < ev->n; i++)
		if ((line = ui_log_event(ui, &ev->v[i], &mask)) != NULL)
			ui_log_push(ui, mask, line);
}

/* The indices of the lines the viewer may read, in order; caller frees. */
static size_t *
ui_log_readable(const struct ui *ui, size_t *n)
{
	size_t	*v = xcalloc(ui->log.n + 1, sizeof *v), i;

	*n = 0;
	for (i = 0; i < ui->log.n; i++)
		if (ui_preview_on(ui) ||
		    (ui->log.masks[i] & (1u << ui->viewer)))
			v[(*n)++] = i;
	return v;
}

/* The last lines under the map; the status message, if any, first. */
void
ui_log_draw(struct ui *ui)
{
	WINDOW	*w = ui->term.log;
	int	 rows = getmaxy(w), width = getmaxx(w), y;
	size_t	*v, n, k;

	werase(w);
	v = ui_log_readable(ui, &n);
	k = n > (size_t)rows ? n - (size_t)rows : 0;
	for (y = 0; k < n; k++, y++)
		ui_term_text(ui, w, y, 1, width - 1, k + 1 == n ?
		    UI_STYLE_NORMAL : UI_STYLE_DIM, ui->log.lines[v[k]]);
	free(v);
}

void
ui_log_scroll(struct ui *ui, int lines)
{
	int	page = getmaxy(ui->term.full) - 2;
	size_t	n;

	free(ui_log_readable(ui, &n));
	if (lines == UI_SCROLL_PAGE)
		lines = page;
	else if (lines == -UI_SCROLL_PAGE)
		lines = -page;
	ui->log.top += lines;
	if (ui->log.top > (int)n - page)
		ui->log.top = (int)n - page;
	if (ui->log.top < 0)
		ui->log.top = 0;
	ui->dirty |= UI_DIRTY_MAP;
}

/*
 * Hot-seat, as a side takes over: if it may read lines added since it
 * handed over (the other side's moves it saw, its own reaction shots),
 * open the full log on the first of them.  Returns whether it did.
 */
bool
ui_log_catch_up(struct ui *ui)
{
	size_t	*v, n, k;
	size_t	 first;
	bool	 news = false;

	v = ui_log_readable(ui, &n);
	for (k = 0; k < n && v[k] < ui->log.read[ui->viewer]; k++)
		continue;
	/* Lines for everyone (phases changing) alone are no news. */
	for (first = k; k < n && !news; k++)
		news = ui->log.masks[v[k]] != UI_LOG_ALL;
	k = first;
	free(v);
	ui->log.read[ui->viewer] = ui->log.n;
	if (!news)
		return false;
	ui->log.top = (int)k;
	ui->log.since = true;
	return true;
}

/* The whole log, full screen: a title line, the lines, long ones cut. */
void
ui_log_full(struct ui *ui)
{
	WINDOW	*w = ui->term.full;
	int	 rows = getmaxy(w) - 2, width = getmaxx(w), y;
	size_t	*v, n;
	int	 k;

	werase(w);
	v = ui_log_readable(ui, &n);
	if (ui->log.since)
		ui_term_printf(ui, w, 0, 1, width - 1, UI_STYLE_TITLE,
		    "While you waited (from line %d of %zu) - j k PgUp PgDn "
		    "scroll, Esc: to the map", ui->log.top + 1, n);
	else
		ui_term_printf(ui, w, 0, 1, width - 1, UI_STYLE_TITLE,
		    "Combat log (%zu lines) - j k PgUp PgDn scroll, w to a "
		    "file, Esc back", n);
	for (y = 1, k = ui->log.top; y <= rows && k < (int)n; y++, k++)
		ui_term_text(ui, w, y, 1, width - 1, UI_STYLE_NORMAL,
		    ui->log.lines[v[k]]);
	/* The last line: what w did (the status line is hidden here). */
	if (ui->message != NULL)
		ui_term_text(ui, w, rows + 1, 1, width - 1, UI_STYLE_DIM,
		    ui->message);
	free(v);
}
