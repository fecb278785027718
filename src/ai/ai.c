/*
 * ai.c - the AI's driver: its life cycle, the phase it is playing (which
 * proposals were refused, how many it made), the reason for each choice
 * and the trace of the phase, and ai_play_phase() which hands proposals to
 * game_execute() like a player would.
 *
 * A phase begins, as far as the AI can tell, when it is asked for the
 * first time, when the round changed, after it proposed `end`, or when the
 * journal grew by more than its own last proposal.  Invariants: every
 * phase ends (at most AI_MAX_COMMANDS proposals and AI_MAX_REFUSALS
 * refusals, then `end`); nothing here reads the game's rules stream.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

const char *const ai_level_names[AI_LEVEL_COUNT] = {
	"random", "easy", "normal", "hard"
};

/* The AI's own stream: never the game's rules or cosmetic one. */
#define AI_RNG_STREAM	((enum rng_stream)7)

struct ai *
ai_new(const struct game *g, enum side side, const struct ai_options *opt)
{
	struct ai	*ai = xcalloc(1, sizeof *ai);
	const struct scenario *s = game_scenario(g);

	ai->side = side;
	ai->opt = *opt;
	ai->omniscient = opt->omniscient || s->rules.ai_omniscient;
	/* Each side draws differently from the same seed. */
	rng_seed(&ai->rng, opt->seed ^ (0x9e3779b97f4a7c15ULL *
	    (uint64_t)(side + 1)), AI_RNG_STREAM);
	ai_know_init(&ai->know);
	/*
	 * Searches read the game's kept step words; the AI only reads its
	 * cost arrays, and frees them with the scratch: they are kept.
	 */
	ai->paths.moves = game_path_moves(g);
	ai->paths.keep_cost = true;
	ai->fresh = true;
	ai->focus = -1;
	ai->plan.unit = -1;
	return ai;
}

static void
ai_trace_clear(struct ai *ai)
{
	size_t	i;

	for (i = 0; i < ai->ntrace; i++)
		free(ai->trace[i]);
	ai->ntrace = 0;
}

void
ai_free(struct ai *ai)
{
	size_t	i;

	if (ai == NULL)
		return;
	ai_trace_clear(ai);
	free(ai->trace);
	free(ai->refused);
	free(ai->done);
	free(ai->moves);
	for (i = 0; i < AI_GOALS; i++)
		free(ai->goals[i].cost);
	free(ai->threat);
	free(ai->lines);
	free(ai->lines_at);
	free(ai->cand);
	free(ai->orders_reach);
	free(ai->rank);
	free(ai->looked);
	free(ai->cost);
	free(ai->scratch.flags);
	ai_deploy_free(ai);
	path_scratch_free(&ai->paths);
	ai_know_free(&ai->know);
	free(ai);
}

enum side
ai_side(const struct ai *ai)
{
	return ai->side;
}

const char *
ai_reason(const struct ai *ai)
{
	return ai->reason;
}

size_t
ai_trace_length(const struct ai *ai)
{
	return ai->ntrace;
}

const char *
ai_trace(const struct ai *ai, size_t i)
{
	return i < ai->ntrace ? ai->trace[i] : NULL;
}

void
ai_say(struct ai *ai, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(ai->reason, sizeof ai->reason, fmt, ap);
	va_end(ap);
}

void
ai_command_init(struct command *c, enum cmd_type type, int unit)
{
	memset(c, 0, sizeof *c);
	c->type = type;
	c->unit = unit;
	c->target = c->item = -1;
	c->hand = HAND_RIGHT;
}

bool
ai_own(const struct ai *ai, const struct game *g, int unit)
{
	const struct unit	*u = game_unit(g, unit);

	return u->controller == ai->side && u->status == UNIT_ACTIVE &&
	    !u->turn_over && u->tu > 0;
}

/*
 * Whom the side fights: anyone commanded by another side, and civilians
 * for the aliens only (a terror mission's score, §2.3).
 */
