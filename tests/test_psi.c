/*
 * test_psi.c - psionic attacks (§6.4, RULINGS §6.4) and the medikit
 * (§7.2.5, RULINGS §3) through their commands, with forced dice and the
 * numbers worked by hand in the comments.
 *
 * Stats from the shipped catalog (units/): troop TU 27, HTH 35, PSK +15,
 * PST +15, MAC 75; sectoid TU 27, PSK +0, PST +0; ethereal TU 34, PSK +30,
 * PST +30.  The field map is open: everyone sees everyone.  With seed 1
 * round 1's initiative is xcom 8, alien 1, so t_start leaves us in the
 * round's first phase and `end` leads to the aliens' phase of round 1.
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
#include "xtac/game.h"
#include "xtac/util.h"

/* The nth EV_PSI with this effect, or NULL. */
static const struct event *
psi_effect(const struct t *t, const char *effect, size_t nth)
{
	const struct event	*e;
	size_t			 i;

	for (i = 0; (e = t_event(t, EV_PSI, i)) != NULL; i++)
		if (strcmp(t_str(e, "effect"), effect) == 0 && nth-- == 0)
			return e;
	return NULL;
}

/* The reason of the last refusal contains `what`. */
static void
psi_refused(const struct t *t, const char *what)
{
	const struct event	*e = NULL, *x;
	size_t			 i;

	for (i = 0; (x = t_event(t, EV_ERROR, i)) != NULL; i++)
		e = x;
	assert_non_null(e);
	if (strstr(t_str(e, "reason"), what) == NULL)
		fail_msg("reason '%s' lacks '%s'", t_str(e, "reason"), what);
}

static void
psi_end_until(struct t *t, enum side side)
{
	int	n = 0;

	do
		assert_int_equal(t_do(t, "end"), 0);
	while (game_side_to_move(t->g) != (int)side && ++n < 10);
	assert_int_equal(game_side_to_move(t->g), side);
}

#define PSI_TROOP_AMP \
	"  - {id: a, side: xcom, type: troop, at: [1, 1, 1], facing: e, " \
	"right: psi-amp}\n"
#define PSI_SECTOIDS \
	"  - {id: s, side: alien, type: sectoid, at: [7, 3, 1], facing: w, " \
	"right: plasma-pistol}\n" \
	"  - {id: s2, side: alien, type: sectoid, at: [12, 5, 1], " \
	"facing: w}\n"

/* --- the opposed roll ---------------------------------------------------- */

/* §6.4 probe +10: 50 + 15 + 10 = 75 against 40 + 0 = 40: read the sheet. */
static void
test_psi_probe_success(void **state)
{
	struct t		*t = *state;
	const struct event	*o, *a, *p;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 50 40"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	a = t_event(t, EV_ATTACK, 0);
	assert_string_equal(t_str(a, "mode"), "psi");
	assert_string_equal(t_str(a, "weapon"), "psi-amp");
	assert_int_equal(t_int(a, "tu"), 10);
	o = t_event(t, EV_OPPOSED, 0);
	assert_string_equal(t_str(o, "what"), "psi");
	assert_int_equal(t_int(o, "attacker_roll"), 50);
	assert_int_equal(t_term(o, "PSK"), 15);
	assert_int_equal(t_term(o, "probe"), 10);
	assert_int_equal(t_int(o, "attacker_total"), 75);
	assert_int_equal(t_int(o, "target_roll"), 40);
	assert_int_equal(t_int(o, "target_pst"), 0);
	assert_int_equal(t_int(o, "target_total"), 40);
	assert_string_equal(t_str(o, "winner"), "a");
	p = psi_effect(t, "probed", 0);
	assert_non_null(p);
	assert_string_equal(t_str(p, "side"), "xcom");
	assert_int_equal(t_int(p, "hth_left"), 30);
	assert_int_equal(t_int(p, "ret"), 15);
	assert_true(t_unit(t, "s")->probed[SIDE_XCOM]);
	assert_false(t_unit(t, "s")->probed[SIDE_ALIEN]);
	assert_int_equal(t_unit(t, "a")->tu, 27 - 10);
}

