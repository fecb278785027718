/*
 * cmd.h - the commands that change a game, as data and as text.
 *
 * One table serves every driver: the keyboard client, `xtac script`, saves
 * and replays all turn text or keys into a struct command and hand it to
 * game_execute(), which validates before anything changes.  The text form
 * is what scripts and saves contain, one command a line:
 *
 *	move alvarez 5 6 1        shoot alvarez s1 aimed [right|left|both]
 *	shoot alvarez s1 aimed via 4,2 6,5   (guided: waypoints, then s1)
 *	turn alvarez ne           melee alvarez s1 [right|left]
 *	kneel alvarez             reload alvarez right rifle-clip
 *	stand alvarez             unload alvarez right
 *	open alvarez n            pickup alvarez rifle
 *	select alvarez            drop alvarez left
 *	swap alvarez              end
 *	psi ethereal alvarez control   heal chen brandt hth|head|torso|arm|leg
 *	prime alvarez right 2     throw alvarez 9 4 [1] [right|left]
 *	draw alvarez grenade [left]   stow alvarez left
 *	react alvarez 30 [friends never|N]   react alvarez never
 *	dice 41 7 93              (forces the next rolls; recorded too)
 *	deploy alvarez 2 9 [1]    (before round 1; `end` ends deploying)
 *
 * Positions are 1-based x y level; a target is a unit id or "x,y,level".
 */
#ifndef XTAC_CMD_H
#define XTAC_CMD_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/map.h"
#include "xtac/catalog.h"

struct game;

enum cmd_type {
	CMD_SELECT,
	CMD_MOVE,
	CMD_TURN,
	CMD_KNEEL,
	CMD_STAND,
	CMD_OPEN,
	CMD_SHOOT,
	CMD_MELEE,
	CMD_RELOAD,
	CMD_UNLOAD,
	CMD_PICKUP,
	CMD_DROP,
	CMD_SWAP,
	CMD_END,
	CMD_DICE,
	CMD_PSI,
	CMD_HEAL,
	CMD_PRIME,
	CMD_THROW,
	CMD_DRAW,
	CMD_STOW,
	CMD_REACT,
	CMD_DEPLOY,
	CMD_CARRY,
	CMD_LAY,
	CMD_TYPE_COUNT
};

#define CMD_HAND_BOTH	2	/* akimbo */
#define CMD_MAX_DICE	32
#define CMD_MAX_VIA	6	/* a guided shot's waypoints before its target */

/* Psi attacks (§6.4) and what a medikit treats (§7.2.5). */
enum psi_kind {
	PSI_PROBE,
	PSI_PANIC,
	PSI_CONTROL,
	PSI_KIND_COUNT
};
extern const char *const psi_kind_names[PSI_KIND_COUNT];

enum heal_kind {
	HEAL_HTH,
	HEAL_HEAD,
	HEAL_TORSO,
	HEAL_ARM,
	HEAL_LEG,
	HEAL_KIND_COUNT
};
extern const char *const heal_kind_names[HEAL_KIND_COUNT];

struct command {
	enum cmd_type	type;
	int		unit;		/* acting unit index, -1 for none */
	int		target;		/* target unit index, or -1 */
	struct pos	pos;		/* destination or target square */
	enum dir	dir;
	enum shot_mode	mode;
	int		hand;		/* HAND_RIGHT, HAND_LEFT, CMD_HAND_BOTH */
	int		item;		/* catalog item, or -1 */
	int		kind;		/* psi_kind, heal_kind, a timer, or
					   react's chance (UNIT_REACT_NEVER) */
	int		friends;	/* react: the chance with friends in
					   the way (UNIT_REACT_NEVER) */
	int		dice[CMD_MAX_DICE];
	size_t		ndice;
	struct pos	via[CMD_MAX_VIA];	/* guided shots (§6.1) */
	size_t		nvia;
};

struct cmd_entry {
	const char	*name;
	enum cmd_type	 type;
	const char	*usage;
	const char	*summary;
};
extern const struct cmd_entry cmd_table[CMD_TYPE_COUNT];

/*
 * Parse one line into a command.  Returns 0, or -1 with *cause set to a
 * message for a person (owned by the caller).  Parsing checks the words and
 * names; whether the command is legal now is game_execute()'s business.
 */
int	cmd_parse(const struct game *, const char *line, struct command *,
	    char **cause);
/* The canonical text of a command (for saves and logs); owned by caller. */
char	*cmd_format(const struct game *, const struct command *);

#endif
