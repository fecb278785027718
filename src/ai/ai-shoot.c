/*
 * ai-shoot.c - what a unit can do to its enemies from where it stands, and
 * what that is worth: shots (each target, hand and mode), blows and
 * Chrysalid implants, psi attacks (ai-psi.c), grenades (ai-grenade.c), and
 * reloading.
 *
 * Worth is expected harm in hundredths of HTH: the chance (the engine's own,
 * game_hit_chance(), asked only about enemies the side sees) times what a hit
 * does after susceptibility and the armour on the facing it strikes, a kill
 * counting extra.  A shot's option is worth its expected harm times how many
 * such shots the unit's TUs pay for, which ranks targets and modes by expected
 * damage per TU.  Psi attacks: ai-psi.c.  Nothing with a blast is aimed where
 * one of the side's own units would be caught, and no round goes through one
 * of ours unless the hit is all but sure: the engine says who is in the way as
 * the side can foresee it (ai_shot_risk(): the units it sees, never one it
 * does not).  A civilian at risk is weighed apart, against what the shot may
 * gain (AI_CIVILIAN_ODDS).  A shot under AI_MIN_CHANCE is not worth its TUs.
 */
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/know.h"

#define AI_RELOAD_VALUE	2500	/* an empty weapon fires nothing */
#define AI_RELOAD_TU	8	/* §5.5 */
#define AI_MELEE_TU	20	/* §6.3 bare hands */
#define AI_AUTO_SHOTS	3

/* Squares between a and b, the most of the three axes (§7.3 blasts). */
int
ai_cheb(struct pos a, struct pos b)
{
	int	dx = abs(a.x - b.x), dy = abs(a.y - b.y), dz = abs(a.z - b.z);

	return dx > dy ? (dx > dz ? dx : dz) : (dy > dz ? dy : dz);
}

/*
 * Whether any of the side's units (its own held by the enemy's mind
 * control too) stands within radius of p.
 */
bool
ai_own_near(const struct ai *ai, const struct game *g, struct pos p,
    int radius)
{
	size_t	i, n = game_nunits(g);

	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(g, (int)i);

		if ((u->controller == ai->side || u->side == ai->side) &&
		    u->status != UNIT_DEAD &&
		    ai_cheb(u->pos, p) <= radius)
			return true;
	}
	return false;
}

const struct damage *
ai_shot_damage(const struct game *g, const struct unit *u, int hand,
    const struct shot *s)
{
	const struct catalog	*cat = game_catalog(g);
	const struct carried	*h = &u->hands[hand];

	if (s->has_damage)
		return &s->damage;
	if (h->ammo >= 0)
		return &cat->items[h->ammo].damage;
	return &cat->items[h->item].damage;
}

/*
 * What one hit on `target` from `from` is worth.  A target the side sees
 * is judged as it is (armour pools, damage taken, facing); one only
 * remembered, as its type comes from the catalog, facing the shooter.
 */
int
ai_hit_value(const struct ai *ai, const struct game *g,
    const struct unit *a, struct pos from, int target,
    const struct damage *d)
{
	const struct catalog	*cat = game_catalog(g);
	const struct unit	*t = game_unit(g, target);
	const struct ai_enemy	*e = ai_know_enemy(ai, target);
	struct susceptibility	 s;
	int			 dmg, arm, pen, left, value;

	(void)a;
	if (e == NULL || d->amount <= 0)
		return 0;
	if (e->seen) {
		s = unit_susceptibility(cat, t, d->type);
		arm = t->armour[game_armour_facing(t, from)];
		left = t->stats[STAT_HTH] - (ai->params->focus ? t->damage :
		    0);
	} else {
		/* What it was when last seen: it may have changed since. */
		struct know_unit	 ku;
		const struct unit_type	*was = know_unit(g, ai->side, target,
					    &ku) && ku.t != NULL ? ku.t : t->t;

		s = was->susceptibility[d->type];
		arm = was->armour[ARMOUR_FRONT];
		left = was->stats[STAT_HTH];
	}
	if (s.immune)
		return 0;
	dmg = d->amount + s.modifier;
	if (dmg <= 0)
		return 0;
	if (left < 1)
		left = 1;
	if (d->type == DMG_ST) {
		/* Stun skips armour and never kills; a knock-out is a kill. */
		if (e->seen && dmg + t->stun >= left)
			return left * 100 + AI_KILL_BONUS / 2;
		return dmg * 50;
	}
	pen = dmg > arm ? dmg - arm : 0;
	value = (dmg - pen) * 25;	/* stripped armour helps the next hit */
	if (pen >= left)
		value += left * 100 + AI_KILL_BONUS;
	else
		value += pen * 100;
	return value;
}

