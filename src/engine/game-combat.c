/*
 * game-combat.c - melee (§6.3), Chrysalid implants and zombies (RULINGS
 * Special units) and damage (§7.1, §7.2, RULINGS §7.2), with the range
 * and chance helpers every attack shares; ranged attacks are in
 * game-shoot.c.
 *
 * Every roll is reported with its chance and the terms that made it, every
 * hit with each step of its damage: raw, susceptibility, the facing struck,
 * the armour that absorbed it and what reached HTH, then any critical.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"
#include "xtac/util.h"

#define COMBAT_CAP		95	/* §6.1: never more than 95 % */
#define COMBAT_MELEE_TU		20	/* §6.3; unarmed, or house rule */

/*
 * Chebyshev distance from a unit to the nearest square of a size x size
 * box at p, one level counting as one square (RULINGS §6.1).
 */
int
combat_range_to(const struct unit *a, struct pos p, int size)
{
	int	dx = 0, dy = 0, dz = abs(p.z - a->pos.z), d;

	if (a->pos.x < p.x)
		dx = p.x - a->pos.x;
	else if (a->pos.x > p.x + size - 1)
		dx = a->pos.x - (p.x + size - 1);
	if (a->pos.y < p.y)
		dy = p.y - a->pos.y;
	else if (a->pos.y > p.y + size - 1)
		dy = a->pos.y - (p.y + size - 1);
	d = dx > dy ? dx : dy;
	return d > dz ? d : dz;
}

/* The same to a unit, 2x2 or not. */
int
combat_range(const struct unit *a, const struct unit *t)
{
	return combat_range_to(a, t->pos, t->t->size);
}

/* The sum of a chance's terms. */
int
combat_terms_sum(const struct event *why)
{
	int	sum = 0;
	size_t	i;

	for (i = 0; i < why->nterms; i++)
		sum += why->terms[i].value;
	return sum;
}

/* §6.1: every attack chance is capped at 95 %, and never below 0. */
int
combat_cap(int chance)
{
	return chance > COMBAT_CAP ? COMBAT_CAP : chance < 0 ? 0 : chance;
}

/* --- melee (§6.3) ---------------------------------------------------------- */

/*
 * RULINGS Special units: the implant takes a living, non-robotic target.
 * The catalog has no "robotic" flag; the robots of the rulebook are the
 * HWPs, the Sectopod ("robot creatures") and the Cyberdisk ("automated").
 */
bool
game_implantable(const struct unit *t)
{
	return t->t->class != UNIT_HWP && strcmp(t->t->id, "sectopod") != 0 &&
	    strcmp(t->t->id, "cyberdisk") != 0 &&
	    strcmp(t->t->id, "chrysalid") != 0 && t->zombie_rounds < 0;
}

/* The zombie becomes a standard Chrysalid where it stands. */
static void
combat_hatch(struct game *g, int unit)
{
	struct unit		*u = &g->units[unit];
	int			 type = catalog_find_unit(g->cat, "chrysalid");
	const struct unit_type	*t;
	struct event		*e;
	size_t			 b;
	int			 i, tu = u->tu;

	if (type < 0)
		return;
	t = &g->cat->units[type];
	for (i = 0; i < HAND_COUNT; i++)
		game_drop_carried(g, u, &u->hands[i]);
	for (b = 0; b < u->nbelt; b++)
		game_drop_carried(g, u, &u->belt[b]);
	u->nbelt = 0;
	u->type = type;
	u->t = t;
	u->side = u->controller = SIDE_ALIEN;
	u->status = UNIT_ACTIVE;
	u->kneeling = u->prone = false;
	u->worn = -1;
	for (i = 0; i < STAT_COUNT; i++)
		u->stats[i] = t->stats[i];
	for (i = 0; i < ARMOUR_COUNT; i++)
		u->armour[i] = u->armour_max[i] = t->armour[i];
	u->damage = u->stun = 0;
	u->crit_head = u->crit_torso = u->crit_arm = u->crit_leg = 0;
	u->hands[HAND_RIGHT].item = t->weapon;
	u->hands[HAND_RIGHT].ammo = -1;
	u->hands[HAND_RIGHT].rounds = t->weapon >= 0 ?
	    g->cat->items[t->weapon].capacity : 0;
	u->hands[HAND_RIGHT].primed = -1;
	u->zombie_rounds = -1;
	u->tu = tu < t->stats[STAT_TU] ? tu : t->stats[STAT_TU];
	e = event_push(g->ev, EV_TRANSFORM);
	event_str(e, "unit", u->id);
	event_str(e, "into", "chrysalid");
	event_pos(e, "at", u->pos);
	game_field_refresh(g);
	/* A zombie lying under someone: the Chrysalid gets up beside it. */
	game_rise_clear(g, unit, e);
}

