/*
 * ydoc.c - building a positioned YAML tree from libyaml events, with limits.
 *
 * The builder keeps an explicit stack of open collections (never recursion
 * driven by input), so depth is bounded by YDOC_MAX_DEPTH whatever the file
 * says.  libyaml marks count from 0; nodes store them +1.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "xtac/file.h"
#include "ydoc.h"
#include "xtac/util.h"

struct ydoc_builder {
	struct diags	*diags;
	struct ynode	*root;
	struct ynode	*stack[YDOC_MAX_DEPTH + 1];
	int		 depth;
	size_t		 nodes;
	bool		 failed;
};

const char *
ynode_kind_name(enum ynode_kind kind)
{
	switch (kind) {
	case YNODE_SCALAR:
		return "a scalar";
	case YNODE_SEQ:
		return "a list";
	case YNODE_MAP:
		return "a mapping";
	}
	return "?";
}

void
ydoc_free(struct ynode *n)
{
	size_t	i;

	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++) {
		if (n->keys != NULL)
			ydoc_free(n->keys[i]);
		ydoc_free(n->items[i]);
	}
	free(n->keys);
	free(n->items);
	free(n->text);
	free(n);
}

static void ydoc_fail(struct ydoc_builder *, const yaml_mark_t *,
    const char *, ...) __attribute__((format(printf, 3, 4)));

/* Report the first structural problem; parsing stops after it. */
static void
ydoc_fail(struct ydoc_builder *b, const yaml_mark_t *m, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	if (!b->failed) {
		va_start(ap, fmt);
		msg = xvasprintf(fmt, ap);
		va_end(ap);
		diag_error(b->diags, (int)m->line + 1, (int)m->column + 1,
		    "%s", msg);
		free(msg);
	}
	b->failed = true;
}

/* Attach a finished node to the open collection (or make it the root). */
static bool
ydoc_attach(struct ydoc_builder *b, struct ynode *node, const yaml_mark_t *m)
{
	struct ynode	*parent;

	if (b->depth == 0) {
		b->root = node;
		return true;
	}
	parent = b->stack[b->depth - 1];
	if (parent->kind == YNODE_MAP) {
		/* A mapping receives key, value, key, value ... */
		bool want_key = parent->keys == NULL ||
		    parent->n == 0 || parent->items[parent->n - 1] != NULL;

		if (want_key) {
			size_t i;

			if (node->kind != YNODE_SCALAR) {
				ydoc_fail(b, m, "mapping keys must be plain "
				    "names, not %s", ynode_kind_name(node->kind));
				ydoc_free(node);
				return false;
			}
			for (i = 0; i < parent->n; i++) {
				if (strcmp(parent->keys[i]->text,
				    node->text) == 0) {
					diag_error(b->diags, node->line,
					    node->col, "duplicate key '%s' "
					    "(first at line %d)", node->text,
					    parent->keys[i]->line);
					break;
				}
			}
			if (parent->n >= YDOC_MAX_ITEMS) {
				ydoc_fail(b, m, "more than %s entries in one "
				    "mapping", "10000");
				ydoc_free(node);
				return false;
			}
			parent->keys = xreallocarray(parent->keys,
			    parent->n + 1, sizeof *parent->keys);
			parent->items = xreallocarray(parent->items,
			    parent->n + 1, sizeof *parent->items);
			parent->keys[parent->n] = node;
			parent->items[parent->n] = NULL;
			parent->n++;
		} else
			parent->items[parent->n - 1] = node;
		return true;
	}
	if (parent->n >= YDOC_MAX_ITEMS) {
		ydoc_fail(b, m, "more than %s items in one list", "10000");
		ydoc_free(node);
		return false;
	}
	parent->items = xreallocarray(parent->items, parent->n + 1,
	    sizeof *parent->items);
	parent->items[parent->n++] = node;
	return true;
}

static struct ynode *
ydoc_node(struct ydoc_builder *b, enum ynode_kind kind, const yaml_mark_t *m)
{
	struct ynode	*n;

	if (++b->nodes > YDOC_MAX_NODES) {
		ydoc_fail(b, m, "document has more than %s nodes", "200000");
		return NULL;
	}
	n = xcalloc(1, sizeof *n);
	n->kind = kind;
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	return n;
}

