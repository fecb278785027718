/*
 * save-parse.c - reading a save's text (save.h): the header, the body by
 * line and, for version 2, the chain of sum lines that proves every byte
 * before each of them is as written.
 *
 * The parser is fed pieces of any size, so a file is read in bounded
 * memory (one line held, the body's lines kept in one arena) and stops at
 * its first error.  The chain runs over the raw bytes, carriage returns and
 * trailing blanks included; the lines are read with those dropped.
 *
 * A version 2 journal keeps only its whole records: lines after the last
 * sum line (a record being written when the game was killed, or a line cut
 * by a power cut) are reported as lost, never read as commands.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/util.h"

/* The header keys, in the order a save writes them. */
enum save_key {
	SAVE_KEY_MAP,
	SAVE_KEY_MAP_HASH,
	SAVE_KEY_SEED,
	SAVE_KEY_SETUP_DICE,
	SAVE_KEY_PLAYERS,
	SAVE_KEY_SQUAD,		/* once a side, so not in seen[] */
	SAVE_KEY_COUNT
};
static const char *const save_keys[SAVE_KEY_COUNT] = {
	"map", "map-hash", "seed", "setup-dice", "players", "squad"
};

struct save_parser {
	char		 line[SAVE_MAX_LINE];
	size_t		 len;		/* bytes of the line so far */
	size_t		 lineno;
	bool		 seen[SAVE_KEY_COUNT];
	bool		 header;	/* still in the header */
	uint64_t	 chain;		/* over every byte before this line */
	struct save_squad *squad;	/* whose lines come, or NULL */
	struct strbuf	 squad_text;
	struct strbuf	 arena;		/* the body's lines, NUL after each */
	size_t		*offs;		/* per line: its number, its place
					   in the arena */
	size_t		 noffs;

	/* The last whole record (version 2). */
	bool		 sealed;	/* sum 0 seen: the header is whole */
	size_t		 c_nlines;
	size_t		 c_entries;
	size_t		 c_arena;
	size_t		 entries;	/* entries read, sealed or not */
};

void
save_free(struct save *s)
{
	int	side;

	if (s->parser != NULL) {
		strbuf_free(&s->parser->squad_text);
		strbuf_free(&s->parser->arena);
		free(s->parser->offs);
		free(s->parser);
	}
	free(s->name);
	free(s->map);
	free(s->map_file);
	free(s->setup_dice);
	free(s->lines);
	free(s->arena);
	free(s->lost_text);
	for (side = 0; side < SIDE_COUNT; side++) {
		free(s->squads[side].file);
		free(s->squads[side].text);
	}
	memset(s, 0, sizeof *s);
}

/* 16 hex digits as xtac writes them (lower case), nothing after. */
static int
save_hex16(const char *p, uint64_t *v)
{
	const char	*end;

	for (end = p; isdigit((unsigned char)*end) || (*end >= 'a' &&
	    *end <= 'f'); end++)
		;
	if (end - p != 16 || *end != '\0')
		return -1;
	*v = strtoull(p, NULL, 16);
	return 0;
}

int
save_hash_line(const char *text, int *round, uint64_t *hash)
{
	char		*end;
	long		 r;

	if (strncmp(text, "hash ", 5) != 0 || !isdigit((unsigned char)
	    text[5]))
		return -1;
	errno = 0;
	r = strtol(text + 5, &end, 10);
	if (*end != ' ' || errno != 0 || r < 0 || r > 1000000)
		return -1;
	if (save_hex16(end + 1, hash) != 0)
		return -1;
	*round = (int)r;
	return 0;
}

/* "sum N HEX" or "end N HEX" (key given): 0 and the values, or -1. */
static int
save_seal_line(const char *text, const char *key, size_t *n, uint64_t *h)
{
	size_t			 klen = strlen(key);
	char			*end;
	unsigned long long	 v;

	if (strncmp(text, key, klen) != 0 || text[klen] != ' ' ||
	    !isdigit((unsigned char)text[klen + 1]))
		return -1;
	errno = 0;
	v = strtoull(text + klen + 1, &end, 10);
	if (*end != ' ' || errno != 0 || v > SAVE_MAX_BYTES)
		return -1;
	*n = (size_t)v;
	return save_hex16(end + 1, h);
}