void
game_zombies_round_end(struct game *g)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		/* RULINGS: a Chrysalid 2 rounds after the implant. */
		if (u->zombie_rounds > 0 && --u->zombie_rounds == 0)
			combat_hatch(g, (int)i);
	}
}

static void
combat_zombify(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;

	/*
	 * It keeps its stats and what TUs it has left (§3.3.3) and now moves
	 * for the aliens; it cannot attack.  It is theirs until it turns, not
	 * a mind held for a phase (game-psi.c leaves zombies be): a control
	 * running out or a fit of panic no longer concerns it.
	 */
	u->zombie_rounds = 2;
	u->controller = SIDE_ALIEN;
	u->control_ending = false;
	u->panic = UNIT_CALM;
	/*
	 * "Only the remaining TU's ... in that turn": what it did in its old
	 * side's phase does not end its turn in this one.
	 */
	u->acted = u->turn_over = u->half_turned = false;
	u->last_weapon = -1;
	e = event_push(g->ev, EV_TRANSFORM);
	event_str(e, "unit", u->id);
	event_str(e, "into", "zombie");
	event_int(e, "rounds", 2);
}

struct combat_melee {
	int			 hand;		/* -1: bare hands */
	const struct shot	*shot;
	struct damage		 damage;
	int			 tu;
	int			 accuracy;
};

static int
combat_melee_weapon(const struct game *g, const struct command *c,
    struct combat_melee *m, char **cause)
{
	const struct unit	*a = &g->units[c->unit];
	int			 h;

	memset(m, 0, sizeof *m);
	m->hand = -1;
	if (a->stats[STAT_MAC] == STAT_NONE)
		return cause_set(cause, "a %s makes no melee attacks",
		    a->t->id);
	for (h = 0; h < HAND_COUNT; h++) {
		const struct item_type *it;

		if (c->hand != CMD_HAND_BOTH && c->hand != h)
			continue;
		if (a->hands[h].item < 0)
			continue;
		it = &g->cat->items[a->hands[h].item];
		if ((m->shot = item_shot(it, c->mode == SHOT_IMPLANT ?
		    SHOT_IMPLANT : SHOT_MELEE)) != NULL) {
			m->hand = h;
			m->damage = it->damage;
			m->tu = m->shot->tu;
			m->accuracy = m->shot->accuracy;
			break;
		}
	}
	if (m->hand < 0 && c->mode == SHOT_IMPLANT)
		return cause_set(cause, "%s cannot implant", a->id);
	if (m->hand < 0) {
		/* §3.1.1: STR is what a bare-handed blow does, as CC. */
		if (a->stats[STAT_STR] == STAT_NONE)
			return cause_set(cause, "%s has no melee weapon",
			    a->id);
		m->damage.amount = unit_strength(g->cat, a);
		m->damage.type = DMG_CC;
		m->tu = COMBAT_MELEE_TU;
	}
	if (g->scenario->rules.melee_flat_tu)
		m->tu = COMBAT_MELEE_TU;
	return 0;
}

