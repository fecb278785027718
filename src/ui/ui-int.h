/*
 * ui-int.h - what the client's modules share: the session (struct ui), the
 * terminal and its windows, styles, glyphs and the key table.  Only src/ui
 * includes this file, and only src/ui includes curses.
 *
 * The session holds view state only (cursor, selection, scroll, mode); the
 * game it shows changes only through game_execute() (ui-act.c), the one
 * place commands are issued.
 *
 * Screen layout.  The panel is 28 columns (34 from 120 columns on, 44 from
 * 200); the log under the map has 3 lines at 24, one more for every 4 lines
 * beyond, up to 12; every other column and line goes to the map.  Help is drawn
 * in the map window; look mode shows its text in a window over the sheet and
 * the list.
 *
 *	+------------------ map ------------------+|+----- head -----+
 *	|                                         |||name, mission,  |
 *	|  doubled grid: squares and the walls    |||level           |
 *	|  between them (see ui-map.c)            ||+----- sheet ----+
 *	|                                         |||selected unit,  |
 *	|                                         |||or the look text|
 *	|                                         ||+----- list -----+
 *	+-----------------------------------------+||units in sight  |
 *	| log: the last lines of the combat log   |||                |
 *	+-----------------------------------------+|+----------------+
 *	 status: the square under the cursor, the move's cost or the
 *	 chance to hit, a refusal's reason; key hints (one line)
 *
 * The combat log, the hand-over and the game-over screens take the whole
 * terminal (the full window); leaving them lays the screen out anew.
 */
#ifndef XTAC_UI_INT_H
#define XTAC_UI_INT_H

#include <curses.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include "xtac/catalog.h"
#include "xtac/game.h"
#include "xtac/map.h"
#include "xtac/rng.h"
#include "xtac/scenario.h"
#include "ui-logtext.h"
#include "xtac/ui.h"

/* The wheel's second button: ncurses before mouse version 2 lacks it. */
#ifndef BUTTON5_PRESSED
#define BUTTON5_PRESSED	0
#endif

#define UI_MIN_COLS	80
#define UI_MIN_LINES	24
#define UI_HEAD_LINES	3
#define UI_SHEET_LINES	14
#define UI_FAR		8	/* squares moved by a shifted move key */
#define UI_TERM_NSIG	9	/* signals ui-term.c catches */

/* What a piece of the screen means; ui-term.c turns it into attributes. */
enum ui_style {
	UI_STYLE_NORMAL,
	UI_STYLE_TITLE,		/* the scenario name */
	UI_STYLE_RULE,		/* panel rules and their titles */
	UI_STYLE_LABEL,		/* "TU", "Armour": what a value is */
	UI_STYLE_DIM,		/* secondary text */
	UI_STYLE_KEY,		/* key names in help and hints */
	UI_STYLE_WARN,		/* the too-small screen */
	UI_STYLE_AIR,		/* what shows through open air */
	UI_STYLE_GRASS,
	UI_STYLE_DIRT,
	UI_STYLE_PAVEMENT,
	UI_STYLE_HAY,
	UI_STYLE_SNOW,
	UI_STYLE_RUBBLE,
	UI_STYLE_INDOOR,
	UI_STYLE_METAL,		/* base, hull and elevator floors */
	UI_STYLE_WALL,
	UI_STYLE_STRONG,	/* hardened and tougher walls */
	UI_STYLE_WINDOW,
	UI_STYLE_FENCE,
	UI_STYLE_DOOR,
	UI_STYLE_LINK,		/* stairs and ramps */
	UI_STYLE_TREE,
	UI_STYLE_OBJECT,
	UI_STYLE_XCOM,
	UI_STYLE_ALIEN,
	UI_STYLE_CIVILIAN,
	UI_STYLE_FACING,
	/* Actions (ui-aim.c): the path by what is left, a blast's reach. */
	UI_STYLE_PATH_SNAP,	/* '*': a snap shot still affordable */
	UI_STYLE_PATH_MOVE,	/* '+': TUs left only to move */
	UI_STYLE_PATH_FAR,	/* '!': out of reach this phase */
	UI_STYLE_BLAST,		/* a primed grenade's blast area */
	UI_STYLE_COUNT
};

