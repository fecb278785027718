/*
 * save.c - saves as text (save.h): formatting a game's journal with its
 * round-end hashes, parsing a save's header and body by line, and
 * replaying the body into a game, checking each hash on the way.
 *
 * No I/O: the text comes in and goes out as strings.  Line numbers count
 * from 1, as editors do; every message is "name:line: message".  A save
 * and a live game agree because both are the same commands executed on a
 * game made from the same scenario, seed and setup dice.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/util.h"

uint64_t
save_hash_bytes(const void *p, size_t n)
{
	const unsigned char	*b = p;
	uint64_t		 h = 14695981039346656037ull;

	while (n-- > 0) {
		h ^= *b++;
		h *= 1099511628211ull;
	}
	return h;
}

char *
save_format(const struct game *g, const char *map, uint64_t map_hash,
    const struct save_players *players)
{
	struct strbuf	 sb;
	const int	*dice;
	size_t		 n, i;
	int		 round;
	uint64_t	 hash;
	bool		 checked = false;
	char		*line;

	strbuf_init(&sb);
	strbuf_printf(&sb, "xtac-save %d\nmap %s\nmap-hash %016llx\n"
	    "seed %llu\n", SAVE_VERSION, map, (unsigned long long)map_hash,
	    (unsigned long long)game_seed(g));
	if (players != NULL) {
		strbuf_printf(&sb, "players %s=%s %s=%s",
		    side_names[SIDE_XCOM], control_names[players->control[
		    SIDE_XCOM]], side_names[SIDE_ALIEN], control_names[
		    players->control[SIDE_ALIEN]]);
		if (players->level[0] != '\0')
			strbuf_printf(&sb, " level=%s", players->level);
		strbuf_puts(&sb, "\n");
	}
	dice = game_setup_dice(g, &n);
	if (n > 0) {
		strbuf_puts(&sb, "setup-dice");
		for (i = 0; i < n; i++)
			strbuf_printf(&sb, " %d", dice[i]);
		strbuf_puts(&sb, "\n");
	}
	for (i = 0; i < game_journal_length(g); i++) {
		line = cmd_format(g, game_journal(g, i));
		strbuf_printf(&sb, "%s\n", line);
		free(line);
		if ((checked = game_journal_check(g, i, &round, &hash)))
			strbuf_printf(&sb, "hash %d %016llx\n", round,
			    (unsigned long long)hash);
	}
	/* The state as saved, unless the last line already says it. */
	if (!checked)
		strbuf_printf(&sb, "hash %d %016llx\n", game_round(g),
		    (unsigned long long)game_hash(g));
	return strbuf_steal(&sb);
}

/* --- parsing ---------------------------------------------------------- */

void
save_free(struct save *s)
{
	size_t	i;

	free(s->name);
	free(s->map);
	free(s->setup_dice);
	for (i = 0; i < s->nlines; i++)
		free(s->lines[i].text);
	free(s->lines);
	memset(s, 0, sizeof *s);
}

