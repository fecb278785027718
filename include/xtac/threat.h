/*
 * threat.h - who could shoot a unit by reaction where it stands (§6.5,
 * RULINGS §6.5): the enemies of its side that are active, hold a weapon
 * with a snap shot and the TUs to turn and fire it, and have a line of
 * sight to a unit standing on the square.  The GM preview's threat
 * overlay, the client's "who could react on this path" warning and the
 * AI's choice of positions all ask here.
 *
 * Honest answers use only what the side knows: enemies it sees now, at
 * their real squares, facing as they do and with what they hold, their
 * TUs and rounds for the snap shot assumed (no side reads an enemy's),
 * and enemies it has seen before, at the squares it last saw them
 * (standing, ready to fire: it cannot know otherwise).  An
 * enemy seen lying where it fell counts as down.  Omniscient answers use
 * the game as it is.
 *
 * A reaction also needs the watcher not to have seen the mover before the
 * step (§6.5) and to win the opposed roll; this is the upper bound a
 * player plans against, not a forecast.
 */
#ifndef XTAC_THREAT_H
#define XTAC_THREAT_H

#include <stdbool.h>
#include <stdint.h>

#include "xtac/game.h"

/*
 * The enemies of `side` that could react to a unit of `side` standing on
 * p: up to max unit indices in out (may be NULL), in unit order.  Returns
 * how many there are in all.
 */
int	threat_watchers(const struct game *, enum side side, struct pos p,
	    bool honest, int *out, int max);

/*
 * threat_watchers for many squares while the game stands still: the
 * watchers and the field their lines run over are gathered once, by
 * threat_view_new, and each square then costs its lines alone.  A view
 * answers for the game as it was made: one that changes needs a new view.
 */
struct threat_view;

struct threat_view *threat_view_new(const struct game *, enum side side,
	    bool honest);
int	threat_view_watchers(const struct threat_view *, struct pos p,
	    int *out, int max);
/* The game the view was made of. */
const struct game *threat_view_game(const struct threat_view *);
void	threat_view_free(struct threat_view *);

/*
 * For every square ([z][y][x], the map's size): how many enemies of side
 * could react to a unit of side standing there, capped at 255.
 */
void	threat_map(const struct game *, enum side side, bool honest,
	    uint8_t *counts);

#endif
