/*
 * load-map-scenario.c - a map file's scenario, rules and sides: the
 * mission and its options (§2.3, RULINGS §2.3), house rules, deployment
 * zones, secret missions, budgets, and the checks of what a mission needs.
 */
#include <stdlib.h>
#include <string.h>

#include "ydoc.h"
#include "load-map-int.h"
#include "xtac/util.h"

/* --- scenario, rules, sides ----------------------------------------------- */

/*
 * RULINGS §2.3: "the map's craft loses walls as the scenario lists them".
 *   lost-walls: [{at: [x, y, level], side: n}, ...]
 * Each must be a wall, window or door on that side of the square: it is
 * open ground from the start.
 */
static void
load_lost_walls(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = { "at", "side", NULL };
	static const char *const sides[] = { "n", "e", "s", "w" };
	static const enum dir dirs[] = { DIR_N, DIR_E, DIR_S, DIR_W };
	struct map	*m = l->s->map;
	struct edge	*e;
	struct pos	 p;
	size_t		 i;
	int		 k;

	if (!ynode_expect(n, YNODE_SEQ, l->d, "lost-walls"))
		return;
	if (l->s->mission != MISSION_CRASHED) {
		diag_error(l->d, n->line, n->col, "%s", "only a crashed craft "
		    "loses walls (mission: crashed)");
		return;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *w = n->items[i];

		if (!ynode_expect(w, YNODE_MAP, l->d, "a lost wall"))
			continue;
		ymap_check_keys(w, keys, l->d, "a lost wall");
		if (!ymap_require(w, "at", l->d, "a lost wall") ||
		    !ymap_require(w, "side", l->d, "a lost wall") ||
		    !load_pos(l, ymap_get(w, "at"), true, "at", &p) ||
		    !load_pos_on_map(l, ymap_get(w, "at"), p, "at") ||
		    (k = yscalar_enum(ymap_get(w, "side"), sides, 4, l->d,
		    "side")) < 0)
			continue;
		e = map_edge(m, p, dirs[k]);
		if (e->kind == EDGE_OPEN) {
			diag_error(l->d, w->line, w->col, "no wall stands on "
			    "the %s side of %d,%d L%d to lose", sides[k],
			    p.x + 1, p.y + 1, p.z + 1);
			continue;
		}
		memset(e, 0, sizeof *e);
		e->kind = EDGE_OPEN;
	}
}

void
load_scenario_options(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"mission", "night", "tech-level", "side", "crash-roll",
		"lost-walls", "deployment", NULL
	};
	struct scenario		*s = l->s;
	const struct ynode	*v;
	int			 k;

	if (!ynode_expect(n, YNODE_MAP, l->d, "scenario"))
		return;
	ymap_check_keys(n, keys, l->d, "scenario");
	if ((v = ymap_get(n, "mission")) != NULL &&
	    (k = yscalar_enum(v, mission_names, MISSION_COUNT, l->d,
	    "mission")) >= 0)
		s->mission = (enum mission)k;
	if ((v = ymap_get(n, "night")) != NULL)
		yscalar_bool(v, l->d, "night", &s->night);
	if ((v = ymap_get(n, "tech-level")) != NULL)
		yscalar_int(v, l->d, 1, 4, "tech-level", &s->tech_level);
	if ((v = ymap_get(n, "deployment")) != NULL)
		yscalar_bool(v, l->d, "deployment", &s->deployment);
	if ((v = ymap_get(n, "side")) != NULL) {
		if ((k = load_side(l, v)) >= 0)
			s->mission_side = (enum side)k;
	} else if (s->mission == MISSION_CRASHED)
		diag_error(l->d, n->line, n->col, "%s", "a crashed-craft "
		    "mission names the side that crashed (side: xcom or "
		    "alien)");
	else if (scenario_mission_secret(s->mission))
		diag_error(l->d, n->line, n->col, "a %s mission names the "
		    "side that has it (side: xcom or alien)",
		    mission_names[s->mission]);
	if ((v = ymap_get(n, "lost-walls")) != NULL && l->map_ok)
		load_lost_walls(l, v);
	if ((v = ymap_get(n, "crash-roll")) != NULL &&
	    (k = yscalar_enum(v, crash_roll_names, CRASH_COUNT, l->d,
	    "crash-roll")) >= 0) {
		if (s->mission != MISSION_CRASHED && k != CRASH_NONE)
			diag_error(l->d, v->line, v->col, "%s", "a crash roll "
			    "needs a crashed-craft mission (mission: crashed)");
		else
			s->crash_roll = (enum crash_roll)k;
	}
}

