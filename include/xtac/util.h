/*
 * util.h - memory helpers that never return NULL, and the one place bugs and
 * out-of-memory end the program.  Everything else reports failure through a
 * status and a human-readable cause.
 */
#ifndef XTAC_UTIL_H
#define XTAC_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#define XTAC_NITEMS(a) (sizeof(a) / sizeof((a)[0]))

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));
/*
 * Set *cause (when cause is not NULL) to a message for a person and return
 * -1: the one way a function that refuses says why.
 */
int	 cause_set(char **cause, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 fatal(const char *, ...)
	    __attribute__((format(printf, 1, 2), noreturn));

/* A growable string, for building messages and JSON without fixed buffers. */
struct strbuf {
	char	*data;
	size_t	 len;
	size_t	 cap;
};
void	 strbuf_init(struct strbuf *);
void	 strbuf_free(struct strbuf *);
void	 strbuf_add(struct strbuf *, const char *, size_t);
void	 strbuf_puts(struct strbuf *, const char *);
void	 strbuf_printf(struct strbuf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
char	*strbuf_steal(struct strbuf *);

#endif