bool
ai_hostile(const struct ai *ai, const struct game *g, int unit)
{
	enum side	c = game_unit(g, unit)->controller;

	if (c == ai->side)
		return false;
	return c != SIDE_CIVILIAN || ai->side == SIDE_ALIEN;
}

static bool
ai_cmd_equal(const struct command *a, const struct command *b)
{
	return a->type == b->type && a->unit == b->unit &&
	    a->target == b->target && a->pos.x == b->pos.x &&
	    a->pos.y == b->pos.y && a->pos.z == b->pos.z &&
	    a->dir == b->dir && a->mode == b->mode && a->hand == b->hand &&
	    a->item == b->item && a->kind == b->kind &&
	    a->friends == b->friends;
}

bool
ai_was_refused(const struct ai *ai, const struct command *c)
{
	size_t	i;

	for (i = 0; i < ai->nrefused; i++)
		if (ai_cmd_equal(&ai->refused[i], c))
			return true;
	return false;
}

void
ai_refused(struct ai *ai, const struct command *c)
{
	if (ai->nrefused == ai->refused_cap) {
		ai->refused_cap = ai->refused_cap ? ai->refused_cap * 2 : 16;
		ai->refused = xreallocarray(ai->refused, ai->refused_cap,
		    sizeof *ai->refused);
	}
	ai->refused[ai->nrefused++] = *c;
	/* The refusal is the journal not growing: same phase still. */
	ai->proposed_end = false;
}

/* Per-unit phase state for n units; units joining start with none. */
static void
ai_grow(struct ai *ai, size_t n)
{
	if (ai->ndone >= n)
		return;
	ai->done = xreallocarray(ai->done, n, sizeof *ai->done);
	ai->moves = xreallocarray(ai->moves, n, sizeof *ai->moves);
	memset(ai->done + ai->ndone, 0, (n - ai->ndone) * sizeof *ai->done);
	memset(ai->moves + ai->ndone, 0, (n - ai->ndone) * sizeof *ai->moves);
	ai->ndone = n;
}

static void
ai_phase_begin(struct ai *ai, const struct game *g)
{
	size_t	n = game_nunits(g), i;

	ai->fresh = false;
	ai->round = game_round(g);
	ai->nrefused = 0;
	ai->nproposed = 0;
	ai->proposed_end = false;
	ai->focus = -1;
	ai->nblasts = 0;
	/* Lines and goals are drawn afresh each phase: units have moved. */
	for (i = 0; i < AI_GOALS; i++)
		ai->goals[i].valid = false;
	if (ai->lines_at != NULL)
		memset(ai->lines_at, 0, ai->lines_units *
		    sizeof *ai->lines_at);
	ai->cache_sig = ai->know.sig + 1;
	ai_trace_clear(ai);
	ai_grow(ai, n);
	memset(ai->done, 0, ai->ndone * sizeof *ai->done);
	memset(ai->moves, 0, ai->ndone * sizeof *ai->moves);
}

static void
ai_trace_add(struct ai *ai, const struct game *g, const struct command *c)
{
	char	*text = cmd_format(g, c);

	if (ai->ntrace == ai->trace_cap) {
		ai->trace_cap = ai->trace_cap ? ai->trace_cap * 2 : 32;
		ai->trace = xreallocarray(ai->trace, ai->trace_cap,
		    sizeof *ai->trace);
	}
	ai->trace[ai->ntrace++] = xasprintf("%s: %s", text, ai->reason);
	free(text);
}

