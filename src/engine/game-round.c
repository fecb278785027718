/*
 * game-round.c - rounds and phases (§2.2, RULINGS §2.2): who is left,
 * initiative, the start of a round (a crashed craft's head start, TUs
 * back, the state hash a replay checks), the start and end of a phase, and
 * the end of a round (Celatids, smoke and fire, stun wearing off).
 */
#include <stdlib.h>

#include "game-int.h"
#include "xtac/know.h"
#include "xtac/util.h"

bool
game_side_alive(const struct game *g, int side)
{
	size_t	i;

	for (i = 0; i < g->nunits; i++)
		if (g->units[i].controller == (enum side)side &&
		    g->units[i].status == UNIT_ACTIVE)
			return true;
	return false;
}

/*
 * Order `sides` by d10, highest first; ties re-roll among the tied only,
 * and the re-roll orders them within their place.
 */
static void
game_initiative(struct game *g, int *sides, int n, int depth)
{
	int	roll[SIDE_COUNT], i, j;

	for (i = 0; i < n; i++) {
		struct event *e = event_push(g->ev, EV_INITIATIVE);

		roll[i] = game_roll(g, 10, "initiative of %s%s: d10, the "
		    "highest moves first", side_names[sides[i]],
		    depth > 0 ? " (a tie re-rolled)" : "");
		event_str(e, "side", side_names[sides[i]]);
		event_int(e, "d10", roll[i]);
		if (depth > 0)
			event_bool(e, "reroll", true);
	}
	for (i = 1; i < n; i++)	/* insertion sort, stable, descending */
		for (j = i; j > 0 && roll[j] > roll[j - 1]; j--) {
			int t = roll[j]; roll[j] = roll[j - 1]; roll[j - 1] = t;
			t = sides[j]; sides[j] = sides[j - 1]; sides[j - 1] = t;
		}
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && roll[j] == roll[i]; j++)
			;
		if (j - i > 1)
			game_initiative(g, sides + i, j - i, depth + 1);
	}
}

static void
game_start_phase(struct game *g)
{
	int		 side = g->order[g->phase];
	struct event	*e;
	size_t		 i;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		if (u->controller != (enum side)side)
			continue;
		u->acted = u->turn_over = u->half_turned = false;
		u->last_weapon = -1;
		/* Each free phase of a head start is a full turn. */
		if (g->head_start && u->status == UNIT_ACTIVE)
			u->tu = u->stats[STAT_TU];
	}
	g->selected = -1;
	e = event_push(g->ev, EV_PHASE_START);
	event_int(e, "round", g->round);
	event_str(e, "side", side_names[side]);
	game_psi_phase_start(g, (enum side)side);
}

void
game_start_round(struct game *g)
{
	struct event	*e;
	size_t		 i;
	int		 side;

	/*
	 * §2.3, RULINGS §2.3: the side whose craft crashed gets two phases
	 * before round 1, played as a round 0 of its own.
	 */
	g->head_start = g->round == 0 && !g->head_start &&
	    g->scenario->mission == MISSION_CRASHED &&
	    game_side_alive(g, g->scenario->mission_side);
	if (!g->head_start)
		g->round++;
	e = event_push(g->ev, EV_ROUND_START);
	event_int(e, "round", g->round);
	{
		/*
		 * The state as the round begins: a replay that diverges shows
		 * it at the first round whose hash differs.
		 */
		char *hash = xasprintf("%016llx",
		    (unsigned long long)game_hash(g));
		event_text(e, "hash", hash);
		free(hash);
		/* Each side's hash of what it knows, as the round begins. */
		know_stamp(g);
	}
	/* RULINGS §2.2: every unit's TUs come back at the round's start. */
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].status == UNIT_ACTIVE)
			g->units[i].tu = g->units[i].stats[STAT_TU];
	g->norder = 0;
	if (g->head_start) {
		g->order[g->norder++] = g->scenario->mission_side;
		g->order[g->norder++] = g->scenario->mission_side;
		event_str(e, "head_start", side_names[
		    g->scenario->mission_side]);
	} else {
		for (side = 0; side < SIDE_COUNT; side++)
			if (side != SIDE_CIVILIAN && game_side_alive(g, side))
				g->order[g->norder++] = side;
		game_initiative(g, g->order, g->norder, 0);
	}
	g->phase = 0;
	if (g->norder > 0)
		game_start_phase(g);
}

