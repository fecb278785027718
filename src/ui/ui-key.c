/*
 * ui-key.c - the one table from keys to actions, per mode.  The help screen
 * is generated from it, so a key cannot do something help does not say.
 * Rows are searched in order and the first that has the key in the current
 * mode wins; rebinding later means copying this table and editing the copy.
 *
 * Moves come three ways, as roguelike players expect: vi keys (hjkl and
 * yubn for diagonals), the arrow keys, and the numeric keypad whether Num
 * Lock sends digits or the keypad's own codes (KEY_A1 ... KEY_C3, or
 * Home/PgUp/End/PgDn as most terminals send with Num Lock off).
 */
#include "ui-int.h"
#include "xtac/util.h"

#define UI_KEY_MOVE	(UI_MODE_BIT(UI_MODE_MAP) | UI_MODE_BIT(UI_MODE_LOOK))
#define UI_KEY_CURSOR	(UI_KEY_MOVE | UI_MODE_BIT(UI_MODE_MOVE) | \
			    UI_MODE_BIT(UI_MODE_THROW) | \
			    UI_MODE_BIT(UI_MODE_FIRE))
#define UI_KEY_MAP	UI_MODE_BIT(UI_MODE_MAP)
#define UI_KEY_WALK	UI_MODE_BIT(UI_MODE_MOVE)
/* A unit's orders: also in move mode, where a walk leaves the player. */
#define UI_KEY_ORDER	(UI_KEY_MAP | UI_KEY_WALK)
#define UI_KEY_FIRE	UI_MODE_BIT(UI_MODE_FIRE)
#define UI_KEY_LOG	UI_MODE_BIT(UI_MODE_LOG)
#define UI_KEY_ASK	UI_MODE_BIT(UI_MODE_CONFIRM)
#define UI_KEY_HAND	UI_MODE_BIT(UI_MODE_HANDOVER)
#define UI_KEY_OVER	UI_MODE_BIT(UI_MODE_OVER)
#define UI_KEY_PLAY	(UI_KEY_MOVE | UI_KEY_WALK | UI_KEY_FIRE)
#define UI_KEY_LOOK	UI_MODE_BIT(UI_MODE_LOOK)
#define UI_KEY_HELP	UI_MODE_BIT(UI_MODE_HELP)
#define UI_KEY_ALL	(UI_KEY_MOVE | UI_KEY_HELP)
#define UI_KEY_THROW	UI_MODE_BIT(UI_MODE_THROW)
#define UI_KEY_PRIME	UI_MODE_BIT(UI_MODE_PRIME)
#define UI_KEY_MELEE	UI_MODE_BIT(UI_MODE_MELEE)
#define UI_KEY_PSI	UI_MODE_BIT(UI_MODE_PSI)
#define UI_KEY_HEAL	UI_MODE_BIT(UI_MODE_HEAL)
#define UI_KEY_INV	UI_MODE_BIT(UI_MODE_INV)
#define UI_KEY_CARRY	UI_MODE_BIT(UI_MODE_CARRY)
#define UI_KEY_AIMS	(UI_KEY_THROW | UI_KEY_PRIME | UI_KEY_MELEE | \
			    UI_KEY_PSI | UI_KEY_HEAL | UI_KEY_INV | \
			    UI_KEY_CARRY)
#define UI_KEY_ESC	27
#define UI_KEY_CTRL(c)	((c) & 0x1f)

