/*
 * ai-play.c - the playing levels (easy, normal, hard): one unit at a time
 * (RULINGS §2.2: choosing another ends the first one's turn), each
 * decision a menu of options with values (ai-shoot.c: attacks from here;
 * ai-kit.c: a medikit in hand, items on the belt; ai-move.c: squares;
 * here: kneeling to shoot, facing the enemy and kneeling to wait), the
 * best one not refused this phase taken.
 * When no option is worth anything the unit is done and the next one
 * acts; when every unit is done the phase ends.
 *
 * Levels differ in ai_params: how many squares they weigh, how much
 * noise blurs their judgement, which skills they use; hard also weighs
 * the enemy's answer (ai-hard.c).  The reason for a
 * decision names the choice, why, how many options were weighed and the
 * runner-up.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai-int.h"
#include "xtac/util.h"

#define AI_MAX_MOVES	3	/* move proposals per unit per phase */
#define AI_FACE_VALUE	40	/* armour's front to the enemy */
#define AI_KNEEL_VALUE	120	/* waiting on one knee: +15 to react, -5 */

static const struct ai_params ai_level_params[AI_LEVEL_COUNT] = {
	/*
	 * sample enemies noise expose reserve kneel grenades psi retreat
	 * plan minds ahead focus charge
	 */
	[AI_RANDOM] = { 0, 0, 0, 0, false, false, false, false, false,
	    false, false, false, false, false },
	[AI_EASY] = { 32, 2, 1200, 250, false, false, false, true, false,
	    false, false, false, false, false },
	[AI_NORMAL] = { 96, 4, 150, 600, true, true, true, true, true,
	    false, true, true, true, true },
	[AI_HARD] = { 96, 4, 150, 600, true, true, true, true, true, true,
	    true, true, true, true },
};

void
ai_menu_add(struct ai *ai, struct ai_menu *menu, int value,
    const struct command *c, const char *fmt, ...)
{
	struct ai_choice	*ch;
	va_list			 ap;
	size_t			 i, worst = 0;

	menu->weighed++;
	if (value <= 0 || ai_was_refused(ai, c))
		return;
	if (menu->n == AI_MENU_MAX) {
		for (i = 1; i < menu->n; i++)
			if (menu->v[i].value < menu->v[worst].value)
				worst = i;
		if (menu->v[worst].value >= value)
			return;
		ch = &menu->v[worst];
	} else
		ch = &menu->v[menu->n++];
	ch->c = *c;
	ch->value = value;
	ch->gain = 0;
	ch->vetted = false;
	va_start(ap, fmt);
	vsnprintf(ch->what, sizeof ch->what, fmt, ap);
	va_end(ap);
}

/* Best first; equal values keep the order offered (deterministic). */
static const struct ai_choice *
ai_menu_best(const struct ai_menu *menu, const struct ai_choice *not)
{
	const struct ai_choice	*best = NULL;
	size_t			 i;

	for (i = 0; i < menu->n; i++)
		if (&menu->v[i] != not && (best == NULL ||
		    menu->v[i].value > best->value))
			best = &menu->v[i];
	return best;
}

/* Nearest first, so a level that looks at few enemies sees the close. */
void
ai_sort_enemies(struct ai *ai, struct pos from)
{
	struct ai_enemy	*v = ai->know.enemies, tmp;
	size_t		 i, j, n = ai->know.nenemies;

	for (i = 1; i < n; i++) {
		tmp = v[i];
		for (j = i; j > 0; j--) {
			int a = abs(v[j - 1].pos.x - from.x) +
			    abs(v[j - 1].pos.y - from.y) +
			    abs(v[j - 1].pos.z - from.z);
			int b = abs(tmp.pos.x - from.x) +
			    abs(tmp.pos.y - from.y) + abs(tmp.pos.z - from.z);

			if (a < b || (a == b && v[j - 1].unit < tmp.unit))
				break;
			v[j] = v[j - 1];
		}
		v[j] = tmp;
	}
}

/*
 * The best option, once a shot that would strike ours too often is
 * struck off (ai_shot_vet(): asked of the best alone, being dear).
 */