/* One screen cell's worth: a character and what it means. */
struct ui_glyph {
	wchar_t		wc;
	enum ui_style	style;
};

struct ui_style_attr {
	attr_t	attr;
	short	pair;
};

enum ui_mode {
	UI_MODE_MAP,		/* move the cursor, pick units */
	UI_MODE_LOOK,		/* the panel describes the square under it */
	UI_MODE_HELP,		/* the map area lists keys and glyphs */
	UI_MODE_MOVE,		/* a target square, its path and cost */
	UI_MODE_FIRE,		/* a target unit, the chance and terms */
	UI_MODE_LOG,		/* the whole combat log, full screen */
	UI_MODE_CONFIRM,	/* end the phase with TUs left? y/n */
	UI_MODE_HANDOVER,	/* pass the keyboard: nothing shown */
	UI_MODE_OVER,		/* the game is over */
	/* Actions (ui-aim.c, ui-inv.c): each shows the aim panel. */
	UI_MODE_THROW,		/* a landing square, range, chance, blast */
	UI_MODE_PRIME,		/* a grenade's timer */
	UI_MODE_MELEE,		/* an adjacent target, the blow's chance */
	UI_MODE_PSI,		/* a target and probe, panic or control */
	UI_MODE_HEAL,		/* a unit to treat and what */
	UI_MODE_INV,		/* hands, belt, ground: the inventory */
	UI_MODE_CARRY,		/* a body to lift, or the one to lay down */
	UI_MODE_COUNT
};
#define UI_MODE_BIT(m)	(1u << (m))

enum ui_action {
	UI_ACT_MOVE,		/* arg: enum dir */
	UI_ACT_MOVE_FAR,	/* arg: enum dir, UI_FAR squares */
	UI_ACT_CENTRE,
	UI_ACT_NEXT_UNIT,
	UI_ACT_PREV_UNIT,
	UI_ACT_SELECT,		/* the unit under the cursor */
	UI_ACT_LEVEL_UP,
	UI_ACT_LEVEL_DOWN,
	UI_ACT_LOOK,
	UI_ACT_HELP,
	UI_ACT_SCROLL,		/* arg: lines, help only */
	UI_ACT_CANCEL,
	UI_ACT_QUIT,
	UI_ACT_REDRAW,
	UI_ACT_MOVE_MODE,	/* pick a square to walk to */
	UI_ACT_FIRE_MODE,	/* pick a target to shoot */
	UI_ACT_SHOT,		/* arg: enum shot_mode */
	UI_ACT_NEXT_TARGET,	/* arg: +1 or -1 */
	UI_ACT_CONFIRM,		/* Enter in move and fire modes, y */
	UI_ACT_KNEEL,
	UI_ACT_RELOAD,
	UI_ACT_END,
	UI_ACT_LOG,
	UI_ACT_LOG_SCROLL,	/* arg: lines */
	UI_ACT_CONTINUE,	/* leave the hand-over screen */

	/* Overlays and the preview (ui-overlay.c, ui-preview.c). */
	UI_ACT_OV_SIGHT,	/* sight from the cursor's unit or square */
	UI_ACT_OV_REACH,	/* where a unit can go, with TU left */
	UI_ACT_OV_THREAT,	/* squares watched by the enemy, how many */
	UI_ACT_OV_FOG,		/* hatch what the next side does not see */
	/* The preview only (ui-preview.c). */
	UI_ACT_AI_PHASE,	/* the computer plays the side to move */
	UI_ACT_AI_TRACE,	/* the log, from the last computer phase */
	/* Saves and the log file (ui-save.c). */
	UI_ACT_SAVE,		/* save the game (ui-save.c) */
	UI_ACT_WRITE_LOG,	/* write the log to a file (ui-save.c) */
	/* Actions (ui-aim.c, ui-inv.c). */
	UI_ACT_AIM_MODE,	/* arg: the ui_mode to enter */
	UI_ACT_AIM_GO,		/* Enter: issue the command */
	UI_ACT_AIM_TARGET,	/* arg: +1 or -1 */
	UI_ACT_AIM_HAND,	/* cycle right, left (both when shooting) */
	UI_ACT_AIM_KIND,	/* arg: timer, psi_kind or heal_kind */
	UI_ACT_OPEN,		/* the door at the cursor or faced */
	UI_ACT_TURN,		/* face the cursor */
	UI_ACT_INV_ROW,		/* arg: +1 or -1 */
	UI_ACT_INV_DO,		/* arg: enum ui_inv_op */
	UI_ACT_REACT,		/* the next reaction order (RULINGS 6.5) */
	UI_ACT_DEPLOY_AUTO,	/* place the units left (ui-deploy.c) */
	/* Fire mode's square and waypoints (ui-fire.c), the view (ui-map.c). */
	UI_ACT_VIA,		/* arg: +1 add the cursor, -1 drop the last */
	UI_ACT_VIEW,		/* the grid or the compact map */
};

