/*
 * new-mission.c - what a mission adds to a map of blocks `xtac new` makes
 * (new-map.c), once the map is drawn and its zones cut: a terror site's
 * civilians (rulebook §2.3, §3.4) and each side's secret mission with its
 * target (§2.3 Missions), both drawn from the map, the squads and the seed.
 *
 * Civilians stand in the town's buildings and streets between the sides'
 * edges (a terror site is a block wider and two longer), on squares the
 * sides can walk to, outside both sides' zones and out of the sight of
 * the aliens' (so nobody is lost before X-Com has moved), two squares
 * apart at least; one for every 50 points of the aliens' squad, 4 to 12,
 * as many as the map has room for.  The rulebook gives no number: the
 * shipped terror sites have ten against five aliens.
 *
 * A secret mission's target is one its side can achieve with what it
 * brings (where the rulebook and RULINGS are silent, xtac(6) says so):
 * - sabotage: an object in the enemy's craft (among base blocks without
 *   one, in the enemy's half of the map, outside the side's zones) that a
 *   timed grenade the side carries destroys from a square away (§7.6);
 * - capture-unit: an enemy unit of one square (a soldier carries only
 *   those, game-carry.c), the side having a soldier to carry it;
 * - capture-ship: the enemy's craft, by its building's name;
 * - capture-technology: an item an enemy carries (not ammunition or worn
 *   armour) that none of the side's units brings in (§2.3), the side
 *   having a soldier to pick it up.
 * `random` writes every target the side can achieve, for the game to draw
 * one with the rules dice as it starts (mission.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "new.h"
#include "xtac/diag.h"
#include "xtac/game.h"
#include "xtac/load.h"
#include "xtac/path.h"
#include "xtac/util.h"

#define NEW_CIVILIAN_POINTS	50	/* aliens' points a civilian */
#define NEW_CIVILIANS_MIN	4
#define NEW_CIVILIANS_MAX	12

static const char *const new_secret_names[] = {
	"random", "sabotage", "capture-unit", "capture-ship",
	"capture-technology"
};
static const enum mission new_secret_missions[] = {
	MISSION_ASSAULT, MISSION_SABOTAGE, MISSION_CAPTURE_UNIT,
	MISSION_CAPTURE_SHIP, MISSION_CAPTURE_TECH
};

bool
new_secret_kind(const char *name, enum mission *m)
{
	size_t	i;

	for (i = 0; i < XTAC_NITEMS(new_secret_names); i++)
		if (strcmp(name, new_secret_names[i]) == 0) {
			*m = new_secret_missions[i];
			return true;
		}
	return false;
}

void
new_squads_load(const struct cli *cli, const struct catalog *cat,
    const struct new_options *o, struct new_squads *sq)
{
	struct diags	 d;
	char		*path;
	int		 side;

	memset(sq, 0, sizeof *sq);
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		if (o->squad[side] == NULL)
			continue;
		path = strchr(o->squad[side], '/') != NULL ?
		    xstrdup(o->squad[side]) : xasprintf("%s/squads/%s%s",
		    cli->datadir, o->squad[side], strstr(o->squad[side],
		    ".yaml") != NULL ? "" : ".yaml");
		diags_init(&d, path, NULL, 0);
		/* One that does not read is the encounter's check's to say. */
		sq->have[side] = squad_load(path, cat, NULL, &sq->sq[side], &d) &&
		    sq->sq[side].side == (enum side)side;
		diags_free(&d);
		free(path);
	}
}

void
new_squads_free(struct new_squads *sq)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (sq->have[side])
			squad_free(&sq->sq[side]);
	memset(sq, 0, sizeof *sq);
}

void
new_extra_free(struct new_extra *x)
{
	int	side;

	for (side = 0; side < SIDE_CIVILIAN; side++)
		free(x->side[side]);
	free(x->units);
	memset(x, 0, sizeof *x);
}

/* --- a terror site's civilians ------------------------------------------ */

/*
 * Whether a civilian may start at p: in the town between the sides'
 * edges, a square to stand on, not a craft's, where the X-Com walker goes,
 * outside both zones (masks of mlevels levels) and out of the aliens'
 * sight.
 */