static const struct ai_choice *
ai_menu_vetted(const struct ai *ai, const struct game *g,
    struct ai_menu *menu)
{
	const struct ai_choice	*best;

	while ((best = ai_menu_best(menu, NULL)) != NULL && !best->vetted) {
		if (ai_shot_vet(ai, g, &best->c)) {
			menu->v[best - menu->v].vetted = true;
			break;
		}
		menu->v[best - menu->v] = menu->v[--menu->n];
	}
	return best;
}

/* Kneel first when the best shot is worth more from one knee (§6.1 +15). */
static void
ai_kneel_to_shoot(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu, const struct ai_choice *best)
{
	const struct unit	*u = game_unit(g, unit);
	const struct item_type	*it;
	const struct shot	*s;
	struct command		 c;
	int			 chance, v;

	if (!ai->params->kneel || best == NULL || best->c.type != CMD_SHOOT ||
	    !u->t->can_kneel || u->kneeling)
		return;
	it = &game_catalog(g)->items[u->hands[best->c.hand].item];
	if ((s = item_shot(it, best->c.mode)) == NULL ||
	    u->tu - 2 * unit_move_multiplier(game_catalog(g), u) < s->tu + 2)
		return;
	chance = game_hit_chance(g, unit, best->c.target, best->c.mode,
	    best->c.hand, NULL, NULL);
	if (chance <= 0 || chance >= 95)
		return;
	v = (int)((long)best->value * (chance + 15 > 95 ? 95 : chance + 15) /
	    chance * (u->tu - 2) / u->tu);
	ai_command_init(&c, CMD_KNEEL, unit);
	ai_menu_add(ai, menu, v, &c, "kneel to shoot at %s (+15 to hit)",
	    game_unit(g, best->c.target)->id);
}

/* Waiting well: face the nearest enemy, kneel when one is near. */
static void
ai_wait_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu)
{
	const struct unit	*u = game_unit(g, unit);
	int			 near = ai_nearest_enemy(ai, u->pos, false);
	struct command		 c;
	enum dir		 d;

	if (near < 0)
		return;
	d = game_direction(u->pos, ai->know.enemies[near].pos);
	if (d != u->facing && game_turn_cost(u, d) <= u->tu) {
		ai_command_init(&c, CMD_TURN, unit);
		c.dir = d;
		ai_menu_add(ai, menu, AI_FACE_VALUE, &c, "face %s, armour's "
		    "front to it", game_unit(g,
		    ai->know.enemies[near].unit)->id);
	}
	/* Not at the cost of a snap shot's TUs kept for the enemy's phase. */
	if (ai->params->kneel && u->t->can_kneel && !u->kneeling &&
	    2 * unit_move_multiplier(game_catalog(g), u) <= u->tu &&
	    (!ai->params->reserve || u->tu < ai_snap_tu(g, u) ||
	    u->tu - 2 * unit_move_multiplier(game_catalog(g), u) >=
	    ai_snap_tu(g, u))) {
		ai_command_init(&c, CMD_KNEEL, unit);
		ai_menu_add(ai, menu, AI_KNEEL_VALUE, &c, "kneel and wait for "
		    "%s", game_unit(g, ai->know.enemies[near].unit)->id);
	}
}

/*
 * A badly hurt unit in sight of known enemies (ai_pull_back()) keeps
 * `keep` TUs to get out of their sight (and to treat itself there, if it
 * can): of its options only shots that leave them stay, and pulling back
 * is offered at what the unit's life is worth.  It fires first if a shot
 * is worth more, then goes.
 */
static void
ai_pull_back_options(struct ai *ai, const struct game *g, int unit,
    struct ai_menu *menu, int hide, struct pos to, int exposed)
{
	const struct unit	*u = game_unit(g, unit);
	const struct catalog	*cat = game_catalog(g);
	const struct ai_enemy	*e;
	const struct shot	*s;
	struct command		 c;
	size_t			 i;
	int			 keep = hide, self = ai_kit_self_tu(g, u), tu;

