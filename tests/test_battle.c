/*
 * test_battle.c - the battle runner (battle.h) behind `xtac sim` and `make
 * bench`: a battle ends with a winner (RULINGS §2.3: the last side with a
 * unit standing) or at the round cap as a draw; the same seeds give the
 * same battle; and the tally credits each unit with the damage and the
 * kills the events show, the shooter's own and a reaction shot's (§6.5)
 * alike, a mind-controlled unit's going to its controller (§6.4); and the
 * mirrored measuring map is a true mirror; a battle played on from a
 * position leaves the position as it was.  Uses the shipped catalog
 * (units/) and forced dice.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "play.h"
#include "xtac/battle.h"
#include "xtac/load.h"
#include "xtac/util.h"

/* Two against two across FIELD_MAP (12 x 5 grass): they meet in a few
   rounds. */
#define TWO_A_SIDE							\
	"  - {id: a, side: xcom, type: troop, at: [1, 2, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"				\
	"  - {id: b, side: xcom, type: troop, at: [1, 4, 1], facing: e, "	\
	"right: rifle, belt: [rifle-clip]}\n"				\
	"  - {id: s, side: alien, type: sectoid, at: [12, 2, 1], "	\
	"facing: w, right: plasma-pistol}\n"				\
	"  - {id: z, side: alien, type: sectoid, at: [12, 4, 1], "	\
	"facing: w, right: plasma-pistol}\n"

/* 12 x 5 grass cut in two by a wall east of column 6. */
#define SPLIT_MAP							\
	"xtac-map: 1\nname: Split\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"				\
	"    |. . . . . .|. . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . .|. . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . .|. . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . .|. . . . . .|\n"				\
	"    + + + + + + + + + + + + +\n"				\
	"    |. . . . . .|. . . . . .|\n"				\
	"    +-+-+-+-+-+-+-+-+-+-+-+-+\n"

/* As the wall of test_reaction_* in test_game.c: a steps into s's view. */
#define REACT_MAP							\
	"xtac-map: 1\nname: React\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+-+-+\n"					\
	"    |. . . . . . . .|\n"					\
	"    + + + +-+ + + + +\n"					\
	"    |. . . .|. . . .|\n"					\
	"    +-+-+-+-+ + + + +\n"					\
	"    |. . . . . . . .|\n"					\
	"    +-+-+-+-+-+-+-+-+\n"

static struct scenario *
battle_scenario(struct t *t, const char *units)
{
	char		*yaml = xasprintf("%sunits:\n%s", FIELD_MAP, units);
	struct scenario	*s = fixture_scenario(yaml, t->cat);

	free(yaml);
	assert_non_null(s);
	return s;
}

/* Execute a command line and feed it to the tally; game_execute's result. */
static int
tally_do(struct t *t, struct battle_result *r, const char *line)
{
	struct command	 c;
	char		*cause = NULL;
	int		 rc;

	if (cmd_parse(t->g, line, &c, &cause) < 0) {
		fprintf(stderr, "cannot parse '%s': %s\n", line, cause);
		free(cause);
		fail();
	}
	event_list_clear(&t->ev);
	rc = game_execute(t->g, &c, &t->ev);
	if (rc == 0)
		battle_tally(r, t->g, &c, &t->ev);
	return rc;
}

static const struct battle_unit *
tally_unit(const struct t *t, const struct battle_result *r, const char *id)
{
	int	i = game_find_unit(t->g, id);

	assert_true(i >= 0 && (size_t)i < r->nunits);
	return &r->units[i];
}

/* --- the runner ----------------------------------------------------------- */

