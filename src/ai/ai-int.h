/*
 * ai-int.h - the inside of struct ai, shared by src/ai/ai*.c only.
 *
 * The AI reads a game only through the public engine interface (game.h,
 * path.h, sight.h, threat.h) and through what struct ai_know holds: what
 * its side knows of every hostile unit.  Honesty lives in ai-know.c: the
 * other ai-*.c files take an enemy's square from it, and read an enemy
 * unit itself (its armour, wounds, facing; the engine's hit chance
 * against it) only while ai-know.c reports it seen; of one remembered,
 * only its type.  The buffers are owned here and reused from decision to
 * decision, sized for the game's map and units.
 */
#ifndef XTAC_AI_INT_H
#define XTAC_AI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/ai.h"
#include "xtac/rng.h"

#define AI_REASON_MAX		320
#define AI_MAX_COMMANDS		400	/* per phase: then `end` */
#define AI_MAX_REFUSALS		48	/* per phase: then `end` */
#define AI_MENU_MAX		24	/* options weighed in one decision */
#define AI_MAX_BLASTS		16	/* grenades thrown in one phase */
#define AI_GOALS		4	/* goal distance maps kept */
#define AI_KILL_BONUS		3000	/* a kill (or an implant) beyond its HTH */
#define AI_PRIME_TU		12	/* §6.2 */
#define AI_THROW_TU		6
#define AI_BELT_TU		4	/* draw or stow (game-exec.c EXEC_BELT_TU) */
/*
 * Shots: none under AI_MIN_CHANCE (a miss wastes the TUs and flies on
 * somewhere); through a friend only at AI_THROUGH_FRIEND or more, one
 * roll (never auto) and no blast on ours.  Reactions (RULINGS §6.5): the
 * standing order's chances, plain and with an explosive round.
 */
#define AI_MIN_CHANCE		10
#define AI_THROUGH_FRIEND	85
#define AI_STRAY_ODDS		20	/* target to friend, a miss's stray */
/*
 * A civilian (X-Com's to protect, §3.4) is not one of its soldiers: each
 * one lost costs the mission what an alien killed gains (§2.3), so a
 * miss may risk one when the target is AI_CIVILIAN_ODDS times likelier
 * hit (each round of a burst counted), and a blast may reach one when
 * the enemies it catches are worth AI_CIVILIAN_ODDS / 2 times the
 * civilians' lives.
 */
#define AI_CIVILIAN_ODDS	4
#define AI_REACT_MIN		20
#define AI_REACT_BLAST		35

/*
 * How well a level plays: how many squares it weighs, how far it looks,
 * how much noise blurs its judgement, and which skills it uses.  What it
 * knows is the same at every level.
 */
struct ai_params {
	int	sample;		/* reachable squares scored per move */
	int	enemies;	/* nearest known enemies looked at from each */
	int	noise;		/* added to each option's value, at most */
	int	expose;		/* value lost per enemy that could react */
	bool	reserve;	/* keep a snap shot's TUs when enemies near */
	bool	kneel;		/* kneel to shoot and to wait */
	bool	grenades;
	bool	psi;
	bool	retreat;	/* pull back when badly hurt */
	bool	plan;		/* search whole-phase plans (ai-plan.c) */
	bool	minds;		/* fight over minds: spotting, taken first */
	bool	ahead;		/* weigh next phase's exposure of a square */
	bool	focus;		/* weigh the damage a target has taken */
	bool	charge;		/* terror and melee-only units rush */
};

/*
 * A unit's plan for its phase (ai-plan.c): kneel or not, and how many
 * shots at whom, kept while what the side knows is unchanged.
 */
#define AI_PLAN_STEPS	16
struct ai_plan {
	int		unit;		/* whose, or -1 */
	int		round;
	uint64_t	sig;		/* know.sig when planned */
	struct command	step[AI_PLAN_STEPS];
	size_t		n;
	size_t		next;		/* the step to take next */
	int		shots;
	int		value;		/* shots less the end's exposure */
	int		gain;		/* over standing still, shooting none */
	int		worth;		/* of its shots alone */
	bool		reserve;	/* ends with a snap shot's TUs */
};

/*
 * A reachable square and its quick score, before the full one.  Ties go
 * to the cheaper square, then by the AI's own dice (tie), never by the
 * index: index order favours the north-west, one end of every map.
 */
struct ai_cand {
	int		cheap;
	int		cost;
	uint32_t	tie;
	int		index;
};

/* What the side knows of one hostile unit. */
struct ai_enemy {
	int		unit;
	struct pos	pos;		/* now if seen, else where last seen */
	bool		seen;		/* seen now (or omniscient) */
	bool		down;		/* seen unconscious or dead */
};