/*
 * What the civilians the side sees within radius of p (those it protects:
 * X-Com's, §3.4) would cost it lost: each one a kill's worth (§2.3: the
 * score counts it against an alien killed).  None for the aliens.
 */
static int
ai_civilians_near(const struct ai *ai, const struct game *g, struct pos p,
    int radius)
{
	size_t	i, n = game_nunits(g);
	int	cost = 0;

	if (ai->side != SIDE_XCOM)
		return 0;
	for (i = 0; i < n; i++) {
		const struct unit *u = game_unit(g, (int)i);

		if (u->controller == SIDE_CIVILIAN && u->status !=
		    UNIT_DEAD && ai_cheb(u->pos, p) <= radius &&
		    (ai->omniscient || game_sees(g, ai->side, (int)i)))
			cost += (u->stats[STAT_HTH] - u->damage) * 100 +
			    AI_KILL_BONUS;
	}
	return cost;
}

/*
 * A blast's worth to the enemies it reaches, less what the civilians it
 * may catch would cost; or -1 if it reaches ours, or the enemies' harm is
 * not AI_CIVILIAN_ODDS / 2 times the civilians' worth.
 */
int
ai_blast_value(const struct ai *ai, const struct game *g,
    const struct unit *a, struct pos centre, const struct damage *d,
    int *caught)
{
	int	step = game_splash_step(d), radius, value = 0, civ;
	size_t	i;

	*caught = 0;
	if (step == 0)
		return 0;
	radius = d->amount / step;
	/* One square of margin: a throw or a shot may land beside. */
	if (ai_own_near(ai, g, centre, radius + 1))
		return -1;
	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy	*e = &ai->know.enemies[i];
		struct damage		 at = *d;
		int			 dist = ai_cheb(e->pos, centre);

		if (e->down || dist > radius)
			continue;
		at.amount = d->amount - step * dist;
		value += ai_hit_value(ai, g, a, centre, e->unit, &at);
		(*caught)++;
	}
	civ = ai_civilians_near(ai, g, centre, radius + 1);
	if (civ > 0 && value * 2 < civ * AI_CIVILIAN_ODDS)
		return -1;
	return value - civ;
}

/*
 * One of the side's own, held by the enemy's mind control: it comes back
 * at the end of its next phase (§6.4); no target of ours meanwhile.
 */
bool
ai_held(const struct ai *ai, const struct game *g, int unit)
{
	return game_unit(g, unit)->side == ai->side;
}

/*
 * Whether a shot of this mode and chance may go, given the risk: never a
 * burst on ours; through one in the line only when all but sure, one
 * roll; a miss that could strike one (or set off an object beside one)
 * only when the trade is clearly worth it: under half GAME_RISK_STRUCK
 * per mille of the shots, and the target AI_STRAY_ODDS times likelier
 * hit than a friend.  Losses to one's own fire were 2-5 % of all losses
 * with the target four times likelier and misses through friends allowed
 * up to 2.5 %: most of them misses of automatic fire.  A civilian is
 * weighed apart (AI_CIVILIAN_ODDS): never automatic fire through one in
 * the line; its misses only where the target is AI_CIVILIAN_ODDS times
 * likelier hit than a civilian struck, every round of a burst counted;
 * a blast on one only when blast_ok says its worth was weighed
 * (ai_blast_value()).
 */
static bool
ai_risk_ok(const struct game *g, const struct game_shot_risk *risk,
    enum shot_mode mode, int chance, bool blast_ok)
{
	int	shots = mode == SHOT_AUTO ? AI_AUTO_SHOTS : 1;
	int	own = risk->struck - risk->civstruck;
	bool	civline = risk->line >= 0 &&
		    game_unit(g, risk->line)->controller == SIDE_CIVILIAN;

	if (risk->nblast > risk->nblastciv ||
	    (risk->nblastciv > 0 && !blast_ok))
		return false;
	if (risk->line >= 0 && shots > 1)
		return false;
	if (risk->line >= 0 && !civline && chance < AI_THROUGH_FRIEND)
		return false;
	/* Per mille of a friend against per cent of the target. */
	return 2 * own * shots < GAME_RISK_STRUCK &&
	    AI_STRAY_ODDS * own <= 10 * chance &&
	    AI_CIVILIAN_ODDS * risk->civstruck * shots <= 10 * chance;
}