/* RULINGS §2.3: a battle ends with one side standing, or at the cap. */
static void
test_battle_ends(void **state)
{
	struct t		*t = *state;
	struct scenario		*s = battle_scenario(t, TWO_A_SIDE);
	struct battle_options	 o;
	struct battle_result	 r;
	char			*cause = NULL;
	uint64_t		 i;
	int			 won = 0;

	for (i = 0; i < 12; i++) {
		battle_options_for(&o, 77, i, AI_RANDOM, AI_RANDOM, 40);
		assert_int_equal(battle_play(s, &o, &r, &cause), 0);
		assert_int_equal(r.nunits, 4);
		assert_true(r.commands > 0);
		if (r.capped) {
			assert_int_equal(r.winner, GAME_NO_SIDE);
			assert_int_equal(r.rounds, 40);
		} else {
			size_t u, standing = 0;

			assert_true(r.rounds >= 1 && r.rounds <= 40);
			/* A draw only if both sides fell together. */
			if (r.winner != GAME_NO_SIDE)
				won++;
			for (u = 0; u < r.nunits; u++)
				if (!r.units[u].lost) {
					standing++;
					assert_int_equal(r.units[u].side,
					    r.winner);
				}
			assert_true(standing > 0 || r.winner == GAME_NO_SIDE);
		}
		battle_result_free(&r);
	}
	/* Two against two with rifles and pistols: most end in a win. */
	assert_true(won > 0);
	scenario_free(s);
}

/* A cap of one round stops a battle whose sides cannot meet. */
static void
test_battle_round_cap(void **state)
{
	struct t		*t = *state;
	struct battle_options	 o;
	struct battle_result	 r;
	struct scenario		*s;
	char			*cause = NULL, *yaml;

	/* A wall with no door from top to bottom: nobody sees, nobody
	   passes. */
	yaml = xasprintf("%sunits:\n%s", SPLIT_MAP, TWO_A_SIDE);
	s = fixture_scenario(yaml, t->cat);
	free(yaml);
	assert_non_null(s);
	battle_options_for(&o, 5, 0, AI_RANDOM, AI_RANDOM, 1);
	assert_int_equal(battle_play(s, &o, &r, &cause), 0);
	assert_true(r.capped);
	assert_int_equal(r.winner, GAME_NO_SIDE);
	assert_int_equal(r.rounds, 1);
	assert_false(r.units[0].lost);
	assert_false(r.units[2].lost);
	battle_result_free(&r);
	scenario_free(s);
}

/*
 * From a position (`xtac sim SAVE`): each battle is played on a copy with
 * dice of its own, so the position itself is left exactly as it was
 * (its hash and its journal); the same options give the same battle; and
 * a unit lost before the position is no loss of the battle played on.
 */
static void
test_battle_from_position(void **state)
{
	struct t		*t = *state;
	struct battle_options	 o;
	struct battle_result	 r, again;
	char			*cause = NULL;
	uint64_t		 hash, i;
	size_t			 journal;
	int			 s, rounds[8];
	bool			 differ = false;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle, belt: [rifle-clip]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 1, 1], "
	    "facing: w, right: plasma-pistol}\n");
	/* As test_tally_shot: a kills s, then the battles go on from here. */
	assert_int_equal(t_do(t, "dice 1"), 0);
	assert_int_equal(t_do(t, "shoot a s snap"), 0);
	s = game_find_unit(t->g, "s");
	hash = game_hash(t->g);
	journal = game_journal_length(t->g);
	for (i = 0; i < XTAC_NITEMS(rounds); i++) {
		battle_options_for(&o, 11, i, AI_RANDOM, AI_RANDOM, 40);
		assert_int_equal(battle_play_from(t->g, &o, &r, &cause), 0);
		assert_int_equal(game_hash(t->g), hash);
		assert_int_equal(game_journal_length(t->g), journal);
		assert_int_equal(r.nunits, 3);
		assert_true(r.rounds >= 1 && r.rounds <= 40);
		assert_true(r.commands > 0);
		assert_false(r.units[s].lost);
		assert_true(r.winner != SIDE_ALIEN ||
		    !r.units[game_find_unit(t->g, "z")].lost);
		rounds[i] = r.rounds * 100000 + (int)r.commands;
		if (i > 0 && rounds[i] != rounds[0])
			differ = true;
		assert_int_equal(battle_play_from(t->g, &o, &again, &cause),
		    0);
		assert_int_equal(again.winner, r.winner);
		assert_int_equal(again.rounds, r.rounds);
		assert_int_equal(again.commands, r.commands);
		assert_memory_equal(again.units, r.units,
		    r.nunits * sizeof *r.units);
		battle_result_free(&again);
		battle_result_free(&r);
	}
	/* Each game its own dice and AIs: not one battle eight times. */
	assert_true(differ);
	/* The position plays on as it would have. */
	assert_int_equal(t_do(t, "end"), 0);
}