void
load_rules(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"free-unit-switching", "vision-cone", "melee-flat-tu",
		"ai-omniscient", "civilians-steered", "psi-own-sight",
		"walk-on-sighting", NULL
	};
	struct house_rules	*r = &l->s->rules;
	bool			*flags[] = {
		&r->free_unit_switching, &r->vision_cone, &r->melee_flat_tu,
		&r->ai_omniscient, &r->civilians_steered, &r->psi_own_sight,
		&r->walk_on_sighting
	};
	size_t			 i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "rules"))
		return;
	ymap_check_keys(n, keys, l->d, "rules");
	for (i = 0; i < XTAC_NITEMS(flags); i++) {
		const struct ynode *v = ymap_get(n, keys[i]);

		if (v != NULL)
			yscalar_bool(v, l->d, keys[i], flags[i]);
	}
}

static void
load_zones(struct load *l, const struct ynode *n, const char *what,
    struct zone **zones, size_t *nzones)
{
	static const char *const keys[] = { "from", "to", NULL };
	size_t	i;

	if (!ynode_expect(n, YNODE_SEQ, l->d, what))
		return;
	if (n->n > LOAD_MAX_ZONES) {
		diag_error(l->d, n->line, n->col, "more than %d deployment "
		    "zones", LOAD_MAX_ZONES);
		return;
	}
	for (i = 0; i < n->n; i++) {
		const struct ynode *e = n->items[i];
		struct zone z;

		if (!ynode_expect(e, YNODE_MAP, l->d, "a deployment zone"))
			continue;
		ymap_check_keys(e, keys, l->d, "a deployment zone");
		if (!ymap_require(e, "from", l->d, "a deployment zone") ||
		    !ymap_require(e, "to", l->d, "a deployment zone") ||
		    !load_pos(l, ymap_get(e, "from"), true, "from", &z.from) ||
		    !load_pos(l, ymap_get(e, "to"), true, "to", &z.to))
			continue;
		if (!load_pos_on_map(l, ymap_get(e, "from"), z.from,
		    "deployment zone corner") || !load_pos_on_map(l,
		    ymap_get(e, "to"), z.to, "deployment zone corner"))
			continue;
		*zones = xreallocarray(*zones, *nzones + 1, sizeof **zones);
		(*zones)[(*nzones)++] = z;
	}
}

/*
 * §2.3 Missions: a side's secret mission and its targets.
 *   secret: {mission: random, sabotage: [x, y, level], capture-unit: ID,
 *            capture-ship: BUILDING, capture-technology: ITEM,
 *            craft: [{from: ..., to: ...}]}
 * Checks that need the units come later (load_check_missions).
 */
static void
load_secret(struct load *l, const struct ynode *n, enum side side,
    struct secret_setup *sec)
{
	static const char *const keys[] = {
		"mission", "sabotage", "capture-unit", "capture-ship",
		"capture-technology", "craft", NULL
	};
	static const char *const choices[] = {
		"random", "sabotage", "capture-unit", "capture-ship",
		"capture-technology"
	};
	static const enum mission chosen[] = {
		MISSION_ASSAULT, MISSION_SABOTAGE, MISSION_CAPTURE_UNIT,
		MISSION_CAPTURE_SHIP, MISSION_CAPTURE_TECH
	};
	const struct scenario	*s = l->s;
	const struct map	*m = s->map;
	const struct ynode	*v, *mn;
	const char		**names;
	size_t			 i;
	int			 k;