/*
 * Who a shot would put at risk, as the side knows the field: a round meets
 * only units it sees (and its own), so no answer depends on an enemy out
 * of its sight (game_side_shot_risk); the omniscient AI asks of the truth.
 */
bool
ai_shot_risk(const struct ai *ai, const struct game *g, int shooter,
    struct pos from, int target, int hand, int chance,
    struct game_shot_risk *risk)
{
	if (ai->omniscient)
		return game_shot_risk(g, shooter, from, target, hand, chance,
		    risk);
	return game_side_shot_risk(g, ai->side, shooter, from, target, hand,
	    chance, risk);
}

/* Whether an arc from `from` lands on `to`, over the walls as known. */
bool
ai_throw_lands(const struct ai *ai, const struct game *g, struct pos from,
    struct pos to)
{
	if (ai->omniscient)
		return game_throw_lands(g, from, to);
	return game_side_throw_lands(g, ai->side, from, to);
}

/*
 * Whether a shot's burst at `at`, if its round has one, spares the
 * side's own and is worth the civilians it may catch (ai_blast_value()).
 */
static bool
ai_shot_blast_ok(const struct ai *ai, const struct game *g, int unit,
    int hand, enum shot_mode mode, struct pos at)
{
	const struct unit	*u = game_unit(g, unit);
	const struct item_type	*it;
	const struct shot	*s;
	const struct damage	*d;
	int			 caught;

	hand = hand == CMD_HAND_BOTH ? HAND_RIGHT : hand;
	if (u->hands[hand].item < 0)
		return true;
	it = &game_catalog(g)->items[u->hands[hand].item];
	if ((s = item_shot(it, mode)) == NULL)
		return true;
	d = ai_shot_damage(g, u, hand, s);
	if (game_splash_step(d) == 0)
		return true;
	return ai_blast_value(ai, g, u, at, d, &caught) >= 0;
}

/*
 * Whether the shot a command would fire spares the side's own, its misses
 * weighed too (§7.5 worked through by the engine).
 */
bool
ai_shot_vet(const struct ai *ai, const struct game *g,
    const struct command *c)
{
	const struct ai_enemy	*e;
	struct game_shot_risk	 risk;
	int			 chance;

	if (c->type != CMD_SHOOT || c->target < 0)
		return true;
	chance = game_hit_chance(g, c->unit, c->target, c->mode, c->hand,
	    NULL, NULL);
	if (chance < 0)
		return true;
	/* The risk is filled in whether or not it reaches the engine's bar. */
	ai_shot_risk(ai, g, c->unit, game_unit(g, c->unit)->pos, c->target,
	    c->hand, chance, &risk);
	e = ai_know_enemy(ai, c->target);
	return ai_risk_ok(g, &risk, c->mode, chance, risk.nblastciv == 0 ||
	    ai_shot_blast_ok(ai, g, c->unit, c->hand, c->mode, e != NULL ?
	    e->pos : game_unit(g, c->target)->pos));
}

/* ai_shot_vet() of a shot the unit could fire from where it stands. */
static bool
ai_here_vet(const struct ai *ai, const struct game *g, int unit, int target,
    enum shot_mode mode, int hand)
{
	struct command	c;

	ai_command_init(&c, CMD_SHOOT, unit);
	c.target = target;
	c.mode = mode;
	c.hand = hand;
	return ai_shot_vet(ai, g, &c);
}

/*
 * RULINGS §6.5: a won reaction roll fires only when it is worth it: at
 * AI_REACT_MIN % or more (an explosive round, whose miss bursts where it
 * lands, at AI_REACT_BLAST), and through or onto a friend only with a
 * plain round at AI_THROUGH_FRIEND (the chance is a snap's, rarely that
 * high).
 */
void
ai_react_order(const struct game *g, int unit, int *min, int *friends)
{
	const struct unit	*u = game_unit(g, unit);
	const struct shot	*s;
	bool			 blast = false;
	int			 hand;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct carried *h = &u->hands[hand];

		if (h->item < 0 || (s = item_shot(&game_catalog(g)->items[
		    h->item], SHOT_SNAP)) == NULL)
			continue;
		if (game_splash_step(ai_shot_damage(g, u, hand, s)) > 0)
			blast = true;
	}
	*min = blast ? AI_REACT_BLAST : AI_REACT_MIN;
	*friends = blast ? UNIT_REACT_NEVER : AI_THROUGH_FRIEND;
}