/* The same options give the same battle, unit for unit. */
static void
test_battle_same_seed(void **state)
{
	struct t		*t = *state;
	struct scenario		*s = battle_scenario(t, TWO_A_SIDE);
	struct battle_options	 o;
	struct battle_result	 r1, r2;
	char			*cause = NULL;
	uint64_t		 i;
	size_t			 u;

	for (i = 0; i < 6; i++) {
		battle_options_for(&o, 1234, i, AI_RANDOM, AI_RANDOM, 30);
		assert_int_equal(battle_play(s, &o, &r1, &cause), 0);
		assert_int_equal(battle_play(s, &o, &r2, &cause), 0);
		assert_int_equal(r1.winner, r2.winner);
		assert_int_equal(r1.rounds, r2.rounds);
		assert_int_equal(r1.commands, r2.commands);
		assert_int_equal(r1.nunits, r2.nunits);
		for (u = 0; u < r1.nunits; u++) {
			assert_string_equal(r1.units[u].id, r2.units[u].id);
			assert_int_equal(r1.units[u].lost, r2.units[u].lost);
			assert_int_equal(r1.units[u].damage,
			    r2.units[u].damage);
			assert_int_equal(r1.units[u].kills, r2.units[u].kills);
		}
		assert_true(r1.commands > 0);
		battle_result_free(&r1);
		battle_result_free(&r2);
	}
	scenario_free(s);
}

/* Seeds depend on the run seed, the game's index and the stream only. */
static void
test_battle_seeds(void **state)
{
	struct battle_options	o1, o2;

	(void)state;
	assert_int_equal(battle_seed(1, 0, 0), battle_seed(1, 0, 0));
	assert_true(battle_seed(1, 0, 0) != battle_seed(1, 1, 0));
	assert_true(battle_seed(1, 0, 0) != battle_seed(2, 0, 0));
	assert_true(battle_seed(1, 0, 0) != battle_seed(1, 0, 1));
	battle_options_for(&o1, 9, 3, AI_NORMAL, AI_RANDOM, 30);
	battle_options_for(&o2, 9, 3, AI_NORMAL, AI_RANDOM, 30);
	assert_memory_equal(&o1, &o2, sizeof o1);
	assert_int_equal(o1.level[SIDE_XCOM], AI_NORMAL);
	assert_int_equal(o1.level[SIDE_ALIEN], AI_RANDOM);
	assert_true(o1.ai_seed[SIDE_XCOM] != o1.ai_seed[SIDE_ALIEN]);
	assert_true(o1.seed != o1.ai_seed[SIDE_XCOM]);
}

/* --- the tally -------------------------------------------------------------- */

struct tally_check {
	struct battle_result	 r;
	const struct game	*g;
	long			 damage;	/* every EV_DAMAGE's "damage" */
	long			 downs;		/* deaths, faints, implants */
};

static void
tally_collect(void *arg, const struct command *c, const char *reason,
    const struct event_list *ev)
{
	struct tally_check	*k = arg;
	size_t			 i;

	(void)reason;
	battle_tally(&k->r, k->g, c, ev);
	for (i = 0; i < ev->n; i++) {
		const struct event *e = &ev->v[i];

		if (e->type == EV_DAMAGE)
			k->damage += t_int(e, "damage");
		if (e->type == EV_DEATH || e->type == EV_UNCONSCIOUS)
			k->downs++;
		if (e->type == EV_TRANSFORM &&
		    strcmp(t_str(e, "into"), "zombie") == 0)
			k->downs++;
	}
}

