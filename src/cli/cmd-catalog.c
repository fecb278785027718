/*
 * cmd-catalog.c - `xtac catalog [--json]`: every unit and item of the
 * loaded catalog, as aligned tables for a player (laid out like the
 * rulebook's: one line per shot mode, a weapon's ammunition beside it) or
 * as JSON for tools.  Exit 0, 2 usage, 3 when the catalog cannot be read.
 *
 * A table is built whole as strings, then printed with each column as wide
 * as its widest cell, so nothing needs a width guessed in advance.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "xtac/util.h"

#define CMD_CATALOG_MAX_COLS	16

struct cmd_catalog_table {
	const char	*title;
	size_t		 ncols;
	const char	*heads[CMD_CATALOG_MAX_COLS];
	bool		 right[CMD_CATALOG_MAX_COLS];	/* numbers */
	char		**cells;	/* row-major, ncols a row */
	size_t		 ncells;
};

static const char *const cmd_catalog_classes[] = {
	"soldier", "hwp", "terror", "civilian"
};
static const char *const cmd_catalog_kinds[] = {
	"small-arm", "support", "melee", "internal", "psi", "medical"
};
static const char *const cmd_catalog_grenade_kinds[] = {
	"timed", "proximity", "smoke", "flare", "charge"
};

/* --- tables ------------------------------------------------------------- */

/* Columns as "NAME" (left-aligned) or ">NAME" (right-aligned). */
static void
cmd_catalog_table_init(struct cmd_catalog_table *t, const char *title, ...)
{
	va_list		 ap;
	const char	*h;

	memset(t, 0, sizeof *t);
	t->title = title;
	va_start(ap, title);
	while ((h = va_arg(ap, const char *)) != NULL &&
	    t->ncols < CMD_CATALOG_MAX_COLS) {
		t->right[t->ncols] = *h == '>';
		t->heads[t->ncols++] = *h == '>' ? h + 1 : h;
	}
	va_end(ap);
}