struct ai_know {
	struct ai_enemy	*enemies;	/* known hostile units */
	size_t		 nenemies;
	size_t		 cap;
	bool		*gone;		/* [unit]: seen dead or out */
	size_t		 ngone;
	/*
	 * The field as the side can know it: unseen hostile units are taken
	 * out, so neither sight lines nor paths the AI computes depend on
	 * where they stand.
	 */
	struct field	 field;
	size_t		 nsquares;
	uint64_t	 sig;		/* hash of the above: caches' key */
	/* threat_watchers' watchers and field, for this decision's game */
	struct threat_view *threat_view;
};

struct ai_deploy_view;

struct ai {
	enum side		 side;
	struct ai_options	 opt;
	bool			 omniscient;
	struct rng		 rng;

	struct ai_know		 know;
	int			*cost;		/* [z][y][x] reach */
	struct field		 scratch;	/* know.field less the mover */
	struct path_scratch	 paths;		/* kept search arrays */

	/* This phase. */
	bool			 fresh;		/* no proposal yet */
	int			 round;
	size_t			 journal_mark;	/* journal length when asked */
	bool			 proposed_end;
	struct command		*refused;
	size_t			 nrefused;
	size_t			 refused_cap;
	size_t			 nproposed;
	/*
	 * The last move proposed and where its unit stood: a walk that left
	 * it there (stopped on its first step) is not proposed again.
	 */
	struct command		 walk;
	struct pos		 walk_from;
	bool			 walk_pending;
	bool			 looks;		/* last proposal: a turn, a door */
	int			 focus;		/* unit acting now, or -1 */
	bool			*done;		/* [unit]: nothing more to do */
	uint8_t			*moves;		/* [unit]: moves made */
	size_t			 ndone;
	struct ai_blast {
		struct pos	centre;
		int		radius;
	}			 blasts[AI_MAX_BLASTS];	/* ours, pending */
	size_t			 nblasts;
	const struct ai_params	*params;
	int			 quiet;		/* phases begun seeing no enemy */
	/*
	 * Where the side has looked: the round each square was last in its
	 * sight at a phase's start, 0 if never (ai_look): where to search
	 * when no enemy is known.
	 */
	uint16_t		*looked;

	/*
	 * Caches: how many known enemies could react on each square (0xff:
	 * not yet asked), while what the side knows is unchanged (know.sig);
	 * each square's line to each known enemy (0: not yet drawn, 1:
	 * blocked, 2 + obstructions: clear), [unit][square], while that
	 * enemy is known at lines_at[unit].
	 */
	uint64_t		 cache_sig;
	uint8_t			*threat;
	uint8_t			*lines;
	struct pos		*lines_at;	/* [unit]: the square drawn to */
	size_t			 lines_units;

	struct ai_cand		*cand;		/* [square] */

	/*
	 * Distances (TU) to goals over the known field, [z][y][x]: a few
	 * kept for the phase (units head for different enemies), the least
	 * recently used redrawn.  goal_cost is the one in use.
	 */
	struct ai_goal {
		struct pos	 goal;
		int		 size;
		bool		 flying;
		bool		 valid;
		unsigned	 used;
		int		*cost;
	}			 goals[AI_GOALS];
	unsigned		 goal_clock;
	const int		*goal_cost;

	struct ai_plan		 plan;		/* the hard level's */
	/* Where the grenade for the sabotage would reach (ai-mission.c). */
	int			*orders_reach;
	/*
	 * The hard level's order of units (ai-hard.c): each one's best shot
	 * from where it stands, kept while it, its TUs and what the side
	 * knows of its enemies are the same.
	 */
	struct ai_rank {
		uint64_t	 sig;
		struct pos	 pos;
		int		 tu;
		int		 value;
		bool		 valid;
	}			*rank;
	size_t			 nrank;
	/*
	 * While the side places its units: what it fears, worked out for
	 * the first and kept for the rest (ai-deploy.c), for deploy_game.
	 */
	struct ai_deploy_view	*deploy;
	const struct game	*deploy_game;

	char			 reason[AI_REASON_MAX];
	char			**trace;
	size_t			 ntrace;
	size_t			 trace_cap;
};

/* One option weighed: a command, its value, and words for the reason. */
struct ai_choice {
	struct command	c;
	int		value;		/* hundredths of HTH, roughly */
	int		gain;		/* of it, the hard level's (ai-hard.c) */
	bool		vetted;		/* passed ai_shot_vet() */
	char		what[176];
};

struct ai_menu {
	struct ai_choice	v[AI_MENU_MAX];
	size_t			n;
	size_t			weighed;	/* offered, kept or not */
};