/* 20 + 25 = 45 against 60: the probe fails, the 10 TU are spent. */
static void
test_psi_probe_failure(void **state)
{
	struct t	*t = *state;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 20 60"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	assert_string_equal(t_str(t_event(t, EV_OPPOSED, 0), "winner"), "s");
	assert_null(t_event(t, EV_PSI, 0));
	assert_false(t_unit(t, "s")->probed[SIDE_XCOM]);
	assert_int_equal(t_unit(t, "a")->tu, 17);
}

/* RULINGS §0: 30 + 25 = 55 ties 55 + 0; re-rolled 60 + 25 = 85 wins. */
static void
test_psi_tie_rerolls(void **state)
{
	struct t		*t = *state;
	const struct event	*o;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 30 55 60 10"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	o = t_event(t, EV_OPPOSED, 0);
	assert_string_equal(t_str(o, "winner"), "tie");
	o = t_event(t, EV_OPPOSED, 1);
	assert_true(t_int(o, "reroll"));
	assert_int_equal(t_int(o, "attacker_total"), 85);
	assert_int_equal(t_int(o, "target_total"), 10);
	assert_string_equal(t_str(o, "winner"), "a");
	assert_null(t_event(t, EV_OPPOSED, 2));
	assert_true(t_unit(t, "s")->probed[SIDE_XCOM]);
	/* One attack, one price, however many re-rolls. */
	assert_int_equal(t_unit(t, "a")->tu, 17);
}

/* --- panic ---------------------------------------------------------------- */

/*
 * §6.4 panic +0: 50 + 15 = 65 against 50; d10 3: frozen, 0 TU in its next
 * phase (the aliens' phase of this round), its TUs back the round after.
 */
static void
test_psi_panic_frozen(void **state)
{
	struct t		*t = *state;
	const struct event	*p;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 50 50 3"), 0);
	assert_int_equal(t_do(t, "psi a s panic"), 0);
	assert_int_equal(t_term(t_event(t, EV_OPPOSED, 0), "panic"), 0);
	p = psi_effect(t, "panicked", 0);
	assert_non_null(p);
	assert_int_equal(t_int(p, "d10"), 3);
	assert_string_equal(t_str(p, "panic"), "frozen");
	/* Nothing yet: it happens in its own phase. */
	assert_int_equal(t_unit(t, "s")->tu, 27);
	event_list_clear(&t->ev);
	psi_end_until(t, SIDE_ALIEN);
	assert_non_null(psi_effect(t, "frozen", 0));
	assert_int_equal(t_unit(t, "s")->tu, 0);
	assert_int_equal(t_unit(t, "s")->panic, UNIT_CALM);
	assert_int_equal(t_do(t, "move s 7 2"), -1);
	/* Round 2: TUs restored, and no fit again. */
	event_list_clear(&t->ev);
	psi_end_until(t, SIDE_ALIEN);
	assert_null(psi_effect(t, "frozen", 0));
	assert_int_equal(t_unit(t, "s")->tu, 27);
}

/*
 * d10 6: flee.  At the aliens' phase s drops its plasma pistol where it
 * stands (7,3) and runs from a (1,1) to the square within 27 TU farthest
 * from it: (12,5) is s2's, so (12,4), 11 squares east and 3 south of a
 * (121 + 9 = 130 against (11,5)'s 100 + 16), reached by a diagonal and
 * 4 straight steps, 11 TU.  The rest of its TUs are lost.
 */