static void cmd_catalog_cell(struct cmd_catalog_table *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

/* The next cell, filling rows left to right. */
static void
cmd_catalog_cell(struct cmd_catalog_table *t, const char *fmt, ...)
{
	va_list	ap;

	t->cells = xreallocarray(t->cells, t->ncells + 1, sizeof *t->cells);
	va_start(ap, fmt);
	t->cells[t->ncells++] = xvasprintf(fmt, ap);
	va_end(ap);
}

/* Empty cells up to the end of the current row. */
static void
cmd_catalog_endrow(struct cmd_catalog_table *t)
{
	while (t->ncells % t->ncols != 0)
		cmd_catalog_cell(t, "%s", "");
}

static void
cmd_catalog_table_print(struct cmd_catalog_table *t, FILE *f)
{
	size_t	width[CMD_CATALOG_MAX_COLS], i, c, len;

	cmd_catalog_endrow(t);
	for (c = 0; c < t->ncols; c++)
		width[c] = strlen(t->heads[c]);
	for (i = 0; i < t->ncells; i++) {
		len = strlen(t->cells[i]);
		if (len > width[i % t->ncols])
			width[i % t->ncols] = len;
	}
	fprintf(f, "%s\n\n", t->title);
	for (i = 0; i < t->ncells + t->ncols; i++) {
		const char *s = i < t->ncols ? t->heads[i] :
		    t->cells[i - t->ncols];
		bool last;

		c = i % t->ncols;
		/* Trailing blanks help nobody: stop at the row's last text. */
		last = c == t->ncols - 1;
		if (!last) {
			size_t rest;

			last = true;
			for (rest = c + 1; rest < t->ncols; rest++) {
				size_t k = i - c + rest;
				const char *r = k < t->ncols ? t->heads[k] :
				    t->cells[k - t->ncols];
				if (*r != '\0')
					last = false;
			}
		}
		if (t->right[c])
			fprintf(f, "%*s", (int)width[c], s);
		else if (last)
			fputs(s, f);
		else
			fprintf(f, "%-*s", (int)width[c], s);
		if (last) {
			fputc('\n', f);
			i += t->ncols - 1 - c;
		} else
			fputs("  ", f);
	}
	fputc('\n', f);
	for (i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->ncells = 0;
}

/* --- cell text ------------------------------------------------------------ */

static char *
cmd_catalog_damage(const struct damage *d)
{
	if (d->amount == 0 && d->type == DMG_CC)
		return xstrdup("0");
	if (d->type == DMG_HE)
		return xasprintf("%d HE-%d", d->amount, d->he_class);
	return xasprintf("%d %s", d->amount, damage_type_names[d->type]);
}

static char *
cmd_catalog_capacity(int capacity)
{
	if (capacity == CLIP_UNLIMITED)
		return xstrdup("unlimited");
	return xasprintf("%d", capacity);
}

static char *
cmd_catalog_stat(int stat, enum stat_id which)
{
	if (stat == STAT_NONE)
		return xstrdup("-");
	/* The rulebook writes the opposed-roll bonuses signed. */
	if (which == STAT_RET || which == STAT_PSK || which == STAT_PST)
		return xasprintf("%+d", stat);
	return xasprintf("%d", stat);
}

static char *
cmd_catalog_facings(const int a[ARMOUR_COUNT])
{
	return xasprintf("%d/%d/%d/%d/%d", a[ARMOUR_FRONT], a[ARMOUR_LEFT],
	    a[ARMOUR_RIGHT], a[ARMOUR_REAR], a[ARMOUR_UNDER]);
}

static char *
cmd_catalog_susceptibility(const struct susceptibility s[DMG_COUNT])
{
	struct strbuf	sb;
	int		t;

	strbuf_init(&sb);
	for (t = 0; t < DMG_COUNT; t++) {
		if (s[t].immune)
			strbuf_printf(&sb, "%s%s immune", sb.len ? " " : "",
			    damage_type_names[t]);
		else if (s[t].modifier != 0)
			strbuf_printf(&sb, "%s%s%+d", sb.len ? " " : "",
			    damage_type_names[t], s[t].modifier);
	}
	if (sb.len == 0)
		strbuf_puts(&sb, "-");
	return strbuf_steal(&sb);
}

static char *
cmd_catalog_tech(const struct item_type *it)
{
	if (it->tech_level == 0)
		return xstrdup("-");
	return xasprintf("%d %s", it->tech_level, side_names[it->tech_side]);
}

/* "3" when every clip agrees, else "3/4/4"; field is cost or weight. */
static char *
cmd_catalog_clips(const struct catalog *c, const struct item_type *w,
    bool cost)
{
	struct strbuf	sb;
	int		i, v, first = 0;
	bool		same = true;

	for (i = 0; i < w->nammo; i++) {
		v = cost ? c->items[w->ammo[i]].cost :
		    c->items[w->ammo[i]].weight;
		if (i == 0)
			first = v;
		same &= v == first;
	}
	strbuf_init(&sb);
	for (i = 0; i < w->nammo && (i == 0 || !same); i++)
		strbuf_printf(&sb, "%s%d", i ? "/" : "", cost ?
		    c->items[w->ammo[i]].cost : c->items[w->ammo[i]].weight);
	return strbuf_steal(&sb);
}

/* The cell text, freed after use: cmd_catalog_cell with an owned string. */
static void
cmd_catalog_put(struct cmd_catalog_table *t, char *s)
{
	cmd_catalog_cell(t, "%s", s);
	free(s);
}

/* --- text tables -------------------------------------------------------- */

/* The i-th unit when listed by side (X-Com, aliens, civilians), each side
 * in catalog order: files load in name order, which is not the book's. */
static size_t
cmd_catalog_order(const struct catalog *c, size_t i)
{
	size_t	u;
	int	side;

	for (side = 0; side < SIDE_COUNT; side++)
		for (u = 0; u < c->nunits; u++)
			if (c->units[u].side == (enum side)side && i-- == 0)
				return u;
	return 0;
}

static void
cmd_catalog_print_units(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i;
	int				s;

	cmd_catalog_table_init(&t, "UNITS (\xc2\xa7" "3; '-': cannot)", "ID",
	    "NAME", "SIDE", "CLASS", ">COST", ">TECH", ">TU", ">HTH", ">ACC",
	    ">MAC", ">TAC", ">STR", ">RET", ">PSK", ">PST", NULL);
	for (i = 0; i < c->nunits; i++) {
		const struct unit_type *u = &c->units[cmd_catalog_order(c, i)];

		cmd_catalog_cell(&t, "%s", u->id);
		cmd_catalog_cell(&t, "%s", u->name);
		cmd_catalog_cell(&t, "%s", side_names[u->side]);
		cmd_catalog_cell(&t, "%s", cmd_catalog_classes[u->class]);
		cmd_catalog_cell(&t, "%d", u->cost);
		if (u->tech_level == 0)
			cmd_catalog_cell(&t, "%s", "-");
		else
			cmd_catalog_cell(&t, "%d", u->tech_level);
		for (s = 0; s < STAT_COUNT; s++)
			cmd_catalog_put(&t, cmd_catalog_stat(u->stats[s],
			    (enum stat_id)s));
	}
	cmd_catalog_table_print(&t, f);

	cmd_catalog_table_init(&t, "UNIT DEFENCES AND MOVEMENT (armour front/"
	    "left/right/rear/under)", "ID", "ARMOUR", "SUSCEPTIBILITY",
	    "SIZE", "FLIES", "KNEELS", "BUILT-IN WEAPON", NULL);
	for (i = 0; i < c->nunits; i++) {
		const struct unit_type *u = &c->units[cmd_catalog_order(c, i)];

		cmd_catalog_cell(&t, "%s", u->id);
		cmd_catalog_put(&t, cmd_catalog_facings(u->armour));
		cmd_catalog_put(&t, cmd_catalog_susceptibility(
		    u->susceptibility));
		cmd_catalog_cell(&t, "%dx%d", u->size, u->size);
		cmd_catalog_cell(&t, "%s", u->flying ? "yes" : "no");
		cmd_catalog_cell(&t, "%s", u->can_kneel ? "yes" : "no");
		cmd_catalog_cell(&t, "%s", u->weapon >= 0 ?
		    c->items[u->weapon].id : "-");
	}
	cmd_catalog_table_print(&t, f);
}

/* One weapon: a line a shot mode or ammunition type, whichever is more. */
static void
cmd_catalog_weapon_rows(struct cmd_catalog_table *t, const struct catalog *c,
    const struct item_type *it, bool internal)
{
	int	row, rows = it->nshots > it->nammo ? it->nshots : it->nammo;
	size_t	u;

	for (row = 0; row < rows; row++) {
		const struct shot *sh = row < it->nshots ? &it->shots[row] :
		    NULL;
		const struct item_type *am = row < it->nammo ?
		    &c->items[it->ammo[row]] : NULL;

		if (row > 0)
			cmd_catalog_cell(t, "%s", "");
		else
			cmd_catalog_cell(t, "%s", it->id);
		if (row > 0) {
			cmd_catalog_cell(t, "%s", "");
			cmd_catalog_cell(t, "%s", "");
			if (!internal)
				cmd_catalog_cell(t, "%s", "");
		} else if (internal) {
			struct strbuf sb;

			strbuf_init(&sb);
			for (u = 0; u < c->nunits; u++)
				if (c->units[u].weapon == it - c->items)
					strbuf_printf(&sb, "%s%s", sb.len ?
					    ", " : "", c->units[u].id);
			cmd_catalog_cell(t, "%s", sb.len ? sb.data : "-");
			strbuf_free(&sb);
			cmd_catalog_cell(t, "%s", side_names[it->tech_side]);
		} else {
			cmd_catalog_put(t, cmd_catalog_tech(it));
			if (it->nammo > 0 &&
			    c->items[it->ammo[0]].class == ITEM_AMMO) {
				char *clip = cmd_catalog_clips(c, it, true);
				cmd_catalog_cell(t, "%d (%s)", it->cost, clip);
				free(clip);
			} else if (it->nammo > 0)
				cmd_catalog_cell(t, "%d (*)", it->cost);
			else
				cmd_catalog_cell(t, "%d", it->cost);
			if (it->nammo > 0 &&
			    c->items[it->ammo[0]].class == ITEM_AMMO) {
				char *clip = cmd_catalog_clips(c, it, false);
				cmd_catalog_cell(t, "%d (%s)", it->weight,
				    clip);
				free(clip);
			} else
				cmd_catalog_cell(t, "%d", it->weight);
		}
		if (sh != NULL) {
			cmd_catalog_cell(t, "%s", shot_mode_names[sh->mode]);
			if (sh->mode == SHOT_DETONATE && sh->accuracy == 0)
				cmd_catalog_cell(t, "%s", "");
			else
				cmd_catalog_cell(t, "%+d", sh->accuracy);
			cmd_catalog_cell(t, "%d", sh->tu);
		} else {
			cmd_catalog_cell(t, "%s", "");
			cmd_catalog_cell(t, "%s", "");
			cmd_catalog_cell(t, "%s", "");
		}
		if (sh != NULL && sh->has_damage)
			cmd_catalog_put(t, cmd_catalog_damage(&sh->damage));
		else if (sh != NULL && sh->mode == SHOT_IMPLANT)
			cmd_catalog_cell(t, "%s", "zombify");
		else if (am != NULL)
			cmd_catalog_put(t, cmd_catalog_damage(&am->damage));
		else if (row == 0 && it->nammo == 0)
			cmd_catalog_put(t, cmd_catalog_damage(&it->damage));
		else
			cmd_catalog_cell(t, "%s", "");
		if (am != NULL && am->class == ITEM_AMMO)
			cmd_catalog_put(t, cmd_catalog_capacity(am->capacity));
		else if (row == 0 && (it->nammo == 0 || it->capacity > 0))
			cmd_catalog_put(t, cmd_catalog_capacity(it->capacity));
		else
			cmd_catalog_cell(t, "%s", "");
		cmd_catalog_cell(t, "%s", am != NULL ? am->id : "");
		if (row == 0 && it->guided)
			cmd_catalog_cell(t, "%s", "guided");
		else if (row == 0 && it->thrown && it->throw_weight > 0)
			cmd_catalog_cell(t, "thrown, range STR/%d",
			    it->throw_weight);
		else if (row == 0 && it->thrown)
			cmd_catalog_cell(t, "%s", "thrown, no range limit");
		else if (row == 0 && it->launched)
			cmd_catalog_cell(t, "%s", "launched, no range limit");
		cmd_catalog_endrow(t);
	}
}

static void
cmd_catalog_print_weapons(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i;

	cmd_catalog_table_init(&t, "WEAPONS (\xc2\xa7" "3.5)\n"
	    "Cost (an extra clip's) and weight (a clip's); a small arm's "
	    "price\nincludes a clip, a support weapon's ammunition is bought "
	    "apart; (*): the\ngrenades it fires.", "ID",
	    "TECH", ">COST", ">WEIGHT", "SHOT", ">ACC", ">TU", "DAMAGE",
	    ">ROUNDS", "AMMUNITION", "NOTES", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];

		if (it->class == ITEM_WEAPON &&
		    (it->weapon_kind == WEAPON_SMALL_ARM ||
		    it->weapon_kind == WEAPON_SUPPORT))
			cmd_catalog_weapon_rows(&t, c, it, false);
	}
	cmd_catalog_table_print(&t, f);

	cmd_catalog_table_init(&t, "INTERNAL ATTACKS (built into HWPs and "
	    "terror units)", "ID", "UNIT", "SIDE", "SHOT", ">ACC", ">TU",
	    "DAMAGE", ">ROUNDS", "AMMUNITION", "NOTES", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];

		if (it->class == ITEM_WEAPON &&
		    it->weapon_kind == WEAPON_INTERNAL)
			cmd_catalog_weapon_rows(&t, c, it, true);
	}
	cmd_catalog_table_print(&t, f);
}