int
ai_scale(int value, int avail, int tu)
{
	long	v = (long)value * avail / (tu > 0 ? tu : 1);

	return v > 1000000 ? 1000000 : (int)v;
}

static void
ai_shot_options(struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy *e, struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct game_shot_risk	 risk;
	int			 hand, k, turn;

	turn = game_turn_cost(u, game_direction(u->pos, e->pos));
	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct carried	*h = &u->hands[hand];
		const struct item_type	*it;

		if (h->item < 0)
			continue;
		it = &cat->items[h->item];
		if (it->class != ITEM_WEAPON)
			continue;
		/*
		 * Whom it would shoot through, the line and the burst; the
		 * misses (dearer to ask) once a shot is the choice: see
		 * ai_shot_vet().
		 */
		ai_shot_risk(ai, g, unit, u->pos, e->unit, hand, -1, &risk);
		for (k = 0; k < it->nshots; k++) {
			const struct shot	*s = &it->shots[k];
			const struct damage	*d;
			struct command		 c;
			int			 chance, tu, v, shots, caught;

			if (s->mode > SHOT_AIMED || (tu = s->tu + turn) >
			    u->tu)
				continue;
			chance = game_hit_chance(g, unit, e->unit, s->mode,
			    hand, NULL, NULL);
			/* A blast's civilians: weighed by ai_blast_value(). */
			if (chance < AI_MIN_CHANCE || !ai_risk_ok(g, &risk,
			    s->mode, chance, true))
				continue;
			d = ai_shot_damage(g, u, hand, s);
			v = ai_hit_value(ai, g, u, u->pos, e->unit, d);
			if (game_splash_step(d) > 0) {
				int b = ai_blast_value(ai, g, u, e->pos, d,
				    &caught);

				if (b < 0)
					continue;	/* ours are near */
				v = b > v ? b : v;
			}
			shots = s->mode == SHOT_AUTO ? AI_AUTO_SHOTS : 1;
			if (h->rounds != CLIP_UNLIMITED && h->rounds < shots)
				shots = h->rounds;
			ai_command_init(&c, CMD_SHOOT, unit);
			c.target = e->unit;
			c.mode = s->mode;
			c.hand = hand;
			ai_menu_add(ai, menu, ai_scale(v * shots / 100 * chance,
			    u->tu, tu), &c, "%s %s at %s (%d%%, %d TU)",
			    it->id, shot_mode_names[s->mode],
			    game_unit(g, e->unit)->id, chance, tu);
		}
	}
}

static void
ai_melee_options(struct ai *ai, const struct game *g, int unit,
    const struct ai_enemy *e, struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct unit	*t = game_unit(g, e->unit);
	const struct catalog	*cat = game_catalog(g);
	struct damage		 bare = { 0, DMG_CC, 0 };
	const struct shot	*s = NULL, *imp = NULL;
	struct command		 c;
	int			 hand, nx, ny, chance, tu, v, turn;

	if (u->stats[STAT_MAC] == STAT_NONE || t->pos.z != u->pos.z)
		return;
	/* Adjacent: the target's square nearest us is one step away. */
	nx = u->pos.x < t->pos.x ? t->pos.x : u->pos.x > t->pos.x +
	    t->t->size - 1 ? t->pos.x + t->t->size - 1 : u->pos.x;
	ny = u->pos.y < t->pos.y ? t->pos.y : u->pos.y > t->pos.y +
	    t->t->size - 1 ? t->pos.y + t->t->size - 1 : u->pos.y;
	if (abs(nx - u->pos.x) > 1 || abs(ny - u->pos.y) > 1)
		return;
	turn = game_turn_cost(u, game_direction(u->pos, t->pos));
	for (hand = 0; hand < HAND_COUNT && s == NULL; hand++) {
		const struct item_type *it;

		if (u->hands[hand].item < 0)
			continue;
		it = &cat->items[u->hands[hand].item];
		imp = imp != NULL ? imp : item_shot(it, SHOT_IMPLANT);
		if ((s = item_shot(it, SHOT_MELEE)) != NULL)
			bare = it->damage;
	}
	ai_command_init(&c, CMD_MELEE, unit);
	c.target = e->unit;
	c.hand = CMD_HAND_BOTH;
	/* The Chrysalid's way with the living: implant before the claws. */
	if (imp != NULL && game_implantable(t) && (tu = imp->tu + turn) <=
	    u->tu) {
		chance = u->stats[STAT_MAC] + imp->accuracy;
		chance = chance > 95 ? 95 : chance;
		if (chance > 0) {
			c.mode = SHOT_IMPLANT;
			/* A kill now, and a Chrysalid to come (RULINGS). */
			v = 3 * ((t->stats[STAT_HTH] - t->damage) * 100 +
			    AI_KILL_BONUS);
			ai_menu_add(ai, menu, ai_scale(v / 100 * chance, u->tu,
			    tu), &c, "implant %s (%d%%, %d TU)", t->id, chance,
			    tu);
		}
	}
	if (s == NULL) {
		if (u->stats[STAT_STR] == STAT_NONE)
			return;
		bare.amount = unit_strength(cat, u);
		tu = AI_MELEE_TU + turn;
		chance = u->stats[STAT_MAC];
	} else {
		tu = (game_scenario(g)->rules.melee_flat_tu ? AI_MELEE_TU :
		    s->tu) + turn;
		chance = u->stats[STAT_MAC] + s->accuracy;
	}
	chance = chance > 95 ? 95 : chance;
	if (tu > u->tu || chance <= 0)
		return;
	c.mode = SHOT_MELEE;
	v = ai_hit_value(ai, g, u, u->pos, e->unit, &bare);
	ai_menu_add(ai, menu, ai_scale(v / 100 * chance, u->tu, tu), &c,
	    "strike %s (%d%%, %d TU)", t->id, chance, tu);
}