	sec->present = true;
	sec->ship = sec->technology = -1;
	/* A scenario-wide secret mission is the named side's (§2.3). */
	if (scenario_mission_secret(s->mission) && s->mission_side == side)
		sec->mission = s->mission;
	if (!ynode_expect(n, YNODE_MAP, l->d, "secret"))
		return;
	ymap_check_keys(n, keys, l->d, "secret");
	k = 0;
	if ((mn = ymap_get(n, "mission")) != NULL &&
	    (k = yscalar_enum(mn, choices, XTAC_NITEMS(choices), l->d,
	    "secret mission")) >= 0) {
		if (scenario_mission_secret(s->mission) &&
		    s->mission_side == side && chosen[k] != s->mission)
			diag_error(l->d, mn->line, mn->col, "the scenario "
			    "gives %s the %s mission; this says %s",
			    side_names[side], mission_names[s->mission],
			    choices[k]);
		else
			sec->mission = chosen[k];
	}
	if ((v = ymap_get(n, "sabotage")) != NULL &&
	    load_pos(l, v, true, "sabotage", &sec->sabotage_at) &&
	    load_pos_on_map(l, v, sec->sabotage_at, "sabotage")) {
		if (l->map_ok && map_square(m, sec->sabotage_at)->object ==
		    OBJECT_NONE)
			diag_error(l->d, v->line, v->col, "no object stands "
			    "at %d,%d L%d to sabotage", sec->sabotage_at.x + 1,
			    sec->sabotage_at.y + 1, sec->sabotage_at.z + 1);
		else
			sec->sabotage = true;
	}
	if ((v = ymap_get(n, "capture-unit")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, l->d, "capture-unit")) {
		if (strlen(v->text) >= sizeof sec->unit)
			diag_error(l->d, v->line, v->col, "unit id '%s' is "
			    "longer than %zu characters", v->text,
			    sizeof sec->unit - 1);
		else
			snprintf(sec->unit, sizeof sec->unit, "%s", v->text);
	}
	if ((v = ymap_get(n, "capture-ship")) != NULL && l->map_ok) {
		names = xcalloc(m->nbuildings + 1, sizeof *names);
		for (i = 0; i < m->nbuildings; i++)
			names[i] = m->buildings[i].name;
		if (m->nbuildings == 0)
			diag_error(l->d, v->line, v->col, "%s", "capture-ship "
			    "names a building, and this map has none");
		else
			sec->ship = yscalar_enum(v, names, m->nbuildings,
			    l->d, "capture-ship");
		free(names);
	}
	if ((v = ymap_get(n, "capture-technology")) != NULL &&
	    (k = load_item(l, v, "capture-technology")) >= 0)
		sec->technology = k;
	if ((v = ymap_get(n, "craft")) != NULL)
		load_zones(l, v, "craft", &sec->craft, &sec->ncraft);
	/* The mission named needs its target; a draw needs one at least. */
	v = mn != NULL ? mn : n;
	if ((sec->mission == MISSION_SABOTAGE && !sec->sabotage) ||
	    (sec->mission == MISSION_CAPTURE_UNIT && sec->unit[0] == '\0') ||
	    (sec->mission == MISSION_CAPTURE_SHIP && sec->ship < 0 &&
	    ymap_get(n, "capture-ship") == NULL) ||
	    (sec->mission == MISSION_CAPTURE_TECH && sec->technology < 0 &&
	    ymap_get(n, "capture-technology") == NULL))
		diag_error(l->d, v->line, v->col, "a %s mission needs its "
		    "target: '%s: ...' in the secret block",
		    mission_names[sec->mission], mission_names[sec->mission]);
	else if (sec->mission == MISSION_ASSAULT && k >= 0 &&
	    ymap_get(n, "sabotage") == NULL &&
	    ymap_get(n, "capture-unit") == NULL &&
	    ymap_get(n, "capture-ship") == NULL &&
	    ymap_get(n, "capture-technology") == NULL)
		diag_error(l->d, v->line, v->col, "%s", "a secret mission "
		    "drawn at random needs at least one target (sabotage, "
		    "capture-unit, capture-ship or capture-technology)");
}

