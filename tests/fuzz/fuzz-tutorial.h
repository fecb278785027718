/*
 * fuzz-tutorial.h - what the save and script harnesses share: the unit
 * catalog and the tutorial scenario, loaded once when the fuzzer starts
 * (libFuzzer's interface gives no state argument, so they live in
 * statics of fuzz-tutorial.c).  Aborts if the shipped files do not load.
 */
#ifndef FUZZ_TUTORIAL_H
#define FUZZ_TUTORIAL_H

#include "xtac/load.h"

void			 fuzz_tutorial_load(void);
const struct catalog	*fuzz_tutorial_catalog(void);
struct scenario		*fuzz_tutorial_scenario(void);

#endif