	if (self > 0 && u->damage > 0 && hide + self <= u->tu)
		keep += self;
	for (i = 0; i < menu->n; ) {
		c = menu->v[i].c;
		tu = -1;
		if (c.type == CMD_SHOOT && c.hand >= 0 && c.hand < HAND_COUNT &&
		    u->hands[c.hand].item >= 0 && (e = ai_know_enemy(ai,
		    c.target)) != NULL && (s = item_shot(&cat->items[
		    u->hands[c.hand].item], c.mode)) != NULL)
			tu = s->tu + game_turn_cost(u, game_direction(u->pos,
			    e->pos));
		if (tu >= 0 && tu <= u->tu - keep)
			i++;
		else
			menu->v[i] = menu->v[--menu->n];
	}
	ai_command_init(&c, CMD_MOVE, unit);
	c.pos = to;
	ai_menu_add(ai, menu, AI_KILL_BONUS + (u->stats[STAT_HTH] -
	    u->damage) * 100, &c, "pull back to %d,%d L%d (%d TU), out of "
	    "the sight of the %d known enem%s that could shoot it: badly "
	    "hurt, %d of %d HTH lost%s", to.x + 1, to.y + 1, to.z + 1, hide,
	    exposed, exposed == 1 ? "y" : "ies", u->damage,
	    u->stats[STAT_HTH], keep > hide ? ", to treat itself there" : "");
}

/* One decision for one unit: false when it has nothing worth doing. */
static bool
ai_play_unit(struct ai *ai, const struct game *g, int unit,
    struct command *out)
{
	const struct unit	*u = game_unit(g, unit);
	struct ai_menu		 menu;
	const struct ai_choice	*best, *next;
	struct pos		 to;
	int			 hide, exposed = 0;

	/* RULINGS §5: fallen on, it must stand before it moves or fires. */
	ai_command_init(out, CMD_STAND, unit);
	if (u->prone && game_check(g, out, NULL) == 0) {
		ai_say(ai, "%s: stand up: prone, something fell on it", u->id);
		return true;
	}
	menu.n = menu.weighed = 0;
	ai_sort_enemies(ai, u->pos);
	hide = ai_pull_back(ai, g, unit, &to, &exposed);
	ai_attack_options(ai, g, unit, &menu);
	if (ai->opt.level == AI_HARD)
		ai_hard_targets(ai, g, unit, &menu);
	ai_kit_options(ai, g, unit, &menu);
	if (hide >= 0)
		ai_pull_back_options(ai, g, unit, &menu, hide, to, exposed);
	best = ai_menu_vetted(ai, g, &menu);
	/*
	 * Hard: the phase planned whole, unless a blow, a grenade, a mind,
	 * a kit or a shot at an enemy that may fire on ours (ai-hard.c) is
	 * worth more than all the plan gains; not while hurt and in sight.
	 */
	if (hide < 0 && ai->params->plan && ai_plan_next(ai, g, unit,
	    best == NULL ? 0 : best->c.type == CMD_SHOOT ?
	    ai_hard_rival(ai, g, unit, best) : best->value, out)) {
		if (out->type == CMD_MOVE)
			ai->moves[unit]++;
		else
			ai->moves[unit] = AI_MAX_MOVES;
		return true;
	}