static void
test_psi_panic_flee(void **state)
{
	struct t		*t = *state;
	const struct event	*p, *d;
	const struct unit	*s;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 50 50 6"), 0);
	assert_int_equal(t_do(t, "psi a s panic"), 0);
	assert_string_equal(t_str(psi_effect(t, "panicked", 0), "panic"),
	    "flees");
	event_list_clear(&t->ev);
	psi_end_until(t, SIDE_ALIEN);
	d = t_event(t, EV_ITEM_DROPPED, 0);
	assert_non_null(d);
	assert_string_equal(t_str(d, "item"), "plasma-pistol");
	assert_int_equal(event_get(d, "at")->pos.x, 6);
	assert_int_equal(event_get(d, "at")->pos.y, 2);
	p = psi_effect(t, "flees", 0);
	assert_non_null(p);
	assert_int_equal(event_get(p, "to")->pos.x, 11);
	assert_int_equal(event_get(p, "to")->pos.y, 3);
	assert_non_null(t_event(t, EV_STEP, 0));
	s = t_unit(t, "s");
	assert_int_equal(s->pos.x, 11);
	assert_int_equal(s->pos.y, 3);
	assert_int_equal(t_int(t_event(t, EV_STEP, 4), "tu_left"), 27 - 11);
	assert_null(t_event(t, EV_STEP, 5));
	assert_int_equal(s->hands[HAND_RIGHT].item, -1);
	assert_int_equal(s->tu, 0);
	/* s2, calm, still has its phase. */
	assert_int_equal(t_unit(t, "s2")->tu, 27);
}

/*
 * d10 9: berserk.  In its phase s snaps its plasma pistol (8 TU) by d10s
 * on the missed-shot figure: 4 west (no turn), 5 straight ahead (west
 * still), 2 north (90 degrees, 1 TU): 27 - 8 - 8 - 9 = 2, too few for
 * another.  Three rounds gone from the clip of 14.
 */
static void
test_psi_panic_berserk(void **state)
{
	struct t		*t = *state;
	const struct event	*p;
	const struct unit	*s;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 50 50 9"), 0);
	assert_int_equal(t_do(t, "psi a s panic"), 0);
	assert_string_equal(t_str(psi_effect(t, "panicked", 0), "panic"),
	    "berserk");
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 4 5 2"), 0);
	psi_end_until(t, SIDE_ALIEN);
	p = psi_effect(t, "berserk", 0);
	assert_non_null(p);
	assert_string_equal(t_str(p, "weapon"), "plasma-pistol");
	p = psi_effect(t, "berserk-shot", 0);
	assert_int_equal(t_int(p, "d10"), 4);
	assert_string_equal(t_str(p, "direction"), "w");
	p = psi_effect(t, "berserk-shot", 1);
	assert_int_equal(t_int(p, "d10"), 5);
	assert_string_equal(t_str(p, "direction"), "w");
	p = psi_effect(t, "berserk-shot", 2);
	assert_int_equal(t_int(p, "d10"), 2);
	assert_string_equal(t_str(p, "direction"), "n");
	assert_null(psi_effect(t, "berserk-shot", 3));
	assert_string_equal(t_str(t_event(t, EV_ATTACK, 0), "mode"), "wild");
	assert_non_null(t_event(t, EV_ATTACK, 2));
	assert_null(t_event(t, EV_ATTACK, 3));
	s = t_unit(t, "s");
	assert_int_equal(s->hands[HAND_RIGHT].rounds, 14 - 3);
	assert_int_equal(s->facing, DIR_N);
	assert_int_equal(s->tu, 0);
}

