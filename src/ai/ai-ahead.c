/*
 * ai-ahead.c - the hard level: a determinized look-ahead over its side's
 * phase.  As the phase begins, with an enemy known, the AI weighs a few
 * ways of playing it (the normal level's play; more careful of where its
 * units end, exposure weighed twice; bolder, a third of it and no TUs
 * kept; holding ground, nobody moving), each played out in full by the
 * normal level on a board of its own: a world made from what the side
 * knows, with what it does not know drawn at random (game_copy_known():
 * unseen enemies where they may have gone, the map as remembered, dice of
 * the world's own).  The phase played, the outcome is scored: enemies put
 * down and hurt, ours lost and hurt, and what the enemy's answer may cost
 * (ai_ahead_answer()).  Every way meets the same world, so the ways are
 * compared on the same luck; the best is the one played in the real
 * game, with the same noise (the AI's stream as the phase began), so the
 * real phase is the phase played in the world while the real game goes
 * as the world did.  Ties go to the normal level's play.
 *
 * Honesty: the worlds come from the side's knowledge alone, their seeds
 * from the AI's own stream; the choice depends on nothing the side has
 * not seen (tests/test_copy.c, and tests/test_fog.c plays hard too).
 *
 * Every decision of the phase keeps the choice's reason: which way, what
 * it did in the world and what the next best did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/game-copy.h"
#include "xtac/util.h"

/* Worlds per way: chosen for the time budget (50 ms a phase). */
#define AI_AHEAD_WORLDS		1
/* Score, in hundredths of a unit: a unit down, a unit's HTH lost. */
#define AI_AHEAD_DOWN		100
#define AI_AHEAD_HURT		40
#define AI_MAX_MOVES_ALL	0xff	/* ai-play.c's per-unit count, spent */

enum ai_way {
	AI_WAY_NORMAL,
	AI_WAY_CAREFUL,
	AI_WAY_BOLD,
	AI_WAY_HOLD,
	AI_AHEAD_WAYS
};
static const char *const ai_way_names[AI_AHEAD_WAYS] = {
	"as normal", "careful", "bold", "hold ground"
};

const struct ai_params *
ai_ahead_params(struct ai *ai, const struct ai_params *levels)
{
	struct ai_params	*p = &ai->ahead_params;

	if (ai->ahead_way < 0)
		return &levels[ai->opt.level];
	*p = levels[AI_NORMAL];
	switch ((enum ai_way)ai->ahead_way) {
	case AI_WAY_CAREFUL:
		p->expose *= 2;
		break;
	case AI_WAY_BOLD:
		p->expose /= 3;
		p->reserve = false;
		break;
	default:
		break;
	}
	return p;
}

/* What a world's units were as it began, to score what became of them. */
struct ai_ahead_was {
	bool	up;
	int	damage;
};

/* One way played in one world. */
struct ai_ahead_run {
	uint64_t	sig;		/* of the side's commands */
	int		score;
	int		down;
	int		lost;
};

/* The outcome for the side: hundredths of units, theirs less ours. */
static int
ai_ahead_score(const struct ai *ai, const struct game *w,
    const struct ai_ahead_was *was, struct ai_ahead_run *run)
{
	size_t	i, n = game_nunits(w);
	int	score = 0, v;

	run->down = run->lost = 0;
	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(w, (int)i);
		bool ours = u->side == ai->side;
		int hth = u->stats[STAT_HTH] > 0 ? u->stats[STAT_HTH] : 1;

		if (!was[i].up || (!ours && !ai_hostile(ai, w, (int)i) &&
		    u->side == SIDE_CIVILIAN))
			continue;
		v = (u->damage - was[i].damage) * AI_AHEAD_HURT / hth;
		if (u->status != UNIT_ACTIVE) {
			v += AI_AHEAD_DOWN;
			if (ours)
				run->lost++;
			else
				run->down++;
		}
		score += ours ? -v : v;
	}
	return score;
}

/* The AI that plays side in a world: level normal, no look-ahead. */
static struct ai *
ai_ahead_player(const struct ai *ai, const struct game *w, enum side side,
    int way)
{
	struct ai_options	 opt = ai->opt;
	struct ai		*p;
	size_t			 cells;

	opt.level = AI_NORMAL;
	p = ai_new(w, side, &opt);
	p->ahead_way = way;
	p->rng = ai->ahead_rng;
	p->quiet = ai->quiet;
	if (ai->looked != NULL) {
		cells = (size_t)game_map(w)->width * game_map(w)->height *
		    game_map(w)->levels;
		p->looked = xreallocarray(NULL, cells, sizeof *p->looked);
		memcpy(p->looked, ai->looked, cells * sizeof *p->looked);
		p->sight = xmalloc(cells);
	}
	return p;
}

/* FNV-1a of the commands the side's phase applied. */
static void
ai_ahead_log(void *ctx, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	uint64_t	*h = ctx;
	int		 v[10] = { c->type, c->unit, c->target, c->pos.x,
			    c->pos.y, c->pos.z, c->dir, c->mode, c->hand,
			    c->item };
	size_t		 i;

	(void)reason;
	(void)ev;
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		*h ^= (uint64_t)(uint32_t)v[i];
		*h *= 1099511628211ULL;
	}
}

/*
 * What the enemy's answer may cost the side, expected: each unit of its
 * own standing is shot at by every enemy standing in the world that has
 * a line to it (the engine's snap-shot chance, or an aimed one), its odds
 * of being hit summed up to a certainty, a hit counted as AI_AHEAD_HIT of
 * a unit.  Worked out rather than played: playing the enemy's phase too
 * costs more than the budget and adds the noise of its dice.
 */