/* ai.c */
bool	ai_was_refused(const struct ai *, const struct command *);
void	ai_command_init(struct command *, enum cmd_type, int unit);
/* The next `deploy` (or the `end`) while units are placed (ai-deploy.c). */
void	ai_deploy_next(struct ai *, const struct game *, struct command *);
void	ai_deploy_free(struct ai *);
void	ai_say(struct ai *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
bool	ai_own(const struct ai *, const struct game *, int unit);
bool	ai_hostile(const struct ai *, const struct game *, int unit);

/* ai-know.c: what the side knows, and paths over what it knows. */
void	ai_know_init(struct ai_know *);
void	ai_look(struct ai *, const struct game *);
void	ai_know_free(struct ai_know *);
void	ai_know_refresh(struct ai *, const struct game *);
const struct ai_enemy *ai_know_enemy(const struct ai *, int unit);
void	ai_know_reach(struct ai *, const struct game *, int unit);
/* Cached: enemies that could react on p; obstructions to e or -1. */
int	ai_know_threat(struct ai *, const struct game *, struct pos);
int	ai_know_line(struct ai *, const struct game *, struct pos,
	    const struct ai_enemy *);

/* ai-play.c: the playing levels, unit by unit. */
void	ai_play_next(struct ai *, const struct game *, struct command *);
/* The side's known enemies sorted nearest `from` first. */
void	ai_sort_enemies(struct ai *, struct pos from);
void	ai_menu_add(struct ai *, struct ai_menu *, int value,
	    const struct command *, const char *, ...)
	    __attribute__((format(printf, 5, 6)));

/* ai-shoot.c: attacks from where the unit stands, and their worth. */
int	ai_cheb(struct pos, struct pos);
int	ai_blast_value(const struct ai *, const struct game *,
	    const struct unit *, struct pos centre, const struct damage *,
	    int *caught);
bool	ai_held(const struct ai *, const struct game *, int unit);
/* Who a shot would put at risk, as the side knows the field. */
bool	ai_shot_risk(const struct ai *, const struct game *, int shooter,
	    struct pos from, int target, int hand, int chance,
	    struct game_shot_risk *);
/* Whether an arc from one square lands on another, over the walls as known. */
bool	ai_throw_lands(const struct ai *, const struct game *, struct pos from,
	    struct pos to);
/* Whether a command's shot spares ours, its misses weighed too. */
bool	ai_shot_vet(const struct ai *, const struct game *,
	    const struct command *);
/* The reaction order the AI gives a unit of its side (RULINGS 6.5). */
void	ai_react_order(const struct game *, int unit, int *min,
	    int *friends);
int	ai_hit_value(const struct ai *, const struct game *,
	    const struct unit *a, struct pos from, int target,
	    const struct damage *);
const struct damage *ai_shot_damage(const struct game *,
	    const struct unit *, int hand, const struct shot *);
bool	ai_own_near(const struct ai *, const struct game *, struct pos,
	    int radius);
void	ai_attack_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
int	ai_scale(int value, int avail, int tu);
int	ai_psi_worth(const struct ai *, const struct game *, int unit,
	    const struct ai_enemy *);
/* What friends yet to act could do to e's mind while it stays seen. */
int	ai_psi_spot(const struct ai *, const struct game *, int unit,
	    const struct ai_enemy *);
/* Attacks on e's mind from where the unit stands (ai-psi.c). */
void	ai_psi_options(struct ai *, const struct game *, int unit,
	    const struct ai_enemy *, struct ai_menu *);
/* One shot a plan may count on (ai_attack_from). */
struct ai_pick {
	struct command	c;		/* CMD_SHOOT at an enemy in sight */
	int		tu;		/* one shot's TUs; 0: no shot */
	int		hit;		/* what a hit is worth */
	int		shots;		/* rounds it fires */
	int		chance;		/* per round, estimated */
};
/* Best value of shots from `from` with `tu` left, against known enemies. */
int	ai_attack_from(struct ai *, const struct game *, int unit,
	    struct pos from, int tu, int *target, struct ai_pick *);

/* ai-grenade.c: grenades in hand, and their worth from here. */
int	ai_grenade_worth(const struct ai *, const struct game *, int unit,
	    const struct item_type *, struct pos *at, int *caught, int *tu);
void	ai_grenade_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);

/* ai-kit.c: a medikit in hand, and items worth drawing from the belt. */
void	ai_kit_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
/*
 * Whether a grenade's use, `all` TUs, more than the unit ever has, can be
 * made ready with `now` TUs and thrown next phase.
 */