/* What a key does to the inventory's chosen row (ui-inv.c). */
enum ui_inv_op {
	UI_INV_SWAP,
	UI_INV_PICKUP,
	UI_INV_DROP,
	UI_INV_RELOAD_RIGHT,
	UI_INV_RELOAD_LEFT,
	UI_INV_UNLOAD,
	UI_INV_PRIME,
	UI_INV_TO_BELT,		/* a hand's item onto the belt, or back */
};

/* Ways up and down from a square, for drawing. */
#define UI_LINK_UP	0x01
#define UI_LINK_DOWN	0x02
#define UI_LINK_RAMP_UP	0x04
#define UI_LINK_RAMP_DOWN 0x08

#define UI_BINDING_KEYS	6

/* One row of the key table: which keys do what, in which modes. */
struct ui_binding {
	enum ui_action	 action;
	int		 arg;
	unsigned	 modes;		/* UI_MODE_BIT()s */
	int		 keys[UI_BINDING_KEYS];	/* 0 ends the list */
	const char	*label;		/* the keys as help shows them */
	const char	*help;		/* NULL: covered by another row */
};

/* What changed since the last frame; each bit is one window to redraw. */
#define UI_DIRTY_MAP	0x01
#define UI_DIRTY_HEAD	0x02
#define UI_DIRTY_SHEET	0x04
#define UI_DIRTY_LIST	0x08
#define UI_DIRTY_STATUS	0x10
#define UI_DIRTY_LAYOUT	0x20	/* the terminal changed size */
#define UI_DIRTY_LOG	0x40
#define UI_DIRTY_ALL	0x7f
/* Move mode's cursor moved: the sheet's foot alone (its way and cost). */
#define UI_DIRTY_FOOT	0x80
#define UI_LOG_LINES	3	/* the log under the map, at 24 lines */
#define UI_LOG_LINES_MAX 12	/* ... growing with the terminal's height */

struct ui_term {
	SCREEN			*screen;
	bool			 utf8;	/* else ASCII glyphs */
	bool			 colour;
	bool			 dim;	/* air can show what is below */
	struct ui_style_attr	 styles[UI_STYLE_COUNT];
	bool			 small;	/* under 80x24: only a message */
	int			 cols;
	int			 lines;
	int			 panel_cols;
	int			 log_lines;	/* under the map */
	WINDOW			*map;
	WINDOW			*head;
	WINDOW			*sheet;
	WINDOW			*list;
	WINDOW			*look;	/* over sheet and list, look mode */
	WINDOW			*status;
	WINDOW			*log;	/* the last log lines, under the map */
	WINDOW			*full;	/* log, hand-over, game over */
	struct sigaction	 old[UI_TERM_NSIG];	/* to put back */
};

/* How far ui_map_follow() scrolls to keep the cursor shown. */
enum ui_follow {
	UI_FOLLOW_EDGE,		/* just enough, keeping a margin */
	UI_FOLLOW_JUMP,		/* to the middle if it was out of view */
	UI_FOLLOW_CENTRE,	/* to the middle */
};

#define UI_SCROLL_PAGE	1000	/* a ui_binding arg: a page, not lines */

/* The map's two pictures (ui-map.c); auto picks the one that fits. */
enum ui_view_kind {
	UI_VIEW_AUTO,
	UI_VIEW_GRID,		/* the doubled grid: edges have cells */
	UI_VIEW_COMPACT,	/* a row a square: walls south underlined */
};

