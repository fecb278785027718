/*
 * ydoc.h - a YAML document as a small tree with positions, read with our own
 * limits, and the checked accessors every loader uses.
 *
 * libyaml's event parser builds the tree; anchors, aliases, tags and a second
 * document are rejected (an alias bomb or a self-referencing alias never gets
 * in), and size, depth, scalar length, collection length and node count are
 * capped.  Every node knows its 1-based line and column so that a loader can
 * say exactly where a problem is.  Private to src/data.
 */
#ifndef XTAC_YDOC_H
#define XTAC_YDOC_H

#include <stdbool.h>
#include <stddef.h>

#include "xtac/diag.h"

#define YDOC_MAX_BYTES		(4u << 20)	/* a whole file */
#define YDOC_MAX_DEPTH		24		/* nested collections */
/* One scalar: a 200 x 200 level picture is 401 lines of 402 bytes. */
#define YDOC_MAX_SCALAR		(256u << 10)
#define YDOC_MAX_ITEMS		10000		/* one sequence or mapping */
#define YDOC_MAX_NODES		200000		/* a whole document */

enum ynode_kind {
	YNODE_SCALAR,
	YNODE_SEQ,
	YNODE_MAP,
};

struct ynode {
	enum ynode_kind	  kind;
	int		  line;
	int		  col;
	/* Scalar: the text (NUL-terminated) and whether it was unquoted. */
	char		 *text;
	size_t		  len;
	bool		  plain;
	/* Sequence: items[n].  Mapping: keys[n] and items[n] as values. */
	struct ynode	**keys;
	struct ynode	**items;
	size_t		  n;
};

/* Parse text; on failure report into diags and return NULL. */
struct ynode	*ydoc_parse(const char *text, size_t len, struct diags *);
void		 ydoc_free(struct ynode *);

/* Read a whole file under the size cap; report failure into diags. */
char		*ydoc_read_file(const char *path, size_t *len, struct diags *);

/* A file's tree for a look at its shape, quietly; NULL if it has none. */
struct ynode	*ydoc_peek(const char *path);

const char	*ynode_kind_name(enum ynode_kind);
/* Report "expected a KIND" and return false unless the node is one. */
bool		 ynode_expect(const struct ynode *, enum ynode_kind,
		     struct diags *, const char *what);
/* Report every key not in allowed (NULL-terminated) at the key. */
void		 ymap_check_keys(const struct ynode *, const char *const *allowed,
		     struct diags *, const char *what);
/* Report each key that is required but missing, at the mapping. */
bool		 ymap_require(const struct ynode *, const char *key,
		     struct diags *, const char *what);
const struct ynode *ymap_get(const struct ynode *, const char *key);
bool		 yscalar_is_null(const struct ynode *);
/* Integer in [min, max]; reports at the node and returns false if not. */
bool		 yscalar_int(const struct ynode *, struct diags *, int min,
		     int max, const char *what, int *out);
bool		 yscalar_bool(const struct ynode *, struct diags *,
		     const char *what, bool *out);
/* Index of the scalar among names[0..n), else report "unknown WHAT". */
int		 yscalar_enum(const struct ynode *, const char *const *names,
		     size_t n, struct diags *, const char *what);
/* Copy a scalar into a fixed buffer; reports an over-long or empty one. */
bool		 yscalar_name(const struct ynode *, struct diags *,
		     const char *what, char *buf, size_t size);

/* s as a YAML double-quoted scalar, any character in it escaped. */
struct strbuf;
void		 ydoc_quoted(struct strbuf *, const char *s);

#endif
