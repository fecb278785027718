/*
 * event.h - what the engine reports: one event per thing that happened,
 * each roll with its chance and the named terms that made it, each damage
 * step.  The engine never prints; drivers render events (the script driver
 * as JSON lines, the client as words in its log).
 *
 * An event is a type plus named fields and, for rolls, a list of terms.
 * Field keys and term names are string literals; string values point into
 * the game (unit ids, item ids) or are literals, so an event list is valid
 * while its game is.
 */
#ifndef XTAC_EVENT_H
#define XTAC_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/map.h"

enum event_type {
	EV_ERROR,		/* a command was refused: command, reason */
	EV_GAME_START,
	EV_ROUND_START,
	EV_INITIATIVE,		/* one side's d10 */
	EV_PHASE_START,
	EV_PHASE_END,
	EV_TU_RESTORED,
	EV_SELECT,		/* the player switched units */
	EV_STEP,		/* a unit moved one square */
	EV_TURN,		/* a unit turned */
	EV_KNEEL,
	EV_STAND,
	EV_DOOR_OPEN,
	EV_DOOR_CLOSE,
	EV_SPOTTED,		/* a side now sees an enemy unit */
	EV_LOST_SIGHT,		/* ... and no longer does */
	EV_ATTACK,		/* a unit fires, strikes or throws */
	EV_ROLL,		/* a d100 check: chance, terms, roll, outcome */
	EV_OPPOSED,		/* an opposed roll: both sides, who won */
	EV_DAMAGE,		/* raw, susceptibility, facing, armour, HTH */
	EV_CRITICAL,
	EV_STUN,
	EV_UNCONSCIOUS,
	EV_WAKE,
	EV_DEATH,
	EV_ITEM_DROPPED,
	EV_ITEM_PICKED,
	EV_RELOAD,
	EV_UNLOAD,
	EV_SWAP,
	EV_REACTION_CHECK,	/* a watcher may fire: who, why */
	EV_FALL,
	EV_MISSED,		/* where a missed shot went (§7.5) */
	EV_EXPLOSION,		/* a blast: centre, damage, radius */
	EV_DESTROYED,		/* a wall, door, floor or object gone */
	EV_PRIME,		/* a grenade primed (§6.2) */
	EV_THROW,		/* a throw: chance, roll, where it landed */
	EV_PSI,			/* a psionic outcome (§6.4) */
	EV_HEAL,		/* a medikit used (§7.2.5) */
	EV_TRANSFORM,		/* a unit becomes a zombie or a Chrysalid */
	EV_VICTORY,
	EV_QUERY,		/* the answer to a query command */
	EV_DRAW,		/* an item from the belt into a hand */
	EV_STOW,		/* an item from a hand onto the belt */
	EV_PRONE,		/* a unit fallen on lies prone (§7.2.4) */
	EV_WAKE_BLOCKED,	/* could wake, but no room: stays down */
	EV_REACTION_DECLINED,	/* a won reaction roll not fired: why */
	EV_REACTION_ORDER,	/* a unit's reaction order set (`react`) */
	EV_DEPLOY_START,	/* a side places its units (§4.1) */
	EV_DEPLOY,		/* a unit placed: seen by its side only */
	EV_DEPLOY_END,		/* a side has placed its units */
	EV_MISSION,		/* a secret mission drawn, reverted, done */
	EV_CARRY,		/* a body lifted or laid down (§5.3) */
	EV_WALK_STOP,		/* a walk stopped short: what stopped it */
	EV_ARC_STOPPED,		/* a throw or launch stopped short (§6.2) */
	EV_TYPE_COUNT
};
extern const char *const event_type_names[EV_TYPE_COUNT];

enum event_value_kind {
	EVV_INT,
	EVV_STR,
	EVV_BOOL,
	EVV_POS,
};

struct event_field {
	const char		*key;
	enum event_value_kind	 kind;
	int			 i;
	const char		*s;
	struct pos		 pos;
	/*
	 * Fog of war (know.h), stamped by the engine as the event is
	 * emitted: the unit a text names (-1: none), and the sides that saw
	 * that unit or square then (a bit per side; all for anything else).
	 */
	int			 unit;
	unsigned		 seen_by;
};

struct event_term {
	const char	*name;
	int		 value;
};

#define EVENT_MAX_FIELDS	16
#define EVENT_MAX_TERMS		16
#define EVENT_MAX_SIDES		4

struct event {
	enum event_type		type;
	size_t			nfields;
	struct event_field	fields[EVENT_MAX_FIELDS];
	size_t			nterms;
	struct event_term	terms[EVENT_MAX_TERMS];
#define EVENT_MAX_OWNED	4
	char			*owned[EVENT_MAX_OWNED];	/* texts it owns */
	size_t			 nowned;
	/*
	 * Fog of war (know.h): the sides that may read the event, a bit per
	 * side (all until the engine stamps it), and for a round's start
	 * each side's hash of what it knows then.
	 */
	unsigned		 seen_by;
	bool			 stamped;
	char			 side_hash[EVENT_MAX_SIDES][17];
};

struct event_list {
	struct event	*v;
	size_t		 n;
	size_t		 cap;
};

void		 event_list_init(struct event_list *);
void		 event_list_clear(struct event_list *);
void		 event_list_free(struct event_list *);
struct event	*event_push(struct event_list *, enum event_type);
void		 event_int(struct event *, const char *key, int);
void		 event_str(struct event *, const char *key, const char *);
/* A string the event copies and owns (for messages built at run time). */
void		 event_text(struct event *, const char *key, const char *);
void		 event_bool(struct event *, const char *key, bool);
void		 event_pos(struct event *, const char *key, struct pos);
void		 event_term(struct event *, const char *name, int value);
const struct event_field *event_get(const struct event *, const char *key);

#endif