static bool
new_civilian_square(const struct scenario *s, unsigned char *const *masks,
    int mlevels, const struct new_view *v, struct pos p)
{
	const struct map	*m = s->map;
	const struct square	*sq = map_square(m, p);
	size_t			 i = ((size_t)p.z * m->height + p.y) *
				    m->width + p.x;
	int			 side;

	if (p.y < v->town0 || p.y >= v->town1 ||
	    !map_square_standable(m, p) || sq->floor == FLOOR_HULL ||
	    sq->floor == FLOOR_ELEVATOR || v->cost[i] == PATH_UNREACHABLE ||
	    v->seen[SIDE_ALIEN][i])
		return false;
	if (sq->object != OBJECT_NONE && (m->objects[sq->object].solid ||
	    !m->objects[sq->object].passable))
		return false;
	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (p.z < mlevels && masks[side][i])
			return false;
	return true;
}

/*
 * The civilians' units, drawn from r, indoors and out in turn; NULL when
 * the map has room for fewer than NEW_CIVILIANS_MIN.
 */
static char *
new_civilians(const struct scenario *s, const struct new_squads *sq,
    unsigned char *const *masks, int mlevels, const struct new_view *v,
    struct rng *r)
{
	const struct map	*m = s->map;
	size_t			 n = (size_t)m->width * m->height * m->levels;
	struct pos		*in, *out, p;
	size_t			 nin = 0, nout = 0, k, j;
	int			 want, placed = 0, points = 0;
	struct strbuf		 sb;
	bool			 indoors;

	if (sq->have[SIDE_ALIEN])
		points = squad_points(s->catalog, &sq->sq[SIDE_ALIEN]);
	want = points / NEW_CIVILIAN_POINTS;
	if (want < NEW_CIVILIANS_MIN)
		want = NEW_CIVILIANS_MIN;
	if (want > NEW_CIVILIANS_MAX)
		want = NEW_CIVILIANS_MAX;
	in = xcalloc(n, sizeof *in);
	out = xcalloc(n, sizeof *out);
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		if (!new_civilian_square(s, masks, mlevels, v, p))
			continue;
		if (map_square(m, p)->floor == FLOOR_BUILDING)
			in[nin++] = p;
		else
			out[nout++] = p;
	}
	strbuf_init(&sb);
	strbuf_puts(&sb, "units:\n");
	for (indoors = true; placed < want && nin + nout > 0;
	    indoors = !indoors) {
		struct pos *from = (indoors && nin > 0) || nout == 0 ? in : out;
		size_t *nfrom = from == in ? &nin : &nout;

		k = rng_below(r, (uint32_t)*nfrom);
		p = from[k];
		strbuf_printf(&sb, "  - {id: civilian-%d, side: civilian, "
		    "type: civilian, at: [%d, %d, %d]}\n", ++placed, p.x + 1,
		    p.y + 1, p.z + 1);
		/* Apart: nobody else on this square or one beside it. */
#define NEW_NEAR_P(q)	((q).z == p.z && abs((q).x - p.x) <= 1 && \
			    abs((q).y - p.y) <= 1)
		for (j = 0; j < nin; j++)
			if (NEW_NEAR_P(in[j]))
				in[j--] = in[--nin];
		for (j = 0; j < nout; j++)
			if (NEW_NEAR_P(out[j]))
				out[j--] = out[--nout];
#undef NEW_NEAR_P
	}
	free(in);
	free(out);
	if (placed < NEW_CIVILIANS_MIN) {
		strbuf_free(&sb);
		return NULL;
	}
	return strbuf_steal(&sb);
}

/* --- secret missions ----------------------------------------------------- */

/* What a side's secret mission may aim at on this map. */
struct new_targets {
	bool		 sabotage;
	struct pos	 sabotage_at;
	const char	*unit;		/* an enemy's id, or NULL */
	const char	*ship;		/* the enemy craft's building */
	int		 technology;	/* an item, or -1 */
	const char	*why[4];	/* why not, by kind (0 sabotage ...) */
	char		 why_sabotage[256];
};

static bool
new_has_soldier(const struct catalog *cat, const struct squad *sq)
{
	size_t	i;

	for (i = 0; i < sq->nunits; i++)
		if (cat->units[sq->units[i].type].class == UNIT_SOLDIER)
			return true;
	return false;
}

static bool
new_carries(const struct unit_setup *u, int item)
{
	size_t	i;

	for (i = 0; i < HAND_COUNT; i++)
		if (u->hands[i].item == item)
			return true;
	for (i = 0; i < u->nbelt; i++)
		if (u->belt[i] == item)
			return true;
	return false;
}

static bool
new_squad_carries(const struct squad *sq, int item)
{
	size_t	i;

	for (i = 0; i < sq->nunits; i++)
		if (new_carries(&sq->units[i], item))
			return true;
	return false;
}

