/*
 * diag.h - problems found in a file, each at a line and column, printed the
 * way compilers do:
 *
 *	maps/farm.yaml:12:7: error: unknown floor 'gras' (known: grass, ...)
 *	   12 |     '.': gras
 *	      |          ^
 *
 * Lines and columns are 1-based; 0 means "the whole file".  A diags list
 * owns a copy of the file name, of the file's text (to show the line) and
 * its messages, so it outlives whatever read the file.
 */
#ifndef XTAC_DIAG_H
#define XTAC_DIAG_H

#include <stddef.h>
#include <stdio.h>

enum diag_level {
	DIAG_ERROR,
	DIAG_WARNING,
};

struct diag {
	enum diag_level	 level;
	int		 line;
	int		 col;
	char		*msg;
};

struct diags {
	char		*file;
	char		*text;	/* may be NULL */
	size_t		 textlen;
	struct diag	*v;
	size_t		 n;
	size_t		 cap;
	int		 errors;
	int		 warnings;
};

void	diags_init(struct diags *, const char *file, const char *text,
	    size_t textlen);
void	diags_free(struct diags *);
/* Keep a copy of the text the positions refer to. */
void	diags_set_text(struct diags *, const char *text, size_t textlen);
void	diag_error(struct diags *, int line, int col, const char *, ...)
	    __attribute__((format(printf, 4, 5)));
void	diag_warning(struct diags *, int line, int col, const char *, ...)
	    __attribute__((format(printf, 4, 5)));
/* Print every problem in line order, each with its source line and caret. */
void	diags_print(const struct diags *, FILE *);
/* The first problem as one line "file:line:col: message", for tests. */
char	*diag_format(const struct diags *, size_t index);

#endif