/* Reject the YAML features we do not accept; true if the event is fine. */
static bool
ydoc_plain_event(struct ydoc_builder *b, const yaml_event_t *e)
{
	const yaml_char_t	*anchor = NULL, *tag = NULL;

	switch (e->type) {
	case YAML_ALIAS_EVENT:
		ydoc_fail(b, &e->start_mark, "aliases (*%s) are not allowed "
		    "in xtac files; write the value out", (const char *)
		    e->data.alias.anchor);
		return false;
	case YAML_SCALAR_EVENT:
		anchor = e->data.scalar.anchor;
		tag = e->data.scalar.tag;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = e->data.sequence_start.anchor;
		tag = e->data.sequence_start.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = e->data.mapping_start.anchor;
		tag = e->data.mapping_start.tag;
		break;
	default:
		return true;
	}
	if (anchor != NULL) {
		ydoc_fail(b, &e->start_mark, "anchors (&%s) are not allowed "
		    "in xtac files", (const char *)anchor);
		return false;
	}
	if (tag != NULL) {
		ydoc_fail(b, &e->start_mark, "tags (%s) are not allowed in "
		    "xtac files", (const char *)tag);
		return false;
	}
	return true;
}

static void
ydoc_event(struct ydoc_builder *b, const yaml_event_t *e, int *documents)
{
	struct ynode	*n;

	if (!ydoc_plain_event(b, e))
		return;
	switch (e->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (++*documents > 1)
			ydoc_fail(b, &e->start_mark, "%s", "only one YAML "
			    "document is allowed in a file");
		break;
	case YAML_SCALAR_EVENT:
		if (e->data.scalar.length > YDOC_MAX_SCALAR) {
			ydoc_fail(b, &e->start_mark, "value longer than %u "
			    "bytes", YDOC_MAX_SCALAR);
			break;
		}
		if (memchr(e->data.scalar.value, '\0',
		    e->data.scalar.length) != NULL) {
			ydoc_fail(b, &e->start_mark, "%s", "value contains "
			    "a NUL character");
			break;
		}
		if ((n = ydoc_node(b, YNODE_SCALAR, &e->start_mark)) == NULL)
			break;
		n->text = xstrndup((const char *)e->data.scalar.value,
		    e->data.scalar.length);
		n->len = e->data.scalar.length;
		n->plain = e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		ydoc_attach(b, n, &e->start_mark);
		break;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (b->depth >= YDOC_MAX_DEPTH) {
			ydoc_fail(b, &e->start_mark, "nested deeper than %s "
			    "levels", "24");
			break;
		}
		n = ydoc_node(b, e->type == YAML_SEQUENCE_START_EVENT ?
		    YNODE_SEQ : YNODE_MAP, &e->start_mark);
		if (n == NULL)
			break;
		if (ydoc_attach(b, n, &e->start_mark))
			b->stack[b->depth++] = n;
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth > 0)
			b->depth--;
		break;
	default:
		break;
	}
}

/*
 * Where libyaml found the problem.  Scanner and parser errors carry a mark
 * for the problem itself (the context mark is where the enclosing thing
 * began, often line 1); reader errors (bad bytes) carry only an offset,
 * turned here into a line and column.
 */
static void
ydoc_error_position(const yaml_parser_t *p, const char *text, size_t len,
    int *line, int *col)
{
	size_t	i, off;

	if (p->error == YAML_READER_ERROR) {
		off = p->problem_offset < len ? p->problem_offset : len;
		*line = *col = 1;
		for (i = 0; i < off; i++) {
			if (text[i] == '\n') {
				(*line)++;
				*col = 1;
			} else
				(*col)++;
		}
		return;
	}
	if (p->problem_mark.line > 0 || p->problem_mark.column > 0) {
		*line = (int)p->problem_mark.line + 1;
		*col = (int)p->problem_mark.column + 1;
	} else {
		*line = (int)p->context_mark.line + 1;
		*col = (int)p->context_mark.column + 1;
	}
}