int
ai_next(struct ai *ai, const struct game *g, struct command *out)
{
	size_t	jl = game_journal_length(g), n = game_nunits(g), i;
	bool	begin, looks;

	if (game_over(g) || game_side_to_move(g) != (int)ai->side)
		return -1;
	begin = ai->fresh || ai->proposed_end || game_round(g) != ai->round ||
	    (jl != ai->journal_mark && jl != ai->journal_mark + 1);
	if (begin)
		ai_phase_begin(ai, g);
	/*
	 * A walk stopped before its first step (someone unseen in the way,
	 * a door that no longer lets it through) changed what the side
	 * knows but not where the unit stands: the same walk again would
	 * be stopped again, so it counts as refused for the phase.
	 */
	looks = begin || ai->walk_pending || ai->looks;
	if (!begin && ai->walk_pending && (size_t)ai->walk.unit < n) {
		struct pos at = game_unit(g, ai->walk.unit)->pos;

		if (at.x == ai->walk_from.x && at.y == ai->walk_from.y &&
		    at.z == ai->walk_from.z && !ai_was_refused(ai, &ai->walk))
			ai_refused(ai, &ai->walk);
	}
	ai->walk_pending = false;
	ai_grow(ai, n);	/* units may join: a Celatid's clone */
	ai_know_refresh(ai, g);
	if (begin) {
		for (i = 0; i < ai->know.nenemies; i++)
			if (ai->know.enemies[i].seen &&
			    !ai->know.enemies[i].down)
				break;
		ai->quiet = i < ai->know.nenemies ? 0 : ai->quiet + 1;
	}
	/*
	 * Every square its units see as they go counts as looked at, not
	 * only those in sight as the phase begins: with vision cones a
	 * walk's sights are gone by the end of it.  Only a move, a turn or
	 * a door changes what they see.
	 */
	if (looks)
		ai_look(ai, g);
	ai->reason[0] = '\0';
	if (ai->nproposed >= AI_MAX_COMMANDS ||
	    ai->nrefused >= AI_MAX_REFUSALS) {
		ai_command_init(out, CMD_END, -1);
		ai_say(ai, "end: %zu proposals and %zu refusals this phase, "
		    "the most an AI phase may take", ai->nproposed,
		    ai->nrefused);
	} else if (game_deploying(g))
		ai_deploy_next(ai, g, out);	/* before round 1, §4.1 */
	else if (ai->opt.level == AI_RANDOM)
		ai_random_next(ai, g, out);
	else
		ai_play_next(ai, g, out);
	ai->journal_mark = jl;
	ai->proposed_end = out->type == CMD_END;
	ai->looks = out->type == CMD_TURN || out->type == CMD_OPEN;
	if (out->type == CMD_MOVE) {
		ai->walk = *out;
		ai->walk_from = game_unit(g, out->unit)->pos;
		ai->walk_pending = true;
	}
	ai->nproposed++;
	ai_trace_add(ai, g, out);
	return 0;
}

/*
 * Whether a command's events end the phase: the engine ends it by itself
 * when no unit of the side can act, and the next phase may be this side's
 * again (a crashed side's two free phases, §2.3): that one is another call.
 */
static bool
ai_phase_ended(const struct event_list *ev)
{
	size_t	i;

	for (i = 0; i < ev->n; i++)
		if (ev->v[i].type == EV_PHASE_END)
			return true;
	return false;
}

size_t
ai_play_phase(struct ai *ai, struct game *g,
    void (*on_command)(void *, const struct command *, const char *,
    const struct event_list *), void *arg)
{
	struct event_list	ev;
	struct command		c;
	size_t			applied = 0;
	int			round = game_round(g);

	if (game_over(g) || game_side_to_move(g) != (int)ai->side)
		return 0;
	event_list_init(&ev);
	ai->fresh = true;	/* whatever came before, this is a new phase */
	while (!game_over(g) && game_side_to_move(g) == (int)ai->side &&
	    game_round(g) == round) {
		if (ai_next(ai, g, &c) < 0)
			break;
		event_list_clear(&ev);
		if (game_execute(g, &c, &ev) < 0) {
			/* `end` is refused only when the game is over. */
			if (c.type == CMD_END)
				break;
			ai_refused(ai, &c);
			continue;
		}
		applied++;
		if (on_command != NULL)
			on_command(arg, &c, ai->reason, &ev);
		if (c.type == CMD_END || ai_phase_ended(&ev))
			break;
	}
	event_list_free(&ev);
	return applied;
}
