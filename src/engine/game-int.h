/*
 * game-int.h - the inside of struct game, shared by the engine's game-*.c
 * files and nothing else.
 *
 * Invariants: field mirrors the units (FIELD_UNIT on every square of every
 * standing unit, FIELD_PRONE under prone, unconscious and dead ones);
 * sees[side][unit] is current after every applied command; order[] holds
 * the sides taking phases this round, highest initiative first, and phase
 * indexes it.
 */
#ifndef XTAC_GAME_INT_H
#define XTAC_GAME_INT_H

#include "xtac/game.h"
#include "xtac/mission.h"
#include "xtac/rng.h"

/*
 * Dice that may wait to be rolled: room for every die one command can
 * need, since a replay queues all of a command's manual dice before it.
 */
#define GAME_MAX_FORCED	1024

struct ground_item {
	struct pos	pos;
	struct carried	c;
};

struct game_check {
	size_t		 after;		/* journal length then */
	int		 round;		/* the round now begun */
	uint64_t	 hash;
};

struct blast {
	struct pos	centre;
	struct damage	damage;
	int		smoke_rounds;	/* smoke left behind (0: none) */
	int		radius;		/* reach regardless of damage, or 0 */
	bool		light;		/* a flare: lights, harms nothing */
};

struct game {
	const struct scenario	*scenario;	/* borrowed */
	const struct catalog	*cat;		/* borrowed */
	struct map		*map;		/* owned copy: doors change */
	struct field		 field;
	uint64_t		 seed;
	struct rng		 rules;
	struct rng		 cosmetic;
	int			 forced[GAME_MAX_FORCED];	/* dice queued by
						   `dice` */
	size_t			 nforced;
	/*
	 * Dice from outside (game_set_dice): what the source gave during
	 * the command being executed, journalled as `dice` ahead of it; and
	 * what it gave while game_new() set up round 1.
	 */
	game_dice_fn		*dice_fn;
	void			*dice_ctx;
	int			*drawn;
	size_t			 ndrawn;
	size_t			 drawn_cap;
	int			*setup_dice;
	size_t			 nsetup_dice;

	/*
	 * Units never move in memory: events point at their ids, so the
	 * array is allocated once with room for units that join later.
	 */
	struct unit		*units;
	size_t			 nunits;
	size_t			 units_cap;
	struct ground_item	*ground;
	size_t			 nground;

	int			 round;
	int			 order[SIDE_COUNT];
	int			 norder;
	int			 phase;		/* index into order */
	bool			 head_start;	/* round 0: a crashed side's
						   two free phases (§2.3) */
	bool			 deploying;	/* before round 1 (§4.1) */
	int			 deploy_order[SIDE_COUNT];
	int			 ndeploy;
	int			 deploy_phase;	/* index into deploy_order */
	bool			*deployed;	/* [unit]: placed by a command */
	int			 selected;	/* unit, or -1 */
	bool			 over;
	int			 winner;
	const char		*end_reason;	/* mission.h; NULL: not over */
	struct mission_secret	 missions[SIDE_COUNT];	/* §2.3 */

	bool			*sees;		/* [side][unit] */
	bool			*seen;		/* ever seen */
	struct pos		*last_seen;	/* [side][unit] */
	bool			*seen_down;	/* [side][unit]: down when
						   last seen */

	uint8_t			*smoke;		/* [z][y][x] rounds left */
	uint8_t			*fire;
	uint8_t			*lit;		/* flare light, for good */
	int			*building_walls; /* walls each had at first */
	bool			*collapsed;
	struct blast		 blasts[256];	/* explosions waiting to go */
	size_t			 nblasts;

	struct command		*journal;
	size_t			 njournal;
	/* After which journal entries a round ended, and the state then. */
	struct game_check	*checks;
	size_t			 nchecks;
	struct event_list	*ev;		/* where the current command's
						   events go */
	struct know		*know;		/* what each side knows */
	size_t			 ev_stamped;	/* events in ev stamped so far */
	struct game_vis		*vis;		/* game-vis.c: who sees whom,
						   kept; NULL until asked */
	struct move_check	*move_check;	/* game-move.c: a checked
						   move's path, or NULL */
	struct path_scratch	*paths;		/* game-move.c: search
						   scratch, NULL until asked */
	struct game_door	*doors;		/* game.c: every door that
						   may stand open, and more */
	size_t			 ndoors;
	size_t			 doors_cap;
	struct path_moves	*moves;		/* game-move.c: the map's
						   step words, kept by
						   game_move_touch; NULL
						   until asked */
};