/* Credited damage and kills never exceed what the events show, and a
   unit is lost exactly when it is out of action at the end. */
static void
test_tally_adds_up(void **state)
{
	struct t		*t = *state;
	struct tally_check	 k;
	struct ai_options	 ao;
	struct ai		*ai[2];
	long			 damage = 0, kills = 0, lost = 0;
	size_t			 u;
	int			 side;

	t_start(t, "", TWO_A_SIDE);
	memset(&k, 0, sizeof k);
	k.g = t->g;
	battle_tally_start(&k.r, t->g);
	for (side = 0; side < 2; side++) {
		memset(&ao, 0, sizeof ao);
		ao.level = AI_RANDOM;
		ao.seed = 40 + (uint64_t)side;
		ai[side] = ai_new(t->g, (enum side)side, &ao);
	}
	while (!game_over(t->g) && game_round(t->g) <= 40)
		ai_play_phase(ai[game_side_to_move(t->g)], t->g,
		    tally_collect, &k);
	battle_tally_finish(&k.r, t->g, !game_over(t->g));
	for (u = 0; u < k.r.nunits; u++) {
		const struct unit *gu = game_unit(t->g, (int)u);

		damage += k.r.units[u].damage;
		kills += k.r.units[u].kills;
		lost += k.r.units[u].lost;
		assert_int_equal(k.r.units[u].lost,
		    gu->status != UNIT_ACTIVE);
	}
	assert_true(damage > 0);
	assert_true(damage <= k.damage);
	assert_true(kills <= k.downs);
	assert_true(kills <= lost);
	assert_int_equal(k.r.winner, game_winner(t->g));
	for (side = 0; side < 2; side++)
		ai_free(ai[side]);
	battle_result_free(&k.r);
}

/* §6.1, §7.2: a rifle's 30 AP is 40 on a Sectoid (AP +10); it kills. */
static void
test_tally_shot(void **state)
{
	struct t			*t = *state;
	struct battle_result		 r;
	const struct event		*d;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [4, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: z, side: alien, type: sectoid, at: [12, 1, 1], "
	    "facing: w, right: plasma-pistol}\n");
	battle_tally_start(&r, t->g);
	assert_int_equal(tally_do(t, &r, "dice 1"), 0);
	assert_int_equal(tally_do(t, &r, "shoot a s snap"), 0);
	d = t_event(t, EV_DAMAGE, 0);
	assert_non_null(d);
	assert_int_equal(t_int(d, "damage"), 40);
	assert_non_null(t_event(t, EV_DEATH, 0));
	assert_int_equal(tally_unit(t, &r, "a")->damage, 40);
	assert_int_equal(tally_unit(t, &r, "a")->kills, 1);
	assert_int_equal(tally_unit(t, &r, "s")->damage, 0);
	/* Dead already: a second death would not be a second kill. */
	battle_tally_finish(&r, t->g, false);
	assert_true(tally_unit(t, &r, "s")->lost);
	assert_false(tally_unit(t, &r, "a")->lost);
	assert_false(tally_unit(t, &r, "z")->lost);
	assert_int_equal(tally_unit(t, &r, "s")->type,
	    game_unit(t->g, game_find_unit(t->g, "s"))->type);
	battle_result_free(&r);
}

