/*
 * ui-logtext.h - the log's words for one event (ui-logtext.c), curses-free
 * so that a test may render a side's log exactly as the client does.
 */
#ifndef XTAC_UI_LOGTEXT_H
#define XTAC_UI_LOGTEXT_H

#include "xtac/event.h"
#include "xtac/game.h"

/* Deployment before round 1: the keys, as the log says (ui-deploy.c). */
#define UI_LOGTEXT_DEPLOY_HOW	"Tab a unit, m and a marked square, " \
				"Enter; D places the rest; e when done"

/* What the words read besides the event. */
struct ui_logtext {
	const struct game	*g;
	unsigned		 human;	/* sides a person plays (1u << side):
					   they are told the deployment keys */
};

/*
 * The event, as a side reads it (know_event_view), as a line for the log:
 * allocated, or NULL for an event the log does not show.
 */
char		*ui_logtext_event(const struct ui_logtext *, const struct event *);
/* "X-Com", "Aliens", "Civilians"; "nobody" for no side. */
const char	*ui_logtext_side_name(enum side);

#endif