static void
cmd_catalog_print_ammo(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i, w;
	int				a;

	cmd_catalog_table_init(&t, "AMMUNITION", "ID", "NAME", "FOR", "TECH",
	    ">COST", ">WEIGHT", ">ROUNDS", "DAMAGE", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];
		struct strbuf sb;

		if (it->class != ITEM_AMMO)
			continue;
		strbuf_init(&sb);
		for (w = 0; w < c->nitems; w++)
			for (a = 0; a < c->items[w].nammo; a++)
				if (c->items[w].ammo[a] == (int)i)
					strbuf_printf(&sb, "%s%s", sb.len ?
					    ", " : "", c->items[w].id);
		cmd_catalog_cell(&t, "%s", it->id);
		cmd_catalog_cell(&t, "%s", it->name);
		cmd_catalog_cell(&t, "%s", sb.len ? sb.data : "-");
		strbuf_free(&sb);
		cmd_catalog_put(&t, cmd_catalog_tech(it));
		cmd_catalog_cell(&t, "%d", it->cost);
		cmd_catalog_cell(&t, "%d", it->weight);
		cmd_catalog_put(&t, cmd_catalog_capacity(it->capacity));
		cmd_catalog_put(&t, cmd_catalog_damage(&it->damage));
	}
	cmd_catalog_table_print(&t, f);
}

