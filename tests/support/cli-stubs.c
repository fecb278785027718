/*
 * cli-stubs.c - what the script protocol's code (src/cli/cmd-script.c)
 * needs of main.c, for the tests and fuzzers that link it without the
 * program: the usage messages, which none of them ever reaches.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

const struct cli_command *
cli_command_named(const char *name)
{
	(void)name;
	abort();
}

void
cli_usage(FILE *f, const struct cli_command *c)
{
	(void)f;
	(void)c;
	abort();
}

int
cli_usage_error(const char *name)
{
	(void)name;
	abort();
}