/*
 * RULINGS §7.4: at the end of each round smoke deals 10 ST to every unit in
 * it, fire 20 IN (to the underside) and 10 ST to every unit in it that does
 * not fly; then both burn down a round.
 */
static void
game_smoke_and_fire(struct game *g)
{
	static const struct damage	 smoke = { 10, DMG_ST, 0 };
	static const struct damage	 burn = { 20, DMG_IN, 0 };
	const struct map		*m = g->map;
	size_t				 i, n;
	int				 dx, dy;

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		bool in_smoke = false, in_fire = false;

		if (u->status == UNIT_DEAD)
			continue;
		for (dy = 0; dy < u->t->size; dy++)
			for (dx = 0; dx < u->t->size; dx++) {
				struct pos p = { u->pos.x + dx, u->pos.y + dy,
				    u->pos.z };
				size_t k;

				if (!map_contains(m, p))
					continue;
				k = ((size_t)p.z * m->height + p.y) *
				    m->width + p.x;
				in_smoke |= g->smoke[k] > 0 || g->fire[k] > 0;
				in_fire |= g->fire[k] > 0;
			}
		if (in_fire && !(u->status == UNIT_ACTIVE &&
		    unit_flies(g->cat, u))) {
			game_damage(g, (int)i, -1, (struct pos){ u->pos.x,
			    u->pos.y, u->pos.z - 1 }, &burn);
			game_damage(g, (int)i, -1, u->pos, &smoke);
		} else if (in_smoke)
			game_damage(g, (int)i, -1, u->pos, &smoke);
	}
	n = (size_t)m->width * m->height * m->levels;
	for (i = 0; i < n; i++) {
		if (g->smoke[i] == 0 && g->fire[i] == 0)
			continue;
		if (g->smoke[i] > 0)
			g->smoke[i]--;
		if (g->fire[i] > 0)
			g->fire[i]--;
		know_changed(g, i);
	}
}

/* RULINGS §2.2: end of a round: timers count down. */
static void
game_end_round(struct game *g)
{
	size_t	i;

	game_grenades_round_end(g);
	game_zombies_round_end(g);
	game_celatids_round_end(g);
	game_smoke_and_fire(g);
	if (g->nblasts > 0)
		game_run_explosions(g);

	for (i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];

		if (u->status == UNIT_DEAD)
			continue;
		u->stun = u->stun > 5 ? u->stun - 5 : 0;
		/*
		 * §7.2.1: wakes when stun falls below the HTH left, whatever
		 * knocked it out (a unit at exactly its HTH in damage lies
		 * until healed: game_wake says so).
		 */
		game_wake(g, (int)i);
	}
	game_carry_check(g);
	game_field_refresh(g);
	game_vis_update(g, true);
}

void
game_end_phase(struct game *g)
{
	struct event	*e = event_push(g->ev, EV_PHASE_END);

	event_int(e, "round", g->round);
	event_str(e, "side", side_names[g->order[g->phase]]);
	game_psi_phase_end(g, (enum side)g->order[g->phase]);
	game_grenades_phase_end(g);
	game_civilians(g);
	game_doors_close(g);
	for (;;) {
		if (++g->phase >= g->norder) {
			game_end_round(g);
			game_check_victory(g);
			if (g->over)
				return;
			game_start_round(g);
			return;
		}
		/* A side knocked out during the round loses its phase. */
		if (game_side_alive(g, g->order[g->phase]))
			break;
	}
	game_start_phase(g);
}

/* RULINGS §2.2: the phase ends by itself when no unit can act. */
void
game_auto_end_phase(struct game *g)
{
	int	side;
	size_t	i;

	while (!g->over && g->norder > 0) {
		side = g->order[g->phase];
		for (i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];

			if (u->controller == (enum side)side &&
			    u->status == UNIT_ACTIVE && u->tu > 0 &&
			    !u->turn_over)
				return;
		}
		game_end_phase(g);
	}
}