struct ynode *
ydoc_parse(const char *text, size_t len, struct diags *diags)
{
	struct ydoc_builder	 b;
	yaml_parser_t		 parser;
	yaml_event_t		 e;
	int			 documents = 0, done = 0;

	memset(&b, 0, sizeof b);
	b.diags = diags;
	if (len > YDOC_MAX_BYTES) {
		diag_error(diags, 0, 0, "file is larger than %u bytes",
		    YDOC_MAX_BYTES);
		return NULL;
	}
	if (!yaml_parser_initialize(&parser))
		fatal("cannot initialise the YAML parser");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text,
	    len);
	while (!done && !b.failed) {
		if (!yaml_parser_parse(&parser, &e)) {
			int line, col;

			ydoc_error_position(&parser, text, len, &line, &col);
			if (parser.context != NULL && (int)parser.context_mark.
			    line + 1 != line)
				diag_error(diags, line, col, "YAML syntax: %s "
				    "%s that starts at %d:%d", parser.problem ?
				    parser.problem : "malformed input",
				    parser.context, (int)parser.context_mark.
				    line + 1, (int)parser.context_mark.column +
				    1);
			else
				diag_error(diags, line, col, "YAML syntax: "
				    "%s%s%s", parser.problem ? parser.problem :
				    "malformed input", parser.context ? " " :
				    "", parser.context ? parser.context : "");
			b.failed = true;
			break;
		}
		ydoc_event(&b, &e, &documents);
		done = e.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&e);
	}
	yaml_parser_delete(&parser);
	if (b.failed) {
		/* Open collections are all reachable from the root. */
		ydoc_free(b.root);
		return NULL;
	}
	if (b.root == NULL)
		diag_error(diags, 1, 1, "%s", "the file is empty");
	return b.root;
}

char *
ydoc_read_file(const char *path, size_t *len, struct diags *diags)
{
	char	*buf, *cause = NULL;

	/* A FIFO, a device or a directory is refused, never waited on. */
	if ((buf = file_read(path, YDOC_MAX_BYTES, len, &cause)) == NULL) {
		/* The diagnostic names the file already. */
		diag_error(diags, 0, 0, "%s", strncmp(cause, path,
		    strlen(path)) == 0 && cause[strlen(path)] == ':' ?
		    cause + strlen(path) + 2 : cause);
		free(cause);
		return NULL;
	}
	diags_set_text(diags, buf, *len);
	return buf;
}

bool
ynode_expect(const struct ynode *n, enum ynode_kind kind, struct diags *d,
    const char *what)
{
	if (n != NULL && n->kind == kind)
		return true;
	if (n != NULL)
		diag_error(d, n->line, n->col, "%s should be %s, not %s", what,
		    ynode_kind_name(kind), ynode_kind_name(n->kind));
	return false;
}

static void
ydoc_join(struct strbuf *sb, const char *const *names, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			strbuf_puts(sb, ", ");
		if (i == 12 && n > 14) {
			strbuf_printf(sb, "... %zu more", n - i);
			break;
		}
		strbuf_puts(sb, names[i]);
	}
}

void
ymap_check_keys(const struct ynode *map, const char *const *allowed,
    struct diags *d, const char *what)
{
	size_t	i, j, nallowed = 0;

	while (allowed[nallowed] != NULL)
		nallowed++;
	for (i = 0; i < map->n; i++) {
		const struct ynode *k = map->keys[i];
		bool ok = false;

		for (j = 0; j < nallowed && !ok; j++)
			ok = strcmp(k->text, allowed[j]) == 0;
		if (!ok) {
			struct strbuf sb;

			strbuf_init(&sb);
			ydoc_join(&sb, allowed, nallowed);
			diag_error(d, k->line, k->col, "unknown key '%s' in "
			    "%s (known: %s)", k->text, what, sb.data);
			strbuf_free(&sb);
		}
	}
}

const struct ynode *
ymap_get(const struct ynode *map, const char *key)
{
	size_t	i;

	if (map == NULL || map->kind != YNODE_MAP)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->text, key) == 0)
			return map->items[i];
	return NULL;
}