static void
ai_reload_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	struct command		 c;
	int			 hand;
	size_t			 b;

	for (hand = 0; hand < HAND_COUNT; hand++) {
		const struct carried *h = &u->hands[hand];

		if (h->item < 0 || cat->items[h->item].class != ITEM_WEAPON ||
		    cat->items[h->item].nammo == 0 ||
		    (h->ammo >= 0 && h->rounds != 0))
			continue;
		if (u->t->class == UNIT_SOLDIER && u->tu < AI_RELOAD_TU)
			continue;
		for (b = 0; b < u->nbelt; b++) {
			if (!catalog_ammo_fits(cat, h->item, u->belt[b].item))
				continue;
			ai_command_init(&c, CMD_RELOAD, unit);
			c.hand = hand;
			c.item = u->belt[b].item;
			ai_menu_add(ai, menu, AI_RELOAD_VALUE, &c,
			    "reload the empty %s with %s",
			    cat->items[h->item].id, cat->items[c.item].id);
			break;
		}
	}
}

void
ai_attack_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	size_t	i;

	for (i = 0; i < ai->know.nenemies; i++) {
		const struct ai_enemy *e = &ai->know.enemies[i];

		/* Honest: the engine is asked only about enemies in sight. */
		if (!e->seen || e->down || ai_held(ai, g, e->unit))
			continue;
		ai_shot_options(ai, g, unit, e, menu);
		ai_melee_options(ai, g, unit, e, menu);
		ai_psi_options(ai, g, unit, e, menu);
	}
	ai_grenade_options(ai, g, unit, menu);
	ai_reload_options(ai, g, unit, menu);
}

/*
 * What a launched weapon's sight costs from `from` (§6.2, RULINGS §6.1):
 * 0 with a line to the enemy, 10 over a wall at one the side sees (a
 * spotter's sight), or -1 when the launch cannot be made: beyond its
 * reach, where the arc cannot land, or at an enemy only remembered.
 */
static int
ai_launch_term(const struct ai *ai, const struct game *g, int unit,
    struct pos from, const struct ai_enemy *e, int item, int line)
{
	int	reach = game_arc_reach(g, unit, item, false);

	if (reach >= 0 && ai_cheb(from, e->pos) > reach)
		return -1;
	if (!ai_throw_lands(ai, g, from, e->pos))
		return -1;
	if (line >= 0)
		return 0;
	return e->seen ? 10 : -1;
}

/*
 * The best shot the unit could take from `from` with `tu` TUs, against the
 * nearest known enemies, by the §6.1 terms it can work out itself (range,
 * obstructions on a line over the field as known): for judging squares it
 * has not reached.  A remembered enemy counts half: it may have gone.
 * A launched weapon needs no line: its arc goes over walls (§6.2) at an
 * enemy the side sees (ai_launch_term).  If pick is not NULL it gets the
 * best shot at an enemy in sight, one shot's worth and cost (pick->tu 0:
 * none), for plans that count their shots (ai-plan.c).
 */