/*
 * One die: a forced value if queued, else the dice source's, else the
 * rules stream's.  `what` (printf) says what the roll is for, as a player
 * rolling it by hand is asked: "to-hit: aimed shot by Alvarez at Sectoid 2,
 * 57 or less hits".  It is formatted only when a source will read it.
 */
int	game_roll(struct game *, int sides, const char *what, ...)
	    __attribute__((format(printf, 3, 4)));

/* A deep copy of a map (the game's own, a side's memory of it). */
struct map *game_copy_map(const struct map *);
/*
 * A unit as the scenario sets it up, and an item as carried fresh (full
 * clip, not primed): game.c's, and game-copy.c's for a unit not seen.
 */
void	game_setup_unit(struct game *, struct unit *,
	    const struct unit_setup *);
struct carried game_carried(const struct catalog *, int item, int ammo);

/*
 * The knowledge layer (know.c, know.h).  know_stamp sets who saw each
 * event emitted since the last stamp; it runs before anything changes who
 * sees what (game_vis_update calls it first), so the stamp is the one the
 * event had when it happened.  know_observe takes in what each side sees
 * now, after game_vis_update has worked it out.
 */
struct know	*know_new(const struct game *);
void		 know_free(struct know *);
void		 know_stamp(struct game *);
void		 know_observe(struct game *);
/* A refused command is read by the side that gave it, nobody else. */
void		 know_stamp_error(const struct game *, struct event *,
		     const struct command *);
/*
 * RULINGS §5: a walk ran into the unit: its side knows it is there now
 * (memory only; sight itself is game-vis.c's and is not forced).
 */
void		 know_met(struct game *, enum side, int unit);
/* The side learns a square by running into it (a walk stopped there). */
void		 know_touch(struct game *, enum side, struct pos);
/*
 * RULINGS §6.2: an arc stopped on the edge `side` of p: the side learns
 * that edge, and what above it kept the arc from clearing it.
 */
void		 know_touch_crossing(struct game *, enum side, struct pos,
		     enum dir side);
/*
 * The truth of square i ([z][y][x]: terrain, edges, smoke, fire) changed:
 * the sides that see it take it in at the next know_stamp.
 */
void		 know_changed(struct game *, size_t i);
/* A flare lit square i for good (RULINGS §7.4): its glare, for all. */
void		 know_lit(struct game *, size_t i);
/*
 * The map a forecast reads: with `as` a side, that side's memory of it
 * (know_map; civilians keep none, so theirs is the truth), else (-1) the
 * truth.  Owned by the game.
 */
const struct map *game_known_map(const struct game *, int as);
/*
 * The field a side's answer reads (game_side_field: the walls and doors
 * as last seen, the units it sees): with `as` a side, made in *scratch,
 * whose flags the caller frees; else (-1) the true one.
 */
const struct field *game_known_field(const struct game *, int as,
		    struct field *scratch);
/* Round 1 (or a head start) begins: initiative, TUs (game.c). */
void	game_start_round(struct game *);

/*
 * The deployment step (game-deploy.c, §4.1): place the units without a
 * square and say whether sides now deploy; check and apply a command
 * while they do (`deploy`, and `end` closing a side's deployment).
 */
bool	game_deploy_begin(struct game *);
int	game_deploy_check(const struct game *, const struct command *,
	    char **cause);
int	game_deploy_apply(struct game *, const struct command *);

/* Rebuild the field from the units. */
void	game_field_refresh(struct game *);
/*
 * The field after one unit moved from `from` to where it stands now and
 * nothing else changed: only the squares it left and entered are redone.
 */
void	game_field_moved(struct game *, int unit, struct pos from);
/* Debugging: whether the field is what game_field_refresh would make. */
bool	game_field_ok(const struct game *);
/* Bring every side's sight up to date; emit spotted/lost events if asked. */
void	game_vis_update(struct game *, bool report);
/*
 * Who sees whom is kept (game-vis.c), so whoever changes what sight reads
 * must say so: game_vis_touch for a square whose floor or object changed,
 * or one of whose edges did (a door opening or closing, a wall blown
 * away); game_field_refresh reports the field's changes itself
 * (game_vis_field_changed).  Units are watched without help.
 */
