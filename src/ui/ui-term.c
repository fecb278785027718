/*
 * ui-term.c - the terminal: taking it over and giving it back, however the
 * session ends; styles (colour when the terminal has it and NO_COLOR is
 * unset, attributes only otherwise); the windows of the layout drawn in
 * ui-int.h; and writing cells and text into them.
 *
 * Giving the terminal back matters more than anything else here: a player
 * left with a terminal in raw mode on the alternate screen cannot even read
 * why.  Quitting, SIGINT, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\) end the
 * session through the main loop (a handler only records the signal), so
 * the save is ended cleanly; a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
 * SIGABRT) calls endwin() from the handler and dies of the same signal
 * (the journal already holds every command).  While the session runs,
 * stderr is fully buffered so a message printed just before a crash
 * (fatal() aborts) is shown after the terminal is back rather than lost
 * with the alternate screen.
 *
 * Text is UTF-8 in, wide characters out; every write is clipped to the
 * width it was given, so a long name never spills into the next window.
 */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui-int.h"
#include "xtac/util.h"

/*
 * The one mutable global: the signal asking the session to end.  A handler
 * can reach nothing else, and the main loop looks at it after every key
 * and every input timeout.
 */
static volatile sig_atomic_t ui_term_stop;

static const int ui_term_signals[UI_TERM_NSIG] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT,
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT
};
#define UI_TERM_NSTOP	4	/* the first four end the session cleanly */
#define UI_TERM_TIMEOUT	500	/* ms getch() waits; see ui_term_open() */

/*
 * Colours per style: for 8-colour and 256-colour terminals (-1 is the
 * terminal's default), with the attributes to add; and the attributes to
 * use without colour.  Units are bold either way so they stand out from
 * the terrain on any terminal.
 */
static const struct {
	short	fg8;
	short	fg256;
	attr_t	colour;
	attr_t	mono;
} ui_term_styles[UI_STYLE_COUNT] = {
	[UI_STYLE_NORMAL] =	{ -1, -1, A_NORMAL, A_NORMAL },
	[UI_STYLE_TITLE] =	{ -1, -1, A_BOLD, A_BOLD },
	[UI_STYLE_RULE] =	{ COLOR_BLUE, 67, A_NORMAL, A_NORMAL },
	[UI_STYLE_LABEL] =	{ COLOR_CYAN, 109, A_NORMAL, A_NORMAL },
	[UI_STYLE_DIM] =	{ -1, 245, A_NORMAL, A_DIM },
	[UI_STYLE_KEY] =	{ COLOR_YELLOW, 221, A_BOLD, A_BOLD },
	[UI_STYLE_WARN] =	{ COLOR_YELLOW, 221, A_BOLD, A_BOLD },
	[UI_STYLE_AIR] =	{ COLOR_BLUE, 239, A_NORMAL, A_DIM },
	[UI_STYLE_GRASS] =	{ COLOR_GREEN, 71, A_NORMAL, A_NORMAL },
	[UI_STYLE_DIRT] =	{ COLOR_YELLOW, 137, A_NORMAL, A_NORMAL },
	[UI_STYLE_PAVEMENT] =	{ COLOR_WHITE, 246, A_NORMAL, A_NORMAL },
	[UI_STYLE_HAY] =	{ COLOR_YELLOW, 179, A_NORMAL, A_NORMAL },
	[UI_STYLE_SNOW] =	{ COLOR_WHITE, 255, A_BOLD, A_NORMAL },
	[UI_STYLE_RUBBLE] =	{ COLOR_WHITE, 243, A_NORMAL, A_NORMAL },
	[UI_STYLE_INDOOR] =	{ COLOR_WHITE, 250, A_NORMAL, A_NORMAL },
	[UI_STYLE_METAL] =	{ COLOR_CYAN, 73, A_NORMAL, A_NORMAL },
	[UI_STYLE_WALL] =	{ COLOR_WHITE, 253, A_NORMAL, A_NORMAL },
	[UI_STYLE_STRONG] =	{ COLOR_WHITE, 255, A_BOLD, A_BOLD },
	[UI_STYLE_WINDOW] =	{ COLOR_CYAN, 117, A_NORMAL, A_NORMAL },
	[UI_STYLE_FENCE] =	{ COLOR_YELLOW, 137, A_NORMAL, A_NORMAL },
	[UI_STYLE_DOOR] =	{ COLOR_YELLOW, 172, A_BOLD, A_BOLD },
	[UI_STYLE_LINK] =	{ COLOR_MAGENTA, 177, A_BOLD, A_BOLD },
	[UI_STYLE_TREE] =	{ COLOR_GREEN, 34, A_BOLD, A_NORMAL },
	[UI_STYLE_OBJECT] =	{ COLOR_YELLOW, 180, A_NORMAL, A_NORMAL },
	[UI_STYLE_XCOM] =	{ COLOR_CYAN, 45, A_BOLD, A_BOLD },
	[UI_STYLE_ALIEN] =	{ COLOR_RED, 203, A_BOLD, A_BOLD },
	[UI_STYLE_CIVILIAN] =	{ COLOR_MAGENTA, 213, A_BOLD, A_BOLD },
	[UI_STYLE_FACING] =	{ COLOR_YELLOW, 226, A_BOLD, A_BOLD },
	[UI_STYLE_PATH_SNAP] =	{ COLOR_GREEN, 83, A_BOLD, A_BOLD },
	[UI_STYLE_PATH_MOVE] =	{ COLOR_YELLOW, 226, A_BOLD, A_BOLD },
	[UI_STYLE_PATH_FAR] =	{ COLOR_RED, 196, A_BOLD, A_BOLD },
	[UI_STYLE_BLAST] =	{ COLOR_RED, 209, A_BOLD, A_NORMAL },
};