static void
cmd_catalog_print_grenades(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i;

	cmd_catalog_table_init(&t, "GRENADES (thrown: range STR / weight)",
	    "ID", "NAME", "KIND", "TECH", ">COST", ">WEIGHT", "DAMAGE", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];

		if (it->class != ITEM_GRENADE)
			continue;
		cmd_catalog_cell(&t, "%s", it->id);
		cmd_catalog_cell(&t, "%s", it->name);
		cmd_catalog_cell(&t, "%s",
		    cmd_catalog_grenade_kinds[it->grenade_kind]);
		cmd_catalog_put(&t, cmd_catalog_tech(it));
		cmd_catalog_cell(&t, "%d", it->cost);
		cmd_catalog_cell(&t, "%d", it->weight);
		cmd_catalog_put(&t, cmd_catalog_damage(&it->damage));
	}
	cmd_catalog_table_print(&t, f);
}

static void
cmd_catalog_print_armour(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i;

	cmd_catalog_table_init(&t, "ARMOUR (added to the wearer's; its "
	    "susceptibilities replace the wearer's)", "ID", "NAME", "TECH",
	    ">COST", "ARMOUR", ">STR", "FLIES", "SUSCEPTIBILITY", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];

		if (it->class != ITEM_ARMOUR)
			continue;
		cmd_catalog_cell(&t, "%s", it->id);
		cmd_catalog_cell(&t, "%s", it->name);
		cmd_catalog_put(&t, cmd_catalog_tech(it));
		cmd_catalog_cell(&t, "%d", it->cost);
		cmd_catalog_put(&t, cmd_catalog_facings(it->armour));
		cmd_catalog_cell(&t, "%+d", it->str_bonus);
		cmd_catalog_cell(&t, "%s", it->flying ? "yes" : "no");
		cmd_catalog_put(&t, cmd_catalog_susceptibility(
		    it->susceptibility));
	}
	cmd_catalog_table_print(&t, f);
}

