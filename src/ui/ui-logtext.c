/*
 * ui-logtext.c - the log's words: an event, as a side reads it, made into
 * the line the client shows (ui-log.c keeps the lines, ui-logview.c draws
 * them).  No curses here: the non-interference test renders each side's
 * log with it (tests/test_fog.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-logtext.h"
#include "xtac/util.h"

static const char *const ui_logtext_sides[SIDE_COUNT] = {
	"X-Com", "Aliens", "Civilians"
};

const char *
ui_logtext_side_name(enum side s)
{
	return s >= 0 && s < SIDE_COUNT ? ui_logtext_sides[s] : "nobody";
}

static int
ui_lt_int(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	return f != NULL ? f->i : 0;
}

static const char *
ui_lt_str(const struct event *e, const char *key)
{
	const struct event_field	*f = event_get(e, key);

	return f != NULL && f->kind == EVV_STR && f->s != NULL ? f->s : "?";
}

static const char *
ui_lt_side(const struct event *e)
{
	const char	*s = ui_lt_str(e, "side");

	if (strcmp(s, "xcom") == 0)
		return "X-Com";
	if (strcmp(s, "alien") == 0)
		return "Aliens";
	if (strcmp(s, "civilian") == 0)
		return "Civilians";
	return s;
}

/* "63% (ACC 25, aimed +50, range -7) - rolled 41: hit", no full stop */
static void
ui_lt_roll(struct strbuf *sb, const struct event *e, const char *yes,
    const char *no)
{
	size_t	i;

	strbuf_printf(sb, "%d%%", ui_lt_int(e, "chance"));
	for (i = 0; i < e->nterms; i++)
		strbuf_printf(sb, "%s%s %+d", i > 0 ? ", " : " (",
		    e->terms[i].name, e->terms[i].value);
	if (ui_lt_int(e, "capped"))
		strbuf_puts(sb, e->nterms > 0 ? ", capped" : " (capped");
	if (e->nterms > 0 || ui_lt_int(e, "capped"))
		strbuf_puts(sb, ")");
	strbuf_printf(sb, " - rolled %d: %s", ui_lt_int(e, "roll"),
	    ui_lt_int(e, "success") ? yes : no);
}

/* A unit's id, or a square "12,3 L1", at key. */
static const char *
ui_lt_place(const struct event *e, const char *key, char *buf, size_t len)
{
	const struct event_field	*f = event_get(e, key);

	if (f != NULL && f->kind == EVV_POS) {
		snprintf(buf, len, "%d,%d L%d", f->pos.x + 1, f->pos.y + 1,
		    f->pos.z + 1);
		return buf;
	}
	return ui_lt_str(e, key);
}

/* Where a stray shot ends (§7.5): "strikes s1", "leaves the map"... */
static void
ui_lt_struck(struct strbuf *sb, const struct event *e)
{
	static const struct {
		const char	*hit, *words;
	} table[] = {
		{ "map-edge", "leaves the map" },
		{ "wall", "strikes a wall" },
		{ "floor", "strikes the floor" },
		{ "object", "strikes an object" },
		{ "waypoint", "reaches the waypoint" },
	};
	const char	*hit = ui_lt_str(e, "hit");
	char		 at[64];
	size_t		 i;

	/* Where it stopped in the dark is not the reader's (know.h). */
	if (event_get(e, "hit") == NULL && event_get(e, "struck") == NULL) {
		strbuf_puts(sb, "goes on out of sight.");
		return;
	}

	for (i = 0; i < XTAC_NITEMS(table); i++)
		if (strcmp(hit, table[i].hit) == 0)
			break;
	if (event_get(e, "struck") != NULL)
		strbuf_printf(sb, "strikes %s", ui_lt_str(e, "struck"));
	else if (i < XTAC_NITEMS(table))
		strbuf_puts(sb, table[i].words);
	else
		strbuf_printf(sb, "strikes %s", hit);
	if (event_get(e, "at") != NULL)
		strbuf_printf(sb, " at %s", ui_lt_place(e, "at", at,
		    sizeof at));
	strbuf_puts(sb, ".");
}

/*
 * "chen: aimed shot at s1 (rifle, 8 TU)", "s1 reacts: snap shot ...", a
 * wild shot (a berserker's, §6.4) and a psi attack.
 */