/*
 * The numeric keypad in application mode sends ESC O and a letter.  Some
 * terminal descriptions (tmux-256color and screen among them) do not list
 * these, and ncurses would hand over ESC, 'O', 'q': Esc, then quit.  The
 * VT100 sequences are taught to ncurses wherever nothing else claims them.
 */
static const struct {
	const char	*seq;
	int		 key;
} ui_term_keypad[] = {
	{ "\033Ow", KEY_A1 }, { "\033Ox", KEY_UP }, { "\033Oy", KEY_A3 },
	{ "\033Ot", KEY_LEFT }, { "\033Ou", KEY_B2 }, { "\033Ov", KEY_RIGHT },
	{ "\033Oq", KEY_C1 }, { "\033Or", KEY_DOWN }, { "\033Os", KEY_C3 },
	{ "\033OM", KEY_ENTER },
};

static void
ui_term_on_stop(int sig)
{
	ui_term_stop = sig;
}

/*
 * Neither endwin() nor fflush() is async-signal-safe; the process is dying
 * anyway, and a terminal left raw is the worse outcome.  SA_RESETHAND has
 * put the default action back, so raise() ends the process with the signal
 * it would have died of (a core, for SIGSEGV).
 */
static void
ui_term_on_crash(int sig)
{
	endwin();
	fflush(stderr);
	raise(sig);
}

static void
ui_term_catch(struct ui_term *t)
{
	struct sigaction	sa;
	int			i;

	ui_term_stop = 0;
	for (i = 0; i < UI_TERM_NSIG; i++) {
		int sig = ui_term_signals[i];

		sigaction(sig, NULL, &t->old[i]);
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		if (i < UI_TERM_NSTOP) {
			/* Ignored on purpose (nohup, a background job). */
			if (t->old[i].sa_handler == SIG_IGN)
				continue;
			/* No SA_RESTART: the read in getch() should return. */
			sa.sa_handler = ui_term_on_stop;
		} else {
			/*
			 * A sanitizer's handler already there reports the
			 * crash better than we could; leave it alone.
			 */
			if (t->old[i].sa_handler != SIG_DFL)
				continue;
			sa.sa_handler = ui_term_on_crash;
			sa.sa_flags = SA_RESETHAND | SA_NODEFER;
		}
		sigaction(sig, &sa, NULL);
	}
}

static void
ui_term_release(struct ui_term *t)
{
	int	i;

	for (i = 0; i < UI_TERM_NSIG; i++)
		sigaction(ui_term_signals[i], &t->old[i], NULL);
}

int
ui_term_signalled(void)
{
	return ui_term_stop;
}

/*
 * Whether the terminal has gone: its other side closed (a tmux server or an
 * ssh connection died) without a SIGHUP reaching us, which happens when our
 * parent shell catches it.  getch() then fails at once, every time, and the
 * loop would spin.
 */
