/*
 * load-encounter.c - reading and writing encounter files (encounter.h,
 * xtac-map(5)).  An encounter names its pieces; finding them (beside the
 * file, or shipped) is the program's (src/cli/data.c).
 */
#include <stdlib.h>
#include <string.h>

#include "load-int.h"
#include "xtac/encounter.h"
#include "xtac/rng.h"
#include "xtac/util.h"

static const char *const encounter_keys[] = {
	"xtac-encounter", "name", "map", "seed", "squads", NULL
};

void
encounter_free(struct encounter *e)
{
	int	side;

	free(e->name);
	free(e->map);
	for (side = 0; side < SIDE_COUNT; side++)
		free(e->squad[side]);
	memset(e, 0, sizeof *e);
}

static void
encounter_read(const struct ynode *root, struct encounter *e,
    struct diags *d)
{
	static const char *const sides[] = { "xcom", "alien", NULL };
	const struct ynode	*v, *sq;
	int			 version, side;
	size_t			 i;

	if (!ynode_expect(root, YNODE_MAP, d, "an encounter file"))
		return;
	ymap_check_keys(root, encounter_keys, d, "an encounter file");
	if ((v = ymap_get(root, "xtac-encounter")) != NULL &&
	    yscalar_int(v, d, 0, 1000, "xtac-encounter", &version) &&
	    version != 1)
		diag_error(d, v->line, v->col, "this is xtac-encounter format "
		    "%d; this xtac reads format 1", version);
	if ((v = ymap_get(root, "name")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, d, "name"))
		e->name = xstrdup(v->text);
	if (ymap_require(root, "map", d, "an encounter file") &&
	    ynode_expect(v = ymap_get(root, "map"), YNODE_SCALAR, d, "map")) {
		if (v->text[0] == '\0')
			diag_error(d, v->line, v->col, "%s", "'map' names a "
			    "map: a shipped map's name or a path");
		else
			e->map = xstrdup(v->text);
	}
	if ((v = ymap_get(root, "seed")) != NULL &&
	    ynode_expect(v, YNODE_SCALAR, d, "seed")) {
		if (rng_parse_seed(v->text, &e->seed) != 0)
			diag_error(d, v->line, v->col, "bad seed '%s' (a whole "
			    "number, or 0x hex)", v->text);
		else
			e->has_seed = true;
	}
	if ((sq = ymap_get(root, "squads")) == NULL ||
	    !ynode_expect(sq, YNODE_MAP, d, "squads"))
		return;
	ymap_check_keys(sq, sides, d, "squads");
	for (i = 0; i < sq->n; i++) {
		for (side = 0; side < SIDE_CIVILIAN; side++)
			if (strcmp(sq->keys[i]->text, side_names[side]) == 0)
				break;
		v = sq->items[i];
		if (side == SIDE_CIVILIAN || !ynode_expect(v, YNODE_SCALAR, d,
		    "a squad"))
			continue;
		if (v->text[0] == '\0')
			diag_error(d, v->line, v->col, "%s", "a squad is a "
			    "shipped squad's name or a path");
		else {
			free(e->squad[side]);
			e->squad[side] = xstrdup(v->text);
		}
	}
}

bool
encounter_load(const char *path, struct encounter *e, struct diags *d)
{
	struct ynode	*root;
	char		*text;
	size_t		 len;

	memset(e, 0, sizeof *e);
	if ((text = ydoc_read_file(path, &len, d)) == NULL)
		return false;
	if ((root = ydoc_parse(text, len, d)) != NULL) {
		encounter_read(root, e, d);
		ydoc_free(root);
	}
	free(text);
	if (root == NULL || d->errors > 0) {
		encounter_free(e);
		return false;
	}
	return true;
}

char *
encounter_format(const struct encounter *e)
{
	struct strbuf	sb;
	int		side;

	strbuf_init(&sb);
	strbuf_puts(&sb, "xtac-encounter: 1\n");
	if (e->name != NULL) {
		strbuf_puts(&sb, "name: ");
		ydoc_quoted(&sb, e->name);
		strbuf_puts(&sb, "\n");
	}
	strbuf_puts(&sb, "map: ");
	ydoc_quoted(&sb, e->map);
	strbuf_puts(&sb, "\n");
	if (e->has_seed)
		strbuf_printf(&sb, "seed: %llu\n", (unsigned long long)e->seed);
	if (e->squad[SIDE_XCOM] != NULL || e->squad[SIDE_ALIEN] != NULL)
		strbuf_puts(&sb, "squads:\n");
	for (side = 0; side < SIDE_CIVILIAN; side++)
		if (e->squad[side] != NULL) {
			strbuf_printf(&sb, "  %s: ", side_names[side]);
			ydoc_quoted(&sb, e->squad[side]);
			strbuf_puts(&sb, "\n");
		}
	return strbuf_steal(&sb);
}

bool
data_file_is_encounter(const char *path)
{
	struct ynode	*root = ydoc_peek(path);
	bool		 is;

	is = root != NULL && root->kind == YNODE_MAP &&
	    ymap_get(root, "xtac-encounter") != NULL;
	ydoc_free(root);
	return is;
}