static const struct ui_binding ui_key_bindings[] = {
	/*
	 * The actions' modes (ui-aim.c, ui-inv.c): first, since some of
	 * their keys move the cursor elsewhere.
	 */
	{ UI_ACT_AIM_GO, 0, UI_KEY_THROW, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter", "throw at the cursor's square" },
	{ UI_ACT_AIM_HAND, 0, UI_KEY_THROW | UI_KEY_PRIME | UI_KEY_MELEE,
	    { 'w' }, "w", "the other hand" },
	{ UI_ACT_AIM_MODE, UI_MODE_PRIME, UI_KEY_THROW, { 'p' },
	    "p", "prime the grenade first (timer)" },
	{ UI_ACT_CANCEL, 0, UI_KEY_THROW, { UI_KEY_ESC, 't', 'q' },
	    "Esc, t", "cancel the throw" },
	{ UI_ACT_AIM_KIND, 0, UI_KEY_PRIME, { '0' }, "0 - 5",
	    "timer: 0 goes off at this phase's end, N at the Nth round end" },
	{ UI_ACT_AIM_KIND, 1, UI_KEY_PRIME, { '1' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, 2, UI_KEY_PRIME, { '2' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, 3, UI_KEY_PRIME, { '3' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, 4, UI_KEY_PRIME, { '4' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, 5, UI_KEY_PRIME, { '5' }, NULL, NULL },
	{ UI_ACT_AIM_GO, 0, UI_KEY_PRIME, { '\r', '\n', KEY_ENTER },
	    "Enter", "prime with the timer shown" },
	{ UI_ACT_AIM_KIND, -1, UI_KEY_PRIME, { UI_KEY_ESC, 'p', 'q' },
	    "Esc", "cancel, back to where p was pressed" },
	{ UI_ACT_AIM_TARGET, 1, UI_KEY_MELEE | UI_KEY_PSI | UI_KEY_HEAL |
	    UI_KEY_CARRY, { '\t', 'l', KEY_RIGHT, 'j', KEY_DOWN }, "Tab",
	    "next target" },
	{ UI_ACT_AIM_TARGET, -1, UI_KEY_MELEE | UI_KEY_PSI | UI_KEY_HEAL |
	    UI_KEY_CARRY,
	    { KEY_BTAB, 'h', KEY_LEFT, 'k', KEY_UP }, "Shift-Tab",
	    "previous target" },
	{ UI_ACT_AIM_GO, 0, UI_KEY_MELEE, { '\r', '\n', KEY_ENTER },
	    "Enter", "strike" },
	{ UI_ACT_CANCEL, 0, UI_KEY_MELEE, { UI_KEY_ESC, 'a', 'q' },
	    "Esc, a", "cancel" },
	{ UI_ACT_AIM_KIND, PSI_PROBE, UI_KEY_PSI, { '1', 'p' },
	    "1 p", "mind probe" },
	{ UI_ACT_AIM_KIND, PSI_PANIC, UI_KEY_PSI, { '2', 'n' },
	    "2 n", "panic" },
	{ UI_ACT_AIM_KIND, PSI_CONTROL, UI_KEY_PSI, { '3', 'c' },
	    "3 c", "mind control" },
	{ UI_ACT_AIM_GO, 0, UI_KEY_PSI, { '\r', '\n', KEY_ENTER },
	    "Enter", "attack the mind" },
	{ UI_ACT_CANCEL, 0, UI_KEY_PSI, { UI_KEY_ESC, 'P', 'q' },
	    "Esc, P", "cancel" },
	{ UI_ACT_AIM_KIND, HEAL_HTH, UI_KEY_HEAL, { '1', 'w' },
	    "1 w", "treat wounds (HTH)" },
	{ UI_ACT_AIM_KIND, HEAL_HEAD, UI_KEY_HEAL, { '2' },
	    "2 3 4 5", "treat a head, torso, arm, leg critical" },
	{ UI_ACT_AIM_KIND, HEAL_TORSO, UI_KEY_HEAL, { '3' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, HEAL_ARM, UI_KEY_HEAL, { '4' }, NULL, NULL },
	{ UI_ACT_AIM_KIND, HEAL_LEG, UI_KEY_HEAL, { '5' }, NULL, NULL },
	{ UI_ACT_AIM_GO, 0, UI_KEY_HEAL, { '\r', '\n', KEY_ENTER },
	    "Enter", "use the medikit" },
	{ UI_ACT_CANCEL, 0, UI_KEY_HEAL, { UI_KEY_ESC, 'M', 'q' },
	    "Esc, M", "cancel" },
	{ UI_ACT_AIM_GO, 0, UI_KEY_CARRY, { '\r', '\n', KEY_ENTER },
	    "Enter", "lift the body, or lay down the one carried" },
	{ UI_ACT_CANCEL, 0, UI_KEY_CARRY, { UI_KEY_ESC, 'C', 'q' },
	    "Esc, C", "cancel" },
	{ UI_ACT_INV_ROW, 1, UI_KEY_INV, { 'j', KEY_DOWN, '\t' },
	    "j k, arrows", "choose a row" },
	{ UI_ACT_INV_ROW, -1, UI_KEY_INV, { 'k', KEY_UP, KEY_BTAB },
	    NULL, NULL },
	{ UI_ACT_INV_DO, UI_INV_SWAP, UI_KEY_INV, { 's' },
	    "s", "swap hands" },
	{ UI_ACT_INV_DO, UI_INV_PICKUP, UI_KEY_INV, { 'g', ',' },
	    "g", "pick up the chosen item from the ground" },
	{ UI_ACT_INV_DO, UI_INV_DROP, UI_KEY_INV, { 'd' },
	    "d", "drop the chosen hand's item" },
	{ UI_ACT_INV_DO, UI_INV_RELOAD_RIGHT, UI_KEY_INV, { 'r' },
	    "r", "reload the right hand (the chosen clip, or the first)" },
	{ UI_ACT_INV_DO, UI_INV_RELOAD_LEFT, UI_KEY_INV, { 'R' },
	    "R", "reload the left hand (the chosen clip, or the first)" },
	{ UI_ACT_INV_DO, UI_INV_UNLOAD, UI_KEY_INV, { 'u' },
	    "u", "unload the chosen hand onto the belt" },
	{ UI_ACT_INV_DO, UI_INV_PRIME, UI_KEY_INV, { 'p' },
	    "p", "prime the grenade in the chosen hand" },
	{ UI_ACT_INV_DO, UI_INV_TO_BELT, UI_KEY_INV, { 'b' },
	    "b", "a hand's item onto the belt, a belt item into a hand" },
	{ UI_ACT_CANCEL, 0, UI_KEY_INV, { UI_KEY_ESC, 'i', 'q' },
	    "Esc, i", "close the inventory" },
	{ UI_ACT_AIM_HAND, 0, UI_KEY_FIRE, { 'w' },
	    "w", "right hand, left hand, both (akimbo)" },
	/* Before the cursor keys: these modes give some of them meaning. */
	{ UI_ACT_CONFIRM, 0, UI_KEY_WALK, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter", "walk there (the path and its TU are shown)" },
	{ UI_ACT_CANCEL, 0, UI_KEY_WALK, { UI_KEY_ESC, 'm', 'q' },
	    "Esc, m", "back to the map (no walk)" },
	{ UI_ACT_NEXT_TARGET, 1, UI_KEY_FIRE, { '\t' },
	    "Tab", "next enemy in sight (the cursor goes to it)" },
	{ UI_ACT_NEXT_TARGET, -1, UI_KEY_FIRE, { KEY_BTAB },
	    "Shift-Tab", "previous enemy in sight" },
	{ UI_ACT_SHOT, SHOT_SNAP, UI_KEY_FIRE, { 's' },
	    "s", "snap shot" },
	{ UI_ACT_SHOT, SHOT_AIMED, UI_KEY_FIRE, { 'a' },
	    "a", "aimed shot" },
	{ UI_ACT_SHOT, SHOT_AUTO, UI_KEY_FIRE, { 't' },
	    "t", "auto shot" },
	{ UI_ACT_VIA, 1, UI_KEY_FIRE, { 'v' },
	    "v", "guided weapon: a waypoint at the cursor" },
	{ UI_ACT_VIA, -1, UI_KEY_FIRE, { 'V', KEY_BACKSPACE, 127 },
	    "V, Backspace", "drop the last waypoint" },
	{ UI_ACT_CONFIRM, 0, UI_KEY_FIRE, { '\r', '\n', KEY_ENTER },
	    "Enter", "fire at the unit under the cursor, else the square" },
	{ UI_ACT_CANCEL, 0, UI_KEY_FIRE, { UI_KEY_ESC, 'f', 'q' },
	    "Esc, f", "cancel" },
	{ UI_ACT_LOG_SCROLL, 1, UI_KEY_LOG, { 'j', KEY_DOWN, '2' },
	    "j k, arrows", "scroll" },
	{ UI_ACT_LOG_SCROLL, -1, UI_KEY_LOG, { 'k', KEY_UP, '8' },
	    NULL, NULL },
	{ UI_ACT_LOG_SCROLL, UI_SCROLL_PAGE, UI_KEY_LOG,
	    { ' ', KEY_NPAGE, UI_KEY_CTRL('f') }, "Space, PgUp, PgDn",
	    "scroll a page" },
	{ UI_ACT_LOG_SCROLL, -UI_SCROLL_PAGE, UI_KEY_LOG,
	    { KEY_PPAGE, 'b', UI_KEY_CTRL('b') }, NULL, NULL },
	{ UI_ACT_LOG, 0, UI_KEY_LOG, { UI_KEY_ESC, 'q', 'L',
	    UI_KEY_CTRL('p') }, "Esc, q", "back" },
	{ UI_ACT_CONFIRM, 0, UI_KEY_ASK, { 'y', 'Y', '\r', '\n', KEY_ENTER },
	    "y, Enter", "end the phase" },
	{ UI_ACT_CANCEL, 0, UI_KEY_ASK, { 'n', 'N', UI_KEY_ESC, 'q' },
	    "n, Esc", "go on playing" },
	{ UI_ACT_CONTINUE, 0, UI_KEY_HAND, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter", "take over" },
	{ UI_ACT_LOG, 0, UI_KEY_OVER, { 'L', UI_KEY_CTRL('p') },
	    "L, Ctrl-P", "the combat log" },
	{ UI_ACT_QUIT, 0, UI_KEY_HAND | UI_KEY_OVER, { 'q', 'Q' },
	    "q", "quit" },
	{ UI_ACT_MOVE, DIR_W, UI_KEY_CURSOR, { 'h', KEY_LEFT, '4' },
	    "h j k l, arrows", "move the cursor" },
	{ UI_ACT_MOVE, DIR_S, UI_KEY_CURSOR, { 'j', KEY_DOWN, '2' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_N, UI_KEY_CURSOR, { 'k', KEY_UP, '8' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_E, UI_KEY_CURSOR, { 'l', KEY_RIGHT, '6' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_NW, UI_KEY_CURSOR, { 'y', KEY_A1, KEY_HOME, '7' },
	    "y u b n", "move diagonally" },
	{ UI_ACT_MOVE, DIR_NE, UI_KEY_CURSOR, { 'u', KEY_A3, KEY_PPAGE, '9' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_SW, UI_KEY_CURSOR, { 'b', KEY_C1, KEY_END, '1' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_SE, UI_KEY_CURSOR, { 'n', KEY_C3, KEY_NPAGE, '3' },
	    NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_W, UI_KEY_CURSOR, { 'H', KEY_SLEFT },
	    "H J K L Y U B N", "move 8 squares" },
	{ UI_ACT_MOVE_FAR, DIR_S, UI_KEY_CURSOR, { 'J', KEY_SF }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_N, UI_KEY_CURSOR, { 'K', KEY_SR }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_E, UI_KEY_CURSOR, { 'L', KEY_SRIGHT },
	    NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_NW, UI_KEY_CURSOR, { 'Y' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_NE, UI_KEY_CURSOR, { 'U' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_SW, UI_KEY_CURSOR, { 'B' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_SE, UI_KEY_CURSOR, { 'N' }, NULL, NULL },
	{ UI_ACT_CENTRE, 0, UI_KEY_CURSOR, { '.', '5', KEY_B2, 'z' },
	    ". 5 z", "centre the view on the cursor" },
	{ UI_ACT_NEXT_UNIT, 0, UI_KEY_MOVE | UI_KEY_WALK, { '\t' },
	    "Tab", "next unit (the cursor follows)" },
	{ UI_ACT_PREV_UNIT, 0, UI_KEY_MOVE | UI_KEY_WALK, { KEY_BTAB },
	    "Shift-Tab", "previous unit" },
	{ UI_ACT_SELECT, 0, UI_KEY_MOVE, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter, Space", "select the unit at the cursor" },
	{ UI_ACT_LEVEL_UP, 0, UI_KEY_CURSOR, { '<' },
	    "<", "show the level above" },
	{ UI_ACT_LEVEL_DOWN, 0, UI_KEY_CURSOR, { '>' },
	    ">", "show the level below" },
	{ UI_ACT_LOOK, 0, UI_KEY_MAP, { 'x', ';' },
	    "x", "look at the cursor's square" },
	{ UI_ACT_LOOK, 0, UI_KEY_LOOK, { 'x', ';' },
	    "x", "back to the unit sheet" },
	{ UI_ACT_SCROLL, 1, UI_KEY_HELP, { 'j', KEY_DOWN, 'n', '2' },
	    "j k, arrows", "scroll" },
	{ UI_ACT_SCROLL, -1, UI_KEY_HELP, { 'k', KEY_UP, 'u', '8' },
	    NULL, NULL },
	{ UI_ACT_SCROLL, UI_SCROLL_PAGE, UI_KEY_HELP,
	    { ' ', KEY_NPAGE, UI_KEY_CTRL('f'), '3' },
	    "Space, PgUp, PgDn", "scroll a page" },
	{ UI_ACT_SCROLL, -UI_SCROLL_PAGE, UI_KEY_HELP,
	    { KEY_PPAGE, 'b', UI_KEY_CTRL('b'), '9' }, NULL, NULL },
	{ UI_ACT_HELP, 0, UI_KEY_ALL | UI_KEY_WALK | UI_KEY_FIRE | UI_KEY_AIMS,
	    { '?', KEY_F(1) },
	    "?", "help: briefing, keys, map legend" },
	{ UI_ACT_CANCEL, 0, UI_KEY_HELP, { UI_KEY_ESC, 'q' },
	    "Esc, q", "back" },
	{ UI_ACT_CANCEL, 0, UI_KEY_LOOK, { UI_KEY_ESC },
	    "Esc", "back to the unit sheet" },
	{ UI_ACT_CANCEL, 0, UI_KEY_MAP, { UI_KEY_ESC }, NULL, NULL },
	{ UI_ACT_REDRAW, 0, UI_KEY_ALL, { UI_KEY_CTRL('l') },
	    "Ctrl-L", "redraw the screen" },
	{ UI_ACT_MOVE_MODE, 0, UI_KEY_MAP, { 'm' },
	    "m", "move the unit: pick a square" },
	{ UI_ACT_FIRE_MODE, 0, UI_KEY_ORDER, { 'f' },
	    "f", "fire: at an enemy, a square, through waypoints" },
	{ UI_ACT_KNEEL, 0, UI_KEY_ORDER, { 'c' },
	    "c", "kneel or stand (crouch)" },
	{ UI_ACT_RELOAD, 0, UI_KEY_ORDER, { 'r' },
	    "r", "reload the right hand from the belt" },

	/* The actions (ui-aim.c, ui-inv.c). */
	{ UI_ACT_AIM_MODE, UI_MODE_THROW, UI_KEY_ORDER, { 't' },
	    "t", "throw: pick a square (range, chance, blast)" },
	{ UI_ACT_AIM_MODE, UI_MODE_PRIME, UI_KEY_ORDER, { 'p' },
	    "p", "prime a grenade in hand: pick the timer" },
	{ UI_ACT_AIM_MODE, UI_MODE_MELEE, UI_KEY_ORDER, { 'a' },
	    "a", "melee: attack an adjacent enemy" },
	{ UI_ACT_OPEN, 0, UI_KEY_ORDER, { 'o' },
	    "o", "open the door toward the cursor, or the one faced" },
	{ UI_ACT_TURN, 0, UI_KEY_ORDER, { 'T' },
	    "T", "turn to face the cursor" },
	{ UI_ACT_AIM_MODE, UI_MODE_PSI, UI_KEY_ORDER, { 'P' },
	    "P", "psi: probe, panic or control a mind" },
	{ UI_ACT_AIM_MODE, UI_MODE_HEAL, UI_KEY_ORDER, { 'M' },
	    "M", "medikit: treat this or an adjacent unit" },
	{ UI_ACT_AIM_MODE, UI_MODE_INV, UI_KEY_ORDER, { 'i' },
	    "i", "inventory: hands, belt, the ground" },
	{ UI_ACT_AIM_MODE, UI_MODE_CARRY, UI_KEY_ORDER, { 'C' },
	    "C", "carry a body beside the unit, or lay down the one carried" },
	{ UI_ACT_END, 0, UI_KEY_ORDER, { 'e', 'E' },
	    "e", "end the phase (deploying: end placing units)" },
	{ UI_ACT_DEPLOY_AUTO, 0, UI_KEY_MAP, { 'D' },
	    "D", "deploying: the computer places the units left" },
	{ UI_ACT_LOG, 0, UI_KEY_PLAY, { UI_KEY_CTRL('p') },
	    "Ctrl-P", "the combat log, full screen" },
	{ UI_ACT_QUIT, 0, UI_KEY_MOVE, { 'q', 'Q' },
	    "q", "quit" },

	/* Overlays (ui-overlay.c): the same key again puts one away. */
	{ UI_ACT_OV_SIGHT, 0, UI_KEY_MOVE | UI_KEY_WALK, { 'v' },
	    "v g w V", "overlays: sight, reach, threat; fog of a side" },
	{ UI_ACT_OV_REACH, 0, UI_KEY_MOVE | UI_KEY_WALK, { 'g' },
	    NULL, NULL },
	{ UI_ACT_OV_THREAT, 0, UI_KEY_MOVE | UI_KEY_WALK, { 'w' },
	    NULL, NULL },
	{ UI_ACT_OV_FOG, 0, UI_KEY_MOVE | UI_KEY_WALK, { 'V' },
	    NULL, NULL },

	/* The game master's preview (ui-preview.c). */
	{ UI_ACT_AI_PHASE, 0, UI_KEY_MAP, { 'A' },
	    "A R", "preview: the computer plays this phase; its reasons" },
	{ UI_ACT_AI_TRACE, 0, UI_KEY_MAP, { 'R' }, NULL, NULL },

	/* Saves and the log file (ui-save.c). */
	{ UI_ACT_SAVE, 0, UI_KEY_MAP | UI_KEY_OVER, { 'S' },
	    "S W", "save the game; write the log to a file" },
	{ UI_ACT_WRITE_LOG, 0, UI_KEY_MAP | UI_KEY_OVER, { 'W' }, NULL, NULL },

	/* The unit's reaction order (RULINGS 6.5). */
	{ UI_ACT_REACT, 0, UI_KEY_ORDER, { 'F' },
	    "F", "reaction fire: any chance, 25%+, 50%+, never, or through "
	    "friends" },
	{ UI_ACT_WRITE_LOG, 0, UI_KEY_LOG, { 'w', 'W' },
	    "w", "write the log to a file" },

	/* The map's picture (ui-map.c). */
	{ UI_ACT_VIEW, 0, UI_KEY_CURSOR | UI_KEY_MELEE | UI_KEY_PSI |
	    UI_KEY_HEAL | UI_KEY_PRIME | UI_KEY_CARRY, { 'Z' },
	    "Z", "the map: compact (a row a square) or the grid" },
};

static const char *const ui_key_modes[UI_MODE_COUNT] = {
	"map", "look", "help", "move", "fire", "log", "end phase",
	"hand-over", "game over", "throw", "prime", "melee", "psi",
	"medikit", "inventory", "carry"
};

const struct ui_binding *
ui_key_find(enum ui_mode mode, int key)
{
	size_t	i, k;

	for (i = 0; i < XTAC_NITEMS(ui_key_bindings); i++) {
		const struct ui_binding *b = &ui_key_bindings[i];

		if ((b->modes & UI_MODE_BIT(mode)) == 0)
			continue;
		for (k = 0; k < UI_BINDING_KEYS && b->keys[k] != 0; k++)
			if (b->keys[k] == key)
				return b;
	}
	return NULL;
}

/*
 * A key bound twice in one mode would do only what its first row says and
 * help would promise both: the client refuses to start with such a table
 * (every tmux test would fail), naming the key.  Returns 0 or the key.
 */
int
ui_key_clash(enum ui_mode *mode)
{
	size_t	i, j, k, l;
	int	m;

	for (i = 0; i < XTAC_NITEMS(ui_key_bindings); i++)
		for (j = i + 1; j < XTAC_NITEMS(ui_key_bindings); j++) {
			const struct ui_binding *a = &ui_key_bindings[i];
			const struct ui_binding *b = &ui_key_bindings[j];

			if ((a->modes & b->modes) == 0)
				continue;
			for (k = 0; k < UI_BINDING_KEYS && a->keys[k]; k++)
				for (l = 0; l < UI_BINDING_KEYS && b->keys[l];
				    l++) {
					if (a->keys[k] != b->keys[l])
						continue;
					for (m = 0; m < UI_MODE_COUNT; m++)
						if (a->modes & b->modes &
						    UI_MODE_BIT(m))
							*mode = (enum ui_mode)m;
					return a->keys[k];
				}
		}
	return 0;
}

const struct ui_binding *
ui_key_table(size_t *n)
{
	*n = XTAC_NITEMS(ui_key_bindings);
	return ui_key_bindings;
}

const char *
ui_key_mode_name(enum ui_mode mode)
{
	return ui_key_modes[mode];
}