bool
ui_term_hungup(void)
{
	struct pollfd	pfd;

	pfd.fd = STDIN_FILENO;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (poll(&pfd, 1, 0) < 0)
		return errno != EINTR && errno != EAGAIN;
	return (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/*
 * After an Esc, throw away whatever came with it: an escape sequence that
 * no terminal description names (or Alt and a key) must not turn into Esc
 * and a command, as ESC O q would turn into Esc and quit.  A real Esc comes
 * alone, since ncurses has already waited ESCDELAY for more.  True if
 * anything came.
 */
bool
ui_term_drain(void)
{
	int	key, n = 0;

	nodelay(stdscr, TRUE);
	while ((key = getch()) != ERR) {
		if (key == KEY_RESIZE) {
			ungetch(key);
			break;
		}
		n++;
	}
	nodelay(stdscr, FALSE);
	timeout(UI_TERM_TIMEOUT);
	return n > 0;
}

static void
ui_term_init_styles(struct ui_term *t)
{
	int	i, fg;
	bool	rich = t->colour && COLORS >= 256;
	short	bg = -1;

	if (t->colour && use_default_colors() != OK)
		bg = COLOR_BLACK;
	for (i = 0; i < UI_STYLE_COUNT; i++) {
		t->styles[i].pair = 0;
		if (!t->colour) {
			t->styles[i].attr = ui_term_styles[i].mono;
			continue;
		}
		t->styles[i].attr = ui_term_styles[i].colour;
		fg = rich ? ui_term_styles[i].fg256 : ui_term_styles[i].fg8;
		if (fg < 0 && bg < 0)
			continue;
		if (i + 1 < COLOR_PAIRS &&
		    init_pair((short)(i + 1), (short)fg, bg) == OK)
			t->styles[i].pair = (short)(i + 1);
	}
}

bool
ui_term_open(struct ui *ui)
{
	struct ui_term	*t = &ui->term;
	const char	*nocolour = getenv("NO_COLOR");
	const char	*term = getenv("TERM");
	size_t		 i;

	if (!ui_term_usable(term)) {
		fprintf(stderr, "xtac: play needs a terminal that can move its "
		    "cursor; TERM=%s cannot (try TERM=xterm-256color, or "
		    "xtac script for a headless game)\n",
		    term != NULL && *term != '\0' ? term : "(unset)");
		return false;
	}
	ui_term_catch(t);
	if ((t->screen = newterm(NULL, stdout, stdin)) == NULL) {
		ui_term_release(t);
		fprintf(stderr, "xtac: cannot use this terminal (TERM=%s)\n",
		    term != NULL ? term : "unset");
		return false;
	}
	setvbuf(stderr, NULL, _IOFBF, BUFSIZ);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	for (i = 0; i < XTAC_NITEMS(ui_term_keypad); i++)
		if (key_defined(ui_term_keypad[i].seq) == 0)
			define_key(ui_term_keypad[i].seq,
			    ui_term_keypad[i].key);
	/* Esc cancels: do not make it wait a second for a sequence. */
	set_escdelay(25);
	/*
	 * Input times out now and then so a signal that arrives while
	 * getch() restarts its read is still seen promptly.
	 */
	timeout(UI_TERM_TIMEOUT);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED |
	    BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	t->utf8 = ui_glyph_utf8_ok();
	t->colour = has_colors() && (nocolour == NULL || *nocolour == '\0') &&
	    start_color() == OK;
	t->dim = t->colour || (termattrs() & A_DIM) != 0;
	ui_term_init_styles(t);
	return true;
}

static void
ui_term_delete(struct ui_term *t)
{
	WINDOW	**w[] = { &t->map, &t->head, &t->sheet, &t->list, &t->look,
		    &t->status, &t->log, &t->full };
	size_t	  i;

	for (i = 0; i < XTAC_NITEMS(w); i++) {
		if (*w[i] != NULL)
			delwin(*w[i]);
		*w[i] = NULL;
	}
}

void
ui_term_close(struct ui *ui)
{
	struct ui_term	*t = &ui->term;

	ui_term_delete(t);
	endwin();
	delscreen(t->screen);
	t->screen = NULL;
	fflush(stderr);
	setvbuf(stderr, NULL, _IONBF, 0);
	ui_term_release(t);
}

static WINDOW *
ui_term_window(int lines, int cols, int y, int x, bool cursor)
{
	WINDOW	*w;

	if ((w = newwin(lines, cols, y, x)) == NULL)
		fatal("cannot make a %dx%d window", cols, lines);
	/* Only the map window says where the terminal's cursor goes. */
	leaveok(w, !cursor);
	return w;
}

/*
 * Make the windows for the terminal's size.  Called at start and after
 * every KEY_RESIZE: everything is made anew and redrawn once, which is far
 * simpler than moving windows about and costs nothing a person notices.
 */
void
ui_term_layout(struct ui *ui)
{
	struct ui_term	*t = &ui->term;
	int		 mapw, panelx, below, listh;
	cchar_t		 bar;
	wchar_t		 wc[2] = { t->utf8 ? L'\u2502' : L'|', L'\0' };

	ui_term_delete(t);
	ui->head_key = -1;	/* new windows: draw the head */
	ui->log.shown.ok = false;	/* ... and the log whole */
	t->cols = COLS;
	t->lines = LINES;
	t->small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	werase(stdscr);
	if (t->small) {
		ui_term_small(ui);
		return;
	}
	/* Big terminals: a wider panel, and more of the log in sight. */
	t->panel_cols = COLS >= 200 ? 44 : COLS >= 120 ? 34 : 28;
	t->log_lines = UI_LOG_LINES + (LINES - UI_MIN_LINES) / 4;
	if (t->log_lines > UI_LOG_LINES_MAX)
		t->log_lines = UI_LOG_LINES_MAX;
	mapw = COLS - t->panel_cols - 1;
	panelx = mapw + 1;
	below = UI_HEAD_LINES + UI_SHEET_LINES;
	listh = LINES - 1 - below;
	t->map = ui_term_window(LINES - 1 - t->log_lines, mapw, 0, 0, true);
	t->log = ui_term_window(t->log_lines, mapw, LINES - 1 - t->log_lines,
	    0, false);
	t->full = ui_term_window(LINES, COLS, 0, 0, true);
	t->head = ui_term_window(UI_HEAD_LINES, t->panel_cols, 0, panelx,
	    false);
	t->sheet = ui_term_window(UI_SHEET_LINES, t->panel_cols,
	    UI_HEAD_LINES, panelx, false);
	t->list = ui_term_window(listh, t->panel_cols, below, panelx, false);
	t->look = ui_term_window(LINES - 1 - UI_HEAD_LINES, t->panel_cols,
	    UI_HEAD_LINES, panelx, false);
	t->status = ui_term_window(1, COLS, LINES - 1, 0, false);
	setcchar(&bar, wc, t->styles[UI_STYLE_RULE].attr,
	    t->styles[UI_STYLE_RULE].pair, NULL);
	mvwvline_set(stdscr, 0, mapw, &bar, LINES - 1);
	wnoutrefresh(stdscr);
}

/* The screen shown instead of everything else below 80x24. */
void
ui_term_small(struct ui *ui)
{
	char	now[64];
	const char *lines[3];
	int	i, n = 3, top;

	snprintf(now, sizeof now, "(it is %dx%d now; q quits)", COLS, LINES);
	lines[0] = "xtac needs a bigger window:";
	lines[1] = "enlarge the terminal to at least 80x24";
	lines[2] = now;
	werase(stdscr);
	top = LINES > n ? (LINES - n) / 2 : 0;
	for (i = 0; i < n && top + i < LINES; i++) {
		int len = (int)strlen(lines[i]);
		int x = len < COLS ? (COLS - len) / 2 : 0;

		ui_term_text(ui, stdscr, top + i, x, COLS - x,
		    i == 1 ? UI_STYLE_WARN : UI_STYLE_NORMAL, lines[i]);
	}
	wnoutrefresh(stdscr);
}

/*
 * A border round w.  Not the terminal's alternate character set: inside
 * tmux or screen a TERM saying xterm makes its switch print "lqqk", so
 * UTF-8 box drawing where the locale has it (as the map's walls), else
 * ASCII.
 */
void
ui_term_box(const struct ui *ui, WINDOW *w)
{
	static const wchar_t	 utf8[] = L"\u2502\u2502\u2500\u2500"
				     "\u250c\u2510\u2514\u2518";
	static const wchar_t	 ascii[] = L"||--++++";
	const wchar_t		*set = ui->term.utf8 ? utf8 : ascii;
	cchar_t			 c[8];
	wchar_t			 wc[2] = { L'\0', L'\0' };
	int			 i;

	for (i = 0; i < 8; i++) {
		wc[0] = set[i];
		setcchar(&c[i], wc, A_NORMAL, 0, NULL);
	}
	wborder_set(w, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6],
	    &c[7]);
}

void
ui_term_cell(const struct ui *ui, WINDOW *w, int y, int x, struct ui_glyph g,
    attr_t extra)
{
	const struct ui_style_attr	*sa = &ui->term.styles[g.style];
	wchar_t				 wc[2] = { g.wc, L'\0' };
	cchar_t				 cc;

	setcchar(&cc, wc, sa->attr | extra, sa->pair, NULL);
	mvwadd_wch(w, y, x, &cc);
}

/* Add attributes to a cell already drawn (the cursor, the facing). */
void
ui_term_highlight(WINDOW *w, int y, int x, attr_t extra)
{
	cchar_t	cc;
	wchar_t	wc[CCHARW_MAX + 1];
	attr_t	attr;
	short	pair;

	if (mvwin_wch(w, y, x, &cc) == ERR)
		return;
	if (getcchar(&cc, wc, &attr, &pair, NULL) == ERR)
		return;
	setcchar(&cc, wc, attr | extra, pair, NULL);
	mvwadd_wch(w, y, x, &cc);
}

/* The next character of s (at most len bytes): its width and size. */
static size_t
ui_term_char(const char *s, size_t len, mbstate_t *mbs, wchar_t *wc, int *cw)
{
	size_t	k;

	/*
	 * Printable ASCII is itself in every locale's wide form, one column
	 * wide: most of what is drawn, spared mbrtowc and wcwidth.
	 */
	if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f &&
	    mbsinit(mbs)) {
		*wc = (wchar_t)*s;
		*cw = 1;
		return 1;
	}
	k = mbrtowc(wc, s, len, mbs);

	if (k == (size_t)-1 || k == (size_t)-2) {
		memset(mbs, 0, sizeof *mbs);
		*wc = L'?';
		k = 1;
	} else if (k == 0)
		return 0;
	if ((*cw = wcwidth(*wc)) < 0) {
		*wc = L'?';
		*cw = 1;
	}
	return k;
}