void	game_vis_touch(struct game *, struct pos);
/*
 * game-door.c: open every segment of the door on side `side` of p, telling
 * of it as u's, for tu TUs (paid by the caller); close it unless a unit
 * stands in one of its doorways (false then).  §4.2: one door, one action.
 */
void	game_door_open(struct game *, const struct unit *u, struct pos p,
	    enum dir side, int tu);
bool	game_door_close(struct game *, struct pos p, enum dir side);
void	game_vis_field_changed(struct game *);
/* The same for square i ([z][y][x]) alone. */
void	game_vis_field_square(struct game *, size_t i);
void	game_vis_free(struct game *);
/*
 * Whether unit a sees unit b now, as game_unit_sees would say, for units
 * of different controllers (false for the same controller: never kept).
 */
bool	game_vis_sees(const struct game *, int a, int b);
/* sees[i] = game_vis_sees(g, i, target) for every unit i. */
void	game_vis_watchers(const struct game *, int target, bool *sees);
/*
 * For the knowledge layer: the squares whose being in the side's sight
 * may have changed since the previous call (at the first, all it sees),
 * each once, as [z][y][x] indices in *out, owned by the game and good
 * until sight is next asked about; game_side_sees_square tells whether
 * the side sees one now.  Each unit's field of view is kept and worked out
 * again only when a change can have changed it: no whole-map pass.
 */
size_t	game_side_sight_changes(const struct game *, enum side,
	    const uint32_t **out);
bool	game_side_sees_square(const struct game *, enum side, size_t i);
/* For checks: the side's sight from fresh fields of view, nothing kept. */
void	game_side_sight_fresh(const struct game *, enum side, uint8_t *seen);
/*
 * Whether nothing changed since game_side_sight_changes last ran for
 * every side asked about: sight then is sight now.
 */
bool	game_side_sight_current(const struct game *);

/*
 * FNV-1a of n bytes into *h, a word at a time where the word is zero (the
 * same value as byte by byte): game_hash's, and the knowledge layer's.
 */
void	game_hash_bytes(uint64_t *h, const void *p, size_t n);

/* Whether unit a sees unit b now (ignores sides). */
bool	game_unit_sees(const struct game *, int a, int b,
	    struct sight_result *);
/* The square a unit standing at `at` looks from toward p (2x2: nearest). */
struct pos game_vis_nearest(const struct unit *, struct pos at, struct pos p);
/* RULINGS §4.3 house rule vision_cone: whether `to` is in a's cone. */
bool	game_vis_in_cone(const struct unit *a, struct pos to);

/* Free what game-move.c keeps: a checked path, the search scratch. */
void	game_move_free(struct game *);
/*
 * game-door.c: a door segment opened on side `side` of square p, kept in
 * g->doors (game_door_open says so; game_doors_find lists those open at
 * the start), so the phase's end (game_doors_close) looks at those alone.
 * game_doors_check: whether every open door is listed (tests).
 */
struct game_door {
	struct pos	p;
	enum dir	side;
};
void	game_door_opened(struct game *, struct pos, enum dir side);
void	game_doors_find(struct game *);
void	game_doors_close(struct game *);
bool	game_doors_check(const struct game *);
/* Square p's floor, object or an edge changed: the kept step words. */
void	game_move_touch(struct game *, struct pos);
/* Whether the kept step words equal the map's (tests). */
bool	game_move_check(const struct game *);

/*
 * What every attack's chance is made of (game-combat.c): the Chebyshev
 * range from a unit to the nearest square of a size x size box at p (one
 * level counting as one square, RULINGS §6.1) or to a unit, the sum of a
 * chance's terms, and the §6.1 cap to 0..95.
 */
int	combat_range_to(const struct unit *, struct pos, int size);
int	combat_range(const struct unit *, const struct unit *);
int	combat_terms_sum(const struct event *);
int	combat_cap(int chance);

/*
 * Attacks (game-shoot.c, game-flight.c, game-combat.c) and damage
 * (game-combat.c).
 */
int	game_do_shoot(struct game *, const struct command *, char **cause);
int	game_do_melee(struct game *, const struct command *, char **cause);
int	game_check_shoot(const struct game *, const struct command *,
	    char **cause);
int	game_check_melee(const struct game *, const struct command *,
	    char **cause);
