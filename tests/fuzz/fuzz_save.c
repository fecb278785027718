/*
 * fuzz_save.c - libFuzzer harness for the save reader: any bytes in, read
 * whole and a few bytes at a time (the two must agree), then replayed into
 * a game of the tutorial; never a crash, a leak, a hang or a sanitizer
 * report out.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-tutorial.h"
#include "xtac/load.h"
#include "xtac/save.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_tutorial_load();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct save		 s, t;
	struct game		*g;
	struct event_list	 ev;
	char			*cause = NULL, *lost;
	size_t			 i, step;
	int			 whole, pieces = 0;

	whole = save_parse(&s, "fuzz.save", (const char *)data, size, &cause);
	free(cause);
	cause = NULL;
	/* Fed in pieces of a size the input picks: the same answer. */
	step = size > 0 ? 1 + data[0] % 7 : 1;
	save_parse_begin(&t, "fuzz.save");
	for (i = 0; i < size && pieces == 0; i += step)
		pieces = save_parse_feed(&t, (const char *)data + i,
		    size - i < step ? size - i : step, &cause);
	if (pieces == 0)
		pieces = save_parse_finish(&t, &cause);
	free(cause);
	cause = NULL;
	if ((whole == 0) != (pieces == 0))
		abort();
	if (pieces == 0) {
		if (t.nlines != s.nlines || t.entries != s.entries ||
		    t.interrupted != s.interrupted)
			abort();
		save_free(&t);
	}
	if (whole != 0)
		return 0;
	if (s.interrupted) {
		lost = save_lost(&s);
		free(lost);
	}
	event_list_init(&ev);
	if ((g = save_new_game(&s, fuzz_tutorial_scenario(), &ev,
	    &cause)) != NULL)
		save_replay(&s, g, &ev, NULL, NULL, &cause);
	free(cause);
	game_free(g);
	event_list_free(&ev);
	save_free(&s);
	return 0;
}