/* "hash ROUND HEX": the words checked, not the values. */
static int
save_parse_hash(const char *text, int *round, uint64_t *hash)
{
	char			*end;
	long			 r;
	unsigned long long	 h;
	const char		*p;

	if (strncmp(text, "hash ", 5) != 0)
		return -1;
	errno = 0;
	r = strtol(text + 5, &end, 10);
	if (end == text + 5 || *end != ' ' || errno != 0 || r < 0 ||
	    r > 1000000)
		return -1;
	p = end + 1;
	for (end = (char *)p; isxdigit((unsigned char)*end); end++)
		;
	if (end - p != 16 || *end != '\0')
		return -1;
	h = strtoull(p, NULL, 16);
	*round = (int)r;
	*hash = h;
	return 0;
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

/* The header keys, in the order a save writes them. */
enum save_key {
	SAVE_KEY_MAP,
	SAVE_KEY_MAP_HASH,
	SAVE_KEY_SEED,
	SAVE_KEY_SETUP_DICE,
	SAVE_KEY_PLAYERS,
	SAVE_KEY_COUNT
};
static const char *const save_keys[SAVE_KEY_COUNT] = {
	"map", "map-hash", "seed", "setup-dice", "players"
};

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

/* One header line after the first; 1 if it is not a header line. */
static int
save_header_line(struct save *s, const char *text, bool *seen,
    char **why)
{
	const char	*sp = strchr(text, ' '), *v;
	size_t		 klen = sp != NULL ? (size_t)(sp - text) : strlen(text);
	int		 k;
	char		*end;

	for (k = 0; k < SAVE_KEY_COUNT; k++)
		if (strlen(save_keys[k]) == klen &&
		    strncmp(text, save_keys[k], klen) == 0)
			break;
	if (k == SAVE_KEY_COUNT)
		return 1;
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
		for (end = (char *)v; isxdigit((unsigned char)*end); end++)
			;
		if (end - v != 16 || *end != '\0')
			return cause_set(why, "'map-hash' needs 16 hex digits, "
			    "not '%s'", v);
		s->map_hash = strtoull(v, NULL, 16);
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
save_body_line(struct save *s, size_t lineno, const char *text)
{
	s->lines = xreallocarray(s->lines, s->nlines + 1, sizeof *s->lines);
	s->lines[s->nlines].lineno = lineno;
	s->lines[s->nlines++].text = xstrdup(text);
}

/* Split off the next line: trailing blanks and a CR dropped. */
static int
save_next_line(const char **p, const char *end, char *buf, bool *last)
{
	const char	*nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t		 n = nl != NULL ? (size_t)(nl - *p) : (size_t)(end - *p);

	if (n >= SAVE_MAX_LINE)
		return -1;
	memcpy(buf, *p, n);
	while (n > 0 && (buf[n - 1] == '\r' || buf[n - 1] == ' ' ||
	    buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
	*p = nl != NULL ? nl + 1 : end;
	*last = *p == end;
	return 0;
}

int
save_parse(struct save *s, const char *name, const char *text, size_t len,
    char **cause)
{
	const char	*p = text, *end = text + len;
	char		*buf = xmalloc(SAVE_MAX_LINE), *why = NULL, *vend;
	bool		 seen[SAVE_KEY_COUNT] = { false }, header = true, last;
	size_t		 lineno = 0;
	int		 round, k;
	uint64_t	 hash;
	long		 v;

	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	if (memchr(text, '\0', len) != NULL) {
		cause_set(&why, "a NUL byte: this is not a save");
		lineno = 1;
		goto bad;
	}
	last = len == 0;
	while (!last) {
		lineno++;
		if (save_next_line(&p, end, buf, &last) != 0) {
			cause_set(&why, "a line longer than %d bytes",
			    SAVE_MAX_LINE - 1);
			goto bad;
		}
		if (buf[0] == '\0' || buf[0] == '#')
			continue;
		if (s->version == 0) {
			if (strncmp(buf, "xtac-save ", 10) != 0) {
				cause_set(&why, "not an xtac save (it starts "
				    "with 'xtac-save %d')", SAVE_VERSION);
				goto bad;
			}
			errno = 0;
			v = strtol(buf + 10, &vend, 10);
			if (*vend != '\0' || vend == buf + 10 || errno != 0 ||
			    v < 1) {
				cause_set(&why, "bad format version '%s'",
				    buf + 10);
				goto bad;
			}
			if (v != SAVE_VERSION) {
				cause_set(&why, "a save of format version %ld; "
				    "this xtac reads version %d", v,
				    SAVE_VERSION);
				goto bad;
			}
			s->version = (int)v;
			continue;
		}
		if (header) {
			k = save_header_line(s, buf, seen, &why);
			if (k < 0)
				goto bad;
			if (k == 0) {
				if (strncmp(buf, "map-hash", 8) == 0)
					s->map_hash_line = lineno;
				if (strncmp(buf, "players", 7) == 0)
					s->players_line = lineno;
				continue;
			}
			for (k = 0; k < SAVE_KEY_SETUP_DICE; k++)
				if (!seen[k]) {
					cause_set(&why, "the header has no "
					    "'%s' line before the commands",
					    save_keys[k]);
					goto bad;
				}
			header = false;
		}
		if (strncmp(buf, "hash", 4) == 0 && (buf[4] == ' ' ||
		    buf[4] == '\0') && save_parse_hash(buf, &round,
		    &hash) != 0) {
			cause_set(&why, "a hash line is 'hash ROUND HEX' with "
			    "16 hex digits");
			goto bad;
		}
		save_body_line(s, lineno, buf);
	}
	if (s->version == 0) {
		cause_set(&why, "empty: not an xtac save");
		lineno = lineno == 0 ? 1 : lineno;
		goto bad;
	}
	for (k = 0; k < SAVE_KEY_SETUP_DICE; k++)
		if (!seen[k]) {
			cause_set(&why, "the header has no '%s' line",
			    save_keys[k]);
			goto bad;
		}
	free(buf);
	return 0;
bad:
	cause_set(cause, "%s:%zu: %s", name, lineno, why);
	free(why);
	free(buf);
	save_free(s);
	return -1;
}

/* --- replaying ---------------------------------------------------------- */

/* The setup dice given back as the game sets up. */
struct save_setup {
	const int	*dice;
	size_t		 n;
	size_t		 next;
	size_t		 asked;
};

static int
save_setup_die(void *arg, int sides, const char *what)
{
	struct save_setup	*d = arg;

	(void)what;
	d->asked++;
	if (d->next >= d->n)
		return 1;	/* reported by save_new_game */
	return 1 + (d->dice[d->next++] - 1) % sides;
}

struct game *
save_new_game(const struct save *s, const struct scenario *sc,
    struct event_list *ev, char **cause)
{
	struct save_setup	 d = { s->setup_dice, s->nsetup_dice, 0, 0 };
	struct game		*g;

	if (s->nsetup_dice == 0)
		return game_new(sc, s->seed, ev);
	g = game_new_dice(sc, s->seed, save_setup_die, &d, ev);
	game_set_dice(g, NULL, NULL);
	if (d.asked != d.n) {
		game_free(g);
		cause_set(cause, "%s: the save has %zu setup dice; this map's "
		    "first round needs %zu", s->name, d.n, d.asked);
		return NULL;
	}
	return g;
}

int
save_replay(const struct save *s, struct game *g, struct event_list *ev,
    void (*each)(void *, const struct event_list *), void *arg,
    char **cause)
{
	const struct save_line	*l;
	struct command		 c;
	char			*why = NULL;
	const char		*reason;
	size_t			 i, k;
	int			 round;
	uint64_t		 hash, now;

	for (i = 0; i < s->nlines; i++) {
		l = &s->lines[i];
		if (save_parse_hash(l->text, &round, &hash) == 0) {
			now = game_hash(g);
			if (round == game_round(g) && hash == now)
				continue;
			return cause_set(cause, "%s:%zu: the game differs from "
			    "the save: the save has round %d hash %016llx, the "
			    "replay round %d hash %016llx", s->name,
			    l->lineno, round, (unsigned long long)hash,
			    game_round(g), (unsigned long long)now);
		}
		if (cmd_parse(g, l->text, &c, &why) != 0) {
			cause_set(cause, "%s:%zu: '%s': %s", s->name,
			    l->lineno, l->text, why);
			free(why);
			return -1;
		}
		if (game_execute(g, &c, ev) != 0) {
			reason = "refused";
			for (k = 0; k < ev->n; k++)
				if (ev->v[k].type == EV_ERROR &&
				    event_get(&ev->v[k], "reason") != NULL)
					reason = event_get(&ev->v[k],
					    "reason")->s;
			cause_set(cause, "%s:%zu: '%s' is refused: %s",
			    s->name, l->lineno, l->text, reason);
			event_list_clear(ev);
			return -1;
		}
		if (each != NULL)
			each(arg, ev);
		event_list_clear(ev);
	}
	return 0;
}