/* How the map window shows the level: see ui-map.c. */
struct ui_view {
	int	cols;		/* squares across */
	int	rows;		/* squares down */
	int	ox;		/* window cell of the grid's top-left corner */
	int	oy;
	bool	compact;	/* one row per square */
};

/* What lies on a square's floor as the viewer sees it (ui-map.c). */
#define UI_ITEMS_NONE	0
#define UI_ITEMS_SOME	1	/* items, none of them live */
#define UI_ITEMS_LIVE	2	/* a primed grenade among them */

/*
 * Overlays on the map (ui-overlay.c): at most one of sight, reach and
 * threat, plus the hatching of squares a chosen side does not see.  Each
 * layer is [z][y][x] and computed when first drawn after a change (stale).
 */
enum ui_overlay_kind {
	UI_OVERLAY_NONE,
	UI_OVERLAY_SIGHT,	/* what one eye sees: the rest hatched */
	UI_OVERLAY_REACH,	/* TU left on arriving, as a digit */
	UI_OVERLAY_THREAT,	/* enemies that could react there */
};

#define UI_OVERLAY_NO_FOG	(-1)	/* fog: hatch nothing */
#define UI_OVERLAY_WATCH_MAX	16	/* watchers named on a path */

struct ui_overlay {
	enum ui_overlay_kind	 kind;
	int			 unit;	/* sight and reach: the unit, or -1 */
	struct pos		 from;	/* sight from a square (unit -1) */
	int			 fog;	/* side whose unseen squares are
					   hatched, or UI_OVERLAY_NO_FOG */
	bool			 stale;	/* the layers need computing */
	uint8_t			*seen;	/* 1: not hatched */
	bool			 hatch;	/* seen[] applies */
	int			*layer;	/* reach: TU left, threat: count;
					   -1 nothing shown */
	int			*path_watch;	/* per path step: watchers */
	int			 watchers[UI_OVERLAY_WATCH_MAX];
	int			 nwatchers;	/* on the whole path */
	bool			 morewatchers;	/* more than named */
};

/* What the player has read of the game: the combat log, as words. */
struct ui_log {
	char	**lines;
	unsigned *masks;	/* which sides may read each: fog of war */
	unsigned *phases;	/* the phase each was logged in */
	size_t	  n;
	size_t	  cap;
	/*
	 * The lines under the map dim by phase, not by age: the current
	 * phase's are bright (a new line never changes the look of the
	 * one before it).  A phase begins at a round's or a side's start.
	 */
	unsigned  phase;	/* the current phase's number */
	bool	  begun;	/* a round start began it: its side's
				   start is the same phase */
	/* The marker: the first line of the last key's answer. */
	size_t	  fresh;
	bool	  answering;	/* lines of this key's answer have come */
	/*
	 * A walk a square at a time rewrites its unit's line (ui_log_walk):
	 * the last walk line and its unit (-1: none), and the line to draw
	 * again in place, with the text it replaced (owned, until drawn).
	 */
	size_t	  walk;
	int	  walk_unit;
	bool	  redo;
	size_t	  redo_line;
	char	 *redo_was;
	/*
	 * The lines under the map as last drawn, so new lines of the same
	 * phase are added by scrolling the window (ui-logview.c).
	 */
	struct {
		bool	  ok;		/* false: draw it whole next */
		size_t	  n;		/* the log's length then */
		size_t	  fresh;
		bool	  fresh_seen;	/* a line of fresh's answer drawn */
		int	  mark;		/* the marker's row, or -1 */
		bool	  cut;		/* the newest line taller than it */
		unsigned  phase;
		int	  viewer;
		bool	  all;		/* every line readable (preview) */
		int	  h, width;
	}	  shown;
	int	  top;		/* first line shown in the full view */
	int	  sub;		/* ... from this row of it (long lines wrap) */
	/* Hot-seat: the log's length when each side last handed over, so
	   what happened while it waited can be shown when it takes over. */
	size_t	  read[SIDE_COUNT];
	bool	  since;	/* the full view opened on those lines */
};

