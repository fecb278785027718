/*
 * script-int.h - what the script protocol's driver (cmd-script.c) and its
 * queries (script-query.c) share.
 */
#ifndef XTAC_SCRIPT_INT_H
#define XTAC_SCRIPT_INT_H

#include <jansson.h>

#include "script.h"
#include "xtac/cmd.h"
#include "xtac/event.h"

/* A square as people and scripts count it, from 1. */
json_t	*script_pos(struct pos);
/* An event's terms (its roll's modifiers) as [{name, value}...]. */
json_t	*script_terms(const struct event *);
/* Emit o to the view as one compact line; takes o's reference. */
void	 script_print(const struct script_view *, json_t *o);
/* An "error" event naming the line and why, to that view alone. */
void	 script_error(const struct script_view *, const char *line,
	     const char *reason);

/*
 * A query line split into its n words w: answered to v (under --as,
 * script_as_query answers as v's side knows the game).  0, or -1 after
 * an error told to v.
 */
int	 script_query(struct script *, const struct script_view *v,
	     const char *line, char **w, int n);
int	 script_as_query(struct script *, const struct script_view *v,
	     const char *line, char **w, int n);
/* 0 when v's side may give command c now; else -1 after an error to v. */
int	 script_as_check(const struct script *, const struct script_view *v,
	     const char *line, const struct command *c);

#endif