int
ai_attack_from(struct ai *ai, const struct game *g, int unit,
    struct pos from, int tu, int *target, struct ai_pick *pick)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	bool			 here = from.x == u->pos.x &&
				    from.y == u->pos.y && from.z == u->pos.z;
	int			 best = 0, looked = 0, hand, k, night, obst, hit;
	struct game_shot_risk	 risk;
	int			 line;
	bool			 asked;
	size_t			 i;

	int			 pick_best = 0;

	*target = -1;
	if (pick != NULL)
		pick->tu = 0;
	if (u->stats[STAT_ACC] == STAT_NONE && u->stats[STAT_TAC] ==
	    STAT_NONE)
		return 0;
	night = game_scenario(g)->night && u->side == SIDE_XCOM &&
	    u->t->class == UNIT_SOLDIER ? 15 : 0;
	for (i = 0; i < ai->know.nenemies && looked < ai->params->enemies;
	    i++) {
		const struct ai_enemy	*e = &ai->know.enemies[i];
		int			 range = ai_cheb(from, e->pos);

		if (e->down || range > 30 || ai_held(ai, g, e->unit))
			continue;
		looked++;
		line = ai_know_line(ai, g, from, e);
		for (hand = 0; hand < HAND_COUNT; hand++) {
			const struct carried	*h = &u->hands[hand];
			const struct item_type	*it;
			int			 arc = 0;

			if (h->item < 0 || (it = &cat->items[h->item])->class !=
			    ITEM_WEAPON || (it->nammo > 0 && (h->ammo < 0 ||
			    h->rounds == 0)))
				continue;
			/* An arc: no obstructions, a sight term instead. */
			obst = item_launched(it) ? 0 : line;
			if (item_launched(it) && (arc = ai_launch_term(ai, g,
			    unit, from, e, h->item, line)) < 0)
				continue;
			if (obst < 0)
				continue;
			asked = false;
			for (k = 0; k < it->nshots; k++) {
				const struct shot *s = &it->shots[k];
				int skill = u->stats[it->thrown ? STAT_TAC :
				    STAT_ACC], chance, v, shots;

				if (s->mode > SHOT_AIMED || s->tu > tu ||
				    skill == STAT_NONE)
					continue;
				/* Moving means standing up first. */
				chance = skill + s->accuracy + (u->kneeling &&
				    here ? 15 : 0) - (it->guided ? 0 : range) -
				    5 * obst - night - arc;
				chance = chance > 95 ? 95 : chance;
				if (chance < AI_MIN_CHANCE)
					continue;
				v = ai_hit_value(ai, g, u, from, e->unit,
				    ai_shot_damage(g, u, hand, s));
				if (!ai_shot_blast_ok(ai, g, unit, hand,
				    s->mode, e->pos))
					continue;
				shots = s->mode == SHOT_AUTO ? AI_AUTO_SHOTS :
				    1;
				hit = v;
				v = ai_scale(v * shots / 100 * chance, tu,
				    s->tu);
				if (!e->seen)
					v /= 2;
				if (v <= best && (pick == NULL || !e->seen ||
				    v <= pick_best))
					continue;
				/*
				 * Whom it would shoot through, asked of the
				 * engine (only what could be the best, of an
				 * enemy in sight only): the line and the burst;
				 * the misses once it stands there.
				 */
				if (e->seen && !asked) {
					ai_shot_risk(ai, g, unit, from, e->unit,
					    hand, -1, &risk);
					asked = true;
				}
				if (e->seen && !ai_risk_ok(g, &risk, s->mode,
				    chance, true))
					continue;
				/*
				 * From where it stands, the misses too: a shot
				 * the vet strikes off (ai_shot_vet()) is no
				 * reason to stay (a trooper knelt in sight for
				 * a shot it would never fire, and was taken).
				 */
				if (here && e->seen && !ai_here_vet(ai, g,
				    unit, e->unit, s->mode, hand))
					continue;
				if (pick != NULL && e->seen && v > pick_best) {
					pick_best = v;
					ai_command_init(&pick->c, CMD_SHOOT,
					    unit);
					pick->c.target = e->unit;
					pick->c.mode = s->mode;
					pick->c.hand = hand;
					pick->tu = s->tu;
					pick->hit = hit;
					pick->shots = shots;
					pick->chance = chance;
				}
				if (v <= best)
					continue;
				best = v;
				*target = e->unit;
			}
		}
	}
	return best;
}