static void
cmd_catalog_print_equipment(const struct catalog *c, FILE *f)
{
	struct cmd_catalog_table	t;
	size_t				i;
	int				s;

	cmd_catalog_table_init(&t, "EQUIPMENT", "ID", "NAME", "KIND", "TECH",
	    ">COST", ">WEIGHT", "SHOT", ">ACC", ">TU", "EFFECT", NULL);
	for (i = 0; i < c->nitems; i++) {
		const struct item_type *it = &c->items[i];

		if (it->class != ITEM_EQUIPMENT && !(it->class ==
		    ITEM_WEAPON && it->weapon_kind == WEAPON_MELEE))
			continue;
		for (s = 0; s < it->nshots || s == 0; s++) {
			const struct shot *sh = s < it->nshots ?
			    &it->shots[s] : NULL;

			if (s == 0) {
				cmd_catalog_cell(&t, "%s", it->id);
				cmd_catalog_cell(&t, "%s", it->name);
				cmd_catalog_cell(&t, "%s",
				    cmd_catalog_kinds[it->weapon_kind]);
				cmd_catalog_put(&t, cmd_catalog_tech(it));
				cmd_catalog_cell(&t, "%d", it->cost);
				cmd_catalog_cell(&t, "%d", it->weight);
			} else
				for (; t.ncells % t.ncols < 6;)
					cmd_catalog_cell(&t, "%s", "");
			if (sh == NULL) {
				cmd_catalog_endrow(&t);
				continue;
			}
			cmd_catalog_cell(&t, "%s", shot_mode_names[sh->mode]);
			if (sh->mode == SHOT_HEAL)
				cmd_catalog_cell(&t, "%d%%", sh->accuracy);
			else
				cmd_catalog_cell(&t, "%+d", sh->accuracy);
			cmd_catalog_cell(&t, "%d", sh->tu);
			if (it->weapon_kind == WEAPON_MEDICAL)
				cmd_catalog_cell(&t, "heals %d HTH or one "
				    "critical; %d uses", it->damage.amount,
				    it->uses);
			else if (it->weapon_kind == WEAPON_PSI)
				cmd_catalog_cell(&t, "%s", "probe +10, panic "
				    "+0, control -25 (\xc2\xa7" "6.4)");
			else
				cmd_catalog_put(&t,
				    cmd_catalog_damage(&it->damage));
		}
	}
	cmd_catalog_table_print(&t, f);
}

/* --- JSON ----------------------------------------------------------------- */

