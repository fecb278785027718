/*
 * ui-tinfo.c - asking terminfo, before curses starts, whether the terminal
 * can be drawn on at all.  Apart from the rest of the client because
 * <term.h> defines capability names (lines, columns...) as macros that
 * would rewrite ordinary identifiers.
 */
#include <unistd.h>

#include "ui-int.h"

#include <term.h>

/*
 * Whether TERM names a terminal the client can draw on: known to terminfo,
 * able to move the cursor and clear, not a printing terminal (TERM=dumb
 * and an editor's shell buffer cannot).  Asked before newterm() so that a
 * refusal sends nothing to the terminal.
 */
bool
ui_term_usable(const char *term)
{
	TERMINAL	*old = cur_term, *probe;
	const char	*cup, *clear;
	int		 err;
	bool		 ok;

	if (term == NULL || *term == '\0')
		return false;
	if (setupterm(term, STDOUT_FILENO, &err) != OK)
		return false;
	probe = cur_term;
	cup = tigetstr("cup");
	clear = tigetstr("clear");
	ok = cup != NULL && cup != (char *)-1 && clear != NULL &&
	    clear != (char *)-1 && tigetflag("hc") <= 0;
	set_curterm(old);
	del_curterm(probe);
	return ok;
}