#define AI_AHEAD_HIT		60
static int
ai_ahead_answer(const struct ai *ai, const struct game *w)
{
	size_t	i, e, n = game_nunits(w);
	int	cost = 0, risk, c;

	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(w, (int)i);

		if (u->controller != ai->side || u->status != UNIT_ACTIVE)
			continue;
		risk = 0;
		for (e = 0; e < n && risk < 100; e++) {
			const struct unit *x = game_unit(w, (int)e);

			if (x->controller == ai->side ||
			    x->status != UNIT_ACTIVE ||
			    x->controller == SIDE_CIVILIAN)
				continue;
			if ((c = game_hit_chance(w, (int)e, (int)i, SHOT_SNAP,
			    HAND_RIGHT, NULL, NULL)) < 0)
				c = game_hit_chance(w, (int)e, (int)i,
				    SHOT_AIMED, HAND_RIGHT, NULL, NULL);
			if (c > 0)
				risk += c;
		}
		cost += (risk > 100 ? 100 : risk) * AI_AHEAD_HIT / 100;
	}
	return cost;
}

/*
 * Play one way in world w: the side's phase, then the enemy's answer
 * weighed (ai_ahead_answer).  A way that played the side's phase as an
 * earlier one did in the same world (prev) ends as it did: the world and
 * its dice are the same.
 */
static void
ai_ahead_play(struct ai *ai, struct game *w, int way,
    const struct ai_ahead_run *prev, size_t nprev, struct ai_ahead_run *run)
{
	struct ai		*p;
	struct ai_ahead_was	*was;
	size_t			 i, n = game_nunits(w);

	was = xcalloc(n > 0 ? n : 1, sizeof *was);
	for (i = 0; i < n; i++) {
		was[i].up = game_unit(w, (int)i)->status == UNIT_ACTIVE;
		was[i].damage = game_unit(w, (int)i)->damage;
	}
	p = ai_ahead_player(ai, w, ai->side, way);
	run->sig = 14695981039346656037ULL;
	ai_play_phase(p, w, ai_ahead_log, &run->sig);
	for (i = 0; i < nprev; i++)
		if (prev[i].sig == run->sig) {
			*run = prev[i];
			goto done;
		}
	run->score = ai_ahead_score(ai, w, was, run) -
	    ai_ahead_answer(ai, w);
done:
	ai_free(p);
	free(was);
}

/* Whether the side knows of an enemy standing: else every way is alike. */
static bool
ai_ahead_contact(struct ai *ai, const struct game *g)
{
	size_t	i;

	ai_know_refresh(ai, g);
	for (i = 0; i < ai->know.nenemies; i++)
		if (!ai->know.enemies[i].down)
			return true;
	return false;
}

/*
 * Choose the way to play the phase (hard), and set the phase up for the
 * way in force: holding ground spends every unit's moves.
 */
void
ai_ahead_begin(struct ai *ai, const struct game *g)
{
	size_t	i;

	if (ai->opt.level == AI_HARD && !game_deploying(g))
		ai_ahead_phase(ai, g);
	if (ai->ahead_way == AI_WAY_HOLD)
		for (i = 0; i < ai->ndone; i++)
			ai->moves[i] = AI_MAX_MOVES_ALL;
}

void
ai_ahead_phase(struct ai *ai, const struct game *g)
{
	struct ai_ahead_run	 runs[AI_AHEAD_WORLDS][AI_AHEAD_WAYS], r;
	uint64_t		 seeds[AI_AHEAD_WORLDS];
	int			 total[AI_AHEAD_WAYS] = { 0 };
	int			 down[AI_AHEAD_WAYS] = { 0 };
	int			 lost[AI_AHEAD_WAYS] = { 0 };
	int			 best = AI_WAY_NORMAL, next = -1, way;
	size_t			 j;
	struct game		*w;

	ai->ahead_way = -1;
	ai->ahead_words[0] = '\0';
	if (!ai_ahead_contact(ai, g))
		return;
	for (j = 0; j < AI_AHEAD_WORLDS; j++)
		seeds[j] = (uint64_t)rng_next(&ai->rng) << 32 |
		    rng_next(&ai->rng);
	/* Every way, and the real phase, starts from the same noise. */
	ai->ahead_rng = ai->rng;
	for (j = 0; j < AI_AHEAD_WORLDS; j++)
		for (way = 0; way < AI_AHEAD_WAYS; way++) {
			w = game_copy_known(g, ai->side, seeds[j]);
			ai_ahead_play(ai, w, way, runs[j], (size_t)way, &r);
			runs[j][way] = r;
			total[way] += r.score;
			down[way] += r.down;
			lost[way] += r.lost;
			game_free(w);
		}
	/* Ties go to the earlier way: the normal level's play first. */
	for (way = 1; way < AI_AHEAD_WAYS; way++)
		if (total[way] > total[best])
			best = way;
	for (way = 0; way < AI_AHEAD_WAYS; way++)
		if (way != best && (next < 0 || total[way] > total[next]))
			next = way;
	ai->ahead_way = best;
	ai->rng = ai->ahead_rng;
	snprintf(ai->ahead_words, sizeof ai->ahead_words, "look-ahead: %s, "
	    "in %d worlds %d down and %d lost (%+d); next %s: %d down, "
	    "%d lost (%+d)", ai_way_names[best], AI_AHEAD_WORLDS, down[best],
	    lost[best], total[best], ai_way_names[next], down[next],
	    lost[next], total[next]);
}

void
ai_ahead_reason(struct ai *ai)
{
	size_t	len = strlen(ai->reason);

	if (ai->ahead_way < 0 || ai->ahead_words[0] == '\0')
		return;
	snprintf(ai->reason + len, sizeof ai->reason - len, " (%s)",
	    ai->ahead_words);
}
