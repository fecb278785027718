/*
 * game.h - a game in play: built from a scenario and a seed, changed only by
 * commands, reporting through events.  The struct is opaque; drivers read it
 * through the functions below.
 *
 * Determinism: a game is a function of (scenario, seed, commands).  Every
 * random number comes from the game's own generator, from dice forced with
 * a `dice` command (journalled like any other), or from a dice source (a
 * table rolling by hand), whose values are journalled as `dice` commands;
 * so replaying the journal rebuilds the same state, which game_hash()
 * proves.
 */
#ifndef XTAC_GAME_H
#define XTAC_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xtac/cmd.h"
#include "xtac/event.h"
#include "xtac/field.h"
#include "xtac/path.h"
#include "xtac/scenario.h"
#include "xtac/sight.h"
#include "xtac/unit.h"

struct game;

/* Sides that take phases: the civilians act by §3.4 rules, not phases. */
#define GAME_NO_SIDE	(-1)

struct game	*game_new(const struct scenario *, uint64_t seed,
		    struct event_list *);
void		 game_free(struct game *);

const struct scenario	*game_scenario(const struct game *);
const struct catalog	*game_catalog(const struct game *);
const struct map	*game_map(const struct game *);
const struct field	*game_field(const struct game *);
uint64_t		 game_seed(const struct game *);
size_t			 game_nunits(const struct game *);
const struct unit	*game_unit(const struct game *, int);
int			 game_find_unit(const struct game *, const char *id);
int			 game_round(const struct game *);
/* The side whose phase it is, or GAME_NO_SIDE once the game is over. */
int			 game_side_to_move(const struct game *);
int			 game_selected(const struct game *);
bool			 game_over(const struct game *);
/* The winning side, or GAME_NO_SIDE for a draw or a game not over. */
int			 game_winner(const struct game *);

/* Whether side sees unit now (any of its conscious units has a line). */
bool	game_sees(const struct game *, enum side, int unit);
/* Where side last saw unit; false if it never has. */
bool	game_last_seen(const struct game *, enum side, int unit,
	    struct pos *);
/* Whether unit was down (unconscious or dead) when side last saw it. */
bool	game_seen_down(const struct game *, enum side, int unit);
/*
 * Text as side may read it: the ids and names of units it does not see
 * now (whole words) become "someone unseen".  Owned by the caller.
 */
char	*game_hide_unseen(const struct game *, enum side, const char *text);
/*
 * The field as side knows it: its memory of the map (walls, doors, smoke
 * and fire as last seen: know_field) with the units it sees now, so an
 * honest line or path never bends round someone unseen nor through a door
 * opened out of sight (civilians, who keep no memory: the game's field
 * less the units they do not see).  out->flags must hold the map's
 * squares; out->map is set (owned by the game).
 */
void	game_side_field(const struct game *, enum side, struct field *out);

/*
 * Validate and apply a command.  On success returns 0 and appends the
 * events; otherwise returns -1, changes nothing, and appends one EV_ERROR
 * naming the command and the reason.
 */
int	game_execute(struct game *, const struct command *,
	    struct event_list *);
size_t			 game_journal_length(const struct game *);
const struct command	*game_journal(const struct game *, size_t);

/*
 * The deployment step before round 1 (§4.1): whether sides are placing
 * their units (game_side_to_move() says which); whether the scenario fixed
 * a unit's square (at:), so it cannot be deployed; whether a `deploy` has
 * placed it; whether a square lies in the side's deployment zones (a base's
 * defenders without zones: anywhere, §2.3).
 */
bool	game_deploying(const struct game *);
bool	game_deploy_fixed(const struct game *, int unit);
bool	game_deployed(const struct game *, int unit);
bool	game_in_zone(const struct game *, enum side, struct pos);

/* --- rules a driver may weigh (the AI) ------------------------------- */

/* The facing from one square toward another (octants, ties diagonal). */
enum dir game_direction(struct pos from, struct pos to);
/* The TU a unit pays to face that way (RULINGS §5 turning). */
int	game_turn_cost(const struct unit *, enum dir to);
/* Whether a Chrysalid's implant takes on the unit (RULINGS Special units). */
bool	game_implantable(const struct unit *);
/* The armour a shot or blow from `from` strikes (RULINGS §7.2). */
enum armour_facing game_armour_facing(const struct unit *, struct pos from);
/* §7.3: damage lost per square of a blast (20, 30, 40; 0: no blast). */
int	game_splash_step(const struct damage *);
/* §7.6: whether `amount` of this type destroys a thing of this strength. */
bool	game_destroys(enum strength, enum damage_type, int amount);

/* FNV-1a over the whole state: equal hashes, equal games. */
uint64_t	game_hash(const struct game *);

/* --- queries: answers without changing anything ----------------------- */

/*
 * The chance to hit (§6.1, RULINGS §6.1) with its terms appended to `why`
 * (an event whose terms are filled; may be NULL).  Returns -1 with a reason
 * in *cause when the attack is impossible (no line of sight, no such mode).
 * A launched weapon's arc is checked over the walls and doors as the
 * shooter's side last saw them, as the engine validates the command
 * (RULINGS §6.2): what its player and its AI may be told.
 */