/*
 * Whether a timed grenade the squad carries destroys a thing of this
 * strength from a square away (§7.6; what the AI throws for a sabotage,
 * ai-mission.c): the blast one step weaker than where it lands.
 */
static bool
new_blows_up(const struct catalog *cat, const struct squad *sq,
    enum strength strength)
{
	size_t	k;

	for (k = 0; k < cat->nitems; k++) {
		const struct item_type *it = &cat->items[k];
		int step = game_splash_step(&it->damage);

		if (it->class == ITEM_GRENADE &&
		    it->grenade_kind == GRENADE_TIMED && step > 0 &&
		    game_destroys(strength, it->damage.type,
		    it->damage.amount - step) && new_squad_carries(sq, (int)k))
			return true;
	}
	return false;
}

/*
 * Whether the squad can capture u (§2.3: "stunned and taken back to the
 * craft, or mind controlled and taken back"): a soldier to carry it (of
 * one square, game-carry.c) and a stun weapon or grenade it is not immune
 * to; or a mind to control it with (PSK, and a Psi Amp for humans, §6.4)
 * and a mind in u (not an HWP, PST not '-').
 */
static bool
new_capturable(const struct catalog *cat, const struct squad *sq,
    const struct unit_setup *u)
{
	const struct unit_type	*t = &cat->units[u->type];
	const struct unit_type	*c;
	bool			 stun = false, psi = false, amp;
	size_t			 i, k;
	int			 h;

	for (i = 0; i < sq->nunits; i++) {
		const struct unit_setup *a = &sq->units[i];

		c = &cat->units[a->type];
		amp = c->side == SIDE_ALIEN;
		for (k = 0; k < cat->nitems; k++) {
			const struct item_type *it = &cat->items[k];

			if (!new_carries(a, (int)k))
				continue;
			amp |= it->class == ITEM_EQUIPMENT &&
			    item_shot(it, SHOT_PSI) != NULL;
			stun |= c->class == UNIT_SOLDIER &&
			    it->damage.type == DMG_ST && it->damage.amount > 0;
			for (h = 0; h < it->nammo; h++)
				stun |= c->class == UNIT_SOLDIER &&
				    cat->items[it->ammo[h]].damage.type ==
				    DMG_ST && (new_carries(a, it->ammo[h]) ||
				    a->hands[HAND_RIGHT].ammo == it->ammo[h] ||
				    a->hands[HAND_LEFT].ammo == it->ammo[h]);
		}
		psi |= amp && c->class != UNIT_HWP &&
		    c->stats[STAT_PSK] != STAT_NONE;
	}
	if (stun && t->size == 1 && !t->susceptibility[DMG_ST].immune)
		return true;
	return psi && t->class != UNIT_HWP && t->stats[STAT_PST] != STAT_NONE;
}

/* Whether p lies where side's sabotage may aim: in the enemy's ground. */
static bool
new_enemy_ground(const struct scenario *s, const struct new_box *craft,
    bool xcom_south, unsigned char *const *masks, int mlevels, int side,
    struct pos p)
{
	const struct new_box	*b = &craft[1 - side];
	const struct map	*m = s->map;
	bool			 enemy_south = (side == SIDE_XCOM) != xcom_south;

	/* Its craft: the hull's squares, not the ground in its box. */
	if (b->x0 >= 0)
		return p.x >= b->x0 && p.x <= b->x1 && p.y >= b->y0 &&
		    p.y <= b->y1 && (map_square(m, p)->floor == FLOOR_HULL ||
		    map_square(m, p)->floor == FLOOR_ELEVATOR);
	if (p.z < mlevels && masks[side][((size_t)p.z * m->height + p.y) *
	    m->width + p.x])
		return false;
	return enemy_south ? p.y >= m->height / 2 : p.y < m->height / 2;
}

/* The sabotage targets of side, drawn from r among those it can destroy. */
static void
new_sabotage(const struct scenario *s, const struct new_squads *sq,
    const struct new_box *craft, bool xcom_south, bool base,
    unsigned char *const *masks, int mlevels, int side, struct rng *r,
    struct new_targets *t)
{
	const struct map	*m = s->map;
	struct pos		 p, *can;
	size_t			 n = 0, any = 0, k;
	int			 weakest = STRENGTH_COUNT, best = -1;