static void
ui_lt_attack(struct strbuf *sb, const struct event *e)
{
	const char	*mode = ui_lt_str(e, "mode");
	char		 at[64];

	if (strcmp(mode, "wild") == 0) {
		strbuf_printf(sb, "%s fires wild to the %s",
		    ui_lt_str(e, "unit"), ui_lt_str(e, "direction"));
		/* An unseen shooter's weapon and TUs are not told. */
		if (event_get(e, "weapon") != NULL)
			strbuf_printf(sb, " (%s, %d TU)",
			    ui_lt_str(e, "weapon"), ui_lt_int(e, "tu"));
		strbuf_puts(sb, " and ");
		ui_lt_struck(sb, e);
		return;
	}
	strbuf_printf(sb, "%s%s %s", ui_lt_str(e, "unit"),
	    ui_lt_int(e, "reaction") ? " reacts:" : ":", mode);
	if (strcmp(mode, "psi") == 0)
		strbuf_printf(sb, " %s", ui_lt_str(e, "kind"));
	else
		strbuf_puts(sb, strcmp(mode, "melee") == 0 ||
		    strcmp(mode, "implant") == 0 ? " strike" : " shot");
	strbuf_printf(sb, " at %s", ui_lt_place(e, "target", at,
	    sizeof at));
	/* An unseen attacker's weapon and TUs are not told (know.h). */
	if (event_get(e, "weapon") == NULL) {
		strbuf_puts(sb, ".");
		return;
	}
	strbuf_printf(sb, " (%s", ui_lt_str(e, "weapon"));
	if (event_get(e, "hand") != NULL &&
	    strcmp(ui_lt_str(e, "hand"), "both") == 0)
		strbuf_puts(sb, " in both hands");
	strbuf_printf(sb, ", %d TU).", ui_lt_int(e, "tu"));
}

/*
 * Panic acted out (§6.4) and a civilian's fright (§3.4): what the unit
 * does, where to, with what, and why not when it cannot.  False for any
 * other psi event.
 */
static bool
ui_lt_panic(struct strbuf *sb, const struct event *e)
{
	static const struct {
		const char	*effect, *words;
	} table[] = {
		{ "flees", "panics and flees" },
		{ "berserk", "goes berserk" },
		{ "berserk-shot", "fires in a berserk rage" },
		{ "frozen", "is frozen with panic, no TU this phase" },
	};
	const char	*what = NULL;
	char		 at[64];
	size_t		 i;

	if (event_get(e, "outcome") != NULL)
		what = ui_lt_str(e, "outcome");
	for (i = 0; what == NULL && i < XTAC_NITEMS(table); i++)
		if (strcmp(ui_lt_str(e, "effect"), table[i].effect) == 0)
			what = table[i].words;
	if (what == NULL)
		return false;
	strbuf_printf(sb, "%s %s", ui_lt_str(e, "unit"), what);
	if (event_get(e, "weapon") != NULL)
		strbuf_printf(sb, " with the %s", ui_lt_str(e, "weapon"));
	if (event_get(e, "direction") != NULL)
		strbuf_printf(sb, " (d10 %d: to the %s)", ui_lt_int(e, "d10"),
		    ui_lt_str(e, "direction"));
	if (event_get(e, "to") != NULL)
		strbuf_printf(sb, " to %s", ui_lt_place(e, "to", at,
		    sizeof at));
	if (event_get(e, "why") != NULL)
		strbuf_printf(sb, " (%s)", ui_lt_str(e, "why"));
	strbuf_puts(sb, ".");
	return true;
}

/* "chen wins." or "a tie, rolled again." */
static void
ui_lt_winner(struct strbuf *sb, const struct event *e)
{
	const char	*w = ui_lt_str(e, "winner");

	if (strcmp(w, "tie") == 0)
		strbuf_puts(sb, "a tie, rolled again.");
	else
		strbuf_printf(sb, "%s wins.", w);
}

/* A word from the engine ("reaction") starting a sentence: "Reaction". */
static const char *
ui_lt_upper(const char *word)
{
	static const struct {
		const char	*word, *upper;
	} table[] = {
		{ "reaction", "Reaction" },
		{ "civilian", "Civilian" },
		{ "psi", "Psi" },
	};
	size_t	i;

	for (i = 0; i < XTAC_NITEMS(table); i++)
		if (strcmp(word, table[i].word) == 0)
			return table[i].upper;
	return word;
}

