/*
 * cmd.c - the command table and the text form of commands (cmd.h).  Parsing
 * resolves names (units, items, directions, modes) against the game but
 * leaves legality to game_execute(); formatting gives the canonical line a
 * save or replay contains, which parses back to the same command.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/game.h"
#include "xtac/util.h"

const struct cmd_entry cmd_table[CMD_TYPE_COUNT] = {
	{ "select", CMD_SELECT, "select UNIT", "choose the unit to act" },
	{ "move", CMD_MOVE, "move UNIT X Y [LEVEL]",
	    "walk (or fly) to a square by the cheapest path" },
	{ "turn", CMD_TURN, "turn UNIT DIR", "face n, ne, e, se, s, sw, w or nw" },
	{ "kneel", CMD_KNEEL, "kneel UNIT", "kneel (soldiers only)" },
	{ "stand", CMD_STAND, "stand UNIT", "stand up" },
	{ "open", CMD_OPEN, "open UNIT DIR",
	    "open the door on the n, e, s or w side of the unit's square" },
	{ "shoot", CMD_SHOOT, "shoot UNIT TARGET|X,Y[,LEVEL] auto|snap|aimed "
	    "[right|left|both] [via X,Y[,LEVEL] ...]",
	    "fire at a unit or a square (guided weapons through waypoints)" },
	{ "melee", CMD_MELEE, "melee UNIT TARGET [right|left|implant]",
	    "strike an adjacent unit (a Chrysalid may implant)" },
	{ "reload", CMD_RELOAD, "reload UNIT right|left AMMO",
	    "load ammunition from the belt" },
	{ "unload", CMD_UNLOAD, "unload UNIT right|left",
	    "take the clip out, onto the belt" },
	{ "pickup", CMD_PICKUP, "pickup UNIT ITEM",
	    "pick up an item lying where the unit stands" },
	{ "drop", CMD_DROP, "drop UNIT right|left", "drop what a hand holds" },
	{ "swap", CMD_SWAP, "swap UNIT", "swap the hands' contents" },
	{ "end", CMD_END, "end", "end the phase" },
	{ "dice", CMD_DICE, "dice N [N ...]",
	    "force the next rolls (1-100 each; smaller dice wrap)" },
	{ "psi", CMD_PSI, "psi UNIT TARGET probe|panic|control",
	    "a psionic attack (a Psi Amp in hand for humans)" },
	{ "heal", CMD_HEAL, "heal UNIT TARGET hth|head|torso|arm|leg",
	    "use a medikit: 10 HTH, or one critical of that kind" },
	{ "prime", CMD_PRIME, "prime UNIT right|left ROUNDS",
	    "prime the grenade in a hand: 0 (end of this phase) to 5 rounds" },
	{ "throw", CMD_THROW, "throw UNIT X Y [LEVEL] [right|left]",
	    "throw what a hand holds at a square" },
	{ "draw", CMD_DRAW, "draw UNIT ITEM [right|left]",
	    "take an item from the belt into an empty hand (4 TU)" },
	{ "stow", CMD_STOW, "stow UNIT right|left",
	    "put what a hand holds on the belt (4 TU)" },
	{ "react", CMD_REACT, "react UNIT never|N [friends never|N]",
	    "reaction fire: only at N % or more; through friends only at "
	    "the second N (free, in the phase)" },
	{ "deploy", CMD_DEPLOY, "deploy UNIT X Y [LEVEL]",
	    "before round 1: place a unit in its side's zone (end: done)" },
	{ "carry", CMD_CARRY, "carry UNIT BODY",
	    "lift an unconscious or dead unit here or beside (4 TU)" },
	{ "lay", CMD_LAY, "lay UNIT", "put down the body carried" },
};

const char *const psi_kind_names[PSI_KIND_COUNT] = {
	"probe", "panic", "control"
};
const char *const heal_kind_names[HEAL_KIND_COUNT] = {
	"hth", "head", "torso", "arm", "leg"
};

static int
cmd_word(const char *w, const char *const *names, int n, const char *what,
    int *out, char **cause);

static void
cmd_fail_usage(char **cause, const struct cmd_entry *e)
{
	cause_set(cause, "usage: %s", e->usage);
}

#define CMD_MAX_WORDS	40

/* Split in place on blanks; returns the word count or -1 if too many. */
static int
cmd_split(char *s, char **words)
{
	int	n = 0;

	for (;;) {
		while (*s != '\0' && isspace((unsigned char)*s))
			s++;
		if (*s == '\0' || *s == '#')
			return n;
		if (n == CMD_MAX_WORDS)
			return -1;
		words[n++] = s;
		while (*s != '\0' && !isspace((unsigned char)*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

static int
cmd_number(const char *w, int lo, int hi, int *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(w, &end, 10);
	if (*w == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int
cmd_unit(const struct game *g, const char *w, int *out, char **cause)
{
	if ((*out = game_find_unit(g, w)) < 0)
		return cause_set(cause, "no unit called '%s'", w);
	return 0;
}

/* "x,y" or "x,y,level", 1-based, into a 0-based square. */
static int
cmd_square(const struct game *g, const char *w, int z, struct pos *out,
    char **cause)
{
	const struct map	*m = game_map(g);
	int			 v[3] = { 0, 0, z + 1 }, x, y, l, n = 0;
	char			*copy = xstrdup(w), *p = copy, *comma;

	/* Whole numbers only: "3,4x" or "3,4," is no square. */
	do {
		if ((comma = strchr(p, ',')) != NULL)
			*comma = '\0';
		if (n == 3 || cmd_number(p, -1000000, 1000000, &v[n]) != 0) {
			n = -1;
			break;
		}
		n++;
		if (comma != NULL)
			p = comma + 1;
	} while (comma != NULL);
	free(copy);
	if (n != 2 && n != 3)
		return cause_set(cause, "'%s' is not a square (x,y or "
		    "x,y,level)", w);
	x = v[0];
	y = v[1];
	l = v[2];
	if (x < 1 || y < 1 || l < 1 || x > m->width || y > m->height ||
	    l > m->levels)
		return cause_set(cause, "%s is off the map (%dx%d, %d "
		    "level%s)", w, m->width, m->height, m->levels,
		    m->levels == 1 ? "" : "s");
	out->x = x - 1;
	out->y = y - 1;
	out->z = l - 1;
	return 0;
}

static int
cmd_hand(const char *w, bool both, int *out, char **cause)
{
	if (strcmp(w, "right") == 0)
		*out = HAND_RIGHT;
	else if (strcmp(w, "left") == 0)
		*out = HAND_LEFT;
	else if (both && strcmp(w, "both") == 0)
		*out = CMD_HAND_BOTH;
	else
		return cause_set(cause, "'%s' is not a hand (right, left%s)", w,
		    both ? ", both" : "");
	return 0;
}

/* A reaction order's chance: "never" or 0 to 100 (RULINGS 6.5). */
static int
cmd_react_chance(const char *w, int *out, char **cause)
{
	if (strcmp(w, "never") == 0) {
		*out = UNIT_REACT_NEVER;
		return 0;
	}
	if (cmd_number(w, 0, 100, out) < 0)
		return cause_set(cause, "a reaction order is never or a chance "
		    "of 0 to 100, not '%s'", w);
	return 0;
}

static int
cmd_item(const struct game *g, const char *w, int *out, char **cause)
{
	if ((*out = catalog_find_item(game_catalog(g), w)) < 0)
		return cause_set(cause, "no item called '%s'", w);
	return 0;
}

int
cmd_parse(const struct game *g, const char *line, struct command *c,
    char **cause)
{
	char			*copy = xstrdup(line), *w[CMD_MAX_WORDS];
	const struct cmd_entry	*e = NULL;
	const struct map	*m = game_map(g);
	int			 n, i, rc = -1, v;
	size_t			 k;

	memset(c, 0, sizeof *c);
	c->unit = c->target = c->item = -1;
	c->hand = HAND_RIGHT;
	if ((n = cmd_split(copy, w)) <= 0) {
		cause_set(cause, n < 0 ? "too many words" : "empty command");
		goto out;
	}
	for (k = 0; k < CMD_TYPE_COUNT; k++)
		if (strcmp(cmd_table[k].name, w[0]) == 0)
			e = &cmd_table[k];
	if (e == NULL) {
		cause_set(cause, "unknown command '%s'", w[0]);
		goto out;
	}
	c->type = e->type;
#define CMD_ARGS(lo, hi) do {						\
	if (n - 1 < (lo) || n - 1 > (hi)) {				\
		cause_set(cause, "usage: %s", e->usage);			\
		goto out;						\
	}								\
} while (0)
	switch (c->type) {
	case CMD_END:
		CMD_ARGS(0, 0);
		break;
	case CMD_DICE:
		CMD_ARGS(1, CMD_MAX_DICE);
		for (i = 1; i < n; i++)
			if (cmd_number(w[i], 1, 100, &c->dice[i - 1]) < 0) {
				cause_set(cause, "a die shows 1 to 100, not "
				    "'%s'", w[i]);
				goto out;
			}
		c->ndice = (size_t)n - 1;
		break;
	case CMD_SELECT:
	case CMD_KNEEL:
	case CMD_STAND:
	case CMD_SWAP:
		CMD_ARGS(1, 1);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		break;
	case CMD_MOVE:
	case CMD_DEPLOY:
		CMD_ARGS(3, 4);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		c->pos.z = game_unit(g, c->unit)->pos.z;
		if (cmd_number(w[2], 1, m->width, &v) < 0) {
			cause_set(cause, "x should be 1 to %d", m->width);
			goto out;
		}
		c->pos.x = v - 1;
		if (cmd_number(w[3], 1, m->height, &v) < 0) {
			cause_set(cause, "y should be 1 to %d", m->height);
			goto out;
		}
		c->pos.y = v - 1;
		if (n == 5) {
			if (cmd_number(w[4], 1, m->levels, &v) < 0) {
				cause_set(cause, "level should be 1 to %d",
				    m->levels);
				goto out;
			}
			c->pos.z = v - 1;
		}
		break;
	case CMD_TURN:
	case CMD_OPEN:
		CMD_ARGS(2, 2);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		if ((v = dir_from_name(w[2])) < 0) {
			cause_set(cause, "'%s' is not a direction (n, ne, e, "
			    "se, s, sw, w, nw)", w[2]);
			goto out;
		}
		c->dir = (enum dir)v;
		break;
	case CMD_SHOOT:
		/* ... MODE [HAND] [via X,Y[,L] ...]: waypoints come last. */
		for (i = 3; i < n && strcmp(w[i], "via") != 0; i++)
			;
		if (i < n) {
			int wi, z;

			if (n - i - 1 < 1 || n - i - 1 > CMD_MAX_VIA) {
				cmd_fail_usage(cause, e);
				goto out;
			}
			/* A waypoint's level defaults to the shooter's. */
			z = n > 1 && game_find_unit(g, w[1]) >= 0 ?
			    game_unit(g, game_find_unit(g, w[1]))->pos.z : 0;
			for (wi = i + 1; wi < n; wi++)
				if (cmd_square(g, w[wi], z, &c->via[c->nvia++],
				    cause) < 0)
					goto out;
			n = i;
		}
		CMD_ARGS(3, 4);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		if (strchr(w[2], ',') != NULL) {
			if (cmd_square(g, w[2], game_unit(g, c->unit)->pos.z,
			    &c->pos, cause) < 0)
				goto out;
		} else if (cmd_unit(g, w[2], &c->target, cause) < 0)
			goto out;
		for (v = 0; v < SHOT_MODE_COUNT; v++)
			if (strcmp(shot_mode_names[v], w[3]) == 0)
				break;
		if (v != SHOT_AUTO && v != SHOT_SNAP && v != SHOT_AIMED) {
			cause_set(cause, "'%s' is not a shot (auto, snap, "
			    "aimed)", w[3]);
			goto out;
		}
		c->mode = (enum shot_mode)v;
		if (n == 5 && cmd_hand(w[4], true, &c->hand, cause) < 0)
			goto out;
		break;
	case CMD_MELEE:
		CMD_ARGS(2, 3);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_unit(g, w[2], &c->target, cause) < 0)
			goto out;
		c->mode = SHOT_MELEE;
		c->hand = CMD_HAND_BOTH;	/* whichever hand can */
		if (n == 4 && strcmp(w[3], "implant") == 0)
			c->mode = SHOT_IMPLANT;
		else if (n == 4 && cmd_hand(w[3], false, &c->hand, cause) < 0)
			goto out;
		break;
	case CMD_RELOAD:
		CMD_ARGS(3, 3);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_hand(w[2], false, &c->hand, cause) < 0 ||
		    cmd_item(g, w[3], &c->item, cause) < 0)
			goto out;
		break;
	case CMD_UNLOAD:
	case CMD_DROP:
	case CMD_STOW:
		CMD_ARGS(2, 2);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_hand(w[2], false, &c->hand, cause) < 0)
			goto out;
		break;
	case CMD_PICKUP:
		CMD_ARGS(2, 2);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_item(g, w[2], &c->item, cause) < 0)
			goto out;
		break;
	case CMD_CARRY:
		CMD_ARGS(2, 2);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_unit(g, w[2], &c->target, cause) < 0)
			goto out;
		break;
	case CMD_LAY:
		CMD_ARGS(1, 1);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		break;
	case CMD_DRAW:
		CMD_ARGS(2, 3);
		c->hand = -1;	/* the first empty hand */
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_item(g, w[2], &c->item, cause) < 0 ||
		    (n > 3 && cmd_hand(w[3], false, &c->hand, cause) < 0))
			goto out;
		break;
	case CMD_PSI:
	case CMD_HEAL:
		CMD_ARGS(3, 3);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_unit(g, w[2], &c->target, cause) < 0)
			goto out;
		if (c->type == CMD_PSI ? cmd_word(w[3], psi_kind_names,
		    PSI_KIND_COUNT, "psi attack", &c->kind, cause) < 0 :
		    cmd_word(w[3], heal_kind_names, HEAL_KIND_COUNT,
		    "treatment", &c->kind, cause) < 0)
			goto out;
		break;
	case CMD_PRIME:
		CMD_ARGS(3, 3);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_hand(w[2], false, &c->hand, cause) < 0)
			goto out;
		if (cmd_number(w[3], 0, 5, &c->kind) < 0) {
			cause_set(cause, "a timer is 0 to 5 rounds, not '%s'",
			    w[3]);
			goto out;
		}
		break;
	case CMD_THROW:
		CMD_ARGS(3, 5);
		if (cmd_unit(g, w[1], &c->unit, cause) < 0)
			goto out;
		{
			char *sq = xasprintf("%s,%s%s%s", w[2], w[3],
			    n >= 5 && isdigit((unsigned char)w[4][0]) ? "," :
			    "", n >= 5 && isdigit((unsigned char)w[4][0]) ?
			    w[4] : "");
			int r = cmd_square(g, sq, game_unit(g, c->unit)->pos.z,
			    &c->pos, cause);

			free(sq);
			if (r < 0)
				goto out;
		}
		if (n >= 5 && !isdigit((unsigned char)w[n - 1][0]) &&
		    cmd_hand(w[n - 1], false, &c->hand, cause) < 0)
			goto out;
		break;
	case CMD_REACT:
		CMD_ARGS(2, 4);
		if (n == 4 || (n == 5 && strcmp(w[3], "friends") != 0)) {
			cmd_fail_usage(cause, e);
			goto out;
		}
		c->friends = UNIT_REACT_NEVER;
		if (cmd_unit(g, w[1], &c->unit, cause) < 0 ||
		    cmd_react_chance(w[2], &c->kind, cause) < 0 ||
		    (n == 5 && cmd_react_chance(w[4], &c->friends, cause) < 0))
			goto out;
		break;
	case CMD_TYPE_COUNT:
		break;
	}
