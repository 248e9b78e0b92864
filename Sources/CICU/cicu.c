// ICU's break iterators and bidi behind plain C functions (see cicu.h). ICU works on UTF-16;
// each call converts the scalars once and maps UTF-16 offsets back to scalar indices, so every
// call is linear in the text's length.
#include "cicu.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/uversion.h>

/// The text as UTF-16 and, per UTF-16 unit (and one past the end), the index of its scalar.
typedef struct { UChar *units; int32_t *scalarAt; int32_t length; } Utf16;

static void fail(char *error, size_t size, const char *call, UErrorCode code) {
    if (error && size > 0) snprintf(error, size, "%s: %s", call, u_errorName(code));
}

/// Scalars that are not Unicode scalar values (surrogates, > U+10FFFF) become U+FFFD, as any
/// UTF-16 text would carry them.
static int utf16_make(const uint32_t *s, int32_t n, Utf16 *out, char *error, size_t size) {
    out->units = malloc(sizeof(UChar) * ((size_t)n * 2 + 1));
    out->scalarAt = malloc(sizeof(int32_t) * ((size_t)n * 2 + 1));
    if (!out->units || !out->scalarAt) {
        free(out->units); free(out->scalarAt);
        fail(error, size, "malloc", U_MEMORY_ALLOCATION_ERROR);
        return -1;
    }
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
        if (c >= 0x10000) {
            out->scalarAt[k] = i; out->units[k++] = (UChar)(0xD7C0 + (c >> 10));
            out->scalarAt[k] = i; out->units[k++] = (UChar)(0xDC00 | (c & 0x3FF));
        } else {
            out->scalarAt[k] = i; out->units[k++] = (UChar)c;
        }
    }
    out->scalarAt[k] = n;
    out->length = k;
    return 0;
}

static void utf16_free(Utf16 *t) { free(t->units); free(t->scalarAt); }

int32_t segue_icu_line_breaks(const uint32_t *s, int32_t n, uint8_t *breakAfter, char *error, size_t errorSize) {
    memset(breakAfter, 0, (size_t)n);
    if (n == 0) return 0;
    Utf16 t;
    if (utf16_make(s, n, &t, error, errorSize) != 0) return -1;
    UErrorCode e = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", t.units, t.length, &e);
    if (U_FAILURE(e)) { fail(error, errorSize, "ubrk_open(UBRK_LINE)", e); utf16_free(&t); return -1; }
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (b <= 0) continue;
        int32_t hard = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD && ubrk_getRuleStatus(it) < UBRK_LINE_HARD_LIMIT;
        breakAfter[t.scalarAt[b - 1]] = hard ? 2 : 1;
    }
    ubrk_close(it);
    utf16_free(&t);
    return 0;
}

int32_t segue_icu_grapheme_starts(const uint32_t *s, int32_t n, uint8_t *starts, char *error, size_t errorSize) {
    memset(starts, 0, (size_t)n + 1);
    starts[0] = 1; starts[n] = 1;
    if (n == 0) return 0;
    Utf16 t;
    if (utf16_make(s, n, &t, error, errorSize) != 0) return -1;
    UErrorCode e = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_CHARACTER, "", t.units, t.length, &e);
    if (U_FAILURE(e)) { fail(error, errorSize, "ubrk_open(UBRK_CHARACTER)", e); utf16_free(&t); return -1; }
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) starts[t.scalarAt[b]] = 1;
    ubrk_close(it);
    utf16_free(&t);
    return 0;
}

/// A UBiDi with `t` set as one paragraph; NULL on failure (the error written).
static UBiDi *bidi_paragraph(const Utf16 *t, int32_t paraLevel, char *error, size_t errorSize) {
    UErrorCode e = U_ZERO_ERROR;
    UBiDi *b = ubidi_openSized(t->length, 0, &e);
    if (U_FAILURE(e)) { fail(error, errorSize, "ubidi_openSized", e); return NULL; }
    UBiDiLevel level = paraLevel == -1 ? UBIDI_DEFAULT_LTR : paraLevel == -2 ? UBIDI_DEFAULT_RTL : (UBiDiLevel)(paraLevel & 1);
    ubidi_setPara(b, t->units, t->length, level, NULL, &e);
    if (U_FAILURE(e)) { fail(error, errorSize, "ubidi_setPara", e); ubidi_close(b); return NULL; }
    return b;
}

int32_t segue_icu_bidi_levels(const uint32_t *s, int32_t n, int32_t paraLevel, uint8_t *levels, char *error, size_t errorSize) {
    if (n == 0) return paraLevel == -1 ? 0 : paraLevel == -2 ? 1 : (paraLevel & 1);
    Utf16 t;
    if (utf16_make(s, n, &t, error, errorSize) != 0) return -1;
    UBiDi *b = bidi_paragraph(&t, paraLevel, error, errorSize);
    if (!b) { utf16_free(&t); return -1; }
    UErrorCode e = U_ZERO_ERROR;
    const UBiDiLevel *lv = ubidi_getLevels(b, &e);
    int32_t result = -1;
    if (U_FAILURE(e)) {
        fail(error, errorSize, "ubidi_getLevels", e);
    } else {
        // A scalar's level is its first UTF-16 unit's (both units of a pair share it).
        for (int32_t k = t.length - 1; k >= 0; k--) levels[t.scalarAt[k]] = lv[k];
        result = ubidi_getParaLevel(b) & 1;
    }
    ubidi_close(b);
    utf16_free(&t);
    return result;
}