static int
save_parse_dice(struct save *s, const char *text)
{
	char	*end;
	long	 v;

	while (*text != '\0') {
		while (*text == ' ')
			text++;
		if (*text == '\0')
			break;
		errno = 0;
		v = strtol(text, &end, 10);
		if (end == text || (*end != ' ' && *end != '\0') ||
		    errno != 0 || v < 1 || v > 100 || s->nsetup_dice >= 64)
			return -1;
		s->setup_dice = xreallocarray(s->setup_dice,
		    s->nsetup_dice + 1, sizeof *s->setup_dice);
		s->setup_dice[s->nsetup_dice++] = (int)v;
		text = end;
	}
	return s->nsetup_dice > 0 ? 0 : -1;
}

/* "xcom=human alien=ai level=normal": every word known, each side once. */
static int
save_parse_players(struct save *s, const char *v)
{
	char	*copy = xstrdup(v), *word, *last = NULL, *eq;
	bool	 side_seen[SIDE_COUNT] = { false }, level_seen = false;
	size_t	 n;
	int	 i, rc = 0;

	for (i = 0; i < SIDE_COUNT; i++)
		s->players.control[i] = CONTROL_HUMAN;
	s->players.control[SIDE_CIVILIAN] = CONTROL_ENGINE;
	s->players.level[0] = '\0';	/* none given: the client's own */
	for (word = strtok_r(copy, " ", &last); word != NULL && rc == 0;
	    word = strtok_r(NULL, " ", &last)) {
		if ((eq = strchr(word, '=')) == NULL) {
			rc = -1;
			break;
		}
		*eq++ = '\0';
		if (strcmp(word, "level") == 0) {
			n = strspn(eq, "abcdefghijklmnopqrstuvwxyz");
			if (n == 0 || eq[n] != '\0' || n >= SAVE_LEVEL_MAX ||
			    level_seen)
				rc = -1;
			else
				memcpy(s->players.level, eq, n + 1);
			level_seen = true;
			continue;
		}
		for (i = 0; i < SIDE_CIVILIAN; i++)
			if (strcmp(word, side_names[i]) == 0)
				break;
		if (i == SIDE_CIVILIAN || side_seen[i]) {
			rc = -1;
			break;
		}
		side_seen[i] = true;
		if (strcmp(eq, control_names[CONTROL_HUMAN]) == 0)
			s->players.control[i] = CONTROL_HUMAN;
		else if (strcmp(eq, control_names[CONTROL_AI]) == 0)
			s->players.control[i] = CONTROL_AI;
		else
			rc = -1;
	}
	free(copy);
	s->has_players = rc == 0;
	return rc;
}

/* "squad SIDE LINES NAME" (version 3): its lines come next. */
static int
save_parse_squad(struct save *s, const char *v, char **why)
{
	struct save_parser	*p = s->parser;
	const char		*sp = strchr(v, ' ');
	char			*end;
	unsigned long		 n;
	int			 side;

	if (s->version < 3)
		return cause_set(why, "'squad' lines are version 3's; this "
		    "save is version %d", s->version);
	for (side = 0; sp != NULL && side < SIDE_CIVILIAN; side++)
		if (strlen(side_names[side]) == (size_t)(sp - v) &&
		    strncmp(v, side_names[side], (size_t)(sp - v)) == 0)
			break;
	if (sp == NULL || side == SIDE_CIVILIAN || !isdigit((unsigned char)
	    sp[1]))
		return cause_set(why, "'squad' is 'squad SIDE LINES FILE', "
		    "SIDE xcom or alien, not '%s'", v);
	errno = 0;
	n = strtoul(sp + 1, &end, 10);
	if (*end != ' ' || end[1] == '\0' || errno != 0 ||
	    n > SAVE_SQUAD_MAX)
		return cause_set(why, "'squad' is 'squad SIDE LINES FILE', "
		    "not '%s'", v);
	if (s->squads[side].file != NULL)
		return cause_set(why, "a second squad for %s",
		    side_names[side]);
	s->squads[side].file = xstrdup(end + 1);
	s->squads[side].line = p->lineno;
	s->squads[side].lines = n;
	strbuf_init(&p->squad_text);
	p->squad = &s->squads[side];
	if (n == 0) {
		s->squads[side].text = xstrdup("");
		p->squad = NULL;
	}
	return 0;
}