/* A cell of the map window as last drawn (ui_map_draw's cache). */
struct ui_map_cell {
	wchar_t	wc;		/* 0: not known, draw it */
	attr_t	attr;
	short	pair;
};

/* A served seat's lines from the server, not yet whole (ui-remote.c). */
struct ui_remote {
	char			 buf[8192];
	size_t			 n;
};

struct ui_map_memo;

struct ui {
	struct game		*g;	/* changed only by game_execute() */
	struct ui_remote	 remote;
	struct event_list	 ev;	/* events of the last command */
	const struct scenario	*s;
	const struct map	*map;
	struct ui_options	 opts;
	struct ai		*ai[SIDE_COUNT];	/* sides the computer plays */
	enum side		 ai_side;	/* the one playing now */
	struct ui_term		 term;
	/*
	 * The map window's cells as ui_map_draw last drew them, so a redraw
	 * writes only the cells that changed; cached_ok false (the window
	 * was drawn over, or made anew) draws it whole.
	 */
	struct ui_map_cell	*cached;
	int			 cached_h, cached_w;
	bool			 cached_ok;
	int			 cached_hl[2][2];	/* highlighted cells */
	int			 cached_nhl;
	struct ui_map_memo	*memo;	/* what the last draw was drawn from */
	char			*unit_glyphs;	/* per catalog unit type */
	int			*occupant;	/* per square: unit index, -1 */
	unsigned char		*links;		/* per square: UI_LINK_* */
	enum ui_mode		 mode;
	enum ui_mode		 help_from;	/* the mode help describes */
	struct pos		 cursor;	/* its level is the one shown */
	int			 selected;	/* unit index, -1 for none */
	int			 view_x;	/* the view's top-left square */
	int			 view_y;
	int			 list_top;	/* first unit in the list */
	int			 help_top;	/* first help line shown */
	int			 help_lines;	/* in the last help drawn */
	unsigned		 dirty;
	bool			 foot_warned;	/* the sheet's foot as drawn:
						   a path warning row */
	long			 head_key;	/* what the head shows, as
						   drawn: -1 not drawn */
	bool			 quit;

	/* The save, written as the game goes (ui-save.c). */
	struct journal		*journal;
	bool			 save_failed;	/* said on the status line */
	size_t			 save_tried;	/* entries when it failed */
	bool			 quit_unsaved;	/* q asked once already */
	char			*unsaved;	/* quit without it: why */
	char			*saved_path;	/* the file, after closing */
	bool			 over_told;	/* opts.game_over called */
	char			*over_note;	/* its lines, for the screen */

	/* Play state: still only views of the game. */
	enum side		 viewer;	/* whose fog of war is shown */
	enum ui_mode		 back;		/* the mode log returns to */
	int			 target;	/* fire mode: unit index */
	enum shot_mode		 shot;		/* fire mode: the mode */
	int			 cost;		/* move mode: TU, -1 none */
	struct path		 path;		/* move mode: the preview */
	char			*message;	/* status line: last refusal */
	struct ui_log		 log;
	int			*ghost;		/* per square: last seen, -1 */
	unsigned char		*items;		/* per square: UI_ITEMS_* */
	enum ui_view_kind	 view;		/* the map picture asked for */

	/* Overlays and the game master's preview (ui-overlay.c). */
	struct ui_overlay	 ov;
	/* The preview: the log line where the computer's last phase began,
	   with its reasons logged before each command (0: none yet). */
	size_t			 ai_from;
	bool			 ai_played;

	/* Manual dice (ui-dice.c). */
	struct rng		 dice_rng;	/* r: not the game's stream */
	bool			 dice_auto;	/* R: the computer rolls now */
	int			 shown_round;	/* the round the screen shows */
	/* Actions (ui-aim.c, ui-inv.c): still only views of the game. */
	int			 hand;		/* HAND_*, CMD_HAND_BOTH */
	int			 kind;		/* timer, psi_kind, heal_kind */
	int			 inv_row;	/* the inventory's chosen row */
	enum ui_mode		 prime_back;	/* where priming returns */
	int			 blast;		/* throw: radius, -1 none */
	int			*reach;		/* throw: the blast, [z][y][x] */
	struct pos		 reach_at;	/* where reach was worked out */
	/* Fire mode (ui-fire.c): a guided shot's waypoints, in order. */
	struct pos		 via[CMD_MAX_VIA];
	size_t			 nvia;
};

