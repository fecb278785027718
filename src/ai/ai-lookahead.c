/*
 * ai-lookahead.c - the hard level's search: as its side's phase begins,
 * with an enemy known standing, it plays a few ways of playing the phase
 * in a few worlds drawn from what the side knows, and plays the best way
 * for real.
 *
 * A world is the game as the side knows it, what it does not know drawn
 * at random (game_copy_known(): unseen enemies where they may have gone
 * since last seen, the map as remembered, dice of the world's own).  A way
 * is the hard level's play with one lever set otherwise (struct ai_way):
 * how much a square where known enemies could react costs.  In each world
 * each way plays the side's phase (the hard level, no search of its own),
 * then the enemy answers with its phase (the normal level, knowing where
 * the side's units stand in the world); the outcome is scored
 * (ai_ahead_score(): enemies down, hurt or taken, ours alike, the game
 * won or lost).  Every
 * way meets the same worlds with the same dice, so they are compared on
 * the same luck.  A way other than the level's own is played only when it
 * beats it over all the worlds by more than AI_AHEAD_MARGIN: one world's
 * dice are noisy, and the level's own play is the better one on most maps
 * (see ai-hard.c for what was measured).
 *
 * The work is held by a count, never by the clock, so a game replays
 * alike: at most AI_AHEAD_COMMANDS commands simulated a phase, shared
 * out evenly between the runs; a run cut short is scored where it
 * stopped.
 *
 * Honesty: the worlds come from the side's knowledge alone, their seeds
 * from the AI's own stream, drawn only when the side knows of an enemy
 * standing; nothing of the choice depends on what the side has not seen
 * (tests/test_copy.c).  Every decision of the phase carries the search's
 * words in its reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/game-copy.h"
#include "xtac/util.h"

#define AI_AHEAD_WORLDS		2
/* Squares a player in a world weighs per move: fewer than the level's. */
#define AI_AHEAD_SAMPLE		48
/* Commands simulated in one phase's search, all runs together. */
#define AI_AHEAD_COMMANDS	1200
/* Score, in hundredths of a unit: a unit down, a unit's HTH lost. */
#define AI_AHEAD_DOWN		100
#define AI_AHEAD_HURT		40
#define AI_AHEAD_WIN		400
#define AI_AHEAD_TAKEN		60	/* a mind taken, for its next phase */
/*
 * The enemy's answer: played (its phase by the normal level), or, with
 * AI_AHEAD_PLAYED 0, only the side's phase played and the answer's cost
 * worked out (ai_ahead_answer()): cheaper, less of the dice's noise.
 */
#define AI_AHEAD_PLAYED		1
/* What another way must gain over the level's own, all worlds summed. */
#define AI_AHEAD_MARGIN		60

/* One way to play the phase: the hard level with one lever changed. */
struct ai_way {
	const char	*name;
	int		 expose;	/* percent of the level's exposure cost */
};
static const struct ai_way ai_ways[] = {
	{ "as hard", 100 },
	{ "bold", 0 },
};
#define AI_AHEAD_WAYS	((int)(sizeof ai_ways / sizeof ai_ways[0]))

/* What a world's units were as the phase began, to score what became of them. */
struct ai_ahead_was {
	bool		up;
	int		damage;
	enum side	controller;
};

/* The outcome for the side: hundredths of units, theirs less ours. */
static int
ai_ahead_score(const struct ai *ai, const struct game *w,
    const struct ai_ahead_was *was)
{
	size_t	i, n = game_nunits(w);
	int	score = 0, v;

	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(w, (int)i);
		bool ours = u->side == ai->side ||
		    (u->side == SIDE_CIVILIAN && ai->side == SIDE_XCOM);
		int hth = u->stats[STAT_HTH] > 0 ? u->stats[STAT_HTH] : 1;

		if (!was[i].up || (!ours && u->side == SIDE_CIVILIAN &&
		    ai->side != SIDE_ALIEN))
			continue;
		v = (u->damage - was[i].damage) * AI_AHEAD_HURT / hth;
		if (u->status != UNIT_ACTIVE)
			v += AI_AHEAD_DOWN;
		else if (was[i].controller == u->side &&
		    u->controller != u->side)
			v += AI_AHEAD_TAKEN;
		else if (was[i].controller != u->side &&
		    u->controller == u->side)
			v -= AI_AHEAD_TAKEN;
		score += ours ? -v : v;
	}
	if (game_over(w) && game_winner(w) >= 0)
		score += game_winner(w) == (int)ai->side ? AI_AHEAD_WIN :
		    -AI_AHEAD_WIN;
	return score;
}

/*
 * Play the phase of the side to move in w by p, at most *left commands
 * (proposals refused counted too); false once the budget is spent.
 */
static bool
ai_ahead_phase_play(struct ai *p, struct game *w, int *left)
{
	struct event_list	ev;
	struct command		c;
	int			round = game_round(w), side = (int)p->side;
	bool			ended = false;
	size_t			i;

	event_list_init(&ev);
	p->fresh = true;
	while (!ended && *left > 0 && !game_over(w) &&
	    game_side_to_move(w) == side && game_round(w) == round) {
		if (ai_next(p, w, &c) < 0)
			break;
		(*left)--;
		event_list_clear(&ev);
		if (game_execute(w, &c, &ev) < 0) {
			if (c.type == CMD_END)
				break;
			ai_refused(p, &c);
			continue;
		}
		ended = c.type == CMD_END;
		for (i = 0; i < ev.n; i++)
			if (ev.v[i].type == EV_PHASE_END)
				ended = true;
	}
	event_list_free(&ev);
	return *left > 0;
}

/* A player in world w: no search of its own. */
static struct ai *
ai_ahead_player(const struct ai *ai, const struct game *w, enum side side,
    enum ai_level level, uint64_t seed)
{
	struct ai_options	opt = ai->opt;
	struct ai		*p;

