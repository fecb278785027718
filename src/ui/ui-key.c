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
#define UI_KEY_MAP	UI_MODE_BIT(UI_MODE_MAP)
#define UI_KEY_LOOK	UI_MODE_BIT(UI_MODE_LOOK)
#define UI_KEY_HELP	UI_MODE_BIT(UI_MODE_HELP)
#define UI_KEY_ALL	(UI_KEY_MOVE | UI_KEY_HELP)
#define UI_KEY_ESC	27
#define UI_KEY_CTRL(c)	((c) & 0x1f)

static const struct ui_binding ui_key_bindings[] = {
	{ UI_ACT_MOVE, DIR_W, UI_KEY_MOVE, { 'h', KEY_LEFT, '4' },
	    "h j k l, arrows", "move the cursor" },
	{ UI_ACT_MOVE, DIR_S, UI_KEY_MOVE, { 'j', KEY_DOWN, '2' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_N, UI_KEY_MOVE, { 'k', KEY_UP, '8' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_E, UI_KEY_MOVE, { 'l', KEY_RIGHT, '6' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_NW, UI_KEY_MOVE, { 'y', KEY_A1, KEY_HOME, '7' },
	    "y u b n", "move diagonally" },
	{ UI_ACT_MOVE, DIR_NE, UI_KEY_MOVE, { 'u', KEY_A3, KEY_PPAGE, '9' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_SW, UI_KEY_MOVE, { 'b', KEY_C1, KEY_END, '1' },
	    NULL, NULL },
	{ UI_ACT_MOVE, DIR_SE, UI_KEY_MOVE, { 'n', KEY_C3, KEY_NPAGE, '3' },
	    NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_W, UI_KEY_MOVE, { 'H', KEY_SLEFT },
	    "H J K L Y U B N", "move 8 squares" },
	{ UI_ACT_MOVE_FAR, DIR_S, UI_KEY_MOVE, { 'J', KEY_SF }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_N, UI_KEY_MOVE, { 'K', KEY_SR }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_E, UI_KEY_MOVE, { 'L', KEY_SRIGHT },
	    NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_NW, UI_KEY_MOVE, { 'Y' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_NE, UI_KEY_MOVE, { 'U' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_SW, UI_KEY_MOVE, { 'B' }, NULL, NULL },
	{ UI_ACT_MOVE_FAR, DIR_SE, UI_KEY_MOVE, { 'N' }, NULL, NULL },
	{ UI_ACT_CENTRE, 0, UI_KEY_MOVE, { '.', '5', KEY_B2, 'z' },
	    ". 5 z", "centre the view on the cursor" },
	{ UI_ACT_NEXT_UNIT, 0, UI_KEY_MOVE, { '\t' },
	    "Tab", "next unit (the cursor follows)" },
	{ UI_ACT_PREV_UNIT, 0, UI_KEY_MOVE, { KEY_BTAB },
	    "Shift-Tab", "previous unit" },
	{ UI_ACT_SELECT, 0, UI_KEY_MOVE, { '\r', '\n', KEY_ENTER, ' ' },
	    "Enter, Space", "select the unit at the cursor" },
	{ UI_ACT_LEVEL_UP, 0, UI_KEY_MOVE, { '<' },
	    "<", "show the level above" },
	{ UI_ACT_LEVEL_DOWN, 0, UI_KEY_MOVE, { '>' },
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
	{ UI_ACT_HELP, 0, UI_KEY_ALL, { '?', KEY_F(1) },
	    "?", "help: keys and the map legend" },
	{ UI_ACT_CANCEL, 0, UI_KEY_HELP, { UI_KEY_ESC, 'q' },
	    "Esc, q", "back" },
	{ UI_ACT_CANCEL, 0, UI_KEY_LOOK, { UI_KEY_ESC },
	    "Esc", "back to the unit sheet" },
	{ UI_ACT_CANCEL, 0, UI_KEY_MAP, { UI_KEY_ESC }, NULL, NULL },
	{ UI_ACT_REDRAW, 0, UI_KEY_ALL, { UI_KEY_CTRL('l') },
	    "Ctrl-L", "redraw the screen" },
	{ UI_ACT_QUIT, 0, UI_KEY_MOVE, { 'q', 'Q' },
	    "q", "quit" },
};

static const char *const ui_key_modes[UI_MODE_COUNT] = {
	"map", "look", "help"
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