int
game_check_melee(const struct game *g, const struct command *c,
    char **cause)
{
	const struct unit	*a = &g->units[c->unit], *t;
	struct combat_melee	 m;
	int			 tu;

	if (c->target < 0 || c->target == c->unit)
		return cause_set(cause, "melee needs a target unit");
	t = &g->units[c->target];
	if (combat_melee_weapon(g, c, &m, cause) < 0)
		return -1;
	if (t->status != UNIT_ACTIVE)
		return cause_set(cause, "%s is %s", t->id,
		    unit_status_names[t->status]);
	if (c->mode == SHOT_IMPLANT && !game_implantable(t))
		return cause_set(cause, "%s cannot carry an implant: only "
		    "living, non-robotic units that are not Chrysalids or "
		    "zombies already", t->id);
	/* RULINGS §6.1: adjacent, diagonals included, on the same level. */
	if (t->pos.z != a->pos.z || combat_range(a, t) != 1)
		return cause_set(cause, "%s is not next to %s", t->id, a->id);
	tu = m.tu + game_turn_cost(a, game_direction(a->pos, t->pos));
	if (tu > a->tu)
		return cause_set(cause, "the blow costs %d TU with turning; "
		    "%s has %d", tu, a->id, a->tu);
	return 0;
}

int
game_do_melee(struct game *g, const struct command *c, char **cause)
{
	struct unit		*a = &g->units[c->unit];
	struct combat_melee	 m;
	struct event		*e;
	int			 chance, roll;
	bool			 hit;

	if (combat_melee_weapon(g, c, &m, cause) < 0)
		return -1;
	game_face(g, c->unit, game_direction(a->pos, g->units[c->target].pos));
	a->tu -= m.tu;
	a->acted = true;
	e = event_push(g->ev, EV_ATTACK);
	event_str(e, "unit", a->id);
	event_str(e, "target", g->units[c->target].id);
	event_str(e, "mode", c->mode == SHOT_IMPLANT ? "implant" : "melee");
	event_str(e, "weapon", m.hand >= 0 ? g->cat->items[
	    a->hands[m.hand].item].id : "bare hands");
	event_int(e, "tu", m.tu);
	e = event_push(g->ev, EV_ROLL);
	event_str(e, "what", "hit");
	event_str(e, "unit", a->id);
	event_str(e, "target", g->units[c->target].id);
	/* §6.3: MAC and the weapon's accuracy are the only terms. */
	event_term(e, "MAC", a->stats[STAT_MAC]);
	event_term(e, "weapon", m.accuracy);
	if (a->crit_arm > 0)
		event_term(e, "arm critical", -10 * a->crit_arm);
	chance = combat_cap(combat_terms_sum(e));
	roll = game_roll(g, 100, "%s by %s at %s: %d or less hits",
	    c->mode == SHOT_IMPLANT ? "implant" : "melee", a->name,
	    g->units[c->target].name, chance);
	hit = roll <= chance;
	event_int(e, "chance", chance);
	event_int(e, "roll", roll);
	event_bool(e, "success", hit);
	if (hit && c->mode == SHOT_IMPLANT)
		combat_zombify(g, c->target);
	else if (hit) {
		const struct unit *t = &g->units[c->target];
		struct pos at = game_vis_nearest(t, t->pos, a->pos);

		game_damage(g, c->target, c->unit, a->pos, &m.damage);
		/* §7.4: an incendiary touch ignites as an IN round does. */
		if (m.damage.type == DMG_IN)
			game_ignite(g, at, &m.damage);
	}
	game_field_refresh(g);
	game_vis_update(g, true);
	return 0;
}

/* --- damage (§7.2, RULINGS §7.2) ------------------------------------------- */

/* Which armour a blow from `from` strikes (RULINGS §7.2). */
static enum armour_facing
combat_facing(const struct unit *u, struct pos from, bool blast)
{
	struct pos	centre = u->pos;
	int		rel;

	/* RULINGS §7.2: falls, fire and blasts from a lower level: under. */
	if (blast && from.z < u->pos.z)
		return ARMOUR_UNDER;

	if (from.z < u->pos.z && from.x >= u->pos.x &&
	    from.x < u->pos.x + u->t->size && from.y >= u->pos.y &&
	    from.y < u->pos.y + u->t->size)
		return ARMOUR_UNDER;
	if (from.x >= u->pos.x && from.x < u->pos.x + u->t->size &&
	    from.y >= u->pos.y && from.y < u->pos.y + u->t->size)
		return from.z < u->pos.z ? ARMOUR_UNDER : ARMOUR_FRONT;
	rel = ((int)game_direction(centre, from) - (int)u->facing + 8) % 8;
	switch (rel) {
	case 0: case 1: case 7:
		return ARMOUR_FRONT;
	case 2:
		return ARMOUR_RIGHT;
	case 6:
		return ARMOUR_LEFT;
	default:
		return ARMOUR_REAR;
	}
}