	opt.level = level;
	opt.seed = seed;
	/*
	 * The enemy in a world knows where the side's units stand: in the
	 * game it has seen them, and a world that hid them from it would
	 * make every exposed square look safe.
	 */
	opt.omniscient = side != ai->side;
	p = ai_new(w, side, &opt);
	p->inner = true;
	return p;
}

/*
 * What the enemy's answer may cost the side, expected: each unit of its
 * own standing is shot at by every enemy standing in the world with a
 * line to it (the engine's snap-shot chance, or an aimed one), its odds
 * summed up to a certainty, a hit counted as AI_AHEAD_HIT of a unit.
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
 * Way `way` in a world drawn from `seed`: the side's phase, then every
 * other side's until it is the side's again.  Returns the score.
 */
static int
ai_ahead_run(struct ai *ai, const struct game *g, int way, uint64_t seed,
    int budget)
{
	struct game		*w = game_copy_known(g, ai->side, seed);
	struct ai		*players[SIDE_COUNT] = { NULL };
	struct ai_ahead_was	*was;
	struct ai_params	 params, answer;
	size_t			 i, n = game_nunits(w);
	int			 s, score, phases = 0;

	was = xcalloc(n > 0 ? n : 1, sizeof *was);
	for (i = 0; i < n; i++) {
		was[i].up = game_unit(w, (int)i)->status == UNIT_ACTIVE;
		was[i].damage = game_unit(w, (int)i)->damage;
		was[i].controller = game_unit(w, (int)i)->controller;
	}
	params = *ai_params_of(ai->opt.level);
	params.expose = params.expose * ai_ways[way].expose / 100;
	params.sample = AI_AHEAD_SAMPLE;
	answer = *ai_params_of(AI_NORMAL);
	answer.sample = AI_AHEAD_SAMPLE;
	while (!game_over(w) && budget > 0 &&
	    phases < (AI_AHEAD_PLAYED ? SIDE_COUNT + 1 : 1)) {
		s = game_side_to_move(w);
		if (s < 0 || s >= SIDE_COUNT || (phases > 0 &&
		    s == (int)ai->side))
			break;
		if (players[s] == NULL) {
			players[s] = ai_ahead_player(ai, w, (enum side)s,
			    s == (int)ai->side ? ai->opt.level : AI_NORMAL,
			    seed ^ (uint64_t)(s + 1) * 0x9e3779b97f4a7c15ULL);
			players[s]->custom = s == (int)ai->side ? &params :
			    &answer;
		}
		if (!ai_ahead_phase_play(players[s], w, &budget))
			break;
		phases++;
	}
	score = ai_ahead_score(ai, w, was);
	if (!AI_AHEAD_PLAYED && !game_over(w))
		score -= ai_ahead_answer(ai, w);
	for (s = 0; s < SIDE_COUNT; s++)
		ai_free(players[s]);
	free(was);
	game_free(w);
	return score;
}

/* Whether the side knows of an enemy standing: else every way is alike. */
static bool
ai_ahead_contact(const struct ai *ai)
{
	size_t	i;

	for (i = 0; i < ai->know.nenemies; i++)
		if (!ai->know.enemies[i].down)
			return true;
	return false;
}

void
ai_ahead_begin(struct ai *ai, const struct game *g)
{
	uint64_t	seeds[AI_AHEAD_WORLDS];
	int		total[AI_AHEAD_WAYS] = { 0 };
	int		best = 0, way, len, runs = AI_AHEAD_WAYS *
			    AI_AHEAD_WORLDS;
	size_t		j;

	if (ai->inner)
		return;
	ai->custom = NULL;
	ai->ahead_words[0] = '\0';
	if (ai->opt.level != AI_HARD || game_deploying(g))
		return;
	ai_know_refresh(ai, g);
	if (!ai_ahead_contact(ai))
		return;
	for (j = 0; j < AI_AHEAD_WORLDS; j++)
		seeds[j] = (uint64_t)rng_next(&ai->rng) << 32 |
		    rng_next(&ai->rng);
	for (j = 0; j < AI_AHEAD_WORLDS; j++)
		for (way = 0; way < AI_AHEAD_WAYS; way++)
			total[way] += ai_ahead_run(ai, g, way, seeds[j],
			    AI_AHEAD_COMMANDS / runs);
	for (way = 1; way < AI_AHEAD_WAYS; way++)
		if (total[way] > total[best] && total[way] - total[0] >
		    AI_AHEAD_MARGIN)
			best = way;
	if (best != 0) {
		ai->ahead = *ai_params_of(ai->opt.level);
		ai->ahead.expose = ai->ahead.expose * ai_ways[best].expose /
		    100;
		ai->custom = &ai->ahead;
	}
	len = snprintf(ai->ahead_words, sizeof ai->ahead_words,
	    "searched %d ways x %d worlds: %s", AI_AHEAD_WAYS,
	    AI_AHEAD_WORLDS, ai_ways[best].name);
	for (way = 0; way < AI_AHEAD_WAYS && len >= 0 &&
	    (size_t)len < sizeof ai->ahead_words; way++)
		len += snprintf(ai->ahead_words + len,
		    sizeof ai->ahead_words - (size_t)len, "%s %s %+.2f",
		    way == 0 ? ";" : ",", ai_ways[way].name,
		    (double)total[way] / 100 / AI_AHEAD_WORLDS);
}

void
ai_ahead_reason(struct ai *ai)
{
	size_t	len = strlen(ai->reason);

	if (ai->ahead_words[0] == '\0' || len == 0)
		return;
	snprintf(ai->reason + len, sizeof ai->reason - len, " (%s)",
	    ai->ahead_words);
}
