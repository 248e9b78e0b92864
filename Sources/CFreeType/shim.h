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
#endif