/* A snap shot in reaction (RULINGS §6.5); returns whether it fired. */
bool	game_reaction_shot(struct game *, int watcher, int target);
bool	game_can_react(const struct game *, int watcher);
/* The same, paying to turn toward a square first (NULL: no turn). */
bool	game_can_react_toward(const struct game *, int watcher,
	    const struct pos *toward);
void	game_face(struct game *, int unit, enum dir to);

/* Movement and actions (game-move.c). */
int	game_do_move(struct game *, const struct command *, char **cause);
int	game_check_move(const struct game *, const struct command *,
	    char **cause);
/* Reactions (RULINGS §6.5): note who sees the mover, act, then compare. */
bool	*game_watch_begin(const struct game *, int mover);
void	 game_watch_end(struct game *, int mover, bool *before);
bool	 game_opposed_ret(struct game *, const char *what, int watcher,
	     int mover);
struct mover game_mover(const struct game *, int unit);

/* Damage to a unit (game-combat.c); attacker may be -1. */
void	game_damage(struct game *, int unit, int attacker, struct pos from,
	    const struct damage *);
void	game_unit_falls_unconscious(struct game *, int unit);
void	game_unit_dies(struct game *, int unit);

/* Explosions, collateral damage (game-blast.c). */
bool	game_damage_edge(struct game *, struct pos, enum dir,
	    enum damage_type, int amount);
bool	game_damage_floor(struct game *, struct pos, enum damage_type, int);
void	game_damage_object(struct game *, struct pos, enum damage_type, int);
/* Queue a blast (NULL: an explosive object's 90 HE-2); run the queue. */
void	game_queue_explosion(struct game *, struct pos, const struct damage *);
/* The blast of an explosive object (§7.6), if a blow would destroy it. */
const struct damage *game_object_blast(const struct map *, struct pos,
	    enum damage_type, int amount);
void	game_queue_blast(struct game *, const struct blast *);
void	game_run_explosions(struct game *);
/*
 * Where a blast would reach over the map (the true one, or a side's
 * memory: game_known_map), changing nothing: amount[z][y][x] is the
 * damage arriving, or -1.  Explosions it would set off are not followed.
 */
void	game_blast_reach(const struct map *, const struct blast *, int *);
/* An incendiary blow's fire and smoke at `at`, as an IN round's (§7.4). */
void	game_ignite(struct game *, struct pos at, const struct damage *);
/* §7.7: walls standing in a building, and collapse past half of them. */
int	game_building_walls(const struct game *, size_t building);
void	game_check_collapse(struct game *);

/*
 * Going down and getting up (game-down.c, §7.2.1, §7.2.4, RULINGS §5):
 * a unit with no floor under it falls unless it is conscious and flies;
 * whoever it lands on goes prone.  game_wake wakes an unconscious unit
 * whose stun and damage allow it, moving it off a held square, and says
 * whether it woke; game_rise_clear does the moving for any unit getting
 * up where another stands, or leaves it prone with nowhere to go, noting
 * which on the event e.  game_floor_below: the level an item dropped at p
 * lands on; game_settle_items drops items whose floor went.
 * game_standing_on: a standing unit in one of the unit's squares, or -1.
 */
void	game_settle(struct game *, int unit);
void	game_knock_prone(struct game *, int unit, int by);
bool	game_wake(struct game *, int unit);
void	game_rise_clear(struct game *, int unit, struct event *e);
int	game_floor_below(const struct game *, struct pos);
void	game_settle_items(struct game *);
int	game_standing_on(const struct game *, int unit);

/* A snap shot straight out in a direction, for berserk units (§6.4). */
void	game_wild_shot(struct game *, int shooter, int hand, enum dir);

/*
 * Psi (game-psi.c, §6.4): the attack, and what panic and mind control do
 * as phases begin and end (called by game.c for every phase).
 */
int	game_check_psi(const struct game *, const struct command *, char **);
int	game_do_psi(struct game *, const struct command *, char **);
void	game_psi_phase_start(struct game *, enum side);
void	game_psi_phase_end(struct game *, enum side);
/*
 * Where to run from the enemies the unit knows of, within its TUs: the
 * cost, 0 when nowhere is farther, -1 when it knows of none.  Walking
 * there is a move like any other (reactions included).
 */
int	game_flee_square(const struct game *, int unit, struct pos *to);
void	game_walk_to(struct game *, int unit, struct pos);
/* Civilians (game-civilian.c, §3.4): act when a phase ends. */
void	game_civilians(struct game *);