/* A wild shot strikes the first thing in its way (§6.4): here a troop. */
static void
test_psi_berserk_hits(void **state)
{
	struct t	*t = *state;

	t_start(t, "", PSI_TROOP_AMP
	    "  - {id: b, side: xcom, type: troop, at: [3, 3, 1], facing: e}\n"
	    PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 50 50 10"), 0);
	assert_int_equal(t_do(t, "psi a s panic"), 0);
	event_list_clear(&t->ev);
	/* West along row 3: b at (3,3).  52 PB - 2 front = 50 > 35: dead. */
	assert_int_equal(t_do(t, "dice 4 3 3"), 0);
	psi_end_until(t, SIDE_ALIEN);
	assert_string_equal(t_str(t_event(t, EV_ATTACK, 0), "hit"), "unit");
	assert_string_equal(t_str(t_event(t, EV_DAMAGE, 0), "unit"), "b");
	assert_int_equal(t_unit(t, "b")->status, UNIT_DEAD);
}

/* --- mind control --------------------------------------------------------- */

/*
 * §6.4 control -25: 90 + 15 - 25 = 80 against 10.  s acts for X-Com at
 * once; in the aliens' phase that follows (its side's next phase) it is
 * still X-Com's, and at that phase's end it goes back (RULINGS §6.4).
 */
static void
test_psi_control_and_return(void **state)
{
	struct t		*t = *state;
	const struct event	*p;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "psi a s control"), 0);
	assert_int_equal(t_term(t_event(t, EV_OPPOSED, 0), "control"), -25);
	assert_int_equal(t_int(t_event(t, EV_OPPOSED, 0), "attacker_total"),
	    80);
	p = psi_effect(t, "controlled", 0);
	assert_non_null(p);
	assert_string_equal(t_str(p, "controller"), "xcom");
	assert_int_equal(t_unit(t, "s")->controller, SIDE_XCOM);
	assert_int_equal(t_unit(t, "s")->side, SIDE_ALIEN);
	/* It moves for X-Com now: 2 west, 4 TU. */
	assert_int_equal(t_do(t, "move s 5 3"), 0);
	assert_int_equal(t_unit(t, "s")->tu, 23);
	/* §3.5: but its equipment is not X-Com's to rearrange. */
	assert_int_equal(t_do(t, "swap s"), -1);
	psi_refused(t, "mind controlled");
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	assert_int_equal(t_do(t, "move s 6 3"), -1);
	psi_refused(t, "commanded by xcom");
	assert_true(t_unit(t, "s")->control_ending);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	p = psi_effect(t, "released", 0);
	assert_non_null(p);
	assert_string_equal(t_str(p, "controller"), "alien");
	assert_int_equal(t_unit(t, "s")->controller, SIDE_ALIEN);
	assert_false(t_unit(t, "s")->control_ending);
}

/*
 * The other way round: the ethereal (no amp: an alien) takes x in the
 * aliens' phase of round 1: 90 + 30 - 25 = 95 against 10 + 15.  Round 2's
 * initiative is forced (xcom 2, alien 9): the aliens move first and x
 * with them; control ends with the X-Com phase that follows.
 */
static void
test_psi_control_lasts_to_target_phase_end(void **state)
{
	struct t		*t = *state;
	const struct event	*a;

	t_start(t, "",
	    "  - {id: x, side: xcom, type: troop, at: [1, 1, 1], facing: e, "
	    "right: rifle}\n"
	    "  - {id: y, side: xcom, type: troop, at: [1, 5, 1], facing: e}\n"
	    "  - {id: e, side: alien, type: ethereal, at: [10, 3, 1], "
	    "facing: w}\n");
	psi_end_until(t, SIDE_ALIEN);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "psi e x control"), 0);
	a = t_event(t, EV_ATTACK, 0);
	assert_string_equal(t_str(a, "weapon"), "mind");
	assert_int_equal(t_int(a, "tu"), 10);
	assert_int_equal(t_unit(t, "e")->tu, 34 - 10);
	assert_int_equal(t_unit(t, "x")->controller, SIDE_ALIEN);
	assert_int_equal(t_do(t, "move x 2 1"), 0);
	assert_int_equal(t_do(t, "dice 2 9"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_round(t->g), 2);
	assert_int_equal(game_side_to_move(t->g), SIDE_ALIEN);
	/* Round 2, the aliens first: x still theirs, with fresh TUs. */
	assert_int_equal(t_unit(t, "x")->tu, 27);
	assert_int_equal(t_do(t, "move x 3 1"), 0);
	assert_int_equal(t_do(t, "end"), 0);
	assert_int_equal(game_side_to_move(t->g), SIDE_XCOM);
	assert_int_equal(t_do(t, "move x 4 1"), -1);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "end"), 0);
	assert_non_null(psi_effect(t, "released", 0));
	assert_int_equal(t_unit(t, "x")->controller, SIDE_XCOM);
}

/* RULINGS §2.3: a controlled unit counts for its controller. */
static void
test_psi_control_wins(void **state)
{
	struct t	*t = *state;

	t_start(t, "", PSI_TROOP_AMP
	    "  - {id: s, side: alien, type: sectoid, at: [7, 3, 1]}\n");
	assert_int_equal(t_do(t, "dice 90 10"), 0);
	assert_int_equal(t_do(t, "psi a s control"), 0);
	assert_true(game_over(t->g));
	assert_int_equal(game_winner(t->g), SIDE_XCOM);
}

