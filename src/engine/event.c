/*
 * event.c - building event lists (event.h).  Fields and terms beyond the
 * fixed capacity are a bug in the engine, not bad input: fatal().
 */
#include <stdlib.h>
#include <string.h>

#include "xtac/event.h"
#include "xtac/util.h"

const char *const event_type_names[EV_TYPE_COUNT] = {
	"error", "game-start", "round-start", "initiative", "phase-start",
	"phase-end", "tu-restored", "select", "step", "turn", "kneel",
	"stand", "door-open", "door-close", "spotted", "lost-sight",
	"attack", "roll", "opposed", "damage", "critical", "stun",
	"unconscious", "wake", "death", "item-dropped", "item-picked",
	"reload", "unload", "swap", "reaction-check", "fall", "missed", "explosion",
	"destroyed", "prime", "throw", "psi", "heal", "transform", "victory",
	"query", "draw", "stow", "prone", "wake-blocked", "reaction-declined",
	"reaction-order", "deploy-start", "deploy", "deploy-end", "mission",
	"carry", "walk-stopped", "arc-stopped"
};

void
event_list_init(struct event_list *l)
{
	l->v = NULL;
	l->n = l->cap = 0;
}

void
event_list_clear(struct event_list *l)
{
	size_t	i, j;

	for (i = 0; i < l->n; i++)
		for (j = 0; j < l->v[i].nowned; j++)
			free(l->v[i].owned[j]);
	l->n = 0;
}

void
event_list_free(struct event_list *l)
{
	event_list_clear(l);
	free(l->v);
	event_list_init(l);
}

struct event *
event_push(struct event_list *l, enum event_type type)
{
	struct event	*e;

	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 32;
		l->v = xreallocarray(l->v, l->cap, sizeof *l->v);
	}
	e = &l->v[l->n++];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->seen_by = ~0u;
	return e;
}

static struct event_field *
event_field_new(struct event *e, const char *key, enum event_value_kind kind)
{
	struct event_field	*f;

	if (e->nfields >= EVENT_MAX_FIELDS)
		fatal("event %s: too many fields (adding %s)",
		    event_type_names[e->type], key);
	f = &e->fields[e->nfields++];
	memset(f, 0, sizeof *f);
	f->key = key;
	f->kind = kind;
	f->unit = -1;
	f->seen_by = ~0u;
	return f;
}

void
event_int(struct event *e, const char *key, int v)
{
	event_field_new(e, key, EVV_INT)->i = v;
}

void
event_str(struct event *e, const char *key, const char *s)
{
	event_field_new(e, key, EVV_STR)->s = s;
}

void
event_text(struct event *e, const char *key, const char *s)
{
	if (e->nowned >= EVENT_MAX_OWNED)
		fatal("event %s: too many owned texts",
		    event_type_names[e->type]);
	e->owned[e->nowned] = xstrdup(s);
	event_field_new(e, key, EVV_STR)->s = e->owned[e->nowned++];
}

void
event_bool(struct event *e, const char *key, bool v)
{
	event_field_new(e, key, EVV_BOOL)->i = v;
}

void
event_pos(struct event *e, const char *key, struct pos p)
{
	event_field_new(e, key, EVV_POS)->pos = p;
}

void
event_term(struct event *e, const char *name, int value)
{
	if (e->nterms >= EVENT_MAX_TERMS)
		fatal("event %s: too many terms", event_type_names[e->type]);
	e->terms[e->nterms].name = name;
	e->terms[e->nterms].value = value;
	e->nterms++;
}

const struct event_field *
event_get(const struct event *e, const char *key)
{
	size_t	i;

	for (i = 0; i < e->nfields; i++)
		if (strcmp(e->fields[i].key, key) == 0)
			return &e->fields[i];
	return NULL;
}
