/*
 * save.c - saves as text (save.h): formatting a game's journal with its
 * round-end hashes and the chain of sum lines, and replaying a parsed save
 * (save-parse.c) into a game, checking each hash on the way.
 *
 * No I/O: the text comes in and goes out as strings.  Line numbers count
 * from 1, as editors do; every message is "name:line: message".  A save
 * and a live game agree because both are the same commands executed on a
 * game made from the same scenario, seed and setup dice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xtac/rng.h"
#include "xtac/save.h"
#include "xtac/util.h"

uint64_t
save_hash_bytes(const void *p, size_t n)
{
	return save_chain(SAVE_CHAIN_START, p, n);
}

uint64_t
save_chain(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*b = p;

	while (n-- > 0) {
		h ^= *b++;
		h *= 1099511628211ull;
	}
	return h;
}

/* Close a record: "KEY N HEX", HEX the chain over all bytes before. */
static char *
save_seal(struct strbuf *sb, const char *key, size_t n, uint64_t *h)
{
	char	*line;

	if (sb->len > 0)
		*h = save_chain(*h, sb->data, sb->len);
	line = xasprintf("%s %zu %016llx\n", key, n, (unsigned long long)*h);
	*h = save_chain(*h, line, strlen(line));
	strbuf_puts(sb, line);
	free(line);
	return strbuf_steal(sb);
}

/*
 * Each squad the sides were bought from, whole: "squad SIDE LINES NAME",
 * then its lines, each after "|".  The squad loader refused any text a
 * line of a save cannot hold (save_squad_fits).
 */
static void
save_format_squads(struct strbuf *sb, const struct scenario *sc)
{
	const struct side_setup	*ss;
	const char		*p, *end, *nl;
	size_t			 lines;
	int			 side;

	for (side = 0; side < SIDE_COUNT; side++) {
		ss = &sc->sides[side];
		if (ss->squad_text == NULL)
			continue;
		end = ss->squad_text + ss->squad_len;
		lines = 0;
		for (p = ss->squad_text; p < end; p = nl + 1, lines++)
			if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
				nl = end;
		strbuf_printf(sb, "squad %s %zu %s\n", side_names[side], lines,
		    ss->squad_file);
		for (p = ss->squad_text; p < end; p = nl + 1) {
			if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
				nl = end;
			strbuf_printf(sb, "|%s%.*s\n", nl > p ? " " : "",
			    (int)(nl - p), p);
		}
	}
}

bool
save_squad_fits(const char *text, size_t len, const char **why)
{
	const char	*p, *end = text + len, *nl;

	if (len > SAVE_SQUAD_MAX) {
		*why = "it is larger than a save records (256 KiB)";
		return false;
	}
	if (memchr(text, '\0', len) != NULL) {
		*why = "it holds a NUL byte";
		return false;
	}
	for (p = text; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if ((size_t)(nl - p) > SAVE_MAX_LINE - 8) {
			*why = "a line is longer than a save records (4088 "
			    "bytes)";
			return false;
		}
	}
	return true;
}

char *
save_format_header(const struct game *g, const char *map, uint64_t map_hash,
    const struct save_players *players, uint64_t *h)
{
	struct strbuf	 sb;
	const int	*dice;
	size_t		 n, i;

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
	save_format_squads(&sb, game_scenario(g));
	return save_seal(&sb, "sum", 0, h);
}

char *
save_format_records(const struct game *g, size_t from, size_t to,
    uint64_t *h)
{
	struct strbuf	 sb, rec;
	size_t		 i;
	int		 round;
	uint64_t	 hash;
	char		*line;

	strbuf_init(&sb);
	for (i = from; i < to; i++) {
		strbuf_init(&rec);
		line = cmd_format(g, game_journal(g, i));
		strbuf_printf(&rec, "%s\n", line);
		free(line);
		if (game_journal_check(g, i, &round, &hash))
			strbuf_printf(&rec, "hash %d %016llx\n", round,
			    (unsigned long long)hash);
		line = save_seal(&rec, "sum", i + 1, h);
		strbuf_puts(&sb, line);
		free(line);
	}
	return strbuf_steal(&sb);
}

char *
save_format_end(const struct game *g, uint64_t *h)
{
	struct strbuf	sb;
	size_t		n = game_journal_length(g);
	int		round;
	uint64_t	hash;

	strbuf_init(&sb);
	/* The state as saved, unless the last record already says it. */
	if (n == 0 || !game_journal_check(g, n - 1, &round, &hash))
		strbuf_printf(&sb, "hash %d %016llx\n", game_round(g),
		    (unsigned long long)game_hash(g));
	return save_seal(&sb, "end", n, h);
}

char *
save_format(const struct game *g, const char *map, uint64_t map_hash,
    const struct save_players *players)
{
	uint64_t	 h = SAVE_CHAIN_START;
	char		*head, *body, *end, *text;

	head = save_format_header(g, map, map_hash, players, &h);
	body = save_format_records(g, 0, game_journal_length(g), &h);
	end = save_format_end(g, &h);
	text = xasprintf("%s%s%s", head, body, end);
	free(head);
	free(body);
	free(end);
	return text;
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
	/*
	 * Too few: reported by save_new_game.  Meanwhile a die that never
	 * repeats, so a tie re-rolled with it ends (a constant would tie
	 * for ever).
	 */
	if (d->next >= d->n)
		return 1 + (int)((d->asked - d->n) % (size_t)sides);
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
		if (save_hash_line(l->text, &round, &hash) == 0) {
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