static json_t *
cmd_catalog_json_damage(const struct damage *d)
{
	return json_pack("{s:i, s:s, s:i}", "amount", d->amount, "type",
	    damage_type_names[d->type], "he_class", d->he_class);
}

static json_t *
cmd_catalog_json_capacity(int capacity)
{
	return capacity == CLIP_UNLIMITED ? json_string("unlimited") :
	    json_integer(capacity);
}

static json_t *
cmd_catalog_json_facings(const int a[ARMOUR_COUNT])
{
	json_t	*o = json_object();
	int	 i;

	for (i = 0; i < ARMOUR_COUNT; i++)
		json_object_set_new(o, armour_facing_names[i],
		    json_integer(a[i]));
	return o;
}

static json_t *
cmd_catalog_json_susceptibility(const struct susceptibility s[DMG_COUNT])
{
	json_t	*o = json_object();
	int	 t;

	for (t = 0; t < DMG_COUNT; t++) {
		if (s[t].immune)
			json_object_set_new(o, damage_type_names[t],
			    json_string("immune"));
		else if (s[t].modifier != 0)
			json_object_set_new(o, damage_type_names[t],
			    json_integer(s[t].modifier));
	}
	return o;
}

static json_t *
cmd_catalog_json_unit(const struct catalog *c, const struct unit_type *u)
{
	json_t	*o, *stats = json_object();
	int	 s;

	for (s = 0; s < STAT_COUNT; s++)
		json_object_set_new(stats, stat_names[s],
		    u->stats[s] == STAT_NONE ? json_null() :
		    json_integer(u->stats[s]));
	o = json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:o, s:o, s:o, s:i, "
	    "s:b, s:b}", "id", u->id, "name", u->name, "side",
	    side_names[u->side], "class", cmd_catalog_classes[u->class],
	    "cost", u->cost, "tech", u->tech_level, "stats", stats,
	    "armour", cmd_catalog_json_facings(u->armour), "susceptibility",
	    cmd_catalog_json_susceptibility(u->susceptibility), "size",
	    u->size, "flying", u->flying, "kneel", u->can_kneel);
	json_object_set_new(o, "weapon", u->weapon >= 0 ?
	    json_string(c->items[u->weapon].id) : json_null());
	return o;
}

/* Fields every item has, then its class's own. */
static json_t *
cmd_catalog_json_item(const struct catalog *c, const struct item_type *it)
{
	json_t	*o, *shots, *ammo;
	int	 i;

	o = json_pack("{s:s, s:s}", "id", it->id, "name", it->name);
	switch (it->class) {
	case ITEM_WEAPON:
	case ITEM_EQUIPMENT:
		json_object_set_new(o, "kind",
		    json_string(cmd_catalog_kinds[it->weapon_kind]));
		break;
	case ITEM_GRENADE:
		json_object_set_new(o, "kind", json_string(
		    cmd_catalog_grenade_kinds[it->grenade_kind]));
		break;
	default:
		break;
	}
	json_object_set_new(o, "side", json_string(side_names[it->tech_side]));
	json_object_set_new(o, "tech", json_integer(it->tech_level));
	json_object_set_new(o, "cost", json_integer(it->cost));
	json_object_set_new(o, "weight", json_integer(it->weight));
	if (it->class == ITEM_WEAPON || it->class == ITEM_EQUIPMENT) {
		shots = json_object();
		for (i = 0; i < it->nshots; i++) {
			const struct shot *sh = &it->shots[i];
			json_t *j = json_pack("{s:i, s:i}", "accuracy",
			    sh->accuracy, "tu", sh->tu);

			if (sh->has_damage)
				json_object_set_new(j, "damage",
				    cmd_catalog_json_damage(&sh->damage));
			json_object_set_new(shots, shot_mode_names[sh->mode],
			    j);
		}
		json_object_set_new(o, "shots", shots);
	}
	if (it->class == ITEM_WEAPON) {
		if (it->nammo == 0)
			json_object_set_new(o, "damage",
			    cmd_catalog_json_damage(&it->damage));
		if (it->nammo == 0 || it->capacity > 0)
			json_object_set_new(o, "capacity",
			    cmd_catalog_json_capacity(it->capacity));
		if (it->nammo > 0) {
			ammo = json_array();
			for (i = 0; i < it->nammo; i++)
				json_array_append_new(ammo,
				    json_string(c->items[it->ammo[i]].id));
			json_object_set_new(o, "ammo", ammo);
		}
		json_object_set_new(o, "guided", json_boolean(it->guided));
		json_object_set_new(o, "launched", json_boolean(it->launched));
		json_object_set_new(o, "thrown", json_boolean(it->thrown));
		if (it->throw_weight > 0)
			json_object_set_new(o, "throw-weight",
			    json_integer(it->throw_weight));
	}
	if (it->class == ITEM_AMMO || it->class == ITEM_GRENADE) {
		json_object_set_new(o, "capacity",
		    cmd_catalog_json_capacity(it->capacity));
		json_object_set_new(o, "damage",
		    cmd_catalog_json_damage(&it->damage));
	}
	if (it->class == ITEM_ARMOUR) {
		json_object_set_new(o, "armour",
		    cmd_catalog_json_facings(it->armour));
		json_object_set_new(o, "susceptibility",
		    cmd_catalog_json_susceptibility(it->susceptibility));
		json_object_set_new(o, "str-bonus",
		    json_integer(it->str_bonus));
		json_object_set_new(o, "flying", json_boolean(it->flying));
	}
	if (it->class == ITEM_EQUIPMENT) {
		if (it->weapon_kind == WEAPON_MEDICAL) {
			json_object_set_new(o, "heal",
			    json_integer(it->damage.amount));
			json_object_set_new(o, "uses", json_integer(it->uses));
		} else
			json_object_set_new(o, "capacity",
			    cmd_catalog_json_capacity(it->capacity));
	}
	return o;
}