/* §6.5: a reaction shot in the middle of a's move is s's, not a's. */
static void
test_tally_reaction(void **state)
{
	struct t			*t = *state;
	struct battle_result		 r;
	const struct event		*a, *d;

	t_start_map(t, REACT_MAP,
	    "  - {id: a, side: xcom, type: troop, at: [4, 2, 1], facing: e}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [8, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	battle_tally_start(&r, t->g);
	/* s wins the opposed roll 90 + 15 against 10 + 0, then hits (1). */
	assert_int_equal(tally_do(t, &r, "dice 90 10 1 1"), 0);
	assert_int_equal(tally_do(t, &r, "move a 4 3"), 0);
	a = t_event(t, EV_ATTACK, 0);
	assert_non_null(a);
	assert_string_equal(t_str(a, "unit"), "s");
	d = t_event(t, EV_DAMAGE, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "unit"), "a");
	assert_int_equal(tally_unit(t, &r, "s")->damage, t_int(d, "damage"));
	assert_int_equal(tally_unit(t, &r, "a")->damage, 0);
	assert_int_equal(tally_unit(t, &r, "s")->kills,
	    t_event(t, EV_DEATH, 0) != NULL ||
	    t_event(t, EV_UNCONSCIOUS, 0) != NULL);
	battle_result_free(&r);
}

/*
 * §6.4: a unit under mind control acts for its controller: s, taken by a,
 * shoots its fellow s2, and the damage and the kill are a's.
 */
static void
test_tally_mind_control(void **state)
{
	struct t			*t = *state;
	struct battle_result		 r;
	const struct event		*d;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "facing: e, right: psi-amp}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], "
	    "facing: w, right: plasma-pistol}\n"
	    "  - {id: s2, side: alien, type: sectoid, at: [9, 3, 1], "
	    "facing: w}\n");
	battle_tally_start(&r, t->g);
	/* 90 + 15 - 25 = 80 against 10 + 0: s is X-Com's. */
	assert_int_equal(tally_do(t, &r, "dice 90 10"), 0);
	assert_int_equal(tally_do(t, &r, "psi a s control"), 0);
	assert_int_equal(t_unit(t, "s")->controller, SIDE_XCOM);
	assert_int_equal(tally_do(t, &r, "dice 1 1"), 0);
	assert_int_equal(tally_do(t, &r, "shoot s s2 snap"), 0);
	d = t_event(t, EV_DAMAGE, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "unit"), "s2");
	assert_int_equal(tally_unit(t, &r, "a")->damage, t_int(d, "damage"));
	assert_int_equal(tally_unit(t, &r, "s")->damage, 0);
	assert_int_equal(tally_unit(t, &r, "a")->kills,
	    t_event(t, EV_DEATH, 0) != NULL ||
	    t_event(t, EV_UNCONSCIOUS, 0) != NULL);
	assert_int_equal(tally_unit(t, &r, "s")->kills, 0);
	battle_result_free(&r);
}

/*
 * RULINGS 7.4: smoke and fire at a round's end are nobody's act.  When a
 * side's last command ends its phase (a unit spent), the round's end comes
 * in that command's events: a unit the smoke knocks out then is no loss to
 * the last mover's fire (it was counted so, and as a friendly loss).
 */
static void
test_tally_round_end(void **state)
{
	struct t		*t = *state;
	struct battle_result	 r;
	struct command		 c;
	struct event		*e;
	int			 a, b;

	t_start(t, "", "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: b, side: xcom, type: troop, at: [1, 3, 1], "
	    "facing: e, right: rifle}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 3, 1], "
	    "facing: w, right: plasma-pistol}\n");
	a = game_find_unit(t->g, "a");
	b = game_find_unit(t->g, "b");
	battle_tally_start(&r, t->g);
	memset(&c, 0, sizeof c);
	c.type = CMD_KNEEL;
	c.unit = a;
	c.target = c.item = -1;
	event_list_clear(&t->ev);
	e = event_push(&t->ev, EV_KNEEL);
	event_str(e, "unit", "a");
	event_push(&t->ev, EV_PHASE_END);
	e = event_push(&t->ev, EV_DAMAGE);
	event_str(e, "unit", "b");
	event_int(e, "damage", 10);
	e = event_push(&t->ev, EV_UNCONSCIOUS);
	event_str(e, "unit", "b");
	battle_tally(&r, t->g, &c, &t->ev);
	assert_true(r.units[b].down);
	assert_int_equal(r.units[b].last_hit_by, -1);
	assert_false(r.units[b].friendly_down);
	assert_int_equal(r.units[a].damage, 0);
	battle_result_free(&r);
}