enum armour_facing
game_armour_facing(const struct unit *u, struct pos from)
{
	return combat_facing(u, from, false);
}

void
game_unit_falls_unconscious(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;

	if (u->status != UNIT_ACTIVE)
		return;
	u->status = UNIT_UNCONSCIOUS;
	u->kneeling = u->prone = false;
	e = event_push(g->ev, EV_UNCONSCIOUS);
	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	game_field_refresh(g);
	/* §7.2.1: it "falls prone to the floor", a flyer too. */
	game_settle(g, unit);
}

void
game_drop_carried(struct game *g, struct unit *u, struct carried *k)
{
	struct event	*e;

	if (k->item < 0 || (g->cat->items[k->item].class == ITEM_WEAPON &&
	    g->cat->items[k->item].weapon_kind == WEAPON_INTERNAL))
		return;
	g->ground = xreallocarray(g->ground, g->nground + 1,
	    sizeof *g->ground);
	/* Dropped in mid-air, it lands on the floor below (§7.2.4). */
	g->ground[g->nground].pos = u->pos;
	g->ground[g->nground].pos.z = game_floor_below(g, u->pos);
	g->ground[g->nground].c = *k;
	e = event_push(g->ev, EV_ITEM_DROPPED);
	event_str(e, "unit", u->id);
	event_str(e, "item", g->cat->items[k->item].id);
	event_pos(e, "at", g->ground[g->nground].pos);
	g->nground++;
	k->item = k->ammo = -1;
	k->rounds = 0;
	k->primed = -1;
}

void
game_unit_dies(struct game *g, int unit)
{
	struct unit	*u = &g->units[unit];
	struct event	*e;
	size_t		 b;
	int		 h;

	if (u->status == UNIT_DEAD)
		return;
	/* A zombie killed hatches instead (§3.3.3). */
	if (u->zombie_rounds >= 0) {
		combat_hatch(g, unit);
		return;
	}
	u->status = UNIT_DEAD;
	u->kneeling = u->prone = false;
	e = event_push(g->ev, EV_DEATH);
	event_str(e, "unit", u->id);
	event_pos(e, "at", u->pos);
	/*
	 * RULINGS Special units: a destroyed unit whose weapon can detonate
	 * (the Cyberdisk) explodes on d10 > 5, with the detonation's damage.
	 */
	for (h = 0; h < HAND_COUNT; h++) {
		const struct shot *det;
		int roll;

		if (u->hands[h].item < 0 || (det = item_shot(&g->cat->items[
		    u->hands[h].item], SHOT_DETONATE)) == NULL ||
		    !det->has_damage)
			continue;
		roll = game_roll(g, 10, "whether %s explodes as it is "
		    "destroyed: 6 or more explodes", u->name);
		e = event_push(g->ev, EV_ROLL);
		event_str(e, "what", "death explosion");
		event_str(e, "unit", u->id);
		event_int(e, "d10", roll);
		event_bool(e, "success", roll > 5);
		if (roll > 5)
			game_queue_explosion(g, u->pos, &det->damage);
	}
	/*
	 * The body falls to the floor below (§7.2.1, §7.2.4); RULINGS §7.2:
	 * everything but the armour lies where the body does.
	 */
	game_settle(g, unit);
	for (h = 0; h < HAND_COUNT; h++)
		game_drop_carried(g, u, &u->hands[h]);
	for (b = 0; b < u->nbelt; b++)
		game_drop_carried(g, u, &u->belt[b]);
	u->nbelt = 0;
	game_field_refresh(g);
}