	/* §2.3: "an object in the center of the alien craft/base". */
	if (craft[1 - side].x0 < 0 && !base) {
		t->why[0] = "the enemy has neither a craft nor a base here "
		    "(\xc2\xa7" "2.3: the object is in its craft or base)";
		return;
	}
	can = xcalloc((size_t)m->width * m->height * m->levels, sizeof *can);
	for (p.z = 0; p.z < m->levels; p.z++)
	for (p.y = 0; p.y < m->height; p.y++)
	for (p.x = 0; p.x < m->width; p.x++) {
		int obj = map_square(m, p)->object;

		if (obj == OBJECT_NONE || !new_enemy_ground(s, craft,
		    xcom_south, masks, mlevels, side, p))
			continue;
		any++;
		if ((int)m->objects[obj].strength < weakest)
			weakest = (int)m->objects[obj].strength;
		if (sq->have[side] && new_blows_up(s->catalog,
		    &sq->sq[side], m->objects[obj].strength))
			can[n++] = p;
	}
	if (n > 0) {
		t->sabotage = true;
		t->sabotage_at = can[rng_below(r, (uint32_t)n)];
		free(can);
		return;
	}
	free(can);
	if (any == 0) {
		t->why[0] = "there is no object in the enemy's craft or ground";
		return;
	}
	for (k = 0; sq->have[side] && k < s->catalog->nitems; k++) {
		const struct item_type *it = &s->catalog->items[k];

		if (it->class == ITEM_GRENADE &&
		    it->grenade_kind == GRENADE_TIMED &&
		    new_squad_carries(&sq->sq[side], (int)k) && (best < 0 ||
		    it->damage.amount > s->catalog->items[best].damage.amount))
			best = (int)k;
	}
	if (best < 0)
		snprintf(t->why_sabotage, sizeof t->why_sabotage, "it brings "
		    "no timed grenade, and the weakest object in the enemy's "
		    "craft or ground is %s", strength_names[weakest]);
	else {
		const struct damage *dm = &s->catalog->items[best].damage;
		char cls[16] = "";

		if (dm->he_class > 0)
			snprintf(cls, sizeof cls, "-%d", dm->he_class);
		snprintf(t->why_sabotage, sizeof t->why_sabotage, "its best "
		    "timed grenade (%s, %d %s%s) destroys nothing in the "
		    "enemy's craft or ground from a square away, the weakest "
		    "there being %s (\xc2\xa7" "7.6)",
		    s->catalog->items[best].id, dm->amount,
		    damage_type_names[dm->type], cls,
		    strength_names[weakest]);
	}
	t->why[0] = t->why_sabotage;
}

/* Every target side may have on this map, each drawn from r. */
static void
new_targets(const struct scenario *s, const struct new_squads *sq,
    const struct new_box *craft, bool base, bool xcom_south,
    unsigned char *const *masks, int mlevels, int side, struct rng *r,
    struct new_targets *t)
{
	const struct catalog	*cat = s->catalog;
	const struct squad	*own = &sq->sq[side], *foe = &sq->sq[1 - side];
	const struct map	*m = s->map;
	const struct new_box	*b = &craft[1 - side];
	size_t			 i, k, n, *can;
	bool			 soldier;

	memset(t, 0, sizeof *t);
	t->technology = -1;
	new_sabotage(s, sq, craft, xcom_south, base, masks, mlevels, side, r,
	    t);
	soldier = sq->have[side] && new_has_soldier(cat, own);
	/* Capture a unit: stunned and carried, or mind controlled. */
	n = 0;
	can = xcalloc(sq->have[1 - side] ? foe->nunits + 1 : 1, sizeof *can);
	for (i = 0; sq->have[side] && sq->have[1 - side] && i < foe->nunits;
	    i++)
		if (new_capturable(cat, own, &foe->units[i]))
			can[n++] = i;
	if (n > 0)
		t->unit = foe->units[can[rng_below(r, (uint32_t)n)]].id;
	else
		t->why[1] = "it can neither stun and carry (a stun weapon and "
		    "a soldier to carry, a target of one square) nor mind "
		    "control (\xc2\xa7" "6.4) any enemy unit";
	free(can);
	/* Capture the ship: the enemy's craft, its building by name. */
	for (i = 0; b->x0 >= 0 && i < m->nbuildings && t->ship == NULL; i++)
		if (m->buildings[i].x0 >= b->x0 && m->buildings[i].x1 <= b->x1 &&
		    m->buildings[i].y0 >= b->y0 && m->buildings[i].y1 <= b->y1)
			t->ship = m->buildings[i].name;
	for (i = 0, n = 0; t->ship != NULL && i < m->nbuildings; i++)
		n += strcmp(m->buildings[i].name, t->ship) == 0;
	if (t->ship == NULL || n != 1) {
		t->ship = NULL;
		t->why[2] = b->x0 < 0 ? "the enemy has no craft" :
		    "the enemy's craft is no building of its own on the map";
	}
	/* Capture technology: what an enemy carries and it does not. */
	can = xcalloc(cat->nitems + 1, sizeof *can);
	n = 0;
	for (k = 0; soldier && sq->have[1 - side] && k < cat->nitems; k++)
		if (cat->items[k].class != ITEM_AMMO &&
		    cat->items[k].class != ITEM_ARMOUR &&
		    new_squad_carries(foe, (int)k) &&
		    !new_squad_carries(own, (int)k))
			can[n++] = k;
	if (n > 0)
		t->technology = (int)can[rng_below(r, (uint32_t)n)];
	else
		t->why[3] = !soldier ? "it has no soldier to pick it up" :
		    "the enemy carries nothing it does not bring in itself";
	free(can);
}