/*
 * Printable ASCII that fits, the most of what the panels write: its cells
 * copied in (waddchnstr), without the wide-character path's decoding and
 * per-character rendition, which cost a step's redraw most of its text
 * time.  The cells are the same.  Returns the columns, or -1 when the
 * text needs the general path.
 */
static int
ui_term_ascii(WINDOW *w, int y, int x, int width,
    const struct ui_style_attr *sa, const char *s, size_t len)
{
	chtype	cells[256];
	size_t	i;

	if (len > (size_t)width || len >= XTAC_NITEMS(cells) ||
	    sa->pair >= 256 || x + (int)len > getmaxx(w))
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < ' ' || s[i] > '~')
			return -1;
		cells[i] = (chtype)(unsigned char)s[i] | sa->attr |
		    (chtype)COLOR_PAIR(sa->pair);
	}
	cells[len] = 0;
	if (len > 0)
		mvwaddchnstr(w, y, x, cells, (int)len);
	return (int)len;
}

/*
 * Write UTF-8 text (len bytes of s) at (y, x) in at most `width` columns;
 * text that does not fit ends with an ellipsis.  Bytes that are not valid
 * in the locale show as '?'.  Returns the columns used.
 */
int
ui_term_textn(const struct ui *ui, WINDOW *w, int y, int x, int width,
    enum ui_style style, const char *s, size_t len)
{
	const struct ui_style_attr	*sa = &ui->term.styles[style];
	wchar_t				 buf[512];
	int				 cols = 0, n = 0, cw = 0;
	mbstate_t			 mbs;
	size_t				 k;
	wchar_t				 wc;