void
load_sides(struct load *l, const struct ynode *n)
{
	static const char *const keys[] = {
		"control", "budget", "deploy", "objective", "secret",
		"squad", NULL
	};
	size_t	i;

	if (!ynode_expect(n, YNODE_MAP, l->d, "sides"))
		return;
	l->sides_declared = true;
	for (i = 0; i < n->n; i++) {
		const struct ynode *v = n->items[i], *f;
		struct side_setup *side;
		int k = load_side(l, n->keys[i]), c;

		if (k < 0 || v == NULL)
			continue;
		side = &l->s->sides[k];
		side->present = true;
		side->control = k == SIDE_CIVILIAN ? CONTROL_ENGINE :
		    CONTROL_HUMAN;
		if (yscalar_is_null(v))
			continue;
		if (!ynode_expect(v, YNODE_MAP, l->d, "a side"))
			continue;
		ymap_check_keys(v, keys, l->d, "a side");
		if ((f = ymap_get(v, "control")) != NULL &&
		    (c = yscalar_enum(f, control_names, CONTROL_COUNT, l->d,
		    "control")) >= 0) {
			if ((c == CONTROL_ENGINE) != (k == SIDE_CIVILIAN))
				diag_error(l->d, f->line, f->col, "%s",
				    "only civilians are engine-controlled "
				    "(\xc2\xa7" "3.4), and they always are");
			else
				side->control = (enum control)c;
		}
		if ((f = ymap_get(v, "budget")) != NULL)
			yscalar_int(f, l->d, 0, 100000, "budget",
			    &side->budget);
		if ((f = ymap_get(v, "deploy")) != NULL)
			load_zones(l, f, "deploy", &side->zones,
			    &side->nzones);
		if ((f = ymap_get(v, "secret")) != NULL)
			load_secret(l, f, (enum side)k, &side->secret);
		if ((f = ymap_get(v, "objective")) != NULL &&
		    ynode_expect(f, YNODE_SCALAR, l->d, "objective")) {
			/* A side given twice: the last one says. */
			free(side->objective);
			side->objective = xstrdup(f->text);
		}
		if ((f = ymap_get(v, "squad")) != NULL &&
		    ynode_expect(f, YNODE_SCALAR, l->d, "squad")) {
			free(side->squad);
			side->squad = xstrdup(f->text);
		}
	}
}

void
load_check_budgets(struct load *l, const struct ynode *sides)
{
	int	side;

	for (side = 0; side < SIDE_COUNT; side++) {
		const struct side_setup *ss = &l->s->sides[side];
		const struct ynode *sn, *bn;
		int points, budget;

		if (!ss->present || ss->budget <= 0)
			continue;
		points = scenario_side_points(l->s, (enum side)side);
		budget = scenario_side_budget(l->s, (enum side)side);
		if (points <= budget)
			continue;
		sn = ymap_get(sides, side_names[side]);
		bn = ymap_get(sn, "budget");
		if (bn == NULL)
			bn = sides;
		diag_error(l->d, bn->line, bn->col, "%s spends %d points, "
		    "over its budget of %d%s (\xc2\xa7" "3.1.2)",
		    side_names[side], points, budget,
		    budget != ss->budget ? " after the crash's 20 % loss" :
		    "");
	}
}

/*
 * Where to point a message: the node, or (a duplicate key having hidden
 * it; that was reported already) the fallback.
 */
static const struct ynode *
load_node_or(const struct ynode *n, const struct ynode *fallback)
{
	return n != NULL ? n : fallback;
}

/*
 * §2.3 and RULINGS §2.3: what a mission needs of the units: civilians for
 * a terror site; for a secret mission, an enemy to capture, no unit of its
 * own side taking the technology in, and a craft to bring things back to
 * (its deployment zones unless it names one).
 */
/* Whether the map's own units include one of an enemy side of side's. */
static bool
load_fields_enemy(const struct scenario *s, enum side side)
{
	size_t	i;

	for (i = 0; i < s->nunits; i++)
		if (s->units[i].side != side &&
		    s->units[i].side != SIDE_CIVILIAN)
			return true;
	return false;
}

