/*
 * battle.c - a game played by the computer on every side (battle.h), and
 * the tally of what each unit did, read from the events.
 *
 * The driver asks the AI of the side to move for one command at a time
 * (ai_next) rather than a whole phase, so it can stop the moment a round
 * past the cap begins: a battle never plays a round it was not allowed.
 * A proposal the engine refuses is reported back (ai_refused); a side that
 * keeps proposing refused or endless commands has its phase ended by the
 * driver, and the result counts how often (`stalls`, a measure of the AI).
 *
 * Tally invariants: r->units[i] is game unit i (units that join during the
 * battle, Celatid clones, are appended as they appear); `down` mirrors
 * whether the unit is out of action, so a unit is killed at most once per
 * time it is up; `controlled_by` is who holds the unit by mind control
 * (from EV_PSI), whose the unit's acts are meanwhile.  Enemies are units
 * whose sides differ as the game stands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/battle.h"
#include "xtac/game-copy.h"
#include "xtac/mission.h"
#include "xtac/util.h"

/* Refused proposals, then commands, after which the driver ends a phase. */
#define BATTLE_MAX_REFUSED	32
#define BATTLE_MAX_PHASE	2000

uint64_t
battle_seed(uint64_t run, uint64_t index, unsigned stream)
{
	/* Vigna's splitmix64 finaliser over a mix of the three inputs. */
	uint64_t	z = run + 0x9e3779b97f4a7c15ULL * (index + 1) +
			    0xd1b54a32d192ed03ULL * stream;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
battle_options_for(struct battle_options *o, uint64_t run, uint64_t index,
    enum ai_level xcom, enum ai_level alien, int rounds)
{
	int	side;

	memset(o, 0, sizeof *o);
	o->seed = battle_seed(run, index, 0);
	for (side = 0; side < SIDE_COUNT; side++)
		o->ai_seed[side] = battle_seed(run, index, 1 + (unsigned)side);
	o->level[SIDE_XCOM] = xcom;
	o->level[SIDE_ALIEN] = alien;
	o->level[SIDE_CIVILIAN] = AI_RANDOM;
	o->rounds = rounds;
}

/* --- the tally ------------------------------------------------------------- */

static void
battle_tally_sync(struct battle_result *r, const struct game *g)
{
	size_t	n = game_nunits(g), i;

	if (n <= r->nunits)
		return;
	r->units = xreallocarray(r->units, n, sizeof *r->units);
	for (i = r->nunits; i < n; i++) {
		const struct unit	*u = game_unit(g, (int)i);
		struct battle_unit	*b = &r->units[i];

		memset(b, 0, sizeof *b);
		snprintf(b->id, sizeof b->id, "%s", u->id);
		b->type = u->type;
		b->side = (int)u->side;
		b->down = u->status != UNIT_ACTIVE;
		b->last_hit_by = -1;
		b->controlled_by = -1;
	}
	r->nunits = n;
}

void
battle_tally_start(struct battle_result *r, const struct game *g)
{
	memset(r, 0, sizeof *r);
	r->winner = GAME_NO_SIDE;
	battle_tally_sync(r, g);
}

static int
battle_event_unit(const struct game *g, const struct event *e)
{
	const struct event_field	*f = event_get(e, "unit");

	if (f == NULL || f->kind != EVV_STR || f->s == NULL)
		return -1;
	return game_find_unit(g, f->s);
}

static bool
battle_enemies(const struct game *g, int a, int b)
{
	return game_unit(g, a)->side != game_unit(g, b)->side;
}

/*
 * Whom an act of unit `a` is credited to: a unit under mind control acts
 * for the one who took it (§6.4), so its shots are its controller's.
 */
static int
battle_credit(const struct battle_result *r, const struct game *g, int a)
{
	const struct unit	*u;

	if (a < 0)
		return -1;
	u = game_unit(g, a);
	if (u->controller != u->side && r->units[a].controlled_by >= 0)
		return r->units[a].controlled_by;
	return a;
}

static void
battle_psi(struct battle_result *r, const struct game *g,
    const struct event *e, int t)
{
	const struct event_field	*effect = event_get(e, "effect");
	const struct event_field	*by = event_get(e, "by");

	if (t < 0 || effect == NULL || effect->kind != EVV_STR)
		return;
	/* Taken by a unit itself held: the holder's side took it. */
	if (strcmp(effect->s, "controlled") == 0)
		r->units[t].controlled_by = by != NULL && by->kind == EVV_STR ?
		    battle_credit(r, g, game_find_unit(g, by->s)) : -1;
	else if (strcmp(effect->s, "released") == 0)
		r->units[t].controlled_by = -1;
}

static void
battle_put_down(struct battle_result *r, const struct game *g, int t,
    int by)
{
	struct battle_unit	*b = &r->units[t];

	if (b->down)
		return;
	b->down = true;
	b->friendly_down = by >= 0 && !battle_enemies(g, by, t);
	if (by >= 0 && battle_enemies(g, by, t))
		r->units[by].kills++;
}

#define BATTLE_MAX_THROWS	64	/* landings remembered, newest kept */

static void
battle_throw(struct battle_result *r, const struct event *e, int by)
{
	const struct event_field	*f = event_get(e, "landed");

	if (f == NULL || f->kind != EVV_POS || by < 0)
		return;
	if (r->nthrows == BATTLE_MAX_THROWS) {
		memmove(r->throws, r->throws + 1, (r->nthrows - 1) *
		    sizeof *r->throws);
		r->nthrows--;
	}
	if (r->throws == NULL)
		r->throws = xcalloc(BATTLE_MAX_THROWS, sizeof *r->throws);
	r->throws[r->nthrows].at = f->pos;
	r->throws[r->nthrows++].unit = by;
}

/*
 * Who threw what went off at an explosion's centre (the newest landing
 * there; a grenade that fell through a floor keeps its x and y), or -1.
 */
static int
battle_thrower(struct battle_result *r, const struct event *e)
{
	const struct event_field	*f = event_get(e, "at");
	size_t				 i;
	int				 by;

	if (f == NULL || f->kind != EVV_POS)
		return -1;
	for (i = r->nthrows; i-- > 0; ) {
		if (r->throws[i].at.x != f->pos.x ||
		    r->throws[i].at.y != f->pos.y)
			continue;
		by = r->throws[i].unit;
		memmove(&r->throws[i], &r->throws[i + 1], (r->nthrows - i -
		    1) * sizeof *r->throws);
		r->nthrows--;
		return by;
	}
	return -1;
}

void
battle_tally(struct battle_result *r, const struct game *g,
    const struct command *c, const struct event_list *ev)
{
	const struct event_field	*f;
	size_t				 i;
	int				 cur = -1, t, who;
	bool				 shot = false;

	battle_tally_sync(r, g);
	if (c != NULL && c->type != CMD_END && c->type != CMD_DICE)
		cur = c->unit;
	for (i = 0; i < r->nunits; i++)
		r->units[i].last_hit_by = -1;
	for (i = 0; i < ev->n; i++) {
		const struct event *e = &ev->v[i];

		t = battle_event_unit(g, e);
		switch (e->type) {
		case EV_ATTACK:
		case EV_THROW:
			if (t >= 0)
				cur = t;
			shot = e->type == EV_ATTACK;
			if (e->type == EV_THROW)
				battle_throw(r, e, battle_credit(r, g, cur));
			break;
		case EV_PHASE_END:
			/*
			 * What follows (smoke and fire at the round's end,
			 * a grenade's timer) is no act of the last mover.
			 */
			cur = -1;
			shot = false;
			break;
		case EV_EXPLOSION:
			/* Not a round's burst: a grenade's, its thrower's. */
			if (!shot && (who = battle_thrower(r, e)) >= 0)
				cur = who;
			break;
		case EV_DAMAGE:
			if (t < 0)
				break;
			who = battle_credit(r, g, cur);
			r->units[t].last_hit_by = who;
			f = event_get(e, "damage");
			if (who >= 0 && f != NULL && f->kind == EVV_INT &&
			    battle_enemies(g, who, t))
				r->units[who].damage += f->i;
			break;
		case EV_DEATH:
		case EV_UNCONSCIOUS:
			if (t >= 0)
				battle_put_down(r, g, t, r->units[t].last_hit_by);
			break;
		case EV_TRANSFORM:
			/* An implant takes the unit from its side for good. */
			f = event_get(e, "into");
			if (t >= 0 && f != NULL && f->kind == EVV_STR &&
			    strcmp(f->s, "zombie") == 0)
				battle_put_down(r, g, t,
				    battle_credit(r, g, cur));
			break;
		case EV_PSI:
			battle_psi(r, g, e, t);
			break;
		case EV_WAKE:
			if (t >= 0)
				r->units[t].down = false;
			break;
		default:
			break;
		}
	}
}

/* Each side's objective and whether the game ended with it met. */
static void
battle_tally_objectives(struct battle_result *r, const struct game *g)
{
	const struct mission_secret	*ms;
	struct mission_score		 sc;
	const char			*why = mission_end_reason(g);
	int				 side;

	mission_score(g, &sc);
	r->civilians = sc.civilians;
	r->civilians_lost = sc.civilians_lost;
	for (side = 0; side < SIDE_COUNT; side++) {
		r->score[side] = sc.score[side];
		ms = mission_secret(g, (enum side)side);
		if (ms->mission != MISSION_ASSAULT && !ms->reverted) {
			r->objective[side] = ms->mission;
			r->achieved[side] = ms->achieved;
		} else if (side == SIDE_ALIEN &&
		    game_scenario(g)->mission == MISSION_TERROR) {
			r->objective[side] = MISSION_TERROR;
			r->achieved[side] = why != NULL &&
			    strcmp(why, "civilians") == 0;
		} else {
			r->objective[side] = MISSION_ASSAULT;
			r->achieved[side] = why != NULL && game_winner(g) ==
			    side && strcmp(why, "elimination") == 0;
		}
	}
}

/* Unit i is out of the fight: down, turned to another side, a zombie. */
static bool
battle_unit_lost(const struct battle_result *r, const struct game *g,
    size_t i)
{
	const struct unit	*u = game_unit(g, (int)i);

	return u->status != UNIT_ACTIVE || (int)u->side != r->units[i].side ||
	    u->zombie_rounds >= 0;
}

void
battle_tally_finish(struct battle_result *r, const struct game *g,
    bool capped)
{
	size_t	i;

	battle_tally_sync(r, g);
	for (i = 0; i < r->nunits; i++) {
		r->units[i].lost = battle_unit_lost(r, g, i);
		r->units[i].friendly = r->units[i].lost &&
		    r->units[i].friendly_down;
	}
	r->capped = capped;
	r->winner = game_over(g) ? game_winner(g) : GAME_NO_SIDE;
	r->rounds = game_round(g);
	battle_tally_objectives(r, g);
}

void
battle_result_free(struct battle_result *r)
{
	free(r->units);
	free(r->throws);
	memset(r, 0, sizeof *r);
}

/* --- the driver ------------------------------------------------------------ */

struct battle {
	const struct battle_options	*o;
	struct game			*g;
	struct event_list		 ev;
	struct ai			*ai[SIDE_COUNT];
	struct battle_result		*r;
	bool				*was;	/* the log's: down before */
	size_t				 nwas;
};

/* Apply one command, tallying it (and logging it, with `reason`). */
static int
battle_apply(struct battle *b, const struct command *c, const char *reason)
{
	FILE	*log = b->o->log;
	size_t	 i;
	int	 rc;

	if (log != NULL) {
		battle_log_command(log, b->g, c, reason);
		b->was = xreallocarray(b->was, b->r->nunits + 1,
		    sizeof *b->was);
		for (i = 0; i < b->r->nunits; i++)
			b->was[i] = b->r->units[i].down;
		b->nwas = b->r->nunits;
	}
	event_list_clear(&b->ev);
	rc = game_execute(b->g, c, &b->ev);
	if (rc == 0) {
		b->r->commands++;
		battle_tally(b->r, b->g, c, &b->ev);
	}
	if (log != NULL)
		battle_log_result(log, b->g, &b->ev, rc, b->r, b->was,
		    b->nwas);
	event_list_clear(&b->ev);
	return rc;
}

/* The driver ends a side's phase for it; -1 if even that is refused. */
static int
battle_force_end(struct battle *b, char **cause)
{
	struct command	c;

	memset(&c, 0, sizeof c);
	c.type = CMD_END;
	c.unit = c.target = c.item = -1;
	b->r->stalls++;
	if (battle_apply(b, &c, "the driver ends a phase that does not "
	    "end") != 0)
		return cause_set(cause, "round %d: %s cannot end its phase",
		    game_round(b->g), side_names[game_side_to_move(b->g)]);
	return 0;
}

/* Whether two units' footprints touch or are a square apart. */
static bool
battle_beside(const struct unit *a, const struct unit *b)
{
	int	dx = b->pos.x - a->pos.x, dy = b->pos.y - a->pos.y;

	return a->pos.z == b->pos.z && dx <= a->t->size && -dx <= b->t->size &&
	    dy <= a->t->size && -dy <= b->t->size;
}

/* The spacing of `side` as its phase ends. */
static void
battle_spacing(struct battle *b, int side)
{
	size_t	i, j, n = game_nunits(b->g);

	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(b->g, (int)i);

		if ((int)u->controller != side || u->status != UNIT_ACTIVE)
			continue;
		b->r->ends[side]++;
		for (j = 0; j < n; j++) {
			const struct unit *o = game_unit(b->g, (int)j);

			if (j != i && (int)o->controller == side &&
			    o->status == UNIT_ACTIVE && battle_beside(u, o)) {
				b->r->beside[side]++;
				break;
			}
		}
	}
}