/* --- the measuring maps ------------------------------------------------------ */

/*
 * tests/data/sim-mirror.yaml is the AI-against-itself measure: it is fair
 * only if every square, edge and unit has its reflection across the middle
 * line, with the same statistics, defences and kit.
 */
static void
test_mirror_is_symmetric(void **state)
{
	struct t		*t = *state;
	struct diags		 d;
	const struct map	*m;
	const struct catalog	*c;
	struct pos		 p, q;
	size_t			 i, j, b;
	int			 k, matched = 0;

	diags_init(&d, "tests/data/sim-mirror.yaml", NULL, 0);
	t->s = scenario_load("tests/data/sim-mirror.yaml", t->cat, &d);
	fixture_dump(&d);
	diags_free(&d);
	assert_non_null(t->s);
	m = t->s->map;
	c = t->s->catalog;
	for (p.z = 0; p.z < m->levels; p.z++)
		for (p.y = 0; p.y < m->height; p.y++)
			for (p.x = 0; p.x < m->width; p.x++) {
				q = (struct pos){ p.x, m->height - 1 - p.y,
				    p.z };
				assert_memory_equal(map_square(m, p),
				    map_square(m, q), sizeof(struct square));
				assert_memory_equal(map_edge(m, p, DIR_N),
				    map_edge(m, q, DIR_S), sizeof(struct edge));
				assert_memory_equal(map_edge(m, p, DIR_E),
				    map_edge(m, q, DIR_E), sizeof(struct edge));
			}
	t->g = game_new(t->s, 1, &t->ev);
	for (i = 0; i < game_nunits(t->g); i++) {
		const struct unit *x = game_unit(t->g, (int)i), *a = NULL;

		if (x->side != SIDE_XCOM)
			continue;
		for (j = 0; j < game_nunits(t->g); j++) {
			const struct unit *y = game_unit(t->g, (int)j);

			if (y->side == SIDE_ALIEN && y->pos.x == x->pos.x &&
			    y->pos.y == m->height - 1 - x->pos.y &&
			    y->pos.z == x->pos.z)
				a = y;
		}
		assert_non_null(a);
		matched++;
		assert_int_equal(x->facing, DIR_N);
		assert_int_equal(a->facing, DIR_S);
		assert_memory_equal(x->stats, a->stats, sizeof x->stats);
		assert_memory_equal(x->armour, a->armour, sizeof x->armour);
		assert_int_equal(x->worn, a->worn);
		assert_int_equal(x->t->size, a->t->size);
		assert_int_equal(unit_flies(c, x), unit_flies(c, a));
		assert_int_equal(x->t->can_kneel, a->t->can_kneel);
		assert_int_equal(x->t->class, a->t->class);
		for (k = 0; k < DMG_COUNT; k++) {
			struct susceptibility sx = unit_susceptibility(c, x,
			    (enum damage_type)k);
			struct susceptibility sa = unit_susceptibility(c, a,
			    (enum damage_type)k);

			assert_int_equal(sx.modifier, sa.modifier);
			assert_int_equal(sx.immune, sa.immune);
		}
		assert_memory_equal(x->hands, a->hands, sizeof x->hands);
		assert_int_equal(x->nbelt, a->nbelt);
		for (b = 0; b < x->nbelt; b++)
			assert_memory_equal(&x->belt[b], &a->belt[b],
			    sizeof x->belt[b]);
	}
	assert_int_equal(matched, 15);
	assert_int_equal(game_nunits(t->g), 30);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)
	const struct CMUnitTest tests[] = {
		T(test_battle_ends),
		T(test_battle_round_cap),
		T(test_battle_same_seed),
		T(test_battle_from_position),
		cmocka_unit_test(test_battle_seeds),
		T(test_tally_adds_up),
		T(test_tally_shot),
		T(test_tally_reaction),
		T(test_tally_mind_control),
		T(test_tally_round_end),
		T(test_mirror_is_symmetric),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