void
load_check_missions(struct load *l, const struct ynode *root)
{
	struct scenario		*s = l->s;
	const struct ynode	*sides = ymap_get(root, "sides"), *sn, *sec;
	const struct ynode	*v, *cr;
	size_t			 i;
	int			 side, n;

	v = load_node_or(ymap_get(ymap_get(root, "scenario"), "mission"),
	    root);
	if (s->mission == MISSION_TERROR) {
		for (i = 0, n = 0; i < s->nunits; i++)
			n += s->units[i].side == SIDE_CIVILIAN;
		if (n == 0)
			diag_error(l->d, v->line, v->col, "%s", "a terror "
			    "mission needs civilians on the map (\xc2\xa7"
			    "2.3): units of side civilian");
	}
	/*
	 * The crash strikes before anyone deploys, so it needs every unit on
	 * its square already.
	 */
	for (i = 0; s->crash_roll != CRASH_NONE && i < s->nunits; i++)
		if (!s->units[i].fixed) {
			cr = load_node_or(ymap_get(ymap_get(root, "scenario"),
			    "crash-roll"), root);
			diag_error(l->d, cr->line, cr->col, "a crash roll needs "
			    "every unit at its square (at:): %s is deployed",
			    s->units[i].id);
			break;
		}
	if (scenario_mission_secret(s->mission) &&
	    !s->sides[s->mission_side].secret.present)
		diag_error(l->d, v->line, v->col, "the %s mission's target "
		    "goes in sides: %s: secret:", mission_names[s->mission],
		    side_names[s->mission_side]);
	for (side = 0; side < SIDE_COUNT; side++) {
		struct side_setup	*ss = &s->sides[side];
		struct secret_setup	*sc = &ss->secret;

		if (!sc->present)
			continue;
		sn = load_node_or(ymap_get(sides, side_names[side]), root);
		sec = load_node_or(ymap_get(sn, "secret"), sn);
		if (side == SIDE_CIVILIAN) {
			diag_error(l->d, sec->line, sec->col, "%s", "civilians "
			    "have no secret mission (\xc2\xa7" "2.3)");
			continue;
		}
		if (sc->unit[0] != '\0') {
			v = load_node_or(ymap_get(sec, "capture-unit"), sec);
			for (i = 0; i < s->nunits; i++)
				if (strcmp(s->units[i].id, sc->unit) == 0)
					break;
			/*
			 * A map that fields no enemy of the side leaves them
			 * to a squad, which must field the unit (its check,
			 * load-squad.c).
			 */
			if (i == s->nunits && load_fields_enemy(s,
			    (enum side)side))
				diag_error(l->d, v->line, v->col, "no unit "
				    "'%s' to capture", sc->unit);
			else if (i < s->nunits && (s->units[i].side == (enum side)side ||
			    s->units[i].side == SIDE_CIVILIAN))
				diag_error(l->d, v->line, v->col, "%s is not "
				    "an enemy of %s: capture an enemy unit "
				    "(\xc2\xa7" "2.3)", sc->unit,
				    side_names[side]);
		}
		if (sc->technology >= 0) {
			v = load_node_or(ymap_get(sec, "capture-technology"),
			    sec);
			for (i = 0; i < s->nunits; i++)
				if (s->units[i].side == (enum side)side &&
				    load_unit_has_item(&s->units[i],
				    sc->technology))
					diag_error(l->d, v->line, v->col, "%s "
					    "carries %s, the technology %s is "
					    "to capture: it can not be taken "
					    "in (\xc2\xa7" "2.3)",
					    s->units[i].id, load_item_id(l,
					    sc->technology), side_names[side]);
		}
		if (sc->ncraft == 0 && ss->nzones > 0) {
			sc->craft = xcalloc(ss->nzones, sizeof *sc->craft);
			memcpy(sc->craft, ss->zones, ss->nzones *
			    sizeof *sc->craft);
			sc->ncraft = ss->nzones;
		}
		if (sc->ncraft == 0 && (sc->unit[0] != '\0' ||
		    sc->technology >= 0))
			diag_error(l->d, sec->line, sec->col, "%s", "capturing "
			    "a unit or technology needs a craft to bring it "
			    "back to: 'craft:' zones, or the side's 'deploy:'");
	}
}
