/*
 * util.c - allocation that cannot fail (it ends the program through fatal()
 * instead) and a small growable string.  Owned memory is always released by
 * the caller that received it; nothing here keeps state.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/util.h"

void
fatal(const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fputs("xtac: fatal: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

int
cause_set(char **cause, const char *fmt, ...)
{
	va_list	ap;

	if (cause == NULL)
		return -1;
	va_start(ap, fmt);
	*cause = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		fatal("out of memory allocating %zu bytes", size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		fatal("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if (SIZE_MAX / n < size)
		fatal("allocation of %zu x %zu bytes overflows", n, size);
	if ((p = realloc(old, n * size)) == NULL)
		fatal("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;
	size_t	 len = strnlen(s, n);

	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list	 copy;
	int	 len;
	char	*p;

	va_copy(copy, ap);
	len = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (len < 0)
		fatal("bad format '%s'", fmt);
	p = xmalloc((size_t)len + 1);
	vsnprintf(p, (size_t)len + 1, fmt, ap);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void
strbuf_init(struct strbuf *sb)
{
	sb->data = NULL;
	sb->len = sb->cap = 0;
}

void
strbuf_free(struct strbuf *sb)
{
	free(sb->data);
	strbuf_init(sb);
}

void
strbuf_add(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		size_t cap = sb->cap ? sb->cap : 64;
		while (cap < sb->len + n + 1)
			cap *= 2;
		sb->data = xreallocarray(sb->data, cap, 1);
		sb->cap = cap;
	}
	memcpy(sb->data + sb->len, s, n);
	sb->len += n;
	sb->data[sb->len] = '\0';
}

void
strbuf_puts(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	strbuf_puts(sb, s);
	free(s);
}

char *
strbuf_steal(struct strbuf *sb)
{
	char	*s = sb->data ? sb->data : xstrdup("");

	strbuf_init(sb);
	return s;
}
