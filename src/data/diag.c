/*
 * diag.c - collecting and printing problems found in input files.  Problems
 * are kept in discovery order and printed sorted by position (stable), so a
 * file with many mistakes reads top to bottom.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/diag.h"
#include "xtac/util.h"

/* A file with thousands of mistakes is not helped by thousands of lines. */
#define DIAG_MAX	200

void
diags_init(struct diags *d, const char *file, const char *text, size_t len)
{
	memset(d, 0, sizeof *d);
	d->file = xstrdup(file);
	if (text != NULL)
		diags_set_text(d, text, len);
}

void
diags_set_text(struct diags *d, const char *text, size_t len)
{
	free(d->text);
	d->text = xmalloc(len + 1);
	memcpy(d->text, text, len);
	d->text[len] = '\0';
	d->textlen = len;
}

void
diags_free(struct diags *d)
{
	size_t	i;

	for (i = 0; i < d->n; i++)
		free(d->v[i].msg);
	free(d->v);
	free(d->file);
	free(d->text);
	memset(d, 0, sizeof *d);
}

static void
diag_addv(struct diags *d, enum diag_level level, int line, int col,
    const char *fmt, va_list ap)
{
	if (level == DIAG_ERROR)
		d->errors++;
	else
		d->warnings++;
	if (d->n >= DIAG_MAX)
		return;
	if (d->n == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 8;
		d->v = xreallocarray(d->v, d->cap, sizeof *d->v);
	}
	d->v[d->n].level = level;
	d->v[d->n].line = line;
	d->v[d->n].col = col;
	d->v[d->n].msg = xvasprintf(fmt, ap);
	d->n++;
}

void
diag_error(struct diags *d, int line, int col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	diag_addv(d, DIAG_ERROR, line, col, fmt, ap);
	va_end(ap);
}

void
diag_warning(struct diags *d, int line, int col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	diag_addv(d, DIAG_WARNING, line, col, fmt, ap);
	va_end(ap);
}

/* The start and length of 1-based line `line` in the text, if present. */
static int
diag_find_line(const struct diags *d, int line, const char **start,
    size_t *len)
{
	const char	*p = d->text, *end;
	int		 n = 1;

	if (p == NULL || line < 1)
		return -1;
	end = p + d->textlen;
	while (n < line && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return -1;
		p = nl + 1;
		n++;
	}
	if (n != line || p > end)
		return -1;
	*start = p;
	*len = 0;
	while (p + *len < end && p[*len] != '\n' && p[*len] != '\r')
		(*len)++;
	return 0;
}

static int
diag_compare(const void *a, const void *b)
{
	const struct diag *const *x = a, *const *y = b;

	if ((*x)->line != (*y)->line)
		return (*x)->line < (*y)->line ? -1 : 1;
	if ((*x)->col != (*y)->col)
		return (*x)->col < (*y)->col ? -1 : 1;
	return *x < *y ? -1 : (*x > *y);	/* stable: discovery order */
}

char *
diag_format(const struct diags *d, size_t i)
{
	const struct diag	*g = &d->v[i];
	const char		*what = g->level == DIAG_ERROR ? "" : "warning: ";

	if (g->line > 0)
		return xasprintf("%s:%d:%d: %s%s", d->file, g->line, g->col,
		    what, g->msg);
	return xasprintf("%s: %s%s", d->file, what, g->msg);
}

void
diags_print(const struct diags *d, FILE *f)
{
	const struct diag	**sorted;
	size_t			  i, len;
	const char		 *line;
	int			  c;

	sorted = xcalloc(d->n, sizeof *sorted);
	for (i = 0; i < d->n; i++)
		sorted[i] = &d->v[i];
	qsort(sorted, d->n, sizeof *sorted, diag_compare);
	for (i = 0; i < d->n; i++) {
		const struct diag *g = sorted[i];
		char *s = diag_format(d, (size_t)(g - d->v));

		fprintf(f, "%s\n", s);
		free(s);
		if (diag_find_line(d, g->line, &line, &len) != 0)
			continue;
		fprintf(f, "%5d | %.*s\n      | ", g->line, (int)len, line);
		/* Keep tabs so the caret lines up under the same column. */
		for (c = 1; c < g->col && (size_t)(c - 1) < len; c++)
			fputc(line[c - 1] == '\t' ? '\t' : ' ', f);
		fputs("^\n", f);
	}
	if (d->errors + d->warnings > (int)d->n)
		fprintf(f, "%s: %d more problems not shown\n", d->file,
		    d->errors + d->warnings - (int)d->n);
	free(sorted);
}