/* One line of the squad being read: "| TEXT", or "|" when empty. */
static int
save_squad_line(struct save *s, const char *text, char **why)
{
	struct save_parser	*p = s->parser;
	struct save_squad	*sq = p->squad;

	if (text[0] != '|' || (text[1] != ' ' && text[1] != '\0'))
		return cause_set(why, "the squad of line %zu has %zu lines "
		    "more, each after '| ', not '%s'", sq->line, sq->lines,
		    text);
	strbuf_printf(&p->squad_text, "%s\n", text[1] == ' ' ? text + 2 :
	    "");
	if (p->squad_text.len > SAVE_SQUAD_MAX)
		return cause_set(why, "the squad of line %zu is larger than a "
		    "save records (256 KiB)", sq->line);
	if (--sq->lines == 0) {
		sq->len = p->squad_text.len;
		sq->text = strbuf_steal(&p->squad_text);
		p->squad = NULL;
	}
	return 0;
}

/* One header line after the first; 1 if it is not a header line. */
static int
save_header_line(struct save *s, const char *text, bool *seen,
    char **why)
{
	const char	*sp = strchr(text, ' '), *v;
	size_t		 klen = sp != NULL ? (size_t)(sp - text) : strlen(text);
	int		 k;

	for (k = 0; k < SAVE_KEY_COUNT; k++)
		if (strlen(save_keys[k]) == klen &&
		    strncmp(text, save_keys[k], klen) == 0)
			break;
	if (k == SAVE_KEY_COUNT)
		return 1;
	if (k == SAVE_KEY_SQUAD)
		return save_parse_squad(s, sp != NULL ? sp + 1 : "", why);
	if (seen[k])
		return cause_set(why, "a second '%s' line", save_keys[k]);
	seen[k] = true;
	v = sp != NULL ? sp + 1 : "";
	switch (k) {
	case SAVE_KEY_MAP:
		if (*v == '\0')
			return cause_set(why, "'map' needs the map's path");
		s->map = xstrdup(v);
		break;
	case SAVE_KEY_MAP_HASH:
		if (save_hex16(v, &s->map_hash) != 0)
			return cause_set(why, "'map-hash' needs 16 hex digits, "
			    "not '%s'", v);
		break;
	case SAVE_KEY_SEED:
		if (rng_parse_seed(v, &s->seed) != 0)
			return cause_set(why, "bad seed '%s' (a whole number, "
			    "or 0x hex)", v);
		break;
	case SAVE_KEY_SETUP_DICE:
		if (save_parse_dice(s, v) != 0)
			return cause_set(why, "'setup-dice' needs 1 to 64 "
			    "dice, each 1 to 100");
		break;
	case SAVE_KEY_PLAYERS:
		if (save_parse_players(s, v) != 0)
			return cause_set(why, "'players' needs words like "
			    "xcom=human alien=ai level=normal, not '%s'", v);
		break;
	}
	return 0;
}

static void
save_body_line(struct save *s, const char *text)
{
	struct save_parser	*p = s->parser;

	p->offs = xreallocarray(p->offs, p->noffs + 1, 2 * sizeof *p->offs);
	p->offs[2 * p->noffs] = p->lineno;
	p->offs[2 * p->noffs + 1] = p->arena.len;
	p->noffs++;
	strbuf_add(&p->arena, text, strlen(text) + 1);
}

/* The header's keys that must come before the body. */
static int
save_header_whole(const struct save *s, const char *where, char **why)
{
	int	k;

	for (k = 0; k < SAVE_KEY_SETUP_DICE; k++)
		if (!s->parser->seen[k])
			return cause_set(why, "the header has no '%s' line%s",
			    save_keys[k], where);
	return 0;
}

/* The first line: "xtac-save N". */
static int
save_version_line(struct save *s, const char *buf, char **why)
{
	char	*vend;
	long	 v;

	if (strncmp(buf, "xtac-save ", 10) != 0)
		return cause_set(why, "not an xtac save (it starts with "
		    "'xtac-save %d')", SAVE_VERSION);
	errno = 0;
	v = strtol(buf + 10, &vend, 10);
	if (*vend != '\0' || vend == buf + 10 || errno != 0 || v < 1)
		return cause_set(why, "bad format version '%s'", buf + 10);
	if (v > SAVE_VERSION)
		return cause_set(why, "a save of format version %ld; this "
		    "xtac reads versions 1 to %d", v, SAVE_VERSION);
	s->version = (int)v;
	return 0;
}

/*
 * A sum or end line of version 2: it must count the entries before it and
 * carry the chain of every byte before it.
 */