int	game_hit_chance(const struct game *, int shooter, int target,
	    enum shot_mode, int hand, struct event *why, char **cause);
/* The same for a shot at a square (§6.1: attacks on squares). */
int	game_square_chance(const struct game *, int shooter, struct pos,
	    enum shot_mode, int hand, struct event *why, char **cause);
/*
 * The chance of a shoot command as it stands: at a unit, at a square, or
 * through waypoints (a guided weapon), with its terms in `why` (may be
 * NULL); -1 with *cause when it cannot be fired.  For a guided shot
 * legs[0 .. nvia] (if not NULL) receive the roll needed at each waypoint
 * and then at the target (RULINGS §6.1: 5 less after each waypoint).
 */
int	game_shot_chance(const struct game *, const struct command *,
	    int *legs, struct event *why, char **cause);
/*
 * The same over the true walls and doors: the game master's answer (the
 * omniscient `query hit`).  A launch it refuses may still be let go, and
 * is then stopped short where the truth stops it (RULINGS §6.2).
 */
int	game_true_shot_chance(const struct game *, const struct command *,
	    struct event *why, char **cause);
/* TU cost for unit to reach pos (path in *out), or -1 with a reason. */
int	game_path(const struct game *, int unit, struct pos, struct path *out,
	    char **cause);
/* Reachable squares and their cost ([z][y][x], -1 unreachable). */
void	game_reach(const struct game *, int unit, int *cost);
/*
 * The step words of the game's map, kept by the game from change to change
 * (path.h): a caller's path_scratch may read them (its moves).
 */
struct path_moves *game_path_moves(const struct game *);
/*
 * Debugging, for the tests: whether who sees whom and each side's sight,
 * kept up to date from change to change, equal a computation from
 * scratch; else false, and why in *cause (owned by the caller).
 */
bool	game_vis_check(const struct game *, char **cause);

/*
 * The friends a shot at target from `from` would put at risk: the first
 * body its round meets short of the target, when a friend (§7.5: a round
 * off its mark flies on and strikes it); with chance >= 0 (the shot's,
 * per roll), how often a roll's round would strike a friend, every miss
 * of §7.5 flown (each d10 face, each margin); and, for an explosive
 * round, the friends its burst at the target would reach (§7.3), the
 * shooter (at `from`) included.  Friends: the shooter's controller's
 * units, and that side's own held by mind control; to X-Com, civilians
 * too; the target itself may be one, held.  The eye is the shooter's
 * (kneeling only where it is); hand is as for a shot.  True when the
 * target is a friend, a friend is in the line or the burst, or
 * GAME_RISK_STRUCK per mille of rolls or more would strike one.  Of
 * those, civstruck and nblastciv count the civilians alone (a roll whose
 * round or burst meets one of the shooter's own is not among them): a
 * civilian is not X-Com's soldier, and its player may weigh it apart.
 */
#define GAME_RISK_STRUCK	50
struct game_shot_risk {
	int	line;		/* the friend in the line, or -1 */
	int	struck;		/* per mille of rolls striking a friend */
	int	civstruck;	/* of those, striking only civilians */
	int	stray;		/* a friend a miss could strike, or -1 */
	int	blast;		/* a friend the burst reaches, or -1 */
	int	nblast;		/* how many it reaches */
	int	nblastciv;	/* of those, civilians */
	bool	held;		/* the target: a friend held by the enemy */
};
bool	game_shot_risk(const struct game *, int shooter, struct pos from,
	    int target, int hand, int chance, struct game_shot_risk *);
/*
 * The same as `side` can foresee it: its rounds meet only the units it
 * knows are there (its own, and others while it sees them) and the walls
 * and doors as it last saw them; a player's forecast, never the truth of
 * what it does not see.
 */
bool	game_side_shot_risk(const struct game *, enum side side, int shooter,
	    struct pos from, int target, int hand, int chance,
	    struct game_shot_risk *);
/* The line of sight from unit a to unit b (2x2 targets: best square). */
bool	game_line(const struct game *, int a, int b, struct sight_result *);

/*
 * Squares in sight ([z][y][x], set to 1 or 0): those whose centre the
 * unit's eye sees, as game_sees would see a 1x1 unit standing there (a 2x2
 * viewer looks from its square nearest the target; RULINGS §4.3
 * vision_cone applies).  game_unit_sight looks from the unit whatever its
 * state; game_side_sight joins the side's active units, as game_sees does.
 */
void	game_unit_sight(const struct game *, int unit, uint8_t *seen);
void	game_side_sight(const struct game *, enum side, uint8_t *seen);
/*
 * The squares game_side_sight sets, listed ([z][y][x] indices, in no
 * order): *out, valid until the game changes or sight is asked again.
 * Kept as sight changes, so the cost follows what the side sees.
 */