/* ui-term.c */
/* Whether TERM can be drawn on (ui-tinfo.c). */
bool	ui_term_usable(const char *);
bool	ui_term_open(struct ui *);
void	ui_term_close(struct ui *);
int	ui_term_signalled(void);
bool	ui_term_hungup(void);
bool	ui_term_drain(void);
void	ui_term_layout(struct ui *);
void	ui_term_small(struct ui *);
void	ui_term_cell(const struct ui *, WINDOW *, int, int, struct ui_glyph,
	    attr_t);
void	ui_term_highlight(WINDOW *, int, int, attr_t);
void	ui_term_box(const struct ui *, WINDOW *);
int	ui_term_text(const struct ui *, WINDOW *, int, int, int, enum ui_style,
	    const char *);
int	ui_term_textn(const struct ui *, WINDOW *, int, int, int,
	    enum ui_style, const char *, size_t);
/* Long lines wrap, continued rows indented by UI_TERM_INDENT columns. */
#define UI_TERM_INDENT	2
size_t	ui_term_row(const char *, int, const char **);
int	ui_term_rows(const char *, int);
int	ui_term_wrapped(const struct ui *, WINDOW *, int, int, int,
	    enum ui_style, const char *, int, int);
int	ui_term_printf(const struct ui *, WINDOW *, int, int, int,
	    enum ui_style, const char *, ...)
	    __attribute__((format(printf, 7, 8)));
void	ui_term_rule(const struct ui *, WINDOW *, int, const char *);
const char *ui_term_sep(const struct ui *);

/* ui-glyph.c */
void	ui_glyph_init(struct ui *);
struct ui_glyph ui_glyph_floor(const struct ui *, int);
struct ui_glyph ui_glyph_object(const struct ui *, const struct object_type *);
struct ui_glyph ui_glyph_edge(const struct ui *, const struct edge *, bool);
struct ui_glyph ui_glyph_corner(const struct ui *, const struct edge *[4]);
struct ui_glyph ui_glyph_link(const struct ui *, bool, bool);
struct ui_glyph ui_glyph_unit(const struct ui *, const struct unit_setup *);
struct ui_glyph ui_glyph_gunit(const struct ui *, const struct unit *);
struct ui_glyph ui_glyph_facing(const struct ui *, enum dir);
struct ui_glyph ui_glyph_items(const struct ui *, int, attr_t *);
const char *ui_glyph_arrow(const struct ui *, enum dir);
bool	ui_glyph_utf8_ok(void);
size_t	ui_glyph_legend(const struct ui *, size_t, struct ui_glyph *,
	    const char **);

/* ui-map.c */
void	ui_map_view(const struct ui *, struct ui_view *);
void	ui_map_follow(struct ui *, enum ui_follow);
void	ui_map_draw(struct ui *);
void	ui_map_place_cursor(const struct ui *);
bool	ui_map_memo_begin(struct ui *, const struct ui_view *, bool);
bool	ui_map_memo_dirty(const struct ui *, int, int);
void	ui_map_memo_free(struct ui *);
bool	ui_map_square_at(const struct ui *, int, int, struct pos *);
int	ui_map_occupant(const struct ui *, struct pos);
int	ui_map_ghost(const struct ui *, struct pos);
int	ui_map_items(const struct ui *, struct pos);
bool	ui_map_compact(const struct ui *);
void	ui_map_switch(struct ui *);
void	ui_map_occupy(struct ui *);
const struct map_link *ui_map_link(const struct ui *, struct pos, bool *);

/* ui-panel.c */
const char *ui_panel_stat(int, char *, size_t);
void	ui_panel_head(struct ui *);
void	ui_panel_sheet(struct ui *);
void	ui_panel_foot(struct ui *);
void	ui_panel_list(struct ui *);
void	ui_panel_status(struct ui *);
int	ui_panel_list_unit(const struct ui *, int);
const char *ui_panel_unit_name(const struct ui *, const struct unit *);
const char *ui_panel_dir_name(enum dir);
void	ui_panel_unit_kind(const struct ui *, const struct unit *, char *,
	    size_t);

