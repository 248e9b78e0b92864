// FreeType, HarfBuzz and fontconfig for text: fontconfig finds faces, HarfBuzz shapes,
// FreeType rasterizes.
#ifndef SEGUE_CFREETYPE_SHIM_H
#define SEGUE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>

static inline int segue_ft_load_flags_default_unhinted(void) { return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP; }

/* Swift cannot see FT_LOAD_* / FC_* macros built from expressions; expose them as functions. */
static inline int segue_ft_load_no_hinting(void) { return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP; }
static inline int segue_fc_weight_regular(void) { return FC_WEIGHT_REGULAR; }
static inline int segue_fc_weight_medium(void) { return FC_WEIGHT_MEDIUM; }
static inline int segue_fc_weight_semibold(void) { return FC_WEIGHT_DEMIBOLD; }
static inline int segue_fc_weight_bold(void) { return FC_WEIGHT_BOLD; }
/* Colour emoji (Noto Color Emoji's CBDT strikes): bitmap-only faces, loaded as BGRA. */
static inline int segue_ft_load_color(void) { return FT_LOAD_COLOR; }
static inline int segue_ft_is_color_bitmap_face(FT_Face f) {
    return FT_HAS_COLOR(f) && !FT_IS_SCALABLE(f) && f->num_fixed_sizes > 0;
}
#endif