/// Whitespace for rule L1: WS, isolate formatting characters, and what rule X9 removed (BN and
/// the embedding controls), which take the level of the sequence they sit in.
static int l1_whitespace(uint32_t c) {
    switch (u_charDirection((UChar32)c)) {
    case U_WHITE_SPACE_NEUTRAL: case U_BOUNDARY_NEUTRAL:
    case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_FIRST_STRONG_ISOLATE: case U_POP_DIRECTIONAL_ISOLATE:
    case U_LEFT_TO_RIGHT_EMBEDDING: case U_RIGHT_TO_LEFT_EMBEDDING: case U_LEFT_TO_RIGHT_OVERRIDE:
    case U_RIGHT_TO_LEFT_OVERRIDE: case U_POP_DIRECTIONAL_FORMAT:
        return 1;
    default:
        return 0;
    }
}

static int l1_separator(uint32_t c) {
    UCharDirection d = u_charDirection((UChar32)c);
    return d == U_SEGMENT_SEPARATOR || d == U_BLOCK_SEPARATOR;
}

void segue_icu_bidi_line_levels(const uint32_t *s, int32_t n, uint8_t paraLevel, uint8_t *levels) {
    int trailing = 1;   // walking backwards: inside whitespace that ends the line or precedes a separator
    for (int32_t i = n - 1; i >= 0; i--) {
        if (l1_separator(s[i])) { levels[i] = paraLevel; trailing = 1; }
        else if (trailing && l1_whitespace(s[i])) levels[i] = paraLevel;
        else trailing = 0;
    }
}

int32_t segue_icu_reorder_visual(const uint8_t *levels, int32_t n, int32_t *visualToLogical) {
    for (int32_t i = 0; i < n; i++) if (levels[i] > UBIDI_MAX_EXPLICIT_LEVEL + 1) return -1;
    if (n > 0) ubidi_reorderVisual(levels, n, visualToLogical);
    return 0;
}

int32_t segue_icu_reference_visual_map(const uint32_t *s, int32_t n, int32_t paraLevel, int32_t lineStart,
                                       int32_t lineEnd, int32_t *visualToLogical, char *error, size_t errorSize) {
    if (lineStart < 0 || lineEnd > n || lineStart > lineEnd) { fail(error, errorSize, "line range", U_ILLEGAL_ARGUMENT_ERROR); return -1; }
    if (lineStart == lineEnd) return 0;
    Utf16 t;
    if (utf16_make(s, n, &t, error, errorSize) != 0) return -1;
    UBiDi *para = bidi_paragraph(&t, paraLevel, error, errorSize);
    UErrorCode e = U_ZERO_ERROR;
    UBiDi *line = para ? ubidi_openSized(t.length, 0, &e) : NULL;
    int32_t *map = para ? malloc(sizeof(int32_t) * (size_t)t.length) : NULL;
    int32_t result = -1;
    if (para && !U_FAILURE(e) && map) {
        // The line's UTF-16 range: from its first scalar's first unit to its end scalar's first unit.
        int32_t a = 0, b = 0;
        while (t.scalarAt[a] < lineStart) a++;
        b = a;
        while (b < t.length && t.scalarAt[b] < lineEnd) b++;
        ubidi_setLine(para, a, b, line, &e);
        if (!U_FAILURE(e)) ubidi_getVisualMap(line, map, &e);
        if (U_FAILURE(e)) {
            fail(error, errorSize, "ubidi_setLine/getVisualMap", e);
        } else {
            // One entry per scalar: a surrogate pair's two units are adjacent in the map.
            int32_t k = 0, last = -1;
            for (int32_t v = 0; v < b - a; v++) {
                int32_t sc = t.scalarAt[a + map[v]];
                if (sc != last) { visualToLogical[k++] = sc; last = sc; }
            }
            result = k == lineEnd - lineStart ? 0 : -1;
            if (result != 0) fail(error, errorSize, "ubidi_getVisualMap (length)", U_INTERNAL_PROGRAM_ERROR);
        }
    } else if (para && !map) {
        fail(error, errorSize, "malloc", U_MEMORY_ALLOCATION_ERROR);
    } else if (para) {
        fail(error, errorSize, "ubidi_openSized", e);
    }
    free(map);
    if (line) ubidi_close(line);
    if (para) ubidi_close(para);
    utf16_free(&t);
    return result;
}

int32_t segue_icu_script(uint32_t c) {
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript((UChar32)c, &e);
    return U_FAILURE(e) ? USCRIPT_UNKNOWN : s;
}

const char *segue_icu_script_code(int32_t script) {
    const char *n = uscript_getShortName((UScriptCode)script);
    return n ? n : "";
}

const char *segue_icu_script_name(int32_t script) {
    const char *n = uscript_getName((UScriptCode)script);
    return n ? n : "";
}

uint32_t segue_icu_script_sample(int32_t script) {
    UChar buf[8];
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uscript_getSampleString((UScriptCode)script, buf, 8, &e);
    if (U_FAILURE(e) || n <= 0) return 0;
    UChar32 c;
    int32_t i = 0;
    U16_NEXT(buf, i, n, c);
    return c < 0 ? 0 : (uint32_t)c;
}

const char *segue_icu_version(void) { return U_ICU_VERSION; }