bool	ai_two_phases(const struct unit *, int now, int all);
/* The TUs to treat itself with a medikit it carries, or 0 if it cannot. */
int	ai_kit_self_tu(const struct game *, const struct unit *);

/* ai-move.c: where to stand. */
void	ai_move_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
int	ai_nearest_enemy(const struct ai *, struct pos, bool seen_only);
/* What friends near `at` cost the unit there; whether ours will burst. */
int	ai_crowd(const struct ai *, const struct game *, int unit,
	    struct pos at);
bool	ai_in_blast(const struct ai *, struct pos);
/* The TUs of the unit's cheapest snap shot, or 0 if it has none. */
int	ai_snap_tu(const struct game *, const struct unit *);
/*
 * Whether the unit is badly hurt (half its HTH lost, or stunned to half
 * of what is left) at a level that retreats, and so pulls back: not a
 * terror unit, nor its side's last fit unit.
 */
bool	ai_hurt(const struct ai *, const struct game *, int unit);
/* Half its HTH lost, or stunned to half of what is left (any level). */
bool	ai_badly_hurt(const struct unit *);
/*
 * A badly hurt unit that known enemies could shoot next phase (*exposed
 * of them): the TUs to the cheapest square out of every known enemy's
 * line, that square in *to; -1 if not hurt, not exposed, or none in reach.
 */
int	ai_pull_back(struct ai *, const struct game *, int unit,
	    struct pos *to, int *exposed);

/*
 * ai-plan.c: the hard level's search.  The next step of the unit's plan
 * for its phase, unless `rival` (another option's worth) beats its shots.
 */
bool	ai_plan_next(struct ai *, const struct game *, int unit, int rival,
	    struct command *);

/*
 * ai-hard.c: the hard level's weighing of the enemy's answer.  Shots that
 * may put down a seen enemy gain per unit of ours it has a line to; the
 * unit to act next (the best shot first), or -1 for the side's order.
 */
void	ai_hard_targets(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
int	ai_hard_pick(struct ai *, const struct game *);
/*
 * What a shot chosen from the menu sets against the plan (ai-plan.c): its
 * worth when it is at an enemy with a line to ours other than the one the
 * plan would fire at, else nothing (the plan fires it, keeping its TUs).
 */
int	ai_hard_rival(struct ai *, const struct game *, int unit,
	    const struct ai_choice *);

/*
 * ai-mission.c: the side's secret mission.  The goal it gives the unit,
 * with words for the reason, and whether the unit keeps to it in sight
 * of enemies (*insist: the one the orders need now); the object to
 * sabotage.
 */
bool	ai_mission_goal(struct ai *, const struct game *, int unit,
	    struct pos *goal, char *words, size_t len, bool *insist);
/*
 * The steps of a capture (lift the unit, pick up the item, draw a stun
 * weapon) and attacks that take the unit alive weighed up, in the menu.
 */
void	ai_mission_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
bool	ai_mission_sabotage(const struct ai *, const struct game *,
	    struct pos *at);
bool	ai_mission_blows_up(const struct ai *, const struct item_type *,
	    struct pos at);
/*
 * Whether a grenade of this type is the side's last that can blow up the
 * object to sabotage while it stands: kept for the orders (ai-grenade.c).
 */
bool	ai_mission_keeps(const struct ai *, const struct game *,
	    const struct item_type *);
/*
 * The unit carries a grenade for the object: it throws it hi squares (lo
 * is 1); where it would reach is kept for ai_mission_stand().
 */
bool	ai_mission_throw_from(struct ai *, const struct game *,
	    int unit, int *lo, int *hi);
/* What standing on a square to throw it from is worth (0: not one). */
int	ai_mission_stand(const struct ai *, const struct game *, int unit,
	    struct pos, int hi);
/* A grenade of this type bursting on the object spares our own. */
bool	ai_mission_spares(const struct ai *, const struct game *,
	    const struct item_type *, struct pos);
/* ai-mission-throw.c: the grenade the unit carries for it, or -1. */
int	ai_mission_grenade(const struct ai *, const struct game *,
	    const struct unit *, struct pos);
/* The steps before the throw at it (a better square, a door, a knee). */
void	ai_mission_ready(struct ai *, const struct game *, int unit,
	    struct ai_menu *, const char *why);

/*
 * ai-search.c: opening a shut door on a remembered enemy, and the worth
 * of standing beside one to open it.
 */
void	ai_door_options(struct ai *, const struct game *, int unit,
	    struct ai_menu *);
int	ai_breach_stand(const struct ai *, const struct game *, int unit,
	    struct pos);

/* ai-random.c: AI_RANDOM. */
void	ai_random_next(struct ai *, const struct game *, struct command *);

#endif