/* The sections of the unit files, so the JSON reads like them. */
static int
cmd_catalog_json(const struct catalog *c, FILE *f)
{
	static const char *const sections[] = {
		"weapons", "ammo", "grenades", "armour", "equipment"
	};
	static const enum item_class classes[] = {
		ITEM_WEAPON, ITEM_AMMO, ITEM_GRENADE, ITEM_ARMOUR,
		ITEM_EQUIPMENT
	};
	json_t	*root = json_object(), *units = json_array(), *list;
	size_t	 i, s;
	int	 rc;

	for (i = 0; i < c->nunits; i++)
		json_array_append_new(units,
		    cmd_catalog_json_unit(c, &c->units[i]));
	json_object_set_new(root, "units", units);
	for (s = 0; s < XTAC_NITEMS(sections); s++) {
		list = json_array();
		for (i = 0; i < c->nitems; i++)
			if (c->items[i].class == classes[s])
				json_array_append_new(list,
				    cmd_catalog_json_item(c, &c->items[i]));
		json_object_set_new(root, sections[s], list);
	}
	rc = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(root);
	return rc == 0 ? EXIT_OK : EXIT_TROUBLE;
}

/* --- the command -------------------------------------------------------- */

static void
cmd_catalog_usage(void)
{
	const struct cli_command	*cc;

	for (cc = cli_commands; cc->name != NULL; cc++)
		if (strcmp(cc->name, "catalog") == 0)
			cli_usage(stderr, cc);
}

int
cmd_catalog(struct cli *cli, int argc, char **argv)
{
	static const struct option	opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	struct catalog			cat;
	bool				json = false;
	int				ch, rc = EXIT_OK;

	opterr = 0;	/* say it as "xtac catalog", not "catalog" */
	while ((ch = getopt_long(argc, argv, "j", opts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			json = true;
			break;
		default:
			if (optopt != 0)
				fprintf(stderr, "xtac catalog: unknown option "
				    "'-%c'\n", optopt);
			else
				fprintf(stderr, "xtac catalog: unknown option "
				    "'%s'\n", argv[optind - 1]);
			cmd_catalog_usage();
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "xtac catalog: unexpected argument '%s'\n",
		    argv[optind]);
		cmd_catalog_usage();
		return EXIT_USAGE;
	}
	if (!cli_load_catalog(cli, NULL, &cat, stderr))
		return EXIT_TROUBLE;
	if (json)
		rc = cmd_catalog_json(&cat, stdout);
	else {
		cmd_catalog_print_units(&cat, stdout);
		cmd_catalog_print_weapons(&cat, stdout);
		cmd_catalog_print_ammo(&cat, stdout);
		cmd_catalog_print_grenades(&cat, stdout);
		cmd_catalog_print_armour(&cat, stdout);
		cmd_catalog_print_equipment(&cat, stdout);
	}
	catalog_free(&cat);
	if (fflush(stdout) != 0)
		rc = EXIT_TROUBLE;
	return rc;
}