static int
save_seal(struct save *s, const char *key, size_t n, uint64_t h,
    uint64_t before, char **why)
{
	struct save_parser	*p = s->parser;

	if (h != before)
		return cause_set(why, "the integrity check fails: the save "
		    "was changed or damaged at or before this line (its %s "
		    "line says %016llx, the bytes give %016llx)", key,
		    (unsigned long long)h, (unsigned long long)before);
	if (n != p->entries)
		return cause_set(why, "the %s line counts %zu commands; %zu "
		    "came before it", key, n, p->entries);
	if (!p->sealed && save_header_whole(s, "", why) != 0)
		return -1;
	if (p->squad != NULL)
		return cause_set(why, "the squad of line %zu is cut short: %zu "
		    "of its lines are missing", p->squad->line,
		    p->squad->lines);
	p->sealed = true;
	p->header = false;
	p->c_nlines = p->noffs;
	p->c_entries = p->entries;
	p->c_arena = p->arena.len;
	free(s->lost_text);
	s->lost_text = NULL;
	s->lost_line = 0;
	s->lost_lines = 0;
	s->lost_cut = false;
	return 0;
}

/* Note a line that is not (yet) part of a whole record. */
static void
save_tail(struct save *s, const char *text, bool cut)
{
	if (s->lost_lines++ == 0) {
		s->lost_line = s->parser->lineno;
		s->lost_text = xstrdup(text);
	}
	s->lost_cut = cut;
}

/* One line (raw: n bytes, with its newline if nl); 0 or -1 and *why. */
static int
save_line(struct save *s, const char *raw, size_t n, bool nl, char **why)
{
	struct save_parser	*p = s->parser;
	char			 buf[SAVE_MAX_LINE];
	size_t			 len = n - (nl ? 1 : 0), count;
	uint64_t		 before = p->chain, h;
	int			 round, k;

	p->lineno++;
	p->chain = save_chain(p->chain, raw, n);
	if (memchr(raw, '\0', n) != NULL)
		return cause_set(why, "a NUL byte: this is not a save");
	memcpy(buf, raw, len);
	while (len > 0 && (buf[len - 1] == '\r' || buf[len - 1] == ' ' ||
	    buf[len - 1] == '\t'))
		len--;
	buf[len] = '\0';
	if (s->version == 0) {
		if (buf[0] == '\0' || buf[0] == '#')
			return 0;
		if (!nl && strncmp(buf, "xtac-save",
		    strlen(buf)) == 0)
			return cause_set(why, "cut short in its first line: "
			    "not a whole save");
		return save_version_line(s, buf, why);
	}
	if (s->ended)
		return cause_set(why, "text after the end line");
	if (s->version >= 2) {
		if (!nl) {
			/* A line cut short: lost, whatever it says. */
			save_tail(s, buf, true);
			return 0;
		}
		if (save_seal_line(buf, "sum", &count, &h) == 0)
			return save_seal(s, "sum", count, h, before, why);
		if (save_seal_line(buf, "end", &count, &h) == 0) {
			if (save_seal(s, "end", count, h, before, why) != 0)
				return -1;
			s->ended = true;
			return 0;
		}
		if (strncmp(buf, "sum ", 4) == 0 || strncmp(buf, "end ",
		    4) == 0)
			return cause_set(why, "a %.3s line is '%.3s N HEX' "
			    "with 16 hex digits", buf, buf);
		save_tail(s, buf, false);
	} else if (!nl)
		return cause_set(why, "cut short inside this line ('%s'): "
		    "the save is incomplete", buf);
	if (buf[0] == '\0' || buf[0] == '#')
		return 0;
	if (p->header && p->squad != NULL)
		return save_squad_line(s, buf, why);
	if (p->header) {
		k = save_header_line(s, buf, p->seen, why);
		if (k < 0)
			return -1;
		if (k == 0) {
			if (strncmp(buf, "map-hash", 8) == 0)
				s->map_hash_line = p->lineno;
			if (strncmp(buf, "players", 7) == 0)
				s->players_line = p->lineno;
			return 0;
		}
		if (s->version >= 2)
			return cause_set(why, "'%s' in the header (its sum 0 "
			    "line ends it)", buf);
		if (save_header_whole(s, " before the commands", why) != 0)
			return -1;
		p->header = false;
	}
	if (strncmp(buf, "hash", 4) == 0 && (buf[4] == ' ' ||
	    buf[4] == '\0')) {
		if (save_hash_line(buf, &round, &h) != 0)
			return cause_set(why, "a hash line is 'hash ROUND HEX' "
			    "with 16 hex digits");
	} else
		p->entries++;
	save_body_line(s, buf);
	return 0;
}