static void
combat_critical(struct game *g, int unit, int penetrated)
{
	struct unit	*u = &g->units[unit];
	int		 roll = game_roll(g, 10, "critical wound to %s: "
			    "where (10 head, 6-9 torso, 4-5 arm, 1-3 leg)",
			    u->name);
	struct event	*e = event_push(g->ev, EV_CRITICAL);
	const char	*where;

	event_str(e, "unit", u->id);
	event_int(e, "d10", roll);
	if (roll == 10) {
		/* Head: the penetrating damage again, once. */
		where = "head";
		u->crit_head++;
		u->damage += penetrated;
		event_int(e, "extra_damage", penetrated);
	} else if (roll >= 6) {
		where = "torso";
		u->crit_torso++;
	} else if (roll >= 4) {
		where = "arm";
		u->crit_arm++;
		event_str(e, "effect", "-10 ACC, MAC, TAC");
	} else {
		where = "leg";
		u->crit_leg++;
		event_str(e, "effect", "movement costs doubled");
	}
	event_str(e, "location", where);
}

void
game_damage(struct game *g, int unit, int attacker, struct pos from,
    const struct damage *dmg)
{
	struct unit		*u = &g->units[unit];
	struct susceptibility	 s = unit_susceptibility(g->cat, u, dmg->type);
	int			 amount, hth = u->stats[STAT_HTH], pool;
	enum armour_facing	 facing;
	struct event		*e;

	(void)attacker;
	if (u->status == UNIT_DEAD)
		return;
	/* RULINGS §7.2: damage plus susceptibility, never below 0. */
	amount = s.immune ? 0 : dmg->amount + s.modifier;
	if (amount < 0)
		amount = 0;
	e = event_push(g->ev, EV_DAMAGE);
	event_str(e, "unit", u->id);
	event_int(e, "raw", dmg->amount);
	event_str(e, "type", damage_type_names[dmg->type]);
	if (s.immune)
		event_str(e, "susceptibility", "immune");
	else
		event_int(e, "susceptibility", s.modifier);
	event_int(e, "damage", amount);
	if (dmg->type == DMG_ST) {
		/* Stun touches no armour and never kills. */
		u->stun += amount;
		event_int(e, "stun", u->stun);
		if (u->stun > hth - u->damage)
			game_unit_falls_unconscious(g, unit);
		return;
	}
	facing = combat_facing(u, from, attacker < 0);
	pool = u->armour[facing];
	event_str(e, "facing", armour_facing_names[facing]);
	event_int(e, "armour", pool);
	if (amount <= pool) {
		u->armour[facing] -= amount;
		event_int(e, "absorbed", amount);
		event_int(e, "armour_left", u->armour[facing]);
		event_int(e, "to_hth", 0);
		return;
	}
	u->armour[facing] = 0;
	amount -= pool;
	u->damage += amount;
	event_int(e, "absorbed", pool);
	event_int(e, "armour_left", 0);
	event_int(e, "to_hth", amount);
	event_int(e, "hth_left", hth - u->damage);
	/* §7.2.2: damage that reaches HTH without killing is critical. */
	if (u->damage <= hth)
		combat_critical(g, unit, amount);
	if (u->damage > hth)
		game_unit_dies(g, unit);
	else if (u->damage == hth || u->stun > hth - u->damage)
		game_unit_falls_unconscious(g, unit);
}

/* --- the client's preview -------------------------------------------------- */

int
game_melee_chance(const struct game *g, int unit, int target, int hand,
    struct event *why, char **cause)
{
	const struct unit	*a = &g->units[unit];
	struct command		 c;
	struct combat_melee	 m;
	struct event		 scratch;

	if (why == NULL)
		why = &scratch;
	memset(why, 0, sizeof *why);
	why->type = EV_QUERY;
	memset(&c, 0, sizeof c);
	c.type = CMD_MELEE;
	c.unit = unit;
	c.target = target;
	c.mode = SHOT_MELEE;
	c.hand = hand;
	c.item = -1;
	if (target < 0 || (size_t)target >= g->nunits)
		return cause_set(cause, "melee needs a target unit");
	if (game_check(g, &c, cause) != 0 ||
	    combat_melee_weapon(g, &c, &m, cause) < 0)
		return -1;
	/* The same terms game_do_melee() rolls against. */
	event_term(why, "MAC", a->stats[STAT_MAC]);
	event_term(why, "weapon", m.accuracy);
	if (a->crit_arm > 0)
		event_term(why, "arm critical", -10 * a->crit_arm);
	return combat_cap(combat_terms_sum(why));
}