bool
ymap_require(const struct ynode *map, const char *key, struct diags *d,
    const char *what)
{
	if (ymap_get(map, key) != NULL)
		return true;
	diag_error(d, map->line, map->col, "%s is missing '%s'", what, key);
	return false;
}

bool
yscalar_is_null(const struct ynode *n)
{
	return n == NULL || (n->kind == YNODE_SCALAR && n->plain &&
	    (n->len == 0 || strcmp(n->text, "~") == 0 ||
	    strcmp(n->text, "null") == 0));
}

bool
yscalar_int(const struct ynode *n, struct diags *d, int min, int max,
    const char *what, int *out)
{
	char	*end;
	long	 v;

	if (!ynode_expect(n, YNODE_SCALAR, d, what))
		return false;
	errno = 0;
	v = strtol(n->text, &end, 10);
	if (n->len == 0 || *end != '\0' || errno != 0 ||
	    (n->text[0] != '-' && n->text[0] != '+' &&
	    (n->text[0] < '0' || n->text[0] > '9'))) {
		diag_error(d, n->line, n->col, "%s should be a whole number, "
		    "not '%s'", what, n->text);
		return false;
	}
	if (v < min || v > max) {
		diag_error(d, n->line, n->col, "%s %ld is out of range "
		    "(%d to %d)", what, v, min, max);
		return false;
	}
	*out = (int)v;
	return true;
}

bool
yscalar_bool(const struct ynode *n, struct diags *d, const char *what,
    bool *out)
{
	if (!ynode_expect(n, YNODE_SCALAR, d, what))
		return false;
	if (strcmp(n->text, "true") == 0 || strcmp(n->text, "yes") == 0) {
		*out = true;
		return true;
	}
	if (strcmp(n->text, "false") == 0 || strcmp(n->text, "no") == 0) {
		*out = false;
		return true;
	}
	diag_error(d, n->line, n->col, "%s should be true or false, not '%s'",
	    what, n->text);
	return false;
}

int
yscalar_enum(const struct ynode *n, const char *const *names, size_t count,
    struct diags *d, const char *what)
{
	struct strbuf	sb;
	size_t		i;

	if (!ynode_expect(n, YNODE_SCALAR, d, what))
		return -1;
	for (i = 0; i < count; i++)
		if (names[i] != NULL && strcmp(n->text, names[i]) == 0)
			return (int)i;
	strbuf_init(&sb);
	for (i = 0; i < count; i++) {
		if (names[i] == NULL)
			continue;
		if (sb.len > 0)
			strbuf_puts(&sb, ", ");
		if (sb.len > 160) {
			strbuf_puts(&sb, "...");
			break;
		}
		strbuf_puts(&sb, names[i]);
	}
	diag_error(d, n->line, n->col, "unknown %s '%s' (known: %s)", what,
	    n->text, sb.data ? sb.data : "none");
	strbuf_free(&sb);
	return -1;
}

bool
yscalar_name(const struct ynode *n, struct diags *d, const char *what,
    char *buf, size_t size)
{
	if (!ynode_expect(n, YNODE_SCALAR, d, what))
		return false;
	if (n->len == 0) {
		diag_error(d, n->line, n->col, "%s is empty", what);
		return false;
	}
	if (n->len >= size) {
		diag_error(d, n->line, n->col, "%s is longer than %zu "
		    "characters", what, size - 1);
		return false;
	}
	memcpy(buf, n->text, n->len + 1);
	return true;
}

struct ynode *
ydoc_peek(const char *path)
{
	struct diags	 d;
	struct ynode	*root = NULL;
	char		*text;
	size_t		 len;

	diags_init(&d, path, NULL, 0);
	if ((text = ydoc_read_file(path, &len, &d)) != NULL)
		root = ydoc_parse(text, len, &d);
	free(text);
	diags_free(&d);
	return root;
}

void
ydoc_quoted(struct strbuf *sb, const char *s)
{
	strbuf_puts(sb, "\"");
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_printf(sb, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			strbuf_printf(sb, "\\x%02x", (unsigned char)*s);
		else
			strbuf_add(sb, s, 1);
	}
	strbuf_puts(sb, "\"");
}