void
save_parse_begin(struct save *s, const char *name)
{
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->parser = xcalloc(1, sizeof *s->parser);
	s->parser->header = true;
	s->parser->chain = SAVE_CHAIN_START;
	strbuf_init(&s->parser->squad_text);
	strbuf_init(&s->parser->arena);
}

static int
save_parse_fail(struct save *s, char *why, char **cause)
{
	size_t	lineno = s->parser->lineno;

	cause_set(cause, "%s:%zu: %s", s->name, lineno > 0 ? lineno : 1,
	    why);
	free(why);
	save_free(s);
	return -1;
}

int
save_parse_feed(struct save *s, const char *data, size_t n, char **cause)
{
	struct save_parser	*p = s->parser;
	const char		*nl;
	size_t			 take;
	char			*why = NULL;

	while (n > 0) {
		nl = memchr(data, '\n', n);
		take = nl != NULL ? (size_t)(nl - data) + 1 : n;
		if (p->len + take > SAVE_MAX_LINE - 1 + (nl != NULL)) {
			p->lineno++;
			cause_set(&why, "a line longer than %d bytes",
			    SAVE_MAX_LINE - 1);
			return save_parse_fail(s, why, cause);
		}
		memcpy(p->line + p->len, data, take);
		p->len += take;
		data += take;
		n -= take;
		if (nl == NULL)
			break;
		if (save_line(s, p->line, p->len, true, &why) != 0)
			return save_parse_fail(s, why, cause);
		p->len = 0;
	}
	return 0;
}

int
save_parse_finish(struct save *s, char **cause)
{
	struct save_parser	*p = s->parser;
	char			*why = NULL;
	size_t			 i, nlines;

	if (p->len > 0 && save_line(s, p->line, p->len, false, &why) != 0)
		return save_parse_fail(s, why, cause);
	if (s->version == 0)
		return save_parse_fail(s, xstrdup("empty: not an xtac save"),
		    cause);
	if (s->version == 1) {
		if (save_header_whole(s, "", &why) != 0)
			return save_parse_fail(s, why, cause);
		/* Version 1 ends with the state's hash: a cut shows. */
		if (p->noffs == 0 || strncmp(p->arena.data + p->offs[2 *
		    (p->noffs - 1) + 1], "hash ", 5) != 0)
			return save_parse_fail(s, xstrdup("the save ends "
			    "without its final hash line: it was cut short"),
			    cause);
		nlines = p->noffs;
		s->entries = p->entries;
	} else {
		if (!p->sealed)
			return save_parse_fail(s, xstrdup("cut short in its "
			    "header (no 'sum 0' line): not a whole save"),
			    cause);
		nlines = p->c_nlines;
		s->entries = p->c_entries;
		s->interrupted = !s->ended;
		p->arena.len = p->c_arena;
	}
	s->arena = strbuf_steal(&p->arena);
	s->lines = xcalloc(nlines + 1, sizeof *s->lines);
	for (i = 0; i < nlines; i++) {
		s->lines[i].lineno = p->offs[2 * i];
		s->lines[i].text = s->arena + p->offs[2 * i + 1];
	}
	s->nlines = nlines;
	strbuf_free(&p->squad_text);
	free(p->offs);
	free(p);
	s->parser = NULL;
	return 0;
}

int
save_parse(struct save *s, const char *name, const char *text, size_t len,
    char **cause)
{
	save_parse_begin(s, name);
	if (save_parse_feed(s, text, len, cause) != 0)
		return -1;
	return save_parse_finish(s, cause);
}

char *
save_lost(const struct save *s)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	strbuf_printf(&sb, "%s:%zu: an interrupted game (no end line): %zu "
	    "command%s recovered", s->name, s->lost_line > 0 ? s->lost_line :
	    (s->nlines > 0 ? s->lines[s->nlines - 1].lineno + 1 : 1),
	    s->entries, s->entries == 1 ? "" : "s");
	if (s->lost_lines > 0)
		strbuf_printf(&sb, "; lost after the last whole record: %zu "
		    "line%s from line %zu ('%s'%s)", s->lost_lines,
		    s->lost_lines == 1 ? "" : "s", s->lost_line,
		    s->lost_text, !s->lost_cut ? "" : s->lost_lines == 1 ?
		    ", cut short" : "; the last cut short");
	return strbuf_steal(&sb);
}