/* A side's secret block: its mission and the targets it names. */
static int
new_secret_text(const struct scenario *s, const struct new_options *o,
    int side, const struct new_targets *t, struct strbuf *sb)
{
	const struct catalog	*cat = s->catalog;
	enum mission		 m = o->secret[side];
	bool			 all = m == MISSION_ASSAULT;
	size_t			 i, k = 0;

	for (i = 1; i < XTAC_NITEMS(new_secret_missions); i++)
		if (new_secret_missions[i] == m)
			k = i;
	if (!all && t->why[k - 1] != NULL) {
		fprintf(stderr, "xtac new: %s cannot have the %s mission "
		    "here: %s\n", side_names[side], new_secret_names[k],
		    t->why[k - 1]);
		return EXIT_USAGE;
	}
	if (all && t->why[0] != NULL && t->why[1] != NULL &&
	    t->why[2] != NULL && t->why[3] != NULL) {
		fprintf(stderr, "xtac new: %s can have no secret mission "
		    "here: sabotage: %s; capture-unit: %s; capture-ship: %s; "
		    "capture-technology: %s\n", side_names[side], t->why[0],
		    t->why[1], t->why[2], t->why[3]);
		return EXIT_USAGE;
	}
	strbuf_printf(sb, "    objective: Your orders are in the log; complete "
	    "them, or win outright.\n    secret:\n      mission: %s\n",
	    new_secret_names[k]);
	if ((all || m == MISSION_SABOTAGE) && t->why[0] == NULL)
		strbuf_printf(sb, "      sabotage: [%d, %d, %d]\n",
		    t->sabotage_at.x + 1, t->sabotage_at.y + 1,
		    t->sabotage_at.z + 1);
	if ((all || m == MISSION_CAPTURE_UNIT) && t->why[1] == NULL)
		strbuf_printf(sb, "      capture-unit: %s\n", t->unit);
	if ((all || m == MISSION_CAPTURE_SHIP) && t->why[2] == NULL)
		strbuf_printf(sb, "      capture-ship: %s\n", t->ship);
	if ((all || m == MISSION_CAPTURE_TECH) && t->why[3] == NULL)
		strbuf_printf(sb, "      capture-technology: %s\n",
		    cat->items[t->technology].id);
	return EXIT_OK;
}

int
new_mission_extra(const struct new_options *o, const struct scenario *s,
    const struct new_squads *sq, const struct new_box *craft,
    bool xcom_south, unsigned char *const *masks, int mlevels,
    const struct new_view *v, struct rng *r, struct new_extra *x)
{
	static const char *const terror[SIDE_CIVILIAN] = {
		"    objective: Kill every alien; save the civilians.\n",
		"    objective: Kill every civilian in the town.\n"
	};
	struct new_targets	 t;
	struct strbuf		 sb;
	int			 side, status;

	memset(x, 0, sizeof *x);
	if (o->mission == MISSION_TERROR &&
	    (x->units = new_civilians(s, sq, masks, mlevels, v, r)) == NULL)
		return EXIT_INVALID;
	for (side = 0; side < SIDE_CIVILIAN; side++) {
		strbuf_init(&sb);
		if (o->secret_given[side]) {
			new_targets(s, sq, craft, strcmp(o->terrain, "base") ==
			    0, xcom_south, masks, mlevels, side, r, &t);
			if ((status = new_secret_text(s, o, side, &t,
			    &sb)) != EXIT_OK) {
				strbuf_free(&sb);
				new_extra_free(x);
				return status;
			}
		} else if (o->mission == MISSION_TERROR)
			strbuf_puts(&sb, terror[side]);
		x->side[side] = strbuf_steal(&sb);
	}
	return EXIT_OK;
}
