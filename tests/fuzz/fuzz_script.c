/*
 * fuzz_script.c - libFuzzer harness for the `xtac script` command line:
 * any bytes in, as lines of commands and queries on a game of the tutorial
 * (a fresh one each input), the events printed to /dev/null; never a
 * crash, a leak, a hang or a sanitizer report out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fuzz-tutorial.h"
#include "xtac/load.h"
#include "xtac/util.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	fuzz_tutorial_load();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct event_list	 ev;
	struct game		*g;
	char			*text, *line, *next;

	/* Lines as xtac script reads them: at most 4095 bytes, no NUL. */
	if (size > 65536 || memchr(data, '\0', size) != NULL)
		return 0;
	text = xstrndup((const char *)data, size);
	event_list_init(&ev);
	g = game_new(fuzz_tutorial_scenario(), 1, &ev);
	event_list_clear(&ev);
	for (line = text; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (strlen(line) < 4096)
			cli_script_line(g, line, &ev);
		event_list_clear(&ev);
	}
	game_free(g);
	event_list_free(&ev);
	free(text);
	return 0;
}