size_t	game_side_sight_list(const struct game *, enum side,
	    const uint32_t **out);
/* --- dice from outside: tables that roll physical dice ----------------- */

/*
 * A dice source answers a roll the game needs: a die of `sides` (10 or
 * 100) and what it is for ("to-hit: aimed shot by Alvarez at Sectoid 2, 57
 * or less hits").  It returns 1..sides; anything else is a bug (fatal).
 * The game asks it only when no forced die (`dice`) is queued.  Every value
 * it gives is journalled as a `dice` command just ahead of the command that
 * used it, so replaying the journal reproduces the game and asks nobody.
 */
typedef int	game_dice_fn(void *ctx, int sides, const char *what);

/*
 * game_new() with a dice source from the start: round 1's initiative is
 * asked of it too.  Those dice are kept apart (game_setup_dice), since they
 * come before any command; a replay gives them back the same way.
 */
struct game	*game_new_dice(const struct scenario *, uint64_t seed,
		    game_dice_fn *, void *ctx, struct event_list *);
/* Set the source (NULL: the game's own generator again). */
void		 game_set_dice(struct game *, game_dice_fn *, void *ctx);
/* The dice a source gave while the game was set up; *n of them. */
const int	*game_setup_dice(const struct game *, size_t *n);

/*
 * Whether journal entry i ended a round (or the game), and if so the round
 * the game is in after it and game_hash() then: a save writes these so a
 * replay that diverges shows at the first round whose hash differs.
 */
bool		 game_journal_check(const struct game *, size_t i,
		     int *round, uint64_t *hash);

/* --- queries for the client's actions (throw, melee, psi, inventory) --- */

/*
 * Whether a command would be accepted now: everything game_execute()
 * checks, nothing changed, no events.  Returns 0, or -1 with *cause.
 */
int	game_check(const struct game *, const struct command *, char **cause);

/* What a throw from a hand at a square would be (§6.2). */
struct game_throw_info {
	int	range;		/* squares to the target (Chebyshev, levels) */
	int	max_range;	/* STR / weight */
	int	tu;		/* the throw with the turn to face it */
	int	radius;		/* a primed grenade's blast, or -1 for none */
	bool	primed;
};
/*
 * The chance to land on the square with its terms in `why` (may be NULL);
 * -1 with *cause when the throw cannot be made.  *info is filled either
 * way as far as the hand allows (range and max_range are -1 when it is
 * empty).  As game_check() validates the throw: the arc over the walls
 * and doors as the thrower's side last saw them (RULINGS §6.2).
 */
int	game_throw_chance(const struct game *, int unit, int hand, struct pos,
	    struct game_throw_info *, struct event *why, char **cause);
/*
 * Where a grenade (catalog item) going off at centre would reach (§7.3,
 * RULINGS §7.4): reach[z][y][x] is the damage arriving (0 inside a smoke
 * cloud), or -1; walls and floors that would hold stop it, explosions it
 * would set off are not followed.  False, reach untouched, for an item
 * that is not a grenade.
 */
bool	game_grenade_reach(const struct game *, int item, struct pos centre,
	    int *reach);
/* The same over the walls and floors as `side` last saw them (know_map). */
bool	game_side_grenade_reach(const struct game *, enum side, int item,
	    struct pos centre, int *reach);
/* A melee blow's chance (§6.3) and terms, or -1 with *cause. */
int	game_melee_chance(const struct game *, int unit, int target, int hand,
	    struct event *why, char **cause);
/*
 * A psi attack's chance (§6.4): the share of the opposed d100 pairs the
 * attacker wins, ties re-rolled, in whole percent rounded down; or -1.
 */
int	game_psi_chance(const struct game *, int unit, int target,
	    enum psi_kind, struct event *why, char **cause);
/*
 * Whether unit sees target well enough to attack its mind (RULINGS 6.4):
 * its side sees it, or, under house rule psi-own-sight, it does itself.
 */
bool	game_psi_sees(const struct game *, int unit, int target);
/* Items lying on the map (dropped, thrown, of the fallen). */
size_t			 game_nground(const struct game *);
const struct carried	*game_ground(const struct game *, size_t,
			    struct pos *);
/*
 * Whether a throw from one square could land on another (§6.2: a floor,
 * at most a level up, the arc clear), whatever is thrown or launched: for
 * the AI, weighing a grenade still on the belt or a launch from a square
 * it has not reached.
 */
bool	game_throw_lands(const struct game *, struct pos from, struct pos to);
/* The same over the map as `side` last saw it (know_map). */
bool	game_side_throw_lands(const struct game *, enum side, struct pos from,
	    struct pos to);
/*
 * How many squares the unit sends an item by the throwing rules: thrown by
 * hand, STR / weight (RULINGS §6.2); fired, a launched weapon's STR /
 * throw-weight, or -1 for no limit (§6.2: weapons-based throwing attacks
 * have no maximum range).
 */
int	game_arc_reach(const struct game *, int unit, int item, bool by_hand);

#endif