	if (width <= 0)
		return 0;
	if (width > (int)XTAC_NITEMS(buf) - 1)
		width = (int)XTAC_NITEMS(buf) - 1;
	if ((cols = ui_term_ascii(w, y, x, width, sa, s, len)) >= 0)
		return cols;
	cols = 0;
	memset(&mbs, 0, sizeof mbs);
	while (len > 0 && (k = ui_term_char(s, len, &mbs, &wc, &cw)) > 0) {
		if (cols + cw > width) {
			/* Take back what the ellipsis needs. */
			while (n > 0 && cols + 1 > width) {
				cw = wcwidth(buf[--n]);
				cols -= cw > 0 ? cw : 1;
			}
			buf[n++] = ui->term.utf8 ? L'\u2026' : L'~';
			cols++;
			break;
		}
		buf[n++] = wc;
		cols += cw;
		s += k;
		len -= k;
	}
	buf[n] = L'\0';
	wattr_set(w, sa->attr, sa->pair, NULL);
	mvwaddnwstr(w, y, x, buf, n);
	wattr_set(w, A_NORMAL, 0, NULL);
	return cols;
}

int
ui_term_text(const struct ui *ui, WINDOW *w, int y, int x, int width,
    enum ui_style style, const char *s)
{
	return ui_term_textn(ui, w, y, x, width, style, s, strlen(s));
}