/* ui-look.c */
void	ui_look_draw(struct ui *);
char	*ui_look_summary(const struct ui *, struct pos, int);
int	ui_look_wrap(const struct ui *, WINDOW *, int, int, const char *,
	    enum ui_style, const char *);

/* ui-help.c */
void	ui_help_draw(struct ui *);

/* ui-log.c */
void	ui_log_add(struct ui *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	ui_log_walk(struct ui *, int, enum side, char *);
void	ui_log_add_for(struct ui *, unsigned, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
void	ui_log_events(struct ui *, const struct event_list *);
void	ui_log_phase(struct ui *, const struct event *);
void	ui_log_key(struct ui *);
/* The mask of a log line everyone may read. */
#define UI_LOG_ALL	((1u << SIDE_COUNT) - 1)
void	ui_log_draw(struct ui *);
void	ui_log_full(struct ui *);
void	ui_log_scroll(struct ui *, int);
bool	ui_log_catch_up(struct ui *);
void	ui_log_free(struct ui *);

/* ui-act.c */
bool	ui_act_mine(const struct ui *, int);
bool	ui_act_visible(const struct ui *, int);
int	ui_act_issue(struct ui *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	ui_act_after(struct ui *);
/*
 * A served seat (ui-remote.c): send a command line and apply what the
 * server says of it (0, or -1 refused, the reason in ui->message); apply
 * the game's commands that have come since (true if any did).
 */
int	ui_remote_issue(struct ui *, const char *line);
bool	ui_remote_poll(struct ui *);
bool	ui_act_should_confirm(const struct ui *);
void	ui_act_preview(struct ui *);
char	*ui_act_chance(const struct ui *, enum shot_mode);
int	ui_act_next_target(const struct ui *, int, int);
int	ui_act_snap_tu(const struct ui *, int);
void	ui_act_screen(struct ui *);
const char *ui_act_side_name(enum side);
bool	ui_act_human(const struct ui *, int side);
/* Hot-seat: people play both sides, each in turn at the keyboard. */
bool	ui_act_hot_seat(const struct ui *);
void	ui_act_ai_phase(struct ui *, enum side);
void	ui_act_free(struct ui *);

/* ui-overlay.c */
void	ui_overlay_init(struct ui *);
void	ui_overlay_free(struct ui *);
void	ui_overlay_action(struct ui *, enum ui_action);
void	ui_overlay_changed(struct ui *);
void	ui_overlay_prepare(struct ui *);
bool	ui_overlay_square(const struct ui *, struct pos, struct ui_glyph *,
	    attr_t *);
void	ui_overlay_path(struct ui *);
char	*ui_overlay_path_warning(const struct ui *);
int	ui_overlay_path_watchers(const struct ui *, struct pos);
char	*ui_overlay_legend(struct ui *);
char	*ui_overlay_at(struct ui *, struct pos);
size_t	ui_overlay_help(const struct ui *, size_t, struct ui_glyph *,
	    attr_t *, const char **);

/* ui-preview.c */
bool	ui_preview_on(const struct ui *);
/* The terrain as the viewer last saw it (the truth in the preview). */
const struct map *ui_map_terrain(const struct ui *);

/* Deployment before round 1 (ui-deploy.c); the keys, as the log says. */
#define UI_DEPLOY_HOW	UI_LOGTEXT_DEPLOY_HOW

bool	ui_deploy_on(const struct ui *);
bool	ui_deploy_square(const struct ui *, struct pos, struct ui_glyph *);
bool	ui_deploy_preview(struct ui *);
bool	ui_deploy_confirm(struct ui *);
void	ui_deploy_auto(struct ui *);
bool	ui_preview_cycles(const struct ui *, int);
int	ui_preview_first(const struct ui *);
int	ui_preview_look(const struct ui *, WINDOW *, int, struct pos);
int	ui_preview_sides(const struct ui *, WINDOW *, int);
int	ui_preview_sheet(const struct ui *, WINDOW *, int, const struct unit *);
void	ui_preview_ai_phase(struct ui *);
void	ui_preview_ai_trace(struct ui *);

/* ui-dice.c */
int	ui_dice_roll(void *, int, const char *);
/* Ask the table for a die of sides for what it reads as shown. */
int	ui_dice_ask(struct ui *, int sides, const char *shown);

/* ui-save.c */
void	ui_save_sync(struct ui *);
int	ui_save_game(struct ui *, char **);
bool	ui_save_quit(struct ui *);
int	ui_save_close(struct ui *, char **);
struct game *ui_save_resume(struct ui *, const struct save *, char **);
void	ui_save_log(struct ui *);

/* The aim panel being written (ui-aim.c, ui-fire.c). */
struct ui_aim_out {
	const struct ui	*ui;
	WINDOW		*w;
	int		 y;
};

/* ui-aim.c */
void	ui_aim_say(struct ui *, const char *);
char	*ui_aim_terms(const struct event *);
void	ui_aim_why_free(struct event *);
void	ui_aim_line(struct ui_aim_out *, const char *, enum ui_style,
	    const char *);
void	ui_aim_linef(struct ui_aim_out *, const char *, enum ui_style,
	    const char *, ...) __attribute__((format(printf, 4, 5)));
void	ui_aim_note(struct ui_aim_out *, const char *);
char	*ui_aim_held(const struct ui *, const struct carried *);
void	ui_aim_chance(struct ui_aim_out *, const char *, bool, const char *,
	    int, struct event *, const char *, const char *);
bool	ui_aim_mode(enum ui_mode);
void	ui_aim_action(struct ui *, enum ui_action, int);
void	ui_aim_draw(struct ui *);
char	*ui_aim_intent(const struct ui *);
void	ui_aim_legend(const struct ui *, WINDOW *, int);
const char *ui_aim_hand_name(int);

/* ui-throw.c */
void	ui_throw_update(struct ui *);
bool	ui_throw_blast(const struct ui *, struct pos);
void	ui_throw_panel(struct ui_aim_out *, const struct unit *);
char	*ui_throw_intent(const struct ui *);

/* ui-fire.c */
void	ui_fire_enter(struct ui *);
void	ui_fire_retarget(struct ui *);
void	ui_fire_next(struct ui *, int);
void	ui_fire_go(struct ui *);
void	ui_fire_via(struct ui *, int);
int	ui_fire_via_at(const struct ui *, struct pos);
bool	ui_fire_guided(const struct ui *);
char	*ui_fire_chance(const struct ui *, enum shot_mode);
char	*ui_fire_intent(const struct ui *);
void	ui_fire_panel(struct ui_aim_out *, const struct unit *);

/* ui-inv.c */
void	ui_inv_draw(struct ui *);
/* ui-carry.c */
bool	ui_carry_candidate(const struct ui *, int);
void	ui_carry_enter(struct ui *, int first);
void	ui_carry_go(struct ui *);
void	ui_carry_panel(struct ui_aim_out *, const struct unit *);
char	*ui_carry_intent(const struct ui *);
void	ui_inv_do(struct ui *, enum ui_inv_op);
void	ui_inv_row(struct ui *, int);

/* ui-main.c, for the actions and the mouse */
void	ui_main_mode(struct ui *, enum ui_mode);
void	ui_main_select(struct ui *, int);
void	ui_main_action(struct ui *, enum ui_action, int);
void	ui_main_move(struct ui *, enum dir, int);
void	ui_main_scroll(struct ui *, int);

/* ui-order.c */
bool	ui_order_can(struct ui *);
void	ui_order_confirm(struct ui *);
void	ui_order_kneel(struct ui *);
void	ui_order_react(struct ui *);
void	ui_order_reload(struct ui *);

/* ui-mouse.c */
void	ui_mouse_event(struct ui *);

/* ui-key.c */
const struct ui_binding *ui_key_find(enum ui_mode, int);
int	ui_key_clash(enum ui_mode *);
const struct ui_binding *ui_key_table(size_t *);
const char *ui_key_mode_name(enum ui_mode);

#endif