/* Play the current phase of `side` until it changes, the game ends or a
   round past the cap begins. */
static int
battle_phase(struct battle *b, int side, char **cause)
{
	struct ai	*ai = b->ai[side];
	struct command	 c;
	int		 round = game_round(b->g), refused = 0, applied = 0;

	while (!game_over(b->g) && game_side_to_move(b->g) == side &&
	    game_round(b->g) == round) {
		if (refused >= BATTLE_MAX_REFUSED ||
		    applied >= BATTLE_MAX_PHASE)
			return battle_force_end(b, cause);
		if (ai_next(ai, b->g, &c) != 0)
			return battle_force_end(b, cause);
		if (c.type == CMD_END)
			battle_spacing(b, side);
		if (battle_apply(b, &c, ai_reason(ai)) != 0) {
			ai_refused(ai, &c);
			refused++;
		} else
			applied++;
	}
	return 0;
}

/*
 * Play b->g, set up and tallied so far, to its end or the cap; the AIs
 * are made here, the game is the caller's.  0 with *b->r filled, or -1
 * with *cause.
 */
static int
battle_run(struct battle *b, char **cause)
{
	const struct battle_options	*o = b->o;
	struct battle_result		*r = b->r;
	struct ai_options		 ao;
	int				 side, rc = 0;

	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++) {
		memset(&ao, 0, sizeof ao);
		ao.level = o->level[side];
		ao.seed = o->ai_seed[side];
		b->ai[side] = ai_new(b->g, (enum side)side, &ao);
	}
	while (!game_over(b->g) && game_round(b->g) <= o->rounds) {
		side = game_side_to_move(b->g);
		if (side != SIDE_XCOM && side != SIDE_ALIEN) {
			rc = cause_set(cause, "round %d: no side to move",
			    game_round(b->g));
			break;
		}
		if ((rc = battle_phase(b, side, cause)) != 0)
			break;
	}
	if (rc == 0)
		battle_tally_finish(r, b->g, !game_over(b->g));
	else
		battle_result_free(r);
	if (rc == 0 && r->capped && r->rounds > o->rounds)
		r->rounds = o->rounds;
	free(b->was);
	for (side = SIDE_XCOM; side <= SIDE_ALIEN; side++)
		ai_free(b->ai[side]);
	return rc;
}