	if (hide < 0) {
		ai_kneel_to_shoot(ai, g, unit, &menu, best);
		if (ai->moves[unit] < AI_MAX_MOVES)
			ai_move_options(ai, g, unit, &menu);
		ai_door_options(ai, g, unit, &menu);
		ai_wait_options(ai, g, unit, &menu);
	}
	if ((best = ai_menu_vetted(ai, g, &menu)) == NULL)
		return false;
	*out = best->c;
	next = ai_menu_best(&menu, best);
	if (next != NULL)
		ai_say(ai, "%s: %s; %zu options weighed, next best: %s",
		    u->id, best->what, menu.weighed, next->what);
	else
		ai_say(ai, "%s: %s; %zu options weighed", u->id, best->what,
		    menu.weighed);
	if (out->type == CMD_MOVE)
		ai->moves[unit]++;
	/*
	 * Knelt or attacked: it fights from here now, no shuffling; but a
	 * badly hurt unit may still fire and then pull back.
	 */
	if ((out->type == CMD_KNEEL || out->type == CMD_SHOOT ||
	    out->type == CMD_PRIME || out->type == CMD_PSI ||
	    out->type == CMD_DRAW || out->type == CMD_STOW ||
	    out->type == CMD_HEAL) &&
	    !ai_hurt(ai, g, unit))
		ai->moves[unit] = AI_MAX_MOVES;
	if (out->type == CMD_THROW && ai->nblasts < AI_MAX_BLASTS) {
		const struct item_type *it = &game_catalog(g)->items[
		    u->hands[out->hand].item];
		int step = game_splash_step(&it->damage);

		ai->blasts[ai->nblasts].centre = out->pos;
		ai->blasts[ai->nblasts++].radius = step > 0 ?
		    it->damage.amount / step : 0;
	}
	return true;
}

/*
 * RULINGS §6.5: a unit's standing reaction order, proposed when it
 * differs from what ai_react_order() wants for the weapon in hand: first
 * in the phase (a phase the engine ends by itself once no TUs are left
 * gives no later chance), again as the AI is done with the unit (it may
 * have drawn another weapon), and before `end`.  Not for units held by
 * mind control: the order would outlast the hold.
 */
static bool
ai_react_order_for(struct ai *ai, const struct game *g, int unit,
    struct command *out)
{
	const struct unit	*u = game_unit(g, unit);
	int			 min, friends;

	if (u->controller != ai->side || u->side != ai->side ||
	    u->status == UNIT_DEAD)
		return false;
	ai_react_order(g, unit, &min, &friends);
	if (u->react_min == min && u->react_friends == friends)
		return false;
	ai_command_init(out, CMD_REACT, unit);
	out->kind = min;
	out->friends = friends;
	if (ai_was_refused(ai, out))
		return false;
	if (friends == UNIT_REACT_NEVER)
		ai_say(ai, "%s: react at %d %% or more, never through or onto "
		    "a friend (an explosive round)", u->id, min);
	else
		ai_say(ai, "%s: react at %d %% or more, through a friend only "
		    "at %d %%", u->id, min, friends);
	return true;
}

/*
 * An enemy whose mind the side holds acts before the side's own units:
 * its TUs are the side's only until the end of its next phase, and what
 * it sees from among its friends may give them more to attack.
 */
static bool
ai_taken_first(const struct ai *ai, const struct game *g, int unit)
{
	return ai->params->minds && game_unit(g, unit)->side != ai->side;
}

void
ai_play_next(struct ai *ai, const struct game *g, struct command *out)
{
	size_t	n = game_nunits(g), i;
	int	unit;

	ai->params = &ai_level_params[ai->opt.level];
	for (i = 0; i < n; i++)
		if (ai_react_order_for(ai, g, (int)i, out))
			return;
	for (;;) {
		unit = ai->focus;
		if ((unit < 0 || (size_t)unit >= n || ai->done[unit] ||
		    !ai_own(ai, g, unit)) && ai->opt.level == AI_HARD)
			unit = ai_hard_pick(ai, g);
		if (unit < 0 || (size_t)unit >= n || ai->done[unit] ||
		    !ai_own(ai, g, unit)) {
			unit = -1;
			for (i = 0; i < n; i++) {
				if (ai->done[i] || !ai_own(ai, g, (int)i))
					continue;
				if (unit < 0)
					unit = (int)i;
				if (ai_taken_first(ai, g, (int)i)) {
					unit = (int)i;
					break;
				}
			}
		}
		if (unit < 0)
			break;
		ai->focus = unit;
		if (ai_play_unit(ai, g, unit, out))
			return;
		ai->done[unit] = true;
		if (ai_react_order_for(ai, g, unit, out))
			return;
	}
	for (i = 0; i < n; i++)
		if (ai_react_order_for(ai, g, (int)i, out))
			return;
	ai_command_init(out, CMD_END, -1);
	ai_say(ai, "end: every unit has done what it usefully can");
}
