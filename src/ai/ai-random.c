/*
 * ai-random.c - AI_RANDOM: a yardstick, not a player.  Each proposal is
 * drawn from the AI's own stream among plausible commands of a random
 * unit that can act: a move to a square it can reach (as its side knows
 * the field), a turn, kneeling or standing, a shot at an enemy its side
 * sees, a reload; or `end`, one time in eight.  Whatever game_execute()
 * refuses is never proposed again this phase (ai_was_refused()).
 */
#include "ai-int.h"

#define AI_RANDOM_TRIES		24

/* A random unit of the side that can act, or -1. */
static int
ai_random_unit(struct ai *ai, const struct game *g)
{
	size_t		i, n = game_nunits(g);
	uint32_t	seen = 0;
	int		pick = -1;

	for (i = 0; i < n; i++)
		if (ai_own(ai, g, (int)i) && rng_below(&ai->rng, ++seen) == 0)
			pick = (int)i;
	return pick;
}

static bool
ai_random_move(struct ai *ai, const struct game *g, int unit,
    struct command *c)
{
	const struct map	*m = game_map(g);
	size_t			 i, nsq = ai->know.nsquares;
	uint32_t		 seen = 0;
	size_t			 pick = nsq;

	ai_know_reach(ai, g, unit);
	for (i = 0; i < nsq; i++)
		if (ai->cost[i] > 0 && rng_below(&ai->rng, ++seen) == 0)
			pick = i;
	if (pick == nsq)
		return false;
	ai_command_init(c, CMD_MOVE, unit);
	c->pos.x = (int)(pick % (size_t)m->width);
	c->pos.y = (int)(pick / (size_t)m->width % (size_t)m->height);
	c->pos.z = (int)(pick / ((size_t)m->width * (size_t)m->height));
	ai_say(ai, "random: a move, one of %u squares within reach", seen);
	return true;
}

static bool
ai_random_shoot(struct ai *ai, const struct game *g, int unit,
    struct command *c)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	const struct item_type	*it;
	uint32_t		 seen = 0;
	size_t			 i;
	int			 target = -1, hand, k;

	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		if (e->seen && !e->down && rng_below(&ai->rng, ++seen) == 0)
			target = e->unit;
	}
	if (target < 0)
		return false;
	hand = (int)rng_below(&ai->rng, HAND_COUNT);
	if (u->hands[hand].item < 0)
		hand = !hand;
	if (u->hands[hand].item < 0)
		return false;
	it = &cat->items[u->hands[hand].item];
	if (it->class != ITEM_WEAPON || it->nshots == 0)
		return false;
	k = (int)rng_below(&ai->rng, (uint32_t)it->nshots);
	if (it->shots[k].mode > SHOT_AIMED)
		return false;
	ai_command_init(c, CMD_SHOOT, unit);
	c->target = target;
	c->hand = hand;
	c->mode = it->shots[k].mode;
	ai_say(ai, "random: a %s shot at %s, one of %u enemies in sight",
	    shot_mode_names[c->mode], game_unit(g, target)->id, seen);
	return true;
}

static bool
ai_random_reload(struct ai *ai, const struct game *g, int unit,
    struct command *c)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	int			 hand;
	size_t			 b;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct carried *h = &u->hands[hand];

		if (h->item < 0 || cat->items[h->item].nammo == 0 ||
		    (h->ammo >= 0 && h->rounds != 0))
			continue;
		for (b = 0; b < u->nbelt; b++)
			if (catalog_ammo_fits(cat, h->item, u->belt[b].item)) {
				ai_command_init(c, CMD_RELOAD, unit);
				c->hand = hand;
				c->item = u->belt[b].item;
				ai_say(ai, "random: reload an empty %s",
				    cat->items[h->item].id);
				return true;
			}
	}
	return false;
}

static bool
ai_random_try(struct ai *ai, const struct game *g, int unit,
    struct command *c)
{
	const struct unit	*u = game_unit(g, unit);

	switch (rng_below(&ai->rng, 6)) {
	case 0:
	case 1:
		return ai_random_move(ai, g, unit, c);
	case 2:
		ai_command_init(c, CMD_TURN, unit);
		c->dir = (enum dir)((u->facing + 1 + rng_below(&ai->rng,
		    DIR_COUNT - 1)) % DIR_COUNT);
		ai_say(ai, "random: a turn to face %s", dir_names[c->dir]);
		return true;
	case 3:
		if (!u->t->can_kneel)
			return false;
		ai_command_init(c, u->kneeling ? CMD_STAND : CMD_KNEEL, unit);
		ai_say(ai, "random: %s", u->kneeling ? "stand up" : "kneel");
		return true;
	case 4:
		return ai_random_shoot(ai, g, unit, c);
	default:
		return ai_random_reload(ai, g, unit, c);
	}
}

void
ai_random_next(struct ai *ai, const struct game *g, struct command *out)
{
	int	i, unit;

	for (i = 0; i < AI_RANDOM_TRIES; i++) {
		if (rng_below(&ai->rng, 8) == 0)
			break;
		if ((unit = ai_random_unit(ai, g)) < 0) {
			ai_command_init(out, CMD_END, -1);
			ai_say(ai, "random: end, no unit can act");
			return;
		}
		if (ai_random_try(ai, g, unit, out) &&
		    !ai_was_refused(ai, out))
			return;
	}
	ai_command_init(out, CMD_END, -1);
	ai_say(ai, "random: end the phase");
}