/* 40 + 15 - 25 = 30 against 31: control fails; nothing changes hands. */
static void
test_psi_control_failure(void **state)
{
	struct t	*t = *state;

	t_start(t, "", PSI_TROOP_AMP PSI_SECTOIDS);
	assert_int_equal(t_do(t, "dice 40 31"), 0);
	assert_int_equal(t_do(t, "psi a s control"), 0);
	assert_string_equal(t_str(t_event(t, EV_OPPOSED, 0), "winner"), "s");
	assert_null(t_event(t, EV_PSI, 0));
	assert_int_equal(t_unit(t, "s")->controller, SIDE_ALIEN);
}

/* --- who may attack whom ------------------------------------------------ */

/* §6.4: humans need a Psi Amp in hand; aliens need none. */
static void
test_psi_amp_required(void **state)
{
	struct t	*t = *state;

	t_start(t, "",
	    "  - {id: a, side: xcom, type: troop, at: [1, 1, 1], "
	    "belt: [psi-amp]}\n" PSI_SECTOIDS);
	assert_int_equal(t_do(t, "psi a s probe"), -1);
	psi_refused(t, "Psi Amp");
	assert_int_equal(t_unit(t, "a")->tu, 27);
	psi_end_until(t, SIDE_ALIEN);
	/* A sectoid (PSK +0) needs nothing: 80 + 0 + 10 against 5 + 15. */
	assert_int_equal(t_do(t, "dice 80 5"), 0);
	assert_int_equal(t_do(t, "psi s a probe"), 0);
	assert_true(t_unit(t, "a")->probed[SIDE_ALIEN]);
}

/* RULINGS §3: HWPs and PST/PSK '-' units neither use nor suffer psionics. */
static void
test_psi_immunity(void **state)
{
	struct t	*t = *state;

	t_start(t, "", PSI_TROOP_AMP
	    "  - {id: tank, side: xcom, type: tank-cannon, at: [1, 3, 1], "
	    "facing: e}\n"
	    "  - {id: c, side: alien, type: chrysalid, at: [7, 1, 1]}\n"
	    "  - {id: e, side: alien, type: ethereal, at: [10, 3, 1]}\n");
	assert_int_equal(t_do(t, "psi a c panic"), -1);
	psi_refused(t, "immune");
	assert_int_equal(t_do(t, "psi tank e probe"), -1);
	psi_refused(t, "no psionic skill");
	psi_end_until(t, SIDE_ALIEN);
	assert_int_equal(t_do(t, "psi e tank control"), -1);
	psi_refused(t, "HWP");
	assert_int_equal(t_do(t, "psi c a panic"), -1);
	psi_refused(t, "no psionic skill");
	/* Nothing was rolled or spent. */
	assert_null(t_event(t, EV_OPPOSED, 0));
	assert_int_equal(t_unit(t, "e")->tu, 34);
}