#undef CMD_ARGS
	rc = 0;
out:
	free(copy);
	return rc;
}

static int
cmd_word(const char *w, const char *const *names, int n, const char *what,
    int *out, char **cause)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(w, names[i]) == 0) {
			*out = i;
			return 0;
		}
	return cause_set(cause, "'%s' is not a %s", w, what);
}

static const char *
cmd_hand_word(int hand)
{
	return hand == HAND_RIGHT ? "right" : hand == HAND_LEFT ? "left" :
	    "both";
}

char *
cmd_format(const struct game *g, const struct command *c)
{
	const struct catalog	*cat = game_catalog(g);
	const char		*name = cmd_table[c->type].name;
	const char		*u = c->unit >= 0 && (size_t)c->unit <
				    game_nunits(g) ? game_unit(g, c->unit)->id :
				    "?";
	const char		*t = c->target >= 0 && (size_t)c->target <
				    game_nunits(g) ? game_unit(g, c->target)->id :
				    "?";
	const char		*item = c->item >= 0 && (size_t)c->item <
				    cat->nitems ? cat->items[c->item].id : "?";
	struct strbuf		 sb;
	size_t			 i;

	switch (c->type) {
	case CMD_END:
		return xstrdup(name);
	case CMD_DICE:
		strbuf_init(&sb);
		strbuf_puts(&sb, name);
		for (i = 0; i < c->ndice; i++)
			strbuf_printf(&sb, " %d", c->dice[i]);
		return strbuf_steal(&sb);
	case CMD_SELECT:
	case CMD_KNEEL:
	case CMD_STAND:
	case CMD_SWAP:
	case CMD_LAY:
		return xasprintf("%s %s", name, u);
	case CMD_CARRY:
		return xasprintf("%s %s %s", name, u, t);
	case CMD_MOVE:
	case CMD_DEPLOY:
		return xasprintf("%s %s %d %d %d", name, u, c->pos.x + 1,
		    c->pos.y + 1, c->pos.z + 1);
	case CMD_TURN:
	case CMD_OPEN:
		return xasprintf("%s %s %s", name, u, dir_names[c->dir]);
	case CMD_SHOOT:
		strbuf_init(&sb);
		if (c->target < 0)
			strbuf_printf(&sb, "%s %s %d,%d,%d %s %s", name, u,
			    c->pos.x + 1, c->pos.y + 1, c->pos.z + 1,
			    shot_mode_names[c->mode], cmd_hand_word(c->hand));
		else
			strbuf_printf(&sb, "%s %s %s %s %s", name, u, t,
			    shot_mode_names[c->mode], cmd_hand_word(c->hand));
		if (c->nvia > 0)
			strbuf_puts(&sb, " via");
		for (i = 0; i < c->nvia; i++)
			strbuf_printf(&sb, " %d,%d,%d", c->via[i].x + 1,
			    c->via[i].y + 1, c->via[i].z + 1);
		return strbuf_steal(&sb);
	case CMD_MELEE:
		if (c->mode == SHOT_IMPLANT)
			return xasprintf("%s %s %s implant", name, u, t);
		if (c->hand == CMD_HAND_BOTH)
			return xasprintf("%s %s %s", name, u, t);
		return xasprintf("%s %s %s %s", name, u, t,
		    cmd_hand_word(c->hand));
	case CMD_RELOAD:
		return xasprintf("%s %s %s %s", name, u,
		    cmd_hand_word(c->hand), item);
	case CMD_UNLOAD:
	case CMD_DROP:
	case CMD_STOW:
		return xasprintf("%s %s %s", name, u, cmd_hand_word(c->hand));
	case CMD_PICKUP:
		return xasprintf("%s %s %s", name, u, item);
	case CMD_DRAW:
		return c->hand < 0 ? xasprintf("%s %s %s", name, u, item) :
		    xasprintf("%s %s %s %s", name, u, item,
		    cmd_hand_word(c->hand));
	case CMD_PSI:
		return xasprintf("%s %s %s %s", name, u, t,
		    c->kind >= 0 && c->kind < PSI_KIND_COUNT ?
		    psi_kind_names[c->kind] : "?");
	case CMD_HEAL:
		return xasprintf("%s %s %s %s", name, u, t,
		    c->kind >= 0 && c->kind < HEAL_KIND_COUNT ?
		    heal_kind_names[c->kind] : "?");
	case CMD_PRIME:
		return xasprintf("%s %s %s %d", name, u,
		    cmd_hand_word(c->hand), c->kind);
	case CMD_THROW:
		return xasprintf("%s %s %d %d %d %s", name, u, c->pos.x + 1,
		    c->pos.y + 1, c->pos.z + 1, cmd_hand_word(c->hand));
	case CMD_REACT:
		strbuf_init(&sb);
		strbuf_printf(&sb, "%s %s ", name, u);
		if (c->kind >= UNIT_REACT_NEVER)
			strbuf_puts(&sb, "never");
		else
			strbuf_printf(&sb, "%d", c->kind);
		if (c->kind < UNIT_REACT_NEVER && c->friends < UNIT_REACT_NEVER)
			strbuf_printf(&sb, " friends %d", c->friends);
		return strbuf_steal(&sb);
	case CMD_TYPE_COUNT:
		break;
	}
	return xstrdup("?");
}