int
battle_play(const struct scenario *s, const struct battle_options *o,
    struct battle_result *r, char **cause)
{
	struct battle	b;
	int		rc;

	memset(&b, 0, sizeof b);
	b.o = o;
	b.r = r;
	event_list_init(&b.ev);
	b.g = game_new(s, o->seed, &b.ev);
	battle_tally_start(r, b.g);
	battle_tally(r, b.g, NULL, &b.ev);
	battle_log_start(o->log, b.g, o, &b.ev);
	event_list_clear(&b.ev);
	if ((rc = battle_run(&b, cause)) == 0)
		battle_log_end(o->log, r);
	game_free(b.g);
	event_list_free(&b.ev);
	return rc;
}

int
battle_play_from(const struct game *g, const struct battle_options *o,
    struct battle_result *r, char **cause)
{
	struct battle	 b;
	bool		*before;
	size_t		 i, n;
	int		 rc;

	memset(&b, 0, sizeof b);
	b.o = o;
	b.r = r;
	event_list_init(&b.ev);
	b.g = game_copy(g);
	game_copy_reseed(b.g, o->seed);
	battle_tally_start(r, b.g);
	battle_log_start(o->log, b.g, o, &b.ev);
	n = r->nunits;
	before = xcalloc(n + 1, sizeof *before);
	for (i = 0; i < n; i++)
		before[i] = battle_unit_lost(r, b.g, i);
	/* Lost before the position: not a loss of the games played on. */
	if ((rc = battle_run(&b, cause)) == 0)
		for (i = 0; i < n; i++)
			if (before[i])
				r->units[i].lost = r->units[i].friendly = false;
	if (rc == 0)
		battle_log_end(o->log, r);
	free(before);
	game_free(b.g);
	event_list_free(&b.ev);
	return rc;
}