/* The unit's full HTH, for "27 of 35 left" (0 if unknown). */
static int
ui_lt_hth(const struct ui_logtext *lt, const struct event *e)
{
	int	i = game_find_unit(lt->g, ui_lt_str(e, "unit"));

	return i >= 0 ? game_unit(lt->g, i)->stats[STAT_HTH] : 0;
}

/*
 * Damage (§7.2): what came, what the armour on that side stopped and what
 * reached HTH.  Stun touches no armour; damage the armour stops leaves
 * HTH as it was.
 */
static void
ui_lt_damage(const struct ui_logtext *lt, struct strbuf *sb,
    const struct event *e)
{
	const struct event_field	*f = event_get(e, "susceptibility");
	int				 dmg = ui_lt_int(e, "damage");
	int				 hth = ui_lt_hth(lt, e), i;

	strbuf_printf(sb, "%s takes %d %s", ui_lt_str(e, "unit"), dmg,
	    ui_lt_str(e, "type"));
	if (f != NULL && f->kind == EVV_STR)
		strbuf_printf(sb, " (%d, immune)", ui_lt_int(e, "raw"));
	else if (f != NULL && f->i != 0)
		strbuf_printf(sb, " (%d, %+d susceptibility)",
		    ui_lt_int(e, "raw"), f->i);
	if (event_get(e, "stun") != NULL) {
		strbuf_printf(sb, ": stun, past armour; stun now %d",
		    ui_lt_int(e, "stun"));
		if ((i = game_find_unit(lt->g, ui_lt_str(e, "unit"))) >= 0)
			strbuf_printf(sb, " against %d HTH left", hth -
			    game_unit(lt->g, i)->damage);
		strbuf_puts(sb, ".");
		return;
	}
	if (event_get(e, "facing") == NULL) {
		strbuf_puts(sb, ".");
		return;
	}
	strbuf_printf(sb, ": %s armour %d", ui_lt_str(e, "facing"),
	    ui_lt_int(e, "armour"));
	if (ui_lt_int(e, "to_hth") == 0) {
		strbuf_printf(sb, " stops it (%d left there); HTH untouched.",
		    ui_lt_int(e, "armour_left"));
		return;
	}
	/* Past the last point of HTH is death: nothing is left, not less. */
	strbuf_printf(sb, " stops %d, %d to HTH (%d", ui_lt_int(e,
	    "absorbed"), ui_lt_int(e, "to_hth"), ui_lt_int(e, "hth_left") <
	    0 ? 0 : ui_lt_int(e, "hth_left"));
	if (hth > 0)
		strbuf_printf(sb, " of %d", hth);
	strbuf_puts(sb, " left).");
}

