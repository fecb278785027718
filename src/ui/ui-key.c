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
#define UI_KEY_CURSOR	(UI_KEY_MOVE | UI_MODE_BIT(UI_MODE_MOVE))
#define UI_KEY_MAP	UI_MODE_BIT(UI_MODE_MAP)
#define UI_KEY_WALK	UI_MODE_BIT(UI_MODE_MOVE)
#define UI_KEY_FIRE	UI_MODE_BIT(UI_MODE_FIRE)
#define UI_KEY_LOG	UI_MODE_BIT(UI_MODE_LOG)
#define UI_KEY_ASK	UI_MODE_BIT(UI_MODE_CONFIRM)
#define UI_KEY_HAND	UI_MODE_BIT(UI_MODE_HANDOVER)
#define UI_KEY_OVER	UI_MODE_BIT(UI_MODE_OVER)
#define UI_KEY_PLAY	(UI_KEY_MOVE | UI_KEY_WALK | UI_KEY_FIRE)
#define UI_KEY_LOOK	UI_MODE_BIT(UI_MODE_LOOK)
#define UI_KEY_HELP	UI_MODE_BIT(UI_MODE_HELP)
#define UI_KEY_ALL	(UI_KEY_MOVE | UI_KEY_HELP)
#define UI_KEY_ESC	27
#define UI_KEY_CTRL(c)	((c) & 0x1f)

static const struct ui_binding ui_key_bindings[] = {
	/* Before the cursor keys: these modes give some of them meaning. */
	{ UI_ACT_CONFIRM, 0, UI_KEY_WALK, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter", "walk there (the path and its TU are shown)" },
	{ UI_ACT_CANCEL, 0, UI_KEY_WALK, { UI_KEY_ESC, 'm', 'q' },
	    "Esc, m", "cancel the move" },
	{ UI_ACT_NEXT_TARGET, 1, UI_KEY_FIRE, { '\t', 'l', KEY_RIGHT },
	    "Tab", "next enemy in sight" },
	{ UI_ACT_NEXT_TARGET, -1, UI_KEY_FIRE, { KEY_BTAB, 'h', KEY_LEFT },
	    "Shift-Tab", "previous enemy in sight" },
	{ UI_ACT_SHOT, SHOT_SNAP, UI_KEY_FIRE, { 's', '1' },
	    "s 1", "snap shot" },
	{ UI_ACT_SHOT, SHOT_AIMED, UI_KEY_FIRE, { 'a', '2' },
	    "a 2", "aimed shot" },
	{ UI_ACT_SHOT, SHOT_AUTO, UI_KEY_FIRE, { 't', '3' },
	    "t 3", "auto shot" },
	{ UI_ACT_CONFIRM, 0, UI_KEY_FIRE, { '\r', '\n', KEY_ENTER },
	    "Enter", "fire" },
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
	{ UI_ACT_NEXT_UNIT, 0, UI_KEY_MOVE, { '\t' },
	    "Tab", "next unit (the cursor follows)" },
	{ UI_ACT_PREV_UNIT, 0, UI_KEY_MOVE, { KEY_BTAB },
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
	{ UI_ACT_HELP, 0, UI_KEY_ALL | UI_KEY_WALK | UI_KEY_FIRE,
	    { '?', KEY_F(1) },
	    "?", "help: keys and the map legend" },
	{ UI_ACT_CANCEL, 0, UI_KEY_HELP, { UI_KEY_ESC, 'q' },
	    "Esc, q", "back" },
	{ UI_ACT_CANCEL, 0, UI_KEY_LOOK, { UI_KEY_ESC },
	    "Esc", "back to the unit sheet" },
	{ UI_ACT_CANCEL, 0, UI_KEY_MAP, { UI_KEY_ESC }, NULL, NULL },
	{ UI_ACT_REDRAW, 0, UI_KEY_ALL, { UI_KEY_CTRL('l') },
	    "Ctrl-L", "redraw the screen" },
	{ UI_ACT_MOVE_MODE, 0, UI_KEY_MAP, { 'm' },
	    "m", "move the unit: pick a square" },
	{ UI_ACT_FIRE_MODE, 0, UI_KEY_MAP, { 'f' },
	    "f", "fire: pick a target in sight" },
	{ UI_ACT_KNEEL, 0, UI_KEY_MAP, { 'c' },
	    "c", "kneel or stand (crouch)" },
	{ UI_ACT_RELOAD, 0, UI_KEY_MAP, { 'r' },
	    "r", "reload the right hand from the belt" },
	{ UI_ACT_END, 0, UI_KEY_MAP, { 'e', 'E' },
	    "e", "end the phase" },
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
	    "A T", "preview: the computer plays this phase; its reasons" },
	{ UI_ACT_AI_TRACE, 0, UI_KEY_MAP, { 'T' }, NULL, NULL },

	/* Saves and the log file (ui-save.c). */
	{ UI_ACT_SAVE, 0, UI_KEY_MAP | UI_KEY_OVER, { 'S' },
	    "S W", "save the game; write the log to a file" },
	{ UI_ACT_WRITE_LOG, 0, UI_KEY_MAP | UI_KEY_OVER, { 'W' }, NULL, NULL },
	{ UI_ACT_WRITE_LOG, 0, UI_KEY_LOG, { 'w', 'W' },
	    "w", "write the log to a file" },
};

static const char *const ui_key_modes[UI_MODE_COUNT] = {
	"map", "look", "help", "move", "fire", "log", "end phase",
	"hand-over", "game over"
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