/*
 * Bodies (game-carry.c, §5.3): lifting and laying them; a body goes where
 * its carrier steps; game_carry_check ends a carry whose carrier is down or
 * whose body woke, and puts every body where its carrier is.
 */
int	game_check_carry(const struct game *, const struct command *, char **);
int	game_do_carry(struct game *, const struct command *, char **);
int	game_check_lay(const struct game *, const struct command *, char **);
int	game_do_lay(struct game *, const struct command *, char **);
void	game_carry_follow(struct game *, int carrier);
void	game_carry_check(struct game *);

/* Medikit (game-medikit.c, §7.2.5). */
int	game_check_heal(const struct game *, const struct command *, char **);
int	game_do_heal(struct game *, const struct command *, char **);

/*
 * Grenades and throwing (game-throw.c, §6.2, RULINGS §6.2): priming,
 * throwing, timers counted at phase and round ends, proximity triggers
 * after movement and landings, grenades caught in a blast.
 */
int	game_check_prime(const struct game *, const struct command *, char **);
int	game_do_prime(struct game *, const struct command *, char **);
int	game_check_throw(const struct game *, const struct command *, char **);
/*
 * The throwing rules' targeting, shared by a throw and a launched weapon
 * (§6.2, RULINGS §6.1, §6.2).  game_arc_check: whether the unit can send
 * `item` (by hand, or fired) to `to`: a square with a floor, not its own,
 * at most a level up, the arc clear of walls as side `as` knows them
 * (game_known_map; -1 the truth), within game_arc_reach(); 0, or -1 with
 * *cause.  game_arc_blocked: whether the true arc is stopped short (*at
 * the last square it crosses, *side the edge that stops it);
 * game_arc_stopped reports that, lets the unit's side learn the edge and
 * returns where the thing lands (RULINGS §6.2).  game_arc_sight: add the
 * sight term to `why`: none when the unit sees the square (or the unit
 * `target`, when >= 0), -10 when only a spotter of its side does, -20
 * when nobody does; false in that last case; a square's lines over what
 * side `as` knows (-1: the truth).  game_arc_scatter: where a miss by `margin`
 * lands, `face` being the d10 of the missed-shot figure (*dir, if not
 * NULL: the way it went).
 */
int	game_arc_check(const struct game *, int as, int unit, struct pos to,
	    int item, bool by_hand, char **cause);
bool	game_arc_blocked(const struct game *, struct pos from, struct pos to,
	    struct pos *at, enum dir *side);
struct pos game_arc_stopped(struct game *, int unit, int item, struct pos at,
	    enum dir side);
bool	game_arc_sight(const struct game *, int as, int unit, struct pos to,
	    int target, struct event *why);
struct pos game_arc_scatter(const struct map *, struct pos from,
	    struct pos to, int face, int margin, enum dir *dir);
int	game_do_throw(struct game *, const struct command *, char **);
void	game_grenades_phase_end(struct game *);
void	game_grenades_round_end(struct game *);
/* Movement or a landing at p sets off armed proximity grenades near it. */
void	game_proximity(struct game *, struct pos);
/* Primed grenades lying where a blast reached go off too. */
void	game_grenades_in_blast(struct game *, const int *amount,
	    enum damage_type);

/* Chrysalid implants (game-combat.c, RULINGS Special units). */
void	game_zombies_round_end(struct game *);
/* The hand holding equipment of a kind with a use (Psi Amp, Medikit). */
int	game_hand_with(const struct game *, const struct unit *,
	    enum weapon_kind, enum shot_mode);
/* Put what a hand or belt slot holds on the ground (not built-in ones). */
void	game_drop_carried(struct game *, struct unit *, struct carried *);
/* Units joining the battle, Celatids cloning (game.c). */
int	game_add_unit(struct game *, const struct unit *);
void	game_celatids_round_end(struct game *);

/* Phases and victory (game.c). */
void	game_end_phase(struct game *);
void	game_auto_end_phase(struct game *);
void	game_check_victory(struct game *);
bool	game_side_alive(const struct game *, int side);
/*
 * Missions (mission.c, §2.3): draw and announce the secret ones as the
 * game is set up; decide whether the game is over, and how.
 */
void	mission_start(struct game *);
void	mission_check(struct game *);

#endif