/* Friends, the unseen and the fallen are no targets; 10 TU or nothing. */
static void
test_psi_targets_and_tu(void **state)
{
	struct t		*t = *state;
	static const char	 map[] =
	    "xtac-map: 1\nname: Walled\nlevels:\n  - |\n"
	    "    +-+-+-+-+-+-+\n"
	    "    |. . .|. . .|\n"
	    "    + + + + + + +\n"
	    "    |. . .|. . .|\n"
	    "    +-+-+-+-+-+-+\n";

	t_start_map(t, map, PSI_TROOP_AMP
	    "  - {id: b, side: xcom, type: troop, at: [2, 2, 1]}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [3, 2, 1]}\n"
	    "  - {id: h, side: alien, type: sectoid, at: [6, 1, 1]}\n");
	assert_int_equal(t_do(t, "psi a b probe"), -1);
	psi_refused(t, "commanded by xcom too");
	assert_int_equal(t_do(t, "psi a h probe"), -1);
	psi_refused(t, "does not see");
	assert_int_equal(t_do(t, "psi a a probe"), -1);
	/* Two attacks (20 TU) leave 7: a third is refused. */
	assert_int_equal(t_do(t, "dice 1 99 1 99"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	assert_int_equal(t_unit(t, "a")->tu, 7);
	assert_int_equal(t_do(t, "psi a s probe"), -1);
	psi_refused(t, "costs 10 TU; a has 7");
}

/*
 * A wall along row 1 between x 3 and 4 hides s (5,1) from a (1,1); b
 * (6,2), beside s, sees it.  Both troops hold a Psi Amp.
 */
#define PSI_SIGHT_MAP							\
	"xtac-map: 1\nname: Corner\nlevels:\n  - |\n"			\
	"    +-+-+-+-+-+-+\n"						\
	"    |. . .|. . .|\n"						\
	"    + + + + + + +\n"						\
	"    |. . . . . .|\n"						\
	"    +-+-+-+-+-+-+\n"
#define PSI_SIGHT_UNITS							\
	PSI_TROOP_AMP							\
	"  - {id: b, side: xcom, type: troop, at: [6, 2, 1], facing: n, " \
	"right: psi-amp}\n"						\
	"  - {id: s, side: alien, type: sectoid, at: [5, 1, 1], "	\
	"facing: w}\n"

/*
 * RULINGS 6.4: by default a target seen by any unit of the attacker's
 * side may be attacked, at any range: a attacks s, which only b sees.
 */
static void
test_psi_side_sight(void **state)
{
	struct t	*t = *state;

	t_start_map(t, PSI_SIGHT_MAP, PSI_SIGHT_UNITS);
	assert_false(game_line(t->g, game_find_unit(t->g, "a"),
	    game_find_unit(t->g, "s"), NULL));
	assert_true(game_sees(t->g, SIDE_XCOM, game_find_unit(t->g, "s")));
	assert_true(game_psi_sees(t->g, game_find_unit(t->g, "a"),
	    game_find_unit(t->g, "s")));
	/* 50 + 15 + 10 = 75 against 40: probed. */
	assert_int_equal(t_do(t, "dice 50 40"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), 0);
	assert_non_null(psi_effect(t, "probed", 0));
}

/*
 * RULINGS 6.4, house rule psi-own-sight: the attacker must see the target
 * itself.  a, which does not, is refused before any roll or TU is spent;
 * b, which does, attacks.
 */
static void
test_psi_own_sight(void **state)
{
	struct t	*t = *state;

	t_start_map(t, PSI_SIGHT_MAP "rules: {psi-own-sight: true}\n",
	    PSI_SIGHT_UNITS);
	assert_true(game_scenario(t->g)->rules.psi_own_sight);
	assert_int_equal(t_do(t, "dice 50 40"), 0);
	assert_int_equal(t_do(t, "psi a s probe"), -1);
	psi_refused(t, "a does not see s itself (house rule psi-own-sight");
	assert_null(t_event(t, EV_OPPOSED, 0));
	assert_int_equal(t_unit(t, "a")->tu, 27);
	assert_true(game_psi_chance(t->g, game_find_unit(t->g, "a"),
	    game_find_unit(t->g, "s"), PSI_PROBE, NULL, NULL) < 0);
	assert_int_equal(t_do(t, "psi b s probe"), 0);
	assert_int_equal(t_int(t_event(t, EV_OPPOSED, 0), "attacker_roll"),
	    50);
	assert_non_null(psi_effect(t, "probed", 0));
}

/* --- the medikit (§7.2.5, RULINGS §3) ---------------------------------- */

/*
 * m holds a medikit; k knifes b to give it something to treat: MAC 75 +
 * knife 15 = 90, rolled 10; 15 CC + 10 (unarmoured, §7.2.3) = 25, front
 * armour 2 absorbs 2, 23 to HTH (12 left of 35), critical d10 `crit`.
 */
#define MEDIC_UNITS \
	"  - {id: k, side: xcom, type: troop, at: [4, 3, 1], facing: e, " \
	"right: knife}\n" \
	"  - {id: b, side: xcom, type: troop, at: [5, 3, 1], facing: w}\n" \
	"  - {id: m, side: xcom, type: troop, at: [6, 3, 1], facing: w, " \
	"right: medikit}\n" \
	"  - {id: s, side: alien, type: sectoid, at: [12, 1, 1]}\n"

static void
medic_wound(struct t *t, int crit)
{
	assert_int_equal(t_do(t, "dice 10 %d", crit), 0);
	assert_int_equal(t_do(t, "melee k b"), 0);
	assert_int_equal(t_unit(t, "b")->damage, 23);
	event_list_clear(&t->ev);
}

/* Rolled 70 against 70 (RULINGS §0: roll <= chance): 10 HTH back. */
static void
test_medikit_heals_hth(void **state)
{
	struct t		*t = *state;
	const struct event	*r, *h;

	t_start(t, "", MEDIC_UNITS);
	medic_wound(t, 1);
	assert_int_equal(t_do(t, "dice 70"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	r = t_event(t, EV_ROLL, 0);
	assert_string_equal(t_str(r, "what"), "heal");
	assert_int_equal(t_int(r, "chance"), 70);
	assert_int_equal(t_int(r, "roll"), 70);
	assert_true(t_int(r, "success"));
	h = t_event(t, EV_HEAL, 0);
	assert_int_equal(t_int(h, "healed"), 10);
	assert_int_equal(t_int(h, "hth_left"), 22);
	assert_int_equal(t_int(h, "uses_left"), 9);
	assert_int_equal(t_unit(t, "b")->damage, 13);
	assert_int_equal(t_unit(t, "m")->tu, 17);
	/* 13 - 10 = 3, then 3 - 10 stops at 0 (next round: TUs). */
	psi_end_until(t, SIDE_XCOM);
	assert_int_equal(t_do(t, "dice 1 1"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	assert_int_equal(t_unit(t, "b")->damage, 0);
	assert_int_equal(t_do(t, "heal m b hth"), -1);
}

/* Rolled 71: no effect, but the TUs and the use are gone. */
static void
test_medikit_roll_fails(void **state)
{
	struct t	*t = *state;

	t_start(t, "", MEDIC_UNITS);
	medic_wound(t, 1);
	assert_int_equal(t_do(t, "dice 71"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	assert_false(t_int(t_event(t, EV_ROLL, 0), "success"));
	assert_int_equal(t_int(t_event(t, EV_HEAL, 0), "uses_left"), 9);
	assert_int_equal(t_unit(t, "b")->damage, 23);
	assert_int_equal(t_unit(t, "m")->tu, 17);
}

/* One critical removed, the user's choice; none of a kind: refused. */
static void
test_medikit_critical(void **state)
{
	struct t	*t = *state;

	t_start(t, "", MEDIC_UNITS);
	medic_wound(t, 4);	/* §7.2.2: 4-5 arm */
	assert_int_equal(t_unit(t, "b")->crit_arm, 1);
	assert_int_equal(t_do(t, "heal m b leg"), -1);
	psi_refused(t, "no leg critical");
	assert_int_equal(t_unit(t, "m")->tu, 27);
	assert_int_equal(t_do(t, "dice 30"), 0);
	assert_int_equal(t_do(t, "heal m b arm"), 0);
	assert_int_equal(t_unit(t, "b")->crit_arm, 0);
	assert_int_equal(t_int(t_event(t, EV_HEAL, 0), "criticals_left"), 0);
	/* The HTH is untouched by a critical's treatment. */
	assert_int_equal(t_unit(t, "b")->damage, 23);
	assert_int_equal(t_do(t, "heal m b arm"), -1);
}

/* Same or adjacent square only; the kit in hand; not an HWP. */
static void
test_medikit_reach(void **state)
{
	struct t	*t = *state;

	t_start(t, "", MEDIC_UNITS
	    "  - {id: far, side: xcom, type: troop, at: [8, 3, 1]}\n");
	medic_wound(t, 1);
	/* k took no wound: nothing to heal on it. */
	assert_int_equal(t_do(t, "heal m k hth"), -1);
	psi_refused(t, "not in m's square or next to it");
	assert_int_equal(t_do(t, "heal far b hth"), -1);
	psi_refused(t, "holds no medikit");
	assert_int_equal(t_do(t, "move m 7 3"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), -1);
	psi_refused(t, "not in m's square");
	/* Diagonally next to it is next to it. */
	assert_int_equal(t_do(t, "move m 6 4"), 0);
	assert_int_equal(t_do(t, "dice 5"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	assert_int_equal(t_unit(t, "b")->damage, 13);
}

/* RULINGS §3: 10 uses, spent on every attempt; then it is empty. */
static void
test_medikit_uses_run_out(void **state)
{
	struct t	*t = *state;
	int		 i;

	t_start(t, "", MEDIC_UNITS);
	medic_wound(t, 1);
	for (i = 0; i < 10; i++) {
		if (i > 0 && i % 2 == 0)
			psi_end_until(t, SIDE_XCOM);	/* 2 a phase: 20 TU */
		assert_int_equal(t_do(t, "dice 100"), 0);
		assert_int_equal(t_do(t, "heal m b hth"), 0);
	}
	assert_int_equal(t_unit(t, "m")->medikit_used, 10);
	psi_end_until(t, SIDE_XCOM);
	assert_int_equal(t_do(t, "heal m b hth"), -1);
	psi_refused(t, "used up");
	assert_int_equal(t_unit(t, "b")->damage, 23);
}

/*
 * An unconscious unit can be treated, and wakes when §7.2.1 allows: b
 * (HTH 35 + 13 = 48) knifed twice: 23, then 25 (the front armour is
 * spent) = 48 = HTH: unconscious (criticals d10 1: legs).  Healed to 38,
 * stun 0 < 10: awake at once.
 */
static void
test_medikit_wakes_unconscious(void **state)
{
	struct t	*t = *state;

	t_start(t, "",
	    "  - {id: k, side: xcom, type: troop, at: [4, 3, 1], facing: e, "
	    "right: knife}\n"
	    "  - {id: b, side: xcom, type: troop, at: [5, 3, 1], facing: w, "
	    "boosts: {hth: 13}}\n"
	    "  - {id: m, side: xcom, type: troop, at: [6, 3, 1], facing: w, "
	    "right: medikit}\n"
	    "  - {id: s, side: alien, type: sectoid, at: [12, 1, 1]}\n");
	assert_int_equal(t_do(t, "dice 10 1 10 1"), 0);
	assert_int_equal(t_do(t, "melee k b"), 0);
	assert_int_equal(t_do(t, "melee k b"), 0);
	assert_int_equal(t_unit(t, "b")->damage, 48);
	assert_int_equal(t_unit(t, "b")->status, UNIT_UNCONSCIOUS);
	event_list_clear(&t->ev);
	assert_int_equal(t_do(t, "dice 50"), 0);
	assert_int_equal(t_do(t, "heal m b hth"), 0);
	assert_non_null(t_event(t, EV_WAKE, 0));
	assert_int_equal(t_unit(t, "b")->status, UNIT_ACTIVE);
	assert_int_equal(t_unit(t, "b")->damage, 38);
	/* The legs are still broken; m treats one of two. */
	assert_int_equal(t_do(t, "dice 50"), 0);
	assert_int_equal(t_do(t, "heal m b leg"), 0);
	assert_int_equal(t_unit(t, "b")->crit_leg, 1);
}

#define T(f) cmocka_unit_test_setup_teardown(f, t_setup, t_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_psi_probe_success),
		T(test_psi_probe_failure),
		T(test_psi_tie_rerolls),
		T(test_psi_panic_frozen),
		T(test_psi_panic_flee),
		T(test_psi_panic_berserk),
		T(test_psi_berserk_hits),
		T(test_psi_control_and_return),
		T(test_psi_control_lasts_to_target_phase_end),
		T(test_psi_control_wins),
		T(test_psi_control_failure),
		T(test_psi_amp_required),
		T(test_psi_immunity),
		T(test_psi_targets_and_tu),
		T(test_psi_side_sight),
		T(test_psi_own_sight),
		T(test_medikit_heals_hth),
		T(test_medikit_roll_fails),
		T(test_medikit_critical),
		T(test_medikit_reach),
		T(test_medikit_uses_run_out),
		T(test_medikit_wakes_unconscious),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
