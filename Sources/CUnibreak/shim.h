// libunibreak: Unicode line breaking (UAX #14). Segue asks it where a line may break and breaks
// greedily on HarfBuzz's advances; no line-breaking rule is written by hand.
#ifndef SEGUE_CUNIBREAK_SHIM_H
#define SEGUE_CUNIBREAK_SHIM_H
#include <stddef.h>
#include <linebreak.h>

static inline char segue_linebreak_must(void) { return LINEBREAK_MUSTBREAK; }
static inline char segue_linebreak_allow(void) { return LINEBREAK_ALLOWBREAK; }
#endif
