/*
 * ai-psi.c - attacks on minds (§6.4): their chance (an opposed roll the
 * AI works out itself from the statistics it may know), what taking a
 * mind or panicking it is worth, the options of a unit that can attack
 * one, and, for the levels that fight over minds, what friends yet to act
 * could do to an enemy a spotter keeps in sight (RULINGS 6.4).
 */
#include "ai-int.h"

#define AI_PSI_TU	10	/* RULINGS §3 */

/* The chance (percent) that d100 + a beats d100 + b, ties re-rolled. */
static int
ai_opposed(int a, int b)
{
	int	x, wins = 0, losses = 0, y;

	for (x = 1; x <= 100; x++) {
		y = x + a - b;	/* the defender's rolls below y lose */
		wins += y - 1 < 0 ? 0 : y - 1 > 100 ? 100 : y - 1;
		losses += y >= 100 ? 0 : y < 1 ? 100 : 100 - y;
	}
	return wins + losses == 0 ? 50 : wins * 100 / (wins + losses);
}

/*
 * Whether the unit may attack t's mind at all (§6.4), a Psi Amp aside:
 * the level uses psi, both have the statistics, t is no machine and no
 * civilian.
 */
static bool
ai_psi_able(const struct ai *ai, const struct unit *u, const struct unit *t)
{
	return ai->params->psi && u->t->class != UNIT_HWP &&
	    u->stats[STAT_PSK] != STAT_NONE && t->t->class != UNIT_HWP &&
	    t->stats[STAT_PST] != STAT_NONE && t->controller != SIDE_CIVILIAN;
}

/* A psi attack's chance (percent, *p) and its worth, not yet per TU. */
static int
ai_psi_value(const struct ai *ai, const struct unit *u, const struct unit *t,
    enum psi_kind kind, int *p)
{
	/* Its sheet is known once probed; else its type's. */
	int	pst = t->probed[ai->side] ? t->stats[STAT_PST] :
		    t->t->stats[STAT_PST];
	int	left = t->stats[STAT_HTH] - t->damage;

	if (kind == PSI_CONTROL) {
		*p = ai_opposed(u->stats[STAT_PSK] - 25, pst);
		return *p * (left * 100 + AI_KILL_BONUS) / 100;
	}
	*p = ai_opposed(u->stats[STAT_PSK], pst);
	return *p * 15;
}

/*
 * A side that does not fight over minds (easy) attacks only the minds
 * the unit itself sees: it does not use its friends' eyes (RULINGS 6.4
 * would let it).
 */
static bool
ai_psi_eyes(const struct ai *ai, const struct game *g, int unit, int target)
{
	return ai->params->minds || game_line(g, unit, target, NULL);
}

int
ai_psi_worth(const struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy *e)
{
	const struct unit	*u = game_unit(g, unit);
	const struct unit	*t = game_unit(g, e->unit);
	int			 p, control, panic;

	if (!e->seen || e->down || !ai_psi_able(ai, u, t) ||
	    !game_psi_sees(g, unit, e->unit) ||
	    !ai_psi_eyes(ai, g, unit, e->unit))
		return 0;
	control = ai_psi_value(ai, u, t, PSI_CONTROL, &p);
	panic = ai_psi_value(ai, u, t, PSI_PANIC, &p);
	return control > panic ? control : panic;
}

/* A psi attack's TUs for the unit, or -1: humans need a Psi Amp (§6.4). */
static int
ai_psi_tu(const struct game *g, const struct unit *u)
{
	const struct catalog	*cat = game_catalog(g);
	const struct shot	*s;
	int			 hand;

	if (u->side == SIDE_ALIEN)
		return AI_PSI_TU;
	for (hand = 0; hand < HAND_COUNT; hand++)
		if (u->hands[hand].item >= 0 && (s = item_shot(
		    &cat->items[u->hands[hand].item], SHOT_PSI)) != NULL)
			return s->tu;
	return -1;
}

/*
 * What the side's minds could do to e this phase while it stays in the
 * side's sight (RULINGS 6.4: any unit's sight will do): the chance that
 * one of its units yet to act, `unit` aside, takes e's mind with the
 * attacks (two at most) its TUs pay for, times what a taken mind is
 * worth.  A spotter that steps back out of sight throws that away.
 */
int
ai_psi_spot(const struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy *e)
{
	const struct unit	*t = game_unit(g, e->unit);
	size_t			 i, n = game_nunits(g);
	long			 miss = 1000;
	int			 p, k, tu;

	if (!e->seen || e->down || ai_held(ai, g, e->unit))
		return 0;
	for (i = 0; i < n && miss > 0; i++) {
		const struct unit *f = game_unit(g, (int)i);

		if ((int)i == unit || (i < ai->ndone && ai->done[i]) ||
		    !ai_own(ai, g, (int)i) || !ai_psi_able(ai, f, t) ||
		    (tu = ai_psi_tu(g, f)) <= 0 || f->tu < tu)
			continue;
		(void)ai_psi_value(ai, f, t, PSI_CONTROL, &p);
		for (k = 0; k < 2 && (k + 1) * tu <= f->tu; k++)
			miss = miss * (100 - p) / 100;
	}
	return (int)((1000 - miss) * ((t->stats[STAT_HTH] - t->damage) *
	    100 + AI_KILL_BONUS) / 1000);
}

void
ai_psi_options(struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy *e, struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct unit	*t = game_unit(g, e->unit);
	struct command		 c;
	int			 tu, p, v;

	if (!ai_psi_able(ai, u, t) || (tu = ai_psi_tu(g, u)) < 0 ||
	    tu > u->tu)
		return;
	ai_command_init(&c, CMD_PSI, unit);
	c.target = e->unit;
	c.kind = PSI_CONTROL;
	/* The engine says whether it is allowed (sight, RULINGS 6.4). */
	if (game_check(g, &c, NULL) != 0)
		return;
	if (!ai_psi_eyes(ai, g, unit, e->unit))
		return;
	v = ai_psi_value(ai, u, t, PSI_CONTROL, &p);
	ai_menu_add(ai, menu, ai_scale(v, u->tu, tu), &c,
	    "take control of %s (%d%%, %d TU)", t->id, p, tu);
	c.kind = PSI_PANIC;
	v = ai_psi_value(ai, u, t, PSI_PANIC, &p);
	ai_menu_add(ai, menu, ai_scale(v, u->tu, tu), &c,
	    "panic %s (%d%%, %d TU)", t->id, p, tu);
}
