/*
 * fuzz_serve.c - libFuzzer harness for the game server's side of its
 * connections (serve-game.c): the handshake and the command lines of
 * three clients at once, any bytes, on a game of the tutorial (a fresh
 * one each input).  The input is a run of records: a byte whose low two
 * bits pick a connection (3: the next record's connection drops and a new
 * one takes its place), a length byte, and that many bytes the client
 * sends (a seat taken with a screen takes raw bytes after it); with a
 * first byte 0xff the game has manual dice.  Never a
 * crash, a leak, a hang or a sanitizer report out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-tutorial.h"
#include "serve.h"
#include "xtac/util.h"

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

#define FUZZ_CONNS	3

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The seeds' tokens (tests/fuzz/seeds-serve). */
	char			 tokens[SERVE_SEATS][SERVE_TOKEN + 1] = {
		"0123456789abcdef0123456789abcdef",
		"fedcba9876543210fedcba9876543210",
		"00000000000000000000000000000001",
	};
	bool			 computer[SIDE_COUNT] = { false, false, true };
	struct serve		 sv;
	struct serve_conn	 cn[FUZZ_CONNS];
	size_t			 i = 0, n;
	int			 c, k, drop = 0, records = 0;

	if (size > 65536)
		return 0;
	serve_init(&sv, tokens, computer);
	/*
	 * A first byte 0xff: manual dice, asked of the seats.  Each line is
	 * then tried in a child process (fork): such inputs are rare and
	 * short, so the rest of the fuzzing keeps its pace.
	 */
	sv.manual = size > 0 && data[0] == 0xff;
	sv.sc.g = game_new(fuzz_tutorial_scenario(), 1, &sv.sc.ev);
	script_flush(&sv.sc);
	serve_start(&sv);
	for (k = 0; k < FUZZ_CONNS; k++)
		serve_conn_init(&cn[k], -1);
	while (i + 2 <= size && (!sv.manual || records++ < 12)) {
		c = data[i] & 3;
		n = data[i + 1];
		i += 2;
		if (c == 3) {
			drop = 1;
			continue;
		}
		if (n > size - i)
			n = size - i;
		if (drop || cn[c].closing || cn[c].dead) {
			serve_conn_gone(&sv, &cn[c]);
			serve_conn_free(&cn[c]);
			serve_conn_init(&cn[c], -1);
			drop = 0;
		}
		serve_conn_input(&sv, &cn[c], (const char *)data + i, n);
		/* What a client does not read is not kept forever. */
		if (serve_buf_len(&cn[c].out) > 1 << 20)
			serve_buf_take(&cn[c].out, serve_buf_len(&cn[c].out));
		i += n;
	}
	for (k = 0; k < FUZZ_CONNS; k++) {
		serve_conn_gone(&sv, &cn[k]);
		serve_conn_free(&cn[k]);
	}
	game_free(sv.sc.g);
	serve_free(&sv);
	return 0;
}