/*
 * Wrapping: the first row of s in `width` columns.  Returns its length in
 * bytes, broken at the last space when a word would be cut (a word longer
 * than a row is cut where the row ends); *next is where the following row
 * starts, past the spaces, or the end of s.
 */
size_t
ui_term_row(const char *s, int width, const char **next)
{
	mbstate_t	 mbs;
	size_t		 len = strlen(s), off = 0, k, brk = 0;
	int		 cols = 0, cw = 0;
	wchar_t		 wc;

	memset(&mbs, 0, sizeof mbs);
	if (width < 1)
		width = 1;
	while (off < len && (k = ui_term_char(s + off, len - off, &mbs, &wc,
	    &cw)) > 0) {
		if (cols + cw > width && off > 0) {
			/* A full row ending with its word: break right here. */
			if (brk == 0 || wc == L' ')
				brk = off;
			break;
		}
		if (wc == L' ')
			brk = off;
		cols += cw;
		off += k;
	}
	if (off >= len)
		brk = len;
	for (*next = s + brk; **next == ' '; (*next)++)
		continue;
	/* Trailing spaces of the row are not part of it. */
	while (brk > 0 && s[brk - 1] == ' ')
		brk--;
	return brk;
}

/* How many rows s takes in `width` columns (continued rows indented). */
int
ui_term_rows(const char *s, int width)
{
	const char	*next;
	int		 n = 0;

	do {
		ui_term_row(s, n == 0 ? width : width - UI_TERM_INDENT, &next);
		s = next;
		n++;
	} while (*s != '\0');
	return n;
}

/*
 * Draw rows [from, from + count) of s wrapped in `width` columns at (y, x),
 * continued rows indented.  Returns the rows drawn.
 */
int
ui_term_wrapped(const struct ui *ui, WINDOW *w, int y, int x, int width,
    enum ui_style style, const char *s, int from, int count)
{
	const char	*next;
	size_t		 len;
	int		 row, drawn = 0, in;

	for (row = 0; drawn < count; row++) {
		in = row == 0 ? 0 : UI_TERM_INDENT;
		len = ui_term_row(s, width - in, &next);
		if (row >= from) {
			ui_term_textn(ui, w, y + drawn, x + in, width - in,
			    style, s, len);
			drawn++;
		}
		if (*(s = next) == '\0')
			break;
	}
	return drawn;
}

int
ui_term_printf(const struct ui *ui, WINDOW *w, int y, int x, int width,
    enum ui_style style, const char *fmt, ...)
{
	va_list	 ap;
	char	 buf[256], *s = buf;
	int	 cols, len;

	/* Most fit a row of the screen: formatted once, not allocated. */
	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (len < 0)
		fatal("bad format '%s'", fmt);
	if ((size_t)len >= sizeof buf) {
		va_start(ap, fmt);
		s = xvasprintf(fmt, ap);
		va_end(ap);
	}
	cols = ui_term_text(ui, w, y, x, width, style, s);
	if (s != buf)
		free(s);
	return cols;
}

/* A rule across the window at line y, with a title near its start. */
void
ui_term_rule(const struct ui *ui, WINDOW *w, int y, const char *title)
{
	const struct ui_style_attr	*sa = &ui->term.styles[UI_STYLE_RULE];
	wchar_t				 wc[2] = { ui->term.utf8 ?
					     L'\u2500' : L'-', L'\0' };
	cchar_t				 cc;
	int				 x;

	setcchar(&cc, wc, sa->attr, sa->pair, NULL);
	mvwhline_set(w, y, 0, &cc, getmaxx(w));
	if (title == NULL || *title == '\0')
		return;
	x = ui_term_text(ui, w, y, 2, getmaxx(w) - 4, UI_STYLE_TITLE, " ");
	x += ui_term_text(ui, w, y, 2 + x, getmaxx(w) - 4 - x, UI_STYLE_TITLE,
	    title);
	ui_term_text(ui, w, y, 2 + x, getmaxx(w) - 2 - x, UI_STYLE_TITLE, " ");
}

/* The separator between items on one line: a middle dot where it exists. */
const char *
ui_term_sep(const struct ui *ui)
{
	return ui->term.utf8 ? " \xc2\xb7 " : " - ";
}
