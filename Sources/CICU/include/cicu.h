// ICU for text layout: line breaks (UAX #14), grapheme clusters (UAX #29) and bidi (UAX #9),
// the algorithms CoreText and Android's minikin take from ICU too. Plain C types only, so Swift
// sees these functions and never ICU's version-renamed symbols. Text is passed as Unicode scalars
// (UTF-32); every per-character output is indexed by scalar. A return below 0 is an ICU failure:
// its error name is written to `error` (at most `errorSize` bytes, NUL-terminated).
#ifndef SEGUE_CICU_H
#define SEGUE_CICU_H
#include <stddef.h>
#include <stdint.h>

/// Line breaks of `s` (the whole text): `breakAfter[i]` is 0 (none), 1 (a line may break
/// between scalar i and i + 1) or 2 (a mandatory break there). Returns 0, or -1 on failure.
int32_t segue_icu_line_breaks(const uint32_t *s, int32_t n, uint8_t *breakAfter, char *error, size_t errorSize);

/// Grapheme cluster boundaries (extended, UAX #29): `starts[i]` is 1 when a cluster starts at
/// scalar i; `starts` holds n + 1 entries (`starts[n]` is 1). Returns 0, or -1 on failure.
int32_t segue_icu_grapheme_starts(const uint32_t *s, int32_t n, uint8_t *starts, char *error, size_t errorSize);

/// The embedding levels of one paragraph (UAX #9 up to rule I2; no line-end rule L1):
/// `paraLevel` 0 left-to-right, 1 right-to-left, -1 from the first strong character (P2, P3;
/// left-to-right when there is none), -2 the same but right-to-left when there is none. Returns the paragraph's level (0 or 1), or -1 on failure.
int32_t segue_icu_bidi_levels(const uint32_t *s, int32_t n, int32_t paraLevel, uint8_t *levels, char *error, size_t errorSize);

/// Rule L1 for one line [0, n) of a paragraph at `paraLevel`: trailing whitespace and isolate
/// formatting characters, and those before a tab or segment separator, go back to the paragraph
/// level (in place, on `levels`).
void segue_icu_bidi_line_levels(const uint32_t *s, int32_t n, uint8_t paraLevel, uint8_t *levels);

/// Rule L2 on a line's levels: `visualToLogical[v]` is the logical index shown at visual position
/// v (n entries). Returns 0, or -1 when a level is out of range.
int32_t segue_icu_reorder_visual(const uint8_t *levels, int32_t n, int32_t *visualToLogical);

/// ICU's own visual order of line [lineStart, lineEnd) of a paragraph (ubidi_setPara, then
/// ubidi_setLine, then ubidi_getVisualMap): the independent reference tests compare layout with.
/// `visualToLogical` gets lineEnd - lineStart entries, indices from lineStart. Returns 0, or -1
/// on failure.
int32_t segue_icu_reference_visual_map(const uint32_t *s, int32_t n, int32_t paraLevel, int32_t lineStart,
                                       int32_t lineEnd, int32_t *visualToLogical, char *error, size_t errorSize);

/// The Unicode script of a scalar (ICU's UScriptCode: 0 Common, 1 Inherited, others a script).
int32_t segue_icu_script(uint32_t c);

/// A script's ISO 15924 code ("Arab") and its Unicode long name ("Arabic", "Canadian_Aboriginal");
/// "" for an unknown code. The strings are ICU's own constants.
const char *segue_icu_script_code(int32_t script);
const char *segue_icu_script_name(int32_t script);

/// A character typical of a script (ICU's sample string's first), to ask fontconfig for a face
/// that covers the script; 0 when ICU has none.
uint32_t segue_icu_script_sample(int32_t script);

/// ICU's version ("72.1"), for diagnostics.
const char *segue_icu_version(void);
#endif