/* Anything without words of its own: its name and its fields. */
static void
ui_lt_generic(struct strbuf *sb, const struct event *e)
{
	size_t	i;

	strbuf_puts(sb, (unsigned)e->type < EV_TYPE_COUNT ?
	    event_type_names[e->type] : "event");
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

char *
ui_logtext_event(const struct ui_logtext *lt, const struct event *e)
{
	struct strbuf			 sb;
	const char			*what;
	const struct event_field	*f;
	char				 at[64];

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
		strbuf_printf(&sb, "Refused: %s: %s", ui_lt_str(e, "command"),
		    ui_lt_str(e, "reason"));
		break;
	case EV_ROUND_START:
		strbuf_printf(&sb, "Round %d begins.", ui_lt_int(e, "round"));
		break;
	case EV_INITIATIVE:
		strbuf_printf(&sb, "Initiative: %s roll %d%s.", ui_lt_side(e),
		    ui_lt_int(e, "d10"), ui_lt_int(e, "reroll") ?
		    " (a tie before: rolled again)" : "");
		break;
	case EV_PHASE_START:
		strbuf_printf(&sb, "%s move.", ui_lt_side(e));
		break;
	case EV_PHASE_END:
		strbuf_printf(&sb, "%s end their phase.", ui_lt_side(e));
		break;
	case EV_SPOTTED:
	case EV_LOST_SIGHT:
		strbuf_printf(&sb, "%s %s %s.", ui_lt_side(e),
		    e->type == EV_SPOTTED ? "spot" : "lose sight of",
		    ui_lt_str(e, "unit"));
		break;
	case EV_ATTACK:
		/* Its target's side learns of an attack even unseen. */
		ui_lt_attack(&sb, e);
		break;
	case EV_ROLL:
		what = ui_lt_str(e, "what");
		if (strcmp(what, "hit") == 0) {
			/* A guided missile's last leg names its square. */
			strbuf_printf(&sb, "%s at %s: ", ui_lt_str(e, "unit"),
			    ui_lt_place(e, event_get(e, "target") != NULL ?
			    "target" : "waypoint", at, sizeof at));
			ui_lt_roll(&sb, e, "hit", "miss");
			strbuf_puts(&sb, ".");
		} else if (strcmp(what, "waypoint") == 0) {
			strbuf_printf(&sb, "%s's missile past %s: ",
			    ui_lt_str(e, "unit"),
			    ui_lt_place(e, "waypoint", at, sizeof at));
			ui_lt_roll(&sb, e, "on course", "off course");
			strbuf_puts(&sb, ".");
		} else if (strcmp(what, "heal") == 0) {
			strbuf_printf(&sb, "%s treats %s (%s): ",
			    ui_lt_str(e, "unit"), ui_lt_str(e, "target"),
			    ui_lt_str(e, "treat"));
			ui_lt_roll(&sb, e, "it works", "it fails");
			strbuf_puts(&sb, ".");
		} else if (event_get(e, "chance") == NULL) {
			/* A plain d10: the death explosion (§7.3). */
			strbuf_printf(&sb, "%s: %s? d10 %d: %s.",
			    ui_lt_str(e, "unit"), what, ui_lt_int(e, "d10"),
			    ui_lt_int(e, "success") ? "yes" : "no");
		} else {
			strbuf_printf(&sb, "%s roll for %s: ", what,
			    ui_lt_str(e, "unit"));
			ui_lt_roll(&sb, e, "success", "failure");
			strbuf_puts(&sb, ".");
		}
		break;
	case EV_DAMAGE:
		ui_lt_damage(lt, &sb, e);
		break;
	case EV_DEATH:
		strbuf_printf(&sb, "%s is killed.", ui_lt_str(e, "unit"));
		break;
	case EV_UNCONSCIOUS:
		strbuf_printf(&sb, "%s falls unconscious.",
		    ui_lt_str(e, "unit"));
		break;
	case EV_KNEEL:
	case EV_STAND:
		strbuf_printf(&sb, "%s %s.", ui_lt_str(e, "unit"),
		    e->type == EV_KNEEL ? "kneels" : "stands up");
		break;
	case EV_RELOAD:
		strbuf_printf(&sb, "%s reloads the %s with %s (%d round%s), %d "
		    "TU.", ui_lt_str(e, "unit"), ui_lt_str(e, "weapon"),
		    ui_lt_str(e, "ammo"), ui_lt_int(e, "rounds"),
		    ui_lt_int(e, "rounds") == 1 ? "" : "s",
		    ui_lt_int(e, "tu"));
		break;
	case EV_STUN:
		strbuf_printf(&sb, "%s is stunned (stun %d).",
		    ui_lt_str(e, "unit"), ui_lt_int(e, "stun"));
		break;
	case EV_MISSED:
		/* §7.5: "on" (0 squares) flies on past the target. */
		if (ui_lt_int(e, "squares") == 0)
			strbuf_puts(&sb, "The miss flies on");
		else
			strbuf_printf(&sb, "The miss goes %d square%s %s",
			    ui_lt_int(e, "squares"),
			    ui_lt_int(e, "squares") == 1 ? "" : "s",
			    ui_lt_str(e, "direction"));
		strbuf_printf(&sb, " (d10 %d) and ", ui_lt_int(e, "d10"));
		ui_lt_struck(&sb, e);
		break;
	case EV_OPPOSED:
		if (event_get(e, "watcher") != NULL) {
			/* Reactions and civilians (§6.5, §3.4). */
			strbuf_printf(&sb, "%s roll: %s %d + RET %d against %s "
			    "%d + RET %d: ", ui_lt_upper(ui_lt_str(e, "what")),
			    ui_lt_str(e, "watcher"),
			    ui_lt_int(e, "watcher_roll"),
			    ui_lt_int(e, "watcher_ret"), ui_lt_str(e, "mover"),
			    ui_lt_int(e, "mover_roll"),
			    ui_lt_int(e, "mover_ret"));
			ui_lt_winner(&sb, e);
			break;
		}
		strbuf_printf(&sb, "Psi %s: %s %d (total %d) against %s %d + "
		    "PST %d (total %d): ", ui_lt_str(e, "kind"),
		    ui_lt_str(e, "attacker"), ui_lt_int(e, "attacker_roll"),
		    ui_lt_int(e, "attacker_total"), ui_lt_str(e, "target"),
		    ui_lt_int(e, "target_roll"), ui_lt_int(e, "target_pst"),
		    ui_lt_int(e, "target_total"));
		ui_lt_winner(&sb, e);
		break;
	case EV_CRITICAL:
		strbuf_printf(&sb, "Critical hit on %s: d10 %d, the %s",
		    ui_lt_str(e, "unit"), ui_lt_int(e, "d10"),
		    ui_lt_str(e, "location"));
		if (event_get(e, "extra_damage") != NULL)
			strbuf_printf(&sb, " (%d more damage)",
			    ui_lt_int(e, "extra_damage"));
		if (event_get(e, "effect") != NULL)
			strbuf_printf(&sb, " (%s)", ui_lt_str(e, "effect"));
		strbuf_puts(&sb, ".");
		break;
	case EV_TURN:
		strbuf_printf(&sb, "%s turns from %s to %s (%d TU).",
		    ui_lt_str(e, "unit"), ui_lt_str(e, "from"),
		    ui_lt_str(e, "to"), ui_lt_int(e, "tu"));
		break;
	case EV_WAKE:
		strbuf_printf(&sb, "%s comes to (stun %d, %d HTH left)",
		    ui_lt_str(e, "unit"), ui_lt_int(e, "stun"),
		    ui_lt_int(e, "hth_left"));
		if ((f = event_get(e, "to")) != NULL)
			strbuf_printf(&sb, " and, %s standing on it, moves to "
			    "%d,%d L%d", ui_lt_str(e, "by"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		strbuf_puts(&sb, ".");
		break;
	case EV_DEPLOY_START:
		strbuf_printf(&sb, "%s place their units.", ui_lt_side(e));
		/* The keys, for a person placing them. */
		if (lt->human & 1u << (strcmp(ui_lt_str(e, "side"), "xcom") ==
		    0 ? SIDE_XCOM : SIDE_ALIEN))
			strbuf_printf(&sb, "  %s.", UI_LOGTEXT_DEPLOY_HOW);
		break;
	case EV_DEPLOY_END:
		strbuf_printf(&sb, "%s have placed their units.",
		    ui_lt_side(e));
		break;
	case EV_DEPLOY:		/* its own side's business alone */
		f = event_get(e, "at");
		strbuf_printf(&sb, "%s takes position at %d,%d L%d.",
		    ui_lt_str(e, "unit"), f->pos.x + 1, f->pos.y + 1,
		    f->pos.z + 1);
		break;
	case EV_WAKE_BLOCKED:
		strbuf_printf(&sb, "%s could come to, but %s stands on it and "
		    "no square beside it is free: it stays down this round.",
		    ui_lt_str(e, "unit"), ui_lt_str(e, "by"));
		break;
	case EV_PRONE:
		strbuf_printf(&sb, "%s falls on %s, who is knocked prone: it "
		    "must stand (2 TU) before it moves or fires.",
		    ui_lt_str(e, "by"), ui_lt_str(e, "unit"));
		break;
	case EV_ITEM_DROPPED:
		strbuf_printf(&sb, "%s drops %s.", ui_lt_str(e, "unit"),
		    ui_lt_str(e, "item"));
		break;
	case EV_ITEM_PICKED:
		strbuf_printf(&sb, "%s picks up %s.", ui_lt_str(e, "unit"),
		    ui_lt_str(e, "item"));
		break;
	case EV_SWAP:
		strbuf_printf(&sb, "%s swaps hands.", ui_lt_str(e, "unit"));
		break;
	case EV_UNLOAD:
		strbuf_printf(&sb, "%s unloads %s (%d rounds) onto the belt, "
		    "%d TU.", ui_lt_str(e, "unit"), ui_lt_str(e, "ammo"),
		    ui_lt_int(e, "rounds"), ui_lt_int(e, "tu"));
		break;
	case EV_DRAW:
	case EV_STOW:
		strbuf_printf(&sb, e->type == EV_DRAW ? "%s draws %s from "
		    "the belt into the %s hand, %d TU." : "%s puts %s from "
		    "the %s hand on the belt, %d TU.", ui_lt_str(e, "unit"),
		    ui_lt_str(e, "item"), ui_lt_str(e, "hand"),
		    ui_lt_int(e, "tu"));
		break;
	case EV_PRIME:
		if ((f = event_get(e, "timer")) != NULL && f->kind == EVV_STR)
			strbuf_printf(&sb, "%s arms %s (proximity), %d TU.",
			    ui_lt_str(e, "unit"), ui_lt_str(e, "item"),
			    ui_lt_int(e, "tu"));
		else
			strbuf_printf(&sb, "%s primes %s for %d round%s, %d "
			    "TU.", ui_lt_str(e, "unit"), ui_lt_str(e, "item"),
			    ui_lt_int(e, "timer"),
			    ui_lt_int(e, "timer") == 1 ? "" : "s",
			    ui_lt_int(e, "tu"));
		break;
	case EV_HEAL:
		strbuf_printf(&sb, "%s uses a medikit on %s (%s, %d TU): %s",
		    ui_lt_str(e, "unit"), ui_lt_str(e, "target"),
		    ui_lt_str(e, "treat"), ui_lt_int(e, "tu"),
		    ui_lt_int(e, "success") ? "it works" : "it fails");
		if (event_get(e, "healed") != NULL)
			strbuf_printf(&sb, ", %d HTH back (%d left)",
			    ui_lt_int(e, "healed"), ui_lt_int(e, "hth_left"));
		strbuf_printf(&sb, "; %d use%s left.",
		    ui_lt_int(e, "uses_left"),
		    ui_lt_int(e, "uses_left") == 1 ? "" : "s");
		break;
	case EV_FALL:
		if (event_get(e, "item") != NULL) {
			strbuf_printf(&sb, "The %s falls %d level%s.",
			    ui_lt_str(e, "item"), ui_lt_int(e, "levels"),
			    ui_lt_int(e, "levels") == 1 ? "" : "s");
			break;
		}
		strbuf_printf(&sb, "%s falls %d level%s", ui_lt_str(e, "unit"),
		    ui_lt_int(e, "levels"),
		    ui_lt_int(e, "levels") == 1 ? "" : "s");
		if (event_get(e, "damage") != NULL)
			strbuf_printf(&sb, ", taking %d CC to its underside",
			    ui_lt_int(e, "damage"));
		strbuf_puts(&sb, ".");
		break;
	case EV_EXPLOSION:
		if ((f = event_get(e, "at")) == NULL)
			break;
		if (strcmp(ui_lt_str(e, "kind"), "fire") == 0)
			/* An incendiary blow (§7.4): fire without a burst. */
			strbuf_printf(&sb, "Fire starts at %d,%d L%d: %d %s",
			    f->pos.x + 1, f->pos.y + 1, f->pos.z + 1,
			    ui_lt_int(e, "damage"), ui_lt_str(e, "type"));
		else if (event_get(e, "kind") != NULL)
			strbuf_printf(&sb, "A %s grenade goes off at %d,%d L%d",
			    ui_lt_str(e, "kind"), f->pos.x + 1, f->pos.y + 1,
			    f->pos.z + 1);
		else
			strbuf_printf(&sb, "Explosion at %d,%d L%d: %d %s",
			    f->pos.x + 1, f->pos.y + 1, f->pos.z + 1,
			    ui_lt_int(e, "damage"), ui_lt_str(e, "type"));
		if (ui_lt_int(e, "radius") > 0)
			strbuf_printf(&sb, ", radius %d", ui_lt_int(e,
			    "radius"));
		strbuf_puts(&sb, ".");
		break;
	case EV_DESTROYED:
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "The %s %s%s%s %d,%d L%d is destroyed.",
			    event_get(e, "name") != NULL ? ui_lt_str(e, "name") :
			    ui_lt_str(e, "what"),
			    event_get(e, "side") != NULL ? "on the " : "",
			    event_get(e, "side") != NULL ? ui_lt_str(e, "side") :
			    "", event_get(e, "side") != NULL ? " side of" : "at",
			    f->pos.x + 1, f->pos.y + 1, f->pos.z + 1);
		break;
	case EV_THROW:
		strbuf_printf(&sb, "%s throws %s at %s (%d TU): ",
		    ui_lt_str(e, "unit"), ui_lt_str(e, "item"),
		    ui_lt_place(e, "target", at, sizeof at),
		    ui_lt_int(e, "tu"));
		if (ui_lt_int(e, "stopped")) {
			/* RULINGS §6.2: the next line says what stopped it. */
			strbuf_puts(&sb, "it falls short.");
			break;
		}
		ui_lt_roll(&sb, e, "on target", "it scatters");
		/* Where it came down, for who saw it all the way there. */
		if (!ui_lt_int(e, "success") && event_get(e, "landed") != NULL)
			strbuf_printf(&sb, " (d10 %d) to %s",
			    ui_lt_int(e, "scatter_d10"),
			    ui_lt_place(e, "landed", at, sizeof at));
		else if (!ui_lt_int(e, "success"))
			strbuf_printf(&sb, " (d10 %d) out of sight",
			    ui_lt_int(e, "scatter_d10"));
		strbuf_puts(&sb, ".");
		break;
	case EV_PSI:
		if (ui_lt_panic(&sb, e))
			break;
		strbuf_printf(&sb, "%s: %s", ui_lt_str(e, "unit"),
		    ui_lt_str(e, "effect"));
		if (event_get(e, "by") != NULL)
			strbuf_printf(&sb, " by %s", ui_lt_str(e, "by"));
		if (event_get(e, "panic") != NULL)
			strbuf_printf(&sb, " (d10 %d: %s %s)",
			    ui_lt_int(e, "d10"), ui_lt_str(e, "panic"),
			    ui_lt_str(e, "when"));
		if (event_get(e, "controller") != NULL)
			strbuf_printf(&sb, ", %s %s",
			    event_get(e, "until") != NULL ? "now with" :
			    "back to", ui_lt_str(e, "controller"));
		if (event_get(e, "until") != NULL)
			strbuf_printf(&sb, " until %s", ui_lt_str(e, "until"));
		if (event_get(e, "tu_left") != NULL)
			strbuf_printf(&sb, ": %d TU, %d HTH left",
			    ui_lt_int(e, "tu_left"), ui_lt_int(e, "hth_left"));
		strbuf_puts(&sb, ".");
		break;
	case EV_TRANSFORM:
		if (event_get(e, "clone") != NULL) {
			strbuf_printf(&sb, "%s divides: %s appears beside it.",
			    ui_lt_str(e, "unit"), ui_lt_str(e, "clone"));
			break;
		}
		strbuf_printf(&sb, "%s becomes a %s", ui_lt_str(e, "unit"),
		    ui_lt_str(e, "into"));
		if (event_get(e, "rounds") != NULL)
			strbuf_printf(&sb, " for %d rounds",
			    ui_lt_int(e, "rounds"));
		if ((f = event_get(e, "to")) != NULL)
			strbuf_printf(&sb, " and, %s standing on it, moves to "
			    "%d,%d L%d", ui_lt_str(e, "by"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		else if (event_get(e, "prone") != NULL)
			strbuf_printf(&sb, ", lying prone under %s",
			    ui_lt_str(e, "by"));
		strbuf_puts(&sb, ".");
		break;
	case EV_DOOR_OPEN:
		if ((f = event_get(e, "at")) == NULL)
			break;
		strbuf_printf(&sb, "%s opens the door on the %s side of "
		    "%d,%d L%d", ui_lt_str(e, "unit"), ui_lt_str(e, "side"),
		    f->pos.x + 1, f->pos.y + 1, f->pos.z + 1);
		/* §4.2: a wide door opens as one. */
		if (event_get(e, "width") != NULL)
			strbuf_printf(&sb, ", all %d squares of it",
			    ui_lt_int(e, "width"));
		/* Nobody reads an unseen unit's TUs (know.h). */
		if (event_get(e, "tu") != NULL)
			strbuf_printf(&sb, ", %d TU", ui_lt_int(e, "tu"));
		strbuf_puts(&sb, ".");
		break;
	case EV_DOOR_CLOSE:
		/* Doors close for everyone; only who sees one reads of it. */
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "The %sdoor on the %s side of "
			    "%d,%d L%d closes.", event_get(e, "width") != NULL ?
			    "wide " : "", ui_lt_str(e, "side"), f->pos.x + 1,
			    f->pos.y + 1, f->pos.z + 1);
		break;
	case EV_WALK_STOP:
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, "%s stops at %d,%d L%d: %s.",
			    ui_lt_str(e, "unit"), f->pos.x + 1, f->pos.y + 1,
			    f->pos.z + 1, ui_lt_str(e, "why"));
		break;
	case EV_ARC_STOPPED:
		/* Where and on what only for who sees it, and its side. */
		strbuf_printf(&sb, "%s's %s is stopped short", ui_lt_str(e,
		    "unit"), ui_lt_str(e, "item"));
		if ((f = event_get(e, "at")) != NULL)
			strbuf_printf(&sb, " by the %s on the %s side of %d,%d "
			    "L%d", ui_lt_str(e, "blocked"), ui_lt_str(e,
			    "side"), f->pos.x + 1, f->pos.y + 1, f->pos.z + 1);
		if (event_get(e, "landed") != NULL)
			strbuf_printf(&sb, " and comes down at %s",
			    ui_lt_place(e, "landed", at, sizeof at));
		strbuf_puts(&sb, ".");
		break;
	case EV_REACTION_CHECK:
		strbuf_printf(&sb, "%s %s react to %s (%s).",
		    ui_lt_str(e, "watcher"), ui_lt_int(e, "able") ? "may" :
		    "cannot", ui_lt_str(e, "target"), ui_lt_str(e, "why"));
		break;
	case EV_REACTION_DECLINED:
		/* Fire held is seen by nobody: its own side reads of it. */
		strbuf_printf(&sb, "%s holds its fire at %s, %d %%: %s%s%s.",
		    ui_lt_str(e, "watcher"), ui_lt_str(e, "target"),
		    ui_lt_int(e, "chance"), ui_lt_str(e, "why"),
		    event_get(e, "friend") != NULL ? ", " : "",
		    event_get(e, "friend") != NULL ? ui_lt_str(e, "friend") :
		    "");
		break;
	case EV_REACTION_ORDER:
		if (event_get(e, "min") == NULL)
			strbuf_printf(&sb, "%s will not fire in reaction.",
			    ui_lt_str(e, "unit"));
		else if (event_get(e, "friends_min") == NULL)
			strbuf_printf(&sb, "%s will fire in reaction at %d %% "
			    "or more, never through friends.",
			    ui_lt_str(e, "unit"), ui_lt_int(e, "min"));
		else
			strbuf_printf(&sb, "%s will fire in reaction at %d %% "
			    "or more, through friends at %d %% or more.",
			    ui_lt_str(e, "unit"), ui_lt_int(e, "min"),
			    ui_lt_int(e, "friends_min"));
		break;
	case EV_VICTORY:
		if (game_winner(lt->g) == GAME_NO_SIDE)
			strbuf_printf(&sb, "The battle ends in round %d: a "
			    "draw", ui_lt_int(e, "round"));
		else
			strbuf_printf(&sb, "Victory in round %d: %s win",
			    ui_lt_int(e, "round"),
			    ui_logtext_side_name(game_winner(lt->g)));
		strbuf_printf(&sb, " (%s).", ui_lt_str(e, "reason"));
		if (event_get(e, "civilians") != NULL)
			strbuf_printf(&sb, "  Civilians lost %d of %d; score "
			    "X-Com %d, Aliens %d.", ui_lt_int(e,
			    "civilians_lost"), ui_lt_int(e, "civilians"),
			    ui_lt_int(e, "xcom_score"),
			    ui_lt_int(e, "alien_score"));
		break;
	case EV_CARRY:
		if (strcmp(ui_lt_str(e, "what"), "lift") == 0)
			strbuf_printf(&sb, "%s lifts %s (%d TU).",
			    ui_lt_str(e, "unit"), ui_lt_str(e, "body"),
			    ui_lt_int(e, "tu"));
		else
			strbuf_printf(&sb, "%s lets %s go (%s).",
			    ui_lt_str(e, "unit"), ui_lt_str(e, "body"),
			    ui_lt_str(e, "why"));
		break;
	case EV_MISSION:
		if (strcmp(ui_lt_str(e, "what"), "crash") == 0) {
			strbuf_printf(&sb, "Crash: the %s %s (d100 %d, 85 or "
			    "less explodes).", ui_lt_str(e, "object"),
			    ui_lt_int(e, "success") ? "explodes" : "holds",
			    ui_lt_int(e, "roll"));
			break;
		}
		strbuf_printf(&sb, "%s mission %s: %s (%s)%s%s.",
		    ui_lt_side(e), ui_lt_str(e, "what"),
		    ui_lt_str(e, "mission"), ui_lt_str(e, "target"),
		    event_get(e, "reason") != NULL ? ", " : "",
		    event_get(e, "reason") != NULL ?
		    ui_lt_str(e, "reason") : "");
		break;
	default:
		ui_lt_generic(&sb, e);
		break;
	}
	return strbuf_steal(&sb);
}

