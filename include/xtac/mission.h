/*
 * mission.h - what each side plays for (§2.3, RULINGS §2.3) and how the
 * game ends: elimination by default; a terror site's civilians; a side's
 * secret mission (sabotage, capture unit, capture ship, capture
 * technology), drawn when the game starts if the scenario leaves it to
 * chance and achieved when the engine sees it done.
 *
 * Secrecy: the events about a side's secret mission carry "side" and
 * "secret": a driver shows them to that side alone until the game is
 * over (the one that ends it names the mission for everyone).
 */
#ifndef XTAC_MISSION_H
#define XTAC_MISSION_H

#include <stdbool.h>

#include "xtac/scenario.h"

struct game;

/* A side's secret mission as the game has it. */
struct mission_secret {
	enum mission	mission;	/* MISSION_ASSAULT: none */
	bool		reverted;	/* back to elimination (§2.3) */
	bool		achieved;
	int		unit;		/* capture-unit: game unit, or -1 */
	int		object;		/* sabotage: the object to destroy */
};

/* Terror sites (RULINGS §2.3): the count and each side's score. */
struct mission_score {
	int	civilians;		/* on the map at the start */
	int	civilians_lost;		/* dead or turned to zombies */
	int	aliens_lost;		/* dead, unconscious or turned */
	int	score[SIDE_COUNT];	/* X-Com: aliens_lost - civilians_lost;
					   aliens: civilians_lost */
};

/* The side's secret mission; its mission is ASSAULT when it has none. */
const struct mission_secret	*mission_secret(const struct game *,
				    enum side);
/* Its target in words ("ufo-power-source at 25,8 L1"); caller frees. */
char	*mission_target(const struct game *, enum side);
void	mission_score(const struct game *, struct mission_score *);
/*
 * Why the game ended: "elimination", "civilians" (a terror site's last
 * civilian lost), "objective" (a secret mission achieved), or NULL while
 * it goes on (and for a game stopped from outside).
 */
const char	*mission_end_reason(const struct game *);

#endif
