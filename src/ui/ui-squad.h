/*
 * ui-squad.h - the squad builder's state (ui-squad.c draws it and reads
 * the keys; ui-squad-buy.c changes the squad).
 */
#ifndef XTAC_UI_SQUAD_H
#define XTAC_UI_SQUAD_H

#include "ui-int.h"
#include "xtac/diag.h"
#include "xtac/squad.h"

/* The rows of a unit's sheet, then its boosts. */
enum ui_squad_field {
	UI_SQUAD_TYPE,
	UI_SQUAD_NAME,
	UI_SQUAD_ARMOUR,
	UI_SQUAD_RIGHT,
	UI_SQUAD_RIGHT_AMMO,
	UI_SQUAD_LEFT,
	UI_SQUAD_LEFT_AMMO,
	UI_SQUAD_BELT,
	UI_SQUAD_BOOST,		/* + stat, then + STAT_COUNT + facing */
	UI_SQUAD_FIELDS = UI_SQUAD_BOOST + STAT_COUNT + ARMOUR_COUNT
};

struct ui_squad {
	struct ui		*ui;		/* the terminal */
	const struct catalog	*cat;
	struct squad		*sq;
	const char		*path;
	size_t			 sel;		/* the unit chosen */
	size_t			 top;		/* the list's first shown */
	int			 field;		/* the sheet's row */
	bool			 on_sheet;	/* keys go to the sheet */
	int			 belt_pick;	/* Enter puts it on the belt */
	bool			 changed;	/* since the last save */
	bool			 quitting;	/* q asked once with changes */
	bool			 help;
	bool			 quit;
	char			 status[256];

	/* The squad as --check reads it, after every change. */
	struct diags		 d;
	size_t			 first;		/* the line of unit 0 */
};

/* -1 (nothing) or an item for this row, after now in direction dir. */
int	ui_squad_next_item(const struct ui_squad *, int field, int now,
	    int dir);
/* Add a unit: a copy of like, or the side's first type; its id new. */
void	ui_squad_add(struct ui_squad *, const struct unit_setup *like);
void	ui_squad_delete(struct ui_squad *);
/* Left (-1) or right (1) on the sheet's row. */
void	ui_squad_change(struct ui_squad *, int dir);
/*
 * On a boost row of a veteran (§3.1.2): spend one of its bonus points there
 * (dir 1) or take one back (-1); what stops it goes to the status line.
 */
void	ui_squad_bonus(struct ui_squad *, int dir);
/* Put the item shown on the belt, or take the last off. */
void	ui_squad_belt(struct ui_squad *, bool add);

#endif
